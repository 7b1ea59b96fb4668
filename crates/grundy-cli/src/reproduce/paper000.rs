//! Checks of paper 000: Common Divisor Nim CDN_m (Nohagi).

use super::games::{option_set, tuple, tuples};
use super::{Ctx, Outcome, Spec};
use grundy::analysis::verify::verify_tuple;
use grundy::arith::{divisors, gcd};
use grundy::formulas::cdn::lambda_iota;
use grundy::game::TupleSolver;
use grundy::solve::memo::MemoSolver;

/// The checks of paper 000.
pub fn specs() -> Vec<Spec> {
    vec![
        Spec {
            id: "000-ex1.2-a",
            source: "paper 000, Example 1.2",
            claim: "In CDN₃, 1 is the only common divisor of 6, 3, 2, so N((6,3,2)) = {(6,3,1), (6,2,2), (5,3,2)}",
            run: |_| options_claim(&[6, 3, 2], &[&[6, 3, 1], &[6, 2, 2], &[5, 3, 2]]),
        },
        Spec {
            id: "000-ex1.2-b",
            source: "paper 000, Example 1.2",
            claim: "N((6,2,2)) = {(5,2,2), (6,1,2), (6,2,1), (4,2,2), (6,0,2), (6,2,0)}",
            run: |_| {
                options_claim(&[6, 2, 2], &[&[5, 2, 2], &[6, 1, 2], &[6, 2, 1], &[4, 2, 2], &[6, 0, 2], &[6, 2, 0]])
            },
        },
        Spec {
            id: "000-def1.1-end",
            source: "paper 000, Definition 1.1",
            claim: "0 = (0,…,0) is the unique end position of CDN_m",
            run: unique_end,
        },
        Spec {
            id: "000-thm1.3-m1",
            source: "paper 000, Theorem 1.3 (m = 1)",
            claim: "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0",
            run: |c| theorem(c, 1, c.size(20_000, 200_000)),
        },
        Spec {
            id: "000-thm1.3-m2",
            source: "paper 000, Theorem 1.3 (m = 2)",
            claim: "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0",
            run: |c| theorem(c, 2, c.size(200, 600)),
        },
        Spec {
            id: "000-thm1.3-m3",
            source: "paper 000, Theorem 1.3 (m = 3)",
            claim: "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0",
            run: |c| theorem(c, 3, c.size(30, 80)),
        },
        Spec {
            id: "000-thm1.3-m4",
            source: "paper 000, Theorem 1.3 (m = 4)",
            claim: "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0",
            run: |c| theorem(c, 4, c.size(12, 24)),
        },
        Spec {
            id: "000-thm1.3-m5",
            source: "paper 000, Theorem 1.3 (m = 5)",
            claim: "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0",
            run: |c| theorem(c, 5, c.size(6, 12)),
        },
        Spec {
            id: "000-lem2.1",
            source: "paper 000, Lemma 2.1",
            claim: "for a move nᵢ → n'ᵢ with k = ord₂(nᵢ − n'ᵢ), l = ord₂(nᵢ): 0 ≤ k ≤ λ ≤ l, and ord₂(n'ᵢ) follows cases (1a)–(1d), (2a)–(2d)",
            run: lemma_2_1,
        },
        Spec {
            id: "000-sec1-not-sum",
            source: "paper 000, §1",
            claim: "the Sprague–Grundy theorem does not split CDN_m: sg(n₁,…,n_m) is not in general sg(n₁) ⊕ … ⊕ sg(n_m)",
            run: not_a_sum,
        },
    ]
}

fn options_claim(pos: &[u64], paper: &[&[u64]]) -> anyhow::Result<Outcome> {
    let rs = tuple("cdn")?;
    let ours = option_set(rs.as_ref(), pos);
    let mut theirs: Vec<Vec<u64>> = paper.iter().map(|t| t.to_vec()).collect();
    theirs.sort();
    let g = pos.iter().fold(0, |g, &n| gcd(g, n));
    Ok(Outcome::compare(
        format!("{{{}}}", tuples(&theirs)),
        format!("{{{}}}", tuples(&ours)),
        format!(
            "common divisors {:?}; {} options: {}",
            divisors(g),
            ours.len(),
            tuples(&ours)
        ),
        format!(
            "the position ({})",
            pos.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
        ),
    ))
}

/// Every position of the box [0, to]^m, in lexicographic order.
fn box_positions(m: usize, to: u64) -> impl Iterator<Item = Vec<u64>> {
    let count = (to + 1).pow(m as u32);
    (0..count).map(move |mut i| {
        let mut p = vec![0; m];
        for x in p.iter_mut().rev() {
            *x = i % (to + 1);
            i /= to + 1;
        }
        p
    })
}

fn unique_end(c: &Ctx) -> anyhow::Result<Outcome> {
    let rs = tuple("cdn")?;
    let to = c.size(12, 24);
    let mut checked = 0u64;
    for m in 1..=3 {
        for p in box_positions(m, to) {
            let n = option_set(rs.as_ref(), &p).len();
            let is_zero = p.iter().all(|&x| x == 0);
            if (n == 0) != is_zero {
                return Ok(Outcome::check(
                    false,
                    format!(
                        "({}) has {n} options",
                        p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
                    ),
                    format!("m = 1..3, entries 0..={to}"),
                    "only 0 has no options",
                    format!("{p:?} is {}an end position", if n == 0 { "" } else { "not " }),
                ));
            }
            checked += 1;
        }
    }
    Ok(Outcome::holds(
        format!("{checked} positions: the only one without options is 0"),
        format!("m = 1, 2, 3; entries 0..={to}"),
    ))
}

fn theorem(c: &Ctx, m: usize, to: u64) -> anyhow::Result<Outcome> {
    let rs = tuple("cdn")?;
    let r = verify_tuple(&rs, m, to, &c.ctl)?;
    let range = format!("all {} positions of [0,{to}]^{m}", (to + 1).pow(m as u32));
    Ok(Outcome::from_verify(r, range))
}

fn ord2(n: u64) -> u32 {
    if n == 0 {
        u32::MAX
    } else {
        n.trailing_zeros()
    }
}

fn lemma_2_1(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = c.size(40, 120);
    let mut moves = 0u64;
    for m in [2usize, 3] {
        let bound = if m == 2 { to } else { to / 3 };
        for p in box_positions(m, bound) {
            let Some((lambda, _)) = lambda_iota(&p) else { continue };
            let g = p.iter().fold(0, |g, &n| gcd(g, n));
            for i in 0..m {
                if p[i] == 0 {
                    continue;
                }
                let l = ord2(p[i]);
                for d in divisors(g) {
                    let k = d.trailing_zeros();
                    let after = ord2(p[i] - d);
                    // The case table of Lemma 2.1: (1a)–(1d) if l > λ, (2a)–(2d) if l = λ.
                    let expected_ok = if l > lambda {
                        after == k // (1a) 0, (1b) 0, (1c) λ, (1d) k — all equal k
                    } else if k == lambda {
                        after > lambda // (2a), (2c): a positive integer or +∞, above λ
                    } else {
                        after == k // (2b) 0, (2d) k
                    };
                    moves += 1;
                    if !(k <= lambda && lambda <= l && expected_ok) {
                        return Ok(Outcome::check(
                            false,
                            format!("move in coordinate {} of {p:?} by {d}", i + 1),
                            format!("m = 2, 3 boxes up to {to}"),
                            "the case table of Lemma 2.1",
                            format!("k = {k}, λ = {lambda}, l = {l}, ord₂(n'ᵢ) = {after}"),
                        ));
                    }
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("all {moves} moves follow the case table"),
        format!("m = 2 entries 0..={to}; m = 3 entries 0..={}", to / 3),
    ))
}

fn not_a_sum(c: &Ctx) -> anyhow::Result<Outcome> {
    let rs = tuple("cdn")?;
    let mut solver = MemoSolver::new(rs);
    let to = 12;
    let mut count = 0u64;
    let mut first: Option<String> = None;
    let mut total = 0u64;
    for p in box_positions(2, to) {
        let whole = solver.value(&p, &c.ctl)?;
        let a = solver.value(&p[..1], &c.ctl)?;
        let b = solver.value(&p[1..], &c.ctl)?;
        total += 1;
        if whole != (&a ^ &b) {
            count += 1;
            if first.is_none() {
                first = Some(format!(
                    "sg({},{}) = {whole} by search, but sg({}) ⊕ sg({}) = {a} ⊕ {b} = {}",
                    p[0],
                    p[1],
                    p[0],
                    p[1],
                    &a ^ &b
                ));
            }
        }
    }
    let range = format!("CDN₂, entries 0..={to}, compared with CDN₁ values");
    Ok(match first {
        Some(f) => Outcome::holds(
            format!("{count} of {total} positions are not the nim-sum; first: {f}"),
            range,
        ),
        None => Outcome::check(
            false,
            "every position equals the nim-sum",
            range,
            "not a sum",
            "a sum on this range",
        ),
    })
}
