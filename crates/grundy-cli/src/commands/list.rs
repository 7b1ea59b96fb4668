//! `grundy list`: the registry of rule families.

use crate::output::{print_json, stdout, Format};
use grundy::catalog::families;
use grundy::game::{Family, Params};
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy list`.
#[derive(clap::Args)]
pub struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct Row {
    name: &'static str,
    /// Other names, with the parameters they stand for (`kayles = take-and-break[0.77]`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    aliases: Vec<String>,
    params: Option<&'static str>,
    positions: &'static str,
    options: &'static str,
    source: &'static str,
    formula: Option<String>,
    example: &'static str,
    /// `heap` (positions are heaps; sums of heaps), `tuple` (one game on a tuple) or
    /// `loopy` (heaps, play can cycle).
    kind: &'static str,
    /// Memory of a dense table of the heap ruleset, in bytes per heap (a table to N
    /// takes about N times this): the values plus the engine's auxiliary data.
    #[serde(skip_serializing_if = "Option::is_none")]
    dense_bytes_per_heap: Option<u64>,
}

/// Bytes per heap of dense evaluation, for heap rulesets that take no parameters.
fn bytes_per_heap(e: &Family) -> Option<u64> {
    match e.params {
        Params::None => match (e.build)(None) {
            Ok(grundy::game::Ruleset::Heap(h)) => Some(h.memory().bytes_per_heap),
            _ => None,
        },
        Params::Required(_) => None,
    }
}

/// The kind of ruleset, read off its example position.
fn kind(e: &Family) -> &'static str {
    use grundy::game::Component;
    match grundy::catalog::parse_position(e.example).map(|p| p.components.into_iter().next()) {
        Ok(Some(Component::Heaps { .. })) => "heap",
        Ok(Some(Component::Tuple { .. })) => "tuple",
        Ok(Some(Component::Loopy { .. })) => "loopy",
        Ok(Some(Component::Game { .. })) => "game",
        _ => unreachable!("the example of {} is a valid position (catalog test)", e.name),
    }
}

/// Runs the command.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let rows: Vec<Row> = families()
        .map(|e| Row {
            name: e.name,
            aliases: e
                .aliases
                .iter()
                .map(|a| match a.params {
                    Some(p) => format!("{} = {}[{p}]", a.name, e.name),
                    None => a.name.to_string(),
                })
                .collect(),
            params: match e.params {
                Params::None => None,
                Params::Required(s) => Some(s),
            },
            positions: e.positions,
            options: e.options,
            source: e.source,
            formula: e.formula.map(|f| f.to_string()),
            example: e.example,
            kind: kind(e),
            dense_bytes_per_heap: bytes_per_heap(e),
        })
        .collect();
    match a.format {
        Format::Json => print_json(&rows)?,
        Format::Text => stdout(|w| {
            for r in &rows {
                writeln!(w, "{}", r.name)?;
                if let Some(p) = r.params {
                    writeln!(w, "  parameters: {p}")?;
                }
                if !r.aliases.is_empty() {
                    writeln!(w, "  aliases:    {}", r.aliases.join(", "))?;
                }
                writeln!(w, "  positions:  {}", r.positions)?;
                writeln!(w, "  options:    {}", r.options)?;
                writeln!(w, "  source:     {}", r.source)?;
                writeln!(
                    w,
                    "  formula:    {}",
                    r.formula.as_deref().unwrap_or("none proven (values by search)")
                )?;
                writeln!(w, "  example:    {}", r.example)?;
                writeln!(w, "  kind:       {}", r.kind)?;
                if let Some(b) = r.dense_bytes_per_heap {
                    writeln!(w, "  memory:     {b} bytes per heap for a table to N (linear in N)")?;
                }
            }
            Ok(())
        })?,
    }
    Ok(ExitCode::SUCCESS)
}
