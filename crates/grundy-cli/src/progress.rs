//! Progress bars (indicatif, on stderr when it is a terminal) and Ctrl-C handling.

use crate::bound::{parse_size, parse_work};
use anyhow::{bail, Result};
use grundy::control::ProgressSink;
use grundy::error::Shown;
use grundy::Control;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    label: Mutex<String>,
    /// Progress as plain lines, when stderr is not a terminal.
    log: Option<Mutex<Log>>,
}

/// Progress as lines on stderr when it is not a terminal (a long run's log file, where
/// the bar is not drawn): the first a minute after a computation starts, then at
/// intervals of a fifth of the time so far, from one to ten minutes, so that an hour's
/// run writes about 15 lines and a run of a minute or less none.
#[derive(Default)]
struct Log {
    started: Option<Instant>,
    next: Duration,
    label: String,
    total: u64,
    done: u64,
    status: String,
}

impl Log {
    fn start(&mut self, label: &str, total: u64) {
        *self = Log {
            started: Some(Instant::now()),
            next: Duration::from_secs(60),
            label: grundy::error::brief(label),
            total,
            ..Log::default()
        };
    }

    /// The line due `elapsed` after the start, if one is (and the time of the next).
    fn due(&mut self, elapsed: Duration) -> Option<String> {
        if elapsed < self.next {
            return None;
        }
        self.next = elapsed + (elapsed / 5).clamp(Duration::from_secs(60), Duration::from_secs(600));
        let what = if !self.status.is_empty() {
            self.status.clone()
        } else if self.total > 0 {
            format!(
                "{} of {} ({:.1}%)",
                self.done,
                self.total,
                100.0 * self.done as f64 / self.total as f64
            )
        } else {
            format!("{} done", self.done)
        };
        let s = elapsed.as_secs();
        let time = match s {
            0..3600 => format!("{}m {:02}s", s / 60, s % 60),
            _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
        };
        Some(format!("grundy: {}: {what}, {time} so far", self.label))
    }

    fn print_if_due(&mut self) {
        if let Some(line) = self.started.and_then(|t| self.due(t.elapsed())) {
            crate::eprintln_quiet!("{line}");
        }
    }
}

/// Redraws `bar` every `every` until it is finished, on a thread of its own: as
/// indicatif's steady tick does, but a thread that cannot be made (a tight `ulimit -v`)
/// leaves the bar drawn by its updates alone, where indicatif's would panic. A bar that
/// is not drawn (stderr not a terminal) needs no thread.
fn tick_steadily(bar: &ProgressBar, every: Duration) {
    if bar.is_hidden() {
        return;
    }
    // Weak, as indicatif's ticker is: a bar dropped unfinished stops the thread.
    let bar = bar.downgrade();
    let _ = std::thread::Builder::new().name("progress".into()).spawn(move || {
        while let Some(bar) = bar.upgrade().filter(|b| !b.is_finished()) {
            bar.tick();
            drop(bar);
            std::thread::sleep(every);
        }
    });
}

impl ProgressSink for Bars {
    fn start(&self, label: &str, total: u64) {
        if let Some(log) = &self.log {
            log.lock().unwrap_or_else(|e| e.into_inner()).start(label, total);
        }
        // A computation whose total is not known (0) shows a spinner and its counters.
        let bar = if total == 0 {
            let bar = ProgressBar::new_spinner();
            bar.set_style(ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("valid template"));
            tick_steadily(&bar, Duration::from_millis(200));
            bar
        } else {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:40}] {percent}% ({elapsed}, eta {eta})")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            // Redrawn by time too, so that a long first step (a grid's last cell,
            // computed first) shows its elapsed time.
            tick_steadily(&bar, Duration::from_millis(500));
            bar
        };
        bar.set_message(label.to_string());
        if let Ok(mut l) = self.label.lock() {
            *l = label.to_string();
        }
        if let Some(old) = self.bar.lock().expect("progress lock").replace(bar) {
            old.finish_and_clear();
        }
    }
    fn set(&self, done: u64) {
        if let Some(b) = self.bar.lock().expect("progress lock").as_ref() {
            b.set_position(done);
        }
        if let Some(log) = &self.log {
            let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
            log.done = done;
            log.print_if_due();
        }
    }
    fn note(&self, status: &str) {
        if let Some(log) = &self.log {
            let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
            log.status = status.to_string();
            log.print_if_due();
        }
        let label = self.label.lock().map(|l| l.clone()).unwrap_or_default();
        if let Some(b) = self.bar.lock().expect("progress lock").as_ref() {
            b.set_message(format!("{label} ({status})"));
        }
    }
    fn finish(&self) {
        if let Some(b) = self.bar.lock().expect("progress lock").take() {
            b.finish_and_clear();
        }
    }
}

/// Where a limit came from: the option, the environment variable, or the default.
#[derive(Clone, Debug)]
enum Source {
    Flag(String),
    Env(String),
    Default,
}

/// The sources of the memory and state limits of this run, for the hint of a refusal.
static SOURCES: OnceLock<(Source, Source)> = OnceLock::new();

/// What set the default memory limit of this run ([`grundy::control::MemoryBound`]).
static MEMORY_DEFAULT: OnceLock<&'static str> = OnceLock::new();

/// The setting of a limit: the option if given, else the environment variable if set
/// (an invalid value of either is an error naming it and saying why), else `None`.
fn setting<T>(
    flag: (&str, Option<&str>),
    var: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<(T, Source)>> {
    if let (name, Some(v)) = flag {
        return match parse(v) {
            Ok(x) => Ok(Some((x, Source::Flag(format!("{name} {v}"))))),
            Err(why) => bail!("{name}: {}", Shown(&why)),
        };
    }
    match std::env::var(var) {
        Ok(v) => match parse(&v) {
            Ok(x) => Ok(Some((x, Source::Env(format!("{var}={v}"))))),
            Err(why) => bail!("{var}: {}", Shown(&why)),
        },
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => bail!("{var}: the value is not valid UTF-8"),
    }
}

/// The run control: memory and state limits (from the options, else the environment
/// variables, validated), progress bars, and a Ctrl-C handler that asks the engines to
/// stop (a second Ctrl-C exits at once, unless a checkpoint is being saved:
/// [`guard_saves_to`]).
///
/// `work_flag` is the name the user gave the work limit (`--max-work`, or its older
/// name `--max-states`), for the messages.
pub fn control(memory_limit: Option<&str>, max_work: Option<&str>, work_flag: &str) -> Result<Control> {
    use std::io::IsTerminal;
    let mut ctl = Control::new().with_progress(Arc::new(Bars {
        bar: Mutex::new(None),
        label: Mutex::new(String::new()),
        log: (!std::io::stderr().is_terminal()).then(|| Mutex::new(Log::default())),
    }));
    let memory = setting(("--memory-limit", memory_limit), "GRUNDY_MEMORY_LIMIT", parse_size)?;
    let states = match setting((work_flag, max_work), "GRUNDY_MAX_WORK", parse_work)? {
        Some(s) => Some(s),
        None => setting((work_flag, None), "GRUNDY_MAX_STATES", parse_work)?,
    };
    let mut sources = (Source::Default, Source::Default);
    if let Some((b, source)) = memory {
        ctl = ctl.with_memory_limit(b);
        sources.0 = source;
    } else {
        let (b, bound) = grundy::control::system_memory_limit();
        ctl = ctl.with_memory_limit(b);
        let _ = MEMORY_DEFAULT.set(bound.describe());
    }
    if let Some((s, source)) = states {
        ctl = ctl.with_work_limit(s);
        sources.1 = source;
    }
    let _ = SOURCES.set(sources);
    let flag: Arc<AtomicBool> = ctl.cancel_flag();
    let presses = AtomicU32::new(0);
    let _ = ctrlc::set_handler(move || {
        let n = presses.fetch_add(1, Ordering::SeqCst) + 1;
        if n == 1 {
            flag.store(true, Ordering::SeqCst);
            return;
        }
        match SAVED.get() {
            Some(path) if n == 2 => crate::eprintln_quiet!(
                "grundy: stopping: saving {} first (Ctrl-C again abandons the save)",
                path.display()
            ),
            Some(path) => {
                crate::eprintln_quiet!(
                    "grundy: the save was abandoned: {} is as it was before this run's save",
                    path.display()
                );
                exit_interrupted()
            }
            None => exit_interrupted(),
        }
    });
    Ok(ctl)
}

/// Exits with status 130 after removing the temporary files of the writes in
/// progress: the files they replace keep their old content, and each is named on
/// stderr (`grundy: FILE was not written …`). A write being renamed into place (its
/// data written, [`Commit::begin`]) finishes first, so that a file is whole or as it
/// was, and said to be which; none begins its rename after this.
fn exit_interrupted() -> ! {
    let (_commit, lines) = abandon_writes();
    for line in lines {
        crate::eprintln_quiet!("{line}");
    }
    if let Some(t) = SAVED.get().and_then(|p| grundy::control::temporary_path(p).ok()) {
        let _ = std::fs::remove_file(t);
    }
    std::process::exit(130);
}

/// The atomic writes of [`exit_interrupted`]: waits for a rename under way, then
/// removes the temporary files of the writes in progress; the lines that say what
/// became of each file, and the lock that keeps any other write from its rename.
fn abandon_writes() -> (std::sync::MutexGuard<'static, ()>, Vec<String>) {
    // A rename under way: waited for, and its file named.
    let waited = matches!(COMMIT.try_lock(), Err(std::sync::TryLockError::WouldBlock));
    let commit = COMMIT.lock().unwrap_or_else(|e| e.into_inner());
    let mut lines = Vec::new();
    if let Some((path, whole)) = LAST_COMMIT.lock().ok().and_then(|mut c| c.take()).filter(|_| waited) {
        match whole {
            true => lines.extend(whole_once(&path)),
            false => lines.push(format!(
                "grundy: {} was not written (the file is as it was)",
                path.display()
            )),
        }
    }
    let writing: Vec<(PathBuf, PathBuf)> = WRITING.lock().map(|w| w.clone()).unwrap_or_default();
    for (temporary, path) in writing {
        let _ = std::fs::remove_file(temporary);
        lines.push(format!(
            "grundy: {} was not written: the run was interrupted while it was written (the file is as it was)",
            path.display()
        ));
    }
    (commit, lines)
}

/// The file saved when a run stops (a checkpoint), if any: a second Ctrl-C waits for
/// its save instead of exiting, a third removes the save's temporary file and exits.
static SAVED: OnceLock<PathBuf> = OnceLock::new();

/// The atomic writes in progress ([`writing`]), not yet renamed into place: each
/// one's temporary file and the file it replaces.
static WRITING: Mutex<Vec<(PathBuf, PathBuf)>> = Mutex::new(Vec::new());

/// Held by an atomic write from the end of its data to its rename into place (the
/// file's fsync, the rename, the directory's fsync: [`Commit::begin`]), and by the exit
/// of a second Ctrl-C ([`exit_interrupted`]), which so never removes a temporary file
/// being renamed, nor lets one be renamed after it said the file was not written.
static COMMIT: Mutex<()> = Mutex::new(());

/// Held by the unit tests that write files through [`writing`]: the list of writes in
/// progress is the process's, and a test that abandons the writes would abandon
/// another test's (run on another thread of the same test binary).
#[cfg(test)]
pub(crate) fn serial_writes() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Says that `path` was written whole although the run was interrupted (the interrupt
/// came while it was synced and renamed), once: the command and the exit of a second
/// Ctrl-C may both come to say it.
pub fn written_whole(path: &Path) {
    if let Some(line) = whole_once(path) {
        crate::eprintln_quiet!("{line}");
    }
}

/// The line of [`written_whole`], the first time only.
fn whole_once(path: &Path) -> Option<String> {
    static SAID: AtomicBool = AtomicBool::new(false);
    (!SAID.swap(true, Ordering::SeqCst)).then(|| {
        format!(
            "grundy: {} was written whole: the interrupt came as it was saved",
            path.display()
        )
    })
}

/// The last write whose rename began ([`Commit::begin`]), and whether it was made:
/// set before [`COMMIT`] is let go, for the exit of a Ctrl-C that waited for it.
static LAST_COMMIT: Mutex<Option<(PathBuf, bool)>> = Mutex::new(None);

/// The rename into place of an atomic write ([`writing`]), once begun.
pub struct Commit(Option<std::sync::MutexGuard<'static, ()>>);

impl Commit {
    /// Begins the rename into place: called by the write once its data is written,
    /// before the fsync and the rename. A second Ctrl-C then waits for the rename (an
    /// fsync at most) instead of removing the temporary file under it.
    pub fn begin(&mut self) {
        self.0 = Some(COMMIT.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// Runs `write`, an atomic write of `path` that calls [`Commit::begin`] once its data
/// is written, so that a Ctrl-C that ends the process meanwhile removes its temporary
/// file (and says so), or waits for its rename once begun.
pub fn writing<T, E>(path: &Path, write: impl FnOnce(&mut Commit) -> Result<T, E>) -> Result<T, E> {
    let temporary = grundy::control::temporary_path(path).ok();
    if let (Some(t), Ok(mut w)) = (&temporary, WRITING.lock()) {
        w.push((t.clone(), path.to_path_buf()));
    }
    let mut commit = Commit(None);
    let result = write(&mut commit);
    // Taken off the list before the rename's lock is let go: the exit of a Ctrl-C then
    // sees a write renamed or not begun, never between.
    if let (Some(t), Ok(mut w)) = (&temporary, WRITING.lock()) {
        w.retain(|(p, _)| p != t);
    }
    if commit.0.is_some() {
        if let Ok(mut c) = LAST_COMMIT.lock() {
            *c = Some((path.to_path_buf(), result.is_ok()));
        }
    }
    drop(commit);
    result
}

/// Makes Ctrl-C protect the save of `path` (a checkpoint written when the run stops):
/// the first Ctrl-C stops the computation, which then saves; a second one waits for
/// that save; a third abandons it (removing its temporary file, the file keeping its
/// old content) and exits.
pub fn guard_saves_to(path: &Path) {
    let _ = SAVED.set(path.to_path_buf());
}

/// How the limit behind a refusal was set, and how to change it: the option or the
/// environment variable the user gave, or the default and the option that raises it.
pub fn limit_hint(e: &grundy::Error) -> Option<String> {
    let (memory, states) = SOURCES.get()?;
    // A table past 2^32 heaps is refused whatever the memory limit: its message names
    // the bound and what answers those heaps instead, and no limit is advised.
    if grundy::control::is_past_tables(e) {
        return None;
    }
    let (source, flag, var, default) = match e {
        grundy::Error::TooLarge { .. } | grundy::Error::OutOfMemory { .. } => (
            memory,
            "--memory-limit",
            "GRUNDY_MEMORY_LIMIT",
            MEMORY_DEFAULT
                .get()
                .copied()
                .unwrap_or(grundy::control::MemoryBound::Available.describe()),
        ),
        grundy::Error::TooManyStates { .. } | grundy::Error::TooMuchWork { .. } => {
            (states, "--max-work", "GRUNDY_MAX_WORK", "the default")
        }
        _ => return None,
    };
    // More than any machine holds (an estimate past 2^60 bytes, 1 EiB): no memory limit
    // lets it run, so none is advised (the Python package says the same).
    if matches!(e, grundy::Error::TooLarge { estimate_bytes, .. } if *estimate_bytes >= 1 << 60) {
        let set = match source {
            Source::Flag(s) | Source::Env(s) => format!("set by {s}"),
            Source::Default => default.to_string(),
        };
        return Some(format!("{set}; no machine's memory holds it"));
    }
    // A work estimate beyond every count (a model's estimate of a large graph, say) can
    // only be let through by lifting the limit.
    let beyond = matches!(e, grundy::Error::TooMuchWork { work, .. } if *work > u128::from(u64::MAX));
    // An upper bound on the options listed one by one is no model's guess: lifting the
    // limit lets a run go on that may list that many (`moves '0.B(10^18) + nim(1)'`,
    // 8.3·10^34 options, lists them all).
    let lift = match (beyond, grundy::control::is_upper_bound(e)) {
        (true, false) => "; --max-work none lifts the limit",
        (true, true) => {
            "; --max-work none lifts the limit, but the estimate is an upper bound on options listed one by one: the run may list that many"
        }
        (false, _) => "",
    };
    Some(match source {
        Source::Flag(s) => format!("set by {s}{lift}"),
        Source::Env(s) => format!("set by {s}; {flag} overrides it{lift}"),
        Source::Default => format!("{default}; raise it with {flag} or {var}{lift}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exit of a second Ctrl-C: a write whose rename began is waited for and its
    /// file said to be whole; a write still writing its data has its temporary file
    /// removed and its file said not to be written. (The exit removed temporary files
    /// saying nothing, and could remove one as it was renamed.)
    #[test]
    fn a_second_interrupt_waits_for_a_rename_and_names_each_file() {
        let _serial = serial_writes();
        let dir = tempfile::tempdir().unwrap();
        let (renamed, abandoned) = (dir.path().join("renamed.png"), dir.path().join("abandoned.png"));
        let (begun, data) = (std::sync::Barrier::new(2), std::sync::Barrier::new(2));
        let temporary = grundy::control::temporary_path(&abandoned).unwrap();
        let (lines, gone) = std::thread::scope(|s| {
            // A write in its rename: begun, then slow (an fsync), then renamed.
            let w = s.spawn(|| {
                writing(&renamed, |commit| {
                    grundy::control::write_atomically_with(&renamed, |w| {
                        use std::io::Write;
                        w.write_all(b"whole")?;
                        commit.begin();
                        begun.wait();
                        std::thread::sleep(Duration::from_millis(300));
                        Ok(())
                    })
                })
            });
            // A write still writing its data, which never ends here.
            let t = s.spawn(|| {
                let _ = writing(&abandoned, |_| -> std::io::Result<()> {
                    std::fs::write(&temporary, b"half").unwrap();
                    data.wait();
                    // The exit would end the process here.
                    std::thread::sleep(Duration::from_millis(600));
                    Ok(())
                });
            });
            begun.wait();
            data.wait();
            let (guard, lines) = abandon_writes();
            let gone = !temporary.exists();
            drop(guard);
            w.join().unwrap().unwrap();
            t.join().unwrap();
            (lines, gone)
        });
        assert_eq!(std::fs::read(&renamed).unwrap(), b"whole");
        assert!(gone, "the temporary file of the write abandoned is removed");
        assert!(!abandoned.exists());
        let name = |p: &Path| p.display().to_string();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(
            lines[0],
            format!(
                "grundy: {} was written whole: the interrupt came as it was saved",
                name(&renamed)
            )
        );
        assert_eq!(
            lines[1],
            format!(
                "grundy: {} was not written: the run was interrupted while it was written (the file is as it was)",
                name(&abandoned)
            )
        );
    }

    #[test]
    fn a_log_writes_a_line_a_minute_in_then_at_growing_intervals() {
        let mut log = Log::default();
        log.start("search node-kayles-petersen(42,2)", 0);
        let at = |log: &mut Log, s: u64| log.due(Duration::from_secs(s));
        assert_eq!(at(&mut log, 59), None);
        log.status = "2.1e8 positions searched, 1.5e8 in the table".into();
        assert_eq!(
            at(&mut log, 61).as_deref(),
            Some("grundy: search node-kayles-petersen(42,2): 2.1e8 positions searched, 1.5e8 in the table, 1m 01s so far")
        );
        // A minute apart at first, a fifth of the time so far later, ten minutes at most.
        assert_eq!(at(&mut log, 120), None);
        assert!(at(&mut log, 121).is_some());
        assert!(at(&mut log, 1000).is_some());
        assert_eq!(at(&mut log, 1000 + 199), None);
        assert!(at(&mut log, 1200).is_some());
        assert!(at(&mut log, 7200).unwrap().ends_with("2h 00m so far"));
        assert_eq!(at(&mut log, 7200 + 599), None);
        assert!(at(&mut log, 7800).is_some());
        // Without a status: the units done of the total.
        log.start("a table", 200);
        log.done = 50;
        assert_eq!(
            at(&mut log, 60).as_deref(),
            Some("grundy: a table: 50 of 200 (25.0%), 1m 00s so far")
        );
    }
}
