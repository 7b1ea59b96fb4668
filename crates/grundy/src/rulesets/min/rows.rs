//! The row-table search engine for MIN (paper 001).
//!
//! Row a is the sequence b ↦ G(a, b). By Lemma 3 of paper 001 it is periodic with period
//! a + 1 from b = a − 1 on, so the engine stores for each row only G(a, a..=2a) (a + 1
//! values, a permutation of 0..=a by Lemma 3(b)); G(a, b) for b > 2a reduces to that
//! range (Lemma 3(a)) and G(a, b) for b < a is G(b, a), read from row b.
//!
//! Row a is computed from the rules: for b ≥ a, G(a, b) = mex{G(a, b − k) : 1 ≤ k ≤ a},
//! a sliding-window mex whose first window is the column G(0..a, a) taken from the
//! earlier rows (row 0 is all 0: (0, b) is terminal). Work is O(a) per row, O(n²) for
//! rows 0..=n, and memory (n + 1)(n + 2) bytes (rows stored as `u16`; rows above
//! 65535 as `u32`). Everything is iterative.

use super::window::WindowMex;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::TupleSolver;
use crate::value::Nimber;

/// Rows `a ≤ U16_ROWS − 1` are stored as `u16` (their values are at most a ≤ 65535).
const U16_ROWS: u64 = 1 << 16;

/// Rows computed together (their columns are gathered in one pass over earlier rows).
const BLOCK_ROWS: u64 = 128;

/// Earlier rows gathered into a block's columns between two cancellation checks.
const CANCEL_COLUMNS: u64 = 8192;

/// Number of stored values of rows `0..a`: Σ_{c<a} (c + 1) = a(a + 1)/2.
fn offset(a: u64) -> u64 {
    a * (a + 1) / 2
}

/// Bytes of row storage for rows `0..=n`.
pub fn storage_bytes(n: u64) -> u128 {
    let n = n as u128;
    let rows = n + 1;
    let small = rows.min(U16_ROWS as u128);
    let total = rows.saturating_mul(rows + 1) / 2;
    let small_entries = small * (small + 1) / 2;
    (small_entries * 2).saturating_add((total - small_entries).saturating_mul(4))
}

/// The nim-values of MIN for all positions (a, b) with a ≤ `rows() − 1` and any b,
/// computed row by row from the rules and extended on demand.
#[derive(Default)]
pub struct MinRows {
    small: Vec<u16>,
    large: Vec<u32>,
    rows: u64,
    window: WindowMex,
    col: Vec<u32>,
    buf: Vec<u32>,
}

impl MinRows {
    /// An engine with no rows yet.
    pub fn new() -> MinRows {
        MinRows::default()
    }

    /// Rows `0..rows()` are computed.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Stored value `i` (0 ≤ i ≤ a) of row a: G(a, a + i).
    #[inline]
    fn entry(&self, a: u64, i: u64) -> u32 {
        if a < U16_ROWS {
            self.small[(offset(a) + i) as usize] as u32
        } else {
            self.large[(offset(a) - offset(U16_ROWS) + i) as usize]
        }
    }

    /// G(a, a + i) for 0 ≤ i ≤ a: the stored period of row a (needs `a < rows()`).
    ///
    /// Panics if row `a` is not computed or `i > a`.
    pub fn row_value(&self, a: u64, i: u64) -> u32 {
        assert!(a < self.rows && i <= a, "row {a} entry {i} is not stored");
        self.entry(a, i)
    }

    /// The nim-value G(a, b), in either order; needs `min(a, b) < rows()`.
    ///
    /// For a ≤ b: G(0, b) = 0, and for a ≥ 1 row a is periodic with period a + 1 for
    /// b ≥ a − 1 (paper 001 Lemma 3(a)), so G(a, b) = G(a, a + R_{a+1}(b − a)).
    /// Returns `None` if row min(a, b) is not computed.
    pub fn get(&self, a: u64, b: u64) -> Option<u32> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a >= self.rows {
            return None;
        }
        if a == 0 {
            return Some(0);
        }
        Some(self.entry(a, (b - a) % (a + 1)))
    }

    /// Computes rows up to `n` (inclusive), keeping the rows already computed.
    ///
    /// # Errors
    /// [`Error::TooLarge`] if the table for rows `0..=n` exceeds the memory limit,
    /// [`Error::TooManyStates`] if its (n+1)(n+2)/2 values exceed the state limit,
    /// [`Error::Unsupported`] for n ≥ 2^32 − 1, [`Error::Interrupted`] on cancellation
    /// (the rows finished before it are kept).
    pub fn extend_to(&mut self, n: u64, ctl: &Control) -> Result<()> {
        if n < self.rows {
            return Ok(());
        }
        Self::check_rows(n, ctl)?;
        let what = format!("computing the MIN rows 0..={n}");
        let small_end = (n + 1).min(U16_ROWS);
        if small_end > self.rows {
            let need = offset(small_end) - self.small.len() as u64;
            crate::control::try_reserve_exact(&mut self.small, need as usize, || what.clone())?;
        }
        if n + 1 > U16_ROWS {
            let need = offset(n + 1) - offset(U16_ROWS) - self.large.len() as u64;
            crate::control::try_reserve_exact(&mut self.large, need as usize, || what.clone())?;
        }
        let start = self.rows;
        let done_before = offset(start);
        ctl.start("MIN rows", offset(n + 1) - done_before);
        let result = self.compute_rows(start, n, ctl, done_before);
        ctl.finish();
        result
    }

    /// The checks of [`MinRows::extend_to`] for rows `0..=n`, before any work.
    fn check_rows(n: u64, ctl: &Control) -> Result<()> {
        let what = format!("computing the MIN rows 0..={n}");
        let entries = (n as u128 + 1).saturating_mul(n as u128 + 2) / 2;
        let bytes = storage_bytes(n).saturating_add((8 + 4 * BLOCK_ROWS as u128) * (n as u128 + 2));
        ctl.check_memory(
            &what,
            bytes.min(u64::MAX as u128) as u64,
            format!("{entries} stored values, (n+1)(n+2)/2 for n = {n}"),
        )?;
        ctl.check_states(&what, entries)?;
        if n >= u32::MAX as u64 {
            return Err(Error::Unsupported(format!(
                "{what}: rows beyond 2^32 are not supported"
            )));
        }
        Ok(())
    }

    /// Rows `start..=n`, in blocks of [`BLOCK_ROWS`]: the columns G(c, a) of a block's
    /// rows are gathered together, reading each earlier row c once per block (a few
    /// consecutive values) instead of once per row. Cancellation is checked after each
    /// row and every [`CANCEL_COLUMNS`] earlier rows gathered (a row of the table to
    /// 10^5 is about 10^5 steps; a block's 128 of them took half a second).
    fn compute_rows(&mut self, start: u64, n: u64, ctl: &Control, done_before: u64) -> Result<()> {
        let mut buf = std::mem::take(&mut self.buf);
        let mut cols = std::mem::take(&mut self.col);
        let result = self.rows_with(start, n, ctl, done_before, &mut buf, &mut cols);
        self.buf = buf;
        self.col = cols;
        result
    }

    /// [`MinRows::compute_rows`] with its buffers.
    fn rows_with(
        &mut self,
        start: u64,
        n: u64,
        ctl: &Control,
        done_before: u64,
        buf: &mut Vec<u32>,
        cols: &mut Vec<u32>,
    ) -> Result<()> {
        let stop = || if ctl.cancelled() { Err(Error::Interrupted) } else { Ok(()) };
        let mut a0 = start;
        while a0 <= n {
            let a1 = (a0 + BLOCK_ROWS).min(n + 1);
            let stride = a1 as usize;
            cols.clear();
            cols.resize(stride * (a1 - a0) as usize, 0);
            // cols[k·stride + c] = G(c, a0 + k) for 1 ≤ c < a0 (c = 0 gives 0).
            for c in 1..a0 {
                if c.is_multiple_of(CANCEL_COLUMNS) {
                    stop()?;
                }
                let len = c + 1;
                let mut r = (a0 - c) % len;
                for k in 0..(a1 - a0) as usize {
                    cols[k * stride + c as usize] = self.entry(c, r);
                    r += 1;
                    if r == len {
                        r = 0;
                    }
                }
            }
            for a in a0..a1 {
                let k = (a - a0) as usize;
                // The block's own earlier rows a0 ≤ c < a.
                for c in a0.max(1)..a {
                    cols[k * stride + c as usize] = self.entry(c, (a - c) % (c + 1));
                }
                let col = &cols[k * stride..k * stride + a as usize];
                self.row_from_column(a, col, a + 1, buf);
                if a < U16_ROWS {
                    self.small.extend(buf.iter().map(|&v| v as u16));
                } else {
                    self.large.extend_from_slice(buf);
                }
                self.rows = a + 1;
                stop()?;
            }
            a0 = a1;
            ctl.tick(offset(a1) - done_before)?;
        }
        Ok(())
    }

    /// G(a, a + i) for 0 ≤ i < `len`, by the sliding-window mex over the rules, using
    /// only rows `0..a` (row a's own periodicity is not used). Needs `a ≤ rows()`.
    ///
    /// Panics if a row below `a` is missing.
    pub fn window_row(&mut self, a: u64, len: u64, out: &mut Vec<u32>) {
        assert!(a <= self.rows, "rows below {a} are not computed");
        // The first window: G(c, a) for 0 ≤ c < a, from rows c < a.
        let mut col = std::mem::take(&mut self.col);
        col.clear();
        col.extend((0..a).map(|c| if c == 0 { 0 } else { self.entry(c, (a - c) % (c + 1)) }));
        self.row_from_column(a, &col, len, out);
        self.col = col;
    }

    /// G(a, a + i) for 0 ≤ i < `len` from the column `col[c] = G(c, a)`, 0 ≤ c < a: the
    /// first window is the column, and each value is the mex of the a before it.
    fn row_from_column(&mut self, a: u64, col: &[u32], len: u64, out: &mut Vec<u32>) {
        out.clear();
        if a == 0 {
            out.resize(len as usize, 0);
            return;
        }
        let w = &mut self.window;
        w.reset(a as usize + 1);
        for &v in col {
            w.add(v);
        }
        let mut m = w.mex();
        for i in 0..len {
            out.push(m);
            // Window for b + 1 = a + i + 1: drop position i, add position a + i.
            let gone = if i < a { col[i as usize] } else { out[(i - a) as usize] };
            m = w.slide(m, gone);
        }
    }
}

impl TupleSolver for MinRows {
    fn check(&self, pos: &[u64], ctl: &Control) -> Result<()> {
        let a = pos[0].min(pos[1]);
        if a < self.rows {
            return Ok(());
        }
        Self::check_rows(a, ctl)
    }

    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        let a = pos[0].min(pos[1]);
        self.extend_to(a, ctl)?;
        Ok(Nimber::from(self.get(pos[0], pos[1]).expect("row was just computed")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::min::Min;
    use crate::solve::memo::MemoSolver;
    use proptest::prelude::*;
    use std::sync::Arc;

    /// Cancellation is seen after each row, not once per block of 128 rows (at row
    /// 10^5 a block took half a second).
    #[test]
    fn cancellation_is_checked_after_each_row() {
        let ctl = Control::new();
        ctl.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
        let mut rows = MinRows::new();
        assert_eq!(rows.extend_to(1000, &ctl), Err(Error::Interrupted));
        assert_eq!(rows.rows, 1);
    }

    #[test]
    fn agrees_with_generic_search_on_all_pairs_up_to_60() {
        let ctl = Control::new();
        let mut memo = MemoSolver::new(Arc::new(Min));
        let mut rows = MinRows::new();
        rows.extend_to(60, &ctl).unwrap();
        for a in 0..=60u64 {
            for b in 0..=60u64 {
                let s = memo.value(&[a, b], &ctl).unwrap();
                assert_eq!(Nimber::from(rows.get(a, b).unwrap()), s, "G({a},{b})");
            }
        }
    }

    #[test]
    fn extends_incrementally_to_the_same_table() {
        let ctl = Control::new();
        let mut once = MinRows::new();
        once.extend_to(300, &ctl).unwrap();
        let mut steps = MinRows::new();
        for n in [0, 1, 2, 17, 100, 101, 300] {
            steps.extend_to(n, &ctl).unwrap();
        }
        assert_eq!(once.small, steps.small);
        assert_eq!(steps.rows(), 301);
    }

    #[test]
    fn each_stored_row_is_a_permutation() {
        // Lemma 3(b) with b = a: G(a, a..=2a) = {0, …, a}.
        let mut rows = MinRows::new();
        rows.extend_to(500, &Control::new()).unwrap();
        for a in 0..=500u64 {
            let mut seen = vec![false; a as usize + 1];
            for i in 0..=a {
                let v = rows.row_value(a, i) as usize;
                assert!(v <= a as usize && !seen[v], "row {a}");
                seen[v] = true;
            }
        }
    }

    #[test]
    fn refuses_a_table_beyond_the_memory_limit() {
        let ctl = Control::new().with_memory_limit(1 << 20);
        let mut rows = MinRows::new();
        let e = rows.extend_to(5000, &ctl).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        assert_eq!(rows.rows(), 0);
    }

    #[test]
    fn far_columns_match_the_window_run_without_periodicity() {
        // G(a, b) for b up to a + 4000 by continuing the sliding window of row a, against
        // the stored period reduced by Lemma 3(a).
        let ctl = Control::new();
        let mut rows = MinRows::new();
        rows.extend_to(120, &ctl).unwrap();
        let mut long = Vec::new();
        for a in [1u64, 2, 7, 64, 119, 120] {
            rows.window_row(a, 4000, &mut long);
            for (i, &v) in long.iter().enumerate() {
                assert_eq!(Some(v), rows.get(a, a + i as u64), "G({a},{})", a + i as u64);
            }
        }
        let far = rows.value(&[1_000_000_000_000, 120], &ctl).unwrap();
        assert_eq!(
            far,
            Nimber::from(rows.get(120, 120 + (1_000_000_000_000 - 120) % 121).unwrap())
        );
    }

    proptest! {
        #[test]
        fn random_pairs_agree_with_generic_search(a in 0u64..80, b in 0u64..400) {
            let ctl = Control::new();
            let mut memo = MemoSolver::new(Arc::new(Min));
            let mut rows = MinRows::new();
            let r = rows.value(&[a, b], &ctl).unwrap();
            prop_assert_eq!(r, memo.value(&[a, b], &ctl).unwrap());
        }
    }
}
