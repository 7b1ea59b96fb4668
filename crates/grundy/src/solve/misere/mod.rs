//! Misère play: the player who makes the last move loses.
//!
//! - [`MisereSearch`] (the reference): the misère outcome (P or N), the misère Grundy
//!   value G⁻, the moves and the genus of any disjunctive sum of finite games, by a
//!   memoized search over sums in a canonical form (a multiset of atoms). Misère play
//!   has no Sprague–Grundy theorem, so the whole sum is searched; misère Nim's rule
//!   (Bouton 1902) is the one reduction applied.
//! - [`genus`]: the genus g^{γ₀γ₁…} (Conway, *On Numbers and Games* ch. 12) and what it
//!   decides about tameness.
//! - [`quotient`](mod@quotient): misère quotients of heap rulesets computed heap by heap (Plambeck &
//!   Siegel 2008), partial or solved by the periodicity theorem for misère quotients,
//!   with a [`Certificate`] that [`check_certificate`] re-verifies independently.

mod certificate;
mod check;
pub mod genus;
mod growth;
mod monoid;
pub mod presentation;
pub mod quotient;
mod search;
mod states;
mod sum;
mod trial;

pub use certificate::{Certificate, READ_FRACTION};
pub use check::check_certificate;
pub use genus::{Genus, GenusReport, Tameness};
pub use monoid::Monoid;
pub use presentation::Presentation;
pub use quotient::{quotient, Change, Quotient, Status, MISERE_PERIODICITY};
pub use search::{MisereMoves, MisereSearch};
pub(crate) use sum::is_nim as is_nim_ruleset;

/// [`crate::error::Error::Interrupted`] once the run is cancelled. The inner loops of the
/// quotient engine check this rather than [`crate::Control::tick`], so that the
/// progress shown is the heap reached.
pub(crate) fn cancelled(ctl: &crate::Control) -> crate::error::Result<()> {
    if ctl.cancelled() {
        Err(crate::error::Error::Interrupted)
    } else {
        Ok(())
    }
}
