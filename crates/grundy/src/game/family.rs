//! Rule families: one row of the registry ([`crate::rulesets::FAMILIES`]) per family.
//!
//! A [`Family`] owns everything the tool says about a ruleset before building it: its
//! name and aliases, the parsing of its own parameter text (the part in brackets,
//! `subtraction[1,2,5]`), its domain, options, source, closed-form statement and an
//! example. What a built ruleset can do beyond listing options (a closed form, a fast
//! dense step, a periodicity theorem, a memory model) is reached through the optional
//! capability accessors of [`super::HeapRuleset`] and [`super::TupleRuleset`].

use super::Ruleset;
use crate::error::{Error, Result};
use crate::formulas::Statement;
use std::fmt;

/// Whether a family takes bracketed parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Params {
    /// No parameters: `nim(3)`.
    None,
    /// Parameters are required; the text says what they mean: `subtraction[1,2](7)`.
    Required(&'static str),
}

/// Another name for a family, optionally with fixed parameters (`kayles` for a
/// take-and-break code, say). Positions of an alias print under the family's name.
#[derive(Clone, Copy, Debug)]
pub struct Alias {
    /// The alias as written in expressions.
    pub name: &'static str,
    /// The parameter text it stands for, if any.
    pub params: Option<&'static str>,
}

/// A family of rulesets: one registry row.
#[derive(Clone, Copy)]
pub struct Family {
    /// Name as written in expressions (case-sensitive, the literature's name in
    /// kebab-case).
    pub name: &'static str,
    /// Other names.
    pub aliases: &'static [Alias],
    /// Parameters.
    pub params: Params,
    /// The positions (domain), in words.
    pub positions: &'static str,
    /// The options, in words.
    pub options: &'static str,
    /// Paper and section defining the ruleset.
    pub source: &'static str,
    /// The proven closed form, if any.
    pub formula: Option<Statement>,
    /// An example position (it parses).
    pub example: &'static str,
    /// Builds the ruleset from its parameter text (the text between the brackets, or
    /// `None` when there are none; the registry has already checked [`Family::params`]).
    pub build: fn(Option<&str>) -> Result<Ruleset>,
}

impl fmt::Debug for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Family({})", self.name)
    }
}

impl Family {
    /// A family without parameters whose one ruleset is `ruleset`.
    ///
    /// A convenience for the many families that are a single ruleset.
    pub const fn fixed(
        name: &'static str,
        positions: &'static str,
        options: &'static str,
        source: &'static str,
        formula: Option<Statement>,
        example: &'static str,
        build: fn(Option<&str>) -> Result<Ruleset>,
    ) -> Family {
        Family {
            name,
            aliases: &[],
            params: Params::None,
            positions,
            options,
            source,
            formula,
            example,
            build,
        }
    }
}

/// Parses a parameter text that is a comma-separated list of non-negative integers
/// (`1, 2, 5`), the parameter syntax of `subtraction[S]`.
///
/// # Errors
/// [`Error::Syntax`] with the 1-based column of the offending character within `text`
/// (the registry shifts it to the column in the whole expression).
pub fn integer_list(text: &str) -> Result<Vec<u64>> {
    let chars: Vec<char> = text.chars().collect();
    let err = |at: usize, message: String| Error::Syntax {
        message,
        column: at + 1,
        input: text.to_string(),
    };
    let mut out = Vec::new();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i == chars.len() {
        return Ok(out);
    }
    loop {
        skip_ws(&mut i);
        let start = i;
        match chars.get(i) {
            Some('-') => {
                return Err(err(
                    i,
                    "negative numbers are not allowed: parameters are non-negative integers".into(),
                ))
            }
            Some('+') => i += 1,
            _ => {}
        }
        match crate::expr::read_number(&chars, &mut i) {
            None => {
                let found = chars.get(i).map_or("end of the parameters".to_string(), |c| {
                    format!("'{}'", c.escape_debug())
                });
                return Err(err(
                    i,
                    format!("expected a non-negative integer in the parameters, found {found}"),
                ));
            }
            Some(Err(message)) => return Err(err(start, message)),
            Some(Ok(v)) => out.push(v),
        }
        skip_ws(&mut i);
        match chars.get(i) {
            None => return Ok(out),
            Some(',') => i += 1,
            Some(c) => {
                return Err(err(
                    i,
                    format!("expected ',' or ']' in the parameters, found '{}'", c.escape_debug()),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_lists() {
        assert_eq!(integer_list(" 1, 2 ,5").unwrap(), vec![1, 2, 5]);
        assert_eq!(integer_list("").unwrap(), Vec::<u64>::new());
        let column = |t: &str| match integer_list(t) {
            Err(Error::Syntax { column, .. }) => column,
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(column("1,x"), 3);
        assert_eq!(column("1,,2"), 3);
        assert_eq!(column("1,-2"), 3);
        assert_eq!(column("1 2"), 3);
        assert_eq!(column("99999999999999999999"), 1);
        assert!(integer_list("1,x").unwrap_err().to_string().contains("found 'x'"));
    }
}
