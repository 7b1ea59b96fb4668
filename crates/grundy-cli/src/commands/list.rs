//! `grundy list`: the registry of rule families.

use crate::output::{print_json, stdout, Format};
use grundy::catalog::families;
use grundy::game::{Alias, Family, Params, Ruleset};
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy list`.
#[derive(clap::Args)]
pub struct Args {
    /// One ruleset: a name or alias (kayles, subtraction), also with parameters
    /// ('subtraction[1,2]') or a take-and-break code (0.137).
    name: Option<String>,
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

/// Bytes per heap of dense evaluation of a heap ruleset: of `named` if given, else of
/// the family without parameters or, for a family with parameters, of its example's
/// (they depend on the parameters: a take-and-break code leaving two heaps needs 12, one
/// leaving one heap 4).
fn bytes_per_heap(e: &Family, named: Option<&Ruleset>) -> Option<u64> {
    let built = match (named, e.params) {
        (Some(r), _) => Ok(r.clone()),
        (None, Params::None) => (e.build)(None),
        (None, Params::Required(_)) => grundy::catalog::parse_ruleset(e.example.split('(').next().unwrap_or("")),
    };
    match built {
        Ok(Ruleset::Heap(h)) => Some(h.memory().bytes_per_heap),
        _ => None,
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

/// The family `name` stands for (a family name or an alias, a ruleset with parameters
/// such as `subtraction[1,2]`, or a take-and-break code), with the alias it was found by.
fn find(name: &str) -> anyhow::Result<(&'static Family, Option<&'static Alias>, Option<Ruleset>)> {
    let base = name.split('[').next().unwrap_or(name).trim();
    let parsed = grundy::catalog::parse_ruleset(name);
    let family = match (grundy::catalog::family(base), &parsed) {
        (Ok((f, _)), _) => f,
        // A code or an expression of a ruleset: its family is in its name.
        (Err(_), Ok(rs)) => {
            let built = rs.name();
            grundy::catalog::family(built.split('[').next().unwrap_or(&built))?.0
        }
        // A code or an expression that does not parse: its syntax error points at the
        // character (`0.77[1,2]` was "unknown ruleset '0.77'"); a name, the family's
        // error with its suggestion.
        (Err(e), Err(_)) => {
            return Err(match parsed {
                Err(pe @ grundy::Error::Syntax { .. }) => pe.into(),
                _ => e.into(),
            })
        }
    };
    let alias = family.aliases.iter().find(|a| a.name == base);
    // Parameters given are the ruleset's, checked as every other command checks them
    // (`list 'subtraction[1,2^64]'` described the family); a family named alone is
    // described whether or not it needs parameters.
    let ruleset = match parsed {
        Ok(rs) => Some(rs),
        Err(pe) if name.contains('[') => return Err(pe.into()),
        Err(_) => None,
    };
    Ok((family, alias, ruleset))
}

fn row(e: &'static Family, named: Option<&Ruleset>) -> Row {
    Row {
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
        dense_bytes_per_heap: bytes_per_heap(e, named),
    }
}

/// Writes one ruleset as the text of `list` shows it.
fn write_row(w: &mut dyn std::io::Write, r: &Row) -> std::io::Result<()> {
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
    Ok(())
}

/// Runs the command: every ruleset, or the one named (JSON: its row alone; the memory
/// per heap is that of the ruleset named, `0.137` or `subtraction[1,2]`).
///
/// # Errors
/// An unknown name (with the nearest names), or output that cannot be written.
pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &a.name {
        let (family, alias, ruleset) = find(name)?;
        let r = row(family, ruleset.as_ref());
        match a.format {
            Format::Json => print_json(&r)?,
            Format::Text => stdout(|w| {
                if let Some(al) = alias.filter(|al| al.name != family.name) {
                    match al.params {
                        Some(p) => writeln!(w, "{} is {}[{p}]", al.name, family.name)?,
                        None => writeln!(w, "{} is {}", al.name, family.name)?,
                    }
                }
                write_row(w, &r)
            })?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let rows: Vec<Row> = families().map(|f| row(f, None)).collect();
    match a.format {
        Format::Json => print_json(&rows)?,
        Format::Text => stdout(|w| rows.iter().try_for_each(|r| write_row(w, r)))?,
    }
    Ok(ExitCode::SUCCESS)
}
