//! Node-Kayles (Schaefer 1978; Winning Ways vol. 1 ch. 4): a move takes a vertex of a
//! graph together with its neighbours; the player who cannot move loses. On a path
//! it is Dawson's chess, `0.137`. Grids (`node-kayles-grid(3,4)`, or a board with
//! holes `node-kayles-grid("..#./....")`), paths and cycles are searched by the
//! position engine with regions normalized under the grid's symmetries. Any simple
//! graph of at most 256 vertices is `node-kayles("a-b b-c c-a d")` (an edge list) or
//! `node-kayles("@graph.txt")` (the same in a file); its positions are vertex sets,
//! split into connected parts (no normal form: a graph has no symmetry the engine
//! knows).

use super::board::{board_of, GridRuleset, Notation};
use super::graphs::sets::{Key192, Key256};
use super::graphs::{elements, for_each_part_left, set_of, set_pos, BitSet, Bits256, Joined, Registry, MAX_VERTICES};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Family, GameArgs, GamePos, GameRuleset, GameSolver, Params, Ruleset, SearchStats};
use crate::graph_file::canon::{canonical_order, relabelled};
use crate::graph_file::edges::{parse_edges, EdgeList, Simple};
use crate::solve::bitgame::{BitGame, BitSolver, OptionList, ProofText, TableKey, DB_MAX_WORDS};
use crate::solve::grid::{Cells, Frame, GridRules, Region};
use crate::value::Nimber;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

/// Node-Kayles' moves on a grid: remove a cell and its four neighbours.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeKaylesRules;

impl GridRules for NodeKaylesRules {
    fn for_each_move<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        let mut x = s;
        while !x.is_empty() {
            let v = x.lowest();
            x ^= v;
            f(s & !(v | frame.neighbours(v)));
        }
    }

    fn count_useful_moves<T: Cells>(&self, s: T, _frame: &Frame<T>) -> usize {
        s.count() as usize
    }

    fn known(&self, r: &Region) -> Option<u32> {
        // A connected region of 1 or 2 cells: one move to nothing; of 3 cells, a path
        // of three (the grid has no triangle): G = mex{G(1), 0} = 2.
        match r.cells() {
            1 | 2 => Some(1),
            3 => Some(2),
            _ => r.half_turn_free().then_some(0),
        }
    }
}

/// The positions a search of a region visits, for the work estimate, modelled as
/// 4 · g^cells with g fitted above the set-pruned search's runs: 3 rows 1.20 measured
/// (3×21: 3.6·10^5 positions, 3×28: 7.7·10^6), 4 rows 1.18 (4×21: 5.5·10^6), 5 rows
/// 1.22 (5×13: 1.1·10^6, 5×15: 1.0·10^7), 7 and 8 rows 1.22–1.23 (7×10: 5.4·10^6, 8×9:
/// 8.7·10^6); g is taken 0.03 above.
fn estimate(r: &Region) -> f64 {
    super::board::growth_estimate(r, &[1.0, 1.0, 1.15, 1.23, 1.23, 1.25])
}

/// Node-Kayles on grids with holes.
pub static GRID: LazyLock<Arc<GridRuleset<NodeKaylesRules>>> = LazyLock::new(|| {
    Arc::new(GridRuleset {
        name: "node-kayles-grid",
        notation: Notation::Board,
        rules: NodeKaylesRules,
        estimate,
    })
});

/// Node-Kayles on paths (Dawson's chess).
pub static PATH: LazyLock<Arc<GridRuleset<NodeKaylesRules>>> = LazyLock::new(|| {
    Arc::new(GridRuleset {
        name: "node-kayles-path",
        notation: Notation::Path,
        rules: NodeKaylesRules,
        estimate,
    })
});

/// Node-Kayles on cycles: `node-kayles-cycle(n)`, n ≥ 3. Every move leaves a path of
/// n − 3 vertices, so its options are written as paths.
pub struct Cycle;

impl GameRuleset for Cycle {
    fn name(&self) -> String {
        "node-kayles-cycle".into()
    }

    fn position(&self, args: GameArgs<'_>) -> Result<GamePos> {
        match args {
            GameArgs::Numbers(&[(n, 1)]) if (3..=u64::from(super::board::MAX_CELLS)).contains(&n) => {
                Ok(GamePos(vec![n]))
            }
            GameArgs::Numbers(&[(n, 1)]) => Err(Error::Domain {
                ruleset: self.name(),
                position: format!("node-kayles-cycle({n})"),
                reason: format!("a cycle has 3 to {} vertices", super::board::MAX_CELLS),
            }),
            _ => Err(Error::Arity {
                ruleset: self.name(),
                message: "takes the number of vertices n ≥ 3 of the cycle, e.g. node-kayles-cycle(7)".into(),
            }),
        }
    }

    fn write(&self, pos: &GamePos) -> String {
        match pos.0[..] {
            [n] => format!("node-kayles-cycle({n})"),
            _ => PATH.write(pos),
        }
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        match pos.0[..] {
            // Every move is the same up to rotation: listed once.
            [n] => Ok(vec![vec![PATH.position(GameArgs::Numbers(&[(n - 3, 1)]))?]]),
            _ => PATH.options(pos),
        }
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        match pos.0[..] {
            [_] => 1,
            _ => PATH.options_bound(pos),
        }
    }

    fn has_option(&self, pos: &GamePos) -> Option<bool> {
        match pos.0[..] {
            // A cycle has at least 3 vertices.
            [_] => Some(true),
            _ => PATH.has_option(pos),
        }
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        Some(Box::new(CycleSolver(PATH.solver()?)))
    }
}

struct CycleSolver(Box<dyn GameSolver>);

impl GameSolver for CycleSolver {
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber> {
        match pos.0[..] {
            // The one option: a path of n − 3 vertices; the mex of one value v is 0
            // unless v = 0.
            [n] => {
                let path = if n == 3 {
                    Nimber::ZERO
                } else {
                    self.0.value(&PATH.position(GameArgs::Numbers(&[(n - 3, 1)]))?, ctl)?
                };
                Ok(Nimber::from(u64::from(path.is_zero())))
            }
            _ => {
                let _ = board_of(pos);
                self.0.value(pos, ctl)
            }
        }
    }

    fn stats(&self) -> SearchStats {
        self.0.stats()
    }
}

/// A simple graph of at most 256 vertices.
pub struct Graph {
    /// The vertices and edges as written.
    pub edges: EdgeList,
    /// The neighbours of each vertex.
    pub adj: Vec<Bits256>,
    /// The same as 128-bit sets, for a graph of at most 128 vertices (empty otherwise):
    /// the search of such a graph uses them.
    narrow: Vec<u128>,
}

impl Graph {
    /// The graph of an edge list of at most [`MAX_VERTICES`] vertices.
    fn new(edges: EdgeList) -> Graph {
        let n = edges.names.len();
        let mut adj = vec![Bits256::default(); n];
        for &(u, v) in &edges.edges {
            adj[u] |= Bits256::bit(v);
            adj[v] |= Bits256::bit(u);
        }
        let narrow = if n <= 128 {
            adj.iter()
                .map(|a| u128::from_words(&a.words()).expect("a set of the first 128 vertices"))
                .collect()
        } else {
            Vec::new()
        };
        Graph { edges, adj, narrow }
    }

    /// True if the graph's sets fit in 128 bits (its search uses them).
    pub fn is_narrow(&self) -> bool {
        self.adj.len() <= 128
    }
}

impl super::graphs::Joined<u128> for Graph {
    #[inline]
    fn joined(&self, i: usize) -> u128 {
        self.narrow[i]
    }

    fn independent_moves(&self) -> bool {
        true
    }
}

impl super::graphs::Joined<Bits256> for Graph {
    #[inline]
    fn joined(&self, i: usize) -> Bits256 {
        self.adj[i]
    }

    fn independent_moves(&self) -> bool {
        true
    }
}

/// Node-Kayles on graphs written as edge lists (one ruleset for all graphs: the graphs
/// are kept by number). Positions are `[graph, four words]` (a 256-bit vertex set),
/// whatever the graph's size.
#[derive(Default)]
pub struct OnGraphs {
    graphs: Arc<Registry<Graph>>,
}

impl OnGraphs {
    /// The induced subgraph on the vertex set `s` of graph `id`, as an edge list.
    fn induced(&self, id: u64, s: Bits256) -> EdgeList {
        let g = self.graphs.get(id);
        let mut out = EdgeList::default();
        for i in elements(s) {
            out.vertex(&g.edges.names[i]);
        }
        for &(u, v) in &g.edges.edges {
            if s.has(u) && s.has(v) {
                let (a, b) = (out.vertex(&g.edges.names[u]), out.vertex(&g.edges.names[v]));
                out.edges.push((a, b));
            }
        }
        out
    }
}

/// Node-Kayles on the graphs of a registry, as a [`BitGame`]: keys are (graph, vertex
/// set) with the set connected, the set a `u128` (graphs of at most 128 vertices) or a
/// [`Bits256`].
pub struct GraphGame<S>(Arc<Registry<Graph>>, PhantomData<S>);

impl<S: BitSet> GraphGame<S> {
    /// The game on the graphs of `graphs`, searching sets of `S`.
    pub fn new(graphs: Arc<Registry<Graph>>) -> GraphGame<S> {
        GraphGame(graphs, PhantomData)
    }
}

impl<S: BitSet> BitGame for GraphGame<S>
where
    Graph: Joined<S>,
{
    type Key = S::Key;

    fn options(&self, k: &S::Key, out: &mut OptionList<S::Key>) {
        self.options_until(k, out, &mut |_| false);
    }

    fn count_options(&self, k: &S::Key) -> usize {
        // One option a vertex.
        S::key_set(k).count() as usize
    }

    fn options_until(&self, k: &S::Key, out: &mut OptionList<S::Key>, stop: &mut dyn FnMut(&[S::Key]) -> bool) {
        let id = S::key_graph(k);
        let g = self.0.get(id);
        let s = S::key_set(k);
        for v in elements(s) {
            // `s` is connected: the parts left are found from the hole's boundary.
            for_each_part_left(s, S::bit(v) | g.joined(v), |i| g.joined(i), |c| out.push(S::key(id, c)));
            out.end_option();
            if stop(out.last()) {
                return;
            }
        }
    }

    fn size(&self, k: &S::Key) -> u32 {
        S::key_set(k).count()
    }

    fn known(&self, k: &S::Key) -> Option<u32> {
        // A connected set of one or two vertices: one move takes everything.
        (S::key_set(k).count() <= 2).then_some(1)
    }
}

/// Names positions in messages (shared by the two widths' engines).
pub type Writer = Arc<dyn Fn(&GamePos) -> String + Send + Sync>;

/// The engine of Node-Kayles on graphs: the position engine over 128-bit vertex sets
/// while every graph met has at most 128 vertices (30-byte table slots, cheaper set
/// operations), over 256-bit sets from the first larger graph on. The 128-bit engine
/// and its table are then dropped (two tables would each take three quarters of the
/// memory limit), and every later graph, of any size, is searched by the 256-bit one.
struct GraphSolver {
    graphs: Arc<Registry<Graph>>,
    narrow: Option<BitSolver<GraphGame<u128>>>,
    wide: BitSolver<GraphGame<Bits256>>,
    /// The counters of the 128-bit engine once dropped.
    dropped: SearchStats,
}

impl GraphSolver {
    /// The engine for `pos`: the 128-bit one if its graph fits and no larger graph was
    /// met, the 256-bit one otherwise (the 128-bit one dropped).
    fn engine(&mut self, pos: &GamePos) -> &mut dyn GameSolver {
        let (id, _) = set_of::<Bits256>(pos);
        if !self.graphs.get(id).is_narrow() {
            if let Some(n) = self.narrow.take() {
                let s = n.stats();
                self.dropped.searched += s.searched;
                self.dropped.replaced += s.replaced;
            }
        }
        match self.narrow.as_mut() {
            Some(n) => n,
            None => &mut self.wide,
        }
    }

    /// The engines not dropped.
    fn engines(&mut self) -> impl Iterator<Item = &mut dyn GameSolver> {
        let narrow = self.narrow.as_mut().map(|n| n as &mut dyn GameSolver);
        narrow.into_iter().chain(std::iter::once(&mut self.wide as &mut dyn GameSolver))
    }
}

/// The counters of the engines of two widths kept, added to those of a dropped one.
fn summed(dropped: SearchStats, kept: impl Iterator<Item = SearchStats>) -> SearchStats {
    kept.fold(dropped, |mut s, e| {
        s.searched += e.searched;
        s.entries += e.entries;
        s.table_bytes += e.table_bytes;
        s.replaced += e.replaced;
        s
    })
}

impl GameSolver for GraphSolver {
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber> {
        self.engine(pos).value(pos, ctl)
    }

    fn stats(&self) -> SearchStats {
        summed(self.dropped, self.narrow.iter().map(|n| n.stats()).chain([self.wide.stats()]))
    }

    fn use_db(
        &mut self,
        path: &std::path::Path,
        access: crate::game::DbAccess,
        ctl: &Control,
    ) -> Result<Option<crate::game::DbRead>> {
        // Refused by the engine (a graph's key names it by a number of this run).
        self.wide.use_db(path, access, ctl)
    }

    fn use_outcome_search(&mut self) {
        self.engines().for_each(|e| e.use_outcome_search());
    }

    fn use_reference(&mut self) {
        self.engines().for_each(|e| e.use_reference());
    }

    fn proof(&mut self, pos: &GamePos, ctl: &Control) -> Result<(Nimber, String)> {
        self.engine(pos).proof(pos, ctl)
    }
}

/// The header of a graph position's proof: the game, the graph's vertices and edges (as
/// indices) and the position's vertex set (hexadecimal), which the checker reads.
pub fn proof_header(graphs: &Registry<Graph>, pos: &GamePos) -> Vec<String> {
    let (id, s) = set_of::<Bits256>(pos);
    let g = graphs.get(id);
    let edges: Vec<String> = g.edges.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
    vec![
        "game node-kayles".to_string(),
        format!("vertices {}", g.edges.names.join(" ")),
        format!("edges {}", edges.join(" ")),
        format!("set {}", s.hex()),
    ]
}

impl OnGraphs {
    /// The graphs read so far.
    pub fn graphs(&self) -> Arc<Registry<Graph>> {
        self.graphs.clone()
    }

    /// The position engine of one width over these graphs, with proofs.
    fn engine_of<S: BitSet>(&self, name: &str, write: &Writer) -> BitSolver<GraphGame<S>>
    where
        Graph: Joined<S>,
    {
        let graphs = self.graphs.clone();
        let header = move |pos: &GamePos| proof_header(&graphs, pos);
        let write = write.clone();
        super::graphs::solver::<S, Graph, _>(
            name.to_string(),
            self.graphs.clone(),
            GraphGame::<S>::new(self.graphs.clone()),
            Box::new(move |pos| write(pos)),
        )
        .with_proof(ProofText {
            header: Box::new(header),
            key: Box::new(|k| S::key_set(k).hex()),
        })
    }

    /// The engine of Node-Kayles on these graphs ([`GraphSolver`]), with proofs;
    /// `write` names positions in messages.
    fn engine(&self, name: String, write: Writer) -> Box<dyn GameSolver> {
        Box::new(GraphSolver {
            graphs: self.graphs.clone(),
            narrow: Some(self.engine_of::<u128>(&name, &write)),
            wide: self.engine_of::<Bits256>(&name, &write),
            dropped: SearchStats::default(),
        })
    }
}

impl GameRuleset for OnGraphs {
    fn name(&self) -> String {
        "node-kayles".into()
    }

    fn position(&self, args: GameArgs<'_>) -> Result<GamePos> {
        let GameArgs::Text(text) = args else {
            return Err(Error::Arity {
                ruleset: self.name(),
                message: "takes a graph as a string: an edge list \"a-b b-c d\" or a file \"@graph.txt\"".into(),
            });
        };
        let edges = parse_edges(text, Simple::Yes)?;
        let n = edges.names.len();
        if n > MAX_VERTICES {
            return Err(Error::Domain {
                ruleset: self.name(),
                position: format!("a graph of {n} vertices"),
                reason: format!("graphs have at most {MAX_VERTICES} vertices (the engine's bit sets)"),
            });
        }
        let id = self.graphs.intern(edges.write(), || Graph::new(edges));
        Ok(set_pos(id, Bits256::first_n(n)))
    }

    fn write(&self, pos: &GamePos) -> String {
        let (id, s) = set_of::<Bits256>(pos);
        format!("node-kayles(\"{}\")", self.induced(id, s).write())
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        let (id, s) = set_of::<Bits256>(pos);
        let g = self.graphs.get(id);
        Ok(elements(s)
            .map(|v| vec![set_pos(id, s & !(Bits256::bit(v) | g.adj[v]))])
            .collect())
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        u128::from(set_of::<Bits256>(pos).1.count())
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        let me = OnGraphs {
            graphs: self.graphs.clone(),
        };
        Some(self.engine(self.name(), Arc::new(move |pos| me.write(pos))))
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        Some(super::graphs::part_positions::<Bits256, _>(&self.graphs, pos))
    }

    fn has_option(&self, pos: &GamePos) -> Option<bool> {
        Some(!set_of::<Bits256>(pos).1.is_empty())
    }

    fn shape_key(&self, pos: &GamePos) -> Option<GamePos> {
        self.shape(pos)
    }
}

/// The most vertices of a part that Node-Kayles on an edge list keys by its shape in
/// misère play ([`GameRuleset::shape_key`]).
pub const SHAPE_VERTICES: usize = 16;
/// The most complete orders the canonical labelling of a part tries
/// ([`canonical_order`]'s budget): a part with more symmetries (a star of more than six
/// leaves) keeps its vertices.
const SHAPE_BUDGET: usize = 720;

impl OnGraphs {
    /// The key of the part `pos` (at most [`SHAPE_VERTICES`] vertices) by its shape: the
    /// number of its vertices (tagged, no graph's number) and its canonical labelling's
    /// adjacency rows, four 16-bit rows to a word ([`canonical_order`]), so that two
    /// parts of one shape, wherever they lie and in whatever graph, have one key. The
    /// misère search keys a sum's parts by it ([`GameRuleset::shape_key`]); normal
    /// play's engine has its own keys. `None` for a larger part or one of more
    /// symmetries than the labelling's budget.
    fn shape(&self, pos: &GamePos) -> Option<GamePos> {
        let (id, s) = set_of::<Bits256>(pos);
        let k = s.count() as usize;
        if k > SHAPE_VERTICES {
            return None;
        }
        let g = self.graphs.get(id);
        let mut vs = [0usize; SHAPE_VERTICES];
        elements(s).enumerate().for_each(|(i, v)| vs[i] = v);
        let adj: Vec<u64> = vs[..k]
            .iter()
            .map(|&v| (0..k).filter(|&i| g.adj[v].has(vs[i])).fold(0u64, |row, i| row | 1 << i))
            .collect();
        let rows = relabelled(&adj, &canonical_order(&adj, SHAPE_BUDGET)?);
        let mut key = vec![u64::MAX - k as u64];
        key.extend(rows.chunks(4).map(|c| c.iter().rev().fold(0u64, |w, &r| w << 16 | r)));
        Some(GamePos(key))
    }
}

/// Where a family's graph lies in the family's frame ([`framed_engine`]): the bit of
/// the frame of each vertex, and the family's parameters of the graph (its side, its
/// steps: the low 32 bits of the key's first word).
pub struct Framing {
    /// The bit of the frame of each vertex.
    pub bits: Vec<usize>,
    /// The graph's parameters, below 2^32.
    pub params: u64,
}

impl Framing {
    /// True if every vertex lies in words 0 and 2 of the frame's set (words 1 and 3 of
    /// a key, those a [`Key192`] keeps): bits 0–63 and 128–191. For P(n,k): n ≤ 64.
    pub fn is_narrow(&self) -> bool {
        self.bits.iter().all(|&b| b % 128 < 64)
    }
}

/// The first word of a key as the rules give it ([`BitGame::options_exact`]) of graph
/// `id` with the family's `params`: the graph's number + 1 above bit 32.
pub fn raw_tag(id: u64, params: u64) -> u64 {
    (id + 1) << 32 | params
}

/// The graph number of a key made with [`raw_tag`], if it is one.
pub fn raw_graph(k: &Key256) -> Option<u64> {
    (k.0[0] >> 32).checked_sub(1)
}

/// The table key of a region of a family's frame ([`framed_engine`]): the five words of
/// a [`Key256`], or the three of a [`Key192`] in the engine of the graphs whose regions
/// all lie in words 1 and 3 ([`FramedRules::keeps_narrow`]). The rules read and write
/// [`Key256`]s; a key is widened for them and the options they list narrowed.
pub trait FrameKey: TableKey + std::fmt::Debug + 'static {
    /// True if the five words `k` have a key of this width.
    fn fits(k: &Key256) -> bool;
    /// The key of the five words `k`, which [`Self::fits`] (the words a narrow key
    /// leaves out are dropped unread).
    fn of_wide(k: &Key256) -> Self;
    /// The key as five words.
    fn to_wide(&self) -> Key256;
}

impl FrameKey for Key256 {
    #[inline]
    fn fits(_: &Key256) -> bool {
        true
    }
    #[inline]
    fn of_wide(k: &Key256) -> Key256 {
        *k
    }
    #[inline]
    fn to_wide(&self) -> Key256 {
        *self
    }
}

impl FrameKey for Key192 {
    #[inline]
    fn fits(k: &Key256) -> bool {
        Key192::narrow(k).is_some()
    }
    #[inline]
    fn of_wide(k: &Key256) -> Key192 {
        debug_assert!(Self::fits(k), "a narrow key of {k:?}");
        Key192([k.0[0], k.0[1], k.0[3]])
    }
    #[inline]
    fn to_wide(&self) -> Key256 {
        self.wide()
    }
}

/// The rules of a family's regions on its frame, for [`framed_engine`]: keys are a
/// first word ([`raw_tag`] for the vertices of a graph as the rules give them, the
/// family's own tags for its normal forms) and a set of the frame.
pub trait FramedRules: Send + Sync + 'static {
    /// Lists the options of the connected region `k` into `out` (one a vertex), each as
    /// its parts: in the family's normal form when `normal`, with `k`'s first word and
    /// the squares as they are otherwise; after each option `stop` is called with it,
    /// and the listing ends once it returns true. Each part is written as a key of
    /// `out`'s width ([`FrameKey::of_wide`]): a narrow one only for a region of a graph
    /// [`Self::keeps_narrow`] vouches for.
    fn list<K: FrameKey>(&self, k: &Key256, normal: bool, out: &mut OptionList<K>, stop: &mut dyn FnMut(&[K]) -> bool);

    /// The value of `k` where it is immediate (a few vertices).
    fn known(&self, k: &Key256) -> Option<u32>;

    /// True if `k` is a key in the family's normal form (its first word below 2^32)
    /// whose options [`Self::list`] can list: for a key read from a database file,
    /// which may be damaged or made by hand.
    fn valid(&self, k: &Key256) -> bool;

    /// The growth per vertex of the positions this family's engine visits, fitted above
    /// its measured runs (docs/choices.md, "Work estimates"): a part of v vertices is
    /// estimated at 4 · growth^v positions at most.
    fn growth(&self) -> f64;

    /// True if the options of a region of a graph whose framing is narrow
    /// ([`Framing::is_narrow`]), in normal form or as the rules give them, and theirs in
    /// turn, are narrow too: such graphs are then searched with [`Key192`] keys. False
    /// (the default): every graph is searched with [`Key256`] keys.
    fn keeps_narrow(&self) -> bool {
        false
    }
}

/// A family's rules on its frame as a [`BitGame`] whose keys are `K` ([`Key256`], or
/// [`Key192`] for narrow graphs).
pub struct Framed<R, K = Key256> {
    rules: R,
    /// Set when a database's key was refused for being too wide for `K` (a key of the
    /// family otherwise): the dispatcher then reads the file with the wide engine.
    wide_in_db: Arc<AtomicBool>,
    key: PhantomData<fn() -> K>,
}

impl<R: FramedRules, K: FrameKey> Framed<R, K> {
    /// The game of `rules` with keys `K`; `wide_in_db` is set when a database holds a
    /// key wider than `K`.
    pub fn new(rules: R, wide_in_db: Arc<AtomicBool>) -> Framed<R, K> {
        Framed {
            rules,
            wide_in_db,
            key: PhantomData,
        }
    }
}

impl<R: FramedRules, K: FrameKey> BitGame for Framed<R, K> {
    type Key = K;

    fn options(&self, k: &K, out: &mut OptionList<K>) {
        self.rules.list(&k.to_wide(), true, out, &mut |_| false);
    }

    fn count_options(&self, k: &K) -> usize {
        Bits256::key_set(&k.to_wide()).count() as usize
    }

    fn options_until(&self, k: &K, out: &mut OptionList<K>, stop: &mut dyn FnMut(&[K]) -> bool) {
        self.rules.list(&k.to_wide(), true, out, stop);
    }

    fn options_exact(&self, k: &K, out: &mut OptionList<K>) {
        self.rules.list(&k.to_wide(), false, out, &mut |_| false);
    }

    fn size(&self, k: &K) -> u32 {
        Bits256::key_set(&k.to_wide()).count()
    }

    fn known(&self, k: &K) -> Option<u32> {
        self.rules.known(&k.to_wide())
    }

    fn db_words(&self) -> usize {
        // The five words of the wide key at either width: one file format.
        5
    }

    fn db_of_key(&self, k: &K, out: &mut [u64; DB_MAX_WORDS]) -> bool {
        let k = k.to_wide();
        // A key as the rules give it names its graph by a number of this run.
        raw_graph(&k).is_none() && {
            *out = k.0;
            true
        }
    }

    fn key_of_db(&self, w: &[u64]) -> Option<K> {
        let k = Key256(w.try_into().ok()?);
        let valid = raw_graph(&k).is_none() && self.rules.valid(&k);
        if valid && !K::fits(&k) {
            self.wide_in_db.store(true, Ordering::Relaxed);
            return None;
        }
        valid.then(|| K::of_wide(&k))
    }
}

/// The framing of each graph met, by the graph's number (each computed once).
type FramingOf = Arc<dyn Fn(u64) -> Arc<Framing> + Send + Sync>;

/// The position engine of a family over `rules` with keys `K`
/// ([`framed_engine`]), for the graphs of `graphs` put on the frame by `framing_of`.
fn framed_solver<R: FramedRules, K: FrameKey>(
    name: &str,
    write: &Writer,
    rules: R,
    graphs: &Arc<Registry<Graph>>,
    framing_of: &FramingOf,
    wide_in_db: Arc<AtomicBool>,
) -> BitSolver<Framed<R, K>> {
    // A key as the rules give it, back on its graph: (graph, vertex set).
    let on_graph = {
        let framing_of = framing_of.clone();
        move |k: &Key256| {
            let id = raw_graph(k)?;
            let f = framing_of(id);
            let s = Bits256::key_set(k);
            let set = (0..f.bits.len())
                .filter(|&v| s.has(f.bits[v]))
                .fold(Bits256::default(), |m, v| m | Bits256::bit(v));
            Some((id, set))
        }
    };
    let split = {
        let (graphs, framing_of) = (graphs.clone(), framing_of.clone());
        move |_: &Framed<R, K>, pos: &GamePos| {
            let (id, s) = set_of::<Bits256>(pos);
            let (g, f) = (graphs.get(id), framing_of(id));
            let mut keys = Vec::new();
            super::graphs::for_each_part(s, |i| g.adj[i], |c| {
                let on_frame = elements(c).fold(Bits256::default(), |m, v| m | Bits256::bit(f.bits[v]));
                keys.push(K::of_wide(&Bits256::key(raw_tag(id, f.params), on_frame)));
            });
            keys
        }
    };
    let estimate = {
        let (graphs, on_graph) = (graphs.clone(), on_graph.clone());
        let growth = rules.growth();
        move |k: &K| {
            let k = k.to_wide();
            let fitted = 4.0 * growth.powi(Bits256::key_set(&k).count() as i32);
            match on_graph(&k) {
                Some((id, s)) => super::graphs::positions_estimate(graphs.get(id).as_ref(), s).min(fitted),
                None => fitted,
            }
        }
    };
    let key_text = move |k: &K| match on_graph(&k.to_wide()) {
        Some((_, s)) => s.hex(),
        None => "a-region-in-normal-form".to_string(),
    };
    let header = {
        let graphs = graphs.clone();
        move |pos: &GamePos| proof_header(&graphs, pos)
    };
    let write = write.clone();
    BitSolver::new(
        name.to_string(),
        Framed::new(rules, wide_in_db),
        Box::new(split),
        Box::new(estimate),
        Box::new(move |pos| write(pos)),
    )
    .with_proof(ProofText {
        header: Box::new(header),
        key: Box::new(key_text),
    })
}

/// The engine of a named family of graphs that lie in a frame of the family's (the
/// queens boards in a 16×16 frame, P(n,k) on two rows): the position engine over
/// `rules`, whose keys are regions of the frame. A position's vertex set is split into
/// its parts by the graph's edges, each put on the frame by `framing` and keyed
/// [`raw_tag`] (the game's options then key the parts in the family's normal form);
/// proofs are graph proofs, the keys listed as the rules give them (raw) written back
/// as vertex sets of their graph. Graphs that lie in words 1 and 3 of the keys, for a
/// family whose rules keep them there ([`FramedRules::keeps_narrow`]), are searched
/// with three-word keys ([`FramedSolver`]).
pub fn framed_engine<R: FramedRules + Clone>(
    name: String,
    write: Writer,
    rules: R,
    framing: fn(&Graph) -> Framing,
) -> Box<dyn GameSolver> {
    Box::new(FramedSolver::new(&name, &write, rules, framing))
}

/// The engine of a framed family ([`framed_engine`]): the position engine over
/// [`Key192`] keys (30-byte table slots, 1.5 times the entries of [`Key256`]'s 46 in
/// one memory limit) while every graph met is narrow ([`Framing::is_narrow`], for a
/// family that [`FramedRules::keeps_narrow`]), over [`Key256`] keys from the first
/// other graph on; the narrow engine and its table are then dropped, its counters kept,
/// as `GraphSolver` does. The search is the same at both widths (keys ordered alike,
/// the same options listed), and so are its values, proofs and database files (keys
/// written as five words). A database (`--db`) goes to the narrow engine; one that
/// holds a key wider than three words goes to the wide engine instead (the narrow one
/// dropped), and when a graph that is not narrow comes after one was read, the narrow
/// engine saves its table to the file and the wide engine reads the file before it
/// searches: no entry of a file is narrowed, none dropped for its width. If the wide
/// engine cannot read the file (its table too small for it at the memory limit), that
/// graph gets the error, and a narrow engine made again reads the file and searches the
/// narrow graphs; the refusal is remembered: a later graph that is not narrow gets it
/// again, the file not read again (by either engine), unless its memory limit is
/// higher, when the handover is tried again. The replacements of the narrow engine's
/// second read of the file are not counted (`replaced`): its first read counted them.
pub struct FramedSolver<R: FramedRules> {
    /// The narrowness of each graph met, by number.
    narrowness: rustc_hash::FxHashMap<u64, bool>,
    framing_of: FramingOf,
    narrow: Option<BitSolver<Framed<R, Key192>>>,
    wide: BitSolver<Framed<R, Key256>>,
    /// Makes a narrow engine (`None` for a family whose graphs are all searched wide):
    /// the first, and another when a handover of the database fails.
    make_narrow: Option<MakeNarrow<R>>,
    /// Set by the narrow game when a database holds a key too wide for it.
    wide_in_db: Arc<AtomicBool>,
    /// The database the narrow engine keeps (the wide one reads it when it takes over).
    db: Option<(std::path::PathBuf, crate::game::DbAccess)>,
    /// A database the wide engine has still to read (it took over from the narrow one,
    /// whose file it could not read yet: the reading is tried again, and its error
    /// given, at each position until it succeeds).
    db_pending: bool,
    /// The counters of the narrow engines dropped.
    dropped: SearchStats,
    /// A handover refused for the wide table's size ([`Error::TooLarge`]) and the
    /// memory limit it was refused at: given again to a graph that is not narrow at a
    /// limit no higher, without the file read again ([`Self::hand_over`]).
    refused: Option<(Error, u64)>,
    /// The entries replaced while the narrow engine made again after a refused
    /// handover read the file: the first narrow engine's read counted the same file's,
    /// so they are left out of its counters.
    reread: u64,
    /// The reference engine was asked for ([`GameSolver::use_reference`]): a narrow
    /// engine made again is one too.
    plain: bool,
    /// The outcome search was asked for ([`GameSolver::use_outcome_search`]), likewise.
    sums: bool,
}

/// Makes the narrow engine of a [`FramedSolver`].
type MakeNarrow<R> = Box<dyn Fn() -> BitSolver<Framed<R, Key192>> + Send>;

impl<R: FramedRules + Clone> FramedSolver<R> {
    /// The engine of `rules`' family, named `name`, with positions written by `write`
    /// and graphs put on the frame by `framing`.
    pub(crate) fn new(name: &str, write: &Writer, rules: R, framing: fn(&Graph) -> Framing) -> FramedSolver<R> {
        let graphs = ON_GRAPHS.graphs();
        let framing_of: FramingOf = {
            let graphs = graphs.clone();
            let cache: std::sync::Mutex<rustc_hash::FxHashMap<u64, Arc<Framing>>> = Default::default();
            Arc::new(move |id: u64| {
                let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
                c.entry(id).or_insert_with(|| Arc::new(framing(&graphs.get(id)))).clone()
            })
        };
        let wide_in_db = Arc::new(AtomicBool::new(false));
        let make_narrow = rules.keeps_narrow().then(|| {
            let (name, write, rules) = (name.to_string(), write.clone(), rules.clone());
            let (graphs, framing_of, wide_in_db) = (graphs.clone(), framing_of.clone(), wide_in_db.clone());
            Box::new(move || framed_solver(&name, &write, rules.clone(), &graphs, &framing_of, wide_in_db.clone()))
                as MakeNarrow<R>
        });
        FramedSolver {
            narrowness: Default::default(),
            wide: framed_solver(name, write, rules, &graphs, &framing_of, Arc::default()),
            framing_of,
            narrow: make_narrow.as_ref().map(|make| make()),
            make_narrow,
            wide_in_db,
            db: None,
            db_pending: false,
            dropped: SearchStats::default(),
            refused: None,
            reread: 0,
            plain: false,
            sums: false,
        }
    }
}

#[cfg(test)]
impl<R: FramedRules> FramedSolver<R> {
    /// The same engine without its narrow engine: every graph searched with [`Key256`]
    /// keys, as before the narrow keys (for comparisons).
    pub(crate) fn wide_only(mut self) -> FramedSolver<R> {
        self.narrow = None;
        self.make_narrow = None;
        self
    }

    /// True while the narrow engine is kept (it searches narrow graphs).
    pub(crate) fn narrow_in_use(&self) -> bool {
        self.narrow.is_some()
    }
}

impl<R: FramedRules> FramedSolver<R> {
    /// True if the graph of `pos` is narrow ([`Framing::is_narrow`]).
    fn is_narrow(&mut self, pos: &GamePos) -> bool {
        let (id, _) = set_of::<Bits256>(pos);
        let framing_of = &self.framing_of;
        *self.narrowness.entry(id).or_insert_with(|| framing_of(id).is_narrow())
    }

    /// Keeps the counters of work done, `s`, of a narrow engine being dropped (its
    /// entries and table go with it), without the replacements of a second read of the
    /// file ([`Self::reread`]).
    fn keep_counters(&mut self, s: SearchStats) {
        self.dropped.searched += s.searched;
        self.dropped.replaced += s.replaced.saturating_sub(std::mem::take(&mut self.reread));
    }

    /// The refusal of a handover remembered, for a graph that is not narrow, searched
    /// at `ctl`'s memory limit: `None` if none was refused, or at a lower limit (the
    /// handover is then tried again).
    fn refusal(&self, ctl: &Control) -> Option<Error> {
        let (e, limit) = self.refused.as_ref()?;
        (ctl.memory_limit() <= *limit).then(|| e.clone())
    }

    /// A new narrow engine, with the reference engine or the outcome search if they
    /// were asked for; `None` for a family searched wide only.
    fn new_narrow(&self) -> Option<BitSolver<Framed<R, Key192>>> {
        let mut n = (self.make_narrow.as_ref()?)();
        if self.plain {
            n.use_reference();
        }
        if self.sums {
            n.use_outcome_search();
        }
        Some(n)
    }

    /// Drops the narrow engine, its counters kept, for the wide one, which is to read
    /// its database: the table is saved to the file first (if it writes one), so that
    /// what it found since its last save (a search refused part-way, a save that
    /// failed) is in the file.
    ///
    /// # Errors
    /// Those of the save ([`Error::File`]); the narrow engine is then kept.
    fn drop_narrow(&mut self) -> Result<()> {
        if let Some(n) = &self.narrow {
            n.save_db()?;
        }
        if let Some(n) = self.narrow.take() {
            self.keep_counters(n.stats());
            self.db_pending = self.db.is_some();
        }
        Ok(())
    }

    /// The wide engine reads the database the narrow one kept, for `pos`. If it
    /// cannot (its table too small for the file at the memory limit), its table is
    /// dropped (none of the file's entries kept), and a narrow engine made again reads
    /// the file (saved by the narrow engine dropped, which held it), so that narrow
    /// graphs keep their engine and their database; a `pos` that is not narrow gets
    /// the wide engine's error, which the next ones get again ([`Self::refusal`]: the
    /// file is not read again for each). One table is held at a time: the narrow one
    /// was dropped before the wide one read, and the wide one is dropped before the
    /// new narrow one reads.
    ///
    /// # Errors
    /// The wide engine's when it cannot read the file and `pos` is not narrow; the new
    /// narrow engine's when it cannot read it either and `pos` is narrow (the handover
    /// is then tried again at the next position).
    fn hand_over(&mut self, pos: &GamePos, ctl: &Control) -> Result<()> {
        let (path, access) = self.db.clone().expect("a database to hand over");
        let refused = match self.wide.use_db(&path, access, ctl) {
            Ok(_) => {
                self.db_pending = false;
                return Ok(());
            }
            Err(e) => e,
        };
        self.wide.drop_table();
        let Some(mut n) = self.new_narrow() else {
            return Err(refused);
        };
        self.wide_in_db.store(false, Ordering::Relaxed);
        match n.use_db(&path, access, ctl) {
            Ok(_) => {
                // The file's entries it replaced were counted by the first read.
                self.reread = n.stats().replaced;
                self.narrow = Some(n);
                self.db_pending = false;
                // A table too small for the file at this limit stays so: the file
                // only grows (the narrow engine's saves) while the limit does not.
                if let Error::TooLarge { .. } = refused {
                    self.refused = Some((refused.clone(), ctl.memory_limit()));
                }
                if self.is_narrow(pos) {
                    Ok(())
                } else {
                    Err(refused)
                }
            }
            // A file that now holds wide keys (written by another run) is the wide
            // engine's, whose error is the one to give.
            Err(e) if self.is_narrow(pos) && !self.wide_in_db.load(Ordering::Relaxed) => Err(e),
            Err(_) => Err(refused),
        }
    }

    /// The engine for `pos`: the narrow one while every graph met is narrow, the wide
    /// one otherwise (the narrow one dropped, and its database read by the wide one;
    /// the narrow one made again when the wide one cannot read it, [`Self::hand_over`]).
    ///
    /// # Errors
    /// Those of the narrow engine's save of its database, and of [`GameSolver::use_db`]
    /// when the wide engine reads it ([`Self::hand_over`]).
    fn engine(&mut self, pos: &GamePos, ctl: &Control) -> Result<&mut dyn GameSolver> {
        if self.narrow.is_some() && !self.is_narrow(pos) {
            if let Some(e) = self.refusal(ctl) {
                return Err(e);
            }
            self.drop_narrow()?;
        }
        if self.db_pending {
            self.hand_over(pos, ctl)?;
        }
        Ok(match self.narrow.as_mut() {
            Some(n) => n,
            None => &mut self.wide,
        })
    }

    /// The engines not dropped.
    fn engines(&mut self) -> impl Iterator<Item = &mut dyn GameSolver> {
        let narrow = self.narrow.as_mut().map(|n| n as &mut dyn GameSolver);
        narrow.into_iter().chain(std::iter::once(&mut self.wide as &mut dyn GameSolver))
    }
}

impl<R: FramedRules> GameSolver for FramedSolver<R> {
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber> {
        self.engine(pos, ctl)?.value(pos, ctl)
    }

    fn stats(&self) -> SearchStats {
        let narrow = self.narrow.iter().map(|n| SearchStats {
            replaced: n.stats().replaced.saturating_sub(self.reread),
            ..n.stats()
        });
        summed(self.dropped, narrow.chain([self.wide.stats()]))
    }

    fn use_db(
        &mut self,
        path: &std::path::Path,
        access: crate::game::DbAccess,
        ctl: &Control,
    ) -> Result<Option<crate::game::DbRead>> {
        // Another file (or the same named again): a refusal of the last one's handover
        // is not this one's.
        self.refused = None;
        if let Some(n) = self.narrow.as_mut() {
            self.wide_in_db.store(false, Ordering::Relaxed);
            let before = n.stats();
            match n.use_db(path, access, ctl) {
                Ok(read) => {
                    self.db = Some((path.to_path_buf(), access));
                    return Ok(read);
                }
                // A key too wide for the narrow engine: the file is the wide engine's
                // (the narrow one dropped with the part of it read, and the counters of
                // that read: the wide one counts the file's entries it replaces).
                Err(_) if self.wide_in_db.load(Ordering::Relaxed) => {
                    self.narrow = None;
                    self.keep_counters(before);
                    // The file named last is the one kept.
                    (self.db, self.db_pending) = (None, false);
                }
                Err(e) => return Err(e),
            }
        }
        self.wide.use_db(path, access, ctl)
    }

    fn keeps_db(&self) -> bool {
        self.wide.keeps_db()
    }

    fn use_outcome_search(&mut self) {
        self.sums = true;
        self.engines().for_each(|e| e.use_outcome_search());
    }

    fn use_reference(&mut self) {
        self.plain = true;
        self.engines().for_each(|e| e.use_reference());
    }

    fn work(&mut self, pos: &GamePos, ctl: &Control) -> Result<Option<f64>> {
        // The same work model at both widths.
        self.wide.work(pos, ctl)
    }

    fn proof(&mut self, pos: &GamePos, ctl: &Control) -> Result<(Nimber, String)> {
        self.engine(pos, ctl)?.proof(pos, ctl)
    }
}

/// Node-Kayles on graphs.
pub static ON_GRAPHS: LazyLock<Arc<OnGraphs>> = LazyLock::new(|| Arc::new(OnGraphs::default()));

/// The registry rows.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "node-kayles-grid",
        aliases: &[],
        params: Params::None,
        positions: "grids of at most 128 vertices: node-kayles-grid(m,n) the m×n grid graph, node-kayles-grid(\"..#./....\") a grid with vertices removed ('.' a vertex, '#' none, '/' between rows)",
        options: "take a vertex and its neighbours (the player who cannot move loses)",
        source: "Schaefer 1978; Winning Ways vol. 1 ch. 4; OEIS A316632 (3×n)",
        formula: None,
        example: "node-kayles-grid(3,4)",
        build: |_| Ok(Ruleset::Game(GRID.clone())),
    },
    Family {
        name: "node-kayles",
        aliases: &[],
        params: Params::None,
        positions: "simple graphs of at most 256 vertices: an edge list node-kayles(\"a-b b-c c-a d\") (edges u-v and lone vertices, separated by spaces) or a file of them node-kayles(\"@graph.txt\") (# starts a comment)",
        options: "take a vertex and its neighbours (the player who cannot move loses)",
        source: "Schaefer 1978; Winning Ways vol. 1 ch. 4",
        formula: None,
        example: "node-kayles(\"a-b b-c c-d d-a a-e\")",
        build: |_| Ok(Ruleset::Game(ON_GRAPHS.clone())),
    },
    Family {
        name: "node-kayles-path",
        aliases: &[],
        params: Params::None,
        positions: "paths of n ≤ 128 vertices",
        options: "take a vertex and its neighbours (on a path: Dawson's chess, 0.137)",
        source: "Schaefer 1978; Winning Ways vol. 1 ch. 4",
        formula: None,
        example: "node-kayles-path(9)",
        build: |_| Ok(Ruleset::Game(PATH.clone())),
    },
    Family {
        name: "node-kayles-cycle",
        aliases: &[],
        params: Params::None,
        positions: "cycles of 3 ≤ n ≤ 128 vertices",
        options: "take a vertex and its two neighbours, leaving a path of n − 3 vertices",
        source: "Schaefer 1978; Winning Ways vol. 1 ch. 4",
        formula: None,
        example: "node-kayles-cycle(9)",
        build: |_| Ok(Ruleset::Game(Arc::new(Cycle))),
    },
];

/// Node-Kayles on a named family of graphs (`node-kayles-queens(n)`,
/// `node-kayles-petersen(n,k)`): the graph is built as an edge list from the numbers
/// and searched as a `node-kayles` graph; the whole graph prints under the family's
/// name, a position reached from it as the edge list of what is left.
pub struct NamedGraphs {
    /// Name in expressions.
    pub name: &'static str,
    /// The edge list of the graph for the numbers, or why there is none.
    pub edges: fn(&[u64]) -> std::result::Result<String, String>,
    /// The whole graphs built so far: (graph number, expression).
    built: Arc<Built>,
    /// The family's own engine (one that knows its graphs' symmetries), made from the
    /// family's name and a writer of its positions; `None`: the engine of any graph.
    engine: Option<MakeEngine>,
}

/// Makes a family's engine from the family's name and a writer of its positions.
pub type MakeEngine = fn(String, Writer) -> Box<dyn GameSolver>;

/// The whole graphs a [`NamedGraphs`] family built: (graph number, expression).
pub type Built = std::sync::Mutex<Vec<(u64, String)>>;

impl NamedGraphs {
    /// The family `name` whose graphs `edges` builds.
    pub fn new(name: &'static str, edges: fn(&[u64]) -> std::result::Result<String, String>) -> NamedGraphs {
        NamedGraphs {
            name,
            edges,
            built: Arc::new(std::sync::Mutex::new(Vec::new())),
            engine: None,
        }
    }

    /// The same family, searched by its own engine, made by `engine` from the family's
    /// name and a writer of positions.
    pub fn with_engine(mut self, engine: MakeEngine) -> NamedGraphs {
        self.engine = Some(engine);
        self
    }
}

impl GameRuleset for NamedGraphs {
    fn name(&self) -> String {
        self.name.into()
    }

    fn position(&self, args: GameArgs<'_>) -> Result<GamePos> {
        let GameArgs::Numbers(a) = args else {
            return Err(Error::Arity {
                ruleset: self.name(),
                message: "takes numbers, not a string".into(),
            });
        };
        let numbers: Vec<u64> = a.iter().map(|&(v, _)| v).collect();
        let expr = format!(
            "{}({})",
            self.name,
            numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let text = (self.edges)(&numbers).map_err(|reason| Error::Domain {
            ruleset: self.name(),
            position: expr.clone(),
            reason,
        })?;
        let pos = ON_GRAPHS.position(GameArgs::Text(&text))?;
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        let id = set_of::<Bits256>(&pos).0;
        if !built.iter().any(|(i, _)| *i == id) {
            built.push((id, expr));
        }
        Ok(pos)
    }

    fn write(&self, pos: &GamePos) -> String {
        write_named(&self.built, pos)
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        ON_GRAPHS.options(pos)
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        ON_GRAPHS.options_bound(pos)
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        let built = self.built.clone();
        let write: Writer = Arc::new(move |pos| write_named(&built, pos));
        Some(match self.engine {
            Some(engine) => engine(self.name(), write),
            None => ON_GRAPHS.engine(self.name(), write),
        })
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        ON_GRAPHS.components(pos)
    }

    fn has_option(&self, pos: &GamePos) -> Option<bool> {
        ON_GRAPHS.has_option(pos)
    }

    fn shape_key(&self, pos: &GamePos) -> Option<GamePos> {
        ON_GRAPHS.shape(pos)
    }
}

/// A position of a named graph family: the family's expression for a whole graph it
/// built, the edge list of what is left otherwise.
fn write_named(built: &Built, pos: &GamePos) -> String {
    let (id, s) = set_of::<Bits256>(pos);
    let built = built.lock().unwrap_or_else(|e| e.into_inner());
    let whole = ON_GRAPHS.graphs.get(id).adj.len();
    match built.iter().find(|(i, _)| *i == id) {
        Some((_, expr)) if s.count() as usize == whole => expr.clone(),
        _ => ON_GRAPHS.write(pos),
    }
}
