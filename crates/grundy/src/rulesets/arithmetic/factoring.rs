//! The factoring games of paper 003 §4.
//!
//! - `m-factoring`: move to a factorization a1 + … + ak, k ≥ 2, 1 < a1 ≤ … ≤ ak,
//!   a1⋯ak = n (as a disjunctive sum).
//! - `m-factoring-coprime`: the same with pairwise coprime factors ("no two distinct
//!   components may contain the same prime", Theorem 13, second part).
//! - `s-factoring`: subtract the factors: (n − a1) + … + (n − ak), k ≥ 1 (k = 1 gives
//!   the empty heap 0).

use super::step::GrowSieve;
use crate::arith::functions::factor;
use crate::error::Result;
use crate::formulas::arithmetic::Theorem;
use crate::game::position::push_part;
use crate::game::{DenseStep, HeapClosedForm, HeapRuleset, MemoryModel, Part, Reach};
use crate::value::MexSet;

/// Which factoring game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactoringRule {
    /// Move to the factors (k ≥ 2).
    MoveTo,
    /// Move to pairwise coprime factors (k ≥ 2).
    MoveToCoprime,
    /// Subtract each factor from n (k ≥ 1).
    Subtract,
}

/// A factoring game.
#[derive(Clone, Debug)]
pub struct Factoring {
    /// Name.
    pub name: &'static str,
    /// The rule.
    pub rule: FactoringRule,
    /// The paper's theorem, if any.
    pub theorem: Option<Theorem>,
}

/// Calls `f` with every factorization a1 ≤ … ≤ ak (k ≥ 1, ai > 1) of `m` into factors
/// at least `min`, appended to `stack`. `divs` are the divisors of some multiple of m,
/// increasing.
fn factorizations(m: u64, min: u64, divs: &[u64], stack: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    if m >= min {
        stack.push(m);
        f(stack);
        stack.pop();
    }
    let start = divs.partition_point(|&d| d < min.max(2));
    for &d in &divs[start..] {
        if d.saturating_mul(d) > m {
            break;
        }
        if m.is_multiple_of(d) {
            stack.push(d);
            factorizations(m / d, d, divs, stack, f);
            stack.pop();
        }
    }
}

/// Calls `f` with the products of the blocks of every partition of `powers` (the prime
/// powers of n) into at least two blocks.
fn coprime_factorizations(powers: &[u64], f: &mut dyn FnMut(&[u64])) {
    let k = powers.len();
    if k < 2 {
        return;
    }
    // Restricted growth strings a[0] = 0, a[i] ≤ 1 + max(a[..i]).
    let mut a = vec![0usize; k];
    let mut blocks = vec![1u64; k];
    loop {
        let nb = a.iter().max().expect("k ≥ 2") + 1;
        if nb >= 2 {
            blocks[..nb].fill(1);
            for (i, &b) in a.iter().enumerate() {
                blocks[b] *= powers[i];
            }
            let mut parts = blocks[..nb].to_vec();
            parts.sort_unstable();
            f(&parts);
        }
        // Next string.
        let mut i = k - 1;
        loop {
            if i == 0 {
                return;
            }
            let m = a[..i].iter().max().copied().unwrap_or(0);
            if a[i] <= m {
                a[i] += 1;
                a[i + 1..].fill(0);
                break;
            }
            i -= 1;
        }
    }
}

fn prime_powers(n: u64) -> Vec<u64> {
    factor(n).iter().map(|&(p, e)| p.pow(e)).collect()
}

impl Factoring {
    /// Calls `f` with the factor lists of the options of heap n (increasing factors).
    fn for_each_factor_list(&self, n: u64, divs: &[u64], f: &mut dyn FnMut(&[u64])) {
        match self.rule {
            FactoringRule::MoveToCoprime => coprime_factorizations(&prime_powers(n), f),
            FactoringRule::MoveTo => factorizations(n, 2, divs, &mut Vec::new(), &mut |a| {
                if a.len() >= 2 {
                    f(a)
                }
            }),
            FactoringRule::Subtract => factorizations(n, 2, divs, &mut Vec::new(), f),
        }
    }
}

impl HeapRuleset for Factoring {
    fn name(&self) -> String {
        self.name.into()
    }

    fn first_heap(&self) -> u64 {
        if self.rule == FactoringRule::Subtract {
            0
        } else {
            1
        }
    }

    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        if n < 2 {
            return;
        }
        let divs = crate::arith::divisors(n);
        let sub = self.rule == FactoringRule::Subtract;
        let mut parts = Vec::new();
        self.for_each_factor_list(n, &divs, &mut |a| {
            parts.clear();
            for &x in a {
                push_part(&mut parts, Part::one(if sub { n - x } else { x }));
            }
            f(&parts);
        });
    }

    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        self.theorem.as_ref().map(|t| t as &dyn HeapClosedForm)
    }

    fn memory(&self) -> MemoryModel {
        MemoryModel {
            bytes_per_heap: 12,
            reach: match self.rule {
                FactoringRule::Subtract => Reach::Dense,
                _ => Reach::Sparse, // options are divisors of n
            },
        }
    }

    /// The step walks the factorizations through the sieve's divisors: a few per
    /// divisor on average.
    fn work(&self) -> crate::game::WorkModel {
        crate::game::WorkModel::Divisors(2)
    }

    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        Some(Box::new(FactoringStep {
            rs: self,
            sieve: GrowSieve::new(),
            divs: Vec::new(),
            seen: MexSet::new(),
        }))
    }
}

/// Enumerates the factorizations with the sieve's divisors and XORs the factors' values
/// directly (no option lists are built).
struct FactoringStep<'a> {
    rs: &'a Factoring,
    sieve: GrowSieve,
    divs: Vec<u64>,
    seen: MexSet,
}

impl DenseStep for FactoringStep<'_> {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.seen.clear();
        if n >= 2 {
            let s = self.sieve.at(n)?;
            s.divisors_into(n, &mut self.divs);
            self.divs.sort_unstable();
            let sub = self.rs.rule == FactoringRule::Subtract;
            let seen = &mut self.seen;
            let mut eval = |a: &[u64]| {
                let v = a
                    .iter()
                    .fold(0u32, |x, &f| x ^ codes[if sub { n - f } else { f } as usize]);
                seen.insert(v as u64);
            };
            if self.rs.rule == FactoringRule::MoveToCoprime {
                let mut powers = Vec::new();
                s.for_each_prime_power(n, |p, e| powers.push(p.pow(e)));
                coprime_factorizations(&powers, &mut eval);
            } else {
                self.rs.for_each_factor_list(n, &self.divs, &mut eval);
            }
        }
        Ok(self.seen.mex() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorizations_of_12_and_coprime_partitions() {
        let divs = crate::arith::divisors(12);
        let mut all = Vec::new();
        factorizations(12, 2, &divs, &mut Vec::new(), &mut |a| all.push(a.to_vec()));
        all.sort();
        assert_eq!(all, vec![vec![2, 2, 3], vec![2, 6], vec![3, 4], vec![12]]);
        let mut cp = Vec::new();
        coprime_factorizations(&[4, 3, 5], &mut |a| cp.push(a.to_vec()));
        cp.sort();
        assert_eq!(cp, vec![vec![3, 4, 5], vec![3, 20], vec![4, 15], vec![5, 12]]);
    }
}
