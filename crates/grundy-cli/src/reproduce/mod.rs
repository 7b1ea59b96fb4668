//! `grundy reproduce`: the main job. Checks every computable claim of the seed papers
//! (worked examples, theorems over ranges, stated computations) and reports each with
//! its source, what was computed, over what range, and the verdict.
//!
//! A disagreement with a paper is a finding: it is reported with both values, never
//! hidden. The exit status is 0 when every check ran, whatever the verdicts; 2 if some
//! check could not run; 130 if interrupted (the finished checks are still reported).

mod figures;
mod games;
mod html;
mod paper000;
mod paper001;
mod paper002;
mod paper003;
mod paper003_loopy;
mod paper004;
mod periodicity;
mod report;

use crate::commands::{EXIT_ERROR, EXIT_INTERRUPTED};
use grundy::Control;
use report::{Check, Extras, Verdict};
use std::path::PathBuf;
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

/// What a check function gets.
pub struct Ctx {
    /// Run control (memory limit, cancellation).
    pub ctl: Control,
    /// `--full`: larger ranges.
    pub full: bool,
}

impl Ctx {
    /// Picks the quick or the full size.
    pub fn size(&self, quick: u64, full: u64) -> u64 {
        if self.full {
            full
        } else {
            quick
        }
    }
}

/// The result of one check: what was computed, over what range, and the verdict.
pub struct Outcome {
    /// What we computed (values, counts, first counterexample, …).
    pub computed: String,
    /// Over what range.
    pub range: String,
    /// The verdict.
    pub verdict: Verdict,
}

impl Outcome {
    /// A claim that holds.
    pub fn holds(computed: impl Into<String>, range: impl Into<String>) -> Outcome {
        Outcome {
            computed: computed.into(),
            range: range.into(),
            verdict: Verdict::Holds,
        }
    }

    /// Compares the paper's value with ours (as text): holds if equal, else a
    /// disagreement showing both.
    pub fn compare(
        paper: impl ToString,
        ours: impl ToString,
        computed: impl Into<String>,
        range: impl Into<String>,
    ) -> Outcome {
        let (paper, ours) = (paper.to_string(), ours.to_string());
        let verdict = if paper == ours {
            Verdict::Holds
        } else {
            Verdict::Disagrees { paper, ours }
        };
        Outcome {
            computed: computed.into(),
            range: range.into(),
            verdict,
        }
    }

    /// The outcome of a closed form checked against search ([`grundy::analysis::verify`]):
    /// holds if they agree on every position, else the first disagreement with both
    /// values (the paper's formula and our search).
    pub fn from_verify(r: grundy::analysis::verify::VerifyReport, range: impl Into<String>) -> Outcome {
        match r.mismatch {
            None => Outcome::holds(
                format!("search agrees with the closed form on {} positions", r.checked),
                range,
            ),
            Some(x) => Outcome::check(
                false,
                format!("first disagreement at {}", x.position),
                range,
                x.formula,
                x.search,
            ),
        }
    }

    /// Holds if `ok`, else a disagreement with the given values.
    pub fn check(
        ok: bool,
        computed: impl Into<String>,
        range: impl Into<String>,
        paper: impl ToString,
        ours: impl ToString,
    ) -> Outcome {
        let verdict = if ok {
            Verdict::Holds
        } else {
            Verdict::Disagrees {
                paper: paper.to_string(),
                ours: ours.to_string(),
            }
        };
        Outcome {
            computed: computed.into(),
            range: range.into(),
            verdict,
        }
    }
}

/// A check written out in a paper module: its identity and source, the paper's claim,
/// and the function computing it.
pub struct Spec {
    /// Stable identifier, `PPP-…` with the paper number first.
    pub id: &'static str,
    /// Paper, section or theorem.
    pub source: &'static str,
    /// The claim, as the paper states it.
    pub claim: &'static str,
    /// Computes the outcome.
    pub run: fn(&Ctx) -> anyhow::Result<Outcome>,
}

/// The computation of a check.
pub type RunFn = Box<dyn Fn(&Ctx) -> anyhow::Result<Outcome>>;

/// A check as the runner takes it; built from a [`Spec`], or directly for checks
/// generated from data (one per printed table).
pub struct Job {
    /// Stable identifier, `PPP-…` with the paper number first.
    pub id: String,
    /// Paper, section or theorem.
    pub source: String,
    /// The claim, as the paper states it.
    pub claim: String,
    /// Computes the outcome.
    pub run: RunFn,
}

impl From<Spec> for Job {
    fn from(s: Spec) -> Job {
        Job {
            id: s.id.to_string(),
            source: s.source.to_string(),
            claim: s.claim.to_string(),
            run: Box::new(s.run),
        }
    }
}

fn jobs(specs: Vec<Spec>) -> impl Iterator<Item = Job> {
    specs.into_iter().map(Job::from)
}

fn all_specs() -> Vec<Job> {
    let mut v: Vec<Job> = Vec::new();
    v.extend(jobs(paper000::specs()));
    v.extend(jobs(paper001::specs()));
    v.extend(jobs(paper002::specs()));
    v.extend(paper003::jobs());
    v.extend(jobs(paper003_loopy::specs()));
    v.extend(jobs(paper004::specs()));
    v.extend(jobs(periodicity::specs()));
    // Run and report paper by paper (the sort is stable: each file's order is kept).
    v.sort_by(|a, b| a.id[..3].cmp(&b.id[..3]));
    v
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let ctx = Ctx {
        ctl: ctl.clone(),
        full: a.full,
    };
    let selected = |id: &str| a.only.as_deref().is_none_or(|p| id.starts_with(p));
    let specs: Vec<Job> = all_specs().into_iter().filter(|s| selected(&s.id)).collect();
    let figure_specs: Vec<figures::FigureSpec> = match &a.out {
        Some(_) => figures::specs(&ctx).into_iter().filter(|f| selected(f.id)).collect(),
        None => Vec::new(),
    };
    let mut extras = Extras { figures: Vec::new() };
    if specs.is_empty() && figure_specs.is_empty() {
        anyhow::bail!("no check id starts with '{}'", a.only.unwrap_or_default());
    }
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let total = specs.len();
    let mut checks: Vec<Check> = Vec::with_capacity(total);
    let mut interrupted = false;
    let started = Instant::now();
    for (i, spec) in specs.iter().enumerate() {
        eprintln!("[{}/{total}] {} — {}", i + 1, spec.id, spec.source);
        let t = Instant::now();
        let outcome = (spec.run)(&ctx);
        let seconds = t.elapsed().as_secs_f64();
        let outcome = match outcome {
            Ok(o) => o,
            Err(e) => {
                if matches!(e.downcast_ref::<grundy::Error>(), Some(grundy::Error::Interrupted)) || ctl.cancelled() {
                    interrupted = true;
                    break;
                }
                Outcome {
                    computed: String::new(),
                    range: String::new(),
                    verdict: Verdict::Error(format!("{e:#}")),
                }
            }
        };
        checks.push(Check::new(spec, outcome, seconds));
        if let Some(dir) = &a.out {
            // Written after every check, so an interrupted run keeps what it finished.
            report::write_files(dir, &checks, a.full, total, started.elapsed().as_secs_f64(), &extras)?;
        }
    }
    if let Some(dir) = &a.out {
        for (i, f) in figure_specs.iter().enumerate() {
            if interrupted {
                break;
            }
            eprintln!("[figure {}/{}] {}", i + 1, figure_specs.len(), f.id);
            match figures::produce(f, &ctx, dir) {
                Ok(r) => {
                    if r.file.is_none() {
                        eprintln!("  {}", r.note);
                    }
                    extras.figures.push(r);
                }
                Err(_) => interrupted = true,
            }
        }
    }
    let md = report::markdown(&checks, a.full, total, started.elapsed().as_secs_f64(), Some(&extras));
    print!("{md}");
    if let Some(dir) = &a.out {
        report::write_files(dir, &checks, a.full, total, started.elapsed().as_secs_f64(), &extras)?;
        eprintln!(
            "wrote {0}/report.md, report.json, report.html and {1} figures",
            dir.display(),
            extras.figures.iter().filter(|f| f.file.is_some()).count()
        );
    }
    if interrupted {
        eprintln!(
            "grundy: interrupted after {} of {total} checks; the report covers the finished ones",
            checks.len()
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    if checks.iter().any(|c| matches!(c.verdict, Verdict::Error(_))) {
        return Ok(ExitCode::from(EXIT_ERROR));
    }
    Ok(ExitCode::SUCCESS)
}
