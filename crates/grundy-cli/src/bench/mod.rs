//! `grundy bench`: the speed and memory benchmarks behind the requirements listed in the
//! README (Benchmarks).
//!
//! Each benchmark runs in a child process (so its peak memory, read from
//! `/proc/self/status`, is its own) and times its target together with a baseline
//! measured in the same run; the report gives seconds, the ratio target/baseline and
//! the peak resident memory. Machines are noisy: compare ratios, not seconds.
//!
//! One file per area registers its benchmarks in [`all`].

mod arithmetic;
mod census;
mod core;
mod games;
mod loopy;
mod min;
mod misere;
mod print;
mod take_break;

use crate::output::{print_json, stdout, Format};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `grundy bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Run only the benchmarks whose name starts with this prefix.
    filter: Option<String>,
    /// List the benchmarks without running them.
    #[arg(long)]
    list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Run each benchmark N times (1–100), each run in its own process timing the
    /// baseline and the target one after the other, and report the medians: the
    /// seconds of each side and the ratio of each run, with the least and largest
    /// ratio (a shared machine's load changes from run to run).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_repeat)]
    repeat: u32,
    /// Internal: run one benchmark in this process and print its result as JSON.
    #[arg(long, hide = true)]
    child: Option<String>,
}

/// `--repeat N`: a count written as every count is (`10`, `1e1`), from 1 to 100.
fn parse_repeat(s: &str) -> Result<u32, String> {
    match crate::bound::parse_count(s)? {
        n @ 1..=100 => Ok(n as u32),
        n => Err(format!("{n} is not in 1..=100")),
    }
}

/// A benchmark: a target workload and a baseline workload, timed in the same run.
pub struct Bench {
    /// Name (`area/what`).
    pub name: &'static str,
    /// What the target computes.
    pub target: &'static str,
    /// What the baseline computes.
    pub baseline: &'static str,
    /// The requirement it stands for, citing the docs that state it, or "".
    pub requirement: &'static str,
    /// Runs the target; returns a short check string (e.g. a value) so that the work
    /// cannot be optimised away and the result can be eyeballed.
    pub run_target: fn() -> Result<String>,
    /// Runs the baseline.
    pub run_baseline: fn() -> Result<String>,
}

/// A benchmark's measurements.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Measurement {
    /// Benchmark name.
    pub name: String,
    /// Target description.
    pub target: String,
    /// Baseline description.
    pub baseline: String,
    /// Requirement.
    pub requirement: String,
    /// Target wall-clock seconds.
    pub target_seconds: f64,
    /// Baseline wall-clock seconds.
    pub baseline_seconds: f64,
    /// target_seconds / baseline_seconds (with `--repeat`, the median of the runs'
    /// ratios).
    pub ratio: f64,
    /// The runs measured (`--repeat`, 1 by default).
    #[serde(default = "one")]
    pub runs: u32,
    /// The least of the runs' ratios.
    #[serde(default)]
    pub ratio_low: f64,
    /// The largest of the runs' ratios.
    #[serde(default)]
    pub ratio_high: f64,
    /// Peak resident memory of the child process, bytes.
    pub peak_bytes: u64,
    /// The target's result summary.
    pub target_result: String,
    /// The baseline's result summary.
    pub baseline_result: String,
}

/// A benchmark as `bench --list --format json` lists it.
#[derive(Serialize)]
struct Listed {
    name: &'static str,
    target: &'static str,
    baseline: &'static str,
    requirement: &'static str,
}

impl From<&Bench> for Listed {
    fn from(b: &Bench) -> Self {
        Listed {
            name: b.name,
            target: b.target,
            baseline: b.baseline,
            requirement: b.requirement,
        }
    }
}

fn one() -> u32 {
    1
}

/// The median of `v` (nonempty): its middle element, or the mean of the two middle ones.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// One measurement of `runs` (nonempty, of one benchmark): the medians of the seconds
/// and of the ratios, the least and largest ratio, the largest peak memory, and the
/// first run's results.
fn combine(runs: Vec<Measurement>) -> Measurement {
    let ratios: Vec<f64> = runs.iter().map(|m| m.ratio).collect();
    let mut m = runs[0].clone();
    m.runs = runs.len() as u32;
    m.ratio_low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
    m.ratio_high = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    m.ratio = median(ratios);
    m.target_seconds = median(runs.iter().map(|r| r.target_seconds).collect());
    m.baseline_seconds = median(runs.iter().map(|r| r.baseline_seconds).collect());
    m.peak_bytes = runs.iter().map(|r| r.peak_bytes).max().unwrap_or(0);
    m
}

fn all() -> Vec<Bench> {
    let mut v = Vec::new();
    v.extend(core::benches());
    v.extend(arithmetic::benches());
    v.extend(loopy::benches());
    v.extend(min::benches());
    v.extend(print::benches());
    v.extend(take_break::benches());
    v.extend(games::benches());
    v.extend(census::benches());
    v.extend(misere::benches());
    v
}

fn peak_rss() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|r| r.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

fn run_child(b: &Bench) -> Result<Measurement> {
    let t = Instant::now();
    let baseline_result = (b.run_baseline)()?;
    let baseline_seconds = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let target_result = (b.run_target)()?;
    let target_seconds = t.elapsed().as_secs_f64();
    let ratio = target_seconds / baseline_seconds.max(1e-9);
    let peer = baseline_result.contains("(ogsolve") || baseline_result.contains("(igsolve");
    if peer && !take_break::same_value(&target_result, &baseline_result) {
        bail!(
            "{}: grundy and the peer disagree: {target_result} / {baseline_result}",
            b.name
        );
    }
    Ok(Measurement {
        name: b.name.into(),
        target: b.target.into(),
        baseline: b.baseline.into(),
        requirement: b.requirement.into(),
        target_seconds,
        baseline_seconds,
        ratio,
        runs: 1,
        ratio_low: ratio,
        ratio_high: ratio,
        peak_bytes: peak_rss(),
        target_result,
        baseline_result,
    })
}

/// Runs the command.
pub fn run(a: Args) -> Result<ExitCode> {
    let benches = all();
    if let Some(name) = &a.child {
        let b = benches
            .iter()
            .find(|b| b.name == name)
            .with_context(|| format!("no benchmark {name}"))?;
        let m = serde_json::to_string(&run_child(b)?)?;
        stdout(|w| writeln!(w, "{m}"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let chosen: Vec<&Bench> = benches
        .iter()
        // Long runs (`long/…`) only when asked for by name.
        .filter(|b| match a.filter.as_deref() {
            Some(f) => b.name.starts_with(f),
            None => !b.name.starts_with("long/"),
        })
        .collect();
    if chosen.is_empty() {
        bail!("no benchmark name starts with '{}'", a.filter.unwrap_or_default());
    }
    if a.list {
        match a.format {
            Format::Json => print_json(&chosen.iter().map(|b| Listed::from(*b)).collect::<Vec<_>>())?,
            Format::Text => stdout(|w| {
                chosen.iter().try_for_each(|b| {
                    writeln!(
                        w,
                        "{}\n  target:   {}\n  baseline: {}\n  requires: {}",
                        b.name, b.target, b.baseline, b.requirement
                    )
                })
            })?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let exe = std::env::current_exe()?;
    let mut results = Vec::new();
    for b in chosen {
        if a.filter.is_none() && b.name.starts_with("take-break/") && !take_break::peer_available() {
            crate::eprintln_quiet!(
                "bench {}: skipped, ogsolve is not installed (scripts/bench-take-break.sh)",
                b.name
            );
            continue;
        }
        if a.filter.is_none() && b.name.starts_with("games/cram") && !games::peer_available() {
            crate::eprintln_quiet!(
                "bench {}: skipped, igsolve is not installed (scripts/bench-games.sh)",
                b.name
            );
            continue;
        }
        crate::eprintln_quiet!("bench {} ...", b.name);
        let mut runs = Vec::with_capacity(a.repeat as usize);
        for _ in 0..a.repeat {
            let out = std::process::Command::new(&exe)
                .args(["bench", "--child", b.name])
                .output()?;
            if !out.status.success() {
                bail!(
                    "benchmark {} failed: {}",
                    b.name,
                    String::from_utf8_lossy(&out.stderr)
                        .trim()
                        .trim_start_matches("grundy: error: ")
                );
            }
            runs.push(serde_json::from_slice::<Measurement>(&out.stdout)?);
        }
        let m = combine(runs);
        if a.format == Format::Text {
            let spread = if m.runs > 1 {
                format!(" (median of {} runs; {:.3}–{:.3})", m.runs, m.ratio_low, m.ratio_high)
            } else {
                String::new()
            };
            stdout(|w| {
                writeln!(
                    w,
                    "{}\n  target   {:>9.3} s  {}  → {}\n  baseline {:>9.3} s  {}  → {}\n  ratio {:.3}{}   peak memory {}   requirement: {}",
                m.name,
                m.target_seconds,
                m.target,
                m.target_result,
                m.baseline_seconds,
                m.baseline,
                m.baseline_result,
                m.ratio,
                spread,
                grundy::error::human_bytes(m.peak_bytes),
                if m.requirement.is_empty() { "—" } else { &m.requirement }
                )
            })?;
        }
        results.push(m);
    }
    if a.format == Format::Json {
        print_json(&results)?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(target: f64, baseline: f64, peak: u64, result: &str) -> Measurement {
        Measurement {
            name: "x".into(),
            target: String::new(),
            baseline: String::new(),
            requirement: String::new(),
            target_seconds: target,
            baseline_seconds: baseline,
            ratio: target / baseline,
            runs: 1,
            ratio_low: target / baseline,
            ratio_high: target / baseline,
            peak_bytes: peak,
            target_result: result.into(),
            baseline_result: String::new(),
        }
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(vec![7.0]), 7.0);
    }

    /// The runs' ratios give the median and the range (not the ratio of the medians),
    /// the seconds their own medians, the peak the largest, the results the first run's.
    #[test]
    fn repeated_runs_combine_into_medians_and_a_range() {
        let m = combine(vec![
            run(1.0, 2.0, 10, "first"),
            run(3.0, 4.0, 30, "second"),
            run(1.0, 10.0, 20, "third"),
        ]);
        assert_eq!(m.runs, 3);
        assert_eq!((m.ratio, m.ratio_low, m.ratio_high), (0.5, 0.1, 0.75));
        assert_eq!((m.target_seconds, m.baseline_seconds), (1.0, 4.0));
        assert_eq!(m.peak_bytes, 30);
        assert_eq!(m.target_result, "first");
    }
}
