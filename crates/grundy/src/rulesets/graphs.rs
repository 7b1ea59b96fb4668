//! Graphs for the graph games (Node-Kayles and Green Hackenbush on any graph): the
//! graphs written in expressions, kept for the session under a number, and sets of
//! their vertices or edges as bit sets ([`sets`]: 128 bits, or 256 for Node-Kayles).
//!
//! A position of a graph game is `[graph number, set words…]` (two words for
//! Hackenbush's 128-bit sets, four for Node-Kayles'): the graph is read once (inline,
//! `"a-b b-c"`, or from a file, `"@graph.txt"`) and every position reached from it
//! refers to it by number, so the transposition table keys are the graph's number and
//! the set's words ([`BitSet::key`]).

pub mod sets;

pub use sets::{elements, BitSet, Bits256};

use crate::game::GamePos;
use crate::solve::bitgame::{BitGame, BitSolver};
use std::sync::{Arc, RwLock};

/// A graph whose sets (of `S`) split into parts: `joined(i)` is the set of elements
/// joined to element `i` (a vertex's neighbours; the edges sharing an end above the
/// ground).
pub trait Joined<S: BitSet>: Send + Sync + 'static {
    /// The elements joined to element `i`.
    fn joined(&self, i: usize) -> S;

    /// True if the positions reached from a set are the set less the closed
    /// neighbourhoods of an independent set (Node-Kayles): the work estimate then
    /// counts independent sets (see [`positions_estimate`]).
    fn independent_moves(&self) -> bool {
        false
    }
}

/// The positions a search of the part `s` visits, for the work estimate: at most its
/// connected subsets (every part a search meets is one), counted by
/// [`connected_subsets`] where the graph is thin (a path of n vertices has n(n + 1)/2,
/// a cycle n(n − 1) + 1), at most 2^n for n elements otherwise; for a game whose moves
/// take independent vertices ([`Joined::independent_moves`]), also at most the number
/// of independent sets: with c cliques C₁…C_c of a greedy clique cover (the queens
/// graph of an n×n board: its n rows), an independent set takes at most one vertex of
/// each clique, so there are at most Π (|Cᵢ| + 1) of them, and at most Σ_{k ≤ c}
/// C(n, k). The least of these bounds.
pub fn positions_estimate<S: BitSet, T: Joined<S> + ?Sized>(g: &T, s: S) -> f64 {
    let n = s.count() as i32;
    let all = connected_subsets(g, s).unwrap_or(f64::INFINITY).min(2f64.powi(n));
    if !g.independent_moves() {
        return all;
    }
    let mut cliques = 0;
    let mut product = 1f64;
    let mut rest = s;
    while !rest.is_empty() {
        let mut common = rest;
        let mut clique = S::default();
        while !common.is_empty() {
            // The candidate joined to most of the others keeps the clique growing.
            let v = elements(common)
                .max_by_key(|&v| (g.joined(v) & common).count())
                .expect("a candidate");
            clique |= S::bit(v);
            common &= g.joined(v) & !clique;
        }
        rest &= !clique;
        cliques += 1;
        product *= f64::from(clique.count() + 1);
    }
    let (mut sum, mut term) = (1f64, 1f64);
    for k in 1..=cliques.min(n) {
        term = term * f64::from(n - k + 1) / f64::from(k);
        sum += term;
    }
    sum.min(product).min(all)
}

/// The most states [`connected_subsets`] keeps before giving up (the graph is not thin).
pub const MAX_SUBSET_STATES: usize = 1 << 14;

/// The number of nonempty connected subsets of the connected set `s`, or `None` if the
/// graph is too thick to count them quickly (more than [`MAX_SUBSET_STATES`] states)
/// or `s` is not connected.
///
/// The vertices are taken in breadth-first order from a vertex far from the others; a
/// vertex is *open* while it has a neighbour not yet taken. A subset is built vertex by
/// vertex, in or out, and its state is, for each open vertex, whether it is in and
/// which of the subset's pieces (connected through the vertices taken) it belongs to.
/// When a piece has no open vertex left it can grow no more: the subset is complete
/// and counted if that piece is all of it, and dropped (it is not connected) otherwise.
/// A path has one open vertex at a time, the queens graph too many (it gives up).
pub fn connected_subsets<S: BitSet, T: Joined<S> + ?Sized>(g: &T, s: S) -> Option<f64> {
    let order = far_first_order(g, s);
    if order.len() != s.count() as usize {
        // Not connected: the order misses vertices.
        return None;
    }
    let mut position = [usize::MAX; 256];
    for (i, &v) in order.iter().enumerate() {
        position[v] = i;
    }
    // The position of the last neighbour of each vertex (its own if none).
    let last: Vec<usize> = order
        .iter()
        .enumerate()
        .map(|(i, &v)| elements(g.joined(v) & s).map(|u| position[u]).fold(i, usize::max))
        .collect();
    let mut open: Vec<usize> = Vec::new();
    // States: the piece of each open vertex (0: not in the subset), pieces numbered in
    // order of first appearance; the number of subsets in each state.
    let mut states: rustc_hash::FxHashMap<Vec<u8>, f64> = rustc_hash::FxHashMap::default();
    states.insert(Vec::new(), 1.0);
    let mut total = 0f64;
    for (i, &v) in order.iter().enumerate() {
        let near: Vec<bool> = open.iter().map(|&u| g.joined(v).has(u)).collect();
        open.push(v);
        let keep: Vec<bool> = open.iter().map(|&u| last[position[u]] > i).collect();
        let mut next: rustc_hash::FxHashMap<Vec<u8>, f64> = rustc_hash::FxHashMap::default();
        for (pieces, count) in states {
            let mut with = pieces.clone();
            // v in: its piece joins those of its open neighbours.
            let joined: Vec<u8> = (0..pieces.len())
                .filter(|&j| near[j] && pieces[j] != 0)
                .map(|j| pieces[j])
                .collect();
            let piece = joined.iter().copied().min().unwrap_or(u8::MAX);
            for p in with.iter_mut() {
                if joined.contains(p) {
                    *p = piece;
                }
            }
            with.push(piece);
            let mut without = pieces;
            without.push(0);
            for mut state in [without, with] {
                // Close the vertices with no neighbour left to take.
                let closed: Vec<u8> = (0..state.len())
                    .filter(|&j| !keep[j] && state[j] != 0)
                    .map(|j| state[j])
                    .collect();
                let mut j = 0;
                state.retain(|_| {
                    j += 1;
                    keep[j - 1]
                });
                let finished = closed.iter().any(|p| !state.contains(p));
                if finished {
                    // Connected only if the finished piece is the whole subset.
                    let first = closed.iter().find(|p| !state.contains(p)).expect("a piece");
                    if state.iter().all(|&p| p == 0) && closed.iter().all(|p| p == first) {
                        total += count;
                    }
                    continue;
                }
                // Pieces renumbered in order of first appearance.
                let mut names: Vec<u8> = Vec::new();
                for p in state.iter_mut().filter(|p| **p != 0) {
                    let k = match names.iter().position(|q| q == p) {
                        Some(k) => k,
                        None => {
                            names.push(*p);
                            names.len() - 1
                        }
                    };
                    *p = k as u8 + 1;
                }
                *next.entry(state).or_insert(0.0) += count;
            }
        }
        if next.len() > MAX_SUBSET_STATES {
            return None;
        }
        states = next;
        let mut j = 0;
        open.retain(|_| {
            j += 1;
            keep[j - 1]
        });
    }
    Some(total)
}

/// The elements of the connected set `s` in breadth-first order from an element far
/// from the others (the last one reached by a first breadth-first pass), neighbours of
/// fewer neighbours first: a path is taken from one end.
fn far_first_order<S: BitSet, T: Joined<S> + ?Sized>(g: &T, s: S) -> Vec<usize> {
    let bfs = |start: usize| {
        let mut order = vec![start];
        let mut seen = S::bit(start);
        let mut i = 0;
        while i < order.len() {
            let mut next: Vec<usize> = elements(g.joined(order[i]) & s & !seen).collect();
            next.sort_by_key(|&u| (g.joined(u) & s).count());
            for &u in &next {
                seen |= S::bit(u);
            }
            order.extend(next);
            i += 1;
        }
        order
    };
    let Some(start) = elements(s).next() else {
        return Vec::new();
    };
    let far = *bfs(start).last().expect("the start");
    bfs(far)
}

/// The table keys of the parts of a position (whose set fits in `S`).
pub fn part_keys<S: BitSet, T: Joined<S>>(graphs: &Registry<T>, pos: &GamePos) -> Vec<S::Key> {
    let (id, s) = set_of::<S>(pos);
    let g = graphs.get(id);
    let mut keys = Vec::new();
    for_each_part(s, |i| g.joined(i), |c| keys.push(S::key(id, c)));
    keys
}

/// The parts of a position, as positions of the same width.
pub fn part_positions<S: BitSet, T: Joined<S>>(graphs: &Registry<T>, pos: &GamePos) -> Vec<GamePos> {
    part_keys::<S, T>(graphs, pos)
        .iter()
        .map(|k| set_pos(S::key_graph(k), S::key_set(k)))
        .collect()
}

/// The engine of a graph game: the position engine over `game`, positions split into
/// their parts (as sets of `S`); a search of a part is estimated by
/// [`positions_estimate`], `write` names positions in messages.
pub fn solver<S: BitSet, T: Joined<S>, G: BitGame<Key = S::Key> + 'static>(
    name: String,
    graphs: Arc<Registry<T>>,
    game: G,
    write: Box<dyn Fn(&GamePos) -> String + Send>,
) -> BitSolver<G> {
    BitSolver::new(
        name,
        game,
        Box::new({
            let graphs = graphs.clone();
            move |_, pos| part_keys::<S, T>(&graphs, pos)
        }),
        Box::new(move |k| positions_estimate(graphs.get(S::key_graph(k)).as_ref(), S::key_set(k))),
        write,
    )
}

/// The most vertices a Node-Kayles graph may have (its sets are [`Bits256`]).
pub const MAX_VERTICES: usize = 256;

/// The most edges (and vertices) a Green Hackenbush drawing may have (its sets are one
/// `u128`).
pub const MAX_EDGES: usize = 128;

/// The graphs of one game read so far, by number.
pub struct Registry<T> {
    graphs: RwLock<Graphs<T>>,
}

/// The graphs of a [`Registry`] by number, and the number of each edge list.
struct Graphs<T> {
    by_id: Vec<Arc<T>>,
    ids: rustc_hash::FxHashMap<String, u64>,
}

impl<T> Default for Registry<T> {
    fn default() -> Self {
        Registry {
            graphs: RwLock::new(Graphs {
                by_id: Vec::new(),
                ids: rustc_hash::FxHashMap::default(),
            }),
        }
    }
}

impl<T> Registry<T> {
    /// The number of the graph whose edge list is `text` (written by
    /// [`crate::graph_file::edges::EdgeList::write`]), added by `make` if new.
    pub fn intern(&self, text: String, make: impl FnOnce() -> T) -> u64 {
        let mut g = self.graphs.write().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = g.ids.get(&text) {
            return i;
        }
        let id = g.by_id.len() as u64;
        g.by_id.push(Arc::new(make()));
        g.ids.insert(text, id);
        id
    }

    /// The graph number `id`.
    ///
    /// # Panics
    /// For a number that was never given out (positions come from [`Registry::intern`]).
    pub fn get(&self, id: u64) -> Arc<T> {
        let g = self.graphs.read().unwrap_or_else(|e| e.into_inner());
        g.by_id[id as usize].clone()
    }
}

/// A position: graph `id` and the set `bits` (`S::WORDS` words after the number).
pub fn set_pos<S: BitSet>(id: u64, bits: S) -> GamePos {
    let mut w = vec![id];
    w.extend_from_slice(&bits.words()[..S::WORDS]);
    GamePos(w)
}

/// The graph number and the set of a position made by [`set_pos`] with a set type of
/// any width, as a set of `S`.
///
/// # Panics
/// On a position of another encoding, or whose set does not fit in `S` (a bug:
/// positions come from the ruleset, which picks `S` by the graph's size).
pub fn set_of<S: BitSet>(pos: &GamePos) -> (u64, S) {
    let Some((&id, words)) = pos.0.split_first() else {
        panic!("a graph position has a number and a set")
    };
    (id, S::from_words(words).expect("a set that fits"))
}

/// The most elements taken by a move for which [`for_each_part_left`] grows the parts
/// from the boundary.
pub const THIN: u32 = 8;

/// Calls `f` with each connected part of `s` less `taken`, for a connected set `s`,
/// where `reach(i)` is the set of elements joined to element `i`.
///
/// Every part left touches `taken` (`s` was connected): it holds one of the elements
/// joined to `taken`, the *boundary*. So a part grown from a boundary element that has
/// reached every boundary element not yet in a part is all that is left, and the
/// growth stops there: a move in the middle of a long path grows one side only, a move
/// that leaves the rest connected stops as soon as it has gone round the hole.
///
/// The boundary costs one set operation a taken element: past [`THIN`] elements taken
/// (a dense graph, whose parts are found in few steps anyway), the parts are grown as
/// [`for_each_part`] does.
#[inline]
pub fn for_each_part_left<S: BitSet>(s: S, taken: S, reach: impl Fn(usize) -> S, mut f: impl FnMut(S)) {
    let mut rest = s & !taken;
    let taken = taken & s;
    if taken.count() > THIN {
        return for_each_part(rest, reach, f);
    }
    let mut boundary = S::default();
    taken.each(|i| boundary |= reach(i));
    boundary &= rest;
    while !rest.is_empty() {
        let seed = boundary.lowest();
        debug_assert!(!seed.is_empty(), "a part away from the boundary: s was not connected");
        let (mut part, mut frontier) = (seed, seed);
        while !frontier.is_empty() {
            if (boundary & !part).is_empty() {
                part = rest;
                break;
            }
            let mut next = S::default();
            frontier.each(|i| next |= reach(i));
            frontier = next & rest & !part;
            part |= frontier;
        }
        rest &= !part;
        boundary &= !part;
        f(part);
    }
}

/// Calls `f` with each connected part of `s`, where `reach(i)` is the set of elements
/// joined to element `i` (its neighbours).
#[inline]
pub fn for_each_part<S: BitSet>(s: S, reach: impl Fn(usize) -> S, mut f: impl FnMut(S)) {
    let mut rest = s;
    while !rest.is_empty() {
        let seed = rest.lowest();
        let (mut part, mut frontier) = (seed, seed);
        while !frontier.is_empty() {
            let mut next = S::default();
            frontier.each(|i| next |= reach(i));
            frontier = next & rest & !part;
            part |= frontier;
        }
        rest &= !part;
        f(part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Adj(Vec<u128>);

    impl Joined<u128> for Adj {
        fn joined(&self, i: usize) -> u128 {
            self.0[i]
        }
    }

    impl Joined<Bits256> for Adj {
        fn joined(&self, i: usize) -> Bits256 {
            Bits256::from_words(&self.0[i].words()).expect("128 bits")
        }
    }

    fn connected(adj: &Adj, s: u128) -> bool {
        let mut parts = 0;
        for_each_part(s, |i| adj.0[i], |_| parts += 1);
        parts == 1
    }

    /// The count of connected subsets against every subset of small random graphs, and
    /// the formulas of paths and cycles (in any numbering), in both widths.
    #[test]
    fn connected_subsets_are_counted() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for round in 0..300 {
            let n = 1 + next(12) as usize;
            let mut adj = Adj(vec![0; n]);
            for u in 0..n {
                for v in u + 1..n {
                    if next(100) < 15 + round % 40 {
                        adj.0[u] |= 1 << v;
                        adj.0[v] |= 1 << u;
                    }
                }
            }
            let all = u128::first_n(n);
            let brute = (1..=all).filter(|&t| connected(&adj, t)).count() as f64;
            let got = connected_subsets(&adj, all);
            if connected(&adj, all) {
                assert_eq!(got, Some(brute), "round {round}: {:?}", adj.0);
                let wide = Bits256::first_n(n);
                assert_eq!(connected_subsets::<Bits256, _>(&adj, wide), Some(brute));
            } else {
                assert_eq!(got, None, "round {round}");
            }
        }
        for n in [1usize, 2, 3, 10, 100, 128] {
            // The path numbered from both ends inward, and the cycle.
            let label: Vec<usize> = (0..n).map(|i| if i % 2 == 0 { i / 2 } else { n - 1 - i / 2 }).collect();
            let mut path = Adj(vec![0; n]);
            for i in 1..n {
                path.0[label[i - 1]] |= 1 << label[i];
                path.0[label[i]] |= 1 << label[i - 1];
            }
            let n128 = n as f64;
            assert_eq!(
                connected_subsets(&path, u128::first_n(n)),
                Some(n128 * (n128 + 1.0) / 2.0),
                "P{n}"
            );
            if n >= 3 {
                let mut cycle = path;
                cycle.0[label[0]] |= 1 << label[n - 1];
                cycle.0[label[n - 1]] |= 1 << label[0];
                assert_eq!(
                    connected_subsets(&cycle, u128::first_n(n)),
                    Some(n128 * (n128 - 1.0) + 1.0),
                    "C{n}"
                );
            }
        }
    }
}
