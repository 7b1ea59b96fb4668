//! Chomp (D. Gale, "A curious Nim-type game", Amer. Math. Monthly 81 (1974) 876–879;
//! F. Schuh 1952 in the language of divisors) on Young diagrams, in normal play.
//!
//! A position is a Young diagram, written by its row lengths `chomp(r1, r2, …, rm)`,
//! `r1 ≥ r2 ≥ … ≥ rm ≥ 1`; the poisoned square is the corner `(1, 1)`. A move picks a
//! square `(i, j)` of the diagram other than the corner and removes it with every
//! square below and to the right of it (`(k, l)` with `k ≥ i`, `l ≥ j`). The poisoned
//! square is never taken: the player facing it alone, `chomp(1)`, cannot move and
//! loses (this is the usual game in which taking the poisoned square loses).
//!
//! No closed form is known; values come from a memoized search over the sub-diagrams,
//! of which an `m × r1` box holds `C(r1 + m, m)` (lattice paths), the estimate of its
//! positions. A diagram and its transpose have the same value, so the search keeps the
//! one of fewer rows (the lesser of the two if they have as many). Known results the tests check: the 2-row P-positions are
//! `(n, n − 1)`; every rectangle except `1 × 1` is an N-position (Gale's
//! strategy-stealing argument; for square boards the first player takes all but the
//! first row and column, then mirrors); L-shapes with equal arms are P (mirroring).

use crate::error::{Error, Result};
use crate::game::{Arity, Family, Ruleset, TupleRuleset};
use std::sync::Arc;

/// Chomp on Young diagrams, normal play.
pub struct Chomp;

/// The number of sub-diagrams of a `rows × cols` box, `C(rows + cols, rows)`,
/// saturating at `u128::MAX`.
pub fn sub_diagrams(rows: u64, cols: u64) -> u128 {
    let k = rows.min(cols) as u128;
    let n = rows as u128 + cols as u128;
    let mut c: u128 = 1;
    for i in 1..=k {
        // c = C(n − k + i, i), exact at each step; saturate once it overflows.
        match c.checked_mul(n - k + i) {
            Some(x) => c = x / i,
            None => return u128::MAX,
        }
    }
    c
}

/// The transpose (conjugate partition) of a diagram given by its row lengths.
fn transpose(rows: &[u64]) -> Vec<u64> {
    let cols = rows.first().copied().unwrap_or(0);
    // Column l has as many squares as rows longer than l.
    (0..cols).map(|l| rows.iter().take_while(|&&r| r > l).count() as u64).collect()
}

impl TupleRuleset for Chomp {
    fn name(&self) -> String {
        "chomp".into()
    }
    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }
    fn check(&self, pos: &[u64]) -> Result<()> {
        let domain = |reason: String| Error::Domain {
            ruleset: "chomp".into(),
            position: format!("chomp({})", crate::error::Joined(pos)),
            reason,
        };
        if let Some(i) = pos.iter().position(|&r| r == 0) {
            return Err(domain(format!(
                "row {} is empty: a position lists the lengths of its rows, each at least 1",
                i + 1
            )));
        }
        if let Some(i) = pos.windows(2).position(|w| w[1] > w[0]) {
            return Err(domain(format!(
                "row {} (length {}) is longer than row {} (length {}): the row lengths of a Young diagram do not increase",
                i + 2,
                pos[i + 1],
                i + 1,
                pos[i]
            )));
        }
        Ok(())
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut next = Vec::with_capacity(pos.len());
        for (i, &len) in pos.iter().enumerate() {
            for j in u64::from(i == 0)..len {
                // Remove (i, j) and everything below and to its right; drop the rows
                // left empty.
                next.clear();
                next.extend_from_slice(&pos[..i]);
                next.extend(pos[i..].iter().map(|&r| r.min(j)).take_while(|&r| r > 0));
                f(&next);
            }
        }
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        // The one with fewer rows (the shorter key; a transpose is only built when it
        // is shorter than the diagram, so a diagram of one long row costs no more than
        // itself), the lesser of the two when they have as many.
        let (rows, cols) = (pos.len() as u64, pos.first().copied().unwrap_or(0));
        if cols > rows {
            return pos.to_vec();
        }
        let t = transpose(pos);
        if t.len() < pos.len() || t.as_slice() < pos {
            t
        } else {
            pos.to_vec()
        }
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        sub_diagrams(pos.len() as u64, pos[0])
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos.iter().map(|&r| r as u128).sum::<u128>() - 1
    }
}

/// Chomp.
pub const FAMILIES: &[Family] = &[Family::fixed(
    "chomp",
    "Young diagrams by their row lengths r1 ≥ r2 ≥ … ≥ 1: chomp(4,4,2) is one game",
    "take a square other than the poisoned corner with every square below and right of it; facing the corner alone loses",
    "Gale 1974, Amer. Math. Monthly 81; Schuh 1952",
    None,
    "chomp(4,4,2)",
    |_| Ok(Ruleset::Tuple(Arc::new(Chomp))),
)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::Control;
    use crate::game::TupleSolver;
    use crate::solve::memo::MemoSolver;
    use crate::value::Nimber;

    fn value(s: &mut MemoSolver, pos: &[u64]) -> Nimber {
        s.value(pos, &Control::new()).unwrap()
    }

    #[test]
    fn known_outcomes() {
        let mut s = MemoSolver::new(Arc::new(Chomp));
        assert_eq!(value(&mut s, &[1]), Nimber::ZERO);
        // Two rows: P iff (n, n − 1).
        for a in 1..=14 {
            for b in 0..=a {
                let pos: Vec<u64> = [a, b].into_iter().filter(|&r| r > 0).collect();
                assert_eq!(value(&mut s, &pos).is_zero(), b + 1 == a, "chomp({a},{b})");
            }
        }
        // Rectangles other than 1 × 1 are N; symmetric L-shapes are P.
        for rows in 1..=6u64 {
            for cols in 1..=6 {
                let rect = vec![cols; rows as usize];
                assert_eq!(value(&mut s, &rect).is_zero(), rows * cols == 1, "{rows} × {cols}");
            }
            let mut l = vec![1; rows as usize];
            l[0] = rows;
            assert!(value(&mut s, &l).is_zero(), "L {rows}");
        }
    }

    /// The transpose has the same value (checked here by search on both, so the
    /// canonical form is safe), and the options are the sub-diagrams one bite away.
    #[test]
    fn transposes_and_options() {
        assert_eq!(transpose(&[4, 4, 2]), [3, 3, 2, 2]);
        assert_eq!(transpose(&[1]), [1]);
        let mut opts = Vec::new();
        Chomp.for_each_option(&[2, 1], &mut |o| opts.push(o.to_vec()));
        assert_eq!(opts, [vec![1, 1], vec![2]]);
        struct Plain;
        impl TupleRuleset for Plain {
            fn name(&self) -> String {
                "plain-chomp".into()
            }
            fn arity(&self) -> Arity {
                Arity::AtLeast(1)
            }
            fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
                Chomp.for_each_option(pos, f)
            }
            fn search_states(&self, pos: &[u64]) -> u128 {
                Chomp.search_states(pos)
            }
        }
        let (mut a, mut b) = (MemoSolver::new(Arc::new(Chomp)), MemoSolver::new(Arc::new(Plain)));
        for pos in [vec![4, 4, 2], vec![5, 3, 3, 1], vec![6, 6, 5, 2, 2], vec![3, 3, 3, 3, 3, 3, 2]] {
            let t = transpose(&pos);
            assert_eq!(value(&mut a, &pos), value(&mut b, &pos), "{pos:?}");
            assert_eq!(value(&mut b, &t), value(&mut b, &pos), "{pos:?}");
        }
    }

    #[test]
    fn domain_and_estimates() {
        assert!(Chomp.check(&[3, 0]).unwrap_err().to_string().contains("row 2 is empty"));
        let e = Chomp.check(&[3, 4]).unwrap_err().to_string();
        assert!(e.contains("row 2 (length 4) is longer than row 1"), "{e}");
        assert_eq!(sub_diagrams(2, 3), 10);
        assert_eq!(sub_diagrams(10, 10), 184_756);
        assert_eq!(sub_diagrams(u64::MAX, u64::MAX), u128::MAX);
        // A board far beyond the limits is refused before the search starts.
        let e = MemoSolver::new(Arc::new(Chomp))
            .value(&[40; 40], &Control::new())
            .unwrap_err();
        assert!(matches!(e, Error::TooMuchWork { .. } | Error::TooLarge { .. }), "{e}");
    }
}
