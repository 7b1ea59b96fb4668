//! The files of the board and graph search from Python: its proofs (`value(…,
//! save_proof=path)`, `check_proof(path)`; the CLI's `grundy value EXPR --save-proof
//! FILE` and `grundy proof --check FILE`). The database (`db=`) is an argument of
//! `value` itself.

use crate::run::{run, to_py_under};
use crate::{call_state, nimber, position, solver, LimitArgs};
use grundy::analysis::{proof_check, proof_file};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;

/// `OSError("cannot write PATH: reason")` unless a file can be written at `path`
/// ([`grundy::control::check_writable`]), checked before a long search.
pub fn check_writable(path: &std::path::Path) -> PyResult<()> {
    grundy::control::check_writable(path).map_err(|e| os_error(&e, format!("cannot write {}: {e}", path.display())))
}

/// [`check_writable`] for a database (`db=`): a file that exists but cannot be
/// replaced is named with the advice to read it only (`db_read_only=True`).
pub fn check_db_writable(path: &std::path::Path) -> PyResult<()> {
    grundy::control::check_writable(path).map_err(|e| {
        let hint = if path.is_file() {
            "; to read it without writing it, pass db_read_only=True"
        } else {
            ""
        };
        os_error(&e, format!("cannot write {}: {e}{hint}", path.display()))
    })
}

/// Logs `message` to Python's `grundy` logger at level INFO, from any thread (the
/// GIL taken for it; a logging failure is printed, and the computation goes on).
pub fn log_info(message: String) {
    Python::with_gil(|py| {
        let logged = py
            .import("logging")
            .and_then(|m| m.call_method1("getLogger", ("grundy",)))
            .and_then(|l| l.call_method1("info", ("%s", message)));
        if let Err(e) = logged {
            e.print(py);
        }
    });
}

/// The `OSError` subclass of an I/O error's kind (`FileNotFoundError`,
/// `PermissionError`, `IsADirectoryError`, `NotADirectoryError`), with `message`.
pub fn os_error(e: &std::io::Error, message: String) -> PyErr {
    use pyo3::exceptions::{PyFileNotFoundError, PyIsADirectoryError, PyNotADirectoryError, PyPermissionError};
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
        std::io::ErrorKind::NotADirectory => PyNotADirectoryError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// `(position, value)` of one board or graph position by the search that writes
/// proofs, the proof saved gzip-compressed to `path` ([`grundy::solve::Solver::prove`]).
#[pyfunction]
#[pyo3(signature = (expr, path, method = "auto", progress = None, limits = None))]
fn prove<'py>(
    py: Python<'py>,
    expr: &str,
    path: PathBuf,
    method: &str,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let call = call_state(limits)?;
    let pos = position(expr, &call)?;
    let solver = solver(method, None, None)?;
    check_writable(&path)?;
    let (v, text) = run(py, &call, progress.as_ref(), |ctl| solver(ctl).prove(&pos))?;
    proof_file::save(&path, &text).map_err(|e| os_error(&e, format!("cannot write {}: {e}", path.display())))?;
    Ok((pos.to_string(), nimber(py, &v)?))
}

/// What the proof in `path` proves, as a dict (`game`, `position`, `value`, `values`,
/// `sums`), re-verified by the library's small checker
/// ([`proof_check::check_proof`]); `ValueError("proof rejected: …")` naming the first
/// line that does not hold, `OSError` for a file that cannot be read as text,
/// `ResourceError` for text larger than a fifth of the memory limit, for entries that
/// would pass the memory limit as they are read, and for a check whose work (each
/// entry's moves times its components) is above the work limit.
#[pyfunction]
#[pyo3(signature = (path, progress = None, limits = None))]
fn check_proof<'py>(
    py: Python<'py>,
    path: PathBuf,
    progress: Option<Bound<'py, PyAny>>,
    limits: LimitArgs<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let call = call_state(limits)?;
    let ctl = call.limits.apply(grundy::Control::new());
    let text = proof_file::read(&path, proof_file::text_limit(ctl.memory_limit())).map_err(|e| {
        if e.kind() == std::io::ErrorKind::FileTooLarge {
            // As the memory limit refuses: the hint names what set it.
            to_py_under(proof_file::too_large(&path, &ctl), &call.limits)
        } else {
            os_error(&e, format!("cannot read {}: {e}", path.display()))
        }
    })?;
    let r = run(py, &call, progress.as_ref(), |ctl| {
        Ok(proof_check::check_proof(&text, ctl))
    })?
    .map_err(|e| match e {
        grundy::Error::Input(why) => PyValueError::new_err(format!("proof rejected: {why}")),
        e => to_py_under(e, &call.limits),
    })?;
    let d = PyDict::new(py);
    d.set_item("game", r.game)?;
    d.set_item("position", r.position)?;
    d.set_item("value", r.value)?;
    d.set_item("values", r.values)?;
    d.set_item("sums", r.sums)?;
    Ok(d)
}

/// Adds the functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(prove, m)?)?;
    m.add_function(wrap_pyfunction!(check_proof, m)?)?;
    Ok(())
}
