//! Running a library computation from Python: on a worker thread, with the GIL
//! released, while the calling (main) thread checks for Ctrl-C
//! (`Python::check_signals`) and reports progress every 50 ms. A KeyboardInterrupt sets
//! the `Control`'s cancellation flag (the engines stop at their next check) and, every
//! 50 ms until the worker ends, raises `KeyboardInterrupt` in the Python options
//! functions still running ([`CallState::interrupt_options`]); nothing of the
//! unfinished result is returned. A computation started from inside an options function
//! stops the same way when the computation that called it stops. A panic in the worker
//! becomes a Python `RuntimeError`, never a crash.

use crate::rules::CallState;
use grundy::control::ProgressSink;
use grundy::Control;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

pub use crate::errors::{to_py, to_py_under, ResourceError};

/// Progress of the running computation, read by the calling thread.
#[derive(Default)]
struct Progress {
    label: Mutex<Option<String>>,
    total: AtomicU64,
    done: AtomicU64,
}

impl ProgressSink for Progress {
    fn start(&self, label: &str, total: u64) {
        *self.label.lock().unwrap_or_else(|p| p.into_inner()) = Some(label.to_string());
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }
    fn set(&self, done: u64) {
        self.done.store(done, Ordering::Relaxed);
    }
    fn finish(&self) {
        *self.label.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

impl Progress {
    /// Calls `cb(label, total, done)` when something changed since `last`, or
    /// `cb(None, 0, 0)` once the computation is no longer announced (and
    /// [`run`] calls `cb(None, finished, 0)` at the end, `finished` 1 or 0).
    fn report(&self, cb: &Bound<'_, PyAny>, last: &mut Option<(String, u64, u64)>) -> PyResult<()> {
        let label = self.label.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let now = label.map(|l| (l, self.total.load(Ordering::Relaxed), self.done.load(Ordering::Relaxed)));
        if now != *last {
            match &now {
                Some((l, t, d)) => cb.call1((l.as_str(), *t, *d))?,
                None => cb.call1((cb.py().None(), 0u64, 0u64))?,
            };
            *last = now;
        }
        Ok(())
    }
}

/// Runs `f` with a `Control` whose cancellation flag is `call`'s, on a worker thread,
/// and returns its result; a Python ruleset's error or a KeyboardInterrupt is raised
/// instead of any result.
///
/// # Errors
/// The ruleset's Python exception, `KeyboardInterrupt`, the library's errors
/// ([`to_py`]; `ValueError` for an invalid limit in the environment), `RecursionError`
/// for a call nested [`crate::rules::MAX_NESTING`] deep inside options functions,
/// `ResourceError` when the thread of the computation cannot be started (out of memory
/// or threads), and `RuntimeError` if the computation panicked.
pub fn run<T: Send>(
    py: Python<'_>,
    call: &Arc<CallState>,
    progress: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(&Control) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    // An invalid GRUNDY_MEMORY_LIMIT or GRUNDY_MAX_WORK is an error, as in the CLI.
    grundy::control::check_env_limits().map_err(to_py)?;
    if call.depth >= crate::rules::MAX_NESTING {
        return Err(pyo3::exceptions::PyRecursionError::new_err(format!(
            "grundy was called from inside options functions {} levels deep: an options function that asks grundy for the value of a position whose options call it again never ends; compute those values first, or give the options of the smaller heaps instead",
            call.depth
        )));
    }
    let sink = Arc::new(Progress::default());
    let ctl = call
        .limits
        .apply(Control::new())
        .with_cancel_flag(call.cancel.clone())
        .with_progress(sink.clone());
    let (tx, rx) = mpsc::channel();
    // allow_threads needs a Sync closure; the receiver is only used by this thread.
    let rx = Mutex::new(rx);
    let mut interrupt: Option<PyErr> = None;
    let mut last = None;
    // grundy called from inside an options function: stop when that computation stops.
    let caller = CallState::current();
    let outcome = std::thread::scope(|s| {
        let ctl = &ctl;
        // A thread that cannot be made (out of memory or threads: each call nested in
        // an options function has one) is an error, where `s.spawn` would panic.
        std::thread::Builder::new().spawn_scoped(s, move || {
            // The worker gets a Python thread state once and releases the GIL for the
            // computation: a ruleset written in Python then only re-acquires the GIL per
            // call, instead of creating and destroying a thread state each time.
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                Python::with_gil(|py| py.allow_threads(|| f(ctl)))
            }));
            let _ = tx.send(r);
        })?;
        Ok::<_, std::io::Error>(loop {
            let got = py.allow_threads(|| {
                rx.lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .recv_timeout(Duration::from_millis(50))
            });
            match got {
                Ok(r) => break r,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    break Err(Box::new("the worker thread ended without a result") as Box<dyn std::any::Any + Send>)
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupt.is_none() {
                        if let Err(e) = py.check_signals() {
                            interrupt = Some(e);
                        } else if caller.as_ref().is_some_and(|c| c.cancelled()) {
                            interrupt = Some(PyKeyboardInterrupt::new_err(
                                "interrupted: the computation whose options function called grundy was stopped",
                            ));
                        } else if let Some(cb) = progress {
                            if let Err(e) = sink.report(cb, &mut last) {
                                interrupt = Some(e);
                            }
                        }
                    }
                    if interrupt.is_some() {
                        call.cancel.store(true, Ordering::SeqCst);
                        call.interrupt_options(py);
                    }
                }
            }
        })
    });
    let outcome = outcome.map_err(|e| {
        ResourceError::new_err(format!(
            "cannot start the thread of the computation ({e}): the process is out of memory or of threads (each call of grundy nested in an options function holds one); free memory, or nest fewer calls"
        ))
    })?;
    if let Some(cb) = progress {
        // The last call says whether the computation finished (total 1) or not (0).
        let finished = matches!(&outcome, Ok(Ok(_))) && interrupt.is_none();
        let _ = cb.call1((py.None(), u64::from(finished), 0u64));
    }
    // A ruleset's error, unless it is the KeyboardInterrupt raised in its options
    // function to stop it: then the interruption itself.
    match (call.take_error(), interrupt) {
        (Some(e), Some(i)) if e.is_instance_of::<PyKeyboardInterrupt>(py) => return Err(i),
        (Some(e), _) | (None, Some(e)) => return Err(e),
        (None, None) => {}
    }
    match outcome {
        Ok(r) => r.map_err(|e| to_py_under(e, &call.limits)),
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown".into());
            Err(PyRuntimeError::new_err(format!("internal error in grundy: {what}")))
        }
    }
}
