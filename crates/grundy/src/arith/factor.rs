//! Factorization of 64-bit integers.

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    r
}

/// Deterministic primality test for all 64-bit integers (Miller–Rabin with the first
/// twelve primes as bases, which is exact below 3.3·10^24).
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'outer: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'outer;
            }
        }
        return false;
    }
    true
}

fn pollard_rho(n: u64) -> u64 {
    // Brent's variant with batched gcds; n is odd, composite and not a prime power of a
    // small prime (those were removed by trial division).
    let mut c = 1u64;
    loop {
        // In u128: x² mod n is up to n − 1 < 2^64 − 1, and adding c ≥ 2 (after a failed
        // round) passed 2^64 for n near the top of the domain.
        let f = |x: u64| ((u128::from(mul_mod(x, x, n)) + u128::from(c)) % u128::from(n)) as u64;
        let (mut x, mut y, mut g, mut q) = (2u64, 2u64, 1u64, 1u64);
        let mut r = 1u64;
        let mut ys = 0u64;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..(128.min(r - k)) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = super::gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            loop {
                ys = f(ys);
                g = super::gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
        c += 1;
    }
}

/// `n` written as a product of prime powers with superscript exponents, `5²·13·53`
/// (a prime prints as itself; 0 and 1 as they are), as the papers write factorizations.
pub fn factored(n: u64) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if n < 2 {
        return n.to_string();
    }
    factorize(n)
        .into_iter()
        .map(|(p, e)| {
            if e == 1 {
                p.to_string()
            } else {
                let exp: String = e.to_string().chars().map(|d| SUP[d as usize - '0' as usize]).collect();
                format!("{p}{exp}")
            }
        })
        .collect::<Vec<_>>()
        .join("·")
}

/// The prime factorization of `n ≥ 1` as `(prime, exponent)` pairs in increasing order
/// (empty for 1). Panics on 0, which has no factorization.
pub fn factorize(n: u64) -> Vec<(u64, u32)> {
    assert!(n > 0, "0 has no prime factorization");
    let mut primes = Vec::new();
    let mut m = n;
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47] {
        while m.is_multiple_of(p) {
            primes.push(p);
            m /= p;
        }
    }
    let mut p = 53u64;
    while p * p <= m && p < 1000 {
        while m.is_multiple_of(p) {
            primes.push(p);
            m /= p;
        }
        p += 2;
    }
    let mut stack = vec![m];
    while let Some(x) = stack.pop() {
        if x == 1 {
            continue;
        }
        if is_prime(x) {
            primes.push(x);
            continue;
        }
        let d = pollard_rho(x);
        stack.push(d);
        stack.push(x / d);
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// All positive divisors of `n ≥ 1`, in increasing order. Panics on 0.
pub fn divisors(n: u64) -> Vec<u64> {
    let mut ds = vec![1u64];
    for (p, e) in factorize(n) {
        let len = ds.len();
        let mut pk = 1u64;
        for _ in 0..e {
            pk *= p;
            for i in 0..len {
                ds.push(ds[i] * pk);
            }
        }
    }
    ds.sort_unstable();
    ds
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_is_prime(n: u64) -> bool {
        n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d))
    }

    #[test]
    fn primes_agree_with_trial_division() {
        for n in 0..20_000 {
            assert_eq!(is_prime(n), naive_is_prime(n), "{n}");
        }
        assert!(is_prime(18_446_744_073_709_551_557)); // largest 64-bit prime
        assert!(!is_prime(3_215_031_751)); // strong pseudoprime to bases 2,3,5,7
    }

    #[test]
    fn factorizes_hard_numbers() {
        assert_eq!(factorize(1), vec![]);
        assert_eq!(factorize(6241), vec![(79, 2)]);
        let n = 4_294_967_291u64 * 4_294_967_279; // two large primes
        assert_eq!(factorize(n), vec![(4_294_967_279, 1), (4_294_967_291, 1)]);
        assert_eq!(factorize(1 << 63), vec![(2, 63)]);
        assert_eq!(divisors(12), vec![1, 2, 3, 4, 6, 12]);
        assert_eq!(divisors(1_000_000_000_000_000_000).len(), 19 * 19);
    }

    proptest! {
        #[test]
        fn divisors_match_naive(n in 1u64..5000) {
            let naive: Vec<u64> = (1..=n).filter(|d| n % d == 0).collect();
            prop_assert_eq!(divisors(n), naive);
        }

        #[test]
        fn factorization_multiplies_back(n in 1u64..u64::MAX) {
            let f = factorize(n);
            let mut prod = 1u128;
            for &(p, e) in &f {
                prop_assert!(is_prime(p));
                prod *= (p as u128).pow(e);
            }
            prop_assert_eq!(prod, n as u128);
        }
    }
}
