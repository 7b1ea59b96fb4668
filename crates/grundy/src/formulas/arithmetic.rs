//! The closed forms of paper 003 (Iannucci & Larsson, "Game values of arithmetic
//! functions"), each citing its theorem. They work for every 64-bit heap (through
//! factorization), except where noted: values needing π(p) of a prime p above
//! [`PRIME_PI_LIMIT`], and powers 2^k with k above [`MAX_POW2_EXPONENT`], are not given.
//!
//! A [`Theorem`] bundles a ruleset's closed form with the properties the theorem states
//! beyond exact values (bounds, if-and-only-if statements), which `grundy verify`
//! checks against search as well.

use super::Statement;
use crate::arith::functions::{big_omega, factor, i_p, is_squarefree, next_prime, prime_pi, small_omega};
use crate::arith::is_prime;
use crate::arith::sieve::i_o;
use crate::value::Nimber;
use rustc_hash::FxHashMap;

pub use crate::arith::functions::PRIME_PI_LIMIT;

/// The largest k for which a value 2^k is produced (the decimal form of 2^k has about
/// 0.3·k digits).
pub const MAX_POW2_EXPONENT: u64 = 1 << 20;

/// A ruleset's theorem: the value where it claims one, why there is none elsewhere, and
/// a check of the other properties it states.
#[derive(Clone, Copy)]
pub struct Theorem {
    /// The theorem's statement and citation.
    pub statement: Statement,
    /// The claimed value of heap n, where the theorem gives one.
    pub value: fn(u64) -> Option<Nimber>,
    /// Why `value` gives nothing for some heaps (shown by `--method formula`).
    pub gap: &'static str,
    /// Heaps `every.0..=every.1` where `value` gives a value, every one (by its
    /// definition: where the arithmetic it needs always reaches), so that a range within
    /// is known to be covered without evaluating it; `NONE` where no range is known.
    pub every: (u64, u64),
    /// The stated properties of G(n) other than exact values; `Some(description)` of
    /// the first one that the value `v` of heap `n` violates.
    pub check: Option<fn(u64, &Nimber) -> Option<String>>,
}

impl std::fmt::Debug for Theorem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Theorem({})", self.gap)
    }
}

/// No range of heaps is known where a theorem gives every value ([`Theorem::every`]).
pub const NONE: (u64, u64) = (1, 0);

/// Heaps up to which [`powerset_totative`] gives every value: the index of a prime up to
/// here is at most 2^20 + 1, so 2^(i_p(n) − 1) has an exponent within
/// [`MAX_POW2_EXPONENT`] (π(16·10^6) = 1031130; a test checks it).
pub const POWERSET_TOTATIVE_EVERY: u64 = 16_000_000;

/// Heaps up to which [`powerset_maliquant`] gives every value: the odd part m it reads
/// is at most 2^21 + 1 there, so 2^((m − 1)/2) is within [`MAX_POW2_EXPONENT`].
pub const POWERSET_MALIQUANT_EVERY: u64 = (1 << 21) + 2;

fn pow2(k: u64) -> Option<Nimber> {
    (k <= MAX_POW2_EXPONENT).then(|| Nimber::pow2(k))
}

fn some(v: u64) -> Option<Nimber> {
    Some(Nimber::from(v))
}

/// Theorem 1 (maliquot): G(n) = Ω(n), for n ≥ 1.
pub fn maliquot(n: u64) -> u64 {
    big_omega(n) as u64
}

/// Theorem 2 (saliquot): G(0) = 0 and G(n) = v₂(n) + 1 for n ≥ 1.
pub fn saliquot(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        n.trailing_zeros() as u64 + 1
    }
}

/// Theorem 3 (maliquant): G(0) = 0 and G(n) = i_o(n) for n ≥ 1, the index of the
/// largest odd divisor (n = 2^k (2m − 1) gives m).
pub fn maliquant(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        i_o(n)
    }
}

/// Theorem 4 (saliquant), the exact part: G(0) = 0 and G(n) = (n − 1)/2 for odd n;
/// `None` for even n ≥ 2, where the theorem only bounds the value.
pub fn saliquant(n: u64) -> Option<u64> {
    if n == 0 {
        Some(0)
    } else if n % 2 == 1 {
        Some((n - 1) / 2)
    } else {
        None
    }
}

/// Theorem 4 (saliquant), the bound: G(n) < n/2 (checked for n ≥ 1; at n = 0 it would
/// read 0 < 0).
fn saliquant_check(n: u64, v: &Nimber) -> Option<String> {
    // In u128, a value past 64 bits standing as u128::MAX (it breaks the bound; it was
    // passed as holding), and 2v past 2^64 from v = 2^63.
    let w = v.to_u64().map_or(u128::MAX, u128::from);
    (n >= 1 && w.saturating_mul(2) >= u128::from(n)).then(|| format!("Theorem 4 bound G(n) < n/2 fails: G({n}) = {v}"))
}

/// Theorem 5 (totative): G(1) = 0 and G(n) = i_p(n) for n ≥ 2, the index of the
/// smallest prime factor (OEIS A055396). `None` if that prime exceeds
/// [`PRIME_PI_LIMIT`].
pub fn totative(n: u64) -> Option<u64> {
    i_p(n)
}

/// For n = p·q with primes p < q: `Some((p, q))`.
fn two_primes(n: u64) -> Option<(u64, u64)> {
    match factor(n).as_slice() {
        [(p, 1), (q, 1)] => Some((*p, *q)),
        _ => None,
    }
}

/// n = p_i p_{i+gap} (consecutive primes when gap = 1): `Some(i)`, or `None` (also when
/// π(p_i) is beyond [`PRIME_PI_LIMIT`]).
fn prime_pair_index(n: u64, gap: u32) -> Option<u64> {
    let (p, q) = two_primes(n)?;
    let mut r = p;
    for _ in 0..gap {
        r = next_prime(r);
    }
    if r == q {
        prime_pi(p)
    } else {
        None
    }
}

fn is_prime_square(n: u64) -> bool {
    matches!(factor(n.max(1)).as_slice(), [(_, 2)])
}

/// Theorem 6 (nontotative), the items that give exact values: (v) G(2m) = m;
/// (i) G(p) = 1 for primes; (vi) G(n) = ⌊(n+1)/4⌋ for n ≡ 3 (mod 6); (ii) G(p²) = 2;
/// (iii) G(p_i p_{i+1}) = 3 if i is odd, else 4; (iv) G(p_i p_{i+2}) = 5 if
/// i ≡ 1, 2 (mod 4), else 6; and G(12) = 6 (items (iii)–(iv) with (v)). `None` for
/// other heaps (including 0 and 1, which the theorem does not cover).
pub fn nontotative(n: u64) -> Option<u64> {
    if n == 0 || n == 1 {
        return None;
    }
    if n.is_multiple_of(2) {
        return Some(n / 2);
    }
    if is_prime(n) {
        return Some(1);
    }
    if n % 6 == 3 {
        // ⌊(n+1)/4⌋ without forming n + 1, which wraps at n = 2^64 − 1.
        return Some(n / 4 + u64::from(n % 4 == 3));
    }
    if is_prime_square(n) {
        return Some(2);
    }
    if let Some(i) = prime_pair_index(n, 1) {
        return Some(if i % 2 == 1 { 3 } else { 4 });
    }
    if let Some(i) = prime_pair_index(n, 2) {
        return Some(if i % 4 == 1 || i % 4 == 2 { 5 } else { 6 });
    }
    None
}

/// Theorem 6 (nontotative) as properties of G(n), n ≥ 1: the if-and-only-if items
/// (i)–(iv) in both directions, (v)–(vii), and the bounds (viii) G(n) ≤ n/2 and
/// (ix) G(n) ≤ (n+1)/4 for odd n. Returns every item that fails at n, or `None`.
pub fn nontotative_check(n: u64, v: &Nimber) -> Option<String> {
    if n == 0 {
        return None;
    }
    let shown = v;
    // A value past 64 bits stands as u128::MAX, which breaks the bounds (viii), (ix)
    // and every exact item (it was passed as holding them all).
    let v = v.to_u64().map_or(u128::MAX, u128::from);
    let n1 = u128::from(n) + 1;
    let mut fails: Vec<(&str, String)> = Vec::new();
    let mut fail = |item: &'static str, what: String| fails.push((item, what));
    if (v == 1) != is_prime(n) {
        fail("(i)", "G(n) = 1 iff n is prime".into());
    }
    if (v == 2) != is_prime_square(n) {
        fail("(ii)", "G(n) = 2 iff n is a prime square".into());
    }
    let pair1 = prime_pair_index(n, 1);
    if (v == 3 || v == 4) != (pair1.is_some() || n == 8) {
        fail("(iii)", "G(n) ∈ {3,4} iff n = p_i p_{i+1} or n = 8".into());
    }
    if let Some(i) = pair1 {
        if (v == 3) != (i % 2 == 1) {
            fail("(iii)", format!("G(p_i p_(i+1)) = 3 iff i is odd (i = {i})"));
        }
    }
    let pair2 = prime_pair_index(n, 2);
    if (v == 5 || v == 6) != (pair2.is_some() || n == 12) {
        fail("(iv)", "G(n) ∈ {5,6} iff n = p_i p_{i+2} or n = 12".into());
    }
    if let Some(i) = pair2 {
        if (v == 5) != (i % 4 == 1 || i % 4 == 2) {
            fail("(iv)", format!("G(p_i p_(i+2)) = 5 iff i ≡ 1, 2 (mod 4) (i = {i})"));
        }
    }
    if n.is_multiple_of(2) && v != u128::from(n / 2) {
        fail("(v)", "G(2m) = m".into());
    }
    // In u128: n + 1, 2v and 4v pass 2^64 near the top of the domain.
    if n % 6 == 3 && v != n1 / 4 {
        fail("(vi)", "G(n) = ⌊(n+1)/4⌋ for n ≡ 3 (mod 6)".into());
    }
    if (n % 30 == 5 || n % 30 == 25) && v != u128::from(n / 10) && v != u128::from(n.div_ceil(10)) {
        fail("(vii)", "G(n) ∈ {⌊n/10⌋, ⌈n/10⌉} for n ≡ 5, 25 (mod 30)".into());
    }
    if v.saturating_mul(2) > u128::from(n) {
        fail("(viii)", "G(n) ≤ n/2".into());
    }
    if n % 2 == 1 && v.saturating_mul(4) > n1 {
        fail("(ix)", "G(n) ≤ (n+1)/4 for odd n".into());
    }
    if fails.is_empty() {
        return None;
    }
    let items: Vec<&str> = fails.iter().map(|(item, _)| *item).collect();
    let whats: Vec<&str> = fails.iter().map(|(_, what)| what.as_str()).collect();
    let verb = if fails.len() == 1 { "fails" } else { "fail" };
    Some(format!(
        "Theorem 6 {} {verb} at n = {n} (G = {shown}): {}",
        items.join(", "),
        whats.join("; ")
    ))
}

fn shapiro_prime(p: u64, memo: &mut FxHashMap<u64, u64>) -> u64 {
    if p == 2 {
        return 0;
    }
    if let Some(&c) = memo.get(&p) {
        return c;
    }
    // C(p) = C(p − 1) + 1 for odd primes (φ(p) = p − 1).
    let c = shapiro_with(p - 1, memo) + 1;
    memo.insert(p, c);
    c
}

fn shapiro_with(n: u64, memo: &mut FxHashMap<u64, u64>) -> u64 {
    if n <= 2 {
        return 0;
    }
    let f = factor(n);
    let mut c = 0u64;
    for &(p, e) in &f {
        if p == 2 {
            // C(2^a) = a − 1: C(2m) = C(m) + 1 for even m, C(2) = 0.
            c += e as u64 - 1;
        } else {
            c += e as u64 * shapiro_prime(p, memo);
        }
    }
    // One even and one odd factor add without the extra 1 (Theorem 7).
    c
}

/// Shapiro's class C(n) (paper 003 Theorem 7, from \[6\]): the number of iterations of φ
/// from n down to 2, C(1) = C(2) = 0, computed from the factorization with
/// C(mn) = C(m) + C(n) when m or n is odd, C(mn) = C(m) + C(n) + 1 when both are even,
/// and C(p) = C(p − 1) + 1 for odd primes p.
pub fn shapiro_class(n: u64) -> u64 {
    shapiro_with(n, &mut FxHashMap::default())
}

/// Theorem 8 (totient): G(1) = 0 and G(n) = (C(n) + 1) mod 2 for n ≥ 2.
pub fn totient(n: u64) -> u64 {
    if n <= 1 {
        0
    } else {
        (shapiro_class(n) + 1) % 2
    }
}

/// Ω₂(n): prime factors counted with multiplicity, except that the prime 2 counts once.
pub fn omega2(n: u64) -> u64 {
    factor(n).iter().map(|&(p, e)| if p == 2 { 1 } else { e as u64 }).sum()
}

/// Theorem 9 (dividing): G(n) = Ω₂(n) for n ≥ 1.
pub fn dividing(n: u64) -> u64 {
    omega2(n)
}

/// Theorem 11 (divide-throw-residue): G(n) = i_o(n) for heaps n > 1 (the text before
/// the theorem restricts it to heaps > 1; heap 1 is terminal, and i_o(1) = 1).
pub fn divide_throw_residue(n: u64) -> Option<u64> {
    (n > 1).then(|| i_o(n))
}

/// Theorem 12 (residue-throw-divisor): G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤
/// 3(2^k − 1) + 1, that is, the least k ≥ 0 with 3·2^k ≥ n + 2 (G(1) = 0).
pub fn residue_throw_divisor(n: u64) -> u64 {
    let target = n as u128 + 2;
    let mut k = 0;
    while 3u128 << k < target {
        k += 1;
    }
    k
}

/// Theorem 13 (m-factoring): G(n) = Ω(n) − 1 for n ≥ 2.
pub fn m_factoring(n: u64) -> Option<u64> {
    (n >= 2).then(|| big_omega(n) as u64 - 1)
}

/// Theorem 13, second part (m-factoring with pairwise coprime factors): G(n) = ω(n) − 1
/// for n ≥ 2.
pub fn m_factoring_coprime(n: u64) -> Option<u64> {
    (n >= 2).then(|| small_omega(n) as u64 - 1)
}

/// Theorem 14 (fullset-maliquot): G(n) = 1 if n > 1 is square-free, else 0.
pub fn fullset_maliquot(n: u64) -> u64 {
    u64::from(n > 1 && is_squarefree(n))
}

/// Theorem 15 (powerset-saliquot): G(0) = 0 and G(n) = 2^v₂(n) for n ≥ 1.
pub fn powerset_saliquot(n: u64) -> Nimber {
    if n == 0 {
        Nimber::ZERO
    } else {
        Nimber::pow2(n.trailing_zeros() as u64)
    }
}

/// Theorem 16 (powerset-maliquant): G(1..=8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for
/// k ≥ 4; G(n) = G(n/2) for even n ≥ 10. `None` if the exponent exceeds
/// [`MAX_POW2_EXPONENT`].
pub fn powerset_maliquant(n: u64) -> Option<Nimber> {
    const FIRST: [u64; 8] = [0, 0, 1, 0, 2, 1, 4, 8];
    let mut m = n;
    while m >= 10 && m.is_multiple_of(2) {
        m /= 2;
    }
    if (1..=8).contains(&m) {
        some(FIRST[m as usize - 1])
    } else if m == 0 {
        None
    } else {
        pow2((m - 1) / 2)
    }
}

/// Theorem 17 (powerset-totative): G(1) = 0 and G(n) = 2^(i_p(n) − 1) for n ≥ 2.
/// `None` beyond [`PRIME_PI_LIMIT`] or [`MAX_POW2_EXPONENT`].
pub fn powerset_totative(n: u64) -> Option<Nimber> {
    if n <= 1 {
        return some(0);
    }
    pow2(i_p(n)? - 1)
}

const TOO_BIG: &str = "the value needs π(p) for a prime p above 10^11, or is a power 2^k with k above 2^20";

/// Theorem 1.
pub const MALIQUOT: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = Ω(n), prime factors with multiplicity",
        source: "paper 003 Theorem 1",
    },
    value: |n| (n >= 1).then(|| Nimber::from(maliquot(n))),
    gap: "heaps start at 1",
    every: (1, u64::MAX),
    check: None,
};
/// Theorem 2.
pub const SALIQUOT: Theorem = Theorem {
    statement: Statement {
        text: "G(0) = 0, G(n) = v₂(n) + 1",
        source: "paper 003 Theorem 2",
    },
    value: |n| some(saliquot(n)),
    gap: "",
    every: (0, u64::MAX),
    check: None,
};
/// Theorem 3.
pub const MALIQUANT: Theorem = Theorem {
    statement: Statement {
        text: "G(0) = 0, G(n) = i_o(n), n = 2^k(2m−1) ↦ m",
        source: "paper 003 Theorem 3",
    },
    value: |n| some(maliquant(n)),
    gap: "",
    every: (0, u64::MAX),
    check: None,
};
/// Theorem 4.
pub const SALIQUANT: Theorem = Theorem {
    statement: Statement {
        text: "partial: G(n) = (n−1)/2 for odd n, and G(n) < n/2",
        source: "paper 003 Theorem 4",
    },
    value: |n| saliquant(n).map(Nimber::from),
    gap: "Theorem 4 gives the value of odd heaps only; for even heaps it proves G(n) < n/2",
    every: (0, 0),
    check: Some(saliquant_check),
};
/// Theorem 5.
pub const TOTATIVE: Theorem = Theorem {
    statement: Statement {
        text: "G(1) = 0, G(n) = i_p(n), the index of the smallest prime factor",
        source: "paper 003 Theorem 5",
    },
    value: |n| (n >= 1).then(|| totative(n).map(Nimber::from)).flatten(),
    gap: TOO_BIG,
    every: (1, PRIME_PI_LIMIT),
    check: None,
};
/// Theorem 6.
pub const NONTOTATIVE: Theorem = Theorem {
    statement: Statement {
        text: "partial: G(2m) = m, G(p) = 1, G(p²) = 2, G(n) = ⌊(n+1)/4⌋ for n ≡ 3 (mod 6), p_i p_(i+1) ↦ 3/4, p_i p_(i+2) ↦ 5/6, and bounds",
        source: "paper 003 Theorem 6 (i)–(ix)",
    },
    value: |n| nontotative(n).map(Nimber::from),
    gap:
        "Theorem 6 gives values for even n, primes, prime squares, n ≡ 3 (mod 6), p_i·p_(i+1), p_i·p_(i+2) and 12 only",
    every: NONE,
    check: Some(nontotative_check),
};
/// Theorems 7 and 8.
pub const TOTIENT: Theorem = Theorem {
    statement: Statement {
        text: "G(1) = 0, G(n) = (C(n) + 1) mod 2, C Shapiro's class",
        source: "paper 003 Theorems 7, 8",
    },
    value: |n| (n >= 1).then(|| Nimber::from(totient(n))),
    gap: "heaps start at 1",
    every: (1, u64::MAX),
    check: None,
};
/// Theorem 9.
pub const DIVIDING: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = Ω₂(n), the prime 2 counted once",
        source: "paper 003 Theorem 9",
    },
    value: |n| (n >= 1).then(|| Nimber::from(dividing(n))),
    gap: "heaps start at 1",
    every: (1, u64::MAX),
    check: None,
};
/// Theorem 11.
pub const DIVIDE_THROW_RESIDUE: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = i_o(n)",
        source: "paper 003 Theorem 11",
    },
    value: |n| divide_throw_residue(n).map(Nimber::from),
    gap: "Theorem 11 covers heaps n > 1 (heap 1 is terminal)",
    every: (2, u64::MAX),
    check: None,
};
/// Theorem 12.
pub const RESIDUE_THROW_DIVISOR: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1",
        source: "paper 003 Theorem 12",
    },
    value: |n| (n >= 1).then(|| Nimber::from(residue_throw_divisor(n))),
    gap: "heaps start at 1",
    every: (1, u64::MAX),
    check: None,
};
/// Theorem 13, first part.
pub const M_FACTORING: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = Ω(n) − 1 for n ≥ 2",
        source: "paper 003 Theorem 13",
    },
    value: |n| m_factoring(n).map(Nimber::from),
    gap: "Theorem 13 covers n ≥ 2 (heap 1 is terminal)",
    every: (2, u64::MAX),
    check: None,
};
/// Theorem 13, second part.
pub const M_FACTORING_COPRIME: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = ω(n) − 1 for n ≥ 2",
        source: "paper 003 Theorem 13",
    },
    value: |n| m_factoring_coprime(n).map(Nimber::from),
    gap: "Theorem 13 covers n ≥ 2 (heap 1 is terminal)",
    every: (2, u64::MAX),
    check: None,
};
/// Theorem 14.
pub const FULLSET_MALIQUOT: Theorem = Theorem {
    statement: Statement {
        text: "G(n) = 1 iff n > 1 is square-free, else 0",
        source: "paper 003 Theorem 14",
    },
    value: |n| (n >= 1).then(|| Nimber::from(fullset_maliquot(n))),
    gap: "heaps start at 1",
    every: (1, u64::MAX),
    check: None,
};
/// Theorem 15.
pub const POWERSET_SALIQUOT: Theorem = Theorem {
    statement: Statement {
        text: "G(0) = 0, G(n) = 2^v₂(n)",
        source: "paper 003 Theorem 15",
    },
    value: |n| Some(powerset_saliquot(n)),
    gap: "",
    every: (0, u64::MAX),
    check: None,
};
/// Theorem 16.
pub const POWERSET_MALIQUANT: Theorem = Theorem {
    statement: Statement {
        text: "G(1..8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for k ≥ 4; G(n) = G(n/2) for even n ≥ 10",
        source: "paper 003 Theorem 16",
    },
    value: powerset_maliquant,
    gap: TOO_BIG,
    every: (1, POWERSET_MALIQUANT_EVERY),
    check: None,
};
/// Theorem 17.
pub const POWERSET_TOTATIVE: Theorem = Theorem {
    statement: Statement {
        text: "G(1) = 0, G(n) = 2^(i_p(n) − 1)",
        source: "paper 003 Theorem 17",
    },
    value: powerset_totative,
    gap: TOO_BIG,
    every: (0, POWERSET_TOTATIVE_EVERY),
    check: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples() {
        // §2.1: C(15) = 3, C(8) = 2, C(2·3^7·11) = 10, SG(48114) = 1, C(7) = 2.
        assert_eq!(shapiro_class(15), 3);
        assert_eq!(shapiro_class(8), 2);
        assert_eq!(shapiro_class(7), 2);
        assert_eq!(shapiro_class(48114), 10);
        assert_eq!(totient(48114), 1);
        assert_eq!(totient(8), 1);
        // Theorem 12 blocks: 1 | 2..4 | 5..10 | 11..22.
        let v: Vec<u64> = (1..=23).map(residue_throw_divisor).collect();
        assert_eq!(v, [0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4]);
        assert_eq!(omega2(18), 3);
        assert_eq!(powerset_maliquant(9), Some(Nimber::from(16u64)));
        assert_eq!(powerset_maliquant(10), Some(Nimber::from(2u64)));
        assert_eq!(powerset_maliquant(2_000_001), Some(Nimber::pow2(1_000_000)));
        assert_eq!(powerset_maliquant(u64::MAX), None);
        assert_eq!(nontotative(15), Some(4));
        assert_eq!(nontotative(21), Some(5));
        assert_eq!(nontotative(25), Some(2));
    }

    /// Theorem 6 (vi) at the top of the domain: 2^64 − 1 ≡ 3 (mod 6), so G = ⌊2^64/4⌋
    /// = 2^62. n + 1 wrapped to 0 in a release build, and the value 0 was given (a
    /// hostile check); the values just below were right.
    #[test]
    fn nontotative_at_the_top_of_the_domain() {
        assert_eq!(nontotative(u64::MAX), Some(1 << 62));
        assert_eq!(nontotative(u64::MAX - 6), Some((1 << 62) - 2));
        assert_eq!(nontotative(u64::MAX - 12), Some((1 << 62) - 3));
        for n in (3..200u64).step_by(6) {
            assert_eq!(nontotative(n), Some((n + 1) / 4), "{n}");
        }
        assert_eq!(nontotative_check(u64::MAX, &Nimber::from(1u64 << 62)), None);
        assert!(nontotative_check(u64::MAX, &Nimber::from(0u64)).is_some());
        assert!(nontotative_check(u64::MAX, &Nimber::from(u64::MAX)).is_some());
    }

    /// The stated bounds fail for values past 64 bits (they were passed as holding: the
    /// checks returned "no violation" for a value they could not read as u64) and for
    /// 64-bit values whose double passes 2^64.
    #[test]
    fn the_checks_refuse_values_past_the_bounds() {
        let huge = Nimber::pow2(70);
        for n in [1, 9, 10, u64::MAX] {
            assert!(saliquant_check(n, &huge).is_some(), "{n}");
            let e = nontotative_check(n, &huge).unwrap();
            assert!(e.contains("(viii)") && e.contains(&huge.to_string()), "{e}");
        }
        assert!(saliquant_check(u64::MAX, &Nimber::from(1u64 << 63)).is_some());
        assert_eq!(saliquant_check(u64::MAX, &Nimber::from((1u64 << 63) - 1)), None);
        assert_eq!(saliquant_check(u64::MAX - 1, &Nimber::from((1u64 << 63) - 2)), None);
    }

    /// Each theorem gives a value at every heap of its `every` range (its ends, the
    /// heaps near them and a sample between), which the advice `--method formula gives
    /// these` and `--method auto`'s closed form rely on without asking each heap; just
    /// past the ranges that end below 2^64, a heap has none.
    #[test]
    fn every_heap_of_the_every_range_has_a_value() {
        let all = [
            MALIQUOT,
            SALIQUOT,
            MALIQUANT,
            SALIQUANT,
            TOTATIVE,
            NONTOTATIVE,
            TOTIENT,
            DIVIDING,
            DIVIDE_THROW_RESIDUE,
            RESIDUE_THROW_DIVISOR,
            M_FACTORING,
            M_FACTORING_COPRIME,
            FULLSET_MALIQUOT,
            POWERSET_SALIQUOT,
            POWERSET_MALIQUANT,
            POWERSET_TOTATIVE,
        ];
        for t in all {
            let (lo, hi) = t.every;
            if lo > hi {
                continue;
            }
            let step = ((hi - lo) / 50).max(1);
            let sample = (lo..=hi.min(lo + 300))
                .chain((hi.saturating_sub(40).max(lo)..=hi).rev())
                .chain((0..50).map(|i| lo + i * step).filter(|&n| n <= hi));
            for n in sample {
                assert!((t.value)(n).is_some(), "{}: heap {n}", t.statement.source);
            }
            if lo > 0 {
                assert!((t.value)(lo - 1).is_none(), "{}: heap {}", t.statement.source, lo - 1);
            }
        }
        // The prime of index 2^20 + 1 is above POWERSET_TOTATIVE_EVERY, so every heap
        // up to it has a smallest prime factor of index at most that.
        assert!(crate::arith::functions::prime_pi(POWERSET_TOTATIVE_EVERY).unwrap() <= MAX_POW2_EXPONENT + 1);
        // Past the ends: a heap without a value (2^21 + 3 is odd, its exponent 2^20 + 1;
        // 10^11 + 3 is prime).
        assert!(powerset_maliquant(POWERSET_MALIQUANT_EVERY + 1).is_none());
        assert!(is_prime(100_000_000_003));
        assert!((TOTATIVE.value)(100_000_000_003).is_none());
        assert!((SALIQUANT.value)(2).is_none());
    }

    #[test]
    fn shapiro_class_matches_iteration() {
        use crate::arith::functions::phi;
        for n in 1..20_000u64 {
            let mut c = 0;
            let mut m = n;
            while m > 2 {
                m = phi(m);
                c += 1;
            }
            assert_eq!(shapiro_class(n), c, "{n}");
        }
    }
}
