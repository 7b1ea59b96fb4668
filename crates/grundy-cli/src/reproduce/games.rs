//! Small helpers shared by the paper checks: rulesets by name, and whole-game searches
//! that do not rely on the Sprague–Grundy theorem (a sum searched as one game).

use grundy::catalog::parse_ruleset;
use grundy::game::{HeapRuleset, Ruleset, TupleRuleset};
use grundy::solve::memo::{search, Memo};
use grundy::Control;
use std::sync::Arc;

/// The tuple ruleset `name`.
pub fn tuple(name: &str) -> anyhow::Result<Arc<dyn TupleRuleset>> {
    match parse_ruleset(name)? {
        Ruleset::Tuple(t) => Ok(t),
        Ruleset::Heap(h) => anyhow::bail!("{} is a heap ruleset", h.name()),
    }
}

/// The heap ruleset `name`.
pub fn heap(name: &str) -> anyhow::Result<Arc<dyn HeapRuleset>> {
    Ok(parse_ruleset(name)?.as_heap("this check")?.clone())
}

/// The options of a tuple position, sorted (as a set).
pub fn option_set(rs: &dyn TupleRuleset, pos: &[u64]) -> Vec<Vec<u64>> {
    let mut v = Vec::new();
    rs.for_each_option(pos, &mut |o| v.push(o.to_vec()));
    v.sort();
    v
}

/// Nim with several heaps searched as one game (a move reduces one heap), without the
/// Sprague–Grundy theorem. Positions are sorted tuples.
pub fn nim_whole_game(heaps: &[u64], memo: &mut Memo<Vec<u64>>, ctl: &Control) -> anyhow::Result<u32> {
    let mut start = heaps.to_vec();
    start.sort_unstable();
    Ok(search(
        start,
        memo,
        |p: &Vec<u64>, out| {
            for i in 0..p.len() {
                for k in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = k;
                    q.sort_unstable();
                    out.push(vec![q]);
                }
            }
        },
        u64::MAX,
        ctl,
        "nim searched as one game",
    )?)
}

/// Renders a list of tuples as `(a,b), (c,d)`.
pub fn tuples(v: &[Vec<u64>]) -> String {
    v.iter()
        .map(|t| format!("({})", t.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")))
        .collect::<Vec<_>>()
        .join(", ")
}
