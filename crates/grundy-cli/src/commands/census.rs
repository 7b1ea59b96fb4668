//! `grundy census FAMILY`: the status of every code of a family (trivial, periodic
//! with its certificate, or open to the heap reached; with `--play misere`, its misère
//! quotient, solved or partial), on all cores, resumable with `--out DIR`
//! ([`grundy::analysis::census`]).

use super::value::PlayArg;
use crate::output::{print_json, stdout};
use anyhow::Result;
use grundy::analysis::census::{self, CensusRow, Observer, Outcome, Output, Params, Play};
use grundy::Control;
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Output formats of `census`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum CensusFormat {
    /// Tables in the form of the literature's (trivial, periodic, open, lookup).
    #[default]
    Markdown,
    /// One array of the census objects.
    Json,
    /// A header and one line per code.
    Csv,
}

/// Arguments of `grundy census`.
#[derive(clap::Args)]
pub struct Args {
    /// The family: octal:K (codes d0.d1…dK, d0 ∈ {0, 4}), hex:K (hexadecimal digits,
    /// d0 ∈ {0, 4, 8, C}), subtraction:N (every subtraction set within {1..N}), or a
    /// file of codes, one per line.
    family: String,
    /// The last heap each code is computed to (the search stops earlier once a period
    /// is proven, or a misère quotient solved); e.g. 2^20. Default: 65536, or
    /// 64 with --play misere.
    #[arg(long, value_parser = super::bound::parse_count)]
    to: Option<u64>,
    /// A directory for census.jsonl (appended as each code finishes; a rerun resumes),
    /// the certificates, census.csv and census.md.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Codes computed at the same time, each with its share of the memory limit
    /// (default: every core).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,
    /// What is printed at the end.
    #[arg(long, value_enum, default_value_t)]
    format: CensusFormat,
    /// Play convention: normal (nim-values and their periods) or misere (misère
    /// quotients, Plambeck & Siegel 2008: where |Q| grows, solved or partial).
    #[arg(long, value_enum, default_value_t)]
    play: PlayArg,
}

/// The default `--to` of a misère census: the quotient engine's work grows far faster
/// with the heap than the values' (docs/choices.md, "Censuses").
const MISERE_TO: u64 = 64;

/// The progress bar: codes done of the total, the slowest code still running, and an
/// ETA (indicatif's, from the codes done).
struct Progress {
    bar: ProgressBar,
    running: Mutex<HashMap<String, Instant>>,
}

impl Progress {
    fn new(total: u64, done: u64) -> Progress {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("codes {pos}/{len} [{bar:30}] {elapsed}, eta {eta}; {msg}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_position(done);
        bar.reset_eta();
        Progress {
            bar,
            running: Mutex::new(HashMap::new()),
        }
    }

    /// The slowest code running, shown in the message.
    fn refresh(&self) {
        let slowest = self
            .running
            .lock()
            .ok()
            .and_then(|r| r.iter().min_by_key(|(_, t)| **t).map(|(c, t)| (c.clone(), t.elapsed())));
        if let Some((code, t)) = slowest {
            self.bar
                .set_message(format!("slowest running: {code} ({} s)", t.as_secs()));
        }
    }
}

impl Observer for Progress {
    fn started(&self, code: &str) {
        if let Ok(mut r) = self.running.lock() {
            r.insert(code.to_string(), Instant::now());
        }
        self.refresh();
    }
    fn finished(&self, code: &str) {
        if let Ok(mut r) = self.running.lock() {
            r.remove(code);
        }
        self.bar.inc(1);
        self.refresh();
    }
}

/// How one play convention's census runs: a code, its probe.
struct Engine<'a, R> {
    run: &'a (dyn Fn(&str, &Control) -> grundy::Result<Outcome<R>> + Sync),
    probe: &'a (dyn Fn(&str, &Control) -> grundy::Result<u64> + Sync),
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    let jobs = a
        .jobs
        .map(|j| j as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let codes = census::members(&a.family, ctl)?;
    let play = Play::from(a.play);
    let to = a.to.unwrap_or(match play {
        Play::Normal => 65536,
        Play::Misere => MISERE_TO,
    });
    let params = Params {
        family: a.family.clone(),
        to,
        max_work: ctl.work_limit(),
        play,
    };
    match play {
        Play::Normal => {
            census::check_memory(&codes, to, jobs, ctl)?;
            let engine = Engine {
                run: &|c, s| census::run_code(c, to, s),
                probe: &|c, s| census::probe(c, to, s),
            };
            run_census(&a, &codes, &params, jobs, &engine, ctl)
        }
        Play::Misere => {
            census::misere::check_codes(&codes, ctl)?;
            let engine = Engine {
                run: &|c, s| census::misere::run_code(c, to, s),
                probe: &|c, s| census::misere::probe(c, to, s),
            };
            run_census(&a, &codes, &params, jobs, &engine, ctl)
        }
    }
}

/// The census directory `dir`, opened and its rows from an earlier run checked
/// against their certificates on `jobs` threads: a row that is not trusted is
/// dropped (its code runs again) with a warning naming it and the reason.
///
/// # Errors
/// Those of [`Output::open`] and [`Output::check_resumed`] ([`grundy::Error::Interrupted`]
/// by Ctrl-C during the check, which changes nothing).
fn resumed<R: CensusRow>(
    dir: &std::path::Path,
    params: &Params,
    codes: &[String],
    jobs: usize,
    ctl: &Control,
) -> grundy::Result<Output<R>> {
    let mut out = Output::<R>::open(dir, params, codes)?;
    for u in out.check_resumed(jobs, ctl)? {
        crate::eprintln_quiet!("grundy: warning: {u}");
    }
    Ok(out)
}

/// The census of `codes` with the rows of one play convention: resumed from `--out`,
/// run in parallel, printed.
fn run_census<R: CensusRow>(
    a: &Args,
    codes: &[String],
    params: &Params,
    jobs: usize,
    engine: &Engine<'_, R>,
    ctl: &Control,
) -> Result<ExitCode> {
    let output = match &a.out {
        Some(dir) => Some(resumed::<R>(dir, params, codes, jobs, ctl)?),
        None => None,
    };
    let todo: Vec<String> = codes
        .iter()
        .filter(|c| !output.as_ref().is_some_and(|o| o.is_done(c)))
        .cloned()
        .collect();
    if let (Some(o), false) = (&output, todo.len() == codes.len()) {
        crate::eprintln_quiet!(
            "grundy: resuming {}: {} of {} codes done",
            o.dir().display(),
            codes.len() - todo.len(),
            codes.len()
        );
    }
    let progress = Progress::new(codes.len() as u64, (codes.len() - todo.len()) as u64);
    let ticker = {
        let bar = progress.bar.clone();
        bar.enable_steady_tick(Duration::from_millis(500));
        bar
    };
    let result = census::by_cost(&todo, jobs, ctl, engine.probe).and_then(|ordered| {
        let output = Mutex::new((output, Vec::<R>::new()));
        let record = |o: Outcome<R>| -> grundy::Result<()> {
            let mut g = output.lock().map_err(|_| grundy::Error::Interrupted)?;
            match &mut g.0 {
                Some(out) => out.record(o),
                None => {
                    g.1.push(o.row);
                    Ok(())
                }
            }
        };
        let run = census::run_each(&ordered, jobs, ctl, engine.run, &record, &progress);
        let (out, rows) = output.into_inner().unwrap_or_else(|e| e.into_inner());
        run.map(|()| (out, rows))
    });
    ticker.finish_and_clear();
    // The error, and where the finished codes are (an error about a limit keeps its
    // type, for the hint on how the limit was set).
    let resume = |e: anyhow::Error| match &a.out {
        Some(dir)
            if e.downcast_ref::<grundy::Error>()
                .is_some_and(|g| matches!(g, grundy::Error::Input(_) | grundy::Error::File { .. })) =>
        {
            anyhow::anyhow!(
                "{e}; the finished codes are kept in {}: rerun the same command to resume",
                dir.join(census::ROWS_FILE).display()
            )
        }
        _ => e,
    };
    let (out, rows) = match result {
        Ok(x) => x,
        Err(grundy::Error::Interrupted) => {
            if let Some(dir) = &a.out {
                let rows = dir.join(census::ROWS_FILE);
                if rows.exists() {
                    crate::eprintln_quiet!(
                        "grundy: stopped; the finished codes are in {}: rerun the same command to resume",
                        rows.display()
                    );
                } else {
                    // No code had finished: there is no census.jsonl to point to.
                    crate::eprintln_quiet!(
                        "grundy: stopped before any code finished; {} holds the census's parameters: rerun the same command to start it again",
                        dir.display()
                    );
                }
            }
            return Err(grundy::Error::Interrupted.into());
        }
        Err(e) => return Err(resume(anyhow::Error::new(e))),
    };
    let rows = match out {
        Some(mut o) => o.finish().map_err(|e| resume(anyhow::Error::new(e)))?,
        None => census::complete_in_order(rows, codes),
    };
    match a.format {
        CensusFormat::Json => print_json(&rows),
        CensusFormat::Csv => stdout(|w| w.write_all(R::csv(&rows).as_bytes())),
        CensusFormat::Markdown => stdout(|w| w.write_all(R::markdown(&rows).as_bytes())),
    }
    .map(|()| ExitCode::SUCCESS)
}
