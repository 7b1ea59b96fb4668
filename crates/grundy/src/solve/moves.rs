//! Disjunctive sums: values, outcomes and winning moves.
//!
//! A move in a sum is a move in exactly one component; in a component that is a sum of
//! heaps, a move in exactly one heap, which is replaced by the option's heaps (options
//! of heap rulesets are themselves sums). A move is winning when it leads to a position
//! of value 0 (a P-position).

use super::Evaluator;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::position::push_part;
use crate::game::{Component, Part, Position};
use crate::value::xor_basis::{members, XorBasis};
use crate::value::Nimber;
use num_bigint::BigUint;

/// Outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Value 0: the previous player (the one who just moved) wins.
    P,
    /// Value ≠ 0: the next player (the one to move) wins.
    N,
    /// A draw: neither player can force a win (only in loopy games, value `∞(K)` with
    /// `0 ∉ K`; see [`crate::value::LoopyValue::outcome`]).
    D,
}

impl Outcome {
    /// The outcome of a finite nim-value.
    pub fn of(v: &Nimber) -> Outcome {
        if v.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// The moves from a position.
#[derive(Clone, Debug)]
pub struct MoveList {
    /// The position's value.
    pub value: Nimber,
    /// The options of value 0, in enumeration order.
    pub winning: Vec<Position>,
    /// Every option with its value (only when requested).
    pub options: Option<Vec<(Position, Nimber)>>,
    /// The number of winning moves; larger than `winning.len()` when a powerset heap
    /// has more than [`LISTED_SUBSET_MOVES`] of them (only that many are listed).
    pub winning_total: BigUint,
    /// With `all`: the number of options; larger than `options.len()` when a powerset
    /// heap has more than [`LISTED_SUBSET_MOVES`] of them.
    pub options_total: Option<BigUint>,
}

/// The most moves listed for one powerset heap (of each kind: winning, and all with
/// `--all`); the totals are still counted exactly.
pub const LISTED_SUBSET_MOVES: usize = 1000;

/// The most options `moves` will enumerate for one heap or tuple.
pub const MAX_OPTIONS: u128 = 20_000_000;

fn check_options(ctl: &Control, what: impl FnOnce() -> String, bound: u128) -> Result<()> {
    if bound > MAX_OPTIONS.min(ctl.state_limit() as u128) {
        return Err(Error::TooManyStates {
            what: format!("listing the options of {}", what()),
            states: bound,
            limit: MAX_OPTIONS.min(ctl.state_limit() as u128) as u64,
        });
    }
    Ok(())
}

/// Lists the winning moves of `pos` (and, with `all`, every option with its value).
///
/// A move in a powerset heap replaces it by a nonempty subset of its base set; the
/// winning ones are the subsets whose XOR is the value the rest of the sum needs, found
/// with an XOR basis of the base values (counted exactly, listed up to
/// [`LISTED_SUBSET_MOVES`] per heap).
///
/// Errors: those of evaluation ([`Error::TooLarge`], [`Error::NoFormula`], …) and
/// [`Error::TooManyStates`] when a heap has too many options to enumerate.
pub fn moves(ev: &mut Evaluator, pos: &Position, all: bool) -> Result<MoveList> {
    let total = ev.value(pos)?;
    let mut winning = Vec::new();
    let mut options = all.then(Vec::new);
    // Extra moves counted but not listed (powerset heaps).
    let mut unlisted_winning = BigUint::from(0u32);
    let mut unlisted_options = BigUint::from(0u32);
    let mut record = |p: Position, v: Nimber| {
        if v.is_zero() {
            winning.push(p.clone());
        }
        if let Some(o) = options.as_mut() {
            o.push((p, v));
        }
    };
    for (i, comp) in pos.components.iter().enumerate() {
        match comp {
            Component::Heaps { ruleset, heaps } => {
                if ruleset.is_powerset() {
                    for (j, run) in heaps.iter().enumerate() {
                        let hv = ev.heap_value(ruleset, run.heap)?;
                        let rest = &total ^ &hv;
                        let name = || format!("{}({})", ruleset.name(), run.heap);
                        check_options(ev.control(), name, ruleset.options_bound(run.heap))?;
                        let mut base: Vec<u64> = Vec::new();
                        ruleset.for_each_option(run.heap, &mut |parts| base.extend(parts.iter().map(|p| p.heap)));
                        let mut basis = XorBasis::new();
                        let mut vals = Vec::with_capacity(base.len());
                        for &b in &base {
                            let v = ev.heap_value(ruleset, b)?;
                            basis.insert(&v);
                            vals.push(v);
                        }
                        let subset_parts = |idx: &[usize]| -> Vec<Part> {
                            let mut hs: Vec<u64> = idx.iter().map(|&i| base[i]).collect();
                            hs.sort_unstable();
                            hs.into_iter().map(Part::one).collect()
                        };
                        let wins = basis.subsets_with_xor(&rest, LISTED_SUBSET_MOVES);
                        let count = basis.count_nonempty(&rest);
                        unlisted_winning += count - BigUint::from(wins.len());
                        for s in &wins {
                            let next = replace_heap(pos, i, ruleset, heaps, j, &subset_parts(&members(s)));
                            if !all {
                                record(next, Nimber::ZERO);
                            }
                        }
                        if all {
                            // Winning subsets first, then subsets in binary counting order.
                            let total_subsets = (BigUint::from(1u32) << base.len()) - 1u32;
                            let mut listed = 0usize;
                            let mut mask: u64 = 1;
                            while listed < LISTED_SUBSET_MOVES && (base.len() >= 64 || mask < 1u64 << base.len()) {
                                let idx: Vec<usize> = (0..64.min(base.len())).filter(|k| mask >> k & 1 == 1).collect();
                                let mut v = rest.clone();
                                for &k in &idx {
                                    v ^= &vals[k];
                                }
                                record(replace_heap(pos, i, ruleset, heaps, j, &subset_parts(&idx)), v);
                                listed += 1;
                                mask += 1;
                            }
                            unlisted_options += total_subsets - BigUint::from(listed);
                            // Winning subsets beyond the listed prefix are still reported.
                            let in_prefix = |s: &Vec<usize>| {
                                members(s).iter().all(|&k| k < 64) && {
                                    let m: u64 = members(s).iter().map(|&k| 1u64 << k).sum();
                                    m < mask
                                }
                            };
                            for s in wins.iter().filter(|s| !in_prefix(s)) {
                                let next = replace_heap(pos, i, ruleset, heaps, j, &subset_parts(&members(s)));
                                record(next, Nimber::ZERO);
                                unlisted_options -= 1u32;
                            }
                        }
                    }
                    continue;
                }
                for (j, run) in heaps.iter().enumerate() {
                    let hv = ev.heap_value(ruleset, run.heap)?;
                    let rest = &total ^ &hv;
                    let direct = if all {
                        None
                    } else {
                        ruleset.options_of_value(run.heap, &rest)
                    };
                    let opts: Vec<Vec<Part>> = match direct {
                        Some(o) => o,
                        None => {
                            let name = || format!("{}({})", ruleset.name(), run.heap);
                            check_options(ev.control(), name, ruleset.options_bound(run.heap))?;
                            let mut opts = Vec::new();
                            ruleset.for_each_option(run.heap, &mut |parts| opts.push(parts.to_vec()));
                            opts
                        }
                    };
                    for parts in opts {
                        let mut v = rest.clone();
                        for p in &parts {
                            if p.copies & 1 == 1 {
                                v ^= &ev.heap_value(ruleset, p.heap)?;
                            }
                        }
                        let next = replace_heap(pos, i, ruleset, heaps, j, &parts);
                        record(next, v);
                    }
                }
            }
            Component::Loopy { ruleset, .. } => {
                return Err(super::evaluator::loopy_unsupported(&ruleset.name()));
            }
            Component::Tuple { ruleset, pos: tuple } => {
                let cv = ev.tuple_value(ruleset, tuple)?;
                let rest = &total ^ &cv;
                let name = || format!("{}({})", ruleset.name(), crate::error::Joined(tuple));
                check_options(ev.control(), name, ruleset.options_bound(tuple))?;
                let mut opts: Vec<Vec<u64>> = Vec::new();
                ruleset.for_each_option(tuple, &mut |o| opts.push(o.to_vec()));
                for o in opts {
                    let v = &rest ^ &ev.tuple_value(ruleset, &o)?;
                    let mut next = pos.clone();
                    next.components[i] = Component::Tuple {
                        ruleset: ruleset.clone(),
                        pos: o,
                    };
                    record(next, v);
                }
            }
        }
    }
    let winning_total = BigUint::from(winning.len()) + unlisted_winning;
    let options_total = options.as_ref().map(|o| BigUint::from(o.len()) + unlisted_options);
    Ok(MoveList {
        value: total,
        winning,
        options,
        winning_total,
        options_total,
    })
}

/// `pos` with one heap of run `j` of heap component `i` replaced by the heaps `parts`
/// (empty heaps dropped where heap 0 is not a position).
fn replace_heap(
    pos: &Position,
    i: usize,
    ruleset: &std::sync::Arc<dyn crate::game::HeapRuleset>,
    heaps: &[Part],
    j: usize,
    parts: &[Part],
) -> Position {
    let drop_zero = ruleset.first_heap() > 0;
    let mut runs: Vec<Part> = Vec::with_capacity(heaps.len() + parts.len());
    for (k, r) in heaps.iter().enumerate() {
        if k == j {
            push_part(
                &mut runs,
                Part {
                    heap: r.heap,
                    copies: r.copies - 1,
                },
            );
            for p in parts {
                if !(drop_zero && p.heap == 0) {
                    push_part(&mut runs, *p);
                }
            }
        } else {
            push_part(&mut runs, *r);
        }
    }
    let mut next = pos.clone();
    next.components[i] = Component::Heaps {
        ruleset: ruleset.clone(),
        heaps: runs,
    };
    next
}
