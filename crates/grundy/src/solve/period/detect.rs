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
//! This is the core the period engine ([`super::ProvenPeriod`]) and `grundy period`
//! share; [`crate::analysis::periodicity`] re-exports it.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{HeapRuleset, PeriodicityTheorem};

/// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod` (heap sizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The smallest heap n₀ from which the relation holds.
    pub preperiod: u64,
    /// The period p ≥ 1.
    pub period: u64,
    /// The saltus s (0 for ordinary periodicity).
    pub saltus: i64,
}

impl Periodicity {
    /// True for ordinary periodicity (saltus 0).
    pub fn is_ordinary(&self) -> bool {
        self.saltus == 0
    }
}

impl std::fmt::Display for Periodicity {
    /// CGSuite's notation: `Periodicity(period, preperiod, saltus)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Periodicity({}, {}, {})", self.period, self.preperiod, self.saltus)
    }
}

/// How much of the computed table a period must explain before [`detect`] reports it.
///
/// A short stretch of agreeing values at the end of a table (two equal last values, say)
/// fits a small period with a long preperiod by coincidence; these bounds reject such
/// fits. The defaults ask that the periodic stretch `[n₀, last]` hold at least two whole
/// periods and cover at least half of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// Whole periods the periodic stretch must hold (at least 2).
    pub min_periods: u64,
    /// The periodic stretch must be at least `len / min_cover_divisor` values long.
    pub min_cover_divisor: u64,
}

impl Default for Evidence {
    fn default() -> Self {
        Evidence {
            min_periods: 2,
            min_cover_divisor: 2,
        }
    }
}

/// For a fixed period `p`: the smallest preperiod and the saltus with which
/// `values` (where `values[i]` is G(`start` + i)) satisfies G(n+p) = G(n) + s for all n
/// in the table. The saltus is read off the last pair; `None` if `p` is 0, the table
/// has at most `p` values, or a difference does not fit in `i64`.
pub fn preperiod_for(values: &[u64], start: u64, period: u64) -> Option<(u64, i64)> {
    preperiod_in(values, start, period)
}

/// [`preperiod_for`] on values of any unsigned width (a table's `u32` codes).
fn preperiod_in<V: Copy + Into<u64>>(values: &[V], start: u64, period: u64) -> Option<(u64, i64)> {
    let p = usize::try_from(period).ok()?;
    if p == 0 || values.len() <= p {
        return None;
    }
    let last = values.len() - 1 - p;
    let s = i64::try_from(values[last + p].into() as i128 - values[last].into() as i128).ok()?;
    Some(preperiod_from(values, start, period, last as u64, s))
}

/// The smallest period (and for it the smallest preperiod and the saltus) that the
/// table `values` (`values[i]` = G(`start` + i)) shows with the required `evidence`,
/// or `None` if no period up to the table's size qualifies ("not periodic within N").
///
/// Periods are tried from 1 up to `len / min_periods`; each costs at most one pass back
/// from the end of the table, stopping at the first disagreement. A pattern with a
/// negative saltus is skipped: nim-values are non-negative, so it cannot continue.
///
/// # Example
/// The subtraction game with S = {1, 3, 4} has the period 0101232 from heap 0; the
/// periodicity theorem for subtraction games proves it from a table long enough.
/// ```
/// use grundy::analysis::periodicity::{detect, proven_by, Evidence};
/// use grundy::{rulesets::classic::Subtraction, solve, Control};
/// let s = Subtraction::new(&[1, 3, 4]).unwrap();
/// let seq = solve::sequence(&s, 100, &Control::new()).unwrap();
/// let values: Vec<u64> = (0..=100).map(|n| seq.get_u64(n).unwrap()).collect();
/// let per = detect(&values, 0, Evidence::default()).unwrap();
/// assert_eq!(per.to_string(), "Periodicity(7, 0, 0)");
/// assert!(proven_by(&s, &per, 100));
/// ```
pub fn detect(values: &[u64], start: u64, evidence: Evidence) -> Option<Periodicity> {
    detect_in(values, start, evidence)
}

/// [`detect`] on values of any unsigned width (a table's `u32` codes, read in place).
pub fn detect_in<V: Copy + Into<u64>>(values: &[V], start: u64, evidence: Evidence) -> Option<Periodicity> {
    let len = values.len() as u64;
    let reps = evidence.min_periods.max(2);
    let cover = len.div_ceil(evidence.min_cover_divisor.max(1));
    // Periods whose stretch reaches far back without the evidence asked for: a multiple
    // of such a period agrees (with the multiple saltus) at least as far back, so its
    // scan starts there instead of at the end of the table. A stretch of q holding at
    // most p values says nothing about p = k·q (no pair n, n + p lies in it), so it is
    // used only for the multiples shorter than the stretch.
    let mut long: Vec<(u64, u64, i64)> = Vec::new();
    let mut p: u64 = 1;
    while p.saturating_mul(reps) <= len {
        let need = (p * reps).max(cover);
        let known = long
            .iter()
            .filter(|&&(q, n0, _)| p.is_multiple_of(q) && len - (n0 - start) > p)
            .min_by_key(|&&(_, n0, _)| n0)
            .map(|&(q, n0, s)| (n0, s.checked_mul((p / q) as i64)));
        let found = match known {
            Some((n0, Some(s))) => Some(preperiod_from(values, start, p, n0 - start, s)),
            _ => preperiod_in(values, start, p),
        };
        if let Some((n0, s)) = found {
            // A negative saltus cannot continue (values would fall below 0), however
            // long the table agrees with it: it is never reported.
            let stretch = len - (n0 - start);
            if s >= 0 && stretch >= need {
                return Some(Periodicity {
                    preperiod: n0,
                    period: p,
                    saltus: s,
                });
            }
            if stretch >= 64 * p && long.len() < 64 {
                long.push((p, n0, s));
            }
        }
        p += 1;
    }
    None
}

/// [`preperiod_for`] when G(n + p) = G(n) + s is known to hold for every index from
/// `from` on: the scan back starts there.
fn preperiod_from<V: Copy + Into<u64>>(values: &[V], start: u64, period: u64, from: u64, s: i64) -> (u64, i64) {
    let p = period as usize;
    let diff = |i: usize| i64::try_from(values[i + p].into() as i128 - values[i].into() as i128).ok();
    let mut n0 = (from as usize).min(values.len() - 1 - p);
    while n0 > 0 && diff(n0 - 1) == Some(s) {
        n0 -= 1;
    }
    (start + n0 as u64, s)
}

/// Whether an apparent period is proven by the ruleset's periodicity theorem, given
/// that the table it was found in agreed with `per` on every heap from `per.preperiod`
/// to `checked_to` (the last heap computed). For a finite subtraction game the theorem
/// is the periodicity theorem for subtraction games (Winning Ways vol. 1 ch. 4; see
/// [`crate::rulesets::classic::Subtraction`]).
///
/// # Example
/// For a subtraction game with k = max(S), agreement through heap
/// n₀ + p + k − 1 proves the period (see [`crate::game::PeriodicityTheorem`]).
/// ```
/// use grundy::analysis::periodicity::{proven_by, Periodicity};
/// use grundy::rulesets::classic::Subtraction;
/// let s = Subtraction::new(&[1, 3, 4]).unwrap();
/// let per = Periodicity { preperiod: 0, period: 7, saltus: 0 };
/// assert!(!proven_by(&s, &per, 9));
/// assert!(proven_by(&s, &per, 10));
/// // The theorem proves no saltus.
/// assert!(!proven_by(&s, &Periodicity { saltus: 1, ..per }, 1000));
/// ```
pub fn proven_by(theorem: &dyn PeriodicityTheorem, per: &Periodicity, checked_to: u64) -> bool {
    theorem
        .proof_end(per.preperiod, per.period, per.saltus)
        .is_some_and(|end| checked_to >= end)
}

/// A proof that a heap ruleset's values are periodic: the pattern, the range of heaps
/// on which the computed values agree with it, and the theorem that extends the
/// agreement to every heap. [`crate::analysis::certificate::check_certificate`] re-verifies one
/// from saved values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The ruleset, as written in expressions (`kayles`, `take-and-break[0.156]`).
    pub ruleset: String,
    /// The pattern.
    pub periodicity: Periodicity,
    /// G(n + p) = G(n) + saltus was checked for every n with
    /// `periodicity.preperiod ≤ n ≤ last_checked`.
    pub last_checked: u64,
    /// The last heap the theorem needs (`last_checked + period`).
    pub proof_end: u64,
    /// The theorem.
    pub theorem: crate::formulas::Statement,
}

/// The result of [`search`]: the smallest period found in the values of heaps
/// `from..=to`, and its certificate when it is proven.
#[derive(Clone, Debug)]
pub struct PeriodSearch {
    /// The ruleset's name.
    pub ruleset: String,
    /// First heap examined.
    pub from: u64,
    /// Last heap computed and examined.
    pub to: u64,
    /// The smallest period with its preperiod and saltus, if one is apparent.
    pub found: Option<Periodicity>,
    /// The proof, when the ruleset's periodicity theorem applies and the values reach
    /// the heaps it needs.
    pub certificate: Option<Certificate>,
    /// For an apparent period that the ruleset's theorem could prove: the last heap it
    /// needs.
    pub proof_needs: Option<u64>,
    /// The values G(from..=to).
    pub values: Vec<u64>,
}

impl PeriodSearch {
    /// The largest value among the heaps examined.
    pub fn largest(&self) -> Option<u64> {
        self.values.iter().copied().max()
    }

    /// The number of P-positions (value 0) among the heaps examined.
    pub fn p_positions(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }
}

/// Looks for the period of `rs` on heaps `from..=to`, testing as the table grows
/// (doubling from 1024 heaps) and stopping as soon as the ruleset's periodicity
/// theorem proves a period ([`HeapRuleset::periodicity`]); otherwise it examines every
/// heap up to `to` and reports the period as apparent, or none. Periods need the
/// default [`Evidence`].
///
/// The work of each doubling step (the table from heap 0 to its end) is checked
/// before that step, so a search that stops early at a proof is never refused for
/// the work of a range it would not have reached.
///
/// # Errors
/// [`crate::Error::TooMuchWork`] when a doubling step's table is above the work limit
/// (the first step, or the one after the last heap examined without a proof); the
/// dense engine's errors ([`crate::Error::TooLarge`], [`crate::Error::Interrupted`]),
/// and [`crate::Error::Unsupported`] when a value exceeds 2^64 − 1.
///
/// # Example
/// ```
/// use grundy::{analysis::periodicity::search, catalog::parse_ruleset, Control};
/// let kayles = parse_ruleset("kayles").unwrap();
/// let r = search(kayles.as_heap("period").unwrap().as_ref(), 0, 100_000, &Control::new()).unwrap();
/// let c = r.certificate.expect("Kayles is proven periodic");
/// // Guy & Smith 1956: period 12, last exception at heap 70.
/// assert_eq!((c.periodicity.period, c.periodicity.preperiod), (12, 71));
/// assert!(r.to < 2000, "it stops once the period is proven");
/// ```
pub fn search(rs: &dyn HeapRuleset, from: u64, to: u64, ctl: &Control) -> Result<PeriodSearch> {
    match search_partial(rs, from, to, ctl)? {
        (r, None) => Ok(r),
        (_, Some(e)) => Err(e),
    }
}

/// [`search`], keeping what was established when the table stops early (Ctrl-C, or
/// a doubling step refused by the work limit): the analysis of the heaps computed
/// until then (`to` is the last of them), with the error that stopped it.
///
/// # Errors
/// As [`search`], for errors before any heap is computed or in reading the values.
pub fn search_partial(
    rs: &dyn HeapRuleset,
    from: u64,
    to: u64,
    ctl: &Control,
) -> Result<(PeriodSearch, Option<Error>)> {
    let from = from.max(rs.first_heap());
    let (g, stopped) = grow(rs, from, to, Vec::new(), ctl)?;
    let values: Vec<u64> = match g.last {
        Some(last) if last >= from => (from..=last)
            .map(|n| g.table.get_u64(n).ok_or_else(|| too_wide(rs, n)))
            .collect::<Result<_>>()?,
        _ => Vec::new(),
    };
    let examined = from + values.len() as u64;
    Ok((
        PeriodSearch {
            ruleset: rs.name(),
            from,
            to: examined.saturating_sub(1).max(from),
            found: g.found,
            proof_needs: g.proof_needs,
            certificate: g.certificate,
            values,
        },
        stopped,
    ))
}

fn too_wide(rs: &dyn HeapRuleset, n: u64) -> Error {
    Error::Unsupported(format!(
        "G({n}) of {} does not fit in 64 bits; periodicity needs 64-bit values",
        rs.name()
    ))
}

/// What a growing search established: the table computed, the last heap examined,
/// and the period found in the heaps from the first examined through it.
#[derive(Debug)]
pub struct Grown {
    /// The values of heaps `0..table.len()` (possibly beyond the last heap examined
    /// when a run stopped midway).
    pub table: crate::solve::NimSeq,
    /// The last heap examined (`None` if none was computed).
    pub last: Option<u64>,
    /// The smallest period apparent in the heaps examined.
    pub found: Option<Periodicity>,
    /// Its proof by the ruleset's theorem, when the heaps examined reach it.
    pub certificate: Option<Certificate>,
    /// For an apparent period the theorem could prove: the last heap it needs.
    pub proof_needs: Option<u64>,
}

/// The growing search behind [`search`], from the codes of heaps `0..codes.len()`
/// computed earlier (the evaluator's table; empty to start afresh): the table grows by
/// doubling from 1024 heaps (from `from`) and stops at `to` or as soon as the ruleset's
/// theorem proves a period of the heaps `from..` computed. Each step's work (the table
/// from heap 0 to the step's end) is checked against the work limit before the step.
/// Where no proof can end the search early (no theorem, or the proof of the shortest
/// pattern, period 1 from heap 0, needs more heaps than `to` or a table holds) the
/// whole range is one step, refused up front if it is above the limits.
/// A table whose values do not fit in 64 bits has no period here (none is looked for).
///
/// # Errors
/// [`Error::TooMuchWork`] or [`Error::TooLarge`] for a first step above the limits
/// (when `codes` is empty; otherwise it comes back with them as below); the dense
/// engine's checks before any work. An interruption, an engine error midway, and a later step
/// refused by the work limit come back as `Ok((grown, Some(error)))` with the heaps
/// computed.
pub fn grow(
    rs: &dyn HeapRuleset,
    from: u64,
    to: u64,
    codes: Vec<u32>,
    ctl: &Control,
) -> Result<(Grown, Option<Error>)> {
    let from = from.max(rs.first_heap());
    let theorem = rs.periodicity();
    let mut codes = codes;
    let have = codes.len() as u64;
    // A search that can stop early at a proof grows by doubling; one that cannot (no
    // theorem, or even the shortest pattern's proof needs more heaps than the range or
    // a table holds) computes the whole range in one step, its work checked up front.
    let table_end = to.min(u32::MAX as u64 - 1);
    let can_stop = theorem
        .and_then(|t| t.proof_end(0, 1, 0))
        .is_some_and(|end| end < table_end);
    let mut size = match can_stop {
        true => to.min(from.saturating_add(1023).max(have.saturating_sub(1))),
        false => to,
    };
    // Under a small work limit the first step shrinks, halving down to 16 heaps from
    // `from`, so that a period proven within a few heaps is not refused for the 1024 it
    // would not reach (`--max-work 1e6 period 0.F`: proven at heap 9, refused for 1023).
    // A limit that even 16 heaps do not fit is refused for the whole first step, as before.
    let first = from.saturating_add(15).max(have.saturating_sub(1));
    let fits = |size: u64| crate::game::dense_work(rs, 0, size) <= u128::from(ctl.work_limit());
    if can_stop && size > first && !fits(size) && fits(first) {
        while !fits(size) {
            size = (from + (size - from) / 2).max(first);
        }
    }
    let mut examined_before: Option<u64> = None;
    loop {
        // The work of the table to `size`, from heap 0 (the search's whole work so far),
        // and its memory: checked before the step, so that only a step the search
        // reaches is refused (and a refusal after the first step keeps the heaps done).
        let checked = crate::solve::dense::check_table_memory(rs, size, ctl).and_then(|()| {
            ctl.check_work(
                &format!("the period search of {} to {size}", rs.name()),
                crate::game::dense_work(rs, 0, size),
                format!(
                    "heaps 0..={size}, {}{}",
                    rs.work().describe(),
                    match examined_before {
                        Some(last) => format!(
                            "; the search doubles the table until a period is proven, and none was within heaps {from}..={last}"
                        ),
                        None if can_stop => "; it stops earlier once a period is proven".into(),
                        None => String::new(),
                    }
                ),
            )
        });
        if let Err(e) = checked {
            let Some(last) = examined_before else {
                if codes.is_empty() {
                    return Err(e);
                }
                // Refused before the first step: the heaps computed earlier are kept.
                let table = crate::solve::NimSeq::from_codes(codes, crate::game::encoding(rs));
                let grown = Grown {
                    table,
                    last: None,
                    found: None,
                    certificate: None,
                    proof_needs: None,
                };
                return Ok((grown, Some(e)));
            };
            let table = crate::solve::NimSeq::from_codes(codes, crate::game::encoding(rs));
            let (found, certificate, proof_needs) = analyse(rs, &table, from, last, theorem);
            return Ok((
                Grown {
                    table,
                    last: Some(last),
                    found,
                    certificate,
                    proof_needs,
                },
                Some(e),
            ));
        }
        // Continue from the heaps already computed instead of starting again.
        let (table, stopped) = crate::solve::sequence_resume(rs, std::mem::take(&mut codes), size, ctl)?;
        // Stopped early: the heaps computed so far are examined.
        let last = match stopped {
            Some(_) => (table.len() as u64).min(size + 1).checked_sub(1),
            None => Some(size),
        }
        .filter(|&l| l >= from);
        let (found, certificate, proof_needs) = match last {
            Some(last) => analyse(rs, &table, from, last, theorem),
            None => (None, None, None),
        };
        if certificate.is_some() || size >= to || stopped.is_some() {
            return Ok((
                Grown {
                    table,
                    last,
                    found,
                    certificate,
                    proof_needs,
                },
                stopped,
            ));
        }
        codes = table.into_codes();
        examined_before = last;
        // Grow: to the heap the proof of an apparent period needs if that is within a
        // doubling, else double.
        let hint = proof_needs.or_else(|| {
            let weak = Evidence {
                min_periods: 2,
                min_cover_divisor: 4,
            };
            let per = detect_in(&codes[from as usize..=size as usize], from, weak);
            per.and_then(|p| theorem.and_then(|t| t.proof_end(p.preperiod, p.period, p.saltus)))
        });
        let doubled = size.saturating_mul(2).saturating_add(1);
        size = match hint {
            Some(end) if end > size => end.min(doubled),
            _ => doubled,
        }
        .min(to);
    }
}

/// The period of the heaps `from..=last` of `table` and its proof: (apparent period,
/// certificate, last heap the proof of the apparent period needs if not proven).
fn analyse(
    rs: &dyn HeapRuleset,
    table: &crate::solve::NimSeq,
    from: u64,
    last: u64,
    theorem: Option<&dyn PeriodicityTheorem>,
) -> (Option<Periodicity>, Option<Certificate>, Option<u64>) {
    let range = from as usize..=last as usize;
    let found = match table.encoding() {
        crate::game::Encoding::Plain => detect_in(&table.codes()[range], from, Evidence::default()),
        _ => {
            let values: Option<Vec<u64>> = (from..=last).map(|n| table.get_u64(n)).collect();
            values.and_then(|v| detect(&v, from, Evidence::default()))
        }
    };
    // A period found from `from` may hold from an earlier heap: the table holds the
    // heaps below `from` too, so the preperiod is lowered while they agree (`period
    // kayles --from 100` gave the preperiod 100 where Kayles' is 71).
    let found = found.map(|p| lower_preperiod(table, p, rs.first_heap()));
    let needs = found.and_then(|p| theorem.and_then(|t| t.proof_end(p.preperiod, p.period, p.saltus)));
    let certificate = match (found, needs, theorem) {
        (Some(per), Some(end), Some(t)) if end <= last => Some(Certificate {
            ruleset: rs.name(),
            periodicity: per,
            last_checked: end - per.period,
            proof_end: end,
            theorem: t.statement(),
        }),
        _ => None,
    };
    (found, certificate.clone(), needs.filter(|_| certificate.is_none()))
}

/// `per` with its preperiod lowered while the heaps of `table` below it, down to
/// `first`, follow the pattern: G(n) = G(n + p) − s for n = n₀ − 1, n₀ − 2, … (a
/// period found in the heaps from some heap on, the least preperiod the table shows).
fn lower_preperiod(table: &crate::solve::NimSeq, per: Periodicity, first: u64) -> Periodicity {
    let mut n0 = per.preperiod;
    while n0 > first {
        let n = n0 - 1;
        let agrees = match (table.get_u64(n), table.get_u64(n + per.period)) {
            (Some(a), Some(b)) => i128::from(b) - i128::from(a) == i128::from(per.saltus),
            _ => false,
        };
        if !agrees {
            break;
        }
        n0 = n;
    }
    Periodicity { preperiod: n0, ..per }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain search: every period scanned back from the end of the table.
    fn detect_plain(values: &[u64], start: u64, evidence: Evidence) -> Option<Periodicity> {
        let len = values.len() as u64;
        let reps = evidence.min_periods.max(2);
        let cover = len.div_ceil(evidence.min_cover_divisor.max(1));
        (1..=len / reps).find_map(|p| {
            let (n0, s) = preperiod_for(values, start, p)?;
            (s >= 0 && len - (n0 - start) >= (p * reps).max(cover)).then_some(Periodicity {
                preperiod: n0,
                period: p,
                saltus: s,
            })
        })
    }

    use proptest::strategy::Strategy;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]
        /// Starting the scans of multiples of a long-agreeing period where it agrees
        /// changes nothing: the same result as the plain search, on tables with a
        /// random prefix and a (possibly arithmetic) periodic tail.
        #[test]
        fn detect_equals_the_plain_search(
            prefix in proptest::collection::vec(0u64..6, 0..300),
            block in proptest::prop_oneof![
                proptest::collection::vec(0u64..6, 1..6),
                // Ramps, whose runs of period 1 reach 64 values and more.
                (1u64..140).prop_map(|l| (0..l).collect::<Vec<u64>>()),
            ],
            saltus in 0u64..2,
            reps in 1usize..400,
            divisor in 1u64..5,
        ) {
            let mut values = prefix;
            for r in 0..reps {
                values.extend(block.iter().map(|&v| v + saltus * r as u64));
            }
            let ev = Evidence { min_periods: 2, min_cover_divisor: divisor };
            proptest::prop_assert_eq!(detect(&values, 3, ev), detect_plain(&values, 3, ev));
        }
    }

    /// A table with a known smallest period `p`, preperiod `n0` (relative to the first
    /// heap `start`) and saltus: G(start + n0 + i·p + j) = block[j] + i·saltus, random
    /// values before. `shape` picks the block: a ramp j (the values of
    /// subtraction[1..p−1]), runs j / w, an inner pattern j mod w, or random values.
    /// One entry of the block is a spike above 2^40 that no other value comes near, so
    /// no q < p fits a stretch of 2q and more than p values (such a stretch holds a
    /// spike t with t or t − q in the fit's range, and its difference differs from that
    /// of a neighbouring n); the entry before n₀ is G(n₀ − 1 + p) + 1, so the preperiod
    /// is exactly n₀.
    fn known_period(p: usize, n0: usize, saltus: u64, shape: u8, seed: u64, len: usize) -> Vec<u64> {
        let mut state = seed;
        let mut next = move || {
            // SplitMix64.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let w = (next() % 9 + 2) as usize;
        let spike = (next() % p as u64) as usize;
        let block: Vec<u64> = (0..p)
            .map(|j| match (j == spike, shape) {
                (true, _) => (1 << 40) + next() % 1000,
                (false, 0) => j as u64,
                (false, 1) => (j / w) as u64,
                (false, 2) => (j % w) as u64,
                (false, _) => next() % 8,
            })
            .collect();
        let periodic = |n: usize| block[(n - n0) % p] + (n - n0) as u64 / p as u64 * saltus;
        let mut values: Vec<u64> = (0..len)
            .map(|n| if n < n0 { next() % 8 } else { periodic(n) })
            .collect();
        if n0 > 0 {
            values[n0 - 1] = periodic(n0 - 1 + p) + 1;
        }
        values
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]
        /// A sequence with smallest period p ≤ 5000, preperiod n₀ ≤ 2p (so that two
        /// periods after it are half the table) and saltus s ≥ 0 is found at every end
        /// of the table from n₀ + 2p to n₀ + 6p: all of them for p ≤ 250; for longer
        /// periods each end within one heap of a whole number of periods or of the
        /// spike (where the last run of a ramp is longest, periods of 64 and more were
        /// missed), and 16 others at random.
        #[test]
        fn a_known_period_is_found_at_every_length(
            p in proptest::prop_oneof![1usize..=200, 1usize..=5000],
            n0_part in 0.0f64..=1.0,
            saltus in proptest::prop_oneof![proptest::strategy::Just(0u64), 0u64..4],
            shape in 0u8..4,
            start in 0u64..3,
            seed: u64,
        ) {
            let n0 = (n0_part * 2.0 * p as f64) as usize;
            let values = known_period(p, n0, saltus, shape, seed, n0 + 6 * p + 1);
            let want = Periodicity { preperiod: start + n0 as u64, period: p as u64, saltus: saltus as i64 };
            let spike = (0..p).find(|&j| values[n0 + j] >= 1 << 40).unwrap_or(0);
            let mut ends: Vec<usize> = (2..=6)
                .flat_map(|k| [0, spike].map(|j| n0 + k * p + j))
                .flat_map(|e| [e.saturating_sub(1), e, e + 1])
                .collect();
            let mut rng = seed;
            for _ in 0..16 {
                rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                ends.push(n0 + 2 * p + (rng >> 33) as usize % (4 * p + 1));
            }
            if p <= 250 {
                ends = (n0 + 2 * p..=n0 + 6 * p).collect();
            }
            ends.retain(|&e| (n0 + 2 * p..=n0 + 6 * p).contains(&e));
            for end in ends {
                proptest::prop_assert_eq!(
                    detect(&values[..=end], start, Evidence::default()),
                    Some(want),
                    "table of heaps {}..={}", start, start + end as u64
                );
            }
        }
    }

    fn subtraction_proof(set: &[u64], per: &Periodicity, checked_to: u64) -> bool {
        crate::rulesets::classic::Subtraction::new(set).is_ok_and(|s| proven_by(&s, per, checked_to))
    }
    use crate::game::HeapRuleset;
    use crate::rulesets::classic::Subtraction;
    use crate::solve::sequence;
    use crate::Control;

    fn table(rs: &dyn HeapRuleset, to: u64) -> Vec<u64> {
        let seq = sequence(rs, to, &Control::new()).unwrap();
        (0..=to).map(|n| seq.get_u64(n).unwrap()).collect()
    }

    #[test]
    fn periodic_from_the_start() {
        // subtraction[1,2,3]: n mod 4.
        let v: Vec<u64> = (0..100).map(|n| n % 4).collect();
        let p = detect(&v, 0, Evidence::default()).unwrap();
        assert_eq!(
            p,
            Periodicity {
                preperiod: 0,
                period: 4,
                saltus: 0
            }
        );
        assert_eq!(p.to_string(), "Periodicity(4, 0, 0)");
    }

    #[test]
    fn periodic_only_after_a_long_preperiod() {
        // 300 distinct values, then period 7 (values 1000..1007 repeating).
        let mut v: Vec<u64> = (0..300).map(|n| (n * n) % 997 + 2000).collect();
        v.extend((0..700).map(|i| 1000 + (i % 7)));
        let p = detect(&v, 0, Evidence::default()).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (300, 7, 0));
        // The same table offset to heap 5 reports heap sizes.
        let q = detect(&v, 5, Evidence::default()).unwrap();
        assert_eq!(q.preperiod, 305);
        // A computed game: subtraction[2,5,7] is periodic, found and proven.
        let rs = Subtraction::new(&[2, 5, 7]).unwrap();
        let v = table(&rs, 200);
        let p = detect(&v, 0, Evidence::default()).unwrap();
        for n in p.preperiod..=200 - p.period {
            assert_eq!(v[(n + p.period) as usize], v[n as usize]);
        }
        assert!(p.preperiod == 0 || v[(p.preperiod - 1 + p.period) as usize] != v[p.preperiod as usize - 1]);
        assert!(subtraction_proof(&[2, 5, 7], &p, 200));
    }

    #[test]
    fn a_known_preperiod_in_a_subtraction_game() {
        // Compare detect with a direct scan of all (p, n0) pairs, smallest p first, over
        // several subtraction sets.
        // subtraction[2,8,9] has preperiod 21 and period 11, subtraction[3,5,9] preperiod
        // 14 and period 2 (found by an independent scan, and asserted below).
        let mut found = Vec::new();
        for set in [vec![1u64, 4], vec![2, 3], vec![2, 8, 9], vec![3, 5, 9], vec![2, 4, 7]] {
            let rs = Subtraction::new(&set).unwrap();
            let v = table(&rs, 400);
            let got = detect(&v, 0, Evidence::default()).unwrap();
            let brute = (1..=100u64)
                .find_map(|p| {
                    (0..=200u64)
                        .find(|&n0| (n0..=400 - p).all(|n| v[(n + p) as usize] == v[n as usize]))
                        .map(|n0| (p, n0))
                })
                .unwrap();
            assert_eq!(
                (got.period, got.preperiod, got.saltus),
                (brute.0, brute.1, 0),
                "{set:?}"
            );
            assert!(subtraction_proof(&set, &got, 400), "{set:?}");
            found.push((got.preperiod, got.period));
        }
        assert_eq!(found[2], (21, 11));
        assert_eq!(found[3], (14, 2));
        assert_eq!(found[4], (8, 3));
    }

    #[test]
    fn arithmetic_periodic() {
        // Nim: G(n) = n, Periodicity(1, 0, 1).
        let nim: Vec<u64> = (0..50).collect();
        assert_eq!(
            detect(&nim, 0, Evidence::default()),
            Some(Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        // floor(n/3)·2 + (n mod 3 == 2) after a preperiod of 10 odd values: period 3, saltus 2.
        let mut v: Vec<u64> = (0..10).map(|n| 100 + 3 * n).collect();
        v.extend((0..300u64).map(|n| 2 * (n / 3) + u64::from(n % 3 == 2)));
        let p = detect(&v, 0, Evidence::default()).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (10, 3, 2));
        assert!(!p.is_ordinary());
        assert!(
            !subtraction_proof(&[1, 2], &p, 1000),
            "a saltus is never proven for S finite"
        );
    }

    #[test]
    fn not_periodic_within_n() {
        // The values n² mod 1009 are not periodic within 500 values.
        let v: Vec<u64> = (0..500u64).map(|n| n * n % 1009).collect();
        assert_eq!(detect(&v, 0, Evidence::default()), None);
        // Two equal trailing values do not make period 1 with a long preperiod.
        let mut w = v.clone();
        w.push(*w.last().unwrap());
        w.push(*w.last().unwrap());
        assert_eq!(detect(&w, 0, Evidence::default()), None);
        assert_eq!(preperiod_for(&w, 0, 1), Some((499, 0)));
        // Too short a table has no period at all.
        assert_eq!(detect(&[3], 0, Evidence::default()), None);
        assert_eq!(detect(&[], 0, Evidence::default()), None);
    }

    #[test]
    fn proof_needs_max_s_values_past_preperiod_and_period() {
        let per = Periodicity {
            preperiod: 4,
            period: 3,
            saltus: 0,
        };
        // n0 + p + k − 1 = 4 + 3 + 5 − 1 = 11.
        assert!(subtraction_proof(&[1, 5], &per, 11));
        assert!(!subtraction_proof(&[1, 5], &per, 10));
        assert!(!subtraction_proof(&[], &per, 100));
    }

    #[test]
    fn one_to_k_has_period_k_plus_1_proven() {
        for k in 1..=12u64 {
            let set: Vec<u64> = (1..=k).collect();
            let rs = Subtraction::new(&set).unwrap();
            let to = 4 * (k + 1);
            let v = table(&rs, to);
            let p = detect(&v, 0, Evidence::default()).unwrap();
            assert_eq!((p.period, p.preperiod, p.saltus), (k + 1, 0, 0));
            assert!(subtraction_proof(&set, &p, to));
        }
    }

    #[test]
    fn periods_of_64_and_more_when_the_table_is_whole_periods() {
        // subtraction[1..=63] to 319 (five periods of 64) and subtraction[1..=70] to 354
        // and 425: the last run of period 1 (64 or 71 values) said nothing about the
        // period itself, whose scan started from it with saltus 64 (71).
        for (k, to) in [(63u64, 319u64), (63, 383), (63, 384), (70, 354), (70, 425)] {
            let set: Vec<u64> = (1..=k).collect();
            let rs = Subtraction::new(&set).unwrap();
            let r = search(&rs, 0, to, &Control::new()).unwrap();
            assert_eq!(
                r.found,
                Some(Periodicity {
                    preperiod: 0,
                    period: k + 1,
                    saltus: 0
                }),
                "k = {k}, to = {to}"
            );
            assert_eq!(r.certificate.map(|c| c.proof_end), Some(2 * k), "k = {k}, to = {to}");
        }
    }

    #[test]
    fn a_negative_saltus_is_never_reported() {
        // subtraction[1,…,20] to 40: G(n) = n mod 21 fits G(n + 20) = G(n) − 1 on
        // 1..=20, which cannot continue; 21 is too long a period for 41 values.
        let values: Vec<u64> = (0..=40).map(|n| n % 21).collect();
        assert_eq!(detect(&values, 0, Evidence::default()), None);
        let values: Vec<u64> = (0..=100).map(|n| n % 21).collect();
        let p = detect(&values, 0, Evidence::default()).unwrap();
        assert_eq!((p.period, p.preperiod, p.saltus), (21, 0, 0));
        // Strictly decreasing runs: no period, rather than a negative saltus.
        let values: Vec<u64> = (0..50).rev().collect();
        assert_eq!(detect(&values, 0, Evidence::default()), None);
    }
}
