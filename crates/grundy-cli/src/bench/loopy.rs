//! Benchmarks of the loopy (generalized Sprague–Grundy) solver.
//!
//! The test graph is the game graph of a disjunctive sum `G + H` of two random
//! 1000-vertex games: `G` loopy (5% of its moves may go anywhere, closing cycles) and
//! `H` acyclic. The product has 10^6 vertices and about 10^7 edges, a realistic mix of
//! finite values and `∞(K)` (random graphs of that size are almost all `∞`: one
//! reachable cycle makes its ancestors infinite), and out-degrees ≤ 9 in each
//! component keep every finite value below 16. The sum rule gives an independent
//! check of all 10^6 values from the components' own values.

use super::Bench;
use anyhow::{ensure, Result};
use grundy::catalog::parse_ruleset;
use grundy::game::Ruleset;
use grundy::rulesets::loopy::aliquot_sum;
use grundy::solve::loopy::{solve, Graph, GraphBuilder, LoopySolution};
use grundy::solve::{Bound, BoundedValue, LoopyExplorer};
use grundy::value::mex_of_slice;
use grundy::Control;

/// SplitMix64, a small deterministic generator.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(super) fn below(&mut self, n: u64) -> u64 {
        ((self.next() as u128 * n as u128) >> 64) as u64
    }
}

/// A random game on `n` vertices: 10% terminal, the others with 3 to 9 moves, each to
/// a random smaller vertex except that with probability `back_permille`‰ it goes to
/// any vertex. With `back_permille = 0` the game is acyclic and index order is a
/// topological order.
pub fn random_game(n: u32, back_permille: u64, seed: u64) -> Result<Graph> {
    let mut rng = Rng(seed);
    let mut b = GraphBuilder::new();
    let mut f = Vec::new();
    for v in 0..n {
        let deg = if v == 0 || rng.below(100) < 10 {
            0
        } else {
            3 + rng.below(7)
        };
        f.clear();
        for _ in 0..deg {
            let anywhere = rng.below(1000) < back_permille;
            f.push(if anywhere {
                rng.below(n as u64)
            } else {
                rng.below(v as u64)
            } as u32);
        }
        b.add_vertex(f.iter().copied())?;
    }
    Ok(b.finish()?)
}

/// The game graph of the sum `a + b`: vertex `(u, v)` is `u·|b| + v`; its followers are
/// `(u', v)` and `(u, v')`. Acyclic components give a graph whose index order is
/// topological.
pub fn sum_graph(a: &Graph, b: &Graph) -> Result<Graph> {
    let nb = b.vertex_count() as u32;
    let mut out = GraphBuilder::try_with_capacity(
        a.vertex_count() * b.vertex_count(),
        a.edge_count() * b.vertex_count() + b.edge_count() * a.vertex_count(),
    )?;
    for u in 0..a.vertex_count() as u32 {
        for v in 0..nb {
            let moves_a = a.followers(u).iter().map(|&x| x * nb + v);
            let moves_b = b.followers(v).iter().map(|&y| u * nb + y);
            out.add_vertex(moves_a.chain(moves_b))?;
        }
    }
    Ok(out.finish()?)
}

fn components(loopy: bool) -> Result<(Graph, Graph)> {
    Ok((
        random_game(1000, if loopy { 50 } else { 0 }, 7)?,
        random_game(1000, 0, 11)?,
    ))
}

fn histogram(n: usize, value: impl Fn(u32) -> Option<u32>) -> String {
    let mut hist = [0usize; 16];
    let mut infinite = 0;
    for v in 0..n as u32 {
        match value(v) {
            Some(m) => hist[m as usize] += 1,
            None => infinite += 1,
        }
    }
    let last = hist.iter().rposition(|&c| c > 0).unwrap_or(0);
    format!("values 0..={last}: {:?}, infinite: {infinite}", &hist[..=last])
}

/// Checks the solver's values on the sum against the sum rule (finite ⊕ finite is
/// finite, anything with an infinite component is infinite).
fn check_sum_rule(a: &LoopySolution, b: &LoopySolution, sum: &LoopySolution, nb: u32) -> Result<()> {
    for u in 0..a.len() as u32 {
        for v in 0..nb {
            let want = a.finite(u).zip(b.finite(v)).map(|(x, y)| x ^ y);
            ensure!(sum.finite(u * nb + v) == want, "sum rule fails at ({u},{v})");
        }
    }
    Ok(())
}

/// The loopy solver on the 10^6-vertex sum graph with cycles.
fn loopy_target() -> Result<String> {
    let (a, b) = components(true)?;
    let g = sum_graph(&a, &b)?;
    let ctl = Control::new();
    let s = solve(&g, &ctl)?;
    check_sum_rule(&solve(&a, &ctl)?, &solve(&b, &ctl)?, &s, b.vertex_count() as u32)?;
    Ok(format!(
        "{} vertices, {} edges; {}; agrees with the sum rule",
        g.vertex_count(),
        g.edge_count(),
        histogram(g.vertex_count(), |v| s.finite(v))
    ))
}

/// Plain mex in topological (index) order on the acyclic sum graph.
fn acyclic_mex_baseline() -> Result<String> {
    let (a, b) = components(false)?;
    let g = sum_graph(&a, &b)?;
    let mut values: Vec<u32> = Vec::with_capacity(g.vertex_count());
    let (mut opts, mut scratch) = (Vec::new(), Vec::new());
    for v in 0..g.vertex_count() as u32 {
        opts.clear();
        opts.extend(g.followers(v).iter().map(|&w| values[w as usize]));
        values.push(mex_of_slice(&opts, &mut scratch));
    }
    Ok(format!(
        "{} vertices, {} edges; {}",
        g.vertex_count(),
        g.edge_count(),
        histogram(g.vertex_count(), |v| Some(values[v as usize]))
    ))
}

/// The loopy solver on the acyclic sum graph (its overhead when there are no cycles).
fn loopy_on_acyclic() -> Result<String> {
    let (a, b) = components(false)?;
    let g = sum_graph(&a, &b)?;
    let s = solve(&g, &Control::new())?;
    Ok(format!(
        "{} vertices, {} edges; {}",
        g.vertex_count(),
        g.edge_count(),
        histogram(g.vertex_count(), |v| s.finite(v))
    ))
}

/// `grundy seq aliquot-sum --to 10^5` with the default bound: counts of each value.
fn aliquot_seq() -> Result<String> {
    let Ruleset::Loopy(rs) = parse_ruleset("aliquot-sum")? else {
        anyhow::bail!("aliquot-sum is loopy")
    };
    let mut ex = LoopyExplorer::new(rs, Bound::default());
    let ctl = Control::new();
    let mut counts = std::collections::BTreeMap::<String, u64>::new();
    for n in 1..=100_000 {
        let v = ex.heap_value(n, &ctl)?;
        let key = match &v {
            BoundedValue::Value(x) => x.to_string(),
            BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => "?".into(),
        };
        *counts.entry(key).or_default() += 1;
    }
    Ok(format!("{counts:?}"))
}

/// One aliquot sum s(n) per heap n ≤ 10^5 (a factorization each, no exploration).
fn aliquot_sums() -> Result<String> {
    let total: u128 = (1..=100_000u64).map(aliquot_sum).sum();
    Ok(format!("Σ s(n) = {total}"))
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "loopy/solver-1e6-vertices-1e7-edges",
            target: "generalized Sprague–Grundy values of the game graph of G + H (10^6 vertices, ~10^7 edges, cycles from G, values < 16), graph generation and a sum-rule check included",
            baseline: "the same construction with G acyclic, solved by plain mex in topological order",
            requirement: "under 30 s and 2 GiB (README, Benchmarks)",
            run_target: loopy_target,
            run_baseline: acyclic_mex_baseline,
        },
        Bench {
            name: "loopy/solver-on-acyclic-1e6",
            target: "the loopy solver on the acyclic sum graph of the baseline",
            baseline: "plain mex in topological order on the same graph",
            requirement: "the staged labelling's overhead over plain mex when there are no cycles",
            run_target: loopy_on_acyclic,
            run_baseline: acyclic_mex_baseline,
        },
        Bench {
            name: "loopy/seq-aliquot-sum-1e5",
            target: "values of aliquot-sum for heaps 1..10^5 with the default bound (heaps up to 10^18), as `grundy seq aliquot-sum --to 100000`",
            baseline: "the aliquot sums s(n) of heaps 1..10^5 (one factorization each)",
            requirement: "under 60 s (README, Benchmarks)",
            run_target: aliquot_seq,
            run_baseline: aliquot_sums,
        },
    ]
}
