//! Engines against each other and against the closed forms, over ranges and on random
//! positions.

use grundy::analysis::verify::{verify_heap, verify_tuple};
use grundy::catalog::{parse_position, parse_ruleset};
use grundy::game::{HeapRuleset, TupleRuleset, TupleSolver};
use grundy::solve::memo::MemoSolver;
use grundy::solve::{sequence, BoundedValue, Evaluator, Method, Solver};
use grundy::{Control, Error};
use proptest::prelude::*;
use std::sync::Arc;

fn heap(name: &str) -> Arc<dyn HeapRuleset> {
    parse_ruleset(name).unwrap().as_heap("test").unwrap().clone()
}

fn tuple(name: &str) -> Arc<dyn TupleRuleset> {
    parse_ruleset(name).unwrap().as_tuple("test").unwrap().clone()
}

#[test]
fn heap_formulas_agree_with_search() {
    let ctl = Control::new();
    for name in [
        "nim",
        "odd-nim",
        "subtraction[1]",
        "subtraction[1,2]",
        "subtraction[1,2,3,4,5,6,7]",
    ] {
        let r = verify_heap(&heap(name), 3000, &ctl).unwrap();
        assert_eq!(r.mismatch, None, "{name}");
        assert_eq!(r.checked, 3001, "{name}");
    }
}

#[test]
fn subtraction_without_formula_is_reported() {
    let r = verify_heap(&heap("subtraction[2,5]"), 100, &Control::new());
    assert!(matches!(r, Err(Error::NoFormula { .. })), "{r:?}");
    // Values of subtraction {2,5} worked by hand from the rules: period 7, 0 0 1 1 0 2 1.
    let seq = sequence(heap("subtraction[2,5]").as_ref(), 20, &Control::new()).unwrap();
    let got: Vec<u32> = seq.codes().to_vec();
    assert_eq!(got, vec![0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1]);
}

#[test]
fn tuple_formulas_agree_with_search() {
    let ctl = Control::new();
    for (name, arity, to) in [
        ("cdn", 1, 300),
        ("cdn", 2, 40),
        ("cdn", 3, 12),
        ("cdn", 4, 6),
        ("delete-nim", 2, 200),
        ("vdn", 2, 200),
    ] {
        let r = verify_tuple(&tuple(name), arity, to, &ctl).unwrap();
        assert_eq!(r.mismatch, None, "{name} arity {arity}");
        assert!(r.checked >= to, "{name}: only {} positions checked", r.checked);
    }
}

#[test]
fn antidiagonal_engines_agree_with_generic_search() {
    let ctl = Control::new();
    for name in ["delete-nim", "vdn"] {
        let rs = tuple(name);
        let mut fast = rs.solver().expect("custom solver");
        let mut slow = MemoSolver::new(rs.clone());
        let lo = if name == "vdn" { 1 } else { 0 };
        for x in lo..=30 {
            for y in lo..=30 {
                assert_eq!(
                    fast.value(&[x, y], &ctl).unwrap(),
                    slow.value(&[x, y], &ctl).unwrap(),
                    "{name}({x},{y})"
                );
            }
        }
    }
}

#[test]
fn memoized_search_has_no_depth_limit() {
    // min(1, b) is a chain of length b: a recursive search would overflow the stack.
    let mut slow = MemoSolver::new(tuple("min"));
    let v = slow.value(&[1, 300_000], &Control::new()).unwrap();
    assert_eq!(v, 0u64, "G(1, b) = 0 iff b is even (paper 001 Remark 2)");
    let v = slow.value(&[1, 300_001], &Control::new()).unwrap();
    assert_eq!(v, 1u64);
}

#[test]
fn methods() {
    let ctl = Control::new();
    let mut f = Evaluator::new(Method::Formula, ctl.clone());
    let p = parse_position("min(3,4)").unwrap();
    assert!(matches!(f.value(&p), Err(Error::NoFormula { .. })));
    let p = parse_position("subtraction[1,3](9)").unwrap();
    let e = f.value(&p).unwrap_err().to_string();
    assert!(e.contains("S = {1,…,k}"), "{e}");
    // Huge CDN: instant by formula, refused by search with an estimate.
    let p = parse_position("cdn(1000000000000000000, 6, 999999999999999999, 4, 5, 6, 7, 8)").unwrap();
    assert_eq!(f.value(&p).unwrap(), 1u64); // λ = 0, ι = 3 (999…9, 5, 7)
    let mut s = Evaluator::new(Method::Search, ctl.clone());
    match s.value(&parse_position("cdn(3000,6000,9000)").unwrap()) {
        Err(Error::TooLarge { estimate_bytes, .. }) => assert!(estimate_bytes > 1 << 40),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // A memory limit too small for a dense table is refused before any work.
    let mut tiny = Evaluator::new(Method::Search, Control::new().with_memory_limit(1000));
    assert!(matches!(
        tiny.value(&parse_position("odd-nim(100000)").unwrap()),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn winning_moves_in_sums() {
    let mut ev = Solver::new(Method::Auto, Control::new());
    let m = ev.moves(&parse_position("nim(3,5,7)").unwrap(), false).unwrap();
    assert_eq!(m.value, BoundedValue::finite(1u64));
    let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    assert_eq!(w, vec!["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
    // A move inside one of several equal heaps is listed once, and the empty heap stays.
    let m = ev.moves(&parse_position("nim(1*3)").unwrap(), true).unwrap();
    let all: Vec<String> = m.options.unwrap().iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(all, vec!["nim(1,1,0)"]);
    assert_eq!(m.winning.len(), 1);
    // Sums mixing heap and tuple components.
    let m = ev
        .moves(&parse_position("cdn(6,2,2) + delete-nim(3,5)").unwrap(), true)
        .unwrap();
    assert_eq!(m.value, BoundedValue::finite(2u64 ^ 3));
    for w in &m.winning {
        assert_eq!(ev.nim_value(w).unwrap(), 0u64, "{w}");
    }
}

#[test]
fn huge_positions_list_moves_or_refuse() {
    let mut ev = Solver::new(Method::Auto, Control::new());
    let m = ev
        .moves(&parse_position("nim(1000000000000,3,5)").unwrap(), false)
        .unwrap();
    let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    assert_eq!(w, vec!["nim(6,3,5)"]);
    let e = ev
        .moves(&parse_position("delete-nim(1000000000000,3)").unwrap(), false)
        .unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
    let e = ev
        .moves(&parse_position("nim(1000000000000,3,5)").unwrap(), true)
        .unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
    assert!(
        e.to_string().contains("listing every option of nim(1000000000000,3,5)"),
        "{e}"
    );
    // totient has a single option: no refusal however large the heap (the bound was
    // the heap itself, and the limit ignored --max-states).
    let m = ev
        .moves(&parse_position("totient(1000000000000)").unwrap(), true)
        .unwrap();
    assert_eq!(m.options.map(|o| o.len()), Some(1));
    // The listing is checked against the work limit given, not a fixed cap.
    let pos = parse_position("maliquant(5000)").unwrap();
    let small = Control::new().with_work_limit(1000);
    let e = Solver::new(Method::Auto, small).moves(&pos, true).unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { limit: 1000, .. }), "{e}");
    let m = Solver::new(Method::Auto, Control::new().with_work_limit(10_000))
        .moves(&pos, true)
        .unwrap();
    // Every option is enumerated and counted; the first 1000 are listed (issue 18).
    assert_eq!(m.options.map(|o| o.len()), Some(grundy::solve::LISTED_MOVES));
    assert!(m.options_total.unwrap() > 4000u32.into());
    // The memory of the listed options (copies of a position of 700 heaps) is
    // estimated before they are built.
    let heaps: Vec<String> = (1..=700).map(|h| h.to_string()).collect();
    let big = parse_position(&format!("nim({})", heaps.join(","))).unwrap();
    let e = Solver::new(Method::Auto, Control::new().with_memory_limit(512 << 20))
        .moves(&big, true)
        .unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e}");
}

fn arb_component() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(0u64..20, 1..4).prop_map(|v| format!("nim({})", join(&v))),
        (0u64..40).prop_map(|n| format!("subtraction[1,3,4]({n})")),
        (0u64..30).prop_map(|n| format!("odd-nim({n},{})", n / 2)),
        proptest::collection::vec(0u64..12, 1..4).prop_map(|v| format!("cdn({})", join(&v))),
        (0u64..25, 0u64..25).prop_map(|(a, b)| format!("delete-nim({a},{b})")),
        (1u64..25, 1u64..25).prop_map(|(a, b)| format!("vdn({a},{b})")),
        (0u64..15, 0u64..15).prop_map(|(a, b)| format!("min({a},{b})")),
    ]
}

fn join(v: &[u64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn moves_are_consistent(parts in proptest::collection::vec(arb_component(), 1..4)) {
        let text = parts.join(" + ");
        let pos = parse_position(&text).unwrap();
        prop_assert_eq!(parse_position(&pos.to_string()).unwrap().to_string(), pos.to_string());
        let mut ev = Solver::new(Method::Search, Control::new());
        let mut by_formula = Solver::new(Method::Auto, Control::new());
        let m = ev.moves(&pos, true).unwrap();
        let finite = |v: &BoundedValue| v.value().and_then(|x| x.as_finite()).and_then(|x| x.to_u64()).unwrap();
        prop_assert_eq!(&m.value, &by_formula.value(&pos).unwrap());
        let options = m.options.unwrap();
        // The value is the mex of the options' values.
        let vals: Vec<u64> = options.iter().map(|(_, v)| finite(v)).collect();
        prop_assert_eq!(finite(&m.value), grundy::value::mex(vals.iter().copied()));
        // Winning moves are exactly the options of value 0, and each re-evaluates to 0.
        prop_assert_eq!(m.winning.len(), vals.iter().filter(|&&v| v == 0).count());
        prop_assert_eq!(m.winning.is_empty(), finite(&m.value) == 0);
        prop_assert!(m.drawing.is_empty() && !m.loopy);
        // Listing only the winning moves (which may use direct finders) gives the same list.
        let w: Vec<String> = ev.moves(&pos, false).unwrap().winning.iter().map(|p| p.to_string()).collect();
        let w_all: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
        prop_assert_eq!(w, w_all);
        for (p, v) in &options {
            let again = parse_position(&p.to_string()).unwrap();
            prop_assert_eq!(&ev.value(&again).unwrap(), v);
        }
    }
}
