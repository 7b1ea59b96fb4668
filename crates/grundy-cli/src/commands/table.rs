//! `grundy table NAME --rows A --cols B`: the grid of values G(a, b) of a ruleset on
//! pairs, as the tables of papers 001 (MIN) and 002 (Delete Nim) show them.

use super::value::MethodArg;
use crate::output::{column_width_of, pad};
use anyhow::{bail, Result};
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::{Control, Nimber};
use grundy_figures::values::grid;
use serde::Serialize;
use std::io::Write;
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
struct Out<'a> {
    ruleset: String,
    rows: Vec<u64>,
    cols: Vec<u64>,
    values: Cells<'a>,
}

/// The grid's values as JSON rows of strings (`null` off the positions), each
/// formatted as it is written, up to the first Ctrl-C.
struct Cells<'a>(&'a [Vec<Option<Nimber>>], &'a dyn Fn() -> bool);

impl Serialize for Cells<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().take_while(|_| (self.1)()).map(|row| CellRow(row)))
    }
}

/// One row of [`Cells`].
struct CellRow<'a>(&'a [Option<Nimber>]);

impl Serialize for CellRow<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|v| v.as_ref().map(Nimber::to_string)))
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    // What the ruleset is and which command takes it, in the words of `seq` and `plot`.
    const PAIRS: &str = "a table needs a ruleset on pairs (min, delete-nim, vdn, cdn, wythoff, euclid)";
    let t = match &rs {
        Ruleset::Tuple(t) => t,
        Ruleset::Heap(h) => bail!(
            "{} is a heap ruleset; {PAIRS} — use `grundy seq` for sequences",
            h.name()
        ),
        Ruleset::Loopy(l) => bail!(
            "{} is a loopy heap ruleset; {PAIRS} — use `grundy seq` for sequences",
            l.name()
        ),
        Ruleset::Game(g) => bail!(
            "{} has boards or graphs as positions, not pairs; {PAIRS} — use `grundy value` for its positions",
            g.name()
        ),
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
    // The grid is written a row at a time, each cell formatted as it is written (text
    // and JSON held every cell's text too: 2.6 times the grid's memory), and printing
    // stops at Ctrl-C (millions of cells take seconds).
    let more = || !ctl.cancelled();
    match a.format {
        TableFormat::Text => crate::output::stdout(|w| write_text(w, &g, *rows.start(), *cols.start(), &more))?,
        TableFormat::Csv => crate::output::stdout(|w| {
            writeln!(w, "a,b,value")?;
            for (a, row) in rows.clone().zip(&g).take_while(|_| more()) {
                for (b, v) in cols.clone().zip(row) {
                    if let Some(v) = v {
                        writeln!(w, "{a},{b},{v}")?;
                    }
                }
            }
            Ok(())
        })?,
        TableFormat::Json => crate::output::stdout(|w| {
            let doc = Out {
                ruleset: t.name(),
                rows: rows.collect(),
                cols: cols.collect(),
                values: Cells(&g, &more),
            };
            serde_json::to_writer_pretty(&mut *w, &doc)?;
            writeln!(w)
        })?,
    }
    if ctl.cancelled() {
        return Err(grundy::Error::Interrupted.into());
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the aligned text grid: a header `a\b` with the column numbers, then one line
/// per row, while `more()` (false at Ctrl-C) holds.
fn write_text(
    w: &mut dyn Write,
    g: &[Vec<Option<Nimber>>],
    row_start: u64,
    col_start: u64,
    more: &dyn Fn() -> bool,
) -> std::io::Result<()> {
    let cols = g.first().map_or(0, Vec::len) as u64;
    let cell = |v: &Option<Nimber>| v.as_ref().map_or("·".to_string(), Nimber::to_string);
    let heads = || (0..cols).map(|j| (col_start + j).to_string());
    let width = column_width_of(g.iter().flatten().map(cell).chain(heads())).max(1);
    let head = column_width_of((0..g.len() as u64).map(|i| (row_start + i).to_string())).max(3);
    write!(w, "{}", pad("a\\b", head, true))?;
    for h in heads() {
        write!(w, " {}", pad(&h, width, true))?;
    }
    writeln!(w)?;
    for (i, row) in g.iter().enumerate().take_while(|_| more()) {
        write!(w, "{}", pad(&(row_start + i as u64).to_string(), head, true))?;
        for c in row {
            write!(w, " {}", pad(&cell(c), width, true))?;
        }
        writeln!(w)?;
    }
    Ok(())
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
        let mut t = Vec::new();
        write_text(&mut t, &g, 0, 0, &|| true).unwrap();
        assert_eq!(
            String::from_utf8(t).unwrap(),
            "a\\b  0  1  2\n  0  ·  0 10\n  1  1  2  ·\n"
        );
    }
}
