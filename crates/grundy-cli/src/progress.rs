//! Progress bars (indicatif, on stderr when it is a terminal) and Ctrl-C handling.

use anyhow::{bail, Result};
use grundy::control::{parse_bytes, ProgressSink};
use grundy::error::Shown;
use grundy::Control;
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    label: Mutex<String>,
}

impl ProgressSink for Bars {
    fn start(&self, label: &str, total: u64) {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{msg} [{bar:40}] {percent}% ({elapsed}, eta {eta})")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        if let Ok(mut l) = self.label.lock() {
            *l = label.to_string();
        }
        if let Some(old) = self.bar.lock().expect("progress lock").replace(bar) {
            old.finish_and_clear();
        }
    }
    fn set(&self, done: u64) {
        if let Some(b) = self.bar.lock().expect("progress lock").as_ref() {
            b.set_position(done);
        }
    }
    fn note(&self, status: &str) {
        let label = self.label.lock().map(|l| l.clone()).unwrap_or_default();
        if let Some(b) = self.bar.lock().expect("progress lock").as_ref() {
            b.set_message(format!("{label} ({status})"));
        }
    }
    fn finish(&self) {
        if let Some(b) = self.bar.lock().expect("progress lock").take() {
            b.finish_and_clear();
        }
    }
}

/// Where a limit came from: the option, the environment variable, or the default.
#[derive(Clone, Debug)]
enum Source {
    Flag(String),
    Env(String),
    Default,
}

/// The sources of the memory and state limits of this run, for the hint of a refusal.
static SOURCES: OnceLock<(Source, Source)> = OnceLock::new();

/// What set the default memory limit of this run ([`grundy::control::MemoryBound`]).
static MEMORY_DEFAULT: OnceLock<&'static str> = OnceLock::new();

/// The setting of a limit: the option if given, else the environment variable if set
/// (an invalid value of either is an error naming it), else `None`.
fn setting<T>(
    flag: (&str, Option<&str>),
    var: &str,
    parse: impl Fn(&str) -> Option<T>,
    what: &str,
) -> Result<Option<(T, Source)>> {
    if let (name, Some(v)) = flag {
        return match parse(v) {
            Some(x) => Ok(Some((x, Source::Flag(format!("{name} {v}"))))),
            None => bail!("{name}: '{}' is not {what}", Shown(v)),
        };
    }
    match std::env::var(var) {
        Ok(v) => match parse(&v) {
            Some(x) => Ok(Some((x, Source::Env(format!("{var}={v}"))))),
            None => bail!("{var}: '{}' is not {what}", Shown(&v)),
        },
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => bail!("{var}: the value is not valid UTF-8"),
    }
}

/// The run control: memory and state limits (from the options, else the environment
/// variables, validated), progress bars, and a Ctrl-C handler that asks the engines to
/// stop (a second Ctrl-C exits at once).
///
/// `work_flag` is the name the user gave the work limit (`--max-work`, or its older
/// name `--max-states`), for the messages.
pub fn control(memory_limit: Option<&str>, max_work: Option<&str>, work_flag: &str) -> Result<Control> {
    let mut ctl = Control::new().with_progress(Arc::new(Bars {
        bar: Mutex::new(None),
        label: Mutex::new(String::new()),
    }));
    let memory = setting(
        ("--memory-limit", memory_limit),
        "GRUNDY_MEMORY_LIMIT",
        parse_bytes,
        "a size such as 2G or 512M",
    )?;
    let count = |v: &str| crate::commands::bound::parse_count(v).ok();
    let states = match setting((work_flag, max_work), "GRUNDY_MAX_WORK", count, "a count such as 1e11")? {
        Some(s) => Some(s),
        None => setting((work_flag, None), "GRUNDY_MAX_STATES", count, "a count such as 1e11")?,
    };
    let mut sources = (Source::Default, Source::Default);
    if let Some((b, source)) = memory {
        ctl = ctl.with_memory_limit(b);
        sources.0 = source;
    } else {
        let (b, bound) = grundy::control::system_memory_limit();
        ctl = ctl.with_memory_limit(b);
        let _ = MEMORY_DEFAULT.set(bound.describe());
    }
    if let Some((s, source)) = states {
        ctl = ctl.with_work_limit(s);
        sources.1 = source;
    }
    let _ = SOURCES.set(sources);
    let flag: Arc<AtomicBool> = ctl.cancel_flag();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    Ok(ctl)
}

/// How the limit behind a refusal was set, and how to change it: the option or the
/// environment variable the user gave, or the default and the option that raises it.
pub fn limit_hint(e: &grundy::Error) -> Option<String> {
    let (memory, states) = SOURCES.get()?;
    let (source, flag, var, default) = match e {
        grundy::Error::TooLarge { .. } | grundy::Error::OutOfMemory { .. } => (
            memory,
            "--memory-limit",
            "GRUNDY_MEMORY_LIMIT",
            MEMORY_DEFAULT
                .get()
                .copied()
                .unwrap_or(grundy::control::MemoryBound::Available.describe()),
        ),
        grundy::Error::TooManyStates { .. } | grundy::Error::TooMuchWork { .. } => {
            (states, "--max-work", "GRUNDY_MAX_WORK", "the default")
        }
        _ => return None,
    };
    Some(match source {
        Source::Flag(s) => format!("set by {s}"),
        Source::Env(s) => format!("set by {s}; {flag} overrides it"),
        Source::Default => format!("{default}; raise it with {flag} or {var}"),
    })
}
