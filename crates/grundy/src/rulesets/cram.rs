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

impl GridRules for CramRules {
    fn for_each_move(&self, s: u128, frame: &Frame, f: &mut dyn FnMut(u128)) {
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

    fn known(&self, r: &Region) -> Option<u32> {
        // A connected region of 1, 2 or 3 cells: a cell (no move), a domino (one move
        // to nothing), a path of three (every move leaves one cell).
        match r.cells() {
            1 => Some(0),
            2 | 3 => Some(1),
            _ => symmetric(r).then_some(0),
        }
    }

    fn small(&self) -> u32 {
        16
    }
}

/// True if the region is its own image under the half-turn about its centre and has
/// no cell next to (or equal to) its own image: then the second player answers every
/// domino with its image and wins, so the value is 0 (the symmetry strategy of even
/// by even boards; Gardner 1974, Winning Ways ch. 22).
fn symmetric(r: &Region) -> bool {
    let (h, w) = (u32::from(r.h), u32::from(r.w));
    let n = h * w;
    let bits = r.bits();
    if bits.reverse_bits() >> (128 - n) != bits {
        return false;
    }
    // The cells whose image is themselves or a neighbour: the centre cell (both sides
    // odd), or the two cells across the centre (one side even, one odd).
    let (hc, wc) = (h / 2, w / 2);
    let centre = match (h % 2, w % 2) {
        (0, 0) => 0,
        (1, 1) => 1u128 << (hc * w + wc),
        (1, 0) => 1u128 << (hc * w + wc) | 1u128 << (hc * w + wc - 1),
        _ => 1u128 << (hc * w + wc) | 1u128 << ((hc - 1) * w + wc),
    };
    bits & centre == 0
}

/// The positions a search of a region visits, for the work estimate: about 1.5^cells
/// on the boards measured (3×12: 1.5·10^6 positions, 4×9: 4.7·10^6, 5×7: 4.6·10^6),
/// modelled as 4 · g^cells with g from 1.5 (3 rows) to 1.6 (5 rows and more).
fn estimate(r: &Region) -> f64 {
    super::board::growth_estimate(r, &[1.0, 1.0, 1.3, 1.5, 1.55, 1.6])
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
