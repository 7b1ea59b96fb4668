//! Output formats shared by the commands.

use clap::ValueEnum;
use std::io::Write;

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// JSON (values are decimal strings).
    Json,
}

/// A write to stdout failed (a full disk, `/dev/full`, a closed pipe while SIGPIPE is
/// blocked): reported as `cannot write to stdout: …`, exit 2, or, for a closed pipe,
/// exit 141 without a message, as if SIGPIPE had ended the process
/// ([`crate::commands::fail`]).
#[derive(Debug)]
pub struct StdoutError(pub std::io::Error);

impl std::fmt::Display for StdoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to stdout: {}", self.0)
    }
}

impl std::error::Error for StdoutError {}

/// The one way the commands write to stdout: `write` gets stdout, locked and buffered;
/// what it writes is flushed at the end, and a failed write or flush is a
/// [`StdoutError`] (never a panic, as `println!` would).
///
/// # Errors
///
/// [`StdoutError`] when writing or flushing fails.
pub fn stdout<T>(write: impl FnOnce(&mut dyn Write) -> std::io::Result<T>) -> anyhow::Result<T> {
    let mut w = std::io::BufWriter::new(std::io::stdout().lock());
    let t = write(&mut w).and_then(|t| w.flush().map(|()| t));
    t.map_err(|e| StdoutError(e).into())
}

/// Writes one line on stderr (messages, notes, errors) and ignores a failed write:
/// there is nowhere left to report it, and the exit status stays what the command
/// made it (`eprintln!` would panic, exit 101, on `2> /dev/full`).
pub fn stderr_line(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `eprintln!` that never panics: [`stderr_line`] with `format!` arguments.
#[macro_export]
macro_rules! eprintln_quiet {
    ($($arg:tt)*) => {
        $crate::output::stderr_line(format_args!($($arg)*))
    };
}

/// Prints a serializable value as pretty JSON on stdout.
///
/// # Errors
///
/// A value that does not serialize, or [`StdoutError`].
pub fn print_json<T: serde::Serialize>(v: &T) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(v)?;
    stdout(|w| writeln!(w, "{text}"))
}

pub use grundy::arith::factored;

/// The widest a text column is padded to: a longer entry (a value with thousands of
/// digits, a long vertex name) is printed whole and unpadded, and does not widen the
/// column, so that no width taken from the data reaches the formatter (whose widths
/// stop at 65,535) and one long entry does not pad every other line.
pub const MAX_COLUMN: usize = 40;

/// The width of a text column holding `entries`: the longest of at most
/// [`MAX_COLUMN`] characters.
pub fn column_width<'a>(entries: impl IntoIterator<Item = &'a str>) -> usize {
    entries
        .into_iter()
        .map(|e| e.chars().count())
        .filter(|&w| w <= MAX_COLUMN)
        .max()
        .unwrap_or(0)
}

/// [`column_width`] of entries formatted one at a time (none is kept: a column of
/// millions of values is measured before it is written).
pub fn column_width_of(entries: impl IntoIterator<Item = String>) -> usize {
    entries
        .into_iter()
        .map(|e| column_width([e.as_str()]))
        .max()
        .unwrap_or(0)
}

/// `text` padded with spaces to `width` characters, on the left (`right_align`) or on
/// the right; text at least as wide is returned unchanged.
pub fn pad(text: &str, width: usize, right_align: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if right_align {
        fill + text
    } else {
        format!("{text}{fill}")
    }
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory,
/// flushed to disk, then renamed into place, so that `path` is never left half
/// written ([`grundy::control::write_atomically_with`]); a Ctrl-C that ends the
/// process meanwhile removes the temporary file, or waits for the rename once the data
/// is written ([`crate::progress::writing`]). Errors name the file.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    crate::progress::writing(path, |commit| {
        grundy::control::write_atomically_with(path, |w| {
            w.write_all(bytes)?;
            w.flush()?;
            commit.begin();
            Ok(())
        })
    })
    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

/// [`write_atomically`], written 4 MiB at a time and given up once `ctl` is cancelled
/// (Ctrl-C, SIGTERM): the file is then left as it was, no temporary file stays, and
/// the error is [`grundy::Error::Interrupted`] (an image of a gigabyte took a second
/// to write, and a signal then was ignored). Once the data is written the file is
/// synced and renamed into place whatever comes (a second Ctrl-C waits for it): a
/// caller that finds `ctl` cancelled after an `Ok` has its file whole.
pub fn write_atomically_unless_stopped(
    path: &std::path::Path,
    bytes: &[u8],
    ctl: &grundy::Control,
) -> anyhow::Result<()> {
    use std::io::Write;
    let stopped = || std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted");
    let r = crate::progress::writing(path, |commit| {
        grundy::control::write_atomically_with(path, |w| {
            for chunk in bytes.chunks(4 << 20) {
                if ctl.cancelled() {
                    return Err(stopped());
                }
                w.write_all(chunk)?;
            }
            w.flush()?;
            if ctl.cancelled() {
                return Err(stopped());
            }
            commit.begin();
            Ok(())
        })
    });
    match r {
        Err(_) if ctl.cancelled() => Err(grundy::Error::Interrupted.into()),
        r => r.map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display())),
    }
}

/// Checks, before a long computation, that a file can be created at `path` (its
/// directory exists and is writable; for a symbolic link, the directory of the file it
/// points to, which is the file written). Errors name the file.
pub fn check_writable(path: &std::path::Path) -> anyhow::Result<()> {
    grundy::control::check_writable(path).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_are_capped_and_long_entries_unpadded() {
        let long = "7".repeat(70_000);
        let w = super::column_width(["1", "22", long.as_str()]);
        assert_eq!(w, 2);
        assert_eq!(super::pad("1", w, true), " 1");
        assert_eq!(super::pad("1", w, false), "1 ");
        assert_eq!(super::pad(&long, w, true), long);
    }

    #[test]
    fn factored_writes_prime_powers() {
        assert_eq!(super::factored(17225), "5²·13·53");
        assert_eq!(super::factored(7921), "89²");
        assert_eq!(super::factored(257), "257");
        assert_eq!(super::factored(1 << 12), "2¹²");
        assert_eq!(super::factored(1), "1");
    }
}
