//! Paper 002: Delete Nim and VDN (Suetsugu & Abuku), with its Nim examples.

use crate::claim::{Claim, Ctx, Game, Kind};
use crate::engine::{self, Memo, Search};
use crate::error::Result;
use crate::kinds::games::{nim_whole_game, tuples};
use crate::outcome::Outcome;
use grundy::Nimber;

/// The claims of paper 002.
pub fn claims() -> Vec<Claim> {
    let closed_form = Kind::ClosedForm {
        game: Game::Tuple(2),
        range: "0 ≤ x, y ≤ {to} ({checked} positions in the domain)",
        note: "",
    };
    vec![
        Claim::new(
            "002-ex1",
            "paper 002, Example 1",
            "2 ⊕ 5 ⊕ 7 = 0, so the Nim position (2,5,7) is a P-position",
            Kind::NimSum {
                heaps: &[2, 5, 7],
                paper: 0,
                outcome: true,
            },
        ),
        Claim::new(
            "002-ex2",
            "paper 002, Example 2",
            "4 ⊕ 5 ⊕ 6 = 7, so (4,5,6) is an N-position",
            Kind::NimSum {
                heaps: &[4, 5, 6],
                paper: 7,
                outcome: true,
            },
        ),
        Claim::new(
            "002-ex3-ex4",
            "paper 002, Examples 3 and 4",
            "3 ∨ 5 = 7 and 9 ∨ 12 = 13 (bitwise OR)",
            Kind::Custom(|_| {
                Ok(Outcome::compare(
                    "7, 13",
                    format!("{}, {}", 3 | 5, 9 | 12),
                    "bitwise OR",
                    "the two examples",
                ))
            }),
        ),
        Claim::new(
            "002-fig1",
            "paper 002, Figure 1",
            "the Nim position (3,2) has the next positions (2,2), (1,2), (0,2), (3,1), (3,0)",
            Kind::Custom(figure_1),
        )
        .on("nim"),
        Claim::new(
            "002-thm1",
            "paper 002, Theorem 1 (Bouton)",
            "a Nim position (n₁,…,n_k) is a P-position iff n₁ ⊕ … ⊕ n_k = 0",
            Kind::Custom(bouton),
        )
        .sized(15, 31),
        Claim::new(
            "002-thm2",
            "paper 002, Theorem 2 (Sprague–Grundy)",
            "g is a P-position iff G(g) = 0 (Delete Nim: P/N by win–loss search against G by mex)",
            Kind::Custom(p_positions),
        )
        .on("delete-nim")
        .sized(200, 500),
        Claim::new(
            "002-thm3",
            "paper 002, Theorem 3 (Sprague–Grundy)",
            "G(g + h) = G(g) ⊕ G(h) (g a Delete Nim position, h a subtraction[1,3] heap, the sum searched as one game)",
            Kind::Custom(sum_theorem),
        )
        .on("delete-nim")
        .sized(10, 20),
        Claim::new(
            "002-thm4",
            "paper 002, Theorem 4",
            "Delete Nim: G((x,y)) = v₂((x ∨ y) + 1)",
            closed_form,
        )
        .on("delete-nim")
        .sized(1000, 3000),
        Claim::new(
            "002-thm4-proof",
            "paper 002, proof of Theorem 4",
            "for h' < h = G(x,y), with x_{h'} = 1 (w.l.o.g.), (x − 2^{h'}, 2^{h'} − 1) is an option of value h'",
            Kind::Custom(proof_moves),
        )
        .on("delete-nim")
        .sized(150, 400),
        Claim::new(
            "002-thm5",
            "paper 002, Theorem 5",
            "VDN: G((x,y)) = v₂(((x−1) ∨ (y−1)) + 1), by the isomorphism F(x,y) = (x−1, y−1)",
            closed_form,
        )
        .on("vdn")
        .sized(1000, 3000),
        Claim::new(
            "002-thm5-iso",
            "paper 002, Theorem 5",
            "F maps the options of VDN (x,y) one-to-one onto the options of Delete Nim (x−1, y−1)",
            Kind::Custom(isomorphism),
        )
        .on("vdn")
        .sized(60, 150),
    ]
}

fn figure_1(c: &Ctx) -> Result<Outcome> {
    let m = Search::new(c.ctl()).moves("nim(3,2)", true)?;
    let mut ours: Vec<String> = m
        .options
        .unwrap_or_default()
        .iter()
        .map(|(p, _)| p.to_string())
        .collect();
    ours.sort();
    let mut paper: Vec<&str> = vec!["nim(2,2)", "nim(1,2)", "nim(0,2)", "nim(3,1)", "nim(3,0)"];
    paper.sort();
    Ok(Outcome::compare(
        paper.join(", "),
        ours.join(", "),
        format!("{} options", ours.len()),
        "nim(3,2)",
    ))
}

fn bouton(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut memo = Memo::default();
    let mut count = 0u64;
    for a in 0..=to {
        for b in a..=to {
            for d in b..=to {
                let g = nim_whole_game(&[a, b, d], &mut memo, c.ctl())?;
                let xor = a ^ b ^ d;
                count += 1;
                if (g == 0) != (xor == 0) {
                    return Ok(Outcome::check(
                        false,
                        format!("({a},{b},{d})"),
                        format!("three heaps ≤ {to}"),
                        format!("P iff nim-sum 0 (nim-sum {xor})"),
                        format!("searched value {g}"),
                    ));
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{count} positions searched as one game; P exactly where the nim-sum is 0"),
        format!("Nim with three heaps, each 0..={to}"),
    ))
}

fn p_positions(c: &Ctx) -> Result<Outcome> {
    // Win–loss labelling without mex: (x,y) is P iff no option is P. The options of (x,y)
    // are all pairs on the antidiagonals x−1 and y−1, so track has_p[s] for each s.
    let to = c.size(400, 1500) as usize;
    let rs = engine::tuple("delete-nim")?;
    let mut ev = Search::new(c.ctl());
    let mut has_p = vec![false; to];
    let p = |has_p: &Vec<bool>, x: usize, y: usize| {
        let a = x.checked_sub(1).is_some_and(|s| has_p[s]);
        let b = y.checked_sub(1).is_some_and(|s| has_p[s]);
        !(a || b)
    };
    for s in 0..to {
        has_p[s] = (0..=s / 2).any(|q| p(&has_p, q, s - q));
    }
    let grid = c.to() as usize;
    for x in 0..=grid {
        for y in 0..=grid {
            let g = ev.tuple_value(&rs, &[x as u64, y as u64])?;
            if p(&has_p, x, y) != g.is_zero() {
                return Ok(Outcome::check(
                    false,
                    format!("delete-nim({x},{y})"),
                    format!("0 ≤ x, y ≤ {grid}"),
                    "P iff G = 0",
                    format!("G = {g}, win–loss label {}", if p(&has_p, x, y) { "P" } else { "N" }),
                ));
            }
        }
    }
    Ok(Outcome::holds(
        format!(
            "{} positions: the P-positions of the win–loss search are exactly those with G = 0",
            (grid + 1).pow(2)
        ),
        format!("Delete Nim, 0 ≤ x, y ≤ {grid}"),
    ))
}

fn sum_theorem(c: &Ctx) -> Result<Outcome> {
    let dn_rs = engine::tuple("delete-nim")?;
    let set = [1u64, 3];
    let (xmax, zmax) = (c.to(), c.size(20, 40));
    let mut memo: Memo<(u64, u64, u64)> = Memo::default();
    let mut ev = Search::new(c.ctl());
    let sub = engine::heap("subtraction[1,3]")?;
    let mut count = 0;
    for x in 0..=xmax {
        for y in x..=xmax {
            for z in 0..=zmax {
                let whole = engine::search_game(
                    (x, y, z),
                    &mut memo,
                    |&(x, y, z), out| {
                        for o in engine::tuple_options(dn_rs.as_ref(), &[x, y]) {
                            out.push(vec![(o[0].min(o[1]), o[0].max(o[1]), z)]);
                        }
                        for s in set {
                            if s <= z {
                                out.push(vec![(x, y, z - s)]);
                            }
                        }
                    },
                    c.ctl(),
                    "delete-nim + subtraction searched as one game",
                )?;
                let g = ev.tuple_value(&dn_rs, &[x, y])?;
                let h = ev.heap_value(&sub, z)?;
                count += 1;
                if Nimber::from(whole) != (&g ^ &h) {
                    return Ok(Outcome::check(
                        false,
                        format!("delete-nim({x},{y}) + subtraction[1,3]({z})"),
                        "",
                        format!("{g} ⊕ {h} = {}", &g ^ &h),
                        whole,
                    ));
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{count} sums searched as one game; each value is the nim-sum of the components' values"),
        format!("delete-nim(x,y), 0 ≤ x ≤ y ≤ {xmax}, plus subtraction[1,3](z), 0 ≤ z ≤ {zmax}"),
    ))
}

fn proof_moves(c: &Ctx) -> Result<Outcome> {
    let rs = engine::tuple("delete-nim")?;
    let mut ev = Search::new(c.ctl());
    let to = c.to();
    let mut checked = 0u64;
    for x in 0..=to {
        for y in 0..=to {
            let h = ev.tuple_value(&rs, &[x, y])?.to_u64().unwrap_or(0);
            for hp in 0..h {
                // Some heap has bit h' set (the proof's w.l.o.g.); use it.
                let (a, b) = if (x >> hp) & 1 == 1 { (x, y) } else { (y, x) };
                let target = [a - (1 << hp), (1 << hp) - 1];
                let mut t = target.to_vec();
                t.sort_unstable();
                let is_option = engine::tuple_options(rs.as_ref(), &[a, b]).iter().any(|o| {
                    let mut o = o.clone();
                    o.sort_unstable();
                    o == t
                });
                let v = ev.tuple_value(&rs, &target)?;
                checked += 1;
                if !is_option || v != hp {
                    return Ok(Outcome::check(
                        false,
                        format!("from ({x},{y}) with h' = {hp}: {}", tuples(&[target.to_vec()])),
                        format!("0 ≤ x, y ≤ {to}"),
                        format!("an option of value {hp}"),
                        format!("option: {is_option}, value {v}"),
                    ));
                }
            }
        }
    }
    Ok(Outcome::holds(
        format!("{checked} constructed moves are options with the claimed value"),
        format!("0 ≤ x, y ≤ {to}"),
    ))
}

fn isomorphism(c: &Ctx) -> Result<Outcome> {
    let (vdn, del) = (engine::tuple("vdn")?, engine::tuple("delete-nim")?);
    let to = c.to();
    let norm = |mut v: Vec<Vec<u64>>| {
        for t in &mut v {
            t.sort_unstable();
        }
        v.sort();
        v.dedup();
        v
    };
    let mut pairs = 0u64;
    for x in 1..=to {
        for y in 1..=to {
            let image = norm(
                engine::tuple_options(vdn.as_ref(), &[x, y])
                    .into_iter()
                    .map(|o| vec![o[0] - 1, o[1] - 1])
                    .collect(),
            );
            let target = norm(engine::tuple_options(del.as_ref(), &[x - 1, y - 1]));
            pairs += image.len() as u64;
            if image != target {
                return Ok(Outcome::check(
                    false,
                    format!("vdn({x},{y})"),
                    format!("1 ≤ x, y ≤ {to}"),
                    tuples(&target),
                    tuples(&image),
                ));
            }
        }
    }
    Ok(Outcome::holds(
        format!("F is a bijection of option sets at every position ({pairs} options)"),
        format!("1 ≤ x, y ≤ {to}"),
    ))
}
