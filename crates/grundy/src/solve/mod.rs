//! The solver facade and the engines behind it.
//!
//! - [`Solver`]: the one entry point: the value (finite, `∞(K)` or undetermined within
//!   a bound), the moves and the sequence of any position or ruleset. It makes the
//!   closed-form/search choice ([`Method`]) and calls the engines below, each of which
//!   checks its memory and work estimates against [`crate::Control`] first.
//!
//! Engines that compute values from the rules of a game (never from closed forms):
//!
//! - [`dense`]: the values of heaps `0..=N` of a heap ruleset in one pass.
//! - [`memo`]: iterative memoized search for single positions (no recursion-depth
//!   limit), for tuple rulesets and for heap rulesets whose options jump far.
//! - [`Evaluator`]: the finite components: formula or search per [`Method`], caching
//!   tables between calls.
//! - [`loopy`]: the generalized Sprague–Grundy function of a finite game graph that may
//!   have cycles (values `∞(K)`); [`explore`]: values of loopy rulesets within a bound.
//! - [`bitgame`]: the position engine for games that split into components (boards,
//!   graphs): canonical components, a transposition table with a memory bound, both
//!   cores; [`grid`]: boards as bit sets, their regions and normal forms; [`game`]:
//!   the generic memoized search of game rulesets without an engine of their own.
//! - [`resume`]: the checks on saved values (a checkpoint's) before a dense run resumes
//!   from them.
//! - [`misere`]: misère play — outcomes, G⁻, moves and genus of any sum by search, and
//!   misère quotients of heap rulesets with certificates.
//! - [`period`]: the period engine: the table only until the ruleset's periodicity
//!   theorem proves a period, then every heap below 2^64 from the period (values and
//!   the options of a value of heaps far beyond the table).

pub mod bitgame;
pub mod dense;
pub(crate) mod draw;
mod evaluator;
pub mod explore;
pub mod game;
pub mod grid;
pub mod loopy;
pub mod memo;
pub mod misere;
pub mod period;
mod solver;

/// The checks on a checkpoint's values, part of the dense engine.
pub use dense::resume;
pub use dense::{
    sequence, sequence_checkpointed, sequence_generic, sequence_partial, sequence_resume, Checkpoint, NimSeq,
};
pub use evaluator::{Announce, Evaluator, Method};
pub use explore::{Bound, BoundedValue, LoopyExplorer};
pub use solver::{
    formula_covers, formula_gives, game_rulesets, Coverage, MisereSequence, MisereValue, Moves, Play, QuotientUse,
    Sequence, SequenceValues, Solver, FORMULA_PROBE, GENUS_BUDGET, LISTED_BYTES_PER_HEAP, LISTED_BYTES_PER_OPTION,
    LISTED_MOVES, LISTED_SUBSET_MOVES, POWERSET_BYTES_PER_BASE, PROOF_WITHOUT_DB, QUOTIENT_BUDGET,
};
