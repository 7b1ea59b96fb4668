//! The loopy rulesets of paper 003 §7 ("Discussion–future work"): moves to the sum of
//! the proper divisors, or to the sum of any nonempty set of them. Heaps can grow
//! (abundant numbers) and play can cycle (perfect numbers, amicable pairs), so values
//! are loopy (`∞(K)`) and are computed on the bounded game graph
//! ([`crate::solve::explore`]).

use crate::arith::{divisors, factorize};
use crate::game::{Family, LoopyOptions, LoopyRuleset, Ruleset};
use std::sync::Arc;

/// The sum of the proper divisors `s(n) = σ(n) − n` of `n ≥ 1` (`s(1) = 0`), exact for
/// every `u64` (σ(n) < 2^128).
pub fn aliquot_sum(n: u64) -> u128 {
    let sigma: u128 = factorize(n)
        .into_iter()
        .map(|(p, e)| {
            let p = p as u128;
            (p.pow(e + 1) - 1) / (p - 1)
        })
        .product();
    sigma - n as u128
}

/// `aliquot-sum` (paper 003 §7): from heap `n ≥ 2` the single option is
/// `s(n) = σ(n) − n`, the sum of the proper divisors of `n`; heap 1 is terminal.
/// Perfect numbers loop (6 → 6), amicable pairs cycle (220 ↔ 284), abundant numbers
/// grow (12 → 16); whether the aliquot sequence from 276 is bounded is open.
pub struct AliquotSum;

impl LoopyRuleset for AliquotSum {
    fn name(&self) -> String {
        "aliquot-sum".into()
    }
    fn first_heap(&self) -> u64 {
        1
    }
    fn options(&self, n: u64, max_heap: u64, _max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
        out.clear();
        if n <= 1 {
            return LoopyOptions::Listed;
        }
        let s = aliquot_sum(n);
        if s > max_heap as u128 {
            return LoopyOptions::HeapAbove(s);
        }
        out.push(s as u64);
        LoopyOptions::Listed
    }
}

/// `partial-aliquot-sum` (paper 003 §7): from heap `n ≥ 1` the options are the sums of
/// the nonempty sets of proper divisors of `n` (for example 4 → 1, 2, 3); heap 1 has
/// none. The largest option is `s(n)`, so heap 6 can stay at 6.
pub struct PartialAliquotSum;

impl LoopyRuleset for PartialAliquotSum {
    fn name(&self) -> String {
        "partial-aliquot-sum".into()
    }
    fn first_heap(&self) -> u64 {
        1
    }
    fn options(&self, n: u64, max_heap: u64, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
        out.clear();
        if n <= 1 {
            return LoopyOptions::Listed;
        }
        let mut ds = divisors(n);
        ds.pop(); // n itself
        let s: u128 = ds.iter().map(|&d| d as u128).sum();
        if s > max_heap as u128 {
            return LoopyOptions::HeapAbove(s);
        }
        subset_sums(&ds, s as u64, max_count, out)
    }
}

/// Largest bitset [`subset_sums`] allocates, in 64-bit words (32 MiB).
const BITSET_MAX_WORDS: u64 = 1 << 22;

/// The distinct sums of the nonempty subsets of `ds` (positive, total `s`), in
/// increasing order, or [`LoopyOptions::TooMany`] beyond `max_count`: by a bitset over
/// `0..=s` when that is small (at most [`BITSET_MAX_WORDS`] and not much more than the
/// count allowed), else by sorted merges.
fn subset_sums(ds: &[u64], s: u64, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
    let words = s / 64 + 1;
    if words <= BITSET_MAX_WORDS && words <= (max_count as u64).max(1 << 16) {
        bitset_subset_sums(ds, words as usize, max_count, out)
    } else {
        merge_subset_sums(ds, max_count, out)
    }
}

/// Subset sums by shifting a bitset of `words` words (covering `0..=Σ ds`).
fn bitset_subset_sums(ds: &[u64], words: usize, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
    out.clear();
    let mut bits = Vec::new();
    if crate::control::fallibly(|| bits.try_reserve_exact(words)).is_err() {
        return LoopyOptions::OutOfMemory(words as u64 * 8);
    }
    bits.resize(words, 0u64);
    bits[0] = 1; // the empty sum, removed below
    for &d in ds {
        let (ws, bs) = ((d / 64) as usize, (d % 64) as u32);
        for i in (ws..words).rev() {
            let mut v = bits[i - ws] << bs;
            if bs > 0 && i > ws {
                v |= bits[i - ws - 1] >> (64 - bs);
            }
            bits[i] |= v;
        }
    }
    bits[0] &= !1;
    let count: u64 = bits.iter().map(|w| w.count_ones() as u64).sum();
    if count > max_count as u64 {
        return LoopyOptions::TooMany;
    }
    if crate::control::fallibly(|| out.try_reserve(count as usize)).is_err() {
        return LoopyOptions::OutOfMemory(count * 8);
    }
    for (i, &w) in bits.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            out.push(i as u64 * 64 + w.trailing_zeros() as u64);
            w &= w - 1;
        }
    }
    LoopyOptions::Listed
}

/// Subset sums by sorted merges `S ← S ∪ {d} ∪ (S + d)`, checking the count after
/// each element (the sets only grow, so an early excess is final).
fn merge_subset_sums(ds: &[u64], max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
    out.clear();
    let mut next = Vec::new();
    for &d in ds {
        // {d} ∪ (S + d) is increasing because every element of S is positive.
        next.clear();
        let room = (2 * out.len() + 1).min(max_count.saturating_add(1));
        if crate::control::fallibly(|| next.try_reserve(room)).is_err() {
            out.clear();
            return LoopyOptions::OutOfMemory(room as u64 * 8);
        }
        let mut a = out.iter().copied().peekable();
        let mut b = std::iter::once(d).chain(out.iter().map(|&x| x + d)).peekable();
        loop {
            let v = match (a.peek(), b.peek()) {
                (Some(&x), Some(&y)) if x <= y => {
                    a.next();
                    if x == y {
                        b.next();
                    }
                    x
                }
                (_, Some(&y)) => {
                    b.next();
                    y
                }
                (Some(&x), None) => {
                    a.next();
                    x
                }
                (None, None) => break,
            };
            next.push(v);
        }
        if next.len() > max_count {
            out.clear();
            return LoopyOptions::TooMany;
        }
        std::mem::swap(out, &mut next);
    }
    LoopyOptions::Listed
}

/// The loopy rulesets of paper 003 §7.
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "aliquot-sum",
        "heaps n ≥ 1 (loopy: play can cycle and heaps can grow)",
        "s(n) = σ(n) − n, the sum of the proper divisors, for n ≥ 2; 1 is terminal",
        "paper 003 §7",
        None,
        "aliquot-sum(12)",
        |_| Ok(Ruleset::Loopy(Arc::new(AliquotSum))),
    ),
    Family::fixed(
        "partial-aliquot-sum",
        "heaps n ≥ 1 (loopy: play can cycle and heaps can grow)",
        "the sum of any nonempty set of proper divisors of n",
        "paper 003 §7",
        None,
        "partial-aliquot-sum(6) + partial-aliquot-sum(7)",
        |_| Ok(Ruleset::Loopy(Arc::new(PartialAliquotSum))),
    ),
];

/// The options of `partial-aliquot-sum` on heaps 1..=9 as printed in paper 003 §7
/// (entry i is heap i + 1); the golden data of the tests.
#[cfg(test)]
pub(crate) const PAPER_PARTIAL_SUM_OPTIONS: [&[u64]; 9] = [
    &[],
    &[1],
    &[1],
    &[1, 2, 3],
    &[1],
    &[1, 2, 3, 4, 5, 6],
    &[1],
    &[1, 2, 3, 4, 5, 6, 7],
    &[1, 3, 4],
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn opts(r: &dyn LoopyRuleset, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        assert_eq!(r.options(n, u64::MAX, usize::MAX, &mut out), LoopyOptions::Listed);
        out
    }

    fn naive_proper_divisors(n: u64) -> Vec<u64> {
        (1..n).filter(|&d| n / d * d == n).collect()
    }

    #[test]
    fn options_of_the_papers_examples() {
        // §7: "4 has the proper divisors 1 and 2 and therefore the option is 3".
        assert_eq!(opts(&AliquotSum, 4), [3]);
        assert_eq!(opts(&AliquotSum, 6), [6]);
        assert_eq!(opts(&AliquotSum, 12), [16]);
        assert_eq!(opts(&AliquotSum, 16), [15]);
        assert_eq!(opts(&AliquotSum, 15), [9]);
        assert!(opts(&AliquotSum, 1).is_empty());
        // §7 table: opt(n) of partial-aliquot-sum for n = 1..9.
        for (i, want) in PAPER_PARTIAL_SUM_OPTIONS.iter().enumerate() {
            assert_eq!(opts(&PartialAliquotSum, i as u64 + 1), *want, "n = {}", i + 1);
        }
    }

    #[test]
    fn bounds_are_reported() {
        let mut out = Vec::new();
        assert_eq!(AliquotSum.options(12, 15, 10, &mut out), LoopyOptions::HeapAbove(16));
        assert_eq!(AliquotSum.options(12, 16, 10, &mut out), LoopyOptions::Listed);
        assert_eq!(
            PartialAliquotSum.options(12, 15, 100, &mut out),
            LoopyOptions::HeapAbove(16)
        );
        assert_eq!(PartialAliquotSum.options(12, 16, 15, &mut out), LoopyOptions::TooMany);
        assert_eq!(PartialAliquotSum.options(12, 16, 16, &mut out), LoopyOptions::Listed);
        assert_eq!(out, (1..=16).collect::<Vec<_>>());
        // The largest u64 heaps: σ(n) does not overflow.
        assert_eq!(aliquot_sum(1 << 63), (1u128 << 63) - 1);
        let p = 18_446_744_073_709_551_557u64; // prime
        assert_eq!(aliquot_sum(p), 1);
        assert!(matches!(
            AliquotSum.options(u64::MAX, u64::MAX, 1, &mut out),
            LoopyOptions::Listed
        ));
    }

    fn naive_subset_sums(ds: &[u64]) -> Vec<u64> {
        let mut all: Vec<u64> = (1u32..1 << ds.len())
            .map(|mask| {
                ds.iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &d)| d)
                    .sum()
            })
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    proptest! {
        #[test]
        fn aliquot_sum_is_the_sum_of_proper_divisors(n in 1u64..20_000) {
            prop_assert_eq!(aliquot_sum(n), naive_proper_divisors(n).iter().map(|&d| d as u128).sum::<u128>());
        }

        #[test]
        fn partial_sums_match_subset_enumeration(n in 2u64..3000) {
            let ds = naive_proper_divisors(n);
            prop_assume!(ds.len() <= 16);
            prop_assert_eq!(opts(&PartialAliquotSum, n), naive_subset_sums(&ds));
        }

        #[test]
        fn bitset_and_merge_agree_with_enumeration(ds in proptest::collection::btree_set(1u64..100_000, 1..12)) {
            let ds: Vec<u64> = ds.into_iter().collect();
            let s: u64 = ds.iter().sum();
            let naive = naive_subset_sums(&ds);
            let mut out = Vec::new();
            prop_assert_eq!(bitset_subset_sums(&ds, (s / 64 + 1) as usize, usize::MAX, &mut out), LoopyOptions::Listed);
            prop_assert_eq!(&out, &naive);
            prop_assert_eq!(merge_subset_sums(&ds, usize::MAX, &mut out), LoopyOptions::Listed);
            prop_assert_eq!(&out, &naive);
            // At the exact count both list; one below, both refuse.
            let k = naive.len();
            prop_assert_eq!(bitset_subset_sums(&ds, (s / 64 + 1) as usize, k, &mut out), LoopyOptions::Listed);
            prop_assert_eq!(merge_subset_sums(&ds, k - 1, &mut out), LoopyOptions::TooMany);
            prop_assert_eq!(bitset_subset_sums(&ds, (s / 64 + 1) as usize, k - 1, &mut out), LoopyOptions::TooMany);
        }
    }
}
