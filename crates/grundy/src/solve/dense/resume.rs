//! The checks a dense run makes on saved codes (a checkpoint's) before it resumes
//! from them. A checksum only catches accidents (anyone can recompute it), so the
//! values themselves are checked against the rules:
//!
//! - **Every value is one the rules can give.** A heap below the first position holds
//!   0. A heap's options are nim-sums of the values of smaller heaps, all below
//!   2^b when the largest of them has b bits, so its value (their mex) is at most 2^b;
//!   and a mex is at most the number of options, so each new largest value is at most
//!   [`HeapRuleset::options_bound`] at its heap (for a powerset ruleset, the code, the
//!   exponent + 1, is at most the size of the base). This reads every value once.
//! - **The memory the values need fits.** The engine's sets indexed by value
//!   ([`DenseStep::bytes_per_value`]) up to the largest saved value, with the table,
//!   are checked against the memory limit before the engine sees a value.
//! - **A sample is recomputed from the rules**: the last heap, then the heaps before it
//!   up to the last [`LAST_HEAPS`], and up to [`RANDOM_HEAPS`] heaps drawn at random (a
//!   new draw every run) below them, each by the generic evaluator (every option
//!   enumerated through [`HeapRuleset::for_each_option`], counted as work, so Ctrl-C
//!   stops it within a chunk) from the saved values of the smaller heaps. The last heap
//!   is checked whatever it costs (against the work limit); the others only within a
//!   budget of [`SAMPLE_WORK`] options plus 1/[`CHECK_SHARE`] of the estimated work of
//!   the saved heaps ([`dense_work`]), so that the check costs little beside the run
//!   even where the engine's step is much cheaper than listing options (Nim to 10^8:
//!   the last heap alone has 10^8 options, the engine a few steps a heap).
//!
//! Any failure refuses the checkpoint with one error naming it and the heap; nothing is
//! computed from it.

use super::{generic_step, table_bytes, Checkpoint};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{dense_work, encoding, DenseStep, Encoding, HeapRuleset};

/// The last heaps of saved codes that are always recomputed from the rules.
pub const LAST_HEAPS: u64 = 8;

/// The most heaps below the last ones, drawn at random, that are recomputed.
pub const RANDOM_HEAPS: usize = 56;

/// The options the heaps recomputed besides the last may visit at least (a few
/// hundredths of a second).
pub const SAMPLE_WORK: u128 = 2_000_000;

/// The heaps recomputed besides the last visit at most 1/`CHECK_SHARE` of the
/// estimated work of the saved heaps (beyond [`SAMPLE_WORK`]).
pub const CHECK_SHARE: u128 = 20;

/// Checks `codes`, the saved codes of heaps `0..codes.len()` of `rs` that a run to
/// `to` resumes from, with `step` the engine that will go on from them.
///
/// # Errors
/// [`Error::Input`] naming `ck` and the first heap that fails; [`Error::TooLarge`] if
/// the engine's sets for the largest saved value and the table pass the memory limit;
/// [`Error::TooMuchWork`] if recomputing the last heaps passes the work limit;
/// [`Error::Interrupted`] if cancelled; an error of the generic evaluator (an option
/// that is not smaller than its heap).
pub(crate) fn check(
    rs: &dyn HeapRuleset,
    codes: &[u32],
    step: &dyn DenseStep,
    to: u64,
    ck: &dyn Checkpoint,
    ctl: &Control,
) -> Result<()> {
    let refuse = |why: String| {
        Error::Input(format!(
            "{}: {why}; refusing to use it (delete it to start afresh)",
            ck.name()
        ))
    };
    let enc = encoding(rs);
    let shown = |c: u32| super::decode(c, enc).to_string();
    let largest = check_bounds(rs, codes, enc)
        .map_err(|(n, why)| refuse(format!("heap {n} holds {}, {why}", shown(codes[n as usize]))))?;
    let per_value = step.bytes_per_value();
    ctl.check_memory(
        &format!("a table of {} to {to} resumed from {}", rs.name(), ck.name()),
        table_bytes(rs, to).saturating_add((largest as u64 + 1).saturating_mul(per_value)),
        format!(
            "{} heaps × {} bytes, and {per_value} bytes per value up to the largest saved value, {}",
            to + 1,
            rs.memory().bytes_per_heap,
            shown(largest)
        ),
    )?;
    let mut generic = generic_step(rs);
    generic.track(ctl.meter());
    for n in sample(rs, codes.len() as u64, &ck.name(), ctl)? {
        if ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        let want = generic.value(n, codes)?;
        let have = codes[n as usize];
        if want != have {
            return Err(refuse(format!(
                "heap {n} holds {}, but the mex of its options, from the saved values of the smaller heaps, is {}",
                shown(have),
                shown(want)
            )));
        }
    }
    Ok(())
}

/// Checks that every code is one the rules can give (see the module documentation);
/// returns the largest code, or the heap that fails and why.
fn check_bounds(rs: &dyn HeapRuleset, codes: &[u32], enc: Encoding) -> std::result::Result<u32, (u64, String)> {
    let first = rs.first_heap();
    let mut largest = 0u32;
    for (n, &c) in codes.iter().enumerate() {
        let n = n as u64;
        if n < first {
            if c != 0 {
                return Err((n, "but it is not a position (0 expected)".into()));
            }
            continue;
        }
        if c <= largest {
            continue;
        }
        // The options' values are nim-sums of the values so far, below 2^bits.
        let most = match enc {
            Encoding::Plain => 1u64 << (32 - largest.leading_zeros()),
            Encoding::ZeroOrPow2 => largest as u64 + 1,
        };
        if c as u64 > most {
            let most = match enc {
                Encoding::Plain => most.to_string(),
                Encoding::ZeroOrPow2 => super::decode(most as u32, enc).to_string(),
            };
            return Err((
                n,
                format!(
                    "but its options' values, nim-sums of smaller heaps' values, are all below {most}, so its value is at most {most}"
                ),
            ));
        }
        // A mex is at most the number of options (for a powerset, a value 2^(c−1) needs
        // at least 2^(c−1) subsets of the base: c is at most the size of the base).
        let options = rs.options_bound(n);
        if c as u128 > options {
            let what = if enc == Encoding::Plain {
                "options"
            } else {
                "heaps in its base set"
            };
            return Err((n, format!("but the heap has at most {options} {what}")));
        }
        largest = c;
    }
    Ok(largest)
}

/// The heaps of `0..len` to recompute, ascending: the last position (its work checked
/// against the limit), then, within the budget ([`SAMPLE_WORK`] plus 1/[`CHECK_SHARE`]
/// of the saved heaps' estimated work), the heaps before it down to the last
/// [`LAST_HEAPS`] and up to [`RANDOM_HEAPS`] random ones below those.
fn sample(rs: &dyn HeapRuleset, len: u64, name: &str, ctl: &Control) -> Result<Vec<u64>> {
    let first = rs.first_heap();
    if len <= first {
        return Ok(Vec::new());
    }
    let last = len - 1;
    let last_work = rs.options_bound(last);
    ctl.check_work(
        &format!("checking the last heap of {name}"),
        last_work,
        format!("the options of heap {last}, recomputed from the rules"),
    )?;
    let run = dense_work(rs, first, last);
    let mut budget = (run / CHECK_SHARE)
        .saturating_add(SAMPLE_WORK)
        .min((ctl.work_limit() as u128).saturating_sub(last_work));
    let mut heaps = vec![last];
    let mut low = last;
    while low > first && last - low < LAST_HEAPS - 1 {
        let cost = rs.options_bound(low - 1);
        if cost > budget {
            break;
        }
        budget -= cost;
        low -= 1;
        heaps.push(low);
    }
    if low > first {
        // A new draw every run, so no heap is safe to alter.
        let mut draw = crate::solve::draw::Draw::fresh();
        let mut picked = 0;
        for _ in 0..4 * RANDOM_HEAPS {
            if picked == RANDOM_HEAPS {
                break;
            }
            let n = first + draw.next() % (low - first);
            let cost = rs.options_bound(n);
            if cost <= budget && !heaps.contains(&n) {
                budget -= cost;
                heaps.push(n);
                picked += 1;
            }
        }
    }
    heaps.sort_unstable();
    Ok(heaps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_ruleset;
    use crate::game::Ruleset;
    use crate::solve::dense::{sequence, sequence_checkpointed};
    use std::sync::{Arc, Mutex};

    /// A checkpoint in memory, recording where a run resumed.
    #[derive(Default)]
    struct InMemory {
        codes: Mutex<Vec<u32>>,
        resumed: Mutex<Option<u64>>,
    }

    impl Checkpoint for InMemory {
        fn load(&self, _: &dyn HeapRuleset, _: &Control) -> Result<Vec<u32>> {
            Ok(self.codes.lock().unwrap().clone())
        }
        fn save(&self, _: &dyn HeapRuleset, codes: &[u32]) -> Result<()> {
            *self.codes.lock().unwrap() = codes.to_vec();
            Ok(())
        }
        fn resumed(&self, heaps: u64) {
            *self.resumed.lock().unwrap() = Some(heaps);
        }
    }

    fn heap(name: &str) -> Arc<dyn HeapRuleset> {
        match parse_ruleset(name).unwrap() {
            Ruleset::Heap(h) => h,
            _ => unreachable!("{name} is a heap ruleset"),
        }
    }

    /// Resumes a run of `rs` to `to` from `prefix`; the error, if the checks refuse it.
    fn resume(rs: &dyn HeapRuleset, prefix: Vec<u32>, to: u64, ctl: &Control) -> Result<Vec<u32>> {
        let ck = InMemory::default();
        let (seq, stopped) = sequence_checkpointed(rs, prefix, to, ctl, Some(&ck))?;
        assert!(stopped.is_none());
        Ok(seq.into_codes())
    }

    #[test]
    fn genuine_values_resume_and_say_so() {
        let ctl = Control::new();
        for name in ["kayles", "4!.0", "maliquot", "powerset-saliquot", "nontotative"] {
            let rs = heap(name);
            let full = sequence(rs.as_ref(), 3000, &ctl).unwrap().into_codes();
            let ck = InMemory::default();
            *ck.codes.lock().unwrap() = full[..1500].to_vec();
            let prefix = ck.load(rs.as_ref(), &ctl).unwrap();
            let (seq, stopped) = sequence_checkpointed(rs.as_ref(), prefix, 3000, &ctl, Some(&ck)).unwrap();
            assert!(stopped.is_none());
            assert_eq!(seq.codes(), full, "{name}");
            assert_eq!(*ck.resumed.lock().unwrap(), Some(1500), "{name}");
            assert_eq!(*ck.codes.lock().unwrap(), full, "{name}: saved at the end");
        }
    }

    #[test]
    fn a_wrong_value_at_any_of_the_last_heaps_is_refused() {
        let ctl = Control::new();
        for name in ["kayles", "powerset-saliquot"] {
            let rs = heap(name);
            let full = sequence(rs.as_ref(), 1499, &ctl).unwrap().into_codes();
            for n in 1500 - LAST_HEAPS as usize..1500 {
                let mut codes = full.clone();
                // Another value within the bounds: 0 ↔ 1 (for a powerset, 0 ↔ 2^0).
                codes[n] = u32::from(codes[n] == 0);
                let e = resume(rs.as_ref(), codes, 2000, &ctl).unwrap_err().to_string();
                assert!(
                    e.contains(&format!("the checkpoint: heap {n} holds")) && e.contains("mex of its options"),
                    "{name}: {e}"
                );
            }
        }
    }

    #[test]
    fn values_the_rules_cannot_give_are_refused() {
        let ctl = Control::new();
        let refusal = |name: &str, change: &dyn Fn(&mut Vec<u32>)| {
            let rs = heap(name);
            let mut codes = sequence(rs.as_ref(), 200, &ctl).unwrap().into_codes();
            change(&mut codes);
            match resume(rs.as_ref(), codes, 300, &ctl) {
                Err(Error::Input(e)) => e,
                other => panic!("{name}: {other:?}"),
            }
        };
        // Heap 0 is not a position of maliquot.
        let e = refusal("maliquot", &|c| c[0] = 1);
        assert!(e.contains("heap 0 holds 1, but it is not a position"), "{e}");
        // Kayles' values below heap 100 are below 16 (the largest is 8): a mex is at
        // most 16.
        let e = refusal("kayles", &|c| c[100] = 17);
        assert!(
            e.contains("heap 100 holds 17, but its options' values") && e.contains("at most 16"),
            "{e}"
        );
        // subtraction[1,2] has two options: its values are at most 2.
        let e = refusal("subtraction[1,2]", &|c| c[150] = 3);
        assert!(
            e.contains("heap 150 holds 3, but the heap has at most 2 options"),
            "{e}"
        );
        // A powerset value 2^k needs k + 1 heaps in the base.
        let e = refusal("powerset-saliquot", &|c| c[50] = c.iter().max().unwrap() + 1);
        assert!(e.contains("heap 50 holds") && e.contains("at most"), "{e}");
    }

    /// The engine's sets indexed by value (16 bytes per value for take-and-break) are
    /// checked with the table before the engine sees the values: a crafted value it
    /// would size them by is refused for memory, not allocated.
    #[test]
    fn memory_for_the_largest_saved_value_is_checked_first() {
        let rs = heap("0.137");
        // The largest values the bounds allow: each a new largest value.
        let mut codes = vec![0u32];
        for n in 1..=6000u64 {
            let largest = *codes.iter().max().unwrap();
            let most = (1u64 << (32 - largest.leading_zeros())).min(rs.options_bound(n) as u64);
            codes.push(most as u32);
        }
        let largest = *codes.iter().max().unwrap() as u64;
        assert!(largest > 1000, "{largest}");
        let table = 6001 * rs.memory().bytes_per_heap;
        let ctl = Control::new().with_memory_limit(table + 8 * largest);
        let e = resume(rs.as_ref(), codes.clone(), 6000, &ctl).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        assert!(e.to_string().contains("16 bytes per value"), "{e}");
        // With room for them, the values are checked, and refused.
        let e = resume(rs.as_ref(), codes, 6000, &Control::new()).unwrap_err();
        assert!(matches!(e, Error::Input(_)), "{e}");
    }

    #[test]
    fn the_sample_is_the_last_heaps_and_random_ones_within_the_budget() {
        let rs = heap("maliquot");
        let ctl = Control::new();
        for len in [1u64, 2, 5, 9, 100, 1_000_000] {
            let s = sample(rs.as_ref(), len, "x", &ctl).unwrap();
            let low = len.saturating_sub(LAST_HEAPS).max(1);
            assert!(s.windows(2).all(|w| w[0] < w[1]), "{len}: {s:?}");
            assert!((low..len).all(|n| s.contains(&n)), "{len}: {s:?}");
            let random = s.iter().filter(|&&n| n < low).count();
            assert!(random <= RANDOM_HEAPS && s.iter().all(|&n| n >= 1), "{len}: {s:?}");
            if len == 1_000_000 {
                assert_eq!(random, RANDOM_HEAPS, "cheap heaps: the full sample");
            }
        }
        // The last heap is checked against the work limit.
        let nim = heap("nim");
        let small = Control::new().with_work_limit(1000);
        assert!(matches!(
            sample(nim.as_ref(), 1 << 30, "x", &small),
            Err(Error::TooMuchWork { .. })
        ));
    }

    /// Where the engine's step is much cheaper than listing options, the check stays a
    /// small part of the run: Nim to 10^8 recomputed its last 8 heaps, 8·10^8 options
    /// against a few steps a heap for the run; now the last heap, and the others only
    /// within 1/20 of the run's estimated work.
    #[test]
    fn the_check_is_bounded_by_the_work_of_the_saved_heaps() {
        let ctl = Control::new();
        for (name, len) in [
            ("nim", 100_000_000u64),
            ("nim", 1 << 30),
            ("subtraction[1,2]", 1 << 20),
            ("maliquot", 1 << 24),
        ] {
            let rs = heap(name);
            let s = sample(rs.as_ref(), len, "x", &ctl).unwrap();
            assert_eq!(s.last(), Some(&(len - 1)), "{name}: the last heap is always checked");
            let cost: u128 = s.iter().map(|&n| rs.options_bound(n)).sum();
            let budget = SAMPLE_WORK + dense_work(rs.as_ref(), rs.first_heap(), len - 1) / CHECK_SHARE;
            assert!(
                cost <= rs.options_bound(len - 1) + budget,
                "{name} to {len}: {cost} > {budget}"
            );
        }
        // Nim's heaps before the last cost more than the whole budget (smaller random
        // heaps may fit).
        let s = sample(heap("nim").as_ref(), 100_000_000, "x", &ctl).unwrap();
        assert!(s.iter().all(|&n| n == 99_999_999 || n < 99_999_992), "{s:?}");
    }
}
