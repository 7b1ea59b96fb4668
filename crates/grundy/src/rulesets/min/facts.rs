//! The positions of nim-values 0 and 1 in MIN, without the other values (paper 001 §4).
//!
//! f_j(a) is the smallest i ≥ 0 with G(a, a + i) = j (paper 001 §2; 0 ≤ f_j(a) ≤ a by
//! Lemma 3). Since row a is periodic with period a + 1 from b = a − 1 on and takes each
//! value 0..=a once per period (Lemma 3), f_0(a) and f_1(a) give every position of
//! value 0 or 1: for 1 ≤ a ≤ b, G(a, b) = j iff R_{a+1}(b − a) = f_j(a).
//!
//! **The recursion.** For c ≥ 1 and a > c, G(c, a) = j iff R_{c+1}(a + 1) = f_j(c)
//! (row c at b = a, reduced as above). By Lemma 4 and the argument of §4, for a ≥ 1,
//! f_j(a) − 1 is the largest c < a with G(a, c) = j, and f_j(a) = 0 when there is none.
//! For j = 0 the terminal position (0, a) always qualifies, so f_0(a) ≥ 1.
//!
//! **The sieve.** Each finished c ≥ 1 "hits" the arithmetic progression
//! a ≡ f_j(c) − 1 (mod c + 1), a > c, and f_j(a) = 1 + (largest c hitting a). Positions
//! a are processed in blocks of 2^16: moduli c + 1 ≤ 2^16 sweep every block; a larger c
//! hits a block at most once and waits in the bucket of the block of its next hit.
//! f_0 and f_1 are independent and run on two threads. Work O(A log A), memory about
//! 16 bytes per position (the two `u32` tables and the buckets).

use crate::control::Control;
use crate::error::{Error, Result};

/// Marks "undefined" in an f table: f_1(0) (row 0 has only the value 0).
pub const UNDEFINED: u32 = u32::MAX;

const BLOCK_BITS: u32 = 16;
const BLOCK: usize = 1 << BLOCK_BITS;
const CHUNK: usize = 2048;

/// A fixed-size piece of a bucket: moduli c and the offsets of their next hits.
struct Chunk {
    c: [u32; CHUNK],
    off: [u16; CHUNK],
    len: usize,
}

/// Per-block lists of pending hits, in chunks recycled through a free list (so memory
/// follows the number of pending hits, with no growth slack).
struct Buckets {
    lists: Vec<Vec<Box<Chunk>>>,
    free: Vec<Box<Chunk>>,
}

impl Buckets {
    fn new(blocks: usize) -> Buckets {
        Buckets {
            lists: (0..blocks).map(|_| Vec::new()).collect(),
            free: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, pos: usize, c: u32) {
        let Buckets { lists, free } = self;
        let list = &mut lists[pos >> BLOCK_BITS];
        let off = (pos & (BLOCK - 1)) as u16;
        if let Some(ch) = list.last_mut() {
            if ch.len < CHUNK {
                ch.c[ch.len] = c;
                ch.off[ch.len] = off;
                ch.len += 1;
                return;
            }
        }
        let mut ch = free.pop().unwrap_or_else(|| {
            Box::new(Chunk {
                c: [0; CHUNK],
                off: [0; CHUNK],
                len: 0,
            })
        });
        ch.c[0] = c;
        ch.off[0] = off;
        ch.len = 1;
        list.push(ch);
    }
}

/// Bytes [`MinFacts::compute`] needs for positions 0..=to (tables and buckets).
pub fn memory_estimate(to: u64) -> u64 {
    let n = to.saturating_add(1);
    let chunk = std::mem::size_of::<Chunk>() as u64;
    // Two u32 tables; per sieve at most ~0.6·to pending hits of 6 bytes, plus one
    // partly filled chunk per block and the block buffers.
    n.saturating_mul(16)
        .saturating_add(n.div_ceil(BLOCK as u64).saturating_mul(2 * chunk))
        .saturating_add(4 << 20)
}

/// One sieve: the table f_j(0..=to). `progress` makes this thread report progress.
fn sieve(j: u32, to: u64, ctl: &Control, progress: bool) -> Result<Vec<u32>> {
    let n = to as usize + 1;
    let mut f = crate::control::try_filled(n, 0u32, || format!("the table f_{j} up to {to}"))?;
    f[0] = if j == 0 { 0 } else { UNDEFINED };
    let blocks = n.div_ceil(BLOCK);
    // best[a − lo] = 1 + (largest c hitting a so far), 0 if none. (0, a) has value 0,
    // so for j = 0 the modulus c = 0 hits every a.
    let init = if j == 0 { 1 } else { 0 };
    let mut best = vec![0u32; BLOCK];
    let mut next_small = vec![0usize; BLOCK.min(n)];
    let mut buckets = Buckets::new(blocks);
    for k in 0..blocks {
        let lo = k * BLOCK;
        let hi = (lo + BLOCK).min(n);
        let best = &mut best[..hi - lo];
        best.fill(init);
        // Small moduli finished before this block, in increasing c: plain stores keep
        // the largest.
        for (c, next) in next_small.iter_mut().enumerate().take(BLOCK.min(lo)).skip(1) {
            let step = c + 1;
            let mut h = *next;
            while h < hi {
                best[h - lo] = step as u32;
                h += step;
            }
            *next = h;
        }
        // Large moduli waiting for this block (c ≥ 2^16 > every small c).
        for ch in std::mem::take(&mut buckets.lists[k]) {
            for i in 0..ch.len {
                let c = ch.c[i] as usize;
                let off = ch.off[i] as usize;
                let slot = &mut best[off];
                *slot = (*slot).max(c as u32 + 1);
                let h = lo + off + c + 1;
                if h < n {
                    buckets.push(h, c as u32);
                }
            }
            buckets.free.push(ch);
        }
        // The block's own positions, in order; each then hits later positions. It is
        // larger than every c before it, so plain stores keep the largest.
        for a in lo.max(1)..hi {
            let fa = best[a - lo];
            f[a] = fa;
            let step = a + 1;
            // First hit after a: a + f_j(a), or 2a + 1 when f_j(a) = 0 (≡ −1 mod a+1).
            let mut h = if fa == 0 { 2 * a + 1 } else { a + fa as usize };
            if a < BLOCK {
                while h < hi {
                    best[h - lo] = step as u32;
                    h += step;
                }
                next_small[a] = h;
            } else {
                if h < hi {
                    best[h - lo] = step as u32;
                    h += step;
                }
                if h < n {
                    buckets.push(h, a as u32);
                }
            }
        }
        if progress {
            ctl.tick(hi as u64)?;
        } else if ctl.cancelled() {
            return Err(Error::Interrupted);
        }
    }
    Ok(f)
}

/// f_0 and f_1 of MIN for 0 ≤ a ≤ `to()`, computed by the sieve described in the
/// module documentation (from the rules and Lemmas 3 and 4 of paper 001; primality is
/// never used).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinFacts {
    f0: Vec<u32>,
    f1: Vec<u32>,
}

impl MinFacts {
    /// Computes f_0(a) and f_1(a) for 0 ≤ a ≤ `to`, on two threads.
    ///
    /// # Errors
    /// [`Error::Overflow`] for `to` ≥ 2^32 − 1, [`Error::TooLarge`] if the estimate
    /// ([`memory_estimate`]) exceeds the memory limit, [`Error::TooMuchWork`] if the
    /// sieves' marks (about 2n·(ln n + 1) for n = to + 1) exceed the work limit,
    /// [`Error::Interrupted`] on cancellation.
    pub fn compute(to: u64, ctl: &Control) -> Result<MinFacts> {
        if to >= UNDEFINED as u64 {
            return Err(Error::Overflow {
                value: to.to_string(),
                reason: "the MIN f-tables go up to 2^32 − 2".into(),
            });
        }
        ctl.check_memory(
            &format!("computing f_0 and f_1 of MIN up to {to}"),
            memory_estimate(to),
            "two 4-byte tables and pending hits, about 16 bytes per position",
        )?;
        // Each sieve marks the multiples of every step c + 1 ≤ to + 1: about
        // n·(ln n + 1) marks for n = to + 1 positions (the harmonic sum), two sieves.
        let n = to as f64 + 1.0;
        ctl.check_work(
            &format!("computing f_0 and f_1 of MIN up to {to}"),
            (2.0 * n * (n.ln() + 1.0)) as u128,
            "two sieves, about n·(ln n + 1) marks each for n positions",
        )?;
        ctl.start("MIN f_0, f_1", to + 1);
        let (f0, f1) = rayon::join(|| sieve(0, to, ctl, true), || sieve(1, to, ctl, false));
        ctl.finish();
        Ok(MinFacts { f0: f0?, f1: f1? })
    }

    /// Builds the tables from given values (for example from another engine), index a.
    /// `f1[0]` must be [`UNDEFINED`].
    ///
    /// # Errors
    /// [`Error::Input`] if the lengths differ or are 0 (the values themselves are not
    /// checked).
    pub fn from_tables(f0: Vec<u32>, f1: Vec<u32>) -> Result<MinFacts> {
        if f0.len() != f1.len() || f0.is_empty() {
            return Err(Error::Input(
                "f_0 and f_1 tables must have the same nonzero length".into(),
            ));
        }
        Ok(MinFacts { f0, f1 })
    }

    /// The largest a covered.
    pub fn to(&self) -> u64 {
        self.f0.len() as u64 - 1
    }

    /// The table f_j(0..=to) for j = 0 or 1 (`f_1(0)` is [`UNDEFINED`]).
    ///
    /// Panics if j > 1.
    pub fn table(&self, j: u32) -> &[u32] {
        match j {
            0 => &self.f0,
            1 => &self.f1,
            _ => panic!("f_j is computed for j = 0 and 1 only"),
        }
    }

    /// f_j(a) for j = 0 or 1; `None` if a > `to()`, j > 1, or j = 1 and a = 0.
    pub fn f(&self, j: u32, a: u64) -> Option<u32> {
        if j > 1 {
            return None;
        }
        self.table(j)
            .get(usize::try_from(a).ok()?)
            .copied()
            .filter(|&v| v != UNDEFINED)
    }

    /// Whether G(a, b) = j, for j = 0 or 1 and any b (either order): G(0, b) = 0, and for
    /// 1 ≤ a ≤ b, G(a, b) = j iff R_{a+1}(b − a) = f_j(a) (Lemma 3). `None` if
    /// min(a, b) > `to()` or j > 1.
    pub fn has_value(&self, j: u32, a: u64, b: u64) -> Option<bool> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if j > 1 || a > self.to() {
            return None;
        }
        if a == 0 {
            return Some(j == 0);
        }
        Some((b - a) % (a + 1) == self.table(j)[a as usize] as u64)
    }

    /// The a with max(d, 1) ≤ a ≤ `to()` and G(a − d, a) = 0, in increasing order. The
    /// paper's §1 discusses d = 1 and d = 2.
    pub fn zeros_at_distance(&self, d: u64) -> Vec<u64> {
        (d.max(1)..=self.to())
            .filter(|&a| self.has_value(0, a - d, a) == Some(true))
            .collect()
    }

    /// Theorem 1 of paper 001 on this range: for 1 ≤ a ≤ `to()`, G(a, a) = 1 (that is,
    /// f_1(a) = 0) iff a + 1 is prime. Primality comes from a separate sieve.
    pub fn check_theorem1(&self) -> Theorem1Check {
        let primes = Primes::new(self.to() + 1);
        let mut check = Theorem1Check {
            checked: 0,
            primes: 0,
            first_failure: None,
        };
        for a in 1..=self.to() {
            let one = self.f1[a as usize] == 0;
            let prime = primes.is_prime(a + 1);
            check.checked += 1;
            check.primes += prime as u64;
            if one != prime && check.first_failure.is_none() {
                check.first_failure = Some(Theorem1Failure {
                    a,
                    g_aa_is_1: one,
                    a_plus_1_prime: prime,
                });
            }
        }
        check
    }
}

/// The outcome of [`MinFacts::check_theorem1`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theorem1Check {
    /// Number of a checked (1 ≤ a ≤ to).
    pub checked: u64,
    /// How many of those have a + 1 prime.
    pub primes: u64,
    /// The first a where G(a, a) = 1 and "a + 1 is prime" differ.
    pub first_failure: Option<Theorem1Failure>,
}

/// An a where Theorem 1 would fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theorem1Failure {
    /// The position (a, a).
    pub a: u64,
    /// Whether G(a, a) = 1.
    pub g_aa_is_1: bool,
    /// Whether a + 1 is prime.
    pub a_plus_1_prime: bool,
}

/// Primality of 0..=limit by a sieve (primal-sieve), for checks only: no engine uses it.
pub struct Primes(primal_sieve::Sieve);

impl Primes {
    /// Sieves 0..=limit.
    pub fn new(limit: u64) -> Primes {
        Primes(primal_sieve::Sieve::new(limit.max(2) as usize))
    }

    /// True if n is prime. Panics if n exceeds the sieved limit.
    pub fn is_prime(&self, n: u64) -> bool {
        self.0.is_prime(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rows::MinRows;
    use super::*;

    /// f_j(a) read from the full rows: the i in 0..=a with G(a, a + i) = j.
    fn f_from_rows(rows: &MinRows, j: u32, a: u64) -> u32 {
        (0..=a)
            .find(|&i| rows.row_value(a, i) == j)
            .map_or(UNDEFINED, |i| i as u32)
    }

    #[test]
    fn sieve_agrees_with_the_rows_up_to_3000() {
        let ctl = Control::new();
        let facts = MinFacts::compute(3000, &ctl).unwrap();
        let mut rows = MinRows::new();
        rows.extend_to(3000, &ctl).unwrap();
        for j in 0..2 {
            for a in 0..=3000 {
                assert_eq!(facts.table(j)[a as usize], f_from_rows(&rows, j, a), "f_{j}({a})");
            }
        }
        for a in 0..=300u64 {
            for b in 0..=700u64 {
                let g = rows.get(a, b).unwrap();
                assert_eq!(facts.has_value(0, a, b), Some(g == 0), "G({a},{b})");
                assert_eq!(facts.has_value(1, a, b), Some(g == 1), "G({a},{b})");
            }
        }
    }

    #[test]
    fn sieve_crosses_block_boundaries_consistently() {
        // Blocks are 2^16 long: compare the sieve with the recursion applied directly
        // (f_j(a) = 1 + largest c < a with R_{c+1}(a+1) = f_j(c)) on a range that spans
        // three blocks, checking every a past the first block against a downward scan.
        let to = 3 * BLOCK as u64 + 17;
        let facts = MinFacts::compute(to, &Control::new()).unwrap();
        for j in 0..2u32 {
            let f = facts.table(j);
            for a in (BLOCK as u64 - 50..=to).step_by(97) {
                let mut expect = if j == 0 { 1 } else { 0 };
                for c in (1..a).rev() {
                    if (a + 1) % (c + 1) == f[c as usize] as u64 {
                        expect = c as u32 + 1;
                        break;
                    }
                }
                assert_eq!(f[a as usize], expect, "f_{j}({a})");
            }
        }
    }

    #[test]
    fn golden_values_of_section_1() {
        // Paper 001 §1: G(a−2, a) = 0 at a + 1 = 3, 5, 17, 257, and G(a−1, a) = 0 with
        // a < 6240 only for a + 1 prime. The seed text then places the next instances at
        // G(6239, 6240) = 0 (6241 = 79²) and G(17224, 17226) = 0; the rows engine, the
        // plain table and this sieve all find them at G(7919, 7920) = 0 (7921 = 89²) and
        // G(17222, 17224) = 0 instead (`grundy reproduce` reports the disagreement).
        let facts = MinFacts::compute(17300, &Control::new()).unwrap();
        let two: Vec<u64> = facts.zeros_at_distance(2).into_iter().filter(|&a| a <= 17226).collect();
        assert_eq!(two, vec![2, 4, 16, 256, 17224]);
        let primes = Primes::new(17301);
        let composite: Vec<u64> = facts
            .zeros_at_distance(1)
            .into_iter()
            .filter(|&a| !primes.is_prime(a + 1))
            .collect();
        assert_eq!(composite, vec![7920, 13260, 15396]);
        assert_eq!(facts.has_value(0, 7919, 7920), Some(true));
        assert_eq!(facts.has_value(0, 6239, 6240), Some(false));
        assert_eq!(facts.has_value(0, 17222, 17224), Some(true));
        assert_eq!(facts.has_value(0, 17224, 17226), Some(false));
        let t = facts.check_theorem1();
        assert_eq!(t.first_failure, None);
        assert_eq!(t.checked, 17300);
        assert_eq!(
            t.primes,
            (2..=17301).filter(|&n| crate::arith::is_prime(n)).count() as u64
        );
    }

    #[test]
    fn queries_outside_the_range() {
        let facts = MinFacts::compute(10, &Control::new()).unwrap();
        assert_eq!(facts.f(1, 0), None);
        assert_eq!(facts.f(0, 0), Some(0));
        assert_eq!(facts.f(0, 11), None);
        assert_eq!(facts.f(2, 3), None);
        assert_eq!(facts.has_value(0, 11, 12), None);
        assert_eq!(facts.has_value(0, 0, 12), Some(true));
        assert_eq!(facts.has_value(1, 12, 0), Some(false));
        // G(1, b) = 0 iff b is even (Remark 2), for b far beyond the table.
        assert_eq!(facts.has_value(0, 1, 1 << 40), Some(true));
        assert_eq!(facts.has_value(0, 1, (1 << 40) + 1), Some(false));
    }

    /// Both engines on 0 ≤ a ≤ 2500, computed once for the property test.
    static ENGINES: std::sync::LazyLock<(MinFacts, MinRows)> = std::sync::LazyLock::new(|| {
        let ctl = Control::new();
        let mut rows = MinRows::new();
        rows.extend_to(2500, &ctl).unwrap();
        (MinFacts::compute(2500, &ctl).unwrap(), rows)
    });

    proptest::proptest! {
        #[test]
        fn has_value_agrees_with_the_rows_on_random_positions(a in 0u64..=2500, b in 0u64..1_000_000_000_000) {
            let (facts, rows) = &*ENGINES;
            let g = rows.get(a, b).unwrap();
            for j in 0..2 {
                proptest::prop_assert_eq!(facts.has_value(j, a, b), Some(g == j), "G({},{}) = {}", a, b, g);
                proptest::prop_assert_eq!(facts.has_value(j, b, a), Some(g == j));
            }
        }
    }

    #[test]
    fn refuses_beyond_memory_and_u32() {
        let ctl = Control::new().with_memory_limit(1 << 20);
        assert!(matches!(
            MinFacts::compute(1_000_000, &ctl),
            Err(Error::TooLarge { .. })
        ));
        assert!(matches!(MinFacts::compute(1 << 32, &ctl), Err(Error::Overflow { .. })));
    }
}
