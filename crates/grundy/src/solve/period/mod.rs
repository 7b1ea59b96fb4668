//! The period engine: once a heap ruleset's periodicity theorem proves a period
//! ([`crate::game::PeriodicityTheorem`]), the period is a closed form, and every heap
//! below 2^64 is answered from it: G(n) = G(n₀ + (n − n₀) mod p) for n ≥ n₀.
//!
//! - [`detect`]: the smallest period of a table, the proof by the ruleset's theorem,
//!   and the growing search that computes the table only until a period is proven
//!   ([`detect::grow`]).
//! - [`ProvenPeriod`]: a proven period with the values it rests on (the preperiod and
//!   one period), answering values; the [`crate::solve::Evaluator`] keeps one per
//!   ruleset, found by the search or loaded from a saved certificate.
//! - [`moves`]: the options of a given value of a heap far beyond the table, for codes
//!   of plain digits (take, leave one heap, split in two or three): the pieces a + b =
//!   n − j with G(a) ⊕ G(b) = t are found through the residues of a modulo p and the
//!   preperiod, a + b + c = n − j through those of a and b, listed in the order of the
//!   rules and counted exactly, never by scanning n.

pub mod detect;
pub mod moves;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Encoding, HeapRuleset};
use crate::value::Nimber;
pub use detect::{Certificate, Grown, Periodicity};

/// A proven period of a heap ruleset: G(n + p) = G(n) + s for every n ≥ n₀, with the
/// values of heaps `0..n₀ + p` (the preperiod and one period), the last heap whose
/// computed value agrees with the pattern, and the theorem that proves it.
///
/// # Example
/// ```
/// use grundy::{catalog::parse_ruleset, solve::period::{detect::grow, ProvenPeriod}, Control};
/// let kayles = parse_ruleset("kayles").unwrap();
/// let rs = kayles.as_heap("value").unwrap();
/// let (grown, _) = grow(rs.as_ref(), 0, 1 << 40, Vec::new(), &Control::new()).unwrap();
/// let p = ProvenPeriod::from_grown(rs.as_ref(), &grown).unwrap();
/// assert_eq!(p.value(1_000_000_000_000_000_000).to_string(), "1"); // 10^18 ≡ 4 (mod 12)
/// assert_eq!(p.source(), "by the proven period (12, 71, 0), Guy–Smith, agreement checked to heap 1023");
/// ```
#[derive(Clone, Debug)]
pub struct ProvenPeriod {
    ruleset: String,
    periodicity: Periodicity,
    values: Vec<u32>,
    checked_to: u64,
    proof_end: u64,
    theorem: Statement,
    theorem_name: String,
}

impl ProvenPeriod {
    /// A proven period of `ruleset` from the values `values[n]` = G(n) of heaps
    /// `0..=checked_to` (at least `n₀ + p` of them; more are dropped), which agree with
    /// the pattern from n₀ on; `proof_end` is the last heap the theorem needs
    /// (at most `checked_to`).
    ///
    /// # Errors
    /// [`Error::Input`] if there are fewer than n₀ + p values, the period is 0, the
    /// values do not follow the pattern, or `proof_end` is past `checked_to`.
    pub fn new(
        ruleset: &str,
        periodicity: Periodicity,
        values: &[u32],
        checked_to: u64,
        proof_end: u64,
        theorem: Statement,
        theorem_name: String,
    ) -> Result<ProvenPeriod> {
        let (n0, p) = (periodicity.preperiod, periodicity.period);
        let bad = |m: String| Err(Error::Input(format!("a proven period of {ruleset}: {m}")));
        let Some(need) = n0.checked_add(p).filter(|_| p >= 1) else {
            return bad(format!("{periodicity} is not a pattern"));
        };
        if (values.len() as u64) < need || proof_end > checked_to {
            return bad(format!(
                "{} values up to heap {checked_to} (proof to {proof_end}) do not cover {periodicity}",
                values.len()
            ));
        }
        let s = i128::from(periodicity.saltus);
        let agree = (n0..(values.len() as u64)
            .min(checked_to.saturating_add(1))
            .saturating_sub(p))
            .all(|n| values[(n + p) as usize] as i128 - values[n as usize] as i128 == s);
        if !agree {
            return bad(format!("the values do not follow {periodicity}"));
        }
        Ok(ProvenPeriod {
            ruleset: ruleset.to_string(),
            periodicity,
            values: values[..need as usize].to_vec(),
            checked_to,
            proof_end,
            theorem,
            theorem_name,
        })
    }

    /// The proven period of a growing search ([`detect::grow`]) that found one: the
    /// table's values (plain codes) and its certificate; `None` without a proof.
    pub fn from_grown(rs: &dyn HeapRuleset, g: &Grown) -> Option<ProvenPeriod> {
        let c = g.certificate.as_ref()?;
        if g.table.encoding() != Encoding::Plain {
            return None;
        }
        let theorem = rs.periodicity()?;
        ProvenPeriod::new(
            &c.ruleset,
            c.periodicity,
            g.table.codes(),
            g.last?,
            c.proof_end,
            c.theorem,
            theorem.theorem_name(),
        )
        .ok()
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// The pattern.
    pub fn periodicity(&self) -> Periodicity {
        self.periodicity
    }

    /// The last heap whose computed value was checked against the pattern.
    pub fn checked_to(&self) -> u64 {
        self.checked_to
    }

    /// The last heap the theorem needs.
    pub fn proof_end(&self) -> u64 {
        self.proof_end
    }

    /// The theorem and its source.
    pub fn theorem(&self) -> Statement {
        self.theorem
    }

    /// The heap of the first period (or the preperiod) with the same value as `n`
    /// (when the saltus is 0): `n` below n₀, else n₀ + (n − n₀) mod p.
    pub fn class(&self, n: u64) -> u64 {
        let (n0, p) = (self.periodicity.preperiod, self.periodicity.period);
        if n < n0 {
            n
        } else {
            n0 + (n - n0) % p
        }
    }

    /// G(n) (any heap below 2^64).
    pub fn value(&self, n: u64) -> Nimber {
        let base = self.values[self.class(n) as usize];
        match self.periodicity.saltus {
            0 => Nimber::from(base),
            s => {
                let (n0, p) = (self.periodicity.preperiod, self.periodicity.period);
                let steps = n.saturating_sub(n0) / p;
                // s ≥ 0 (a negative saltus is never reported), so this stays positive.
                let v = base as i128 + steps as i128 * s as i128;
                Nimber::from(num_bigint::BigUint::from(v.max(0) as u128))
            }
        }
    }

    /// G(n) as a 32-bit value, for an ordinary period (saltus 0; `None` otherwise):
    /// the values of a range read without a [`Nimber`] each.
    pub fn small_value(&self, n: u64) -> Option<u32> {
        (self.periodicity.saltus == 0).then(|| self.code(n))
    }

    /// G(n) of an ordinary period (saltus 0), as the table code.
    pub(crate) fn code(&self, n: u64) -> u32 {
        self.values[self.class(n) as usize]
    }

    /// Where the values beyond the computed table come from, in words: `by the proven
    /// period (12, 71, 0), Guy–Smith, agreement checked to heap 1023` (CGSuite's order:
    /// period, preperiod, saltus).
    pub fn source(&self) -> String {
        let p = self.periodicity;
        format!(
            "by the proven period ({}, {}, {}), {}, agreement checked to heap {}",
            p.period, p.preperiod, p.saltus, self.theorem_name, self.checked_to
        )
    }
}
