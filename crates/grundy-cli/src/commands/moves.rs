//! `grundy moves EXPR`: winning moves of a position.

use super::bound::BoundArgs;
use super::value::{describe, describe_bounded, question_solver, MethodArg, PlayArg};
use crate::output::{column_width, pad, print_json, stdout, Format};
use grundy::catalog::parse_position;
use grundy::solve::Moves;
use grundy::value::Outcome;
use grundy::Control;
use serde::Serialize;
use std::io::Write;
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
    /// Play convention: normal (the last player to move wins) or misere (loses).
    #[arg(long, value_enum, default_value_t)]
    play: PlayArg,
    /// A misère quotient certificate (from `grundy quotient --save`), re-checked, that
    /// answers misère questions about sums of heaps of its ruleset.
    #[arg(long, value_name = "FILE")]
    quotient: Option<std::path::PathBuf>,
    #[command(flatten)]
    bounds: BoundArgs,
    #[command(flatten)]
    period: super::period_file::PeriodArg,
}

#[derive(Serialize)]
struct OptionOut {
    position: String,
    value: String,
}

/// The JSON shape. `stay` names the heap whose move to itself is listed, if one is.
/// `outcome`, `note` and `drawing` are present for positions with a
/// loopy component (whose outcome may be a draw), `outcome` and `note` also when the
/// value is not known (`?`: a closed form gives only the outcome); `winning_count` and `options_count`
/// only when more moves exist than are listed (a powerset heap can have astronomically
/// many).
#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    winning: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_count: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<OptionOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options_count: Option<String>,
    /// The heap whose move to itself is listed (that move leaves the position as it is).
    #[serde(skip_serializing_if = "Option::is_none")]
    stay: Option<String>,
}

/// The misère JSON shape: `options` only with `--all`.
#[derive(Serialize)]
struct MisereOut {
    position: String,
    play: &'static str,
    outcome: String,
    winning: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<MisereOption>>,
}

#[derive(Serialize)]
struct MisereOption {
    position: String,
    outcome: String,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let mut solver = question_solver(a.method, &a.bounds, a.play, a.quotient.as_deref(), &a.period, &pos, ctl)?;
    if a.play == PlayArg::Misere {
        let m = solver.misere_moves(&pos, a.all)?;
        let out = MisereOut {
            position: pos.to_string(),
            play: grundy::solve::Play::Misere.name(),
            outcome: m.outcome.to_string(),
            winning: m.winning.iter().map(|p| p.to_string()).collect(),
            options: m.options.as_ref().map(|o| {
                o.iter()
                    .map(|(p, v)| MisereOption {
                        position: p.to_string(),
                        outcome: v.to_string(),
                    })
                    .collect()
            }),
        };
        match a.format {
            Format::Json => print_json(&out)?,
            Format::Text => stdout(|w| print_misere(w, &out, m.outcome))?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let m = solver.moves(&pos, a.all)?;
    let strings = |ps: &[grundy::game::Position]| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    let notes: Vec<&str> = m
        .value
        .note()
        .into_iter()
        .chain(m.notes.iter().map(String::as_str))
        .collect();
    let out = Out {
        position: pos.to_string(),
        value: m.value.value_text(),
        source: super::period_file::sources(&solver),
        outcome: (m.loopy || m.value.value().is_none()).then(|| m.value.outcome_text()),
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        winning: strings(&m.winning),
        winning_count: (m.winning_total != m.winning.len().into()).then(|| m.winning_total.to_string()),
        drawing: m.loopy.then(|| strings(&m.drawing)),
        options_count: m
            .options_total
            .as_ref()
            .filter(|c| m.options.as_ref().is_none_or(|o| **c != o.len().into()))
            .map(|c| c.to_string()),
        options: m.options.as_ref().map(|o| {
            o.iter()
                .map(|(p, v)| OptionOut {
                    position: p.to_string(),
                    value: v.value_text(),
                })
                .collect()
        }),
        stay: m.stay.clone(),
    };
    match a.format {
        Format::Json => print_json(&out)?,
        Format::Text => stdout(|w| print_text(w, &out, &m))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn print_misere(w: &mut dyn Write, out: &MisereOut, outcome: Outcome) -> std::io::Result<()> {
    writeln!(w, "{}: misère {}", out.position, describe(outcome))?;
    if outcome == Outcome::P {
        writeln!(w, "no winning move (every option is a misère N-position)")?;
    } else if out.winning.is_empty() {
        // An N-position without a move to a P-position has no move at all: the player
        // to move cannot move, and in misère play that player wins.
        writeln!(w, "no move: the player to move cannot move, and so wins")?;
    } else {
        writeln!(w, "winning moves ({}):", out.winning.len())?;
        out.winning.iter().try_for_each(|p| writeln!(w, "  {p}"))?;
    }
    if let Some(opts) = &out.options {
        writeln!(
            w,
            "options ({}), with the misère outcome of the resulting sum:",
            opts.len()
        )?;
        for o in opts {
            writeln!(w, "  {}  {}", o.outcome, o.position)?;
        }
    }
    Ok(())
}

fn print_text(w: &mut dyn Write, out: &Out, m: &Moves) -> std::io::Result<()> {
    writeln!(w, "{}: {}", out.position, describe_bounded(&m.value))?;
    // The move of a heap to itself leaves the position as it is: say which heap moved.
    let moved = |p: &str| match &out.stay {
        Some(h) if p == out.position => format!("{p}   ({h} moves to itself)"),
        _ => p.to_string(),
    };
    if let Some(s) = &out.source {
        writeln!(w, "source: {s}")?;
    }
    for n in &m.notes {
        writeln!(w, "note: {n}")?;
    }
    let list = |w: &mut dyn Write, title: &str, ps: &[String], count: Option<&String>| {
        match count {
            None => writeln!(w, "{title} ({}):", ps.len())?,
            Some(c) => writeln!(w, "{title} ({c}; the first {} are listed):", ps.len())?,
        }
        ps.iter().try_for_each(|p| writeln!(w, "  {}", moved(p)))
    };
    let count = out.winning_count.as_ref();
    match m.value.outcome() {
        Some(Outcome::P) => writeln!(w, "no winning move (every option is an N-position)")?,
        Some(Outcome::N) => list(w, "winning moves", &out.winning, count)?,
        Some(Outcome::D) => {
            writeln!(w, "no winning move (a draw)")?;
            list(
                w,
                "moves that keep the draw (every other move loses)",
                &m.drawing.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                None,
            )?;
        }
        None if out.winning.is_empty() => writeln!(
            w,
            "no move to a P-position is known{}",
            if m.loopy { " within the bound" } else { "" }
        )?,
        None => list(w, "winning moves (to P-positions)", &out.winning, count)?,
    }
    if let Some(opts) = &out.options {
        match &out.options_count {
            Some(c) => writeln!(
                w,
                "options ({c}; the first {} are listed), with the value of the resulting sum:",
                opts.len()
            )?,
            None => writeln!(w, "options ({}), with the value of the resulting sum:", opts.len())?,
        }
        let width = column_width(opts.iter().map(|o| o.value.as_str()));
        for o in opts {
            writeln!(w, "  {}  {}", pad(&o.value, width, true), moved(&o.position))?;
        }
    }
    Ok(())
}
