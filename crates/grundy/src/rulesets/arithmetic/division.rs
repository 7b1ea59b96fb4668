//! The dividing games of paper 003 §3: split a heap by (Euclidean) division.
//!
//! - `dividing`: n = m·k with m > 1; the option is m heaps of size k (§3.1).
//! - `divide-and-residue`: n = m·d + r with 1 ≤ d < n, 0 ≤ r < d; the option is m heaps
//!   of size d plus a heap r (§3.2).
//! - `complement-grundy`: the same with m ≥ 2 (§3.2).
//! - `divide-throw-residue`: m heaps of size d, m = ⌊n/d⌋, the residue thrown away.
//! - `residue-throw-divisor`: the single heap n mod d.

use super::step::GrowSieve;
use crate::error::Result;
use crate::formulas::arithmetic::Theorem;
use crate::game::{DenseStep, HeapClosedForm, HeapRuleset, MemoryModel, Part, Reach, WorkModel};
use crate::value::MexSet;

/// Which division game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivisionRule {
    /// m×k for k·m = n, m > 1.
    Dividing,
    /// m×d + r for n = m·d + r, 1 ≤ d < n, 0 ≤ r < d.
    DivideAndResidue,
    /// As divide-and-residue with m ≥ 2.
    ComplementGrundy,
    /// m×d, m = ⌊n/d⌋, 1 ≤ d < n.
    DivideThrowResidue,
    /// n mod d, 1 ≤ d < n.
    ResidueThrowDivisor,
}

/// A dividing game: heaps n ≥ 1.
#[derive(Clone, Debug)]
pub struct Division {
    /// Name in expressions (paper 003's name of the game, in kebab-case).
    pub name: &'static str,
    /// The rule.
    pub rule: DivisionRule,
    /// The paper's theorem, if any.
    pub theorem: Option<Theorem>,
}

/// m = ⌊n/d⌋ for each 1 ≤ d ≤ d_max in blocks of equal m: calls `f(m, d_lo, d_hi)`.
fn quotient_blocks(n: u64, d_max: u64, mut f: impl FnMut(u64, u64, u64)) {
    let mut d = 1;
    while d <= d_max {
        let m = n / d;
        let hi = (n / m).min(d_max);
        f(m, d, hi);
        d = hi + 1;
    }
}

impl HeapRuleset for Division {
    fn name(&self) -> String {
        self.name.into()
    }

    fn first_heap(&self) -> u64 {
        1
    }

    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        crate::game::every_option(self, n, f);
    }

    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        use DivisionRule::*;
        match self.rule {
            Dividing => {
                for k in crate::arith::divisors(n.max(1)) {
                    if k < n && !f(&[Part { heap: k, copies: n / k }]) {
                        return;
                    }
                }
            }
            DivideAndResidue | ComplementGrundy | DivideThrowResidue => {
                let min_m = if self.rule == ComplementGrundy { 2 } else { 1 };
                for d in 1..n {
                    let (m, r) = (n / d, n % d);
                    if m < min_m {
                        continue;
                    }
                    let div = Part { heap: d, copies: m };
                    let go = if r == 0 || self.rule == DivideThrowResidue {
                        f(&[div])
                    } else {
                        f(&[div, Part::one(r)])
                    };
                    if !go {
                        return;
                    }
                }
            }
            ResidueThrowDivisor => {
                // The residues n mod d, 1 ≤ d < n, are exactly 0 … ⌈n/2⌉ − 1: n − d for
                // d > n/2, and below d ≤ n/2 otherwise (listed without a set of n/2
                // flags, which took 50 GB at heap 10^11); heap 1 has none.
                for r in 0..n.div_ceil(2) * u64::from(n >= 2) {
                    if !f(&[Part::one(r)]) {
                        return;
                    }
                }
            }
        }
    }

    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        self.theorem.as_ref().map(|t| t as &dyn HeapClosedForm)
    }

    fn options_bound(&self, n: u64) -> u128 {
        match self.rule {
            DivisionRule::Dividing => crate::arith::functions::tau(n.max(1)) as u128,
            DivisionRule::ResidueThrowDivisor => n as u128 / 2 + 1,
            _ => n as u128,
        }
    }

    /// dividing walks the divisors; residue-throw-divisor keeps a prefix mex (O(1) per
    /// heap); the other three visit every d < n, about n options for heap n.
    fn work(&self) -> WorkModel {
        match self.rule {
            DivisionRule::Dividing => WorkModel::Divisors(1),
            DivisionRule::ResidueThrowDivisor => WorkModel::PerHeap(1),
            DivisionRule::ComplementGrundy => WorkModel::Quadratic(2),
            _ => WorkModel::Quadratic(1),
        }
    }

    fn memory(&self) -> MemoryModel {
        match self.rule {
            DivisionRule::Dividing => MemoryModel {
                bytes_per_heap: 12,
                reach: Reach::Sparse,
            },
            _ => MemoryModel::default(),
        }
    }

    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        Some(match self.rule {
            DivisionRule::Dividing => Box::new(DividingStep {
                sieve: GrowSieve::new(),
                divs: Vec::new(),
                seen: MexSet::new(),
            }),
            DivisionRule::ResidueThrowDivisor => Box::new(ResidueStep {
                prefix: MexSet::new(),
                added: 0,
            }),
            rule => Box::new(QuotientStep {
                rule,
                bits: Vec::new(),
                max_code: 0,
                scanned: 0,
            }),
        })
    }
}

/// dividing: for each divisor k < n, m = n/k copies of k have value G(k) if m is odd,
/// else 0.
struct DividingStep {
    sieve: GrowSieve,
    divs: Vec<u64>,
    seen: MexSet,
}

impl DenseStep for DividingStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.sieve.at(n)?.divisors_into(n, &mut self.divs);
        self.seen.clear();
        for &k in &self.divs {
            if k < n {
                let m = n / k;
                self.seen.insert(if m % 2 == 1 { codes[k as usize] as u64 } else { 0 });
            }
        }
        Ok(self.seen.mex() as u32)
    }
}

/// divide-and-residue, complement-grundy, divide-throw-residue: all n − 1 (or ⌊n/2⌋)
/// options, walking d in blocks of equal quotient m (no division per option): in a
/// block, the d-heaps are a slice of the table and the residues n − m·d a slice read
/// with stride m. Option values go into a bitset as wide as the next power of two above
/// the largest value so far (no XOR of two values exceeds it).
struct QuotientStep {
    rule: DivisionRule,
    bits: Vec<u64>,
    max_code: u32,
    scanned: usize,
}

impl DenseStep for QuotientStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        for &c in &codes[self.scanned..] {
            self.max_code = self.max_code.max(c);
        }
        self.scanned = codes.len();
        let width = (self.max_code as u64 + 1).next_power_of_two().max(64);
        let words = (width / 64) as usize + 1;
        self.bits.clear();
        self.bits.resize(words, 0);
        let bits = &mut self.bits;
        let mut set = |v: u32| bits[(v >> 6) as usize] |= 1 << (v & 63);
        let min_m = if self.rule == DivisionRule::ComplementGrundy {
            2
        } else {
            1
        };
        let throw = self.rule == DivisionRule::DivideThrowResidue;
        quotient_blocks(n, n.saturating_sub(1), |m, lo, hi| {
            if m < min_m {
                return;
            }
            let ds = &codes[lo as usize..=hi as usize];
            let odd = m % 2 == 1;
            if throw {
                if odd {
                    ds.iter().for_each(|&c| set(c));
                } else {
                    set(0);
                }
                return;
            }
            // Residues n − m·d for d = hi, hi−1, …, lo: increasing by m from n − m·hi.
            let r_lo = (n - m * hi) as usize;
            let r_hi = (n - m * lo) as usize;
            let rs = codes[r_lo..=r_hi].iter().step_by(m as usize);
            if odd {
                ds.iter().rev().zip(rs).for_each(|(&c, &r)| set(c ^ r));
            } else {
                rs.for_each(|&r| set(r));
            }
        });
        let w = self
            .bits
            .iter()
            .position(|&w| w != u64::MAX)
            .expect("the bitset is wider than the values");
        Ok((w * 64 + self.bits[w].trailing_ones() as usize) as u32)
    }
}

/// residue-throw-divisor: the options of n ≥ 2 are exactly the heaps 0, 1, …, ⌈n/2⌉ − 1
/// (d > n/2 gives n − d, every value in 1..⌈n/2⌉; d = 1 gives 0; d ≤ n/2 gives
/// n mod d < d ≤ n/2, already among them). So the value is the mex of the values of a
/// growing prefix, kept in a set.
struct ResidueStep {
    prefix: MexSet,
    added: u64,
}

impl DenseStep for ResidueStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        if n <= 1 {
            return Ok(0);
        }
        while self.added < n.div_ceil(2) {
            self.prefix.insert(codes[self.added as usize] as u64);
            self.added += 1;
        }
        Ok(self.prefix.mex() as u32)
    }
}
