//! `grundy`: Sprague–Grundy values of impartial games from the command line.
//!
//! Results go to stdout; errors go to stderr as one line with a non-zero exit status:
//! 1 when a check found a disagreement (`verify`), 2 for bad input or a computation
//! that cannot be done, 130 when interrupted.

// Every write to stdout goes through `output::stdout`, which reports a failed write as
// one error line; `print!` would panic.
#![deny(clippy::print_stdout)]

mod bench;
mod cli_error;
mod commands;
mod output;
mod progress;
mod reproduce;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Sprague–Grundy values (nim-values) of impartial combinatorial games.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    /// Memory limit for tables and searches (e.g. 2G, 512M); default: 80% of available
    /// memory (or of what ulimit -v or a cgroup limit leaves, if less), or
    /// GRUNDY_MEMORY_LIMIT.
    #[arg(long, global = true, value_name = "BYTES")]
    memory_limit: Option<String>,
    /// Most options one computation may visit (its work, estimated before it starts);
    /// default 1e11, or GRUNDY_MAX_WORK (GRUNDY_MAX_STATES). `--max-states` is the older name.
    #[arg(long = "max-work", visible_alias = "max-states", global = true, value_name = "N")]
    max_work: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the rulesets: name, positions, options, source and proven closed form.
    List(commands::list::Args),
    /// The nim-value and outcome of a position (a disjunctive sum).
    Value(commands::value::Args),
    /// The winning moves of a position (with --all, every option and its value).
    Moves(commands::moves::Args),
    /// The nim-value sequence of a heap ruleset.
    Seq(commands::seq::Args),
    /// Values and outcomes of a game given as a graph file (acyclic or loopy).
    Graph(commands::graph::Args),
    /// Compare a ruleset's closed form with search over a range (for min: its engines,
    /// Theorem 1 and Lemma 3 of paper 001).
    Verify(commands::verify::Args),
    /// Draw the values: a scatter plot (heap rulesets) or a heatmap (rulesets on pairs).
    Plot(commands::plot::Args),
    /// The grid of values G(a,b) of a ruleset on pairs.
    Table(commands::table::Args),
    /// The smallest period, preperiod and saltus of a heap ruleset's sequence.
    Period(commands::period::Args),
    /// Check a proof saved by `value --save-proof` (boards and graphs).
    Proof(commands::proof::Args),
    /// MIN (paper 001): positions of the values 0 and 1 (f_0, f_1), Theorem 1, and the
    /// a with G(a−1,a) = 0 or G(a−2,a) = 0.
    MinFacts(commands::min_facts::Args),
    /// The main job: check every computable claim of the seed papers.
    Reproduce(reproduce::Args),
    /// Speed and memory benchmarks (ratios against a baseline timed in the same run).
    Bench(bench::Args),
}

/// Restores the default SIGPIPE action, so that `grundy seq … | head` ends quietly
/// like other Unix tools instead of failing on a closed pipe; and ignores SIGXFSZ, so
/// that a file size limit (`ulimit -f`) makes a write fail with an error naming the
/// file (and the file is left as it was) instead of killing the process.
fn reset_signals() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_DFL or SIG_IGN at start-up, before
    // any threads exist, has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn main() -> ExitCode {
    reset_signals();
    let cli: Cli = match cli_error::parse() {
        Ok(c) => c,
        Err(e) => return commands::fail(&e),
    };
    let ctl = match progress::control(
        cli.memory_limit.as_deref(),
        cli.max_work.as_deref(),
        // The name the user typed, for the messages.
        if std::env::args().any(|a| a == "--max-states" || a.starts_with("--max-states=")) {
            "--max-states"
        } else {
            "--max-work"
        },
    ) {
        Ok(c) => c,
        Err(e) => return commands::fail(&e),
    };
    let result = match cli.command {
        Command::List(a) => commands::list::run(a),
        Command::Value(a) => commands::value::run(a, &ctl),
        Command::Moves(a) => commands::moves::run(a, &ctl),
        Command::Seq(a) => commands::seq::run(a, &ctl),
        Command::Graph(a) => commands::graph::run(a, &ctl),
        Command::Verify(a) => commands::verify::run(a, &ctl),
        Command::Plot(a) => commands::plot::run(a, &ctl),
        Command::Table(a) => commands::table::run(a, &ctl),
        Command::Period(a) => commands::period::run(a, &ctl),
        Command::Proof(a) => commands::proof::run(a, &ctl),
        Command::MinFacts(a) => commands::min_facts::run(a, &ctl),
        Command::Reproduce(a) => reproduce::run(a, &ctl),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => commands::fail(&e),
    }
}
