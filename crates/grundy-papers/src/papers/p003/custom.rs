//! The bespoke computations of paper 003: claims no shared kind covers.

use crate::claim::Ctx;
use crate::engine::{self, Component, Memo, Position, Search};
use crate::error::Result;
use crate::kinds::games::{list, small};
use crate::outcome::{Outcome, Verdict};
use grundy::analysis::periodicity::{runs, Run};
use grundy::arith::{is_prime, Sieve};

/// The table of the row's ruleset up to `to`.
fn table(c: &Ctx, to: u64) -> Result<engine::NimSeq> {
    engine::table(c.ruleset(), to, c.ctl())
}

/// Theorem 6 items (i)–(iv) need the closed form's prime indices; (v)–(ix) are bounds:
/// all are in the ruleset's property check. This adds A078898, the paper's nearby
/// sequence, first differing at 15.
pub fn nontotative_a078898(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
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

/// Theorem 7 (Shapiro): with C(n) computed by iterating φ down to 2, C(mn) = C(m) + C(n)
/// when m or n is odd and C(m) + C(n) + 1 when both are even, for all mn ≤ N; and
/// C(2n) = C(n) for odd n, C(n) + 1 for even n.
pub fn shapiro(c: &Ctx) -> Result<Outcome> {
    let n_max = c.to();
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
    for (n, want) in [(7u64, 2u64), (15, 3), (8, 2), (48114, 10)] {
        if n <= n_max && cls[n as usize] != want {
            bad.push(format!("C({n}) = {}, paper {want}", cls[n as usize]));
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        format!("C by iterating φ; the rules checked on {pairs} pairs m ≤ n, mn ≤ {n_max}, and C(7) = 2, C(15) = 3, C(8) = 2, C(2·3^7·11) = 10"),
        format!("1 ≤ mn ≤ {n_max}"),
        "Theorem 7",
    ))
}

pub fn mtau_composites(c: &Ctx) -> Result<Outcome> {
    let s = table(c, 100)?;
    let zeros: Vec<u64> = (1..=30).filter(|&n| small(&s, n) == 0).collect();
    let comp: Vec<u64> = (4..=100).filter(|&n| !is_prime(n) && small(&s, n) == 1).collect();
    let paper_zeros = [1, 4, 6, 8, 9, 10, 12, 14, 15, 18, 20, 21, 22, 24, 25, 26, 27, 28, 30];
    Ok(Outcome::compare(
        format!(
            "0-positions {}; composites of value 1: 16, 36, 48, 80, 81, 100",
            list(&paper_zeros)
        ),
        format!("0-positions {}; composites of value 1: {}", list(&zeros), list(&comp)),
        "mtau values by search",
        "n ≤ 30 (0-positions), n ≤ 100 (composites)",
    ))
}

pub fn momega_seven_factorial(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let sv = Sieve::new(to);
    let first = (2..=to).find(|&n| sv.small_omega(n) >= 2 && small(&s, n) == 1);
    Ok(Outcome::compare(
        "7! = 5040",
        first.map_or("none".into(), |n| n.to_string()),
        format!(
            "the smallest n with at least two distinct prime factors and G(n) = 1; G(5040) = {} (ω(5040) = 4 and G(4) = 1); G(30030) = {} (ω = 6, G(6) = 0)",
            small(&s, 5040),
            small(&s, 30030)
        ),
        format!("n ≤ {to}"),
    ))
}

pub fn mo_omega_64(c: &Ctx) -> Result<Outcome> {
    let s = table(c, 1 << 16)?;
    Ok(Outcome::compare(
        "G(64) = 1 and G(2^16) = 0",
        format!("G(64) = {} and G(2^16) = {}", small(&s, 64), small(&s, 1 << 16)),
        "mOmega by search",
        "n ≤ 2^16",
    ))
}

pub fn saliquant_conjecture(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let bad = (0..=to).find(|&n| 4 * small(&s, n) + 2 < n);
    let range = format!("0 ≤ n ≤ {to}");
    Ok(match bad {
        None => Outcome::consistent(format!("4·G(n) ≥ n − 2 on all {} heaps", to + 1), range),
        Some(n) => Outcome::counterexample(
            "the first heap below the bound",
            range,
            format!("G({n}) = {} < ({n}−2)/4", small(&s, n)),
        ),
    })
}

pub fn saliquant_ratios(c: &Ctx) -> Result<Outcome> {
    let s = table(c, 48)?;
    let ratios: Vec<String> = (1..=24u64)
        .map(|k| {
            let (n, g) = (2 * k, small(&s, 2 * k));
            if g == 0 {
                "0".into()
            } else {
                let d = grundy::arith::gcd(g, n);
                format!("{}/{}", g / d, n / d)
            }
        })
        .collect();
    let tight: Vec<String> = (1..=24u64)
        .map(|k| 2 * k)
        .filter(|&n| small(&s, n) > 0 && 4 * small(&s, n) == n - 2)
        .map(|n| format!("[{n},{}]", small(&s, n)))
        .collect();
    Ok(Outcome::compare(
        "ratios 0,1/4,1/6,3/8,1/5,1/3,3/7,7/16,2/9,7/20,5/22,5/12,6/13,5/14,13/30,15/32,4/17,13/36,9/38,17/40,17/42,4/11,11/46,11/24; (n−2)/G(n) = 4 at [6,1],[10,2],[18,4],[22,5],[34,8],[38,9],[46,11]",
        format!("ratios {}; (n−2)/G(n) = 4 at {}", ratios.join(","), tight.join(",")),
        "G(n)/n for even n, reduced",
        "even 2 ≤ n ≤ 48",
    ))
}

pub fn dar_conjectures(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let last_one = (1..=to).rev().find(|&n| small(&s, n) == 1).unwrap_or(0);
    let last_above = (1..=to)
        .rev()
        .find(|&n| small(&s, n) as f64 >= (n as f64).powf(0.6))
        .unwrap_or(0);
    let max = (1..=to).map(|n| small(&s, n)).max().unwrap_or(0);
    let missing = (0..=max).find(|&v| !(1..=to).any(|n| small(&s, n) == v));
    let computed = format!(
        "largest heap of value 1: {last_one}; G(n) < n^(3/5) for every n > {last_above}; largest value {max}; {}",
        match missing {
            None => format!("every value 0..={max} occurs"),
            Some(v) => format!("the smallest value that has not occurred yet is {v} (larger ones have)"),
        }
    );
    let range = format!("1 ≤ n ≤ {to}");
    // Only a heap above 25 of value 1 refutes a claim on this range; the bound is for
    // large n and "each value occurs" may be met beyond the range.
    Ok(if last_one == 25 {
        Outcome::consistent(computed, range)
    } else {
        Outcome::counterexample(computed, range, format!("G({last_one}) = 1 with {last_one} > 25"))
    })
}

pub fn dar_figure(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let max = (1..=to).map(|n| small(&s, n)).max().unwrap_or(0);
    let first4 = (1..=100).find(|&n| small(&s, n) == 4).unwrap_or(0);
    let max_before_27 = (1..27).map(|n| small(&s, n)).max().unwrap_or(0);
    let g27 = small(&s, 27);
    Ok(Outcome::check(
        (240..=256).contains(&max) && first4 == 9 && max_before_27 == 5 && g27 > 5,
        format!("largest value for n ≤ {to}: {max}; value 4 first at n = {first4}; largest value below 27: {max_before_27}; G(27) = {g27}"),
        format!("1 ≤ n ≤ {to}"),
        "values just about touch 256; 4 first appears at 9 and values stay ≤ 2²+2⁰ = 5 until heap 27",
        format!("largest {max}; 4 first at {first4}; ≤ {max_before_27} before 27; G(27) = {g27}"),
    ))
}

pub fn complement_grundy(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let max = (1..=to).map(|n| small(&s, n)).max().unwrap_or(0);
    let mut seen = vec![false; max as usize + 1];
    for n in 1..=to {
        seen[small(&s, n) as usize] = true;
    }
    let omitted: Vec<u64> = (0..=max).filter(|&v| !seen[v as usize]).collect();
    let computed = format!(
        "largest value {max}; values below it that never occur: {}",
        list(&omitted)
    );
    let range = format!("1 ≤ n ≤ {to}");
    let ok = [12, 15, 20].iter().all(|v| omitted.contains(v)) && max > 20;
    Ok(if ok {
        Outcome::consistent(computed, range)
    } else {
        Outcome::counterexample(computed.clone(), range, computed)
    })
}

/// Theorem 10's proof: a value above 2^k first appears at a heap ≥ 3·n_k, n_k the first
/// heap of value 2^k.
pub fn complement_grundy_lemma(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let mut bad = Vec::new();
    let mut checked = Vec::new();
    for k in 0..20u32 {
        let Some(nk) = (1..=to).find(|&n| small(&s, n) == 1 << k) else {
            break;
        };
        if let Some(m) = (1..=to).find(|&n| small(&s, n) > 1 << k) {
            checked.push(format!("2^{k}: n_k = {nk}, first above at {m}"));
            if m < 3 * nk {
                bad.push(format!("k = {k}: n_k = {nk}, a larger value at {m} < 3·n_k"));
            }
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        checked.join("; "),
        format!("1 ≤ n ≤ {to}"),
        "every value above 2^k first appears at m ≥ 3·n_k",
    ))
}

pub fn nontotient_dist(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let sv = Sieve::new(to);
    let even_prime_power = |n: u64| n == 1 || matches!(sv.factorize(n).as_slice(), [(_, e)] if e % 2 == 0);
    let dist = |mut n: u64| {
        let mut d = 0;
        while !even_prime_power(n) {
            n -= sv.phi(n);
            d += 1;
        }
        d
    };
    let paper = [0u64, 1, 1, 0, 1, 1, 1, 1, 0, 2, 1, 2, 1, 2, 2, 0];
    let ours: Vec<u64> = (1..=16).map(dist).collect();
    let mut bad = Vec::new();
    if ours != paper {
        bad.push(format!("dist(1..16): paper {}, ours {}", list(&paper), list(&ours)));
    }
    for n in 1..=to {
        if small(&s, n) != dist(n) % 2 {
            bad.push(format!("G({n}) = {} but dist = {}", small(&s, n), dist(n)));
        }
        if let [(_, e)] = sv.factorize(n).as_slice() {
            if (small(&s, n) == 0) != (e % 2 == 0) {
                bad.push(format!("prime power {n}: G = {}", small(&s, n)));
            }
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        format!("the dist column for 1..16; G(n) = dist(n) mod 2 and G(p^k) = 0 iff k even for n ≤ {to}"),
        format!("1 ≤ n ≤ {to}"),
        "the dist table and the alternation on prime powers",
    ))
}

/// SG(7168) and SG(413343) in nontotient, by memoized search along the forced chain.
pub fn nontotient_examples(c: &Ctx) -> Result<Outcome> {
    let mut ev = Search::new(c.ctl());
    let rs = engine::heap(c.ruleset())?;
    let a = ev.heap_value(&rs, 7168)?;
    let b = ev.heap_value(&rs, 413343)?;
    Ok(Outcome::compare(
        "SG(7168) = 0, SG(413343) = 1",
        format!("SG(7168) = {a}, SG(413343) = {b}"),
        "by search; 7168 = 2^10·7 moves to 7168 − φ(7168) = 2^12 (value 0, an even power), and 413343 = 3^10·7 to 3^11 (value 1, an odd power): the one move before the prime power flips the parity",
        "nontotient(7168), nontotient(413343)",
    ))
}

pub fn intro_seven_two(c: &Ctx) -> Result<Outcome> {
    let m = Search::new(c.ctl()).moves("divide-and-residue(7,2)", false)?;
    let target = engine::position("divide-and-residue(2,2,2,1,2)")?;
    let key = |p: &Position| {
        let mut hs: Vec<u64> = Vec::new();
        for comp in &p.components {
            if let Component::Heaps { heaps, .. } = comp {
                for h in heaps {
                    hs.extend(std::iter::repeat_n(h.heap, h.copies as usize));
                }
            }
        }
        hs.sort_unstable();
        hs
    };
    let want = key(&target);
    let found = m.winning.iter().any(|p| key(p) == want);
    let all: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    Ok(Outcome::check(
        found,
        format!("winning moves of divide-and-residue(7,2): {}", all.join(" | ")),
        "divide-and-residue(7,2)",
        "a winning move to 2+2+2+1+2",
        "no such winning move",
    ))
}

pub fn powerset_primes(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let s = table(c, to)?;
    let bad: Vec<String> = (2..=to)
        .filter(|&n| is_prime(n) && s.get(n) != 1u64)
        .map(|n| format!("G({n}) = {}", s.get(n)))
        .collect();
    let mut o = Outcome::all_hold(
        &bad,
        format!("G(6) = {}; every prime has value 1", s.get(6)),
        format!("n ≤ {to}"),
        "G(6) = 2, G(p) = 1",
    );
    if s.get(6) != 2u64 {
        o.verdict = Verdict::Disagrees {
            paper: "G(6) = 2".into(),
            ours: format!("G(6) = {}", s.get(6)),
        };
    }
    Ok(o)
}

/// Example 4 states its own rule: every heap n > 0, heap 1 included, moves to τ(n) − 1,
/// and heap 0 is the empty heap. (The §2.2.1 table, which grundy's `mtau` follows,
/// makes heap 1 terminal instead.) Searched here under the example's rule.
pub fn example_4(c: &Ctx) -> Result<Outcome> {
    let paper = [0u32, 1, 0, 0, 1, 0];
    let sieve = Sieve::new(paper.len() as u64);
    let mut memo = Memo::default();
    let mut ours = Vec::new();
    for n in 0..paper.len() as u64 {
        let v = engine::search_game(
            n,
            &mut memo,
            |&h: &u64, out| {
                if h > 0 {
                    out.push(vec![sieve.tau(h) - 1]);
                }
            },
            c.ctl(),
            "Example 4's game",
        )?;
        ours.push(v);
    }
    let text = |v: &[u32]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",");
    let mtau = table(c, 6)?;
    let table_reading: Vec<u32> = (1..=6).map(|n| small(&mtau, n) as u32).collect();
    Ok(Outcome::compare(
        text(&paper),
        text(&ours),
        format!(
            "searched under Example 4's rule, heaps 0..5: {}; grundy's mtau follows the §2.2.1 table (heap 1 terminal), where heaps 1..6 read {}",
            text(&ours),
            text(&table_reading)
        ),
        "heaps 0..5",
    ))
}

/// The runs Theorem 12 predicts for heaps 1..=to (the last one cut at `to`).
fn rtd_expected(to: u64) -> Vec<Run> {
    let mut v = vec![Run {
        value: 0,
        start: 1,
        len: 1,
    }];
    let mut k = 1u64;
    loop {
        let start = 3 * ((1u64 << (k - 1)) - 1) + 2;
        if start > to {
            break;
        }
        let end = (3 * ((1u64 << k) - 1) + 1).min(to);
        v.push(Run {
            value: k,
            start,
            len: end - start + 1,
        });
        k += 1;
    }
    v
}

/// Theorem 12 as runs of equal values: whole blocks up to block k = the row's size.
pub fn rtd_blocks(c: &Ctx) -> Result<Outcome> {
    // Whole blocks: the last heap of block k is 3(2^k − 1) + 1.
    let kmax = c.to();
    let to = 3 * ((1u64 << kmax) - 1) + 1;
    let v = engine::table_u64(c.ruleset(), to, c.ctl())?;
    let got = runs(&v[1..], 1);
    let want = rtd_expected(to);
    let show = |r: &[Run]| {
        r.iter()
            .map(|r| format!("{}×{}", r.value, r.len))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let first_diff = got
        .iter()
        .zip(&want)
        .position(|(g, w)| g != w)
        .or((got.len() != want.len()).then_some(got.len().min(want.len())));
    Ok(Outcome::check(
        first_diff.is_none(),
        format!("runs of equal values (value×length) from heap 1: {}", show(&got)),
        format!("heaps 1..={to} (blocks k = 1..={kmax} complete)"),
        show(&want),
        match first_diff {
            Some(i) => format!("run {i}: {:?} (expected {:?})", got.get(i), want.get(i)),
            None => String::new(),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theorem_12_blocks() {
        let r = rtd_expected(10);
        assert_eq!(
            r.iter().map(|r| (r.value, r.start, r.len)).collect::<Vec<_>>(),
            vec![(0, 1, 1), (1, 2, 3), (2, 5, 6)]
        );
        // The paper's sequence 0,1,1,1,2,2,2,2,2,2 and then 12 threes.
        let r = rtd_expected(3 * 7 + 1);
        assert_eq!(r.last().map(|r| (r.value, r.start, r.len)), Some((3, 11, 12)));
        let r = rtd_expected(12);
        assert_eq!(r.last().map(|r| (r.value, r.len)), Some((3, 2)), "cut at the end");
    }
}
