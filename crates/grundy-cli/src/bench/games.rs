//! Benchmarks of the position engine on boards: Cram against igsolve 0.1.2 (Beling's
//! impartial game solver, its defaults: pruning BrAspSet, no end-game database),
//! Node-Kayles on 3×n grids (OEIS A316632) on both cores against one core, and the
//! engine against its reference engine (`--method plain`, rows `games/plain-…`).
//!
//! The peer is an external program: `scripts/bench-games.sh` installs it from crates.io
//! into `target/peers/` and points `GRUNDY_IGSOLVE` at it (or put `igsolve` on the
//! PATH). Both sides report the board's nim-value, and the benchmark fails if they
//! differ.

use super::Bench;
use anyhow::{bail, Context, Result};
use grundy::catalog::parse_position;
use grundy::solve::{Method, Solver};
use grundy::Control;
use std::process::Command;

fn igsolve_path() -> String {
    std::env::var("GRUNDY_IGSOLVE").unwrap_or_else(|_| "igsolve".into())
}

/// True if the peer can be run (`igsolve --version` succeeds).
pub(super) fn peer_available() -> bool {
    Command::new(igsolve_path())
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// grundy's value of `expr` with the engine's counters, on the threads of the current
/// rayon pool.
fn engine(expr: &str) -> Result<String> {
    engine_with(expr, false)
}

/// The same by the reference engine (`--method plain`: every option's value, one thread).
fn engine_plain(expr: &str) -> Result<String> {
    engine_with(expr, true).map(|r| r + " (plain)")
}

fn engine_with(expr: &str, plain: bool) -> Result<String> {
    let pos = parse_position(expr)?;
    let mut solver = Solver::new(Method::Search, Control::new().with_work_limit(u64::MAX));
    if plain {
        solver.evaluator().use_reference_engines();
    }
    let v = solver.nim_value(&pos)?;
    let stats = pos
        .components
        .iter()
        .find_map(|c| match c {
            grundy::game::Component::Game { ruleset, .. } => solver.evaluator().game_stats(ruleset),
            _ => None,
        })
        .unwrap_or_default();
    Ok(format!(
        "G = {v}; {} positions searched, {} table entries ({})",
        stats.searched,
        stats.entries,
        grundy::error::human_bytes(stats.table_bytes)
    ))
}

/// The same on one thread.
fn engine_one_thread(expr: &str) -> Result<String> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    pool.install(|| engine(expr)).map(|r| r + " (one thread)")
}

/// igsolve 0.1.2 on the empty `rows`×`cols` Cram board; returns its nimber.
fn igsolve(rows: u32, cols: u32) -> Result<String> {
    igsolve_with(&[], rows, cols)
}

/// The same with igsolve's options `opts` before the game's name.
fn igsolve_with(opts: &[&str], rows: u32, cols: u32) -> Result<String> {
    let exe = igsolve_path();
    let out = Command::new(&exe)
        .args(opts)
        .args(["cram", "-r", &rows.to_string(), "-c", &cols.to_string()])
        .output()
        .with_context(|| {
            format!("cannot run the peer '{exe}': run scripts/bench-games.sh, or set GRUNDY_IGSOLVE to an igsolve 0.1.2 binary")
        })?;
    if !out.status.success() {
        bail!("{exe} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Nimber of initial position:"))
        .map(str::trim)
        .with_context(|| format!("no 'Nimber of initial position:' in the output of {exe}"))?;
    Ok(format!("G = {v} (igsolve)"))
}

const PEER: &str = "igsolve 0.1.2 cram, its defaults (installed by scripts/bench-games.sh)";

/// A benchmark of grundy's engine against igsolve on the empty rows×cols board.
macro_rules! cram {
    ($name:literal, $rows:literal, $cols:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy value 'cram(", $rows, ",", $cols, ")', both cores"),
            baseline: PEER,
            requirement: "≤ 0.5× igsolve (README, Benchmarks)",
            run_target: || engine(concat!("cram(", $rows, ",", $cols, ")")),
            run_baseline: || igsolve($rows, $cols),
        }
    };
}

/// A benchmark of grundy's engine against igsolve with its hash-map table on a board of
/// more than 40 cells, where igsolve's default is a table of 8 GB whose allocation is
/// most of its time (3×14: 18.7 s in all, 3.6 s of search).
macro_rules! cram_hash_map {
    ($name:literal, $rows:literal, $cols:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy value 'cram(", $rows, ",", $cols, ")', both cores"),
            baseline: "igsolve 0.1.2 --tt hash-map cram (its table for boards of at most 40 cells)",
            requirement: "none: for comparison, igsolve without the 8 GB table its default allocates above 40 cells",
            run_target: || engine(concat!("cram(", $rows, ",", $cols, ")")),
            run_baseline: || igsolve_with(&["--tt", "hash-map"], $rows, $cols),
        }
    };
}

/// A benchmark of grundy's engine on one core against igsolve (one core) on the empty
/// rows×cols board: the cost of a search per core, without the second core's share.
macro_rules! cram_one_core {
    ($name:literal, $rows:literal, $cols:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy value 'cram(", $rows, ",", $cols, ")', one core"),
            baseline: PEER,
            requirement: "none: for comparison, one core each (the ≤ 0.5× rows give grundy both cores)",
            run_target: || engine_one_thread(concat!("cram(", $rows, ",", $cols, ")")),
            run_baseline: || igsolve($rows, $cols),
        }
    };
}

/// A benchmark of Node-Kayles on the 3×n grid, both cores against one.
macro_rules! node_kayles_3 {
    ($name:literal, $n:literal, $value:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy value 'node-kayles-grid(3,", $n, ")', both cores"),
            baseline: "the same on one core",
            requirement: concat!(
                "A316632: G = ",
                $value,
                "; a plain memoized C search does 3×21 in 2 s (README, Benchmarks)"
            ),
            run_target: || engine(concat!("node-kayles-grid(3,", $n, ")")),
            run_baseline: || engine_one_thread(concat!("node-kayles-grid(3,", $n, ")")),
        }
    };
}

/// A benchmark of the engine against the reference engine (`--method plain`).
macro_rules! against_plain {
    ($name:literal, $expr:literal, $requirement:literal) => {
        Bench {
            name: $name,
            target: concat!("grundy value '", $expr, "', both cores"),
            baseline: concat!("grundy value '", $expr, "' --method plain"),
            requirement: $requirement,
            run_target: || engine($expr),
            run_baseline: || engine_plain($expr),
        }
    };
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        against_plain!(
            "games/plain-node-kayles-5x13",
            "node-kayles-grid(5,13)",
            "≥ 20× faster than the plain search (README, Benchmarks)"
        ),
        against_plain!(
            "games/plain-node-kayles-3x21",
            "node-kayles-grid(3,21)",
            "faster than the plain search; a plain C search does it in 2 s (README, Benchmarks)"
        ),
        against_plain!("games/plain-cram-4x9", "cram(4,9)", "faster than the plain search"),
        cram!("games/cram-3x10", 3, 10),
        cram!("games/cram-4x7", 4, 7),
        cram!("games/cram-5x6", 5, 6),
        cram!("games/cram-4x8", 4, 8),
        cram!("games/cram-5x7", 5, 7),
        cram!("games/cram-3x11", 3, 11),
        cram!("games/cram-3x12", 3, 12),
        cram!("games/cram-3x13", 3, 13),
        cram!("games/cram-4x9", 4, 9),
        cram!("games/cram-5x8", 5, 8),
        cram_one_core!("games/cram-3x11-one-core", 3, 11),
        cram_one_core!("games/cram-3x13-one-core", 3, 13),
        cram_one_core!("games/cram-4x9-one-core", 4, 9),
        cram_hash_map!("games/cram-3x14-igsolve-hash-map", 3, 14),
        cram_hash_map!("games/cram-4x11-igsolve-hash-map", 4, 11),
        node_kayles_3!("games/node-kayles-3x16", 16, 3),
        Bench {
            name: "games/node-kayles-3x18",
            target: "grundy value 'node-kayles-grid(3,18)', both cores",
            baseline: "the same on one core",
            requirement:
                "not published (A316632 ends at n = 16); a plain memoized C search does 3×21 in 2 s (README, Benchmarks)",
            run_target: || engine("node-kayles-grid(3,18)"),
            run_baseline: || engine_one_thread("node-kayles-grid(3,18)"),
        },
        Bench {
            name: "games/node-kayles-3x24",
            target: "grundy value 'node-kayles-grid(3,24)', both cores",
            baseline: "the same on one core",
            requirement: "a plain memoized C search does 3×21 in 2 s (README, Benchmarks)",
            run_target: || engine("node-kayles-grid(3,24)"),
            run_baseline: || engine_one_thread("node-kayles-grid(3,24)"),
        },
        Bench {
            name: "games/node-kayles-5x12",
            target: "grundy value 'node-kayles-grid(5,12)', both cores",
            baseline: "the same on one core",
            requirement: "a plain memoized C search does 5×13 in 160 s (README, Benchmarks)",
            run_target: || engine("node-kayles-grid(5,12)"),
            run_baseline: || engine_one_thread("node-kayles-grid(5,12)"),
        },
    ]
}
