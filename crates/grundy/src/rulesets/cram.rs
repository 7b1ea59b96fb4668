//! Cram (Gardner 1974; Winning Ways vol. 3 ch. 22): players in turn place a domino on
//! two empty neighbouring cells of a board; the player who cannot place one loses.
//! Boards are m×n rectangles with holes (`cram(3,4)`, `cram("..#./....")`), searched
//! by the position engine: a board splits into its regions, each normalized under
//! the grid's symmetries and translation.

use super::board::{GridRuleset, Notation};
use crate::game::{Family, Params, Ruleset};
use crate::solve::grid::{Frame, GridRules, Region};
use std::sync::{Arc, LazyLock};

/// Cram's moves: remove two neighbouring cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct CramRules;

/// Calls `f` with the cells left by each domino on `s`, in reading order: across, then
/// down, each from the first cell.
fn moves(s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
    let mut across = s & (s >> 1) & frame.not_last;
    while across != 0 {
        let i = across.trailing_zeros();
        across &= across - 1;
        f(s & !(3u128 << i));
    }
    let mut down = s & s.checked_shr(frame.w).unwrap_or(0);
    while down != 0 {
        let i = down.trailing_zeros();
        down &= down - 1;
        f(s & !(1u128 << i | 1u128 << (i + frame.w)));
    }
}

/// Calls `f` with the cells left by each domino on `s` but the dominoes across whose
/// left cell is in `skip`, centre first: the dominoes down by their column's distance
/// from the middle, then those across by their row's (a search finds its answers
/// sooner there).
fn moves_centre_first(s: u128, frame: &Frame, skip: u128, f: &mut dyn FnMut(u128)) {
    let (h, w) = (frame.h, frame.w);
    let down = s & s.checked_shr(w).unwrap_or(0);
    let first_col = frame.all & !frame.not_first;
    for c in centre_out(w) {
        let mut here = down & (first_col << c);
        while here != 0 {
            let i = here.trailing_zeros();
            here &= here - 1;
            f(s & !(1u128 << i | 1u128 << (i + w)));
        }
    }
    let across = s & (s >> 1) & frame.not_last & !skip;
    let row = u128::MAX.checked_shr(128 - w).unwrap_or(0);
    for r in centre_out(h) {
        let mut here = across & (row << (r * w));
        while here != 0 {
            let i = here.trailing_zeros();
            here &= here - 1;
            f(s & !(3u128 << i));
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
pub fn twin_links(s: u128, frame: &Frame) -> u128 {
    let w = frame.w;
    let shl = |x: u128, n: u32| x.checked_shl(n).unwrap_or(0);
    let shr = |x: u128, n: u32| x.checked_shr(n).unwrap_or(0);
    let has_right = (s >> 1) & frame.not_last; // bit i: cell i + 1 is in s
    let has_left = (s << 1) & frame.not_first;
    let has_down = shr(s, w);
    let has_up = shl(s, w) & frame.all;
    // Top-left cells of 2×2 squares inside s.
    let square = s & has_right & has_down & shr(has_right, w);
    if square == 0 {
        return 0;
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
    fn for_each_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        moves(s, frame, f);
    }

    fn for_each_useful_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        moves_centre_first(s, frame, twin_links(s, frame), f);
    }

    fn count_useful_moves(&self, s: u128, frame: &Frame) -> usize {
        let across = s & (s >> 1) & frame.not_last & !twin_links(s, frame);
        let down = s & s.checked_shr(frame.w).unwrap_or(0);
        (across.count_ones() + down.count_ones()) as usize
    }

    fn for_each_part(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
        let cut = twin_links(s, frame);
        if cut == 0 {
            return frame.for_each_component(s, f);
        }
        // Regions joined only by the links a search does without are separate parts.
        let step = |c: u128| {
            (((c & !cut) << 1) & frame.not_first)
                | ((c >> 1) & frame.not_last & !cut)
                | c.checked_shl(frame.w).unwrap_or(0)
                | c.checked_shr(frame.w).unwrap_or(0)
        };
        let mut rest = s;
        while rest != 0 {
            let mut c = rest & rest.wrapping_neg();
            loop {
                let n = (c | step(c)) & rest;
                if n == c {
                    break;
                }
                c = n;
            }
            rest ^= c;
            f(c);
        }
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

    fn reduce(&self, s: u128, frame: &Frame) -> u128 {
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
pub fn reduce(mut s: u128, frame: &Frame) -> u128 {
    loop {
        let left = (s << 1) & frame.not_first & s; // cells whose left neighbour is in s
        let right = (s >> 1) & frame.not_last & s;
        let up = s.checked_shl(frame.w).unwrap_or(0) & s;
        let down = s.checked_shr(frame.w).unwrap_or(0) & s;
        let any = left | right | up | down;
        let two = (left & right) | (up & down) | ((left | right) & (up | down));
        let leaves = any & !two;
        if leaves == 0 && any == s {
            return s;
        }
        let with_leaf = s & frame.neighbours(leaves);
        let mut out = s & any; // no isolated cell
        // Bridges: not a leaf, not next to a leaf, every neighbour next to a leaf.
        let plain = s & !(leaves | with_leaf);
        out &= !(plain & !frame.neighbours(plain));
        // Extra leaves of a cell: keep the lowest.
        let mut crowded = with_leaf & !leaves;
        while crowded != 0 {
            let c = crowded & crowded.wrapping_neg();
            crowded ^= c;
            let mine = frame.neighbours(c) & leaves;
            out &= !(mine & (mine - 1));
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
