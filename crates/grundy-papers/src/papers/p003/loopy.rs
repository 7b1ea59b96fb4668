//! Paper 003 §7 ("Discussion–future work"): the loopy rulesets `aliquot-sum` and
//! `partial-aliquot-sum`, their values `∞` and `∞₃`, and the sums 6 + 9 (a draw) and
//! 6 + 7 (a first-player win).
//!
//! The paper writes `∞` for a heap whose play can loop, and `∞₃` for "the nim-value 3,
//! but with an additional option an infinity": in the generalized Sprague–Grundy
//! theory that is `∞(K)` whose finite options `K` have mex 3 (here `K = {0,1,2}`), with
//! an infinite option. Our values are printed in full next to the paper's notation.

use crate::claim::{Claim, Ctx, Kind};
use crate::engine::{self, BoundedValue, Class, LoopyHeaps, LoopySums, Position};
use crate::error::{Error, Result};
use crate::outcome::Outcome;
use grundy::value::{mex, LoopyValue};

/// The claims of paper 003 §7.
pub fn claims() -> Vec<Claim> {
    let row = |id: &'static str, statement: &'static str, f: crate::claim::CustomFn, ruleset: &'static str| {
        Claim::new(id, "paper 003 §7", statement, Kind::Custom(f)).on(ruleset)
    };
    vec![
        row(
            "003-s7-aliquot-sum-sequence",
            "aliquot-sum (move to the sum of the proper divisors): the nim-value sequence from heap 1 begins 0,1,1,0,1,∞,1,0,1,1,1,?, the ∞ at 6 marking the loop 1+2+3 = 6",
            aliquot_sequence,
            "aliquot-sum",
        ),
        row(
            "003-s7-aliquot-sum-12",
            "the ? at heap 12: the sum of proper divisors is 16 (a temporary increase), followed by 15 and 9; SG(9) = 1, therefore SG(12) = 0",
            aliquot_12,
            "aliquot-sum",
        ),
        row(
            "003-s7-aliquot-sum-binary",
            "aliquot-sum: since the game is binary (one option per heap), the cycles are trivial: if one component of a disjunctive sum will not end, the full game will not end; if no component contains a cycle, the game ends (after perhaps temporarily increasing heap sizes) and a winner may be declared",
            aliquot_binary,
            "aliquot-sum",
        )
        .sized(10_000, 100_000),
        Claim {
            source: "paper 003 §7 (table)".into(),
            ..row(
                "003-s7-partial-aliquot-sum-table",
                "partial-aliquot-sum (move to any sum of a nonempty set of proper divisors), n = 1..9: opt(n) = ∅; 1; 1; 1,2,3; 1; 1..6; 1; 1..7; 1,3,4 and SG(n) = 0,1,1,2,1,∞₃,1,∞₃,3, where ∞₃ is the nim-value 3 with an additional option an infinity",
                partial_table,
                "partial-aliquot-sum",
            )
        },
        row(
            "003-s7-6+9-draw",
            "partial-aliquot-sum 6 + 9: every move apart from playing to ∞₃ is losing, so the game is a draw",
            sum_6_9,
            "partial-aliquot-sum",
        ),
        row(
            "003-s7-6+7-win",
            "partial-aliquot-sum 6 + 7: the first player wins by moving to 2 + 7, 3 + 7 or 5 + 7",
            sum_6_7,
            "partial-aliquot-sum",
        ),
    ]
}

fn values(name: &str, to: u64, c: &Ctx) -> Result<Vec<LoopyValue>> {
    let mut ex = LoopyHeaps::new(name)?;
    (1..=to)
        .map(|n| match ex.value(n, c.ctl())? {
            BoundedValue::Value(v) => Ok(v),
            BoundedValue::Undetermined { note, .. } | BoundedValue::OutcomeOnly { note, .. } => {
                Err(Error::Check(format!("heap {n}: {note}")))
            }
        })
        .collect()
}

/// The paper's notation for our value: finite as is, `∞` for any infinite value
/// (`with_mex`: `∞₃` for `∞(K)` with mex K = 3).
fn paper_notation(v: &LoopyValue, with_mex: bool) -> String {
    match v {
        LoopyValue::Finite(x) => x.to_string(),
        LoopyValue::Infinite(_) if !with_mex => "∞".into(),
        LoopyValue::Infinite(k) => {
            let m = mex(k.iter().filter_map(|x| x.to_u64()));
            let sub: String = m
                .to_string()
                .chars()
                .map(|c| char::from_u32(0x2080 + c.to_digit(10).unwrap_or(0)).unwrap_or(c))
                .collect();
            format!("∞{sub}")
        }
    }
}

fn joined(vs: &[LoopyValue]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

fn aliquot_sequence(c: &Ctx) -> Result<Outcome> {
    let vs = values("aliquot-sum", 12, c)?;
    let ours: Vec<String> = vs[..11].iter().map(|v| paper_notation(v, false)).collect();
    Ok(Outcome::compare(
        "0,1,1,0,1,∞,1,0,1,1,1",
        ours.join(","),
        format!(
            "{} (∞() at 6: its only option is 6 itself); the paper's ? at 12 is {} (check 003-s7-aliquot-sum-12)",
            joined(&vs),
            vs[11]
        ),
        "heaps 1..12",
    ))
}

fn aliquot_binary(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let mut ex = LoopyHeaps::new("aliquot-sum")?;
    let (mut finite, mut looping, mut undetermined) = (0u64, Vec::new(), 0u64);
    let mut bad = Vec::new();
    for n in 1..=to {
        match ex.value(n, c.ctl())? {
            BoundedValue::Value(LoopyValue::Finite(v)) if v.to_u64().is_some_and(|x| x <= 1) => finite += 1,
            BoundedValue::Value(LoopyValue::Infinite(k)) if k.is_empty() => looping.push(n),
            BoundedValue::Value(v) => bad.push(format!("{n}: {v}")),
            BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => undetermined += 1,
        }
    }
    // A looping component makes the sum ∞() (a draw) whatever the other components;
    // check it on sums with every finite heap up to 100 and with another loop.
    let mut l = LoopySums::new(c.ctl());
    let mut sums = 0;
    for &m in looping.iter().take(3) {
        for n in (1..=100).chain(looping.iter().copied().take(3)) {
            let v = l.value(&engine::position(&format!("aliquot-sum({m}) + aliquot-sum({n})"))?)?;
            if v.value_text() != "∞()" || v.outcome_text() != "D" {
                bad.push(format!("{m} + {n}: {}", v.value_text()));
            }
            sums += 1;
        }
    }
    let computed = format!(
        "heaps 1..{to}: {finite} end (value 0 or 1), {} never end (value ∞(), no finite option; the first: {}), {undetermined} undetermined within the bound (heaps up to 10^18); {sums} sums with a looping component are all ∞() (draws)",
        looping.len(),
        looping.iter().take(8).map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
    );
    Ok(Outcome::check(
        bad.is_empty(),
        computed,
        format!("heaps 1..{to}, sums of two heaps"),
        "every heap ends (0 or 1) or never ends (∞, and then so does any sum with it)",
        bad.join("; "),
    ))
}

fn aliquot_12(c: &Ctx) -> Result<Outcome> {
    let rs = engine::loopy("aliquot-sum")?;
    let mut chain = vec![12u64];
    while let [next] = engine::loopy_options(rs.as_ref(), *chain.last().expect("nonempty"))?[..] {
        chain.push(next);
        if chain.len() > 20 {
            break;
        }
    }
    let vs = values("aliquot-sum", 16, c)?;
    let path: Vec<String> = chain.iter().map(|n| n.to_string()).collect();
    let ours = format!("{} → … ; SG(9) = {}, SG(12) = {}", path[..4].join(" → "), vs[8], vs[11]);
    Ok(Outcome::compare(
        "12 → 16 → 15 → 9 → … ; SG(9) = 1, SG(12) = 0",
        ours,
        format!(
            "the play from 12: {} (terminal); values along it {}",
            path.join(" → "),
            chain
                .iter()
                .map(|&n| vs.get(n as usize - 1).map_or("?".into(), |v| v.to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        "heap 12 and the heaps it reaches",
    ))
}

fn partial_table(c: &Ctx) -> Result<Outcome> {
    let rs = engine::loopy("partial-aliquot-sum")?;
    let vs = values("partial-aliquot-sum", 9, c)?;
    let mut rows = Vec::new();
    let mut ours_opts = Vec::new();
    let mut infinite_option = Vec::new();
    for n in 1..=9u64 {
        let o = engine::loopy_options(rs.as_ref(), n)?;
        let list = if o.is_empty() {
            "∅".to_string()
        } else {
            o.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
        };
        let v = &vs[n as usize - 1];
        if !v.is_finite() {
            // ∞₃ "with an additional option an infinity": some option is infinite.
            let inf: Vec<u64> = o.iter().copied().filter(|&x| !vs[x as usize - 1].is_finite()).collect();
            infinite_option.push(format!("{n} → {inf:?}"));
        }
        rows.push(format!("{n}: opt {{{list}}}, SG {v}"));
        ours_opts.push(list);
    }
    let paper_opts = "∅; 1; 1; 1,2,3; 1; 1,2,3,4,5,6; 1; 1,2,3,4,5,6,7; 1,3,4";
    let paper_values = "0,1,1,2,1,∞₃,1,∞₃,3";
    let ours_values: Vec<String> = vs.iter().map(|v| paper_notation(v, true)).collect();
    let ours = format!("opt: {}; SG: {}", ours_opts.join("; "), ours_values.join(","));
    Ok(Outcome::compare(
        format!("opt: {paper_opts}; SG: {paper_values}"),
        ours,
        format!(
            "{}; infinite options of the ∞ heaps: {}",
            rows.join("; "),
            infinite_option.join(", ")
        ),
        "heaps 1..9",
    ))
}

fn sum_6_9(c: &Ctx) -> Result<Outcome> {
    let mut l = LoopySums::new(c.ctl());
    let p = engine::position("partial-aliquot-sum(6) + partial-aliquot-sum(9)")?;
    let m = l.moves(&p, true)?;
    let opts = m.options.unwrap_or_default();
    // "Playing to ∞₃": a move in the heap 6 (the 9 is unchanged; 9 cannot move to 9) to
    // a heap of infinite value.
    let nine = p.components[1].to_string();
    let mut to_infinite = |q: &Position| -> Result<bool> {
        let first = Position::single(q.components[0].clone());
        let infinite = l.value(&first)?.value().is_some_and(|v| !v.is_finite());
        Ok(q.components[1].to_string() == nine && infinite)
    };
    let mut losing = 0;
    let mut other = Vec::new();
    let mut drawing_ok = true;
    for (q, v) in &opts {
        let to_inf = to_infinite(q)?;
        match v.value().map(LoopyValue::outcome) {
            Some(Class::N) => losing += 1,
            Some(Class::D) if to_inf => {}
            _ => other.push(format!("{q} ({})", v.value_text())),
        }
        if to_inf != m.drawing.iter().any(|d| d.to_string() == q.to_string()) {
            drawing_ok = false;
        }
    }
    let ours = format!(
        "{} ({}); {} of {} moves lose (to N-positions); moves that keep the draw: {}",
        m.value.outcome_text(),
        m.value.value_text(),
        losing,
        opts.len(),
        m.drawing.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
    );
    let ok = m.value.outcome_text() == "D" && other.is_empty() && drawing_ok && !m.drawing.is_empty();
    let others = if other.is_empty() {
        String::new()
    } else {
        format!("; other moves: {}", other.join(", "))
    };
    Ok(Outcome::check(
        ok,
        format!("{ours}{others}"),
        "every option of 6 + 9",
        "a draw; every move except to ∞₃ (6 → 6) loses",
        ours,
    ))
}

fn sum_6_7(c: &Ctx) -> Result<Outcome> {
    let mut l = LoopySums::new(c.ctl());
    let p = engine::position("partial-aliquot-sum(6) + partial-aliquot-sum(7)")?;
    let m = l.moves(&p, false)?;
    let short = |q: &Position| {
        q.components
            .iter()
            .map(|c| {
                c.to_string()
                    .trim_start_matches("partial-aliquot-sum(")
                    .trim_end_matches(')')
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("+")
    };
    let winning: Vec<String> = m.winning.iter().map(short).collect();
    let ours = format!(
        "{} ({}); winning moves {}",
        m.value.outcome_text(),
        m.value.value_text(),
        winning.join(", ")
    );
    Ok(Outcome::compare(
        "N; winning moves 2+7, 3+7, 5+7",
        format!("{}; winning moves {}", m.value.outcome_text(), winning.join(", ")),
        ours,
        "every option of 6 + 7",
    ))
}
