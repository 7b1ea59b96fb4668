//! The theorems of paper 003 against search over a range: the closed form where the
//! theorem gives values, and the other properties it states (bounds, if-and-only-if
//! items) on every heap of the range.

use super::super::{Ctx, Outcome, Spec};
use super::{heap, small, table};
use grundy::analysis::verify::verify_heap;
use grundy::arith::Sieve;

/// `name`'s closed form and stated properties against dense search on its heaps up to
/// `to` (quick or full size); `note` is added to the computed text.
fn theorem(c: &Ctx, name: &str, quick: u64, full: u64, note: &str) -> anyhow::Result<Outcome> {
    let rs = heap(name)?;
    let to = c.size(quick, full);
    let r = verify_heap(&rs, to, &c.ctl)?;
    let range = format!("{}({}..={to})", rs.name(), rs.first_heap());
    if r.mismatch.is_some() {
        return Ok(Outcome::from_verify(r, range));
    }
    let mut computed = format!("search agrees with the closed form on {} heaps", r.checked);
    if r.not_covered > 0 {
        computed += &format!(" ({} heaps are outside the values the theorem gives)", r.not_covered);
    }
    if r.violations > 0 {
        computed += &format!("; its other stated properties fail on {} heaps", r.violations);
    }
    computed += note;
    if r.violations > 0 {
        let first: Vec<String> = r
            .first_violations
            .iter()
            .map(|v| format!("{} = {}: {}", v.position, v.value, v.claim))
            .collect();
        return Ok(Outcome::check(
            false,
            computed,
            range,
            "every stated property holds for all n",
            format!("{} heaps violate one: {}", r.violations, first.join("; ")),
        ));
    }
    Ok(Outcome::holds(computed, range))
}

/// Theorem 7 (Shapiro): with C(n) computed by iterating φ down to 2, C(mn) = C(m) + C(n)
/// when m or n is odd and C(m) + C(n) + 1 when both are even, for all mn ≤ N; and
/// C(2n) = C(n) for odd n, C(n) + 1 for even n.
fn shapiro(c: &Ctx) -> anyhow::Result<Outcome> {
    let n_max = c.size(100_000, 1_000_000);
    let s = Sieve::new(n_max);
    let mut cls = vec![0u64; n_max as usize + 1];
    for n in 3..=n_max {
        cls[n as usize] = cls[s.phi(n) as usize] + 1;
    }
    let mut bad = Vec::new();
    let mut pairs = 0u64;
    for m in 1..=n_max {
        for n in m..=n_max / m {
            pairs += 1;
            let extra = u64::from(m % 2 == 0 && n % 2 == 0);
            if cls[(m * n) as usize] != cls[m as usize] + cls[n as usize] + extra {
                bad.push(format!("C({m}·{n}) = {}", cls[(m * n) as usize]));
            }
        }
    }
    for n in 1..=n_max / 2 {
        let want = cls[n as usize] + u64::from(n % 2 == 0);
        if cls[2 * n as usize] != want {
            bad.push(format!("C(2·{n})"));
        }
    }
    let examples = [(7u64, 2u64), (15, 3), (8, 2), (48114, 10)];
    for (n, want) in examples {
        if n <= n_max && cls[n as usize] != want {
            bad.push(format!("C({n}) = {}, paper {want}", cls[n as usize]));
        }
    }
    Ok(super::all_hold(
        &bad,
        format!("C by iterating φ; the rules checked on {pairs} pairs m ≤ n, mn ≤ {n_max}, and C(7) = 2, C(15) = 3, C(8) = 2, C(2·3^7·11) = 10"),
        format!("1 ≤ mn ≤ {n_max}"),
        "Theorem 7",
    ))
}

/// Theorem 6 items (i)–(iv) need the closed form's prime indices; (v)–(ix) are bounds:
/// all are in the ruleset's property check. This adds A078898, the paper's nearby
/// sequence, first differing at 15.
fn nontotative_a078898(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = 1000;
    let s = table(c, "nontotative", to)?;
    let sv = Sieve::new(to);
    let mut column = vec![0u64; to as usize + 1];
    let mut first = None;
    for n in 2..=to {
        let p = sv.spf(n) as usize;
        column[p] += 1; // n is the column[p]-th number with smallest prime factor p
        if first.is_none() && small(&s, n) != column[p] {
            first = Some((n, small(&s, n), column[p]));
        }
    }
    let (n, g, a) = first.unwrap_or((0, 0, 0));
    Ok(Outcome::compare(
        "first difference at n = 15: SG(15) = 4 ≠ 3 = a(15)",
        format!("first difference at n = {n}: SG({n}) = {g} ≠ {a} = a({n})"),
        "nontotative against A078898 (the column of n in the sieve of Eratosthenes)",
        format!("2 ≤ n ≤ {to}"),
    ))
}

/// The checks of the theorems.
pub fn specs() -> Vec<Spec> {
    vec![
        Spec {
            id: "003-thm1",
            source: "paper 003 Theorem 1",
            claim: "maliquot: G(n) = Ω(n)",
            run: |c| theorem(c, "maliquot", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm2",
            source: "paper 003 Theorem 2",
            claim: "saliquot: G(0) = 0, G(n) = v₂(n) + 1",
            run: |c| theorem(c, "saliquot", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm3",
            source: "paper 003 Theorem 3 (with Lemma 1)",
            claim: "maliquant: G(0) = 0, G(n) = i_o(n), the index of the largest odd divisor",
            run: |c| theorem(c, "maliquant", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm4",
            source: "paper 003 Theorem 4",
            claim: "saliquant: G(0) = 0; G(n) = (n−1)/2 for odd n; G(n) < n/2",
            run: |c| {
                theorem(c, "saliquant", 1_000_000, 10_000_000, "; the bound G(n) < n/2 is checked on every n ≥ 1 (at n = 0 it would read 0 < 0)")
            },
        },
        Spec {
            id: "003-thm5",
            source: "paper 003 Theorem 5 (OEIS A055396)",
            claim: "totative: G(1) = 0, G(n) = i_p(n), the index of the smallest prime factor",
            run: |c| theorem(c, "totative", 100_000, 300_000, ""),
        },
        Spec {
            id: "003-thm6",
            source: "paper 003 Theorem 6 (i)–(ix)",
            claim: "nontotative: G = 1 iff prime; 2 iff prime square; {3,4} iff p_i p_(i+1) or 8 (3 iff i odd); {5,6} iff p_i p_(i+2) or 12 (5 iff i ≡ 1,2 mod 4); G(2n) = n; ⌊(n+1)/4⌋ for n ≡ 3 (mod 6); {⌊n/10⌋,⌈n/10⌉} for n ≡ 5, 25 (mod 30); G(n) ≤ n/2; G(n) ≤ (n+1)/4 for odd n — for n ∈ ℕ",
            run: |c| theorem(c, "nontotative", 100_000, 300_000, "; items (i)–(ix) are checked on every heap"),
        },
        Spec {
            id: "003-thm6-a078898",
            source: "paper 003 §1.4",
            claim: "nontotative differs from OEIS A078898 first at n = 15: SG(15) = 4 ≠ 3 = a(15)",
            run: nontotative_a078898,
        },
        Spec {
            id: "003-thm7",
            source: "paper 003 Theorem 7 (Shapiro [6]) and the examples after it",
            claim: "C(mn) = C(m) + C(n) if m or n is odd, C(m) + C(n) + 1 if both are even; C(2n) = C(n) for odd n, C(n) + 1 for even n",
            run: shapiro,
        },
        Spec {
            id: "003-thm8",
            source: "paper 003 Theorem 8",
            claim: "totient: G(1) = 0, G(n) = (C(n) + 1) mod 2",
            run: |c| theorem(c, "totient", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm9",
            source: "paper 003 Theorem 9",
            claim: "dividing: G(n) = Ω₂(n) (the prime 2 counted once)",
            run: |c| theorem(c, "dividing", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm11",
            source: "paper 003 Theorem 11 (OEIS A003602)",
            claim: "divide-throw-residue: G(n) = i_o(n); the text before it: for heaps > 1",
            run: |c| {
                theorem(c, "divide-throw-residue", 30_000, 100_000, "; checked for n ≥ 2 as the text says (heap 1 is terminal, G(1) = 0, while i_o(1) = 1)")
            },
        },
        Spec {
            id: "003-thm12",
            source: "paper 003 Theorem 12",
            claim: "residue-throw-divisor: G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1",
            run: |c| theorem(c, "residue-throw-divisor", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm13",
            source: "paper 003 Theorem 13",
            claim: "m-factoring: G(n) = Ω(n) − 1 for n ≥ 2",
            run: |c| theorem(c, "m-factoring", 300_000, 3_000_000, ""),
        },
        Spec {
            id: "003-thm13-coprime",
            source: "paper 003 Theorem 13 (second part)",
            claim: "m-factoring where no two components share a prime: G(n) = ω(n) − 1 for n ≥ 2",
            run: |c| theorem(c, "m-factoring-coprime", 300_000, 3_000_000, ""),
        },
        Spec {
            id: "003-thm14",
            source: "paper 003 Theorem 14",
            claim: "fullset-maliquot: G(n) ∈ {0,1}, and G(n) = 1 iff n > 1 is square-free",
            run: |c| theorem(c, "fullset-maliquot", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm15",
            source: "paper 003 Theorem 15",
            claim: "powerset-saliquot: G(0) = 0, G(n) = 2^v₂(n)",
            run: |c| theorem(c, "powerset-saliquot", 1_000_000, 10_000_000, ""),
        },
        Spec {
            id: "003-thm16",
            source: "paper 003 Theorem 16",
            claim: "powerset-maliquant: G(1..8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for k ≥ 4; G(n) = G(n/2) for even n ≥ 10",
            run: |c| theorem(c, "powerset-maliquant", 100_000, 300_000, ""),
        },
        Spec {
            id: "003-thm17",
            source: "paper 003 Theorem 17",
            claim: "powerset-totative: G(n) = 2^(i_p(n) − 1) (G(1) = 0)",
            run: |c| theorem(c, "powerset-totative", 50_000, 200_000, ""),
        },
    ]
}
