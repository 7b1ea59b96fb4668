//! Green Hackenbush (Winning Ways vol. 1 ch. 7): a graph of edges drawn on the
//! ground; a move erases one edge, and every edge no longer connected to the ground
//! falls away; the player who cannot move loses. Written as an edge list whose
//! vertex `g` is the ground (`green-hackenbush("g-a a-b a-c b-c")`, or a file,
//! `"@tree.txt"`); loops (`a-a`) and repeated edges are allowed. At most 128 edges and 128
//! vertices (its sets are one `u128`; Node-Kayles' graphs take 256 vertices).
//!
//! Its closed form is the fusion principle with the colon principle (Winning Ways
//! ch. 7): the vertices of any cycle may be fused into one, its edges becoming loops
//! (each worth a stalk of one edge), which leaves a tree; a vertex of a tree is worth
//! the nim-sum, over its branches, of 1 + the value of the branch's upper vertex, and
//! over its loops, of 1. The engine searches the same game (erasing edges), and the
//! tests compare the two on small graphs.

use super::graphs::{elements, for_each_part, set_of, set_pos, BitSet, Registry, MAX_EDGES};
use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Family, GameArgs, GameClosedForm, GamePos, GameRuleset, GameSolver, Params, Ruleset};
use crate::graph_file::edges::{parse_edges, EdgeList, Simple};
use crate::solve::bitgame::{BitGame, OptionList};
use crate::value::Nimber;
use std::sync::{Arc, LazyLock};

/// The fusion and colon principles.
pub const FUSION: Statement = Statement {
    text: "fuse the vertices of every cycle (its edges become loops, each worth 1); a vertex of the tree left is worth the nim-sum over its branches of 1 + the branch's value, and 1 for each loop",
    source: "Winning Ways vol. 1 ch. 7 (the colon and fusion principles)",
};

/// A multigraph with a ground vertex, its edges numbered as written.
pub struct Drawing {
    /// The vertices and edges as written.
    pub edges: EdgeList,
    /// The ground vertex (`g`), if the graph has it.
    pub ground: Option<usize>,
    /// The edges at each vertex.
    pub at: Vec<u128>,
    /// The edges sharing an end other than the ground with each edge.
    pub touch: Vec<u128>,
}

impl Drawing {
    fn new(edges: EdgeList) -> Drawing {
        let ground = edges.names.iter().position(|n| n == "g");
        let mut at = vec![0u128; edges.names.len()];
        for (e, &(u, v)) in edges.edges.iter().enumerate() {
            at[u] |= 1 << e;
            at[v] |= 1 << e;
        }
        let touch = edges
            .edges
            .iter()
            .map(|&(u, v)| {
                [u, v]
                    .iter()
                    .filter(|&&x| Some(x) != ground)
                    .fold(0u128, |m, &x| m | at[x])
            })
            .collect();
        Drawing {
            edges,
            ground,
            at,
            touch,
        }
    }

    /// The edges of `s` still connected to the ground.
    pub fn grounded(&self, s: u128) -> u128 {
        let Some(g) = self.ground else { return 0 };
        let (mut seen, mut frontier, mut kept) = (1u128 << g, 1u128 << g, 0u128);
        while frontier != 0 {
            let mut next = 0u128;
            for v in elements(frontier) {
                let new = self.at[v] & s & !kept;
                kept |= new;
                for e in elements(new) {
                    let (a, b) = self.edges.edges[e];
                    next |= 1 << a | 1 << b;
                }
            }
            frontier = next & !seen;
            seen |= next;
        }
        kept
    }

    /// The value of the grounded edges `s` by the fusion and colon principles.
    pub fn fusion_value(&self, s: u128) -> u64 {
        let Some(g) = self.ground else { return 0 };
        let ends = &self.edges.edges;
        // Vertices reachable from `from` by the edges of `t`.
        let reach = |from: usize, t: u128| {
            let (mut seen, mut frontier) = (1u128 << from, 1u128 << from);
            while frontier != 0 {
                let mut next = 0u128;
                for v in elements(frontier) {
                    for e in elements(self.at[v] & t) {
                        next |= 1 << ends[e].0 | 1 << ends[e].1;
                    }
                }
                frontier = next & !seen;
                seen |= next;
            }
            seen
        };
        // A bridge: an edge (not a loop) whose ends are apart without it.
        let bridges: u128 = elements(s)
            .filter(|&e| ends[e].0 != ends[e].1 && reach(ends[e].0, s & !(1 << e)) >> ends[e].1 & 1 == 0)
            .fold(0, |m, e| m | 1 << e);
        let fused = s & !bridges;
        // The tree of the fused groups: a group is the vertices joined by non-bridges.
        fn value(
            d: &Drawing,
            v: usize,
            parent: Option<usize>,
            bridges: u128,
            fused: u128,
            reach: &dyn Fn(usize, u128) -> u128,
        ) -> u64 {
            let group = reach(v, fused);
            let inside: u128 = elements(group).fold(0, |m, x| m | (d.at[x] & fused));
            let mut x = u64::from(inside.count_ones() & 1);
            let out: u128 = elements(group).fold(0, |m, y| m | (d.at[y] & bridges));
            for b in elements(out).filter(|&b| Some(b) != parent) {
                let (p, q) = d.edges.edges[b];
                let up = if group >> p & 1 == 1 { q } else { p };
                x ^= value(d, up, Some(b), bridges, fused, reach) + 1;
            }
            x
        }
        value(self, g, None, bridges, fused, &reach)
    }
}

impl super::graphs::Joined<u128> for Drawing {
    fn joined(&self, i: usize) -> u128 {
        self.touch[i]
    }
}

/// Green Hackenbush on the drawings of a registry, as a [`crate::solve::bitgame::BitGame`]:
/// keys are (drawing, edge set), the set grounded and joined above the ground.
pub struct HackenbushGame(Arc<Registry<Drawing>>);

impl BitGame for HackenbushGame {
    type Key = [u64; 3];

    fn options(&self, k: &[u64; 3], out: &mut OptionList<[u64; 3]>) {
        let d = self.0.get(k[0]);
        let s = u128::key_set(k);
        for e in elements(s) {
            let rest = d.grounded(s & !(1u128 << e));
            for_each_part(rest, |i| d.touch[i], |c| out.push(u128::key(k[0], c)));
            out.end_option();
        }
    }

    fn size(&self, k: &[u64; 3]) -> u32 {
        u128::key_set(k).count_ones()
    }

    fn known(&self, k: &[u64; 3]) -> Option<u32> {
        (u128::key_set(k).count_ones() == 1).then_some(1)
    }
}

/// Green Hackenbush on drawings written as edge lists.
#[derive(Default)]
pub struct GreenHackenbush {
    drawings: Arc<Registry<Drawing>>,
}

impl GreenHackenbush {
    /// The edges `s` of drawing `id` as an edge list.
    fn edge_list(&self, id: u64, s: u128) -> EdgeList {
        let d = self.drawings.get(id);
        let mut out = EdgeList::default();
        for e in elements(s) {
            let (u, v) = d.edges.edges[e];
            let (a, b) = (out.vertex(&d.edges.names[u]), out.vertex(&d.edges.names[v]));
            out.edges.push((a, b));
        }
        out
    }
}

impl GameRuleset for GreenHackenbush {
    fn name(&self) -> String {
        "green-hackenbush".into()
    }

    fn position(&self, args: GameArgs<'_>) -> Result<GamePos> {
        let GameArgs::Text(text) = args else {
            return Err(Error::Arity {
                ruleset: self.name(),
                message: "takes a drawing as a string: an edge list with the ground g, \"g-a a-b a-c\", or a file \"@tree.txt\"".into(),
            });
        };
        let edges = parse_edges(text, Simple::No)?;
        let domain = |position: String, reason: String| Error::Domain {
            ruleset: self.name(),
            position,
            reason,
        };
        if edges.edges.len() > MAX_EDGES || edges.names.len() > MAX_EDGES {
            return Err(domain(
                format!("a drawing of {} edges and {} vertices", edges.edges.len(), edges.names.len()),
                format!("Green Hackenbush drawings have at most {MAX_EDGES} edges and {MAX_EDGES} vertices (its bit sets are 128 bits; Node-Kayles' graphs take 256 vertices)"),
            ));
        }
        if !edges.edges.is_empty() && !edges.names.iter().any(|n| n == "g") {
            return Err(domain(
                format!("\"{text}\""),
                "the drawing has no ground: the vertex g is the ground, as in \"g-a a-b\"".into(),
            ));
        }
        let all = u128::first_n(edges.edges.len());
        let d = Drawing::new(edges);
        // Edges not connected to the ground fall at once.
        let s = d.grounded(all);
        let id = self.drawings.intern(d.edges.write(), || d);
        Ok(set_pos(id, s))
    }

    fn write(&self, pos: &GamePos) -> String {
        let (id, s) = set_of::<u128>(pos);
        format!("green-hackenbush(\"{}\")", self.edge_list(id, s).write())
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        let (id, s) = set_of::<u128>(pos);
        let d = self.drawings.get(id);
        Ok(elements(s)
            .map(|e| vec![set_pos(id, d.grounded(s & !(1u128 << e)))])
            .collect())
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        u128::from(set_of::<u128>(pos).1.count_ones())
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        let me = GreenHackenbush {
            drawings: self.drawings.clone(),
        };
        Some(Box::new(super::graphs::solver::<u128, _, _>(
            self.name(),
            self.drawings.clone(),
            HackenbushGame(self.drawings.clone()),
            Box::new(move |pos| me.write(pos)),
        )))
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        Some(super::graphs::part_positions::<u128, _>(&self.drawings, pos))
    }

    fn closed_form(&self) -> Option<&dyn GameClosedForm> {
        Some(self)
    }
}

impl GameClosedForm for GreenHackenbush {
    fn statement(&self) -> Statement {
        FUSION
    }

    fn value(&self, pos: &GamePos) -> Option<Nimber> {
        let (id, s) = set_of::<u128>(pos);
        Some(Nimber::from(self.drawings.get(id).fusion_value(s)))
    }
}

/// Green Hackenbush (one ruleset for all drawings).
pub static GREEN_HACKENBUSH: LazyLock<Arc<GreenHackenbush>> =
    LazyLock::new(|| Arc::new(GreenHackenbush::default()));

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "green-hackenbush",
    aliases: &[],
    params: Params::None,
    positions: "drawings of at most 128 edges and 128 vertices on the ground g: an edge list green-hackenbush(\"g-a a-b a-c b-c\") (loops a-a and repeated edges allowed) or a file of them green-hackenbush(\"@tree.txt\")",
    options: "erase an edge; every edge no longer connected to the ground falls",
    source: "Winning Ways vol. 1 ch. 7",
    formula: Some(FUSION),
    example: "green-hackenbush(\"g-a a-b a-c b-c g-d\")",
    build: |_| Ok(Ruleset::Game(GREEN_HACKENBUSH.clone())),
}];
