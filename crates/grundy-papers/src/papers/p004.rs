//! Paper 004: the Sprague–Grundy theorem, Nim, subtraction games, Odd Nim; with the
//! periodicity of its worked examples.

use crate::claim::{Claim, Ctx, Game, Kind};
use crate::engine::{self, Memo};
use crate::error::Result;
use crate::kinds::closed_form;
use crate::kinds::games::nim_whole_game;
use crate::outcome::Outcome;
use grundy::analysis::periodicity::{detect, Evidence};

/// The subtraction game removing 1 to k stones.
fn subtraction(k: u64) -> String {
    let set: Vec<String> = (1..=k).map(|s| s.to_string()).collect();
    format!("subtraction[{}]", set.join(","))
}

/// The claims of paper 004.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim::new(
            "004-ex-3-6-8",
            "paper 004, Claim (table for 3, 6, 8)",
            "the nim-sum of (3,6,8) is 1101₂ = 13, a winning (N) position",
            Kind::NimSum {
                heaps: &[3, 6, 8],
                paper: 13,
                outcome: false,
            },
        ),
        Claim::new(
            "004-ex-7-9-14",
            "paper 004, Claim (table for 7, 9, 14)",
            "the nim-sum of (7,9,14) is 0, a losing (P) position",
            Kind::NimSum {
                heaps: &[7, 9, 14],
                paper: 0,
                outcome: false,
            },
        ),
        Claim::new(
            "004-claim-4-heaps",
            "paper 004, Claim",
            "a Nim position is losing iff every binary column has an even number of 1s (nim-sum 0)",
            Kind::Custom(four_heaps),
        )
        .sized(7, 11),
        Claim::new(
            "004-nim-sum-moves",
            "paper 004, after the Claim",
            "from nim-sum k one can move to nim-sum j for every j < k, and never to nim-sum k",
            Kind::Custom(move_to_smaller),
        )
        .sized(15, 31),
        Claim::new(
            "004-strategy",
            "paper 004, proof of the Claim (third part)",
            "from nim-sum ≠ 0: take a heap with a 1 at the nim-sum's leading bit and flip the bits where the nim-sum has 1s; the heap gets smaller and the nim-sum becomes 0",
            Kind::Custom(strategy),
        )
        .sized(31, 63),
        Claim::new(
            "004-subtraction-1..k",
            "paper 004, Worked Examples (first)",
            "removing 1, 2, …, or k stones: the nim-value of n is n mod (k+1)",
            Kind::Custom(subtraction_values),
        )
        .sized(100_000, 1_000_000),
        Claim::new(
            "004-odd-nim",
            "paper 004, Worked Examples (Odd Nim)",
            "removing an odd number of stones: the nim-value of n is n mod 2",
            Kind::ClosedForm {
                game: Game::Heap,
                range: "0 ≤ n ≤ {to}",
                note: "",
            },
        )
        .on("odd-nim")
        .sized(1_000_000, 10_000_000),
        Claim::new(
            "004-period-subtraction-1-to-k",
            "paper 004, worked example (remove 1 to k stones)",
            "subtraction[1..k] has G(n) = n mod (k+1): its nim-sequence is periodic with period k+1 from heap 0",
            Kind::Custom(subtraction_periods),
        )
        .sized(40, 300),
        Claim::new(
            "004-period-odd-nim",
            "paper 004, worked example (Odd Nim)",
            "odd-nim has G(n) = n mod 2: period 2 from heap 0",
            Kind::Custom(odd_nim_period),
        )
        .on("odd-nim")
        .sized(2000, 100_000),
    ]
}

fn four_heaps(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut memo = Memo::default();
    let mut count = 0;
    for a in 0..=to {
        for b in a..=to {
            for d in b..=to {
                for e in d..=to {
                    let g = nim_whole_game(&[a, b, d, e], &mut memo, c.ctl())?;
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

fn move_to_smaller(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut count = 0;
    for a in 0..=to {
        for b in 0..=to {
            for d in 0..=to {
                let k = a ^ b ^ d;
                let mut reach = [false; 64];
                let heaps = [a, b, d];
                for h in heaps {
                    for smaller in 0..h {
                        reach[(k ^ h ^ smaller) as usize] = true;
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

fn strategy(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
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

fn subtraction_values(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut total = 0;
    for k in 1..=12u64 {
        let r = engine::verify_heap(&subtraction(k), to, c.ctl())?;
        if r.mismatch.is_some() {
            let range = format!("k = {k}, 0 ≤ n ≤ {to}");
            return Ok(closed_form::outcome(r, range, "heaps", ""));
        }
        total += r.checked;
    }
    Ok(Outcome::holds(
        format!("search agrees with n mod (k+1) on {total} (k, n) pairs"),
        format!("k = 1..12, 0 ≤ n ≤ {to}"),
    ))
}

fn subtraction_periods(c: &Ctx) -> Result<Outcome> {
    let kmax = c.to();
    let mut bad = Vec::new();
    let mut widest = 0;
    for k in 1..=kmax {
        let to = 4 * (k + 1) + k;
        widest = to;
        let v = engine::table_u64(&subtraction(k), to, c.ctl())?;
        match detect(&v, 0, Evidence::default()) {
            Some(p)
                if p.period == k + 1
                    && p.preperiod == 0
                    && p.saltus == 0
                    && engine::period_proven(&subtraction(k), &p, to)? => {}
            Some(p) => bad.push(format!("k = {k}: {p}")),
            None => bad.push(format!("k = {k}: no period")),
        }
    }
    Ok(Outcome::check(
        bad.is_empty(),
        "every k: smallest period k+1, preperiod 0, saltus 0 (search, then `grundy period`'s analysis); \
         proven for all heaps, since the values agree past preperiod + period + max(S) − 1 (periodicity \
         theorem for subtraction games)",
        format!("k = 1..={kmax}, heaps 0..=5k+4 (up to {widest})"),
        "period k+1, preperiod 0",
        bad.join("; "),
    ))
}

fn odd_nim_period(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let v = engine::table_u64(c.ruleset(), to, c.ctl())?;
    let p = detect(&v, 0, Evidence::default());
    let ok = matches!(p, Some(p) if p.period == 2 && p.preperiod == 0 && p.saltus == 0);
    let found = p.map_or("no period".into(), |p| p.to_string());
    Ok(Outcome::check(
        ok,
        format!(
            "{found} — apparent within the range (S, the odd numbers, is infinite, so the subtraction-game \
             argument does not apply; the paper's proof is the closed form)"
        ),
        format!("heaps 0..={to}"),
        "Periodicity(2, 0, 0)",
        found,
    ))
}
