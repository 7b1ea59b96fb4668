//! Helpers shared by the test files: a small random generator, Node-Kayles by brute
//! force over vertex sets, and random graphs of many small components.
#![allow(dead_code)]

use rustc_hash::FxHashMap;

/// Node-Kayles by brute force over the vertex sets of a small graph (no splitting).
pub fn kayles_on_sets(s: u64, adj: &[u64], memo: &mut FxHashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let vals: Vec<u32> = (0..adj.len())
        .filter(|&v| s >> v & 1 == 1)
        .map(|v| kayles_on_sets(s & !(1 << v | adj[v]), adj, memo))
        .collect();
    let v = (0..).find(|x| !vals.contains(x)).unwrap();
    memo.insert(s, v);
    v
}

/// A small xorshift generator for the random graphs.
pub fn rng(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// A random graph of `total` vertices (129 to 256) made of disjoint random graphs of at
/// most 10 vertices, its edge list shuffled so that each component's vertices are
/// numbered far apart (on both sides of vertex 128), and its value: the nim-sum of the
/// components' values by brute force.
pub fn many_small_components(next: &mut impl FnMut(u64) -> u64, total: usize) -> (String, u64) {
    let mut tokens = Vec::new();
    let mut expect = 0u32;
    let mut first = 0;
    while first < total {
        let n = (1 + next(10) as usize).min(total - first);
        let mut adj = vec![0u64; n];
        for u in 0..n {
            for v in u + 1..n {
                if next(100) < 35 {
                    adj[u] |= 1 << v;
                    adj[v] |= 1 << u;
                    tokens.push(format!("x{}-x{}", first + u, first + v));
                }
            }
        }
        tokens.extend((0..n).filter(|&u| adj[u] == 0).map(|u| format!("x{}", first + u)));
        expect ^= kayles_on_sets((1 << n) - 1, &adj, &mut FxHashMap::default());
        first += n;
    }
    for i in (1..tokens.len()).rev() {
        tokens.swap(i, next(i as u64 + 1) as usize);
    }
    (format!("node-kayles(\"{}\")", tokens.join(" ")), u64::from(expect))
}
