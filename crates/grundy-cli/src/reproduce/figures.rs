//! The papers' figures, drawn by `reproduce --out DIR` beside the report: Figures 1–5
//! of paper 003 (scatter plots of nim-value sequences) and a heatmap of MIN (paper 001)
//! with its prime-related rows flagged.
//!
//! The list is data: each figure names its ruleset, so a ruleset added to the catalog
//! later is drawn without code changes; until then the figure is reported as not
//! produced, with the reason.

use super::report::FigureRef;
use super::Ctx;
use crate::figures::{self, Figure, Heatmap, Scatter};
use crate::values::{grid, grid_u64, heap_points};
use anyhow::{bail, Result};
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::solve::Method;
use std::path::Path;
use std::time::Instant;

/// What a figure shows.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// G(n) against n for heaps `1..=to` (from the first position if it is larger).
    Scatter {
        /// The heap ruleset, by catalog name.
        ruleset: &'static str,
        /// Last heap.
        to: u64,
    },
    /// G(a, b) of MIN over 0 ≤ a, b ≤ `to`, value-1 cells marked, rows with a + 1
    /// prime flagged.
    MinHeatmap {
        /// Last row and column.
        to: u64,
    },
}

/// A figure of a paper.
#[derive(Clone, Debug)]
pub struct FigureSpec {
    /// Identifier (`PPP-…`, paper first), also the file name without extension.
    pub id: &'static str,
    /// The caption: the paper's figure and what is drawn.
    pub caption: String,
    /// What is drawn.
    pub kind: Kind,
}

/// The figures, in the order of the papers. Paper 003 gives the ranges of Figures 1–4;
/// for Figure 5 it says only "the initial nim-values", and 1000 heaps are drawn.
pub fn specs(ctx: &Ctx) -> Vec<FigureSpec> {
    let scatter = |id, n: &str, ruleset, to| FigureSpec {
        id,
        caption: format!("Paper 003 {n}: the initial {to} nim-values of {ruleset}"),
        kind: Kind::Scatter { ruleset, to },
    };
    let min_to = ctx.size(150, 300);
    vec![
        FigureSpec {
            id: "001-min-heatmap",
            caption: format!(
                "Paper 001: G(a,b) of MIN for 0 ≤ a, b ≤ {min_to}. Red cells have value 1; triangles flag the rows \
                 with a + 1 prime, where G(a,b) = 1 exactly when a + 1 divides b + 1 (Lemma 8(c)), and on the \
                 diagonal G(a,a) = 1 iff a + 1 is prime (Theorem 1)"
            ),
            kind: Kind::MinHeatmap { to: min_to },
        },
        FigureSpec {
            id: "001-min-heatmap-zoom",
            caption: "Paper 001: the corner 0 ≤ a, b ≤ 60 of the MIN heatmap. In a row with a + 1 prime the red \
                      cells (value 1) recur with period a + 1 (Lemma 3), at b ≡ a (mod a + 1)"
                .to_string(),
            kind: Kind::MinHeatmap { to: 60 },
        },
        scatter("003-fig1-saliquant", "Figure 1", "saliquant", 1000),
        scatter("003-fig2-nontotative", "Figure 2", "nontotative", 1000),
        scatter("003-fig3-divide-and-residue", "Figure 3", "divide-and-residue", 20000),
        scatter("003-fig4-complement-grundy", "Figure 4", "complement-grundy", 20000),
        scatter(
            "003-fig5a-divide-throw-residue",
            "Figure 5 (left)",
            "divide-throw-residue",
            1000,
        ),
        scatter(
            "003-fig5b-residue-throw-divisor",
            "Figure 5 (right)",
            "residue-throw-divisor",
            1000,
        ),
    ]
}

/// Draws `spec` into `dir` as `ID.png`. Never fails: a figure that cannot be drawn (its
/// ruleset is missing, a limit is hit) is returned as not produced, with the reason;
/// only an interruption is an error.
pub fn produce(spec: &FigureSpec, ctx: &Ctx, dir: &Path) -> Result<FigureRef> {
    let t = Instant::now();
    let file = format!("{}.png", spec.id);
    let result = build(spec, ctx).and_then(|(fig, note)| {
        figures::write(&fig, &dir.join(&file))?;
        Ok(note)
    });
    let seconds = t.elapsed().as_secs_f64();
    match result {
        Ok(note) => Ok(FigureRef {
            id: spec.id.to_string(),
            file: Some(file),
            caption: spec.caption.clone(),
            note: format!("{note}; drawn in {seconds:.2} s"),
        }),
        Err(e) => {
            if ctx.ctl.cancelled() || matches!(e.downcast_ref::<grundy::Error>(), Some(grundy::Error::Interrupted)) {
                return Err(e);
            }
            Ok(FigureRef {
                id: spec.id.to_string(),
                file: None,
                caption: spec.caption.clone(),
                note: format!("not produced: {e:#}"),
            })
        }
    }
}

fn build(spec: &FigureSpec, ctx: &Ctx) -> Result<(Figure, String)> {
    match spec.kind {
        Kind::Scatter { ruleset, to } => {
            let rs = match parse_ruleset(ruleset) {
                Err(grundy::Error::UnknownRuleset { .. }) => {
                    bail!("the ruleset {ruleset} is not in this build's catalog")
                }
                r => r?,
            };
            let rs = rs.as_heap("a scatter plot")?;
            let from = rs.first_heap().max(1);
            let points = heap_points(rs, from, to, &ctx.ctl)?;
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
        Kind::MinHeatmap { to } => {
            let Ruleset::Tuple(min) = parse_ruleset("min")? else {
                bail!("min is not a ruleset on pairs");
            };
            let values = grid_u64(&grid(&min, 0..to + 1, 0..to + 1, Method::Search, &ctx.ctl)?)?;
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

    fn ctx() -> Ctx {
        Ctx {
            ctl: grundy::Control::new(),
            full: false,
        }
    }

    #[test]
    fn a_figure_is_drawn_from_its_ruleset_name() {
        let dir = tempfile::tempdir().unwrap();
        let spec = FigureSpec {
            id: "004-odd-nim",
            caption: "odd-nim".into(),
            kind: Kind::Scatter {
                ruleset: "subtraction",
                to: 10,
            },
        };
        // A ruleset that needs parameters cannot be drawn by name alone: reported.
        let r = produce(&spec, &ctx(), dir.path()).unwrap();
        assert!(r.file.is_none() && r.note.contains("needs parameters"), "{}", r.note);
        let spec = FigureSpec {
            kind: Kind::Scatter {
                ruleset: "odd-nim",
                to: 500,
            },
            ..spec
        };
        let r = produce(&spec, &ctx(), dir.path()).unwrap();
        assert_eq!(r.file.as_deref(), Some("004-odd-nim.png"));
        assert!(r.note.contains("largest value 1 (first at n = 1)"), "{}", r.note);
        let bytes = std::fs::read(dir.path().join("004-odd-nim.png")).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
    }

    #[test]
    fn a_missing_ruleset_is_reported_not_produced() {
        let dir = tempfile::tempdir().unwrap();
        let spec = FigureSpec {
            id: "999-x",
            caption: "x".into(),
            kind: Kind::Scatter {
                ruleset: "no-such-ruleset",
                to: 10,
            },
        };
        let r = produce(&spec, &ctx(), dir.path()).unwrap();
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
        let names: Vec<&str> = specs(&ctx())
            .iter()
            .filter_map(|f| match f.kind {
                Kind::Scatter { ruleset, .. } => Some(ruleset),
                Kind::MinHeatmap { .. } => None,
            })
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
