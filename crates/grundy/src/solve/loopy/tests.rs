//! Tests of the loopy solver against the definition, against win/loss/draw analysis
//! by retrograde search, against plain mex on acyclic graphs, and of the sum rule on
//! product graphs.

use super::*;
use crate::value::mex;
use crate::value::Outcome;
use proptest::prelude::*;

fn solve_adj(adj: &[Vec<u32>]) -> (Graph, LoopySolution, Vec<u32>) {
    let g = Graph::from_adjacency(adj).unwrap();
    let (s, order) = label(&g, &Control::new(), true).unwrap();
    (g, s, order)
}

fn values(adj: &[Vec<u32>]) -> Vec<String> {
    let (g, s, _) = solve_adj(adj);
    (0..adj.len() as u32).map(|v| s.value(&g, v).to_string()).collect()
}

/// Checks conditions A, B (with the labelling order as counter) and C of the module
/// docs at every vertex.
fn check_definition(g: &Graph, s: &LoopySolution, order: &[u32]) -> std::result::Result<(), String> {
    for u in 0..g.vertex_count() as u32 {
        let fin: Vec<u64> = g
            .followers(u)
            .iter()
            .filter_map(|&w| s.finite(w))
            .map(u64::from)
            .collect();
        let mex_u = mex(fin.iter().copied()) as u32;
        match s.finite(u) {
            Some(m) => {
                if m != mex_u {
                    return Err(format!("A fails at {u}: value {m}, mex of finite followers {mex_u}"));
                }
                for &v in g.followers(u) {
                    if s.finite(v).is_none_or(|x| x > m) {
                        let ok = g
                            .followers(v)
                            .iter()
                            .any(|&w| s.finite(w) == Some(m) && order[w as usize] < order[u as usize]);
                        if !ok {
                            return Err(format!("B fails at {u} (value {m}) for follower {v}"));
                        }
                    }
                }
            }
            None => {
                let ok = g
                    .followers(u)
                    .iter()
                    .any(|&v| s.finite(v).is_none() && g.followers(v).iter().all(|&w| s.finite(w) != Some(mex_u)));
                if !ok {
                    return Err(format!("C fails at {u}"));
                }
            }
        }
    }
    Ok(())
}

/// Win/loss/draw of every vertex by retrograde analysis (normal play: a player who
/// cannot move loses; infinite play is a draw), independent of the solver.
fn retrograde(adj: &[Vec<u32>]) -> Vec<Outcome> {
    let n = adj.len();
    let mut preds = vec![Vec::new(); n];
    for (u, f) in adj.iter().enumerate() {
        for &v in f {
            preds[v as usize].push(u);
        }
    }
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    let mut left: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&u| adj[u].is_empty()).collect();
    for &u in &queue {
        out[u] = Some(Outcome::P);
    }
    while let Some(v) = queue.pop() {
        for &p in &preds[v] {
            if out[p].is_some() {
                continue;
            }
            if out[v] == Some(Outcome::P) {
                out[p] = Some(Outcome::N);
                queue.push(p);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    out[p] = Some(Outcome::P);
                    queue.push(p);
                }
            }
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

fn graph_strategy(max_n: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=max_n).prop_flat_map(|n| {
        proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..4), n).prop_map(|mut adj| {
            for f in &mut adj {
                f.sort_unstable();
                f.dedup();
            }
            adj
        })
    })
}

#[test]
fn small_examples() {
    // A terminal vertex, a loop, a 2-cycle with an exit.
    assert_eq!(values(&[vec![]]), ["0"]);
    assert_eq!(values(&[vec![0]]), ["∞()"]);
    // 0 ↔ 1, 1 → 2 terminal: 2 = 0, 1 = 1? No: 1 has followers 0 and 2; 0's only
    // follower is 1. Stage 0: 2 labelled 0; 1 covered; 0's follower 1 is covered, so 0 is
    // labelled 0; then 1 = mex{0,0} = 1.
    assert_eq!(values(&[vec![1], vec![0, 2], vec![]]), ["0", "1", "0"]);
    // A pure 2-cycle draws: both ∞().
    assert_eq!(values(&[vec![1], vec![0]]), ["∞()", "∞()"]);
    // Paper 003 §7, partial-aliquot-sum on heaps 1..9 (vertex i is heap i+1).
    let adj: Vec<Vec<u32>> = crate::rulesets::loopy::PAPER_PARTIAL_SUM_OPTIONS
        .iter()
        .map(|o| o.iter().map(|&h| h as u32 - 1).collect())
        .collect();
    assert_eq!(
        values(&adj),
        ["0", "1", "1", "2", "1", "∞(0,1,2)", "1", "∞(0,1,2)", "3"]
    );
}

#[test]
fn builder_errors() {
    let e = Graph::from_adjacency(&[vec![0], vec![5]]).unwrap_err().to_string();
    assert!(
        e.contains("vertex 1 has follower 5") && e.contains("there are 2"),
        "{e}"
    );
    let empty = Graph::from_adjacency(&[]).unwrap();
    let s = solve(&empty, &Control::new()).unwrap();
    assert!(s.is_empty() && s.max_finite().is_none());
}

#[test]
fn memory_limit_is_checked() {
    let g = Graph::from_adjacency(&vec![vec![0]; 100]).unwrap();
    let e = solve(&g, &Control::new().with_memory_limit(100)).unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn labels_satisfy_the_definition(adj in graph_strategy(9)) {
        let (g, s, order) = solve_adj(&adj);
        prop_assert_eq!(check_definition(&g, &s, &order), Ok(()));
    }

    #[test]
    fn outcomes_match_retrograde_analysis(adj in graph_strategy(10)) {
        let (g, s, _) = solve_adj(&adj);
        let want = retrograde(&adj);
        for v in 0..adj.len() as u32 {
            prop_assert_eq!(s.value(&g, v).outcome(), want[v as usize], "vertex {} of {:?}", v, adj);
        }
    }

    #[test]
    fn acyclic_graphs_get_plain_mex_values(adj in graph_strategy(12)) {
        // Keep only edges to smaller vertices: an acyclic graph, solved in index order.
        let adj: Vec<Vec<u32>> = adj.iter().enumerate()
            .map(|(u, f)| f.iter().copied().filter(|&v| (v as usize) < u).collect())
            .collect();
        let mut plain = Vec::<u64>::new();
        for f in &adj {
            let m = mex(f.iter().map(|&v| plain[v as usize]));
            plain.push(m);
        }
        let (_, s, _) = solve_adj(&adj);
        for (v, &p) in plain.iter().enumerate() {
            prop_assert_eq!(s.finite(v as u32).map(u64::from), Some(p));
        }
    }

    #[test]
    fn sums_follow_the_sum_rule(a in graph_strategy(6), b in graph_strategy(6)) {
        // The game graph of a disjunctive sum is the product: (u,v) → (u',v) or (u,v').
        let (na, nb) = (a.len(), b.len());
        let id = |u: usize, v: usize| (u * nb + v) as u32;
        let mut adj = vec![Vec::new(); na * nb];
        for u in 0..na {
            for v in 0..nb {
                let f = &mut adj[id(u, v) as usize];
                f.extend(a[u].iter().map(|&x| id(x as usize, v)));
                f.extend(b[v].iter().map(|&y| id(u, y as usize)));
            }
        }
        let (ga, sa, _) = solve_adj(&a);
        let (gb, sb, _) = solve_adj(&b);
        let (gp, sp, _) = solve_adj(&adj);
        for u in 0..na {
            for v in 0..nb {
                let want = sa.value(&ga, u as u32).sum(&sb.value(&gb, v as u32));
                prop_assert_eq!(sp.value(&gp, id(u, v)), want);
            }
        }
    }
}

/// A stage's edges are counted as work, so Ctrl-C stops the solver within a chunk of
/// them (a stage of a graph of 10^8 edges took seconds, checked only between stages).
#[test]
fn a_stage_stops_within_a_chunk_of_work() {
    // A path of 3·2^20 vertices: its first stage labels them all (0 and 1 alternating
    // from the end), one at a time.
    let n = 3u32 << 20;
    let adj: Vec<Vec<u32>> = (0..n).map(|v| if v + 1 < n { vec![v + 1] } else { vec![] }).collect();
    let g = Graph::from_adjacency(&adj).unwrap();
    let ctl = Control::new();
    ctl.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(solve(&g, &ctl).unwrap_err(), Error::Interrupted);
    let done = ctl.work_done();
    assert!(done > 0 && done <= 2 * crate::control::WORK_CHUNK, "{done}");
}

/// Each stage of labelling is checked against the work limit before it starts (a
/// hostile check: `graph()` of 5·10^6 edges ran under `max_work=10`): a path of 10
/// vertices (9 edges) has values 0 and 1, so two stages of 19 units each.
#[test]
fn the_stages_keep_to_the_work_limit() {
    let adj: Vec<Vec<u32>> = (0..10u32).map(|v| if v < 9 { vec![v + 1] } else { vec![] }).collect();
    let g = Graph::from_adjacency(&adj).unwrap();
    let e = solve(&g, &Control::new().with_work_limit(18)).unwrap_err();
    assert!(
        matches!(
            e,
            Error::TooMuchWork {
                work: 19,
                limit: 18,
                ..
            }
        ),
        "{e}"
    );
    let e = solve(&g, &Control::new().with_work_limit(37)).unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { work: 38, .. }), "{e}");
    let s = solve(&g, &Control::new().with_work_limit(38)).unwrap();
    assert_eq!(s.value(&g, 0), LoopyValue::Finite(Nimber::from(1u64)));
}
