//! # grundy-papers
//!
//! The computable claims of the seed papers of grundy, as data, and the checks that
//! decide them against the rules of the games (search with the `grundy` library).
//!
//! Each paper is a table of [`Claim`] rows: an id (`PPP-…`, the paper number first),
//! the source in the paper, the statement, the [`Kind`] of check, the ruleset (where
//! there is one) and the quick and full sizes. A small set of check kinds is
//! implemented once: a closed form against search, a printed table or sequence, values
//! and winning moves of positions, Nim searched as one game, observations below a
//! bound, the statements about MIN, figures (drawn by a renderer, not checked), and a
//! few bespoke computations ([`Kind::Custom`]).
//!
//! Running a claim gives an [`Outcome`]: what was computed, over what range, and the
//! [`Verdict`] (holds, consistent, disagrees with the paper, counterexample, not run).
//! [`Checked`] and [`Report`] serialize (serde) to the shape of `grundy reproduce`'s
//! `report.json`.
//!
//! # Example
//!
//! ```
//! use grundy_papers::{claims, find, run, Context, Verdict};
//!
//! // The claims, in report order.
//! let all = claims();
//! assert!(all.iter().any(|c| c.id == "002-ex1"));
//!
//! // Bouton's example in paper 002: 2 ⊕ 5 ⊕ 7 = 0, Nim searched as one game.
//! let claim = find("002-ex1").unwrap();
//! assert_eq!(claim.kind.name(), "nim_sum");
//! let outcome = run(&claim, &Context::quick()).unwrap();
//! assert_eq!(outcome.verdict, Verdict::Holds);
//! assert_eq!(outcome.range, "Nim (2,5,7)");
//! ```

#![warn(missing_docs)]

mod claim;
mod engine;
mod error;
pub mod kinds;
mod outcome;
pub mod papers;
mod report;

pub use claim::{
    Claim, Ctx, CustomFn, Expected, Figure, Game, Kind, Min, OptionTable, Part8, Prefix, SievePredicate, Size,
};
pub use error::{Error, Result};
pub use kinds::min::verify_min_claims;

/// The claims that `grundy verify NAME --to N` checks for a ruleset without a closed
/// form: the literature's statements about its engines and values (for `min`, the
/// sieve against the full search, Theorem 1 and Lemma 3 of paper 001). Empty for a
/// ruleset with none.
pub fn verification_claims(ruleset: &str, to: u64) -> Vec<Claim> {
    verify_min_claims(to)
        .into_iter()
        .filter(|c| c.ruleset == Some(ruleset))
        .collect()
}
pub use outcome::{Outcome, Verdict};
pub use report::{paper_title, Checked, FigureRef, Report, Summary, PAPERS};

use grundy::Control;
use std::time::Instant;

/// How claims are run: quick or full sizes, and the run control (memory limit,
/// cancellation).
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// Run control.
    pub control: Control,
    /// Full mode: the larger sizes.
    pub full: bool,
}

impl Context {
    /// Quick mode, default control.
    pub fn quick() -> Context {
        Context::default()
    }

    /// Full mode, default control.
    pub fn full() -> Context {
        Context {
            full: true,
            ..Context::default()
        }
    }
}

/// Every claim of the seed papers, paper by paper, in report order (the figures
/// included: see [`Claim::is_figure`]).
pub fn claims() -> Vec<Claim> {
    papers::all()
}

/// The claim with this id.
///
/// # Errors
/// [`Error::UnknownClaim`].
pub fn find(id: &str) -> Result<Claim> {
    claims()
        .into_iter()
        .find(|c| c.id == id)
        .ok_or_else(|| Error::UnknownClaim(id.to_string()))
}

/// Runs the check of `claim`.
///
/// # Errors
/// [`Error::Figure`] for a figure; an interruption or memory limit
/// ([`Error::Grundy`]); any other failure of the check.
pub fn run(claim: &Claim, context: &Context) -> Result<Outcome> {
    kinds::run(&Ctx { context, claim })
}

/// Runs the check of `claim` and times it: an error becomes the verdict
/// [`Verdict::Error`] (“not run”), except an interruption, which is returned.
///
/// # Errors
/// An interruption.
pub fn check(claim: &Claim, context: &Context) -> Result<Checked> {
    let t = Instant::now();
    let outcome = match run(claim, context) {
        Ok(o) => o,
        Err(e) if e.is_interrupted() || context.control.cancelled() => return Err(e),
        Err(e) => Outcome::error(e.to_string()),
    };
    Ok(Checked::new(claim, outcome, t.elapsed().as_secs_f64()))
}

/// Runs every check (not the figures) whose id starts with `prefix` (all with `""`),
/// in order.
///
/// # Errors
/// An interruption (the checks finished before it are lost; use [`check`] one by one
/// to keep them).
pub fn run_all(prefix: &str, context: &Context) -> Result<Vec<Checked>> {
    claims()
        .iter()
        .filter(|c| !c.is_figure() && c.id.starts_with(prefix))
        .map(|c| check(c, context))
        .collect()
}
