//! The paper 003 family: fast steps against the generic evaluator and the theorems
//! against search. (The golden tests against every printed table and listed sequence of
//! the paper are in the `grundy-papers` crate, with the tables.)

use crate::analysis::verify::verify_heap;
use crate::catalog::parse_ruleset;
use crate::game::HeapRuleset;
use crate::solve::{sequence, sequence_generic};
use crate::Control;
use std::sync::Arc;

fn heap(name: &str) -> Arc<dyn HeapRuleset> {
    parse_ruleset(name).unwrap().as_heap("test").unwrap().clone()
}

fn names() -> Vec<&'static str> {
    super::FAMILIES.iter().map(|e| e.name).collect()
}

#[test]
fn thirty_rulesets() {
    assert_eq!(names().len(), 30);
}

#[test]
fn fast_steps_agree_with_the_generic_evaluator() {
    let ctl = Control::new();
    for name in names() {
        let rs = heap(name);
        let to = if rs.is_powerset() { 300 } else { 700 };
        let fast = sequence(rs.as_ref(), to, &ctl).unwrap();
        let generic = sequence_generic(rs.as_ref(), to, &ctl).unwrap();
        for n in 0..=to {
            assert_eq!(fast.get(n), generic.get(n), "{name}({n})");
        }
    }
}

#[test]
fn theorems_agree_with_search() {
    let ctl = Control::new();
    for name in names() {
        let rs = heap(name);
        if rs.closed_form().is_none() {
            continue; // no theorem
        }
        let to = if rs.is_powerset() { 400 } else { 3000 };
        let r = verify_heap(&rs, to, &ctl).unwrap();
        assert!(r.mismatch.is_none(), "{name}: {:?}", r.mismatch);
        assert!(r.checked > to / 3, "{name}: only {} heaps covered", r.checked);
    }
}

#[test]
fn huge_heaps_by_formula() {
    let formula = |name: &str, n: u64| heap(name).closed_form().and_then(|f| f.value(n));
    assert_eq!(formula("saliquot", 3298534883328), Some(crate::Nimber::from(41u64))); // 3·2^40
    assert_eq!(formula("maliquot", 1 << 62), Some(crate::Nimber::from(62u64)));
    assert_eq!(
        formula("powerset-maliquant", 2001),
        Some(crate::Nimber::pow2(1000))
    );
    assert_eq!(formula("totient", 48114), Some(crate::Nimber::from(1u64)));
}

#[test]
fn powerset_winning_moves_agree_with_enumerating_subsets() {
    use crate::catalog::parse_position;
    use crate::solve::{Method, Solver};
    let mut solver = Solver::new(Method::Search, Control::new());
    for name in [
        "powerset-maliquot",
        "powerset-saliquot",
        "powerset-maliquant",
        "powerset-totative",
        "powerset-nontotative",
    ] {
        let rs = heap(name);
        for n in 1..=14u64 {
            for k in 0..=4u64 {
                let pos = parse_position(&format!("{name}({n}) + nim({k})")).unwrap();
                let m = solver.moves(&pos, true).unwrap();
                let ev = solver.evaluator();
                // Brute force: every nonempty subset of the base, plus the nim moves.
                let mut base = Vec::new();
                rs.for_each_option(n, &mut |p| base.push(p[0].heap));
                let vals: Vec<crate::Nimber> = base.iter().map(|&b| ev.heap_value(&rs, b).unwrap()).collect();
                let want = crate::Nimber::from(k);
                let mut wins = 0u64;
                for mask in 1u64..(1 << base.len()) {
                    let x = (0..base.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .fold(crate::Nimber::ZERO, |a, i| a ^ &vals[i]);
                    wins += u64::from(x == want);
                }
                let hv = ev.heap_value(&rs, n).unwrap();
                wins += u64::from(hv.to_u64().is_some_and(|h| h < k)); // nim heap k → hv
                assert_eq!(m.winning_total, num_bigint::BigUint::from(wins), "{pos}");
                assert_eq!(m.winning.len() as u64, wins, "{pos}");
                let total = (1u64 << base.len()) - 1 + k;
                assert_eq!(m.options_total, Some(num_bigint::BigUint::from(total)), "{pos}");
                let opts = m.options.unwrap();
                let listed = opts.len() as u64;
                assert!(
                    listed >= total.min(1000 + k) && listed <= total.min(1000 + k + wins),
                    "{pos}"
                );
                assert!(opts.iter().all(|(p, v)| *v == crate::solve::BoundedValue::finite(ev.value(p).unwrap())), "{pos}");
            }
        }
    }
}
