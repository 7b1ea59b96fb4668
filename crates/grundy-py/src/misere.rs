//! Misère play for Python: outcomes, G⁻ and genus, moves and sequences through the
//! library's solver facade ([`Solver::misere_value`] and the others), and misère
//! quotients with their certificates. `python/grundy/__init__.py` wraps the dicts in
//! `MisereValue`, `MisereMoves` and `Quotient`.

use crate::rules::CallState;
use crate::run::{run, to_py};
use grundy::game::Position;
use grundy::solve::misere::{check_certificate, quotient as compute_quotient, Certificate, Quotient, Status};
use grundy::solve::{Method, MisereValue, Play, Solver};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// The misère solver of a computation.
fn solver(ctl: &grundy::Control) -> Solver {
    Solver::new(Method::Auto, ctl.clone()).with_play(Play::Misere)
}

/// `"normal"` or `"misere"`.
///
/// # Errors
/// `ValueError` for any other text.
pub fn play(p: &str) -> PyResult<Play> {
    p.parse::<Play>().map_err(to_py)
}

/// A misère value as a dict for `grundy.MisereValue`.
pub fn value_dict<'py>(py: Python<'py>, pos: &str, v: &MisereValue) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("position", pos)?;
    d.set_item("outcome", v.outcome.to_string())?;
    d.set_item("misere_value", v.single.as_ref().map(|r| r.misere_value))?;
    d.set_item("genus", v.single.as_ref().map(|r| r.genus.to_string()))?;
    d.set_item("tameness", v.single.as_ref().map(|r| r.tameness.to_string()))?;
    d.set_item("note", v.note.as_deref())?;
    d.set_item("source", v.quotient.as_ref().map(ToString::to_string))?;
    Ok(d)
}

/// The misère value of the position `pos` of a computation.
pub fn value_of<'py>(
    py: Python<'py>,
    call: &Arc<CallState>,
    pos: &Position,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let v = run(py, call, progress, |ctl| solver(ctl).misere_value(pos))?;
    value_dict(py, &pos.to_string(), &v)
}

/// Misère moves: the outcome, the winning positions, and with `all` every option with
/// its outcome.
pub type MovesOf<T> = (String, Vec<T>, Option<Vec<(T, String)>>);

/// The misère moves of `pos`: `(outcome, [winning position], [(option, outcome)] or
/// None)`, each position as `write` gives it.
pub fn moves_of<'py, T>(
    py: Python<'py>,
    call: &Arc<CallState>,
    pos: &Position,
    all: bool,
    progress: Option<&Bound<'py, PyAny>>,
    write: impl Fn(&Position) -> PyResult<T>,
) -> PyResult<MovesOf<T>> {
    let m = run(py, call, progress, |ctl| solver(ctl).misere_moves(pos, all))?;
    let winning = m.winning.iter().map(&write).collect::<PyResult<_>>()?;
    let options = match &m.options {
        Some(o) => Some(
            o.iter()
                .map(|(p, x)| Ok((write(p)?, x.to_string())))
                .collect::<PyResult<_>>()?,
        ),
        None => None,
    };
    Ok((m.outcome.to_string(), winning, options))
}

/// `(position, outcome, misere_value, genus, tameness, note)` of an expression, as a
/// dict.
#[pyfunction]
#[pyo3(signature = (expr, progress = None, limits = None))]
fn misere_value<'py>(
    py: Python<'py>,
    expr: &str,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = crate::call_state(limits)?;
    let pos = crate::position(expr, &call)?;
    value_of(py, &call, &pos, progress.as_ref())
}

/// The misère moves of an expression, as `(position, outcome, winning, options)`.
#[pyfunction]
#[pyo3(signature = (expr, all = false, progress = None, limits = None))]
#[allow(clippy::type_complexity)]
fn misere_moves<'py>(
    py: Python<'py>,
    expr: &str,
    all: bool,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
) -> PyResult<(String, String, Vec<String>, Option<Vec<(String, String)>>)> {
    let call = crate::call_state(limits)?;
    let pos = crate::position(expr, &call)?;
    let (o, w, opts) = moves_of(py, &call, &pos, all, progress.as_ref(), |p| Ok(p.to_string()))?;
    Ok((pos.to_string(), o, w, opts))
}

/// G⁻ of heaps `start..=to` as a `uint64` array, by the misère search.
#[pyfunction]
#[pyo3(signature = (ruleset, to, start = None, progress = None, limits = None))]
fn misere_seq<'py>(
    py: Python<'py>,
    ruleset: Bound<'py, PyAny>,
    to: u64,
    start: Option<u64>,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let call = crate::call_state(limits)?;
    let rs = crate::ruleset(&ruleset, &call)?;
    let seq = run(py, &call, progress.as_ref(), |ctl| {
        let seq = solver(ctl).misere_sequence(&rs, start, to)?;
        match seq.stopped {
            Some(e) => Err(e),
            None => Ok(seq),
        }
    })?;
    let values: Vec<u64> = seq.values.iter().map(|r| r.misere_value).collect();
    Ok(PyArray1::from_vec(py, values))
}

/// A quotient as a dict for `grundy.Quotient` (elements as words in the generators;
/// `certificate` the JSON text `save` writes).
fn quotient_dict<'py>(py: Python<'py>, q: &Quotient) -> PyResult<Bound<'py, PyDict>> {
    let pres = q.presentation();
    let word = |x: &u32| pres.word(&pres.normal[*x as usize]);
    let d = PyDict::new(py);
    d.set_item("ruleset", &q.ruleset)?;
    d.set_item("to", q.to)?;
    let (status, period, preperiod) = match q.status {
        Status::Solved { period, preperiod, .. } => ("solved", Some(period), Some(preperiod)),
        Status::Partial => ("partial", None, None),
    };
    d.set_item("status", status)?;
    d.set_item("order", q.order())?;
    d.set_item("p_size", q.p_portion.len())?;
    d.set_item("tame", q.tame().map_or("wild".to_string(), |k| format!("T_{k}")))?;
    d.set_item("presentation", pres.to_string())?;
    d.set_item("phi", q.phi.iter().map(word).collect::<Vec<_>>())?;
    d.set_item("p_portion", q.p_portion.iter().map(word).collect::<Vec<_>>())?;
    let changes: Vec<(u64, usize, usize)> = q.changes.iter().map(|c| (c.heap, c.order, c.p_size)).collect();
    d.set_item("changes", changes)?;
    d.set_item("period", period)?;
    d.set_item("preperiod", preperiod)?;
    d.set_item("table", q.monoid.rows())?;
    d.set_item("stopped", q.stopped.as_ref().map(ToString::to_string))?;
    d.set_item("certificate", q.certificate().to_json())?;
    Ok(d)
}

/// The misère quotient of a heap ruleset to heap `to` (or until solved).
#[pyfunction]
#[pyo3(signature = (ruleset, to, progress = None, limits = None))]
fn quotient<'py>(
    py: Python<'py>,
    ruleset: Bound<'py, PyAny>,
    to: u64,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = crate::call_state(limits)?;
    let rs = crate::ruleset(&ruleset, &call)?;
    let rs = rs.as_heap("quotient").map_err(to_py)?.clone();
    let q = run(py, &call, progress.as_ref(), |ctl| {
        let q = compute_quotient(rs.as_ref(), to, ctl)?;
        match q.stopped {
            Some(grundy::Error::Interrupted) => Err(grundy::Error::Interrupted),
            _ => Ok(q),
        }
    })?;
    quotient_dict(py, &q)
}

/// Writes a certificate's JSON text to `path` atomically.
#[pyfunction]
fn save_certificate(text: &str, path: std::path::PathBuf) -> PyResult<()> {
    grundy::control::write_atomically(&path, text.as_bytes())
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("cannot write {}: {e}", path.display())))
}

/// Re-verifies the certificate in `path` with the independent checker: what was
/// checked, or `ValueError("certificate rejected: …")`.
#[pyfunction]
#[pyo3(signature = (path, progress = None, limits = None))]
fn check_quotient<'py>(
    py: Python<'py>,
    path: std::path::PathBuf,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
) -> PyResult<String> {
    let call = crate::call_state(limits)?;
    // Read as the command line reads it.
    let ctl = call.limits.apply(grundy::Control::new());
    let text = grundy::control::read_text_within(
        &path,
        &ctl,
        grundy::solve::misere::READ_FRACTION,
        &path.display().to_string(),
    )
    .map_err(|e| crate::run::to_py_under(e, &call.limits))?;
    let mut cert = Certificate::from_json(&text).map_err(to_py)?;
    let named = |e: PyErr| {
        PyValueError::new_err(format!(
            "{}: the certificate's ruleset '{}' is not a heap ruleset known here: {e}",
            path.display(),
            cert.ruleset
        ))
    };
    let rs = crate::ruleset(&cert.ruleset.clone().into_pyobject(py)?.into_any(), &call).map_err(named)?;
    let rs = rs.as_heap("quotient").map_err(to_py).map_err(named)?.clone();
    // Under the ruleset's own name, as the command line checks it (`0.77` is kayles).
    cert.ruleset = rs.name();
    run(py, &call, progress.as_ref(), |ctl| {
        check_certificate(&cert, rs.as_ref(), ctl)
    })
}

/// Adds the functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(misere_value, m)?)?;
    m.add_function(wrap_pyfunction!(misere_moves, m)?)?;
    m.add_function(wrap_pyfunction!(misere_seq, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(save_certificate, m)?)?;
    m.add_function(wrap_pyfunction!(check_quotient, m)?)?;
    Ok(())
}
