//! The solver facade: one entry point for the value, the moves and the sequence of any
//! position or ruleset, finite or loopy.
//!
//! Values are [`BoundedValue`]s: a finite nim-value, a loopy value `∞(K)` (Smith 1966;
//! Fraenkel–Yesha 1986), or undetermined within the exploration [`Bound`]. A finite game
//! is the special case whose values are all finite. The closed-form/search choice
//! ([`Method`]) and every memory and work estimate are made here, in the engines this
//! facade calls.
//!
//! A disjunctive sum is solved component by component: finite components by the
//! [`Evaluator`] (closed forms, dense tables, memoized search), loopy ones by a
//! [`LoopyExplorer`] per ruleset, combined by the sum rule of the generalized
//! Sprague–Grundy theory ([`crate::value::LoopyValue::sum`]). `c` copies of a heap of
//! value `v` are worth `v` or 0 (finite `v`, `c` odd or even) and `∞()` for infinite
//! `v` and `c ≥ 2`.
//!
//! Moves: a move in a sum is a move in one component; in a component that is a sum of
//! heaps, a move in one heap, which is replaced by the option's heaps. The winning
//! moves are the moves to P-positions; from a D-position the drawing moves are the
//! moves to D-positions (they keep the draw; every other move loses). From a
//! P-position every move loses. From an undetermined position the moves to P-positions
//! are still listed (a move to a P-position wins whatever the rest is).

use super::dense::{sequence_partial, NimSeq};
use super::explore::{Bound, BoundedValue, LoopyExplorer};
use super::period::{moves as period_moves, ProvenPeriod};
use super::{Evaluator, Method};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Component, HeapRuleset, LoopyRuleset, Part, Position, Ruleset, TupleRuleset};
use crate::value::xor_basis::{members, XorBasis};
use crate::value::{LoopyValue, Nimber, Outcome};
use num_bigint::BigUint;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

mod formula;
mod misere;
mod search_files;
pub use formula::{formula_covers, formula_gives, Coverage, FORMULA_PROBE};
pub use misere::{MisereSequence, MisereValue, Play, QuotientUse, GENUS_BUDGET, QUOTIENT_BUDGET};
pub use search_files::{game_rulesets, PROOF_WITHOUT_DB};

/// The most moves listed for one heap or tuple, of each kind (winning moves, drawing
/// moves, and every option with `--all`); the winning moves and the options are still
/// counted exactly.
pub const LISTED_MOVES: usize = 1000;

/// The limit of [`LISTED_MOVES`] under its older name, from when it applied to
/// powerset heaps only.
pub const LISTED_SUBSET_MOVES: usize = LISTED_MOVES;

/// Bytes a powerset heap's moves take per heap of its base set while they are found:
/// the heap, the set that drops repeats, its value (a power of two, one word) and its
/// place in the XOR basis (a row, or a kernel subset of two heaps).
pub const POWERSET_BYTES_PER_BASE: u64 = 256;

/// Bytes one listed option takes in `moves --all`, per heap of the position: the
/// position (16 bytes a heap run), its text and its place in the printed output.
pub const LISTED_BYTES_PER_HEAP: u64 = 24;

/// Bytes one listed option takes in `moves --all` besides its heaps.
pub const LISTED_BYTES_PER_OPTION: u64 = 256;

/// Values, moves and sequences of positions of every shape, with the caches of the
/// engines kept between calls (evaluating many options of one position is cheap).
///
/// # Example
/// ```
/// use grundy::{catalog::parse_position, solve::{Method, Solver}, Control};
/// let mut solver = Solver::new(Method::Auto, Control::new());
/// let pos = parse_position("nim(3,5,7)").unwrap();
/// let m = solver.moves(&pos, false).unwrap();
/// assert_eq!(m.value.value_text(), "1");
/// let winning: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
/// assert_eq!(winning, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
///
/// // Loopy games: the same call (paper 003 §7: 6 + 9 is a draw).
/// let pos = parse_position("partial-aliquot-sum(6) + partial-aliquot-sum(9)").unwrap();
/// let m = solver.moves(&pos, false).unwrap();
/// assert_eq!((m.value.value_text(), m.value.outcome_text()), ("∞(1,2,3)".into(), "D".into()));
/// assert_eq!(m.drawing.len(), 1);
/// ```
pub struct Solver {
    ev: Evaluator,
    bound: Bound,
    explorers: FxHashMap<String, LoopyExplorer>,
    checkpoint: Option<Arc<dyn super::dense::Checkpoint>>,
    play: Play,
    misere: misere::MisereState,
}

/// The moves from a position.
#[derive(Clone, Debug)]
pub struct Moves {
    /// The position's value.
    pub value: BoundedValue,
    /// True if the position has a loopy component (its outcome may be a draw).
    pub loopy: bool,
    /// The moves to P-positions (winning moves), in enumeration order (at most
    /// [`LISTED_MOVES`] per heap; [`Moves::winning_total`] counts them all).
    pub winning: Vec<Position>,
    /// From a D-position: the moves to D-positions, which keep the draw (at most
    /// [`LISTED_MOVES`] per heap; a note counts the others). Empty otherwise, and
    /// always for finite games.
    pub drawing: Vec<Position>,
    /// Every option with the value of the resulting sum (only when requested; at most
    /// [`LISTED_MOVES`] per heap or tuple).
    pub options: Option<Vec<(Position, BoundedValue)>>,
    /// The number of winning moves; larger than `winning.len()` when a heap has more
    /// than [`LISTED_MOVES`] of them (only that many are listed).
    pub winning_total: BigUint,
    /// With `all`: the number of options; larger than `options.len()` when a heap has
    /// more than [`LISTED_MOVES`] of them.
    pub options_total: Option<BigUint>,
    /// Heaps whose options could not be listed within the bound.
    pub notes: Vec<String>,
    /// The loopy heap whose move to itself is listed (among the drawing moves or the
    /// options), as `partial-aliquot-sum(6)`: that move leaves the position as it is,
    /// so the position listed does not show which component moved.
    pub stay: Option<String>,
}

/// The values of a heap ruleset on consecutive heaps.
#[derive(Debug)]
pub struct Sequence {
    /// The ruleset's name with parameters.
    pub ruleset: String,
    /// The first heap.
    pub from: u64,
    /// The values of heaps `from`, `from + 1`, ….
    pub values: SequenceValues,
    /// A note on undetermined loopy values (which bound stopped them).
    pub note: Option<String>,
    /// Why the sequence stopped before the last heap asked for (interrupted, or out of
    /// memory while growing); the values present are complete and exact.
    pub stopped: Option<Error>,
    /// Where the values of heaps beyond the computed table come from, when they do not
    /// come from the table or a closed form ([`ProvenPeriod::source`]): `heaps
    /// 1024..=10000 by the proven period (12, 71, 0), …`.
    pub source: Option<String>,
}

/// The values of a [`Sequence`], stored compactly where they are finite.
#[derive(Debug)]
pub enum SequenceValues {
    /// A dense table of heaps `0..len`; the sequence starts at [`Sequence::from`].
    Table(NimSeq),
    /// Finite values (from closed forms), stored.
    Finite(Vec<Nimber>),
    /// The closed form of a heap ruleset on heaps `from..from + len`, evaluated when a
    /// value is read (nothing is stored, so a long sequence takes no memory; every heap
    /// of the range was checked to have a value).
    Formula {
        /// The heap ruleset whose closed form gives the values.
        ruleset: Ruleset,
        /// The number of values.
        len: usize,
        /// The work of printing them ([`Sequence::text_work`]), summed when the range
        /// was checked.
        text_work: u128,
    },
    /// Loopy values (or undetermined within the bound).
    Loopy(Vec<BoundedValue>),
    /// The values of heaps `from..from + len` from a proven period (the heaps of its
    /// table included: the period agrees with them), evaluated when a value is read.
    Period {
        /// The proven period.
        period: Arc<ProvenPeriod>,
        /// The number of values.
        len: usize,
    },
}

impl Sequence {
    /// The number of values.
    pub fn len(&self) -> usize {
        match &self.values {
            SequenceValues::Table(t) => t.len().saturating_sub(self.from as usize),
            SequenceValues::Finite(v) => v.len(),
            SequenceValues::Formula { len, .. } => *len,
            SequenceValues::Loopy(v) => v.len(),
            SequenceValues::Period { len, .. } => *len,
        }
    }

    /// True if there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `from + i` as printed: a decimal, `∞(0,1,2)` or `?`.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn value_text(&self, i: usize) -> String {
        match &self.values {
            SequenceValues::Table(t) => t.get(self.from + i as u64).to_string(),
            SequenceValues::Finite(v) => v[i].to_string(),
            SequenceValues::Formula { .. } => self.formula_value(i).to_string(),
            SequenceValues::Loopy(v) => v[i].value_text(),
            SequenceValues::Period { period, .. } => period.value(self.period_heap(i)).to_string(),
        }
    }

    /// The finite value of heap `from + i`, if it is finite.
    ///
    /// # Panics
    /// If `i >= self.len()`.
    pub fn finite(&self, i: usize) -> Option<Nimber> {
        match &self.values {
            SequenceValues::Table(t) => Some(t.get(self.from + i as u64)),
            SequenceValues::Finite(v) => Some(v[i].clone()),
            SequenceValues::Formula { .. } => Some(self.formula_value(i)),
            SequenceValues::Loopy(v) => v[i].value().and_then(LoopyValue::as_finite).cloned(),
            SequenceValues::Period { period, .. } => Some(period.value(self.period_heap(i))),
        }
    }

    /// Heap `from + i` of a [`SequenceValues::Period`], checked against its length.
    fn period_heap(&self, i: usize) -> u64 {
        assert!(i < self.len(), "index {i} out of a sequence of {} values", self.len());
        self.from + i as u64
    }

    /// The work of printing the values in decimal, in word operations: a value of `d`
    /// digits costs about (d/19 + 1)² (schoolbook conversion, 19 digits a word). Values
    /// of powerset rulesets grow to thousands of digits (2^k has about 0.3·k), so a
    /// long sequence of them can take hours to print although its table is small;
    /// check this against the work limit before printing. Closed-form sequences sum it
    /// when their range is checked (every value is evaluated then).
    pub fn text_work(&self) -> u128 {
        match &self.values {
            SequenceValues::Table(t) if t.encoding() == crate::game::Encoding::ZeroOrPow2 => t.codes()
                [(self.from as usize).min(t.len())..]
                .iter()
                .map(|&c| {
                    print_cost(if c <= 1 {
                        1
                    } else {
                        ((c - 1) as f64 * std::f64::consts::LOG10_2) as u128 + 1
                    })
                })
                .sum(),
            SequenceValues::Finite(v) => v.iter().map(|x| print_cost(digits(x))).sum(),
            SequenceValues::Formula { text_work, .. } => *text_work,
            _ => self.len() as u128,
        }
    }

    /// The closed-form value of heap `from + i` of a [`SequenceValues::Formula`].
    fn formula_value(&self, i: usize) -> Nimber {
        let SequenceValues::Formula {
            ruleset: Ruleset::Heap(h),
            len,
            ..
        } = &self.values
        else {
            unreachable!("a formula sequence of a heap ruleset")
        };
        assert!(i < *len, "index {i} out of a sequence of {len} values");
        h.closed_form()
            .and_then(|f| f.value(self.from + i as u64))
            .expect("every heap of the range was checked to have a value")
    }
}

impl Solver {
    /// A solver using `method`, with the memory limit, work limit and cancellation of
    /// `ctl`, and the default exploration bound for loopy games.
    pub fn new(method: Method, ctl: Control) -> Solver {
        Solver {
            ev: Evaluator::new(method, ctl),
            bound: Bound::default(),
            explorers: FxHashMap::default(),
            checkpoint: None,
            play: Play::Normal,
            misere: misere::MisereState::default(),
        }
    }

    /// The same solver with dense sequences ([`Solver::sequence`] with
    /// [`Method::Search`] on a heap ruleset) resumed from `checkpoint` and saved to it
    /// periodically and at the end.
    pub fn with_checkpoint(mut self, checkpoint: Arc<dyn super::dense::Checkpoint>) -> Solver {
        self.checkpoint = Some(checkpoint);
        self
    }

    /// The same solver with loopy components explored within `bound`.
    pub fn with_bound(mut self, bound: Bound) -> Solver {
        self.bound = bound;
        self.explorers.clear();
        self
    }

    /// The bound of the loopy explorations.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The run control.
    pub fn control(&self) -> &Control {
        self.ev.control()
    }

    /// The engine of finite components (tables and memos), for callers that need
    /// whole tables.
    pub fn evaluator(&mut self) -> &mut Evaluator {
        &mut self.ev
    }

    /// The proven periods that answered a heap beyond the computed table so far
    /// ([`Evaluator::periods_used`]): the values they gave were not computed directly,
    /// and the output says so ([`ProvenPeriod::source`]).
    pub fn periods_used(&self) -> &[Arc<ProvenPeriod>] {
        self.ev.periods_used()
    }

    /// The value of a position: finite, `∞(K)`, or undetermined within the bound.
    ///
    /// # Errors
    /// [`Error::TooLarge`], [`Error::TooMuchWork`] and [`Error::TooManyStates`] when an
    /// engine's estimate is above the limit, [`Error::NoFormula`] with [`Method::Formula`] where no closed
    /// form is proven, [`Error::Interrupted`] when cancelled, and [`Error::Unsupported`]
    /// where an engine cannot evaluate the rules of a finite ruleset (for example an
    /// option that is not smaller than its heap; see
    /// [`Evaluator::heap_value_by_search`](crate::solve::Evaluator::heap_value_by_search)).
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::{Method, Solver}, Control};
    /// let mut solver = Solver::new(Method::Auto, Control::new());
    /// let v = solver.value(&parse_position("min(6239,6240) + nim(3)").unwrap()).unwrap();
    /// assert_eq!(v.value_text(), "39"); // 36 ⊕ 3
    /// assert_eq!(v.outcome_text(), "N");
    /// ```
    pub fn value(&mut self, pos: &Position) -> Result<BoundedValue> {
        let mut acc = BoundedValue::finite(Nimber::ZERO);
        for c in &pos.components {
            acc = acc.sum(&self.component_value(c)?);
        }
        Ok(acc)
    }

    /// The nim-value of a position of a finite game.
    ///
    /// # Errors
    /// As [`Solver::value`], and [`Error::Unsupported`] for a position with a loopy
    /// component.
    pub fn nim_value(&mut self, pos: &Position) -> Result<Nimber> {
        self.ev.value(pos)
    }

    fn explorer(&mut self, rs: &Arc<dyn LoopyRuleset>) -> &mut LoopyExplorer {
        let bound = self.bound;
        self.explorers
            .entry(rs.name())
            .or_insert_with(|| LoopyExplorer::new(rs.clone(), bound))
    }

    /// The value of heap `n` of a loopy ruleset within the bound.
    fn loopy_heap_value(&mut self, rs: &Arc<dyn LoopyRuleset>, n: u64) -> Result<BoundedValue> {
        if self.ev.method() == Method::Formula {
            return Err(no_loopy_formula(rs.as_ref()));
        }
        let ctl = self.ev.control().clone();
        self.explorer(rs).heap_value(n, &ctl)
    }

    /// The value of one component.
    fn component_value(&mut self, c: &Component) -> Result<BoundedValue> {
        match c {
            Component::Loopy { ruleset, heaps } => {
                let mut acc = BoundedValue::finite(Nimber::ZERO);
                for p in heaps {
                    let v = self.loopy_heap_value(ruleset, p.heap)?;
                    acc = acc.sum(&copies_value(v, p.copies));
                }
                Ok(acc)
            }
            Component::Tuple { ruleset, pos } => self.tuple_value(ruleset, pos),
            _ => Ok(BoundedValue::finite(self.ev.component_value(c)?)),
        }
    }

    /// The value of a tuple position. Where no value can be given (a search refused by
    /// its memory or work estimate, or [`Method::Formula`] where the closed form gives
    /// no value) but the ruleset's closed form states the outcome, that outcome with
    /// the value left open ([`BoundedValue::outcome_only`]) and a note saying why.
    fn tuple_value(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<BoundedValue> {
        let err = match self.ev.tuple_value(rs, pos) {
            Ok(v) => return Ok(BoundedValue::finite(v)),
            Err(e) => e,
        };
        let refused = matches!(
            err,
            Error::TooLarge { .. } | Error::TooManyStates { .. } | Error::TooMuchWork { .. } | Error::NoFormula { .. }
        );
        let form = rs
            .closed_form()
            .filter(|_| refused && self.ev.method() != Method::Search);
        let Some((f, outcome)) = form.and_then(|f| Some((f, f.outcome(pos)?))) else {
            return Err(err);
        };
        let why = match err {
            Error::NoFormula { .. } => f.gap(pos).unwrap_or_else(|| "the closed form gives no value".into()),
            e => format!("its search was refused: {e}"),
        };
        let source = f.statement().source;
        let what = format!("{}({})", rs.name(), crate::error::Joined(pos));
        Ok(BoundedValue::outcome_only(
            outcome,
            format!("the value of {what} is not known, only its outcome {outcome} (by {source}): {why}"),
        ))
    }

    /// The winning moves of `pos` (and, from a draw, the drawing moves), and with `all`
    /// every option with the value of the resulting sum.
    ///
    /// A move in a powerset heap replaces it by a nonempty subset of its base set; the
    /// winning ones are the subsets whose XOR is the value the rest of the sum needs,
    /// found with an XOR basis of the base values (counted exactly). Other heaps, tuples
    /// and loopy heaps enumerate their options. Each list stops at [`LISTED_MOVES`]
    /// moves per heap (or tuple); the winning moves and the options are still counted
    /// exactly ([`Moves::winning_total`], [`Moves::options_total`]), the drawing moves
    /// beyond the limit in a note.
    ///
    /// The listing is estimated before any value is computed ([`Solver::moves`] refuses
    /// at once rather than after the tables behind the values).
    ///
    /// # Errors
    /// Those of [`Solver::value`]; [`Error::TooMuchWork`] when a heap or tuple has more
    /// options to enumerate than the work limit (or the position has); and
    /// [`Error::TooLarge`] when the listed moves would not fit the memory limit.
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::{Method, Solver}, Control};
    /// let mut solver = Solver::new(Method::Auto, Control::new());
    /// // Paper 003 Example 10: Ω₂(18) ⊕ Ω₂(7) = 3 ⊕ 1; the good move splits 18 into nine 2s.
    /// let m = solver.moves(&parse_position("dividing(18) + dividing(7)").unwrap(), false).unwrap();
    /// assert_eq!(m.winning[0].to_string(), "dividing(2*9) + dividing(7)");
    /// ```
    pub fn moves(&mut self, pos: &Position, all: bool) -> Result<Moves> {
        self.check_listing(pos, all)?;
        let values: Vec<BoundedValue> = pos
            .components
            .iter()
            .map(|c| self.component_value(c))
            .collect::<Result<_>>()?;
        let total = values.iter().fold(BoundedValue::finite(Nimber::ZERO), |a, v| a.sum(v));
        let mut out = Collector {
            outcome: total.value().map(LoopyValue::outcome),
            winning: Vec::new(),
            drawing: Vec::new(),
            options: all.then(Vec::new),
            unlisted_winning: BigUint::from(0u32),
            unlisted_options: BigUint::from(0u32),
            notes: Vec::new(),
            here: [0; 3],
            skipped: [0; 3],
        };
        // A sum is a multiset of games: moves in equal heaps (or equal tuples) of the
        // same ruleset reach the same positions, so each is made once.
        let mut moved: FxHashSet<(String, Vec<u64>)> = FxHashSet::default();
        let mut first_time = |name: String, key: &[u64]| moved.insert((name, key.to_vec()));
        // Moves in different heaps reach different positions, except a heap moving to
        // itself (a loop), which leaves the position as it is: listed once.
        let mut stayed = false;
        let mut stay = None;
        for (i, comp) in pos.components.iter().enumerate() {
            let others = values
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(BoundedValue::finite(Nimber::ZERO), |a, (_, v)| a.sum(v));
            match comp {
                Component::Heaps { ruleset, heaps } => {
                    let own = values[i].value().and_then(LoopyValue::as_finite).cloned();
                    let own = own.expect("a finite component has a finite value");
                    for (j, run) in heaps.iter().enumerate() {
                        if !first_time(ruleset.name(), &[run.heap]) {
                            continue;
                        }
                        let hv = self.ev.heap_value(ruleset, run.heap)?;
                        let rest = others.sum(&BoundedValue::finite(&own ^ &hv));
                        let at = Slot { pos, i, j };
                        if ruleset.is_powerset() {
                            self.powerset_moves(ruleset, run.heap, &rest, at, &mut out)?;
                        } else {
                            self.heap_moves(ruleset, run.heap, &rest, at, &mut out)?;
                        }
                        out.end(|| format!("{}({})", ruleset.name(), run.heap));
                    }
                }
                Component::Tuple { ruleset, pos: tuple } => {
                    if !first_time(ruleset.name(), tuple) {
                        continue;
                    }
                    let name = || format!("{}({})", ruleset.name(), crate::error::Joined(tuple));
                    check_options(self.ev.control(), name, ruleset.options_bound(tuple), 0)?;
                    // Without `all`, and with the rest of the sum 0, the winning moves
                    // are the moves to P-positions, which a closed form's outcome
                    // decides without the values (Wythoff's N-positions have none).
                    let rest_zero = others
                        .value()
                        .and_then(LoopyValue::as_finite)
                        .is_some_and(Nimber::is_zero);
                    let outcomes = ruleset
                        .closed_form()
                        .filter(|_| out.options.is_none() && rest_zero && self.ev.method() != Method::Search);
                    let ctl = self.ev.control().clone();
                    each_option(
                        &ctl,
                        |f| {
                            ruleset.for_each_option(tuple, &mut |o| {
                                f(o);
                            })
                        },
                        |o| {
                            let v = match outcomes.and_then(|f| f.outcome(o)) {
                                Some(Outcome::P) => BoundedValue::finite(Nimber::ZERO),
                                Some(_) => return Ok(()),
                                None => others.sum(&self.tuple_value(ruleset, o)?),
                            };
                            let next = || {
                                let mut next = pos.clone();
                                next.components[i] = Component::Tuple {
                                    ruleset: ruleset.clone(),
                                    pos: o.to_vec(),
                                };
                                next
                            };
                            out.offer(next, v);
                            Ok(())
                        },
                    )?;
                    out.end(name);
                }
                Component::Game { ruleset, pos: at } => {
                    if !first_time(ruleset.write(at), &[]) {
                        continue;
                    }
                    // The options are stored (with their texts, to list each position
                    // once): LISTED_BYTES_PER_OPTION each.
                    check_options(
                        self.ev.control(),
                        || ruleset.write(at),
                        ruleset.options_bound(at),
                        LISTED_BYTES_PER_OPTION,
                    )?;
                    // Moves that reach the same position (symmetric ones) are listed once.
                    let mut listed: FxHashSet<Vec<String>> = FxHashSet::default();
                    for o in ruleset.options(at)? {
                        let mut texts: Vec<String> = o.iter().map(|p| ruleset.write(p)).collect();
                        texts.sort_unstable();
                        if !listed.insert(texts) {
                            continue;
                        }
                        let mut v = Nimber::ZERO;
                        for p in &o {
                            v ^= &self.ev.game_value(ruleset, p)?;
                        }
                        let mut next = pos.clone();
                        let parts = o.into_iter().map(|p| Component::Game {
                            ruleset: ruleset.clone(),
                            pos: p,
                        });
                        next.components.splice(i..=i, parts);
                        out.offer(|| next, others.sum(&BoundedValue::finite(v)));
                    }
                    out.end(|| ruleset.write(at));
                }
                Component::Loopy { ruleset, heaps } => {
                    for (j, run) in heaps.iter().enumerate() {
                        if !first_time(ruleset.name(), &[run.heap]) {
                            continue;
                        }
                        let Some(opts) = self.explorer(ruleset).heap_options(run.heap)? else {
                            out.notes.push(format!(
                                "the options of {}({}) are not all within the bound, so they are not listed",
                                ruleset.name(),
                                run.heap
                            ));
                            continue;
                        };
                        for o in opts {
                            if o == run.heap && std::mem::replace(&mut stayed, true) {
                                continue;
                            }
                            let next = Slot { pos, i, j }.replace(&[Part::one(o)]);
                            let v = self.component_value(&next.components[i])?.sum(&others);
                            let listed = (out.drawing.len(), out.options.as_ref().map(Vec::len));
                            out.offer(|| next, v);
                            if o == run.heap && listed != (out.drawing.len(), out.options.as_ref().map(Vec::len)) {
                                stay = Some(format!("{}({o})", ruleset.name()));
                            }
                        }
                        out.end(|| format!("{}({})", ruleset.name(), run.heap));
                    }
                }
            }
        }
        let winning_total = BigUint::from(out.winning.len()) + out.unlisted_winning;
        let options_total = out
            .options
            .as_ref()
            .map(|o| BigUint::from(o.len()) + out.unlisted_options.clone());
        Ok(Moves {
            value: total,
            loopy: pos.has_loopy(),
            winning: out.winning,
            drawing: out.drawing,
            options: out.options,
            winning_total,
            options_total,
            notes: out.notes,
            stay,
        })
    }

    /// Checks the listing of [`Solver::moves`] before any value is computed: the
    /// options it enumerates against the work limit (those of every heap and tuple,
    /// bounded by [`HeapRuleset::options_bound`], except heaps whose closed form lists
    /// the winning moves directly), and its memory against the memory limit:
    /// - the listed moves, at most [`LISTED_MOVES`] of each list per heap (winning
    ///   moves, drawing moves where a component is loopy, and with `all` every
    ///   option), each a copy of the position with one heap replaced:
    ///   [`LISTED_BYTES_PER_HEAP`] per heap run of the position plus
    ///   [`LISTED_BYTES_PER_OPTION`];
    /// - with `all`, the value of each listed option and its decimal text: as many
    ///   bits as the largest value of a powerset heap of the position (its closed
    ///   form's, else n/2 bits at heap n, about what they grow to), as a number (1/8
    ///   byte a bit) and as text (0.31 bytes a bit);
    /// - a powerset heap's base set while its moves are found, [`POWERSET_BYTES_PER_BASE`]
    ///   a base heap (one heap at a time, so the largest counts).
    fn check_listing(&mut self, pos: &Position, all: bool) -> Result<()> {
        let kinds = 1 + u128::from(all) + u128::from(pos.has_loopy());
        let cap = LISTED_MOVES as u128;
        let (mut runs, mut listed, mut work, mut base) = (0u128, 0u128, 0u128, 0u128);
        let mut value_bits = 0u128;
        for c in &pos.components {
            match c {
                Component::Heaps { ruleset, heaps } => {
                    runs += heaps.len() as u128;
                    for h in heaps {
                        let bound = ruleset.options_bound(h.heap);
                        listed = listed.saturating_add(bound.min(cap) * kinds);
                        if ruleset.is_powerset() {
                            base = base.max(bound);
                            let form = ruleset.closed_form().and_then(|f| f.value(h.heap));
                            let bits = form.map_or(h.heap / 2 + 1, |v| v.bits());
                            value_bits = value_bits.max(bits as u128);
                        }
                        // A heap beyond the table of a proven period lists its moves
                        // through the period (a few steps per residue); a heap within
                        // it is checked when it is enumerated (check_options).
                        let by_period = self.period_listing(ruleset);
                        if !by_period && (all || ruleset.is_powerset() || ruleset.closed_form().is_none()) {
                            work = work.saturating_add(bound);
                        }
                    }
                }
                Component::Tuple { ruleset, pos } => {
                    runs += pos.len() as u128;
                    let bound = ruleset.options_bound(pos);
                    listed = listed.saturating_add(bound.min(cap) * kinds);
                    work = work.saturating_add(bound);
                }
                Component::Game { ruleset, pos } => {
                    runs += 1;
                    listed = listed.saturating_add(ruleset.options_bound(pos));
                }
                // Loopy options are listed from an exploration within the bound.
                Component::Loopy { heaps, .. } => {
                    runs += heaps.len() as u128;
                    listed = listed.saturating_add(heaps.len() as u128 * cap * kinds);
                }
            }
        }
        // An option may add a few runs (a split); count two more.
        let per = (runs + 2) * LISTED_BYTES_PER_HEAP as u128 + LISTED_BYTES_PER_OPTION as u128;
        let values = match all && value_bits > 0 {
            true => listed / kinds * ((value_bits + 64) * 43 / 100),
            false => 0,
        };
        let base_bytes = base * POWERSET_BYTES_PER_BASE as u128;
        let bytes = listed
            .saturating_mul(per)
            .saturating_add(values)
            .saturating_add(base_bytes)
            .min(u64::MAX as u128) as u64;
        let text = short_text(pos);
        let what = match all {
            true => format!("listing every option of {text}"),
            false => format!("listing the moves of {text}"),
        };
        let ctl = self.ev.control();
        let human = |b: u128| crate::error::human_bytes(b.min(u64::MAX as u128) as u64);
        let mut detail = format!("up to {} listed moves × {}", crate::error::sci(listed), human(per));
        if values > 0 {
            detail += &format!(", their values up to {} ({value_bits} bits each)", human(values));
        }
        if base > 0 {
            detail += &format!(
                ", a powerset base of up to {} heaps × {POWERSET_BYTES_PER_BASE} bytes",
                crate::error::sci(base)
            );
        }
        ctl.check_memory_and_work(&what, bytes, detail, work, "an upper bound on the options enumerated")
    }

    /// The moves in one heap of a heap ruleset (not powerset); `rest` is the value of
    /// everything else in the sum. The options are enumerated one at a time, never
    /// stored: only the listed moves are kept.
    fn heap_moves(
        &mut self,
        ruleset: &Arc<dyn HeapRuleset>,
        heap: u64,
        rest: &BoundedValue,
        at: Slot<'_>,
        out: &mut Collector,
    ) -> Result<()> {
        if self.period_moves(ruleset, heap, rest, at, out)? {
            return Ok(());
        }
        let target = rest.value().and_then(LoopyValue::as_finite);
        // Without --all and with a finite rest only the options of value `target` are
        // wanted; a closed form may list them without enumerating.
        let direct = match (out.options.is_none(), target) {
            (true, Some(t)) => ruleset.closed_form().and_then(|f| f.options_of_value(heap, t)),
            _ => None,
        };
        if let Some(opts) = direct {
            // The table behind the options' values, grown once (and its work checked)
            // before any of them is evaluated.
            let heaps = opts.iter().flatten().filter(|p| p.copies & 1 == 1).map(|p| p.heap);
            self.ev.prepare_heaps(ruleset, heaps)?;
            for parts in opts {
                let v = self.option_value(ruleset, &parts)?;
                out.offer(|| at.replace(&parts), rest.sum(&BoundedValue::finite(v)));
            }
            return Ok(());
        }
        let name = || format!("{}({heap})", ruleset.name());
        check_options(self.ev.control(), name, ruleset.options_bound(heap), 0)?;
        let ctl = self.ev.control().clone();
        // The largest heap of an option whose value needs the table: the table is grown
        // to it once (and its work checked) before any option is evaluated. The options
        // are enumerated twice rather than stored.
        let mut largest: Option<u64> = None;
        let ev = &self.ev;
        each_option(
            &ctl,
            |f| ruleset.for_each_option_while(heap, f),
            |parts: &[Part]| {
                for p in parts {
                    if p.copies & 1 == 1 && largest.is_none_or(|m| p.heap > m) && ev.needs_table(ruleset, p.heap) {
                        largest = Some(p.heap);
                    }
                }
                Ok(())
            },
        )?;
        self.ev.prepare_heaps(ruleset, largest)?;
        each_option(
            &ctl,
            |f| ruleset.for_each_option_while(heap, f),
            |parts| {
                let v = self.option_value(ruleset, parts)?;
                out.offer(|| at.replace(parts), rest.sum(&BoundedValue::finite(v)));
                Ok(())
            },
        )
    }

    /// True if the moves of heaps of `rs` beyond the table are found through a proven
    /// period ([`Method::Auto`], a theorem that can prove one, and plain digits the
    /// period's move finder handles).
    fn period_listing(&self, rs: &Arc<dyn HeapRuleset>) -> bool {
        self.ev.uses_period(rs) && rs.plain_digits().is_some_and(|d| period_moves::supported(&d))
    }

    /// The moves in heap `heap` of `ruleset` through its proven period, when the heap is
    /// beyond the computed table ([`period_moves::options`]): the winning options (and
    /// with `all` the first options) listed in the order of the rules, all counted.
    /// Returns false (nothing done) where the table covers the heap or no period is
    /// proven.
    fn period_moves(
        &mut self,
        ruleset: &Arc<dyn HeapRuleset>,
        heap: u64,
        rest: &BoundedValue,
        at: Slot<'_>,
        out: &mut Collector,
    ) -> Result<bool> {
        if !self.period_listing(ruleset) {
            return Ok(false);
        }
        let digits = ruleset.plain_digits().unwrap_or_default();
        let proof = match self.ev.find_period(ruleset, heap)? {
            (_, Some(e)) => return Err(e),
            (Some(p), None) if heap >= self.ev.table_len(ruleset) && period_moves::handles(&p, &digits) => p,
            // Within the table, or a period the move finder does not take (a split in
            // three under a period above 2048): the options are enumerated, their work
            // checked first.
            _ => return Ok(false),
        };
        let Some(rest_value) = rest.value().and_then(LoopyValue::as_finite) else {
            return Err(Error::Unsupported(format!(
                "the moves of {}({heap}) beside a component without a finite value are not listed: its options are found through its period only towards a finite value",
                ruleset.name()
            )));
        };
        // A value above 64 bits is no option's (heap values are below 2^32).
        let target = rest_value.to_u64().unwrap_or(u64::MAX);
        self.ev.note_period_use(&proof);
        let wins = period_moves::options(&proof, &digits, heap, Some(target), LISTED_MOVES)?;
        let every = match out.options {
            Some(_) => Some(period_moves::options(&proof, &digits, heap, None, LISTED_MOVES)?),
            None => None,
        };
        let winning: Vec<Position> = wins.listed.iter().map(|(parts, _)| at.replace(parts)).collect();
        let options = every.map(|e| {
            let listed = e
                .listed
                .iter()
                .map(|(parts, v)| (at.replace(parts), rest.sum(&BoundedValue::finite(Nimber::from(*v)))))
                .collect();
            (listed, e.total)
        });
        out.add_found(winning, wins.total, options);
        Ok(true)
    }

    /// The value of an option of a heap ruleset: the nim-sum of its heaps.
    fn option_value(&mut self, ruleset: &Arc<dyn HeapRuleset>, parts: &[Part]) -> Result<Nimber> {
        let mut v = Nimber::ZERO;
        for p in parts {
            if p.copies & 1 == 1 {
                v ^= &self.ev.heap_value(ruleset, p.heap)?;
            }
        }
        Ok(v)
    }

    /// The moves in one heap of a powerset ruleset: the winning subsets through an XOR
    /// basis (counted exactly), and with `--all` (or a loopy rest) the subsets in
    /// binary counting order, up to [`LISTED_MOVES`].
    ///
    /// A move leaves a set of heaps, so each distinct position is listed and counted
    /// once: equal base heaps count once, and since heap 0 is the empty heap, a subset
    /// with heap 0 is the same position as the one without it; the subset `{0}` alone
    /// (every heap removed) is one option, listed first.
    fn powerset_moves(
        &mut self,
        ruleset: &Arc<dyn HeapRuleset>,
        heap: u64,
        rest: &BoundedValue,
        at: Slot<'_>,
        out: &mut Collector,
    ) -> Result<()> {
        let name = || format!("{}({heap})", ruleset.name());
        check_options(
            self.ev.control(),
            name,
            ruleset.options_bound(heap),
            POWERSET_BYTES_PER_BASE,
        )?;
        let mut base: Vec<u64> = Vec::new();
        ruleset.for_each_option(heap, &mut |parts| base.extend(parts.iter().map(|p| p.heap)));
        let mut seen = FxHashSet::default();
        base.retain(|&h| seen.insert(h));
        drop(seen);
        let zero = base.contains(&0);
        base.retain(|&h| h != 0);
        let mut basis = XorBasis::new();
        let mut vals = Vec::with_capacity(base.len());
        for &b in &base {
            let v = self.ev.heap_value(ruleset, b)?;
            basis.insert(&v);
            vals.push(v);
        }
        let subset_parts = |idx: &[usize]| -> Vec<Part> {
            let mut hs: Vec<u64> = idx.iter().map(|&i| base[i]).collect();
            hs.sort_unstable();
            hs.into_iter().map(Part::one).collect()
        };
        let target = rest.value().and_then(LoopyValue::as_finite).cloned();
        // The winning moves of this heap: listed from `start` in `out.winning`, at most
        // LISTED_MOVES of them, all counted.
        let start = out.winning.len();
        let total_wins = target
            .as_ref()
            .map(|t| basis.count_nonempty(t) + u32::from(zero && t.is_zero()));
        let count_unlisted = |out: &mut Collector| {
            if let Some(total) = &total_wins {
                out.unlisted_winning += total - BigUint::from(out.winning.len() - start);
            }
        };
        // Every heap removed: the option {0}, of value 0.
        let mut listed = 0usize;
        if zero {
            let v = rest.sum(&BoundedValue::finite(Nimber::ZERO));
            if out.options.is_some() || target.is_none() || v.value().map(LoopyValue::outcome) == Some(Outcome::P) {
                out.record(at.replace(&[Part::one(0)]), v);
                listed += 1;
            }
        }
        // With a finite rest, the winning subsets are those whose XOR is the rest.
        let room = LISTED_MOVES - listed;
        let wins = match &target {
            Some(t) => {
                let wins = basis.subsets_with_xor(t, room);
                if out.options.is_none() {
                    for s in &wins {
                        out.record(
                            at.replace(&subset_parts(&members(s))),
                            BoundedValue::finite(Nimber::ZERO),
                        );
                    }
                    count_unlisted(out);
                    return Ok(());
                }
                wins
            }
            None => Vec::new(),
        };
        // Every subset in binary counting order (winning ones included), up to the limit.
        let total_subsets = (BigUint::from(1u32) << base.len()) - 1u32 + u32::from(zero);
        let mut mask: u64 = 1;
        while listed < LISTED_MOVES && (base.len() >= 64 || mask < 1u64 << base.len()) {
            let idx: Vec<usize> = (0..64.min(base.len())).filter(|k| mask >> k & 1 == 1).collect();
            let mut v = Nimber::ZERO;
            for &k in &idx {
                v ^= &vals[k];
            }
            out.record(at.replace(&subset_parts(&idx)), rest.sum(&BoundedValue::finite(v)));
            listed += 1;
            mask += 1;
        }
        if out.options.is_some() {
            out.unlisted_options += total_subsets - BigUint::from(listed);
        }
        // Winning subsets beyond the listed prefix are still listed as winning moves
        // (not as options: the option list stops at the limit).
        let in_prefix = |s: &Vec<usize>| {
            members(s).iter().all(|&k| k < 64) && {
                let m: u64 = members(s).iter().map(|&k| 1u64 << k).sum();
                m < mask
            }
        };
        for s in wins.iter().filter(|s| !in_prefix(s)) {
            if out.winning.len() - start >= LISTED_MOVES {
                break;
            }
            out.record_winning_only(at.replace(&subset_parts(&members(s))));
        }
        count_unlisted(out);
        Ok(())
    }

    /// The values of `rs` on heaps `from..=to` (`from` defaults to the first heap).
    ///
    /// With [`Method::Formula`] the values come from the closed form (an error at the
    /// first heap without one); otherwise from dense search from the rules (one pass
    /// over `0..=to`), or, for a loopy ruleset, from its game graph within the bound. An
    /// interruption keeps the values finished so far ([`Sequence::stopped`]).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a ruleset on tuples; [`Error::Domain`] when `from` or
    /// `to` is below the first heap; [`Error::Input`] when `to` is below `from`;
    /// [`Error::NoFormula`]; [`Error::TooLarge`] when the table is
    /// above the memory limit; [`Error::TooMuchWork`] when its work (or, with
    /// [`Method::Formula`], the number of heaps) is above the work limit; [`Error::Interrupted`] before any value is finished.
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_ruleset, solve::{Method, Solver}, Control};
    /// let mut solver = Solver::new(Method::Search, Control::new());
    /// let seq = solver.sequence(&parse_ruleset("subtraction[1,2]").unwrap(), None, 6).unwrap();
    /// let texts: Vec<String> = (0..seq.len()).map(|i| seq.value_text(i)).collect();
    /// assert_eq!(texts, ["0", "1", "2", "0", "1", "2", "0"]);
    /// ```
    pub fn sequence(&mut self, rs: &Ruleset, from: Option<u64>, to: u64) -> Result<Sequence> {
        let (name, first) = match rs {
            Ruleset::Heap(h) => (h.name(), h.first_heap()),
            Ruleset::Loopy(l) => (l.name(), l.first_heap()),
            Ruleset::Tuple(_) | Ruleset::Game(_) => return Err(rs.as_heap("seq").err().expect("not a heap ruleset")),
        };
        let from = from.unwrap_or(first);
        // An empty range is refused, not an empty sequence: `seq maliquot --to 0`.
        if from.min(to) < first {
            return Err(Error::below_first_heap(&name, from.min(to), first));
        }
        if to < from {
            return Err(Error::Input(format!("the range of heaps {from}..={to} is empty")));
        }
        let mut seq = Sequence {
            ruleset: name,
            from,
            values: SequenceValues::Finite(Vec::new()),
            note: None,
            stopped: None,
            source: None,
        };
        let ctl = self.ev.control().clone();
        match rs {
            Ruleset::Heap(h) if self.ev.method() == Method::Formula => {
                seq.values = self.formula_values(rs, h, from, to, &mut seq.stopped)?;
            }
            Ruleset::Heap(h) if self.checkpoint.is_none() && self.ev.uses_period(h) => {
                // The table only until the period is proven, the rest from the period.
                let (proof, stopped) = match self.ev.find_period(h, to) {
                    Ok(found) => found,
                    Err(e) => return self.closed_form_instead(rs, h, to, e, seq),
                };
                match proof {
                    Some(p) if to >= self.ev.table_len(h) => {
                        // In u128: heaps 0..=2^64 − 1 are 2^64 (the count wrapped to 0,
                        // and the sequence of the whole domain came out empty). They are
                        // one more than a length counts: refused first, so that the work
                        // refusal does not advise `--max-work none`, which would not help.
                        let count = u128::from(to - from) + 1;
                        let Ok(len) = usize::try_from(count) else {
                            return Err(Error::Unsupported(format!(
                                "the sequence of {} on heaps {from}..={to} has {count} values, more than a sequence holds; ask for fewer heaps",
                                h.name()
                            )));
                        };
                        ctl.check_work(
                            &format!("the sequence of {} on heaps {from}..={to}", h.name()),
                            count,
                            format!("{count} heaps from its proven period, one unit each"),
                        )?;
                        let first = self.ev.table_len(h).max(from);
                        seq.source = Some(format!("heaps {first}..={to} {}", p.source()));
                        self.ev.note_period_use(&p);
                        seq.values = SequenceValues::Period { period: p, len };
                    }
                    _ => {
                        let table = self
                            .ev
                            .take_table(h)
                            .unwrap_or_else(|| NimSeq::from_codes(Vec::new(), crate::game::encoding(h.as_ref())));
                        seq.values = SequenceValues::Table(table);
                        seq.stopped = stopped;
                    }
                }
            }
            Ruleset::Heap(h) => {
                let (table, stopped) = match &self.checkpoint {
                    Some(ck) => {
                        let prefix = ck.load(h.as_ref(), &ctl)?;
                        super::dense::sequence_checkpointed(h.as_ref(), prefix, to, &ctl, Some(ck.as_ref()))?
                    }
                    None => match sequence_partial(h.as_ref(), to, &ctl) {
                        Ok(done) => done,
                        Err(e) => return self.closed_form_instead(rs, h, to, e, seq),
                    },
                };
                seq.values = SequenceValues::Table(table);
                seq.stopped = stopped;
            }
            Ruleset::Loopy(l) => {
                if self.ev.method() == Method::Formula {
                    return Err(no_loopy_formula(l.as_ref()));
                }
                let (values, stopped) = self.loopy_sequence(l, from, to)?;
                let undetermined: Vec<&str> = values.iter().filter_map(BoundedValue::note).collect();
                seq.note = undetermined.first().map(|first_note| {
                    format!(
                        "{} of {} values are undetermined within the bound (heaps up to {}, {} moves per exploration); the first: {first_note}",
                        undetermined.len(),
                        values.len(),
                        crate::error::sci(self.bound.heap as u128),
                        crate::error::sci(self.bound.moves as u128)
                    )
                });
                seq.values = SequenceValues::Loopy(values);
                seq.stopped = stopped;
            }
            Ruleset::Tuple(_) | Ruleset::Game(_) => unreachable!("refused above"),
        }
        Ok(seq)
    }

    /// The values of heaps `from..=to` of `h` from its closed form
    /// ([`SequenceValues::Formula`]): nothing is stored (the values are evaluated again
    /// when read), so the memory is O(1); the work is one evaluation per heap, checked
    /// first, and each value is evaluated once here (a power of two of n/2 bits costs
    /// n/128 words), which also sums the work of printing them. An interruption while
    /// they are evaluated goes to `stopped`, the values before it kept.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for more values than a sequence holds,
    /// [`Error::TooMuchWork`] for more heaps than the work limit, [`Error::NoFormula`]
    /// at the first heap without a value.
    fn formula_values(
        &self,
        rs: &Ruleset,
        h: &Arc<dyn HeapRuleset>,
        from: u64,
        to: u64,
        stopped: &mut Option<Error>,
    ) -> Result<SequenceValues> {
        let ctl = self.ev.control();
        let form = h.closed_form();
        let count = u128::from(to - from) + 1;
        if usize::try_from(count).is_err() {
            return Err(Error::Unsupported(format!(
                "the sequence of {} on heaps {from}..={to} has {count} values, more than a sequence holds; ask for fewer heaps",
                h.name()
            )));
        }
        ctl.check_work(
            &format!("the closed form of {} on heaps {from}..={to}", h.name()),
            count,
            format!("{count} heaps, one evaluation each"),
        )?;
        let mut len = 0usize;
        let mut text_work = 0u128;
        let mut meter = ctl.meter();
        for n in from..=to {
            let Some(v) = form.and_then(|f| f.value(n)) else {
                return Err(Error::NoFormula {
                    ruleset: h.name(),
                    detail: form.and_then(|f| f.gap(n)),
                    instead: self.ev.search_instead(h, to),
                });
            };
            text_work = text_work.saturating_add(print_cost(digits(&v)));
            len += 1;
            if let Err(e) = meter.add(v.bits() / 64 + 1) {
                *stopped = Some(e);
                break;
            }
        }
        Ok(SequenceValues::Formula {
            ruleset: rs.clone(),
            len,
            text_work,
        })
    }

    /// The sequence of `seq` from the closed form of `h` where `--method auto`'s table
    /// cannot be built whatever the limits (`refused`: a table past 2^32 heaps,
    /// [`crate::control::is_past_tables`]) and the closed form gives every heap of the
    /// range ([`formula_covers`]); its source says so. Otherwise the refusal, with what
    /// the closed form lacks, or the closed form's own refusal for work where it gives
    /// every heap (a higher work limit then lets `auto` take it). `--method search`'s
    /// refusal of a table past 2^32 heaps gets the advice of what answers those heaps
    /// instead. A table refused by a limit that can be raised stays refused (`seq`
    /// computes from the rules unless told otherwise; the command line adds the advice
    /// `--method formula gives these` where it does).
    ///
    /// # Errors
    /// As described; [`Error::Interrupted`] if cancelled meanwhile.
    fn closed_form_instead(
        &mut self,
        rs: &Ruleset,
        h: &Arc<dyn HeapRuleset>,
        to: u64,
        refused: Error,
        mut seq: Sequence,
    ) -> Result<Sequence> {
        let from = seq.from;
        let ctl = self.ev.control().clone();
        let covers = || formula_covers(h.as_ref(), from, to, &ctl);
        if !crate::control::is_past_tables(&refused) || self.checkpoint.is_some() {
            return Err(refused);
        }
        if self.ev.method() != Method::Auto {
            // --method search: what answers heaps past any table instead.
            let periodic = h.periodicity().is_some_and(|t| t.can_prove());
            return Err(super::dense::advise_past_tables(refused, || {
                if formula_gives(h.as_ref(), from, to, &ctl) {
                    Some("--method auto or --method formula gives these from the closed form".into())
                } else if periodic {
                    Some("--method auto answers these from a period its theorem proves, where one is proven".into())
                } else {
                    lacks(h.as_ref(), covers())
                }
            }));
        }
        let Some(form) = h.closed_form() else {
            return Err(refused);
        };
        let mut stopped = None;
        match self.formula_values(rs, h, from, to, &mut stopped) {
            Ok(values) => {
                seq.values = values;
                seq.stopped = stopped;
                seq.source = Some(format!(
                    "heaps {from}..={to} by the closed form ({}), since no table reaches them (dense tables stop below 2^32 heaps)",
                    form.statement().source
                ));
                Ok(seq)
            }
            Err(Error::Interrupted) => Err(Error::Interrupted),
            Err(e) => {
                // The closed form stopped at a heap without a value, or refused the
                // range before evaluating it (its count): then whether it covers it.
                let covered = match e {
                    Error::NoFormula { .. } => covers(),
                    _ => match covers() {
                        Coverage::Every => return Err(e),
                        c => c,
                    },
                };
                Err(super::dense::advise_past_tables(refused, || lacks(h.as_ref(), covered)))
            }
        }
    }

    fn loopy_sequence(
        &mut self,
        rs: &Arc<dyn LoopyRuleset>,
        from: u64,
        to: u64,
    ) -> Result<(Vec<BoundedValue>, Option<Error>)> {
        let ctl = self.ev.control().clone();
        let count = to.saturating_sub(from).saturating_add(1);
        // The values (about 48 bytes each) and the explorer's cache (at least one entry
        // of about 64 bytes per heap).
        ctl.check_memory(
            &format!("the sequence of {}", rs.name()),
            count.saturating_mul(112),
            format!("{count} heaps"),
        )?;
        // The work: the moves the explorations list, at most the move bound per heap
        // (heaps × --graph-bound bounds it). The graphs are not known before they are
        // explored, so the heaps (a unit each) are checked first, the moves counted as
        // they are listed, and the run stops at the limit, keeping the values finished.
        let what = format!("the sequence of {} on heaps {from}..={to}", rs.name());
        ctl.check_work(&what, count as u128, "one unit per heap, before the moves explored")?;
        let (start_work, limit) = (ctl.work_done(), ctl.work_limit());
        let ex = self.explorer(rs);
        let mut values: Vec<BoundedValue> = Vec::new();
        let mut stopped = None;
        ctl.start(&format!("{} values", rs.name()), count);
        for n in from..=to {
            match ex.heap_value(n, &ctl) {
                Ok(v) => values.push(v),
                Err(e) => {
                    stopped = Some(e);
                    break;
                }
            }
            let used = ctl.work_done() - start_work;
            if used > limit && n < to {
                stopped = Some(Error::TooMuchWork {
                    what,
                    work: used as u128,
                    limit,
                    detail: format!(
                        "moves explored for heaps {from}..={n}, counted as they are listed: the graphs are not known before (heaps × --graph-bound, {}, bounds the whole); the values of those heaps are kept",
                        crate::error::sci((count as u128).saturating_mul(self.bound.moves as u128))
                    ),
                });
                break;
            }
            if n & 0x3FF == 0 {
                if let Err(e) = ctl.tick(n - from) {
                    stopped = Some(e);
                    break;
                }
            }
        }
        ctl.finish();
        Ok((values, stopped))
    }
}

/// What the closed form of `h` lacks on a range, for the refusal of a table that no
/// limit lets be built: its first heap without a value and why.
fn lacks(h: &dyn HeapRuleset, covered: Coverage) -> Option<String> {
    let form = h.closed_form()?;
    match covered {
        Coverage::NoValueAt(n) => Some(format!(
            "no closed form gives heap {n} either{}",
            form.gap(n).map(|g| format!(" ({g})")).unwrap_or_default()
        )),
        Coverage::Every | Coverage::Unknown => None,
    }
}

/// The work of printing a value of `digits` decimal digits, in word operations:
/// schoolbook conversion, 19 digits a word.
fn print_cost(digits: u128) -> u128 {
    (digits / 19 + 1).pow(2)
}

/// About the decimal digits of `v` (0.3 per bit).
fn digits(v: &Nimber) -> u128 {
    v.bits() as u128 * 3 / 10 + 1
}

/// Where a move is made: heap run `j` of component `i` of `pos`.
#[derive(Clone, Copy)]
pub(super) struct Slot<'a> {
    pub(super) pos: &'a Position,
    pub(super) i: usize,
    pub(super) j: usize,
}

impl Slot<'_> {
    /// The position with one heap of the run replaced by the heaps `parts` (empty heaps
    /// dropped where heap 0 is not a position).
    pub(super) fn replace(&self, parts: &[Part]) -> Position {
        self.pos.with_heap_replaced(self.i, self.j, parts)
    }
}

/// Sorts options into winning, drawing and (with `all`) every option, listing at most
/// [`LISTED_MOVES`] of each list per heap and counting the rest.
struct Collector {
    outcome: Option<Outcome>,
    winning: Vec<Position>,
    drawing: Vec<Position>,
    options: Option<Vec<(Position, BoundedValue)>>,
    unlisted_winning: BigUint,
    unlisted_options: BigUint,
    notes: Vec<String>,
    /// Moves of the current heap listed (winning, drawing, options) and not listed.
    here: [usize; 3],
    skipped: [u128; 3],
}

impl Collector {
    /// A winning move that is not listed among the options (beyond their limit).
    fn record_winning_only(&mut self, p: Position) {
        self.winning.push(p);
    }

    /// Lists a move of value `v` in every list it belongs to (the powerset heaps,
    /// which limit their lists themselves).
    fn record(&mut self, p: Position, v: BoundedValue) {
        let (win, draw) = self.kinds(&v);
        if win {
            self.winning.push(p.clone());
        } else if draw {
            self.drawing.push(p.clone());
        }
        if let Some(o) = self.options.as_mut() {
            o.push((p, v));
        }
    }

    /// Whether a move to a position of value `v` wins, or keeps a draw.
    fn kinds(&self, v: &BoundedValue) -> (bool, bool) {
        let class = v.value().map(LoopyValue::outcome);
        (
            class == Some(Outcome::P),
            class == Some(Outcome::D) && self.outcome == Some(Outcome::D),
        )
    }

    /// A move found by enumeration: listed in each of its lists that has fewer than
    /// [`LISTED_MOVES`] moves of this heap (`p` builds the position only then), counted
    /// in the others.
    fn offer(&mut self, p: impl FnOnce() -> Position, v: BoundedValue) {
        let (win, draw) = self.kinds(&v);
        let mut list = [false; 3];
        for (k, belongs) in [win, draw, self.options.is_some()].into_iter().enumerate() {
            if belongs && self.here[k] < LISTED_MOVES {
                self.here[k] += 1;
                list[k] = true;
            } else if belongs {
                self.skipped[k] += 1;
            }
        }
        if list == [false; 3] {
            return;
        }
        let p = p();
        if list[0] {
            self.winning.push(p.clone());
        }
        if list[1] {
            self.drawing.push(p.clone());
        }
        if let (true, Some(o)) = (list[2], self.options.as_mut()) {
            o.push((p, v));
        }
    }

    /// The moves of one heap found all at once (through a period): the first winning
    /// moves and their number, and with `all` the first options and their number.
    fn add_found(
        &mut self,
        winning: Vec<Position>,
        wins: u128,
        options: Option<(Vec<(Position, BoundedValue)>, u128)>,
    ) {
        self.skipped[0] += wins - winning.len() as u128;
        self.here[0] += winning.len();
        self.winning.extend(winning);
        if let (Some(list), Some((found, total))) = (self.options.as_mut(), options) {
            self.skipped[2] += total - found.len() as u128;
            self.here[2] += found.len();
            list.extend(found);
        }
    }

    /// Ends the moves of one heap (`what`, for the note on drawing moves not listed).
    fn end(&mut self, what: impl FnOnce() -> String) {
        let [win, draw, opts] = std::mem::take(&mut self.skipped);
        self.unlisted_winning += win;
        self.unlisted_options += opts;
        if draw > 0 {
            self.notes.push(format!(
                "{} moves in {} keep the draw; the first {LISTED_MOVES} are listed",
                draw + self.here[1] as u128,
                what()
            ));
        }
        self.here = [0; 3];
    }
}

/// Checks the options of one heap or tuple before they are enumerated: their number
/// (at most `bound`) against the work limit, and, when they are stored, `bytes_each`
/// bytes each against the memory limit.
fn check_options(ctl: &Control, what: impl FnOnce() -> String, bound: u128, bytes_each: u64) -> Result<()> {
    let what = format!("listing the options of {}", crate::error::brief(&what()));
    let bytes = bound.saturating_mul(bytes_each as u128).min(u64::MAX as u128) as u64;
    ctl.check_memory_and_work(
        &what,
        bytes,
        format!("up to {} options × {bytes_each} bytes", crate::error::sci(bound)),
        bound,
        "an upper bound on the options",
    )
}

/// Calls `each` on every option that `for_each` lists (one at a time, never stored),
/// stopping the listing at the first error (`for_each` stops when its callback returns
/// false, as [`HeapRuleset::for_each_option_while`] does); cancellation is checked
/// every 65536 options.
///
/// # Errors
/// The first error of `each`, or [`Error::Interrupted`].
fn each_option<O: ?Sized>(
    ctl: &Control,
    for_each: impl FnOnce(&mut dyn FnMut(&O) -> bool),
    mut each: impl FnMut(&O) -> Result<()>,
) -> Result<()> {
    let mut failed = None;
    let mut seen = 0u64;
    for_each(&mut |o| {
        seen += 1;
        if failed.is_none() && seen & 0xFFFF == 0 && ctl.cancelled() {
            failed = Some(Error::Interrupted);
        }
        if failed.is_none() {
            failed = each(o).err();
        }
        failed.is_none()
    });
    failed.map_or(Ok(()), Err)
}

fn no_loopy_formula(rs: &dyn LoopyRuleset) -> Error {
    Error::NoFormula {
        ruleset: rs.name(),
        detail: Some("a loopy ruleset; its values come from its game graph".into()),
        instead: None,
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

/// A position's text for a message: cut to 60 characters past 80.
fn short_text(pos: &Position) -> String {
    let text = pos.to_string();
    if text.chars().count() > 80 {
        text.chars().take(60).collect::<String>() + "…"
    } else {
        text
    }
}

#[cfg(test)]
mod tests;
