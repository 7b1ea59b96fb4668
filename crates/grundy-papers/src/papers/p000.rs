//! Paper 000: Common Divisor Nim CDN_m (Nohagi).

use crate::claim::{Claim, Ctx, Game, Kind};
use crate::engine::{self, lambda_iota, TupleSearch};
use crate::error::Result;
use crate::kinds::games::tuples;
use crate::outcome::Outcome;
use grundy::arith::{divisors, gcd};

/// Theorem 1.3, for every m.
pub const THEOREM_1_3: &str = "sg(P) = λ(P)+1 if P ≠ 0 and ι(P) odd; 0 if ι(P) even or P = 0";

/// The claims of paper 000.
pub fn claims() -> Vec<Claim> {
    let theorem = |id: &'static str, source: &'static str, m: usize, quick: u64, full: u64| {
        Claim::new(
            id,
            source,
            THEOREM_1_3,
            Kind::ClosedForm {
                game: Game::Tuple(m),
                range: "all {box} positions of [0,{to}]^{m}",
                note: "",
            },
        )
        .on("cdn")
        .sized(quick, full)
    };
    vec![
        Claim::new(
            "000-ex1.2-a",
            "paper 000, Example 1.2",
            "In CDN₃, 1 is the only common divisor of 6, 3, 2, so N((6,3,2)) = {(6,3,1), (6,2,2), (5,3,2)}",
            Kind::Custom(|_| options_claim(&[6, 3, 2], &[&[6, 3, 1], &[6, 2, 2], &[5, 3, 2]])),
        )
        .on("cdn"),
        Claim::new(
            "000-ex1.2-b",
            "paper 000, Example 1.2",
            "N((6,2,2)) = {(5,2,2), (6,1,2), (6,2,1), (4,2,2), (6,0,2), (6,2,0)}",
            Kind::Custom(|_| {
                options_claim(&[6, 2, 2], &[&[5, 2, 2], &[6, 1, 2], &[6, 2, 1], &[4, 2, 2], &[6, 0, 2], &[6, 2, 0]])
            }),
        )
        .on("cdn"),
        Claim::new(
            "000-def1.1-end",
            "paper 000, Definition 1.1",
            "0 = (0,…,0) is the unique end position of CDN_m",
            Kind::Custom(unique_end),
        )
        .on("cdn")
        .sized(12, 24),
        theorem("000-thm1.3-m1", "paper 000, Theorem 1.3 (m = 1)", 1, 20_000, 200_000),
        theorem("000-thm1.3-m2", "paper 000, Theorem 1.3 (m = 2)", 2, 200, 600),
        theorem("000-thm1.3-m3", "paper 000, Theorem 1.3 (m = 3)", 3, 30, 80),
        theorem("000-thm1.3-m4", "paper 000, Theorem 1.3 (m = 4)", 4, 12, 24),
        theorem("000-thm1.3-m5", "paper 000, Theorem 1.3 (m = 5)", 5, 6, 12),
        Claim::new(
            "000-lem2.1",
            "paper 000, Lemma 2.1",
            "for a move nᵢ → n'ᵢ with k = ord₂(nᵢ − n'ᵢ), l = ord₂(nᵢ): 0 ≤ k ≤ λ ≤ l, and ord₂(n'ᵢ) follows cases (1a)–(1d), (2a)–(2d)",
            Kind::Custom(lemma_2_1),
        )
        .sized(40, 120),
        Claim::new(
            "000-sec1-not-sum",
            "paper 000, §1",
            "the Sprague–Grundy theorem does not split CDN_m: sg(n₁,…,n_m) is not in general sg(n₁) ⊕ … ⊕ sg(n_m)",
            Kind::Custom(not_a_sum),
        )
        .on("cdn")
        .sized(12, 12),
    ]
}

fn options_claim(pos: &[u64], paper: &[&[u64]]) -> Result<Outcome> {
    let ours = engine::tuple_options(engine::tuple("cdn")?.as_ref(), pos);
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
        format!("the position {}", tuples(&[pos.to_vec()])),
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

fn unique_end(c: &Ctx) -> Result<Outcome> {
    let rs = engine::tuple("cdn")?;
    let to = c.to();
    let mut checked = 0u64;
    for m in 1..=3 {
        for p in box_positions(m, to) {
            let n = engine::tuple_options(rs.as_ref(), &p).len();
            let is_zero = p.iter().all(|&x| x == 0);
            if (n == 0) != is_zero {
                return Ok(Outcome::check(
                    false,
                    format!("{} has {n} options", tuples(std::slice::from_ref(&p))),
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

fn ord2(n: u64) -> u32 {
    if n == 0 {
        u32::MAX
    } else {
        n.trailing_zeros()
    }
}

fn lemma_2_1(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
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

fn not_a_sum(c: &Ctx) -> Result<Outcome> {
    let mut solver = TupleSearch::new(engine::tuple("cdn")?);
    let to = c.to();
    let (mut count, mut total, mut first) = (0u64, 0u64, None);
    for p in box_positions(2, to) {
        let whole = solver.value(&p, c.ctl())?;
        let a = solver.value(&p[..1], c.ctl())?;
        let b = solver.value(&p[1..], c.ctl())?;
        total += 1;
        if whole != (&a ^ &b) {
            count += 1;
            first.get_or_insert_with(|| {
                format!(
                    "sg({},{}) = {whole} by search, but sg({}) ⊕ sg({}) = {a} ⊕ {b} = {}",
                    p[0],
                    p[1],
                    p[0],
                    p[1],
                    &a ^ &b
                )
            });
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
