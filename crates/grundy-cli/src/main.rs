//! `grundy`: Sprague–Grundy values of impartial games from the command line.
//!
//! Results go to stdout; errors go to stderr as one line with a non-zero exit status:
//! 1 when a check found a disagreement (`verify`), 2 for bad input or a computation
//! that cannot be done, 130 when interrupted.

// Every write to stdout goes through `output::stdout`, which reports a failed write as
// one error line, and every write to stderr through `output::stderr_line`, which
// ignores one; `print!` and `eprint!` would panic.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod alloc_guard;
mod bench;
mod bound;
mod cli_error;
mod commands;
mod output;
mod progress;
mod reproduce;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: grundy::heap_count::Counting = grundy::heap_count::Counting::new(Some(alloc_guard::refused));

/// What `grundy --help` says before the commands: what grundy does, the expression
/// syntax in three lines, five examples and where the full reference is.
const HELP: &str = "\
{name} {version}: {about}

Positions are sums of components, name[parameters](heaps or coordinates):
  nim(3,5,6) + kayles(10)   subtraction[1,2](7)   min(6,7)   0.137(20)   wythoff(3,5)
  numbers: 10^12, 1e6; h*c is c heaps of h; a ruleset alone: kayles, 'subtraction[1,2]'

Examples:
  grundy value 'nim(3,5,6) + kayles(10)'      the value and outcome of a sum
  grundy moves 'dividing(18) + dividing(7)'   the winning moves
  grundy seq 0.137 --to 100 --format csv      a sequence (also json, bfile)
  grundy period kayles --to 10000             Periodicity(12, 71, 0), proven
  grundy list kayles                          one ruleset: rules, source, example

Every command, option and JSON shape: docs/cli.md; one command: grundy COMMAND --help.

{usage-heading} {usage}

{all-args}";

/// The line closing the help of a command that the global options apply to.
const GLOBAL_OPTIONS: &str = "Global options (grundy --help): --memory-limit BYTES, --max-work N.";

/// Sprague–Grundy values (nim-values) of impartial games: sums, winning moves,
/// sequences, periods, and the closed forms proven in the literature.
#[derive(Parser)]
#[command(name = "grundy", version, help_template = HELP, next_help_heading = "Global options (before or after the command)")]
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
    /// The rulesets (or one, with NAME): rules, source, proven closed form, example.
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
    /// The smallest period, preperiod and saltus of a heap ruleset's sequence, or the
    /// check of a saved certificate.
    #[command(
        override_usage = "grundy period NAME --to N [--from M] [--format FORMAT] [--save FILE]\n       grundy period --check FILE"
    )]
    Period(commands::period::Args),
    /// The status of every code of a family (trivial, periodic, open), resumable.
    Census(commands::census::Args),
    /// The misère quotient of a heap ruleset, heap by heap, with a certificate
    /// (--save) and its independent check (--check).
    #[command(
        override_usage = "grundy quotient NAME --to N [--format FORMAT] [--save FILE]\n       grundy quotient --check FILE [--format FORMAT]"
    )]
    Quotient(commands::quotient::Args),
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

/// The help of each command: the global options are listed once, in `grundy --help`,
/// and named in one closing line by the commands they apply to (not `list` and
/// `bench`, which compute nothing under the limits); `graph` does not show `--bound`,
/// which limits heaps of loopy rulesets (it refuses it, naming `--graph-bound`).
fn help(cmd: clap::Command) -> clap::Command {
    // Each command gets hidden copies of the global options; clap then copies none
    // (it skips a command that has the option), and values given after the command
    // still reach the global ones.
    let globals: Vec<clap::Arg> = cmd.get_arguments().filter(|a| a.is_global_set()).cloned().collect();
    cmd.mut_subcommands(|c| {
        let c = globals.iter().fold(c, |c, a| c.arg(a.clone().hide(true)));
        match c.get_name() {
            "list" | "bench" => c,
            "graph" => c.mut_arg("bound", |a| a.hide(true)).after_help(GLOBAL_OPTIONS),
            _ => c.after_help(GLOBAL_OPTIONS),
        }
    })
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
    // The allocator counts the heap: the memory limit's checks see it; freed tables
    // are given back to the system (see `alloc_guard::fix_mapping`).
    alloc_guard::fix_mapping();
    grundy::control::start_heap_count();
    reset_signals();
    let cli: Cli = match cli_error::parse(help) {
        Ok(c) => c,
        Err(e) => return commands::fail(&e),
    };
    let ctl = match progress::control(
        cli.memory_limit.as_deref(),
        cli.max_work.as_deref(),
        // The name the user typed, for the messages.
        // `args_os`: an argument that is not UTF-8 (a file name) is no flag's name.
        if std::env::args_os().any(|a| {
            a.to_str()
                .is_some_and(|a| a == "--max-states" || a.starts_with("--max-states="))
        }) {
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
        Command::Census(a) => commands::census::run(a, &ctl),
        Command::Quotient(a) => commands::quotient::run(a, &ctl),
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
