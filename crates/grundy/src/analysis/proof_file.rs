//! Proof files on disk: the text of a proof of the position engine (its format and
//! checker in [`super::proof_check`]) is kept gzip-compressed (`grundy value EXPR
//! --save-proof FILE`, Python's `value(…, save_proof=path)`), and read back compressed
//! or as plain text (`grundy proof --check FILE`, Python's `check_proof(path)`).

use std::io::{Error, ErrorKind, Read, Write};
use std::path::Path;

/// Writes a proof's text to `path`, gzip-compressed, atomically
/// ([`crate::control::write_atomically_with`]: whole or not at all).
///
/// # Errors
/// The I/O error of the step that failed (`path` then keeps its old content).
pub fn save(path: &Path, text: &str) -> std::io::Result<()> {
    crate::control::write_atomically_with(path, |w| write_to(w, text))
}

/// Writes a proof's text to `w` gzip-compressed, as [`save`] writes it to its file
/// (for a caller that writes the file itself: the CLI, which marks the end of the
/// data, before the rename).
///
/// # Errors
/// The I/O error of the write.
pub fn write_to(w: impl Write, text: &str) -> std::io::Result<()> {
    let mut gz = flate2::write::GzEncoder::new(w, flate2::Compression::default());
    gz.write_all(text.as_bytes())?;
    gz.finish()?.flush()
}

/// Reads a proof file, gzip-compressed (as [`save`] writes it; every member of the
/// stream, so that nothing appended is left unchecked) or plain text, of at most
/// `max_bytes` bytes of text.
///
/// # Errors
/// An I/O error whose message is the reason, for "cannot read FILE: reason": the
/// file's own error (missing, no permission), not a regular file, a gzip stream cut
/// short or damaged ([`ErrorKind::InvalidData`]), text that is not UTF-8 or holds a NUL
/// byte, or text larger than `max_bytes` ([`ErrorKind::FileTooLarge`]).
pub fn read(path: &Path, max_bytes: u64) -> std::io::Result<String> {
    // Looked at before opening: opening a FIFO waits for a writer, for ever.
    if !std::fs::metadata(path)?.is_file() {
        return Err(Error::new(ErrorKind::InvalidInput, "not a regular file"));
    }
    let mut file = std::fs::File::open(path)?;
    let mut magic = [0u8; 2];
    let n = file.read(&mut magic)?;
    drop(file);
    if n < 2 || magic != [0x1f, 0x8b] {
        return crate::control::read_text_bounded(path, max_bytes);
    }
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(std::fs::File::open(path)?)
        .take(max_bytes + 1)
        .read_to_end(&mut out)
        .map_err(|e| Error::new(ErrorKind::InvalidData, format!("not a gzip file grundy wrote ({e})")))?;
    if out.len() as u64 > max_bytes {
        return Err(Error::new(
            ErrorKind::FileTooLarge,
            format!(
                "its text is larger than {}, the most the memory limit allows",
                crate::error::human_bytes(max_bytes)
            ),
        ));
    }
    if out.contains(&0) {
        return Err(Error::new(ErrorKind::InvalidData, "a NUL byte: not a text file"));
    }
    String::from_utf8(out).map_err(|_| Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

/// The refusal of the proof file `path`, whose text passed [`text_limit`] of the memory
/// limit of `ctl` ([`read`]'s [`ErrorKind::FileTooLarge`]), as the memory limit refuses:
/// the message names what set it. The text not read is not known (a gzip file's size
/// says nothing of its text), so the estimate is twice the limit: the text read and a
/// byte made advice that was refused again at once.
pub fn too_large(path: &Path, ctl: &crate::Control) -> crate::Error {
    let bound = text_limit(ctl.memory_limit());
    crate::Error::TooLarge {
        what: format!("reading the proof {}", path.display()),
        estimate_bytes: bound.saturating_add(1).saturating_mul(10),
        limit_bytes: ctl.memory_limit(),
        detail: format!(
            "more than {} of text, where reading stopped; a proof is read only within 1/5 of the memory limit, since checked it takes several times its text; how much more it holds is known only when read whole, so the estimate is twice the limit",
            crate::error::human_bytes(bound)
        ),
    }
}

/// The most text of a proof file that a check under `memory_limit` reads: the checker
/// keeps each entry (about 100 bytes) for a line of about 30 bytes.
pub fn text_limit(memory_limit: u64) -> u64 {
    memory_limit / 5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_proof_reads_back_and_damage_is_named() {
        let dir = std::env::temp_dir().join(format!("grundy-proof-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.gz");
        let text = "grundy-proof 2\ngame cram\n";
        save(&path, text).unwrap();
        assert_eq!(std::fs::read(&path).unwrap()[..2], [0x1f, 0x8b]);
        assert_eq!(read(&path, 1000).unwrap(), text);
        // Plain text reads as it is.
        let plain = dir.join("p.txt");
        std::fs::write(&plain, text).unwrap();
        assert_eq!(read(&plain, 1000).unwrap(), text);
        // Too large for the bound, compressed or not.
        assert_eq!(read(&path, 5).unwrap_err().kind(), ErrorKind::FileTooLarge);
        assert_eq!(read(&plain, 5).unwrap_err().kind(), ErrorKind::FileTooLarge);
        // Cut short.
        let bytes = std::fs::read(&path).unwrap();
        let cut = dir.join("cut.gz");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        assert!(read(&cut, 1000)
            .unwrap_err()
            .to_string()
            .contains("not a gzip file grundy wrote"));
        // A NUL byte inside the compressed text.
        let nul = dir.join("nul.gz");
        save(&nul, "grundy-proof 2\0").unwrap();
        assert!(read(&nul, 1000).unwrap_err().to_string().contains("NUL"));
        // A second gzip member appended is read too (and checked with the rest).
        let two = dir.join("two.gz");
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend(std::fs::read(&nul).unwrap());
        std::fs::write(&two, &bytes).unwrap();
        assert!(read(&two, 1000).unwrap_err().to_string().contains("NUL"));
        // A directory, and a FIFO (opening it would wait for a writer).
        assert!(read(&dir, 1000).is_err());
        #[cfg(unix)]
        {
            let fifo = dir.join("fifo");
            assert!(std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success());
            assert_eq!(read(&fifo, 1000).unwrap_err().to_string(), "not a regular file");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
