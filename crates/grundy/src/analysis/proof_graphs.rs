//! Which graph family a proof's graph is, for the proof checker's report
//! ([`super::proof_check`]): a proof of Node-Kayles lists its graph's vertices and
//! edges, so its claim is about that graph; when the graph is, edge for edge, a member
//! of a family whose records are published, the report names the member, so that a
//! reader holding a proof of "P(10,2) = 0" can see that its graph is P(10,2). Each
//! family is built here from its definition, not by the rulesets:
//!
//! - the generalized Petersen graph P(n,k), 3 ≤ n, 1 ≤ k, 2k < n (Watkins, J.
//!   Combinatorial Theory 6 (1969)), on vertices `u0 … u(n−1)`, `v0 … v(n−1)`: the
//!   outer cycle u_i u_{i+1}, the spokes u_i v_i and the inner edges v_i v_{i+k}
//!   (indices mod n);
//! - the n×n queens graph, on vertices `r{i}c{j}` (0 ≤ i, j < n): two squares joined
//!   when they share a row, a column or a diagonal.

use std::collections::{BTreeSet, HashMap};

/// The family member whose vertex names and edge set are exactly `names` and `edges`
/// (pairs of indices into `names`, smaller first): `node-kayles-petersen(n,k)` or
/// `node-kayles-queens(n)`; `None` for any other graph.
pub fn family(names: &[String], edges: &BTreeSet<(usize, usize)>) -> Option<String> {
    let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, s)| (s.as_str(), i)).collect();
    if index.len() != names.len() {
        return None;
    }
    let edge = |a: &str, b: &str| -> Option<(usize, usize)> {
        let (x, y) = (*index.get(a)?, *index.get(b)?);
        Some((x.min(y), x.max(y)))
    };
    let same = |want: Option<BTreeSet<(usize, usize)>>| want.is_some_and(|w| &w == edges);
    let n = names.len() / 2;
    if names.len().is_multiple_of(2) && n >= 3 {
        for k in (1..n).take_while(|k| 2 * k < n) {
            let want: Option<BTreeSet<_>> = (0..n)
                .flat_map(|i| {
                    [
                        edge(&format!("u{i}"), &format!("u{}", (i + 1) % n)),
                        edge(&format!("u{i}"), &format!("v{i}")),
                        edge(&format!("v{i}"), &format!("v{}", (i + k) % n)),
                    ]
                })
                .collect();
            if same(want) {
                return Some(format!("node-kayles-petersen({n},{k})"));
            }
        }
    }
    let n = (1..=16).find(|n| n * n == names.len())?;
    // The squares' names, each there: the 1×1 board has no edge to name its one square
    // (a graph of one vertex of another name is not this one).
    if !(0..n * n).all(|a| index.contains_key(format!("r{}c{}", a / n, a % n).as_str())) {
        return None;
    }
    let mut want = Some(BTreeSet::new());
    for (r1, c1, r2, c2) in (0..n * n).flat_map(|a| (a + 1..n * n).map(move |b| (a / n, a % n, b / n, b % n))) {
        if r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) {
            let e = edge(&format!("r{r1}c{c1}"), &format!("r{r2}c{c2}"));
            want = want.zip(e).map(|(mut w, e)| {
                w.insert(e);
                w
            });
        }
    }
    same(want).then(|| format!("node-kayles-queens({n})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> (Vec<String>, BTreeSet<(usize, usize)>) {
        let mut names: Vec<String> = Vec::new();
        let at = |v: &str, names: &mut Vec<String>| match names.iter().position(|n| n == v) {
            Some(i) => i,
            None => {
                names.push(v.to_string());
                names.len() - 1
            }
        };
        let mut edges = BTreeSet::new();
        for e in text.split_whitespace() {
            let (a, b) = e.split_once('-').unwrap();
            let (x, y) = (at(a, &mut names), at(b, &mut names));
            edges.insert((x.min(y), x.max(y)));
        }
        (names, edges)
    }

    #[test]
    fn the_families_are_named_and_nothing_else() {
        // P(5,2), the Petersen graph.
        let p52 = "u0-u1 u1-u2 u2-u3 u3-u4 u4-u0 u0-v0 u1-v1 u2-v2 u3-v3 u4-v4 v0-v2 v1-v3 v2-v4 v3-v0 v4-v1";
        let (names, edges) = graph(p52);
        assert_eq!(family(&names, &edges).as_deref(), Some("node-kayles-petersen(5,2)"));
        // P(5,1), the prism: the inner edges differ.
        let p51 = p52.replace("v0-v2 v1-v3 v2-v4 v3-v0 v4-v1", "v0-v1 v1-v2 v2-v3 v3-v4 v4-v0");
        let (names, edges) = graph(&p51);
        assert_eq!(family(&names, &edges).as_deref(), Some("node-kayles-petersen(5,1)"));
        // An edge less: no family.
        let (names, mut edges) = graph(p52);
        edges.pop_last();
        assert_eq!(family(&names, &edges), None);
        // The 2×2 queens graph (K4), and a 4-cycle on its names.
        let (names, edges) = graph("r0c0-r0c1 r0c0-r1c0 r0c0-r1c1 r0c1-r1c0 r0c1-r1c1 r1c0-r1c1");
        assert_eq!(family(&names, &edges).as_deref(), Some("node-kayles-queens(2)"));
        let (names, edges) = graph("r0c0-r0c1 r0c1-r1c1 r1c1-r1c0 r1c0-r0c0");
        assert_eq!(family(&names, &edges), None);
        // One vertex: the 1×1 queens graph only under its square's name.
        let one = |name: &str| (vec![name.to_string()], BTreeSet::new());
        let (names, edges) = one("r0c0");
        assert_eq!(family(&names, &edges).as_deref(), Some("node-kayles-queens(1)"));
        for name in ["x", "r1c1", "u0"] {
            let (names, edges) = one(name);
            assert_eq!(family(&names, &edges), None, "{name}");
        }
    }
}
