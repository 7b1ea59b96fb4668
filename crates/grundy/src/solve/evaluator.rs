use super::dense::{sequence, NimSeq};
use super::memo::{sparse_heap_value, MemoSolver};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{
    Component, GamePos, GameRuleset, GameSolver, HeapRuleset, Position, Reach, TupleRuleset, TupleSolver,
};
use crate::value::Nimber;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The error for a loopy component given to a finite engine.
pub(crate) fn loopy_unsupported(name: &str) -> Error {
    Error::Unsupported(format!(
        "{name} is a loopy ruleset (play can cycle): its values are ∞(K) or finite, computed by the loopy evaluator, not a nim-value"
    ))
}

/// How values are obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// The proven closed form where one exists, search otherwise.
    #[default]
    Auto,
    /// Only closed forms; an error where none is proven.
    Formula,
    /// Only search from the rules (mex over options).
    Search,
}

#[derive(Default)]
struct HeapCache {
    table: Option<NimSeq>,
    sparse: FxHashMap<u64, u32>,
}

/// Computes values of heaps, tuples, components and sums, keeping tables and memos
/// between calls so that evaluating many options of one position is cheap.
pub struct Evaluator {
    method: Method,
    ctl: Control,
    heaps: FxHashMap<String, HeapCache>,
    tuples: FxHashMap<String, Box<dyn TupleSolver>>,
    /// The engines of game rulesets, one per ruleset (the same object: rulesets of one
    /// name may differ, as Node-Kayles on two graphs).
    games: Vec<(Arc<dyn GameRuleset>, Box<dyn GameSolver>)>,
}

impl Evaluator {
    /// An evaluator using `method`, with memory limit and cancellation from `ctl`.
    pub fn new(method: Method, ctl: Control) -> Evaluator {
        Evaluator {
            method,
            ctl,
            heaps: FxHashMap::default(),
            tuples: FxHashMap::default(),
            games: Vec::new(),
        }
    }

    /// The run control.
    pub fn control(&self) -> &Control {
        &self.ctl
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The nim-value of heap `n` of `rs` (heap 0 is the empty heap, value 0).
    ///
    /// # Errors
    /// With [`Method::Formula`], [`Error::NoFormula`] where the closed form gives no
    /// value for `n` (or there is none); otherwise the errors of
    /// [`Evaluator::heap_value_by_search`].
    pub fn heap_value(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        if n == 0 && rs.first_heap() > 0 {
            return Ok(Nimber::ZERO);
        }
        if self.method != Method::Search {
            let form = rs.closed_form();
            if let Some(v) = form.and_then(|f| f.value(n)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: form.and_then(|f| f.gap(n)),
                });
            }
        }
        self.heap_value_by_search(rs, n)
    }

    /// The nim-value of heap `n` by search, ignoring closed forms: a memoized search
    /// for rulesets with [`Reach::Sparse`] (not powersets), a dense table otherwise.
    ///
    /// # Errors
    /// [`Error::TooLarge`] past the memory limit, [`Error::Interrupted`] on
    /// cancellation, [`Error::Unsupported`] if the rules are not short (an option is not
    /// smaller than its heap, or the sparse search meets a cycle).
    pub fn heap_value_by_search(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        let cache = self.heaps.entry(rs.name()).or_default();
        if let Some(t) = &cache.table {
            if (n as usize) < t.len() {
                return Ok(t.get(n));
            }
        }
        if rs.memory().reach == Reach::Sparse && !rs.is_powerset() {
            if let Some(&v) = cache.sparse.get(&n) {
                return Ok(Nimber::from(v));
            }
            return sparse_heap_value(rs.as_ref(), n, &mut cache.sparse, &self.ctl).map(Nimber::from);
        }
        Ok(self.heap_table(rs, n)?.get(n))
    }

    /// A dense table of `rs` covering at least heaps `0..=n` (computed by search).
    ///
    /// # Errors
    /// The errors of [`dense::sequence`](super::dense::sequence): [`Error::TooLarge`],
    /// [`Error::Interrupted`], [`Error::Unsupported`].
    pub fn heap_table(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<&NimSeq> {
        let cache = self.heaps.entry(rs.name()).or_default();
        let have = cache.table.as_ref().map_or(0, |t| t.len() as u64);
        if n >= have {
            // Grow geometrically so that asking for many increasing heaps stays linear.
            let doubled = have.saturating_mul(2).max(n).max(64);
            // ... unless the larger table would pass a limit that the one asked for meets.
            let to = if super::dense::table_bytes(rs.as_ref(), doubled) <= self.ctl.memory_limit() / 2
                && crate::game::dense_work(rs.as_ref(), 0, doubled) <= self.ctl.work_limit() as u128
            {
                doubled
            } else {
                n
            };
            cache.table = Some(sequence(rs.as_ref(), to, &self.ctl)?);
        }
        Ok(cache.table.as_ref().expect("table was just computed"))
    }

    /// The nim-value of a tuple position (the domain is not checked here).
    ///
    /// # Errors
    /// With [`Method::Formula`], [`Error::NoFormula`] where the closed form gives no
    /// value for `pos` (or there is none); otherwise the errors of
    /// [`Evaluator::tuple_value_by_search`].
    pub fn tuple_value(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<Nimber> {
        if self.method != Method::Search {
            if let Some(v) = rs.closed_form().and_then(|f| f.value(pos)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: None,
                });
            }
        }
        self.tuple_value_by_search(rs, pos)
    }

    /// The nim-value of a tuple position by search, with the ruleset's own engine
    /// ([`TupleRuleset::solver`]) or the generic memoized search.
    ///
    /// # Errors
    /// The engine's errors ([`TupleSolver::value`]): [`Error::TooLarge`],
    /// [`Error::TooManyStates`], [`Error::Interrupted`], [`Error::Unsupported`].
    pub fn tuple_value_by_search(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<Nimber> {
        let solver = self
            .tuples
            .entry(rs.name())
            .or_insert_with(|| rs.solver().unwrap_or_else(|| Box::new(MemoSolver::new(rs.clone()))));
        solver.value(pos, &self.ctl)
    }

    /// The nim-value of a position of a game ruleset: its closed form (unless
    /// [`Method::Search`]) or its engine, whose table is kept between calls.
    ///
    /// # Errors
    /// [`Error::NoFormula`] with [`Method::Formula`] where no closed form gives a value;
    /// the engine's errors ([`GameSolver::value`]).
    pub fn game_value(&mut self, rs: &Arc<dyn GameRuleset>, pos: &GamePos) -> Result<Nimber> {
        if self.method != Method::Search {
            if let Some(v) = rs.closed_form().and_then(|f| f.value(pos)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: None,
                });
            }
        }
        let i = match self.games.iter().position(|(r, _)| Arc::ptr_eq(r, rs)) {
            Some(i) => i,
            None => {
                let engine = rs
                    .solver()
                    .unwrap_or_else(|| Box::new(super::game::GenericSolver::new(rs.clone())));
                self.games.push((rs.clone(), engine));
                self.games.len() - 1
            }
        };
        self.games[i].1.value(pos, &self.ctl)
    }

    /// The engine counters of a game ruleset's solver, if it has searched.
    pub fn game_stats(&self, rs: &Arc<dyn GameRuleset>) -> Option<crate::game::SearchStats> {
        self.games
            .iter()
            .find(|(r, _)| Arc::ptr_eq(r, rs))
            .map(|(_, s)| s.stats())
    }

    /// The nim-value of one component (the nim-sum of its heaps, or the tuple's value).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy component (use [`super::Solver`]); otherwise
    /// the errors of [`Evaluator::heap_value`] and [`Evaluator::tuple_value`].
    pub fn component_value(&mut self, c: &Component) -> Result<Nimber> {
        match c {
            Component::Heaps { ruleset, heaps } => {
                let mut acc = Nimber::ZERO;
                for p in heaps {
                    if p.copies & 1 == 1 {
                        acc ^= &self.heap_value(ruleset, p.heap)?;
                    }
                }
                Ok(acc)
            }
            Component::Tuple { ruleset, pos } => self.tuple_value(ruleset, pos),
            Component::Game { ruleset, pos } => self.game_value(ruleset, pos),
            Component::Loopy { ruleset, .. } => Err(loopy_unsupported(&ruleset.name())),
        }
    }

    /// The nim-value of a disjunctive sum: the nim-sum of the components' values.
    ///
    /// # Errors
    /// The first error of [`Evaluator::component_value`] (a loopy component is
    /// [`Error::Unsupported`]).
    pub fn value(&mut self, p: &Position) -> Result<Nimber> {
        let mut acc = Nimber::ZERO;
        for c in &p.components {
            acc ^= &self.component_value(c)?;
        }
        Ok(acc)
    }
}
