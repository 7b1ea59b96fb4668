//! Every closed form at the top of the domain: heaps 2^64 − 1 − i (i < 300), 2^63 ± a
//! few, 2^32 ± a few, 2^62 ± a few and ⌊(2^64 − 1)/2⌋ ± a few, and for pairs and
//! tuples the same near the top of each coordinate. Each value is read through the
//! solver facade on a parsed expression (the path of `grundy value`), with
//! `--method formula` and `--method auto`, and where the formula function is public
//! also directly, and compared with the theorem's statement recomputed here by another
//! route: in u128 or big integers, from a factorization checked to multiply back to n,
//! by iterating φ instead of Shapiro's recursion, by Euclid's chain recursion instead
//! of the continued-fraction formulas, by the literature's period instead of the
//! period engine's. The tests run in the test profile, where an arithmetic overflow
//! panics.

use grundy::arith::functions::{prime_pi, PRIME_PI_LIMIT};
use grundy::arith::{factorize, is_prime};
use grundy::catalog::{parse_position, parse_ruleset};
use grundy::formulas::arithmetic as th;
use grundy::solve::{BoundedValue, Method, Solver};
use grundy::{Control, Error};
use num_bigint::BigUint;
use rustc_hash::FxHashMap;

/// The heaps near the top of the domain and at the other edges of the integer widths.
fn top_heaps() -> Vec<u64> {
    let mut v: Vec<u64> = (0..300).map(|i| u64::MAX - i).collect();
    for c in [1u64 << 63, 1 << 62, 1 << 32, u64::MAX / 2] {
        for d in 0..=6 {
            v.push(c - d);
            v.push(c + d);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// The value of `expr` by `method`, as printed; or the error.
fn value(solver: &mut Solver, expr: &str) -> Result<BoundedValue, Error> {
    solver.value(&parse_position(expr).unwrap_or_else(|e| panic!("{expr}: {e}")))
}

fn text(solver: &mut Solver, expr: &str) -> String {
    match value(solver, expr) {
        Ok(v) => v.value_text(),
        Err(e) => panic!("{expr}: {e}"),
    }
}

fn pow2(k: u64) -> BigUint {
    BigUint::from(1u8) << k
}

/// The factorization of `n ≥ 1`, checked: primes increasing, multiplying back to `n`.
fn factors(n: u64, cache: &mut FxHashMap<u64, Vec<(u64, u32)>>) -> Vec<(u64, u32)> {
    cache
        .entry(n)
        .or_insert_with(|| {
            let f = factorize(n);
            let mut product = 1u128;
            for &(p, e) in &f {
                assert!(is_prime(p), "{p} in the factorization of {n}");
                product *= u128::from(p).pow(e);
            }
            assert_eq!(product, u128::from(n), "the factorization of {n}");
            assert!(f.windows(2).all(|w| w[0].0 < w[1].0), "{n}: {f:?}");
            f
        })
        .clone()
}

/// π(p) by a sieve of the test's own below 2^24, else by the library's π (which its
/// own tests check against a sieve); `None` above [`PRIME_PI_LIMIT`].
fn pi(p: u64, sieve: &[bool]) -> Option<u64> {
    if (p as usize) < sieve.len() {
        Some(sieve[..=p as usize].iter().filter(|&&b| b).count() as u64)
    } else if p > PRIME_PI_LIMIT {
        None
    } else {
        prime_pi(p)
    }
}

fn sieve(limit: usize) -> Vec<bool> {
    let mut s = vec![true; limit];
    s[0] = false;
    s[1] = false;
    let mut i = 2;
    while i * i < limit {
        if s[i] {
            (i * i..limit).step_by(i).for_each(|j| s[j] = false);
        }
        i += 1;
    }
    s
}

/// The next prime after `p` (small here), by trial division.
fn next_prime_small(p: u64) -> u64 {
    (p + 1..)
        .find(|&q| (2..).take_while(|d| d * d <= q).all(|d| q % d != 0))
        .unwrap()
}

/// The facts about `n` the arithmetic theorems are stated in.
struct Facts {
    n: u64,
    f: Vec<(u64, u32)>,
}

impl Facts {
    fn big_omega(&self) -> u64 {
        self.f.iter().map(|&(_, e)| u64::from(e)).sum()
    }
    fn small_omega(&self) -> u64 {
        self.f.len() as u64
    }
    fn v2(&self) -> u64 {
        let mut m = self.n;
        let mut k = 0;
        while m.is_multiple_of(2) {
            m /= 2;
            k += 1;
        }
        k
    }
    /// n = 2^k (2m − 1) ↦ m.
    fn i_o(&self) -> u64 {
        let odd = u128::from(self.n >> self.v2());
        u64::try_from(odd.div_ceil(2)).unwrap()
    }
    fn smallest_prime(&self) -> u64 {
        self.f[0].0
    }
}

/// φ(n) from the factorization, in u128.
fn phi(n: u64, cache: &mut FxHashMap<u64, Vec<(u64, u32)>>) -> u64 {
    let mut r = u128::from(n);
    for (p, _) in factors(n, cache) {
        r = r / u128::from(p) * u128::from(p - 1);
    }
    u64::try_from(r).unwrap()
}

/// Theorem 12's block: the k with 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1 (k = 0 for
/// n ≤ 1), found by testing each block in u128.
fn residue_throw_divisor_block(n: u64) -> u64 {
    let n = u128::from(n);
    if n <= 1 {
        return 0;
    }
    (1..=66u32)
        .find(|&k| {
            let lo = 3 * ((1u128 << (k - 1)) - 1) + 2;
            let hi = 3 * ((1u128 << k) - 1) + 1;
            lo <= n && n <= hi
        })
        .map(u64::from)
        .expect("a block")
}

/// Theorem 16 as stated: G(1..=8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for k ≥ 4;
/// G(n) = G(n/2) for even n ≥ 10. `None` past the library's largest power 2^(2^20).
fn powerset_maliquant_statement(n: u64) -> Option<BigUint> {
    match n {
        1..=8 => Some(BigUint::from([0u8, 0, 1, 0, 2, 1, 4, 8][n as usize - 1])),
        _ if n.is_multiple_of(2) => powerset_maliquant_statement(n / 2),
        _ => {
            let k = (n - 1) / 2;
            (k <= th::MAX_POW2_EXPONENT).then(|| pow2(k))
        }
    }
}

/// Theorem 6's items that give values, each tested on its own; they must agree.
fn nontotative_statement(x: &Facts, sieve: &[bool]) -> Option<BigUint> {
    let n = x.n;
    let mut claims: Vec<(&str, u128)> = Vec::new();
    if n.is_multiple_of(2) {
        claims.push(("(v)", u128::from(n) / 2));
    }
    if x.f == [(n, 1)] {
        claims.push(("(i)", 1));
    }
    if n % 6 == 3 {
        claims.push(("(vi)", (u128::from(n) + 1) / 4));
    }
    if let [(_, 2)] = x.f.as_slice() {
        claims.push(("(ii)", 2));
    }
    if let [(p, 1), (q, 1)] = *x.f.as_slice() {
        let i = pi(p, sieve).expect("p < 2^32");
        if next_prime_small(p) == q {
            claims.push(("(iii)", if i % 2 == 1 { 3 } else { 4 }));
        }
        if next_prime_small(next_prime_small(p)) == q {
            claims.push(("(iv)", if i % 4 == 1 || i % 4 == 2 { 5 } else { 6 }));
        }
    }
    let first = claims.first()?.1;
    assert!(
        claims.iter().all(|c| c.1 == first),
        "Theorem 6 items disagree at {n}: {claims:?}"
    );
    Some(BigUint::from(first))
}

type Statement = fn(&Facts, &[bool], &mut FxHashMap<u64, Vec<(u64, u32)>>) -> Option<BigUint>;

/// The rulesets of paper 003 with a theorem: name, theorem, and the theorem's statement
/// recomputed here.
fn arithmetic_theorems() -> Vec<(&'static str, th::Theorem, Statement)> {
    vec![
        ("maliquot", th::MALIQUOT, |x, _, _| Some(BigUint::from(x.big_omega()))),
        ("saliquot", th::SALIQUOT, |x, _, _| Some(BigUint::from(x.v2() + 1))),
        ("maliquant", th::MALIQUANT, |x, _, _| Some(BigUint::from(x.i_o()))),
        ("saliquant", th::SALIQUANT, |x, _, _| {
            (x.n % 2 == 1).then(|| BigUint::from((x.n - 1) / 2))
        }),
        ("totative", th::TOTATIVE, |x, s, _| {
            pi(x.smallest_prime(), s).map(BigUint::from)
        }),
        ("nontotative", th::NONTOTATIVE, |x, s, _| nontotative_statement(x, s)),
        ("totient", th::TOTIENT, |x, _, cache| {
            // Shapiro's class by its definition: the iterations of φ from n down to 2.
            let (mut m, mut c) = (x.n, 0u64);
            while m > 2 {
                m = phi(m, cache);
                c += 1;
            }
            Some(BigUint::from((c + 1) % 2))
        }),
        ("dividing", th::DIVIDING, |x, _, _| {
            Some(BigUint::from(
                x.f.iter()
                    .map(|&(p, e)| if p == 2 { 1 } else { u64::from(e) })
                    .sum::<u64>(),
            ))
        }),
        ("divide-throw-residue", th::DIVIDE_THROW_RESIDUE, |x, _, _| {
            Some(BigUint::from(x.i_o()))
        }),
        ("residue-throw-divisor", th::RESIDUE_THROW_DIVISOR, |x, _, _| {
            Some(BigUint::from(residue_throw_divisor_block(x.n)))
        }),
        ("m-factoring", th::M_FACTORING, |x, _, _| {
            Some(BigUint::from(x.big_omega() - 1))
        }),
        ("m-factoring-coprime", th::M_FACTORING_COPRIME, |x, _, _| {
            Some(BigUint::from(x.small_omega() - 1))
        }),
        ("fullset-maliquot", th::FULLSET_MALIQUOT, |x, _, _| {
            Some(BigUint::from(u8::from(x.f.iter().all(|&(_, e)| e == 1))))
        }),
        ("powerset-saliquot", th::POWERSET_SALIQUOT, |x, _, _| Some(pow2(x.v2()))),
        ("powerset-maliquant", th::POWERSET_MALIQUANT, |x, _, _| {
            powerset_maliquant_statement(x.n)
        }),
        ("powerset-totative", th::POWERSET_TOTATIVE, |x, s, _| {
            let i = pi(x.smallest_prime(), s)?;
            (i - 1 <= th::MAX_POW2_EXPONENT).then(|| pow2(i - 1))
        }),
    ]
}

/// Every theorem of paper 003 at every heap of [`top_heaps`]: the formula function,
/// `--method formula` and `--method auto` give the statement's value where it gives
/// one; where it gives none, `--method formula` says there is no closed form.
#[test]
fn arithmetic_theorems_at_the_top_of_the_domain() {
    let sieve = sieve(1 << 24);
    let mut cache = FxHashMap::default();
    let heaps = top_heaps();
    for (name, theorem, statement) in arithmetic_theorems() {
        let mut formula = Solver::new(Method::Formula, Control::new());
        let mut auto = Solver::new(Method::Auto, Control::new());
        let mut given = 0;
        for &n in &heaps {
            let x = Facts {
                n,
                f: factors(n, &mut cache),
            };
            let want = statement(&x, &sieve, &mut cache);
            let direct = (theorem.value)(n);
            assert_eq!(
                direct.as_ref().map(BigUint::from),
                want,
                "{name}({n}): the formula function against the statement"
            );
            let expr = format!("{name}({n})");
            match &want {
                Some(v) => {
                    given += 1;
                    assert_eq!(text(&mut formula, &expr), v.to_string(), "{expr} --method formula");
                    assert_eq!(text(&mut auto, &expr), v.to_string(), "{expr} --method auto");
                    if let Some(d) = direct.as_ref() {
                        assert_eq!(
                            theorem.check.and_then(|c| c(n, d)),
                            None,
                            "{expr}: the stated properties"
                        );
                    }
                }
                None => match value(&mut formula, &expr) {
                    Err(Error::NoFormula { .. }) => {}
                    other => panic!("{expr} --method formula: {other:?}, expected no closed form"),
                },
            }
        }
        // Each theorem answers somewhere in the sample (the comparison is not vacuous).
        assert!(given > 0, "{name}: no value in the sample");
    }
}

/// Where the closed form gives no value at the top, `--method auto` falls back to a
/// search that its estimate refuses, with an error (not a panic, not a value).
#[test]
fn arithmetic_gaps_at_the_top_are_refused_not_guessed() {
    let mut auto = Solver::new(Method::Auto, Control::new().with_work_limit(1_000_000));
    let mut tried = 0;
    for (name, theorem, _) in arithmetic_theorems() {
        let gaps = top_heaps().into_iter().rev().filter(|&n| (theorem.value)(n).is_none());
        for n in gaps.take(3) {
            tried += 1;
            let expr = format!("{name}({n})");
            match value(&mut auto, &expr) {
                Err(Error::TooMuchWork { .. } | Error::TooLarge { .. } | Error::TooManyStates { .. }) => {}
                other => panic!("{expr}: {other:?}"),
            }
        }
    }
    assert!(tried >= 10, "{tried}");
}

/// Nim, Odd Nim, subtraction[1..k] and Lasker's Nim, in sums and with copies.
#[test]
fn classic_closed_forms_at_the_top_of_the_domain() {
    use grundy::formulas::classic as f;
    use grundy::rulesets::lasker::lasker_value;
    for method in [Method::Formula, Method::Auto] {
        let mut s = Solver::new(method, Control::new());
        for &n in &top_heaps() {
            let m = u128::from(n);
            assert_eq!(text(&mut s, &format!("nim({n})")), n.to_string());
            assert_eq!(text(&mut s, &format!("odd-nim({n})")), (m % 2).to_string());
            for k in [1u64, 2, 3, 6] {
                let set: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
                let expr = format!("subtraction[{}]({n})", set.join(","));
                assert_eq!(text(&mut s, &expr), (m % u128::from(k + 1)).to_string(), "{expr}");
                assert_eq!(u128::from(f::subtraction_one_to_k(n, k)), m % u128::from(k + 1));
            }
            assert_eq!(f::subtraction_one_to_k(n, u64::MAX), n);
            // Lasker: 4k+1 ↦ 4k+1, 4k+2 ↦ 4k+2, 4k+3 ↦ 4k+4, 4k+4 ↦ 4k+3, in u128.
            let lasker = match m % 4 {
                0 => m - 1,
                3 => m + 1,
                _ => m,
            };
            assert_eq!(lasker_value(n), lasker);
            assert_eq!(text(&mut s, &format!("laskers-nim({n})")), lasker.to_string());
            // Sums: the nim-sum, and copies cancel in pairs.
            let expr = format!("nim({n}) + laskers-nim({n}) + odd-nim({n}*3) + nim({n}*2)");
            assert_eq!(text(&mut s, &expr), (m ^ lasker ^ (m % 2)).to_string(), "{expr}");
        }
        assert_eq!(
            text(&mut s, &format!("laskers-nim({})", u64::MAX)),
            "18446744073709551616"
        );
    }
}

/// The winning moves the closed forms find without enumerating options (Nim's heap of
/// the value asked for) lead to positions of value 0.
#[test]
fn winning_moves_at_the_top_lead_to_zero() {
    let mut s = Solver::new(Method::Auto, Control::new());
    for expr in [
        format!("nim({}) + nim({})", u64::MAX, u64::MAX - 7),
        format!("nim({}) + nim(5)", u64::MAX),
        format!("cdn({},{})", u64::MAX, 1u64 << 63),
        format!("min(3,{}) + nim(1)", u64::MAX),
        format!("euclid({},{}) + nim(1)", u64::MAX - 1, u64::MAX),
    ] {
        let m = s.moves(&parse_position(&expr).unwrap(), false).unwrap();
        assert!(!m.winning.is_empty(), "{expr}: an N-position has a winning move");
        for w in &m.winning {
            assert_eq!(text(&mut s, &w.to_string()), "0", "{expr} → {w}");
        }
    }
}

/// Cole & Davie's Euclid by the chain recursion of the module's documentation: for
/// 0 < a ≤ b, b = qa + r, the first position of the chain has value g = G(r, a) (0 at
/// r = 0 for Cole & Davie, "infinite" for Grossman), and G(a, b) = q − 1 if q ≤ g,
/// else q.
fn euclid_by_chains(a: u64, b: u64, grossman: bool) -> u64 {
    let (a, b) = (a.min(b), a.max(b));
    if a == 0 {
        return 0;
    }
    let (q, r) = (b / a, b % a);
    let g = match (r, grossman) {
        (0, false) => Some(0),
        (0, true) => None,
        _ => Some(euclid_by_chains(r, a, grossman)),
    };
    if g.is_none_or(|g| q <= g) {
        q - 1
    } else {
        q
    }
}

/// Coordinates near the top of each width, for pairs.
fn top_coordinates() -> Vec<u64> {
    let mut v: Vec<u64> = (0..12).map(|i| u64::MAX - i).collect();
    for c in [1u64 << 63, 1 << 32, u64::MAX / 2] {
        v.extend([c - 2, c - 1, c, c + 1, c + 2]);
    }
    v.extend([1, 2, 3, 7]);
    v
}

#[test]
fn pair_closed_forms_at_the_top_of_the_domain() {
    use grundy::formulas::{cdn, delete_nim};
    use grundy::rulesets::euclid::{cole_davie_value, nivasch_value};
    let coords = top_coordinates();
    let mut s = Solver::new(Method::Formula, Control::new());
    let mut auto = Solver::new(Method::Auto, Control::new());
    for &a in &coords {
        for &b in &coords {
            // Euclid, both versions.
            let cd = euclid_by_chains(a, b, false);
            assert_eq!(cole_davie_value(a, b), cd, "euclid({a},{b})");
            let gr = euclid_by_chains(a, b, true);
            assert_eq!(nivasch_value(a, b), gr, "euclid-grossman({a},{b})");
            for (solver, how) in [(&mut s, "formula"), (&mut auto, "auto")] {
                assert_eq!(text(solver, &format!("euclid({a},{b})")), cd.to_string(), "{how}");
                assert_eq!(
                    text(solver, &format!("euclid-grossman({a},{b})")),
                    gr.to_string(),
                    "{how}"
                );
            }
            // Delete Nim: v₂((x ∨ y) + 1) in u128; VDN through (x − 1, y − 1).
            let dn = |x: u64, y: u64| {
                let mut t = u128::from(x | y) + 1;
                let mut k = 0;
                while t % 2 == 0 {
                    t /= 2;
                    k += 1;
                }
                k
            };
            assert_eq!(delete_nim::delete_nim(a, b), dn(a, b));
            assert_eq!(delete_nim::vdn(a, b), dn(a - 1, b - 1));
            assert_eq!(text(&mut s, &format!("delete-nim({a},{b})")), dn(a, b).to_string());
            assert_eq!(text(&mut auto, &format!("delete-nim({a},{b})")), dn(a, b).to_string());
            assert_eq!(text(&mut s, &format!("vdn({a},{b})")), dn(a - 1, b - 1).to_string());
            // Moore's Nim₁ is Nim; Nim₂'s P-positions count the ones of each binary
            // place modulo 3.
            assert_eq!(text(&mut s, &format!("moore[1]({a},{b})")), (a ^ b).to_string());
            // Staircase: the coins on the odd steps, while the coins fit 64 bits.
            let expr = format!("staircase({a},{b})");
            match a.checked_add(b) {
                Some(_) => assert_eq!(text(&mut s, &expr), a.to_string(), "{expr}"),
                None => assert!(matches!(parse_position(&expr), Err(Error::Domain { .. })), "{expr}"),
            }
            for c in [1u64, 1 << 63, u64::MAX] {
                let tuple = [a, b, c];
                // CDN: λ = min ord₂ over the nonzero coordinates, ι how many reach it.
                let ord = |n: u64| (0..64u64).find(|&k| n >> k & 1 == 1).unwrap();
                let lambda = tuple.iter().map(|&n| ord(n)).min().unwrap();
                let iota = tuple.iter().filter(|&&n| ord(n) == lambda).count();
                let want = if iota % 2 == 1 { lambda + 1 } else { 0 };
                assert_eq!(cdn::value(&tuple), want);
                assert_eq!(text(&mut s, &format!("cdn({a},{b},{c})")), want.to_string());
                // Nim₂: P iff each binary place has a multiple of 3 ones.
                let p = (0..64).all(|k| tuple.iter().filter(|&&n| n >> k & 1 == 1).count() % 3 == 0);
                let v = value(&mut auto, &format!("moore[2]({a},{b},{c})")).unwrap();
                assert_eq!(v.outcome_text(), if p { "P" } else { "N" }, "moore[2]({a},{b},{c})");
                // Staircase of three steps: c1 ⊕ c3.
                if a.checked_add(b).and_then(|t| t.checked_add(c)).is_some() {
                    assert_eq!(text(&mut s, &format!("staircase({a},{b},{c})")), (a ^ c).to_string());
                }
            }
        }
    }
}

/// ⌊kφ⌋ = a iff a < kφ < a + 1 (kφ is irrational for k ≥ 1), that is
/// 2a − k < k√5 < 2a + 2 − k, checked by squaring in big integers.
fn is_floor_k_phi(a: u64, k: u64) -> bool {
    if k == 0 {
        return a == 0;
    }
    let five_k2 = BigUint::from(k) * BigUint::from(k) * 5u8;
    let (a2, k) = (2 * i128::from(a), i128::from(k));
    let below = a2 - k < 0 || BigUint::from((a2 - k) as u128).pow(2) < five_k2;
    let above = a2 + 2 - k > 0 && five_k2 < BigUint::from((a2 + 2 - k) as u128).pow(2);
    below && above
}

/// Wythoff's P-positions with both heaps near 2^64 − 1, and N-positions beside them:
/// P-positions have value 0; N-positions an outcome N and no value (their search is
/// refused), never a panic.
#[test]
fn wythoff_at_the_top_of_the_domain() {
    use grundy::rulesets::wythoff::{floor_k_phi, is_p_position};
    // The largest k whose P-position (⌊kφ⌋, ⌊kφ⌋ + k) fits 64 bits, by bisection.
    let fits = |k: u64| floor_k_phi(k) + u128::from(k) <= u128::from(u64::MAX);
    let (mut lo, mut hi) = (1u64, u64::MAX / 2);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let top_k = lo;
    assert!(!fits(top_k + 1));
    let mut auto = Solver::new(Method::Auto, Control::new());
    let mut formula = Solver::new(Method::Formula, Control::new());
    for k in (top_k - 40..=top_k).chain([1 << 32, 1 << 62]) {
        let a = u64::try_from(floor_k_phi(k)).unwrap();
        assert!(is_floor_k_phi(a, k), "⌊{k}φ⌋ = {a}");
        let b = a + k;
        for (x, y) in [(a, b), (b, a)] {
            assert!(is_p_position(x, y));
            assert_eq!(text(&mut auto, &format!("wythoff({x},{y})")), "0");
            assert_eq!(text(&mut formula, &format!("wythoff({x},{y})")), "0");
        }
        // Beside it: N-positions (a ± 1 is not ⌊kφ⌋, nor the lower heap of another
        // P-position with this upper heap, by Beatty's theorem checked here).
        for (x, y) in [(a - 1, b), (a, b - 1), (a + 1, b), (a - 1, b - 1)] {
            let (lo, hi) = (x.min(y), x.max(y));
            assert!(!is_floor_k_phi(lo, hi - lo));
            assert!(!is_p_position(x, y));
            for s in [&mut auto, &mut formula] {
                let v = value(s, &format!("wythoff({x},{y})")).unwrap();
                assert_eq!(
                    (v.value_text(), v.outcome_text()),
                    ("?".into(), "N".into()),
                    "wythoff({x},{y})"
                );
            }
        }
    }
    // The search estimate of the largest rectangle saturates (its cells, 2^128, wrapped
    // to 0 and were shown as "two tables of 0 positions").
    let v = value(&mut auto, &format!("wythoff({},{})", u64::MAX, u64::MAX)).unwrap();
    let note = v.note().unwrap();
    assert!(
        note.contains("search was refused") && !note.contains("of 0 positions"),
        "{note}"
    );
    // The corners: equal heaps (k = 0) are P only at 0.
    for (x, y) in [
        (u64::MAX, u64::MAX),
        (u64::MAX - 1, u64::MAX),
        (0, u64::MAX),
        (u64::MAX, 0),
        (1 << 63, 1 << 63),
    ] {
        let p = is_floor_k_phi(x.min(y), x.max(y) - x.min(y));
        assert_eq!(is_p_position(x, y), p);
        let v = value(&mut auto, &format!("wythoff({x},{y})")).unwrap();
        assert_eq!(v.outcome_text(), if p { "P" } else { "N" }, "wythoff({x},{y})");
    }
}

/// Ruler and Mock Turtles: a head on coin n is worth the largest power of 2 dividing n
/// (Ruler) or the n-th odious number (Mock Turtles), in u128.
#[test]
fn coin_turning_at_the_top_of_the_domain() {
    let mut s = Solver::new(Method::Formula, Control::new());
    let coins = top_heaps();
    let ruler = |n: u64| 1u128 << (0..64).find(|&k| n >> k & 1 == 1).unwrap();
    let odious = |n: u64| {
        let two_n = 2 * u128::from(n);
        if two_n.count_ones() % 2 == 1 {
            two_n
        } else {
            two_n + 1
        }
    };
    for w in coins.windows(2) {
        let (m, n) = (w[0], w[1]);
        assert_eq!(text(&mut s, &format!("ruler({n})")), ruler(n).to_string());
        assert_eq!(
            text(&mut s, &format!("ruler({m},{n})")),
            (ruler(m) ^ ruler(n)).to_string()
        );
        assert_eq!(text(&mut s, &format!("mock-turtles({n})")), odious(n).to_string());
        assert_eq!(
            text(&mut s, &format!("mock-turtles({m},{n})")),
            (odious(m) ^ odious(n)).to_string()
        );
    }
}

/// MIN: row a is periodic with period a + 1 from b = a − 1 on (paper 001 Lemma 3), so
/// G(a, b) for b near 2^64 is the value at b − m(a + 1) in a later window than the
/// one the engine stores, computed here by the rules.
#[test]
fn min_rows_at_the_top_of_the_domain() {
    let mut s = Solver::new(Method::Auto, Control::new());
    for a in [1u64, 2, 3, 10, 31] {
        // G(a, b) for b ≤ 4(a + 1) + a by the rules: mex of G(a, b − k), 1 ≤ k ≤ a (and
        // G(a, b) = G(b, a) below a, from the rows b < a computed the same way).
        let width = (5 * (a + 1) + a) as usize;
        let mut rows: Vec<Vec<u64>> = Vec::new();
        for r in 0..=a as usize {
            let mut row = vec![0u64; width.max(r + 1)];
            for b in 0..row.len() {
                if b < r {
                    row[b] = rows[b][r];
                    continue;
                }
                let seen: Vec<u64> = (1..=r).filter(|&k| k <= b).map(|k| row[b - k]).collect();
                row[b] = (0..).find(|v| !seen.contains(v)).unwrap();
            }
            rows.push(row);
        }
        let row = &rows[a as usize];
        for &b in &top_heaps() {
            // b − m(a + 1) in [3(a + 1) + a, 4(a + 1) + a), in u128.
            let p = u128::from(a + 1);
            let start = 3 * p + u128::from(a);
            let reduced = start + (u128::from(b) - start) % p;
            let want = row[reduced as usize];
            assert_eq!(text(&mut s, &format!("min({a},{b})")), want.to_string(), "min({a},{b})");
            assert_eq!(text(&mut s, &format!("min({b},{a})")), want.to_string(), "min({b},{a})");
        }
    }
}

/// The proven periods of take-and-break codes and subtraction games answer every heap
/// up to 2^64 − 1: each value is the literature's (Kayles: period 12 from heap 71;
/// Dawson's Kayles, 0.07: period 34 from heap 53), or, for subtraction games, that of the
/// period found here in a search table and proven by the periodicity theorem for
/// subtraction games, at n reduced in u128.
#[test]
fn proven_periods_at_the_top_of_the_domain() {
    let search_table = |name: &str, to: u64| -> Vec<String> {
        let mut s = Solver::new(Method::Search, Control::new());
        let seq = s.sequence(&parse_ruleset(name).unwrap(), Some(0), to).unwrap();
        (0..seq.len()).map(|i| seq.value_text(i)).collect()
    };
    // (ruleset, period, preperiod) from the literature (Winning Ways vol. 1 ch. 4).
    let mut cases: Vec<(String, u64, u64)> = vec![("kayles".into(), 12, 71), ("dawsons-kayles".into(), 34, 53)];
    // Subtraction games: the least period of the table's tail, proven by agreement
    // on n₀ … n₀ + p + max(S) − 1 (the theorem), with n₀ the first heap it holds from.
    for set in [[2u64, 3], [2, 5], [3, 7], [1, 4]] {
        let name = format!("subtraction[{},{}]", set[0], set[1]);
        let t = search_table(&name, 600);
        let k = set[1] as usize;
        let p = (1..100).find(|&p| (300..600 - p).all(|n| t[n] == t[n + p])).unwrap();
        let n0 = (0..300).rev().find(|&n| t[n] != t[n + p]).map_or(0, |n| n + 1);
        assert!(n0 + p + k < 600);
        cases.push((name, p as u64, n0 as u64));
    }
    for (name, p, n0) in cases {
        let t = search_table(&name, n0 + 2 * p);
        let mut s = Solver::new(Method::Auto, Control::new());
        for &n in &top_heaps() {
            let r = u128::from(n0) + (u128::from(n) - u128::from(n0)) % u128::from(p);
            assert_eq!(text(&mut s, &format!("{name}({n})")), t[r as usize], "{name}({n})");
        }
        // A sequence at the top: the same values.
        let seq = s
            .sequence(&parse_ruleset(&name).unwrap(), Some(u64::MAX - 99), u64::MAX)
            .unwrap();
        assert_eq!(seq.len(), 100);
        for i in 0..100 {
            let n = u64::MAX - 99 + i as u64;
            let r = u128::from(n0) + (u128::from(n) - u128::from(n0)) % u128::from(p);
            assert_eq!(seq.value_text(i), t[r as usize], "{name}: seq at {n}");
        }
        // The winning moves of a heap at the top, found through the period, lead to 0.
        let expr = format!("{name}({}) + {name}(5)", u64::MAX);
        let m = s.moves(&parse_position(&expr).unwrap(), false).unwrap();
        for w in m.winning.iter().take(5) {
            assert_eq!(text(&mut s, &w.to_string()), "0", "{expr} → {w}");
        }
    }
}

/// A sequence over the whole domain is 2^64 values: refused as too long (from a proven
/// period or a closed form, whatever the work limit: a refusal for work would advise
/// `--max-work none`, which cannot help) or for its memory (a table); never an empty
/// sequence (the count 2^64 wrapped to 0 on the path of a proven period). Nim's table
/// is past 2^32 heaps, so `auto` takes its closed form, which refuses as too long.
#[test]
fn a_sequence_of_the_whole_domain_is_refused() {
    for method in [Method::Auto, Method::Formula] {
        let mut s = Solver::new(method, Control::new());
        for name in ["kayles", "nim", "subtraction[1,2]", "subtraction[2,3]"] {
            let rs = parse_ruleset(name).unwrap();
            if method == Method::Formula && name.starts_with("kayles") {
                continue;
            }
            match s.sequence(&rs, Some(0), u64::MAX) {
                Err(Error::TooLarge { .. }) => {}
                Err(Error::Unsupported(m)) if m.contains("18446744073709551616 values") => {}
                Err(e) => panic!("{name} {method:?}: {e}"),
                Ok(seq) => panic!("{name} {method:?}: a sequence of {} values", seq.len()),
            }
        }
    }
    let mut s = Solver::new(
        Method::Auto,
        Control::new().with_work_limit(grundy::control::NO_WORK_LIMIT),
    );
    match s.sequence(&parse_ruleset("kayles").unwrap(), Some(0), u64::MAX) {
        Err(Error::Unsupported(m)) => assert!(m.contains("18446744073709551616 values"), "{m}"),
        Err(e) => panic!("{e}"),
        Ok(seq) => panic!("a sequence of {} values", seq.len()),
    }
}

/// Values that must not be confused at the top: a few positions whose answers differ
/// from a wrapped computation, through the facade.
#[test]
fn spot_values_at_the_top() {
    let mut s = Solver::new(Method::Auto, Control::new());
    let max = u64::MAX;
    for (expr, want) in [
        (format!("nontotative({max})"), (1u64 << 62).to_string()),
        (format!("residue-throw-divisor({max})"), "63".to_string()),
        (format!("saliquant({max})"), ((max - 1) / 2).to_string()),
        (format!("powerset-maliquant({})", 1u64 << 63), "8".to_string()),
        // C(2^63) = 62 iterations of φ down to 2.
        (format!("totient({})", 1u64 << 63), "1".to_string()),
        (format!("euclid(1,{max})"), max.to_string()),
        (format!("euclid-grossman(1,{max})"), (max - 1).to_string()),
        (format!("mock-turtles({max})"), (2 * u128::from(max) + 1).to_string()),
        (format!("delete-nim({max},0)"), "64".to_string()),
        (format!("cdn({},0)", 1u64 << 63), "64".to_string()),
    ] {
        assert_eq!(text(&mut s, &expr), want, "{expr}");
    }
}
