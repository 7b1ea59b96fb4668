//! Rulesets written as Python functions: [`Def`] is what `grundy.HeapRuleset` holds,
//! and [`Def::bind`] makes, for one computation, a library ruleset
//! (`grundy::game::HeapRuleset` or `LoopyRuleset`) that calls the Python function with
//! the GIL. The library's traits cannot return errors from option listing, so a Python
//! exception or an invalid option is kept in the computation's [`CallState`], which also
//! sets the cancellation flag: the engine stops at its next check, and the caller raises
//! the kept exception instead of returning any value.
//!
//! Stopping Python code: the options of a heap are read one at a time and the listing
//! stops at the first option read after the flag is set (an endless iterator such as
//! `itertools.repeat(0)` included); the GIL is released every [`RELEASE_EVERY`] options
//! so that the calling thread can check for Ctrl-C meanwhile; and a function that never
//! returns (`while True: pass`) gets a `KeyboardInterrupt` raised in it
//! ([`CallState::interrupt_options`]: an asynchronous exception, on the threads that are
//! running it). A computation started from inside an options function (the function
//! asks grundy about smaller heaps) stops when the one that called it stops
//! ([`CallState::current`]).

use grundy::game::{HeapRuleset, LoopyOptions, LoopyRuleset, MemoryModel, Part, Reach, Ruleset};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// How many options are read from an options function between two releases of the GIL
/// (an iterator implemented in C runs no Python instruction, so Python never switches
/// threads while Rust reads it).
const RELEASE_EVERY: usize = 1024;

/// Options read past the work limit before the reading itself refuses: the engines count
/// the options they list in batches of 4096 and stop first.
const READ_SLACK: u64 = 1 << 16;

/// The refusal of an options function that has yielded `k` items and goes on, past the
/// work limit of `limits` (each item is an option visited), named by `what`: it was read
/// to the memory limit, 1.7·10^7 options under `max_work=10**5`. Past the limit by
/// [`READ_SLACK`], so that an engine that counts the options itself stops first, with
/// its own message (a misère quotient keeps what it reached).
pub(crate) fn past_work(k: usize, limits: &crate::limits::Limits, what: impl FnOnce() -> String) -> Option<PyErr> {
    let limit = limits.work_count();
    (k as u64 > limit.saturating_add(READ_SLACK)).then(|| {
        let e = grundy::Error::TooMuchWork {
            what: what(),
            work: k as u128 + 1,
            limit,
            detail: "each item the function yields is an option visited; it yielded that many and had not ended".into(),
        };
        crate::errors::to_py_under(e, limits)
    })
}

thread_local! {
    /// The computation whose options function this thread is running, if any.
    static CURRENT: RefCell<Option<Arc<CallState>>> = const { RefCell::new(None) };
    /// This thread's Python identifier (`threading.get_ident()`), once asked.
    static IDENT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// This thread's identifier for `PyThreadState_SetAsyncExc`.
fn thread_ident(py: Python<'_>) -> PyResult<u64> {
    if let Some(id) = IDENT.get() {
        return Ok(id);
    }
    let id: u64 = py.import("threading")?.getattr("get_ident")?.call0()?.extract()?;
    IDENT.set(Some(id));
    Ok(id)
}

/// The state of one computation shared with the Python rulesets it calls: the
/// cancellation flag of its `Control`, the first Python error met and the threads
/// running an options function.
pub struct CallState {
    /// The `Control`'s cancellation flag (set on Ctrl-C and on a ruleset error).
    pub cancel: Arc<AtomicBool>,
    /// The memory and work limits of the computation.
    pub limits: crate::limits::Limits,
    error: Mutex<Option<PyErr>>,
    /// The identifiers of the threads inside an options function now, once per call.
    running: Mutex<Vec<u64>>,
    /// How many computations this one is called from inside the options functions of
    /// (0 for a call from Python itself).
    pub depth: usize,
}

/// The most computations nested inside options functions (each runs on a thread of its
/// own, so Python's recursion limit does not stop an endless nesting: a hostile check
/// saw 3000 threads).
pub const MAX_NESTING: usize = 100;

/// Marks the current thread as running an options function of a computation while it
/// lives (created and dropped with the GIL held).
struct InOptions {
    call: Arc<CallState>,
    ident: Option<u64>,
    outer: Option<Arc<CallState>>,
}

impl Drop for InOptions {
    fn drop(&mut self) {
        if let Some(id) = self.ident {
            let mut running = self.call.running.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(k) = running.iter().position(|&x| x == id) {
                running.swap_remove(k);
            }
        }
        CURRENT.set(self.outer.take());
    }
}

impl CallState {
    /// A fresh state under `limits`: not cancelled, no error.
    pub fn with_limits(limits: crate::limits::Limits) -> Arc<CallState> {
        Arc::new(CallState {
            cancel: Arc::new(AtomicBool::new(false)),
            limits,
            error: Mutex::new(None),
            running: Mutex::new(Vec::new()),
            depth: Self::current().map_or(0, |c| c.depth + 1),
        })
    }

    /// The computation whose options function the current thread is running (grundy
    /// called from inside an options function), if any.
    pub fn current() -> Option<Arc<CallState>> {
        CURRENT.with_borrow(Clone::clone)
    }

    /// True once the computation is being stopped (Ctrl-C or a ruleset error).
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }

    /// Registers the current thread as running an options function until the guard is
    /// dropped.
    fn enter(self: &Arc<CallState>, py: Python<'_>) -> InOptions {
        let ident = thread_ident(py).ok();
        if let Some(id) = ident {
            self.running.lock().unwrap_or_else(|p| p.into_inner()).push(id);
        }
        InOptions {
            call: self.clone(),
            ident,
            outer: CURRENT.replace(Some(self.clone())),
        }
    }

    /// Raises `KeyboardInterrupt` in every thread running an options function of this
    /// computation, at its next Python instruction (`PyThreadState_SetAsyncExc`); a
    /// function blocked in a C call (`time.sleep`) gets it when the call returns.
    pub fn interrupt_options(&self, py: Python<'_>) {
        let exc = py.get_type::<PyKeyboardInterrupt>();
        for &id in self.running.lock().unwrap_or_else(|p| p.into_inner()).iter() {
            // SAFETY: the GIL is held (`py`), `exc` is a live exception type, and a
            // thread listed in `running` is inside an options function (it leaves the
            // list with the GIL held before returning), so the exception is raised
            // there and not in unrelated code.
            unsafe {
                pyo3::ffi::PyThreadState_SetAsyncExc(id as std::os::raw::c_long, exc.as_ptr());
            }
        }
    }

    /// Keeps the first error and stops the computation.
    fn fail(&self, e: PyErr) {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.cancel.store(true, Ordering::SeqCst);
    }

    /// The error a ruleset met, if any.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    fn failed(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Calls `each` (reading an options function) with the GIL, with the thread
    /// registered as running it, and keeps its error.
    pub fn list(self: &Arc<CallState>, each: impl FnOnce(Python<'_>) -> PyResult<()>) {
        if self.failed() {
            return; // the computation is being stopped: list nothing more
        }
        Python::with_gil(|py| {
            let _running = self.enter(py);
            if let Err(e) = each(py) {
                self.fail(e);
            }
        });
    }
}

/// A ruleset defined in Python: its name, the options function, the first heap and
/// whether play can cycle.
pub struct Def {
    /// Name as written in expressions.
    pub name: String,
    /// `options(n)`: an iterable of ints (one heap) or tuples of ints (a sum of heaps).
    pub options: Py<PyAny>,
    /// The first heap that is a position.
    pub start: u64,
    /// Options may be equal to or larger than the heap (values `∞(K)`).
    pub loopy: bool,
}

impl Def {
    /// The library ruleset for one computation, reporting errors to `call`.
    pub fn bind(self: &Arc<Def>, call: &Arc<CallState>) -> Ruleset {
        let r = Live {
            def: self.clone(),
            call: call.clone(),
        };
        if self.loopy {
            Ruleset::Loopy(Arc::new(r))
        } else {
            Ruleset::Heap(Arc::new(r))
        }
    }
}

/// A [`Def`] bound to one computation (its [`CallState`]).
struct Live {
    def: Arc<Def>,
    call: Arc<CallState>,
}

/// The error for an option that is not a heap or a tuple of heaps.
fn bad_option(def: &Def, n: u64, what: &str) -> PyErr {
    PyValueError::new_err(format!(
        "options({n}) of ruleset '{}' returned {what}: an option is a non-negative int (one heap) or a tuple of them (a sum of heaps; 0 is the empty heap)",
        def.name
    ))
}

/// Adds a note naming the heap to an exception raised inside `options` (PEP 678:
/// shown by Python 3.11 and later).
fn with_note(py: Python<'_>, e: PyErr, def: &Def, n: u64) -> PyErr {
    noted(py, e, format!("raised by options({n}) of ruleset '{}'", def.name))
}

/// Adds `note` to an exception (PEP 678 `add_note`, or `__notes__` where it is
/// missing).
pub fn noted(py: Python<'_>, e: PyErr, note: String) -> PyErr {
    let v = e.value(py);
    let added = match v.getattr("add_note") {
        Ok(add) => add.call1((note.clone(),)).is_ok(),
        Err(_) => false,
    };
    if !added {
        let _ = v.setattr("__notes__", PyList::new(py, [note]).ok());
    }
    e
}

impl Live {
    /// One heap of an option of heap `n`, checked: an int ≥ 0 that is 0 or a position,
    /// and (finite rulesets) smaller than `n`.
    fn heap(&self, item: &Bound<'_, PyAny>, n: u64) -> PyResult<u64> {
        let def = &self.def;
        let h: u64 = match item.extract::<u64>() {
            Ok(h) if !item.is_instance_of::<pyo3::types::PyBool>() => h,
            _ => {
                let shown = item.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
                return Err(bad_option(def, n, &shown));
            }
        };
        if (h != 0 || def.loopy) && h < def.start {
            return Err(PyValueError::new_err(format!(
                "options({n}) of ruleset '{}' returned heap {h}, below its first heap {}{}",
                def.name,
                def.start,
                if def.loopy { "" } else { " (0 is the empty heap)" }
            )));
        }
        if !def.loopy && h >= n {
            return Err(PyValueError::new_err(format!(
                "options({n}) of ruleset '{}' returned heap {h}, which is not smaller than {n}: a ruleset whose heaps can stay or grow needs loopy=True",
                def.name
            )));
        }
        Ok(h)
    }

    /// Calls `options(n)` and hands each option to `f` as parts (sorted heaps), until
    /// `f` returns false: the rest of the options is then not read (a function that
    /// yields for ever stops at the engine's work or memory limit).
    fn each(&self, py: Python<'_>, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) -> PyResult<()> {
        let def = &self.def;
        let result = def.options.bind(py).call1((n,)).map_err(|e| with_note(py, e, def, n))?;
        // A str is iterable letter by letter, and bytes byte by byte (b'\x00' read as
        // [0]): refused as what they are.
        let text = if result.is_instance_of::<pyo3::types::PyString>() {
            Some("str")
        } else if result.is_instance_of::<pyo3::types::PyBytes>() {
            Some("bytes")
        } else if result.is_instance_of::<pyo3::types::PyByteArray>() {
            Some("bytearray")
        } else {
            None
        };
        if let Some(kind) = text {
            return Err(PyValueError::new_err(format!(
                "options({n}) of ruleset '{}' returned a {kind}, {}: return a list of options",
                def.name,
                result.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into())
            )));
        }
        let iter = result.try_iter().map_err(|_| {
            let shown = result.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
            PyValueError::new_err(format!(
                "options({n}) of ruleset '{}' returned {shown}, which is not iterable: return a list of options",
                def.name
            ))
        })?;
        let mut parts: Vec<Part> = Vec::new();
        for (k, item) in iter.enumerate() {
            if self.call.failed() {
                return Ok(()); // stopped: the rest of the options is not read
            }
            if let Some(e) = past_work(k, &self.call.limits, || {
                format!("reading options({n}) of ruleset '{}'", def.name)
            }) {
                return Err(e);
            }
            if k % RELEASE_EVERY == RELEASE_EVERY - 1 {
                py.allow_threads(|| ());
            }
            let item = item.map_err(|e| with_note(py, e, def, n))?;
            if let Ok(t) = item.downcast::<PyTuple>() {
                if def.loopy && t.len() != 1 {
                    return Err(PyValueError::new_err(format!(
                        "options({n}) of loopy ruleset '{}' returned a tuple of {} heaps: the options of a loopy ruleset are single heaps",
                        def.name,
                        t.len()
                    )));
                }
                parts.clear();
                for x in t.iter() {
                    parts.push(Part::one(self.heap(&x, n)?));
                }
                parts.sort_unstable();
                if !f(&parts) {
                    return Ok(());
                }
            } else if !f(&[Part::one(self.heap(&item, n)?)]) {
                return Ok(());
            }
        }
        Ok(())
    }
}

impl HeapRuleset for Live {
    fn name(&self) -> String {
        self.def.name.clone()
    }

    fn first_heap(&self) -> u64 {
        self.def.start
    }

    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        self.call.list(|py| {
            self.each(py, n, &mut |p| {
                f(p);
                true
            })
        });
    }

    /// Stops reading the function's options once `f` asks to (an engine at its work
    /// limit, a cancelled call): the default read on through an endless generator, its
    /// memory past every limit (a hostile check: 2.2 GB under `memory_limit="100M"`).
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        self.call.list(|py| self.each(py, n, f));
    }

    /// Options reach any smaller heaps the function chooses: values and moves are found
    /// by a memoized search that calls the function only on the heaps reachable from
    /// the position (never on heaps nobody asked about).
    fn memory(&self) -> MemoryModel {
        MemoryModel {
            reach: Reach::Sparse,
            ..MemoryModel::default()
        }
    }
}

impl LoopyRuleset for Live {
    fn name(&self) -> String {
        self.def.name.clone()
    }

    fn first_heap(&self) -> u64 {
        self.def.start
    }

    fn options(&self, n: u64, max_heap: u64, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions {
        out.clear();
        // Read no further than the options the engine takes (an endless generator).
        self.call.list(|py| {
            self.each(py, n, &mut |parts| {
                out.extend(parts.iter().map(|p| p.heap));
                out.len() <= max_count
            })
        });
        if self.call.failed() {
            out.clear();
        }
        out.sort_unstable();
        out.dedup();
        match out.last() {
            Some(&top) if top > max_heap => LoopyOptions::HeapAbove(top as u128),
            _ if out.len() > max_count => LoopyOptions::TooMany,
            _ => LoopyOptions::Listed,
        }
    }
}
