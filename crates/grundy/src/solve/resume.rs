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
//! - **A sample is recomputed from the rules**: the last [`LAST_HEAPS`] heaps and up
//!   to [`RANDOM_HEAPS`] heaps drawn at random (a new draw every run) below them, each
//!   by the generic evaluator (every option enumerated through
//!   [`HeapRuleset::for_each_option`]) from the saved values of the smaller heaps. The
//!   last heaps are checked whatever they cost (against the work limit); the random
//!   ones within [`SAMPLE_WORK`] options or a hundredth of the work of the saved
//!   heaps, whichever is larger, so the check costs little beside the run.
//!
//! Any failure refuses the checkpoint with one error naming it and the heap; nothing is
//! computed from it.

use super::dense::{generic_step, table_bytes, Checkpoint};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{dense_work, encoding, DenseStep, Encoding, HeapRuleset};
use std::hash::{BuildHasher, Hasher};

/// The last heaps of saved codes that are always recomputed from the rules.
pub const LAST_HEAPS: u64 = 8;

/// The most heaps below the last ones, drawn at random, that are recomputed.
pub const RANDOM_HEAPS: usize = 56;

/// The options the random heaps may visit at least (about a tenth of a second).
pub const SAMPLE_WORK: u128 = 10_000_000;

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
    let shown = |c: u32| super::dense::decode(c, enc).to_string();
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
                Encoding::ZeroOrPow2 => super::dense::decode(most as u32, enc).to_string(),
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

/// The heaps of `0..len` to recompute, ascending: the last [`LAST_HEAPS`] positions
/// (their work checked against the limit) and up to [`RANDOM_HEAPS`] random ones below
/// them within the sample budget.
fn sample(rs: &dyn HeapRuleset, len: u64, name: &str, ctl: &Control) -> Result<Vec<u64>> {
    let first = rs.first_heap();
    let low = len.saturating_sub(LAST_HEAPS).max(first);
    let mut heaps: Vec<u64> = (low..len).collect();
    let last_work = heaps
        .iter()
        .map(|&n| rs.options_bound(n))
        .fold(0u128, u128::saturating_add);
    ctl.check_work(
        &format!("checking the last {} heaps of {name}", heaps.len()),
        last_work,
        format!("the options of heaps {low}..{len}, recomputed from the rules"),
    )?;
    if low > first {
        let run = dense_work(rs, first, len - 1);
        let mut budget = (run / 100)
            .max(SAMPLE_WORK)
            .min((ctl.work_limit() as u128).saturating_sub(last_work));
        // A new draw every run (std's random hasher keys), so no heap is safe to alter.
        let mut state = std::collections::hash_map::RandomState::new().build_hasher().finish();
        let mut picked = 0;
        for _ in 0..4 * RANDOM_HEAPS {
            if picked == RANDOM_HEAPS {
                break;
            }
            let n = first + splitmix64(&mut state) % (low - first);
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

/// The next number of the SplitMix64 generator (Steele, Lea & Flood 2014) at `state`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
