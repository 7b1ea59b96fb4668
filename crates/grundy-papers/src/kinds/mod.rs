//! The check kinds, each implemented once, and the dispatch from a claim's
//! [`Kind`] to its implementation.

pub mod closed_form;
pub mod games;
pub mod min;
pub mod period;
pub mod printed;

use crate::claim::{Ctx, Kind};
use crate::error::{Error, Result};
use crate::outcome::Outcome;

/// Runs the check of the claim in `c`.
///
/// # Errors
/// [`Error::Figure`] for a figure; the check's own errors.
pub(crate) fn run(c: &Ctx) -> Result<Outcome> {
    match c.claim.kind {
        Kind::ClosedForm { game, range, note } => closed_form::run(c, game, range, note),
        Kind::Table(t) => printed::run_table(t, c.ctl()),
        Kind::Sequence(p) => printed::run_prefix(p, c.ctl()),
        Kind::ValueSet { value, heaps } => games::value_set(c, value, heaps),
        Kind::Values(items) => games::values(c, items),
        Kind::WinningMoves {
            expr,
            paper,
            note,
            options_after,
        } => games::winning_moves(c, expr, paper, note, options_after),
        Kind::NimSum { heaps, paper, outcome } => games::nim_sum(c, heaps, paper, outcome),
        Kind::Observation {
            bound,
            predicate,
            reading,
        } => games::observation(c, bound, predicate, reading),
        Kind::Min(m) => min::run(c, m),
        Kind::Period(expected) => period::run(c, expected),
        Kind::Figure(_) => Err(Error::Figure(c.claim.id.to_string())),
        Kind::Custom(f) => f(c),
    }
}
