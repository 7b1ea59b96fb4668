//! Periodicity of nim-value sequences: the smallest period, preperiod and saltus of
//! a computed sequence, in the sense of CGSuite's `Periodicity(period, preperiod,
//! saltus)` and of Winning Ways: G(n + p) = G(n) + s for every n ≥ n₀. An ordinary
//! (ultimately) periodic sequence has saltus s = 0; an arithmetic-periodic one has
//! s ≠ 0 (Nim: period 1, saltus 1).
//!
//! A period found in a finite table is only *apparent*: the values computed so far
//! agree with it. [`proven_by`] turns an apparent period into a proven one with the
//! ruleset's periodicity theorem ([`crate::game::PeriodicityTheorem`]), such as the
//! periodicity theorem for subtraction games with finite S.
//!
//! The detection and the growing search live in [`crate::solve::period`], where the
//! solver's period engine uses them; they are re-exported here. [`runs`] lists the
//! maximal runs of equal values (block structure such as that of residue-throw-divisor,
//! paper 003 Theorem 12).

pub use crate::solve::period::detect::{
    detect, detect_in, grow, preperiod_for, proven_by, search, search_partial, Certificate, Evidence, Grown,
    PeriodSearch, Periodicity,
};

/// A maximal run of equal values: heaps `start..start + len` all have value `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The common value.
    pub value: u64,
    /// First heap of the run.
    pub start: u64,
    /// Number of heaps in the run (the last run of a table may continue beyond it).
    pub len: u64,
}

/// The maximal runs of equal values in `values` (`values[i]` = G(`start` + i)).
pub fn runs(values: &[u64], start: u64) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        match out.last_mut() {
            Some(r) if r.value == v => r.len += 1,
            _ => out.push(Run {
                value: v,
                start: start + i as u64,
                len: 1,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_equal_values() {
        let r = runs(&[0, 1, 1, 1, 2, 2], 1);
        assert_eq!(
            r,
            vec![
                Run {
                    value: 0,
                    start: 1,
                    len: 1
                },
                Run {
                    value: 1,
                    start: 2,
                    len: 3
                },
                Run {
                    value: 2,
                    start: 5,
                    len: 2
                }
            ]
        );
        assert!(runs(&[], 0).is_empty());
    }
}
