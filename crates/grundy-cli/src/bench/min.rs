//! Benchmarks of MIN (paper 001): the row engine (all values) and the f_0/f_1 sieve
//! (values 0 and 1 only).

use super::Bench;
use anyhow::Result;
use grundy::game::TupleSolver;
use grundy::rulesets::min::facts::MinFacts;
use grundy::rulesets::min::recursion::downward_search;
use grundy::rulesets::min::rows::MinRows;
use grundy::rulesets::min::Min;
use grundy::solve::memo::MemoSolver;
use grundy::Control;
use std::sync::Arc;

/// All G(a, b), a ≤ b, for a ≤ n: rows 0..=n; returns a checksum of the stored periods.
fn rows(n: u64) -> Result<String> {
    let mut r = MinRows::new();
    r.extend_to(n, &Control::new())?;
    let sum: u64 = (0..=n).map(|a| r.row_value(a, a / 2) as u64).sum();
    Ok(format!(
        "G({n},{n}) = {}, Σ_a G(a, a + ⌊a/2⌋) = {sum}",
        r.row_value(n, 0)
    ))
}

/// Every position (a, b) with a, b ≤ n by one engine; returns the XOR of the values.
fn grid(n: u64, solver: &mut dyn TupleSolver) -> Result<String> {
    let ctl = Control::new();
    let mut acc = grundy::Nimber::ZERO;
    for a in 0..=n {
        for b in 0..=n {
            acc ^= &solver.value(&[a, b], &ctl)?;
        }
    }
    Ok(format!("nim-sum of all values {acc}"))
}

fn facts(n: u64) -> Result<String> {
    let f = MinFacts::compute(n, &Control::new())?;
    let zeros2 = f.zeros_at_distance(2).len();
    Ok(format!(
        "f_0({n}) = {}, f_1({n}) = {}, {zeros2} a with G(a−2,a) = 0",
        f.table(0)[n as usize],
        f.table(1)[n as usize]
    ))
}

fn downward(n: u64) -> Result<String> {
    let ctl = Control::new();
    let f0 = downward_search(0, n, &ctl)?;
    let f1 = downward_search(1, n, &ctl)?;
    Ok(format!("f_0({n}) = {}, f_1({n}) = {}", f0[n as usize], f1[n as usize]))
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "min/rows-20000",
            target: "MIN row engine: all G(a,b), 0 ≤ a ≤ b, a ≤ 20000 (rows 0..=20000)",
            baseline: "the same engine for a ≤ 5000 (quadratic work: expect a ratio near 16)",
            requirement: "under 20 s and 1 GiB (README, Benchmarks)",
            run_target: || rows(20_000),
            run_baseline: || rows(5_000),
        },
        Bench {
            name: "min/rows-vs-generic-200",
            target: "MIN row engine on every (a,b) with a, b ≤ 200",
            baseline: "the generic memoized search on the same positions",
            requirement: "",
            run_target: || grid(200, &mut MinRows::new()),
            run_baseline: || grid(200, &mut MemoSolver::new(Arc::new(Min))),
        },
        Bench {
            name: "min/facts-1e8",
            target: "MIN f_0 and f_1 (positions of the values 0 and 1) for all a ≤ 10^8, sieve on 2 threads",
            baseline: "the same sieve for a ≤ 10^7 (n log n work: expect a ratio near 11–12)",
            requirement: "under 60 s and 2 GiB (README, Benchmarks)",
            run_target: || facts(100_000_000),
            run_baseline: || facts(10_000_000),
        },
        Bench {
            name: "min/facts-vs-downward-30000",
            target: "MIN f_0 and f_1 for a ≤ 30000 by the sieve",
            baseline: "the paper's downward search (§4) for a ≤ 30000",
            requirement: "",
            run_target: || facts(30_000),
            run_baseline: || downward(30_000),
        },
    ]
}
