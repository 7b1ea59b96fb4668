//! The non-attacking queens game (Noon & Van Brummelen, College Math. J. 37 (2006)):
//! players in turn place a queen on an n×n board where no queen placed attacks it;
//! the player who cannot loses. It is Node-Kayles on the n×n queens graph (OEIS
//! A344227), `node-kayles-queens(n)`, n² ≤ 256 (the engine's vertex sets). Its engine
//! knows the board: regions are keyed up to translation and the symmetries of the
//! square, as boards are.

use super::graphs::sets::Key256;
use super::graphs::{elements, BitSet, Bits256};
use super::node_kayles::{framed_engine, FrameKey, FramedRules, Framing, Graph, NamedGraphs, Writer};
use crate::game::{Family, GameSolver, Params, Ruleset};
use crate::solve::bitgame::OptionList;
use std::sync::{Arc, LazyLock};

/// The edge list of the n×n queens graph: squares `r<row>c<col>`, joined when on one
/// row, column or diagonal.
fn queens(args: &[u64]) -> Result<String, String> {
    let [n] = args[..] else {
        return Err("takes the board's side n, e.g. node-kayles-queens(8)".into());
    };
    if n == 0 || n > 16 {
        return Err("the board has 1 to 256 squares (n ≤ 16: the engine's vertex sets)".into());
    }
    let n = n as i64;
    let mut parts = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            if r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs() {
                parts.push(format!("r{r1}c{c1}-r{r2}c{c2}"));
            }
        }
    }
    if n == 1 {
        parts.push("r0c0".into());
    }
    Ok(parts.join(" "))
}

static QUEENS: LazyLock<Arc<NamedGraphs>> =
    LazyLock::new(|| Arc::new(NamedGraphs::new("node-kayles-queens", queens).with_engine(engine)));

/// Squares of the boards in one 16×16 frame: square (r, c) is bit 16r + c (row r is
/// the 16-bit lane r), whatever the board's side n ≤ 16. Two squares are joined when a
/// queen on one attacks the other, which depends on their difference only: a region
/// and its translates, and its images under the 8 symmetries of the square, are the
/// same graph and have one value.
const SIDE: usize = 16;

/// The squares a queen on each square of the frame attacks (itself left out).
static ATTACKS: LazyLock<Vec<Bits256>> = LazyLock::new(|| {
    (0..SIDE * SIDE)
        .map(|a| {
            let (r1, c1) = ((a / SIDE) as i64, (a % SIDE) as i64);
            (0..SIDE * SIDE)
                .filter(|&b| {
                    let (r2, c2) = ((b / SIDE) as i64, (b % SIDE) as i64);
                    b != a && (r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs())
                })
                .fold(Bits256::default(), |m, b| m | Bits256::bit(b))
        })
        .collect()
});

/// The rows of a set of the frame.
#[inline]
fn rows(s: Bits256) -> [u16; SIDE] {
    std::array::from_fn(|r| (s.0[r / 4] >> (16 * (r % 4))) as u16)
}

/// The set of the frame with these rows.
#[inline]
fn from_rows(rows: &[u16; SIDE]) -> Bits256 {
    Bits256(std::array::from_fn(|w| {
        (0..4).fold(0u64, |x, i| x | u64::from(rows[4 * w + i]) << (16 * i))
    }))
}

/// The transpose of the frame: square (r, c) to (c, r) (the classic exchange of
/// blocks, 8×8 then 4×4, 2×2 and single squares).
#[inline]
fn transpose(mut a: [u16; SIDE]) -> [u16; SIDE] {
    let (mut j, mut m) = (8usize, 0x00FFu16);
    while j != 0 {
        let mut k = 0;
        while k < SIDE {
            for r in k..k + j {
                let t = ((a[r] >> j) ^ a[r + j]) & m;
                a[r] ^= t << j;
                a[r + j] ^= t;
            }
            k += 2 * j;
        }
        j >>= 1;
        m ^= m << j;
    }
    a
}

/// Each 16-bit lane of `x` with its bits in reverse order.
#[inline]
fn reverse_in_lanes(x: u64) -> u64 {
    reverse_lanes(x.reverse_bits())
}

/// The four 16-bit lanes of `x` in reverse order.
#[inline]
fn reverse_lanes(x: u64) -> u64 {
    let x = x.rotate_left(32);
    ((x >> 16) & 0x0000_FFFF_0000_FFFF) | ((x & 0x0000_FFFF_0000_FFFF) << 16)
}

/// The set moved `k` bits down (`k` < 256): towards square (0, 0).
#[inline]
fn shift_down(s: Bits256, k: usize) -> Bits256 {
    let (words, bits) = (k / 64, k % 64);
    Bits256(std::array::from_fn(|i| {
        let at = |j: usize| s.0.get(j).copied().unwrap_or(0);
        let lo = at(i + words) >> bits;
        let hi = if bits == 0 { 0 } else { at(i + words + 1) << (64 - bits) };
        lo | hi
    }))
}

/// The columns that have a square of `s`, as a 16-bit mask.
#[inline]
fn columns(s: Bits256) -> u16 {
    let x = s.0.iter().fold(0u64, |m, &w| m | w);
    let x = x | x >> 32;
    (x | x >> 16) as u16
}

/// A region of box h×w at the corner with its columns in reverse order.
#[inline]
fn flip_columns(s: Bits256, w: usize) -> Bits256 {
    Bits256(s.0.map(|x| reverse_in_lanes(x) >> (16 - w)))
}

/// A region of box h×w at the corner with its rows in reverse order.
#[inline]
fn flip_rows(s: Bits256, h: usize) -> Bits256 {
    let reversed = Bits256(std::array::from_fn(|i| reverse_lanes(s.0[3 - i])));
    shift_down(reversed, SIDE * (SIDE - h))
}

/// The normal form of a region of the frame: moved to the corner (its top row and its
/// left column on the frame's), then the least of its images under the symmetries of
/// its bounding box turned to be at most as tall as wide (4 images; 8 for a square
/// box).
pub fn normal_form(s: Bits256) -> Bits256 {
    let Some(first) = s.0.iter().position(|&x| x != 0) else {
        return s;
    };
    let last = s.0.iter().rposition(|&x| x != 0).expect("a word");
    let top = 4 * first + s.0[first].trailing_zeros() as usize / 16;
    let bottom = 4 * last + (63 - s.0[last].leading_zeros() as usize) / 16;
    let cols = columns(s);
    let left = cols.trailing_zeros() as usize;
    let (h, w) = (bottom - top + 1, 16 - cols.leading_zeros() as usize - left);
    let base = shift_down(s, SIDE * top + left);
    // The least of the images of a region of box h×w at the corner under the flips of
    // its box.
    let key = |x: &Bits256| [x.0[3], x.0[2], x.0[1], x.0[0]];
    let least = |b: Bits256, h: usize, w: usize| {
        let c = flip_columns(b, w);
        [b, c, flip_rows(b, h), flip_rows(c, h)]
            .into_iter()
            .min_by_key(key)
            .expect("four images")
    };
    match h.cmp(&w) {
        std::cmp::Ordering::Less => least(base, h, w),
        std::cmp::Ordering::Greater => least(from_rows(&transpose(rows(base))), w, h),
        std::cmp::Ordering::Equal => {
            let (a, b) = (least(base, h, w), least(from_rows(&transpose(rows(base))), w, h));
            if key(&a) <= key(&b) {
                a
            } else {
                b
            }
        }
    }
}

/// The squares of the frame a queen on some square of `s` attacks, with `s`: the rows,
/// the columns and the two diagonals that hold a square of `s`.
#[inline]
fn attacked(s: Bits256) -> Bits256 {
    const LANE_LOW: u64 = 0x0001_0001_0001_0001;
    // Whole rows: a lane with a square becomes full.
    let full = |x: u64| {
        let t = (x | x >> 8) & 0x00FF_00FF_00FF_00FF;
        let t = (t | t >> 4) & 0x000F_000F_000F_000F;
        let t = (t | t >> 2) & 0x0003_0003_0003_0003;
        ((t | t >> 1) & LANE_LOW) * 0xFFFF
    };
    let cols = u64::from(columns(s)) * LANE_LOW;
    let a = rows(s);
    // Diagonal r − c and antidiagonal r + c of each square, as bits c − r + 15 and r + c.
    let (mut diag, mut anti) = (0u32, 0u32);
    for (r, &x) in a.iter().enumerate() {
        diag |= u32::from(x) << (15 - r);
        anti |= u32::from(x) << r;
    }
    let lines: [u16; SIDE] = std::array::from_fn(|r| ((diag >> (15 - r)) | (anti >> r)) as u16);
    let lines = from_rows(&lines);
    Bits256(std::array::from_fn(|i| full(s.0[i]) | cols | lines.0[i]))
}

/// Calls `f` with each part of `s` (joined by queens' attacks), grown a line at a time
/// ([`attacked`]).
#[inline]
fn for_each_region(s: Bits256, mut f: impl FnMut(Bits256)) {
    let mut rest = s;
    while !rest.is_empty() {
        let mut part = rest.lowest();
        loop {
            let next = attacked(part) & rest;
            if next == part {
                break;
            }
            part = next;
        }
        rest &= !part;
        f(part);
    }
}

/// Node-Kayles on the queens graphs, as [`FramedRules`]: a key is a connected region of
/// the frame, `[0, its normal form]` (a shape, the same on every board), or, as the
/// rules give it for proofs and the outcome search (`options_exact`), `[raw_tag(g, 0),
/// its squares]` for the graph numbered g of the position it was met in
/// ([`framed_engine`]).
#[derive(Clone, Copy)]
pub struct QueensGame;

impl FramedRules for QueensGame {
    fn list<K: FrameKey>(&self, k: &Key256, normal: bool, out: &mut OptionList<K>, stop: &mut dyn FnMut(&[K]) -> bool) {
        let s = Bits256::key_set(k);
        let tag = if normal { 0 } else { k.0[0] };
        for v in elements(s) {
            for_each_region(s & !(ATTACKS[v] | Bits256::bit(v)), |c| {
                let c = if normal { normal_form(c) } else { c };
                out.push(K::of_wide(&Bits256::key(tag, c)));
            });
            out.end_option();
            if stop(out.last()) {
                return;
            }
        }
    }

    fn known(&self, k: &Key256) -> Option<u32> {
        let s = Bits256::key_set(k);
        match s.count() {
            // A connected set of one or two squares: one move takes everything.
            0..=2 => Some(1),
            // Three: a triangle (one move takes everything, 1) or a path (the middle
            // takes everything, an end leaves one square: mex{0, 1} = 2).
            3 => {
                let v: Vec<usize> = elements(s).collect();
                let joined = |a: usize, b: usize| u32::from(ATTACKS[v[a]].has(v[b]));
                Some(if joined(0, 1) + joined(0, 2) + joined(1, 2) == 3 { 1 } else { 2 })
            }
            _ => None,
        }
    }

    fn valid(&self, k: &Key256) -> bool {
        // Any squares of the frame are a region of some board.
        k.0[0] == 0 && !Bits256::key_set(k).is_empty()
    }

    /// 1.12: the runs of n = 8…13 visit 2.6·10^3, 7.0·10^3, 3.2·10^4, 2.0·10^5, 5.6·10^5
    /// and 9.5·10^6 positions, 1.10–1.13 per square.
    fn growth(&self) -> f64 {
        1.12
    }
}

/// The queens graph `g` on the frame: vertex `r<row>c<col>` on bit 16·row + col.
///
/// # Panics
/// On a vertex named otherwise (the graphs of this family are built by [`queens`]).
fn framing(g: &Graph) -> Framing {
    let bits = g
        .edges
        .names
        .iter()
        .map(|name| {
            let (r, c) = name[1..].split_once('c').expect("a square r<row>c<col>");
            SIDE * r.parse::<usize>().expect("a row") + c.parse::<usize>().expect("a column")
        })
        .collect();
    Framing { bits, params: 0 }
}

/// The engine of the family ([`framed_engine`] over [`QueensGame`]): regions keyed by
/// their normal form, which a search meets about 6–8 times fewer than the vertex sets
/// of the engine of any graph.
fn engine(name: String, write: Writer) -> Box<dyn GameSolver> {
    framed_engine(name, write, QueensGame, framing)
}

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "node-kayles-queens",
    aliases: &[],
    params: Params::None,
    positions: "the n×n board, n ≤ 16 (the queens graph: squares joined when on one row, column or diagonal)",
    options: "place a queen on a square no queen attacks (Node-Kayles on the queens graph)",
    source: "Noon & Van Brummelen, College Math. J. 37 (2006); OEIS A344227",
    formula: None,
    example: "node-kayles-queens(5)",
    build: |_| Ok(Ruleset::Game(QUEENS.clone())),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_position;
    use crate::game::GameRuleset;
    use crate::rulesets::graphs::{for_each_part, set_of, set_pos};
    use crate::rulesets::node_kayles::ON_GRAPHS;
    use crate::solve::{Method, Solver};
    use crate::Control;

    fn rng(mut x: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        }
    }

    fn set_of_squares(squares: &[(usize, usize)]) -> Bits256 {
        squares.iter().fold(Bits256::default(), |m, &(r, c)| m | Bits256::bit(SIDE * r + c))
    }

    /// The transpose against the definition; the normal form is the same for a region's
    /// translates and its images under the 8 symmetries, and is one of those images at
    /// the corner.
    #[test]
    fn normal_forms_of_regions() {
        let mut next = rng(0x2545_F491_4F6C_DD1D);
        for _ in 0..300 {
            let (h, w) = (1 + next(16) as usize, 1 + next(16) as usize);
            let cells: Vec<(usize, usize)> = (0..h * w)
                .filter(|_| next(3) == 0)
                .map(|i| (i / w, i % w))
                .collect();
            let s = set_of_squares(&cells);
            let t = set_of_squares(&cells.iter().map(|&(r, c)| (c, r)).collect::<Vec<_>>());
            assert_eq!(from_rows(&transpose(rows(s))), t);
            if cells.is_empty() {
                continue;
            }
            let form = normal_form(s);
            // The least, in the order of the words from the top, of the images cropped
            // to the corner whose box is at most as tall as wide.
            let naive = (0..8)
                .filter_map(|sym| {
                    let image: Vec<(usize, usize)> = cells
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = if sym & 1 == 1 { (15 - r, c) } else { (r, c) };
                            let (r, c) = if sym & 2 == 2 { (r, 15 - c) } else { (r, c) };
                            if sym & 4 == 4 {
                                (c, r)
                            } else {
                                (r, c)
                            }
                        })
                        .collect();
                    let (r0, c0) = (image.iter().map(|p| p.0).min()?, image.iter().map(|p| p.1).min()?);
                    let (r1, c1) = (image.iter().map(|p| p.0).max()?, image.iter().map(|p| p.1).max()?);
                    (r1 - r0 <= c1 - c0).then(|| set_of_squares(&image.iter().map(|&(r, c)| (r - r0, c - c0)).collect::<Vec<_>>()))
                })
                .min_by_key(|x| [x.0[3], x.0[2], x.0[1], x.0[0]])
                .expect("an image");
            assert_eq!(form, naive, "{cells:?}");
            for sym in 0..8 {
                let image: Vec<(usize, usize)> = cells
                    .iter()
                    .map(|&(r, c)| {
                        let (r, c) = if sym & 1 == 1 { (h - 1 - r, c) } else { (r, c) };
                        let (r, c) = if sym & 2 == 2 { (r, w - 1 - c) } else { (r, c) };
                        if sym & 4 == 4 {
                            (c, r)
                        } else {
                            (r, c)
                        }
                    })
                    .collect();
                let (rows_left, cols_left) = if sym & 4 == 4 { (16 - w, 16 - h) } else { (16 - h, 16 - w) };
                let (dr, dc) = (next(rows_left as u64 + 1) as usize, next(cols_left as u64 + 1) as usize);
                let moved: Vec<(usize, usize)> = image.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                assert_eq!(normal_form(set_of_squares(&moved)), form, "{cells:?} image {sym}");
            }
        }
    }

    /// The squares attacked by a set, and its parts, against the attacks of each square.
    #[test]
    fn attacks_and_parts_of_sets() {
        let mut next = rng(0x51_7CC1_B727_220A);
        for round in 0..300 {
            let density = 1 + next(40);
            let s = (0..SIDE * SIDE)
                .filter(|_| next(100) < density)
                .fold(Bits256::default(), |m, v| m | Bits256::bit(v));
            let each = elements(s).fold(s, |m, v| m | ATTACKS[v]);
            assert_eq!(attacked(s), each, "round {round}");
            let (mut fast, mut plain) = (Vec::new(), Vec::new());
            for_each_region(s, |c| fast.push(c));
            for_each_part(s, |i| ATTACKS[i], |c| plain.push(c));
            assert_eq!(fast, plain, "round {round}");
        }
    }

    /// The engine of the family (regions in normal form) against the engine of any
    /// graph, on random sets of squares of queens graphs, and on whole boards.
    #[test]
    fn the_board_engine_agrees_with_the_graph_engine() {
        let mut next = rng(0x9E37_79B9_7F4A_7C15);
        let mut board = QUEENS.solver().unwrap();
        let mut graph = ON_GRAPHS.solver().unwrap();
        let ctl = Control::new().with_work_limit(u64::MAX);
        for round in 0..120 {
            let n = 2 + next(11);
            let pos = QUEENS.position(crate::game::GameArgs::Numbers(&[(n, 1)])).unwrap();
            let (id, all) = set_of::<Bits256>(&pos);
            let keep = 20 + next(40);
            let s = elements(all).filter(|_| next(100) < keep).fold(Bits256::default(), |m, v| m | Bits256::bit(v));
            if s.count() > 40 {
                continue;
            }
            let part = set_pos(id, s);
            assert_eq!(board.value(&part, &ctl).unwrap(), graph.value(&part, &ctl).unwrap(), "n = {n}, round {round}");
        }
        for n in 1..=7u64 {
            let pos = QUEENS.position(crate::game::GameArgs::Numbers(&[(n, 1)])).unwrap();
            assert_eq!(board.value(&pos, &ctl).unwrap(), graph.value(&pos, &ctl).unwrap(), "n = {n}");
        }
    }

    /// A proof written by the family's engine is a graph proof the checker accepts.
    #[test]
    fn the_board_engine_writes_graph_proofs() {
        for n in [1u64, 4, 6] {
            let pos = QUEENS.position(crate::game::GameArgs::Numbers(&[(n, 1)])).unwrap();
            let (v, text) = QUEENS.solver().unwrap().proof(&pos, &Control::new()).unwrap();
            let report = crate::analysis::proof_check::check_proof(&text, &Control::new()).unwrap();
            assert_eq!(crate::value::Nimber::from(report.value), v, "n = {n}");
            assert!(!text.contains("normal-form"), "n = {n}");
        }
    }

    /// OEIS A344227 (offset 0), n = 1…8 here.
    #[test]
    fn a344227() {
        let a344227 = [0u64, 1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1];
        for (n, &v) in a344227.iter().enumerate().skip(1).take(7) {
            let expr = format!("node-kayles-queens({n})");
            let pos = parse_position(&expr).unwrap();
            assert_eq!(pos.to_string(), expr);
            let got = Solver::new(Method::Search, Control::new().with_work_limit(u64::MAX))
                .nim_value(&pos)
                .unwrap();
            assert_eq!(got, v, "{expr}");
        }
        assert!(parse_position("node-kayles-queens(17)").is_err());
        // 64 vertices within the default work limit: the estimate counts independent
        // sets (at most 8 queens), not the 2^64 subsets it once did.
        let pos = parse_position("node-kayles-queens(8)").unwrap();
        assert_eq!(Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap(), 3u64);
    }
}
