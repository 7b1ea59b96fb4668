//! `grundy moves EXPR`: winning moves of a position.

use super::bound::BoundArgs;
use super::value::{describe, describe_bounded, MethodArg};
use crate::output::{print_json, Format};
use grundy::catalog::parse_position;
use grundy::solve::{moves, Bound, Evaluator, LoopyEvaluator, Outcome};
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
    #[command(flatten)]
    bounds: BoundArgs,
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
    /// The number of winning moves, present only when it is more than listed (a
    /// powerset heap can have astronomically many).
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_count: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<OptionOut>>,
    /// The number of options, present only when it is more than listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    options_count: Option<String>,
}

/// The shape for positions with loopy components: the outcome, and the moves that keep
/// a draw, are part of it.
#[derive(Serialize)]
struct LoopyOut {
    position: String,
    value: String,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    winning: Vec<String>,
    drawing: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<OptionOut>>,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let mut ev = Evaluator::new(a.method.into(), ctl.clone());
    if pos.has_loopy() {
        let lev = LoopyEvaluator::new(ev, a.bounds.bound(Bound::default().moves));
        return run_loopy(&a, &pos, lev);
    }
    let m = moves(&mut ev, &pos, a.all)?;
    let out = Out {
        position: pos.to_string(),
        value: m.value.to_string(),
        winning: m.winning.iter().map(|p| p.to_string()).collect(),
        winning_count: (m.winning_total != m.winning.len().into()).then(|| m.winning_total.to_string()),
        options_count: m
            .options_total
            .as_ref()
            .filter(|c| m.options.as_ref().is_none_or(|o| **c != o.len().into()))
            .map(|c| c.to_string()),
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
                match &out.winning_count {
                    None => println!("winning moves ({}):", out.winning.len()),
                    Some(c) => println!("winning moves ({c}; the first {} are listed):", out.winning.len()),
                }
                for w in &out.winning {
                    println!("  {w}");
                }
            }
            if let Some(opts) = &out.options {
                match &out.options_count {
                    Some(c) => println!(
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

fn run_loopy(a: &Args, pos: &grundy::game::Position, mut lev: LoopyEvaluator) -> anyhow::Result<ExitCode> {
    let m = lev.moves(pos, a.all)?;
    let strings = |ps: &[grundy::game::Position]| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    let notes: Vec<&str> = m
        .value
        .note()
        .into_iter()
        .chain(m.notes.iter().map(String::as_str))
        .collect();
    let out = LoopyOut {
        position: pos.to_string(),
        value: m.value.value_text(),
        outcome: m.value.outcome_text(),
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        winning: strings(&m.winning),
        drawing: strings(&m.drawing),
        options: m.options.as_ref().map(|o| {
            o.iter()
                .map(|(p, v)| OptionOut {
                    position: p.to_string(),
                    value: v.value_text(),
                })
                .collect()
        }),
    };
    match a.format {
        Format::Json => print_json(&out)?,
        Format::Text => {
            println!("{}: {}", out.position, describe_bounded(&m.value));
            for n in &m.notes {
                println!("note: {n}");
            }
            let outcome = m.value.value().map(|v| v.outcome());
            let list = |title: String, ps: &[String]| {
                println!("{title} ({}):", ps.len());
                for p in ps {
                    println!("  {p}");
                }
            };
            match outcome {
                Some(Outcome::P) => println!("no winning move (every option is an N-position)"),
                Some(Outcome::N) => list("winning moves".into(), &out.winning),
                Some(Outcome::D) => {
                    println!("no winning move (a draw)");
                    list("moves that keep the draw (every other move loses)".into(), &out.drawing);
                }
                None if out.winning.is_empty() => println!("no move to a P-position is known within the bound"),
                None => list("winning moves (to P-positions)".into(), &out.winning),
            }
            if let Some(opts) = &out.options {
                println!("options ({}), with the value of the resulting sum:", opts.len());
                let width = opts.iter().map(|o| o.value.chars().count()).max().unwrap_or(1);
                for o in opts {
                    println!("  {:>width$}  {}", o.value, o.position);
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
