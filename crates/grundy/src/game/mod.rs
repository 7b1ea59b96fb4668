//! The shapes of games grundy knows.
//!
//! - A [`HeapRuleset`] has heaps `n ≥ first_heap()` as positions; each option of a
//!   heap is a disjunctive sum of heaps (a multiset, given as [`Part`]s), or, for a
//!   powerset ruleset, any nonempty subset of a base set of heaps. The value of a sum of
//!   heaps is the nim-sum of their values. Examples: `nim`, `subtraction[1,2]`, every
//!   ruleset of paper 003.
//! - A [`TupleRuleset`] has tuples `(n1, …, nm)` as positions and tuples as options; a
//!   position is one game and is not split into a sum (`min(a,b)`, `cdn(n1,…,nm)`,
//!   `delete-nim(x,y)`; the CDN paper notes the Sprague–Grundy theorem does not split
//!   these).
//! - A [`LoopyRuleset`] has heaps as positions and single heaps as options, which may
//!   be larger than the heap or equal to it: play can cycle, and values are loopy
//!   (`∞(K)`; paper 003 §7).
//! - A [`GameRuleset`] has positions of any form (boards, graphs, values a user
//!   defines) whose options may be disjunctive sums (`cram("..#./....")`,
//!   `node-kayles-grid(3,4)`).
//! - A [`Position`] is a disjunctive sum of [`Component`]s, each a sum of heaps of one
//!   heap (or loopy) ruleset, one tuple position or one position of a game ruleset.

mod engine_stats;
pub mod family;
mod general;
mod loopy;
pub(crate) mod position;
pub mod work;

pub use crate::formulas::Statement;
pub use engine_stats::EngineStats;
pub use family::{Alias, Family, Params};
pub use general::{
    DbAccess, DbRead, GameArgs, GameClosedForm, GamePos, GameRuleset, GameSolver, SearchStats, DB_GAMES, PROOFS_ARE_FOR,
};
pub use loopy::{LoopyOptions, LoopyRuleset};
pub use position::{Component, Position};
pub use work::{dense_work, WorkCurve, WorkModel};

use crate::control::Control;
use crate::error::{Error, Result};
use crate::value::{Nimber, Outcome};
use std::sync::Arc;

/// `copies` heaps of size `heap` inside a disjunctive sum. Heap 0 is the empty heap
/// (value 0) in every ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    /// Heap size.
    pub heap: u64,
    /// Number of copies (at least 1).
    pub copies: u64,
}

impl Part {
    /// One heap of size `heap`.
    pub const fn one(heap: u64) -> Part {
        Part { heap, copies: 1 }
    }
}

/// How the heaps reachable from a heap are spread, a hint for choosing a search engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Options reach most smaller heaps: evaluate the whole table `0..=n`.
    Dense,
    /// Options jump far (for example to φ(n)): a memoized search visits few heaps.
    Sparse,
}

/// How a heap's values are stored in a dense table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The code is the value.
    Plain,
    /// Code 0 is the value 0 and code `c > 0` is `2^(c−1)` (powerset rulesets, whose
    /// heap values are always 0 or a power of two).
    ZeroOrPow2,
}

/// One step of dense evaluation: the code of heap `n`, given the codes of all heaps
/// below `n` (`codes.len() == n`). Implementations may keep incremental state between
/// consecutive calls (they are made for n = first, first+1, …).
pub trait DenseStep {
    /// The code (see [`Encoding`]) of heap `n`.
    ///
    /// # Errors
    /// Whatever stops the step from giving a value; dense evaluation
    /// ([`crate::solve::dense::sequence`]) stops there and returns the error (the
    /// built-in generic steps return [`Error::Unsupported`] for an option that is not
    /// smaller than `n`; the specialised steps of the library never fail).
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32>;

    /// For a step whose work depends on what it finds (the sparse-space engine of
    /// take-and-break codes), its measured trend: `(w, α)`, the work per heap (in the
    /// units of [`WorkModel`]) over the latest stretch of heaps, and the exponent with
    /// which it grows (work per heap ∝ heap^α, 0 ≤ α ≤ 1). Dense evaluation projects
    /// the rest of the table from it and stops with [`Error::TooMuchWork`] when the
    /// projection passes the work limit. `None` (the default, and until the step has
    /// measured enough): the work is the ruleset's [`HeapRuleset::work`] estimate.
    fn work_per_heap(&self) -> Option<(f64, f64)> {
        None
    }

    /// Bytes per value of the step's structures indexed by value (a set, a count or a
    /// list per value, up to the largest value it has met): when a run resumes from
    /// saved codes, `(largest code + 1) ×` this is checked against the memory limit,
    /// with the table, before the step sees them. The default, 1, covers bit and byte
    /// sets.
    fn bytes_per_value(&self) -> u64 {
        1
    }

    /// For a step whose single heaps can cost much work (more than about
    /// [`crate::control::WORK_CHUNK`] units): it keeps `meter`, counts its real work on
    /// it ([`crate::control::WorkMeter::add`], per block of options) and stops with
    /// its error ([`Error::Interrupted`]) as soon as cancellation is requested, inside
    /// a heap. Returns true if it does. The default (`false`): dense evaluation counts
    /// the estimated work of the heaps done and checks for cancellation between heaps,
    /// every [`crate::control::WORK_CHUNK`] units of estimated work.
    fn track(&mut self, _meter: crate::control::WorkMeter) -> bool {
        false
    }

    /// The last heap of the run (called once before the first [`DenseStep::value`]), for
    /// a step whose structures cover every heap up to it (the take-and-break split sets
    /// of `{k+}` digits), so that they are sized once. The default ignores it.
    fn reserve(&mut self, _last: u64) {}
}

/// [`HeapRuleset::for_each_option`] of a ruleset that implements
/// [`HeapRuleset::for_each_option_while`]: every option, none refused.
pub fn every_option<R: HeapRuleset + ?Sized>(rs: &R, n: u64, f: &mut dyn FnMut(&[Part])) {
    rs.for_each_option_while(n, &mut |parts| {
        f(parts);
        true
    });
}

/// A ruleset whose positions are heaps and whose options are disjunctive sums of heaps.
///
/// The required methods are the rules: the name, the first heap and the options.
/// Everything else is an optional capability reached through an accessor that returns
/// `None` (or a default) unless the ruleset has it: a proven closed form
/// ([`HeapRuleset::closed_form`]), a fast dense step ([`HeapRuleset::dense_step`]), a
/// periodicity theorem ([`HeapRuleset::periodicity`]) and a memory model
/// ([`HeapRuleset::memory`]).
///
/// Implementations must give options whose heaps are all smaller than `n` (the game is
/// short); the engines report an error otherwise.
pub trait HeapRuleset: Send + Sync {
    /// Name as written in expressions, with parameters (`subtraction[1,2]`).
    fn name(&self) -> String;

    /// The smallest heap that is a position (0 or 1). Heap 0 inside an option is always
    /// the empty heap of value 0, even where it is not itself a position.
    fn first_heap(&self) -> u64;

    /// True for a powerset ruleset: [`HeapRuleset::for_each_option`] then lists a base
    /// set of distinct heaps, one per call, and the options are the disjunctive sums of
    /// the nonempty subsets of that base.
    fn is_powerset(&self) -> bool {
        false
    }

    /// Calls `f` once per option of heap `n` with the option's parts (or, for a
    /// powerset ruleset, once per base heap with a single part).
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part]));

    /// As [`HeapRuleset::for_each_option`], stopping as soon as `f` returns false (a
    /// cancelled computation stops listing at once instead of running through the
    /// rest of a heap's options). The default lists every option and ignores the
    /// request; rulesets whose heaps have about n options or more (Nim, Lasker's Nim,
    /// the arithmetic rulesets that test every k ≤ n, take-and-break codes) override
    /// it, and [`HeapRuleset::for_each_option`] calls it.
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        let mut go = true;
        self.for_each_option(n, &mut |parts| {
            if go {
                go = f(parts);
            }
        });
    }

    /// An upper bound on the number of options of heap `n` (for a powerset ruleset, on
    /// the size of the base set; for a ruleset whose single option is a sum of many
    /// heaps, on the number of those heaps), and so on the work of enumerating them.
    /// Used to estimate work and memory before listing options or evaluating a table
    /// ([`WorkModel::Options`]).
    fn options_bound(&self, n: u64) -> u128 {
        n as u128 + 1
    }

    /// Capability: how the work of dense evaluation grows ([`WorkModel`]), for the
    /// estimate checked against the work limit before a table is computed. The default
    /// sums [`HeapRuleset::options_bound`], the options the generic evaluator visits; a
    /// ruleset whose [`HeapRuleset::dense_step`] visits fewer says how many.
    fn work(&self) -> WorkModel {
        WorkModel::Options
    }

    /// The units of work of heap `n` in the ruleset's dense step, for a ruleset whose
    /// [`HeapRuleset::work`] is [`WorkModel::Step`]; the default is
    /// [`HeapRuleset::options_bound`].
    fn step_work(&self, n: u64) -> u128 {
        self.options_bound(n)
    }

    /// Capability: the proven closed form, with its statement and citation.
    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        None
    }

    /// Capability: a specialised dense evaluator (faster option enumeration); `None`
    /// uses the generic one. It must compute the mex over the game's options, never a
    /// formula.
    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        None
    }

    /// Capability: a theorem that turns agreement of a computed table with a periodic
    /// pattern over a finite range into a proof for all heaps.
    fn periodicity(&self) -> Option<&dyn PeriodicityTheorem> {
        None
    }

    /// Capability: the rules as a finite take-and-break code of plain digits,
    /// `digits[j]` having bit k set when removing j tokens and leaving exactly k nonempty
    /// heaps (of any sizes) is a move, with [`HeapRuleset::for_each_option`] listing the
    /// options in that code's order (j ascending; for each, no heap `[]`, one heap, then
    /// the splits into k heaps, k ascending, their parts nondecreasing in lexicographic
    /// order). The period engine finds the moves of heaps far beyond its table from it
    /// ([`crate::solve::period::moves`]).
    fn plain_digits(&self) -> Option<Vec<u64>> {
        None
    }

    /// Capability: the memory model and search hint of the engines.
    fn memory(&self) -> MemoryModel {
        MemoryModel::default()
    }

    /// The counters of the ruleset's sparse-space dense step (rare heaps, mask, heap
    /// reached) during or after the last sequence computed, for rulesets that have
    /// one; `None` otherwise.
    fn engine_stats(&self) -> Option<EngineStats> {
        None
    }

    /// The counters ([`EngineStats`]: the mask and its rare parity, the rare heaps, the
    /// largest value) the ruleset's sparse-space dense step holds once a run from heap
    /// 0 has computed heaps `0..=to` whose values are `g(n)`, replayed from these values
    /// without computing any (the mask is a function of them), for rulesets that have
    /// one; `None` otherwise. The census's rare/common split comes from it, so that a
    /// certificate's values give it again.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a value of 2^32 or more (the engine's values are
    /// 32-bit); [`Error::OutOfMemory`] when the values or the rare index do not fit.
    fn engine_stats_after(&self, _g: &dyn Fn(u64) -> u64, _to: u64) -> Result<Option<EngineStats>> {
        Ok(None)
    }
}

/// How much memory dense evaluation of a heap ruleset takes, and which search suits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryModel {
    /// Bytes of memory per heap used by dense evaluation (table plus auxiliary data).
    pub bytes_per_heap: u64,
    /// How the heaps reachable from a heap are spread.
    pub reach: Reach,
}

impl Default for MemoryModel {
    /// 4 bytes per heap (one `u32` code), dense reach.
    fn default() -> MemoryModel {
        MemoryModel {
            bytes_per_heap: 4,
            reach: Reach::Dense,
        }
    }
}

/// The table encoding dense evaluation uses for `rs`: [`Encoding::ZeroOrPow2`] for
/// powerset rulesets (whose values are 0 or powers of two), else [`Encoding::Plain`].
pub fn encoding(rs: &dyn HeapRuleset) -> Encoding {
    if rs.is_powerset() {
        Encoding::ZeroOrPow2
    } else {
        Encoding::Plain
    }
}

/// A proven closed form of a heap ruleset.
pub trait HeapClosedForm {
    /// The theorem's statement and citation.
    fn statement(&self) -> Statement;

    /// The value of heap `n`, where the theorem gives one.
    fn value(&self, n: u64) -> Option<Nimber>;

    /// Why [`HeapClosedForm::value`] gives nothing for `n` (shown by `--method formula`).
    fn gap(&self, _n: u64) -> Option<String> {
        None
    }

    /// True if [`HeapClosedForm::value`] gives every heap of `from..=to`, known without
    /// evaluating them (a form proven for every heap, or up to where the arithmetic it
    /// needs reaches); false says nothing, and the heaps are asked one by one
    /// (`solve::formula_covers`).
    fn gives_every(&self, _from: u64, _to: u64) -> bool {
        false
    }

    /// A property of the value `v` of heap `n` stated by the theorem beyond exact values
    /// (a bound, an if-and-only-if statement) that `v` violates, described in words;
    /// `None` if every stated property holds. Checked by `grundy verify` against search.
    fn check(&self, _n: u64, _v: &Nimber) -> Option<String> {
        None
    }

    /// The options of heap `n` whose value is `target`, when the closed form finds them
    /// without enumerating every option (Nim: the heap `target` itself). `None` means
    /// "enumerate". Must agree with the rules (tests compare with enumeration).
    fn options_of_value(&self, _n: u64, _target: &Nimber) -> Option<Vec<Vec<Part>>> {
        None
    }
}

/// A periodicity theorem of a heap ruleset: if the values agree with a pattern of
/// preperiod `n0`, period `p` and saltus 0 on every heap from `n0` through
/// [`PeriodicityTheorem::proof_end`], they agree on every heap.
pub trait PeriodicityTheorem {
    /// The theorem and its citation.
    fn statement(&self) -> Statement;

    /// The last heap that must agree with the pattern, or `None` if the theorem does not
    /// apply to this pattern (a saltus, say).
    fn proof_end(&self, preperiod: u64, period: u64, saltus: i64) -> Option<u64>;

    /// True if the proof behind [`PeriodicityTheorem::proof_end`] (for saltus 0) pairs
    /// the options of heap n + p with those of heap n part by part, each part keeping
    /// its label, and never uses the mex: then the same range proves the periodicity of
    /// the pretending function of misère quotients (Plambeck & Siegel 2008; see
    /// [`crate::solve::misere::quotient()`]). False unless a ruleset says so.
    fn pairs_options(&self) -> bool {
        false
    }

    /// A short name of the theorem for output ("Guy–Smith"); the default is its
    /// source.
    fn theorem_name(&self) -> String {
        self.statement().source.to_string()
    }

    /// True if the theorem can prove some ordinary period of this ruleset (it applies
    /// to the pattern of period 1 from heap 0): the solver's period engine searches for
    /// a proof only then. A theorem that applies to no pattern of its ruleset (a
    /// take-and-break code with modifiers) answers false.
    fn can_prove(&self) -> bool {
        self.proof_end(0, 1, 0).is_some()
    }
}

/// Number of coordinates a tuple ruleset takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// At least this many.
    AtLeast(usize),
}

impl Arity {
    /// True if `n` coordinates are allowed.
    pub fn allows(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::AtLeast(k) => n >= k,
        }
    }
}

impl std::fmt::Display for Arity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Arity::Exactly(1) => write!(f, "exactly 1 argument"),
            Arity::Exactly(k) => write!(f, "exactly {k} arguments"),
            Arity::AtLeast(1) => write!(f, "at least 1 argument"),
            Arity::AtLeast(k) => write!(f, "at least {k} arguments"),
        }
    }
}

/// A search engine for one tuple ruleset, keeping what it learned between calls.
pub trait TupleSolver: Send {
    /// The nim-value of `pos` computed from the rules (never from a closed form).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the search would exceed the memory limit,
    /// [`Error::TooManyStates`] when it would visit more positions than the state limit
    /// (the engines that check it), [`Error::Interrupted`] when cancelled, and
    /// [`Error::Unsupported`] where the engine cannot represent the game (the generic
    /// search meets a cycle; a value above an engine's range).
    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber>;

    /// The checks [`TupleSolver::value`] makes before searching `pos` (its memory and
    /// state estimates), without doing any work: a computation over many positions
    /// (`verify`) checks its largest one first, so that it is not refused at the end.
    /// The default checks nothing.
    ///
    /// # Errors
    /// As [`TupleSolver::value`]: [`Error::TooLarge`], [`Error::TooManyStates`].
    fn check(&self, _pos: &[u64], _ctl: &Control) -> Result<()> {
        Ok(())
    }
}

/// A ruleset whose positions are tuples of non-negative integers.
pub trait TupleRuleset: Send + Sync {
    /// Name as written in expressions.
    fn name(&self) -> String;

    /// How many coordinates a position has.
    fn arity(&self) -> Arity;

    /// Domain check beyond the arity (for example `vdn` needs both heaps ≥ 1).
    ///
    /// # Errors
    /// [`Error::Domain`] if `pos` is not a position of the ruleset (the default accepts
    /// every tuple).
    fn check(&self, _pos: &[u64]) -> Result<()> {
        Ok(())
    }

    /// Calls `f` once per option of `pos` (options are listed once each; where the
    /// ruleset treats coordinates as unordered, mirror images count once).
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64]));

    /// Capability: the proven closed form, with its statement and citation.
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        None
    }

    /// A canonical form with the same value (for memoization), e.g. sorted coordinates.
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        pos.to_vec()
    }

    /// An upper bound on the number of positions a search from `pos` visits.
    fn search_states(&self, pos: &[u64]) -> u128;

    /// An upper bound on the number of options of `pos` (default: the sum of the
    /// coordinates plus one, right for games that remove at least one unit per option).
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos.iter().map(|&x| x as u128).sum::<u128>() + 1
    }

    /// An upper bound on the options a search from `pos` lists (its work), checked
    /// against the work limit before the generic memoized search starts. The default,
    /// [`TupleRuleset::search_states`] × [`TupleRuleset::options_bound`] of `pos`, holds
    /// where no position reachable from `pos` has more options than `pos` itself.
    fn search_work(&self, pos: &[u64]) -> u128 {
        self.search_states(pos).saturating_mul(self.options_bound(pos).max(1))
    }

    /// Capability: a specialised search engine; `None` uses the generic memoized
    /// search.
    fn solver(&self) -> Option<Box<dyn TupleSolver>> {
        None
    }
}

/// A proven closed form of a tuple ruleset.
pub trait TupleClosedForm {
    /// The theorem's statement and citation.
    fn statement(&self) -> Statement;

    /// The value of `pos`, where the theorem gives one.
    fn value(&self, pos: &[u64]) -> Option<Nimber>;

    /// The outcome of `pos`, where the theorem gives one: also where it gives no value
    /// (Wythoff's theorem names the P-positions, of value 0, so every other position is
    /// an N-position of a value no formula gives). The solver reports such an outcome
    /// with the value left open when a search cannot reach the value, and `verify`
    /// checks it against search. The default is the outcome of [`TupleClosedForm::value`].
    fn outcome(&self, pos: &[u64]) -> Option<Outcome> {
        self.value(pos).map(|v| Outcome::of(&v))
    }

    /// Why [`TupleClosedForm::value`] gives nothing for `pos` (shown by `--method
    /// formula`).
    fn gap(&self, _pos: &[u64]) -> Option<String> {
        None
    }
}

/// A ruleset of either shape, as stored in the catalog.
#[derive(Clone)]
pub enum Ruleset {
    /// Positions are heaps; arguments of an expression are the heaps of a sum.
    Heap(Arc<dyn HeapRuleset>),
    /// Positions are tuples; arguments of an expression are the tuple.
    Tuple(Arc<dyn TupleRuleset>),
    /// Positions are heaps and play can cycle; arguments are the heaps of a sum.
    Loopy(Arc<dyn LoopyRuleset>),
    /// Positions of any form (boards, graphs); the arguments are read by the ruleset.
    Game(Arc<dyn GameRuleset>),
}

impl Ruleset {
    /// Name with parameters.
    pub fn name(&self) -> String {
        match self {
            Ruleset::Heap(r) => r.name(),
            Ruleset::Tuple(r) => r.name(),
            Ruleset::Loopy(r) => r.name(),
            Ruleset::Game(r) => r.name(),
        }
    }

    /// The heap ruleset, or an error naming the operation that needs one.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a tuple or loopy ruleset, naming `operation`.
    pub fn as_heap(&self, operation: &str) -> Result<&Arc<dyn HeapRuleset>> {
        match self {
            Ruleset::Heap(r) => Ok(r),
            Ruleset::Tuple(r) => Err(Error::Unsupported(format!(
                "{operation} needs a heap ruleset; {} has tuple positions ({})",
                r.name(),
                r.arity()
            ))),
            Ruleset::Loopy(r) => Err(Error::Unsupported(format!(
                "{operation} needs a heap ruleset of a finite game; {} is loopy (play can cycle)",
                r.name()
            ))),
            Ruleset::Game(r) => Err(Error::Unsupported(format!(
                "{operation} needs a heap ruleset; {} has positions that are not heaps (boards or graphs)",
                r.name()
            ))),
        }
    }

    /// The tuple ruleset, or an error naming the operation that needs one.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a heap or loopy ruleset, naming `operation`.
    pub fn as_tuple(&self, operation: &str) -> Result<&Arc<dyn TupleRuleset>> {
        match self {
            Ruleset::Tuple(r) => Ok(r),
            other => {
                Err(Error::Unsupported(format!(
                "{operation} needs a ruleset on pairs or tuples (such as min or delete-nim); {} has {} as positions",
                other.name(),
                if matches!(other, Ruleset::Game(_)) { "boards or graphs" } else { "heaps" }
            )))
            }
        }
    }
}

impl std::fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ruleset({})", self.name())
    }
}
