use super::dense::{sequence_resume, NimSeq};
use super::memo::{sparse_heap_value, MemoSolver};
use super::period::{detect::grow, ProvenPeriod};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{
    Component, DbAccess, GamePos, GameRuleset, GameSolver, HeapRuleset, Position, Reach, TupleRuleset, TupleSolver,
};
use crate::value::Nimber;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The error for a loopy component given to a finite engine.
pub(crate) fn loopy_unsupported(name: &str) -> Error {
    Error::Unsupported(format!(
        "{name} is a loopy ruleset (play can cycle): its values are ∞(K) or finite, computed by the loopy evaluator, not a nim-value"
    ))
}

/// How values are obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// The proven closed form where one exists; for a ruleset whose periodicity
    /// theorem can prove a period, the table only until a period is proven and every
    /// heap beyond it from the period ([`super::period`]); search otherwise.
    #[default]
    Auto,
    /// Only closed forms; an error where none is proven.
    Formula,
    /// Only search from the rules (mex over options).
    Search,
}

#[derive(Default)]
struct HeapCache {
    table: Option<NimSeq>,
    sparse: FxHashMap<u64, u32>,
    /// A proven period (found by the period search or loaded), for every heap beyond
    /// the table.
    period: Option<Arc<ProvenPeriod>>,
}

/// Computes values of heaps, tuples, components and sums, keeping tables, memos and
/// proven periods between calls so that evaluating many options of one position is
/// cheap and a period is proven once.
pub struct Evaluator {
    method: Method,
    ctl: Control,
    heaps: FxHashMap<String, HeapCache>,
    tuples: FxHashMap<String, Box<dyn TupleSolver>>,
    /// The engines of game rulesets, one per ruleset (the same object: rulesets of one
    /// name may differ, as Node-Kayles on two graphs).
    games: Vec<(Arc<dyn GameRuleset>, Box<dyn GameSolver>)>,
    /// The periods that answered a heap beyond the table, in order of first use.
    used: Vec<Arc<ProvenPeriod>>,
    /// Game rulesets searched by their reference engines ([`Evaluator::use_reference_engines`]).
    reference: bool,
    /// Game rulesets searched by the outcome search on sums ([`Evaluator::use_outcome_search`]).
    sums: bool,
    /// The database file of the game engines, and what to tell when one is read
    /// ([`Evaluator::use_db`]).
    db: Option<(std::path::PathBuf, DbAccess, Announce)>,
    /// A database file was set (it stays true once an engine took it).
    db_set: bool,
}

/// What is told when a game engine reads its database ([`Evaluator::use_db`]).
pub type Announce = Box<dyn FnMut(String) + Send>;

impl Evaluator {
    /// An evaluator using `method`, with memory limit and cancellation from `ctl`.
    pub fn new(method: Method, ctl: Control) -> Evaluator {
        Evaluator {
            method,
            ctl,
            heaps: FxHashMap::default(),
            tuples: FxHashMap::default(),
            games: Vec::new(),
            used: Vec::new(),
            reference: false,
            sums: false,
            db: None,
            db_set: false,
        }
    }

    /// Keeps the table of the game engine that searches next in the database file
    /// `path` (`--db FILE`, [`GameSolver::use_db`]), written or only read as `access`
    /// says; `announce` is told, once the file is read, how many entries it held.
    pub fn use_db(&mut self, path: std::path::PathBuf, access: DbAccess, announce: Announce) {
        self.db = Some((path, access, announce));
        self.db_set = true;
    }

    /// True once a database file is set ([`Evaluator::use_db`]).
    pub fn db_in_use(&self) -> bool {
        self.db_set
    }

    /// The confirming engine in use, as `--method` names it: `plain`
    /// ([`Evaluator::use_reference_engines`]) or `sums`
    /// ([`Evaluator::use_outcome_search`]).
    pub fn confirming_engine(&self) -> Option<&'static str> {
        if self.reference {
            Some("plain")
        } else if self.sums {
            Some("sums")
        } else {
            None
        }
    }

    /// Searches game rulesets with their reference engines (`--method plain`: for
    /// boards and graphs, a plain memoized search with components and normal forms,
    /// every option's value, one thread; [`GameSolver::use_reference`]).
    pub fn use_reference_engines(&mut self) {
        self.reference = true;
        for (_, e) in &mut self.games {
            e.use_reference();
        }
    }

    /// Searches game rulesets whose engines have one by the outcome search on sums
    /// (`--method sums`, [`GameSolver::use_outcome_search`]).
    pub fn use_outcome_search(&mut self) {
        self.sums = true;
        for (_, e) in &mut self.games {
            e.use_outcome_search();
        }
    }

    /// The run control.
    pub fn control(&self) -> &Control {
        &self.ctl
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The nim-value of heap `n` of `rs` (heap 0 is the empty heap, value 0).
    ///
    /// # Errors
    /// With [`Method::Formula`], [`Error::NoFormula`] where the closed form gives no
    /// value for `n` (or there is none); otherwise the errors of
    /// [`Evaluator::heap_value_by_search`].
    pub fn heap_value(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        if n == 0 && rs.first_heap() > 0 {
            return Ok(Nimber::ZERO);
        }
        if self.method != Method::Search {
            let form = rs.closed_form();
            if let Some(v) = form.and_then(|f| f.value(n)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: form.and_then(|f| f.gap(n)),
                    instead: self.search_instead(rs, n),
                });
            }
        }
        if self.uses_period(rs) {
            return self.heap_value_by_period(rs, n);
        }
        self.heap_value_by_search(rs, n)
    }

    /// What gives heap `n` of `rs` where its closed form does not, when that is not
    /// `--method search` (`None`, [`Error::NoFormula`]'s advice): a heap past any
    /// table ([`crate::error::PAST_TABLES`]) of a ruleset searched by tables is
    /// answered only by a period `--method auto` proves, or by nothing. `to` is the
    /// last heap of the table a search would build (`n` for a value, the range's end
    /// for a sequence).
    pub(crate) fn search_instead(&self, rs: &Arc<dyn HeapRuleset>, to: u64) -> Option<String> {
        let sparse = rs.memory().reach == Reach::Sparse && !rs.is_powerset();
        if to < u64::from(u32::MAX) || sparse {
            return None;
        }
        Some(if rs.periodicity().is_some_and(|t| t.can_prove()) {
            format!(
                "no table reaches heap {to} ({}), so use --method auto, which answers it from a period its theorem proves, where one is proven",
                crate::error::PAST_TABLES
            )
        } else {
            format!(
                "no table reaches heap {to} ({}), so no search answers it either",
                crate::error::PAST_TABLES
            )
        })
    }

    /// What answers heap `n` of `rs`, past any table ([`crate::error::PAST_TABLES`]),
    /// for the refusal of its table: the closed form (`--method auto` or `formula`),
    /// a period `--method auto` proves, or nothing (and why the closed form does not).
    fn past_tables_advice(method: Method, rs: &Arc<dyn HeapRuleset>, n: u64) -> String {
        let form = rs.closed_form();
        if form.is_some_and(|f| f.value(n).is_some()) {
            return format!("--method auto or --method formula gives heap {n} from the closed form");
        }
        if method != Method::Auto && rs.periodicity().is_some_and(|t| t.can_prove()) {
            return format!("--method auto answers heap {n} from a period its theorem proves, where one is proven");
        }
        match form {
            Some(f) => format!(
                "no closed form gives heap {n} either{}",
                f.gap(n).map(|g| format!(" ({g})")).unwrap_or_default()
            ),
            None => format!("{} has no closed form to give heap {n} instead", rs.name()),
        }
    }

    /// True if [`Method::Auto`] answers the heaps of `rs` beyond its table from a proven
    /// period: the ruleset's periodicity theorem can prove one
    /// ([`crate::game::PeriodicityTheorem::can_prove`]).
    pub fn uses_period(&self, rs: &Arc<dyn HeapRuleset>) -> bool {
        self.method == Method::Auto && rs.periodicity().is_some_and(|t| t.can_prove())
    }

    /// Uses `period` (a certificate checked elsewhere, say) for the heaps of `rs` beyond
    /// the table, with [`Method::Auto`], instead of searching for a proof.
    pub fn add_period(&mut self, rs: &Arc<dyn HeapRuleset>, period: Arc<ProvenPeriod>) {
        self.heaps.entry(rs.name()).or_default().period = Some(period);
    }

    /// The proven period of `rs` found or loaded so far.
    pub fn period(&self, rs: &Arc<dyn HeapRuleset>) -> Option<Arc<ProvenPeriod>> {
        self.heaps.get(&rs.name()).and_then(|c| c.period.clone())
    }

    /// The periods that answered a heap beyond the computed table (each once, in order
    /// of first use): the values they gave were not computed directly.
    pub fn periods_used(&self) -> &[Arc<ProvenPeriod>] {
        &self.used
    }

    /// Records that `p` answered a heap beyond the table.
    pub(crate) fn note_period_use(&mut self, p: &Arc<ProvenPeriod>) {
        if !self.used.iter().any(|u| Arc::ptr_eq(u, p)) {
            self.used.push(p.clone());
        }
    }

    /// The heaps of `rs` the table covers (0 without a table).
    pub fn table_len(&self, rs: &Arc<dyn HeapRuleset>) -> u64 {
        self.heaps
            .get(&rs.name())
            .and_then(|c| c.table.as_ref())
            .map_or(0, |t| t.len() as u64)
    }

    /// The table of `rs` computed so far, taken out of the cache.
    pub(crate) fn take_table(&mut self, rs: &Arc<dyn HeapRuleset>) -> Option<NimSeq> {
        self.heaps.get_mut(&rs.name()).and_then(|c| c.table.take())
    }

    /// The proven period of `rs` ([`Method::Auto`], a ruleset whose theorem can prove
    /// one): the cached one, or the growing search's ([`grow`]), which extends the
    /// cached table by doubling from 1024 heaps until its theorem proves a period or
    /// the table reaches heap `to` (each step's work and memory checked before it).
    /// `(None, None)`: no proof, and the table covers `to`; `(None, Some(error))`: the
    /// search stopped midway (interrupted, an engine error, or a later step refused by
    /// the limits), the heaps computed kept in the table.
    ///
    /// # Errors
    /// The refusal of the search's first step ([`Error::TooMuchWork`],
    /// [`Error::TooLarge`]) when no table was computed before.
    pub fn find_period(
        &mut self,
        rs: &Arc<dyn HeapRuleset>,
        to: u64,
    ) -> Result<(Option<Arc<ProvenPeriod>>, Option<Error>)> {
        if !self.uses_period(rs) {
            return Ok((None, None));
        }
        let cache = self.heaps.entry(rs.name()).or_default();
        if let Some(p) = &cache.period {
            return Ok((Some(p.clone()), None));
        }
        let have = cache.table.as_ref().map_or(0, |t| t.len() as u64);
        if have > to {
            return Ok((None, None));
        }
        let codes = cache.table.take().map(NimSeq::into_codes).unwrap_or_default();
        let (grown, stopped) = grow(rs.as_ref(), rs.first_heap(), to, codes, &self.ctl)?;
        let proof = ProvenPeriod::from_grown(rs.as_ref(), &grown).map(Arc::new);
        cache.table = Some(grown.table);
        cache.period = proof.clone();
        Ok(match proof {
            Some(p) => (Some(p), None),
            None => (None, stopped),
        })
    }

    /// The value of heap `n` of `rs` with [`Method::Auto`] and a periodicity theorem:
    /// the table where it reaches, else the proven period ([`Evaluator::find_period`]).
    fn heap_value_by_period(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        if n < self.table_len(rs) {
            return self.heap_value_by_search(rs, n);
        }
        match self.find_period(rs, n)? {
            (_, Some(e)) if n >= u64::from(u32::MAX) - 1 => Err(past_tables(e, n, self.table_len(rs))),
            (_, Some(e)) => Err(e),
            (Some(p), None) if n >= self.table_len(rs) => {
                self.note_period_use(&p);
                Ok(p.value(n))
            }
            // The search computed the table to n (or a proof within it).
            _ => self.heap_value_by_search(rs, n),
        }
    }

    /// The nim-value of heap `n` by search, ignoring closed forms: a memoized search
    /// for rulesets with [`Reach::Sparse`] (not powersets), a dense table otherwise.
    ///
    /// # Errors
    /// [`Error::TooLarge`] past the memory limit, [`Error::Interrupted`] on
    /// cancellation, [`Error::Unsupported`] if the rules are not short (an option is not
    /// smaller than its heap, or the sparse search meets a cycle).
    pub fn heap_value_by_search(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<Nimber> {
        let cache = self.heaps.entry(rs.name()).or_default();
        if let Some(t) = &cache.table {
            if (n as usize) < t.len() {
                return Ok(t.get(n));
            }
        }
        if rs.memory().reach == Reach::Sparse && !rs.is_powerset() {
            if let Some(&v) = cache.sparse.get(&n) {
                return Ok(Nimber::from(v));
            }
            return sparse_heap_value(rs.as_ref(), n, &mut cache.sparse, &self.ctl).map(Nimber::from);
        }
        Ok(self.heap_table(rs, n)?.get(n))
    }

    /// A dense table of `rs` covering at least heaps `0..=n` (computed by search).
    ///
    /// A table that is too short is grown: the heaps it has are kept and only the new
    /// ones computed ([`dense::sequence_resume`](super::dense::sequence_resume)), so
    /// that asking for many increasing heaps (the options of a heap) costs one table.
    /// It grows to twice its length, or as far as the limits allow (half the memory
    /// limit, and the work of the whole table within the work limit), and at least to
    /// `n`; the work checked is that of the whole table from heap 0, the total the
    /// evaluator spends on it.
    ///
    /// # Errors
    /// The errors of [`dense::sequence`](super::dense::sequence): [`Error::TooLarge`],
    /// [`Error::TooMuchWork`] (the whole table to `n`), [`Error::Interrupted`] (the
    /// heaps finished are kept), [`Error::Unsupported`].
    pub fn heap_table(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<&NimSeq> {
        let ctl = &self.ctl;
        let cache = self.heaps.entry(rs.name()).or_default();
        let have = cache.table.as_ref().map_or(0, |t| t.len() as u64);
        if n >= have {
            // A table past 2^32 heaps is never built: growing past the bound would refuse
            // a heap below it.
            let fits = |to: u64| {
                to < u64::from(u32::MAX)
                    && super::dense::table_bytes(rs.as_ref(), to) <= ctl.memory_limit() / 2
                    && crate::game::dense_work(rs.as_ref(), 0, to) <= ctl.work_limit() as u128
            };
            // Grow geometrically so that asking for many increasing heaps stays linear,
            // but not past a limit that the table asked for meets: then as far as it
            // fits (the largest such length, by bisection; both costs grow with it).
            let doubled = have.saturating_mul(2).max(n).max(64);
            let to = if fits(doubled) {
                doubled
            } else if !fits(n) {
                n
            } else {
                let (mut lo, mut hi) = (n, doubled);
                while lo < hi {
                    let mid = lo + (hi - lo).div_ceil(2);
                    if fits(mid) {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                lo
            };
            // The work of the whole table is the evaluator's (the heaps it has are done),
            // checked after the memory, which the table's own checks report first.
            let memory_fits = to < u32::MAX as u64 && super::dense::table_bytes(rs.as_ref(), to) <= ctl.memory_limit();
            if memory_fits {
                let name = rs.name();
                ctl.check_work(
                    &format!("a table of {name} to {to}"),
                    crate::game::dense_work(rs.as_ref(), 0, to),
                    format!("heaps 0..={to}, {}", rs.work().describe()),
                )?;
            }
            let prefix = cache.table.take().map(NimSeq::into_codes).unwrap_or_default();
            let method = self.method;
            let (table, stopped) = sequence_resume(rs.as_ref(), prefix, to, ctl).map_err(|e| {
                super::dense::advise_past_tables(e, || Some(Evaluator::past_tables_advice(method, rs, n)))
            })?;
            cache.table = Some(table);
            if let Some(e) = stopped {
                return Err(e);
            }
        }
        Ok(cache.table.as_ref().expect("table was just computed"))
    }

    /// Prepares the values of `heaps` of `rs` (the options of a heap): the dense table
    /// that the largest heap without a closed-form value needs is computed now, once,
    /// so that evaluating the heaps one by one does not grow it again and again, and a
    /// table beyond the limits is refused before any of them is evaluated. Nothing for
    /// [`Method::Formula`] and for the rulesets searched sparsely.
    ///
    /// # Errors
    /// Those of [`Evaluator::heap_table`].
    pub fn prepare_heaps(&mut self, rs: &Arc<dyn HeapRuleset>, heaps: impl IntoIterator<Item = u64>) -> Result<()> {
        if let Some(max) = heaps.into_iter().filter(|&h| self.needs_table(rs, h)).max() {
            if self.uses_period(rs) {
                // The table only until a period is proven (or to max).
                if let (_, Some(e)) = self.find_period(rs, max)? {
                    return Err(e);
                }
                return Ok(());
            }
            self.heap_table(rs, max)?;
        }
        Ok(())
    }

    /// True if the value of heap `h` of `rs` comes from a dense table: not with
    /// [`Method::Formula`], not for the rulesets searched sparsely, not for heap 0 below
    /// the first heap (the empty heap), and not where [`Method::Auto`] has a closed-form
    /// value.
    pub fn needs_table(&self, rs: &Arc<dyn HeapRuleset>, h: u64) -> bool {
        if self.method == Method::Formula || (rs.memory().reach == Reach::Sparse && !rs.is_powerset()) {
            return false;
        }
        if h == 0 && rs.first_heap() > 0 {
            return false;
        }
        if self.uses_period(rs) && h >= self.table_len(rs) && self.period(rs).is_some() {
            return false;
        }
        self.method != Method::Auto || rs.closed_form().is_none_or(|f| f.value(h).is_none())
    }

    /// The nim-value of a tuple position (the domain is not checked here).
    ///
    /// # Errors
    /// With [`Method::Formula`], [`Error::NoFormula`] where the closed form gives no
    /// value for `pos` (or there is none); otherwise the errors of
    /// [`Evaluator::tuple_value_by_search`].
    pub fn tuple_value(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<Nimber> {
        if self.method != Method::Search {
            let form = rs.closed_form();
            if let Some(v) = form.and_then(|f| f.value(pos)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: form.and_then(|f| f.gap(pos)),
                    instead: None,
                });
            }
        }
        self.tuple_value_by_search(rs, pos)
    }

    /// The nim-value of a tuple position by search, with the ruleset's own engine
    /// ([`TupleRuleset::solver`]) or the generic memoized search.
    ///
    /// # Errors
    /// The engine's errors ([`TupleSolver::value`]): [`Error::TooLarge`],
    /// [`Error::TooManyStates`], [`Error::Interrupted`], [`Error::Unsupported`].
    pub fn tuple_value_by_search(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<Nimber> {
        let solver = self
            .tuples
            .entry(rs.name())
            .or_insert_with(|| rs.solver().unwrap_or_else(|| Box::new(MemoSolver::new(rs.clone()))));
        solver.value(pos, &self.ctl)
    }

    /// The nim-value of a position of a game ruleset: its closed form (unless
    /// [`Method::Search`]) or its engine, whose table is kept between calls.
    ///
    /// # Errors
    /// [`Error::NoFormula`] with [`Method::Formula`] where no closed form gives a value;
    /// the engine's errors ([`GameSolver::value`]).
    pub fn game_value(&mut self, rs: &Arc<dyn GameRuleset>, pos: &GamePos) -> Result<Nimber> {
        if self.method != Method::Search {
            if let Some(v) = rs.closed_form().and_then(|f| f.value(pos)) {
                return Ok(v);
            }
            if self.method == Method::Formula {
                return Err(Error::NoFormula {
                    ruleset: rs.name(),
                    detail: None,
                    instead: None,
                });
            }
        }
        let i = match self.games.iter().position(|(r, _)| Arc::ptr_eq(r, rs)) {
            Some(i) => i,
            None => {
                let mut engine = rs
                    .solver()
                    .unwrap_or_else(|| Box::new(super::game::GenericSolver::new(rs.clone())));
                if self.reference {
                    engine.use_reference();
                }
                if self.sums {
                    engine.use_outcome_search();
                }
                // The database stays named until an engine has read it: a read that
                // fails (the file too large for the table at this limit, say) leaves
                // it for the next position of the ruleset, which gives the error
                // again rather than searching without it.
                if let Some((path, access, announce)) = self.db.as_mut() {
                    let (path, access) = (path.clone(), *access);
                    let read = engine.use_db(&path, access, &self.ctl)?;
                    announce(match read {
                        Some(r) => format!(
                            "{} the database {} ({} entr{} of {}{}){}",
                            match access {
                                DbAccess::ReadWrite => "resumed from",
                                DbAccess::ReadOnly => "read",
                            },
                            path.display(),
                            r.entries,
                            if r.entries == 1 { "y" } else { "ies" },
                            rs.name(),
                            if r.left_out == 0 {
                                String::new()
                            } else {
                                format!(
                                    "; {} of them left out, the smallest where the table was full at this memory limit",
                                    r.left_out
                                )
                            },
                            match access {
                                DbAccess::ReadWrite => "",
                                DbAccess::ReadOnly => "; read only: it will not be written",
                            }
                        ),
                        None => format!(
                            "the database {} is new: it will hold {}'s table",
                            path.display(),
                            rs.name()
                        ),
                    });
                    self.db = None;
                }
                self.games.push((rs.clone(), engine));
                self.games.len() - 1
            }
        };
        self.games[i].1.value(pos, &self.ctl)
    }

    /// The engine counters of a game ruleset's solver, if it has searched.
    pub fn game_stats(&self, rs: &Arc<dyn GameRuleset>) -> Option<crate::game::SearchStats> {
        self.games
            .iter()
            .find(|(r, _)| Arc::ptr_eq(r, rs))
            .map(|(_, s)| s.stats())
    }

    /// The nim-value of one component (the nim-sum of its heaps, or the tuple's value).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy component (use [`super::Solver`]); otherwise
    /// the errors of [`Evaluator::heap_value`] and [`Evaluator::tuple_value`].
    pub fn component_value(&mut self, c: &Component) -> Result<Nimber> {
        match c {
            Component::Heaps { ruleset, heaps } => {
                let mut acc = Nimber::ZERO;
                for p in heaps {
                    if p.copies & 1 == 1 {
                        acc ^= &self.heap_value(ruleset, p.heap)?;
                    }
                }
                Ok(acc)
            }
            Component::Tuple { ruleset, pos } => self.tuple_value(ruleset, pos),
            Component::Game { ruleset, pos } => self.game_value(ruleset, pos),
            Component::Loopy { ruleset, .. } => Err(loopy_unsupported(&ruleset.name())),
        }
    }

    /// The nim-value of a disjunctive sum: the nim-sum of the components' values.
    ///
    /// # Errors
    /// The first error of [`Evaluator::component_value`] (a loopy component is
    /// [`Error::Unsupported`]).
    pub fn value(&mut self, p: &Position) -> Result<Nimber> {
        let mut acc = Nimber::ZERO;
        for c in &p.components {
            acc ^= &self.component_value(c)?;
        }
        Ok(acc)
    }
}

/// A refusal of the period search for heap `n`, past any table (heaps of 2^32 − 1 and
/// more): the limit's advice only lets the search go on, so the detail says that only a
/// proven period answers such a heap and the `computed` heaps showed none yet
/// (`value 'officers(10^18)'`, whose period is not known).
/// When the search's next table is itself past the tables' bound, no limit lets it go
/// on, and the detail says so instead.
fn past_tables(e: Error, n: u64, computed: u64) -> Error {
    let last = computed.saturating_sub(1);
    let bound = crate::control::is_past_tables(&e);
    let why = |detail: String| {
        if bound {
            format!(
                "{detail}; heap {n} is past any table, so only a proven period answers it, and heaps 0..={last}, as far as the search's tables went, showed none: no limit lets it go further"
            )
        } else {
            format!(
                "{detail}; heap {n} is past any table, so only a proven period answers it, and heaps 0..={last} showed none yet: a higher limit lets the search go on, and answers only if a period is proven"
            )
        }
    };
    match e {
        Error::TooMuchWork {
            what,
            work,
            limit,
            detail,
        } => Error::TooMuchWork {
            what,
            work,
            limit,
            detail: why(detail),
        },
        Error::TooLarge {
            what,
            estimate_bytes,
            limit_bytes,
            detail,
        } => Error::TooLarge {
            what,
            estimate_bytes,
            limit_bytes,
            detail: why(detail),
        },
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(detail: &str) -> Error {
        Error::TooLarge {
            what: "the period search of officers to 4294967295".into(),
            estimate_bytes: 3 << 34,
            limit_bytes: 100 << 30,
            detail: detail.into(),
        }
    }

    /// A period search that reached the tables' bound without a proof: no limit lets it
    /// go on, and the refusal says so instead of "a higher limit lets the search go on".
    #[test]
    fn a_period_search_at_the_tables_bound_advises_no_limit() {
        let e = past_tables(refusal(crate::error::PAST_TABLES), 1 << 40, 1 << 31).to_string();
        assert!(
            e.starts_with("the period search of officers to 4294967295 needs an estimated 48.0 GiB, but dense tables stop below 2^32 heaps, whatever the memory limit; heap 1099511627776 is past any table")
                && e.ends_with("heaps 0..=2147483647, as far as the search's tables went, showed none: no limit lets it go further")
                && !e.contains("the memory limit is")
                && !e.contains("a higher limit"),
            "{e}"
        );
        assert!(crate::control::is_past_tables(&past_tables(
            refusal(crate::error::PAST_TABLES),
            1 << 40,
            1 << 31
        )));
        // Refused by the memory limit below the bound: a higher limit lets it go on.
        let e = past_tables(refusal("2^31 heaps × 24 bytes"), 1 << 40, 1 << 20).to_string();
        assert!(
            e.contains("the memory limit is 100.0 GiB") && e.contains("a higher limit lets the search go on"),
            "{e}"
        );
    }
}
