//! Values of loopy impartial games: the generalized Sprague–Grundy function.
//!
//! In a game whose play can cycle, every position has a *loopy nim-value*: either a
//! finite nim-value `m`, or `∞(K)` where `K` is the set of finite values of its options
//! (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81;
//! A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its
//! invariance under certain mappings", J. Combin. Theory Ser. A 43 (1986) 165–177;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 12, write `∞_K`). Paper 003 §7
//! writes `∞₃` for the value whose finite options have mex 3 (its `∞₃` is `∞(0,1,2)`).
//!
//! Outcomes (Smith 1966): value 0 is a P-position; a finite non-zero value, or `∞(K)`
//! with `0 ∈ K`, is an N-position (move to a P-position); any other `∞(K)` is a draw
//! (D): neither player can force a win.
//!
//! Sums (Smith 1966; the generalized Sprague–Grundy theorem): the value of a
//! disjunctive sum is `a ⊕ b` for finite `a`, `b`; `∞(K) ⊕ b = ∞(K ⊕ b)` where
//! `K ⊕ b = {k ⊕ b : k ∈ K}`; and the sum of two infinite values is `∞()` (no finite
//! option: every option of the sum still has an infinite component), a draw. The last
//! rule is exact, not an approximation: the finite options of `G + H` are `G' + H` with
//! `G'` finite and `H` finite, or `G + H'` likewise, and there are none when both `G`
//! and `H` are infinite.
//!
//! Printed `∞(0,1,2)` (empty `K`: `∞()`); [`LoopyValue::to_ascii`] gives `inf(0,1,2)`,
//! and both forms parse, as does a plain decimal nim-value.

use super::Nimber;
use super::Outcome;
use std::fmt;
use std::str::FromStr;

/// A loopy nim-value: finite, or `∞(K)` with `K` the finite values of the options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite nim-value (the position behaves like a Nim heap of this size).
    Finite(Nimber),
    /// `∞(K)`: `K` is the set of finite values of the options, sorted and without
    /// repetitions.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// The finite value `v`.
    pub fn finite(v: impl Into<Nimber>) -> LoopyValue {
        LoopyValue::Finite(v.into())
    }

    /// `∞(K)` from any collection of finite values (sorted and deduplicated here).
    pub fn infinite<T: Into<Nimber>>(k: impl IntoIterator<Item = T>) -> LoopyValue {
        let mut k: Vec<Nimber> = k.into_iter().map(Into::into).collect();
        k.sort_unstable();
        k.dedup();
        LoopyValue::Infinite(k)
    }

    /// True for a finite value.
    pub fn is_finite(&self) -> bool {
        matches!(self, LoopyValue::Finite(_))
    }

    /// The finite value, if finite.
    pub fn as_finite(&self) -> Option<&Nimber> {
        match self {
            LoopyValue::Finite(v) => Some(v),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// P for 0; N for a finite non-zero value or `∞(K)` with `0 ∈ K`; D otherwise
    /// (Smith 1966).
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(v) if v.is_zero() => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.first().is_some_and(Nimber::is_zero) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The value of the disjunctive sum of positions with values `self` and `other`:
    /// `a ⊕ b`; `∞(K ⊕ b)`; or `∞()` when both are infinite (see the module docs).
    pub fn sum(&self, other: &LoopyValue) -> LoopyValue {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => LoopyValue::Finite(a ^ b),
            (LoopyValue::Infinite(k), LoopyValue::Finite(b)) | (LoopyValue::Finite(b), LoopyValue::Infinite(k)) => {
                LoopyValue::infinite(k.iter().map(|x| x ^ b))
            }
            (LoopyValue::Infinite(_), LoopyValue::Infinite(_)) => LoopyValue::Infinite(Vec::new()),
        }
    }

    /// The ASCII form: `inf(0,1,2)` for `∞(0,1,2)`; finite values as decimals.
    pub fn to_ascii(&self) -> String {
        match self {
            LoopyValue::Finite(v) => v.to_string(),
            LoopyValue::Infinite(k) => format!("inf({})", crate::error::Joined(k)),
        }
    }
}

impl From<Nimber> for LoopyValue {
    fn from(v: Nimber) -> LoopyValue {
        LoopyValue::Finite(v)
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(v) => write!(f, "{v}"),
            LoopyValue::Infinite(k) => write!(f, "∞({})", crate::error::Joined(k)),
        }
    }
}

/// A loopy value that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLoopyValueError(String);

impl fmt::Display for ParseLoopyValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a loopy nim-value (write a non-negative integer, ∞(0,1,2) or inf(0,1,2))",
            self.0
        )
    }
}

impl std::error::Error for ParseLoopyValueError {}

impl FromStr for LoopyValue {
    type Err = ParseLoopyValueError;

    /// Parses `7`, `∞(0,1,2)`, `∞()`, `inf(0,1,2)` (whitespace allowed around numbers).
    fn from_str(s: &str) -> Result<LoopyValue, ParseLoopyValueError> {
        let bad = || ParseLoopyValueError(s.to_string());
        let t = s.trim();
        let rest = t.strip_prefix('∞').or_else(|| t.strip_prefix("inf"));
        let Some(rest) = rest else {
            return t.parse::<Nimber>().map(LoopyValue::Finite).map_err(|_| bad());
        };
        let inner = rest
            .trim_start()
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(bad)?;
        if inner.trim().is_empty() {
            return Ok(LoopyValue::Infinite(Vec::new()));
        }
        let k = inner
            .split(',')
            .map(|x| x.trim().parse::<Nimber>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| bad())?;
        Ok(LoopyValue::infinite(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> LoopyValue {
        s.parse().unwrap()
    }

    #[test]
    fn prints_and_parses() {
        assert_eq!(LoopyValue::infinite([2u64, 0, 1, 1]).to_string(), "∞(0,1,2)");
        assert_eq!(LoopyValue::infinite(Vec::<u64>::new()).to_string(), "∞()");
        assert_eq!(LoopyValue::finite(7u64).to_string(), "7");
        assert_eq!(v("∞(0,1,2)").to_ascii(), "inf(0,1,2)");
        assert_eq!(v("inf( 2, 0 ,1 )"), v("∞(0,1,2)"));
        assert_eq!(v("inf()"), LoopyValue::Infinite(vec![]));
        assert_eq!(v(" 12 "), LoopyValue::finite(12u64));
        for s in ["", "∞", "inf(1,", "∞(a)", "-1", "∞(1)x", "infinity"] {
            assert!(s.parse::<LoopyValue>().is_err(), "{s:?}");
        }
        let e = "∞(a)".parse::<LoopyValue>().unwrap_err().to_string();
        assert!(e.contains("'∞(a)'") && e.contains("inf(0,1,2)"), "{e}");
    }

    #[test]
    fn outcomes() {
        assert_eq!(v("0").outcome(), Outcome::P);
        assert_eq!(v("3").outcome(), Outcome::N);
        assert_eq!(v("∞(0,1,2)").outcome(), Outcome::N);
        assert_eq!(v("∞(1,2)").outcome(), Outcome::D);
        assert_eq!(v("∞()").outcome(), Outcome::D);
    }

    #[test]
    fn sums() {
        assert_eq!(v("3").sum(&v("5")), v("6"));
        // Paper 003 §7: ∞₃ + 3 is a draw, ∞₃ + 1 is a first-player win.
        assert_eq!(v("∞(0,1,2)").sum(&v("3")), v("∞(1,2,3)"));
        assert_eq!(v("∞(0,1,2)").sum(&v("3")).outcome(), Outcome::D);
        assert_eq!(v("1").sum(&v("∞(0,1,2)")), v("∞(0,1,3)"));
        assert_eq!(v("∞(0,1,2)").sum(&v("1")).outcome(), Outcome::N);
        assert_eq!(v("∞(0)").sum(&v("∞(0)")), v("∞()"));
        assert_eq!(v("∞()").sum(&v("0")), v("∞()"));
    }
}
