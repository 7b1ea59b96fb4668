//! Benchmarks of the foundation: Delete Nim search, CDN closed form at large sizes.

use super::Bench;
use anyhow::Result;
use grundy::catalog::parse_ruleset;
use grundy::solve::{Evaluator, Method};
use grundy::{Control, Nimber};

fn tuple(name: &str) -> std::sync::Arc<dyn grundy::game::TupleRuleset> {
    parse_ruleset(name)
        .expect("ruleset exists")
        .as_tuple("bench")
        .expect("tuple ruleset")
        .clone()
}

/// Delete Nim by search over the grid 0 ≤ x, y ≤ n; returns the nim-sum of all values.
fn delete_nim_grid(n: u64, method: Method) -> Result<String> {
    let rs = tuple("delete-nim");
    let mut ev = Evaluator::new(method, Control::new());
    let mut acc = Nimber::ZERO;
    let mut count = 0u64;
    for x in 0..=n {
        for y in 0..=n {
            acc ^= &ev.tuple_value(&rs, &[x, y])?;
            count += 1;
        }
    }
    Ok(format!("{count} positions, nim-sum of values {acc}"))
}

/// Delete Nim by the generic memoized search (no antidiagonal engine) on a small grid.
fn delete_nim_generic(n: u64) -> Result<String> {
    let rs = tuple("delete-nim");
    let mut solver = grundy::solve::memo::MemoSolver::new(rs);
    let ctl = Control::new();
    let mut acc = Nimber::ZERO;
    for x in 0..=n {
        for y in 0..=n {
            acc ^= &grundy::game::TupleSolver::value(&mut solver, &[x, y], &ctl)?;
        }
    }
    Ok(format!("nim-sum of values {acc}"))
}

fn cdn_formula_big() -> Result<String> {
    // 10^5 positions of CDN_8 with entries up to 10^18, by the closed form.
    let rs = tuple("cdn");
    let mut ev = Evaluator::new(Method::Formula, Control::new());
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut acc = Nimber::ZERO;
    for _ in 0..100_000 {
        let mut pos = [0u64; 8];
        for p in &mut pos {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *p = x % 1_000_000_000_000_000_001;
        }
        acc ^= &ev.tuple_value(&rs, &pos)?;
    }
    Ok(format!("nim-sum {acc}"))
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "core/delete-nim-search-1000",
            target: "Delete Nim by search (antidiagonal engine), every (x,y) with 0 ≤ x, y ≤ 1000",
            baseline: "Delete Nim by the generic memoized search, 0 ≤ x, y ≤ 150",
            requirement: "under 10 s (README, Benchmarks)",
            run_target: || delete_nim_grid(1000, Method::Search),
            run_baseline: || delete_nim_generic(150),
        },
        Bench {
            name: "core/cdn-formula-8x1e18",
            target: "10^5 CDN_8 positions with entries up to 10^18, closed form (Theorem 1.3)",
            baseline: "Delete Nim closed form on the 1001×1001 grid",
            requirement: "instant (README, Benchmarks)",
            run_target: cdn_formula_big,
            run_baseline: || delete_nim_grid(1000, Method::Formula),
        },
    ]
}
