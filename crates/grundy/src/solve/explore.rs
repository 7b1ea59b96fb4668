//! Values of loopy heap rulesets within a bound.
//!
//! The game graph reachable from a heap of a [`LoopyRuleset`] can be infinite
//! (aliquot sequences can grow; whether the one from 276 is bounded is open). A
//! [`LoopyExplorer`] explores it depth first, up to a [`Bound`] on the heaps it may
//! visit and on the moves it may list, and gives a value only when the reachable graph
//! closes within the bound: the loopy value of a vertex depends only on the graph
//! reachable from it, so that value is exact. Otherwise the heap is
//! [`BoundedValue::Undetermined`], with a note naming the bound; never a value the
//! bound could have changed.
//!
//! Values are cached between queries. A newly closed region is solved by
//! [`super::loopy::solve`] together with small stand-in games for the already solved
//! heaps it reaches: a finite value `j` is played as the Nim heap `*j` (options
//! `*0 … *(j−1)`), `∞(K)` as a vertex with a loop and options `*k`, `k ∈ K` (its value
//! is `∞(K)`: it cannot be finite, being its own option). The staged labelling of a
//! region sees a follower only through its value (at stage `m` a follower of value
//! `j > m` or `∞(K ∋ m)` has a follower labelled `m`, one of value `m` is labelled `m`,
//! one of value `< m` is ignored, and solved heaps never reach the new region), so the
//! stand-ins give the same labels; the tests compare with solving whole graphs.

use super::loopy::{solve, Graph, GraphBuilder};
use crate::control::{Control, TryGrow, WorkMeter};
use crate::error::{sci, Result};
use crate::game::{LoopyOptions, LoopyRuleset};
use crate::value::{LoopyValue, Nimber, Outcome};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// How far a [`LoopyExplorer`] may explore a game graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The largest heap that may be visited.
    pub heap: u64,
    /// The most moves (edges) one exploration may list, not counting moves of heaps
    /// solved earlier.
    pub moves: u64,
}

impl Default for Bound {
    /// Heaps up to 10^18 (σ(n) is exact for every 64-bit heap, and factoring is fast)
    /// and 10^7 moves.
    fn default() -> Bound {
        Bound {
            heap: 1_000_000_000_000_000_000,
            moves: 10_000_000,
        }
    }
}

/// A loopy value, or the reason it could not be determined within the bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundedValue {
    /// The exact value (the reachable graph closed within the bound).
    Value(LoopyValue),
    /// Undetermined within the bound.
    Undetermined {
        /// Why, naming the bound.
        note: String,
        /// In a sum, the sum of its determined components (0 for a single heap): what
        /// is known, so that a later infinite component still decides the sum where
        /// that is provable.
        known: LoopyValue,
    },
    /// The outcome is known and the value is not: a closed form states the outcome of
    /// the position but not its value (Wythoff's game, Moore's Nimₖ), and no search
    /// gave the value (its estimate is above a limit, or only closed forms were asked
    /// for). Built by [`BoundedValue::outcome_only`], so the outcome is N: a
    /// P-position's value is 0.
    OutcomeOnly {
        /// The outcome (N: the value is not 0).
        outcome: Outcome,
        /// Why the value is not given, and where the outcome comes from.
        note: String,
    },
}

impl BoundedValue {
    /// The finite value `v`.
    pub fn finite(v: impl Into<Nimber>) -> BoundedValue {
        BoundedValue::Value(LoopyValue::Finite(v.into()))
    }

    /// An undetermined value (of one heap) with its note.
    pub fn undetermined(note: impl Into<String>) -> BoundedValue {
        BoundedValue::Undetermined {
            note: note.into(),
            known: LoopyValue::Finite(Nimber::ZERO),
        }
    }

    /// A position whose outcome is `outcome` and whose value is not known, with the
    /// reason in `note`: the finite value 0 for a P-position (its value is 0),
    /// [`BoundedValue::OutcomeOnly`] otherwise.
    pub fn outcome_only(outcome: Outcome, note: impl Into<String>) -> BoundedValue {
        match outcome {
            Outcome::P => BoundedValue::finite(Nimber::ZERO),
            outcome => BoundedValue::OutcomeOnly {
                outcome,
                note: note.into(),
            },
        }
    }

    /// The value, if determined.
    pub fn value(&self) -> Option<&LoopyValue> {
        match self {
            BoundedValue::Value(v) => Some(v),
            BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => None,
        }
    }

    /// The outcome, if known: that of the value, or of [`BoundedValue::OutcomeOnly`].
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            BoundedValue::Value(v) => Some(v.outcome()),
            BoundedValue::OutcomeOnly { outcome, .. } => Some(*outcome),
            BoundedValue::Undetermined { .. } => None,
        }
    }

    /// The note of a value that is not determined (why, and what is known).
    pub fn note(&self) -> Option<&str> {
        match self {
            BoundedValue::Value(_) => None,
            BoundedValue::Undetermined { note, .. } | BoundedValue::OutcomeOnly { note, .. } => Some(note),
        }
    }

    /// The value as printed: `3`, `∞(0,1,2)`, or `?` when undetermined (or only the
    /// outcome is known).
    pub fn value_text(&self) -> String {
        match self {
            BoundedValue::Value(v) => v.to_string(),
            BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => "?".into(),
        }
    }

    /// The outcome as printed: `P`, `N`, `D`, or `?` when undetermined.
    pub fn outcome_text(&self) -> String {
        self.outcome().map_or_else(|| "?".into(), |o| o.to_string())
    }

    /// The value of a disjunctive sum: the sum rule of [`LoopyValue::sum`] when both
    /// are determined. With an undetermined part the sum is undetermined (with the
    /// first note), except where the determined parts already decide it: when they sum
    /// to `∞()` (an `∞()` component, or two infinite components), every option of the
    /// whole sum keeps an infinite component whatever the undetermined part is (finite
    /// `h`: `∞() ⊕ h = ∞()`; infinite: two infinite components), so the sum is `∞()`,
    /// a draw. Nothing else is decided: `∞(K)` with `K` nonempty plus an unknown value
    /// is `∞(K ⊕ h)` (a first-player win if `h ∈ K`) or `∞()` (a draw).
    ///
    /// ```
    /// use grundy::solve::BoundedValue;
    /// use grundy::value::LoopyValue;
    /// let unknown = BoundedValue::undetermined("beyond the bound");
    /// let draw = BoundedValue::Value(LoopyValue::infinite(Vec::<u64>::new()));
    /// let k = BoundedValue::Value(LoopyValue::infinite([0u64, 1]));
    /// assert_eq!(unknown.sum(&draw), draw);
    /// assert_eq!(unknown.sum(&k).value_text(), "?");
    /// // Two infinite components draw, in any order of summation.
    /// assert_eq!(unknown.sum(&k).sum(&k), draw);
    /// assert_eq!(k.sum(&unknown).sum(&BoundedValue::finite(3u64)).sum(&k), draw);
    /// ```
    ///
    /// A value known only by its outcome N ([`BoundedValue::OutcomeOnly`]) keeps it in a
    /// sum with 0, and is otherwise an unknown finite value, as above:
    ///
    /// ```
    /// use grundy::solve::BoundedValue;
    /// use grundy::value::Outcome;
    /// let n = BoundedValue::outcome_only(Outcome::N, "no value");
    /// assert_eq!(n.sum(&BoundedValue::finite(0u64)).outcome_text(), "N");
    /// assert_eq!(n.sum(&BoundedValue::finite(3u64)).outcome_text(), "?");
    /// assert_eq!(n.sum(&n).outcome_text(), "?");
    /// ```
    pub fn sum(&self, other: &BoundedValue) -> BoundedValue {
        let zero = |v: &BoundedValue| matches!(v.value(), Some(LoopyValue::Finite(x)) if x.is_zero());
        if matches!(self, BoundedValue::OutcomeOnly { .. }) && zero(other) {
            return self.clone();
        }
        if matches!(other, BoundedValue::OutcomeOnly { .. }) && zero(self) {
            return other.clone();
        }
        let decided = |known: LoopyValue, note: &String| match known {
            LoopyValue::Infinite(k) if k.is_empty() => BoundedValue::Value(LoopyValue::Infinite(k)),
            known => BoundedValue::Undetermined {
                note: note.clone(),
                known,
            },
        };
        match (self.known(), other.known()) {
            (Ok(a), Ok(b)) => BoundedValue::Value(a.sum(b)),
            (Err((note, known)), Ok(b)) | (Ok(b), Err((note, known))) => decided(known.sum(b), note),
            (Err((note, a)), Err((_, b))) => decided(a.sum(&b), note),
        }
    }

    /// The value, or the note and the determined part of a value that is not
    /// determined (0 for a value known only by its outcome: a finite value of its own).
    fn known(&self) -> std::result::Result<&LoopyValue, (&String, LoopyValue)> {
        match self {
            BoundedValue::Value(v) => Ok(v),
            BoundedValue::Undetermined { note, known } => Err((note, known.clone())),
            BoundedValue::OutcomeOnly { note, .. } => Err((note, LoopyValue::Finite(Nimber::ZERO))),
        }
    }
}

impl std::fmt::Display for BoundedValue {
    /// As [`BoundedValue::value_text`]: `3`, `∞(0,1,2)` or `?`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoundedValue::Value(v) => write!(f, "{v}"),
            BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => f.write_str("?"),
        }
    }
}

impl From<LoopyValue> for BoundedValue {
    fn from(v: LoopyValue) -> BoundedValue {
        BoundedValue::Value(v)
    }
}

/// The names of the explorer's growing structures in [`crate::Error::OutOfMemory`].
fn exploring() -> String {
    "exploring a loopy game graph".into()
}

fn cache() -> String {
    "the cache of loopy values".into()
}

/// Why a heap is undetermined.
#[derive(Clone, Copy, Debug)]
enum Open {
    /// Its game graph reaches this heap, above the heap bound.
    HeapAbove(u128),
    /// Its game graph has more moves than the move bound.
    Moves,
}

#[derive(Clone, Debug)]
enum Status {
    Value(LoopyValue),
    Open(Open),
}

/// Explores and solves the game graphs of one loopy ruleset within a [`Bound`],
/// caching every value and every undetermined heap.
pub struct LoopyExplorer {
    ruleset: Arc<dyn LoopyRuleset>,
    bound: Bound,
    status: FxHashMap<u64, Status>,
}

/// The region of one exploration: new heaps with local ids and their options.
#[derive(Default)]
struct Region {
    ids: FxHashMap<u64, u32>,
    heaps: Vec<u64>,
    offsets: Vec<usize>,
    options: Vec<u64>,
}

impl Region {
    fn opts(&self, id: u32) -> &[u64] {
        &self.options[self.offsets[id as usize]..self.offsets[id as usize + 1]]
    }
}

impl LoopyExplorer {
    /// An explorer of `ruleset` within `bound`.
    pub fn new(ruleset: Arc<dyn LoopyRuleset>, bound: Bound) -> LoopyExplorer {
        LoopyExplorer {
            ruleset,
            bound,
            status: FxHashMap::default(),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Arc<dyn LoopyRuleset> {
        &self.ruleset
    }

    /// The bound.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The value of heap `n` (`n ≥ first_heap()`), or undetermined within the bound.
    ///
    /// # Errors
    /// [`crate::Error::TooLarge`] if the exploration (its region, the loopy solver's
    /// working memory or the cache of values) exceeds the memory limit,
    /// [`crate::Error::OutOfMemory`] if the system refuses memory below it (they grow
    /// by `try_reserve`), [`crate::Error::Interrupted`] when cancelled. A graph beyond the bound is not an
    /// error: the value is then [`BoundedValue::Undetermined`].
    pub fn heap_value(&mut self, n: u64, ctl: &Control) -> Result<BoundedValue> {
        if !self.status.contains_key(&n) {
            let before = self.status.len() >> 16;
            self.explore(n, ctl)?;
            if self.status.len() >> 16 > before {
                ctl.check_memory(
                    "the cache of loopy values",
                    self.status.len() as u64 * 96,
                    format!("{} heaps", self.status.len()),
                )?;
            }
        }
        Ok(match &self.status[&n] {
            Status::Value(v) => BoundedValue::Value(v.clone()),
            Status::Open(o) => BoundedValue::undetermined(self.note(n, *o)),
        })
    }

    /// The options of heap `n` within the bound (`None` if they are not all within it).
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] when the system refuses the memory to list them.
    pub fn heap_options(&self, n: u64) -> Result<Option<Vec<u64>>> {
        let mut out = Vec::new();
        let max = usize::try_from(self.bound.moves).unwrap_or(usize::MAX);
        match self.ruleset.options(n, self.bound.heap, max, &mut out) {
            LoopyOptions::Listed => Ok(Some(out)),
            LoopyOptions::OutOfMemory(bytes) => Err(self.refused(n, bytes)),
            LoopyOptions::HeapAbove(_) | LoopyOptions::TooMany => Ok(None),
        }
    }

    /// The error for the options of heap `n` the system had no memory for.
    fn refused(&self, n: u64, bytes: u64) -> crate::Error {
        crate::Error::OutOfMemory {
            what: format!("listing the options of {}({n})", self.ruleset.name()),
            bytes,
        }
    }

    fn note(&self, n: u64, o: Open) -> String {
        let pos = format!("{}({n})", self.ruleset.name());
        match o {
            Open::HeapAbove(h) => format!(
                "undetermined within the bound: the game graph of {pos} reaches heap {h}, above the heap bound {} (--bound)",
                sci(self.bound.heap as u128)
            ),
            Open::Moves => format!(
                "undetermined within the bound: the game graph of {pos} has more than {} moves (--graph-bound)",
                sci(self.bound.moves as u128)
            ),
        }
    }

    /// Explores from `root` (not yet known) and records its status, and that of every
    /// heap whose status the exploration settles.
    fn explore(&mut self, root: u64, ctl: &Control) -> Result<()> {
        if root > self.bound.heap {
            ctl.try_grow_map(&mut self.status, 1, cache)?;
            self.status.insert(root, Status::Open(Open::HeapAbove(root as u128)));
            return Ok(());
        }
        let mut region = Region::default();
        // Depth-first: (local id, options still to visit, counted from the end so the
        // largest options, which climb fastest towards the bound, go first).
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut scratch = Vec::new();
        // The moves listed are the work of an exploration.
        let mut meter = ctl.meter();
        if let Err(o) = self.discover(root, &mut region, &mut stack, &mut scratch, &mut meter, ctl)? {
            return self.abort(root, &region, &stack, o, ctl);
        }
        while let Some(top) = stack.last_mut() {
            if top.1 == 0 {
                stack.pop();
                continue;
            }
            top.1 -= 1;
            let h = region.opts(top.0)[top.1];
            if region.ids.contains_key(&h) || self.status.contains_key(&h) {
                continue;
            }
            if let Err(o) = self.discover(h, &mut region, &mut stack, &mut scratch, &mut meter, ctl)? {
                return self.abort(root, &region, &stack, o, ctl);
            }
        }
        self.solve_region(&region, ctl)
    }

    /// Adds heap `h` to the region and pushes it on the stack, counting the moves listed
    /// on the meter (with the scratch list); `Err` if the exploration must stop (an
    /// option above the bound or undetermined, too many moves).
    fn discover(
        &self,
        h: u64,
        region: &mut Region,
        stack: &mut Vec<(u32, usize)>,
        scratch: &mut Vec<u64>,
        meter: &mut WorkMeter,
        ctl: &Control,
    ) -> Result<std::result::Result<(), Open>> {
        let used = region.options.len() as u64;
        let allowed = self.bound.moves.saturating_sub(used);
        let max = usize::try_from(allowed).unwrap_or(usize::MAX);
        let listed = self.ruleset.options(h, self.bound.heap, max, scratch);
        meter.add(scratch.len() as u64)?;
        match listed {
            LoopyOptions::Listed if scratch.len() <= max => {}
            LoopyOptions::HeapAbove(x) => {
                stack.try_grow(1, exploring)?;
                stack.push((Self::add(h, region, &[])?, 0));
                return Ok(Err(Open::HeapAbove(x)));
            }
            LoopyOptions::Listed | LoopyOptions::TooMany => return Ok(Err(Open::Moves)),
            LoopyOptions::OutOfMemory(bytes) => return Err(self.refused(h, bytes)),
        }
        for &o in scratch.iter() {
            if let Some(Status::Open(open)) = self.status.get(&o) {
                stack.try_grow(1, exploring)?;
                stack.push((Self::add(h, region, &[])?, 0));
                return Ok(Err(*open));
            }
        }
        let before = used >> 20;
        let id = Self::add(h, region, scratch)?;
        stack.try_grow(1, exploring)?;
        stack.push((id, scratch.len()));
        let after = region.options.len() as u64 >> 20;
        if after > before || region.heaps.len() & 4095 == 0 {
            ctl.check_memory(
                "exploring a loopy game graph",
                region.options.len() as u64 * 16 + region.heaps.len() as u64 * 48,
                format!("{} heaps, {} moves", region.heaps.len(), region.options.len()),
            )?;
            ctl.tick(region.heaps.len() as u64)?;
        }
        Ok(Ok(()))
    }

    /// Adds heap `h` with the options `opts` to the region; returns its local id.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] when the system refuses the region's growth.
    fn add(h: u64, region: &mut Region, opts: &[u64]) -> Result<u32> {
        let id = region.heaps.len() as u32;
        region.ids.try_grow(1, exploring)?;
        region.ids.insert(h, id);
        region.heaps.try_grow(1, exploring)?;
        region.heaps.push(h);
        region.offsets.try_grow(2, exploring)?;
        if region.offsets.is_empty() {
            region.offsets.push(0);
        }
        region.options.try_grow(opts.len(), exploring)?;
        region.options.extend_from_slice(opts);
        region.offsets.push(region.options.len());
        Ok(id)
    }

    /// Records why the exploration from `root` stopped. An option above the heap bound
    /// (or a heap known to reach one) is reachable from every heap on the stack, so all
    /// of them are undetermined; too many moves is charged to the root only.
    ///
    /// # Errors
    /// [`crate::Error::TooLarge`] when the cache's growth passes the memory limit,
    /// [`crate::Error::OutOfMemory`] when the system refuses it.
    fn abort(&mut self, root: u64, region: &Region, stack: &[(u32, usize)], o: Open, ctl: &Control) -> Result<()> {
        match o {
            Open::HeapAbove(_) => {
                ctl.try_grow_map(&mut self.status, stack.len(), cache)?;
                for &(id, _) in stack {
                    self.status.insert(region.heaps[id as usize], Status::Open(o));
                }
            }
            Open::Moves => {
                ctl.try_grow_map(&mut self.status, 1, cache)?;
                self.status.insert(root, Status::Open(o));
            }
        }
        Ok(())
    }

    /// Solves a closed region: its heaps, and stand-ins for the solved heaps it reaches.
    fn solve_region(&mut self, region: &Region, ctl: &Control) -> Result<()> {
        let n = region.heaps.len();
        // Stand-ins: *0..=*top (Nim heaps), then one looping vertex per distinct ∞(K).
        let mut top: Option<u32> = None;
        let mut infinite: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let small = |v: &Nimber| {
            v.to_u64()
                .and_then(|x| u32::try_from(x).ok())
                .expect("values are below 2^32")
        };
        for &o in &region.options {
            if let Some(Status::Value(v)) = self.status.get(&o) {
                match v {
                    LoopyValue::Finite(j) => top = top.max(Some(small(j))),
                    LoopyValue::Infinite(k) => {
                        let k: Vec<u32> = k.iter().map(small).collect();
                        top = top.max(k.last().copied());
                        let next = infinite.len() as u32;
                        infinite.entry(k).or_insert(next);
                    }
                }
            }
        }
        let nims = top.map_or(0, |t| t as usize + 1);
        let nim_base = n as u32;
        let inf_base = nim_base + nims as u32;
        let mut b = GraphBuilder::try_with_capacity(n + nims + infinite.len(), region.options.len())?;
        for id in 0..n as u32 {
            let follower = |h: &u64| match region.ids.get(h) {
                Some(&local) => local,
                None => match &self.status[h] {
                    Status::Value(LoopyValue::Finite(j)) => nim_base + small(j),
                    Status::Value(LoopyValue::Infinite(k)) => {
                        let k: Vec<u32> = k.iter().map(small).collect();
                        inf_base + infinite[&k]
                    }
                    Status::Open(_) => unreachable!("explorations stop at undetermined heaps"),
                },
            };
            b.add_vertex(region.opts(id).iter().map(follower))?;
        }
        for j in 0..nims as u32 {
            b.add_vertex((0..j).map(|i| nim_base + i))?;
        }
        let mut loops: Vec<(&Vec<u32>, u32)> = infinite.iter().map(|(k, &i)| (k, i)).collect();
        loops.sort_unstable_by_key(|&(_, i)| i);
        for (k, i) in loops {
            b.add_vertex(std::iter::once(inf_base + i).chain(k.iter().map(|&x| nim_base + x)))?;
        }
        let g: Graph = b.finish()?;
        let sol = solve(&g, ctl)?;
        ctl.try_grow_map(&mut self.status, n, cache)?;
        for (id, &h) in region.heaps.iter().enumerate() {
            self.status.insert(h, Status::Value(sol.value(&g, id as u32)));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
