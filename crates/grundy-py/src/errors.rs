//! The Python exceptions of library errors: `ResourceError` and the conversion of a
//! [`grundy::Error`] to the exception Python code catches, with the advice in Python's
//! words (kept apart from [`crate::run`], so that the options readers of
//! [`crate::rules`] can raise them too).

use crate::limits::{python_advice, Limits};
use grundy::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    _grundy,
    ResourceError,
    PyMemoryError,
    "A computation refused by grundy's memory or work estimate (the message gives the estimate and the limit)."
);

/// The Python exception for a library error: `ResourceError` for a refusal by the
/// memory or work estimate, `KeyboardInterrupt` for an interruption, `OSError` (the
/// subclass of its error number) for a file the system refused, `ValueError` for
/// everything else (bad expressions, codes, parameters, domains); the message is the
/// CLI's one-line message in Python's terms ([`python_advice`]), and a refusal says how
/// its limit was set under the session's limits.
pub fn to_py(e: Error) -> PyErr {
    to_py_under(e, &Limits::session())
}

/// The message of [`to_py_under`]: the CLI's message in Python's terms, and for a
/// refusal by a limit, how `limits` set it and how to raise it (the text a result's
/// `stopped` field gives, as the exception would).
pub fn message_under(e: &Error, limits: &Limits) -> String {
    let text = python_advice(&e.to_string());
    match limits.hint(e) {
        Some(h) => format!("{text} ({h})"),
        None => text,
    }
}

/// [`to_py`] for a computation under `limits`.
pub fn to_py_under(e: Error, limits: &Limits) -> PyErr {
    let text = message_under(&e, limits);
    match e {
        Error::TooLarge { .. }
        | Error::OutOfMemory { .. }
        | Error::TooManyStates { .. }
        | Error::TooMuchWork { .. } => ResourceError::new_err(text),
        Error::Interrupted => PyKeyboardInterrupt::new_err("interrupted"),
        // OSError(errno, strerror) is the subclass of the number (FileNotFoundError,
        // PermissionError, …).
        Error::File { errno: Some(n), .. } => PyOSError::new_err((n, text)),
        Error::File { errno: None, .. } => PyOSError::new_err(text),
        _ => PyValueError::new_err(text),
    }
}
