//! Graphs for the graph games (Node-Kayles and Green Hackenbush on any graph): the
//! graphs written in expressions, kept for the session under a number, and sets of up
//! to 128 vertices or edges as bit sets.
//!
//! A position of a graph game is `[graph number, set low word, set high word]`: the
//! graph is read once (inline, `"a-b b-c"`, or from a file, `"@graph.txt"`) and every
//! position reached from it refers to it by number, so the transposition table keys
//! are three words.

use crate::game::GamePos;
use crate::solve::bitgame::{BitGame, BitSolver};
use std::sync::{Arc, RwLock};

/// A graph whose sets split into parts: `joined(i)` is the set of elements joined to
/// element `i` (a vertex's neighbours; the edges sharing an end above the ground).
pub trait Joined: Send + Sync + 'static {
    /// The elements joined to element `i`.
    fn joined(&self, i: usize) -> u128;

    /// True if the positions reached from a set are the set less the closed
    /// neighbourhoods of an independent set (Node-Kayles): the work estimate then
    /// counts independent sets (see [`positions_estimate`]).
    fn independent_moves(&self) -> bool {
        false
    }
}

/// The positions a search of the part `s` visits, for the work estimate: every subset,
/// 2^n for n elements; for a game whose moves take independent vertices
/// ([`Joined::independent_moves`]), at most the number of independent sets, at most
/// Σ_{k ≤ c} C(n, k) where c ≥ α is the number of cliques of a greedy clique cover (the
/// queens graph of an n×n board: its n rows).
pub fn positions_estimate<T: Joined + ?Sized>(g: &T, s: u128) -> f64 {
    let n = s.count_ones() as i32;
    let all = 2f64.powi(n);
    if !g.independent_moves() {
        return all;
    }
    let mut cliques = 0;
    let mut rest = s;
    while rest != 0 {
        let mut common = rest;
        let mut clique = 0u128;
        while common != 0 {
            // The candidate joined to most of the others keeps the clique growing.
            let v = elements(common)
                .max_by_key(|&v| (g.joined(v) & common).count_ones())
                .expect("a candidate");
            clique |= 1 << v;
            common &= g.joined(v) & !clique;
        }
        rest &= !clique;
        cliques += 1;
    }
    let (mut sum, mut term) = (1f64, 1f64);
    for k in 1..=cliques.min(n) {
        term = term * f64::from(n - k + 1) / f64::from(k);
        sum += term;
    }
    sum.min(all)
}

/// The table keys of the parts of a position.
pub fn part_keys<T: Joined>(graphs: &Registry<T>, pos: &GamePos) -> Vec<[u64; 3]> {
    let (id, s) = set_of(pos);
    let g = graphs.get(id);
    let mut keys = Vec::new();
    for_each_part(s, |i| g.joined(i), |c| keys.push(key(id, c)));
    keys
}

/// The parts of a position, as positions.
pub fn part_positions<T: Joined>(graphs: &Registry<T>, pos: &GamePos) -> Vec<GamePos> {
    part_keys(graphs, pos)
        .iter()
        .map(|k| set_pos(k[0], key_bits(k)))
        .collect()
}

/// The engine of a graph game: the position engine over `game`, positions split into
/// their parts; a search of a part is estimated by [`positions_estimate`], `write`
/// names positions in messages.
pub fn solver<T: Joined, G: BitGame<Key = [u64; 3]> + 'static>(
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
            move |_, pos| part_keys(&graphs, pos)
        }),
        Box::new(move |k| positions_estimate(graphs.get(k[0]).as_ref(), key_bits(k))),
        write,
    )
}

/// The most vertices (Node-Kayles) or edges (Hackenbush) a graph may have.
pub const MAX_ELEMENTS: usize = 128;

/// The graphs of one game read so far, by number.
pub struct Registry<T> {
    graphs: RwLock<Vec<(String, Arc<T>)>>,
}

impl<T> Default for Registry<T> {
    fn default() -> Self {
        Registry {
            graphs: RwLock::new(Vec::new()),
        }
    }
}

impl<T> Registry<T> {
    /// The number of the graph whose edge list is `text` (written by
    /// [`crate::graph_file::edges::EdgeList::write`]), added by `make` if new.
    pub fn intern(&self, text: String, make: impl FnOnce() -> T) -> u64 {
        let mut g = self.graphs.write().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = g.iter().position(|(t, _)| *t == text) {
            return i as u64;
        }
        g.push((text, Arc::new(make())));
        (g.len() - 1) as u64
    }

    /// The graph number `id`.
    ///
    /// # Panics
    /// For a number that was never given out (positions come from [`Registry::intern`]).
    pub fn get(&self, id: u64) -> Arc<T> {
        let g = self.graphs.read().unwrap_or_else(|e| e.into_inner());
        g[id as usize].1.clone()
    }
}

/// A position: graph `id` and the set `bits`.
pub fn set_pos(id: u64, bits: u128) -> GamePos {
    GamePos(vec![id, bits as u64, (bits >> 64) as u64])
}

/// The graph number and the set of a position made by [`set_pos`].
///
/// # Panics
/// On a position of another encoding (a bug: positions come from the ruleset).
pub fn set_of(pos: &GamePos) -> (u64, u128) {
    let [id, lo, hi] = pos.0[..] else {
        panic!("a graph position has 3 words")
    };
    (id, u128::from(lo) | u128::from(hi) << 64)
}

/// The set as a table key.
pub fn key(id: u64, bits: u128) -> [u64; 3] {
    [id, bits as u64, (bits >> 64) as u64]
}

/// The set of a table key.
pub fn key_bits(k: &[u64; 3]) -> u128 {
    u128::from(k[1]) | u128::from(k[2]) << 64
}

/// The elements of a bit set, lowest first.
pub fn elements(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            i
        })
    })
}

/// Calls `f` with each connected part of `s`, where `reach(i)` is the set of elements
/// joined to element `i` (its neighbours).
pub fn for_each_part(s: u128, reach: impl Fn(usize) -> u128, mut f: impl FnMut(u128)) {
    let mut rest = s;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let (mut part, mut frontier) = (seed, seed);
        while frontier != 0 {
            let mut next = 0;
            for i in elements(frontier) {
                next |= reach(i);
            }
            frontier = next & rest & !part;
            part |= frontier;
        }
        rest &= !part;
        f(part);
    }
}
