//! The paper's own procedure for f_0 and f_1 (paper 001 §4): a downward search.
//!
//! For each a, the positions (a, a − i), i = 1, 2, 3, … are examined until one has
//! value j; that a position (c, a) with 1 ≤ c < a has value j is decided from f_j(c)
//! alone, by R_{c+1}(a − c) = f_j(c) (Lemma 3). Then f_j(a) = c + 1. If no c ≥ 1
//! qualifies, f_0(a) = 1 (the terminal (0, a) has value 0) and f_1(a) = 0. The paper
//! shortcuts the case f_1(a) = 0 by Theorem 1 (a + 1 prime); this search does not use
//! primality, so it can check the theorem. Work is the total search depth, quadratic
//! in the worst case: this is the baseline for [`super::facts`]'s sieve.

use super::facts::UNDEFINED;
use crate::control::Control;
use crate::error::{Error, Result};

/// f_j(0..=to) for j = 0 or 1 by the downward search (f_1(0) is [`UNDEFINED`]).
///
/// # Errors
/// [`Error::Unsupported`] for j > 1, [`Error::Overflow`] for `to` ≥ 2^32 − 1,
/// [`Error::TooLarge`] if the table exceeds the memory limit, [`Error::Interrupted`] on
/// cancellation.
pub fn downward_search(j: u32, to: u64, ctl: &Control) -> Result<Vec<u32>> {
    if j > 1 {
        return Err(Error::Unsupported(format!(
            "f_{j} is defined here for j = 0 and 1 only"
        )));
    }
    if to >= UNDEFINED as u64 {
        return Err(Error::Overflow {
            value: to.to_string(),
            reason: "the MIN f-tables go up to 2^32 − 2".into(),
        });
    }
    ctl.check_memory(
        &format!("the downward search for f_{j} up to {to}"),
        (to + 1).saturating_mul(4),
        "one 4-byte table",
    )?;
    let mut f = crate::control::try_filled(to as usize + 1, 0u32, || {
        format!("the downward search for f_{j} up to {to}")
    })?;
    f[0] = if j == 0 { 0 } else { UNDEFINED };
    for a in 1..=to {
        let mut found = if j == 0 { 1 } else { 0 };
        for c in (1..a).rev() {
            if (a - c) % (c + 1) == f[c as usize] as u64 {
                found = c as u32 + 1;
                break;
            }
        }
        f[a as usize] = found;
        if a & 0xFF == 0 {
            ctl.tick(a)?;
        }
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::super::facts::MinFacts;
    use super::*;

    #[test]
    fn agrees_with_the_sieve() {
        let ctl = Control::new();
        let facts = MinFacts::compute(5000, &ctl).unwrap();
        for j in 0..2 {
            assert_eq!(downward_search(j, 5000, &ctl).unwrap(), facts.table(j), "f_{j}");
        }
        assert!(downward_search(2, 5, &ctl).is_err());
    }
}
