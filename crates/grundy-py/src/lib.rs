//! `grundy._grundy`: the native module of the Python package `grundy`, a thin layer
//! over the library (no game logic here). Each function parses its input with the
//! library's catalog (with the rulesets defined in Python this session looked up
//! first), runs the library's engines through [`run::run`] (worker thread, GIL
//! released, Ctrl-C and progress checked by the caller) and returns plain Python data;
//! `python/grundy/__init__.py` wraps it in the public classes (`LoopyValue`, `Moves`,
//! `Periodicity`, …).

mod rules;
mod run;

use grundy::analysis::periodicity;
use grundy::catalog::{self, families, parse_position_with, parse_ruleset_with};
use grundy::game::Encoding;
use grundy::game::{Params, Position, Ruleset};
use grundy::graph_file::parse_graph;
use grundy::solve::{Bound as LoopyBound, BoundedValue, Method, NimSeq, SequenceValues, Solver};
use grundy::value::{LoopyValue, Nimber};
use grundy::Error;
use numpy::PyArray1;
use pyo3::exceptions::{PyIsADirectoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use rules::{CallState, Def};
use run::{run, to_py, ResourceError};
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

/// A ruleset defined by a Python function `options(n)`; registered for the session
/// under its name, so that expressions can use it.
#[pyclass(module = "grundy", name = "HeapRuleset", frozen)]
struct HeapRuleset {
    def: Arc<Def>,
}

#[pymethods]
impl HeapRuleset {
    #[new]
    #[pyo3(signature = (name, options, start = 0, loopy = false))]
    fn new(name: String, options: Bound<'_, PyAny>, start: u64, loopy: bool) -> PyResult<HeapRuleset> {
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
    fn __call__(&self, heaps: Vec<u64>) -> String {
        let hs: Vec<String> = heaps.iter().map(u64::to_string).collect();
        format!("{}({})", self.def.name, hs.join(","))
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
/// `Control`.
fn solver(
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
) -> PyResult<impl Fn(&grundy::Control) -> Solver + Sync> {
    let m = self::method(method)?;
    let d = LoopyBound::default();
    let b = LoopyBound {
        heap: bound.unwrap_or(d.heap),
        moves: graph_bound.unwrap_or(d.moves),
    };
    Ok(move |ctl: &grundy::Control| Solver::new(m, ctl.clone()).with_bound(b))
}

/// A nim-value as a Python int (exact at any size).
fn nimber<'py>(py: Python<'py>, v: &Nimber) -> PyResult<Bound<'py, PyAny>> {
    match v.to_u64() {
        Some(x) => Ok(x.into_pyobject(py)?.into_any()),
        None => py.get_type::<pyo3::types::PyInt>().call1((v.to_string(),)),
    }
}

/// A value for `grundy.__init__`: `("finite", int)`, `("infinite", [K…])` or
/// `("undetermined", note)`.
fn bounded<'py>(py: Python<'py>, v: &BoundedValue) -> PyResult<Bound<'py, PyAny>> {
    let (kind, data): (&str, Bound<'py, PyAny>) = match v {
        BoundedValue::Value(LoopyValue::Finite(x)) => ("finite", nimber(py, x)?),
        BoundedValue::Value(LoopyValue::Infinite(k)) => {
            let ks: Vec<Bound<'py, PyAny>> = k.iter().map(|x| nimber(py, x)).collect::<PyResult<_>>()?;
            ("infinite", PyList::new(py, ks)?.into_any())
        }
        BoundedValue::Undetermined { note, .. } => ("undetermined", note.into_pyobject(py)?.into_any()),
    };
    Ok(PyTuple::new(py, [kind.into_pyobject(py)?.into_any(), data])?.into_any())
}

/// `(position, value, outcome)` of an expression.
#[pyfunction]
#[pyo3(signature = (expr, method = "auto", bound = None, graph_bound = None, progress = None, period = None))]
#[allow(clippy::too_many_arguments)]
fn value<'py>(
    py: Python<'py>,
    expr: &str,
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    period: Option<PathBuf>,
) -> PyResult<(String, Bound<'py, PyAny>, String, Option<String>)> {
    let call = CallState::new();
    let pos = position(expr, &call)?;
    let solver = solver(method, bound, graph_bound)?;
    let (v, source) = run(py, &call, progress.as_ref(), |ctl| {
        let mut solver = with_period(solver(ctl), period.as_deref(), ctl)?;
        let v = solver.value(&pos)?;
        Ok((v, sources(&solver)))
    })?;
    Ok((pos.to_string(), bounded(py, &v)?, v.outcome_text(), source))
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
#[pyo3(signature = (expr, all = false, method = "auto", bound = None, graph_bound = None, progress = None, period = None))]
#[allow(clippy::too_many_arguments)]
fn moves<'py>(
    py: Python<'py>,
    expr: &str,
    all: bool,
    method: &str,
    bound: Option<u64>,
    graph_bound: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    period: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = CallState::new();
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
    d.set_item("winning_count", mv.winning_total.to_string())?;
    d.set_item("drawing", pairs(&drawing)?)?;
    match &mv.options {
        Some(o) => d.set_item("options", pairs(o)?)?,
        None => d.set_item("options", py.None())?,
    }
    d.set_item("options_count", mv.options_total.as_ref().map(|c| c.to_string()))?;
    let notes: Vec<String> = mv
        .value
        .note()
        .map(str::to_string)
        .into_iter()
        .chain(mv.notes)
        .collect();
    d.set_item("notes", notes)?;
    d.set_item("source", source)?;
    Ok(d)
}

/// The values of a ruleset on heaps `start..=to`: `("array", ndarray, offset)` (the
/// values are `array[offset:]`), `("objects", [int…])` for values above 64 bits, or
/// `("loopy", int64 codes, [value…], note, start, name)`.
#[pyfunction]
#[pyo3(signature = (ruleset, to, start = None, method = "auto", bound = None, graph_bound = None, progress = None, period = None))]
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
    period: Option<PathBuf>,
) -> PyResult<Bound<'py, PyTuple>> {
    let call = CallState::new();
    let rs = self::ruleset(ruleset, &call)?;
    let solver = solver(method, bound, graph_bound)?;
    let from = match &rs {
        Ruleset::Heap(h) => range_start(&h.name(), h.first_heap(), start, to)?,
        Ruleset::Loopy(l) => range_start(&l.name(), l.first_heap(), start, to)?,
        Ruleset::Tuple(_) => 0, // refused by the solver
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
                &format!("the values of {} on heaps {}..={to}", s.ruleset, s.from),
                (*len as u64).saturating_mul(4),
                format!("{len} values × 4 bytes"),
            )?;
            let codes = (s.from..s.from + *len as u64)
                .map(|n| period.small_value(n))
                .collect::<Option<Vec<u32>>>();
            if let Some(codes) = codes {
                s.values = SequenceValues::Table(NimSeq::from_codes(codes, Encoding::Plain));
                s.from = 0;
            }
        }
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
                    BoundedValue::Undetermined { .. } => -2,
                })
                .collect();
            let values = v.iter().map(|x| bounded(py, x)).collect::<PyResult<Vec<_>>>()?;
            (
                "loopy",
                PyArray1::from_vec(py, codes),
                values,
                s.note,
                s.from,
                s.ruleset,
            )
                .into_pyobject(py)
        }
    }
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
    let what = format!("the values of {} on heaps {from}..={to}", rs.name());
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
#[pyo3(signature = (ruleset, to, start = None, progress = None))]
fn period<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    to: u64,
    start: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = CallState::new();
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
#[pyo3(signature = (text, graph_bound = 100_000_000, progress = None))]
fn graph<'py>(
    py: Python<'py>,
    text: &str,
    graph_bound: u64,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let g = parse_graph(text, graph_bound).map_err(to_py)?;
    solve_graph(py, g, progress)
}

/// The vertices of the game graph in the file at `path`, read as `grundy graph FILE`
/// reads it (within the memory limit, stopping at a NUL byte:
/// [`grundy::graph_file::read_graph_file`]): `[(name, value, outcome)]`.
#[pyfunction]
#[pyo3(signature = (path, graph_bound = 100_000_000, progress = None))]
fn graph_file<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    graph_bound: u64,
    progress: Option<Bound<'py, PyAny>>,
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
    let call = CallState::new();
    // Read on the worker (Ctrl-C stops a slow pipe); a bad file's error names it.
    let g = run(py, &call, None, |ctl| {
        grundy::graph_file::read_graph_file(file, graph_bound, ctl).map_err(|e| match e {
            Error::Input(m) => Error::Input(format!("{shown}: {m}")),
            e => e,
        })
    })?;
    solve_graph(py, g, progress)
}

/// Solves a graph read from text or a file: `[(name, value, outcome)]`.
fn solve_graph<'py>(
    py: Python<'py>,
    g: grundy::graph_file::NamedGraph,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let call = CallState::new();
    let s = run(py, &call, progress.as_ref(), |ctl| {
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
#[pyo3(signature = (full = false, only = None, progress = None))]
fn reproduce(py: Python<'_>, full: bool, only: Option<&str>, progress: Option<Bound<'_, PyAny>>) -> PyResult<String> {
    let prefix = only.unwrap_or("");
    let claims: Vec<grundy_papers::Claim> = grundy_papers::claims()
        .into_iter()
        .filter(|c| !c.is_figure() && c.id.starts_with(prefix))
        .collect();
    if claims.is_empty() {
        return Err(PyValueError::new_err(format!("no check id starts with '{prefix}'")));
    }
    let call = CallState::new();
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
#[pyo3(signature = (ruleset, to, start = None, mark = None, log_x = false, log_y = false, method = "auto", width = None, height = None, progress = None))]
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
) -> PyResult<Bound<'py, PyBytes>> {
    let call = CallState::new();
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
    match png {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(e) => Err(match e.downcast::<Error>() {
            Ok(e) => to_py(e),
            Err(e) => PyValueError::new_err(format!("{e:#}")),
        }),
    }
}

/// The native module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ResourceError", m.py().get_type::<ResourceError>())?;
    m.add_class::<HeapRuleset>()?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(graph_file, m)?)?;
    m.add_function(wrap_pyfunction!(reproduce, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    Ok(())
}
