//! Benchmarks of `grundy census`: a family on both cores against one core.

use super::Bench;
use anyhow::Result;
use grundy::analysis::census;
use grundy::Control;

/// The census of `family` to heap `to` with `jobs` codes at a time (ordered by their
/// probe, as `grundy census` runs them): the counts.
fn run(family: &str, to: u64, jobs: usize) -> Result<String> {
    let ctl = Control::new();
    let codes = census::members(family, &ctl)?;
    let ordered = census::by_probe(&codes, to, jobs, &ctl)?;
    let rows = std::sync::Mutex::new(Vec::new());
    let record = |o: census::Outcome| -> grundy::Result<()> {
        rows.lock().map_err(|_| grundy::Error::Interrupted)?.push(o.row);
        Ok(())
    };
    census::run_parallel(&ordered, to, jobs, &ctl, &record, &census::Quiet)?;
    let mut rows = rows
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a census thread panicked"))?;
    census::assign_classes(&mut rows);
    let (t, p, o, c) = census::counts(&rows);
    Ok(format!(
        "{} codes: {t} trivial, {p} periodic, {o} open; {c} classes",
        rows.len()
    ))
}

pub fn benches() -> Vec<Bench> {
    vec![Bench {
        name: "census/octal2-2^16",
        target: "grundy census octal:2 --to 2^16 --jobs 2",
        baseline: "the same with --jobs 1",
        requirement: "≥ 1.8× speed-up on two cores (docs/census.md)",
        run_target: || run("octal:2", 1 << 16, 2),
        run_baseline: || run("octal:2", 1 << 16, 1),
    }]
}
