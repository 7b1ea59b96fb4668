//! Tests of bounded exploration: the papers' values, undetermined heaps, and random
//! loopy rulesets explored in random order against solving their whole graphs.

use super::*;
use crate::rulesets::loopy::{AliquotSum, PartialAliquotSum};
use crate::solve::loopy::Graph;
use proptest::prelude::*;

fn texts(r: Arc<dyn LoopyRuleset>, bound: Bound, heaps: impl IntoIterator<Item = u64>) -> Vec<String> {
    let mut ex = LoopyExplorer::new(r, bound);
    heaps
        .into_iter()
        .map(|n| ex.heap_value(n, &Control::new()).unwrap().value_text())
        .collect()
}

#[test]
fn aliquot_sum_values_of_the_paper() {
    // Paper 003 §7: 0,1,1,0,1,∞,1,0,1,1,1,? with the ? computed there as G(12) = 0.
    let v = texts(Arc::new(AliquotSum), Bound::default(), 1..=12);
    assert_eq!(v, ["0", "1", "1", "0", "1", "∞()", "1", "0", "1", "1", "1", "0"]);
    // 12 → 16 → 15 → 9 → 4 → 3 → 1; amicable 220 ↔ 284 and the perfect 28 loop.
    let v = texts(Arc::new(AliquotSum), Bound::default(), [16, 15, 220, 284, 28, 496]);
    assert_eq!(v, ["1", "0", "∞()", "∞()", "∞()", "∞()"]);
}

#[test]
fn partial_aliquot_sum_values_of_the_paper() {
    // Paper 003 §7 table: 0 1 1 2 1 ∞₃ 1 ∞₃ 3 (∞₃: the finite options have mex 3).
    let v = texts(Arc::new(PartialAliquotSum), Bound::default(), 1..=9);
    assert_eq!(v, ["0", "1", "1", "2", "1", "∞(0,1,2)", "1", "∞(0,1,2)", "3"]);
}

#[test]
fn undetermined_heaps_name_the_bound() {
    let ctl = Control::new();
    let mut ex = LoopyExplorer::new(Arc::new(AliquotSum), Bound::default());
    let v = ex.heap_value(276, &ctl).unwrap();
    assert_eq!((v.value_text(), v.outcome_text()), ("?".to_string(), "?".to_string()));
    let note = v.note().unwrap();
    assert!(
        note.contains("aliquot-sum(276)") && note.contains("1.00e18") && note.contains("--bound"),
        "{note}"
    );
    // Every heap on 276's path is undetermined too.
    assert_eq!(ex.heap_value(396, &ctl).unwrap().value_text(), "?"); // s(276) = 396
                                                                     // A small heap bound: 12 → 16 is above 15.
    let b = Bound { heap: 15, moves: 100 };
    let mut ex = LoopyExplorer::new(Arc::new(AliquotSum), b);
    let v = ex.heap_value(12, &ctl).unwrap();
    assert!(
        v.note().unwrap().contains("reaches heap 16, above the heap bound 15"),
        "{v:?}"
    );
    assert_eq!(ex.heap_value(11, &ctl).unwrap().value_text(), "1");
    assert_eq!(ex.heap_value(16, &ctl).unwrap().value_text(), "?");
    // The move bound: partial-aliquot-sum(12) reaches 16 heaps with 15 + … moves.
    let b = Bound { heap: 1000, moves: 20 };
    let mut ex = LoopyExplorer::new(Arc::new(PartialAliquotSum), b);
    let v = ex.heap_value(12, &ctl).unwrap();
    assert!(
        v.note().unwrap().contains("more than 20 moves (--graph-bound)"),
        "{v:?}"
    );
    assert_eq!(ex.heap_value(6, &ctl).unwrap().value_text(), "∞(0,1,2)");
}

/// A loopy ruleset given by a graph on heaps `0..n` (options = followers).
struct GraphRuleset(Vec<Vec<u64>>);

impl LoopyRuleset for GraphRuleset {
    fn name(&self) -> String {
        "g".into()
    }
    fn first_heap(&self) -> u64 {
        0
    }
    fn options(&self, n: u64, max_heap: u64, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
        out.clear();
        out.extend(self.0[n as usize].iter().copied());
        if let Some(&m) = out.last().filter(|&&m| m > max_heap) {
            return LoopyOptions::HeapAbove(m as u128);
        }
        if out.len() > max_count {
            return LoopyOptions::TooMany;
        }
        LoopyOptions::Listed
    }
}

fn reachable_max(adj: &[Vec<u64>], from: u64) -> u64 {
    let mut seen = vec![false; adj.len()];
    let mut stack = vec![from];
    let mut max = from;
    seen[from as usize] = true;
    while let Some(u) = stack.pop() {
        max = max.max(u);
        for &v in &adj[u as usize] {
            if !seen[v as usize] {
                seen[v as usize] = true;
                stack.push(v);
            }
        }
    }
    max
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn exploration_in_any_order_matches_the_whole_graph(
        adj in (1usize..=14).prop_flat_map(|n| proptest::collection::vec(
            proptest::collection::btree_set(0..n as u64, 0..4), n)),
        order in proptest::collection::vec(0usize..14, 1..30),
        heap_bound in 0u64..16,
        moves in prop_oneof![Just(u64::MAX), 0u64..40],
    ) {
        let adj: Vec<Vec<u64>> = adj.into_iter().map(|s| s.into_iter().collect()).collect();
        let n = adj.len();
        let g = Graph::from_adjacency(&adj.iter().map(|f| f.iter().map(|&x| x as u32).collect()).collect::<Vec<_>>()).unwrap();
        let whole = solve(&g, &Control::new()).unwrap();
        let mut ex = LoopyExplorer::new(Arc::new(GraphRuleset(adj.clone())), Bound { heap: heap_bound, moves });
        for i in order {
            let h = (i % n) as u64;
            let got = ex.heap_value(h, &Control::new()).unwrap();
            match got.value() {
                // Never a wrong value.
                Some(v) => prop_assert_eq!(v, &whole.value(&g, h as u32)),
                None => prop_assert!(moves != u64::MAX || reachable_max(&adj, h) > heap_bound),
            }
            // With no move bound, undetermined exactly when a heap above the bound is reachable.
            if moves == u64::MAX {
                prop_assert_eq!(got.value().is_none(), reachable_max(&adj, h) > heap_bound);
            }
        }
    }
}

/// aliquot-sum by following each chain directly: the graph is functional, so a heap is
/// ∞() if its chain enters a cycle, else alternates 0/1 back from the terminal 1;
/// `None` if the chain passes `bound`.
fn aliquot_by_chain(n: u64, bound: u64) -> Option<String> {
    let mut chain = vec![n];
    loop {
        let h = *chain.last().unwrap();
        if h > bound {
            return None;
        }
        if h == 1 {
            break;
        }
        let s = crate::rulesets::loopy::aliquot_sum(h) as u64;
        if chain.contains(&s) {
            return Some("∞()".into());
        }
        chain.push(s);
    }
    // chain ends at 1 (value 0); each step back flips 0 ↔ 1 (mex of one value).
    Some(((chain.len() - 1) % 2).to_string())
}

#[test]
fn aliquot_sum_matches_its_chains() {
    let bound = Bound {
        heap: 1_000_000_000,
        moves: 1000,
    };
    let mut ex = LoopyExplorer::new(Arc::new(AliquotSum), bound);
    let mut undetermined = 0;
    for n in (1..=3000).rev() {
        let got = ex.heap_value(n, &Control::new()).unwrap();
        let want = aliquot_by_chain(n, bound.heap);
        assert_eq!(got.value().map(|v| v.to_string()), want, "heap {n}");
        undetermined += usize::from(want.is_none());
    }
    assert!(undetermined > 10, "{undetermined}");
}
