//! Misère play for Python: outcomes, G⁻ and genus, moves and sequences through the
//! library's solver facade ([`Solver::misere_value`] and the others), and misère
//! quotients with their certificates. `python/grundy/__init__.py` wraps the dicts in
//! `MisereValue`, `MisereMoves` and `Quotient`.

use crate::errors::message_under;
use crate::limits::Limits;
use crate::rules::CallState;
use crate::run::{run, to_py};
use grundy::game::{HeapRuleset, Position};
use grundy::solve::misere::{check_certificate, quotient as compute_quotient, Certificate, Quotient, Status};
use grundy::solve::{Method, MisereValue, Play, Solver};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};
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

/// A misère quotient certificate read from a file, with its heap ruleset: what
/// `quotient=` gives `value` and `moves`.
pub type Loaded = (Certificate, Arc<dyn HeapRuleset>);

/// The certificate in `path`, read as the command line reads it (within a
/// [`READ_FRACTION`](grundy::solve::misere::READ_FRACTION) of the memory limit), and its
/// heap ruleset, the certificate's name made the ruleset's own (`0.77` is kayles).
///
/// # Errors
/// `OSError` for a file that cannot be read, `ResourceError` for one past the limit,
/// `ValueError` for text that is not a certificate or names no heap ruleset.
fn read_certificate(py: Python<'_>, path: &Path, call: &Arc<CallState>) -> PyResult<Loaded> {
    let ctl = call.limits.apply(grundy::Control::new());
    let text = grundy::control::read_text_within(
        path,
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
    let rs = crate::ruleset(&cert.ruleset.clone().into_pyobject(py)?.into_any(), call).map_err(named)?;
    let rs = rs.as_heap("quotient").map_err(to_py).map_err(named)?.clone();
    cert.ruleset = rs.name();
    Ok((cert, rs))
}

/// The certificate in `path` for the position `pos` ([`read_certificate`]).
///
/// # Errors
/// Those of [`read_certificate`]; `ValueError` when `pos` has no heap of the
/// certificate's ruleset (the quotient would answer nothing), as the command line's
/// `--quotient` refuses it.
fn quotient_for(py: Python<'_>, path: &Path, call: &Arc<CallState>, pos: &Position) -> PyResult<Loaded> {
    let loaded = read_certificate(py, path, call)?;
    let name = loaded.1.name();
    if !pos.has_heaps_of(&name) {
        return Err(PyValueError::new_err(format!(
            "{} is the misère quotient of {name}, and {pos} has no heap of {name}: it would answer nothing (give the quotient of the position's ruleset, or drop quotient=)",
            path.display()
        )));
    }
    Ok(loaded)
}

/// The misère solver of a computation, with the quotient of `loaded` added (re-checked
/// by the independent checker).
fn solver_with(ctl: &grundy::Control, loaded: Option<&Loaded>) -> grundy::Result<Solver> {
    let mut s = solver(ctl);
    if let Some((cert, rs)) = loaded {
        s.add_quotient(cert, rs)?;
    }
    Ok(s)
}

/// The misère value of the position `pos` of a computation, answered from the quotient
/// of `loaded` where it covers the position.
pub fn value_of<'py>(
    py: Python<'py>,
    call: &Arc<CallState>,
    pos: &Position,
    progress: Option<&Bound<'py, PyAny>>,
    loaded: Option<&Loaded>,
) -> PyResult<Bound<'py, PyDict>> {
    let v = run(py, call, progress, |ctl| solver_with(ctl, loaded)?.misere_value(pos))?;
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
    loaded: Option<&Loaded>,
    write: impl Fn(&Position) -> PyResult<T>,
) -> PyResult<MovesOf<T>> {
    let m = run(py, call, progress, |ctl| {
        solver_with(ctl, loaded)?.misere_moves(pos, all)
    })?;
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
/// dict; answered from the certificate in `quotient` (re-checked) where it covers the
/// position.
#[pyfunction]
#[pyo3(signature = (expr, progress = None, limits = None, quotient = None))]
fn misere_value<'py>(
    py: Python<'py>,
    expr: &str,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
    quotient: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = crate::call_state(limits)?;
    let pos = crate::position(expr, &call)?;
    let loaded = quotient.map(|q| quotient_for(py, &q, &call, &pos)).transpose()?;
    value_of(py, &call, &pos, progress.as_ref(), loaded.as_ref())
}

/// The misère moves of an expression, as `(position, outcome, winning, options)`;
/// answered from the certificate in `quotient` as [`misere_value`] is.
#[pyfunction]
#[pyo3(signature = (expr, all = false, progress = None, limits = None, quotient = None))]
#[allow(clippy::type_complexity)]
fn misere_moves<'py>(
    py: Python<'py>,
    expr: &str,
    all: bool,
    progress: Option<Bound<'py, PyAny>>,
    limits: crate::LimitArgs<'py>,
    quotient: Option<PathBuf>,
) -> PyResult<(String, String, Vec<String>, Option<Vec<(String, String)>>)> {
    let call = crate::call_state(limits)?;
    let pos = crate::position(expr, &call)?;
    let loaded = quotient.map(|q| quotient_for(py, &q, &call, &pos)).transpose()?;
    let (o, w, opts) = moves_of(py, &call, &pos, all, progress.as_ref(), loaded.as_ref(), |p| {
        Ok(p.to_string())
    })?;
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
fn quotient_dict<'py>(py: Python<'py>, q: &Quotient, limits: &Limits) -> PyResult<Bound<'py, PyDict>> {
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
    d.set_item("stopped", q.stopped.as_ref().map(|e| message_under(e, limits)))?;
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
    quotient_dict(py, &q, &call.limits)
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
    let (cert, rs) = read_certificate(py, &path, &call)?;
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
