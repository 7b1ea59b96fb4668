//! Node-Kayles on the generalized Petersen graphs P(n,k) (Brown et al., "Nimber
//! sequences of Node-Kayles games", J. Integer Sequences 23 (2020), art. 20.3.5; OEIS
//! A316533 for k = 2): an outer cycle u₀…uₙ₋₁, spokes uᵢ–vᵢ, and inner edges
//! vᵢ–vᵢ₊ₖ; `node-kayles-petersen(n,k)`, 1 ≤ k < n/2, 2n ≤ 256.

use super::node_kayles::NamedGraphs;
use crate::game::{Family, Params, Ruleset};
use std::sync::{Arc, LazyLock};

/// The edge list of P(n,k).
fn petersen(args: &[u64]) -> Result<String, String> {
    let [n, k] = args[..] else {
        return Err("takes n and k, e.g. node-kayles-petersen(5,2) (the Petersen graph)".into());
    };
    if !(3..=128).contains(&n) || k == 0 || 2 * k >= n {
        return Err("P(n,k) takes 3 ≤ n ≤ 128 (2n vertices, at most 256: the engine's vertex sets) and 1 ≤ k < n/2".into());
    }
    let mut parts = Vec::new();
    for i in 0..n {
        parts.push(format!("u{i}-u{}", (i + 1) % n));
        parts.push(format!("u{i}-v{i}"));
    }
    for i in 0..n {
        parts.push(format!("v{i}-v{}", (i + k) % n));
    }
    Ok(parts.join(" "))
}

static PETERSEN: LazyLock<Arc<NamedGraphs>> =
    LazyLock::new(|| Arc::new(NamedGraphs::new("node-kayles-petersen", petersen)));

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "node-kayles-petersen",
    aliases: &[],
    params: Params::None,
    positions: "the generalized Petersen graph P(n,k), 3 ≤ n ≤ 128, 1 ≤ k < n/2",
    options: "take a vertex and its neighbours (Node-Kayles on P(n,k))",
    source: "Brown et al., J. Integer Sequences 23 (2020), art. 20.3.5; OEIS A316533 (k = 2)",
    formula: None,
    example: "node-kayles-petersen(5,2)",
    build: |_| Ok(Ruleset::Game(PETERSEN.clone())),
}];

#[cfg(test)]
mod tests {
    use crate::catalog::parse_position;
    use crate::solve::{Method, Solver};
    use crate::Control;
    use rustc_hash::FxHashMap;

    /// A brute force over vertex sets of P(n,k) (u_i = i, v_i = n + i), no splitting.
    fn brute(s: u64, adj: &[u64], memo: &mut FxHashMap<u64, u32>) -> u32 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let vals: Vec<u32> = (0..adj.len())
            .filter(|&v| s >> v & 1 == 1)
            .map(|v| brute(s & !(1 << v | adj[v]), adj, memo))
            .collect();
        let v = (0..).find(|x| !vals.contains(x)).expect("a mex");
        memo.insert(s, v);
        v
    }

    #[test]
    fn small_petersen_graphs_against_brute_force() {
        for (n, k) in [(5, 2), (6, 2), (7, 2), (7, 3), (8, 3), (9, 2), (10, 2)] {
            let mut adj = vec![0u64; 2 * n];
            let mut join = |a: usize, b: usize| {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            };
            for i in 0..n {
                join(i, (i + 1) % n);
                join(i, n + i);
                join(n + i, n + (i + k) % n);
            }
            let expect = brute((1 << (2 * n)) - 1, &adj, &mut FxHashMap::default());
            let expr = format!("node-kayles-petersen({n},{k})");
            let pos = parse_position(&expr).unwrap();
            assert_eq!(pos.to_string(), expr);
            let got = Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap();
            assert_eq!(got, u64::from(expect), "{expr}");
        }
        assert!(parse_position("node-kayles-petersen(6,3)").is_err());
        assert!(parse_position("node-kayles-petersen(129,2)").is_err());
        assert!(parse_position("node-kayles-petersen(128,2)").is_ok());
    }
}
