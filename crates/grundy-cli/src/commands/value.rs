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
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Formula => Method::Formula,
            MethodArg::Search => Method::Search,
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
    #[command(flatten)]
    period: super::period_file::PeriodArg,
}

#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
}

/// The solver for `--method` and the loopy bounds (finite games ignore the bounds).
pub fn solver(method: MethodArg, bounds: &BoundArgs, ctl: &Control) -> Solver {
    Solver::new(method.into(), ctl.clone()).with_bound(bounds.bound(Bound::default().moves))
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let mut solver = solver(a.method, &a.bounds, ctl);
    a.period.apply(&mut solver, ctl)?;
    let v = solver.value(&pos)?;
    let source = super::period_file::sources(&solver);
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.value_text(),
            outcome: v.outcome_text(),
            note: v.note().map(str::to_string),
            source,
        })?,
        Format::Text => stdout(|w| {
            writeln!(w, "{pos}: {}", describe_bounded(&v))?;
            source.iter().try_for_each(|s| writeln!(w, "source: {s}"))
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `P-position (the previous player wins)` and so on.
pub fn describe(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P-position (the previous player wins)",
        Outcome::N => "N-position (the next player wins)",
        Outcome::D => "D-position (a draw: neither player can force a win)",
    }
}

/// `value ∞(0,1,2), N-position (…)`, or `value ? (undetermined within the bound: …)`.
pub fn describe_bounded(v: &BoundedValue) -> String {
    match v {
        BoundedValue::Value(x) => format!("value {x}, {}", describe(x.outcome())),
        BoundedValue::Undetermined { note, .. } => format!("value ? ({note})"),
    }
}
