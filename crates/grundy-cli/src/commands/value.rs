//! `grundy value EXPR`: the nim-value and outcome of a position.

use crate::output::{print_json, Format};
use clap::ValueEnum;
use grundy::catalog::parse_position;
use grundy::solve::{Evaluator, Method, Outcome};
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
}

#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    outcome: String,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let mut ev = Evaluator::new(a.method.into(), ctl.clone());
    let v = ev.value(&pos)?;
    let outcome = Outcome::of(&v);
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.to_string(),
            outcome: outcome.to_string(),
        })?,
        Format::Text => println!("{pos}: value {v}, {}", describe(outcome)),
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
