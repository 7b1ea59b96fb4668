//! Benchmarks of the take-and-break engine against ogsolve 0.0.7 (method rc2), the
//! published octal-game solver, timed in the same run at the sizes of the README's table.
//!
//! The peer is an external program: `scripts/bench-take-break.sh` installs it from
//! crates.io into `target/peers/` and points `GRUNDY_OGSOLVE` at it (or put `ogsolve`
//! on the PATH). Both sides report G(n) of the last heap, and the benchmark fails if
//! they differ.

use super::Bench;
use anyhow::{bail, Context, Result};
use grundy::analysis::periodicity;
use grundy::catalog::parse_ruleset;
use grundy::game::HeapRuleset;
use grundy::Control;
use std::process::Command;
use std::sync::Arc;

fn game(code: &str) -> Result<Arc<dyn HeapRuleset>> {
    Ok(parse_ruleset(code)?.as_heap("bench")?.clone())
}

/// The engine's counters, for the report.
fn stats_line(rs: &dyn HeapRuleset) -> String {
    let s = rs.engine_stats().unwrap_or_default();
    format!(
        "largest value {}, {} rare heaps (mask {:#x}, rare parity {}), {:.3e} pair values",
        s.max_value, s.rare, s.mask, s.rare_parity, s.pairs as f64
    )
}

/// grundy's engine: the values of heaps 0..=n.
fn engine(code: &str, n: u64) -> Result<String> {
    let rs = game(code)?;
    let seq = grundy::solve::sequence(rs.as_ref(), n, &Control::new())?;
    let v = seq.get_u64(n).context("value beyond 64 bits")?;
    Ok(format!("G({n}) = {v}; {}", stats_line(rs.as_ref())))
}

/// grundy's period search, which stops once the period is proven.
fn proof(code: &str) -> Result<String> {
    let rs = game(code)?;
    // No work limit: the search stops at the proof (the limit would be checked against
    // the whole range up to the largest table).
    let ctl = Control::new().with_work_limit(u64::MAX);
    let found = periodicity::search(rs.as_ref(), 0, u64::from(u32::MAX) - 2, &ctl)?;
    let Some(cert) = found.certificate else {
        bail!("{code}: no period proven up to {}", found.to);
    };
    let p = cert.periodicity;
    let end = cert.proof_end;
    let v = found
        .values
        .get(end as usize)
        .copied()
        .context("proof end beyond the values")?;
    Ok(format!(
        "G({end}) = {v}; proven: preperiod {}, period {}, computed to {}; {}",
        p.preperiod,
        p.period,
        found.to,
        stats_line(rs.as_ref())
    ))
}

/// The last heap the theorem needs for the period (preperiod, period) of `code`.
fn proof_end(code: &str, preperiod: u64, period: u64) -> Result<u64> {
    let rs = game(code)?;
    rs.periodicity()
        .and_then(|t| t.proof_end(preperiod, period, 0))
        .with_context(|| format!("{code}: the periodicity theorem does not apply"))
}

fn ogsolve_path() -> String {
    std::env::var("GRUNDY_OGSOLVE").unwrap_or_else(|_| "ogsolve".into())
}

/// True if the peer can be run (`ogsolve --version` succeeds).
pub(super) fn peer_available() -> bool {
    Command::new(ogsolve_path())
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// ogsolve 0.0.7, method rc2, heaps 0..=n; returns G(n).
fn ogsolve(code: &str, n: u64) -> Result<String> {
    let exe = ogsolve_path();
    let out = Command::new(&exe)
        .args(["-m", "rc2", "-n", &n.to_string(), code])
        .output()
        .with_context(|| {
            format!("cannot run the peer '{exe}': run scripts/bench-take-break.sh, or set GRUNDY_OGSOLVE to an ogsolve 0.0.7 binary")
        })?;
    if !out.status.success() {
        bail!("{exe} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let prefix = format!("nimber of {n}:");
    let v = text
        .lines()
        .find_map(|l| l.trim().strip_prefix(&prefix))
        .and_then(|r| r.split_whitespace().next())
        .with_context(|| format!("no '{prefix}' in the output of {exe}"))?;
    Ok(format!("G({n}) = {v} (ogsolve rc2)"))
}

/// ogsolve 0.0.7, method rc2, heaps 0..=n, printing every value (`-p`) to `/dev/null`.
fn ogsolve_print(code: &str, n: u64) -> Result<String> {
    let exe = ogsolve_path();
    let status = Command::new(&exe)
        .args(["-m", "rc2", "-p", "-n", &n.to_string(), code])
        .stdout(std::process::Stdio::null())
        .status()
        .with_context(|| format!("cannot run the peer '{exe}': run scripts/bench-take-break.sh"))?;
    if !status.success() {
        bail!("{exe} -p failed: {status}");
    }
    Ok(format!("ogsolve -m rc2 -p -n {n} {code} > /dev/null"))
}

/// ogsolve to the last heap the theorem needs for the period of `code`.
fn ogsolve_to_proof(code: &str, preperiod: u64, period: u64) -> Result<String> {
    ogsolve(code, proof_end(code, preperiod, period)?)
}

/// The naive engine (mex over every option) on Grundy's game: a calibration of the
/// machine's speed for the absolute target of Grundy's game.
fn naive_grundys_game(n: u64) -> Result<String> {
    let rs = game("4!.0")?;
    let seq = grundy::solve::sequence_generic(rs.as_ref(), n, &Control::new())?;
    Ok(format!("G({n}) = {} (naive engine)", seq.get_u64(n).unwrap_or(0)))
}

/// Grundy's game to heap `n` as a resumable long run: resumes from the checkpoint
/// `target/long-runs/grundys-game.ck` (under the current directory) if it exists, saves
/// to it every minute and at the end, and reports the largest value, the rare heaps and
/// the P-positions.
fn grundys_game_long(n: u64) -> Result<String> {
    use grundy::rulesets::take_break::checkpoint::FileCheckpoint;
    use grundy::solve::dense::{sequence_checkpointed, Checkpoint};
    let dir = std::path::Path::new("target/long-runs");
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let ck = FileCheckpoint::new(dir.join("grundys-game.ck"), std::time::Duration::from_secs(60));
    let rs = game("4!.0")?;
    let ctl = Control::new();
    let prefix = ck.load(rs.as_ref(), &ctl)?;
    let resumed = prefix.len();
    let (seq, stopped) = sequence_checkpointed(rs.as_ref(), prefix, n, &ctl, Some(&ck))?;
    if let Some(e) = stopped {
        bail!("stopped after {} heaps: {e}", seq.len());
    }
    let codes = seq.codes();
    let p = codes.iter().filter(|&&v| v == 0).count();
    let largest = codes.iter().copied().max().unwrap_or(0);
    // The engine's counters exist only if it ran (a finished checkpoint needs no work).
    let engine = if (resumed as u64) <= n {
        stats_line(rs.as_ref())
    } else {
        "all heaps from the checkpoint (the engine's counters are those of the run that computed them)".into()
    };
    Ok(format!(
        "G({n}) = {}; resumed at heap {resumed}; largest value {largest}, {p} P-positions; {engine}",
        codes[n as usize]
    ))
}

/// True if both results name the same G(n) (the part before the first ';' or '(').
pub(super) fn same_value(target: &str, baseline: &str) -> bool {
    let head = |s: &str| s.split([';', '(']).next().unwrap_or("").trim().to_string();
    head(target) == head(baseline)
}

const PEER: &str = "ogsolve 0.0.7 -m rc2 (installed by scripts/bench-take-break.sh)";

/// A benchmark of grundy's engine against ogsolve on `code` to heap `n`.
macro_rules! against_ogsolve {
    ($name:literal, $code:literal, $n:expr, $what:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy's sparse engine, ", $what),
            baseline: PEER,
            requirement: "≤ 0.5× ogsolve (README, Benchmarks)",
            run_target: || engine($code, $n),
            run_baseline: || ogsolve($code, $n),
        }
    };
}

/// A benchmark of the whole `grundy seq CODE --to N` printing every value to
/// `/dev/null` against `ogsolve -p` doing the same (the print path; the rows above time
/// the computation alone, in the same run).
macro_rules! print_against_ogsolve {
    ($name:literal, $code:literal, $to:literal, $n:expr) => {
        Bench {
            name: $name,
            target: concat!("the whole grundy seq ", $code, " --to ", $to, " > /dev/null"),
            baseline: concat!("ogsolve 0.0.7 -m rc2 -p -n ", $to, " ", $code, " > /dev/null"),
            requirement: "≤ 0.5× ogsolve -p (README, Benchmarks)",
            run_target: || super::print::whole_seq(&[$code, "--to", $to]),
            run_baseline: || ogsolve_print($code, $n),
        }
    };
}

/// A benchmark of grundy's period search on `code`, which stops once the period
/// (`period`, from heap `preperiod`) is proven, against ogsolve to the last heap the
/// proof needs.
macro_rules! proof_against_ogsolve {
    ($name:literal, $code:literal, $preperiod:expr, $period:expr, $what:literal, $req:literal) => {
        Bench {
            name: $name,
            target: concat!(
                "grundy period ",
                $what,
                ": the search until period ",
                stringify!($period),
                ", preperiod ",
                stringify!($preperiod),
                " is proven"
            ),
            baseline: "ogsolve rc2 to the last heap the proof needs",
            requirement: $req,
            run_target: || proof($code),
            run_baseline: || ogsolve_to_proof($code, $preperiod, $period),
        }
    };
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        against_ogsolve!("take-break/0.16-1e7", "0.16", 10_000_000, "0.16, heaps 0..=10^7"),
        against_ogsolve!("take-break/0.106-1e7", "0.106", 10_000_000, "0.106, heaps 0..=10^7"),
        print_against_ogsolve!("take-break/0.16-1e7-print", "0.16", "10000000", 10_000_000),
        print_against_ogsolve!("take-break/0.106-1e7-print", "0.106", "10000000", 10_000_000),
        against_ogsolve!("take-break/0.6-1e6", "0.6", 1_000_000, "Officers 0.6, heaps 0..=10^6"),
        against_ogsolve!("take-break/0.007-1e5", "0.007", 100_000, "0.007, heaps 0..=10^5"),
        against_ogsolve!("take-break/0.354-2.1e7", "0.354", 21_000_000, "0.354, heaps 0..=2.1·10^7"),
        proof_against_ogsolve!("take-break/0.376-proof", "0.376", 2_268_248, 4, "0.376", "≤ 0.5× ogsolve (README, Benchmarks)"),
        proof_against_ogsolve!("take-break/kayles-proof", "0.77", 71, 12, "kayles (0.77)", "≤ 0.5× ogsolve and under 0.1 s (README, Benchmarks)"),
        proof_against_ogsolve!("take-break/dawsons-chess-proof", "0.137", 52, 34, "dawsons-chess (0.137)", "under 0.1 s (README, Benchmarks)"),
        Bench {
            name: "take-break/grundys-game-2^24",
            target: "grundy's sparse engine, Grundy's game 4!.0, heaps 0..=2^24",
            baseline: "the naive engine, Grundy's game, heaps 0..=2^13 (a calibration: ogsolve has no Grundy's game)",
            requirement: "under 60 s (README, Benchmarks)",
            run_target: || engine("4!.0", 1 << 24),
            run_baseline: || naive_grundys_game(1 << 13),
        },
        Bench {
            name: "long/grundys-game-2^28",
            target: "Grundy's game to 2^28, resumable: target/long-runs/grundys-game.ck is saved every minute and resumed from",
            baseline: "the naive engine, Grundy's game, heaps 0..=2^13 (a calibration)",
            requirement: "2^28 as a resumable long run, with its largest value and rare count (README, Benchmarks)",
            run_target: || grundys_game_long(1 << 28),
            run_baseline: || naive_grundys_game(1 << 13),
        },
    ]
}
