//! `grundy reproduce`: the main job. Runs every claim of the seed papers (the rows of
//! the `grundy-papers` crate) and reports each with its source, what was computed,
//! over what range, and the verdict. This module is the runner; [`report`] and
//! [`html`] render, [`figures`] draws the figure rows.
//!
//! A disagreement with a paper is a finding: it is reported with both values, never
//! hidden. The exit status is 0 when every check ran, whatever the verdicts; 2 if some
//! check could not run; 130 if interrupted (the finished checks are still reported).

mod figures;
mod html;
mod report;

use crate::commands::{EXIT_ERROR, EXIT_INTERRUPTED};
use crate::output::{check_writable, stdout, write_atomically};
use grundy::Control;
use grundy_papers::{Checked, Claim, Context, FigureRef, Report, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `grundy reproduce`.
#[derive(clap::Args)]
pub struct Args {
    /// Also write report.md, report.json, report.html and the papers' figures (PNG)
    /// into this directory.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Larger ranges (minutes instead of under a minute).
    #[arg(long)]
    full: bool,
    /// Run only the checks whose id starts with this prefix (e.g. 001 or 002-thm4).
    #[arg(long, value_name = "PREFIX")]
    only: Option<String>,
}

/// The report files written into `--out DIR`.
const REPORT_FILES: [&str; 3] = ["report.md", "report.json", "report.html"];

/// Writes `report.md`, `report.json` and `report.html` (self-contained: the figures are
/// inlined) into `dir`, each atomically (a file is the old or the new report, never a
/// truncated one). Errors name the file.
fn write_files(dir: &Path, r: &Report) -> anyhow::Result<()> {
    let [md, json, page] = REPORT_FILES.map(|f| dir.join(f));
    write_atomically(&md, report::markdown(r).as_bytes())?;
    write_atomically(&json, serde_json::to_string_pretty(r)?.as_bytes())?;
    let html = html::page(dir, r).map_err(|e| anyhow::anyhow!("cannot write {}: {e:#}", page.display()))?;
    write_atomically(&page, html.as_bytes())
}

/// The smallest work limit of the main job's checks.
const REPRODUCE_WORK: u64 = 1_000_000_000_000;

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    // The checks' ranges are fixed and known to finish (the quick mode in under a
    // minute, --full in about ten): their work is not refused below 10^12 options.
    let control = ctl.clone().with_work_limit(ctl.work_limit().max(REPRODUCE_WORK));
    let ctx = Context { control, full: a.full };
    let selected = |c: &Claim| a.only.as_deref().is_none_or(|p| c.id.starts_with(p));
    let (figure_claims, claims): (Vec<Claim>, Vec<Claim>) = grundy_papers::claims()
        .into_iter()
        .filter(selected)
        .partition(Claim::is_figure);
    let figure_claims = if a.out.is_some() { figure_claims } else { Vec::new() };
    if claims.is_empty() && figure_claims.is_empty() {
        anyhow::bail!("no check id starts with '{}'", a.only.unwrap_or_default());
    }
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        // Every file can be created, before the long run.
        for f in REPORT_FILES {
            check_writable(&dir.join(f))?;
        }
        for f in &figure_claims {
            check_writable(&dir.join(format!("{}.png", f.id)))?;
        }
    }
    let total = claims.len();
    let started = Instant::now();
    let report = |checks: &[Checked], figures: &[FigureRef]| {
        Report::new(
            checks.to_vec(),
            figures.to_vec(),
            a.full,
            total,
            started.elapsed().as_secs_f64(),
        )
    };
    let mut checks: Vec<Checked> = Vec::with_capacity(total);
    let mut figures: Vec<FigureRef> = Vec::new();
    let mut interrupted = false;
    let mut write_error: Option<anyhow::Error> = None;
    for (i, claim) in claims.iter().enumerate() {
        crate::eprintln_quiet!("[{}/{total}] {} — {}", i + 1, claim.id, claim.source);
        match grundy_papers::check(claim, &ctx) {
            Ok(c) => checks.push(c),
            Err(_) => {
                interrupted = true;
                break;
            }
        }
        if let (Some(dir), None) = (&a.out, &write_error) {
            // Written after every check, so an interrupted run keeps what it finished.
            // A failed write (a full disk) stops the writing, not the run: the report
            // still goes to stdout, and the error is reported at the end.
            write_error = write_files(dir, &report(&checks, &figures)).err();
        }
    }
    if let Some(dir) = &a.out {
        for (i, f) in figure_claims.iter().enumerate() {
            if interrupted {
                break;
            }
            crate::eprintln_quiet!("[figure {}/{}] {}", i + 1, figure_claims.len(), f.id);
            match figures::produce(f, &ctx, dir) {
                Ok((r, written)) => {
                    if r.file.is_none() {
                        crate::eprintln_quiet!("  {}", r.note);
                    }
                    figures.push(r);
                    // Like a report file: the run goes on, the error ends it.
                    if write_error.is_none() {
                        write_error = written;
                    }
                }
                Err(_) => interrupted = true,
            }
        }
    }
    let r = report(&checks, &figures);
    // The files are written even when stdout fails; that error is reported after them.
    let printed = stdout(|w| w.write_all(report::markdown(&r).as_bytes()));
    if let Some(dir) = &a.out {
        if write_error.is_none() {
            write_error = write_files(dir, &r).err();
        }
        if let Some(e) = write_error {
            return Err(match printed {
                Ok(()) => anyhow::anyhow!("{e:#} (the report was printed to stdout)"),
                Err(p) => anyhow::anyhow!("{e:#} ({p:#})"),
            });
        }
        crate::eprintln_quiet!(
            "wrote {0}/report.md, report.json, report.html and {1} figures",
            dir.display(),
            figures.iter().filter(|f| f.file.is_some()).count()
        );
    }
    printed?;
    if interrupted {
        crate::eprintln_quiet!(
            "grundy: interrupted after {} of {total} checks; the report covers the finished ones",
            checks.len()
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    if checks.iter().any(|c| matches!(c.verdict, Verdict::Error { .. })) {
        return Ok(ExitCode::from(EXIT_ERROR));
    }
    Ok(ExitCode::SUCCESS)
}
