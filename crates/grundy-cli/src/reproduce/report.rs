//! The reproduce report: Markdown for people, JSON for scripts.

use super::{Job, Outcome};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// A check's verdict.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Verdict {
    /// The claim holds on the computed range.
    Holds,
    /// A conjecture or open observation is consistent with the computation.
    Consistent,
    /// The computation disagrees with the paper.
    Disagrees {
        /// What the paper says.
        paper: String,
        /// What we computed.
        ours: String,
    },
    /// A conjecture fails: the counterexample.
    Counterexample {
        /// The counterexample.
        detail: String,
    },
    /// The check could not run.
    Error(String),
}

impl Verdict {
    pub(super) fn label(&self) -> String {
        match self {
            Verdict::Holds => "holds".into(),
            Verdict::Consistent => "consistent".into(),
            Verdict::Disagrees { paper, ours } => format!("DISAGREES — paper: {paper}; ours: {ours}"),
            Verdict::Counterexample { detail } => format!("COUNTEREXAMPLE — {detail}"),
            Verdict::Error(e) => format!("NOT RUN — {e}"),
        }
    }
}

/// One finished check.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// Identifier.
    pub id: String,
    /// Paper number (`000` …).
    pub paper: String,
    /// Paper, section or theorem.
    pub source: String,
    /// The claim.
    pub claim: String,
    /// What was computed.
    pub computed: String,
    /// Over what range.
    pub range: String,
    /// Verdict.
    pub verdict: Verdict,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Check {
    /// Combines a spec and its outcome.
    pub fn new(spec: &Job, o: Outcome, seconds: f64) -> Check {
        Check {
            id: spec.id.clone(),
            paper: spec.id[..3].to_string(),
            source: spec.source.clone(),
            claim: spec.claim.clone(),
            computed: o.computed,
            range: o.range,
            verdict: o.verdict,
            seconds,
        }
    }
}

/// A figure written beside the report (or one that could not be drawn).
#[derive(Clone, Debug, Serialize)]
pub struct FigureRef {
    /// Identifier (`PPP-…`).
    pub id: String,
    /// File name relative to the report, if the figure was drawn.
    pub file: Option<String>,
    /// Caption.
    pub caption: String,
    /// What was computed, or why the figure was not produced.
    pub note: String,
}

/// What the report says besides the checks: the figures.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Extras {
    /// The figures, drawn or not.
    pub figures: Vec<FigureRef>,
}

/// Paper titles, by number.
pub fn paper_title(p: &str) -> &'static str {
    match p {
        "000" => "Sprague–Grundy value for Common Divisor Nim (Nohagi)",
        "001" => "MIN, a combinatorial game having a connection with prime numbers (Cairns & Ho)",
        "002" => "Delete Nim (Suetsugu & Abuku)",
        "003" => "Game values of arithmetic functions (Iannucci & Larsson)",
        "004" => "The Sprague–Grundy theorem: Nim, subtraction games, Odd Nim",
        _ => "other",
    }
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// Verdict counts.
pub(super) struct Summary {
    pub(super) holds: usize,
    pub(super) consistent: usize,
    pub(super) disagrees: usize,
    pub(super) counterexamples: usize,
    pub(super) errors: usize,
}

pub(super) fn summary(checks: &[Check]) -> Summary {
    let mut s = Summary {
        holds: 0,
        consistent: 0,
        disagrees: 0,
        counterexamples: 0,
        errors: 0,
    };
    for c in checks {
        match c.verdict {
            Verdict::Holds => s.holds += 1,
            Verdict::Consistent => s.consistent += 1,
            Verdict::Disagrees { .. } => s.disagrees += 1,
            Verdict::Counterexample { .. } => s.counterexamples += 1,
            Verdict::Error(_) => s.errors += 1,
        }
    }
    s
}

/// The Markdown report; `extras` adds the figures (embedded by relative path) and the
/// checks left out of this build.
pub fn markdown(checks: &[Check], full: bool, planned: usize, seconds: f64, extras: Option<&Extras>) -> String {
    let s = summary(checks);
    let mut out = String::new();
    let _ = writeln!(out, "# grundy reproduce: the claims of the seed papers, checked\n");
    let _ = writeln!(
        out,
        "grundy {} · {} mode{} · {} of {planned} checks ran in {seconds:.1} s\n",
        env!("CARGO_PKG_VERSION"),
        if full { "full" } else { "quick" },
        if full {
            ""
        } else {
            " (`grundy reproduce --full` for the larger ranges)"
        },
        checks.len()
    );
    let _ = writeln!(
        out,
        "**{} hold, {} consistent (conjectures), {} disagree with the paper, {} counterexamples, {} not run.**\n",
        s.holds, s.consistent, s.disagrees, s.counterexamples, s.errors
    );
    let _ = writeln!(
        out,
        "Every value below was computed by grundy from the rules of the games (search), and compared with \
         the paper's statement or with the closed form it proves. A disagreement is reported with both values.\n"
    );
    let findings: Vec<&Check> = checks
        .iter()
        .filter(|c| !matches!(c.verdict, Verdict::Holds | Verdict::Consistent))
        .collect();
    if !findings.is_empty() {
        let _ = writeln!(
            out,
            "## Findings
"
        );
        let _ = writeln!(
            out,
            "Where the computation does not confirm a paper's statement (details in the tables below):
"
        );
        for c in findings {
            let _ = writeln!(
                out,
                "- **{}** ({}): {} — {}",
                c.id,
                c.source,
                c.claim,
                c.verdict.label()
            );
        }
        let _ = writeln!(out);
    }
    let mut papers: Vec<&str> = checks.iter().map(|c| c.paper.as_str()).collect();
    papers.sort_unstable();
    papers.dedup();
    for p in papers {
        let _ = writeln!(out, "## Paper {p}: {}\n", paper_title(p));
        let _ = writeln!(out, "| id | source | claim | computed | range | verdict |");
        let _ = writeln!(out, "|---|---|---|---|---|---|");
        for c in checks.iter().filter(|c| c.paper == p) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                cell(&c.id),
                cell(&c.source),
                cell(&c.claim),
                cell(&c.computed),
                cell(&c.range),
                cell(&c.verdict.label())
            );
        }
        let _ = writeln!(out);
    }
    if let Some(x) = extras {
        if !x.figures.is_empty() {
            let _ = writeln!(out, "## Figures\n");
            for f in &x.figures {
                match &f.file {
                    Some(file) => {
                        let _ = writeln!(out, "![{}]({file})\n\n*{}* ({})\n", f.id, f.caption, f.note);
                    }
                    None => {
                        let _ = writeln!(out, "- **{}** — {} — {}\n", f.id, f.caption, f.note);
                    }
                }
            }
        }
    }
    out
}

#[derive(Serialize)]
struct JsonReport<'a> {
    version: &'static str,
    mode: &'static str,
    planned: usize,
    ran: usize,
    seconds: f64,
    summary: JsonSummary,
    checks: &'a [Check],
    figures: &'a [FigureRef],
}

#[derive(Serialize)]
struct JsonSummary {
    holds: usize,
    consistent: usize,
    disagrees: usize,
    counterexamples: usize,
    not_run: usize,
}

/// The JSON report.
pub fn json(checks: &[Check], full: bool, planned: usize, seconds: f64, extras: &Extras) -> anyhow::Result<String> {
    let s = summary(checks);
    Ok(serde_json::to_string_pretty(&JsonReport {
        version: env!("CARGO_PKG_VERSION"),
        mode: if full { "full" } else { "quick" },
        planned,
        ran: checks.len(),
        seconds,
        summary: JsonSummary {
            holds: s.holds,
            consistent: s.consistent,
            disagrees: s.disagrees,
            counterexamples: s.counterexamples,
            not_run: s.errors,
        },
        checks,
        figures: &extras.figures,
    })?)
}

/// Writes `report.md`, `report.json` and `report.html` (self-contained: the figures are
/// inlined) into `dir`.
pub fn write_files(
    dir: &Path,
    checks: &[Check],
    full: bool,
    planned: usize,
    seconds: f64,
    extras: &Extras,
) -> anyhow::Result<()> {
    let md = markdown(checks, full, planned, seconds, Some(extras));
    std::fs::write(dir.join("report.md"), md)?;
    std::fs::write(dir.join("report.json"), json(checks, full, planned, seconds, extras)?)?;
    let html = super::html::page(dir, checks, full, planned, seconds, extras)?;
    std::fs::write(dir.join("report.html"), html)?;
    Ok(())
}
