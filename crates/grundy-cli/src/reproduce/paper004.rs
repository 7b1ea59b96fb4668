//! Checks of paper 004: the Sprague–Grundy theorem, Nim, subtraction games, Odd Nim.

use super::games::{heap, nim_whole_game};
use super::{Ctx, Outcome, Spec};
use grundy::analysis::verify::verify_heap;
use grundy::solve::memo::Memo;

/// The checks of paper 004.
pub fn specs() -> Vec<Spec> {
    vec![
        Spec {
            id: "004-ex-3-6-8",
            source: "paper 004, Claim (table for 3, 6, 8)",
            claim: "the nim-sum of (3,6,8) is 1101₂ = 13, a winning (N) position",
            run: |c| table(c, &[3, 6, 8], 13),
        },
        Spec {
            id: "004-ex-7-9-14",
            source: "paper 004, Claim (table for 7, 9, 14)",
            claim: "the nim-sum of (7,9,14) is 0, a losing (P) position",
            run: |c| table(c, &[7, 9, 14], 0),
        },
        Spec {
            id: "004-claim-4-heaps",
            source: "paper 004, Claim",
            claim: "a Nim position is losing iff every binary column has an even number of 1s (nim-sum 0)",
            run: four_heaps,
        },
        Spec {
            id: "004-nim-sum-moves",
            source: "paper 004, after the Claim",
            claim: "from nim-sum k one can move to nim-sum j for every j < k, and never to nim-sum k",
            run: move_to_smaller,
        },
        Spec {
            id: "004-strategy",
            source: "paper 004, proof of the Claim (third part)",
            claim: "from nim-sum ≠ 0: take a heap with a 1 at the nim-sum's leading bit and flip the bits where the nim-sum has 1s; the heap gets smaller and the nim-sum becomes 0",
            run: strategy,
        },
        Spec {
            id: "004-subtraction-1..k",
            source: "paper 004, Worked Examples (first)",
            claim: "removing 1, 2, …, or k stones: the nim-value of n is n mod (k+1)",
            run: subtraction,
        },
        Spec {
            id: "004-odd-nim",
            source: "paper 004, Worked Examples (Odd Nim)",
            claim: "removing an odd number of stones: the nim-value of n is n mod 2",
            run: |c| {
                let to = c.size(1_000_000, 10_000_000);
                let r = verify_heap(&heap("odd-nim")?, to, &c.ctl)?;
                Ok(Outcome::from_verify(r, format!("0 ≤ n ≤ {to}")))
            },
        },
    ]
}

fn table(c: &Ctx, heaps: &[u64], paper: u64) -> anyhow::Result<Outcome> {
    let mut memo = Memo::default();
    let g = nim_whole_game(heaps, &mut memo, &c.ctl)?;
    let xor = heaps.iter().fold(0, |a, &b| a ^ b);
    Ok(Outcome::compare(
        paper,
        g,
        format!("nim-sum {xor} = {xor:b}₂; value by searching the whole game: {g}"),
        format!(
            "Nim ({})",
            heaps.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
        ),
    ))
}

fn four_heaps(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = c.size(7, 11);
    let mut memo = Memo::default();
    let mut count = 0;
    for a in 0..=to {
        for b in a..=to {
            for d in b..=to {
                for e in d..=to {
                    let g = nim_whole_game(&[a, b, d, e], &mut memo, &c.ctl)?;
                    count += 1;
                    let xor = a ^ b ^ d ^ e;
                    if (g == 0) != (xor == 0) || g as u64 != xor {
                        return Ok(Outcome::check(
                            false,
                            format!("({a},{b},{d},{e})"),
                            "",
                            format!("nim-sum {xor}"),
                            format!("value {g}"),
                        ));
                    }
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{count} positions searched as one game: value = nim-sum, so losing iff nim-sum 0"),
        format!("Nim with four heaps, each 0..={to}"),
    ))
}

fn move_to_smaller(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = c.size(15, 31);
    let mut count = 0;
    for a in 0..=to {
        for b in 0..=to {
            for d in 0..=to {
                let k = a ^ b ^ d;
                let mut reach = [false; 64];
                let heaps = [a, b, d];
                for i in 0..3 {
                    for smaller in 0..heaps[i] {
                        reach[(k ^ heaps[i] ^ smaller) as usize] = true;
                    }
                }
                count += 1;
                if reach[k as usize] || !(0..k).all(|j| reach[j as usize]) {
                    return Ok(Outcome::check(
                        false,
                        format!("({a},{b},{d})"),
                        "",
                        "j < k reachable, k not",
                        "fails",
                    ));
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{count} positions"),
        format!("Nim with three heaps, each 0..={to}"),
    ))
}

fn strategy(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = c.size(31, 63);
    let mut count = 0;
    for a in 0..=to {
        for b in 0..=to {
            for d in 0..=to {
                let mut heaps = [a, b, d];
                let k = a ^ b ^ d;
                if k == 0 {
                    continue;
                }
                let top = 63 - k.leading_zeros();
                let Some(i) = (0..3).find(|&i| (heaps[i] >> top) & 1 == 1) else {
                    return Ok(Outcome::check(
                        false,
                        format!("({a},{b},{d})"),
                        "",
                        "a heap with the bit",
                        "none",
                    ));
                };
                let new = heaps[i] ^ k;
                let ok = new < heaps[i];
                heaps[i] = new;
                count += 1;
                if !ok || heaps.iter().fold(0, |x, &y| x ^ y) != 0 {
                    return Ok(Outcome::check(
                        false,
                        format!("({a},{b},{d})"),
                        "",
                        "legal move to 0",
                        "fails",
                    ));
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{count} N-positions: the described move is legal and reaches nim-sum 0"),
        format!("Nim with three heaps, each 0..={to}"),
    ))
}

fn subtraction(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = c.size(100_000, 1_000_000);
    let mut total = 0;
    for k in 1..=12u64 {
        let set: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
        let r = verify_heap(&heap(&format!("subtraction[{}]", set.join(",")))?, to, &c.ctl)?;
        if r.mismatch.is_some() {
            return Ok(Outcome::from_verify(r, format!("k = {k}, 0 ≤ n ≤ {to}")));
        }
        total += r.checked;
    }
    Ok(Outcome::holds(
        format!("search agrees with n mod (k+1) on {total} (k, n) pairs"),
        format!("k = 1..12, 0 ≤ n ≤ {to}"),
    ))
}
