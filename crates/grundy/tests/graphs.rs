//! Node-Kayles on graphs of more than 128 vertices (the engine's 256-bit vertex sets):
//! random graphs made of many small components against a brute force over vertex
//! sets, long paths against Dawson's chess (`0.137`) and cycles, the limits, and the
//! golden values of the queens graph (OEIS A344227).

use grundy::catalog::{parse_position, parse_ruleset};
use grundy::solve::{Method, Solver};
use grundy::Control;

mod common;
use common::{many_small_components, rng};

/// The engine's work estimate for a graph is the number of its independent sets (at
/// most), far above the work of a path's search: the limit is lifted.
fn unlimited() -> Control {
    Control::new().with_work_limit(u64::MAX)
}

fn value(expr: &str) -> u64 {
    let mut s = Solver::new(Method::Search, unlimited());
    s.nim_value(&parse_position(expr).unwrap()).unwrap().to_u64().unwrap()
}

/// The value by the reference engine (`--method plain`: every option's value, one
/// thread).
fn reference(expr: &str) -> u64 {
    let mut s = Solver::new(Method::Search, unlimited());
    s.evaluator().use_reference_engines();
    s.nim_value(&parse_position(expr).unwrap()).unwrap().to_u64().unwrap()
}

/// The fast engine (one and two threads) and the reference engine agree with a brute
/// force over vertex sets on graphs of 129 to 256 vertices made of small components.
#[test]
fn large_graphs_of_small_components_against_brute_force() {
    let mut next = rng(0x2545_F491_4F6C_DD1D);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    for round in 0..16 {
        let total = if round == 0 { 256 } else { 129 + next(128) as usize };
        let (expr, expect) = many_small_components(&mut next, total);
        for pool in [&one, &two] {
            assert_eq!(pool.install(|| value(&expr)), expect, "round {round}: {total} vertices");
        }
        if round % 4 == 0 {
            assert_eq!(reference(&expr), expect, "round {round}: reference engine");
        }
    }
}

/// A path of n vertices is Dawson's chess (`0.137`), a cycle of n a path of n − 3 after
/// any move; written as graphs of up to 256 vertices.
#[test]
fn long_paths_and_cycles_are_dawsons_chess() {
    let seq = Solver::new(Method::Search, Control::new())
        .sequence(&parse_ruleset("0.137").unwrap(), Some(0), 256)
        .unwrap();
    let dawson = |n: usize| seq.value_text(n).parse::<u64>().unwrap();
    let path = |n: usize| {
        (1..n)
            .map(|i| format!("p{}-p{}", i - 1, i))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for n in [128, 129, 150, 200] {
        assert_eq!(
            value(&format!("node-kayles(\"{}\")", path(n))),
            dawson(n),
            "path of {n}"
        );
        let cycle = format!("node-kayles(\"{} p{}-p0\")", path(n), n - 1);
        assert_eq!(value(&cycle), u64::from(dawson(n - 3) == 0), "cycle of {n}");
    }
    // Another numbering: vertices met from both ends inward, so that neighbours are far
    // apart in the sets.
    let n = 180;
    let order: Vec<usize> = (0..n / 2).flat_map(|i| [i, n - 1 - i]).collect();
    let mut edges: Vec<String> = order
        .iter()
        .filter(|&&i| i + 1 < n)
        .map(|&i| format!("q{i}-q{}", i + 1))
        .collect();
    edges.reverse();
    assert_eq!(value(&format!("node-kayles(\"{}\")", edges.join(" "))), dawson(n));
    assert_eq!(reference(&format!("node-kayles(\"{}\")", path(140))), dawson(140));
}

/// One session meets graphs of both sizes: the 128-bit engine first, the 256-bit one
/// from the first larger graph on, and the values stay right (a sum of three graphs).
#[test]
fn one_session_searches_graphs_of_both_sizes() {
    let path = |n: usize, p: &str| {
        (1..n)
            .map(|i| format!("{p}{}-{p}{}", i - 1, i))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let seq = Solver::new(Method::Search, Control::new())
        .sequence(&parse_ruleset("0.137").unwrap(), Some(0), 256)
        .unwrap();
    let dawson = |n: usize| seq.value_text(n).parse::<u64>().unwrap();
    let expr = format!(
        "node-kayles(\"{}\") + node-kayles(\"{}\") + node-kayles(\"{}\")",
        path(20, "a"),
        path(180, "b"),
        path(31, "c")
    );
    assert_eq!(value(&expr), dawson(20) ^ dawson(180) ^ dawson(31));
    let mut s = Solver::new(Method::Search, unlimited());
    for (n, p) in [(40, "d"), (190, "e"), (41, "f"), (131, "g")] {
        let one = format!("node-kayles(\"{}\")", path(n, p));
        assert_eq!(
            s.nim_value(&parse_position(&one).unwrap()).unwrap().to_u64(),
            Some(dawson(n)),
            "{n}"
        );
    }
}

/// More than 256 vertices is one error naming the limit, for graphs and the named
/// families; Green Hackenbush keeps 128 edges and says so.
#[test]
fn graphs_above_256_vertices_are_refused() {
    let msg = |s: &str| parse_position(s).unwrap_err().to_string();
    let many: Vec<String> = (0..257).map(|i| format!("v{i}")).collect();
    let e = msg(&format!("node-kayles(\"{}\")", many.join(" ")));
    assert!(
        e.contains("a graph of 257 vertices") && e.contains("at most 256 vertices"),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
    let path: Vec<String> = (1..129).map(|i| format!("v{}-v{i}", i - 1)).collect();
    let path256: Vec<String> = (1..256).map(|i| format!("v{}-v{i}", i - 1)).collect();
    assert!(parse_position(&format!("node-kayles(\"{}\")", path256.join(" "))).is_ok());
    assert!(msg("node-kayles-queens(17)").contains("n ≤ 16"));
    assert!(parse_position("node-kayles-queens(16)").is_ok());
    assert!(msg("node-kayles-petersen(129,2)").contains("n ≤ 128"));
    // A stalk of 129 edges on the ground.
    let e = msg(&format!("green-hackenbush(\"g-v0 {}\")", path.join(" ")));
    assert!(e.contains("at most 128 edges"), "{e}");
}

/// A part of the queens graph of more than 128 vertices is estimated from its
/// independent sets (at most one queen a row), not its subsets: 13×13 fits
/// `--max-work 1e19`.
#[test]
fn large_queens_graphs_are_estimated_by_their_independent_sets() {
    let ctl = Control::new().with_work_limit(10_000_000_000_000_000_000);
    let pos = parse_position("node-kayles-queens(13)").unwrap();
    let mut s = Solver::new(Method::Search, ctl.clone());
    // The estimate passes; the search is then stopped by cancelling it.
    ctl.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    let e = s.nim_value(&pos).unwrap_err();
    assert_eq!(e, grundy::Error::Interrupted, "{e}");
    let strict = Control::new().with_work_limit(1_000_000);
    let e = Solver::new(Method::Search, strict)
        .nim_value(&pos)
        .unwrap_err()
        .to_string();
    assert!(e.contains("node-kayles-queens(13)"), "{e}");
}

/// OEIS A344227 (offset 0) for n = 9…11 (n ≤ 8 is the unit test of the family).
#[test]
fn queens_graph_golden_values_to_eleven() {
    let a344227 = [0u64, 1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1];
    for (n, &v) in a344227.iter().enumerate().take(12).skip(9) {
        let expr = format!("node-kayles-queens({n})");
        let got = Solver::new(Method::Search, unlimited())
            .nim_value(&parse_position(&expr).unwrap())
            .unwrap();
        assert_eq!(got, v, "{expr}");
    }
}

/// OEIS A344227 for n = 12 and 13 (144 and 169 vertices: the 256-bit engine); minutes
/// in a test build: `cargo test --release -p grundy --test graphs -- --ignored`.
#[test]
#[ignore = "minutes: run with --release -- --ignored"]
fn queens_graph_golden_values_twelve_and_thirteen() {
    for (n, v) in [(12, 0u64), (13, 1)] {
        let expr = format!("node-kayles-queens({n})");
        let got = Solver::new(Method::Search, unlimited())
            .nim_value(&parse_position(&expr).unwrap())
            .unwrap();
        assert_eq!(got, v, "{expr}");
    }
}
