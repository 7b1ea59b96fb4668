//! `grundy._grundy`: the native module of the Python package `grundy`, a thin layer
//! over the library (no game logic here). Each function parses its input with the
//! library's catalog (with the rulesets defined in Python this session looked up
//! first), runs the library's engines through [`run::run`] (worker thread, GIL
//! released, Ctrl-C and progress checked by the caller) and returns plain Python data;
//! `python/grundy/__init__.py` wraps it in the public classes (`LoopyValue`, `Moves`,
//! `Periodicity`, …).

mod errors;
mod game;
mod limits;
mod misere;
mod rules;
mod run;
mod search_files;

use grundy::analysis::{census, periodicity};
use grundy::catalog::{self, families, parse_position_with, parse_ruleset_with};
use grundy::game::Encoding;
use grundy::game::{DbAccess, Params, Position, Ruleset};
use grundy::graph_file::read_graph_in;
use grundy::solve::{Bound as LoopyBound, BoundedValue, Method, NimSeq, SequenceValues, Solver};
use grundy::value::{LoopyValue, Nimber};
use grundy::Error;
use limits::python_advice;
use num_bigint::BigUint;
use numpy::PyArray1;
use pyo3::exceptions::{PyIsADirectoryError, PyOSError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use rules::{CallState, Def};
use run::{run, to_py, to_py_under, ResourceError};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The rulesets defined in Python this session, by name (the last definition wins).
static SESSION: Mutex<BTreeMap<String, Arc<Def>>> = Mutex::new(BTreeMap::new());

/// The session lookup of one computation: a session ruleset bound to `call`.
fn session(call: &Arc<CallState>) -> impl Fn(&str) -> Option<Ruleset> + '_ {
    move |name| {
        let defs = SESSION.lock().unwrap_or_else(|p| p.into_inner());
        defs.get(name).map(|d| d.bind(call))
    }
}

/// An int argument `name` from 0 to 2^64 − 1 (anything with `__index__`): a
/// `TypeError` if it is not an int, a `ValueError` if negative, an `OverflowError` from
/// 2^64, each naming the argument, and a `TypeError` for a bool (as the package's
/// Python layer does).
fn count_arg(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    // True is an int to Python, but no count (as `grundy._args.count` says).
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!("{name} must be an int, not bool ({v})")));
    }
    // An int is its value (an int subclass's own __index__ is not asked, as
    // operator.index does not ask it); anything else is read by its __index__.
    let n = if v.is_instance_of::<pyo3::types::PyInt>() {
        v.clone()
    } else {
        v.call_method0("__index__").map_err(|_| {
            let t = v.get_type().name().map(|t| t.to_string()).unwrap_or_default();
            PyTypeError::new_err(format!("{name} must be an int, not {t}"))
        })?
    };
    if n.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "{name} must be a non-negative int, not {n}"
        )));
    }
    n.extract::<u64>()
        .map_err(|_| PyOverflowError::new_err(format!("{name} must be below 2**64")))
}

/// A ruleset defined by a Python function `options(n)`; registered for the session
/// under its name, so that expressions can use it.
#[pyclass(module = "grundy", name = "HeapRuleset", frozen)]
struct HeapRuleset {
    def: Arc<Def>,
}

#[pymethods]
impl HeapRuleset {
    #[new]
    #[pyo3(signature = (name, options, start = None, loopy = None), text_signature = "(name, options, start=0, loopy=False)")]
    fn new(
        name: String,
        options: Bound<'_, PyAny>,
        start: Option<&Bound<'_, PyAny>>,
        loopy: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<HeapRuleset> {
        let start = start.map_or(Ok(0), |s| count_arg("start", s))?;
        // Strictly a bool ("no" would be true), named as Python names it.
        let loopy: bool = match loopy.map(|l| (l, l.downcast::<pyo3::types::PyBool>())) {
            None => false,
            Some((_, Ok(b))) => b.is_true(),
            // numpy's bool (`numpy.bool_`), as the package's other flags take it.
            Some((l, Err(_))) if l.get_type().name().is_ok_and(|n| n == "bool_" || n == "bool") => l.is_truthy()?,
            Some((loopy, Err(_))) => {
                return Err(PyTypeError::new_err(format!(
                    "loopy must be True or False, not {}",
                    loopy.repr().map_or_else(|_| "this".into(), |r| r.to_string())
                )))
            }
        };
        if !catalog::is_free_name(&name) {
            let why = if catalog::family(&name).is_ok() {
                "it is the name of a built-in ruleset".to_string()
            } else {
                "a name is a letter followed by letters, digits, '-' or '_'".to_string()
            };
            return Err(PyValueError::new_err(format!("'{name}' cannot name a ruleset: {why}")));
        }
        if !options.is_callable() {
            return Err(PyValueError::new_err(format!(
                "options of ruleset '{name}' must be callable: options(n) returns the options of heap n"
            )));
        }
        if loopy && start == 0 {
            return Err(PyValueError::new_err(format!(
                "loopy ruleset '{name}' needs start >= 1 (heap 0 cannot be a position of a loopy ruleset)"
            )));
        }
        let def = Arc::new(Def {
            name: name.clone(),
            options: options.unbind(),
            start,
            loopy,
        });
        SESSION
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(name, def.clone());
        Ok(HeapRuleset { def })
    }

    /// The name, as written in expressions.
    #[getter]
    fn name(&self) -> &str {
        &self.def.name
    }

    /// The options function.
    #[getter]
    fn options(&self, py: Python<'_>) -> Py<PyAny> {
        self.def.options.clone_ref(py)
    }

    /// The first heap that is a position.
    #[getter]
    fn start(&self) -> u64 {
        self.def.start
    }

    /// True if options may be equal to or larger than the heap.
    #[getter]
    fn loopy(&self) -> bool {
        self.def.loopy
    }

    /// The expression of a sum of heaps of this ruleset: `r(3, 5)` is `"name(3,5)"`.
    #[pyo3(signature = (*heaps))]
    fn __call__(&self, heaps: &Bound<'_, PyTuple>) -> PyResult<String> {
        let hs = heaps
            .iter()
            .map(|h| count_arg("a heap", &h).map(|h| h.to_string()))
            .collect::<PyResult<Vec<String>>>()?;
        Ok(format!("{}({})", self.def.name, hs.join(",")))
    }

    fn __repr__(&self) -> String {
        format!(
            "HeapRuleset('{}', start={}, loopy={})",
            self.def.name,
            self.def.start,
            if self.def.loopy { "True" } else { "False" }
        )
    }
}

/// A game whose positions are any hashable Python values, defined by `options(pos)`
/// (positions, or tuples of positions: sums) and optionally `components(pos)` and
/// `canonical(pos)`.
#[pyclass(module = "grundy", name = "Game", frozen, subclass)]
struct Game {
    def: Arc<game::GameDef>,
}

impl Game {
    /// The one-component position `pos` of this game for the computation `call`.
    fn position(
        &self,
        py: Python<'_>,
        pos: &Bound<'_, PyAny>,
        call: &Arc<CallState>,
    ) -> PyResult<(Arc<game::LiveGame>, Position)> {
        let live = Arc::new(game::LiveGame::new(py, self.def.clone(), call.clone()));
        let p = live.intern(py, pos, "the position")?;
        let component = grundy::game::Component::Game {
            ruleset: live.clone(),
            pos: p,
        };
        Ok((live, Position::single(component)))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, options, components = None, canonical = None))]
    fn new(
        name: String,
        options: Bound<'_, PyAny>,
        components: Option<Bound<'_, PyAny>>,
        canonical: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        if name.trim().is_empty() {
            return Err(PyValueError::new_err(
                "a game needs a name, shown in its positions and messages (Game(\"my-game\", options))",
            ));
        }
        for (what, f) in [
            ("options", Some(&options)),
            ("components", components.as_ref()),
            ("canonical", canonical.as_ref()),
        ] {
            if f.is_some_and(|f| !f.is_callable()) {
                return Err(PyValueError::new_err(format!(
                    "{what} of game '{name}' must be callable"
                )));
            }
        }
        Ok(Game {
            def: Arc::new(game::GameDef {
                name,
                options: options.unbind(),
                components: components.map(Bound::unbind),
                canonical: canonical.map(Bound::unbind),
            }),
        })
    }

    /// The name.
    #[getter]
    fn name(&self) -> &str {
        &self.def.name
    }

    /// The nim-value of the position `pos` (by search from the rules); in misère play
    /// a dict for `grundy.MisereValue`.
    #[pyo3(signature = (pos, progress = None, play = "normal", limits = None))]
    fn value<'py>(
        &self,
        py: Python<'py>,
        pos: Bound<'py, PyAny>,
        progress: Option<Bound<'py, PyAny>>,
        play: &str,
        limits: LimitArgs<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let call = call_state(limits)?;
        let (_, p) = self.position(py, &pos, &call)?;
        if misere::play(play)? == grundy::solve::Play::Misere {
            let d = misere::value_of(py, &call, &p, progress.as_ref(), None)?;
            d.set_item("position", pos)?;
            return Ok(d.into_any());
        }
        let v = run(py, &call, progress.as_ref(), |ctl| {
            Solver::new(Method::Search, ctl.clone()).nim_value(&p)
        })?;
        nimber(py, &v)
    }

    /// The moves from `pos`, as a dict for `grundy.GameMoves` (in misère play for
    /// `grundy.MisereMoves`).
    #[pyo3(signature = (pos, all = false, progress = None, play = "normal", limits = None))]
    fn _moves<'py>(
        &self,
        py: Python<'py>,
        pos: Bound<'py, PyAny>,
        all: bool,
        progress: Option<Bound<'py, PyAny>>,
        play: &str,
        limits: LimitArgs<'py>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let call = call_state(limits)?;
        let (live, p) = self.position(py, &pos, &call)?;
        // An option as the game wrote it: a position, or a tuple of them (a sum).
        let option = |q: &Position| -> PyResult<Bound<'py, PyAny>> {
            let parts: Vec<Bound<'py, PyAny>> = q
                .components
                .iter()
                .map(|c| match c {
                    grundy::game::Component::Game { pos, .. } => live.object(py, pos),
                    _ => unreachable!("the options of a game are positions of the game"),
                })
                .collect();
            match parts.len() {
                1 => Ok(parts.into_iter().next().expect("one part")),
                _ => Ok(PyTuple::new(py, parts)?.into_any()),
            }
        };
        if misere::play(play)? == grundy::solve::Play::Misere {
            let (outcome, winning, options) = misere::moves_of(py, &call, &p, all, progress.as_ref(), None, option)?;
            let d = PyDict::new(py);
            d.set_item("position", pos)?;
            d.set_item("outcome", outcome)?;
            d.set_item("winning", winning)?;
            d.set_item("options", options)?;
            return Ok(d);
        }
        let mv = run(py, &call, progress.as_ref(), |ctl| {
            Solver::new(Method::Search, ctl.clone()).moves(&p, all)
        })?;
        let d = PyDict::new(py);
        d.set_item("position", pos)?;
        let v = mv
            .value
            .value()
            .and_then(LoopyValue::as_finite)
            .cloned()
            .unwrap_or(Nimber::ZERO);
        d.set_item("value", nimber(py, &v)?)?;
        let winning: Vec<Bound<'py, PyAny>> = mv.winning.iter().map(option).collect::<PyResult<_>>()?;
        d.set_item("winning", winning)?;
        match &mv.options {
            Some(o) => {
                let items: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)> = o
                    .iter()
                    .map(|(q, v)| {
                        let v = v
                            .value()
                            .and_then(LoopyValue::as_finite)
                            .cloned()
                            .unwrap_or(Nimber::ZERO);
                        Ok((option(q)?, nimber(py, &v)?))
                    })
                    .collect::<PyResult<_>>()?;
                d.set_item("options", items)?
            }
            None => d.set_item("options", py.None())?,
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("Game('{}')", self.def.name)
    }
}

/// The ruleset named by `obj` (a name, code or `subtraction[…]`, or a `HeapRuleset`).
fn ruleset(obj: &Bound<'_, PyAny>, call: &Arc<CallState>) -> PyResult<Ruleset> {
    if let Ok(r) = obj.downcast::<HeapRuleset>() {
        return Ok(r.get().def.bind(call));
    }
    let text: String = obj.extract().map_err(|_| {
        PyValueError::new_err(
            "a ruleset is a name such as 'saliquant', 'subtraction[1,2]' or '0.137', or a grundy.HeapRuleset",
        )
    })?;
    parse_ruleset_with(&text, &session(call)).map_err(to_py)
}

fn position(expr: &str, call: &Arc<CallState>) -> PyResult<Position> {
    parse_position_with(expr, &session(call)).map_err(to_py)
}

fn method(m: &str) -> PyResult<Method> {
    match m {
        "auto" => Ok(Method::Auto),
        "formula" => Ok(Method::Formula),
        "search" => Ok(Method::Search),
        _ => Err(PyValueError::new_err(format!(
            "method '{m}' is not one of 'auto', 'formula', 'search'"
        ))),
    }
}

/// The solver of `method` with the loopy bounds (`bound`: largest heap, `graph_bound`:
/// most moves per exploration; the CLI's defaults when None), for a computation's
/// `Control`. Besides [`method`]'s names, `"plain"` and `"sums"` search boards and
/// graphs by the confirming engines, as the CLI's `--method plain` and `--method sums`
/// ([`grundy::solve::Evaluator::use_reference_engines`],
/// [`grundy::solve::Evaluator::use_outcome_search`]).
fn solver(
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
) -> PyResult<impl Fn(&grundy::Control) -> Solver + Sync> {
    let (m, plain, sums) = match method {
        "plain" => (Method::Search, true, false),
        "sums" => (Method::Search, false, true),
        _ => (
            self::method(method).map_err(|_| {
                PyValueError::new_err(format!(
                    "method '{method}' is not one of 'auto', 'formula', 'search', 'plain', 'sums'"
                ))
            })?,
            false,
            false,
        ),
    };
    let d = LoopyBound::default();
    let b = LoopyBound {
        heap: bound.unwrap_or(d.heap),
        moves: graph_bound.unwrap_or(d.moves),
    };
    Ok(move |ctl: &grundy::Control| {
        let mut s = Solver::new(m, ctl.clone()).with_bound(b);
        if plain {
            s.evaluator().use_reference_engines();
        }
        if sums {
            s.evaluator().use_outcome_search();
        }
        s
    })
}

/// The limits a Python function passes: `(memory_limit, max_work)`, each None when not
/// given ([`limits::Limits::resolve`]).
type LimitArgs<'py> = Option<(Option<Bound<'py, PyAny>>, Option<Bound<'py, PyAny>>)>;

/// The state of a call under the limits its Python function was given.
fn call_state(limits: LimitArgs<'_>) -> PyResult<Arc<CallState>> {
    let (memory, work) = limits.unwrap_or((None, None));
    Ok(CallState::with_limits(limits::Limits::resolve(
        memory.as_ref(),
        work.as_ref(),
    )?))
}

/// A nim-value as a Python int (exact at any size; a large one from its bytes, since
/// Python refuses decimal text of more than 4300 digits).
fn nimber<'py>(py: Python<'py>, v: &Nimber) -> PyResult<Bound<'py, PyAny>> {
    match v.to_u64() {
        Some(x) => Ok(x.into_pyobject(py)?.into_any()),
        None => Ok(BigUint::from(v).into_pyobject(py)?.into_any()),
    }
}

/// A value for `grundy.__init__`: `("finite", int)`, `("infinite", [K…])`,
/// `("undetermined", note)` or `("outcome", (outcome, note))` (the outcome alone).
fn bounded<'py>(py: Python<'py>, v: &BoundedValue) -> PyResult<Bound<'py, PyAny>> {
    let (kind, data): (&str, Bound<'py, PyAny>) = match v {
        BoundedValue::Value(LoopyValue::Finite(x)) => ("finite", nimber(py, x)?),
        BoundedValue::Value(LoopyValue::Infinite(k)) => {
            let ks: Vec<Bound<'py, PyAny>> = k.iter().map(|x| nimber(py, x)).collect::<PyResult<_>>()?;
            ("infinite", PyList::new(py, ks)?.into_any())
        }
        BoundedValue::Undetermined { note, .. } => ("undetermined", python_advice(note).into_pyobject(py)?.into_any()),
        BoundedValue::OutcomeOnly { outcome, note } => (
            "outcome",
            (outcome.to_string(), python_advice(note)).into_pyobject(py)?.into_any(),
        ),
    };
    Ok(PyTuple::new(py, [kind.into_pyobject(py)?.into_any(), data])?.into_any())
}

/// What `value` returns: `(position, value, outcome, source, counters)`.
type ValueOut<'py> = (String, Bound<'py, PyAny>, String, Option<String>, Option<[u64; 4]>);

/// `(position, value, outcome, source, counters)` of an expression: `source` where a
/// proven period gave values, `counters` the position engine's counters summed over the
/// board and graph games searched (positions searched, table entries, table bytes,
/// entries replaced; the CLI's `--stats`), None when none was searched. With `db`, the
/// table of a board or graph search is kept in the file, as the CLI's `--db`
/// ([`Solver::use_db`]), only read with `db_read_only` (`--db-read-only`); what the file held is logged to the `grundy` logger at level
/// INFO when it is read, before the search (the CLI's stderr line).
#[pyfunction]
#[pyo3(signature = (expr, method = "auto", bound = None, graph_bound = None, progress = None, limits = None, period = None, db = None, db_read_only = false))]
#[allow(clippy::too_many_arguments)]
fn value<'py>(
    py: Python<'py>,
    expr: &str,
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
    period: Option<PathBuf>,
    db: Option<PathBuf>,
    db_read_only: bool,
) -> PyResult<ValueOut<'py>> {
    let call = call_state(limits)?;
    let pos = position(expr, &call)?;
    let solver = solver(method, bound, graph_bound)?;
    let access = if db_read_only {
        DbAccess::ReadOnly
    } else {
        DbAccess::ReadWrite
    };
    if let Some(path) = db.as_ref().filter(|_| access == DbAccess::ReadWrite) {
        search_files::check_db_writable(path)?;
    }
    let (v, (source, counters)) = run(py, &call, progress.as_ref(), |ctl| {
        let mut solver = with_period(solver(ctl), period.as_deref(), ctl)?;
        if let Some(path) = db {
            solver.use_db(&pos, path, access, Box::new(search_files::log_info))?;
        }
        let v = solver.value(&pos)?;
        Ok((v, (sources(&solver), counters(&mut solver, &pos))))
    })?;
    Ok((pos.to_string(), bounded(py, &v)?, v.outcome_text(), source, counters))
}

/// The position engine's counters (searched, entries, table bytes, replaced) summed
/// over the game rulesets of `pos` that searched, if any did.
fn counters(solver: &mut Solver, pos: &Position) -> Option<[u64; 4]> {
    let mut out: Option<[u64; 4]> = None;
    for rs in grundy::solve::game_rulesets(pos) {
        if let Some(s) = solver.evaluator().game_stats(rs) {
            let o = out.get_or_insert([0; 4]);
            for (x, y) in o.iter_mut().zip([s.searched, s.entries, s.table_bytes, s.replaced]) {
                *x = x.saturating_add(y);
            }
        }
    }
    out
}

/// `solver` with the proven period of a certificate saved by `grundy period --save`
/// (checked: [`grundy::analysis::certificate::load_period`]), if a path is given.
fn with_period(mut solver: Solver, period: Option<&std::path::Path>, ctl: &grundy::Control) -> grundy::Result<Solver> {
    if let Some(path) = period {
        grundy::analysis::certificate::load_period(path, &mut solver, ctl)?;
    }
    Ok(solver)
}

/// Where values beyond the computed tables came from, if a proven period gave any
/// (as the CLI's `source`): `kayles: by the proven period (12, 71, 0), …`.
fn sources(solver: &Solver) -> Option<String> {
    let used = solver.periods_used();
    (!used.is_empty()).then(|| {
        used.iter()
            .map(|p| format!("{}: {}", p.ruleset(), p.source()))
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// The moves of an expression, as a dict for `grundy.Moves`.
#[pyfunction]
#[pyo3(signature = (expr, all = false, method = "auto", bound = None, graph_bound = None, progress = None, limits = None, period = None))]
#[allow(clippy::too_many_arguments)]
fn moves<'py>(
    py: Python<'py>,
    expr: &str,
    all: bool,
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
    period: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = call_state(limits)?;
    let pos = position(expr, &call)?;
    let solver = solver(method, bound, graph_bound)?;
    let (mv, drawing, source) = run(py, &call, progress.as_ref(), |ctl| {
        let mut solver = with_period(solver(ctl), period.as_deref(), ctl)?;
        let mv = solver.moves(&pos, all)?;
        // The value after each drawing move (the engines' caches make this cheap).
        let drawing: Vec<(Position, BoundedValue)> = mv
            .drawing
            .iter()
            .map(|p| Ok((p.clone(), solver.value(p)?)))
            .collect::<grundy::Result<_>>()?;
        let source = sources(&solver);
        Ok((mv, drawing, source))
    })?;
    let zero = bounded(py, &BoundedValue::finite(Nimber::ZERO))?;
    let pairs = |list: &[(Position, BoundedValue)]| -> PyResult<Bound<'py, PyList>> {
        let items: Vec<(String, Bound<'py, PyAny>)> = list
            .iter()
            .map(|(p, v)| Ok((p.to_string(), bounded(py, v)?)))
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    };
    let d = PyDict::new(py);
    d.set_item("position", pos.to_string())?;
    d.set_item("value", bounded(py, &mv.value)?)?;
    d.set_item("outcome", mv.value.outcome_text())?;
    d.set_item("loopy", mv.loopy)?;
    let winning: Vec<(String, Bound<'py, PyAny>)> = mv.winning.iter().map(|p| (p.to_string(), zero.clone())).collect();
    d.set_item("winning", winning)?;
    d.set_item("winning_count", &mv.winning_total)?;
    d.set_item("drawing", pairs(&drawing)?)?;
    match &mv.options {
        Some(o) => d.set_item("options", pairs(o)?)?,
        None => d.set_item("options", py.None())?,
    }
    d.set_item("options_count", &mv.options_total)?;
    let notes: Vec<String> = mv
        .value
        .note()
        .into_iter()
        .chain(mv.notes.iter().map(String::as_str))
        .map(python_advice)
        .collect();
    d.set_item("notes", notes)?;
    d.set_item("stay", mv.stay)?;
    d.set_item("source", source)?;
    Ok(d)
}

/// The values of a ruleset on heaps `start..=to`: `("array", ndarray, offset)` (the
/// values are `array[offset:]`), `("objects", [int…])` for values above 64 bits, or
/// `("loopy", int64 codes, [value…], note, start, name)`.
#[pyfunction]
#[pyo3(signature = (ruleset, to, start = None, method = "auto", bound = None, graph_bound = None, progress = None, limits = None, period = None))]
#[allow(clippy::too_many_arguments)]
fn seq<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    to: u64,
    start: Option<u64>,
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
    period: Option<PathBuf>,
) -> PyResult<Bound<'py, PyTuple>> {
    // A sequence is of heaps: the board and graph engines' "plain" and "sums" are
    // refused, as the CLI's `seq --method` refuses them.
    if matches!(method, "plain" | "sums") {
        return Err(PyValueError::new_err(format!(
            "method '{method}' searches boards and graphs (grundy.value); a sequence takes 'auto', 'formula' or 'search'"
        )));
    }
    let call = call_state(limits)?;
    let rs = self::ruleset(ruleset, &call)?;
    let solver = solver(method, bound, graph_bound)?;
    let from = match &rs {
        Ruleset::Heap(h) => range_start(&h.name(), h.first_heap(), start, to)?,
        Ruleset::Loopy(l) => range_start(&l.name(), l.first_heap(), start, to)?,
        Ruleset::Tuple(_) | Ruleset::Game(_) => 0, // refused by the solver
    };
    // A Python ruleset from a heap above its first: only the heaps of the range and
    // those they reach (from its first heap, the dense table computes exactly those).
    if let Ruleset::Heap(h) = &rs {
        if method != "formula" && from > h.first_heap() && is_session(&h.name()) {
            let values = run(py, &call, progress.as_ref(), |ctl| {
                reachable_sequence(h.as_ref(), from, to, ctl)
            })?;
            return array_out(PyArray1::from_vec(py, values).into_any(), 0);
        }
    }
    let s = run(py, &call, progress.as_ref(), |ctl| {
        let mut s = with_period(solver(ctl), period.as_deref(), ctl)?.sequence(&rs, start, to)?;
        if let Some(e) = s.stopped.take() {
            return Err(e);
        }
        // Values from a proven period are evaluated on reading: read them into a
        // vector (4 bytes a heap, checked first).
        if let SequenceValues::Period { period, len } = &s.values {
            ctl.check_memory(
                &format!("the sequence of {} on heaps {}..={to}", s.ruleset, s.from),
                (*len as u64).saturating_mul(4),
                format!("{len} values × 4 bytes"),
            )?;
            // Counted from `from`: `from + len` is 2^64 when the last heap is 2^64 − 1.
            let codes = (0..*len as u64)
                .map(|i| period.small_value(s.from + i))
                .collect::<Option<Vec<u32>>>();
            if let Some(codes) = codes {
                s.values = SequenceValues::Table(NimSeq::from_codes(codes, Encoding::Plain));
                s.from = 0;
            }
        }
        if matches!(s.values, SequenceValues::Formula { .. }) {
            s.values = SequenceValues::Finite(formula_values(&s, ctl)?);
        }
        check_python_ints(&s, ctl)?;
        Ok(s)
    })?;
    let from = s.from as usize;
    // A closed form over a range is evaluated on reading: read it into a vector.
    let values = if matches!(s.values, SequenceValues::Formula { .. } | SequenceValues::Period { .. }) {
        let v = (0..s.len())
            .map(|i| {
                s.finite(i)
                    .ok_or_else(|| PyValueError::new_err(format!("no value at heap {}", s.from + i as u64)))
            })
            .collect::<PyResult<Vec<Nimber>>>()?;
        SequenceValues::Finite(v)
    } else {
        s.values
    };
    match values {
        SequenceValues::Table(t) => {
            let encoding = t.encoding();
            let mut codes = t.into_codes();
            let top = codes.get(from..).and_then(|c| c.iter().max().copied()).unwrap_or(0);
            match encoding {
                // The engine's table, handed to numpy without a copy.
                Encoding::Plain => array_out(PyArray1::from_vec(py, codes).into_any(), from),
                // Powerset values 2^(c−1), decoded in place when they fit in 32 bits.
                Encoding::ZeroOrPow2 if top <= 32 => {
                    for c in codes.iter_mut() {
                        *c = if *c == 0 { 0 } else { 1u32 << (*c - 1) };
                    }
                    array_out(PyArray1::from_vec(py, codes).into_any(), from)
                }
                Encoding::ZeroOrPow2 if top <= 64 => {
                    let wide: Vec<u64> = codes[from..]
                        .iter()
                        .map(|&c| if c == 0 { 0 } else { 1u64 << (c - 1) })
                        .collect();
                    drop(codes);
                    array_out(PyArray1::from_vec(py, wide).into_any(), 0)
                }
                Encoding::ZeroOrPow2 => {
                    let one = 1u8.into_pyobject(py)?;
                    let ints = codes[from..]
                        .iter()
                        .map(|&c| {
                            if c == 0 {
                                Ok(0u8.into_pyobject(py)?.into_any())
                            } else {
                                one.lshift(c - 1)
                            }
                        })
                        .collect::<PyResult<Vec<_>>>()?;
                    ("objects", ints).into_pyobject(py)
                }
            }
        }
        SequenceValues::Finite(v) => match v.iter().map(Nimber::to_u64).collect::<Option<Vec<u64>>>() {
            Some(xs) if xs.iter().all(|&x| x <= u32::MAX as u64) => {
                let narrow: Vec<u32> = xs.into_iter().map(|x| x as u32).collect();
                array_out(PyArray1::from_vec(py, narrow).into_any(), 0)
            }
            Some(xs) => array_out(PyArray1::from_vec(py, xs).into_any(), 0),
            None => {
                let ints = v.iter().map(|x| nimber(py, x)).collect::<PyResult<Vec<_>>>()?;
                ("objects", ints).into_pyobject(py)
            }
        },
        SequenceValues::Formula { .. } | SequenceValues::Period { .. } => Err(PyValueError::new_err(
            "a closed-form or periodic sequence was not read (a bug)",
        )),
        SequenceValues::Loopy(v) => {
            let codes: Vec<i64> = v
                .iter()
                .map(|x| match x {
                    BoundedValue::Value(LoopyValue::Finite(n)) => {
                        n.to_u64().map_or(-3, |u| i64::try_from(u).unwrap_or(-3))
                    }
                    BoundedValue::Value(LoopyValue::Infinite(_)) => -1,
                    BoundedValue::Undetermined { .. } | BoundedValue::OutcomeOnly { .. } => -2,
                })
                .collect();
            let values = v.iter().map(|x| bounded(py, x)).collect::<PyResult<Vec<_>>>()?;
            (
                "loopy",
                PyArray1::from_vec(py, codes),
                values,
                s.note.as_deref().map(python_advice),
                s.from,
                s.ruleset,
            )
                .into_pyobject(py)
        }
    }
}

/// The values of a closed-form sequence ([`SequenceValues::Formula`]), read into a
/// vector (its memory checked first, cancellation every [`grundy::control::WORK_CHUNK`]
/// values).
///
/// # Errors
/// [`Error::TooLarge`] or [`Error::OutOfMemory`] for the vector, [`Error::Interrupted`].
fn formula_values(s: &grundy::solve::Sequence, ctl: &grundy::Control) -> grundy::Result<Vec<Nimber>> {
    let what = || format!("the sequence of {} on heaps {}..", s.ruleset, s.from);
    let len = s.len();
    let size = std::mem::size_of::<Nimber>() as u64;
    ctl.check_memory(
        &what(),
        (len as u64).saturating_mul(size),
        format!("{len} values × {size} bytes"),
    )?;
    let mut v = Vec::new();
    grundy::control::try_reserve_exact(&mut v, len, what)?;
    let mut meter = ctl.meter();
    for i in 0..len {
        meter.add(1)?;
        v.push(s.finite(i).unwrap_or_default());
    }
    Ok(v)
}

/// Bytes of a Python `int` of `bits` bits in a list: the object (a header and 30-bit
/// digits of 4 bytes) and the list's pointer to it.
fn python_int_bytes(bits: u64) -> u64 {
    40 + 4 * bits.div_ceil(30)
}

/// Checks the memory of the Python ints a sequence becomes when its values do not fit
/// in 64 bits (powerset rulesets: about n/2 bits at heap n, so n²/32 bytes to heap n)
/// against the memory limit, before any is built.
///
/// # Errors
/// [`Error::TooLarge`] above the limit.
fn check_python_ints(s: &grundy::solve::Sequence, ctl: &grundy::Control) -> grundy::Result<()> {
    let (count, top, bytes) = match &s.values {
        SequenceValues::Table(t) if t.encoding() == Encoding::ZeroOrPow2 => {
            let codes = t.codes().get(s.from as usize..).unwrap_or_default();
            python_ints(codes.iter().map(|&c| u64::from(c)))
        }
        SequenceValues::Finite(v) => python_ints(v.iter().map(Nimber::bits)),
        _ => return Ok(()),
    };
    if top <= 64 {
        return Ok(()); // a numpy array
    }
    ctl.check_memory(
        &format!(
            "converting the values of {} from heap {} to Python ints",
            s.ruleset, s.from
        ),
        bytes,
        format!("{count} values of up to {top} bits, 40 bytes and 4 bytes per 30 bits each; ask for a shorter range"),
    )
}

/// The number of values, the largest bit length and the bytes of the Python ints of
/// values of `bits` bits.
fn python_ints(bits: impl Iterator<Item = u64>) -> (u64, u64, u64) {
    bits.fold((0, 0, 0), |(n, top, sum), b| {
        (n + 1, top.max(b), sum.saturating_add(python_int_bytes(b)))
    })
}

/// The first heap of the range `start..=to` of a heap ruleset `name` whose heaps start
/// at `first` (`start` defaults to `first`).
///
/// # Errors
/// `ValueError` naming the first heap when it is above `to`.
fn range_start(name: &str, first: u64, start: Option<u64>, to: u64) -> PyResult<u64> {
    match start {
        Some(s) if s > to => Err(PyValueError::new_err(format!(
            "start {s} is larger than the last heap {to}"
        ))),
        None if first > to => Err(PyValueError::new_err(format!(
            "start {first} (the first heap of {name}) is larger than the last heap {to}"
        ))),
        _ => Ok(start.unwrap_or(first)),
    }
}

/// True if `name` is a ruleset defined in Python this session.
fn is_session(name: &str) -> bool {
    SESSION.lock().unwrap_or_else(|p| p.into_inner()).contains_key(name)
}

/// Bytes per heap of [`reachable_sequence`]: the value and its entry in the memo.
const REACHABLE_BYTES_PER_HEAP: u64 = 68;

/// The values of heaps `from..=to` of `rs` by a memoized search from each heap, which
/// visits only the heaps reachable from the range (so a Python options function is
/// called on no other heap, and once per heap).
///
/// # Errors
/// [`Error::TooLarge`] when the range does not fit the memory limit; the search's errors
/// ([`grundy::solve::memo::sparse_heap_value`]).
fn reachable_sequence(
    rs: &dyn grundy::game::HeapRuleset,
    from: u64,
    to: u64,
    ctl: &grundy::Control,
) -> grundy::Result<Vec<u32>> {
    let what = format!("the sequence of {} on heaps {from}..={to}", rs.name());
    let count = to - from + 1;
    ctl.check_memory(
        &what,
        count.saturating_mul(REACHABLE_BYTES_PER_HEAP),
        format!("{count} heaps × {REACHABLE_BYTES_PER_HEAP} bytes (the value and a memoized search)"),
    )?;
    let mut values: Vec<u32> = Vec::new();
    values.try_reserve_exact(count as usize).map_err(|_| Error::TooLarge {
        what: what.clone(),
        estimate_bytes: count.saturating_mul(4),
        limit_bytes: ctl.memory_limit(),
        detail: "the allocation failed".into(),
    })?;
    let mut memo = grundy::solve::memo::Memo::<u64>::default();
    ctl.start(&what, count);
    for n in from..=to {
        ctl.tick(n - from)?;
        values.push(grundy::solve::memo::sparse_heap_value(rs, n, &mut memo, ctl)?);
    }
    ctl.finish();
    Ok(values)
}

/// `("array", a, offset)`: the values are `a[offset:]` (a view; no copy).
fn array_out(a: Bound<'_, PyAny>, offset: usize) -> PyResult<Bound<'_, PyTuple>> {
    let py = a.py();
    ("array", a, offset).into_pyobject(py)
}

/// The period search of a heap ruleset on heaps `start..=to`, as a dict for
/// `grundy.Periodicity`.
#[pyfunction]
#[pyo3(signature = (ruleset, to, start = None, progress = None, limits = None))]
fn period<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    to: u64,
    start: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = call_state(limits)?;
    let rs = self::ruleset(ruleset, &call)?;
    let h = rs.as_heap("period").map_err(to_py)?.clone();
    let first = h.first_heap();
    let from = range_start(&h.name(), first, start.map(|s| s.max(first)), to)?;
    let r = run(py, &call, progress.as_ref(), |ctl| {
        periodicity::search(h.as_ref(), from, to, ctl)
    })?;
    let d = PyDict::new(py);
    d.set_item("ruleset", &r.ruleset)?;
    d.set_item("start", r.from)?;
    d.set_item("to", r.to)?;
    d.set_item("period", r.found.map(|p| p.period))?;
    d.set_item("preperiod", r.found.map(|p| p.preperiod))?;
    d.set_item("saltus", r.found.map(|p| p.saltus))?;
    d.set_item("proven", r.certificate.is_some())?;
    d.set_item("proof_needs", r.proof_needs)?;
    match &r.certificate {
        Some(c) => {
            let cd = PyDict::new(py);
            cd.set_item("ruleset", &c.ruleset)?;
            cd.set_item("preperiod", c.periodicity.preperiod)?;
            cd.set_item("period", c.periodicity.period)?;
            cd.set_item("saltus", c.periodicity.saltus)?;
            cd.set_item("agreement", (c.periodicity.preperiod, c.last_checked))?;
            cd.set_item("proof_end", c.proof_end)?;
            cd.set_item("theorem", c.theorem.to_string())?;
            d.set_item("certificate", cd)?;
        }
        None => d.set_item("certificate", py.None())?,
    }
    d.set_item("largest_value", r.largest())?;
    d.set_item("p_positions", r.p_positions())?;
    Ok(d)
}

/// A control with the work limit `max_work` (the default's otherwise) over `ctl`.
fn with_work(ctl: &grundy::Control, max_work: Option<u64>) -> grundy::Control {
    match max_work {
        Some(w) => ctl.clone().with_work_limit(w),
        None => ctl.clone(),
    }
}

/// The codes of a census family ([`census::members`]).
#[pyfunction]
fn census_members(py: Python<'_>, family: &str) -> PyResult<Vec<String>> {
    run(py, &call_state(None)?, None, |ctl| census::members(family, ctl))
}

/// `normal` or `misere` (also `misère`), as `grundy census --play`.
fn play_of(play: &str) -> PyResult<census::Play> {
    play.parse::<census::Play>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Checks, before any code runs, that the census can start: in normal play that a
/// table of each code to `to` fits a `jobs`-th of the memory limit; in misère play that
/// the quotient engine takes every code.
#[pyfunction]
#[pyo3(signature = (codes, to, jobs, play = "normal"))]
fn census_check_memory(py: Python<'_>, codes: Vec<String>, to: u64, jobs: usize, play: &str) -> PyResult<()> {
    let play = play_of(play)?;
    run(py, &call_state(None)?, None, |ctl| match play {
        census::Play::Normal => census::check_memory(&codes, to, jobs, ctl),
        census::Play::Misere => census::misere::check_codes(&codes, ctl),
    })
}

/// One code of a census ([`census::run_code`], [`census::misere::run_code`]): `(row as
/// JSON, certificate JSON or None)`.
#[pyfunction]
#[pyo3(signature = (code, to, max_work = None, play = "normal"))]
fn census_run(
    py: Python<'_>,
    code: &str,
    to: u64,
    max_work: Option<u64>,
    play: &str,
) -> PyResult<(String, Option<String>)> {
    let play = play_of(play)?;
    run(py, &call_state(None)?, None, |ctl| {
        let ctl = with_work(ctl, max_work);
        Ok(match play {
            census::Play::Normal => outcome_json(census::run_code(code, to, &ctl)?),
            census::Play::Misere => outcome_json(census::misere::run_code(code, to, &ctl)?),
        })
    })
}

/// The cost of a short probe of a code ([`census::probe`], [`census::misere::probe`]).
#[pyfunction]
#[pyo3(signature = (code, to, max_work = None, play = "normal"))]
fn census_probe(py: Python<'_>, code: &str, to: u64, max_work: Option<u64>, play: &str) -> PyResult<u64> {
    let play = play_of(play)?;
    run(py, &call_state(None)?, None, |ctl| {
        let ctl = with_work(ctl, max_work);
        match play {
            census::Play::Normal => census::probe(code, to, &ctl),
            census::Play::Misere => census::misere::probe(code, to, &ctl),
        }
    })
}

fn row_json<R: census::CensusRow>(row: &R) -> String {
    serde_json::to_string(row).unwrap_or_default()
}

fn outcome_json<R: census::CensusRow>(o: census::Outcome<R>) -> (String, Option<String>) {
    (row_json(&o.row), o.certificate)
}

fn row_of<R: census::CensusRow>(text: &str) -> PyResult<R> {
    serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("not a census row: {e}")))
}

/// The rows (JSON) completed, in the order given: normal play's with their classes
/// ([`census::assign_classes`]); misère play's as they are.
#[pyfunction]
#[pyo3(signature = (rows, play = "normal"))]
fn census_classes(rows: Vec<String>, play: &str) -> PyResult<Vec<String>> {
    if play_of(play)? == census::Play::Misere {
        return Ok(rows);
    }
    let mut rows: Vec<census::Row> = rows.iter().map(|r| row_of(r)).collect::<PyResult<_>>()?;
    census::assign_classes(&mut rows);
    Ok(rows.iter().map(row_json).collect())
}

/// A census directory of either play convention.
enum AnyOutput {
    Normal(census::Output<census::Row>),
    Misere(census::Output<census::misere::MisereRow>),
}

impl AnyOutput {
    fn normal(&mut self) -> Option<&mut census::Output<census::Row>> {
        match self {
            AnyOutput::Normal(o) => Some(o),
            AnyOutput::Misere(_) => None,
        }
    }
    fn misere(&mut self) -> Option<&mut census::Output<census::misere::MisereRow>> {
        match self {
            AnyOutput::Misere(o) => Some(o),
            AnyOutput::Normal(_) => None,
        }
    }
}

/// Records a finished code into the census directory `out` (the one of its play
/// convention, picked by `pick`), or its JSON row into `rows` without one.
fn record_into<R: census::CensusRow>(
    out: Option<&CensusOutput>,
    rows: &Mutex<Vec<String>>,
    o: census::Outcome<R>,
    pick: fn(&mut AnyOutput) -> Option<&mut census::Output<R>>,
) -> grundy::Result<()> {
    match out {
        Some(out) => {
            let mut guard = out.lock();
            match pick(&mut guard) {
                Some(dir) => dir.record(o),
                None => Err(grundy::Error::Input(
                    "the census directory was opened for the other play convention".into(),
                )),
            }
        }
        None => {
            rows.lock().unwrap_or_else(|p| p.into_inner()).push(row_json(&o.row));
            Ok(())
        }
    }
}

/// A census directory ([`census::Output`]): resumed when its parameters match.
#[pyclass(module = "grundy", name = "CensusOutput", frozen)]
struct CensusOutput {
    out: Mutex<AnyOutput>,
}

impl CensusOutput {
    fn lock(&self) -> std::sync::MutexGuard<'_, AnyOutput> {
        self.out.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A census message in Python's terms: the options it names as `census`'s keyword
/// arguments (`to=`, not `--to`).
fn census_words(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("--to (", "to= ("),
        ("--max-work (", "max_work= ("),
        ("--play (", "play= ("),
        ("rerun with the same parameters", "call again with the same arguments"),
        ("--max-work none", "max_work=None"),
        ("--to", "to="),
        ("--max-work", "max_work="),
    ];
    limits::replace_words(message, WORDS)
}

/// An error of a census directory as a Python exception, in Python's terms
/// ([`census_words`]).
fn census_error(e: Error) -> PyErr {
    match e {
        Error::Input(m) => to_py(Error::Input(census_words(&m))),
        e => to_py(e),
    }
}

#[pymethods]
impl CensusOutput {
    #[new]
    #[pyo3(signature = (dir, family, to, max_work, members, play = "normal"))]
    fn new(
        dir: std::path::PathBuf,
        family: String,
        to: u64,
        max_work: u64,
        members: Vec<String>,
        play: &str,
    ) -> PyResult<Self> {
        let play = play_of(play)?;
        let params = census::Params {
            family,
            to,
            max_work,
            play,
        };
        let out = match play {
            census::Play::Normal => {
                AnyOutput::Normal(census::Output::open(&dir, &params, &members).map_err(census_error)?)
            }
            census::Play::Misere => {
                AnyOutput::Misere(census::Output::open(&dir, &params, &members).map_err(census_error)?)
            }
        };
        Ok(CensusOutput { out: Mutex::new(out) })
    }

    /// Whether `code` is recorded.
    fn is_done(&self, code: &str) -> bool {
        match &*self.lock() {
            AnyOutput::Normal(o) => o.is_done(code),
            AnyOutput::Misere(o) => o.is_done(code),
        }
    }

    /// Checks the rows read back from an earlier run against their certificates
    /// ([`census::Output::check_resumed`]) on `jobs` threads, each row within
    /// `max_work`; a row not trusted is dropped (its code runs again). The warnings, one
    /// line each, naming the code and the reason.
    #[pyo3(signature = (jobs, max_work = None))]
    fn check_resumed(&self, py: Python<'_>, jobs: usize, max_work: Option<u64>) -> PyResult<Vec<String>> {
        let untrusted = run(py, &call_state(None)?, None, |ctl| {
            let ctl = with_work(ctl, max_work);
            match &mut *self.lock() {
                AnyOutput::Normal(o) => o.check_resumed(jobs, &ctl),
                AnyOutput::Misere(o) => o.check_resumed(jobs, &ctl),
            }
        })?;
        Ok(untrusted.iter().map(|u| census_words(&u.to_string())).collect())
    }

    /// Records a finished code (a row as JSON and its certificate); a code already
    /// recorded is skipped.
    #[pyo3(signature = (row, certificate = None))]
    fn record(&self, row: &str, certificate: Option<String>) -> PyResult<()> {
        match &mut *self.lock() {
            AnyOutput::Normal(o) => o.record(census::Outcome {
                row: row_of(row)?,
                certificate,
            }),
            AnyOutput::Misere(o) => o.record(census::Outcome {
                row: row_of(row)?,
                certificate,
            }),
        }
        .map_err(to_py)
    }

    /// Releases the census directory's lock (as dropping the output does).
    fn close(&self) {
        match &mut *self.lock() {
            AnyOutput::Normal(o) => o.close(),
            AnyOutput::Misere(o) => o.close(),
        }
    }

    /// Ends the census: completed rows (classes in normal play), census.jsonl in the
    /// family's order, CSV and Markdown; the rows as JSON.
    fn finish(&self) -> PyResult<Vec<String>> {
        Ok(match &mut *self.lock() {
            AnyOutput::Normal(o) => o.finish().map_err(to_py)?.iter().map(row_json).collect(),
            AnyOutput::Misere(o) => o.finish().map_err(to_py)?.iter().map(row_json).collect(),
        })
    }
}

/// Runs `codes` on `jobs` threads on this machine ([`census::run_each`]), ordered by
/// their probe, recording each finished code into `output` (or returning the rows as
/// JSON without one).
#[pyfunction]
#[pyo3(signature = (codes, to, jobs, max_work = None, output = None, play = "normal"))]
fn census_local(
    py: Python<'_>,
    codes: Vec<String>,
    to: u64,
    jobs: usize,
    max_work: Option<u64>,
    output: Option<Py<CensusOutput>>,
    play: &str,
) -> PyResult<Vec<String>> {
    let play = play_of(play)?;
    let rows: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let out = output.as_ref().map(|o| o.get());
    run(py, &call_state(None)?, None, |ctl| {
        let ctl = with_work(ctl, max_work);
        match play {
            census::Play::Normal => {
                let ordered = census::by_probe(&codes, to, jobs, &ctl)?;
                let each = |o: census::Outcome| record_into(out, &rows, o, AnyOutput::normal);
                census::run_parallel(&ordered, to, jobs, &ctl, &each, &census::Quiet)
            }
            census::Play::Misere => {
                let ordered = census::by_cost(&codes, jobs, &ctl, &|c, s| census::misere::probe(c, to, s))?;
                let each =
                    |o: census::Outcome<census::misere::MisereRow>| record_into(out, &rows, o, AnyOutput::misere);
                census::run_each(
                    &ordered,
                    jobs,
                    &ctl,
                    &|c, s| census::misere::run_code(c, to, s),
                    &each,
                    &census::Quiet,
                )
            }
        }
    })?;
    Ok(rows.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// The default work limit of one computation (`GRUNDY_MAX_WORK`, else 10^11).
#[pyfunction]
fn default_work_limit() -> u64 {
    grundy::Control::new().work_limit()
}

/// The catalogue: one dict per family.
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let rows = families()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("name", f.name)?;
            let aliases: Vec<String> = f
                .aliases
                .iter()
                .map(|a| match a.params {
                    Some(p) => format!("{} = {}[{p}]", a.name, f.name),
                    None => a.name.to_string(),
                })
                .collect();
            d.set_item("aliases", aliases)?;
            d.set_item(
                "params",
                match f.params {
                    Params::None => None,
                    Params::Required(s) => Some(s),
                },
            )?;
            d.set_item("positions", f.positions)?;
            d.set_item("options", f.options)?;
            d.set_item("source", f.source)?;
            d.set_item("formula", f.formula.map(|s| s.to_string()))?;
            d.set_item("example", f.example)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}

/// The vertices of a game graph written as text or JSON: `[(name, value, outcome)]`.
#[pyfunction]
#[pyo3(signature = (text, graph_bound = 100_000_000, progress = None, limits = None))]
fn graph<'py>(
    py: Python<'py>,
    text: &str,
    graph_bound: u64,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyList>> {
    let call = call_state(limits)?;
    // Read on the worker, within the memory limit (Ctrl-C stops a long text). The text
    // is the dict's JSON on one line, so a refusal names the dict, not "line 1".
    let g = run(py, &call, None, |ctl| {
        read_graph_in(text.as_bytes(), graph_bound, ctl).map_err(|e| match e {
            Error::TooLarge {
                estimate_bytes,
                limit_bytes,
                detail,
                ..
            } => Error::TooLarge {
                what: "reading the graph's dict".into(),
                estimate_bytes,
                limit_bytes,
                detail,
            },
            e => e,
        })
    })?;
    solve_graph(py, g, progress, &call)
}

/// The vertices of the game graph in the file at `path`, read as `grundy graph FILE`
/// reads it (within the memory limit, stopping at a NUL byte:
/// [`grundy::graph_file::read_graph_file`]): `[(name, value, outcome)]`.
#[pyfunction]
#[pyo3(signature = (path, graph_bound = 100_000_000, progress = None, limits = None))]
fn graph_file<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    graph_bound: u64,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyList>> {
    let shown = path.display().to_string();
    let os_error = |e: std::io::Error| match e.raw_os_error() {
        // OSError(errno, strerror, filename) is FileNotFoundError, PermissionError, …
        Some(code) => {
            let text = e.to_string();
            let strerror = text.split(" (os error").next().unwrap_or(&text).to_string();
            PyOSError::new_err((code, strerror, shown.clone()))
        }
        None => PyOSError::new_err(format!("{shown}: {e}")),
    };
    let file = std::fs::File::open(&path).map_err(os_error)?;
    if file.metadata().map_err(os_error)?.is_dir() {
        return Err(PyIsADirectoryError::new_err(format!(
            "cannot read {shown}: it is a directory"
        )));
    }
    let call = call_state(limits)?;
    // Read on the worker (Ctrl-C stops a slow pipe); a bad file's error names it.
    let g = run(py, &call, None, |ctl| {
        grundy::graph_file::read_graph_file(file, graph_bound, ctl).map_err(|e| match e {
            Error::Input(m) => Error::Input(format!("{shown}: {m}")),
            e => e,
        })
    })?;
    solve_graph(py, g, progress, &call)
}

/// Solves a graph read from text or a file: `[(name, value, outcome)]`.
fn solve_graph<'py>(
    py: Python<'py>,
    g: grundy::graph_file::NamedGraph,
    progress: Option<Bound<'py, PyAny>>,
    call: &Arc<CallState>,
) -> PyResult<Bound<'py, PyList>> {
    let s = run(py, call, progress.as_ref(), |ctl| {
        grundy::solve::loopy::solve(&g.graph, ctl)
    })?;
    let rows: Vec<(String, Bound<'py, PyAny>, String)> = g
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let v = BoundedValue::Value(s.value(&g.graph, i as u32));
            Ok((name.clone(), bounded(py, &v)?, v.outcome_text()))
        })
        .collect::<PyResult<_>>()?;
    PyList::new(py, rows)
}

/// The checks of the seed papers' claims whose id starts with `only`, as the JSON text
/// of the `checks` of `report.json`.
#[pyfunction]
#[pyo3(signature = (full = false, only = None, progress = None, limits = None))]
fn reproduce<'py>(
    py: Python<'py>,
    full: bool,
    only: Option<&str>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<String> {
    let prefix = only.unwrap_or("");
    let claims: Vec<grundy_papers::Claim> = grundy_papers::claims()
        .into_iter()
        .filter(|c| !c.is_figure() && c.id.starts_with(prefix))
        .collect();
    if claims.is_empty() {
        return Err(PyValueError::new_err(format!("no check id starts with '{prefix}'")));
    }
    let call = call_state(limits)?;
    let checks = run(py, &call, progress.as_ref(), |ctl| {
        let ctx = grundy_papers::Context {
            control: ctl.clone(),
            full,
        };
        claims
            .iter()
            .map(|c| grundy_papers::check(c, &ctx).map_err(|_| Error::Interrupted))
            .collect::<grundy::Result<Vec<_>>>()
    })?;
    serde_json::to_string(&checks).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The figure of a ruleset (a scatter plot or a heatmap) as PNG bytes.
#[pyfunction]
#[pyo3(signature = (ruleset, to, start = None, mark = None, log_x = false, log_y = false, method = "auto", width = None, height = None, progress = None, limits = None))]
#[allow(clippy::too_many_arguments)]
fn plot<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    to: u64,
    start: Option<u64>,
    mark: Option<u64>,
    log_x: bool,
    log_y: bool,
    method: &str,
    width: Option<u32>,
    height: Option<u32>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyBytes>> {
    let call = call_state(limits)?;
    let rs = self::ruleset(ruleset, &call)?;
    let options = grundy_figures::PlotOptions {
        from: start,
        mark,
        log_x,
        log_y,
        method: Some(self::method(method)?),
        width,
        height,
    };
    let png = run(py, &call, progress.as_ref(), |ctl| {
        Ok(grundy_figures::figure(&rs, to, &options, ctl).and_then(|f| grundy_figures::render_png(&f)))
    })?;
    Ok(PyBytes::new(py, &png.map_err(|e| figure_error(e, &call))?))
}

/// An error of the figures crate: the library's error as [`to_py_under`] makes it under
/// the call's limits (a refusal names the keyword argument that set its limit), any
/// other (a bad option for the kind of figure) a `ValueError`.
fn figure_error(e: anyhow::Error, call: &CallState) -> PyErr {
    match e.downcast::<Error>() {
        Ok(e) => to_py_under(e, &call.limits),
        Err(e) => PyValueError::new_err(figure_advice(&format!("{e:#}"))),
    }
}

/// A message of the figures crate in Python's terms: its options as `plot`'s keyword
/// arguments, the CLI commands it suggests as the package's functions.
fn figure_advice(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("--log-x and --log-y", "log_x and log_y"),
        ("drop --log-x", "drop log_x=True"),
        ("--from applies", "start applies"),
        ("--from ", "start="),
        ("--from", "start="),
        ("--to ", "to="),
        ("`grundy value`", "grundy.value"),
    ];
    let mut out = limits::replace_words(message, WORDS);
    // "use `grundy seq NAME to=N`" (its --to already replaced): grundy.seq(NAME, N).
    if let Some(i) = out.find("`grundy seq ") {
        if let Some(len) = out[i + 1..].find('`') {
            let name = out[i + 12..i + 1 + len].split(' ').next().unwrap_or("").to_string();
            out.replace_range(i..i + 2 + len, &format!("grundy.seq('{name}', N)"));
        }
    }
    out
}

/// The grid G(a, b) of a ruleset on pairs for a in `row_start..row_start + rows` and b
/// in `col_start..col_start + cols`: `(dtype, values row by row, mask)`, dtype `uint32`,
/// `uint64` or `object` (Python ints) by the largest value, mask true where (a, b) is
/// not a position (its value 0).
#[pyfunction]
#[pyo3(signature = (ruleset, rows, cols, row_start = 0, col_start = 0, method = "auto", progress = None, limits = None))]
#[allow(clippy::too_many_arguments)]
fn table<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    rows: u64,
    cols: u64,
    row_start: u64,
    col_start: u64,
    method: &str,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let call = call_state(limits)?;
    let rs = self::ruleset(ruleset, &call)?;
    // What the ruleset is and which function takes it, as the CLI's `table` says it.
    const PAIRS: &str = "a table needs a ruleset on pairs (min, delete-nim, vdn, cdn, wythoff, euclid)";
    let t = match &rs {
        Ruleset::Tuple(t) => t,
        Ruleset::Heap(_) => {
            return Err(PyValueError::new_err(format!(
                "{} is a heap ruleset; {PAIRS} — use grundy.seq for sequences",
                rs.name()
            )))
        }
        Ruleset::Loopy(_) => {
            return Err(PyValueError::new_err(format!(
                "{} is a loopy heap ruleset; {PAIRS} — use grundy.seq for sequences",
                rs.name()
            )))
        }
        Ruleset::Game(_) => {
            return Err(PyValueError::new_err(format!(
                "{} has boards or graphs as positions, not pairs; {PAIRS} — use grundy.value for its positions",
                rs.name()
            )))
        }
    };
    if rows == 0 || cols == 0 {
        return Err(PyValueError::new_err("rows and cols must be at least 1"));
    }
    let (Some(row_last), Some(col_last)) = (row_start.checked_add(rows - 1), col_start.checked_add(cols - 1)) else {
        return Err(PyValueError::new_err(format!(
            "the table reaches past row or column 2^64 − 1 = {}",
            u64::MAX
        )));
    };
    let m = self::method(method)?;
    let g = run(py, &call, progress.as_ref(), |ctl| {
        // Besides the grid (which checks its own 32 bytes a cell): the mask and the
        // values handed to numpy, 13 bytes a cell.
        let cells = u128::from(rows) * u128::from(cols);
        ctl.check_memory(
            &format!("a {rows} × {cols} table for numpy"),
            u64::try_from(cells.saturating_mul(13)).unwrap_or(u64::MAX),
            format!("{cells} cells × 13 bytes"),
        )?;
        Ok(grundy_figures::values::grid(
            t,
            row_start..=row_last,
            col_start..=col_last,
            m,
            ctl,
        ))
    })?
    .map_err(|e| figure_error(e, &call))?;
    let cells = || g.iter().flatten();
    let mask: Vec<bool> = cells().map(Option::is_none).collect();
    let small: Option<Vec<u64>> = cells().map(|v| v.as_ref().map_or(Some(0), Nimber::to_u64)).collect();
    let values = match small {
        Some(xs) if xs.iter().all(|&x| x <= u64::from(u32::MAX)) => {
            let narrow: Vec<u32> = xs.into_iter().map(|x| x as u32).collect();
            ("uint32", PyArray1::from_vec(py, narrow).into_any())
        }
        Some(xs) => ("uint64", PyArray1::from_vec(py, xs).into_any()),
        None => {
            let ints = cells()
                .map(|v| {
                    v.as_ref()
                        .map_or_else(|| Ok(0u8.into_pyobject(py)?.into_any()), |x| nimber(py, x))
                })
                .collect::<PyResult<Vec<_>>>()?;
            ("object", PyList::new(py, ints)?.into_any())
        }
    };
    (values.0, values.1, mask).into_pyobject(py)
}

/// The check of a ruleset's closed form against search on every position up to `to`
/// (`grundy verify`): a list of dicts with the keys of `grundy verify --format json`;
/// for a ruleset without a closed form whose literature states checkable claims (MIN),
/// those claims.
#[pyfunction]
#[pyo3(signature = (ruleset, to, arity = None, progress = None, limits = None))]
fn verify<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    to: u64,
    arity: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyList>> {
    let call = call_state(limits)?;
    let rs = self::ruleset(ruleset, &call)?;
    let name = rs.name();
    let claims = grundy_papers::verification_claims(&name, to.max(1));
    if !claims.is_empty() {
        if to == 0 {
            return Err(PyValueError::new_err(format!(
                "verify {name}: to must be at least 1 (the checks are about rows a ≥ 1)"
            )));
        }
        // An interruption stops the run; any other error of a check is raised after it.
        let outcomes = run(py, &call, progress.as_ref(), |ctl| {
            let ctx = grundy_papers::Context {
                control: ctl.clone(),
                full: false,
            };
            match claims
                .iter()
                .map(|c| grundy_papers::run(c, &ctx))
                .collect::<grundy_papers::Result<Vec<_>>>()
            {
                Err(e) if e.is_interrupted() => Err(Error::Interrupted),
                r => Ok(r),
            }
        })?
        .map_err(|e| match e {
            grundy_papers::Error::Grundy(e) => to_py_under(e, &call.limits),
            e => PyValueError::new_err(python_advice(&e.to_string())),
        })?;
        let rows = claims
            .iter()
            .zip(outcomes)
            .map(|(c, o)| {
                let failure = o.verdict.failure();
                let d = PyDict::new(py);
                d.set_item("claim", c.statement.as_ref())?;
                d.set_item("source", c.source.as_ref())?;
                d.set_item("range", o.range)?;
                d.set_item("checked", o.instances.unwrap_or(0))?;
                d.set_item("holds", failure.is_none())?;
                d.set_item("failure", failure)?;
                Ok(d)
            })
            .collect::<PyResult<Vec<_>>>()?;
        return PyList::new(py, rows);
    }
    let reports = run(py, &call, progress.as_ref(), |ctl| {
        match grundy::analysis::verify::verify(&rs, to, arity, ctl) {
            Err(Error::NoFormula { ruleset, detail, .. }) => Ok(Err(format!(
                "no closed form is known for {ruleset}{}, so there is nothing to verify; grundy.seq(\"{ruleset}\", n) computes its values by search",
                detail.map(|d| format!(" ({d})")).unwrap_or_default()
            ))),
            r => r.map(Ok),
        }
    })?
    .map_err(PyValueError::new_err)?;
    let rows = reports
        .into_iter()
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("ruleset", r.ruleset)?;
            d.set_item("statement", r.statement.to_string())?;
            d.set_item("range", r.range)?;
            d.set_item("checked", r.checked)?;
            d.set_item("not_covered", r.not_covered)?;
            match r.mismatch {
                Some(m) => {
                    let md = PyDict::new(py);
                    md.set_item("position", m.position)?;
                    md.set_item("formula", nimber(py, &m.formula)?)?;
                    md.set_item("search", nimber(py, &m.search)?)?;
                    d.set_item("mismatch", md)?;
                }
                None => d.set_item("mismatch", py.None())?,
            }
            d.set_item("violations", r.violations)?;
            let first = r
                .first_violations
                .into_iter()
                .map(|v| {
                    let vd = PyDict::new(py);
                    vd.set_item("position", v.position)?;
                    vd.set_item("value", nimber(py, &v.value)?)?;
                    vd.set_item("claim", v.claim)?;
                    Ok(vd)
                })
                .collect::<PyResult<Vec<_>>>()?;
            d.set_item("first_violations", first)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}

/// Sets the session's limits (`grundy.set_limits`): each argument given (not the
/// `...` the wrapper passes for one left out) sets that limit, None restores the
/// environment's or the default.
#[pyfunction]
#[pyo3(name = "set_limits", signature = (memory_limit, max_work))]
fn set_session_limits(memory_limit: &Bound<'_, PyAny>, max_work: &Bound<'_, PyAny>) -> PyResult<()> {
    let given = |v: &&Bound<'_, PyAny>| !v.is(v.py().Ellipsis());
    // Both are read before either is set, so that a bad value changes nothing.
    limits::Limits::resolve(Some(memory_limit).filter(given), Some(max_work).filter(given))?;
    for (k, v) in [(0, memory_limit), (1, max_work)] {
        if given(&v) {
            limits::set(k, v)?;
        }
    }
    Ok(())
}

/// The limits a call without `memory_limit=` or `max_work=` gets now:
/// `{"memory_limit", "memory_limit_source", "max_work", "max_work_source"}`.
#[pyfunction]
#[pyo3(name = "limits")]
fn session_limits(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let [(memory, memory_source), (work, work_source)] = limits::Limits::resolve(None, None)?.describe();
    let d = PyDict::new(py);
    d.set_item("memory_limit", memory)?;
    d.set_item("memory_limit_source", memory_source)?;
    d.set_item("max_work", work)?;
    d.set_item("max_work_source", work_source)?;
    Ok(d)
}

/// The native module.
/// Rust's allocations in this module count the heap held, so that the memory limit's
/// checks see what the estimates leave out (a misère search's many small blocks), as
/// in the CLI; an allocation the system refuses outside a fallible reservation still
/// ends in Rust's abort (the big tables are reserved fallibly: a `ResourceError`).
#[global_allocator]
static ALLOCATOR: grundy::heap_count::Counting = grundy::heap_count::Counting::new(None);

#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    grundy::control::start_heap_count();
    // numpy's C API is imported at the first array made: made here, at import, so that
    // a Ctrl-C pending when a computation returns its first array is a KeyboardInterrupt
    // there, not a failed import of numpy (a panic: "Failed to access NumPy array API
    // capsule", from `table` interrupted just as its search ended).
    let _ = numpy::PyArray1::<u8>::zeros(m.py(), 0, false);
    m.add("ResourceError", m.py().get_type::<ResourceError>())?;
    m.add_class::<HeapRuleset>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(census_members, m)?)?;
    m.add_function(wrap_pyfunction!(census_check_memory, m)?)?;
    m.add_function(wrap_pyfunction!(census_run, m)?)?;
    m.add_function(wrap_pyfunction!(census_probe, m)?)?;
    m.add_function(wrap_pyfunction!(census_classes, m)?)?;
    m.add_function(wrap_pyfunction!(census_local, m)?)?;
    m.add_function(wrap_pyfunction!(default_work_limit, m)?)?;
    m.add_class::<CensusOutput>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(graph_file, m)?)?;
    m.add_function(wrap_pyfunction!(reproduce, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(set_session_limits, m)?)?;
    m.add_function(wrap_pyfunction!(session_limits, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    misere::register(m)?;
    search_files::register(m)?;
    Ok(())
}
