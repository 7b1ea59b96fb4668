//! A canonical labelling of small graphs: an order of the vertices such that two
//! isomorphic graphs, each relabelled by its order, have the same adjacency. The misère
//! search uses it to recognise equal components of a graph given by its edges (two
//! single vertices, two paths of three vertices, wherever they lie), as the boards'
//! symmetries do for grids.
//!
//! The method is individualization–refinement (McKay's, in its plainest form, as in
//! McKay & Piperno, "Practical graph isomorphism, II", J. Symbolic Comput. 60 (2014)):
//! the vertices are coloured by colour refinement (a vertex's new colour is the rank of
//! its colour and its neighbours' colours, until no class splits); while a class has two
//! vertices or more, each vertex of the first such class is in turn given a colour of
//! its own and the colouring refined again. Every branch ends with every vertex of a
//! colour of its own, an order of the vertices; the canonical order is the branch whose
//! relabelled adjacency is least. Each step depends only on the graph's structure, so
//! isomorphic graphs have the same branches and the same least adjacency. Without
//! pruning by automorphisms the branches of a very symmetric graph multiply (a complete
//! graph of k vertices has k! of them), so the search stops after a budget of branches
//! and gives no order: the caller then keeps the graph as it is.

/// The most vertices [`canonical_order`] takes (adjacency rows are 64-bit sets).
pub const MAX_VERTICES: usize = 64;

/// The canonical order of the vertices of the graph whose neighbours are `adj` (vertex
/// `i`'s neighbours the bits of `adj[i]`; symmetric, no loops, at most
/// [`MAX_VERTICES`] vertices): `order[p]` is the vertex put at place `p`, and the
/// relabelled adjacency ([`relabelled`]) is the same for any two isomorphic graphs.
/// `None` when the graph has more than [`MAX_VERTICES`] vertices or the search would
/// visit more than `budget` complete orders (a graph with many symmetries).
pub fn canonical_order(adj: &[u64], budget: usize) -> Option<Vec<usize>> {
    let k = adj.len();
    if k > MAX_VERTICES {
        return None;
    }
    let mut search = Search {
        adj,
        best: None,
        leaves: 0,
        budget,
    };
    search.branch(vec![0; k])?;
    search.best.map(|(_, order)| order)
}

/// The adjacency of the graph `adj` relabelled by `order` ([`canonical_order`]): row
/// `p` is the set of places of the neighbours of `order[p]`.
pub fn relabelled(adj: &[u64], order: &[usize]) -> Vec<u64> {
    let mut place = vec![0usize; adj.len()];
    for (p, &v) in order.iter().enumerate() {
        place[v] = p;
    }
    order
        .iter()
        .map(|&v| bits(adj[v]).fold(0u64, |row, u| row | 1 << place[u]))
        .collect()
}

/// The elements of a 64-bit set.
fn bits(mut s: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (s != 0).then(|| {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            i
        })
    })
}

struct Search<'a> {
    adj: &'a [u64],
    /// The least relabelled adjacency so far, and its order.
    best: Option<(Vec<u64>, Vec<usize>)>,
    leaves: usize,
    budget: usize,
}

impl Search<'_> {
    /// Refines `colours` and searches the branches below it; `None` past the budget.
    fn branch(&mut self, mut colours: Vec<u32>) -> Option<()> {
        refine(self.adj, &mut colours);
        let k = colours.len();
        // The first colour (in the colours' order) held by two vertices or more.
        let mut count = vec![0u32; k];
        colours.iter().for_each(|&c| count[c as usize] += 1);
        let Some(cell) = count.iter().position(|&n| n > 1) else {
            self.leaves += 1;
            if self.leaves > self.budget {
                return None;
            }
            let mut order = vec![0usize; k];
            for (v, &c) in colours.iter().enumerate() {
                order[c as usize] = v;
            }
            let code = relabelled(self.adj, &order);
            if self.best.as_ref().is_none_or(|(b, _)| code < *b) {
                self.best = Some((code, order));
            }
            return Some(());
        };
        for v in (0..k).filter(|&v| colours[v] as usize == cell) {
            // v before the rest of its class, every class's place kept.
            let split: Vec<u32> = colours
                .iter()
                .enumerate()
                .map(|(u, &c)| 2 * c + u32::from(u != v))
                .collect();
            self.branch(split)?;
        }
        Some(())
    }
}

/// Colour refinement: each vertex's colour becomes the rank of (its colour, a hash of
/// the multiset of its neighbours' colours) among all vertices', until the number of
/// colours stops growing. Colours are ranks `0..`, in an order that depends only on the
/// structure (a class that came first stays before the classes after it). The hash
/// (a sum of mixed colours, so the order of the neighbours does not matter) may merge
/// two multisets: the refinement is then coarser, never less invariant, and the
/// branches still end in exact comparisons of adjacency.
fn refine(adj: &[u64], colours: &mut [u32]) {
    let mut sigs: Vec<(u32, u64, usize)> = Vec::with_capacity(colours.len());
    let mut classes = usize::MAX;
    loop {
        sigs.clear();
        sigs.extend((0..colours.len()).map(|v| {
            let h = bits(adj[v]).fold(0u64, |h, u| h.wrapping_add(mix(u64::from(colours[u]))));
            (colours[v], h, v)
        }));
        sigs.sort_unstable();
        let mut rank = 0u32;
        for i in 0..sigs.len() {
            if i > 0 && (sigs[i].0, sigs[i].1) != (sigs[i - 1].0, sigs[i - 1].1) {
                rank += 1;
            }
            colours[sigs[i].2] = rank;
        }
        let now = rank as usize + 1;
        if now == classes {
            return;
        }
        classes = now;
    }
}

/// splitmix64's finalizer: a colour spread over 64 bits.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The adjacency of an edge list on `k` vertices.
    fn graph(k: usize, edges: &[(usize, usize)]) -> Vec<u64> {
        let mut adj = vec![0u64; k];
        for &(u, v) in edges {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        adj
    }

    fn code(adj: &[u64]) -> Vec<u64> {
        relabelled(adj, &canonical_order(adj, 100_000).expect("within the budget"))
    }

    /// A random permutation of `0..k` and a random graph on `k` vertices from `seed`
    /// (splitmix64).
    fn random(seed: &mut u64, k: usize, density: u64) -> Vec<u64> {
        let mut next = || {
            *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = *seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut edges = Vec::new();
        for u in 0..k {
            for v in u + 1..k {
                if next() % 100 < density {
                    edges.push((u, v));
                }
            }
        }
        graph(k, &edges)
    }

    fn shuffled(adj: &[u64], seed: u64) -> Vec<u64> {
        let k = adj.len();
        let mut perm: Vec<usize> = (0..k).collect();
        let mut s = seed;
        for i in (1..k).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            perm.swap(i, (s >> 33) as usize % (i + 1));
        }
        // Vertex v of the old graph is perm[v] of the new.
        let mut out = vec![0u64; k];
        for v in 0..k {
            out[perm[v]] = bits(adj[v]).fold(0, |row, u| row | 1 << perm[u]);
        }
        out
    }

    /// Whether two graphs are isomorphic, by trying every bijection (small graphs).
    fn isomorphic(a: &[u64], b: &[u64]) -> bool {
        fn extend(a: &[u64], b: &[u64], map: &mut Vec<usize>, used: u64) -> bool {
            let v = map.len();
            if v == a.len() {
                return true;
            }
            for w in bits(!used & ((1u64 << b.len()) - 1)) {
                let ok = (0..v).all(|u| (a[v] >> u & 1) == (b[w] >> map[u] & 1));
                if ok {
                    map.push(w);
                    if extend(a, b, map, used | 1 << w) {
                        return true;
                    }
                    map.pop();
                }
            }
            false
        }
        a.len() == b.len() && extend(a, b, &mut Vec::new(), 0)
    }

    #[test]
    fn relabelled_copies_have_one_code() {
        let mut seed = 7;
        for k in 1..=12 {
            for density in [15, 30, 50, 80] {
                let g = random(&mut seed, k, density);
                let c = code(&g);
                for s in 0..5 {
                    assert_eq!(code(&shuffled(&g, seed ^ s)), c, "k {k}, density {density}");
                }
            }
        }
    }

    /// Equal codes exactly for isomorphic graphs, on every pair of many random graphs
    /// of 6 vertices, against a search over all bijections.
    #[test]
    fn codes_are_equal_exactly_for_isomorphic_graphs() {
        let mut seed = 11;
        let graphs: Vec<Vec<u64>> = (0..120).map(|i| random(&mut seed, 6, 20 + i % 60)).collect();
        let codes: Vec<Vec<u64>> = graphs.iter().map(|g| code(g)).collect();
        let mut equal = 0;
        for i in 0..graphs.len() {
            for j in 0..i {
                let iso = isomorphic(&graphs[i], &graphs[j]);
                assert_eq!(codes[i] == codes[j], iso, "{:?} {:?}", graphs[i], graphs[j]);
                equal += usize::from(iso);
            }
        }
        assert!(equal > 50, "{equal}");
    }

    #[test]
    fn symmetric_graphs_and_the_budget() {
        // A cycle: 2k complete orders; a complete graph: k!.
        let cycle = graph(10, &(0..10).map(|i| (i, (i + 1) % 10)).collect::<Vec<_>>());
        assert!(canonical_order(&cycle, 20).is_some());
        assert!(canonical_order(&cycle, 19).is_none());
        let complete: Vec<u64> = (0..7).map(|v| ((1u64 << 7) - 1) & !(1 << v)).collect();
        assert!(canonical_order(&complete, 5040).is_some());
        assert!(canonical_order(&complete, 5039).is_none());
        assert_eq!(canonical_order(&[0], 1), Some(vec![0]));
        assert_eq!(canonical_order(&[], 1), Some(vec![]));
        assert!(canonical_order(&vec![0; 65], usize::MAX).is_none());
    }
}
