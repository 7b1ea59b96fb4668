//! Checkpoints of take-and-break sequences: the values `G(0), …, G(count − 1)` of one
//! code, saved atomically and loaded only if intact and made for the same code.
//! [`FileCheckpoint`] applies the same format to any heap ruleset (identified by its
//! name with parameters) for [`crate::solve::Solver::with_checkpoint`].
//!
//! The format (all integers little-endian):
//!
//! ```text
//! magic    8 bytes  "GRUNDYTB"
//! version  u32      1
//! code     u32 length, then the code's canonical text (UTF-8), or the ruleset's name
//! count    u64      number of values
//! values   count × u32
//! checksum u64      FNV-1a (64 bit) of every byte above
//! ```

use super::Code;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::HeapRuleset;
use crate::solve::Checkpoint;
use std::path::PathBuf;
use std::path::Path;

const MAGIC: &[u8; 8] = b"GRUNDYTB";
const VERSION: u32 = 1;

/// FNV-1a, 64 bit (Fowler, Noll & Vo), over `bytes`.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The bytes of a checkpoint of `values` for `code`.
pub fn encode(code: &Code, values: &[u32]) -> Vec<u8> {
    encode_named(&code.to_string(), values)
}

/// The bytes of a checkpoint of `values` for the game identified by `text`.
pub fn encode_named(text: &str, values: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 + text.len() + 4 * values.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads the values of a checkpoint of `code` from `bytes`; `name` names the file in
/// messages.
///
/// # Errors
/// [`Error::Input`] naming `name` if the bytes are not a checkpoint, are truncated,
/// fail the checksum or were made for another code.
pub fn decode(code: &Code, bytes: &[u8], name: &str) -> Result<Vec<u32>> {
    decode_named(&code.to_string(), bytes, name)
}

/// Like [`decode`] for the game identified by `want`.
///
/// # Errors
/// As [`decode`].
pub fn decode_named(want: &str, bytes: &[u8], name: &str) -> Result<Vec<u32>> {
    let bad = |why: &str| Error::Input(format!("checkpoint {name}: {why}; refusing to use it (delete it to start afresh)"));
    if bytes.len() < MAGIC.len() || &bytes[..8] != MAGIC {
        return Err(bad("not a grundy take-and-break checkpoint (bad magic)"));
    }
    if bytes.len() < 8 + 4 + 4 + 8 + 8 {
        return Err(bad("truncated"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let u32_at = |i: usize| u32::from_le_bytes(body[i..i + 4].try_into().unwrap());
    let version = u32_at(8);
    if version != VERSION {
        return Err(bad(&format!("format version {version}, expected {VERSION}")));
    }
    let len = u32_at(12) as usize;
    let text_end = 16usize.checked_add(len).filter(|&e| e + 8 <= body.len()).ok_or_else(|| bad("truncated"))?;
    let count = u64::from_le_bytes(body[text_end..text_end + 8].try_into().unwrap());
    let expected = (text_end as u64 + 8).checked_add(count.checked_mul(4).ok_or_else(|| bad("corrupted count"))?);
    if expected != Some(body.len() as u64) {
        return Err(bad("truncated or corrupted (its length does not match its count)"));
    }
    if u64::from_le_bytes(sum.try_into().unwrap()) != fnv1a(body) {
        return Err(bad("checksum mismatch (the file is corrupted)"));
    }
    let text = std::str::from_utf8(&body[16..text_end]).map_err(|_| bad("the code is not UTF-8"))?;
    if text != want {
        return Err(bad(&format!("it was made for {text}, not {want}")));
    }
    Ok(body[text_end + 8..].chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect())
}

/// Saves `values` (`G(0), …`) of `code` to `path` atomically: writes a temporary file
/// in the same directory, syncs it to disk and renames it over `path`, so `path` holds
/// either the old or the new checkpoint, never a partial one.
///
/// # Errors
/// [`Error::File`] if the file cannot be written (with the file's name and the cause).
pub fn save(path: &Path, code: &Code, values: &[u32]) -> Result<()> {
    save_named(path, &code.to_string(), values)
}

/// Like [`save`] for the game identified by `text`.
///
/// # Errors
/// As [`save`].
pub fn save_named(path: &Path, text: &str, values: &[u32]) -> Result<()> {
    let io = |e: std::io::Error| Error::file(format_args!("cannot write checkpoint {}", path.display()), &e);
    crate::control::write_atomically(path, &encode_named(text, values)).map_err(io)
}

/// Loads the values saved for `code` at `path`.
///
/// # Errors
/// [`Error::Input`] naming the file if it cannot be read, is corrupted (bad magic,
/// truncated, checksum mismatch) or was made for another code.
pub fn load(path: &Path, code: &Code) -> Result<Vec<u32>> {
    load_named(path, &code.to_string())
}

/// Like [`load`] for the game identified by `text`.
///
/// # Errors
/// As [`load`].
pub fn load_named(path: &Path, text: &str) -> Result<Vec<u32>> {
    load_within(path, text, &Control::new().with_memory_limit(u64::MAX))
}

/// Like [`load_named`], checking first that reading the file (its bytes, then its
/// values: twice its size) fits the memory limit of `ctl`.
///
/// # Errors
/// As [`load`], and [`Error::TooLarge`] for a file too large for the memory limit.
pub fn load_within(path: &Path, text: &str, ctl: &Control) -> Result<Vec<u32>> {
    let read = |e: std::io::Error| Error::Input(format!("cannot read checkpoint {}: {e}", path.display()));
    // A checkpoint is a regular file written by `save` (a device such as /dev/zero
    // would be read for ever, and replaced by the next save).
    let meta = path.metadata().map_err(read)?;
    if !meta.is_file() {
        return Err(read(std::io::Error::other("not a regular file")));
    }
    ctl.check_memory(
        &format!("reading checkpoint {}", path.display()),
        meta.len().saturating_mul(2),
        format!("{} bytes, then its values", meta.len()),
    )?;
    let bytes = std::fs::read(path).map_err(read)?;
    decode_named(text, &bytes, &path.display().to_string())
}

/// A checkpoint file for dense sequences of any heap ruleset, identified by the
/// ruleset's name with parameters (`take-and-break[0.16]`, `kayles`): resumes from the
/// file if it exists (refusing one that is corrupted or made for another ruleset) and
/// saves to it atomically.
///
/// Its values are checked before a run resumes from them ([`crate::solve::resume`]).
pub struct FileCheckpoint {
    path: PathBuf,
    every: std::time::Duration,
    on_resume: Option<Box<dyn Fn(u64) + Send + Sync>>,
}

impl FileCheckpoint {
    /// A checkpoint at `path`, saved every `every` of work (and at the end).
    pub fn new(path: impl Into<PathBuf>, every: std::time::Duration) -> FileCheckpoint {
        FileCheckpoint {
            path: path.into(),
            every,
            on_resume: None,
        }
    }

    /// Calls `f` with the first heap to compute when a run resumes from the file (its
    /// values passed the checks), before the run goes on: the CLI says "resumed from
    /// heap N".
    pub fn on_resume(mut self, f: impl Fn(u64) + Send + Sync + 'static) -> FileCheckpoint {
        self.on_resume = Some(Box::new(f));
        self
    }
}

impl Checkpoint for FileCheckpoint {
    fn load(&self, rs: &dyn HeapRuleset, ctl: &Control) -> Result<Vec<u32>> {
        // A dangling symbolic link names the file to create: nothing to resume from.
        if !self.path.exists() {
            return Ok(Vec::new());
        }
        load_within(&self.path, &rs.name(), ctl)
    }

    fn save(&self, rs: &dyn HeapRuleset, codes: &[u32]) -> Result<()> {
        save_named(&self.path, &rs.name(), codes)
    }

    fn every(&self) -> std::time::Duration {
        self.every
    }

    fn name(&self) -> String {
        format!("checkpoint {}", self.path.display())
    }

    fn resumed(&self, heaps: u64) {
        if let Some(f) = &self.on_resume {
            f(heaps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::take_break::TakeAndBreak;
    use crate::solve::dense::{sequence, sequence_resume};

    #[test]
    fn round_trip_and_refusals() {
        let code = Code::parse("0.137").unwrap();
        let values: Vec<u32> = (0..1000).map(|i| (i * 7 % 13) as u32).collect();
        let dir = std::env::temp_dir().join(format!("grundy-ck-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.ck");
        save(&path, &code, &values).unwrap();
        assert_eq!(load(&path, &code).unwrap(), values);
        // Another code.
        let err = load(&path, &Code::parse("0.77").unwrap()).unwrap_err().to_string();
        assert!(err.contains("a.ck") && err.contains("0.137"), "{err}");
        // Through the solver: a fresh file, then resuming from it.
        let rs = crate::catalog::parse_ruleset("dawsons-chess").unwrap();
        let ck_path = dir.join("b.ck");
        let mut solver = crate::solve::Solver::new(crate::solve::Method::Search, Control::new())
            .with_checkpoint(std::sync::Arc::new(FileCheckpoint::new(&ck_path, std::time::Duration::from_secs(30))));
        let a = solver.sequence(&rs, None, 500).unwrap();
        let saved = load_named(&ck_path, "dawsons-chess").unwrap();
        assert_eq!(saved.len(), 501);
        let b = solver.sequence(&rs, None, 900).unwrap();
        assert_eq!((0..a.len()).map(|i| a.value_text(i)).collect::<Vec<_>>(), (0..a.len()).map(|i| b.value_text(i)).collect::<Vec<_>>());
        let err = load_named(&ck_path, "kayles").unwrap_err().to_string();
        assert!(err.contains("dawsons-chess"), "{err}");
        std::fs::remove_file(&ck_path).unwrap();
        // A flipped byte.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[40] ^= 1;
        let err = decode(&code, &bytes, "x").unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
        // Truncated anywhere.
        let bytes = std::fs::read(&path).unwrap();
        for cut in [0, 5, 20, 30, bytes.len() - 9, bytes.len() - 1] {
            assert!(matches!(decode(&code, &bytes[..cut], "x"), Err(Error::Input(_))), "{cut}");
        }
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn resuming_from_a_checkpoint_equals_a_fresh_run() {
        let ctl = Control::new();
        for code in ["0.16", "4!.0", "0.106"] {
            let c = Code::parse(code).unwrap();
            let rs = TakeAndBreak::new(c.clone());
            let full = sequence(&rs, 3000, &ctl).unwrap();
            let bytes = encode(&c, &full.codes()[..1234]);
            let prefix = decode(&c, &bytes, "x").unwrap();
            let resumed = sequence_resume(&rs, prefix, 3000, &ctl).unwrap();
            assert_eq!(resumed.0.codes(), full.codes(), "{code}");
            assert!(resumed.1.is_none());
        }
    }
}
