//! Options among the totatives of n (k < n with gcd(k, n) = 1).
//!
//! [`CoprimeStep`] keeps, for every code c, the heaps k ≥ 1 with that code in
//! increasing order. The mex over the totatives of n is the first code none of whose
//! heaps is coprime to n; each class is scanned until a coprime heap turns up, which is
//! usually its first heap. Coprimality with n is tested against the prime factors of n
//! with one multiplication each (divisibility by an odd p via its inverse modulo 2^64).
//!
//! [`FullsetTotientStep`]: the single option of fullset-totient is the sum of all
//! totatives, of value XOR_{k<n, gcd(k,n)=1} G(k) = XOR_{d | rad(n)} X_d, where X_d is
//! the running XOR of G(k) over the multiples k < n of d (a heap k with g = gcd(k, n) > 1
//! is counted 2^ω(g) times, an even number). O(2^ω(n)) per heap.

use super::{Combine, GrowSieve};
use crate::error::Result;
use crate::game::DenseStep;

/// A fast test of divisibility by a fixed prime.
#[derive(Clone, Copy)]
struct Divides {
    p: u64,
    inv: u64,
    max: u64,
}

impl Divides {
    fn new(p: u64) -> Divides {
        if p == 2 {
            return Divides { p, inv: 0, max: 0 };
        }
        // Newton's iteration for p⁻¹ mod 2^64 (p odd).
        let mut inv = p;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(inv)));
        }
        Divides {
            p,
            inv,
            max: u64::MAX / p,
        }
    }

    #[inline]
    fn divides(&self, k: u64) -> bool {
        if self.p == 2 {
            k & 1 == 0
        } else {
            k.wrapping_mul(self.inv) <= self.max
        }
    }
}

pub(crate) struct CoprimeStep {
    kind: Combine,
    classes: Vec<Vec<u32>>,
    added: u64,
    sieve: GrowSieve,
    primes: Vec<u64>,
    tests: Vec<Divides>,
}

impl CoprimeStep {
    pub(crate) fn new(kind: Combine) -> CoprimeStep {
        CoprimeStep {
            kind,
            classes: Vec::new(),
            added: 0,
            sieve: GrowSieve::new(),
            primes: Vec::new(),
            tests: Vec::new(),
        }
    }

    /// Number of heaps in class `c` coprime to n, counting up to `at_most`.
    #[inline]
    fn coprime_in(&self, c: usize, at_most: usize) -> usize {
        let Some(class) = self.classes.get(c) else {
            return 0;
        };
        let mut found = 0;
        for &k in class {
            let k = k as u64;
            if !self.tests.iter().any(|t| t.divides(k)) {
                found += 1;
                if found == at_most {
                    break;
                }
            }
        }
        found
    }
}

impl DenseStep for CoprimeStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        while self.added < n {
            let h = self.added;
            if h >= 1 {
                let c = codes[h as usize] as usize;
                if c >= self.classes.len() {
                    self.classes.resize_with(c + 1, Vec::new);
                }
                self.classes[c].push(h as u32);
            }
            self.added += 1;
        }
        if n <= 1 {
            return Ok(0);
        }
        self.sieve.at(n)?.prime_factors_into(n, &mut self.primes);
        self.tests.clear();
        self.tests.extend(self.primes.iter().map(|&p| Divides::new(p)));
        let first_without = |from: usize| {
            (from..)
                .find(|&c| self.coprime_in(c, 1) == 0)
                .expect("classes are finite")
        };
        Ok(match self.kind {
            Combine::PowerSet => {
                let zero = self.coprime_in(0, 1) > 0 || (1..self.classes.len()).any(|c| self.coprime_in(c, 2) == 2);
                if zero {
                    first_without(1) as u32
                } else {
                    0
                }
            }
            _ => first_without(0) as u32,
        })
    }

    /// A list of heaps per value (its header; the heaps themselves are one per heap).
    fn bytes_per_value(&self) -> u64 {
        std::mem::size_of::<Vec<u32>>() as u64
    }
}

pub(crate) struct FullsetTotientStep {
    /// X_d for squarefree d: XOR of the codes of the heaps k < n with d | k.
    px: Vec<u32>,
    added: u64,
    sieve: GrowSieve,
    primes: Vec<u64>,
    sqfree: Vec<u64>,
}

impl FullsetTotientStep {
    pub(crate) fn new() -> FullsetTotientStep {
        FullsetTotientStep {
            px: Vec::new(),
            added: 0,
            sieve: GrowSieve::new(),
            primes: Vec::new(),
            sqfree: Vec::new(),
        }
    }

    /// The squarefree divisors of `k` into `self.sqfree`.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the sieve cannot grow to `k`.
    fn squarefree_divisors(&mut self, k: u64) -> Result<()> {
        self.sieve.at(k)?.prime_factors_into(k, &mut self.primes);
        self.sqfree.clear();
        self.sqfree.push(1);
        for &p in &self.primes {
            for i in 0..self.sqfree.len() {
                let d = self.sqfree[i] * p;
                self.sqfree.push(d);
            }
        }
        Ok(())
    }
}

impl DenseStep for FullsetTotientStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        if self.px.len() < n as usize + 1 {
            let (have, len) = (self.px.len(), (n as usize + 1).max(2 * self.px.len()));
            crate::control::try_reserve_exact(&mut self.px, len - have, || {
                format!("the divisor sums of heaps to {n}")
            })?;
            self.px.resize(len, 0);
        }
        while self.added < n {
            let h = self.added;
            if h >= 1 {
                let c = codes[h as usize];
                self.squarefree_divisors(h)?;
                for &d in &self.sqfree {
                    self.px[d as usize] ^= c;
                }
            }
            self.added += 1;
        }
        if n <= 1 {
            return Ok(0); // no totative below n: no option
        }
        self.squarefree_divisors(n)?;
        let x = self.sqfree.iter().fold(0u32, |x, &d| x ^ self.px[d as usize]);
        Ok(u32::from(x == 0))
    }
}

/// Options among the non-totatives of n (1 ≤ k < n with gcd(k, n) > 1), plus heap 0
/// where the ruleset has it: nontotative and powerset-nontotative.
///
/// For even n the even heaps below n are all options; their codes are kept as a
/// growing bitset (`evens`) with a flag for a repeated code, so only the odd multiples
/// of the odd prime factors are enumerated. For odd n the multiples of each prime
/// factor are enumerated (each heap once, for the power set).
pub(crate) struct NonCoprimeStep {
    kind: Combine,
    with_zero: bool,
    evens: Vec<u64>,
    evens_zero: bool,
    added: u64,
    sieve: GrowSieve,
    primes: Vec<u64>,
    scratch: Vec<u64>,
    touched: Vec<usize>,
}

impl NonCoprimeStep {
    pub(crate) fn new(kind: Combine, with_zero: bool) -> NonCoprimeStep {
        NonCoprimeStep {
            kind,
            with_zero,
            evens: Vec::new(),
            evens_zero: false,
            added: 0,
            sieve: GrowSieve::new(),
            primes: Vec::new(),
            scratch: Vec::new(),
            touched: Vec::new(),
        }
    }

    #[inline]
    fn has(bits: &[u64], c: u64) -> bool {
        bits.get((c >> 6) as usize).is_some_and(|w| (w >> (c & 63)) & 1 == 1)
    }

    /// Adds code `c` to the scratch set; true if it was there already.
    #[inline]
    fn mark(&mut self, c: u64) -> bool {
        let w = (c >> 6) as usize;
        if w >= self.scratch.len() {
            self.scratch.resize(w + 1, 0);
        }
        if self.scratch[w] == 0 {
            self.touched.push(w);
        }
        let old = (self.scratch[w] >> (c & 63)) & 1 == 1;
        self.scratch[w] |= 1 << (c & 63);
        old
    }
}

impl DenseStep for NonCoprimeStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        let power = self.kind == Combine::PowerSet;
        while self.added < n {
            let h = self.added;
            if h >= 2 && h.is_multiple_of(2) {
                let c = codes[h as usize] as u64;
                let w = (c >> 6) as usize;
                if w >= self.evens.len() {
                    self.evens.resize(w + 1, 0);
                }
                if c == 0 || (self.evens[w] >> (c & 63)) & 1 == 1 {
                    self.evens_zero = true;
                }
                self.evens[w] |= 1 << (c & 63);
            }
            self.added += 1;
        }
        for &w in &self.touched {
            self.scratch[w] = 0;
        }
        self.touched.clear();
        if n == 0 {
            return Ok(0);
        }
        // zero: some nonempty subset has XOR 0 (power set only).
        let mut zero = false;
        if self.with_zero {
            self.mark(0);
            zero = true;
        }
        if n >= 2 {
            self.sieve.at(n)?.prime_factors_into(n, &mut self.primes);
            let even = self.primes[0] == 2;
            let tests: Vec<Divides> = self.primes.iter().map(|&p| Divides::new(p)).collect();
            if even {
                zero |= self.evens_zero;
            }
            let primes = std::mem::take(&mut self.primes);
            for (i, &p) in primes.iter().enumerate() {
                if p == 2 {
                    continue;
                }
                // With 2 | n the even multiples are in `evens`: step over odd multiples.
                let step = if even { 2 * p } else { p };
                let mut k = p;
                while k < n {
                    if !power || !tests[..i].iter().any(|t| t.divides(k)) {
                        let c = codes[k as usize] as u64;
                        let again = self.mark(c);
                        if power && (c == 0 || again || (even && Self::has(&self.evens, c))) {
                            zero = true;
                        }
                    }
                    k += step;
                }
            }
            self.primes = primes;
            let evens: &[u64] = if even { &self.evens } else { &[] };
            let start = u64::from(power);
            let absent = (start..)
                .find(|&c| !Self::has(evens, c) && !Self::has(&self.scratch, c))
                .expect("finitely many codes");
            return Ok(if !power || zero { absent as u32 } else { 0 });
        }
        // n = 1: only heap 0 (if any).
        let absent = u64::from(power);
        let first = (absent..).find(|&c| !Self::has(&self.scratch, c)).expect("finite");
        Ok(if !power || zero { first as u32 } else { 0 })
    }
}
