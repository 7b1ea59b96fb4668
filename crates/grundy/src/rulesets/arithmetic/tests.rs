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
                // Brute force: every nonempty subset of the base, plus the nim moves. A
                // move leaves a set of heaps, heap 0 being no heap: distinct positions
                // are the distinct sets of nonzero heaps.
                let mut base = Vec::new();
                rs.for_each_option(n, &mut |p| base.push(p[0].heap));
                let vals: Vec<crate::Nimber> = base.iter().map(|&b| ev.heap_value(&rs, b).unwrap()).collect();
                let want = crate::Nimber::from(k);
                let mut positions = std::collections::BTreeMap::new();
                for mask in 1u64..(1 << base.len()) {
                    let members = (0..base.len()).filter(|i| mask >> i & 1 == 1);
                    let x = members.clone().fold(crate::Nimber::ZERO, |a, i| a ^ &vals[i]);
                    let mut heaps: Vec<u64> = members.map(|i| base[i]).filter(|&h| h != 0).collect();
                    heaps.sort_unstable();
                    heaps.dedup();
                    positions.insert(heaps, x);
                }
                let mut wins = positions.values().filter(|&x| *x == want).count() as u64;
                let hv = ev.heap_value(&rs, n).unwrap();
                wins += u64::from(hv.to_u64().is_some_and(|h| h < k)); // nim heap k → hv
                assert_eq!(m.winning_total, num_bigint::BigUint::from(wins), "{pos}");
                assert_eq!(m.winning.len() as u64, wins, "{pos}");
                let total = positions.len() as u64 + k;
                assert_eq!(m.options_total, Some(num_bigint::BigUint::from(total)), "{pos}");
                let opts = m.options.unwrap();
                // At most 1000 options of the powerset heap are listed, exactly.
                assert_eq!(opts.len() as u64, (positions.len() as u64).min(1000) + k, "{pos}");
                let mut printed: Vec<String> = opts.iter().map(|(p, _)| p.to_string()).collect();
                printed.sort();
                printed.dedup();
                assert_eq!(printed.len(), opts.len(), "{pos}: a position listed twice");
                assert!(opts.iter().all(|(p, v)| *v == crate::solve::BoundedValue::finite(ev.value(p).unwrap())), "{pos}");
            }
        }
    }
}

/// `residue-throw-divisor` lists its options n mod d (1 ≤ d < n) as 0 … ⌈n/2⌉ − 1,
/// without the set of n/2 flags that made `moves 'residue-throw-divisor(10^11)'`
/// allocate 50 GB and abort: the same set as the rule's definition.
#[test]
fn residues_are_the_rules_options() {
    let rs = heap("residue-throw-divisor");
    for n in 1..=300u64 {
        let mut listed = Vec::new();
        rs.for_each_option(n, &mut |parts| listed.push(parts[0].heap));
        let mut want: Vec<u64> = (1..n).map(|d| n % d).collect();
        want.sort_unstable();
        want.dedup();
        assert_eq!(listed, want, "{n}");
    }
}

/// Listing stops when asked (a cancelled computation): the rulesets with about n
/// options per heap or more stop at the first refused option. The heap, 2^50, has
/// about 10^15 options (10^30 for `0.[7]`): a listing that ran on after the refusal
/// (the default `for_each_option_while`, which only stops calling back) would not end.
#[test]
fn option_listing_stops_when_asked() {
    for name in ["nim", "odd-nim", "laskers-nim", "divide-and-residue", "residue-throw-divisor", "totative", "0.[7]"] {
        let rs = parse_ruleset(name).unwrap().as_heap("test").unwrap().clone();
        let mut seen = 0;
        rs.for_each_option_while(1 << 50, &mut |_| {
            seen += 1;
            seen < 3
        });
        assert_eq!(seen, 3, "{name}");
    }
}
