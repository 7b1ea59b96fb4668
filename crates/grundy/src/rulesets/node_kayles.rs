//! Node-Kayles (Schaefer 1978; Winning Ways vol. 1 ch. 4): a move takes a vertex of a
//! graph together with its neighbours; the player who cannot move loses. On a path
//! it is Dawson's chess, `0.137`. Grids (`node-kayles-grid(3,4)`, or a board with
//! holes `node-kayles-grid("..#./....")`), paths and cycles are searched by the
//! position engine with regions normalized under the grid's symmetries. Any simple
//! graph of at most 128 vertices is `node-kayles("a-b b-c c-a d")` (an edge list) or
//! `node-kayles("@graph.txt")` (the same in a file); its positions are vertex sets,
//! split into connected parts (no normal form: a graph has no symmetry the engine
//! knows).

use super::board::{board_of, GridRuleset, Notation};
use super::graphs::{elements, for_each_part, key, key_bits, set_of, set_pos, Registry, MAX_ELEMENTS};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Family, GameArgs, GamePos, GameRuleset, GameSolver, Params, Ruleset, SearchStats};
use crate::graph_file::edges::{parse_edges, EdgeList, Simple};
use crate::solve::bitgame::{BitGame, OptionList, ProofText};
use crate::solve::grid::{Frame, GridRules, Region};
use crate::value::Nimber;
use std::sync::{Arc, LazyLock};

/// Node-Kayles' moves on a grid: remove a cell and its four neighbours.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeKaylesRules;

impl GridRules for NodeKaylesRules {
    fn for_each_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        let mut x = s;
        while x != 0 {
            let v = x & x.wrapping_neg();
            x ^= v;
            f(s & !(v | frame.neighbours(v)));
        }
    }

    fn count_useful_moves(&self, s: u128, _frame: &Frame) -> usize {
        s.count_ones() as usize
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

/// A simple graph of at most 128 vertices.
pub struct Graph {
    /// The vertices and edges as written.
    pub edges: EdgeList,
    /// The neighbours of each vertex.
    pub adj: Vec<u128>,
}

/// Node-Kayles on graphs written as edge lists (one ruleset for all graphs: the graphs
/// are kept by number).
#[derive(Default)]
pub struct OnGraphs {
    graphs: Arc<Registry<Graph>>,
}

impl OnGraphs {
    /// The induced subgraph on the vertex set `s` of graph `id`, as an edge list.
    fn induced(&self, id: u64, s: u128) -> EdgeList {
        let g = self.graphs.get(id);
        let mut out = EdgeList::default();
        for i in elements(s) {
            out.vertex(&g.edges.names[i]);
        }
        for &(u, v) in &g.edges.edges {
            if s >> u & s >> v & 1 == 1 {
                let (a, b) = (out.vertex(&g.edges.names[u]), out.vertex(&g.edges.names[v]));
                out.edges.push((a, b));
            }
        }
        out
    }
}

/// Node-Kayles on the graphs of a registry, as a [`BitGame`]: keys are (graph, vertex
/// set) with the set connected.
pub struct GraphGame(Arc<Registry<Graph>>);

impl BitGame for GraphGame {
    type Key = [u64; 3];

    fn options(&self, k: &[u64; 3], out: &mut OptionList<[u64; 3]>) {
        let g = self.0.get(k[0]);
        let s = key_bits(k);
        for v in elements(s) {
            let rest = s & !(1u128 << v | g.adj[v]);
            for_each_part(rest, |i| g.adj[i], |c| out.push(key(k[0], c)));
            out.end_option();
        }
    }

    fn size(&self, k: &[u64; 3]) -> u32 {
        key_bits(k).count_ones()
    }

    fn known(&self, k: &[u64; 3]) -> Option<u32> {
        // A connected set of one or two vertices: one move takes everything.
        (key_bits(k).count_ones() <= 2).then_some(1)
    }
}

impl OnGraphs {
    /// The position engine over these graphs, with proofs; `write` names positions in
    /// messages.
    fn engine(&self, name: String, write: Box<dyn Fn(&GamePos) -> String + Send>) -> Box<dyn GameSolver> {
        let graphs = self.graphs.clone();
        let header = move |pos: &GamePos| {
            let (id, s) = set_of(pos);
            let g = graphs.get(id);
            let edges: Vec<String> = g.edges.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
            vec![
                "game node-kayles".to_string(),
                format!("vertices {}", g.edges.names.join(" ")),
                format!("edges {}", edges.join(" ")),
                format!("set {s:x}"),
            ]
        };
        Box::new(
            super::graphs::solver(name, self.graphs.clone(), GraphGame(self.graphs.clone()), write).with_proof(
                ProofText {
                    header: Box::new(header),
                    key: Box::new(|k| format!("{:x}", key_bits(k))),
                },
            ),
        )
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
        if n > MAX_ELEMENTS {
            return Err(Error::Domain {
                ruleset: self.name(),
                position: format!("a graph of {n} vertices"),
                reason: format!("graphs have at most {MAX_ELEMENTS} vertices (the engine's bit sets)"),
            });
        }
        let mut adj = vec![0u128; n];
        for &(u, v) in &edges.edges {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        let id = self.graphs.intern(edges.write(), || Graph { edges, adj });
        Ok(set_pos(id, all))
    }

    fn write(&self, pos: &GamePos) -> String {
        let (id, s) = set_of(pos);
        format!("node-kayles(\"{}\")", self.induced(id, s).write())
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        let (id, s) = set_of(pos);
        let g = self.graphs.get(id);
        Ok(elements(s)
            .map(|v| vec![set_pos(id, s & !(1u128 << v | g.adj[v]))])
            .collect())
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        u128::from(set_of(pos).1.count_ones())
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        let me = OnGraphs {
            graphs: self.graphs.clone(),
        };
        Some(self.engine(self.name(), Box::new(move |pos| me.write(pos))))
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        Some(super::graphs::part_positions(&self.graphs, pos))
    }
}

impl super::graphs::Joined for Graph {
    fn joined(&self, i: usize) -> u128 {
        self.adj[i]
    }

    fn independent_moves(&self) -> bool {
        true
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
        positions: "simple graphs of at most 128 vertices: an edge list node-kayles(\"a-b b-c c-a d\") (edges u-v and lone vertices, separated by spaces) or a file of them node-kayles(\"@graph.txt\") (# starts a comment)",
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
    built: Arc<std::sync::Mutex<Vec<(u64, String)>>>,
}

impl NamedGraphs {
    /// The family `name` whose graphs `edges` builds.
    pub fn new(name: &'static str, edges: fn(&[u64]) -> std::result::Result<String, String>) -> NamedGraphs {
        NamedGraphs {
            name,
            edges,
            built: Arc::new(std::sync::Mutex::new(Vec::new())),
        }
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
        let id = set_of(&pos).0;
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
        Some(ON_GRAPHS.engine(self.name(), Box::new(move |pos| write_named(&built, pos))))
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        ON_GRAPHS.components(pos)
    }
}

/// A position of a named graph family: the family's expression for a whole graph it
/// built, the edge list of what is left otherwise.
fn write_named(built: &std::sync::Mutex<Vec<(u64, String)>>, pos: &GamePos) -> String {
    let (id, s) = set_of(pos);
    let built = built.lock().unwrap_or_else(|e| e.into_inner());
    let whole = ON_GRAPHS.graphs.get(id).adj.len();
    match built.iter().find(|(i, _)| *i == id) {
        Some((_, expr)) if s.count_ones() as usize == whole => expr.clone(),
        _ => ON_GRAPHS.write(pos),
    }
}
