//! The one adapter between the claims and the grundy library's rulesets and engines.
//!
//! Every lookup of a ruleset by name and every call into a solver goes through here, so
//! that a change of the library's ruleset or solver API touches this file only. The
//! checks call the library directly only for data types (`Nimber`, `Control`, the
//! arithmetic sieves, periodicity analysis of plain sequences).

use crate::error::{Error, Result};
use grundy::catalog::{parse_position, parse_ruleset};
use grundy::game::{HeapRuleset, LoopyOptions, LoopyRuleset, Ruleset, TupleRuleset, TupleSolver};
use grundy::solve::memo::MemoSolver;
use grundy::solve::{LoopyExplorer, Method, Solver};
use grundy::{Control, Nimber};
use std::hash::Hash;
use std::sync::Arc;

pub use grundy::analysis::verify::VerifyReport;
pub use grundy::formulas::cdn::lambda_iota;
pub use grundy::game::{Component, Position};
pub use grundy::rulesets::min::facts::{MinFacts, Primes, UNDEFINED};
pub use grundy::rulesets::min::grid::MinGrid;
pub use grundy::rulesets::min::recursion::downward_search;
pub use grundy::rulesets::min::rows::MinRows;
pub use grundy::solve::memo::Memo;
pub use grundy::solve::{BoundedValue, Moves, NimSeq};
pub use grundy::value::Outcome as Class;

/// The heap ruleset `name`.
///
/// # Errors
/// Unknown name, or not a heap ruleset.
pub fn heap(name: &str) -> Result<Arc<dyn HeapRuleset>> {
    Ok(parse_ruleset(name)?.as_heap("this check")?.clone())
}

/// The tuple ruleset `name`.
///
/// # Errors
/// Unknown name, or not a tuple ruleset.
pub fn tuple(name: &str) -> Result<Arc<dyn TupleRuleset>> {
    Ok(parse_ruleset(name)?.as_tuple("this check")?.clone())
}

/// The loopy ruleset `name`.
///
/// # Errors
/// Unknown name, or not a loopy ruleset.
pub fn loopy(name: &str) -> Result<Arc<dyn LoopyRuleset>> {
    match parse_ruleset(name)? {
        Ruleset::Loopy(r) => Ok(r),
        other => Err(Error::Check(format!("{} is not a loopy ruleset", other.name()))),
    }
}

/// The name and first heap of the heap ruleset `name`.
///
/// # Errors
/// As [`heap`].
pub fn heap_info(name: &str) -> Result<(String, u64)> {
    let rs = heap(name)?;
    Ok((rs.name(), rs.first_heap()))
}

/// The position written `expr`.
///
/// # Errors
/// A syntax error or an unknown ruleset.
pub fn position(expr: &str) -> Result<Position> {
    Ok(parse_position(expr)?)
}

/// The values of heaps `0..=to` of `name`, by dense search.
///
/// # Errors
/// As [`heap`]; the engine's (memory limit, interruption).
pub fn table(name: &str, to: u64, ctl: &Control) -> Result<NimSeq> {
    Ok(grundy::solve::sequence(heap(name)?.as_ref(), to, ctl)?)
}

/// The values of heaps `0..=to` of `name` as `u64`.
///
/// # Errors
/// As [`table`], and a value of 64 bits or more.
pub fn table_u64(name: &str, to: u64, ctl: &Control) -> Result<Vec<u64>> {
    let seq = table(name, to, ctl)?;
    (0..=to)
        .map(|n| {
            seq.get_u64(n)
                .ok_or_else(|| Error::Check(format!("G({n}) of {name} does not fit in 64 bits")))
        })
        .collect()
}

/// The options of heap `n` of `rs`, each as a sorted multiset of heaps, in enumeration
/// order.
pub fn heap_options(rs: &dyn HeapRuleset, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    rs.for_each_option(n, &mut |parts| {
        let mut heaps = Vec::new();
        for p in parts {
            heaps.extend(std::iter::repeat_n(p.heap, p.copies as usize));
        }
        heaps.sort_unstable();
        out.push(heaps);
    });
    out
}

/// The options of the tuple position `pos` of `rs`, sorted (as a set).
pub fn tuple_options(rs: &dyn TupleRuleset, pos: &[u64]) -> Vec<Vec<u64>> {
    let mut v = Vec::new();
    rs.for_each_option(pos, &mut |o| v.push(o.to_vec()));
    v.sort();
    v
}

/// The options of heap `n` of a loopy ruleset.
///
/// # Errors
/// When they cannot be listed.
pub fn loopy_options(rs: &dyn LoopyRuleset, n: u64) -> Result<Vec<u64>> {
    let mut out = Vec::new();
    match rs.options(n, u64::MAX, 1 << 20, &mut out) {
        LoopyOptions::Listed => Ok(out),
        other => Err(Error::Check(format!("options of heap {n}: {other:?}"))),
    }
}

/// The closed form of the heap ruleset `name` against dense search up to `to`.
///
/// # Errors
/// As [`heap`]; no closed form; the engine's.
pub fn verify_heap(name: &str, to: u64, ctl: &Control) -> Result<VerifyReport> {
    Ok(grundy::analysis::verify::verify_heap(&heap(name)?, to, ctl)?)
}

/// The closed form of the tuple ruleset `name` against search on `[0, to]^arity`.
///
/// # Errors
/// As [`tuple`]; no closed form; the engine's.
pub fn verify_tuple(name: &str, arity: usize, to: u64, ctl: &Control) -> Result<VerifyReport> {
    Ok(grundy::analysis::verify::verify_tuple(&tuple(name)?, arity, to, ctl)?)
}

/// Whether the periodicity theorem of the heap ruleset `name` proves `per` from a table
/// that agrees with it up to heap `checked_to`.
///
/// # Errors
/// As [`heap`].
pub fn period_proven(name: &str, per: &grundy::analysis::periodicity::Periodicity, checked_to: u64) -> Result<bool> {
    let rs = heap(name)?;
    Ok(rs
        .periodicity()
        .is_some_and(|t| grundy::analysis::periodicity::proven_by(t, per, checked_to)))
}

/// The period search of `analysis::periodicity::search` on heaps `0..=to` of `name`.
///
/// # Errors
/// As [`heap`]; the engine's.
pub fn period_search(name: &str, to: u64, ctl: &Control) -> Result<grundy::analysis::periodicity::PeriodSearch> {
    Ok(grundy::analysis::periodicity::search(heap(name)?.as_ref(), 0, to, ctl)?)
}

/// Values by search (never by closed form), with the tables cached between calls.
pub struct Search(Solver);

impl Search {
    /// A new searcher.
    pub fn new(ctl: &Control) -> Search {
        Search(Solver::new(Method::Search, ctl.clone()))
    }

    /// The value of a position.
    ///
    /// # Errors
    /// The engine's.
    pub fn value(&mut self, pos: &Position) -> Result<Nimber> {
        Ok(self.0.nim_value(pos)?)
    }

    /// The value of the position written `expr`.
    ///
    /// # Errors
    /// As [`position`] and [`Search::value`].
    pub fn value_of(&mut self, expr: &str) -> Result<Nimber> {
        self.value(&position(expr)?)
    }

    /// The value of heap `n` of `rs`.
    ///
    /// # Errors
    /// The engine's.
    pub fn heap_value(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        Ok(self.0.evaluator().heap_value(rs, n)?)
    }

    /// The value of the tuple `pos` of `rs`.
    ///
    /// # Errors
    /// The engine's.
    pub fn tuple_value(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<Nimber> {
        Ok(self.0.evaluator().tuple_value(rs, pos)?)
    }

    /// The winning moves of the position written `expr` (with `all`, every option with
    /// its value).
    ///
    /// # Errors
    /// As [`position`]; the engine's.
    pub fn moves(&mut self, expr: &str, all: bool) -> Result<Moves> {
        Ok(self.0.moves(&position(expr)?, all)?)
    }
}

/// Memoized search of single tuple positions (the game not split into a sum).
pub struct TupleSearch(MemoSolver);

impl TupleSearch {
    /// A searcher for `rs`.
    pub fn new(rs: Arc<dyn TupleRuleset>) -> TupleSearch {
        TupleSearch(MemoSolver::new(rs))
    }

    /// The value of `pos`.
    ///
    /// # Errors
    /// The engine's.
    pub fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        Ok(self.0.value(pos, ctl)?)
    }
}

/// A game given by its option function, searched as one game (no Sprague–Grundy
/// splitting); `memo` keeps values between calls.
///
/// # Errors
/// A cycle; the memory limit; interruption.
pub fn search_game<P, F>(start: P, memo: &mut Memo<P>, options: F, ctl: &Control, what: &str) -> Result<u32>
where
    P: Clone + Eq + Hash,
    F: FnMut(&P, &mut Vec<Vec<P>>),
{
    Ok(grundy::solve::memo::search(start, memo, options, u64::MAX, ctl, what)?)
}

/// Values of heaps of a loopy ruleset, explored within the default bound.
pub struct LoopyHeaps(LoopyExplorer);

impl LoopyHeaps {
    /// An explorer of `name`.
    ///
    /// # Errors
    /// As [`loopy`].
    pub fn new(name: &str) -> Result<LoopyHeaps> {
        Ok(LoopyHeaps(LoopyExplorer::new(loopy(name)?, Default::default())))
    }

    /// The value of heap `n`.
    ///
    /// # Errors
    /// The engine's.
    pub fn value(&mut self, n: u64, ctl: &Control) -> Result<BoundedValue> {
        Ok(self.0.heap_value(n, ctl)?)
    }
}

/// Values and moves of sums with loopy components.
pub struct LoopySums(Solver);

impl LoopySums {
    /// A new solver.
    pub fn new(ctl: &Control) -> LoopySums {
        LoopySums(Solver::new(Method::Auto, ctl.clone()))
    }

    /// The value of a position.
    ///
    /// # Errors
    /// The engine's.
    pub fn value(&mut self, pos: &Position) -> Result<BoundedValue> {
        Ok(self.0.value(pos)?)
    }

    /// The moves of a position.
    ///
    /// # Errors
    /// The engine's.
    pub fn moves(&mut self, pos: &Position, all: bool) -> Result<Moves> {
        Ok(self.0.moves(pos, all)?)
    }
}

/// The census of a family to heap `to` ([`grundy::analysis::census`]): every code's
/// row, with its class, in the family's order; codes run on every core.
///
/// # Errors
/// An unknown family; the engines' errors (interruption, limits).
pub fn census(family: &str, to: u64, ctl: &Control) -> Result<Vec<grundy::analysis::census::Row>> {
    census_of(family, ctl, &|c, s| grundy::analysis::census::run_code(c, to, s))
}

/// The misère census of a family to heap `to` ([`grundy::analysis::census::misere`]),
/// each code within `max_work` (or the limit of `ctl`, if less): every code's row in
/// the family's order, each quotient's certificate dropped; codes run on every core.
///
/// # Errors
/// An unknown family; the engines' errors (interruption).
pub fn misere_census(
    family: &str,
    to: u64,
    max_work: u64,
    ctl: &Control,
) -> Result<Vec<grundy::analysis::census::misere::MisereRow>> {
    let ctl = ctl.clone().with_work_limit(ctl.work_limit().min(max_work));
    census_of(family, &ctl, &|c, s| {
        grundy::analysis::census::misere::run_code(c, to, s)
    })
}

/// The rows of every code of `family` run with `run`, completed and in the family's
/// order.
fn census_of<R: grundy::analysis::census::CensusRow>(
    family: &str,
    ctl: &Control,
    run: &(dyn Fn(&str, &Control) -> grundy::Result<grundy::analysis::census::Outcome<R>> + Sync),
) -> Result<Vec<R>> {
    use grundy::analysis::census;
    let codes = census::members(family, ctl)?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rows = std::sync::Mutex::new(Vec::new());
    let record = |o: census::Outcome<R>| -> grundy::Result<()> {
        rows.lock().map_err(|_| grundy::Error::Interrupted)?.push(o.row);
        Ok(())
    };
    census::run_each(&codes, jobs, ctl, run, &record, &census::Quiet)?;
    let rows = rows.into_inner().map_err(|_| grundy::Error::Interrupted)?;
    Ok(census::complete_in_order(rows, &codes))
}

/// One code of a census to heap `to` ([`grundy::analysis::census::run_code`]).
///
/// # Errors
/// The code's parse errors; the engines' errors.
pub fn census_code(code: &str, to: u64, ctl: &Control) -> Result<grundy::analysis::census::Row> {
    Ok(grundy::analysis::census::run_code(code, to, ctl)?.row)
}

/// The misère quotient of the heap ruleset `name` up to heap `to` (or until solved),
/// re-verified by the independent certificate checker.
///
/// # Errors
/// Unknown name, a ruleset the quotient engine does not take, a stop before `to` (a
/// limit), or a certificate the checker rejects.
pub fn misere_quotient(name: &str, to: u64, ctl: &Control) -> Result<grundy::solve::misere::Quotient> {
    let rs = heap(name)?;
    let q = grundy::solve::misere::quotient(rs.as_ref(), to, ctl)?;
    if let Some(e) = q.stopped {
        return Err(e.into());
    }
    grundy::solve::misere::check_certificate(&q.certificate(), rs.as_ref(), ctl)?;
    Ok(q)
}

/// The misère search engine, with misère Nim's rule turned off when `bouton` is false
/// (so that sums of Nim heaps are searched).
pub fn misere_search(ctl: &Control, bouton: bool) -> grundy::solve::misere::MisereSearch {
    let s = grundy::solve::misere::MisereSearch::new(ctl.clone());
    if bouton {
        s
    } else {
        s.without_bouton()
    }
}
