//! Misère play: the player who makes the last move loses.
//!
//! - [`MisereSearch`] (the reference): the misère outcome (P or N), the misère Grundy
//!   value G⁻, the moves and the genus of any disjunctive sum of finite games, by a
//!   memoized search over sums in a canonical form (a multiset of atoms). Misère play
//!   has no Sprague–Grundy theorem, so the whole sum is searched; misère Nim's rule
//!   (Bouton 1902) is the one reduction applied.
//! - [`genus`]: the genus g^{γ₀γ₁…} (Conway, *On Numbers and Games* ch. 12) and what it
//!   decides about tameness.

pub mod genus;
mod search;
mod sum;

pub use genus::{Genus, GenusReport, Tameness};
pub use search::{MisereMoves, MisereSearch};
