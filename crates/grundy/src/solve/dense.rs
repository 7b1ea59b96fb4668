//! Dense sequence evaluation for heap rulesets: G(0), G(1), …, G(N) in one array pass;
//! [`resume`] checks saved values before a run resumes from them.

pub mod resume;

use crate::control::{Control, WorkMeter, WORK_CHUNK};
use crate::error::{Error, Result};
use crate::game::{DenseStep, Encoding, HeapRuleset, Part, WorkCurve};
use crate::value::{mex_of_slice, MexSet, Nimber};

/// The values of heaps `0..len` of a heap ruleset, stored compactly as `u32` codes
/// (see [`Encoding`]). Heap 0 has code 0 even where it is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimSeq {
    codes: Vec<u32>,
    encoding: Encoding,
}

impl NimSeq {
    /// Wraps codes computed elsewhere.
    pub fn from_codes(codes: Vec<u32>, encoding: Encoding) -> NimSeq {
        NimSeq { codes, encoding }
    }

    /// Number of heaps covered (heaps `0..len`).
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// True if no heap is covered.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The nim-value of heap `n` (panics if `n >= len`).
    pub fn get(&self, n: u64) -> Nimber {
        decode(self.codes[n as usize], self.encoding)
    }

    /// The raw codes.
    pub fn codes(&self) -> &[u32] {
        &self.codes
    }

    /// The raw codes, by value (no copy).
    pub fn into_codes(self) -> Vec<u32> {
        self.codes
    }

    /// The encoding of the codes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The value of heap `n` as `u64` if it fits (always for `Plain` tables).
    pub fn get_u64(&self, n: u64) -> Option<u64> {
        let c = self.codes[n as usize];
        match self.encoding {
            Encoding::Plain => Some(c as u64),
            Encoding::ZeroOrPow2 if c == 0 => Some(0),
            Encoding::ZeroOrPow2 if c <= 64 => Some(1u64 << (c - 1)),
            Encoding::ZeroOrPow2 => None,
        }
    }
}

/// Decodes a table code.
pub(crate) fn decode(code: u32, encoding: Encoding) -> Nimber {
    match encoding {
        Encoding::Plain => Nimber::from(code),
        Encoding::ZeroOrPow2 if code == 0 => Nimber::ZERO,
        Encoding::ZeroOrPow2 => Nimber::pow2(code as u64 - 1),
    }
}

/// The memory checks of a dense table of `rs` to `to`, made before any work: below
/// 2^32 heaps and within the memory limit.
///
/// # Errors
/// [`Error::TooLarge`] for a table of 2^32 − 1 heaps or more (its detail
/// [`crate::error::PAST_TABLES`], which callers that know what answers such heaps
/// extend with [`advise_past_tables`]), or above the memory limit.
pub(crate) fn check_table_memory(rs: &dyn HeapRuleset, to: u64, ctl: &Control) -> Result<()> {
    let name = rs.name();
    if to >= u32::MAX as u64 {
        return Err(Error::TooLarge {
            what: format!("a table of {name} to {to}"),
            estimate_bytes: table_bytes(rs, to),
            limit_bytes: ctl.memory_limit(),
            detail: crate::error::PAST_TABLES.into(),
        });
    }
    ctl.check_memory(
        &format!("a table of {name} to {to}"),
        table_bytes(rs, to),
        format!("{} heaps × {} bytes", to + 1, rs.memory().bytes_per_heap),
    )
}

/// `e` with `advice` (what answers the heaps instead, or that nothing does) after its
/// detail, when `e` is a refusal for a table past the bound no memory limit lifts
/// ([`crate::control::is_past_tables`]); any other error as it is.
pub(crate) fn advise_past_tables(e: Error, advice: impl FnOnce() -> Option<String>) -> Error {
    match e {
        Error::TooLarge {
            what,
            estimate_bytes,
            limit_bytes,
            detail,
        } if detail.starts_with(crate::error::PAST_TABLES) => Error::TooLarge {
            what,
            estimate_bytes,
            limit_bytes,
            detail: match advice() {
                Some(a) => format!("{detail}; {a}"),
                None => detail,
            },
        },
        e => e,
    }
}

/// Bytes a dense table to `to` needs for `rs`.
pub(crate) fn table_bytes(rs: &dyn HeapRuleset, to: u64) -> u64 {
    to.saturating_add(1).saturating_mul(rs.memory().bytes_per_heap)
}

/// Computes the values of heaps `0..=to` of `rs` by the mex rule.
///
/// # Errors
/// [`Error::TooLarge`] if the table exceeds the memory limit (or `to` ≥ 2^32 − 1),
/// [`Error::OutOfMemory`] if the system refuses its memory,
/// [`Error::TooMuchWork`] if its estimated work ([`crate::game::dense_work`]) exceeds
/// the work limit, [`Error::Interrupted`] if cancelled, [`Error::Unsupported`] if an option is not
/// smaller than its heap (the ruleset is not short), and any error of the ruleset's
/// [`HeapRuleset::dense_step`].
///
/// # Example
/// ```
/// use grundy::{rulesets::classic::Subtraction, solve, Control, Error};
/// let s = Subtraction::new(&[1, 3, 4]).unwrap();
/// let seq = solve::sequence(&s, 13, &Control::new()).unwrap();
/// let values: Vec<u64> = (0..=13).map(|n| seq.get_u64(n).unwrap()).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
///
/// // The table is refused before any work if it does not fit the memory limit.
/// let small = Control::new().with_memory_limit(1000);
/// assert!(matches!(solve::sequence(&s, 1_000_000, &small), Err(Error::TooLarge { .. })));
/// ```
pub fn sequence(rs: &dyn HeapRuleset, to: u64, ctl: &Control) -> Result<NimSeq> {
    match sequence_partial(rs, to, ctl)? {
        (seq, None) => Ok(seq),
        (_, Some(e)) => Err(e),
    }
}

/// Like [`sequence`], but when interrupted (or stopped by an engine error midway)
/// returns the finished prefix together with the error, so no finished work is lost.
///
/// # Errors
/// Only the checks made before any work are returned as `Err`: [`Error::TooLarge`] if
/// the table exceeds the memory limit or `to` ≥ 2^32 − 1, [`Error::OutOfMemory`] if the
/// system refuses the table's memory, [`Error::TooMuchWork`] if its work exceeds the
/// work limit. [`Error::Interrupted`] and
/// the errors of the steps (see [`sequence`]) come back as `Ok((prefix, Some(error)))`.
///
/// # Example
/// ```
/// use grundy::{rulesets::classic::Subtraction, solve, Control, Error};
/// use std::sync::atomic::Ordering;
/// let s = Subtraction::new(&[1, 2]).unwrap();
/// let ctl = Control::new();
/// ctl.cancel_flag().store(true, Ordering::Relaxed); // as Ctrl-C would
/// let (prefix, stopped) = solve::sequence_partial(&s, 100, &ctl).unwrap();
/// assert_eq!((prefix.len(), stopped), (0, Some(Error::Interrupted)));
/// ```
pub fn sequence_partial(rs: &dyn HeapRuleset, to: u64, ctl: &Control) -> Result<(NimSeq, Option<Error>)> {
    sequence_resume(rs, Vec::new(), to, ctl)
}

/// Like [`sequence_partial`], but starting from `prefix`, the codes of heaps
/// `0..prefix.len()` computed earlier (a checkpoint): only heaps `prefix.len()..=to`
/// are evaluated, and an engine with state (such as the take-and-break sparse engine)
/// rebuilds it from the prefix on its first step. A prefix longer than `to + 1` is cut.
///
/// # Errors
/// As [`sequence_partial`]: memory checks before any work are returned as `Err`;
/// an interruption or an engine error midway comes back with the finished prefix.
pub fn sequence_resume(
    rs: &dyn HeapRuleset,
    prefix: Vec<u32>,
    to: u64,
    ctl: &Control,
) -> Result<(NimSeq, Option<Error>)> {
    sequence_checkpointed(rs, prefix, to, ctl, None)
}

/// Saves the codes of a dense sequence now and then so that a run can be resumed
/// ([`sequence_resume`]) after it is stopped.
///
/// Saved codes are data: before a run resumes from them, [`sequence_checkpointed`]
/// checks every value against what the rules allow and recomputes a sample of them
/// (see [`super::resume`]).
pub trait Checkpoint: Send + Sync {
    /// The codes saved earlier for `rs` (empty if there are none), read within the
    /// memory limit of `ctl`.
    ///
    /// # Errors
    /// [`Error::Input`] if what was saved is unusable (corrupted, or for another
    /// ruleset); [`Error::TooLarge`] if reading it would pass the memory limit.
    fn load(&self, rs: &dyn HeapRuleset, ctl: &Control) -> Result<Vec<u32>>;

    /// What the checkpoint is, for messages (`checkpoint g.ck`).
    fn name(&self) -> String {
        "the checkpoint".into()
    }

    /// Called when a run resumes from the saved codes, once they passed the checks:
    /// `heaps` of them are used, so the run goes on from heap `heaps`.
    fn resumed(&self, _heaps: u64) {}

    /// Saves the codes of heaps `0..codes.len()` of `rs`.
    ///
    /// # Errors
    /// [`Error::Input`] if they cannot be saved.
    fn save(&self, rs: &dyn HeapRuleset, codes: &[u32]) -> Result<()>;

    /// How much work between two saves.
    fn every(&self) -> std::time::Duration {
        std::time::Duration::from_secs(30)
    }
}

/// Like [`sequence_resume`], saving the codes to `checkpoint` every
/// [`Checkpoint::every`] of work and when the run ends (finished, interrupted or
/// stopped by an error).
///
/// With a checkpoint, a nonempty `prefix` (its saved codes) is first checked
/// ([`resume`]): a value the rules cannot
/// give, or a recomputed heap that differs, refuses it.
///
/// # Errors
/// As [`sequence_partial`], and [`Error::Input`] naming the checkpoint for a prefix that
/// fails the checks (with [`Error::TooLarge`] or [`Error::TooMuchWork`] if checking or
/// using it would pass a limit); a failed save stops the run like an interruption (the
/// finished codes come back with the error, which replaces [`Error::Interrupted`] when
/// the save on stopping fails).
pub fn sequence_checkpointed(
    rs: &dyn HeapRuleset,
    prefix: Vec<u32>,
    to: u64,
    ctl: &Control,
    checkpoint: Option<&dyn Checkpoint>,
) -> Result<(NimSeq, Option<Error>)> {
    let name = rs.name();
    check_table_memory(rs, to, ctl)?;
    let start = (prefix.len() as u64).min(to + 1);
    // The work of the heaps still to compute, checked before any of it is done; progress
    // is reported in units of work, so that the time estimate holds for quadratic work.
    let curve = WorkCurve::new(rs, start, to);
    ctl.check_work(
        &format!("a table of {name} to {to}"),
        curve.total(),
        format!("heaps {start}..={to}, {}", rs.work().describe()),
    )?;
    let mut codes: Vec<u32> = prefix;
    codes.truncate(to as usize + 1);
    // Reserved whole before any work: a refused allocation (under `ulimit -v`, say) is
    // an error, never an abort.
    let more = to as usize + 1 - codes.len();
    crate::control::try_reserve_exact(&mut codes, more, || format!("a table of {name} to {to}"))?;
    let first = rs.first_heap();
    let mut generic;
    let mut custom = rs.dense_step();
    let step: &mut dyn DenseStep = match custom.as_deref_mut() {
        Some(s) => s,
        None => {
            generic = generic_step(rs);
            generic.as_mut()
        }
    };
    if let (Some(ck), false) = (checkpoint, codes.is_empty()) {
        resume::check(rs, &codes, step, to, ck, ctl)?;
        ck.resumed(codes.len() as u64);
    }
    ctl.start(&format!("{name} to {to}"), curve.total().min(u64::MAX as u128) as u64);
    // A step that counts its own work checks for cancellation inside its heaps; for the
    // others the estimated work is counted, and cancellation checked, every WORK_CHUNK
    // units of it (every heap, where heaps are expensive) and every 4096 heaps.
    let metered = step.track(ctl.meter());
    step.reserve(to);
    let mut counted = 0;
    let mut next_check = start;
    let mut stopped = None;
    let mut last_save = std::time::Instant::now();
    for n in start..=to {
        if n >= next_check {
            let done = curve.before(n);
            let units = if metered { 0 } else { done - counted };
            counted = done;
            if let Err(e) = ctl.add_work(units).and_then(|()| ctl.tick(done)) {
                stopped = Some(e);
                break;
            }
            next_check = curve.after(n, WORK_CHUNK, (n | 0xFFF) + 1 - n);
        }
        if n & 0xFFF == 0 {
            if n & 0xFFFFF == 0 {
                if let Some(s) = rs.engine_stats() {
                    ctl.note(&s.summary());
                }
            }
            if n % PROJECTION_EVERY == 0 && n > start {
                if let Some(e) = projected_work(step, &name, n, to, ctl) {
                    stopped = Some(e);
                    break;
                }
            }
            if let Some(ck) = checkpoint.filter(|c| last_save.elapsed() >= c.every()) {
                if let Err(e) = ck.save(rs, &codes) {
                    stopped = Some(e);
                    break;
                }
                last_save = std::time::Instant::now();
            }
        }
        let code = if n < first {
            0
        } else {
            match step.value(n, &codes) {
                Ok(c) => c,
                Err(e) => {
                    stopped = Some(e);
                    break;
                }
            }
        };
        codes.push(code);
    }
    if !metered {
        // The heaps after the last check (counted even when interrupted: they are done).
        let _ = ctl.add_work(curve.before(codes.len() as u64).saturating_sub(counted));
    }
    ctl.finish();
    if let Some(ck) = checkpoint {
        if codes.len() as u64 > start {
            if let Err(e) = ck.save(rs, &codes) {
                // A lost save matters more than the interruption that asked for it.
                if matches!(stopped, None | Some(Error::Interrupted)) {
                    stopped = Some(e);
                }
            }
        }
    }
    Ok((
        NimSeq {
            codes,
            encoding: crate::game::encoding(rs),
        },
        stopped,
    ))
}

/// How often (in heaps) a step that measures its work per heap has the work left
/// projected (`projected_work`): a run that the projection stops keeps the heaps
/// `0..n` for a multiple `n` of this, which a resumed census checks an open row by.
pub const PROJECTION_EVERY: u64 = 0x4000;

/// The work of heaps `n..=to` projected from a step's measured work per heap `w` and
/// its growth exponent `α` ([`DenseStep::work_per_heap`]): Σ w·(k/n)^α over the heaps
/// k left; an error when it passes twice the work limit (the measured exponent is
/// noisy early on, and a stop would lose a run that was accepted).
fn projected_work(step: &dyn DenseStep, name: &str, n: u64, to: u64, ctl: &Control) -> Option<Error> {
    let (per, alpha) = step.work_per_heap()?;
    let (n_f, to_f) = (n as f64, to as f64);
    let rest = per * n_f / (alpha + 1.0) * ((to_f / n_f).powf(alpha + 1.0) - 1.0) + per;
    (rest > 2.0 * ctl.work_limit() as f64).then(|| Error::TooMuchWork {
        what: format!("a table of {name} to {to}"),
        work: rest as u128,
        limit: ctl.work_limit(),
        detail: format!(
            "heaps {n}..={to}, projected from the sparse-space engine's {} steps per heap at heap {n}, growing as heap^{alpha:.2}; the heaps before are kept",
            per.round()
        ),
    })
}

/// Like [`sequence`], but always with the generic evaluator, which enumerates every
/// option through [`HeapRuleset::for_each_option`] (ignoring the ruleset's
/// [`HeapRuleset::dense_step`]): the reference that fast steppers are tested and
/// benchmarked against.
///
/// # Errors
/// As [`sequence`]: [`Error::TooLarge`], [`Error::Interrupted`], and
/// [`Error::Unsupported`] if an option is not smaller than its heap.
pub fn sequence_generic(rs: &dyn HeapRuleset, to: u64, ctl: &Control) -> Result<NimSeq> {
    sequence(&Generic(rs), to, ctl)
}

/// A heap ruleset seen without its specialised dense stepper.
struct Generic<'a>(&'a dyn HeapRuleset);

impl HeapRuleset for Generic<'_> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn first_heap(&self) -> u64 {
        self.0.first_heap()
    }
    fn is_powerset(&self) -> bool {
        self.0.is_powerset()
    }
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        self.0.for_each_option(n, f)
    }
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        self.0.for_each_option_while(n, f)
    }
    fn options_bound(&self, n: u64) -> u128 {
        self.0.options_bound(n)
    }
    fn memory(&self) -> crate::game::MemoryModel {
        self.0.memory()
    }
}

fn not_short(rs: &dyn HeapRuleset, n: u64, heap: u64) -> Error {
    Error::Unsupported(format!(
        "{}: heap {n} has an option containing heap {heap}, which is not smaller; the ruleset is not short (loopy games need the loopy solver)",
        rs.name()
    ))
}

/// The generic evaluator of `rs`, which enumerates every option through
/// [`HeapRuleset::for_each_option`] (for a powerset ruleset, its base heaps).
pub(super) fn generic_step(rs: &dyn HeapRuleset) -> Box<dyn DenseStep + '_> {
    if rs.is_powerset() {
        Box::new(PowersetStep {
            rs,
            seen: MexSet::new(),
            meter: WorkMeter::default(),
        })
    } else {
        Box::new(GenericStep {
            rs,
            vals: Vec::new(),
            scratch: Vec::new(),
            meter: WorkMeter::default(),
            listed: 0,
        })
    }
}

/// Counts one option on `meter`; false once the run is interrupted (the error is kept
/// in `stop`, and the options left are skipped).
#[inline]
fn count_option(meter: &mut WorkMeter, stop: &mut Option<Error>) -> bool {
    if stop.is_none() {
        if let Err(e) = meter.add(1) {
            *stop = Some(e);
        }
    }
    stop.is_none()
}

/// The generic evaluator: enumerate the options, nim-sum each, take the mex.
struct GenericStep<'a> {
    rs: &'a dyn HeapRuleset,
    vals: Vec<u32>,
    scratch: Vec<u64>,
    meter: WorkMeter,
    /// The options listed so far, over all heaps: kept to the work limit, which the
    /// estimate from the ruleset's bound on its options was checked against (a ruleset
    /// given by a function may list more than its bound, or list for ever).
    listed: u64,
}

impl DenseStep for GenericStep<'_> {
    /// Counts every option, so that a heap with millions of options stops within a
    /// chunk of them.
    fn track(&mut self, meter: WorkMeter) -> bool {
        self.meter = meter;
        true
    }

    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.vals.clear();
        let mut bad = None;
        let mut stop = None;
        let vals = &mut self.vals;
        let meter = &mut self.meter;
        let listed = &mut self.listed;
        let limit = meter.work_limit();
        let name = || self.rs.name();
        // The values kept are made distinct when they pass `room`, so that a heap of
        // very many options (a function listing them without end, up to the work
        // limit) holds at most about twice its distinct values, not one per option.
        let mut room = 1usize << 16;
        self.rs.for_each_option_while(n, &mut |parts: &[Part]| {
            if !count_option(meter, &mut stop) {
                return false;
            }
            *listed += 1;
            if *listed > limit {
                stop = Some(Error::TooMuchWork {
                    what: format!("the values of {} to heap {n}", name()),
                    work: u128::from(*listed),
                    limit,
                    detail: format!(
                        "the options listed so far, more than its bound on options estimated (heap {n} lists them past it)"
                    ),
                });
                return false;
            }
            let mut x = 0u32;
            for p in parts {
                if p.heap >= n {
                    bad = Some(p.heap);
                    return false;
                }
                if p.copies & 1 == 1 {
                    x ^= codes[p.heap as usize];
                }
            }
            vals.push(x);
            if vals.len() >= room {
                vals.sort_unstable();
                vals.dedup();
                room = room.max(2 * vals.len());
            }
            true
        });
        if let Some(e) = stop {
            return Err(e);
        }
        if let Some(h) = bad {
            return Err(not_short(self.rs, n, h));
        }
        Ok(mex_of_slice(&self.vals, &mut self.scratch))
    }
}

/// The generic powerset evaluator.
///
/// Every heap value of a powerset ruleset is 0 or a power of two (by induction: the
/// reachable values form a GF(2) span V, or V∖{0}, and the mex of a span whose
/// echelon pivots are the bits E is 2^mex(E)). So with base values 2^e (e ∈ E) and
/// zeros: if some nonempty subset sums to 0 (a zero value or a repeated power), the
/// options reach all of V and the value is 2^mex(E); otherwise 0 is unreachable and the
/// value is 0. Codes: 0 ↦ 0, c ↦ 2^(c−1).
struct PowersetStep<'a> {
    rs: &'a dyn HeapRuleset,
    seen: MexSet,
    meter: WorkMeter,
}

impl DenseStep for PowersetStep<'_> {
    /// Counts every base heap, as [`GenericStep`] counts options.
    fn track(&mut self, meter: WorkMeter) -> bool {
        self.meter = meter;
        true
    }

    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.seen.clear();
        let mut zero_reachable = false;
        let mut bad = None;
        let mut stop = None;
        let seen = &mut self.seen;
        let meter = &mut self.meter;
        self.rs.for_each_option_while(n, &mut |parts: &[Part]| {
            if !count_option(meter, &mut stop) {
                return false;
            }
            for p in parts {
                if p.heap >= n {
                    bad = Some(p.heap);
                    return false;
                }
                let c = codes[p.heap as usize];
                if c == 0 || seen.contains(c as u64 - 1) {
                    zero_reachable = true;
                } else {
                    seen.insert(c as u64 - 1);
                }
            }
            true
        });
        if let Some(e) = stop {
            return Err(e);
        }
        if let Some(h) = bad {
            return Err(not_short(self.rs, n, h));
        }
        Ok(if zero_reachable { self.seen.mex() as u32 + 1 } else { 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_ruleset;
    use crate::control::WORK_CHUNK;
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    fn heap(name: &str) -> Arc<dyn HeapRuleset> {
        parse_ruleset(name).unwrap().as_heap("test").unwrap().clone()
    }

    /// A table grown from a prefix (a resumed checkpoint, the period search doubling its
    /// table, `moves` growing one) holds the same values as one computed at once, for
    /// every heap ruleset of the registry and for steps with state (Nim's running mex
    /// gave G(101) = 0 after resuming at heap 101), whatever the length of the prefix.
    #[test]
    fn every_step_resumes_to_the_same_values() {
        let mut names: Vec<String> = crate::catalog::families()
            .filter(|f| matches!(parse_ruleset(f.name), Ok(crate::game::Ruleset::Heap(_))))
            .map(|f| f.name.to_string())
            .collect();
        names.extend(
            [
                "subtraction[1,3,4]",
                "kayles",
                "0.137",
                "4!.0",
                "0.[7]",
                "0.{2+}=",
                "0.16",
            ]
            .map(String::from),
        );
        assert!(names.len() > 35, "{names:?}");
        let ctl = Control::new();
        let to = 400;
        for name in &names {
            let rs = heap(name);
            let full = sequence(rs.as_ref(), to, &ctl).unwrap().into_codes();
            for k in [1, 2, 3, 7, 100, 257, 400] {
                let (seq, stopped) = sequence_resume(rs.as_ref(), full[..k].to_vec(), to, &ctl).unwrap();
                assert!(stopped.is_none(), "{name}");
                assert_eq!(seq.codes(), &full[..], "{name}: resumed after {k} heaps");
            }
        }
    }

    /// Runs `run` with a fresh control (no work limit) while another thread waits until
    /// `start` units of work are counted and then sets the cancellation flag, as Ctrl-C
    /// would; returns what `run` stopped with and the work counted after the flag was set.
    fn cancel_after(start: u64, run: impl FnOnce(&Control) -> Option<Error>) -> (Option<Error>, u64) {
        let ctl = Control::new().with_work_limit(u64::MAX);
        let watch = ctl.clone();
        let canceller = std::thread::spawn(move || {
            while watch.work_done() < start {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            let at = watch.work_done();
            watch.cancel_flag().store(true, Ordering::Relaxed);
            at
        });
        let stopped = run(&ctl);
        let at = canceller.join().unwrap();
        (stopped, ctl.work_done() - at)
    }

    /// Cancellation is seen within a few chunks of work, also inside heaps that cost
    /// more than a chunk each (it used to be checked every 4096 heaps: after Ctrl-C on
    /// `seq '0.[7]' --to 8000` the run went on for billions of pairs).
    #[test]
    fn cancellation_stops_within_a_few_chunks_of_work() {
        // The take-and-break engine: 0.[F] leaves three heaps for every removal, about
        // n³/36 options for heap n (10^6 from heap 300); 10^8 units are reached near
        // heap 380, and the whole table to 1200 is 1.4·10^10.
        let tb = heap("0.[F]");
        // The generic evaluator on a tail split: n²/4 options per heap (10^6 at 2000).
        let generic = heap("0.[7]");
        // A step that does not count its own work: the dense loop counts its estimate,
        // n/d per heap, and checks every 2^20 units of it.
        let quadratic = heap("divide-and-residue");
        type Run<'a> = Box<dyn Fn(&Control) -> Option<Error> + 'a>;
        let runs: [(&str, u64, Run); 3] = [
            (
                "0.[F]",
                100_000_000,
                Box::new(|ctl| sequence_partial(tb.as_ref(), 1200, ctl).unwrap().1),
            ),
            (
                "generic 0.[7]",
                100_000_000,
                Box::new(|ctl| sequence_generic(generic.as_ref(), 4000, ctl).err()),
            ),
            (
                "divide-and-residue",
                200_000_000,
                Box::new(|ctl| sequence_partial(quadratic.as_ref(), 3_000_000, ctl).unwrap().1),
            ),
        ];
        for (name, start, run) in runs {
            let (stopped, after) = cancel_after(start, run);
            assert_eq!(stopped, Some(Error::Interrupted), "{name}");
            assert!(
                after <= 4 * WORK_CHUNK,
                "{name}: {after} units of work after the cancellation"
            );
        }
    }
}
