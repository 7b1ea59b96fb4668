//! Run control shared by all engines: a memory limit, progress reporting and
//! cancellation. Long computations call [`Control::tick`] periodically; it reports
//! progress and returns [`Error::Interrupted`] once cancellation was requested.
//! Engines count the work they do on the control ([`Control::work_done`]) through a
//! [`WorkMeter`], which checks for cancellation every [`WORK_CHUNK`] units of work, so
//! that a stop request is seen within a fraction of a second however expensive a
//! single heap is.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Units of work (options visited) between two cancellation checks of a
/// [`WorkMeter`]: 2^20, a few milliseconds for the slowest engines.
pub const WORK_CHUNK: u64 = 1 << 20;

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
    work: Arc<AtomicU64>,
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
            .field("work_done", &self.work_done())
            .finish()
    }
}

impl Control {
    /// A control with the default memory limit ([`default_memory_limit`]), no progress
    /// sink and a fresh cancellation flag.
    pub fn new() -> Self {
        Control {
            cancel: Arc::new(AtomicBool::new(false)),
            work: Arc::new(AtomicU64::new(0)),
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

    /// The units of work (options visited, or an engine's elementary steps) the engines
    /// counted on this control and its clones so far: the real work of the engines that
    /// meter themselves, the estimate ([`crate::game::WorkCurve`]) of the others.
    pub fn work_done(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }

    /// Adds `units` of work done to [`Control::work_done`] and checks for cancellation
    /// (two atomic operations: call it per chunk of work, or use a [`WorkMeter`]).
    ///
    /// # Errors
    /// [`Error::Interrupted`] once the cancellation flag is set.
    pub fn add_work(&self, units: u64) -> Result<()> {
        self.work.fetch_add(units, Ordering::Relaxed);
        if self.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// A meter counting work on this control, checking cancellation every
    /// [`WORK_CHUNK`] units.
    pub fn meter(&self) -> WorkMeter {
        WorkMeter {
            ctl: Some(self.clone()),
            pending: 0,
        }
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

/// Counts the work of one engine on its [`Control`] in chunks: [`WorkMeter::add`] is a
/// local addition and a comparison, and every [`WORK_CHUNK`] units it adds them to
/// [`Control::work_done`] and checks the cancellation flag (an atomic load). Units not
/// yet added are added when the meter is dropped. The default meter belongs to no
/// control: it counts nothing and is never interrupted.
///
/// # Example
/// ```
/// use grundy::{control::WORK_CHUNK, Control, Error};
/// use std::sync::atomic::Ordering;
/// let ctl = Control::new();
/// let mut meter = ctl.meter();
/// meter.add(10).unwrap();
/// assert_eq!(ctl.work_done(), 0); // not a whole chunk yet
/// ctl.cancel_flag().store(true, Ordering::Relaxed);
/// assert_eq!(meter.add(WORK_CHUNK), Err(Error::Interrupted));
/// assert_eq!(ctl.work_done(), WORK_CHUNK + 10);
/// ```
#[derive(Debug, Default)]
pub struct WorkMeter {
    ctl: Option<Control>,
    pending: u64,
}

impl WorkMeter {
    /// Counts `units` of work done.
    ///
    /// # Errors
    /// [`Error::Interrupted`] once the cancellation flag is set (seen at the end of a
    /// chunk).
    #[inline]
    pub fn add(&mut self, units: u64) -> Result<()> {
        self.pending = self.pending.saturating_add(units);
        if self.pending >= WORK_CHUNK {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Adds the units counted so far to the control and checks for cancellation.
    ///
    /// # Errors
    /// [`Error::Interrupted`] once the cancellation flag is set.
    pub fn flush(&mut self) -> Result<()> {
        let units = std::mem::take(&mut self.pending);
        self.ctl.as_ref().map_or(Ok(()), |c| c.add_work(units))
    }
}

impl Drop for WorkMeter {
    fn drop(&mut self) {
        if let Some(c) = &self.ctl {
            c.work.fetch_add(self.pending, Ordering::Relaxed);
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
/// way) the temporary file is removed and `path` keeps its old content, if any.
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
    // Renaming over a device or a pipe would replace it: only regular files are written.
    if path.metadata().is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other("not a regular file"));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
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

/// Parses `123`, `64M`, `2G`, `1.5G` (binary units) into bytes.
pub fn parse_bytes(s: &str) -> Option<u64> {
    let s = s.trim();
    let (num, mult) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1u64 << 10),
        'm' | 'M' => (&s[..s.len() - 1], 1 << 20),
        'g' | 'G' => (&s[..s.len() - 1], 1 << 30),
        't' | 'T' => (&s[..s.len() - 1], 1 << 40),
        _ => (s, 1),
    };
    let v: f64 = num.trim().parse().ok()?;
    if !(v.is_finite() && v >= 0.0) {
        return None;
    }
    Some((v * mult as f64) as u64)
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
    fn meters_count_on_the_shared_control() {
        let ctl = Control::new();
        let clone = ctl.clone();
        let mut m = clone.meter();
        for _ in 0..3 {
            m.add(WORK_CHUNK / 2).unwrap();
        }
        assert_eq!(ctl.work_done(), WORK_CHUNK);
        drop(m);
        assert_eq!(ctl.work_done(), 3 * WORK_CHUNK / 2);
        ctl.add_work(5).unwrap();
        assert_eq!(clone.work_done(), 3 * WORK_CHUNK / 2 + 5);
    }

    #[test]
    fn cancellation_interrupts_tick() {
        let c = Control::new();
        assert!(c.tick(1).is_ok());
        c.cancel_flag().store(true, Ordering::Relaxed);
        assert_eq!(c.tick(2), Err(Error::Interrupted));
    }
}
