//! The generalized Sprague–Grundy function of a finite game graph whose play can
//! cycle (a loopy impartial game).
//!
//! Every vertex `u` gets a value `γ(u)`: a finite nim-value or `∞(K)`, `K` the finite
//! values of its followers ([`LoopyValue`]). The function is defined by (Smith 1966;
//! Fraenkel and Yesha 1986, see [`crate::value::LoopyValue`] for the references):
//!
//! - A. if `γ(u) = m` is finite, `m` is the mex of the finite values of `u`'s followers;
//! - B. if `γ(u) = m` is finite and a follower `v` has `γ(v) > m` (or `∞`), then `v`
//!   has a follower `w` with `γ(w) = m` and `c(w) < c(u)`, where `c` is a *counter
//!   function* on the finite-valued vertices (it rules out circular justifications);
//! - C. if `γ(u) = ∞`, then `u` has a follower `v` with `γ(v) = ∞` and no follower of
//!   `v` has the value `mex K(u)`.
//!
//! [`solve`] computes it by the staged labelling algorithm of Fraenkel and Yesha: for
//! `m = 0, 1, …`, (1) repeatedly label `m` an unlabelled vertex that has no follower
//! labelled `m` and each of whose unlabelled or `∞` followers already has a follower
//! labelled `m`; (2) label `∞` every unlabelled vertex without a follower labelled `m`
//! (it can no longer reach a finite value). With counters (for each unlabelled vertex,
//! how many of its unlabelled-or-`∞` followers still have no follower labelled `m`),
//! stage `m` costs `O(V + E)`, so the whole run costs `O((V + E)·(M + 2))` for the
//! largest finite value `M` (at most the largest out-degree). The order in which
//! vertices are labelled is a counter function, which the tests use to check A–C.
//!
//! Graphs are stored in compressed sparse row form ([`Graph`]): 4 bytes per edge and
//! per vertex, plus the reverse graph and up to eight per-vertex arrays while solving.

use crate::control::{try_filled, Control};
use crate::error::{Error, Result};
use crate::value::{LoopyValue, Nimber};

/// Largest number of vertices of a [`Graph`] (ids are `u32`, two values are reserved).
pub const MAX_VERTICES: u64 = u32::MAX as u64 - 2;
/// Largest number of edges of a [`Graph`] (offsets are `u32`).
pub const MAX_EDGES: u64 = u32::MAX as u64;

const UNLABELLED: u32 = u32::MAX - 1;
const INF: u32 = u32::MAX;

/// A finite directed graph in compressed sparse row form: vertices `0..n`, the
/// followers (options) of `v` are `followers(v)`. Multiple edges and loops are allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// Builds a graph from adjacency lists: vertex `v` has the followers `adj[v]`.
    ///
    /// # Errors
    /// [`Error::Input`] if a follower is not a vertex or the graph is beyond
    /// [`MAX_VERTICES`]/[`MAX_EDGES`].
    pub fn from_adjacency(adj: &[Vec<u32>]) -> Result<Graph> {
        let mut b = GraphBuilder::new();
        for f in adj {
            b.add_vertex(f.iter().copied())?;
        }
        b.finish()
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The followers of `v`.
    #[inline]
    pub fn followers(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Bytes used by the graph.
    pub fn bytes(&self) -> u64 {
        4 * (self.offsets.len() + self.targets.len()) as u64
    }

    /// Bytes [`solve`] allocates for a graph of `vertices` and `edges` (reverse graph
    /// and working arrays), for memory checks before building.
    pub fn solve_bytes(vertices: u64, edges: u64) -> u64 {
        4 * (edges + 10 * vertices + 2)
    }
}

/// Builds a [`Graph`] one vertex at a time; followers may name vertices added later.
#[derive(Debug, Default)]
pub struct GraphBuilder {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl GraphBuilder {
    /// An empty builder.
    pub fn new() -> GraphBuilder {
        GraphBuilder {
            offsets: vec![0],
            targets: Vec::new(),
        }
    }

    /// An empty builder with room for `vertices` and `edges`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the system refuses the room.
    pub fn try_with_capacity(vertices: usize, edges: usize) -> Result<GraphBuilder> {
        let what = || format!("a game graph of {vertices} vertices and {edges} edges");
        let mut offsets = Vec::new();
        crate::control::try_reserve_exact(&mut offsets, vertices + 1, what)?;
        offsets.push(0);
        let mut targets = Vec::new();
        crate::control::try_reserve_exact(&mut targets, edges, what)?;
        Ok(GraphBuilder { offsets, targets })
    }

    /// Number of vertices added so far (the id the next vertex gets).
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges added so far.
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// Adds a vertex with the given followers and returns its id.
    ///
    /// # Errors
    /// [`Error::Input`] beyond [`MAX_VERTICES`] vertices or [`MAX_EDGES`] edges.
    /// Followers are checked by [`GraphBuilder::finish`].
    pub fn add_vertex(&mut self, followers: impl IntoIterator<Item = u32>) -> Result<u32> {
        let id = self.vertex_count() as u64;
        if id >= MAX_VERTICES {
            return Err(Error::Input(format!(
                "a game graph has at most {MAX_VERTICES} vertices"
            )));
        }
        self.targets.extend(followers);
        if self.targets.len() as u64 > MAX_EDGES {
            return Err(Error::Input(format!("a game graph has at most {MAX_EDGES} edges")));
        }
        self.offsets.push(self.targets.len() as u32);
        Ok(id as u32)
    }

    /// The graph.
    ///
    /// # Errors
    /// [`Error::Input`] if some follower is not a vertex, naming the first such edge.
    pub fn finish(self) -> Result<Graph> {
        let n = self.vertex_count() as u32;
        if let Some(pos) = self.targets.iter().position(|&t| t >= n) {
            let from = self.offsets.partition_point(|&o| o as usize <= pos) - 1;
            return Err(Error::Input(format!(
                "vertex {from} has follower {}, which is not a vertex (there are {n})",
                self.targets[pos]
            )));
        }
        Ok(Graph {
            offsets: self.offsets,
            targets: self.targets,
        })
    }
}

/// The generalized Sprague–Grundy values of every vertex of a [`Graph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopySolution {
    labels: Vec<u32>,
}

impl LoopySolution {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True for the empty graph.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The finite value of `v`, or `None` if `γ(v) = ∞`.
    #[inline]
    pub fn finite(&self, v: u32) -> Option<u32> {
        let l = self.labels[v as usize];
        (l != INF).then_some(l)
    }

    /// The value of `v`; for `∞` the set `K` is read from `v`'s followers in `g` (the
    /// graph that was solved).
    pub fn value(&self, g: &Graph, v: u32) -> LoopyValue {
        match self.finite(v) {
            Some(m) => LoopyValue::Finite(Nimber::from(m)),
            None => LoopyValue::infinite(g.followers(v).iter().filter_map(|&w| self.finite(w))),
        }
    }

    /// The largest finite value (`None` if every vertex is infinite or there are none).
    pub fn max_finite(&self) -> Option<u32> {
        self.labels.iter().copied().filter(|&l| l != INF).max()
    }

    /// Number of vertices with an infinite value.
    pub fn infinite_count(&self) -> usize {
        self.labels.iter().filter(|&&l| l == INF).count()
    }
}

/// The generalized Sprague–Grundy function of `g` (staged labelling, see the module
/// docs).
///
/// # Errors
/// [`Error::TooLarge`] if the working memory ([`Graph::solve_bytes`]) exceeds the
/// limit, [`Error::OutOfMemory`] if the system refuses it, [`Error::TooMuchWork`] when
/// the next stage of labelling would pass the work limit (each stage visits every
/// vertex and edge), [`Error::Interrupted`] when cancelled.
pub fn solve(g: &Graph, ctl: &Control) -> Result<LoopySolution> {
    Ok(label(g, ctl, false)?.0)
}

/// Labels `g`; with `record`, also returns the order in which finite labels were
/// given (a counter function for condition B).
pub(crate) fn label(g: &Graph, ctl: &Control, record: bool) -> Result<(LoopySolution, Vec<u32>)> {
    let n = g.vertex_count();
    ctl.check_memory(
        "the loopy (generalized Sprague–Grundy) solver",
        Graph::solve_bytes(n as u64, g.edge_count() as u64),
        format!(
            "{n} vert{}, {} edge{}",
            if n == 1 { "ex" } else { "ices" },
            g.edge_count(),
            if g.edge_count() == 1 { "" } else { "s" }
        ),
    )?;
    let what = || format!("the loopy solver's tables of {n} vertices");
    let (roff, rtgt) = reverse(g)?;
    let preds = |v: u32| &rtgt[roff[v as usize] as usize..roff[v as usize + 1] as usize];
    // Reserved before any work: memory the system refuses is an error, not an abort.
    let mut label = try_filled(n, UNLABELLED, what)?;
    // Followers not (yet) labelled finite: unlabelled or ∞.
    let mut active_out = try_filled(n, 0u32, what)?;
    for (v, a) in active_out.iter_mut().enumerate() {
        *a = g.offsets[v + 1] - g.offsets[v];
    }
    // For unlabelled u in stage m: active followers with no follower labelled m yet.
    let mut cnt = try_filled(n, 0u32, what)?;
    // covered[u] == m + 1: u has a follower labelled m (so u cannot be m).
    let mut covered = try_filled(n, 0u32, what)?;
    let mut unlabelled = try_filled(n, 0u32, what)?;
    for (v, u) in unlabelled.iter_mut().enumerate() {
        *u = v as u32;
    }
    let mut queue: Vec<u32> = Vec::new();
    crate::control::try_reserve_exact(&mut queue, n, what)?;
    let mut order = try_filled(if record { n } else { 0 }, u32::MAX, what)?;
    // The edges visited, counted so that Ctrl-C stops a stage within a chunk of them
    // (a stage of a graph of 10^8 edges takes seconds).
    let mut meter = ctl.meter();
    let mut next_order = 0u32;
    let mut m: u32 = 0;
    ctl.start("loopy solver: labelled vertices", n as u64);
    while !unlabelled.is_empty() {
        // Each stage visits every vertex and edge once at most: the work of the stages
        // so far and this one, checked before it starts (the number of stages is the
        // largest finite value plus two, not known in advance).
        let stage = n as u128 + g.edge_count() as u128;
        ctl.check_work(
            "the loopy (generalized Sprague–Grundy) solver",
            stage * (u128::from(m) + 1),
            format!(
                "{} stage{} of labelling, each visiting the {n} vertices and {} edges once",
                m + 1,
                if m == 0 { "" } else { "s" },
                g.edge_count()
            ),
        )?;
        let stamp = m + 1;
        queue.clear();
        for &u in &unlabelled {
            let c = active_out[u as usize];
            cnt[u as usize] = c;
            if c == 0 {
                label[u as usize] = m;
                queue.push(u);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if record {
                order[v as usize] = next_order;
                next_order += 1;
            }
            meter.add(1 + preds(v).len() as u64)?;
            for &p in preds(v) {
                active_out[p as usize] -= 1;
                if covered[p as usize] == stamp {
                    continue;
                }
                covered[p as usize] = stamp;
                let lp = label[p as usize];
                if lp != UNLABELLED && lp != INF {
                    continue;
                }
                // p is active and newly covered: one fewer uncovered active follower
                // for each unlabelled predecessor of p.
                meter.add(preds(p).len() as u64)?;
                for &q in preds(p) {
                    if label[q as usize] == UNLABELLED {
                        let c = &mut cnt[q as usize];
                        *c -= 1;
                        // cnt[q] counts the follower labelled m that covered q, so
                        // it reaches 0 only if q is uncovered.
                        if *c == 0 {
                            label[q as usize] = m;
                            queue.push(q);
                        }
                    }
                }
            }
        }
        unlabelled.retain(|&u| {
            let l = &mut label[u as usize];
            if *l != UNLABELLED {
                false
            } else if covered[u as usize] != stamp {
                *l = INF;
                false
            } else {
                true
            }
        });
        ctl.tick((n - unlabelled.len()) as u64)?;
        m += 1;
    }
    ctl.finish();
    Ok((LoopySolution { labels: label }, order))
}

/// The reverse graph: for each vertex, the vertices having it as a follower.
///
/// # Errors
/// [`Error::OutOfMemory`] if the system refuses its memory.
fn reverse(g: &Graph) -> Result<(Vec<u32>, Vec<u32>)> {
    let n = g.vertex_count();
    let what = || format!("the reverse of a game graph of {n} vertices");
    let mut roff = try_filled(n + 1, 0u32, what)?;
    for &t in &g.targets {
        roff[t as usize + 1] += 1;
    }
    for i in 0..n {
        roff[i + 1] += roff[i];
    }
    let mut fill = try_filled(n + 1, 0u32, what)?;
    fill.copy_from_slice(&roff);
    let mut rtgt = try_filled(g.targets.len(), 0u32, what)?;
    for u in 0..n as u32 {
        for &t in g.followers(u) {
            rtgt[fill[t as usize] as usize] = u;
            fill[t as usize] += 1;
        }
    }
    Ok((roff, rtgt))
}

#[cfg(test)]
mod tests;
