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
use crate::value::Nimber;

/// Outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Value 0: the previous player (the one who just moved) wins.
    P,
    /// Value ≠ 0: the next player (the one to move) wins.
    N,
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
}

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
/// Errors: those of evaluation ([`Error::TooLarge`], [`Error::NoFormula`], …);
/// [`Error::Unsupported`] for powerset components, whose options are subsets.
pub fn moves(ev: &mut Evaluator, pos: &Position, all: bool) -> Result<MoveList> {
    let total = ev.value(pos)?;
    let mut winning = Vec::new();
    let mut options = all.then(Vec::new);
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
                if ruleset.is_powerset() && !heaps.is_empty() {
                    return Err(Error::Unsupported(format!(
                        "moves in {} (a powerset ruleset) are not listed yet",
                        ruleset.name()
                    )));
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
                                for p in &parts {
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
                        record(next, v);
                    }
                }
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
    Ok(MoveList {
        value: total,
        winning,
        options,
    })
}
