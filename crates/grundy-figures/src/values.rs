//! Values of a ruleset over a range, as figures and tables show them: the sequence of
//! a heap ruleset and the grid G(a, b) of a ruleset on pairs. Both go through the
//! library's public engines (`solve::sequence`, `Evaluator::tuple_value`), so faster
//! engines registered there are used here too.

use anyhow::{bail, Result};
use grundy::game::{HeapRuleset, Ruleset, TupleRuleset};
use grundy::solve::{sequence, Evaluator, Method, Solver};
use grundy::{Control, Nimber};
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The points (n, G(n)) for heaps `from..=to` of a heap ruleset (heaps below its first
/// position are left out). Errors if a value exceeds 2^64 − 1, or as
/// `solve::sequence` does (memory limit, interruption).
///
/// For a ruleset whose periodicity theorem can prove a period (finite take-and-break
/// codes of plain digits, subtraction games), the table is computed only until the
/// period is proven and the heaps beyond come from the period (`solve::period`), so a
/// range such as 10^15..=10^15 + 1000 is drawn at once.
pub fn heap_points(rs: &Arc<dyn HeapRuleset>, from: u64, to: u64, ctl: &Control) -> Result<Vec<(u64, u64)>> {
    let points = to.saturating_sub(from).saturating_add(1);
    if Evaluator::new(Method::Auto, ctl.clone()).uses_period(rs) {
        ctl.check_memory(
            &format!("the plot of {} on heaps {from}..={to}", rs.name()),
            points.saturating_mul(16),
            format!("{points} points × 16 bytes"),
        )?;
        let mut solver = Solver::new(Method::Auto, ctl.clone());
        let seq = solver.sequence(&Ruleset::Heap(rs.clone()), Some(from.max(rs.first_heap())), to)?;
        if let Some(e) = seq.stopped {
            return Err(e.into());
        }
        return (0..seq.len())
            .map(|i| {
                let n = seq.from + i as u64;
                match seq.finite(i).and_then(|v| v.to_u64()) {
                    Some(v) => Ok((n, v)),
                    None => bail!(
                        "G({n}) of {} does not fit in 64 bits; plots need values that do",
                        rs.name()
                    ),
                }
            })
            .collect();
    }
    // A table past 2^32 heaps is refused whatever the memory limit: that refusal
    // first, so that a higher limit for the points is not advised in vain.
    if to >= u64::from(u32::MAX) {
        sequence(rs.as_ref(), to, ctl)?;
    }
    // The points (16 bytes each) sit beside the table while the figure is drawn.
    let table = to.saturating_add(1).saturating_mul(rs.memory().bytes_per_heap);
    ctl.check_memory(
        &format!("the plot of {} to {to}", rs.name()),
        points.saturating_mul(16).saturating_add(table),
        format!("{points} points × 16 bytes and the table"),
    )?;
    let seq = sequence(rs.as_ref(), to, ctl)?;
    let from = from.max(rs.first_heap());
    (from..=to)
        .map(|n| match seq.get_u64(n) {
            Some(v) => Ok((n, v)),
            None => bail!(
                "G({n}) of {} is {} bits long; plots and periodicity need values that fit in 64 bits",
                rs.name(),
                seq.get(n).bits()
            ),
        })
        .collect()
}

/// The values G(a, b) for a in `rows`, b in `cols` of a ruleset whose positions are
/// pairs; `None` where (a, b) is not a position (e.g. vdn with a heap of 0).
///
/// Errors: the ruleset does not take pairs; the grid exceeds the memory limit; a search
/// exceeds its limits or is interrupted.
pub fn grid(
    rs: &Arc<dyn TupleRuleset>,
    rows: RangeInclusive<u64>,
    cols: RangeInclusive<u64>,
    method: Method,
    ctl: &Control,
) -> Result<Vec<Vec<Option<Nimber>>>> {
    if !rs.arity().allows(2) {
        bail!("{} has positions of {}, not pairs (a,b)", rs.name(), rs.arity());
    }
    // Inclusive, so that the last row or column may be 2^64 − 1.
    let count = |r: &RangeInclusive<u64>| match r.end().checked_sub(*r.start()) {
        Some(d) => d.saturating_add(1),
        None => 0,
    };
    let (nr, nc) = (count(&rows), count(&cols));
    // In u128, so that the detail gives the true count of a grid past 2^64 cells.
    let cells = u128::from(nr) * u128::from(nc);
    ctl.check_memory(
        &format!("a {nr} × {nc} grid of {}", rs.name()),
        u64::try_from(cells.saturating_mul(32)).unwrap_or(u64::MAX),
        format!("{cells} cells × 32 bytes"),
    )?;
    // The searches get the limits and the cancellation flag, not the progress bar, which
    // counts the cells of the grid.
    let quiet = Control::new()
        .with_memory_limit(ctl.memory_limit())
        .with_state_limit(ctl.state_limit())
        .with_cancel_flag(ctl.cancel_flag());
    let mut ev = Evaluator::new(method, quiet);
    // The last cell first: an engine that grows its table as positions need it (MIN's
    // rows) then estimates, and refuses, the whole grid at once (it refused the rows
    // reached so far, and a limit raised as advised was refused again further on).
    // The bar starts first, so that a long first cell shows its time.
    ctl.start(
        &format!("{} grid {nr} × {nc}", rs.name()),
        u64::try_from(cells).unwrap_or(u64::MAX),
    );
    let last = [*rows.end(), *cols.end()];
    if cells > 0 && rs.check(&last).is_ok() {
        ev.tuple_value(rs, &last)?;
    }
    let mut out = Vec::with_capacity(nr as usize);
    for (i, a) in rows.enumerate() {
        ctl.tick(i as u64 * nc)?;
        let mut row = Vec::with_capacity(nc as usize);
        for b in cols.clone() {
            let pos = [a, b];
            row.push(match rs.check(&pos) {
                Ok(()) => Some(ev.tuple_value(rs, &pos)?),
                Err(_) => None,
            });
        }
        out.push(row);
    }
    ctl.finish();
    Ok(out)
}

/// The grid as 64-bit values for a heatmap (errors if a value does not fit).
pub fn grid_u64(grid: &[Vec<Option<Nimber>>]) -> Result<Vec<Vec<Option<u64>>>> {
    grid.iter()
        .enumerate()
        .map(|(a, row)| {
            row.iter()
                .enumerate()
                .map(|(b, v)| match v {
                    None => Ok(None),
                    Some(x) => match x.to_u64() {
                        Some(u) => Ok(Some(u)),
                        None => bail!("G({a},{b}) = {x} does not fit in 64 bits; it cannot be plotted"),
                    },
                })
                .collect()
        })
        .collect()
}
