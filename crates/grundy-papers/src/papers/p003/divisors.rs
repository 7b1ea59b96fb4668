//! The counting statements of paper 003 that its proofs and remarks rest on: Lemma 1
//! (maliquant), the "smallest number" of §2.2.1 (mtau), the parity of square-free
//! divisors in the proof of Theorem 14 (fullset maliquot), and the count of §6's lists.

use super::printed::PREFIXES;
use crate::claim::Ctx;
use crate::engine;
use crate::error::Result;
use crate::kinds::games::{list, small};
use crate::outcome::Outcome;
use grundy::arith::{is_prime, Sieve};

/// i_o(x): the index of the largest odd divisor of x ≥ 1 (x = 2^k(2m − 1) gives m).
fn odd_index(x: u64) -> u64 {
    (x >> x.trailing_zeros()).div_ceil(2)
}

/// Lemma 1 (§1.2.1): {i_o(x) : n ≤ x ≤ 2n − 1} = {1, …, n} for every n ≥ 1, checked
/// window by window (n values, each at most n and no two equal).
pub fn maliquant_lemma_1(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut seen = vec![0u64; to as usize + 1];
    let mut bad = Vec::new();
    for n in 1..=to {
        let fits = (n..2 * n).all(|x| {
            let i = odd_index(x);
            let fresh = i <= n && seen[i as usize] != n;
            if fresh {
                seen[i as usize] = n;
            }
            fresh
        });
        if !fits && bad.len() < 5 {
            bad.push(format!("n = {n}"));
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        format!("the largest-odd-divisor indices of n … 2n − 1, for each n ≤ {to}"),
        format!("1 ≤ n ≤ {to}"),
        "Lemma 1",
    ))
}

/// §2.2.1: "n = 2^6·3^6 = 46656 … is indeed the smallest such number", a number n with
/// τ(n) − 1 in {16, 36, 48, 80, …}, the composites of value 1 in mtau (whose heap n
/// would then move to a composite of value 1, breaking Observation 1's equivalence).
pub fn mtau_smallest(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = engine::table(c.ruleset(), to, c.ctl())?;
    let sieve = Sieve::try_new(to)?;
    let in_set = |m: u64| m >= 4 && !is_prime(m) && small(&s, m) == 1;
    let first = (1..=to).find(|&n| in_set(sieve.tau(n) - 1));
    let ours = first.map_or_else(
        || format!("none up to {to}"),
        |n| format!("{n} ({}, τ = {})", grundy::arith::factored(n), sieve.tau(n)),
    );
    let composites: Vec<u64> = (4..=100).filter(|&m| in_set(m)).collect();
    Ok(Outcome::compare(
        "46656 (2^6·3^6, τ = 49)",
        ours,
        format!(
            "the smallest n whose τ(n) − 1 is a composite of value 1 in mtau (below 100: {}, against the paper's 16, 36, 48, 80, …)",
            list(&composites)
        ),
        format!("n ≤ {to}"),
    ))
}

/// The proof of Theorem 14 (§5, fullset maliquot): "G(n) = 0 if and only if n has an even
/// number of square-free proper divisors". It holds when 1 is counted (a prime has one,
/// {1}); the proof's cases count the non-unit ones, whose parity is the other (a prime
/// has none, an even number, and value 1).
pub fn fullset_parity(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = engine::table(c.ruleset(), to, c.ctl())?;
    let sieve = Sieve::try_new(to)?;
    let mut squarefree = vec![true; to as usize + 1];
    for &p in sieve.primes() {
        let square = u64::from(p) * u64::from(p);
        for m in (square..=to).step_by(square as usize) {
            squarefree[m as usize] = false;
        }
    }
    let mut divisors = Vec::new();
    let mut bad = Vec::new();
    for n in 2..=to {
        sieve.divisors_into(n, &mut divisors);
        let count = divisors.iter().filter(|&&d| d < n && squarefree[d as usize]).count();
        if (small(&s, n) == 0) != (count % 2 == 0) && bad.len() < 5 {
            bad.push(format!("n = {n}"));
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        "G by search against the parity of the square-free proper divisors, read with 1 among them; the proof's own cases count without 1 (\"a prime has an even number, namely 0\", and value 1), a parity opposite at every n",
        format!("2 ≤ n ≤ {to}"),
        "the proof's equivalence",
    ))
}

/// §6: "we begin by listing the first 20 nim-values for the respective ruleset": the
/// number of values printed in each of the six items.
pub fn powerset_counts(_: &Ctx) -> Result<Outcome> {
    let counts: Vec<String> = PREFIXES
        .iter()
        .filter(|p| p.source.starts_with("§6 item"))
        .map(|p| p.values.split(',').count().to_string())
        .collect();
    Ok(Outcome::compare(
        vec!["20"; counts.len()].join(", "),
        counts.join(", "),
        "the number of values printed in items 1–6 (the values themselves are compared with search in their own rows)",
        "§6 items 1–6",
    ))
}
