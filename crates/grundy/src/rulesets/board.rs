//! Boards for the placement games (Cram, Node-Kayles on grids and paths): the board
//! notation, and one [`GameRuleset`] over any [`GridRules`], searched by the position
//! engine ([`crate::solve::bitgame`]) with regions normalized under the grid's
//! symmetries ([`crate::solve::grid`]).
//!
//! A board is written row by row, rows separated by `/`, `.` for an empty cell and
//! `#` for a cell that is not there (a hole, or a cell already taken): `"..#./...."`.
//! Boards have at most 128 cells (the engine's bit sets), counted in the box of their
//! empty cells.

use crate::error::{Error, Result};
use crate::game::{GameArgs, GamePos, GameRuleset, GameSolver};
use crate::solve::bitgame::{BitSolver, ProofText};
use crate::solve::grid::{components, GridGame, GridRules, Region};

/// The most cells a board may have.
pub const MAX_CELLS: u32 = 128;

/// Reads a board (`"..#./...."`) of the game `game`: its height, width and empty
/// cells. A board whose frame has more than [`MAX_CELLS`] cells is cropped to the rows
/// and columns that hold its empty cells (the rows and columns of holes around them
/// change no move), so that only the empty cells' box counts toward the limit.
///
/// # Errors
/// [`Error::Syntax`] with the 1-based column within `text`: a character other than
/// `.`, `#` and `/`, rows of different lengths, or an empty row; [`Error::Domain`]
/// when the box of the empty cells has more than [`MAX_CELLS`] cells.
pub fn parse_board(game: &str, text: &str) -> Result<(u32, u32, u128)> {
    let err = |column: usize, message: String| Error::Syntax {
        message,
        column,
        input: text.to_string(),
    };
    let mut rows: Vec<Vec<bool>> = vec![Vec::new()];
    let mut row_start = 1;
    let mut width: Option<usize> = None;
    // The characters are read as they come (a board of a proof file may be long: no
    // copy of them is kept); `chars` ends as their count, for the columns.
    let mut chars = 0;
    for (i, ch) in text.chars().enumerate() {
        chars = i + 1;
        match ch {
            '.' | '#' => rows.last_mut().expect("a row").push(ch == '.'),
            '/' => {
                let n = rows.last().expect("a row").len();
                if n == 0 {
                    return Err(err(i + 1, "empty row: a row has at least one cell ('.' or '#')".into()));
                }
                match width {
                    Some(w) if w != n => return Err(err(row_start, unequal_rows(n, w))),
                    _ => width = Some(n),
                }
                rows.push(Vec::new());
                row_start = i + 2;
            }
            c => {
                return Err(err(
                    i + 1,
                    format!(
                        "unexpected '{}' in a board: '.' is an empty cell, '#' a cell not there, '/' ends a row",
                        crate::error::Shown(c.encode_utf8(&mut [0; 4]))
                    ),
                ))
            }
        }
    }
    let n = rows.last().expect("a row").len();
    if n == 0 {
        return Err(err(
            chars + 1,
            "empty row: a row has at least one cell ('.' or '#')".into(),
        ));
    }
    if let Some(w) = width.filter(|&w| w != n) {
        return Err(err(row_start, unequal_rows(n, w)));
    }
    // The whole frame, or the box of the empty cells where the frame is too large.
    let (mut r0, mut r1, mut c0, mut c1) = (0, rows.len(), 0, n);
    if rows.len() * n > MAX_CELLS as usize {
        let used = |r: &Vec<bool>| r.iter().any(|&e| e);
        r0 = rows.iter().position(used).unwrap_or(0);
        r1 = rows.iter().rposition(used).map_or(r0 + 1, |r| r + 1);
        c0 = (0..n).find(|&c| rows.iter().any(|r| r[c])).unwrap_or(0);
        c1 = (0..n).rfind(|&c| rows.iter().any(|r| r[c])).map_or(c0 + 1, |c| c + 1);
        let (bh, bw) = (r1 - r0, c1 - c0);
        if bh * bw > MAX_CELLS as usize {
            return Err(Error::Domain {
                ruleset: game.into(),
                position: format!("the {}×{n} board \"{}\"", rows.len(), crate::error::brief(text)),
                reason: format!(
                    "its empty cells span {bh} row{} and {bw} column{}, {} cells, and boards have at most {MAX_CELLS} cells (the engine's bit sets; rows and columns of holes only do not count)",
                    if bh == 1 { "" } else { "s" },
                    if bw == 1 { "" } else { "s" },
                    bh * bw
                ),
            });
        }
    }
    let w = (c1 - c0) as u32;
    let mut bits = 0u128;
    for (r, row) in rows[r0..r1].iter().enumerate() {
        for (c, &empty) in row[c0..c1].iter().enumerate() {
            if empty {
                bits |= 1 << (r as u32 * w + c as u32);
            }
        }
    }
    Ok(((r1 - r0) as u32, w, bits))
}

/// Writes a board: rows of `.` (the cells of `bits`) and `#`, separated by `/`.
pub fn write_board(h: u32, w: u32, bits: u128) -> String {
    let mut s = String::with_capacity((h * (w + 1)) as usize);
    for r in 0..h {
        if r > 0 {
            s.push('/');
        }
        for c in 0..w {
            s.push(if bits >> (r * w + c) & 1 == 1 { '.' } else { '#' });
        }
    }
    s
}

/// The position of the cells `bits` of an h×w board.
pub fn board_pos(h: u32, w: u32, bits: u128) -> GamePos {
    GamePos(vec![u64::from(h), u64::from(w), bits as u64, (bits >> 64) as u64])
}

/// The board of a position made by [`board_pos`].
///
/// # Panics
/// On a position of another encoding (a bug: positions come from the ruleset).
pub fn board_of(pos: &GamePos) -> (u32, u32, u128) {
    let [h, w, lo, hi] = pos.0[..] else {
        panic!("a board position has 4 words")
    };
    (h as u32, w as u32, u128::from(lo) | u128::from(hi) << 64)
}

/// How the positions of a [`GridRuleset`] are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `name(m,n)` for an empty m×n board, `name("..#./....")` for any board.
    Board,
    /// `name(n)`: a row of n cells (a path); an option is written as the sum of its
    /// rows.
    Path,
}

/// How many positions a search of a region visits, for the work estimate: a
/// ruleset's own model of its growth.
pub type Estimate = fn(&Region) -> f64;

/// The positions a search of the region `r` (in normal form: h ≤ w) visits, modelled
/// as 4 · g(h)^cells, with `per_cell[h]` = g(h) the growth per cell fitted on boards of
/// h rows (+0.02 a row past the table); a segment (h = 1) has fewer than w² regions.
/// Holes count as cells not there.
pub fn growth_estimate(r: &Region, per_cell: &[f64]) -> f64 {
    let (h, w) = (usize::from(r.h), f64::from(r.w));
    if h == 1 {
        return w * w;
    }
    let g = match per_cell.get(h) {
        Some(&g) => g,
        None => per_cell[per_cell.len() - 1] + 0.02 * (h + 1 - per_cell.len()) as f64,
    };
    4.0 * g.powi(r.cells() as i32)
}

/// A placement game on boards: the rules, the name and the notation.
pub struct GridRuleset<R> {
    /// Name in expressions.
    pub name: &'static str,
    /// How positions are written.
    pub notation: Notation,
    /// The rules.
    pub rules: R,
    /// The model of the positions a search visits.
    pub estimate: Estimate,
}

impl<R: GridRules + Clone + 'static> GameRuleset for GridRuleset<R> {
    fn name(&self) -> String {
        self.name.into()
    }

    fn position(&self, args: GameArgs<'_>) -> Result<GamePos> {
        let arity = |message: &str| Error::Arity {
            ruleset: self.name.into(),
            message: message.into(),
        };
        let numbers = |args: &[(u64, u64)]| -> Result<Vec<u64>> {
            if args.iter().any(|&(_, c)| c != 1) {
                return Err(arity("h*c (copies of a heap) is for heap rulesets"));
            }
            Ok(args.iter().map(|&(v, _)| v).collect())
        };
        let too_large = |what: String| Error::Domain {
            ruleset: self.name.into(),
            position: what,
            reason: format!("boards have at most {MAX_CELLS} cells (the engine's bit sets)"),
        };
        match (self.notation, args) {
            (Notation::Board, GameArgs::Text(t)) => {
                let (h, w, bits) = parse_board(self.name, t)?;
                Ok(board_pos(h, w, bits))
            }
            (Notation::Board, GameArgs::Numbers(a)) => match numbers(a)?[..] {
                [m, n] => {
                    if m == 0 || n == 0 {
                        return Err(Error::Domain {
                            ruleset: self.name.into(),
                            position: format!("{}({m},{n})", self.name),
                            reason: "a board has at least one row and one column".into(),
                        });
                    }
                    if m.saturating_mul(n) > u64::from(MAX_CELLS) {
                        return Err(too_large(format!("the {m}×{n} board")));
                    }
                    let (h, w) = (m as u32, n as u32);
                    Ok(board_pos(h, w, crate::solve::grid::Frame::new(h, w).all))
                }
                _ => Err(arity(&format!(
                    "takes the board's size (m,n) or the board as a string (\"..#./....\"), e.g. {}(3,4)",
                    self.name
                ))),
            },
            (Notation::Path, GameArgs::Numbers(a)) => match numbers(a)?[..] {
                [n] => {
                    if n > u64::from(MAX_CELLS) {
                        // In the path's own words, with the games that take it: Node-Kayles
                        // on a path of n vertices is Dawson's chess on a heap of n.
                        let instead = if self.name == "node-kayles-path" {
                            format!(
                                "; the same game is dawsons-chess({n}), a heap ruleset with no such limit, or node-kayles(\"@FILE\") with the path's edges in FILE (up to {} vertices)",
                                super::graphs::MAX_VERTICES
                            )
                        } else {
                            String::new()
                        };
                        return Err(Error::Domain {
                            ruleset: self.name.into(),
                            position: format!("a path of {n} vertices"),
                            reason: format!("paths have at most {MAX_CELLS} vertices (the engine's bit sets){instead}"),
                        });
                    }
                    Ok(path_pos(n as u32))
                }
                _ => Err(arity(&format!(
                    "takes the number of vertices n of the path, e.g. {}(7)",
                    self.name
                ))),
            },
            (Notation::Path, GameArgs::Text(_)) => Err(arity(&format!(
                "takes the number of vertices n of the path, e.g. {}(7)",
                self.name
            ))),
        }
    }

    fn write(&self, pos: &GamePos) -> String {
        write_grid(self.name, self.notation, pos)
    }

    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
        let (h, w, bits) = board_of(pos);
        let frame = crate::solve::grid::Frame::new(h, w);
        let mut out = Vec::new();
        frame.for_each_component(bits, |c| {
            self.rules.for_each_move(c, &frame, &mut |rest| {
                let left = (bits & !c) | rest;
                out.push(match self.notation {
                    Notation::Board => vec![board_pos(h, w, left)],
                    Notation::Path => {
                        let mut parts: Vec<GamePos> =
                            components(h, w, left).iter().map(|r| path_pos(r.cells())).collect();
                        if parts.is_empty() {
                            parts.push(path_pos(0));
                        }
                        parts
                    }
                });
            });
        });
        Ok(out)
    }

    fn options_bound(&self, pos: &GamePos) -> u128 {
        // A move takes a cell or two neighbouring cells.
        u128::from(board_of(pos).2.count_ones()) * 2
    }

    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        let estimate = self.estimate;
        let (name, notation) = (self.name, self.notation);
        // Paths are boards of one row: the checker reads them as boards.
        let game = if name == "cram" { "cram" } else { "node-kayles-grid" };
        Some(Box::new(
            BitSolver::new(
                self.name.into(),
                GridGame(self.rules.clone()),
                Box::new(|_, pos| {
                    let (h, w, bits) = board_of(pos);
                    components(h, w, bits)
                }),
                Box::new(estimate),
                Box::new(move |pos| write_grid(name, notation, pos)),
            )
            .with_proof(ProofText {
                header: Box::new(move |pos| {
                    let (h, w, bits) = board_of(pos);
                    vec![format!("game {game}"), format!("board {}", write_board(h, w, bits))]
                }),
                key: Box::new(|r: &Region| format!("{}x{}:{:x}", r.h, r.w, r.bits())),
            }),
        ))
    }

    fn has_option(&self, pos: &GamePos) -> Option<bool> {
        let (h, w, bits) = board_of(pos);
        let frame = crate::solve::grid::Frame::new(h, w);
        let mut any = false;
        frame.for_each_component(bits, |c| {
            if !any {
                self.rules.for_each_move(c, &frame, &mut |_| any = true);
            }
        });
        Some(any)
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        let (h, w, bits) = board_of(pos);
        Some(
            components(h, w, bits)
                .iter()
                .map(|r| board_pos(u32::from(r.h), u32::from(r.w), r.bits()))
                .collect(),
        )
    }

    fn canonical(&self, pos: &GamePos) -> Option<GamePos> {
        let (h, w, bits) = board_of(pos);
        match &components(h, w, bits)[..] {
            [r] => Some(board_pos(u32::from(r.h), u32::from(r.w), r.bits())),
            _ => None,
        }
    }
}

/// A position of a grid ruleset in expression syntax.
fn write_grid(name: &str, notation: Notation, pos: &GamePos) -> String {
    let (h, w, bits) = board_of(pos);
    match notation {
        Notation::Path => format!("{name}({})", bits.count_ones()),
        Notation::Board if h * w == bits.count_ones() => format!("{name}({h},{w})"),
        Notation::Board => format!("{name}(\"{}\")", write_board(h, w, bits)),
    }
}

/// A path of n cells (a 1×n board; the empty path for n = 0).
fn path_pos(n: u32) -> GamePos {
    board_pos(1, n.max(1), if n == 0 { 0 } else { (!0u128) >> (128 - n) })
}

/// The error of a row of `n` cells in a board whose first row has `w`.
fn unequal_rows(n: usize, w: usize) -> String {
    let cells = |k: usize| {
        if k == 1 {
            "1 cell".to_string()
        } else {
            format!("{k} cells")
        }
    };
    format!(
        "this row has {}, the first row {}: rows must be equally long",
        cells(n),
        cells(w)
    )
}
