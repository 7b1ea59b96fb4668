//! Common Divisor Nim CDN_m (paper 000, Nohagi).

use crate::arith::{divisors, gcd};
use crate::formulas::cdn as f;
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset};
use crate::value::Nimber;
use std::sync::Arc;

/// CDN_m: positions (n1, …, nm) ∈ ℕ^m, m ≥ 1; a move subtracts a positive common
/// divisor of all nᵢ from one nᵢ (Definition 1.1). (0, …, 0) is the only end position.
/// Value by Theorem 1.3 ([`crate::formulas::cdn::value`]), in 0..=64.
pub struct Cdn;

impl TupleRuleset for Cdn {
    fn name(&self) -> String {
        "cdn".into()
    }
    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        let g = pos.iter().fold(0, |g, &n| gcd(g, n));
        if g == 0 {
            return;
        }
        let ds = divisors(g);
        let mut next = pos.to_vec();
        for i in 0..pos.len() {
            if pos[i] == 0 {
                continue;
            }
            // Every divisor of g divides (so is at most) each nonzero nᵢ.
            for &d in &ds {
                next[i] = pos[i] - d;
                f(&next);
            }
            next[i] = pos[i];
        }
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        // The rules are symmetric in the coordinates.
        let mut v = pos.to_vec();
        v.sort_unstable();
        v
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        let g = pos.iter().fold(0, |g, &n| gcd(g, n));
        if g == 0 {
            0
        } else {
            pos.len() as u128 * divisors(g).len() as u128
        }
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        pos.iter().fold(1u128, |acc, &n| acc.saturating_mul(n as u128 + 1))
    }
}

impl TupleClosedForm for Cdn {
    fn statement(&self) -> Statement {
        f::THEOREM_1_3
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        Some(Nimber::from(f::value(pos)))
    }
}

/// Common Divisor Nim (paper 000).
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "cdn",
        "tuples (n1,…,nm) ∈ ℕ^m, any m ≥ 1: cdn(6,3,2) is one game, not a sum",
        "subtract a positive common divisor of all nᵢ from one nᵢ",
        "paper 000 (Nohagi), Definition 1.1",
        Some(f::THEOREM_1_3),
        "cdn(6,3,2)",
        |_| Ok(Ruleset::Tuple(Arc::new(Cdn))),
    ),
];
