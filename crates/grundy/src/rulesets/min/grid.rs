//! A plain table of MIN's nim-values on a triangle, computed from the rules alone.
//!
//! [`MinGrid`] holds G(a, b) for every 0 ≤ a ≤ b ≤ n. Unlike [`super::rows::MinRows`]
//! it uses no structure of the game (no periodicity): each value is the mex of the
//! values of its options, read from the table. It exists to check the paper's lemmas,
//! Lemma 3 included, on a range where nothing is assumed. Work O(n²), memory n² bytes.

use super::window::WindowMex;
use crate::control::Control;
use crate::error::{Error, Result};

/// G(a, b) for all 0 ≤ a ≤ b ≤ n (n ≤ 65535), from the rules of MIN.
pub struct MinGrid {
    n: u64,
    values: Vec<u16>,
}

impl MinGrid {
    /// Computes the triangle 0 ≤ a ≤ b ≤ n.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for n > 65535, [`Error::TooLarge`] if the table exceeds
    /// the memory limit, [`Error::Interrupted`] on cancellation.
    pub fn new(n: u64, ctl: &Control) -> Result<MinGrid> {
        if n > u16::MAX as u64 {
            return Err(Error::Unsupported(format!(
                "the plain MIN table goes up to 65535, not {n}"
            )));
        }
        let entries = (n + 1) * (n + 2) / 2;
        ctl.check_memory(
            &format!("a plain MIN table for 0 ≤ a ≤ b ≤ {n}"),
            entries * 2 + 8 * (n + 2),
            format!("{entries} values"),
        )?;
        let mut g = MinGrid { n, values: Vec::new() };
        crate::control::try_reserve_exact(&mut g.values, entries as usize, || {
            format!("a plain MIN table for 0 ≤ a ≤ b ≤ {n}")
        })?;
        // Row 0: (0, b) is terminal.
        g.values.resize(n as usize + 1, 0);
        let mut w = WindowMex::default();
        let mut col = Vec::new();
        ctl.start("plain MIN table", entries);
        for a in 1..=n {
            col.clear();
            col.extend((0..a).map(|c| g.values[g.index(c, a)] as u32));
            w.reset(a as usize + 1);
            for &v in &col {
                w.add(v);
            }
            let row_start = g.values.len();
            for b in a..=n {
                let v = w.mex();
                g.values.push(v as u16);
                // Next window: drop position b − a, add position b.
                let p = b - a;
                let gone = if p < a {
                    col[p as usize]
                } else {
                    g.values[row_start + (p - a) as usize] as u32
                };
                w.remove(gone);
                w.add(v);
            }
            if a & 0x3F == 0 {
                ctl.tick(g.values.len() as u64)?;
            }
        }
        ctl.finish();
        Ok(g)
    }

    /// The largest coordinate n.
    pub fn n(&self) -> u64 {
        self.n
    }

    fn index(&self, a: u64, b: u64) -> usize {
        // Rows c < a hold n − c + 1 values each.
        (a * (self.n + 1) - a * a.saturating_sub(1) / 2 + (b - a)) as usize
    }

    /// G(a, b) in either order; `None` if max(a, b) > n.
    pub fn get(&self, a: u64, b: u64) -> Option<u32> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        (b <= self.n).then(|| self.values[self.index(a, b)] as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TupleSolver;
    use crate::rulesets::min::Min;
    use crate::solve::memo::MemoSolver;
    use crate::value::Nimber;
    use std::sync::Arc;

    #[test]
    fn agrees_with_generic_search() {
        let ctl = Control::new();
        let g = MinGrid::new(70, &ctl).unwrap();
        let mut memo = MemoSolver::new(Arc::new(Min));
        for a in 0..=70 {
            for b in 0..=70 {
                assert_eq!(
                    Nimber::from(g.get(a, b).unwrap()),
                    memo.value(&[a, b], &ctl).unwrap(),
                    "G({a},{b})"
                );
            }
        }
        assert_eq!(g.get(3, 71), None);
    }

    #[test]
    fn agrees_with_the_row_engine() {
        let ctl = Control::new();
        let g = MinGrid::new(900, &ctl).unwrap();
        let mut rows = super::super::rows::MinRows::new();
        rows.extend_to(900, &ctl).unwrap();
        for a in 0..=900 {
            for b in a..=900 {
                assert_eq!(g.get(a, b), rows.get(a, b), "G({a},{b})");
            }
        }
    }
}
