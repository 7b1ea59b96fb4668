//! Disjunctive sums with loopy components: values, outcomes and good moves.
//!
//! The game graph of a sum is the product of its components' graphs, so components
//! are solved separately (finite ones by the [`Evaluator`], loopy ones by a
//! [`LoopyExplorer`] within a [`Bound`]) and combined by the sum rule of the
//! generalized Sprague–Grundy theory ([`crate::value::LoopyValue::sum`]; Smith 1966).
//! `c` copies of a heap of value `v` are worth `v` or 0 (finite `v`, `c` odd or even)
//! and `∞()` for infinite `v` and `c ≥ 2`.
//!
//! Good moves: from an N-position the moves to P-positions (they win); from a
//! D-position the moves to D-positions (they keep the draw; every other move loses).
//! From a P-position every move loses. From an undetermined position the moves to
//! P-positions are still listed (a move to a P-position wins whatever the rest is).

use super::explore::{Bound, BoundedValue, LoopyExplorer};
use super::{moves, Evaluator, Method, Outcome};
use crate::error::{Error, Result};
use crate::game::position::push_part;
use crate::game::{Component, LoopyRuleset, Part, Position};
use crate::value::LoopyValue;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Values of positions that may contain loopy components: an [`Evaluator`] for the
/// finite components and one [`LoopyExplorer`] per loopy ruleset, with their caches.
pub struct LoopyEvaluator {
    ev: Evaluator,
    bound: Bound,
    explorers: FxHashMap<String, LoopyExplorer>,
}

/// The moves of a position with loopy components.
#[derive(Clone, Debug)]
pub struct LoopyMoveList {
    /// The position's value.
    pub value: BoundedValue,
    /// Moves to P-positions (winning moves).
    pub winning: Vec<Position>,
    /// From a D-position: the moves to D-positions, which keep the draw.
    pub drawing: Vec<Position>,
    /// Every option with the value of the resulting sum (only when requested).
    pub options: Option<Vec<(Position, BoundedValue)>>,
    /// Heaps whose options could not be listed within the bound.
    pub notes: Vec<String>,
}

impl LoopyEvaluator {
    /// Loopy components are explored within `bound`; finite ones use `ev`.
    pub fn new(ev: Evaluator, bound: Bound) -> LoopyEvaluator {
        LoopyEvaluator {
            ev,
            bound,
            explorers: FxHashMap::default(),
        }
    }

    /// The evaluator of the finite components.
    pub fn evaluator(&mut self) -> &mut Evaluator {
        &mut self.ev
    }

    /// The bound of the loopy explorations.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    fn explorer(&mut self, rs: &Arc<dyn LoopyRuleset>) -> &mut LoopyExplorer {
        let bound = self.bound;
        self.explorers
            .entry(rs.name())
            .or_insert_with(|| LoopyExplorer::new(rs.clone(), bound))
    }

    /// The value of heap `n` of the loopy ruleset `rs`, or undetermined within the
    /// bound. Errors: [`Error::NoFormula`] with `--method formula` (loopy rulesets
    /// have no closed form), memory and interruption errors of the exploration.
    pub fn heap_value(&mut self, rs: &Arc<dyn LoopyRuleset>, n: u64) -> Result<BoundedValue> {
        if self.ev.method() == Method::Formula {
            return Err(Error::NoFormula {
                ruleset: rs.name(),
                detail: Some("a loopy ruleset; its values come from its game graph".into()),
            });
        }
        let ctl = self.ev.control().clone();
        self.explorer(rs).heap_value(n, &ctl)
    }

    /// The value of one component.
    pub fn component_value(&mut self, c: &Component) -> Result<BoundedValue> {
        match c {
            Component::Loopy { ruleset, heaps } => {
                let mut acc = BoundedValue::Value(LoopyValue::finite(0u64));
                for p in heaps {
                    let v = self.heap_value(ruleset, p.heap)?;
                    acc = acc.sum(&copies_value(v, p.copies));
                }
                Ok(acc)
            }
            _ => Ok(BoundedValue::Value(LoopyValue::Finite(self.ev.component_value(c)?))),
        }
    }

    /// The value of a disjunctive sum (the sum rule over its components).
    pub fn value(&mut self, pos: &Position) -> Result<BoundedValue> {
        let mut acc = BoundedValue::Value(LoopyValue::finite(0u64));
        for c in &pos.components {
            acc = acc.sum(&self.component_value(c)?);
        }
        Ok(acc)
    }

    /// The good moves of `pos` (see the module docs) and, with `all`, every option and
    /// the value of the resulting sum. Errors: those of evaluation, and
    /// [`Error::Unsupported`] for powerset components (as [`moves()`](super::moves::moves)).
    pub fn moves(&mut self, pos: &Position, all: bool) -> Result<LoopyMoveList> {
        let values: Vec<BoundedValue> = pos
            .components
            .iter()
            .map(|c| self.component_value(c))
            .collect::<Result<_>>()?;
        let total = values
            .iter()
            .fold(BoundedValue::Value(LoopyValue::finite(0u64)), |a, v| a.sum(v));
        let mut notes = Vec::new();
        let mut options: Vec<(Position, BoundedValue)> = Vec::new();
        for (i, comp) in pos.components.iter().enumerate() {
            let rest = values
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(BoundedValue::Value(LoopyValue::finite(0u64)), |a, (_, v)| a.sum(v));
            for next in self.component_options(comp, &mut notes)? {
                let v = self.component_value(&next)?.sum(&rest);
                let mut p = pos.clone();
                p.components[i] = next;
                options.push((p, v));
            }
        }
        let outcome = total.value().map(LoopyValue::outcome);
        let is = |v: &BoundedValue, o: Outcome| v.value().is_some_and(|x| x.outcome() == o);
        let winning = match outcome {
            Some(Outcome::N) | None => options
                .iter()
                .filter(|(_, v)| is(v, Outcome::P))
                .map(|(p, _)| p.clone())
                .collect(),
            _ => Vec::new(),
        };
        let drawing = match outcome {
            Some(Outcome::D) => options
                .iter()
                .filter(|(_, v)| is(v, Outcome::D))
                .map(|(p, _)| p.clone())
                .collect(),
            _ => Vec::new(),
        };
        Ok(LoopyMoveList {
            value: total,
            winning,
            drawing,
            options: all.then_some(options),
            notes,
        })
    }

    /// The components a move in `comp` leads to.
    fn component_options(&mut self, comp: &Component, notes: &mut Vec<String>) -> Result<Vec<Component>> {
        let Component::Loopy { ruleset, heaps } = comp else {
            let listed = moves(&mut self.ev, &Position::single(comp.clone()), true)?;
            let opts = listed.options.expect("all options were requested");
            return Ok(opts.into_iter().map(|(mut p, _)| p.components.remove(0)).collect());
        };
        let mut out = Vec::new();
        for (j, run) in heaps.iter().enumerate() {
            let Some(opts) = self.explorer(ruleset).heap_options(run.heap) else {
                notes.push(format!(
                    "the options of {}({}) are not all within the bound, so they are not listed",
                    ruleset.name(),
                    run.heap
                ));
                continue;
            };
            for o in opts {
                let mut runs: Vec<Part> = Vec::with_capacity(heaps.len() + 1);
                for (k, r) in heaps.iter().enumerate() {
                    if k == j {
                        push_part(
                            &mut runs,
                            Part {
                                heap: r.heap,
                                copies: r.copies - 1,
                            },
                        );
                        push_part(&mut runs, Part::one(o));
                    } else {
                        push_part(&mut runs, *r);
                    }
                }
                out.push(Component::Loopy {
                    ruleset: ruleset.clone(),
                    heaps: runs,
                });
            }
        }
        Ok(out)
    }
}

/// The value of `copies ≥ 1` heaps of value `v`: `v` or 0 for finite `v` (odd or even
/// count), `∞()` for infinite `v` and two or more copies.
fn copies_value(v: BoundedValue, copies: u64) -> BoundedValue {
    match &v {
        BoundedValue::Value(x) if copies >= 2 => {
            let two = x.sum(x);
            if copies % 2 == 1 {
                BoundedValue::Value(two.sum(x))
            } else {
                BoundedValue::Value(two)
            }
        }
        _ => v,
    }
}

#[cfg(test)]
mod tests;
