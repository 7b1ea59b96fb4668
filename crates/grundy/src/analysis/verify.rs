//! Closed form against search over a range: the check behind `grundy verify`.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Arity, HeapRuleset, Ruleset, TupleRuleset};
use crate::solve::{dense, memo::MemoSolver};
use crate::value::{Nimber, Outcome};
use std::sync::Arc;

/// The first position where the formula and search disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position, in expression syntax.
    pub position: String,
    /// The closed form's value.
    pub formula: Nimber,
    /// The value found by search.
    pub search: Nimber,
}

/// A heap whose value violates a property the ruleset's theorem states (a bound or an
/// if-and-only-if statement; see [`crate::game::HeapClosedForm::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The position, in expression syntax.
    pub position: String,
    /// The value found by search.
    pub value: Nimber,
    /// The property that fails, in words.
    pub claim: String,
}

/// The outcome of a verification run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Ruleset name.
    pub ruleset: String,
    /// The closed form's statement and citation.
    pub statement: Statement,
    /// The range, in words (`1 ≤ n ≤ 1000`).
    pub range: String,
    /// Positions where formula and search were compared (values, or outcomes where the
    /// closed form gives only the outcome).
    pub checked: u64,
    /// Positions where the closed form makes no claim (for example even heaps when the
    /// theorem covers odd ones).
    pub not_covered: u64,
    /// The first disagreement, if any (the run stops there).
    pub mismatch: Option<Mismatch>,
    /// Heaps whose value violates a stated property (counted over the whole range).
    pub violations: u64,
    /// The first few such heaps.
    pub first_violations: Vec<Violation>,
}

/// How many violations a report lists.
const LISTED_VIOLATIONS: usize = 5;

/// Compares a ruleset's closed form with search: on heaps `first_heap..=to` for a heap
/// ruleset, on every tuple with coordinates in `0..=to` for a tuple ruleset (of length
/// `arity`, or of each allowed length 1, 2, 3 when `arity` is `None`; stopping at the
/// first length with a mismatch).
///
/// # Errors
/// [`Error::NoFormula`] for a ruleset without a closed form (loopy rulesets have none),
/// [`Error::Arity`] for a tuple length the ruleset does not take (or any, for a heap
/// ruleset), [`Error::Domain`] for `to` below a heap ruleset's first heap, and the
/// engines' errors (memory, work, interruption).
///
/// # Example
/// ```
/// use grundy::{analysis::verify::verify, catalog::parse_ruleset, Control};
/// let reports = verify(&parse_ruleset("odd-nim").unwrap(), 1000, None, &Control::new()).unwrap();
/// assert_eq!((reports[0].checked, reports[0].mismatch.is_none()), (1001, true));
/// assert_eq!(reports[0].statement.to_string(), "G(n) = n mod 2 (paper 004)");
/// ```
pub fn verify(rs: &Ruleset, to: u64, arity: Option<usize>, ctl: &Control) -> Result<Vec<VerifyReport>> {
    match rs {
        Ruleset::Heap(h) => match arity {
            // A length of tuple asked of a heap ruleset is a mistake, not ignored.
            Some(k) => Err(Error::Arity {
                ruleset: h.name(),
                message: format!("is a heap ruleset: an arity ({k}) applies to rulesets on tuples"),
            }),
            None => Ok(vec![verify_heap(h, to, ctl)?]),
        },
        Ruleset::Loopy(l) => Err(Error::NoFormula {
            ruleset: l.name(),
            detail: Some("a loopy ruleset with no closed form: its values come from its game graph".into()),
            instead: None,
        }),
        Ruleset::Game(g) => Err(Error::Unsupported(format!(
            "verify runs over ranges of heaps or tuples; {} has boards or graphs as positions (its closed form, if any, is checked against search in the library's tests)",
            g.name()
        ))),
        Ruleset::Tuple(t) => {
            let arities: Vec<usize> = match (arity, t.arity()) {
                (Some(k), _) => vec![k],
                (None, Arity::Exactly(k)) => vec![k],
                (None, Arity::AtLeast(k)) => (k.max(1)..=3).collect(),
            };
            // Every length is estimated before any is searched: the positions of all of
            // them against the work limit, and each search's largest position.
            let states = arities
                .iter()
                .map(|&k| tuple_count(to, k))
                .fold(0u128, u128::saturating_add);
            ctl.check_states(
                &format!("verifying {} on tuples with entries 0..={to}", t.name()),
                states,
            )?;
            let mut runs = Vec::new();
            for k in arities {
                runs.push(prepare_tuple(t, k, to, ctl)?);
            }
            let mut v = Vec::new();
            for run in runs {
                let r = run.run(ctl)?;
                let bad = r.mismatch.is_some();
                v.push(r);
                if bad {
                    break;
                }
            }
            Ok(v)
        }
    }
}

/// Compares the closed form with dense search for `first_heap ≤ n ≤ to`, and checks the
/// theorem's other stated properties ([`crate::game::HeapClosedForm::check`]) on
/// every heap of the range.
///
/// # Errors
/// [`Error::NoFormula`] if the ruleset has no closed form, or one that gives no value
/// for any heap in range; the errors of [`dense::sequence`]: [`Error::TooLarge`] if the
/// table exceeds the memory limit (or `to` ≥ 2^32 − 1), [`Error::Interrupted`] on
/// cancellation, [`Error::Unsupported`] if an option is not smaller than its heap.
pub fn verify_heap(rs: &Arc<dyn HeapRuleset>, to: u64, ctl: &Control) -> Result<VerifyReport> {
    let first = rs.first_heap();
    // An empty range is named as such (it read "no closed form is known", for a
    // ruleset with one).
    if to < first {
        return Err(Error::below_first_heap(&rs.name(), to, first));
    }
    let Some(form) = rs.closed_form() else {
        return Err(Error::NoFormula {
            ruleset: rs.name(),
            detail: None,
            instead: None,
        });
    };
    let seq = dense::sequence(rs.as_ref(), to, ctl)?;
    let mut report = VerifyReport {
        ruleset: rs.name(),
        statement: form.statement(),
        range: format!("{first} ≤ n ≤ {to}"),
        checked: 0,
        not_covered: 0,
        mismatch: None,
        violations: 0,
        first_violations: Vec::new(),
    };
    for n in first..=to {
        let s = seq.get(n);
        if let Some(claim) = form.check(n, &s) {
            report.violations += 1;
            if report.first_violations.len() < LISTED_VIOLATIONS {
                report.first_violations.push(Violation {
                    position: format!("{}({n})", rs.name()),
                    value: s.clone(),
                    claim,
                });
            }
        }
        match form.value(n) {
            None => report.not_covered += 1,
            Some(f) => {
                report.checked += 1;
                if f != s {
                    report.mismatch = Some(Mismatch {
                        position: format!("{}({n})", rs.name()),
                        formula: f,
                        search: s,
                    });
                    break;
                }
            }
        }
    }
    if report.checked == 0 && report.mismatch.is_none() {
        return Err(Error::NoFormula {
            ruleset: rs.name(),
            detail: form.gap(first),
            instead: None,
        });
    }
    Ok(report)
}

/// Compares the closed form with search on every position of `arity` coordinates, each
/// coordinate in `0..=to` (positions outside the domain are skipped): its value where it
/// gives one, else its outcome where it gives one (a position of another outcome is a
/// violation; both count as checked).
///
/// # Errors
/// [`Error::Arity`] if the ruleset does not take `arity` coordinates,
/// [`Error::NoFormula`] if it has no closed form, or one that gives no value on the
/// range, [`Error::TooManyStates`] if the (to + 1)^arity positions exceed the state
/// limit, [`Error::TooLarge`] if a position of `arity` coordinates does not fit the memory
/// limit, [`Error::Interrupted`] on cancellation, and the errors of the ruleset's
/// search engine ([`crate::game::TupleSolver::value`]: memory, state limit).
pub fn verify_tuple(rs: &Arc<dyn TupleRuleset>, arity: usize, to: u64, ctl: &Control) -> Result<VerifyReport> {
    prepare_tuple(rs, arity, to, ctl)?.run(ctl)
}

/// The number of tuples of `arity` coordinates in `0..=to`, saturating.
fn tuple_count(to: u64, arity: usize) -> u128 {
    (to as u128 + 1).saturating_pow(u32::try_from(arity).unwrap_or(u32::MAX))
}

/// A tuple verification checked and ready to run.
struct TupleRun<'a> {
    rs: &'a Arc<dyn TupleRuleset>,
    form: &'a dyn crate::game::TupleClosedForm,
    solver: Box<dyn crate::game::TupleSolver>,
    arity: usize,
    to: u64,
    states: u128,
}

/// The checks of [`verify_tuple`], made before any search: the length, the closed
/// form, the positions against the state limit, and the search of the largest
/// position (every coordinate `to`) against the solver's limits.
fn prepare_tuple<'a>(rs: &'a Arc<dyn TupleRuleset>, arity: usize, to: u64, ctl: &Control) -> Result<TupleRun<'a>> {
    if !rs.arity().allows(arity) {
        return Err(Error::Arity {
            ruleset: rs.name(),
            message: format!("takes {}, not {arity}", rs.arity()),
        });
    }
    let Some(form) = rs.closed_form() else {
        return Err(Error::NoFormula {
            ruleset: rs.name(),
            detail: None,
            instead: None,
        });
    };
    let what = format!("verifying {} on [0,{to}]^{arity}", rs.name());
    let states = tuple_count(to, arity);
    let bytes = u64::try_from(arity).unwrap_or(u64::MAX).saturating_mul(8);
    ctl.check_memory_and_states(&what, bytes, format!("positions of {arity} coordinates"), states)?;
    let solver = rs.solver().unwrap_or_else(|| Box::new(MemoSolver::new(rs.clone())));
    solver.check(&vec![to; arity], ctl)?;
    Ok(TupleRun {
        rs,
        form,
        solver,
        arity,
        to,
        states,
    })
}

impl TupleRun<'_> {
    /// Searches every position and compares it with the closed form.
    fn run(self, ctl: &Control) -> Result<VerifyReport> {
        let TupleRun {
            rs,
            form,
            mut solver,
            arity,
            to,
            states,
        } = self;
        let mut report = VerifyReport {
            ruleset: rs.name(),
            statement: form.statement(),
            range: format!("all {arity}-tuples with entries 0..={to}"),
            checked: 0,
            not_covered: 0,
            mismatch: None,
            violations: 0,
            first_violations: Vec::new(),
        };
        let mut pos = vec![0u64; arity];
        ctl.start(&format!("verify {}", rs.name()), states.min(u64::MAX as u128) as u64);
        'outer: loop {
            if rs.check(&pos).is_ok() {
                match form.value(&pos) {
                    // An outcome without a value (Wythoff's N-positions): the search's
                    // value must have that outcome.
                    None => match form.outcome(&pos) {
                        None => report.not_covered += 1,
                        Some(o) => {
                            report.checked += 1;
                            let s = solver.value(&pos, ctl)?;
                            if Outcome::of(&s) != o {
                                report.violations += 1;
                                if report.first_violations.len() < LISTED_VIOLATIONS {
                                    report.first_violations.push(Violation {
                                        position: format!("{}({})", rs.name(), crate::error::Joined(&pos)),
                                        value: s,
                                        claim: format!("the closed form gives the outcome {o}"),
                                    });
                                }
                            }
                        }
                    },
                    Some(f) => {
                        report.checked += 1;
                        let s = solver.value(&pos, ctl)?;
                        if f != s {
                            report.mismatch = Some(Mismatch {
                                position: format!("{}({})", rs.name(), crate::error::Joined(&pos)),
                                formula: f,
                                search: s,
                            });
                            break;
                        }
                        if report.checked & 0x3FF == 0 {
                            ctl.tick(report.checked)?;
                        }
                    }
                }
            }
            for i in (0..arity).rev() {
                if pos[i] < to {
                    pos[i] += 1;
                    continue 'outer;
                }
                pos[i] = 0;
            }
            break;
        }
        ctl.finish();
        if report.checked == 0 && report.mismatch.is_none() {
            return Err(Error::NoFormula {
                ruleset: rs.name(),
                detail: None,
                instead: None,
            });
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_ruleset;
    use crate::control::ProgressSink;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Counts the computations started.
    #[derive(Default)]
    struct Starts(AtomicU64);

    impl ProgressSink for Starts {
        fn start(&self, _: &str, _: u64) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
        fn set(&self, _: u64) {}
        fn finish(&self) {}
    }

    /// Every tuple length is estimated before the first is searched: `verify cdn` (one,
    /// two and three coordinates) whose three-coordinate search does not fit the
    /// memory limit is refused before any search (it was refused at cdn(53,671,672),
    /// after 44 s of searching, with `--to 672` and 2 GiB).
    #[test]
    fn tuple_verification_is_refused_before_any_search() {
        let starts = Arc::new(Starts::default());
        let ctl = Control::new()
            .with_memory_limit(10 << 20)
            .with_work_limit(1_000_000_000)
            .with_progress(starts.clone());
        let e = verify(&parse_ruleset("cdn").unwrap(), 100, None, &ctl).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        assert!(e.to_string().contains("cdn(100,100,100)"), "{e}");
        assert_eq!(starts.0.load(Ordering::Relaxed), 0);
        // The positions of all lengths together against the work limit.
        let ctl = Control::new()
            .with_work_limit(101 * 101 * 101 + 50)
            .with_progress(starts.clone());
        let e = verify(&parse_ruleset("cdn").unwrap(), 100, None, &ctl).unwrap_err();
        assert_eq!(starts.0.load(Ordering::Relaxed), 0);
        assert!(matches!(e, Error::TooManyStates { .. }), "{e}");
        let ok = verify(&parse_ruleset("cdn").unwrap(), 20, None, &Control::new()).unwrap();
        assert_eq!(ok.len(), 3);
    }
}
