//! Number theory used by rulesets and formulas: gcd, the 2-adic valuation, and
//! factorization and divisors of 64-bit integers (deterministic Miller–Rabin and
//! Pollard's rho), functions of single integers ([`functions`]: Ω, ω, φ, τ, π, i_p) and
//! the smallest-prime-factor [`sieve`] over a range.

mod factor;
pub mod functions;
pub mod sieve;

pub use factor::{divisors, factored, factorize, is_prime};
pub use sieve::Sieve;

/// Greatest common divisor (`gcd(0, 0) = 0`).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// The 2-adic valuation v₂(n) = ord₂(n): the exponent of 2 in `n`; `None` for `n = 0`
/// (where ord₂ is +∞, paper 000 §1).
pub fn v2(n: u64) -> Option<u32> {
    (n != 0).then(|| n.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_and_v2() {
        assert_eq!(gcd(0, 0), 0);
        assert_eq!(gcd(0, 7), 7);
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(v2(0), None);
        assert_eq!(v2(48), Some(4));
        assert_eq!(v2(1 << 63), Some(63));
    }
}
