//! Cram (Gardner 1974; Winning Ways vol. 3 ch. 22): players in turn place a domino on
//! two empty neighbouring cells of a board; the player who cannot place one loses.
//! Boards are m×n rectangles with holes (`cram(3,4)`, `cram("..#./....")`), searched
//! by the position engine: a board splits into its regions, each normalized under
//! the grid's symmetries and translation.

use super::board::{GridRuleset, Notation};
use crate::game::{Family, Params, Ruleset};
use crate::solve::grid::{Cells, Frame, GridRules, Region};
use std::sync::{Arc, LazyLock};

/// Cram's moves: remove two neighbouring cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct CramRules;

/// Calls `f` with the cells left by each domino on `s`, in reading order: across, then
/// down, each from the first cell.
fn moves<T: Cells>(s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
    let mut across = s & s.down(1) & frame.not_last;
    while !across.is_empty() {
        let i = across.first();
        across = across.without_lowest();
        f(s & !T::of64(3).up(i));
    }
    let mut down = s & s.down(frame.w);
    while !down.is_empty() {
        let i = down.first();
        down = down.without_lowest();
        f(s & !(T::bit(i) | T::bit(i + frame.w)));
    }
}

/// Calls `f` with the cells left by each domino on `s` but the dominoes across whose
/// left cell is in `skip`, centre first: the dominoes down by their column's distance
/// from the middle, then those across by their row's (a search finds its answers
/// sooner there).
fn moves_centre_first<T: Cells>(s: T, frame: &Frame<T>, skip: T, f: &mut impl FnMut(T)) {
    let (h, w) = (frame.h, frame.w);
    let down = s & s.down(w);
    let first_col = frame.all & !frame.not_first;
    for c in centre_out(w) {
        let mut here = down & first_col.up(c);
        while !here.is_empty() {
            let i = here.first();
            here = here.without_lowest();
            f(s & !(T::bit(i) | T::bit(i + w)));
        }
    }
    let across = s & s.down(1) & frame.not_last & !skip;
    let row = T::MAX.down(T::BITS - w);
    for r in centre_out(h) {
        let mut here = across & row.up(r * w);
        while !here.is_empty() {
            let i = here.first();
            here = here.without_lowest();
            f(s & !T::of64(3).up(i));
        }
    }
}

/// 0…n−1 from the middle out: (n−1)/2, then one after, one before, …
fn centre_out(n: u32) -> impl Iterator<Item = u32> {
    let c = (n as i64 - 1) / 2;
    (0..2 * n as i64)
        .map(move |d| if d % 2 == 0 { c - d / 2 } else { c + (d + 1) / 2 })
        .filter(move |&x| (0..n as i64).contains(&x))
        .map(|x| x as u32)
}

/// The links across that a search can do without, by their left cells: in a 2×2
/// square of cells of `s` whose two opposite corners x and y have no neighbour outside
/// the square (x closed on the left and above, y on the right and below, or x on the
/// right and above, y on the left and below), x and y are twins (both neighbours of
/// exactly the other two cells p, q), so the domino x–p leaves the same position as
/// y–p up to exchanging x and y, and likewise y–q and x–q: the two dominoes across
/// have the values of the two down, and the game is the same without the links across
/// (induction on the cells: every other move keeps x and y twins, or leaves a cell
/// with two leaves, one of which does nothing; Beling & Rogalski's Cram solver, igs).
/// The square's halves joined only by these links are then independent.
pub fn twin_links<T: Cells>(s: T, frame: &Frame<T>) -> T {
    let w = frame.w;
    let shl = |x: T, n: u32| x.up(n);
    let shr = |x: T, n: u32| x.down(n);
    let has_right = s.down(1) & frame.not_last; // bit i: cell i + 1 is in s
    let has_left = s.up(1) & frame.not_first;
    let has_down = shr(s, w);
    let has_up = shl(s, w) & frame.all;
    // Top-left cells of 2×2 squares inside s.
    let square = s & has_right & has_down & shr(has_right, w);
    if square.is_empty() {
        return T::ZERO;
    }
    let closed_up_left = s & !has_up & !has_left;
    let closed_down_right = s & !has_down & !has_right;
    let closed_up_right = s & !has_up & !has_right;
    let closed_down_left = s & !has_down & !has_left;
    let a = square & closed_up_left & shr(closed_down_right, w + 1);
    let b = square & shr(closed_up_right, 1) & shr(closed_down_left, w);
    let corner = a | b;
    corner | shl(corner, w)
}

impl GridRules for CramRules {
    fn for_each_move<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        moves(s, frame, f);
    }

    fn for_each_useful_move<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        moves_centre_first(s, frame, twin_links(s, frame), f);
    }

    fn count_useful_moves<T: Cells>(&self, s: T, frame: &Frame<T>) -> usize {
        let across = s & s.down(1) & frame.not_last & !twin_links(s, frame);
        let down = s & s.down(frame.w);
        (across.count() + down.count()) as usize
    }

    fn for_each_part<T: Cells>(&self, s: T, frame: &Frame<T>, f: &mut impl FnMut(T)) {
        let cut = twin_links(s, frame);
        if cut.is_empty() {
            return frame.for_each_component(s, f);
        }
        // Regions joined only by the links a search does without are separate parts:
        // the link from a cell of `cut` to its right neighbour is left out.
        frame.for_each_linked(s, s & frame.not_last & !cut, s & frame.not_first & !cut.up(1), f);
    }

    fn known(&self, r: &Region) -> Option<u32> {
        // A connected region of 1, 2 or 3 cells: a cell (no move), a domino (one move
        // to nothing), a path of three (every move leaves one cell).
        match r.cells() {
            1 => Some(0),
            2 | 3 => Some(1),
            _ => r.half_turn_free().then_some(0),
        }
    }

    fn small(&self) -> u32 {
        16
    }

    fn cells_per_move(&self) -> u32 {
        2
    }

    fn reduce<T: Cells>(&self, s: T, frame: &Frame<T>) -> T {
        reduce(s, frame)
    }
}

/// Takes out of `s` cells that do not change the value of Cram, until none is left
/// (the simplifications of Beling & Rogalski's Cram solver, igs; proofs below and in
/// docs/choices.md):
///
/// - a cell with no neighbour: it is a region of value 0;
/// - all but one of the *leaves* (cells with one neighbour) of a cell c: a domino on c
///   and any of its leaves leaves the other leaves isolated, and no other domino uses
///   them, so the options of the position with and without a second leaf are the same
///   positions up to isolated cells (induction on the cells);
/// - a cell x that is not a leaf and whose every neighbour has a leaf (a *bridge*): the
///   domino x–s, s a neighbour with leaf t, leaves t isolated, the same position as the
///   domino s–t with x taken out; every other move keeps the property, so the options
///   with and without x have the same values (induction on the cells).
pub fn reduce<T: Cells>(mut s: T, frame: &Frame<T>) -> T {
    loop {
        let left = s.up(1) & frame.not_first & s; // cells whose left neighbour is in s
        let right = s.down(1) & frame.not_last & s;
        let up = s.up(frame.w) & s;
        let down = s.down(frame.w) & s;
        let any = left | right | up | down;
        let two = (left & right) | (up & down) | ((left | right) & (up | down));
        let leaves = any & !two;
        if leaves.is_empty() && any == s {
            return s;
        }
        let with_leaf = s & frame.neighbours(leaves);
        let mut out = s & any; // no isolated cell
        // Bridges: not a leaf, not next to a leaf, every neighbour next to a leaf.
        let plain = s & !(leaves | with_leaf);
        out &= !(plain & !frame.neighbours(plain));
        // Extra leaves of a cell: keep the lowest.
        let mut crowded = with_leaf & !leaves;
        while !crowded.is_empty() {
            let c = crowded.lowest();
            crowded ^= c;
            let mine = frame.neighbours(c) & leaves;
            out &= !mine.without_lowest();
        }
        if out == s {
            return s;
        }
        s = out;
    }
}

/// The positions a search of a region visits, for the work estimate, modelled as
/// 4 · g^cells with g fitted above the set-pruned search's runs: 3 rows 1.34 measured
/// (3×14: 7.9·10^5 positions), 4 rows 1.37 (4×11: 3.8·10^6), 5 rows 1.40 (5×9:
/// 1.5·10^7); g is taken 0.03 above.
fn estimate(r: &Region) -> f64 {
    super::board::growth_estimate(r, &[1.0, 1.0, 1.3, 1.37, 1.40, 1.43])
}

/// Cram as a ruleset (one for all boards, so that a sum shares one table).
pub static CRAM: LazyLock<Arc<GridRuleset<CramRules>>> = LazyLock::new(|| {
    Arc::new(GridRuleset {
        name: "cram",
        notation: Notation::Board,
        rules: CramRules,
        estimate,
    })
});

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "cram",
    aliases: &[],
    params: Params::None,
    positions: "boards of at most 128 cells: cram(m,n) an empty m×n board, cram(\"..#./....\") a board with holes ('.' empty, '#' not there, '/' between rows)",
    options: "place a domino on two empty neighbouring cells (the player who cannot loses)",
    source: "Gardner 1974; Winning Ways vol. 3 ch. 22",
    formula: None,
    example: "cram(\"..#./....\")",
    build: |_| Ok(Ruleset::Game(CRAM.clone())),
}];
