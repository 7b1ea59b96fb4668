//! `grundy graph FILE`: values and outcomes of a game given as a graph (acyclic or
//! loopy), by the generalized Sprague–Grundy solver.

use super::bound::BoundArgs;
use crate::output::{column_width, pad, print_json, Format};
use anyhow::Context;
use grundy::error::Shown;
use grundy::graph_file::read_graph_file;
use grundy::solve::loopy::solve;
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
    /// {"name": ["follower", …]}.
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
    vertices: Vec<VertexOut<'a>>,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let moves = a.bounds.graph_bound.unwrap_or(DEFAULT_MOVES);
    if a.bounds.bound.is_some() {
        anyhow::bail!("--bound limits heaps of loopy rulesets; a graph file is limited by --graph-bound (moves)");
    }
    let file = std::fs::File::open(&a.file).with_context(|| format!("cannot read {}", a.file.display()))?;
    let meta = file
        .metadata()
        .with_context(|| format!("cannot read {}", a.file.display()))?;
    if meta.is_dir() {
        anyhow::bail!("cannot read {}: it is a directory", a.file.display());
    }
    // A regular file is checked against the memory limit before reading; any input (a
    // pipe, a device such as /dev/zero) is cut at a fifth of the limit while read.
    let g = read_graph_file(file, moves, ctl).with_context(|| a.file.display().to_string())?;
    let s = solve(&g.graph, ctl)?;
    let vertices: Vec<VertexOut> = g
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let v = s.value(&g.graph, i as u32);
            VertexOut {
                vertex: name,
                value: v.to_string(),
                outcome: v.outcome().to_string(),
            }
        })
        .collect();
    match a.format {
        Format::Json => print_json(&Out { vertices })?,
        Format::Text => crate::output::stdout(|w| {
            // One line per vertex: a line break in a (JSON) name is shown escaped.
            let names: Vec<String> = vertices.iter().map(|v| Shown(v.vertex).to_string()).collect();
            let width = column_width(names.iter().map(String::as_str));
            let vw = column_width(vertices.iter().map(|v| v.value.as_str()));
            for (v, name) in vertices.iter().zip(&names) {
                let (name, value) = (pad(name, width, false), pad(&v.value, vw, false));
                writeln!(w, "{name}  {value}  {}", v.outcome)?;
            }
            Ok(())
        })?,
    }
    Ok(ExitCode::SUCCESS)
}
