//! The reproduce report: Markdown for people, JSON for scripts.

use super::{Outcome, Spec};
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
    fn label(&self) -> String {
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
    pub fn new(spec: &Spec, o: Outcome, seconds: f64) -> Check {
        Check {
            id: spec.id.to_string(),
            paper: spec.id[..3].to_string(),
            source: spec.source.to_string(),
            claim: spec.claim.to_string(),
            computed: o.computed,
            range: o.range,
            verdict: o.verdict,
            seconds,
        }
    }
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

struct Summary {
    holds: usize,
    consistent: usize,
    disagrees: usize,
    counterexamples: usize,
    errors: usize,
}

fn summary(checks: &[Check]) -> Summary {
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

/// The Markdown report. `figures` lists image files to embed (relative paths).
pub fn markdown(
    checks: &[Check],
    full: bool,
    planned: usize,
    seconds: f64,
    figures: Option<&[(String, String)]>,
) -> String {
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
    let mut papers: Vec<&str> = checks.iter().map(|c| c.paper.as_str()).collect();
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
    if let Some(figs) = figures {
        if !figs.is_empty() {
            let _ = writeln!(out, "## Figures\n");
            for (file, caption) in figs {
                let _ = writeln!(out, "![{caption}]({file})\n\n*{caption}*\n");
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
pub fn json(checks: &[Check], full: bool, planned: usize, seconds: f64) -> anyhow::Result<String> {
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
    })?)
}

/// Writes `report.md` and `report.json` into `dir`.
pub fn write_files(dir: &Path, checks: &[Check], full: bool, planned: usize, seconds: f64) -> anyhow::Result<()> {
    let md = markdown(checks, full, planned, seconds, None);
    std::fs::write(dir.join("report.md"), md)?;
    std::fs::write(dir.join("report.json"), json(checks, full, planned, seconds)?)?;
    Ok(())
}
