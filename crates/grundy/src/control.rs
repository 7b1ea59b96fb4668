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
    /// The bound of the heap held by the whole process ([`Control::heap_limit`]).
    heap_limit: Option<u64>,
    /// The least heap held since the computation started, not counted against its limit
    /// ([`Control::with_heap_baseline`]); `None`: the whole process's heap counts.
    heap_base: Option<Arc<AtomicU64>>,
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
            heap_limit: None,
            heap_base: None,
            state_limit: default_state_limit(),
        }
    }

    /// Counts against the limit only the heap held beyond what is held now, where the
    /// program counts its heap ([`heap_bytes`]): for a long-lived program (the Python
    /// package), whose earlier results (numpy arrays on memory from the Rust side) and
    /// caches stay held between calls, so that a call's limit is about its own
    /// computation. The CLI, one computation a process, counts the whole heap.
    ///
    /// The baseline is the least heap held since the start (so that memory another
    /// thread frees meanwhile does not give this computation room beyond its limit);
    /// computations running at once on several threads share the count, so each is
    /// also charged what the others allocate meanwhile.
    pub fn with_heap_baseline(mut self) -> Self {
        self.heap_base = Some(Arc::new(AtomicU64::new(heap_bytes().unwrap_or(0))));
        self
    }

    /// Sets the memory limit in bytes.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = bytes;
        self
    }

    /// Sets the bound of the heap the whole process holds ([`Control::heap_limit`]):
    /// for a job given a share of the memory limit (a census on several threads),
    /// the whole limit, since the heap counted is the process's.
    pub fn with_heap_limit(mut self, bytes: u64) -> Self {
        self.heap_limit = Some(bytes);
        self
    }

    /// The bound of the heap held by the whole process, where it is counted
    /// ([`heap_bytes`]): the memory limit unless [`Control::with_heap_limit`] set it.
    pub fn heap_limit(&self) -> u64 {
        self.heap_limit.unwrap_or(self.memory_limit)
    }

    /// Sets the work limit ([`Control::work_limit`]).
    pub fn with_state_limit(mut self, states: u64) -> Self {
        self.state_limit = states;
        self
    }

    /// Sets the work limit: the most options one computation may visit (and the most
    /// positions a search on tuples may visit); [`NO_WORK_LIMIT`] for none.
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
        self.check_work_named(|| what.to_string(), work, detail)
    }

    /// [`Control::check_work`], the computation named by `what` only when the check
    /// fails: for a name that costs something to write (a graph's edge list), in a
    /// check made for every position a search lists.
    ///
    /// # Errors
    /// [`Error::TooMuchWork`] if `work` exceeds the work limit.
    pub fn check_work_named(&self, what: impl FnOnce() -> String, work: u128, detail: impl Into<String>) -> Result<()> {
        if self.state_limit != NO_WORK_LIMIT && work > self.state_limit as u128 {
            Err(Error::TooMuchWork {
                what: what(),
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
        if self.state_limit != NO_WORK_LIMIT && states > self.state_limit as u128 {
            Err(Error::TooManyStates {
                what: what.to_string(),
                states,
                limit: self.state_limit,
            })
        } else {
            Ok(())
        }
    }

    /// Checks a computation's estimated memory and then its work, for a computation
    /// that has both estimates: the memory first, so that a refusal for work, whose
    /// advice is to raise the work limit, comes only when the memory check passes (a
    /// refusal for work followed, once the limit was raised as advised, by a refusal
    /// for memory of 1.6·10^4 PiB was advice that could not help). See
    /// docs/choices.md, "Which limit a refusal names".
    ///
    /// # Errors
    /// [`Error::TooLarge`] as [`Control::check_memory`]; then [`Error::TooMuchWork`] as
    /// [`Control::check_work`].
    pub fn check_memory_and_work(
        &self,
        what: &str,
        bytes: u64,
        memory_detail: impl Into<String>,
        work: u128,
        work_detail: impl Into<String>,
    ) -> Result<()> {
        self.check_memory(what, bytes, memory_detail)?;
        self.check_work(what, work, work_detail)
    }

    /// [`Control::check_memory_and_work`] for a search whose work is counted in
    /// positions ([`Control::check_states`]): the memory first, then the positions.
    ///
    /// # Errors
    /// [`Error::TooLarge`] as [`Control::check_memory`]; then [`Error::TooManyStates`]
    /// as [`Control::check_states`].
    pub fn check_memory_and_states(
        &self,
        what: &str,
        bytes: u64,
        memory_detail: impl Into<String>,
        states: u128,
    ) -> Result<()> {
        self.check_memory(what, bytes, memory_detail)?;
        self.check_states(what, states)
    }

    /// [`Error::Interrupted`] if cancelled, else [`Control::check_work`]: for a loop
    /// that counts its work as it goes (options listed one by one) and looks at both
    /// every few thousand steps.
    ///
    /// # Errors
    /// [`Error::Interrupted`]; [`Error::TooMuchWork`] past the work limit.
    pub fn check_going(&self, what: &str, work: u128, detail: impl Into<String>) -> Result<()> {
        if self.cancelled() {
            return Err(Error::Interrupted);
        }
        self.check_work(what, work, detail)
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
    ///
    /// Where the program counts its heap ([`heap_bytes`]: the CLI, the Python package), the bytes held on
    /// the heap are checked too, so that what an estimate leaves out (a hash map's
    /// spare capacity, the keys' own allocations) cannot take a computation past the
    /// limit.
    pub fn check_memory(&self, what: &str, bytes: u64, detail: impl Into<String>) -> Result<()> {
        let detail = detail.into();
        if bytes > self.memory_limit {
            return Err(Error::TooLarge {
                what: what.to_string(),
                estimate_bytes: bytes,
                limit_bytes: self.memory_limit,
                detail,
            });
        }
        // A refusal for the heap held names what holds it, not the part about to be
        // made (whose estimate, within the limit, is in the detail).
        self.check_heap("the computation", 0, |_, whose| {
            format!(
                "the bytes {whose} holds {HEAP_MEASURED}, before {what}, an estimated {} for {detail}",
                crate::error::human_bytes(bytes)
            )
        })
    }

    /// Checks the heap held (where the program counts it, [`heap_bytes`]; beyond the
    /// baseline, [`Control::with_heap_baseline`]) plus `bytes` against
    /// [`Control::heap_limit`]; `detail` gets the bytes held and whose they are ("the
    /// process", or "this computation" beyond a baseline).
    fn check_heap(&self, what: &str, bytes: u64, detail: impl FnOnce(u64, &str) -> String) -> Result<()> {
        let held = heap_bytes().map(|h| match &self.heap_base {
            Some(base) => h - base.fetch_min(h, Ordering::Relaxed).min(h),
            None => h,
        });
        match held {
            Some(held) if held.saturating_add(bytes) > self.heap_limit() => Err(Error::TooLarge {
                what: what.to_string(),
                estimate_bytes: held.saturating_add(bytes),
                limit_bytes: self.heap_limit(),
                detail: detail(
                    held,
                    if self.heap_base.is_some() {
                        "this computation"
                    } else {
                        "the process"
                    },
                ),
            }),
            _ => Ok(()),
        }
    }

    /// [`Control::check_memory`] for `bytes` about to be allocated, and, where the
    /// program counts its heap ([`heap_bytes`]), the heap held plus `bytes` against
    /// [`Control::heap_limit`].
    ///
    /// # Errors
    /// [`Error::TooLarge`] if `bytes` exceeds the memory limit, or the heap held plus
    /// `bytes` the heap limit.
    pub fn check_more_memory(&self, what: &str, bytes: u64, detail: impl Into<String>) -> Result<()> {
        let detail = detail.into();
        self.check_memory(what, bytes, detail.clone())?;
        self.check_heap(what, bytes, |held, whose| {
            format!(
                "{detail}; with the {} {whose} already holds {HEAP_MEASURED}",
                crate::error::human_bytes(held)
            )
        })
    }

    /// Makes room for `additional` more entries in `map` ([`TryGrow::try_grow`]), and
    /// when that reallocates its table, checks the new table's bytes first
    /// ([`Control::check_more_memory`]): a hash map doubles at once, and the old table
    /// and the new are both held while it moves its entries, so a check of the entries
    /// after the insert comes too late. The new table is estimated as the standard
    /// library's hash map lays it out (a power of two of buckets, at most 7/8 full from
    /// 8 buckets on, an entry and a control byte each, and 16 control bytes more).
    ///
    /// # Errors
    /// [`Error::TooLarge`] naming `what()` if the new table passes the memory limit;
    /// [`Error::OutOfMemory`] if the system refuses it.
    pub fn try_grow_map<K, V, S>(
        &self,
        map: &mut std::collections::HashMap<K, V, S>,
        additional: usize,
        what: impl Fn() -> String,
    ) -> Result<()>
    where
        K: Eq + std::hash::Hash,
        S: std::hash::BuildHasher,
    {
        if map.capacity() - map.len() >= additional {
            return Ok(());
        }
        let entries = map.len().saturating_add(additional).max(map.capacity() + 1);
        let buckets = map_buckets(entries);
        let bucket_bytes = std::mem::size_of::<(K, V)>() as u64 + 1;
        // The control bytes of one group more than the buckets.
        self.check_more_memory(
            &what(),
            buckets.saturating_mul(bucket_bytes).saturating_add(16),
            format!(
                "{} entries, a hash table growing to {buckets} buckets of {bucket_bytes} bytes",
                map.len()
            ),
        )?;
        map.try_grow(additional, what)
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
    ///
    /// [`Error::TooLarge`] when the program counts its heap ([`heap_bytes`]) and holds
    /// more than the memory limit: every long computation ticks, so none passes the
    /// limit by much, whatever its own estimate left out.
    pub fn tick(&self, done: u64) -> Result<()> {
        if let Some(p) = &self.progress {
            p.set(done);
        }
        if self.cancelled() {
            return Err(Error::Interrupted);
        }
        self.check_heap("the computation", 0, |_, _| {
            format!("the bytes it holds {HEAP_MEASURED} while it ran")
        })
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

    /// The memory limit of the run's control (`u64::MAX` for a meter without one), for
    /// a step whose structures grow with what it finds.
    pub fn memory_limit(&self) -> u64 {
        self.ctl.as_ref().map_or(u64::MAX, Control::memory_limit)
    }

    /// The work limit of the run's control (`u64::MAX` for a meter without one), for a
    /// step that counts the real work of rules whose estimate may be low.
    pub fn work_limit(&self) -> u64 {
        self.ctl.as_ref().map_or(u64::MAX, Control::work_limit)
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

/// The default memory limit: `GRUNDY_MEMORY_LIMIT` if set to a size ([`parse_size`]),
/// else [`system_memory_limit`]. An invalid value is ignored here; front ends refuse it
/// first ([`check_env_limits`]).
pub fn default_memory_limit() -> u64 {
    if let Ok(s) = std::env::var("GRUNDY_MEMORY_LIMIT") {
        if let Some(b) = parse_bytes(&s) {
            return b;
        }
    }
    system_memory_limit().0
}

/// The environment variables that set the default limits: `GRUNDY_MEMORY_LIMIT` (a
/// size), `GRUNDY_MAX_WORK` and its older name `GRUNDY_MAX_STATES` (work limits: counts
/// or `none`).
pub const LIMIT_VARIABLES: [(&str, NumberKind); 3] = [
    ("GRUNDY_MEMORY_LIMIT", NumberKind::Size),
    ("GRUNDY_MAX_WORK", NumberKind::Work),
    ("GRUNDY_MAX_STATES", NumberKind::Work),
];

/// Checks the environment variables of [`LIMIT_VARIABLES`] that are set, so that an
/// invalid value is an error rather than silently replaced by the default
/// ([`default_memory_limit`], [`default_state_limit`]).
///
/// # Errors
/// [`Error::Input`] naming the first invalid variable and saying why
/// (`GRUNDY_MAX_WORK: 'lots' is not a count (write e.g. 1000000, 1e6 or 10^6)`).
pub fn check_env_limits() -> Result<()> {
    for (var, kind) in LIMIT_VARIABLES {
        match std::env::var(var) {
            Ok(v) => {
                kind.parse(&v)
                    .map_err(|why| Error::Input(format!("{var}: {}", crate::error::Shown(&why))))?;
            }
            Err(std::env::VarError::NotPresent) => {}
            Err(std::env::VarError::NotUnicode(_)) => {
                return Err(Error::Input(format!("{var}: the value is not valid UTF-8")));
            }
        }
    }
    Ok(())
}

/// What sets the memory limit grundy takes by default ([`system_memory_limit`]): the
/// tightest of the bounds the system puts on the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryBound {
    /// The machine's available memory (`MemAvailable` of `/proc/meminfo`).
    Available,
    /// The address space left under the soft `RLIMIT_AS` (`ulimit -v`): the limit
    /// minus what the process maps already (`VmSize` of `/proc/self/status`).
    AddressSpace,
    /// The memory left under the cgroup's limit: cgroup v2 `memory.max` minus
    /// `memory.current`, cgroup v1 `memory.limit_in_bytes` minus
    /// `memory.usage_in_bytes`, the file cache it could reclaim (`inactive_file` of
    /// `memory.stat`) counted as free; the tightest of the process's cgroup and its
    /// ancestors.
    Cgroup,
    /// None of the above could be read: 4 GiB.
    Unknown,
}

impl MemoryBound {
    /// How the default limit was set, for messages: "80% of available memory".
    pub fn describe(self) -> &'static str {
        match self {
            MemoryBound::Available => "80% of available memory",
            MemoryBound::AddressSpace => "80% of the address space left under ulimit -v (RLIMIT_AS)",
            MemoryBound::Cgroup => "80% of the memory left under the cgroup's memory limit",
            MemoryBound::Unknown => "4 GiB, as the available memory could not be read",
        }
    }
}

/// The memory limit the system allows and the bound that sets it: 80% of the least of
/// the available memory, the address space left under `ulimit -v` and the memory left
/// under a cgroup limit ([`MemoryBound`]), those that can be read; 4 GiB if none can.
/// The 20% left is room for what the estimates do not count (thread stacks, the
/// allocator's arenas, the output).
///
/// A table larger than the address space left would make the allocation fail, and
/// one larger than the cgroup allows would get the process killed when it is filled,
/// so the estimates are checked against this bound before any work.
pub fn system_memory_limit() -> (u64, MemoryBound) {
    [
        (available_memory(), MemoryBound::Available),
        (address_space_left(), MemoryBound::AddressSpace),
        (cgroup_memory_left(), MemoryBound::Cgroup),
    ]
    .into_iter()
    .filter_map(|(bytes, bound)| bytes.map(|b| (b / 10 * 8, bound)))
    .min_by_key(|&(b, _)| b)
    .unwrap_or((4 << 30, MemoryBound::Unknown))
}

/// The address space left under the soft `RLIMIT_AS` (`ulimit -v`), from
/// `/proc/self/limits` and `VmSize` of `/proc/self/status`; `None` when there is no
/// such limit or it cannot be read.
pub fn address_space_left() -> Option<u64> {
    let limit = address_space_limit(&std::fs::read_to_string("/proc/self/limits").ok()?)?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    Some(limit.saturating_sub(kb_field(&status, "VmSize:")?))
}

/// The soft limit of the address space in `/proc/self/limits` text; `None` when
/// unlimited.
fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The value of a `Key:  123 kB` line of `/proc` text (`/proc/meminfo`,
/// `/proc/self/status`), in bytes.
fn kb_field(text: &str, key: &str) -> Option<u64> {
    let rest = text.lines().find_map(|l| l.strip_prefix(key))?;
    let kb: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// The memory left under the cgroup limits of this process (the least over its
/// memory cgroups and their ancestors, v1 or v2); `None` without a limit.
pub fn cgroup_memory_left() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    cgroup_dirs(&cgroup, &mountinfo)
        .into_iter()
        .filter_map(|(dir, v2)| cgroup_left(&dir, v2))
        .min()
}

/// The directories of the memory cgroups of a process and of their ancestors up to the
/// mount point, each with `true` for cgroup v2, from the texts of `/proc/self/cgroup`
/// and `/proc/self/mountinfo`.
fn cgroup_dirs(cgroup: &str, mountinfo: &str) -> Vec<(std::path::PathBuf, bool)> {
    let mut dirs = Vec::new();
    for line in cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let v2 = controllers.is_empty();
        if !v2 && !controllers.split(',').any(|c| c == "memory") {
            continue;
        }
        for mount in mountinfo.lines() {
            let Some((before, after)) = mount.split_once(" - ") else {
                continue;
            };
            let before: Vec<&str> = before.split(' ').collect();
            let after: Vec<&str> = after.split(' ').collect();
            let (Some(root), Some(point), Some(fstype)) = (before.get(3), before.get(4), after.first()) else {
                continue;
            };
            let fits = if v2 {
                *fstype == "cgroup2"
            } else {
                *fstype == "cgroup" && after.get(2).is_some_and(|o| o.split(',').any(|o| o == "memory"))
            };
            let Some(rel) = path.strip_prefix(root.trim_end_matches('/')) else {
                continue;
            };
            if !fits || !(rel.is_empty() || rel.starts_with('/')) {
                continue;
            }
            let top = std::path::PathBuf::from(point);
            let mut dir = top.join(rel.trim_start_matches('/'));
            while dir.starts_with(&top) {
                dirs.push((dir.clone(), v2));
                if !dir.pop() {
                    break;
                }
            }
        }
    }
    dirs
}

/// The memory left under the limit of the cgroup at `dir` (v2 or v1); `None` when it
/// has no limit or its files cannot be read.
fn cgroup_left(dir: &std::path::Path, v2: bool) -> Option<u64> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let number = |name: &str| read(name)?.trim().parse::<u64>().ok();
    let (limit, used, cache) = if v2 {
        (number("memory.max")?, number("memory.current")?, "inactive_file ")
    } else {
        (
            number("memory.limit_in_bytes")?,
            number("memory.usage_in_bytes")?,
            "total_inactive_file ",
        )
    };
    // v1 writes "no limit" as the largest page count (about 2^63).
    if limit >= 1 << 62 {
        return None;
    }
    let reclaimable = read("memory.stat")
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(cache)?.trim().parse::<u64>().ok())
        })
        .unwrap_or(0);
    Some(limit.saturating_sub(used.saturating_sub(reclaimable)))
}

/// Heap bytes held, as a program's global allocator reports them ([`count_heap`]).
static HEAP: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
/// Whether the program counts its heap ([`start_heap_count`]).
static HEAP_COUNTED: AtomicBool = AtomicBool::new(false);
/// A thread's changes are added to [`HEAP`] once they reach this many bytes, so that
/// threads do not contend on every allocation; [`heap_bytes`] is then exact to within
/// this much per thread.
const HEAP_BATCH: i64 = 1 << 16;

thread_local! {
    /// The heap bytes this thread allocated (or freed, negative) not yet in [`HEAP`].
    static HEAP_PENDING: std::cell::Cell<i64> = const { std::cell::Cell::new(0) };
}

/// Counts `delta` bytes allocated (positive) or freed (negative) on the heap; for a
/// program's global allocator, which calls it on every allocation. It neither
/// allocates nor locks.
pub fn count_heap(delta: i64) {
    let direct = HEAP_PENDING
        .try_with(|p| {
            let d = p.get() + delta;
            if d.abs() >= HEAP_BATCH {
                p.set(0);
                d
            } else {
                p.set(d);
                0
            }
        })
        // The thread's locals are gone (it is ending): counted at once.
        .unwrap_or(delta);
    if direct != 0 {
        HEAP.fetch_add(direct, Ordering::Relaxed);
    }
}

/// Declares that the program's global allocator calls [`count_heap`] (the CLI's and the
/// Python package's, [`crate::heap_count::Counting`]):
/// from now on [`Control::check_memory`] and [`Control::tick`] check the heap held.
pub fn start_heap_count() {
    HEAP_COUNTED.store(true, Ordering::Relaxed);
}

/// The bytes held on the heap, where the program counts them ([`start_heap_count`]);
/// `None` otherwise (the library in a program that does not count).
pub fn heap_bytes() -> Option<u64> {
    HEAP_COUNTED
        .load(Ordering::Relaxed)
        .then(|| HEAP.load(Ordering::Relaxed).max(0) as u64)
}

thread_local! {
    /// How many fallible reservations ([`fallibly`]) this thread is inside.
    static FALLIBLE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Runs `reserve`, a reservation whose refusal by the system the caller reports as an
/// error (`try_reserve` and the helpers below), marked as such for
/// [`allocation_is_fallible`], so that a program's global allocator can tell it from
/// the allocations whose refusal would abort.
pub fn fallibly<R>(reserve: impl FnOnce() -> R) -> R {
    FALLIBLE.with(|c| c.set(c.get() + 1));
    let r = reserve();
    FALLIBLE.with(|c| c.set(c.get() - 1));
    r
}

/// True while this thread is inside [`fallibly`]: an allocation the system refuses now
/// comes back as an error. Any other refused allocation aborts the process (Rust's
/// `handle_alloc_error`); the CLI's global allocator ends it with one error line
/// instead (a memory limit set above what `ulimit -v` leaves lets the tables through
/// and then the system refuses a small allocation).
pub fn allocation_is_fallible() -> bool {
    FALLIBLE.try_with(|c| c.get() > 0).unwrap_or(false)
}

/// Reserves room for exactly `additional` more elements of `v`, as an error rather
/// than an abort when the system refuses the memory (under `ulimit -v` or with little
/// memory free, when the memory limit was set above what the system allows).
///
/// # Errors
/// [`Error::OutOfMemory`] naming `what()` when the allocation fails.
///
/// # Example
/// ```
/// let mut v: Vec<u64> = Vec::new();
/// grundy::control::try_reserve_exact(&mut v, 1000, || "a list".into()).unwrap();
/// assert!(v.capacity() >= 1000);
/// let e = grundy::control::try_reserve_exact(&mut v, usize::MAX / 16, || "a huge list".into()).unwrap_err();
/// assert!(e.to_string().starts_with("a huge list: the system refused"), "{e}");
/// ```
pub fn try_reserve_exact<T>(v: &mut Vec<T>, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
    let len = v.len();
    fallibly(|| v.try_reserve_exact(additional)).map_err(|_| refused::<T>(len, additional, what()))
}

/// Like [`try_reserve_exact`], but growing geometrically ([`Vec::try_reserve`]), for a
/// list that grows an element at a time.
///
/// # Errors
/// [`Error::OutOfMemory`] naming `what()` when the allocation fails.
pub fn try_reserve<T>(v: &mut Vec<T>, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
    let len = v.len();
    fallibly(|| v.try_reserve(additional)).map_err(|_| refused::<T>(len, additional, what()))
}

/// The buckets of a standard-library hash map made for `entries` entries: 4 or 8 below
/// 8 entries, else the power of two at least 8/7 of them (a table is at most 7/8 full).
fn map_buckets(entries: usize) -> u64 {
    match entries {
        0..4 => 4,
        4..8 => 8,
        _ => (entries.saturating_mul(8) / 7).next_power_of_two() as u64,
    }
}

/// Collections that grow with the data of a computation (a memo, a search stack, an
/// explored region): room for more entries is reserved with `try_reserve` before they
/// are added, so memory the system refuses (a memory limit set above what `ulimit -v`
/// leaves) is [`Error::OutOfMemory`] instead of an abort. The growth is geometric, as
/// for a plain insert; the callers check their size against the memory limit as they
/// grow (so the estimate is checked first, the system's refusal second).
pub trait TryGrow {
    /// Makes room for `additional` more entries.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] naming `what()` when the system refuses the memory.
    fn try_grow(&mut self, additional: usize, what: impl FnOnce() -> String) -> Result<()>;
}

impl<T> TryGrow for Vec<T> {
    #[inline]
    fn try_grow(&mut self, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
        if self.capacity() - self.len() >= additional {
            return Ok(());
        }
        try_reserve(self, additional, what)
    }
}

impl<K: Eq + std::hash::Hash, V, S: std::hash::BuildHasher> TryGrow for std::collections::HashMap<K, V, S> {
    #[inline]
    fn try_grow(&mut self, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
        let len = self.len();
        fallibly(|| self.try_reserve(additional)).map_err(|_| refused::<(K, V)>(len, additional, what()))
    }
}

impl<T: Eq + std::hash::Hash, S: std::hash::BuildHasher> TryGrow for std::collections::HashSet<T, S> {
    #[inline]
    fn try_grow(&mut self, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
        let len = self.len();
        fallibly(|| self.try_reserve(additional)).map_err(|_| refused::<T>(len, additional, what()))
    }
}

/// The error for a refused allocation of `len + additional` elements of `T`.
fn refused<T>(len: usize, additional: usize, what: String) -> Error {
    Error::OutOfMemory {
        what,
        bytes: (len as u64)
            .saturating_add(additional as u64)
            .saturating_mul(std::mem::size_of::<T>() as u64),
    }
}

/// A vector of `len` copies of `value`, allocated as an error rather than an abort when
/// the system refuses the memory ([`try_reserve_exact`]).
///
/// # Errors
/// [`Error::OutOfMemory`] naming `what()` when the allocation fails.
pub fn try_filled<T: Clone>(len: usize, value: T, what: impl FnOnce() -> String) -> Result<Vec<T>> {
    let mut v = Vec::new();
    try_reserve_exact(&mut v, len, what)?;
    v.resize(len, value);
    Ok(v)
}

/// The default work limit: `GRUNDY_MAX_WORK` (or its older name `GRUNDY_MAX_STATES`) if
/// set to a count ([`parse_count`], exactly: `10^9`, `2.5e9`), else 10^11 options
/// visited (a minute or two for the fastest engines). An invalid value is ignored
/// here; front ends refuse it first ([`check_env_limits`]).
pub fn default_state_limit() -> u64 {
    std::env::var("GRUNDY_MAX_WORK")
        .or_else(|_| std::env::var("GRUNDY_MAX_STATES"))
        .ok()
        .and_then(|s| NumberKind::Work.parse(&s).ok())
        .unwrap_or(100_000_000_000)
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file in the same
/// directory, synced to disk, then renamed over `path` (and the directory synced where
/// it can be). On any failure (a full disk, a file size limit, a directory in the
/// way) the temporary file is removed and `path` keeps its old content, if any. A
/// symbolic link is written through: the file it points to ([`follow_links`], created
/// if the link dangles) is replaced in its own directory, and the link stays. Threads
/// of one process writing the same file take turns (the last write stays).
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
    write_atomically_with(path, |w| w.write_all(bytes))
}

/// Writes a file atomically as [`write_atomically`] does, its bytes written by `write`
/// to a buffered writer (so that a large file is never held in memory).
///
/// # Errors
/// As [`write_atomically`], and the errors of `write`.
pub fn write_atomically_with(
    path: &std::path::Path,
    write: impl FnOnce(&mut std::io::BufWriter<&std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::io::Write;
    // A symbolic link is written through: the file it points to is replaced, the link stays.
    let path = &follow_links(path)?;
    // Renaming over a device or a pipe would replace it: only regular files are written.
    if path.metadata().is_ok_and(|m| !m.is_file()) {
        return Err(std::io::Error::other("not a regular file"));
    }
    let dir = parent_dir(path);
    let tmp = temporary_path(path)?;
    // Threads of this process writing the same file share its temporary file's name:
    // one writes at a time, and the last one's content stays.
    let _turn = TemporaryClaim::take(&tmp);
    let result = (|| {
        // A stale temporary file that is a link (symbolic, or a second name of another
        // file) is removed, not written through: its name is predictable.
        // A directory there is not removed (it is no file grundy left) but named. (A
        // pipe is opened and written, blocking until it is read: the CLI's tests hold
        // a save so.)
        if let Ok(m) = std::fs::symlink_metadata(&tmp) {
            if m.file_type().is_symlink() || shared_file(&m) {
                std::fs::remove_file(&tmp)?;
            } else if m.is_dir() {
                return Err(temporary_in_the_way(&tmp));
            }
        }
        let f = std::fs::File::create(&tmp)?;
        let mut w = std::io::BufWriter::with_capacity(1 << 20, &f);
        write(&mut w)?;
        w.flush()?;
        drop(w);
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

/// Checks, before a long computation, that [`write_atomically`] can later write
/// `path`: it is not a directory or another kind of file than a regular one, and a file
/// can be created in its directory (a symbolic link is followed, as the write does).
///
/// # Errors
/// The I/O error that the write would meet, or "it is a directory" and "not a regular
/// file" ([`std::io::ErrorKind::InvalidInput`]).
pub fn check_writable(path: &std::path::Path) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    if path.as_os_str().is_empty() {
        return Err(Error::new(ErrorKind::InvalidInput, "an empty path"));
    }
    // `a.db/`, `a.db/.` name a directory: the final rename to them would fail (and
    // `Path::file_name` drops their ending, so the probe below would not see it).
    let names_a_directory = |p: &std::path::Path| {
        let b = p.as_os_str().as_encoded_bytes();
        let last = b.rsplit(|&c| c == b'/').next().unwrap_or(b);
        matches!(last, b"" | b"." | b"..")
    };
    if names_a_directory(path) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "it names a directory (it ends with '/', '.' or '..')",
        ));
    }
    let target = follow_links(path)?;
    if names_a_directory(&target) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            "it is a link to a directory's name",
        ));
    }
    if target.is_dir() {
        return Err(Error::new(ErrorKind::InvalidInput, "it is a directory"));
    }
    if let Ok(meta) = target.metadata() {
        if !meta.is_file() {
            return Err(Error::new(ErrorKind::InvalidInput, "not a regular file"));
        }
        check_replaceable(&target, &meta)?;
    }
    // The temporary file itself, created and removed: its directory, permissions and a
    // name too long are found now. (A file being written by another thread of this
    // process is not touched.)
    let probe = temporary_path(&target)?;
    if CLAIMED
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .contains(&claim_key(&probe))
    {
        return Ok(());
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map(|_| {
            let _ = std::fs::remove_file(&probe);
        })
        .or_else(|e| match e.kind() {
            // Left by a run that was killed: it is replaced by the write.
            ErrorKind::AlreadyExists if probe.metadata().is_ok_and(|m| m.is_file()) => Ok(()),
            ErrorKind::AlreadyExists if std::fs::symlink_metadata(&probe).is_ok_and(|m| !m.is_file()) => {
                Err(temporary_in_the_way(&probe))
            }
            _ => Err(e),
        })
}

/// Checks that the existing file `target` (its metadata `file`) can be replaced by the rename that ends a
/// write: it can be opened for writing (not immutable, append-only or read-only to this
/// user), and, in a directory with the sticky bit (`/tmp`, a shared directory), it or
/// the directory is this user's. A hostile check: a database in a shared directory,
/// another user's, passed the check of its directory and was refused only by the save
/// after the search.
fn check_replaceable(target: &std::path::Path, file: &std::fs::Metadata) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    let why = |e: Error| Error::new(e.kind(), format!("the file there cannot be replaced ({e})"));
    std::fs::OpenOptions::new().write(true).open(target).map_err(why)?;
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        let dir = std::fs::metadata(parent_dir(target))?;
        if me != 0 && dir.mode() & 0o1000 != 0 && file.uid() != me && dir.uid() != me {
            return Err(why(Error::new(
                ErrorKind::PermissionDenied,
                "another user's file in a directory with the sticky bit",
            )));
        }
    }
    Ok(())
}

/// The error for a temporary file's name taken by a directory, a pipe or a device:
/// the write does not remove it (it is not a file grundy left), so it names it.
fn temporary_in_the_way(tmp: &std::path::Path) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!(
            "its temporary file {} is taken by a directory or another kind of file than a regular one; remove it",
            tmp.display()
        ),
    )
}

/// The key of a temporary file in [`CLAIMED`], one however its path is spelled
/// (`s.db`, `./s.db`, `/abs//s.db`): its directory's canonical path and its name.
fn claim_key(tmp: &std::path::Path) -> std::path::PathBuf {
    std::fs::canonicalize(parent_dir(tmp))
        .ok()
        .zip(tmp.file_name())
        .map_or_else(|| tmp.to_path_buf(), |(d, n)| d.join(n))
}

/// True for a regular file with more than one name (a hard link).
fn shared_file(m: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        m.is_file() && m.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        false
    }
}

/// The temporary files being written by this process's threads ([`write_atomically_with`]).
static CLAIMED: std::sync::Mutex<Vec<std::path::PathBuf>> = std::sync::Mutex::new(Vec::new());
/// Wakes the writers waiting for a temporary file of [`CLAIMED`].
static RELEASED: std::sync::Condvar = std::sync::Condvar::new();

/// A thread's turn to write a temporary file: taken when no other thread of the
/// process writes it, given back on drop (also when the write fails or panics).
struct TemporaryClaim(std::path::PathBuf);

impl TemporaryClaim {
    fn take(tmp: &std::path::Path) -> TemporaryClaim {
        let key = claim_key(tmp);
        let tmp = key.as_path();
        let mut claimed = CLAIMED.lock().unwrap_or_else(|p| p.into_inner());
        while claimed.iter().any(|c| c == tmp) {
            claimed = RELEASED.wait(claimed).unwrap_or_else(|p| p.into_inner());
        }
        claimed.push(tmp.to_path_buf());
        TemporaryClaim(tmp.to_path_buf())
    }
}

impl Drop for TemporaryClaim {
    fn drop(&mut self) {
        let mut claimed = CLAIMED.lock().unwrap_or_else(|p| p.into_inner());
        claimed.retain(|c| c != &self.0);
        RELEASED.notify_all();
    }
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

/// Removes the temporary files of `path` ([`temporary_path`]) left by processes that
/// no longer run (killed during a write, by SIGKILL or the out-of-memory killer, when
/// nothing could remove them): a database of gigabytes would otherwise leave its copy
/// beside it for good. Only a file of the name this program writes, untouched for an
/// hour, whose process no longer runs (`kill(pid, 0)`) goes; any other is left. Errors
/// are ignored (the files are only clutter).
pub fn remove_stale_temporaries(path: &std::path::Path) {
    let Ok(path) = follow_links(path) else { return };
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = std::fs::read_dir(parent_dir(&path)) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        // Only the names this program writes: digits, no sign or leading zero.
        let Some(digits) = file.strip_prefix(&prefix) else {
            continue;
        };
        if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(pid) = digits.parse::<libc::pid_t>() else {
            continue;
        };
        if pid as u32 == std::process::id() {
            continue;
        }
        // Untouched for an hour: a save in progress writes on, and on a disk shared
        // between machines (another pid namespace) a pid says nothing of the writer.
        let idle = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > std::time::Duration::from_secs(3600));
        if !idle {
            continue;
        }
        // SAFETY: kill(2) with signal 0 sends nothing; it only checks the pid.
        let gone =
            unsafe { libc::kill(pid, 0) } == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        if gone {
            let _ = std::fs::remove_file(entry.path());
        }
    }
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
    read_text_of(open_for_reading(path)?, max_bytes)
}

/// Reads standard input whole as [`read_text_bounded`] reads a file: at most
/// `max_bytes`, stopping at a NUL byte, UTF-8 text. For a graph file named `-`.
///
/// # Errors
/// As [`read_text_bounded`]; the system's error when standard input is closed.
pub fn read_stdin_bounded(max_bytes: u64) -> std::io::Result<String> {
    read_text_of(open_stdin()?, max_bytes)
}

/// Standard input as a file (a second descriptor of it): its metadata are those of
/// what it is (a regular file's size, a pipe), and it reads as any file.
///
/// # Errors
/// The system's error when standard input is closed.
pub fn open_stdin() -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        Ok(std::fs::File::from(std::io::stdin().as_fd().try_clone_to_owned()?))
    }
    #[cfg(not(unix))]
    {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "standard input is read as a file on Unix only",
        ))
    }
}

/// [`read_text_bounded`] of an open file.
fn read_text_of(mut file: std::fs::File, max_bytes: u64) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read};
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

/// Reads the text file at `path` ([`read_text_bounded`]) within a `fraction`th of the
/// memory limit of `ctl`: for a reader whose parsed result takes up to `fraction` times
/// its text (a certificate). `what` names the file in messages (`the certificate
/// k.json`).
///
/// # Errors
/// [`Error::TooLarge`] for a file larger than that bound ([`too_large_to_read`]: the
/// limit that would read it, so the message names the option that raises the limit);
/// [`Error::File`] naming `what` for any other refusal (missing, not text, a NUL byte).
pub fn read_text_within(path: &std::path::Path, ctl: &Control, fraction: u64, what: &str) -> Result<String> {
    let bound = ctl.memory_limit() / fraction.max(1);
    read_text_bounded(path, bound).map_err(|e| {
        if e.kind() == std::io::ErrorKind::FileTooLarge {
            too_large_to_read(path, what, ctl, fraction)
        } else {
            Error::file(format!("cannot read {what}"), &e)
        }
    })
}

/// The refusal to read `path` (named `what`) whole within a `fraction`th of the memory
/// limit of `ctl`: the estimate is the file's size times `fraction`, the memory its
/// reader would take.
pub fn too_large_to_read(path: &std::path::Path, what: &str, ctl: &Control, fraction: u64) -> Error {
    let fraction = fraction.max(1);
    let bound = ctl.memory_limit() / fraction;
    let human = crate::error::human_bytes;
    // A pipe or a device has no size: the text read before stopping is the estimate.
    let (size, text) = match std::fs::metadata(path).map(|m| m.len()) {
        Ok(n) if n > bound => (n, format!("{} of text", human(n))),
        _ => (
            bound.saturating_add(1),
            format!("more than {} of text, where reading stopped", human(bound)),
        ),
    };
    Error::TooLarge {
        what: format!("reading {what}"),
        estimate_bytes: size.saturating_mul(fraction),
        limit_bytes: ctl.memory_limit(),
        detail: format!(
            "{text}; a file is read only within 1/{fraction} of the memory limit, since parsed it takes several times its text"
        ),
    }
}

/// Opens `path` for reading. A named pipe (FIFO) is opened without waiting for a
/// writer (opening one waits for ever when none comes, and Ctrl-C could not stop the
/// wait: a hostile check): with none, it reads as empty; with one, as the text written
/// (a pipe of the shell, `<(command)`, reads as usual).
///
/// # Errors
/// The system's error opening `path` (missing, no permission).
pub fn open_for_reading(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        use std::os::unix::io::AsRawFd;
        if std::fs::metadata(path)?.file_type().is_fifo() {
            let file = std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)?;
            // Reads wait for the writer's text again, as for any pipe.
            // SAFETY: fcntl on a descriptor this function owns; F_GETFL and F_SETFL
            // read and set its status flags only.
            unsafe {
                let fd = file.as_raw_fd();
                let flags = libc::fcntl(fd, libc::F_GETFL);
                if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            return Ok(file);
        }
    }
    std::fs::File::open(path)
}

/// Available memory in bytes from `/proc/meminfo` (`MemAvailable`), if readable.
pub fn available_memory() -> Option<u64> {
    kb_field(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemAvailable:")
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

/// A limit's kind of number: a count ([`parse_count`]), a work limit (a count or
/// `none`) or a size in bytes ([`parse_size`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    /// A count of options, heaps, moves.
    Count,
    /// The work limit: a count, or `none` ([`NO_WORK_LIMIT`]: no limit, for a search
    /// whose work model's estimate is beyond every count).
    Work,
    /// A size in bytes, with an optional binary unit.
    Size,
}

/// The work limit that is none ([`Control::with_work_limit`]): no estimate is refused.
pub const NO_WORK_LIMIT: u64 = u64::MAX;

/// The words every refusal for the heap held has in its detail ([`Error::TooLarge`]):
/// such a refusal names what is held so far, a floor of what the computation needs.
pub const HEAP_MEASURED: &str = "on the heap, measured";

/// True if `e` is a refusal for the heap held, measured ([`HEAP_MEASURED`]), rather
/// than for an estimate made before the work.
pub fn is_heap_measured(e: &Error) -> bool {
    matches!(e, Error::TooLarge { detail, .. } if detail.contains(HEAP_MEASURED))
}

pub use crate::error::PAST_TABLES;

/// True if `e` is a refusal for a dense table past [`PAST_TABLES`]' bound, which no
/// memory limit lifts.
pub fn is_past_tables(e: &Error) -> bool {
    matches!(e, Error::TooLarge { detail, .. } if detail.starts_with(PAST_TABLES))
}

/// The words that end the detail of a memory refusal whose estimate is a floor, counted
/// as a listing went that had not ended ([`Error::TooLarge`]): "… 434176 options
/// listed so far, at least". A limit above it lets the work past that point, not
/// necessarily to its end.
pub const AT_LEAST: &str = "at least";

/// True if `e` is a refusal whose estimate is a floor: a memory refusal whose detail
/// ends with [`AT_LEAST`] or begins "more than" (a search stopped as what it held
/// passed a bound), or a work refusal for work counted as it was done ("counted as it
/// goes", "counted as they are listed"), not estimated before it.
pub fn is_lower_bound(e: &Error) -> bool {
    match e {
        Error::TooLarge { detail, .. } => detail.ends_with(AT_LEAST) || detail.starts_with("more than "),
        Error::TooMuchWork { detail, .. } => detail.contains("counted as"),
        _ => false,
    }
}

/// The words of the detail of a work refusal whose estimate is an upper bound on what
/// is listed one by one (options, [`Error::TooMuchWork`]): not a model's guess that a
/// search may undercut by far (the position engine's), so that lifting the limit lets a
/// run go on that may list as many, and the advice says so.
pub const UPPER_BOUND: &str = "an upper bound";

/// True if `e` is a work refusal whose estimate is an upper bound on the options listed
/// ([`UPPER_BOUND`]).
pub fn is_upper_bound(e: &Error) -> bool {
    matches!(e, Error::TooMuchWork { detail, .. } if detail.contains(UPPER_BOUND))
}

/// True if `text` is the work limit `none` ([`NO_WORK_LIMIT`]; any case, spaces around).
pub fn is_no_work_limit(text: &str) -> bool {
    text.trim().eq_ignore_ascii_case("none")
}

impl NumberKind {
    /// Parses `s` as this kind of number.
    ///
    /// # Errors
    /// Why `s` was refused, for a message that names the option or variable:
    /// `'-3' is not a count (write e.g. 1000000, 1e6 or 10^6)`, `'16E' is too large: a
    /// size is below 2^64 bytes (16E)`.
    pub fn parse(self, s: &str) -> std::result::Result<u64, String> {
        match self {
            NumberKind::Count => parse_count(s).map_err(|e| match e {
                NumberError::Malformed => format!("'{s}' is not a count (write e.g. 1000000, 1e6 or 10^6)"),
                NumberError::TooLarge => format!("'{s}' is larger than 2^64 − 1"),
            }),
            NumberKind::Work if is_no_work_limit(s) => Ok(NO_WORK_LIMIT),
            NumberKind::Work => NumberKind::Count
                .parse(s)
                .map_err(|e| format!("{e}, or none for no limit")),
            NumberKind::Size => parse_size(s).map_err(|e| match e {
                NumberError::Malformed => format!("'{s}' is not a size such as 2G or 512M"),
                NumberError::TooLarge => format!("'{s}' is too large: a size is below 2^64 bytes (16E)"),
            }),
        }
    }
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

    /// Paths that name a directory are refused before a run (`Path::file_name` drops
    /// a trailing `/.`, so the probe looked in the wrong place); a stale temporary file
    /// that is a link to another file is removed, not written through.
    #[test]
    fn the_write_check_and_the_write_do_not_follow_names_or_links_astray() {
        let dir = std::env::temp_dir().join(format!("grundy-astray-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for p in ["new.gz/", "new.gz/.", "new.gz/..", "."] {
            let e = check_writable(&dir.join(p)).unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{p}: {e}");
        }
        check_writable(&dir.join("new.gz")).unwrap();
        #[cfg(unix)]
        {
            let victim = dir.join("victim.txt");
            std::fs::write(&victim, b"keep").unwrap();
            let out = dir.join("out.gz");
            let tmp = temporary_path(&out).unwrap();
            std::os::unix::fs::symlink(&victim, &tmp).unwrap();
            write_atomically(&out, b"new").unwrap();
            assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
            assert_eq!(std::fs::read(&out).unwrap(), b"new");
            assert!(!std::fs::symlink_metadata(&out).unwrap().file_type().is_symlink());
            std::fs::hard_link(&victim, &tmp).unwrap();
            write_atomically(&out, b"newer").unwrap();
            assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
            assert_eq!(std::fs::read(&out).unwrap(), b"newer");
            // A directory where the temporary file goes: named by the check and by
            // the write, and left alone.
            std::fs::create_dir(&tmp).unwrap();
            for e in [
                check_writable(&out).unwrap_err(),
                write_atomically(&out, b"x").unwrap_err(),
            ] {
                let text = e.to_string();
                assert!(
                    text.contains(&tmp.display().to_string()) && text.contains("remove it"),
                    "{text}"
                );
            }
            assert!(tmp.is_dir());
            assert_eq!(std::fs::read(&out).unwrap(), b"newer");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Threads writing one file at once (two Python calls with one `db=` file) share
    /// its temporary file's name: each write is whole, one after the other, and none
    /// fails (they renamed each other's temporary file and mixed their bytes).
    #[test]
    fn threads_writing_one_file_take_turns() {
        let dir = std::env::temp_dir().join(format!("grundy-turns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("shared.db");
        // The same file, spelled four ways: one turn for all.
        let spellings = [
            path.clone(),
            dir.join(".").join("shared.db"),
            dir.join("sub").join("..").join("shared.db"),
            std::path::PathBuf::from(format!("{}//shared.db", dir.display())),
        ];
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::thread::scope(|s| {
            for t in 0..8u8 {
                let path = &spellings[t as usize % 4];
                s.spawn(move || {
                    for _ in 0..20 {
                        write_atomically_with(path, |w| {
                            use std::io::Write;
                            for _ in 0..64 {
                                w.write_all(&[t; 1024])?;
                                std::thread::yield_now();
                            }
                            Ok(())
                        })
                        .unwrap();
                    }
                });
            }
        });
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 64 * 1024);
        assert!(bytes.iter().all(|&b| b == bytes[0]), "one writer's bytes only");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
    fn reads_the_address_space_limit() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max data size             unlimited            unlimited            bytes     \n\
                      Max address space         2048000000           unlimited            bytes     \n";
        assert_eq!(address_space_limit(limits), Some(2_048_000_000));
        assert_eq!(address_space_limit(&limits.replace("2048000000", "unlimited")), None);
        assert_eq!(
            kb_field("VmPeak:\t 5000 kB\nVmSize:\t    3892 kB\n", "VmSize:"),
            Some(3892 * 1024)
        );
        // The process itself: a limit set by the shell is read back (the test does not
        // set one; it only checks that the text is found).
        let own = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
        assert!(own.is_empty() || own.contains("Max address space"));
    }

    #[test]
    fn finds_the_memory_cgroups_and_their_ancestors() {
        let cgroup = "12:cpu,cpuacct:/a\n4:memory:/jobs/job1\n0::/user.slice/u1\n";
        let mountinfo = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n\
                         35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                         32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu,cpuacct\n\
                         41 31 0:38 /user.slice /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        let dirs: Vec<(String, bool)> = cgroup_dirs(cgroup, mountinfo)
            .into_iter()
            .map(|(d, v2)| (d.display().to_string(), v2))
            .collect();
        let want = [
            ("/sys/fs/cgroup/memory/jobs/job1", false),
            ("/sys/fs/cgroup/memory/jobs", false),
            ("/sys/fs/cgroup/memory", false),
            ("/sys/fs/cgroup/unified/u1", true),
            ("/sys/fs/cgroup/unified", true),
        ];
        assert_eq!(dirs, want.map(|(d, v2)| (d.to_string(), v2)));
    }

    /// The buckets `try_grow_map` checks are those the standard library's hash map
    /// makes: every full table grown by one entry has the capacity they give.
    #[test]
    fn hash_map_growth_is_predicted() {
        let mut m: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
        let mut grown = 0;
        for k in 0..200_000u64 {
            if m.len() == m.capacity() {
                let b = map_buckets(m.len() + 1) as usize;
                let capacity = if b <= 8 { b - 1 } else { b / 8 * 7 };
                m.reserve(1);
                assert_eq!(m.capacity(), capacity, "grown from {} entries", m.len());
                grown += 1;
            }
            m.insert(k, k);
        }
        assert!(grown > 10);
    }

    #[test]
    fn cgroup_memory_left_counts_reclaimable_cache_as_free() {
        let dir = std::env::temp_dir().join(format!("grundy-cgroup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("memory.max", "1000000\n");
        write("memory.current", "600000\n");
        write("memory.stat", "anon 400000\nfile 200000\ninactive_file 150000\n");
        assert_eq!(cgroup_left(&dir, true), Some(1_000_000 - 450_000));
        write("memory.max", "max\n");
        assert_eq!(cgroup_left(&dir, true), None);
        write("memory.limit_in_bytes", "9223372036854771712\n");
        write("memory.usage_in_bytes", "5000\n");
        assert_eq!(cgroup_left(&dir, false), None);
        write("memory.limit_in_bytes", "4000\n");
        assert_eq!(cgroup_left(&dir, false), Some(0));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_system_limit_is_the_least_bound() {
        let (bytes, bound) = system_memory_limit();
        assert!(bytes > 0);
        let of = |b: Option<u64>| b.map(|b| b / 10 * 8);
        let expected = match bound {
            MemoryBound::Available => of(available_memory()),
            MemoryBound::AddressSpace => of(address_space_left()),
            MemoryBound::Cgroup => of(cgroup_memory_left()),
            MemoryBound::Unknown => Some(4 << 30),
        };
        // Memory use changes between the two readings; they agree within 10%.
        let e = expected.expect("the bound that set the limit was readable");
        assert!(bytes.abs_diff(e) <= e / 10 + (1 << 20), "{bytes} {e} {bound:?}");
    }

    #[test]
    fn refused_allocations_are_errors() {
        let mut v: Vec<u32> = vec![1, 2];
        let e = try_reserve_exact(&mut v, usize::MAX / 8, || "a table".into()).unwrap_err();
        assert!(matches!(e, Error::OutOfMemory { .. }), "{e}");
        let e = try_reserve(&mut v, usize::MAX / 8, || "a table".into()).unwrap_err();
        assert!(matches!(e, Error::OutOfMemory { .. }), "{e}");
        assert_eq!(v, [1, 2]);
        assert_eq!(try_filled(3, 7u8, || "x".into()).unwrap(), [7, 7, 7]);
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

    /// A named pipe with no writer reads as empty text, at once: opening it waited for
    /// a writer for ever, and Ctrl-C could not stop the wait (a hostile check's
    /// `node-kayles("@fifo")`, `graph fifo`, `census fifo`, `period --check fifo`).
    #[cfg(target_os = "linux")]
    #[test]
    fn a_named_pipe_without_a_writer_does_not_wait() {
        let dir = std::env::temp_dir().join(format!("grundy-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("f");
        let _ = std::fs::remove_file(&fifo);
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: mkfifo with a NUL-terminated path this test owns.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (tx, rx) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = tx.send(read_text_bounded(&path, 1 << 20).map_err(|e| e.to_string()));
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(20));
        assert_eq!(got, Ok(Ok(String::new())));
        // A pipe that was written to (as `<(command)` gives one): the text written.
        let mut fds = [0; 2];
        // SAFETY: pipe fills the two descriptors of a new pipe, which this test owns;
        // write and close use them only.
        unsafe {
            assert_eq!(libc::pipe(fds.as_mut_ptr()), 0);
            assert_eq!(libc::write(fds[1], b"a-b b-c\n".as_ptr().cast(), 8), 8);
            libc::close(fds[1]);
        }
        let path = std::path::PathBuf::from(format!("/proc/self/fd/{}", fds[0]));
        assert_eq!(read_text_bounded(&path, 1 << 20).unwrap(), "a-b b-c\n");
        // SAFETY: the read end, still this test's.
        unsafe { libc::close(fds[0]) };
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
