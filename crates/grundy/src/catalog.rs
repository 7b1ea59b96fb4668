//! The registry of rulesets: name → constructor, with the description shown by
//! `grundy list`, and the resolution of parsed expressions into [`Position`]s.

use crate::error::{Error, Result};
use crate::expr::{self, ComponentExpr};
use crate::game::position::push_part;
use crate::game::{Component, Part, Position, Ruleset};

/// Whether a ruleset takes bracketed parameters.
#[derive(Clone, Copy, Debug)]
pub enum Params {
    /// No parameters.
    None,
    /// Parameters are required; the text says what they mean.
    Required(&'static str),
}

/// A catalog entry.
#[derive(Clone)]
pub struct Entry {
    /// Name as written in expressions (case-sensitive).
    pub name: &'static str,
    /// Parameters.
    pub params: Params,
    /// The positions (domain), in words.
    pub positions: &'static str,
    /// The options, in words.
    pub options: &'static str,
    /// Paper and section defining the ruleset.
    pub source: &'static str,
    /// The proven closed form with its theorem, if any.
    pub formula: Option<&'static str>,
    /// An example position.
    pub example: &'static str,
    /// Builds the ruleset from its parameters (empty when it takes none).
    pub build: fn(&[u64]) -> Result<Ruleset>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entry({})", self.name)
    }
}

/// Every ruleset, in the order of the papers.
pub fn entries() -> Vec<Entry> {
    use crate::rulesets::*;
    let mut v = Vec::new();
    v.extend(classic::entries());
    v.extend(cdn::entries());
    v.extend(min::entries());
    v.extend(delete_nim::entries());
    v.extend(arithmetic::entries());
    v.extend(loopy::entries());
    v
}

/// The entry called `name` (exact, case-sensitive), or an error with a suggestion.
pub fn entry(name: &str) -> Result<Entry> {
    let all = entries();
    if let Some(e) = all.iter().find(|e| e.name == name) {
        return Ok(e.clone());
    }
    Err(Error::UnknownRuleset {
        name: name.to_string(),
        suggestion: suggest(name, &all),
    })
}

/// The nearest names: a case-insensitive match first (names are case-sensitive), else
/// the closest by edit distance if it is close enough.
fn suggest(name: &str, all: &[Entry]) -> Option<String> {
    let lower = name.to_lowercase();
    let same_case: Vec<&str> = all
        .iter()
        .filter(|e| e.name.to_lowercase() == lower)
        .map(|e| e.name)
        .collect();
    if !same_case.is_empty() {
        return Some(same_case.join("' or '"));
    }
    let (best, d) = all
        .iter()
        .map(|e| (e.name, edit_distance(&lower, &e.name.to_lowercase())))
        .min_by_key(|&(_, d)| d)?;
    (d <= 2.max(name.chars().count() / 3)).then(|| best.to_string())
}

/// Damerau–Levenshtein (optimal string alignment) distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Builds the ruleset `name[params]`.
pub fn ruleset(name: &str, params: Option<&[u64]>) -> Result<Ruleset> {
    let e = entry(name)?;
    match (e.params, params) {
        (Params::None, Some(_)) => Err(Error::Arity {
            ruleset: name.to_string(),
            message: format!("takes no parameters in brackets; write e.g. {}", e.example),
        }),
        (Params::Required(what), None) => Err(Error::Arity {
            ruleset: name.to_string(),
            message: format!("needs parameters in brackets: {what}"),
        }),
        (_, p) => (e.build)(p.unwrap_or(&[])),
    }
}

/// Parses a ruleset written as `name` or `name[params]` (as `grundy seq` takes it).
pub fn parse_ruleset(text: &str) -> Result<Ruleset> {
    // Reuse the expression parser by appending an empty argument list.
    let probe = format!("{}()", text.trim());
    let comps = expr::parse(&probe).map_err(|e| match e {
        Error::Syntax { message, column, .. } => Error::Syntax {
            message,
            column,
            input: text.to_string(),
        },
        other => other,
    })?;
    if comps.len() != 1 {
        return Err(Error::Syntax {
            message: "expected a single ruleset name".into(),
            column: 1,
            input: text.to_string(),
        });
    }
    ruleset(&comps[0].name, comps[0].params.as_deref())
}

/// Parses and resolves a position expression, checking arities and domains.
pub fn parse_position(input: &str) -> Result<Position> {
    let comps = expr::parse(input)?;
    let mut out = Vec::with_capacity(comps.len());
    for c in comps {
        out.push(resolve(&c)?);
    }
    Ok(Position { components: out })
}

fn resolve(c: &ComponentExpr) -> Result<Component> {
    let rs = ruleset(&c.name, c.params.as_deref())?;
    match rs {
        Ruleset::Heap(r) => Ok(Component::Heaps {
            heaps: heap_parts(c, &r.name(), r.first_heap())?,
            ruleset: r,
        }),
        Ruleset::Loopy(r) => Ok(Component::Loopy {
            heaps: heap_parts(c, &r.name(), r.first_heap())?,
            ruleset: r,
        }),
        Ruleset::Tuple(r) => {
            if c.has_copies {
                return Err(Error::Arity {
                    ruleset: r.name(),
                    message: "h*c (copies of a heap) is for heap rulesets; a tuple position lists its coordinates"
                        .into(),
                });
            }
            let pos: Vec<u64> = c.args.iter().map(|&(v, _)| v).collect();
            if !r.arity().allows(pos.len()) {
                return Err(Error::Arity {
                    ruleset: r.name(),
                    message: format!("takes {} (the position), got {}", r.arity(), pos.len()),
                });
            }
            r.check(&pos)?;
            Ok(Component::Tuple { ruleset: r, pos })
        }
    }
}

/// The heaps of a heap-ruleset component, runs of equal heaps merged; heaps below
/// `first` are outside the domain.
fn heap_parts(c: &ComponentExpr, name: &str, first: u64) -> Result<Vec<Part>> {
    let mut heaps: Vec<Part> = Vec::new();
    for &(h, copies) in &c.args {
        if h < first {
            return Err(Error::Domain {
                ruleset: name.to_string(),
                position: format!("heap {h}"),
                reason: format!("heaps of {name} start at {first}"),
            });
        }
        push_part(&mut heaps, Part { heap: h, copies });
    }
    Ok(heaps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let all = entries();
        let mut names: Vec<&str> = all.iter().map(|e| e.name).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }

    #[test]
    fn every_example_is_a_position_of_its_ruleset() {
        for e in entries() {
            let p = parse_position(e.example).unwrap_or_else(|err| panic!("{}: {err}", e.name));
            for c in &p.components {
                assert!(c.ruleset_name().starts_with(e.name), "{}: {}", e.name, p);
            }
        }
    }

    #[test]
    fn suggestions() {
        let e = entry("nimm").unwrap_err();
        assert_eq!(
            e,
            Error::UnknownRuleset {
                name: "nimm".into(),
                suggestion: Some("nim".into())
            }
        );
        let e = entry("Delete-Nim").unwrap_err().to_string();
        assert!(e.contains("did you mean 'delete-nim'"), "{e}");
        assert!(matches!(
            entry("zzzzzzzzzzz"),
            Err(Error::UnknownRuleset { suggestion: None, .. })
        ));
    }

    #[test]
    fn round_trips() {
        for s in [
            "nim(3,5,6)",
            "subtraction[1,2](7)",
            "cdn(6,3,2)",
            "min(6239,6240)",
            "delete-nim(3,5) + vdn(1,2)",
            "nim(2*9,7)",
            "nim(3,3) + nim()",
        ] {
            let p = parse_position(s).unwrap();
            assert_eq!(p.to_string(), s);
            assert_eq!(parse_position(&p.to_string()).unwrap().to_string(), s);
        }
        assert_eq!(parse_position("nim(2,2,2)").unwrap().to_string(), "nim(2*3)");
        assert_eq!(
            parse_position(" subtraction[2,1,2]( 7 )").unwrap().to_string(),
            "subtraction[1,2](7)"
        );
    }

    #[test]
    fn bad_input_is_named() {
        let msg = |s: &str| parse_position(s).unwrap_err().to_string();
        assert!(msg("min(1,2,3)").contains("exactly 2 arguments"));
        assert!(msg("cdn()").contains("at least 1 argument"));
        assert!(msg("vdn(0,3)").contains("at least 1"));
        assert!(msg("subtraction(3)").contains("needs parameters"));
        assert!(msg("nim[2](3)").contains("takes no parameters"));
        assert!(msg("subtraction[](3)").contains("empty"));
        assert!(msg("subtraction[0,1](3)").contains("0 cannot"));
        assert!(msg("min(2*3)").contains("h*c"));
    }
}
