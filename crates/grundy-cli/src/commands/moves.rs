//! `grundy moves EXPR`: winning moves of a position.

use super::value::{describe, MethodArg};
use crate::output::{print_json, Format};
use grundy::catalog::parse_position;
use grundy::solve::{moves, Evaluator, Outcome};
use grundy::Control;
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy moves`.
#[derive(clap::Args)]
pub struct Args {
    /// A position, e.g. 'dividing(18) + dividing(7)'.
    expr: String,
    /// Also list every option with its value.
    #[arg(long)]
    all: bool,
    /// Closed form, search, or closed form where proven.
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct OptionOut {
    position: String,
    value: String,
}

#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    winning: Vec<String>,
    /// The number of winning moves (more than listed when a powerset heap has many).
    winning_count: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<OptionOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options_count: Option<String>,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let mut ev = Evaluator::new(a.method.into(), ctl.clone());
    let m = moves(&mut ev, &pos, a.all)?;
    let out = Out {
        position: pos.to_string(),
        value: m.value.to_string(),
        winning: m.winning.iter().map(|p| p.to_string()).collect(),
        winning_count: m.winning_total.to_string(),
        options_count: m.options_total.as_ref().map(|c| c.to_string()),
        options: m.options.map(|o| {
            o.into_iter()
                .map(|(p, v)| OptionOut {
                    position: p.to_string(),
                    value: v.to_string(),
                })
                .collect()
        }),
    };
    match a.format {
        Format::Json => print_json(&out)?,
        Format::Text => {
            println!(
                "{}: value {}, {}",
                out.position,
                out.value,
                describe(Outcome::of(&m.value))
            );
            if out.winning.is_empty() {
                println!("no winning move (every option has a non-zero value)");
            } else {
                if out.winning_count == out.winning.len().to_string() {
                    println!("winning moves ({}):", out.winning.len());
                } else {
                    println!(
                        "winning moves ({}; the first {} are listed):",
                        out.winning_count,
                        out.winning.len()
                    );
                }
                for w in &out.winning {
                    println!("  {w}");
                }
            }
            if let Some(opts) = &out.options {
                match &out.options_count {
                    Some(c) if *c != opts.len().to_string() => println!(
                        "options ({c}; the first {} are listed), with the value of the resulting sum:",
                        opts.len()
                    ),
                    _ => println!("options ({}), with the value of the resulting sum:", opts.len()),
                }
                let width = opts.iter().map(|o| o.value.len()).max().unwrap_or(1);
                for o in opts {
                    println!("  {:>width$}  {}", o.value, o.position);
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
