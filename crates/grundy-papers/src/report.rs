//! Finished checks and the report they make, as data that serializes (with serde) to
//! the shape of `report.json`.

use crate::claim::Claim;
use crate::outcome::{Outcome, Verdict};
use serde::Serialize;

/// One finished check: the claim's row and its outcome.
#[derive(Clone, Debug, Serialize)]
pub struct Checked {
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

impl Checked {
    /// Combines a claim and its outcome.
    pub fn new(claim: &Claim, o: Outcome, seconds: f64) -> Checked {
        Checked {
            id: claim.id.to_string(),
            paper: claim.paper().to_string(),
            source: claim.source.to_string(),
            claim: claim.statement.to_string(),
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

/// Verdict counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Claims that hold.
    pub holds: usize,
    /// Conjectures consistent with the computation.
    pub consistent: usize,
    /// Disagreements with a paper.
    pub disagrees: usize,
    /// Refuted conjectures.
    pub counterexamples: usize,
    /// Checks that could not run.
    pub not_run: usize,
}

impl Summary {
    /// Counts the verdicts of `checks`.
    pub fn of(checks: &[Checked]) -> Summary {
        let mut s = Summary::default();
        for c in checks {
            match c.verdict {
                Verdict::Holds => s.holds += 1,
                Verdict::Consistent => s.consistent += 1,
                Verdict::Disagrees { .. } => s.disagrees += 1,
                Verdict::Counterexample { .. } => s.counterexamples += 1,
                Verdict::Error { .. } => s.not_run += 1,
            }
        }
        s
    }
}

/// The whole report (`report.json`).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The version of grundy.
    pub version: &'static str,
    /// `quick` or `full`.
    pub mode: &'static str,
    /// Checks planned.
    pub planned: usize,
    /// Checks that ran.
    pub ran: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Verdict counts.
    pub summary: Summary,
    /// The checks.
    pub checks: Vec<Checked>,
    /// The figures.
    pub figures: Vec<FigureRef>,
}

impl Report {
    /// The report of `checks` (and `figures`), `planned` of them planned.
    pub fn new(checks: Vec<Checked>, figures: Vec<FigureRef>, full: bool, planned: usize, seconds: f64) -> Report {
        Report {
            version: env!("CARGO_PKG_VERSION"),
            mode: if full { "full" } else { "quick" },
            planned,
            ran: checks.len(),
            seconds,
            summary: Summary::of(&checks),
            checks,
            figures,
        }
    }

    /// True in full mode.
    pub fn full(&self) -> bool {
        self.mode == "full"
    }

    /// The paper numbers of the checks, in order, each once.
    pub fn papers(&self) -> Vec<&str> {
        let mut papers: Vec<&str> = self.checks.iter().map(|c| c.paper.as_str()).collect();
        papers.dedup();
        papers
    }
}

/// The seed papers: number and title.
pub const PAPERS: &[(&str, &str)] = &[
    ("000", "Sprague–Grundy value for Common Divisor Nim (Nohagi)"),
    (
        "001",
        "MIN, a combinatorial game having a connection with prime numbers (Cairns & Ho)",
    ),
    ("002", "Delete Nim (Suetsugu & Abuku)"),
    ("003", "Game values of arithmetic functions (Iannucci & Larsson)"),
    ("004", "The Sprague–Grundy theorem: Nim, subtraction games, Odd Nim"),
    (
        "100",
        "Take-and-break games of the literature (Guy & Smith; Kenyon; Austin; Gangolli & Plambeck)",
    ),
    (
        "101",
        "Censuses of octal games against the published tables (Winning Ways; Flammenkamp; tczajka/octal-games)",
    ),
    (
        "102",
        "Misère play (Bouton; Conway; Plambeck & Siegel; Siegel; Plambeck)",
    ),
];

/// The title of paper `p` (`000` …), or `other`.
pub fn paper_title(p: &str) -> &'static str {
    PAPERS.iter().find(|(n, _)| *n == p).map_or("other", |(_, t)| t)
}
