//! The memory and work limits of a computation started from Python, and the advice an
//! error gives in Python's terms.
//!
//! Each limit comes from the first of: the function's keyword argument
//! (`memory_limit="8G"`, `max_work=10**12`), the session's `grundy.set_limits(...)`,
//! the environment (`GRUNDY_MEMORY_LIMIT`, `GRUNDY_MAX_WORK` or its older name
//! `GRUNDY_MAX_STATES`), the default (80% of the memory available, 10^11 options). A
//! refusal says which one set the limit and how to raise it from Python; the
//! library's messages name the command line's options (`--method search`, `--bound`),
//! which [`python_advice`] rewrites as the keyword arguments of the functions.

use grundy::control::{parse_count, parse_size, NumberError};
use grundy::Control;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Mutex;

/// Where a limit comes from, for the advice of a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// The keyword argument of the call, as written.
    Argument(String),
    /// `grundy.set_limits(...)`, as written.
    Session(String),
    /// The environment variable, with its value.
    Env(String),
    /// The default, described.
    Default(&'static str),
}

/// One limit and where it comes from.
#[derive(Clone, Debug)]
struct Limit {
    value: u64,
    source: Source,
}

/// The limits of one computation.
#[derive(Clone, Debug)]
pub struct Limits {
    memory: Limit,
    work: Limit,
}

/// The limits set by `grundy.set_limits(...)`: the value and how it was written.
static SESSION: Mutex<[Option<(u64, String)>; 2]> = Mutex::new([None, None]);

/// A limit written in Python: an int, or a string `"8G"` (a size) or `"1e12"` (a count).
///
/// # Errors
/// `TypeError` naming `arg` for a bool or a value that is neither an int nor a str (as
/// a count argument's); `ValueError` for an int or a string that is not a limit.
fn read(arg: &'static str, v: &Bound<'_, PyAny>, size: bool) -> PyResult<(u64, String)> {
    let example = if size { "\"8G\"" } else { "\"1e12\"" };
    let wrong_type = |what: String| {
        PyTypeError::new_err(format!(
            "{arg} must be an int or a string such as {example}, not {what}"
        ))
    };
    if v.is_instance_of::<pyo3::types::PyBool>() {
        let shown = v.repr().map_or_else(|_| "this".into(), |r| r.to_string());
        return Err(wrong_type(format!("bool ({shown})")));
    }
    if let Ok(n) = v.extract::<u64>() {
        return Ok((n, n.to_string()));
    }
    let int_like = v.is_instance_of::<pyo3::types::PyInt>() || v.hasattr("__index__").unwrap_or(false);
    if !int_like && !v.is_instance_of::<pyo3::types::PyString>() {
        return Err(wrong_type(
            v.get_type().name().map_or_else(|_| "this".into(), |n| n.to_string()),
        ));
    }
    let Ok(text) = v.extract::<String>() else {
        // An int that is not a u64: negative (a ValueError) or 2^64 and more (as Python
        // refuses an int too large for a C type, and as a count argument's is).
        if v.gt(0).unwrap_or(false) {
            return Err(pyo3::exceptions::PyOverflowError::new_err(format!(
                "{arg} must be below 2**64, not {}",
                v.repr().map_or_else(|_| "this".into(), |r| r.to_string())
            )));
        }
        return Err(PyValueError::new_err(format!(
            "{arg} is an int ≥ 0 or a string such as {example}, not {}",
            v.repr().map_or_else(|_| "this".into(), |r| r.to_string())
        )));
    };
    parse(arg, &text, size).map(|n| (n, format!("{text:?}")))
}

/// The default work limit, as the command line's.
const DEFAULT_WORK: u64 = 100_000_000_000;

/// `text` read as a size (`size`) or a count for the argument or variable `arg`.
///
/// # Errors
/// `ValueError` naming `arg` for a value that is not one or is 2^64 or more.
fn parse(arg: &str, text: &str, size: bool) -> PyResult<u64> {
    if !size && grundy::control::is_no_work_limit(text) {
        // No work limit, as `--max-work none`: for a search whose work model's estimate
        // is beyond every count.
        return Ok(grundy::control::NO_WORK_LIMIT);
    }
    let parsed = if size { parse_size(text) } else { parse_count(text) };
    parsed.map_err(|e| {
        PyValueError::new_err(match (e, size) {
            (NumberError::Malformed, true) => format!("{arg}: '{text}' is not a size such as \"2G\" or \"512M\""),
            // A variable is written as on the command line, an argument in Python.
            (NumberError::Malformed, false) if arg.starts_with("GRUNDY_") => {
                format!("{arg}: '{text}' is not a count (write e.g. 1000000, 1e6 or 10^6), or none for no limit")
            }
            (NumberError::Malformed, false) => {
                format!("{arg}: '{text}' is not a count such as 10**12 or \"1e12\", or \"none\" for no limit")
            }
            (NumberError::TooLarge, _) => format!("{arg}: '{text}' is larger than 2^64 − 1"),
        })
    })
}

impl Limits {
    /// The limits of a call with the keyword arguments `memory_limit` and `max_work`
    /// (None: not given).
    ///
    /// # Errors
    /// `ValueError` naming the argument for a value that is not a size or a count.
    pub fn resolve(memory_limit: Option<&Bound<'_, PyAny>>, max_work: Option<&Bound<'_, PyAny>>) -> PyResult<Limits> {
        let session = SESSION.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let pick = |arg: Option<&Bound<'_, PyAny>>, k: usize, name: &'static str, size: bool| -> PyResult<Limit> {
            if let Some(v) = arg.filter(|v| !v.is_none()) {
                let (value, text) = read(name, v, size)?;
                return Ok(Limit {
                    value,
                    source: Source::Argument(format!("{name}={text}")),
                });
            }
            if let Some((value, text)) = &session[k] {
                return Ok(Limit {
                    value: *value,
                    source: Source::Session(format!("grundy.set_limits({name}={text})")),
                });
            }
            Limits::environment(k)
        };
        Ok(Limits {
            memory: pick(memory_limit, 0, "memory_limit", true)?,
            work: pick(max_work, 1, "max_work", false)?,
        })
    }

    /// The limits of a call without keyword arguments.
    pub fn session() -> Limits {
        Limits::resolve(None, None).unwrap_or_else(|_| Limits {
            memory: Limits::default_limit(0),
            work: Limits::default_limit(1),
        })
    }

    /// Limit `k` (0 memory, 1 work) as the environment (`GRUNDY_MEMORY_LIMIT`;
    /// `GRUNDY_MAX_WORK` or its older name `GRUNDY_MAX_STATES`), read with the command
    /// line's parsers, or the default sets it.
    ///
    /// # Errors
    /// `ValueError` naming the variable for a value that is not a size or a count, as
    /// the command line refuses it.
    fn environment(k: usize) -> PyResult<Limit> {
        let (names, size): (&[&'static str], bool) = if k == 0 {
            (&["GRUNDY_MEMORY_LIMIT"], true)
        } else {
            (&["GRUNDY_MAX_WORK", "GRUNDY_MAX_STATES"], false)
        };
        for name in names {
            match std::env::var(name) {
                Ok(text) => {
                    let value = parse(name, &text, size)?;
                    return Ok(Limit {
                        value,
                        source: Source::Env(format!("{name}={text}")),
                    });
                }
                Err(std::env::VarError::NotPresent) => {}
                Err(std::env::VarError::NotUnicode(_)) => {
                    return Err(PyValueError::new_err(format!("{name}: the value is not valid UTF-8")));
                }
            }
        }
        Ok(Limits::default_limit(k))
    }

    /// Limit `k` (0 memory, 1 work) by default: 80% of the memory available (or of what
    /// `ulimit -v` or a cgroup leaves), 10^11 options.
    fn default_limit(k: usize) -> Limit {
        if k == 0 {
            let (value, bound) = grundy::control::system_memory_limit();
            Limit {
                value,
                source: Source::Default(bound.describe()),
            }
        } else {
            Limit {
                value: DEFAULT_WORK,
                source: Source::Default("the default, 10^11"),
            }
        }
    }

    /// The memory limit in bytes.
    pub fn memory_bytes(&self) -> u64 {
        self.memory.value
    }

    /// The work limit (options visited; `u64::MAX` for none).
    pub fn work_count(&self) -> u64 {
        self.work.value
    }

    /// `ctl` with these limits; the heap held before the call (earlier results, numpy
    /// arrays on memory from the Rust side, caches) does not count against its limit.
    pub fn apply(&self, ctl: Control) -> Control {
        ctl.with_memory_limit(self.memory.value)
            .with_work_limit(self.work.value)
            .with_heap_baseline()
    }

    /// How the limit a refusal hit was set, and how to raise it from Python.
    pub fn hint(&self, e: &grundy::Error) -> Option<String> {
        use grundy::Error as E;
        let (limit, name, example) = match e {
            // The system refused memory the limit allowed: raising it does not help.
            E::OutOfMemory { .. } => {
                return Some(format!(
                    "{}; the system refused the memory below this limit: free memory, or set a lower memory_limit so that grundy's estimates refuse such a computation first",
                    self.memory.source_text()
                ))
            }
            // A table past 2^32 heaps: no memory limit lets it be built, and its
            // message names the bound and what answers those heaps instead.
            E::TooLarge { .. } if grundy::control::is_past_tables(e) => return None,
            // More than any machine holds (an estimate past 2^60 bytes): no limit helps.
            E::TooLarge { estimate_bytes: b, .. } if *b >= 1 << 60 => {
                return Some(format!("{}; no machine's memory holds it", self.memory.source_text()))
            }
            E::TooLarge { estimate_bytes: b, .. } => (&self.memory, "memory_limit", size_above(*b)),
            E::TooManyStates { states: w, .. } | E::TooMuchWork { work: w, .. } => {
                (&self.work, "max_work", count_above(*w))
            }
            _ => return None,
        };
        let raise = format!("raise it with the argument {name}={example} or with grundy.set_limits({name}={example})");
        // A refusal measured on the heap names what is held so far: a limit above it
        // lets the computation past this point, not necessarily to its end.
        // An upper bound on the options listed one by one, beyond every count: no
        // limit but none lets it through, and the run may then list that many.
        let lifted = example == "\"none\"" && grundy::control::is_upper_bound(e);
        let note = if lifted {
            "; the estimate is an upper bound on the options listed one by one: the run may list that many"
        } else {
            ""
        };
        let allow = if grundy::control::is_heap_measured(e) {
            "would let it go on past this point (the heap is measured as it runs, and may grow further)"
        } else if grundy::control::is_lower_bound(e) {
            "would let it go on past this point (the estimate is a lower bound)"
        } else {
            "would allow it"
        };
        Some(match &limit.source {
            Source::Argument(_) | Source::Session(_) => {
                format!("{}; a {name}={example} argument {allow}{note}", limit.source_text())
            }
            Source::Env(_) | Source::Default(_) => format!("{}; {raise}{note}", limit.source_text()),
        })
    }

    /// The limits as `grundy.limits()` shows them.
    pub fn describe(&self) -> [(u64, String); 2] {
        [
            (self.memory.value, self.memory.text()),
            (self.work.value, self.work.text()),
        ]
    }
}

impl Limit {
    /// How the limit was set, as written (`memory_limit="8G"`, `GRUNDY_MAX_WORK=1e9`,
    /// the default's description).
    fn text(&self) -> String {
        match &self.source {
            Source::Argument(a) => a.clone(),
            Source::Session(s) => s.clone(),
            Source::Env(v) => v.clone(),
            Source::Default(d) => d.to_string(),
        }
    }

    /// [`Limit::text`] in a hint: "set by …", or the default's description.
    fn source_text(&self) -> String {
        match &self.source {
            Source::Default(d) => d.to_string(),
            _ => format!("set by {}", self.text()),
        }
    }
}

/// A size of at least `bytes` as Python writes it for `memory_limit=`: `"146T"` (the
/// bytes rounded up in the largest binary unit, from M, that leaves a number ≥ 1).
fn size_above(bytes: u64) -> String {
    let unit = ["M", "G", "T", "P", "E"]
        .iter()
        .enumerate()
        .rev()
        .map(|(i, u)| (1u64 << (10 * (i + 2)), *u))
        .find(|&(size, _)| bytes >= size)
        .unwrap_or((1 << 20, "M"));
    match bytes.div_ceil(unit.0) {
        n if n.checked_mul(unit.0).is_some() => format!("\"{n}{}\"", unit.1),
        _ => bytes.to_string(),
    }
}

/// A count of at least `work` as Python writes it for `max_work=`: `10**12` (the next
/// power of ten); `"none"` (no limit) beyond 10^19, above which no `u64` limit reaches.
fn count_above(work: u128) -> String {
    match (0..=19u32).find(|&k| 10u128.pow(k) >= work) {
        Some(k) => format!("10**{k}"),
        None => "\"none\"".into(),
    }
}

/// Sets the session's limits: `memory_limit` (k = 0) or `max_work` (k = 1) to the
/// value given, or back to the environment's or the default with None.
///
/// # Errors
/// `ValueError` naming the argument for a value that is not a size or a count.
pub fn set(k: usize, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let (name, size) = if k == 0 {
        ("memory_limit", true)
    } else {
        ("max_work", false)
    };
    let value = if v.is_none() { None } else { Some(read(name, v, size)?) };
    SESSION.lock().unwrap_or_else(|p| p.into_inner())[k] = value;
    Ok(())
}

/// A message of the library (written for the command line) in Python's terms: the
/// options of the command line become the keyword arguments of the functions.
pub fn python_advice(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("use --method search", "use method=\"search\""),
        ("--method search", "method=\"search\""),
        ("--method formula", "method=\"formula\""),
        ("--method auto", "method=\"auto\""),
        ("(--graph-bound)", "(graph_bound=)"),
        ("× --graph-bound", "× graph_bound"),
        ("--graph-bound", "graph_bound="),
        ("(--bound)", "(bound=)"),
        ("--bound", "bound="),
        ("--memory-limit", "memory_limit="),
        ("--max-work", "max_work="),
        ("--method plain", "method=\"plain\""),
        ("--method sums", "method=\"sums\""),
        ("--play misere", "play=\"misere\""),
        ("--save-proof", "save_proof="),
        ("--db-read-only", "db_read_only=True"),
        ("--db", "db="),
        ("`grundy proof --check`", "grundy.check_proof()"),
        ("fewer --jobs or a smaller --to", "fewer jobs= or a smaller to="),
    ];
    replace_words(message, WORDS)
}

/// `message` with each CLI word of `words` replaced by its Python word, in order.
pub fn replace_words(message: &str, words: &[(&str, &str)]) -> String {
    words
        .iter()
        .fold(message.to_string(), |out, (cli, py)| out.replace(cli, py))
}
