//! Lookups in the registry of rule families ([`crate::rulesets::FAMILIES`]): a name
//! (or alias) and its parameter text → a ruleset, with the description shown by
//! `grundy list`; and the resolution of parsed expressions into [`Position`]s.

use crate::error::{Error, Result};
use crate::expr::{self, ComponentExpr};
use crate::game::position::push_part;
use crate::game::{Component, Family, Params, Part, Position, Ruleset};

pub use crate::game::{Alias, Family as Entry};

/// Every family of the registry ([`crate::rulesets::FAMILIES`]), in the order of the
/// papers.
pub fn families() -> impl Iterator<Item = &'static Family> {
    crate::rulesets::FAMILIES.iter().flat_map(|group| group.iter())
}

/// The family called `name` (exact, case-sensitive; a family name or an alias), with
/// the parameter text the alias fixes.
///
/// # Errors
/// [`Error::UnknownRuleset`] with the nearest name as a suggestion.
pub fn family(name: &str) -> Result<(&'static Family, Option<&'static str>)> {
    for f in families() {
        if f.name == name {
            return Ok((f, None));
        }
        if let Some(a) = f.aliases.iter().find(|a| a.name == name) {
            return Ok((f, a.params));
        }
    }
    Err(Error::UnknownRuleset {
        name: name.to_string(),
        suggestion: suggest(name),
    })
}

/// Every name an expression may use: family names and aliases.
fn names() -> impl Iterator<Item = &'static str> {
    families().flat_map(|f| std::iter::once(f.name).chain(f.aliases.iter().map(|a| a.name)))
}

/// The nearest names: a case-insensitive match first (names are case-sensitive), else
/// the closest by edit distance if it is close enough, else the one name that `name`
/// (of at least 3 letters) begins (`grundys` → `grundys-game`; two or three such
/// names are all offered), else the names that it ends after a hyphen (`hackenbush` →
/// `green-hackenbush`).
fn suggest(name: &str) -> Option<String> {
    let lower = name.to_lowercase();
    let same_case: Vec<&str> = names().filter(|n| n.to_lowercase() == lower).collect();
    if !same_case.is_empty() {
        return Some(same_case.join("' or '"));
    }
    let (best, d) = names()
        .map(|n| (n, edit_distance(&lower, &n.to_lowercase())))
        .min_by_key(|&(_, d)| d)?;
    if d <= 2.max(name.chars().count() / 3) {
        return Some(best.to_string());
    }
    if lower.chars().count() < 3 {
        return None;
    }
    // A few names, all offered (`dawson` → `dawsons-chess' or 'dawsons-kayles`); more
    // would be a list, which `grundy list` gives.
    let few = |found: Vec<&str>| (1..=3).contains(&found.len()).then(|| found.join("' or '"));
    if let Some(s) = few(names().filter(|n| n.to_lowercase().starts_with(&lower)).collect()) {
        return Some(s);
    }
    // The last words of a name (`hackenbush` → `green-hackenbush`, `queens` →
    // `node-kayles-queens`).
    let tail = format!("-{lower}");
    few(names().filter(|n| n.to_lowercase().ends_with(&tail)).collect())
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

/// Builds the ruleset `name[params]` (`params` is the text between the brackets).
///
/// # Errors
/// [`Error::UnknownRuleset`]; [`Error::Arity`] when parameters are missing or not
/// taken; the family's own errors for malformed parameters ([`Error::Syntax`] with the
/// column within `params`, [`Error::Params`]).
pub fn ruleset(name: &str, params: Option<&str>) -> Result<Ruleset> {
    let (f, fixed) = family(name)?;
    if fixed.is_some() && params.is_some() {
        return Err(Error::Arity {
            ruleset: name.to_string(),
            message: format!(
                "takes no parameters in brackets (it stands for {}[{}])",
                f.name,
                fixed.unwrap_or("")
            ),
        });
    }
    let params = fixed.or(params);
    match (f.params, params) {
        (Params::None, Some(_)) => Err(Error::Arity {
            ruleset: name.to_string(),
            message: format!("takes no parameters in brackets; write e.g. {}", f.example),
        }),
        (Params::Required(what), None) => Err(Error::Arity {
            ruleset: name.to_string(),
            message: format!("needs parameters in brackets: {what}"),
        }),
        (_, p) => (f.build)(p),
    }
}

/// Rulesets defined outside the registry for a session (the Python package's rulesets
/// written as Python functions): `name → ruleset`, consulted before the registry by
/// [`parse_position_with`] and [`parse_ruleset_with`]. A session ruleset takes no
/// parameters in brackets.
pub type SessionLookup<'a> = &'a dyn Fn(&str) -> Option<Ruleset>;

/// No session rulesets: the registry only.
fn no_session(_: &str) -> Option<Ruleset> {
    None
}

/// True if `name` is a ruleset name as the expression syntax writes it (a letter, then
/// letters, digits, `-` or `_`; see [`crate::expr`]) and is not a name or alias of
/// the registry, so that it can name a session ruleset.
pub fn is_free_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic())
        && chars.all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && names().all(|n| n != name)
}

/// Builds the ruleset of a parsed component (a session ruleset first), shifting the
/// column of a syntax error in its parameters to the column in the whole input.
fn component_ruleset(c: &ComponentExpr, input: &str, session: SessionLookup<'_>) -> Result<Ruleset> {
    if let Some(rs) = session(&c.name) {
        return match c.params {
            None => Ok(rs),
            Some(_) => Err(Error::Arity {
                ruleset: c.name.clone(),
                message: "takes no parameters in brackets (a ruleset defined in this session)".into(),
            }),
        };
    }
    ruleset(&c.name, c.params.as_deref()).map_err(|e| match e {
        Error::Syntax { message, column, .. } if c.params.is_some() => Error::Syntax {
            message,
            column: c.params_column + column - 1,
            input: input.to_string(),
        },
        other => other,
    })
}

/// Parses a ruleset written as `name` or `name[params]` (as `grundy seq` takes it).
///
/// # Errors
/// [`Error::Syntax`] with the column of the problem, and the errors of [`ruleset`].
///
/// # Example
/// ```
/// let rs = grundy::catalog::parse_ruleset("subtraction[1,2]").unwrap();
/// assert_eq!(rs.name(), "subtraction[1,2]");
/// ```
pub fn parse_ruleset(text: &str) -> Result<Ruleset> {
    parse_ruleset_with(text, &no_session)
}

/// [`parse_ruleset`] with the session rulesets of `session` as well (looked up first).
///
/// # Errors
/// As [`parse_ruleset`]; [`Error::Arity`] for a session ruleset written with
/// parameters.
pub fn parse_ruleset_with(text: &str, session: SessionLookup<'_>) -> Result<Ruleset> {
    let c = expr::parse_ruleset(text)?;
    component_ruleset(&c, text, session)
}

/// Parses and resolves a position expression, checking arities and domains.
///
/// # Errors
/// [`Error::Syntax`] with the column of the problem, [`Error::UnknownRuleset`] with a
/// suggestion, [`Error::Arity`], [`Error::Params`] and [`Error::Domain`].
///
/// # Example
/// ```
/// let pos = grundy::catalog::parse_position("nim(3, 5,6) + subtraction[2,1](7)").unwrap();
/// assert_eq!(pos.to_string(), "nim(3,5,6) + subtraction[1,2](7)");
/// let err = grundy::catalog::parse_position("nimm(3)").unwrap_err();
/// assert!(err.to_string().contains("did you mean 'nim'"));
/// ```
pub fn parse_position(input: &str) -> Result<Position> {
    parse_position_with(input, &no_session)
}

/// [`parse_position`] with the session rulesets of `session` as well (looked up
/// first): `session("name")` gives the ruleset a component `name(…)` stands for.
///
/// # Errors
/// As [`parse_position`]; [`Error::Arity`] for a session ruleset written with
/// parameters.
///
/// # Example
/// ```
/// use grundy::catalog::{parse_position_with, parse_ruleset};
/// let lookup = |name: &str| (name == "two").then(|| parse_ruleset("subtraction[1,2]").unwrap());
/// let pos = parse_position_with("two(7) + nim(1)", &lookup).unwrap();
/// assert_eq!(pos.to_string(), "subtraction[1,2](7) + nim(1)");
/// ```
pub fn parse_position_with(input: &str, session: SessionLookup<'_>) -> Result<Position> {
    let comps = expr::parse(input)?;
    let mut out = Vec::with_capacity(comps.len());
    for c in comps {
        out.push(resolve(&c, input, session)?);
    }
    Ok(Position { components: out })
}

fn resolve(c: &ComponentExpr, input: &str, session: SessionLookup<'_>) -> Result<Component> {
    let rs = component_ruleset(c, input, session)?;
    match rs {
        Ruleset::Heap(r) => Ok(Component::Heaps {
            heaps: heap_parts(c, &r.name(), r.first_heap())?,
            ruleset: r,
        }),
        Ruleset::Loopy(r) => Ok(Component::Loopy {
            heaps: heap_parts(c, &r.name(), r.first_heap())?,
            ruleset: r,
        }),
        Ruleset::Game(r) => {
            let args = match &c.text {
                Some((t, _)) => crate::game::GameArgs::Text(t),
                None => crate::game::GameArgs::Numbers(&c.args),
            };
            // A syntax error inside the string points at its column in the input.
            let pos = r.position(args).map_err(|e| match (e, &c.text) {
                (Error::Syntax { message, column, .. }, Some((_, at))) => Error::Syntax {
                    message,
                    column: at + column - 1,
                    input: input.to_string(),
                },
                (e, _) => e,
            })?;
            Ok(Component::Game { ruleset: r, pos })
        }
        Ruleset::Tuple(r) => {
            if c.text.is_some() {
                return Err(Error::Arity {
                    ruleset: r.name(),
                    message: "takes numbers, not a string".into(),
                });
            }
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
    if c.text.is_some() {
        return Err(Error::Arity {
            ruleset: name.to_string(),
            message: "takes heaps (numbers), not a string".into(),
        });
    }
    let mut heaps: Vec<Part> = Vec::new();
    for &(h, copies) in &c.args {
        if h < first {
            return Err(Error::below_first_heap(name, h, first));
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
        let mut names: Vec<&str> = names().collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len());
    }

    #[test]
    fn every_example_is_a_position_of_its_ruleset() {
        for e in families() {
            let p = parse_position(e.example).unwrap_or_else(|err| panic!("{}: {err}", e.name));
            for c in &p.components {
                assert!(c.ruleset_name().starts_with(e.name), "{}: {}", e.name, p);
            }
        }
    }

    #[test]
    fn session_rulesets_are_looked_up_first() {
        let two = parse_ruleset("subtraction[1,2]").unwrap();
        let lookup = |n: &str| (n == "two").then(|| two.clone());
        let r = parse_ruleset_with("two", &lookup).unwrap();
        assert_eq!(r.name(), "subtraction[1,2]");
        let e = parse_position_with("two[3](4)", &lookup).unwrap_err().to_string();
        assert!(e.contains("takes no parameters"), "{e}");
        assert!(parse_position("two(4)").is_err());
        assert!(is_free_name("my-game_2"));
        for bad in ["nim", "kayles", "2x", "", "a b", "a(1)"] {
            assert!(!is_free_name(bad), "{bad}");
        }
    }

    #[test]
    fn suggestions() {
        let e = family("nimm").unwrap_err();
        assert_eq!(
            e,
            Error::UnknownRuleset {
                name: "nimm".into(),
                suggestion: Some("nim".into())
            }
        );
        let e = family("Delete-Nim").unwrap_err().to_string();
        assert!(e.contains("did you mean 'delete-nim'? Names are case-sensitive"), "{e}");
        // A misspelling is not a matter of case: no word about case.
        for (typo, meant) in [
            ("kayle", "kayles"),
            ("ni", "nim"),
            ("cra", "cram"),
            ("officer", "officers"),
        ] {
            let e = family(typo).unwrap_err().to_string();
            assert!(e.contains(&format!("did you mean '{meant}'?")), "{e}");
            assert!(!e.contains("case-sensitive"), "{e}");
        }
        // The beginning of exactly one name, too far from it for the edit distance.
        let e = family("grundys").unwrap_err().to_string();
        assert!(e.contains("did you mean 'grundys-game'?"), "{e}");
        // The beginning of two names: both offered.
        let e = family("dawson").unwrap_err().to_string();
        assert!(
            e.contains("did you mean 'dawsons-") && e.contains("' or 'dawsons-"),
            "{e}"
        );
        // The end of exactly one name, after a hyphen.
        for (end, meant) in [("hackenbush", "green-hackenbush"), ("queens", "node-kayles-queens")] {
            let e = family(end).unwrap_err().to_string();
            assert!(e.contains(&format!("did you mean '{meant}'?")), "{e}");
        }
        assert!(!e.contains("case-sensitive"), "{e}");
        assert!(matches!(
            family("zzzzzzzzzzz"),
            Err(Error::UnknownRuleset { suggestion: None, .. })
        ));
    }

    #[test]
    fn operations_on_pairs_name_what_a_ruleset_has_as_positions() {
        let e = |name: &str| match parse_ruleset(name).unwrap().as_tuple("this check") {
            Ok(_) => panic!("{name} is not on pairs"),
            Err(e) => e.to_string(),
        };
        assert!(
            e("cram").contains("cram has boards or graphs as positions"),
            "{}",
            e("cram")
        );
        assert!(e("nim").contains("nim has heaps as positions"), "{}", e("nim"));
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
        // A malformed parameter list points at the character in the whole input.
        let col = |s: &str| match parse_position(s) {
            Err(Error::Syntax { column, input, .. }) => (column, input),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(
            col("nim(1) + subtraction[1,,2](3)"),
            (24, "nim(1) + subtraction[1,,2](3)".into())
        );
        assert_eq!(col("subtraction[x](3)").0, 13);
        let e = parse_ruleset("subtraction[1,x]").unwrap_err().to_string();
        assert!(e.contains("column 15 of 'subtraction[1,x]'"), "{e}");
    }

    /// What makes two positions equal: the components' rulesets and heaps (runs of
    /// equal heaps, in order) or coordinates.
    fn key(p: &Position) -> Vec<(String, Vec<(u64, u64)>)> {
        p.components
            .iter()
            .map(|c| {
                let heaps = match c {
                    Component::Heaps { heaps, .. } | Component::Loopy { heaps, .. } => {
                        heaps.iter().map(|h| (h.heap, h.copies)).collect()
                    }
                    Component::Tuple { pos, .. } => pos.iter().map(|&x| (x, 1)).collect(),
                    Component::Game { pos, .. } => pos.0.iter().map(|&x| (x, 1)).collect(),
                };
                (c.ruleset_name(), heaps)
            })
            .collect()
    }

    fn arb_component() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let heaps = || {
            proptest::collection::vec(
                prop_oneof![
                    (0u64..30).prop_map(|h| h.to_string()),
                    (0u64..30, 1u64..6).prop_map(|(h, c)| format!("{h}*{c}")),
                    Just("18446744073709551615".to_string()),
                ],
                0..5,
            )
            .prop_map(|v| v.join(","))
        };
        let name = prop_oneof![
            Just("nim"),
            Just("kayles"),
            Just("0.137"),
            Just(".6"),
            Just("4!.0"),
            Just("take-and-break[0.[3]]"),
            Just("subtraction[1,3,4]"),
            Just("dividing"),
            Just("maliquot"),
            Just("powerset-saliquot"),
            Just("partial-aliquot-sum"),
        ];
        prop_oneof![
            (name, heaps()).prop_map(|(n, h)| format!("{n}({h})")),
            (0u64..40, 0u64..40).prop_map(|(a, b)| format!("min({a},{b})")),
            proptest::collection::vec(1u64..40, 1..4)
                .prop_map(|v| format!("cdn({})", v.iter().map(u64::to_string).collect::<Vec<_>>().join(","))),
            (0u64..40, 0u64..40).prop_map(|(a, b)| format!("delete-nim({a},{b})")),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Every position grundy prints parses back to an equal position: the position
        /// itself, and every option `moves --all` lists from it.
        #[test]
        fn printed_positions_parse_back(parts in proptest::collection::vec(arb_component(), 1..4)) {
            use crate::solve::{Bound, Method, Solver};
            let text = parts.join(" + ");
            let Ok(pos) = parse_position(&text) else { return Ok(()) };
            let printed = pos.to_string();
            let again = parse_position(&printed).unwrap_or_else(|e| panic!("{printed} (from {text}): {e}"));
            proptest::prop_assert_eq!(key(&again), key(&pos), "{} from {}", printed, text);
            proptest::prop_assert_eq!(again.to_string(), printed.clone());
            let ctl = crate::Control::new().with_work_limit(1_000_000).with_memory_limit(256 << 20);
            let mut solver = Solver::new(Method::Auto, ctl).with_bound(Bound { heap: 1 << 20, moves: 10_000 });
            if let Ok(m) = solver.moves(&pos, true) {
                for (option, _) in m.options.unwrap_or_default().iter().take(200) {
                    let shown = option.to_string();
                    let back = parse_position(&shown).unwrap_or_else(|e| panic!("{shown} (option of {printed}): {e}"));
                    proptest::prop_assert_eq!(key(&back), key(option), "{} (option of {})", shown, printed);
                }
            }
        }
    }
}
