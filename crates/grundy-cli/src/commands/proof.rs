//! `grundy proof --check FILE`: re-verifies a proof written by `grundy value EXPR
//! --save-proof FILE` with the library's checker
//! ([`grundy::analysis::proof_check`]), which lists moves from the rules one level
//! deep and never searches. The file is read by [`grundy::analysis::proof_file`].

use crate::output::stdout;
use anyhow::Result;
use grundy::analysis::proof_file;
use grundy::Control;
use std::path::PathBuf;
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

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    let text = proof_file::read(&a.check, proof_file::text_limit(ctl.memory_limit())).map_err(|e| {
        if e.kind() == std::io::ErrorKind::FileTooLarge {
            // A refusal of the memory limit, which then names what set it.
            anyhow::Error::from(proof_file::too_large(&a.check, ctl))
        } else {
            anyhow::anyhow!("cannot read {}: {e}", a.check.display())
        }
    })?;
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
