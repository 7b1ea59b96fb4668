//! Moore's Nimₖ (E. H. Moore, "A generalization of the game called Nim", Annals of
//! Mathematics 11 (1910) 93–94): heaps of tokens; a move takes tokens from at least one
//! and at most `k` heaps (any positive number from each). Nim₁ is Nim.
//!
//! Moore's theorem gives the P-positions: write the heaps in binary; a position is P
//! iff in every binary place the number of heaps with a 1 there is divisible by
//! `k + 1`. So it gives the outcome of every position; the values of the N-positions
//! have no known formula for `k ≥ 2` and come from search (for `k = 1`, Bouton's
//! theorem gives the value `a₁ ⊕ … ⊕ aₙ`).

use crate::error::Error;
use crate::formulas::Statement;
use crate::game::family::integer_list;
use crate::game::{Arity, Family, Params, Ruleset, TupleClosedForm, TupleRuleset};
use crate::value::{Nimber, Outcome};
use std::sync::Arc;

/// Moore's Nimₖ: positions are tuples of heaps; a move lowers at least one and at most
/// `k` heaps.
pub struct MooreNim {
    /// The most heaps a move may take from (at least 1).
    pub k: u64,
}

/// Moore's theorem.
pub const MOORE: Statement = Statement {
    text: "P iff in every binary place the number of heaps with a 1 there is divisible by k + 1 (k = 1, Nim: G = a₁ ⊕ … ⊕ aₙ); no formula gives the values of the other N-positions",
    source: "Moore 1910, Annals of Mathematics 11, 93–94",
};

/// True if `heaps` is a P-position of Nimₖ (by [`MOORE`]).
pub fn is_p_position(k: u64, heaps: &[u64]) -> bool {
    let modulus = k as u128 + 1;
    (0..64).all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u128).is_multiple_of(modulus))
}

/// Calls `f` with every option of `pos` that lowers the heaps `from..` chosen next,
/// `chosen` heaps being lowered already in `next`.
fn lower(pos: &[u64], k: u64, from: usize, chosen: u64, next: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    if chosen == k {
        return;
    }
    for i in from..pos.len() {
        for v in 0..pos[i] {
            next[i] = v;
            f(next);
            lower(pos, k, i + 1, chosen + 1, next, f);
        }
        next[i] = pos[i];
    }
}

impl TupleRuleset for MooreNim {
    fn name(&self) -> String {
        format!("moore[{}]", self.k)
    }
    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        lower(pos, self.k, 0, 0, &mut pos.to_vec(), f);
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    /// Sorted, empty heaps left out (the rules do not depend on the order of the heaps,
    /// and an empty heap has no move).
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        let mut v: Vec<u64> = pos.iter().copied().filter(|&h| h > 0).collect();
        v.sort_unstable();
        v
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        pos.iter().fold(1u128, |acc, &h| acc.saturating_mul(h as u128 + 1))
    }
    /// `e₁ + … + e_k` of the heaps (the elementary symmetric sums: the ways to lower a
    /// set of at most `k` heaps), saturating.
    fn options_bound(&self, pos: &[u64]) -> u128 {
        let k = self.k.min(pos.len() as u64) as usize;
        let mut e = vec![0u128; k + 1];
        e[0] = 1;
        for &h in pos {
            for j in (1..=k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h as u128));
            }
        }
        e[1..].iter().fold(0u128, |s, &x| s.saturating_add(x))
    }
}

impl TupleClosedForm for MooreNim {
    fn statement(&self) -> Statement {
        MOORE
    }
    /// Nim's value for `k = 1`; 0 at the P-positions; otherwise none.
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        if self.k == 1 {
            return Some(Nimber::from(pos.iter().fold(0, |x, &h| x ^ h)));
        }
        is_p_position(self.k, pos).then_some(Nimber::ZERO)
    }
    fn outcome(&self, pos: &[u64]) -> Option<Outcome> {
        Some(if is_p_position(self.k, pos) {
            Outcome::P
        } else {
            Outcome::N
        })
    }
    fn gap(&self, _pos: &[u64]) -> Option<String> {
        Some("Moore's theorem gives the outcome of the N-positions, not their values".into())
    }
}

/// Moore's Nimₖ.
pub const FAMILIES: &[Family] = &[Family {
    name: "moore",
    aliases: &[],
    params: Params::Required("k ≥ 1, the most heaps a move may take from: moore[2](1,2,3)"),
    positions: "tuples (a1,…,an) of heaps, n ≥ 1: moore[2](1,2,3) is one game",
    options: "take a positive number of tokens from each of at least 1 and at most k heaps",
    source: "Moore 1910, Annals of Mathematics 11, 93–94",
    formula: Some(MOORE),
    example: "moore[2](1,2,3)",
    build: |params| {
        let k = match integer_list(params.unwrap_or_default())?.as_slice() {
            [k] if *k >= 1 => *k,
            _ => {
                return Err(Error::Params {
                    ruleset: "moore".into(),
                    message: "write one number k ≥ 1 in the brackets, the most heaps a move may take from (moore[2])"
                        .into(),
                })
            }
        };
        Ok(Ruleset::Tuple(Arc::new(MooreNim { k })))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_tuple;
    use crate::catalog::parse_ruleset;
    use crate::control::Control;

    #[test]
    fn outcomes_agree_with_search() {
        for k in 1..=3 {
            let rs: Arc<dyn TupleRuleset> = Arc::new(MooreNim { k });
            for (arity, to) in [(1, 12), (2, 12), (3, 9), (4, 5)] {
                let r = verify_tuple(&rs, arity, to, &Control::new()).unwrap();
                let positions = (to + 1).pow(arity as u32);
                assert_eq!((r.checked, r.mismatch, r.violations), (positions, None, 0), "k = {k}, {arity} heaps");
            }
        }
    }

    /// Nim₁ is Nim: the same options and (Bouton) the nim-sum, checked by search.
    #[test]
    fn nim_1_is_nim() {
        let mut opts = Vec::new();
        MooreNim { k: 1 }.for_each_option(&[2, 1], &mut |o| opts.push(o.to_vec()));
        assert_eq!(opts, [vec![0, 1], vec![1, 1], vec![2, 0]]);
        let rs: Arc<dyn TupleRuleset> = Arc::new(MooreNim { k: 1 });
        let r = verify_tuple(&rs, 3, 8, &Control::new()).unwrap();
        assert_eq!((r.checked, r.mismatch), (729, None));
    }

    #[test]
    fn options_parameters_and_bounds() {
        // k = 2 from (1, 1, 1): one heap or two heaps emptied.
        let mut opts = Vec::new();
        MooreNim { k: 2 }.for_each_option(&[1, 1, 1], &mut |o| opts.push(o.to_vec()));
        assert_eq!(opts.len(), 6);
        assert_eq!(MooreNim { k: 2 }.options_bound(&[1, 1, 1]), 6);
        assert_eq!(MooreNim { k: 5 }.options_bound(&[2, 3]), 2 + 3 + 6);
        // Golden P-positions (Moore 1910): k = 2 needs every binary place ≡ 0 (mod 3).
        assert!(is_p_position(2, &[1, 1, 1]));
        assert!(is_p_position(2, &[7, 7, 7]));
        assert!(is_p_position(2, &[4, 1, 4, 1, 4, 1]));
        assert!(!is_p_position(2, &[5, 6, 3]));
        assert!(!is_p_position(1, &[1, 1, 1]));
        assert!(is_p_position(2, &[u64::MAX, u64::MAX, u64::MAX]));
        assert_eq!(parse_ruleset("moore[3]").unwrap().name(), "moore[3]");
        for bad in ["moore[0]", "moore[1,2]", "moore[]"] {
            let e = parse_ruleset(bad).unwrap_err().to_string();
            assert!(e.contains("k ≥ 1"), "{bad}: {e}");
        }
        assert!(parse_ruleset("moore").unwrap_err().to_string().contains("needs parameters"));
    }
}
