//! `grundy table NAME --rows A --cols B`: the grid of values G(a, b) of a ruleset on
//! pairs, as the tables of papers 001 (MIN) and 002 (Delete Nim) show them.

use super::value::MethodArg;
use crate::output::{column_width, pad, print_json};
use anyhow::{bail, Result};
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::{Control, Nimber};
use grundy_figures::values::grid;
use serde::Serialize;
use std::process::ExitCode;

/// Output formats of `table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TableFormat {
    /// An aligned grid: rows a, columns b; `·` where (a, b) is not a position.
    #[default]
    Text,
    /// `a,b,value` rows under a header (positions only).
    Csv,
    /// `{"ruleset": …, "rows": [a…], "cols": [b…], "values": [["0", …], …]}`, with
    /// `null` where (a, b) is not a position.
    Json,
}

/// Arguments of `grundy table`.
#[derive(clap::Args)]
pub struct Args {
    /// A ruleset on pairs: min, delete-nim, vdn, cdn, wythoff, euclid, euclid-grossman.
    name: String,
    /// Number of rows: a = START..START+A−1.
    #[arg(long, value_name = "A", value_parser = super::bound::parse_count)]
    rows: u64,
    /// Number of columns: b = START..START+B−1.
    #[arg(long, value_name = "B", value_parser = super::bound::parse_count)]
    cols: u64,
    /// First row a.
    #[arg(long, value_name = "START", default_value_t = 0, value_parser = super::bound::parse_count)]
    row_start: u64,
    /// First column b.
    #[arg(long, value_name = "START", default_value_t = 0, value_parser = super::bound::parse_count)]
    col_start: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: TableFormat,
    /// Closed form, search, or closed form where proven.
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
}

#[derive(Serialize)]
struct Out {
    ruleset: String,
    rows: Vec<u64>,
    cols: Vec<u64>,
    values: Vec<Vec<Option<String>>>,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    let grundy::game::Ruleset::Tuple(t) = &rs else {
        bail!(
            "{} is a heap ruleset; a table needs a ruleset on pairs (min, delete-nim, vdn, cdn, wythoff, euclid) — use `grundy seq` for sequences",
            rs.name()
        );
    };
    if a.rows == 0 || a.cols == 0 {
        bail!("--rows and --cols must be at least 1");
    }
    // The last row and column, which may be 2^64 − 1.
    let (Some(row_last), Some(col_last)) = (a.row_start.checked_add(a.rows - 1), a.col_start.checked_add(a.cols - 1))
    else {
        bail!("the table reaches past row or column 2^64 − 1 = {}", u64::MAX);
    };
    let rows = a.row_start..=row_last;
    let cols = a.col_start..=col_last;
    let g = grid(t, rows.clone(), cols.clone(), a.method.into(), ctl)?;
    match a.format {
        TableFormat::Text => crate::output::stdout(|w| write!(w, "{}", text(&g, *rows.start(), *cols.start())))?,
        TableFormat::Csv => crate::output::stdout(|w| {
            writeln!(w, "a,b,value")?;
            for (a, row) in rows.clone().zip(&g) {
                for (b, v) in cols.clone().zip(row) {
                    if let Some(v) = v {
                        writeln!(w, "{a},{b},{v}")?;
                    }
                }
            }
            Ok(())
        })?,
        TableFormat::Json => print_json(&Out {
            ruleset: t.name(),
            rows: rows.collect(),
            cols: cols.collect(),
            values: g
                .iter()
                .map(|r| r.iter().map(|v| v.as_ref().map(Nimber::to_string)).collect())
                .collect(),
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The aligned text grid: a header `a\b` with the column numbers, then one line per row.
pub fn text(g: &[Vec<Option<Nimber>>], row_start: u64, col_start: u64) -> String {
    let cols = g.first().map_or(0, Vec::len);
    let cell = |v: &Option<Nimber>| v.as_ref().map_or("·".to_string(), Nimber::to_string);
    let cells: Vec<Vec<String>> = g.iter().map(|r| r.iter().map(cell).collect()).collect();
    let heads: Vec<String> = (0..cols).map(|j| (col_start + j as u64).to_string()).collect();
    let width = column_width(cells.iter().flatten().chain(&heads).map(String::as_str)).max(1);
    let rows: Vec<String> = (0..g.len()).map(|i| (row_start + i as u64).to_string()).collect();
    let head = column_width(rows.iter().map(String::as_str)).max(3);
    let mut s = pad("a\\b", head, true);
    for h in &heads {
        s += " ";
        s += &pad(h, width, true);
    }
    s.push('\n');
    for (r, row) in rows.iter().zip(&cells) {
        s += &pad(r, head, true);
        for c in row {
            s += " ";
            s += &pad(c, width, true);
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_grid_is_aligned() {
        let g = vec![
            vec![None, Some(Nimber::from(0u64)), Some(Nimber::from(10u64))],
            vec![Some(Nimber::from(1u64)), Some(Nimber::from(2u64)), None],
        ];
        let t = text(&g, 0, 0);
        assert_eq!(t, "a\\b  0  1  2\n  0  ·  0 10\n  1  1  2  ·\n");
    }
}
