//! MIN (paper 001, Cairns & Ho): two heaps; subtract from the larger a positive
//! integer no greater than the smaller. (0, b) is terminal. No closed form is known;
//! Theorem 1 says G(a, a) = 1 iff a + 1 is prime.
//!
//! Engines: [`rows::MinRows`] computes whole rows (all values, by search over the
//! rules, using the periodicity of Lemma 3); [`facts::MinFacts`] computes only the
//! positions of the values 0 and 1 (Section 4's recursion, as a sieve) to much larger
//! a; [`grid`] is a plain table without any structure, for cross-checks;
//! [`recursion`] is the paper's own downward search for f_0 and f_1.

pub mod facts;
pub mod grid;
pub mod recursion;
pub mod rows;
mod window;

use crate::game::{Arity, Family, Ruleset, TupleRuleset, TupleSolver};
use std::sync::Arc;

/// MIN: positions are unordered pairs (a, b) of non-negative integers; from a ≤ b the
/// options are (a, b − k), 1 ≤ k ≤ a. Values are at most min(a, b) (Lemma 3(b)).
pub struct Min;

impl TupleRuleset for Min {
    fn name(&self) -> String {
        "min".into()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        // Subtract from the larger coordinate, keeping the order as written.
        let (small, large) = if pos[0] <= pos[1] { (0, 1) } else { (1, 0) };
        let a = pos[small];
        let mut next = pos.to_vec();
        for k in 1..=a {
            next[large] = pos[large] - k;
            f(&next);
        }
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        vec![pos[0].min(pos[1]), pos[0].max(pos[1])]
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        (pos[0] as u128 + 1) * (pos[1] as u128 + 1)
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos[0].min(pos[1]) as u128
    }
    fn solver(&self) -> Option<Box<dyn TupleSolver>> {
        Some(Box::new(rows::MinRows::new()))
    }
}

/// MIN (paper 001).
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "min",
        "unordered pairs (a,b) of non-negative integers: min(6,7) is one game",
        "from a ≤ b: (a, b−k) for 1 ≤ k ≤ a; (0,b) is terminal",
        "paper 001 (Cairns & Ho)",
        None,
        "min(6239,6240)",
        |_| Ok(Ruleset::Tuple(Arc::new(Min))),
    ),
];
