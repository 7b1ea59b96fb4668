//! Misère play in the solver facade: the play convention ([`Play`]) and the misère
//! answers of [`Solver`] — outcome, G⁻ and genus ([`Solver::misere_value`]), moves
//! ([`Solver::misere_moves`]) and sequences of G⁻ ([`Solver::misere_sequence`]).
//!
//! **Which engine.** A sum of heaps of one heap ruleset (other than Nim, which
//! misère Nim's rule answers at once) is answered from the ruleset's misère quotient
//! when one covers every heap of the sum: a quotient loaded from a certificate
//! ([`Solver::add_quotient`], re-checked first), or one computed in this process up to
//! the largest heap of the sum within [`QUOTIENT_BUDGET`] units of work (kept for
//! later questions: a solved quotient answers every heap). The answer then takes one
//! monoid product per run of equal heaps (copies by repeated squaring): sums of
//! thousands of heaps, and heaps of any size below 2^64 for a solved quotient.
//! Everything else — sums mixing rulesets, tuples, boards and graphs, heaps beyond
//! the quotient reached — is answered by the search ([`MisereSearch`]). Loopy
//! components are refused.
//!
//! **G⁻ and the genus** of a position of one component (one heap, one tuple, one
//! board or graph) need every follower of it; they are computed within
//! [`GENUS_BUDGET`] units of work (or the work limit if lower). Beyond that the outcome
//! is still given, with a note.

use super::{Slot, Solver};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Component, HeapRuleset, Part, Position, Ruleset};
use crate::solve::misere::{
    check_certificate, quotient, Certificate, GenusReport, MisereMoves, MisereSearch, Quotient,
};
use crate::value::Outcome;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// The most work (options listed and states checked) a quotient computed on the fly
/// to answer a question may take; past it the search answers instead.
pub const QUOTIENT_BUDGET: u64 = 20_000_000;

/// The most work (followers, their options and those options' heaps) spent on G⁻ and
/// the genus of a single component; past it only the outcome is given.
pub const GENUS_BUDGET: u64 = 2_000_000;

/// The play convention: who wins when no move is left (`"normal"` or `"misere"` in
/// JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: the player who makes the last move wins (Sprague–Grundy values).
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

impl Play {
    /// `normal` or `misere`, as written on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

impl std::str::FromStr for Play {
    type Err = Error;

    /// `normal` or `misere` (also `misère`).
    ///
    /// # Errors
    /// [`Error::Input`] naming the two conventions.
    fn from_str(s: &str) -> Result<Play> {
        match s {
            "normal" => Ok(Play::Normal),
            "misere" | "misère" => Ok(Play::Misere),
            _ => Err(Error::Input(format!(
                "unknown play convention '{s}': normal (the last player to move wins) or misere (the last player to move loses)"
            ))),
        }
    }
}

/// The misère answer for a position.
#[derive(Clone, Debug)]
pub struct MisereValue {
    /// P or N.
    pub outcome: Outcome,
    /// For a position of one component: G⁻, the genus and its tameness (`None` for a
    /// sum, or when they were beyond [`GENUS_BUDGET`]: see `note`).
    pub single: Option<GenusReport>,
    /// The quotient that gave the outcome, if one did.
    pub quotient: Option<QuotientUse>,
    /// Why G⁻ and the genus of a single component are missing.
    pub note: Option<String>,
}

/// Which quotient answered a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientUse {
    /// The ruleset.
    pub ruleset: String,
    /// The last heap it was computed to.
    pub to: u64,
    /// True if solved (every heap).
    pub solved: bool,
}

impl std::fmt::Display for QuotientUse {
    /// `the misère quotient of kayles, solved`, or `…, heaps ≤ 30` for one that
    /// covers the heaps up to its last.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the misère quotient of {}, ", self.ruleset)?;
        if self.solved {
            f.write_str("solved")
        } else {
            write!(f, "heaps ≤ {}", self.to)
        }
    }
}

/// G⁻, genus and tameness of consecutive heaps of a heap ruleset.
#[derive(Clone, Debug)]
pub struct MisereSequence {
    /// The ruleset's name.
    pub ruleset: String,
    /// The first heap.
    pub from: u64,
    /// The facts of heaps `from`, `from + 1`, ….
    pub values: Vec<GenusReport>,
    /// Why the sequence stopped before the last heap asked for; the values present are
    /// exact.
    pub stopped: Option<Error>,
}

/// The misère state of a [`Solver`]: the search's memos and the quotients known.
#[derive(Default)]
pub(super) struct MisereState {
    search: Option<MisereSearch>,
    quotients: FxHashMap<String, Arc<Quotient>>,
    /// Per ruleset: the quotient engine stopped at this heap (or cannot run), so no
    /// larger quotient is tried again in this process.
    stopped_at: FxHashMap<String, u64>,
}

/// A heap ruleset with heaps as (heap, copies).
type HeapSum = (Arc<dyn HeapRuleset>, Vec<(u64, u64)>);

/// The heaps of `pos` as (heap, copies) when it is a sum of heaps of one heap ruleset
/// (not Nim, which misère Nim's rule answers at once), with that ruleset.
fn heap_sum(pos: &Position) -> Option<HeapSum> {
    let mut rs: Option<Arc<dyn HeapRuleset>> = None;
    let mut heaps = Vec::new();
    for c in &pos.components {
        let Component::Heaps { ruleset, heaps: runs } = c else {
            return None;
        };
        if rs.as_ref().is_some_and(|r| r.name() != ruleset.name()) {
            return None;
        }
        rs.get_or_insert_with(|| ruleset.clone());
        heaps.extend(runs.iter().map(|p| (p.heap, p.copies)));
    }
    let rs = rs?;
    if crate::solve::misere::is_nim_ruleset(rs.as_ref()) {
        return None;
    }
    Some((rs, heaps))
}

/// True if `q` covers every heap of `heaps`.
fn covers(q: &Quotient, heaps: &[(u64, u64)]) -> bool {
    heaps.iter().all(|&(h, _)| q.phi_of(h).is_some())
}

/// True for the errors that mean "over a limit" rather than a failure.
fn refused(e: &Error) -> bool {
    matches!(
        e,
        Error::TooLarge { .. } | Error::TooManyStates { .. } | Error::TooMuchWork { .. }
    )
}

impl Solver {
    /// The same solver with `play` as its convention ([`Solver::play`]).
    pub fn with_play(mut self, play: Play) -> Solver {
        self.play = play;
        self
    }

    /// The play convention the caller chose (front ends call the misère methods when
    /// it is [`Play::Misere`]).
    pub fn play(&self) -> Play {
        self.play
    }

    /// Refuses, before any search, a position with a board or graph part whose
    /// normal-play search alone would pass the work limit: the misère search has no
    /// nim-values to split sums with, so it visits at least the positions the
    /// normal-play search does (that engine's estimate is the lower bound checked).
    fn check_games(&self, pos: &Position) -> Result<()> {
        let ctl = self.ev.control();
        for c in &pos.components {
            let Component::Game { ruleset, pos: at } = c else {
                continue;
            };
            let Some(mut engine) = ruleset.solver() else {
                continue;
            };
            if let Some(work) = engine.work(at, ctl)? {
                ctl.check_work(
                    &format!("the misère search of {}", crate::error::brief(&ruleset.write(at))),
                    work.min(1e38) as u128,
                    "at least those a normal-play search of it visits, by that engine's work model, docs/choices.md \"Work estimates\"",
                )?;
            }
        }
        Ok(())
    }

    fn search(&mut self) -> &mut MisereSearch {
        let ctl = self.ev.control().clone();
        self.misere.search.get_or_insert_with(|| MisereSearch::new(ctl))
    }

    /// Adds the quotient of a certificate after re-checking it with the independent
    /// checker ([`check_certificate`]); later misère questions about sums of heaps of
    /// `rs` that it covers are answered from it.
    ///
    /// # Errors
    /// [`Error::Input`] `certificate rejected: …` when the check fails, and the
    /// checker's limits and [`Error::Interrupted`].
    pub fn add_quotient(&mut self, cert: &Certificate, rs: &Arc<dyn HeapRuleset>) -> Result<Arc<Quotient>> {
        let q = Arc::new(Quotient::from_certificate(cert, rs.as_ref(), self.ev.control())?);
        self.misere.quotients.insert(rs.name(), q.clone());
        Ok(q)
    }

    /// The misère quotient of `rs` known to this solver that covers `heaps`, computing
    /// (within [`QUOTIENT_BUDGET`]) one up to the largest heap if none does.
    fn quotient_for(&mut self, rs: &Arc<dyn HeapRuleset>, heaps: &[(u64, u64)]) -> Result<Option<Arc<Quotient>>> {
        let name = rs.name();
        if let Some(q) = self.misere.quotients.get(&name).filter(|q| covers(q, heaps)) {
            return Ok(Some(q.clone()));
        }
        let top = heaps.iter().map(|&(h, _)| h).max().unwrap_or(0);
        if self.misere.stopped_at.get(&name).is_some_and(|&s| top >= s) {
            return Ok(None);
        }
        let ctl = self.ev.control();
        let budget = ctl.clone().with_work_limit(ctl.work_limit().min(QUOTIENT_BUDGET));
        let q = match quotient(rs.as_ref(), top.max(1), &budget) {
            Ok(q) => q,
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(_) => {
                // The quotient engine does not take this ruleset (options that are
                // not sums of smaller heaps, say): the search answers.
                self.misere.stopped_at.insert(name, 0);
                return Ok(None);
            }
        };
        match &q.stopped {
            Some(Error::Interrupted) => return Err(Error::Interrupted),
            Some(_) => {
                self.misere.stopped_at.insert(name.clone(), q.to + 1);
            }
            None => {}
        }
        let q = Arc::new(q);
        let better = self
            .misere
            .quotients
            .get(&name)
            .is_none_or(|old| old.phi_of(q.to).is_none());
        if better {
            self.misere.quotients.insert(name, q.clone());
        }
        Ok(covers(&q, heaps).then_some(q))
    }

    /// The misère outcome of `pos` and, for a position of one component, its G⁻,
    /// genus and tameness (see the module docs, `grundy::solve::solver::misere`, for the engine chosen).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy component (misère play of loopy games is out
    /// of scope) or rules the misère engines cannot take; the search's limits
    /// ([`MisereSearch::outcome`]); [`Error::Interrupted`].
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::{Method, Play, Solver}, value::Outcome, Control};
    /// let mut solver = Solver::new(Method::Auto, Control::new()).with_play(Play::Misere);
    /// // Kayles (0.77): a single pin is a misère P-position; its genus is 1^{031}.
    /// let v = solver.misere_value(&parse_position("kayles(1)").unwrap()).unwrap();
    /// assert_eq!(v.outcome, Outcome::P);
    /// assert_eq!(v.single.unwrap().genus.to_string(), "1^{031}");
    /// // A thousand heaps, from Kayles' misère quotient.
    /// let v = solver.misere_value(&parse_position("kayles(1*500, 2*250, 77*250)").unwrap()).unwrap();
    /// assert!(v.quotient.is_some());
    /// ```
    pub fn misere_value(&mut self, pos: &Position) -> Result<MisereValue> {
        if let Some(c) = pos.components.iter().find(|c| c.is_loopy()) {
            return Err(loopy(&c.ruleset_name()));
        }
        let mut out = MisereValue {
            outcome: Outcome::N,
            single: None,
            quotient: None,
            note: None,
        };
        self.check_games(pos)?;
        let mut known = None;
        if let Some((rs, heaps)) = heap_sum(pos) {
            if let Some(q) = self.quotient_for(&rs, &heaps)? {
                known = q.is_p(&heaps);
                out.quotient = Some(QuotientUse {
                    ruleset: q.ruleset.clone(),
                    to: q.to,
                    solved: matches!(q.status, crate::solve::misere::Status::Solved { .. }),
                });
            }
        }
        if single(pos) {
            let ctl = self.ev.control();
            let limit = ctl.work_limit().min(GENUS_BUDGET);
            match MisereSearch::new(ctl.clone().with_work_limit(limit)).genus(pos) {
                Ok(r) => {
                    known.get_or_insert(r.misere_value == 0);
                    out.single = Some(r);
                }
                Err(e) if refused(&e) => {
                    // The refusal says what passed the limit: the followers' count, or
                    // one heap's options (a Python ruleset's bound on them).
                    // Past their own budget (below the work limit), the refusal is
                    // stated against that budget, not as the work limit.
                    let why = match &e {
                        Error::TooMuchWork {
                            what, work, detail, ..
                        } if limit < ctl.work_limit() => format!(
                            "{what} visits about {} options ({detail}), past their budget of {} units of work (a fixed share of the work limit, whatever --max-work allows)",
                            crate::error::sci(*work),
                            crate::error::sci(limit as u128)
                        ),
                        e => e.to_string(),
                    };
                    out.note = Some(format!(
                        "G⁻ and the genus of {pos} are not given, the outcome is exact: they need every follower of it, and {why}"
                    ));
                }
                Err(e) => return Err(e),
            }
        }
        let p = match known {
            Some(p) => p,
            None => self.search().outcome(pos)? == Outcome::P,
        };
        out.outcome = if p { Outcome::P } else { Outcome::N };
        Ok(out)
    }

    /// The misère moves of `pos`: the moves to misère P-positions, and with `all`
    /// every option with its outcome (from the quotient where one covers the sum, as
    /// in [`Solver::misere_value`]). The listing is checked against the limits first,
    /// as for [`Solver::moves`].
    ///
    /// # Errors
    /// As [`Solver::misere_value`], and the listing's estimates.
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::{Method, Solver}, Control};
    /// let mut solver = Solver::new(Method::Auto, Control::new());
    /// // Misère Kayles: from 3 the winning move takes two pins and leaves one, a
    /// // misère P-position.
    /// let m = solver.misere_moves(&parse_position("kayles(3)").unwrap(), false).unwrap();
    /// let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(w, ["kayles(1)"]);
    /// ```
    pub fn misere_moves(&mut self, pos: &Position, all: bool) -> Result<MisereMoves> {
        if let Some(c) = pos.components.iter().find(|c| c.is_loopy()) {
            return Err(loopy(&c.ruleset_name()));
        }
        self.check_listing(pos, all)?;
        self.check_games(pos)?;
        if let Some((rs, heaps)) = heap_sum(pos).filter(|(rs, _)| !rs.is_powerset()) {
            if let Some(q) = self.quotient_for(&rs, &heaps)? {
                return quotient_moves(&q, rs.as_ref(), pos, all, self.ev.control());
            }
        }
        self.search().moves(pos, all)
    }

    /// G⁻, the genus and tameness of every heap `from..=to` of a heap ruleset (`from`
    /// defaults to its first heap), each by the search over its followers. Stopped by
    /// a limit or Ctrl-C after the first heap, it keeps the heaps finished
    /// ([`MisereSequence::stopped`]).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy ruleset, the errors of
    /// [`Solver::sequence`] for a ruleset that is not a heap ruleset or an empty range,
    /// and those of the first heap's search.
    pub fn misere_sequence(&mut self, rs: &Ruleset, from: Option<u64>, to: u64) -> Result<MisereSequence> {
        self.misere_sequence_each(rs, from, to, &mut |_, _| true)
    }

    /// [`Self::misere_sequence`], calling `each` with every heap and its facts as soon
    /// as they are found (so that a command writes each heap then, not at the end: a
    /// heap's search can take minutes); once `each` returns false, no further heap is
    /// searched (the caller says why: a write that failed, say), and the heaps found
    /// so far are returned, with `stopped` `None`.
    ///
    /// # Errors
    /// Those of [`Self::misere_sequence`].
    pub fn misere_sequence_each(
        &mut self,
        rs: &Ruleset,
        from: Option<u64>,
        to: u64,
        each: &mut dyn FnMut(u64, &GenusReport) -> bool,
    ) -> Result<MisereSequence> {
        let h = match rs {
            Ruleset::Heap(h) => h.clone(),
            Ruleset::Loopy(l) => return Err(loopy(&l.name())),
            Ruleset::Tuple(_) | Ruleset::Game(_) => return Err(rs.as_heap("seq").err().expect("not a heap ruleset")),
        };
        let first = h.first_heap();
        let from = from.unwrap_or(first);
        if from.min(to) < first {
            return Err(Error::below_first_heap(&h.name(), from.min(to), first));
        }
        if to < from {
            return Err(Error::Input(format!("the range of heaps {from}..={to} is empty")));
        }
        let mut seq = MisereSequence {
            ruleset: h.name(),
            from,
            values: Vec::new(),
            stopped: None,
        };
        for n in from..=to {
            let pos = Position::single(Component::Heaps {
                ruleset: h.clone(),
                heaps: vec![Part::one(n)],
            });
            // The followers grow about geometrically with the heap: the next heap's
            // work, extrapolated from the last two, is checked before its search.
            if let [.., a, b] = &seq.values[..] {
                let (a, b) = (a.work as f64, b.work as f64);
                if a > 0.0 && b > a {
                    // At most 4 times the last heap's: one cheap heap (a square in a
                    // divisor ruleset) must not make the next look 10^5 times dearer.
                    let next = b * (b / a).min(MAX_HEAP_GROWTH);
                    if let Err(e) = self.ev.control().check_work(
                        &format!("the genus of {}({n})", h.name()),
                        next.min(1e38) as u128,
                        format!(
                            "followers, their options and their heaps, extrapolated from heaps {} and {} ({a} and {b})",
                            n - 2,
                            n - 1
                        ),
                    ) {
                        seq.stopped = Some(e);
                        break;
                    }
                }
            }
            match self.search().genus(&pos) {
                Ok(r) => {
                    let go_on = each(n, &r);
                    seq.values.push(r);
                    if !go_on {
                        break;
                    }
                }
                Err(e) if seq.values.is_empty() => return Err(e),
                Err(e) => {
                    seq.stopped = Some(e);
                    break;
                }
            }
        }
        Ok(seq)
    }
}

/// The largest growth of the work from one heap to the next that `seq --play misere`
/// extrapolates.
const MAX_HEAP_GROWTH: f64 = 4.0;

/// True if `pos` is one heap, one tuple or one game position.
fn single(pos: &Position) -> bool {
    match &pos.components[..] {
        [Component::Heaps { heaps, .. }] => heaps.len() == 1 && heaps[0].copies == 1,
        [Component::Tuple { .. }] | [Component::Game { .. }] => true,
        _ => false,
    }
}

fn loopy(name: &str) -> Error {
    Error::Unsupported(format!(
        "misère play of {name} is not supported: it is loopy (play can cycle), and grundy's misère engines are for finite games"
    ))
}

/// The moves of a sum of heaps of one ruleset from a quotient that covers it: with
/// Φ of the rest of the sum for each run of equal heaps (prefix and suffix products),
/// each option's outcome is one product. Every option of each heap is listed, so
/// their bounds are checked against the work limit first; the listing stops on
/// Ctrl-C and keeps only the moves it reports.
///
/// # Errors
/// [`Error::TooMuchWork`] before the listing, [`Error::Interrupted`] and the memory
/// limit's errors during it.
fn quotient_moves(q: &Quotient, rs: &dyn HeapRuleset, pos: &Position, all: bool, ctl: &Control) -> Result<MisereMoves> {
    // (component, run, heap, copies) of every run.
    let mut runs: Vec<(usize, usize, u64, u64)> = Vec::new();
    for (i, c) in pos.components.iter().enumerate() {
        if let Component::Heaps { heaps, .. } = c {
            runs.extend(heaps.iter().enumerate().map(|(j, p)| (i, j, p.heap, p.copies)));
        }
    }
    let mut heaps: Vec<u64> = runs.iter().map(|r| r.2).filter(|&h| h != 0).collect();
    heaps.sort_unstable();
    heaps.dedup();
    let work = heaps.iter().fold(0u128, |w, &h| w.saturating_add(rs.options_bound(h)));
    ctl.check_work(
        &format!("listing the misère moves of {}", super::short_text(pos)),
        work,
        "an upper bound on the options of each heap, every one listed for its outcome in the quotient",
    )?;
    let elem = |h: u64, c: u64| q.monoid.power(q.phi_of(h).expect("covered"), c);
    let own: Vec<u32> = runs.iter().map(|r| elem(r.2, r.3)).collect();
    let mut suffix = vec![0u32; own.len() + 1];
    for k in (0..own.len()).rev() {
        suffix[k] = q.monoid.mul(own[k], suffix[k + 1]);
    }
    let total = suffix[0];
    let mut out = MisereMoves {
        outcome: if q.in_p(total) { Outcome::P } else { Outcome::N },
        winning: Vec::new(),
        options: all.then(Vec::new),
    };
    let mut prefix = 0u32;
    let mut moved: FxHashSet<u64> = FxHashSet::default();
    for (k, &(i, j, h, c)) in runs.iter().enumerate() {
        let rest = q.monoid.mul(q.monoid.mul(prefix, suffix[k + 1]), elem(h, c - 1));
        prefix = q.monoid.mul(prefix, own[k]);
        if h == 0 || !moved.insert(h) {
            continue;
        }
        // The options kept (each once, whatever the order of its heaps): the winning
        // ones, or all of them with `all` (bounded by the listing's memory check).
        let mut seen: FxHashSet<Vec<Part>> = FxHashSet::default();
        let mut stopped = None;
        let mut listed = 0u64;
        rs.for_each_option_while(h, &mut |parts| {
            listed += 1;
            if listed.is_multiple_of(4096) {
                if let Err(e) = ctl.tick(listed) {
                    stopped = Some(e);
                    return false;
                }
            }
            // Heap 0 is the empty heap (left out, as the search writes the options).
            let parts: Vec<Part> = parts.iter().filter(|p| p.heap != 0).copied().collect();
            let x = parts.iter().fold(rest, |x, p| q.monoid.mul(x, elem(p.heap, p.copies)));
            let o = if q.in_p(x) { Outcome::P } else { Outcome::N };
            if o == Outcome::N && !all {
                return true;
            }
            let mut key = parts.clone();
            key.sort_unstable_by_key(|p| (p.heap, p.copies));
            if !seen.insert(key) {
                return true;
            }
            let next = || Slot { pos, i, j }.replace(&parts);
            if o == Outcome::P {
                out.winning.push(next());
            }
            if let Some(list) = out.options.as_mut() {
                list.push((next(), o));
            }
            true
        });
        if let Some(e) = stopped {
            return Err(e);
        }
    }
    Ok(out)
}

impl Quotient {
    /// The quotient a certificate states, after [`check_certificate`] re-verified it
    /// against the rules of `rs`. The heaps where it grew are not part of a
    /// certificate: `changes` is empty.
    ///
    /// # Errors
    /// As [`check_certificate`].
    pub fn from_certificate(cert: &Certificate, rs: &dyn HeapRuleset, ctl: &Control) -> Result<Quotient> {
        check_certificate(cert, rs, ctl)?;
        let status = match (cert.status.as_str(), cert.period, cert.preperiod) {
            ("solved", Some(period), Some(preperiod)) => crate::solve::misere::Status::Solved {
                preperiod,
                period,
                proof_end: cert.to,
            },
            _ => crate::solve::misere::Status::Partial,
        };
        Ok(Quotient {
            ruleset: cert.ruleset.clone(),
            to: cert.to,
            monoid: crate::solve::misere::Monoid::from_rows(&cert.table),
            p_portion: cert.p_portion.clone(),
            phi: cert.phi.clone(),
            changes: Vec::new(),
            theorem: matches!(status, crate::solve::misere::Status::Solved { .. })
                .then_some(crate::solve::misere::MISERE_PERIODICITY),
            status,
            stopped: None,
            work: 0,
        })
    }
}
