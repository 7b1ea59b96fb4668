//! The papers' figures, drawn by `reproduce --out DIR` beside the report: the figure
//! rows of the papers (Figures 1–5 of paper 003, scatter plots of nim-value sequences,
//! and heatmaps of MIN, paper 001, with its prime-related rows flagged).
//!
//! A figure row names its ruleset, so a ruleset added to the catalog later is drawn
//! without code changes; until then the figure is reported as not produced, with the
//! reason.

use crate::output::write_atomically;
use anyhow::{bail, Result};
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::solve::Method;
use grundy_figures::values::{grid, grid_u64, heap_points};
use grundy_figures::{self as figures, Figure, Heatmap, Scatter};
use grundy_papers::{Claim, Context, Figure as Kind, FigureRef};
use std::path::Path;
use std::time::Instant;

/// Draws the figure row `claim` into `dir` as `ID.png`. A figure that cannot be drawn
/// (its ruleset is missing, a limit is hit) is returned as not produced, with the
/// reason; a figure drawn but not written (a full disk) likewise, together with the
/// write error naming the file, which ends the run with exit 2. Only an interruption
/// is an error.
pub fn produce(claim: &Claim, ctx: &Context, dir: &Path) -> Result<(FigureRef, Option<anyhow::Error>)> {
    let t = Instant::now();
    let file = format!("{}.png", claim.id);
    let caption = claim.caption(ctx.full);
    let not_produced = |why: String| FigureRef {
        id: claim.id.to_string(),
        file: None,
        caption: caption.clone(),
        note: why,
    };
    let (png, note) = match build(claim, ctx).and_then(|(fig, note)| Ok((figures::render_png(&fig)?, note))) {
        Ok(drawn) => drawn,
        Err(e) => {
            if ctx.control.cancelled() || matches!(e.downcast_ref::<grundy::Error>(), Some(grundy::Error::Interrupted))
            {
                return Err(e);
            }
            return Ok((not_produced(format!("not produced: {e:#}")), None));
        }
    };
    if let Err(e) = write_atomically(&dir.join(&file), &png) {
        return Ok((not_produced(format!("not written: {e:#}")), Some(e)));
    }
    let seconds = t.elapsed().as_secs_f64();
    Ok((
        FigureRef {
            id: claim.id.to_string(),
            file: Some(file),
            caption,
            note: format!("{note}; drawn in {seconds:.2} s"),
        },
        None,
    ))
}

fn build(claim: &Claim, ctx: &Context) -> Result<(Figure, String)> {
    let (Some(ruleset), Some(to), grundy_papers::Kind::Figure(kind)) =
        (claim.ruleset, claim.size_in(ctx.full), claim.kind)
    else {
        bail!("{} is not a figure row with a ruleset and a size", claim.id);
    };
    let ctl = &ctx.control;
    match kind {
        Kind::Scatter => {
            let rs = match parse_ruleset(ruleset) {
                Err(grundy::Error::UnknownRuleset { .. }) => {
                    bail!("the ruleset {ruleset} is not in this build's catalog")
                }
                r => r?,
            };
            let rs = rs.as_heap("a scatter plot")?;
            let from = rs.first_heap().max(1);
            let points = heap_points(rs, from, to, ctl)?;
            let &(n_at, vmax) = points
                .iter()
                .max_by_key(|p| (p.1, std::cmp::Reverse(p.0)))
                .expect("at least one heap");
            let s = Scatter::new(format!("{ruleset}: nim-values G(n), n = {from}..{to}"), points);
            Ok((
                Figure::Scatter(s),
                format!("heaps {from}..={to} by search; largest value {vmax} (first at n = {n_at})"),
            ))
        }
        Kind::MinHeatmap => {
            let Ruleset::Tuple(min) = parse_ruleset(ruleset)? else {
                bail!("{ruleset} is not a ruleset on pairs");
            };
            let values = grid_u64(&grid(&min, 0..=to, 0..=to, Method::Search, ctl)?)?;
            let ones = values.iter().flatten().filter(|v| **v == Some(1)).count();
            let mut h = Heatmap::new(format!("MIN: G(a,b) for 0 ≤ a, b ≤ {to} (red: value 1)"), values);
            h.mark = Some(1);
            h.row_marks = (0..=to).filter(|a| grundy::arith::is_prime(a + 1)).collect();
            h.row_mark_label = "a + 1 prime".into();
            let primes = h.row_marks.len();
            Ok((
                Figure::Heatmap(h),
                format!("{ones} positions of value 1; {primes} rows with a + 1 prime; values by search"),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scatter(id: &'static str, ruleset: &'static str, to: u64) -> Claim {
        Claim::new(id, "test", "a scatter plot", grundy_papers::Kind::Figure(Kind::Scatter))
            .on(ruleset)
            .sized(to, to)
    }

    #[test]
    fn a_figure_is_drawn_from_its_ruleset_name() {
        let _serial = crate::progress::serial_writes();
        let dir = tempfile::tempdir().unwrap();
        // A ruleset that needs parameters cannot be drawn by name alone: reported.
        let (r, _) = produce(
            &scatter("004-odd-nim", "subtraction", 10),
            &Context::quick(),
            dir.path(),
        )
        .unwrap();
        assert!(r.file.is_none() && r.note.contains("needs parameters"), "{}", r.note);
        let (r, written) = produce(&scatter("004-odd-nim", "odd-nim", 500), &Context::quick(), dir.path()).unwrap();
        assert!(written.is_none());
        assert_eq!(r.file.as_deref(), Some("004-odd-nim.png"));
        assert!(r.note.contains("largest value 1 (first at n = 1)"), "{}", r.note);
        let bytes = std::fs::read(dir.path().join("004-odd-nim.png")).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
    }

    #[test]
    fn a_missing_ruleset_is_reported_not_produced() {
        let dir = tempfile::tempdir().unwrap();
        let (r, _) = produce(&scatter("999-x", "no-such-ruleset", 10), &Context::quick(), dir.path()).unwrap();
        assert!(r.file.is_none());
        assert_eq!(
            r.note,
            "not produced: the ruleset no-such-ruleset is not in this build's catalog"
        );
        assert!(
            std::fs::read_dir(dir.path()).unwrap().next().is_none(),
            "no file written"
        );
    }

    #[test]
    fn paper_003_figures_name_the_papers_rulesets() {
        let names: Vec<&str> = grundy_papers::claims()
            .iter()
            .filter(|c| matches!(c.kind, grundy_papers::Kind::Figure(Kind::Scatter)))
            .filter_map(|c| c.ruleset)
            .collect();
        assert_eq!(
            names,
            [
                "saliquant",
                "nontotative",
                "divide-and-residue",
                "complement-grundy",
                "divide-throw-residue",
                "residue-throw-divisor"
            ]
        );
    }
}
