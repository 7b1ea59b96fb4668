//! Staircase Nim: coins on the steps 1, 2, …, m of a staircase; a move takes one or
//! more coins from a step down to the step below it (from step 1 to the floor, where
//! they leave the game).
//!
//! The P-positions are those whose coins on the odd steps have nim-sum 0 (Ferguson,
//! *Game Theory*, Part I, §2.5 Exercise 6): a move on an odd step is a Nim move among
//! the odd steps, and a move from an even step down to an odd one is undone by moving
//! the same coins one step further down. The argument holds as well for several
//! staircases side by side, a Nim heap being a staircase of one step, so a position plus
//! a heap of `h` is P iff the odd steps' nim-sum is `h`: the value is that nim-sum.

use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset};
use crate::value::Nimber;
use std::sync::Arc;

/// Staircase Nim: positions `(c1, …, cm)`, `ci` coins on step `i`.
pub struct Staircase;

/// The value of Staircase Nim.
pub const STAIRCASE: Statement = Statement {
    text: "G(c1,…,cm) = c1 ⊕ c3 ⊕ c5 ⊕ …, the nim-sum of the coins on the odd steps",
    source: "Ferguson, Game Theory, Part I §2.5 Exercise 6 (P-positions); the value by the same argument with a Nim heap added",
};

/// The value by [`STAIRCASE`].
pub fn staircase_value(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |x, &c| x ^ c)
}

impl TupleRuleset for Staircase {
    fn name(&self) -> String {
        "staircase".into()
    }
    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }
    /// At most 2^64 − 1 coins in all, so that a step can hold every coin.
    fn check(&self, pos: &[u64]) -> Result<()> {
        if pos.iter().try_fold(0u64, |s, &c| s.checked_add(c)).is_none() {
            return Err(Error::Domain {
                ruleset: "staircase".into(),
                position: format!("staircase({})", crate::error::Joined(pos)),
                reason: "more than 2^64 − 1 coins in all (coins moved down would not fit a step)".into(),
            });
        }
        Ok(())
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut next = pos.to_vec();
        for i in 0..pos.len() {
            for t in 1..=pos[i] {
                next[i] = pos[i] - t;
                if i > 0 {
                    next[i - 1] = pos[i - 1] + t;
                }
                f(&next);
            }
            next[i] = pos[i];
            if i > 0 {
                next[i - 1] = pos[i - 1];
            }
        }
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    /// A position reached has at most `C_i` coins on the steps `i, i + 1, …` (`C_i`
    /// those of the start), so at most `∏ (C_i + 1)` positions.
    fn search_states(&self, pos: &[u64]) -> u128 {
        let mut above = 0u128;
        pos.iter().rev().fold(1u128, |acc, &c| {
            above += c as u128;
            acc.saturating_mul(above + 1)
        })
    }
    /// The coins (every position reached has at most as many, and at most one option
    /// per coin and step).
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos.iter().map(|&c| c as u128).sum()
    }
}

impl TupleClosedForm for Staircase {
    fn statement(&self) -> Statement {
        STAIRCASE
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        Some(Nimber::from(staircase_value(pos)))
    }
}

/// Staircase Nim.
pub const FAMILIES: &[Family] = &[Family::fixed(
    "staircase",
    "coins (c1,…,cm) on the steps 1, …, m of a staircase, m ≥ 1: staircase(3,1,4) is one game",
    "move one or more coins from a step to the step below (from step 1 off the staircase)",
    "Ferguson, Game Theory, Part I §2.5",
    Some(STAIRCASE),
    "staircase(3,1,4)",
    |_| Ok(Ruleset::Tuple(Arc::new(Staircase))),
)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_tuple;
    use crate::control::Control;

    #[test]
    fn closed_form_agrees_with_search() {
        let rs: Arc<dyn TupleRuleset> = Arc::new(Staircase);
        for (arity, to) in [(1, 30), (2, 20), (3, 10), (4, 5)] {
            let r = verify_tuple(&rs, arity, to, &Control::new()).unwrap();
            assert_eq!((r.checked, r.mismatch), ((to + 1).pow(arity as u32), None), "{arity} steps");
        }
    }

    #[test]
    fn options_and_domain() {
        let mut opts = Vec::new();
        Staircase.for_each_option(&[1, 2], &mut |o| opts.push(o.to_vec()));
        assert_eq!(opts, [vec![0, 2], vec![2, 1], vec![3, 0]]);
        // Coins on the even steps do not count: (0, 5) is P (Ferguson's exercise).
        assert_eq!(staircase_value(&[0, 5]), 0);
        assert_eq!(staircase_value(&[3, 9, 5, 9]), 6);
        assert!(Staircase.check(&[u64::MAX, 1]).is_err());
        assert!(Staircase.check(&[u64::MAX - 1, 1]).is_ok());
        assert_eq!(Staircase.search_states(&[1, 2]), (2 + 1) * (3 + 1));
    }
}
