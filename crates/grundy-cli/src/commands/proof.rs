//! `grundy proof --check FILE`: re-verifies a proof written by `grundy value EXPR
//! --save-proof FILE` with the library's checker
//! ([`grundy::analysis::proof_check`]), which lists moves from the rules one level
//! deep and never searches. Also the reading and writing of proof files (gzip).

use crate::output::{stdout, write_atomically};
use anyhow::{Context, Result};
use grundy::Control;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `grundy proof`.
#[derive(clap::Args)]
pub struct Args {
    /// A proof saved by `grundy value EXPR --save-proof FILE` (gzip, or the same text
    /// uncompressed): exit 0 if it holds, 1 with the reason if not, an empty or foreign
    /// text file too (on stdout), 2 if the file cannot be read as text at all (missing,
    /// a gzip file cut short or damaged, not UTF-8 or a NUL byte; on stderr).
    #[arg(long, value_name = "FILE")]
    check: PathBuf,
}

/// Writes a proof's text to `path`, gzip-compressed, atomically.
pub fn save(path: &Path, text: &str) -> Result<()> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes())?;
    write_atomically(path, &gz.finish()?)
}

/// Reads a proof file (gzip-compressed or plain text), at most `max_bytes` of text.
fn read(path: &Path, max_bytes: u64) -> Result<String> {
    let cannot = || format!("cannot read {}", path.display());
    let mut file = std::fs::File::open(path).with_context(cannot)?;
    if !file.metadata().with_context(cannot)?.is_file() {
        anyhow::bail!("cannot read {}: not a regular file", path.display());
    }
    let mut magic = [0u8; 2];
    let n = file.read(&mut magic).with_context(cannot)?;
    drop(file);
    if n == 2 && magic == [0x1f, 0x8b] {
        let file = std::fs::File::open(path).with_context(cannot)?;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(file)
            .take(max_bytes + 1)
            .read_to_end(&mut out)
            .with_context(|| format!("{} is not a gzip file grundy wrote", path.display()))?;
        if out.len() as u64 > max_bytes {
            anyhow::bail!(
                "cannot read {}: its text is larger than {}, the most the memory limit allows",
                path.display(),
                grundy::error::human_bytes(max_bytes)
            );
        }
        String::from_utf8(out).map_err(|_| anyhow::anyhow!("{}: not UTF-8 text", path.display()))
    } else {
        grundy::control::read_text_bounded(path, max_bytes).with_context(cannot)
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    // The checker keeps each entry (about 100 bytes) for a line of about 30 bytes.
    let text = read(&a.check, ctl.memory_limit() / 5)?;
    let started = std::time::Instant::now();
    match grundy::analysis::proof_check::check_proof(&text, ctl) {
        Ok(r) => {
            stdout(|w| {
                writeln!(
                    w,
                    "holds: {} = {} ({} values, {} sums checked in {:.2} s)",
                    r.position,
                    r.value,
                    r.values,
                    r.sums,
                    started.elapsed().as_secs_f64()
                )
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Err(grundy::Error::Input(why)) => {
            stdout(|w| writeln!(w, "rejected: {why}"))?;
            Ok(ExitCode::from(super::EXIT_MISMATCH))
        }
        Err(e) => Err(e.into()),
    }
}
