//! Games written in Python: `grundy.Game(name, options, components=None,
//! canonical=None)`, whose positions are any hashable Python values. [`LiveGame`] is the
//! library's `GameRuleset` for one computation: it keeps the positions met (a position
//! is its number in that list, found by a Python dict, so equal positions are one),
//! calls the Python functions with the GIL, and, like a `HeapRuleset`, keeps the first
//! Python error in the computation's [`CallState`], which stops the computation; the
//! error is raised instead of any value. Values come from the library's generic
//! memoized search, which lists each position's options once.

use crate::rules::{noted as with_note, past_work, CallState};
use grundy::game::{GameArgs, GamePos, GameRuleset};
use grundy::Error;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::{Arc, Mutex};

/// How many options are read between two releases of the GIL (as for `HeapRuleset`).
const RELEASE_EVERY: usize = 1024;

/// The bytes an option (or a component) read is taken to cost: its Python object and
/// its entry in the positions' list and dict (some 100 bytes for a small int or tuple),
/// and its part in the search.
const ITEM_BYTES: u64 = 256;

/// A game defined in Python: its name and functions.
pub struct GameDef {
    /// The name, shown in messages.
    pub name: String,
    /// `options(pos)`: an iterable of positions, or of tuples of positions (sums).
    pub options: Py<PyAny>,
    /// `components(pos)`: the independent parts of a position, if given.
    pub components: Option<Py<PyAny>>,
    /// `canonical(pos)`: a position with the same value (a normal form), if given.
    pub canonical: Option<Py<PyAny>>,
}

/// A [`GameDef`] bound to one computation, with the positions met so far.
pub struct LiveGame {
    def: Arc<GameDef>,
    call: Arc<CallState>,
    objects: Mutex<Vec<Py<PyAny>>>,
    index: Py<PyDict>,
}

/// The `repr` of a Python value, shortened for messages.
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let r = obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if r.chars().count() > 200 {
        r.chars().take(200).collect::<String>() + "…"
    } else {
        r
    }
}

impl LiveGame {
    /// A game with no position met yet.
    pub fn new(py: Python<'_>, def: Arc<GameDef>, call: Arc<CallState>) -> LiveGame {
        LiveGame {
            def,
            call,
            objects: Mutex::new(Vec::new()),
            index: PyDict::new(py).unbind(),
        }
    }

    /// The number of the position `obj` (a hashable value).
    ///
    /// # Errors
    /// `TypeError` if `obj` is not hashable, naming `context`.
    pub fn intern(&self, py: Python<'_>, obj: &Bound<'_, PyAny>, context: &str) -> PyResult<GamePos> {
        if let Err(e) = obj.hash() {
            // Unhashable (a list, a set) is a TypeError of Python's; any other exception
            // is the position's own `__hash__` raising, and keeps its type.
            if !e.is_instance_of::<PyTypeError>(py) {
                return Err(with_note(
                    py,
                    e,
                    format!("raised by hash() of {}, {context}", shown(obj)),
                ));
            }
            return Err(PyTypeError::new_err(format!(
                "{context}: {} is not hashable, so it cannot be a position of game '{}' (use a tuple or a frozenset instead of a list or a set)",
                shown(obj),
                self.def.name
            )));
        }
        let index = self.index.bind(py);
        if let Some(id) = index.get_item(obj)? {
            return Ok(GamePos(vec![id.extract()?]));
        }
        let mut objects = self.objects.lock().unwrap_or_else(|p| p.into_inner());
        let id = objects.len() as u64;
        objects.push(obj.clone().unbind());
        index.set_item(obj, id)?;
        Ok(GamePos(vec![id]))
    }

    /// The Python value of a position.
    pub fn object<'py>(&self, py: Python<'py>, pos: &GamePos) -> Bound<'py, PyAny> {
        let objects = self.objects.lock().unwrap_or_else(|p| p.into_inner());
        objects[pos.0[0] as usize].bind(py).clone()
    }

    /// Calls `f(obj)` on the position `pos` and reads the iterable it returns, each item
    /// through `item`; an exception gets a note naming the call.
    fn read(
        &self,
        py: Python<'_>,
        f: &Py<PyAny>,
        what: &str,
        pos: &GamePos,
        item: &mut dyn FnMut(Bound<'_, PyAny>, &str) -> PyResult<()>,
    ) -> PyResult<()> {
        let obj = self.object(py, pos);
        let call = format!("{what}({}) of game '{}'", shown(&obj), self.def.name);
        let result = f
            .bind(py)
            .call1((obj,))
            .map_err(|e| with_note(py, e, format!("raised by {call}")))?;
        let iter = result.try_iter().map_err(|_| {
            PyValueError::new_err(format!(
                "{call} returned {}, which is not iterable: return a list",
                shown(&result)
            ))
        })?;
        // The items one call may give under the memory limit, each kept as a Python
        // object, an entry of the positions' dict and a part of the search.
        let most = self.call.limits.memory_bytes() / ITEM_BYTES;
        for (k, x) in iter.enumerate() {
            if self.call.cancelled() {
                return Ok(()); // stopped: the rest is not read
            }
            if let Some(e) = past_work(k, &self.call.limits, || format!("reading {call}")) {
                return Err(e);
            }
            if k as u64 >= most {
                let e = Error::TooLarge {
                    what: format!("reading {call}"),
                    estimate_bytes: (k as u64 + 1).saturating_mul(ITEM_BYTES),
                    limit_bytes: self.call.limits.memory_bytes(),
                    detail: format!("more than {most} items, at least"),
                };
                return Err(crate::run::to_py_under(e, &self.call.limits));
            }
            if k % RELEASE_EVERY == RELEASE_EVERY - 1 {
                py.allow_threads(|| ());
            }
            let x = x.map_err(|e| with_note(py, e, format!("raised by {call}")))?;
            item(x, &call)?;
        }
        Ok(())
    }

    /// Calls an optional capability that returns one position (`canonical`).
    fn one(&self, f: &Py<PyAny>, pos: &GamePos) -> Option<GamePos> {
        let mut out = None;
        self.call.list(|py| {
            let obj = self.object(py, pos);
            let call = format!("canonical({}) of game '{}'", shown(&obj), self.def.name);
            let r = f
                .bind(py)
                .call1((obj,))
                .map_err(|e| with_note(py, e, format!("raised by {call}")))?;
            out = Some(
                self.intern(py, &r, &format!("{call} returned a position that"))
                    .map_err(|e| PyTypeError::new_err(format!("{call}: {}", e.value(py))))?,
            );
            Ok(())
        });
        out
    }
}

impl GameRuleset for LiveGame {
    fn name(&self) -> String {
        self.def.name.clone()
    }

    fn position(&self, _: GameArgs<'_>) -> grundy::Result<GamePos> {
        Err(Error::Unsupported(format!(
            "the positions of game '{}' are Python values: use its value() and moves()",
            self.def.name
        )))
    }

    fn write(&self, pos: &GamePos) -> String {
        Python::with_gil(|py| format!("{}({})", self.def.name, shown(&self.object(py, pos))))
    }

    fn options(&self, pos: &GamePos) -> grundy::Result<Vec<Vec<GamePos>>> {
        let mut out = Vec::new();
        self.call.list(|py| {
            self.read(py, &self.def.options, "options", pos, &mut |x, call| {
                let context = format!("{call} returned an option that");
                let parts = match x.downcast::<PyTuple>() {
                    Ok(t) => t
                        .iter()
                        .map(|p| self.intern(py, &p, &context))
                        .collect::<PyResult<Vec<GamePos>>>()?,
                    Err(_) => vec![self.intern(py, &x, &context)?],
                };
                out.push(parts);
                Ok(())
            })
        });
        if self.call.cancelled() {
            // The caller raises the kept Python error, or KeyboardInterrupt.
            return Err(Error::Interrupted);
        }
        Ok(out)
    }

    /// Unknown in advance (the Python function decides): listing is not estimated.
    fn options_bound(&self, _: &GamePos) -> u128 {
        1
    }

    fn components(&self, pos: &GamePos) -> Option<Vec<GamePos>> {
        let f = self.def.components.as_ref()?;
        let mut out = Vec::new();
        self.call.list(|py| {
            self.read(py, f, "components", pos, &mut |x, call| {
                out.push(self.intern(py, &x, &format!("{call} returned a part that"))?);
                Ok(())
            })
        });
        Some(out)
    }

    fn canonical(&self, pos: &GamePos) -> Option<GamePos> {
        self.one(self.def.canonical.as_ref()?, pos)
    }
}
