//! `grundy value EXPR`: the nim-value and outcome of a position.

use super::bound::BoundArgs;
use crate::output::{print_json, stdout, Format};
use clap::ValueEnum;
use grundy::catalog::parse_position;
use grundy::solve::{Bound, BoundedValue, Method, Solver};
use grundy::value::Outcome;
use grundy::Control;
use serde::Serialize;
use std::process::ExitCode;

/// How values are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum MethodArg {
    /// The proven closed form where there is one, search otherwise.
    #[default]
    Auto,
    /// Only the closed form (an error where none is proven).
    Formula,
    /// Only search from the rules.
    Search,
    /// Search by the reference engine: for boards and graphs a plain memoized search
    /// (components and symmetries, every option's value, one thread); otherwise as
    /// `search`.
    Plain,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Formula => Method::Formula,
            MethodArg::Search | MethodArg::Plain => Method::Search,
        }
    }
}

/// Arguments of `grundy value`.
#[derive(clap::Args)]
pub struct Args {
    /// A position, e.g. 'nim(3,5,6)' or 'totient(7) + totative(7)'.
    expr: String,
    /// Closed form, search, or closed form where proven.
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    #[command(flatten)]
    bounds: BoundArgs,
    /// Print the position engine's counters on stderr (boards and graphs): positions
    /// searched, table entries and bytes, entries replaced.
    #[arg(long)]
    stats: bool,
    /// Write a proof of the value that `grundy proof --check FILE` re-verifies without
    /// the search (one board or graph position: Cram, Node-Kayles; gzip text).
    #[arg(long, value_name = "FILE")]
    save_proof: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// The solver for `--method` and the loopy bounds (finite games ignore the bounds).
pub fn solver(method: MethodArg, bounds: &BoundArgs, ctl: &Control) -> Solver {
    let mut s = Solver::new(method.into(), ctl.clone()).with_bound(bounds.bound(Bound::default().moves));
    if method == MethodArg::Plain {
        s.evaluator().use_reference_engines();
    }
    s
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    if let Some(path) = &a.save_proof {
        return prove(&a, &pos, path, ctl);
    }
    let mut solver = solver(a.method, &a.bounds, ctl);
    let v = solver.value(&pos);
    let stopped = matches!(v, Err(grundy::Error::Interrupted));
    if a.stats || stopped {
        print_stats(&mut solver, &pos);
    }
    if stopped {
        eprintln!("grundy: stopped before the value of {pos} was found; the counts above are the work done");
    }
    let v = v?;
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.value_text(),
            outcome: v.outcome_text(),
            note: v.note().map(str::to_string),
        })?,
        Format::Text => stdout(|w| writeln!(w, "{pos}: {}", describe_bounded(&v)))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `value EXPR --save-proof FILE`: the value from the engine's proof search, and the
/// proof written.
fn prove(a: &Args, pos: &grundy::game::Position, path: &std::path::Path, ctl: &Control) -> anyhow::Result<ExitCode> {
    let [grundy::game::Component::Game { ruleset, pos: at }] = &pos.components[..] else {
        anyhow::bail!("--save-proof takes one board or graph position (e.g. 'cram(4,5)'), not a sum or a heap game");
    };
    if a.method == MethodArg::Formula {
        anyhow::bail!("--save-proof proves a value by search; --method formula has no proof");
    }
    crate::output::check_writable(path)?;
    let mut engine = ruleset
        .solver()
        .ok_or_else(|| grundy::Error::Unsupported(format!("{} has no engine that writes proofs", ruleset.name())))?;
    let (v, text) = engine.proof(at, ctl)?;
    super::proof::save(path, &text)?;
    let v = BoundedValue::Value(grundy::value::LoopyValue::Finite(v));
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.value_text(),
            outcome: v.outcome_text(),
            note: None,
        })?,
        Format::Text => stdout(|w| writeln!(w, "{pos}: {}", describe_bounded(&v)))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The engine counters of each game ruleset of `pos` (once per ruleset), on stderr.
fn print_stats(solver: &mut Solver, pos: &grundy::game::Position) {
    let mut done: Vec<String> = Vec::new();
    for c in &pos.components {
        if let grundy::game::Component::Game { ruleset, .. } = c {
            let Some(s) = solver.evaluator().game_stats(ruleset) else {
                continue;
            };
            if done.contains(&ruleset.name()) {
                continue;
            }
            done.push(ruleset.name());
            eprintln!(
                "grundy: {}: {} positions searched, {} table entries ({}), {} replaced",
                ruleset.name(),
                s.searched,
                s.entries,
                grundy::error::human_bytes(s.table_bytes),
                s.replaced
            );
        }
    }
}

/// `P-position (the previous player wins)` and so on.
pub fn describe(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P-position (the previous player wins)",
        Outcome::N => "N-position (the next player wins)",
        Outcome::D => "D-position (a draw: neither player can force a win)",
    }
}

/// `value ∞(0,1,2), N-position (…)`, `value ? (undetermined within the bound: …)`, or
/// `value ?, N-position (…) (only the outcome is known, …)`.
pub fn describe_bounded(v: &BoundedValue) -> String {
    match v {
        BoundedValue::Value(x) => format!("value {x}, {}", describe(x.outcome())),
        BoundedValue::Undetermined { note, .. } => format!("value ? ({note})"),
        BoundedValue::OutcomeOnly { outcome, note } => format!("value ?, {} ({note})", describe(*outcome)),
    }
}
