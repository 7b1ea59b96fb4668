//! Run control shared by all engines: a memory limit, progress reporting and
//! cancellation. Long computations call [`Control::tick`] periodically; it reports
//! progress and returns [`Error::Interrupted`] once cancellation was requested.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Receives progress of long computations (the CLI draws a progress bar).
pub trait ProgressSink: Send + Sync {
    /// A computation named `label` starts; `total` units of work are expected.
    fn start(&self, label: &str, total: u64);
    /// `done` units out of the announced total are finished.
    fn set(&self, done: u64);
    /// The computation finished (or was abandoned).
    fn finish(&self);
    /// A status line of the running computation (an engine's counters), shown beside
    /// the progress; ignored unless the sink displays it.
    fn note(&self, _status: &str) {}
}

/// Memory limit, progress sink and cancellation flag for a run.
#[derive(Clone)]
pub struct Control {
    cancel: Arc<AtomicBool>,
    progress: Option<Arc<dyn ProgressSink>>,
    memory_limit: u64,
    state_limit: u64,
}

impl Default for Control {
    fn default() -> Self {
        Control::new()
    }
}

impl std::fmt::Debug for Control {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("memory_limit", &self.memory_limit)
            .field("state_limit", &self.state_limit)
            .field("cancelled", &self.cancelled())
            .finish()
    }
}

impl Control {
    /// A control with the default memory limit ([`default_memory_limit`]), no progress
    /// sink and a fresh cancellation flag.
    pub fn new() -> Self {
        Control {
            cancel: Arc::new(AtomicBool::new(false)),
            progress: None,
            memory_limit: default_memory_limit(),
            state_limit: default_state_limit(),
        }
    }

    /// Sets the memory limit in bytes.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// Sets the work limit ([`Control::work_limit`]).
    pub fn with_state_limit(mut self, states: u64) -> Self {
        self.state_limit = states;
        self
    }

    /// Sets the work limit: the most options one computation may visit (and the most
    /// positions a search on tuples may visit).
    pub fn with_work_limit(self, work: u64) -> Self {
        self.with_state_limit(work)
    }

    /// The work limit (the same number as [`Control::work_limit`]; positions for the
    /// searches on tuples that count positions).
    pub fn state_limit(&self) -> u64 {
        self.state_limit
    }

    /// The work limit: the most options one computation may visit.
    pub fn work_limit(&self) -> u64 {
        self.state_limit
    }

    /// Checks an estimated amount of work (options visited) against the work limit;
    /// `what` names the computation and `detail` says how the estimate was obtained.
    ///
    /// # Errors
    /// [`Error::TooMuchWork`] if `work` exceeds the work limit.
    pub fn check_work(&self, what: &str, work: u128, detail: impl Into<String>) -> Result<()> {
        if work > self.state_limit as u128 {
            Err(Error::TooMuchWork {
                what: what.to_string(),
                work,
                limit: self.state_limit,
                detail: detail.into(),
            })
        } else {
            Ok(())
        }
    }

    /// Checks an estimated number of positions against the state limit
    /// ([`Control::state_limit`]); `what` names the computation in the error.
    ///
    /// # Errors
    /// [`Error::TooManyStates`] if `states` exceeds the state limit.
    pub fn check_states(&self, what: &str, states: u128) -> Result<()> {
        if states > self.state_limit as u128 {
            Err(Error::TooManyStates {
                what: what.to_string(),
                states,
                limit: self.state_limit,
            })
        } else {
            Ok(())
        }
    }

    /// Attaches a progress sink.
    pub fn with_progress(mut self, sink: Arc<dyn ProgressSink>) -> Self {
        self.progress = Some(sink);
        self
    }

    /// Uses `flag` as the cancellation flag (set it to true to interrupt).
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = flag;
        self
    }

    /// The cancellation flag.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// The memory limit in bytes.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit
    }

    /// True once cancellation was requested.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Checks an estimated memory use against the memory limit
    /// ([`Control::memory_limit`]); `what` names the computation and `detail` says how
    /// the estimate was obtained, both for the error message.
    ///
    /// # Errors
    /// [`Error::TooLarge`] if `bytes` exceeds the memory limit.
    pub fn check_memory(&self, what: &str, bytes: u64, detail: impl Into<String>) -> Result<()> {
        if bytes > self.memory_limit {
            Err(Error::TooLarge {
                what: what.to_string(),
                estimate_bytes: bytes,
                limit_bytes: self.memory_limit,
                detail: detail.into(),
            })
        } else {
            Ok(())
        }
    }

    /// Announces a computation of `total` units.
    pub fn start(&self, label: &str, total: u64) {
        if let Some(p) = &self.progress {
            p.start(label, total);
        }
    }

    /// Reports progress (`done` units of the announced total) to the progress sink, if
    /// any, and checks for cancellation.
    ///
    /// # Errors
    /// [`Error::Interrupted`] once the cancellation flag is set.
    pub fn tick(&self, done: u64) -> Result<()> {
        if let Some(p) = &self.progress {
            p.set(done);
        }
        if self.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// Passes a status line of the running computation to the progress sink, if any.
    pub fn note(&self, status: &str) {
        if let Some(p) = &self.progress {
            p.note(status);
        }
    }

    /// Ends the current computation's progress display.
    pub fn finish(&self) {
        if let Some(p) = &self.progress {
            p.finish();
        }
    }
}

/// The default memory limit: `GRUNDY_MEMORY_LIMIT` if set (bytes, or with a suffix
/// `K`, `M`, `G`, `T`, binary), else 80% of the machine's available memory as read from
/// `/proc/meminfo`, else 4 GiB.
pub fn default_memory_limit() -> u64 {
    if let Ok(s) = std::env::var("GRUNDY_MEMORY_LIMIT") {
        if let Some(b) = parse_bytes(&s) {
            return b;
        }
    }
    available_memory().map(|b| b / 10 * 8).unwrap_or(4 << 30)
}

/// The default work limit: `GRUNDY_MAX_WORK` (or its older name `GRUNDY_MAX_STATES`) if
/// set, else 10^11 options visited (a minute or two for the fastest engines).
pub fn default_state_limit() -> u64 {
    std::env::var("GRUNDY_MAX_WORK")
        .or_else(|_| std::env::var("GRUNDY_MAX_STATES"))
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .map(|v| v as u64)
        .unwrap_or(100_000_000_000)
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file in the same
/// directory, synced to disk, then renamed over `path` (and the directory synced where
/// it can be). On any failure (a full disk, a file size limit, a directory in the
/// way) the temporary file is removed and `path` keeps its old content, if any. A
/// symbolic link is written through: the file it points to ([`follow_links`], created
/// if the link dangles) is replaced in its own directory, and the link stays.
///
/// # Errors
/// The I/O error of the step that failed.
///
/// # Example
/// ```
/// let dir = std::env::temp_dir().join(format!("grundy-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("out.txt");
/// grundy::control::write_atomically(&path, b"whole").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"whole");
/// // A directory in the way: an error, and nothing is left behind.
/// assert!(grundy::control::write_atomically(&dir, b"x").is_err());
/// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    // A symbolic link is written through: the file it points to is replaced, the link stays.
    let path = &follow_links(path)?;
    // Renaming over a device or a pipe would replace it: only regular files are written.
    if path.metadata().is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other("not a regular file"));
    }
    let dir = parent_dir(path);
    let tmp = temporary_path(path)?;
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)?;
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The directory holding `path` (`.` for a bare file name).
fn parent_dir(path: &std::path::Path) -> &std::path::Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    }
}

/// The path an output file at `path` is written to: `path` itself, or, if `path` is a
/// symbolic link, the file it points to (followed through further links, even when that
/// file does not exist yet: a dangling link names the file to create). A link's
/// relative target is taken from the link's directory.
///
/// # Errors
/// The I/O error of reading a link; an error after 40 links (a loop).
///
/// # Example
/// ```
/// # #[cfg(unix)] {
/// let dir = std::env::temp_dir().join(format!("grundy-doc-links-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::os::unix::fs::symlink("target.txt", dir.join("link.txt")).unwrap();
/// assert_eq!(grundy::control::follow_links(&dir.join("link.txt")).unwrap(), dir.join("target.txt"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// # }
/// ```
pub fn follow_links(path: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = parent_dir(&p).join(target);
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// The temporary file [`write_atomically`] writes before renaming it to `path`: a
/// hidden file beside the file written (after [`follow_links`]), named after it and
/// the process, `.NAME.tmp-PID`. A program that stops in the middle of a write removes
/// it.
///
/// # Errors
/// As [`follow_links`].
pub fn temporary_path(path: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let path = follow_links(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(parent_dir(&path).join(format!(".{name}.tmp-{}", std::process::id())))
}

/// Reads the text file at `path` whole, but at most `max_bytes` of it, and stops at
/// the first NUL byte (no text file has one): an endless input (a device such as
/// `/dev/zero`, a pipe that never ends) is an error long before it fills the memory.
///
/// # Errors
/// The I/O error; an error of kind `FileTooLarge` past `max_bytes`; of kind
/// `InvalidData` at a NUL byte or for text that is not UTF-8.
///
/// # Example
/// ```
/// use std::path::Path;
/// let e = grundy::control::read_text_bounded(Path::new("/dev/zero"), 1 << 20).unwrap_err();
/// assert!(e.to_string().contains("NUL byte"), "{e}");
/// let e = grundy::control::read_text_bounded(Path::new("/dev/urandom"), 1 << 20).unwrap_err();
/// assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
/// ```
pub fn read_text_bounded(path: &std::path::Path, max_bytes: u64) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
    let mut file = std::fs::File::open(path)?;
    let mut out = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk[..n].contains(&0) {
            return Err(Error::new(ErrorKind::InvalidData, "a NUL byte: not a text file"));
        }
        out.extend_from_slice(&chunk[..n]);
        if out.len() as u64 > max_bytes {
            return Err(Error::new(
                ErrorKind::FileTooLarge,
                format!(
                    "larger than {}, the most the memory limit allows (reading stopped there)",
                    crate::error::human_bytes(max_bytes)
                ),
            ));
        }
    }
    String::from_utf8(out).map_err(|_| Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

/// Available memory in bytes from `/proc/meminfo` (`MemAvailable`), if readable.
pub fn available_memory() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/meminfo").ok()?;
    for line in s.lines() {
        if let Some(rest) = line.strip_prefix("MemAvailable:") {
            let kb: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
            return Some(kb * 1024);
        }
    }
    None
}

/// Parses `123`, `64M`, `2G`, `1.5G` (binary units) into bytes: [`parse_size`]
/// without the reason of a refusal.
pub fn parse_bytes(s: &str) -> Option<u64> {
    parse_size(s).ok()
}

/// Why [`parse_count`] or [`parse_size`] refused a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a number of the accepted forms (for a count, also a fraction).
    Malformed,
    /// 2^64 or more.
    TooLarge,
}

/// Parses a count written `1000000`, `1_000_000`, `1e6`, `2.5e6` or `10^6`, exactly (no
/// floating point: `9007199254740993e0` is that number, not a neighbour).
///
/// # Errors
///
/// [`NumberError::Malformed`] for anything else, a fraction (`1.5`) included;
/// [`NumberError::TooLarge`] for 2^64 or more.
pub fn parse_count(s: &str) -> std::result::Result<u64, NumberError> {
    scaled(s, 1, true)
}

/// Parses a size in bytes: a number written as for [`parse_count`] (a fraction is
/// allowed and rounded down to whole bytes), optionally followed by a binary unit `K`,
/// `M`, `G`, `T`, `P` or `E` (upper or lower case): `512M`, `1.5G`, `1e9`, `2^30`.
///
/// # Errors
///
/// [`NumberError::Malformed`] for anything else; [`NumberError::TooLarge`] for 2^64
/// bytes or more (`16E`, `1e30`, `2^64`), which no `u64` byte count holds.
pub fn parse_size(s: &str) -> std::result::Result<u64, NumberError> {
    let s = s.trim();
    let unit = |c: char| "KMGTPE".find(c.to_ascii_uppercase()).map(|i| 1u64 << (10 * (i + 1)));
    match s.chars().last().and_then(unit) {
        Some(u) => scaled(&s[..s.len() - 1], u, false),
        None => scaled(s, 1, false),
    }
}

/// `text × unit`, exactly, rounded down (or, with `whole`, refused unless whole).
fn scaled(text: &str, unit: u64, whole: bool) -> std::result::Result<u64, NumberError> {
    use num_bigint::BigUint;
    let t = text.trim().replace('_', "");
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    let fits = |v: BigUint| u64::try_from(v).map_err(|_| NumberError::TooLarge);
    if let Some((b, e)) = t.split_once('^') {
        let (b, e) = (b.trim(), e.trim());
        if !digits(b) || !digits(e) {
            return Err(NumberError::Malformed);
        }
        let b: u64 = b.parse().map_err(|_| NumberError::TooLarge)?;
        let e: u32 = e.parse().map_err(|_| NumberError::TooLarge)?;
        return b
            .checked_pow(e)
            .and_then(|v| v.checked_mul(unit))
            .ok_or(NumberError::TooLarge);
    }
    let (mantissa, exponent) = match t.split_once(['e', 'E']) {
        Some((m, e)) => {
            let e = e.strip_prefix('+').unwrap_or(e);
            if !digits(e) {
                return Err(NumberError::Malformed);
            }
            (m, e.parse::<u32>().map_err(|_| NumberError::TooLarge)?)
        }
        None => (t.as_str(), 0),
    };
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if !(digits(int) || (int.is_empty() && digits(fraction))) || !(fraction.is_empty() || digits(fraction)) {
        return Err(NumberError::Malformed);
    }
    // int.fraction × 10^exponent = (int ‖ fraction) × 10^exponent / 10^|fraction|.
    let fraction = fraction.trim_end_matches('0');
    let n: BigUint = format!("{int}{fraction}").parse().map_err(|_| NumberError::Malformed)?;
    let scale = fraction.len() as u32;
    if n == BigUint::ZERO {
        return Ok(0);
    }
    if exponent > scale + 20 {
        // At least 10^21.
        return Err(NumberError::TooLarge);
    }
    let ten = || BigUint::from(10u32);
    let v = n * ten().pow(exponent) * unit;
    let d = ten().pow(scale);
    if whole && &v % &d != BigUint::ZERO {
        return Err(NumberError::Malformed);
    }
    fits(v / d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_byte_sizes() {
        assert_eq!(parse_bytes("123"), Some(123));
        assert_eq!(parse_bytes("2K"), Some(2048));
        assert_eq!(parse_bytes("1.5G"), Some(3 << 29));
        assert_eq!(parse_bytes("x"), None);
        assert_eq!(parse_bytes("-1"), None);
    }

    /// Sizes are exact, and a size of 2^64 bytes or more is refused whichever way it
    /// is written (`1e30` and `18446744073709551616` were saturated to 2^64 − 1, `16E`
    /// was malformed).
    #[test]
    fn sizes_are_exact_and_below_2_64() {
        assert_eq!(parse_size("1e3"), Ok(1000));
        assert_eq!(parse_size("2^30"), Ok(1 << 30));
        assert_eq!(parse_size("0.1K"), Ok(102));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("15E"), Ok(15 << 60));
        assert_eq!(parse_size("1P"), Ok(1 << 50));
        assert_eq!(parse_size("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            parse_size("0.99999999999999999999999999999999999999999G"),
            Ok((1 << 30) - 1)
        );
        for s in ["1e30", "2^64", "16E", "18446744073709551616", "16384P", "1e99999999999"] {
            assert_eq!(parse_size(s), Err(NumberError::TooLarge), "{s}");
        }
        for s in ["", "x", "-1", "G", "1.5.G", "inf", "nan", "1e-3", "2^", "1 G B"] {
            assert_eq!(parse_size(s), Err(NumberError::Malformed), "{s}");
        }
        assert_eq!(parse_count("1.5"), Err(NumberError::Malformed));
        assert_eq!(parse_count("1.5e1"), Ok(15));
    }

    #[test]
    fn memory_check_names_the_limit() {
        let c = Control::new().with_memory_limit(1000);
        assert!(c.check_memory("x", 999, "").is_ok());
        let e = c.check_memory("a table", 5000, "5000 states").unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("a table") && msg.contains("4.9 KiB") && msg.contains("1000 B"),
            "{msg}"
        );
    }

    #[test]
    fn cancellation_interrupts_tick() {
        let c = Control::new();
        assert!(c.tick(1).is_ok());
        c.cancel_flag().store(true, Ordering::Relaxed);
        assert_eq!(c.tick(2), Err(Error::Interrupted));
    }
}
