//! `grundy graph FILE`: values and outcomes of a game given as a graph (acyclic or
//! loopy), by the generalized Sprague–Grundy solver.

use super::bound::BoundArgs;
use crate::output::{column_width_of, pad, Format};
use anyhow::Context;
use grundy::error::Shown;
use grundy::graph_file::read_graph_file;
use grundy::solve::loopy::solve;
use grundy::value::LoopyValue;
use grundy::Control;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

/// The default move limit of a graph file.
const DEFAULT_MOVES: u64 = 100_000_000;

/// Arguments of `grundy graph`.
#[derive(clap::Args)]
pub struct Args {
    /// The graph file: lines 'name: follower follower …' ('#' comments), or JSON
    /// {"name": ["follower", …]}; '-' reads standard input.
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    #[command(flatten)]
    bounds: BoundArgs,
}

#[derive(Serialize)]
struct VertexOut<'a> {
    vertex: &'a str,
    value: String,
    outcome: String,
}

#[derive(Serialize)]
struct Out<'a> {
    vertices: Vertices<'a>,
}

/// The vertices with their values, each formatted as it is written, up to the first
/// Ctrl-C.
struct Vertices<'a> {
    names: &'a [String],
    value: &'a dyn Fn(usize) -> LoopyValue,
    more: &'a dyn Fn() -> bool,
}

impl Serialize for Vertices<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.names
                .iter()
                .enumerate()
                .take_while(|_| (self.more)())
                .map(|(i, name)| {
                    let v = (self.value)(i);
                    VertexOut {
                        vertex: name,
                        value: v.to_string(),
                        outcome: v.outcome().to_string(),
                    }
                }),
        )
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let moves = a.bounds.graph_bound.unwrap_or(DEFAULT_MOVES);
    if a.bounds.bound.is_some() {
        anyhow::bail!("--bound limits heaps of loopy rulesets; a graph file is limited by --graph-bound (moves)");
    }
    // `-` is standard input (a file named so is `./-`).
    let (file, name) = if a.file.as_os_str() == "-" {
        (grundy::control::open_stdin(), "standard input (-)".to_string())
    } else {
        (grundy::control::open_for_reading(&a.file), a.file.display().to_string())
    };
    let file = file.with_context(|| format!("cannot read {name}"))?;
    let meta = file.metadata().with_context(|| format!("cannot read {name}"))?;
    if meta.is_dir() {
        anyhow::bail!("cannot read {name}: it is a directory");
    }
    // A regular file is checked against the memory limit before reading; any input (a
    // pipe, a device such as /dev/zero) is cut at a fifth of the limit while read.
    let g = read_graph_file(file, moves, ctl).with_context(|| name.clone())?;
    let s = solve(&g.graph, ctl)?;
    // Written a vertex at a time, each value formatted as it is written (the lines and
    // the JSON were built whole first, beside the graph), and stopped at Ctrl-C.
    let value = |i: usize| s.value(&g.graph, i as u32);
    let more = || !ctl.cancelled();
    match a.format {
        Format::Json => crate::output::stdout(|w| {
            let vertices = Vertices {
                names: &g.names,
                value: &value,
                more: &more,
            };
            serde_json::to_writer_pretty(&mut *w, &Out { vertices })?;
            writeln!(w)
        })?,
        Format::Text => crate::output::stdout(|w| {
            // One line per vertex: a line break in a (JSON) name is shown escaped.
            let width = column_width_of(g.names.iter().map(|n| Shown(n).to_string()));
            let vw = column_width_of((0..g.names.len()).map(|i| value(i).to_string()));
            for (i, name) in g.names.iter().enumerate().take_while(|_| more()) {
                let v = value(i);
                let (name, text) = (
                    pad(&Shown(name).to_string(), width, false),
                    pad(&v.to_string(), vw, false),
                );
                writeln!(w, "{name}  {text}  {}", v.outcome())?;
            }
            Ok(())
        })?,
    }
    if ctl.cancelled() {
        return Err(grundy::Error::Interrupted.into());
    }
    Ok(ExitCode::SUCCESS)
}
