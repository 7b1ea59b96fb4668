//! Arithmetic functions of single 64-bit integers (any size, through factorization):
//! Ω, ω, φ, τ, i_p with the prime-counting function π, and helpers. Small arguments
//! use a shared sieve so that formulas evaluated over long ranges stay fast.

use super::sieve::Sieve;
use super::{factorize, is_prime};
use std::sync::OnceLock;

/// Arguments up to this bound are factorized with the shared sieve (16 MiB).
const SHARED_SIEVE_LIMIT: u64 = 1 << 22;

/// The largest x for which [`prime_pi`] computes π(x) (about a second of work).
pub const PRIME_PI_LIMIT: u64 = 100_000_000_000;

fn shared() -> &'static Sieve {
    static S: OnceLock<Sieve> = OnceLock::new();
    S.get_or_init(|| Sieve::new(SHARED_SIEVE_LIMIT))
}

/// The factorization of `n ≥ 1` as (prime, exponent) pairs, primes increasing.
pub fn factor(n: u64) -> Vec<(u64, u32)> {
    assert!(n > 0, "0 has no prime factorization");
    if n <= SHARED_SIEVE_LIMIT {
        shared().factorize(n)
    } else {
        factorize(n)
    }
}

/// Ω(n), prime factors counted with multiplicity (Ω(1) = 0).
pub fn big_omega(n: u64) -> u32 {
    factor(n).iter().map(|f| f.1).sum()
}

/// ω(n), distinct prime factors (ω(1) = 0).
pub fn small_omega(n: u64) -> u32 {
    factor(n).len() as u32
}

/// φ(n), Euler's totient (φ(1) = 1).
pub fn phi(n: u64) -> u64 {
    factor(n).iter().fold(n, |r, &(p, _)| r / p * (p - 1))
}

/// τ(n), the number of positive divisors.
pub fn tau(n: u64) -> u64 {
    factor(n).iter().map(|&(_, e)| e as u64 + 1).product()
}

/// True if no square of a prime divides `n ≥ 1` (1 is square-free).
pub fn is_squarefree(n: u64) -> bool {
    factor(n).iter().all(|&(_, e)| e == 1)
}

/// The smallest prime larger than `p` (for p < 2^64 − 59, the largest 64-bit prime).
pub fn next_prime(p: u64) -> u64 {
    let mut q = p + 1;
    while !is_prime(q) {
        q += 1;
    }
    q
}

/// π(x), the number of primes ≤ x, or `None` above [`PRIME_PI_LIMIT`]. Uses the shared
/// sieve for small x, else the Lucy–Hedgehog recurrence (O(x^{3/4}) time, O(√x) memory).
pub fn prime_pi(x: u64) -> Option<u64> {
    if x <= SHARED_SIEVE_LIMIT {
        let primes = shared().primes();
        return Some(primes.partition_point(|&p| p as u64 <= x) as u64);
    }
    if x > PRIME_PI_LIMIT {
        return None;
    }
    let r = x.isqrt();
    // lo[v] = S(v) for v ≤ r and hi[k] = S(⌊x/k⌋) for 1 ≤ k ≤ r, where S(v) starts as
    // #{2 ≤ m ≤ v} and ends as π(v) after sieving by every prime p ≤ √x.
    let mut lo: Vec<u64> = (0..=r).map(|v| v.saturating_sub(1)).collect();
    let mut hi: Vec<u64> = (0..=r).map(|k| x.checked_div(k).map_or(0, |q| q - 1)).collect();
    for p in 2..=r {
        if lo[p as usize] == lo[p as usize - 1] {
            continue; // p is not prime
        }
        let sp = lo[p as usize - 1];
        let p2 = p * p;
        // Large values x/k, k increasing (so v decreasing), while v ≥ p².
        for k in 1..=r {
            let v = x / k;
            if v < p2 {
                break;
            }
            let w = v / p;
            let sw = if w <= r { lo[w as usize] } else { hi[(k * p) as usize] };
            hi[k as usize] -= sw - sp;
        }
        // Small values v ≤ r, decreasing, while v ≥ p².
        let mut v = r;
        while v >= p2 {
            lo[v as usize] -= lo[(v / p) as usize] - sp;
            v -= 1;
        }
    }
    Some(hi[1])
}

/// i_p(n): the index of the smallest prime factor of `n ≥ 2` (2 has index 1),
/// i_p(1) = 0 (paper 003 §1.3). `None` when that prime exceeds [`PRIME_PI_LIMIT`].
pub fn i_p(n: u64) -> Option<u64> {
    if n < 2 {
        return Some(0);
    }
    prime_pi(factor(n)[0].0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_pi_matches_known_values() {
        assert_eq!(prime_pi(1), Some(0));
        assert_eq!(prime_pi(2), Some(1));
        assert_eq!(prime_pi(100), Some(25));
        assert_eq!(prime_pi(1_000_000), Some(78_498));
        // Lucy–Hedgehog above the shared sieve, against the sieve's own count.
        let s = Sieve::new(20_000_000);
        for x in [4_194_305u64, 5_000_000, 9_999_991, 20_000_000] {
            assert_eq!(
                prime_pi(x),
                Some(s.primes().partition_point(|&p| p as u64 <= x) as u64),
                "{x}"
            );
        }
        assert_eq!(prime_pi(10_000_000_000), Some(455_052_511));
        assert_eq!(prime_pi(PRIME_PI_LIMIT + 1), None);
    }

    #[test]
    fn functions_of_large_numbers() {
        let n = 2 * 3u64.pow(7) * 11; // 48114, paper 003 §2.1.1
        assert_eq!(n, 48114);
        assert_eq!(big_omega(n), 9);
        assert_eq!(small_omega(n), 3);
        assert_eq!(phi(n), 2 * 3u64.pow(6) * 10);
        assert_eq!(tau(3298534883328), 82); // 3 · 2^40 → τ = 2 · 41
        assert!(is_squarefree(30));
        assert!(!is_squarefree(12));
        assert_eq!(next_prime(7), 11);
        assert_eq!(i_p(35), Some(3));
        assert_eq!(i_p(1), Some(0));
    }
}
