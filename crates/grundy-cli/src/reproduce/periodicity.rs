//! Checks of the periodic behaviour the papers state, with `analysis::periodicity`:
//! subtraction games (paper 004), the rows of MIN (paper 001 Lemma 3) and the blocks of
//! residue-throw-divisor (paper 003 Theorem 12).

use super::{Ctx, Outcome, Spec};
use anyhow::{bail, Result};
use grundy::analysis::periodicity::{detect, proven_by, runs, Evidence, Run};
use grundy::catalog::parse_ruleset;
use grundy::rulesets::min::grid::MinGrid;
use grundy::solve::sequence;

/// The checks of stated periodic behaviour.
pub fn specs() -> Vec<Spec> {
    vec![
        Spec {
            id: "004-period-subtraction-1-to-k",
            source: "paper 004, worked example (remove 1 to k stones)",
            claim: "subtraction[1..k] has G(n) = n mod (k+1): its nim-sequence is periodic with period k+1 from heap 0",
            run: subtraction_one_to_k,
        },
        Spec {
            id: "004-period-odd-nim",
            source: "paper 004, worked example (Odd Nim)",
            claim: "odd-nim has G(n) = n mod 2: period 2 from heap 0",
            run: odd_nim,
        },
        Spec {
            id: "001-lemma3-row-period",
            source: "paper 001, Lemma 3",
            claim: "for fixed a ≥ 1 and b ≥ a − 1, G(a, b) is periodic in b with period a + 1",
            run: min_rows,
        },
        Spec {
            id: "003-thm12-blocks",
            source: "paper 003 §3.2, Theorem 12",
            claim: "residue-throw-divisor: G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1, i.e. after G(1) = 0 \
                    come blocks of 3·2^(k−1) heaps of value k = 1, 2, 3, …",
            run: rtd_blocks,
        },
    ]
}

fn heap_values(name: &str, to: u64, ctx: &Ctx) -> Result<Vec<u64>> {
    let rs = parse_ruleset(name)?;
    let rs = rs.as_heap("a periodicity check")?;
    let seq = sequence(rs.as_ref(), to, &ctx.ctl)?;
    (0..=to)
        .map(|n| match seq.get_u64(n) {
            Some(v) => Ok(v),
            None => bail!("G({n}) of {name} does not fit in 64 bits"),
        })
        .collect()
}

fn subtraction_one_to_k(ctx: &Ctx) -> Result<Outcome> {
    let kmax = ctx.size(40, 300);
    let mut bad = Vec::new();
    let mut widest = 0;
    for k in 1..=kmax {
        let to = 4 * (k + 1) + k;
        widest = to;
        let set: Vec<u64> = (1..=k).collect();
        let name = format!(
            "subtraction[{}]",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let v = heap_values(&name, to, ctx)?;
        match detect(&v, 0, Evidence::default()) {
            Some(p)
                if p.period == k + 1
                    && p.preperiod == 0
                    && p.saltus == 0
                    && proven_by(&grundy::rulesets::classic::Subtraction::new(&set)?, &p, to) => {}
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

fn odd_nim(ctx: &Ctx) -> Result<Outcome> {
    let to = ctx.size(2000, 100_000);
    let v = heap_values("odd-nim", to, ctx)?;
    let p = detect(&v, 0, Evidence::default());
    let ok = matches!(p, Some(p) if p.period == 2 && p.preperiod == 0 && p.saltus == 0);
    Ok(Outcome::check(
        ok,
        format!(
            "{} — apparent within the range (S, the odd numbers, is infinite, so the subtraction-game \
             argument does not apply; the paper's proof is the closed form)",
            p.map_or("no period".into(), |p| p.to_string())
        ),
        format!("heaps 0..={to}"),
        "Periodicity(2, 0, 0)",
        p.map_or("no period".into(), |p| p.to_string()),
    ))
}

fn min_rows(ctx: &Ctx) -> Result<Outcome> {
    let amax = ctx.size(80, 300);
    // The plain table (mex over the options, nothing assumed): the row engine behind
    // `min` search uses Lemma 3 itself, so it cannot be the evidence here.
    let grid = MinGrid::new((amax - 1) + 5 * (amax + 1), &ctx.ctl)?;
    let mut bad = Vec::new();
    let (mut at_bound, mut max_pre) = (0u64, (0u64, 0u64));
    for a in 1..=amax {
        // Five periods past the stated preperiod a − 1.
        let b_max = (a - 1) + 5 * (a + 1);
        let row: Vec<u64> = (0..=b_max)
            .map(|b| grid.get(a, b).map(u64::from).expect("inside the table"))
            .collect();
        match detect(&row, 0, Evidence::default()) {
            Some(p) if p.period == a + 1 && p.saltus == 0 && p.preperiod < a => {
                at_bound += u64::from(p.preperiod + 1 == a);
                if p.preperiod > max_pre.1 {
                    max_pre = (a, p.preperiod);
                }
            }
            Some(p) => bad.push(format!("row a = {a}: {p}")),
            None => bad.push(format!("row a = {a}: no period")),
        }
    }
    Ok(Outcome::check(
        bad.is_empty(),
        format!(
            "every row b ↦ G(a,b) has smallest period a + 1 and preperiod ≤ a − 1; the preperiod is exactly \
             a − 1 in {at_bound} rows; largest preperiod {} (row a = {})",
            max_pre.1, max_pre.0
        ),
        format!("a = 1..={amax}, b = 0..=6a+4 (plain table: mex over the options, no periodicity assumed)"),
        "period a + 1 from b = a − 1",
        bad.join("; "),
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

fn rtd_blocks(ctx: &Ctx) -> Result<Outcome> {
    // Whole blocks: the last heap of block k is 3(2^k − 1) + 1.
    let kmax = ctx.size(11, 14);
    let to = 3 * ((1u64 << kmax) - 1) + 1;
    let v = heap_values("residue-throw-divisor", to, ctx)?;
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

    #[test]
    fn checks_hold() {
        let ctx = Ctx {
            ctl: grundy::Control::new(),
            full: false,
        };
        for run in [subtraction_one_to_k, odd_nim, min_rows] {
            let o = run(&ctx).unwrap();
            assert!(
                matches!(o.verdict, super::super::report::Verdict::Holds),
                "{}",
                o.computed
            );
        }
    }
}
