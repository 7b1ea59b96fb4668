//! Wythoff's game (W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief
//! voor Wiskunde 7 (1907) 199–202): two heaps; a move takes any positive number of
//! tokens from one heap, or the same positive number from both.
//!
//! Wythoff's theorem gives the P-positions, `(⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k)` and
//! their mirror images, and so the outcome of every position; no formula is known for
//! the nim-values of the N-positions, which come from search (the tables of Blass &
//! Fraenkel 1990 and OEIS A004481). `⌊kφ⌋` is computed exactly in integers,
//! `⌊(k + ⌊√(5k²)⌋)/2⌋`, for every `k < 2^64`.

use crate::control::Control;
use crate::error::{sci, Error, Result};
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset, TupleSolver};
use crate::value::{Nimber, Outcome};
use num_bigint::BigUint;
use std::sync::Arc;

/// Wythoff's game: positions are pairs `(a, b)` of heaps (the two heaps as written;
/// `(a, b)` and `(b, a)` have the same value); the options take `1 ≤ i ≤ a` from the
/// first heap, `1 ≤ j ≤ b` from the second, or `1 ≤ i ≤ min(a, b)` from both.
pub struct Wythoff;

/// Wythoff's theorem: the P-positions.
pub const WYTHOFF: Statement = Statement {
    text: "the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, k ≥ 0, φ = (1 + √5)/2; every other position is an N-position (its value has no known formula)",
    source: "Wythoff 1907, Nieuw Archief voor Wiskunde 7",
};

/// `⌊kφ⌋` exactly: `⌊(k + ⌊√(5k²)⌋)/2⌋`, since `√(5k²)` is irrational for `k ≥ 1` (so
/// its integer part decides the floor). Below `2^65`.
pub fn floor_k_phi(k: u64) -> u128 {
    let k2 = BigUint::from(k) * BigUint::from(k) * 5u32;
    let s = u128::try_from(k2.sqrt()).expect("√(5k²) < 2^66 for k < 2^64");
    (k as u128 + s) / 2
}

/// True if `(a, b)` is a P-position of Wythoff's game (by [`WYTHOFF`]).
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    floor_k_phi(hi - lo) == lo as u128
}

impl TupleRuleset for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        let (a, b) = (pos[0], pos[1]);
        for x in 0..a {
            f(&[x, b]);
        }
        for y in 0..b {
            f(&[a, y]);
        }
        for i in 1..=a.min(b) {
            f(&[a - i, b - i]);
        }
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        vec![pos[0].min(pos[1]), pos[0].max(pos[1])]
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        (pos[0] as u128 + 1) * (pos[1] as u128 + 1)
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos[0] as u128 + pos[1] as u128 + pos[0].min(pos[1]) as u128
    }
    fn solver(&self) -> Option<Box<dyn TupleSolver>> {
        Some(Box::new(RectangleSolver::default()))
    }
}

impl TupleClosedForm for Wythoff {
    fn statement(&self) -> Statement {
        WYTHOFF
    }
    /// 0 at the P-positions; the theorem gives no other value.
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        is_p_position(pos[0], pos[1]).then_some(Nimber::ZERO)
    }
    fn outcome(&self, pos: &[u64]) -> Option<Outcome> {
        Some(if is_p_position(pos[0], pos[1]) {
            Outcome::P
        } else {
            Outcome::N
        })
    }
    fn gap(&self, pos: &[u64]) -> Option<String> {
        (!is_p_position(pos[0], pos[1]))
            .then(|| "Wythoff's theorem gives the outcome of the N-positions, not their values".into())
    }
}

/// Search over a rectangle: the values of every `(x, y)` with `x ≤ A`, `y ≤ B` (a
/// rectangle is closed under the options), computed row by row. A cell's value is the
/// mex of its row to the left (kept as a bit set with its running mex), its column
/// above and its diagonal (at most `2x` values, kept contiguous in a column-major copy
/// and a copy by diagonals, and marked in an array stamped per cell): about `3x` steps
/// a cell. A value is at most the number of options, `x + y + min(x, y) ≤ 2A + B`.
/// Queries are sorted (`a ≤ b`); the rectangle is kept and regrown (each side that
/// grows at least doubled, when the limits allow) for a query outside it.
#[derive(Default)]
pub struct RectangleSolver {
    /// Column-major: the value of `(x, y)` at `y · rows + x`; empty before the first
    /// query.
    by_column: Vec<u32>,
    rows: u64,
    cols: u64,
}

impl RectangleSolver {
    /// The estimate of a rectangle `0..=a × 0..=b`: (cells, work in steps, bytes).
    fn estimate(a: u64, b: u64) -> (u128, u128, u128) {
        let (rows, cols) = (a as u128 + 1, b as u128 + 1);
        // Saturating: at a = b = 2^64 − 1 the cells are 2^128, one past u128 (the
        // product wrapped to 0, and the search of wythoff(2^64 − 1, 2^64 − 1) read
        // "two tables of 0 positions").
        let cells = rows.saturating_mul(cols);
        // The two copies of the table (4 bytes a cell each, the diagonals' copy
        // rows + cols − 1 rows long), the stamps and the row's bit set (one entry per
        // possible value, at most 2a + b + 1).
        let bytes = cells
            .saturating_add((rows + cols).saturating_mul(rows))
            .saturating_mul(4)
            .saturating_add((2 * rows + cols) * 5);
        (cells, cells.saturating_mul(3 * rows), bytes)
    }

    /// True if the rectangle `0..=a × 0..=b` is within the limits of `ctl`.
    fn fits(a: u64, b: u64, ctl: &Control) -> bool {
        let (_, work, bytes) = Self::estimate(a, b);
        work <= ctl.work_limit() as u128 && bytes <= ctl.memory_limit() as u128
    }

    /// Checks the rectangle `0..=a × 0..=b` against the limits of `ctl`.
    fn check(a: u64, b: u64, ctl: &Control) -> Result<()> {
        let (cells, work, bytes) = Self::estimate(a, b);
        ctl.check_memory_and_work(
            &format!("searching wythoff({a},{b})"),
            bytes.min(u64::MAX as u128) as u64,
            format!("two tables of {} positions", sci(cells)),
            work,
            format!("{} positions × about {} steps each", sci(cells), sci(3 * (a as u128 + 1))),
        )
    }

    /// Computes the rectangle `0..=a × 0..=b`, replacing the one kept.
    fn compute(&mut self, a: u64, b: u64, ctl: &Control) -> Result<()> {
        Self::check(a, b, ctl)?;
        let (rows, cols) = (a as usize + 1, b as usize + 1);
        let values_bound = 2 * rows + cols;
        if values_bound >= u32::MAX as usize {
            return Err(Error::Unsupported(format!(
                "wythoff({a},{b}): values up to {values_bound} do not fit the search's 32-bit table"
            )));
        }
        self.by_column = Vec::new();
        let mut by_column = vec![0u32; rows * cols];
        // Diagonal d = y − x + (rows − 1) holds the cell (x, y) at d · rows + x.
        let mut by_diagonal = vec![0u32; (rows + cols - 1) * rows];
        let mut stamp = vec![0u32; values_bound + 1];
        let mut in_row = vec![0u64; values_bound / 64 + 1];
        let mut now = 0u32;
        let test = |bits: &[u64], v: u32| bits[v as usize / 64] >> (v % 64) & 1 == 1;
        ctl.start("wythoff rectangle", a + 1);
        for x in 0..rows {
            in_row.iter_mut().for_each(|w| *w = 0);
            let mut row_mex = 0u32;
            for y in 0..cols {
                // A long row (a thin rectangle) still stops within a moment on Ctrl-C.
                if y & 0xFFFF == 0xFFFF {
                    ctl.tick(x as u64)?;
                }
                now = now.wrapping_add(1);
                if now == 0 {
                    stamp.iter_mut().for_each(|s| *s = 0);
                    now = 1;
                }
                let d = (y + rows - 1 - x) * rows;
                let column = &by_column[y * rows..y * rows + x];
                let diagonal = &by_diagonal[d + x - x.min(y)..d + x];
                for &v in column.iter().chain(diagonal) {
                    stamp[v as usize] = now;
                }
                let mut m = row_mex;
                while test(&in_row, m) || stamp[m as usize] == now {
                    m += 1;
                }
                by_column[y * rows + x] = m;
                by_diagonal[d + x] = m;
                in_row[m as usize / 64] |= 1 << (m % 64);
                while test(&in_row, row_mex) {
                    row_mex += 1;
                }
            }
            ctl.tick(x as u64)?;
        }
        ctl.finish();
        self.by_column = by_column;
        (self.rows, self.cols) = (a + 1, b + 1);
        Ok(())
    }
}

impl TupleSolver for RectangleSolver {
    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        let (a, b) = (pos[0].min(pos[1]), pos[0].max(pos[1]));
        if a >= self.rows || b >= self.cols {
            // Grow to cover the rectangle kept too, doubling a side that grows, if the
            // limits allow; else to the union of the two, else to the query alone.
            let (have_a, have_b) = (self.rows.saturating_sub(1), self.cols.saturating_sub(1));
            let side = |need: u64, have: u64| if need <= have { have } else { need.max(have.saturating_mul(2)) };
            let larger = [(side(a, have_a), side(b, have_b)), (a.max(have_a), b.max(have_b))];
            let (x, y) = larger
                .into_iter()
                .find(|&(x, y)| Self::fits(x, y, ctl))
                .unwrap_or((a, b));
            self.compute(x, y, ctl)?;
        }
        Ok(Nimber::from(self.by_column[(b * self.rows + a) as usize]))
    }
}

/// Wythoff's game.
pub const FAMILIES: &[Family] = &[Family::fixed(
    "wythoff",
    "pairs (a,b) of heaps, a, b ≥ 0: wythoff(3,5) is one game",
    "take any positive number of tokens from one heap, or the same positive number from both",
    "Wythoff 1907, Nieuw Archief voor Wiskunde 7, 199–202",
    Some(WYTHOFF),
    "wythoff(3,5)",
    |_| Ok(Ruleset::Tuple(Arc::new(Wythoff))),
)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_tuple;
    use crate::solve::memo::MemoSolver;

    fn solver_value(s: &mut RectangleSolver, a: u64, b: u64) -> u64 {
        s.value(&[a, b], &Control::new()).unwrap().to_u64().unwrap()
    }

    #[test]
    fn p_positions_by_exact_integers() {
        // (⌊kφ⌋, ⌊kφ²⌋) for k = 0..8 (Wythoff 1907; OEIS A000201, A001950).
        let lower: Vec<u128> = (0..9).map(floor_k_phi).collect();
        assert_eq!(lower, [0, 1, 3, 4, 6, 8, 9, 11, 12]);
        for (k, (a, b)) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20)]
            .into_iter()
            .enumerate()
        {
            assert!(is_p_position(a, b) && is_p_position(b, a), "k = {k}");
            assert!(!is_p_position(a, b + 1) && !is_p_position(a + 1, b));
        }
        // Large k: ⌊kφ⌋ of 10^18 and of 2^64 − 1 (checked with 80-digit decimal arithmetic).
        assert_eq!(floor_k_phi(1_000_000_000_000_000_000), 1_618_033_988_749_894_848);
        assert_eq!(floor_k_phi(u64::MAX), 29_847_458_893_032_750_100);
        let a = 1_618_033_988_749_894_848u64;
        assert!(is_p_position(a, a + 1_000_000_000_000_000_000));
        assert!(!is_p_position(a + 1, a + 1_000_000_000_000_000_001));
        // A P-position with both heaps just below 2^64: k = b − a, a = ⌊kφ⌋.
        let k = 7_000_000_000_000_000_000u64;
        let a = floor_k_phi(k) as u64;
        assert!(is_p_position(a, a + k) && !is_p_position(a - 1, a + k - 1));
    }

    #[test]
    fn outcome_agrees_with_search() {
        let rs: Arc<dyn TupleRuleset> = Arc::new(Wythoff);
        let r = verify_tuple(&rs, 2, 60, &Control::new()).unwrap();
        assert_eq!((r.checked, r.not_covered, r.mismatch, r.violations), (61 * 61, 0, None, 0));
    }

    #[test]
    fn rectangle_search_agrees_with_memoized_search() {
        let rs: Arc<dyn TupleRuleset> = Arc::new(Wythoff);
        let mut memo = MemoSolver::new(rs);
        let mut rect = RectangleSolver::default();
        let ctl = Control::new();
        // Queries in an order that regrows the rectangle (thin, then wide).
        for (a, b) in [(0, 0), (2, 40), (25, 3), (17, 17), (30, 29), (5, 5), (0, 33)] {
            for x in 0..=a {
                for y in 0..=b {
                    assert_eq!(
                        rect.value(&[x, y], &ctl).unwrap(),
                        memo.value(&[x, y], &ctl).unwrap(),
                        "({x},{y})"
                    );
                }
            }
        }
    }

    #[test]
    fn golden_values() {
        let mut s = RectangleSolver::default();
        // OEIS A047708, the diagonal G(n, n) (Winning Ways p. 76).
        let diagonal: Vec<u64> = (0..20).map(|n| solver_value(&mut s, n, n)).collect();
        assert_eq!(
            diagonal,
            [0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25]
        );
        // OEIS A317205 (Blass & Fraenkel 1990, Table 2): rows of the lower triangle.
        let rows: Vec<Vec<u64>> = (0..8).map(|a| (0..=a).map(|b| solver_value(&mut s, a, b)).collect()).collect();
        assert_eq!(
            rows,
            [
                vec![0],
                vec![1, 2],
                vec![2, 0, 1],
                vec![3, 4, 5, 6],
                vec![4, 5, 3, 2, 7],
                vec![5, 3, 4, 0, 6, 8],
                vec![6, 7, 8, 1, 9, 10, 3],
                vec![7, 8, 6, 9, 0, 1, 4, 5],
            ]
        );
    }

    #[test]
    fn search_is_refused_before_it_starts() {
        let mut s = RectangleSolver::default();
        let ctl = Control::new().with_work_limit(1000);
        let e = s.value(&[100, 200], &ctl).unwrap_err();
        assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
        let ctl = Control::new().with_memory_limit(1000);
        let e = s.value(&[100, 200], &ctl).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    }

    /// The solver facade: the outcome for any size, the value where a search reaches it.
    #[test]
    fn value_gives_the_outcome_for_any_size() {
        use crate::catalog::parse_position;
        use crate::solve::{BoundedValue, Method, Solver};
        let value = |method: Method, ctl: Control, expr: &str| {
            Solver::new(method, ctl).value(&parse_position(expr).unwrap()).unwrap()
        };
        let huge = "wythoff(1000000000000000000,2000000000000000000)";
        let v = value(Method::Auto, Control::new(), huge);
        assert!(matches!(v, BoundedValue::OutcomeOnly { .. }), "{v:?}");
        assert_eq!((v.value_text(), v.outcome_text()), ("?".into(), "N".into()));
        assert!(v.note().unwrap().contains("search was refused"), "{v:?}");
        // A huge P-position has value 0, exactly.
        let p = "wythoff(1618033988749894848,2618033988749894848)";
        assert_eq!(value(Method::Auto, Control::new(), p).value_text(), "0");
        assert_eq!(value(Method::Formula, Control::new(), p).value_text(), "0");
        // Small: the value by search; with --method formula only the outcome.
        assert_eq!(value(Method::Auto, Control::new(), "wythoff(4,5)").value_text(), "6");
        let f = value(Method::Formula, Control::new(), "wythoff(4,5)");
        assert_eq!((f.value_text(), f.outcome_text()), ("?".into(), "N".into()));
        // A search refused by the work limit leaves the outcome.
        let w = value(Method::Auto, Control::new().with_work_limit(100), "wythoff(40,50)");
        assert_eq!((w.value_text(), w.outcome_text()), ("?".into(), "N".into()));
        // ... but not with --method search, which reports the refusal.
        let e = Solver::new(Method::Search, Control::new().with_work_limit(100))
            .value(&parse_position("wythoff(40,50)").unwrap())
            .unwrap_err();
        assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
        // In sums: with 0 the outcome stays; with another value nothing is known.
        let s = value(Method::Auto, Control::new(), &format!("{huge} + nim(0)"));
        assert_eq!(s.outcome_text(), "N");
        let s = value(Method::Auto, Control::new(), &format!("{huge} + nim(3)"));
        assert_eq!((s.value_text(), s.outcome_text()), ("?".into(), "?".into()));
        let s = value(Method::Auto, Control::new(), &format!("{huge} + {huge}"));
        assert_eq!(s.outcome_text(), "?");
    }

    /// The winning moves of an N-position whose value is not known: the moves to
    /// P-positions, found by the outcome of each option.
    #[test]
    fn winning_moves_without_the_value() {
        use crate::catalog::parse_position;
        use crate::solve::{Method, Solver};
        let mut s = Solver::new(Method::Auto, Control::new());
        let m = s.moves(&parse_position("wythoff(1000000,1000003)").unwrap(), false).unwrap();
        assert_eq!(m.value.outcome_text(), "N");
        let w: Vec<String> = m.winning.iter().map(ToString::to_string).collect();
        assert_eq!(w, ["wythoff(4,7)"]);
        // The same moves as search finds on a small position.
        for method in [Method::Auto, Method::Search, Method::Formula] {
            let m = Solver::new(method, Control::new())
                .moves(&parse_position("wythoff(9,14)").unwrap(), false)
                .unwrap();
            let w: Vec<String> = m.winning.iter().map(ToString::to_string).collect();
            assert_eq!(w, ["wythoff(8,13)"], "{method:?}");
        }
    }
}
