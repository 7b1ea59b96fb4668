//! Node-Kayles (Schaefer 1978; Winning Ways vol. 1 ch. 4): a move takes a vertex of a
//! graph together with its neighbours; the player who cannot move loses. On a path
//! it is Dawson's chess, `0.137`. Grids (`node-kayles-grid(3,4)`, or a board with
//! holes `node-kayles-grid("..#./....")`), paths and cycles are searched by the
//! position engine with regions normalized under the grid's symmetries.

use super::board::{board_of, GridRuleset, Notation};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Family, GameArgs, GamePos, GameRuleset, GameSolver, Params, Ruleset, SearchStats};
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

    fn known(&self, r: &Region) -> Option<u32> {
        // A connected region of 1 or 2 cells: one move to nothing; of 3 cells, a path
        // of three (the grid has no triangle): G = mex{G(1), 0} = 2.
        match r.cells() {
            1 | 2 => Some(1),
            3 => Some(2),
            _ => None,
        }
    }
}

/// The positions a search of a region visits, for the work estimate: 1.5^cells, above
/// the growth measured on 3×n to 5×n grids (the table grows about 2.5× a column on
/// 3-row strips, 3.5× on 5-row strips).
fn estimate(r: &Region) -> f64 {
    super::board::growth_estimate(r, &[1.0, 1.0, 1.7, 2.5, 3.0, 3.5])
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

    fn solver(&self) -> Box<dyn GameSolver> {
        Box::new(CycleSolver(PATH.solver()))
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
