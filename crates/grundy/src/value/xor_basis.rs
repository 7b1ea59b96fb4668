//! An XOR basis (Gaussian elimination over GF(2)) of a list of nim-values, exact at any
//! size. It answers which XORs the nonempty subsets of the list reach (the options of a
//! powerset heap) and lists the subsets with a given XOR.
//!
//! Each basis row remembers which inputs it combines, so a target in the span yields one
//! subset, and the inputs that reduced to 0 yield the kernel: every subset with the
//! target XOR is that one plus a combination of kernel subsets, so there are
//! 2^(len − rank) of them (counting the empty subset when the target is 0).

use super::Nimber;
use num_bigint::BigUint;
use rustc_hash::FxHashMap;

/// A set of inputs: their indices (into the inserted list), increasing.
pub type Subset = Vec<usize>;

/// The symmetric difference of two subsets.
fn sym_diff(a: &[usize], b: &[usize]) -> Subset {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                out.push(*x);
                i += 1;
            }
            (Some(_), Some(y)) => {
                out.push(*y);
                j += 1;
            }
            (Some(x), None) => {
                out.push(*x);
                i += 1;
            }
            (None, Some(y)) => {
                out.push(*y);
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    out
}

/// The indices in a subset, increasing.
pub fn members(s: &Subset) -> Vec<usize> {
    s.clone()
}

#[derive(Clone, Debug)]
struct Row {
    value: Nimber,
    combination: Subset,
}

/// An XOR basis of the values inserted so far, in echelon form: each row has a distinct
/// leading bit (its pivot), so reducing a value looks up the row of its current leading
/// bit until the value is 0 or its leading bit has no row. Reducing a power of two takes
/// one lookup, which keeps powerset heaps with large bases fast.
#[derive(Clone, Debug, Default)]
pub struct XorBasis {
    rows: FxHashMap<u64, Row>,
    kernel: Vec<Subset>,
    len: usize,
}

impl XorBasis {
    /// An empty basis.
    pub fn new() -> XorBasis {
        XorBasis::default()
    }

    /// Reduces `v` by the rows: the remainder (0 if `v` is in the span) and the inputs
    /// combined.
    fn reduce(&self, v: &Nimber) -> (Nimber, Subset) {
        let mut x = v.clone();
        let mut comb = Subset::new();
        while !x.is_zero() {
            let Some(r) = self.rows.get(&(x.bits() - 1)) else {
                break;
            };
            x ^= &r.value;
            comb = sym_diff(&comb, &r.combination);
        }
        (x, comb)
    }

    /// Adds the next input (its index is the number inserted before it).
    pub fn insert(&mut self, v: &Nimber) {
        let i = self.len;
        self.len += 1;
        let (x, comb) = self.reduce(v);
        let comb = sym_diff(&comb, &[i]);
        if x.is_zero() {
            self.kernel.push(comb);
        } else {
            self.rows.insert(
                x.bits() - 1,
                Row {
                    value: x,
                    combination: comb,
                },
            );
        }
    }

    /// Number of inputs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True if nothing was inserted.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The dimension of the span.
    pub fn rank(&self) -> usize {
        self.rows.len()
    }

    /// Subsets with XOR 0, one per input that was dependent on the earlier ones; every
    /// subset with XOR 0 is a combination of them.
    pub fn kernel(&self) -> &[Subset] {
        &self.kernel
    }

    /// A subset of the inputs whose XOR is `target` (the empty subset for 0), if any.
    pub fn solve(&self, target: &Nimber) -> Option<Subset> {
        let (x, comb) = self.reduce(target);
        x.is_zero().then_some(comb)
    }

    /// True if some subset (possibly empty) has XOR `target`.
    pub fn spans(&self, target: &Nimber) -> bool {
        self.reduce(target).0.is_zero()
    }

    /// The number of nonempty subsets with XOR `target`.
    pub fn count_nonempty(&self, target: &Nimber) -> BigUint {
        if !self.spans(target) {
            return BigUint::from(0u32);
        }
        let all = BigUint::from(1u32) << self.kernel.len();
        if target.is_zero() {
            all - 1u32
        } else {
            all
        }
    }

    /// The smallest value that no nonempty subset reaches: the value of a powerset heap
    /// whose base has these values.
    pub fn mex_nonempty(&self) -> Nimber {
        // The span's values are exactly the XORs of rows; the smallest value outside the
        // span is 2^b for the smallest bit b that is no pivot of a fully reduced basis
        // (the reduced echelon form's pivots determine membership of small numbers).
        let zero_reached = !self.kernel.is_empty();
        if !zero_reached {
            return Nimber::ZERO;
        }
        let mut b = 0;
        while self.spans(&Nimber::pow2(b)) {
            b += 1;
        }
        // Every value below 2^b is in the span when all powers below 2^b are.
        Nimber::pow2(b)
    }

    /// Up to `limit` nonempty subsets with XOR `target`, in a fixed order.
    pub fn subsets_with_xor(&self, target: &Nimber, limit: usize) -> Vec<Subset> {
        let Some(base) = self.solve(target) else {
            return Vec::new();
        };
        let k = self.kernel.len();
        let mut out = Vec::new();
        // Combinations of kernel vectors in binary counting order (Gray code steps).
        let mut cur = base;
        let mut step: u128 = 0;
        loop {
            if !cur.is_empty() {
                out.push(cur.clone());
                if out.len() >= limit {
                    break;
                }
            }
            step += 1;
            if k < 128 && step >= 1u128 << k {
                break;
            }
            // Gray code: flip the kernel vector at the lowest set bit of step.
            let j = step.trailing_zeros() as usize;
            if j >= k {
                break;
            }
            cur = sym_diff(&cur, &self.kernel[j]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn xor_of(vals: &[u64], s: &Subset) -> u64 {
        members(s).iter().fold(0, |a, &i| a ^ vals[i])
    }

    #[test]
    fn big_values_are_exact() {
        let mut b = XorBasis::new();
        let vals = [
            Nimber::pow2(300),
            Nimber::pow2(300) ^ Nimber::from(1u64),
            Nimber::from(1u64),
        ];
        for v in &vals {
            b.insert(v);
        }
        assert_eq!(b.rank(), 2);
        assert_eq!(b.count_nonempty(&Nimber::ZERO), BigUint::from(1u32));
        assert_eq!(members(&b.solve(&Nimber::pow2(300)).unwrap()), vec![0]);
        assert_eq!(b.mex_nonempty(), Nimber::from(2u64));
    }

    proptest! {
        #[test]
        fn agrees_with_enumerating_subsets(vals in proptest::collection::vec(0u64..16, 0..9), t in 0u64..16) {
            let mut b = XorBasis::new();
            for &v in &vals {
                b.insert(&Nimber::from(v));
            }
            let n = vals.len();
            let mut count = 0u64;
            let mut reach = std::collections::BTreeSet::new();
            for mask in 1u64..(1 << n) {
                let x = (0..n).filter(|i| mask >> i & 1 == 1).fold(0, |a, i| a ^ vals[i]);
                reach.insert(x);
                if x == t {
                    count += 1;
                }
            }
            prop_assert_eq!(b.count_nonempty(&Nimber::from(t)), BigUint::from(count));
            let listed = b.subsets_with_xor(&Nimber::from(t), 1000);
            prop_assert_eq!(listed.len() as u64, count);
            let mut distinct = listed.clone();
            distinct.sort();
            distinct.dedup();
            prop_assert_eq!(distinct.len() as u64, count);
            for s in &listed {
                prop_assert_eq!(xor_of(&vals, s), t);
            }
            let mex = (0..).find(|x| !reach.contains(x)).unwrap();
            prop_assert_eq!(b.mex_nonempty(), Nimber::from(mex));
        }
    }
}
