//! Outcome classes: who wins a position with best play.

use super::Nimber;

/// Outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Value 0: the previous player (the one who just moved) wins.
    P,
    /// Value ≠ 0: the next player (the one to move) wins.
    N,
    /// A draw: neither player can force a win (only in loopy games, value `∞(K)` with
    /// `0 ∉ K`; see [`crate::value::LoopyValue::outcome`]).
    D,
}

impl Outcome {
    /// The outcome of a finite nim-value: P for 0, N otherwise.
    pub fn of(v: &Nimber) -> Outcome {
        if v.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}
