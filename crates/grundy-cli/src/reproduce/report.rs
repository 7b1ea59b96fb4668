//! The Markdown report (the JSON report is the serde form of [`Report`]).

use grundy_papers::{paper_title, Checked, Report};
use std::fmt::Write as _;

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The Markdown report, with the figures embedded by relative path.
pub fn markdown(r: &Report) -> String {
    let s = &r.summary;
    let full = r.full();
    let mut out = String::new();
    let _ = writeln!(out, "# grundy reproduce: the claims of the seed papers, checked\n");
    let _ = writeln!(
        out,
        "grundy {} · {} mode{} · {} of {} checks ran in {:.1} s\n",
        r.version,
        r.mode,
        if full {
            ""
        } else {
            " (`grundy reproduce --full` for the larger ranges)"
        },
        r.ran,
        r.planned,
        r.seconds
    );
    let _ = writeln!(
        out,
        "**{} hold, {} consistent (conjectures), {} disagree with the paper, {} counterexamples, {} not run.**\n",
        s.holds, s.consistent, s.disagrees, s.counterexamples, s.not_run
    );
    let _ = writeln!(
        out,
        "Every value below was computed by grundy from the rules of the games (search), and compared with \
         the paper's statement or with the closed form it proves. A disagreement is reported with both values.\n"
    );
    let findings: Vec<&Checked> = r.checks.iter().filter(|c| !c.verdict.confirms()).collect();
    if !findings.is_empty() {
        let _ = writeln!(out, "## Findings\n");
        let _ = writeln!(
            out,
            "Where the computation does not confirm a paper's statement (details in the tables below):\n"
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
    for p in r.papers() {
        let _ = writeln!(out, "## Paper {p}: {}\n", paper_title(p));
        let _ = writeln!(out, "| id | source | claim | computed | range | verdict |");
        let _ = writeln!(out, "|---|---|---|---|---|---|");
        for c in r.checks.iter().filter(|c| c.paper == p) {
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
    if !r.figures.is_empty() {
        let _ = writeln!(out, "## Figures\n");
        for f in &r.figures {
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
    out
}
