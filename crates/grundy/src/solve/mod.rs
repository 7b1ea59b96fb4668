//! Engines that compute nim-values from the rules of a game (never from closed forms):
//!
//! - [`dense`]: the values of heaps `0..=N` of a heap ruleset in one pass.
//! - [`memo`]: iterative memoized search for single positions (no recursion-depth
//!   limit), for tuple rulesets and for heap rulesets whose options jump far.
//! - [`Evaluator`]: picks formula or search per [`Method`], caching tables between calls.
//! - [`moves`]: values of disjunctive sums, outcomes and winning moves.
//! - [`loopy`]: the generalized Sprague–Grundy function of a finite game graph that may
//!   have cycles (values `∞(K)`); [`explore`]: values of loopy rulesets within a bound.

pub mod dense;
mod evaluator;
pub mod explore;
pub mod loopy;
mod loopy_sum;
pub mod memo;
pub mod moves;

pub use dense::{sequence, sequence_generic, sequence_partial, NimSeq};
pub use evaluator::{Evaluator, Method};
pub use explore::{Bound, BoundedValue, LoopyExplorer};
pub use loopy_sum::{LoopyEvaluator, LoopyMoveList};
pub use moves::{moves, MoveList, Outcome};
