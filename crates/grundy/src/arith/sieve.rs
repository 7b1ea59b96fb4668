//! A smallest-prime-factor sieve over `0..=limit` (linear sieve), and the arithmetic
//! functions of paper 003 read off it: Ω, ω, τ, φ, σ, the divisors of n, v₂, the index
//! of the smallest prime factor i_p and the index of the largest odd divisor i_o.
//!
//! Memory: 4 bytes per integer (the smallest prime factor as `u32`) plus 4 bytes per
//! prime. Every query for `n ≤ limit` costs O(Ω(n)) divisions (O(τ(n)) for divisors).

/// Smallest prime factors of `0..=limit` (`spf[0] = spf[1] = 0`) and the primes up to
/// `limit` in increasing order.
#[derive(Clone, Debug)]
pub struct Sieve {
    spf: Vec<u32>,
    primes: Vec<u32>,
}

impl Sieve {
    /// Sieves `0..=limit` (limit < 2^32). Time and memory O(limit).
    ///
    /// # Panics
    /// If the system refuses the memory ([`Sieve::try_new`] returns the error).
    pub fn new(limit: u64) -> Sieve {
        Sieve::try_new(limit).expect("memory for the sieve")
    }

    /// Sieves `0..=limit` (limit < 2^32), allocating its table as an error rather than
    /// an abort when the system refuses the memory.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the table cannot be allocated.
    pub fn try_new(limit: u64) -> crate::error::Result<Sieve> {
        assert!(limit < u32::MAX as u64, "sieve limit must be below 2^32");
        let len = limit as usize + 1;
        let mut spf = crate::control::try_filled(len, 0u32, || format!("a sieve of the integers to {limit}"))?;
        let mut primes: Vec<u32> = Vec::new();
        for i in 2..len {
            if spf[i] == 0 {
                spf[i] = i as u32;
                primes.push(i as u32);
            }
            let si = spf[i];
            for &p in &primes {
                let m = i * p as usize;
                if p > si || m >= len {
                    break;
                }
                spf[m] = p;
            }
        }
        Ok(Sieve { spf, primes })
    }

    /// The largest integer covered.
    pub fn limit(&self) -> u64 {
        self.spf.len() as u64 - 1
    }

    /// The primes up to the limit, increasing.
    pub fn primes(&self) -> &[u32] {
        &self.primes
    }

    /// The smallest prime factor of `2 ≤ n ≤ limit` (0 for n < 2).
    #[inline]
    pub fn spf(&self, n: u64) -> u64 {
        self.spf[n as usize] as u64
    }

    /// True if `n` is prime.
    pub fn is_prime(&self, n: u64) -> bool {
        n >= 2 && self.spf(n) == n
    }

    /// Calls `f(p, e)` for each prime power p^e exactly dividing `n ≥ 1`, p increasing.
    #[inline]
    pub fn for_each_prime_power(&self, n: u64, mut f: impl FnMut(u64, u32)) {
        let mut m = n as usize;
        while m > 1 {
            let p = self.spf[m];
            let mut e = 0;
            while self.spf[m] == p {
                m /= p as usize;
                e += 1;
            }
            f(p as u64, e);
        }
    }

    /// The factorization of `n ≥ 1` as (prime, exponent) pairs, primes increasing.
    pub fn factorize(&self, n: u64) -> Vec<(u64, u32)> {
        let mut v = Vec::new();
        self.for_each_prime_power(n, |p, e| v.push((p, e)));
        v
    }

    /// Ω(n): prime factors of `n ≥ 1` counted with multiplicity (Ω(1) = 0).
    pub fn big_omega(&self, n: u64) -> u32 {
        let mut s = 0;
        self.for_each_prime_power(n, |_, e| s += e);
        s
    }

    /// ω(n): distinct prime factors of `n ≥ 1` (ω(1) = 0).
    pub fn small_omega(&self, n: u64) -> u32 {
        let mut s = 0;
        self.for_each_prime_power(n, |_, _| s += 1);
        s
    }

    /// τ(n): the number of positive divisors of `n ≥ 1`.
    pub fn tau(&self, n: u64) -> u64 {
        let mut t = 1;
        self.for_each_prime_power(n, |_, e| t *= e as u64 + 1);
        t
    }

    /// φ(n): the number of `1 ≤ k ≤ n` with gcd(k, n) = 1 (φ(1) = 1).
    pub fn phi(&self, n: u64) -> u64 {
        let mut r = n;
        self.for_each_prime_power(n, |p, _| r = r / p * (p - 1));
        r
    }

    /// σ(n): the sum of the positive divisors of `n ≥ 1`.
    pub fn sigma(&self, n: u64) -> u64 {
        let mut s = 1u64;
        self.for_each_prime_power(n, |p, e| {
            let mut term = 1u64;
            let mut pk = 1u64;
            for _ in 0..e {
                pk *= p;
                term += pk;
            }
            s *= term;
        });
        s
    }

    /// Writes the positive divisors of `n ≥ 1` into `out` (cleared first), in no
    /// particular order.
    pub fn divisors_into(&self, n: u64, out: &mut Vec<u64>) {
        out.clear();
        out.push(1);
        self.for_each_prime_power(n, |p, e| {
            let len = out.len();
            let mut pk = 1u64;
            for _ in 0..e {
                pk *= p;
                for i in 0..len {
                    out.push(out[i] * pk);
                }
            }
        });
    }

    /// The positive divisors of `n ≥ 1`, increasing.
    pub fn divisors(&self, n: u64) -> Vec<u64> {
        let mut v = Vec::new();
        self.divisors_into(n, &mut v);
        v.sort_unstable();
        v
    }

    /// The distinct prime factors of `n ≥ 1` into `out` (cleared first), increasing.
    pub fn prime_factors_into(&self, n: u64, out: &mut Vec<u64>) {
        out.clear();
        self.for_each_prime_power(n, |p, _| out.push(p));
    }

    /// v₂(n), the exponent of 2 in `n ≥ 1`.
    pub fn v2(&self, n: u64) -> u32 {
        n.trailing_zeros()
    }

    /// i_p(n): the index of the smallest prime factor of `n ≥ 2` among the primes
    /// (2 has index 1); i_p(1) = 0 (paper 003 §1.3, OEIS A055396).
    pub fn i_p(&self, n: u64) -> u64 {
        if n < 2 {
            return 0;
        }
        let p = self.spf[n as usize];
        self.primes.partition_point(|&q| q < p) as u64 + 1
    }

    /// i_o(n): the index of the largest odd divisor of `n ≥ 1` among the odd numbers:
    /// n = 2^k (2m − 1) gives m (paper 003 §1.2.1, OEIS A003602).
    pub fn i_o(&self, n: u64) -> u64 {
        i_o(n)
    }
}

/// i_o(n) for any `n ≥ 1`: n = 2^k (2m − 1) gives m (paper 003 §1.2.1).
pub fn i_o(n: u64) -> u64 {
    ((n >> n.trailing_zeros()) >> 1) + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::gcd;

    fn naive_factor(n: u64) -> Vec<(u64, u32)> {
        let mut v = Vec::new();
        let mut m = n;
        let mut p = 2;
        while m > 1 {
            let mut e = 0;
            while m.is_multiple_of(p) {
                m /= p;
                e += 1;
            }
            if e > 0 {
                v.push((p, e));
            }
            p += 1;
        }
        v
    }

    #[test]
    fn agrees_with_naive_definitions() {
        let s = Sieve::new(3000);
        let naive_primes: Vec<u64> = (2..=3000u64).filter(|&n| naive_factor(n) == vec![(n, 1)]).collect();
        assert_eq!(s.primes().iter().map(|&p| p as u64).collect::<Vec<_>>(), naive_primes);
        for n in 1..=3000u64 {
            let f = naive_factor(n);
            assert_eq!(s.factorize(n), f, "{n}");
            let divs: Vec<u64> = (1..=n).filter(|d| n % d == 0).collect();
            assert_eq!(s.divisors(n), divs, "{n}");
            assert_eq!(s.tau(n), divs.len() as u64);
            assert_eq!(s.sigma(n), divs.iter().sum::<u64>());
            assert_eq!(s.phi(n), (1..=n).filter(|&k| gcd(k, n) == 1).count() as u64);
            assert_eq!(s.big_omega(n), f.iter().map(|x| x.1).sum::<u32>());
            assert_eq!(s.small_omega(n), f.len() as u32);
            assert_eq!(s.v2(n), (0..).find(|&k| (n >> k) & 1 == 1).unwrap());
            // i_o: n = 2^k (2m−1) ↦ m.
            let odd = (0..).map(|k| n >> k).find(|m| m % 2 == 1).unwrap();
            assert_eq!(s.i_o(n), odd.div_ceil(2));
            if n >= 2 {
                let p = f[0].0;
                assert_eq!(s.spf(n), p);
                assert_eq!(s.i_p(n), naive_primes.iter().position(|&q| q == p).unwrap() as u64 + 1);
            }
        }
        assert_eq!(s.i_p(1), 0);
        assert_eq!(s.i_p(2), 1);
        assert_eq!(s.i_p(7), 4);
    }
}
