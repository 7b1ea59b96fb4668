//! Closed forms proven in the seed papers, each citing its source. Rulesets use them
//! for `--method auto|formula`; `grundy verify` and the tests compare each one with
//! search over a range. Each statement is written once, as a [`Statement`], and shown
//! from there by `grundy list`, `grundy verify` and `grundy reproduce`.

use std::fmt;

pub mod arithmetic;
pub mod cdn;
pub mod classic;
pub mod delete_nim;

/// A theorem's statement and citation, written once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The statement (`G(n) = Ω(n), prime factors with multiplicity`).
    pub text: &'static str,
    /// Where it is proven (`paper 003 Theorem 1`).
    pub source: &'static str,
}

impl fmt::Display for Statement {
    /// `text (source)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.text, self.source)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn statements_print_with_their_source() {
        let s = super::Statement {
            text: "G(n) = n",
            source: "Bouton",
        };
        assert_eq!(s.to_string(), "G(n) = n (Bouton)");
    }
}
