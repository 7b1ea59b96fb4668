//! The game Euclid in the two versions paper 001 (MIN, §1) cites: a move subtracts a
//! positive multiple of the smaller number from the larger.
//!
//! - `euclid`: the original game of A. J. Cole and A. J. T. Davie ("A game based on the
//!   Euclidean algorithm and a winning strategy for it", Math. Gazette 53 (1969)
//!   354–357), on pairs of non-negative integers; the result may be 0, and the player
//!   who reduces a number to 0 wins (a position with a 0 has no move).
//! - `euclid-grossman`: J. W. Grossman's version (Math. Magazine 70 (1997), problem
//!   1537), on pairs of positive integers; the result must stay positive, so play
//!   stops when the numbers are equal.
//!
//! Both values come from one recursion. For `0 < a ≤ b`, write `b = qa + r` with
//! `0 ≤ r < a`: the positions `(a, ia + r)`, `i = 0, …, q`, form a chain in which the
//! options of the `i`-th are the ones before it, so with `g` the value of the first,
//! `G(a, qa + r) = q − 1` if `q ≤ g` and `q` otherwise. The first is `(r, a)`, of value
//! `G(r, a)` (the same recursion, one step of Euclid's algorithm further), except at
//! the end `r = 0`: for Cole & Davie `(0, a)` has value 0; for Grossman the chain
//! starts at `(a, a)`, of value 0, as if `g` were infinite. Unrolled along the
//! continued fraction `b/a = [q₀; q₁, …, qₙ]`, this is the continued-fraction formula
//! of Cairns, Ho & Lengyel (Cole & Davie, [`COLE_DAVIE`]) and Nivasch's formula
//! `⌊b/a − a/b⌋` (Grossman, [`NIVASCH`]); the tests check both against search.

use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset};
use crate::value::Nimber;
use std::sync::Arc;

/// The game Euclid, in one of its two versions: pairs `(a, b)`; a move subtracts a
/// positive multiple of the smaller from the larger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Euclid {
    /// Cole & Davie's: pairs of non-negative integers; the result may be 0 (from
    /// `(a, a)` the move to `(a, 0)`); a position with a 0 is terminal.
    ColeDavie,
    /// Grossman's: pairs of positive integers; the result stays positive; `(a, a)` is
    /// terminal.
    Grossman,
}

/// The Sprague–Grundy function of Cole & Davie's Euclid.
pub const COLE_DAVIE: Statement = Statement {
    text: "for 0 < a ≤ b with b/a = [q₀; q₁, …, qₙ], q_{n+1} = 0 and j the least index with q_j ≠ q_{j+1}: G(a,b) = q₀ − 1 if q_j < q_{j+1} with j even or q_j > q_{j+1} with j odd, else q₀; G(0,b) = 0",
    source: "Cairns, Ho & Lengyel, Discrete Math. 311 (2011) 457–462, via the continued fraction of b/a (stated in grundy's form)",
};

/// Nivasch's formula for Grossman's Euclid.
pub const NIVASCH: Statement = Statement {
    text: "G(a,b) = ⌊|b/a − a/b|⌋ for a, b ≥ 1",
    source: "Nivasch, Discrete Math. 306 (2006) 2798–2800",
};

/// The partial quotients `[q₀; q₁, …, qₙ]` of `b/a` (`0 < a ≤ b`): Euclid's algorithm.
fn quotients(a: u64, b: u64) -> Vec<u64> {
    let (mut a, mut b) = (a, b);
    let mut q = Vec::new();
    while a > 0 {
        q.push(b / a);
        (a, b) = (b % a, a);
    }
    q
}

/// The value of `(a, b)` in Cole & Davie's Euclid by [`COLE_DAVIE`].
pub fn cole_davie_value(a: u64, b: u64) -> u64 {
    let (a, b) = (a.min(b), a.max(b));
    if a == 0 {
        return 0;
    }
    let mut q = quotients(a, b);
    q.push(0);
    let j = (0..q.len() - 1).find(|&j| q[j] != q[j + 1]).expect("q_n ≠ q_{n+1} = 0");
    let lower = (q[j] < q[j + 1]) != (j % 2 == 1);
    q[0] - u64::from(lower)
}

/// The value of `(a, b)`, `a, b ≥ 1`, in Grossman's Euclid by [`NIVASCH`]:
/// `⌊(b² − a²)/(ab)⌋` for `a ≤ b`, exact in 128-bit integers.
pub fn nivasch_value(a: u64, b: u64) -> u64 {
    let (a, b) = (a.min(b) as u128, a.max(b) as u128);
    ((b * b - a * a) / (a * b)) as u64
}

/// The positions a search from `(a, b)` reaches, and the options it lists: the chains
/// of Euclid's algorithm, `qᵢ + 1` positions and `qᵢ(qᵢ + 1)/2` options at step `i`.
fn search_size(pos: &[u64]) -> (u128, u128) {
    let (a, b) = (pos[0].min(pos[1]), pos[0].max(pos[1]));
    if a == 0 {
        return (1, 1);
    }
    quotients(a, b).iter().fold((1, 1), |(s, w), &q| {
        let q = q as u128;
        (s + q + 1, w.saturating_add(q * (q + 1) / 2))
    })
}

/// Calls `f` with each option of `(a, b)`: `k` times the smaller subtracted from the
/// larger for `1 ≤ k ≤ ⌊larger/smaller⌋`, and with `keep_positive` only while the
/// result is positive. From `(a, a)` only the second number is reduced (the two moves
/// reach mirror images).
fn options(a: u64, b: u64, keep_positive: bool, f: &mut dyn FnMut(&[u64])) {
    let (small, large) = (a.min(b), a.max(b));
    if small == 0 {
        return;
    }
    let most = if keep_positive { (large - 1) / small } else { large / small };
    for k in 1..=most {
        let rest = large - k * small;
        if a <= b {
            f(&[a, rest]);
        } else {
            f(&[rest, b]);
        }
    }
}

impl TupleRuleset for Euclid {
    fn name(&self) -> String {
        match self {
            Euclid::ColeDavie => "euclid".into(),
            Euclid::Grossman => "euclid-grossman".into(),
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn check(&self, pos: &[u64]) -> Result<()> {
        if *self == Euclid::Grossman && pos.contains(&0) {
            return Err(Error::Domain {
                ruleset: self.name(),
                position: format!("{}({},{})", self.name(), pos[0], pos[1]),
                reason: "both numbers must be at least 1 (Grossman's Euclid stops at equal numbers)".into(),
            });
        }
        Ok(())
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        options(pos[0], pos[1], *self == Euclid::Grossman, f);
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        vec![pos[0].min(pos[1]), pos[0].max(pos[1])]
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        search_size(pos).0
    }
    fn search_work(&self, pos: &[u64]) -> u128 {
        search_size(pos).1
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        (pos[0].max(pos[1]) / pos[0].min(pos[1]).max(1)) as u128
    }
}

impl TupleClosedForm for Euclid {
    fn statement(&self) -> Statement {
        match self {
            Euclid::ColeDavie => COLE_DAVIE,
            Euclid::Grossman => NIVASCH,
        }
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        match self {
            Euclid::ColeDavie => Some(Nimber::from(cole_davie_value(pos[0], pos[1]))),
            Euclid::Grossman => {
                (pos[0] > 0 && pos[1] > 0).then(|| Nimber::from(nivasch_value(pos[0], pos[1])))
            }
        }
    }
}

/// The two versions of Euclid.
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "euclid",
        "pairs (a,b) of non-negative integers: euclid(3,7) is one game",
        "subtract a positive multiple of the smaller number from the larger, the result non-negative; whoever makes a 0 wins",
        "Cole & Davie, Math. Gazette 53 (1969) 354–357 (cited by paper 001 §1)",
        Some(COLE_DAVIE),
        "euclid(3,7)",
        |_| Ok(Ruleset::Tuple(Arc::new(Euclid::ColeDavie))),
    ),
    Family::fixed(
        "euclid-grossman",
        "pairs (a,b) of positive integers",
        "subtract a positive multiple of the smaller number from the larger, the result positive; play stops at equal numbers",
        "Grossman, Math. Magazine 70 (1997), problem 1537 (cited by paper 001 §1)",
        Some(NIVASCH),
        "euclid-grossman(3,7)",
        |_| Ok(Ruleset::Tuple(Arc::new(Euclid::Grossman))),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_tuple;
    use crate::control::Control;
    use crate::game::TupleSolver;

    #[test]
    fn formulas_agree_with_search() {
        for (rs, positions) in [
            (Arc::new(Euclid::ColeDavie) as Arc<dyn TupleRuleset>, 301 * 301),
            (Arc::new(Euclid::Grossman), 300 * 300),
        ] {
            let r = verify_tuple(&rs, 2, 300, &Control::new()).unwrap();
            assert_eq!((r.checked, r.mismatch, r.violations), (positions, None, 0), "{}", rs.name());
        }
    }

    #[test]
    fn golden_values() {
        // Nivasch 2006: ⌊|b/a − a/b|⌋; (a, b) with a < b is P iff b/a < φ (Cole &
        // Davie): 8/5 and 21/13 are below φ, 13/8 = 1.625 is above; (1, n) is n − 1.
        assert_eq!(nivasch_value(5, 8), 0);
        assert_eq!(nivasch_value(21, 13), 0);
        assert_eq!(nivasch_value(13, 8), 1);
        assert_eq!(nivasch_value(1, 10), 9);
        assert_eq!(nivasch_value(3, 7), 1);
        // Cole & Davie's game: (a, a) is N (move to (a, 0)), (1, n) has value n, and the
        // P-positions with a < b are Grossman's (Straffin 1998; Cairns, Ho & Lengyel).
        assert_eq!(cole_davie_value(4, 4), 1);
        assert_eq!(cole_davie_value(1, 10), 10);
        assert_eq!(cole_davie_value(0, 7), 0);
        for a in 1..60 {
            for b in a + 1..120 {
                assert_eq!(cole_davie_value(a, b) == 0, nivasch_value(a, b) == 0, "({a},{b})");
            }
        }
        // Sizes near 2^64: exact, no overflow.
        let m = u64::MAX;
        assert_eq!(nivasch_value(m, m), 0);
        assert_eq!(nivasch_value(1, m), m - 1);
        assert_eq!(cole_davie_value(1, m), m);
        assert_eq!(cole_davie_value(m - 1, m), 0);
    }

    #[test]
    fn options_and_domain() {
        let list = |rs: &dyn TupleRuleset, a, b| {
            let mut v = Vec::new();
            rs.for_each_option(&[a, b], &mut |o| v.push(o.to_vec()));
            v
        };
        assert_eq!(list(&Euclid::ColeDavie, 3, 7), [vec![3, 4], vec![3, 1]]);
        assert_eq!(list(&Euclid::ColeDavie, 7, 3), [vec![4, 3], vec![1, 3]]);
        assert_eq!(list(&Euclid::ColeDavie, 3, 6), [vec![3, 3], vec![3, 0]]);
        assert_eq!(list(&Euclid::ColeDavie, 3, 3), [vec![3, 0]]);
        assert!(list(&Euclid::ColeDavie, 0, 3).is_empty());
        assert_eq!(list(&Euclid::Grossman, 3, 6), [vec![3, 3]]);
        assert!(list(&Euclid::Grossman, 3, 3).is_empty());
        assert!(Euclid::Grossman.check(&[0, 3]).is_err());
        // The search's estimate: the chain of (1, 10^7) has 10^7 positions (within the
        // memory limit) but about 5·10^13 options, refused before the search starts.
        let ctl = Control::new().with_memory_limit(4 << 30);
        let e = crate::solve::memo::MemoSolver::new(Arc::new(Euclid::ColeDavie))
            .value(&[1, 10_000_000], &ctl)
            .unwrap_err();
        assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
    }
}
