//! The library's error type. Every failure a user can provoke (bad input, a position
//! outside a ruleset's domain, a computation too large for memory, an interrupted run)
//! is an [`Error`] with a one-line message; the library never panics on user input.

use std::fmt;

/// Errors returned by parsing, evaluation and the engines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A syntax error in a position expression. `column` is 1-based (in characters).
    #[error("syntax error at column {column} of {}: {message}", Around(.input, *.column))]
    Syntax {
        /// What was expected or found.
        message: String,
        /// 1-based column of the offending character.
        column: usize,
        /// The whole input line.
        input: String,
    },
    /// A ruleset name that is not in the catalog.
    #[error("unknown ruleset '{name}'{}", suggestion_text(.name, .suggestion))]
    UnknownRuleset {
        /// The name as written.
        name: String,
        /// The nearest catalog name, if one is close.
        suggestion: Option<String>,
    },
    /// Wrong number of arguments or parameters.
    #[error("{ruleset}: {message}")]
    Arity {
        /// The ruleset.
        ruleset: String,
        /// What was wrong.
        message: String,
    },
    /// Invalid ruleset parameters (for example an empty subtraction set).
    #[error("{ruleset}: invalid parameters: {message}")]
    Params {
        /// The ruleset.
        ruleset: String,
        /// What was wrong.
        message: String,
    },
    /// A position outside the ruleset's domain (for example heap 0 where heaps start at 1).
    #[error("{position} is not a position of {ruleset}: {reason}")]
    Domain {
        /// The ruleset.
        ruleset: String,
        /// The offending position as written.
        position: String,
        /// Why it is outside the domain.
        reason: String,
    },
    /// A number that does not fit the engine's integer type.
    #[error("number {value} is too large: {reason}")]
    Overflow {
        /// The number as written.
        value: String,
        /// The limit that was exceeded.
        reason: String,
    },
    /// The computation would need more memory (or states) than allowed; or a dense
    /// table past the bound no memory limit lifts (its detail begins with
    /// [`PAST_TABLES`]: "… needs 64.0 GiB, but dense tables stop below 2^32 heaps, …").
    #[error("{}", too_large(what, *.estimate_bytes, *.limit_bytes, detail))]
    TooLarge {
        /// What would be computed.
        what: String,
        /// Estimated memory in bytes.
        estimate_bytes: u64,
        /// The limit in bytes.
        limit_bytes: u64,
        /// How the estimate was obtained (for example the number of states).
        detail: String,
    },
    /// The search would visit more positions than allowed (it would take too long).
    #[error("{what} visits about {} position{}; the limit is {}", sci(*.states), if *.states == 1 { "" } else { "s" }, sci(*.limit as u128))]
    TooManyStates {
        /// What would be computed.
        what: String,
        /// Estimated number of positions.
        states: u128,
        /// The limit.
        limit: u64,
    },
    /// `--method formula` on a ruleset (or position) with no proven closed form.
    #[error("no closed form is known for {ruleset}{}; {}", .detail.as_deref().map(|d| format!(" ({d})")).unwrap_or_default(), .instead.as_deref().unwrap_or("use --method search"))]
    NoFormula {
        /// The ruleset.
        ruleset: String,
        /// Why not (for example: the formula covers odd heaps only).
        detail: Option<String>,
        /// What gives the value instead, where it is not `--method search` (`None`): a
        /// heap past any table is answered only by a proven period, or by nothing.
        instead: Option<String>,
    },
    /// An operation that the ruleset does not support (for example `seq` of a two-heap ruleset).
    #[error("{0}")]
    Unsupported(String),
    /// The run was interrupted (Ctrl-C); finished work has been kept where the caller could.
    #[error("interrupted")]
    Interrupted,
    /// The computation would visit more options than the work limit allows (it would
    /// take too long); estimated before any work.
    #[error("{what} visits about {} option{} ({detail}); the work limit is {}", sci(*.work), if *.work == 1 { "" } else { "s" }, sci(*.limit as u128))]
    TooMuchWork {
        /// What would be computed.
        what: String,
        /// Estimated work: options visited (or the elementary steps of an engine that
        /// replace them).
        work: u128,
        /// The work limit.
        limit: u64,
        /// How the estimate was obtained.
        detail: String,
    },
    /// A file given as input could not be used: a game graph file, a certificate or a
    /// proof that is malformed or does not hold, a database of another game.
    #[error("{0}")]
    Input(String),
    /// The operating system refused to read or write a file (a database, a
    /// checkpoint): `message` names the file and the system's reason, `errno` is the
    /// system's error number when there is one (Python raises the `OSError` subclass
    /// of it).
    #[error("{message}")]
    File {
        /// The one-line message (`cannot write the database x.db: No space left on
        /// device (os error 28)`).
        message: String,
        /// The system's error number.
        errno: Option<i32>,
    },
    /// The system refused memory that the estimate allowed: an address-space limit
    /// (`ulimit -v`), a cgroup limit or the machine's free memory is below the memory
    /// limit that was set. Big tables are reserved before they are filled, so this comes
    /// before any of their work.
    #[error("{what}: the system refused {} of memory (the address space or memory left is below the memory limit)", human_bytes(*.bytes))]
    OutOfMemory {
        /// What was being allocated.
        what: String,
        /// The bytes asked for.
        bytes: u64,
    },
}

impl Error {
    /// The system's refusal `e` to read or write a file, after `context` (`cannot
    /// write the database x.db`).
    pub fn file(context: impl fmt::Display, e: &std::io::Error) -> Error {
        Error::File {
            message: format!("{context}: {e}"),
            errno: e.raw_os_error(),
        }
    }

    /// Heap `heap` of `ruleset`, whose heaps start at `first`: outside the domain
    /// (`heap 0 is not a position of maliquot: heaps of maliquot start at 1`).
    pub fn below_first_heap(ruleset: &str, heap: u64, first: u64) -> Error {
        Error::Domain {
            ruleset: ruleset.to_string(),
            position: format!("heap {heap}"),
            reason: format!("heaps of {ruleset} start at {first}"),
        }
    }
}

/// The words that begin the detail of a refusal for a dense table of 2^32 − 1 heaps or
/// more ([`Error::TooLarge`]): tables index heaps by `u32`, so no memory limit lets
/// such a table be built. The message names the bound instead of the memory limit, and
/// its advice is what answers those heaps instead (a closed form, a proven period),
/// never a higher memory limit (`crate::control::is_past_tables`).
pub const PAST_TABLES: &str = "dense tables stop below 2^32 heaps, whatever the memory limit";

/// The message of [`Error::TooLarge`]: the estimate against the memory limit, or for a
/// table past [`PAST_TABLES`]' bound, the estimate and the bound (the memory limit
/// does not matter there).
fn too_large(what: &str, bytes: u64, limit: u64, detail: &str) -> String {
    if detail.starts_with(PAST_TABLES) {
        format!("{what} needs {}, but {detail}", estimated(bytes, bytes))
    } else {
        format!(
            "{what} needs {} ({detail}); the memory limit is {}",
            estimated(bytes, limit),
            human_bytes(limit)
        )
    }
}

/// Result alias for the library.
pub type Result<T> = std::result::Result<T, Error>;

fn suggestion_text(name: &str, s: &Option<String>) -> String {
    match s {
        // Every name suggested differs from `name` by letter case only (the
        // suggestion may join several: `mOmega' or 'momega`).
        Some(s) if s.split("' or '").all(|n| n.to_lowercase() == name.to_lowercase()) => {
            format!("; did you mean '{s}'? Names are case-sensitive")
        }
        Some(s) => format!("; did you mean '{s}'? (`grundy list` shows all rulesets)"),
        None => "; `grundy list` shows all rulesets".to_string(),
    }
}

/// Formats a count in scientific notation when large (`2.5e11`).
pub(crate) fn sci(v: u128) -> String {
    if v < 1_000_000 {
        v.to_string()
    } else {
        format!("{:.2e}", v as f64)
    }
}

/// A position's text for a one-line message: whole up to 120 characters, else its
/// first 80 and the count of the others (a graph read from a file writes all its
/// edges).
pub fn brief(text: &str) -> String {
    let n = text.chars().count();
    if n <= 120 {
        return text.to_string();
    }
    let head: String = text.chars().take(80).collect();
    format!("{head}… ({} more characters)", n - 80)
}

/// An estimate of bytes as an error gives it: "an estimated 1.5 GiB", or "more than
/// 1.638e4 PiB" for an estimate that saturated at 2^64 − 1 (the true figure is larger).
fn estimated(b: u64, limit: u64) -> String {
    if b == u64::MAX {
        format!("more than {}", human_bytes(b))
    } else {
        format!("an estimated {}", bytes_beside(b, limit))
    }
}

/// `b` with binary units, with as many decimals as it takes (up to six, then in
/// bytes) to read differently from `other` when they differ: an estimate just above
/// the limit reads "an estimated 5.0002 MiB …; the memory limit is 5.0 MiB", not 5.0
/// MiB twice.
fn bytes_beside(b: u64, other: u64) -> String {
    let text = human_bytes(b);
    if b == other || b == u64::MAX || text != human_bytes(other) {
        return text;
    }
    let (unit, scale) = binary_unit(b);
    for d in 2..=6 {
        let (x, y) = (
            format!("{:.d$}", b as f64 / scale),
            format!("{:.d$}", other as f64 / scale),
        );
        if x != y {
            return format!("{x} {unit}");
        }
    }
    format!("{b} bytes")
}

/// Formats a byte count with binary units (`1.5 GiB`).
pub fn human_bytes(b: u64) -> String {
    let (unit, scale) = binary_unit(b);
    let v = b as f64 / scale;
    if scale == 1.0 {
        format!("{b} B")
    } else if v >= 1e4 {
        format!("{v:.3e} {unit}")
    } else {
        format!("{v:.1} {unit}")
    }
}

/// The binary unit `b` is written in, and its size in bytes: the largest of KiB … PiB
/// not above `b` (B below 1 KiB).
fn binary_unit(b: u64) -> (&'static str, f64) {
    [("PiB", 5), ("TiB", 4), ("GiB", 3), ("MiB", 2), ("KiB", 1)]
        .into_iter()
        .map(|(u, i)| (u, 1024f64.powi(i)))
        .find(|&(_, scale)| b as f64 >= scale)
        .unwrap_or(("B", 1.0))
}

/// Shows user text on one line: line breaks, tabs and other control characters are
/// escaped (`\n`, `\t`, `\u{1b}`), so that an error message echoing the text stays
/// one line.
///
/// ```
/// assert_eq!(grundy::error::Shown("nim(3,\n4)").to_string(), "nim(3,\\n4)");
/// ```
pub struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Shows user text quoted on one line ([`Shown`]); a text of more than 120 characters
/// as the 80 around the 1-based `column` between "…", with its length, so that an
/// error in a long board or edge list stays a short line.
struct Around<'a>(&'a str, usize);

impl fmt::Display for Around<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.chars().count();
        if n <= 120 {
            return write!(f, "'{}'", Shown(self.0));
        }
        let start = self.1.saturating_sub(41).min(n - 80);
        let part: String = self.0.chars().skip(start).take(80).collect();
        let (pre, post) = (if start > 0 { "…" } else { "" }, if start + 80 < n { "…" } else { "" });
        write!(f, "'{pre}{}{post}' ({n} characters)", Shown(&part))
    }
}

/// A display helper for a sequence of numbers, `a,b,c`.
pub(crate) struct Joined<'a, T>(pub &'a [T]);

impl<T: fmt::Display> fmt::Display for Joined<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_error_keeps_the_systems_number_and_names_the_file() {
        let io = std::io::Error::from_raw_os_error(28);
        let e = Error::file("cannot write the database x.db", &io);
        assert!(matches!(e, Error::File { errno: Some(28), .. }));
        assert!(e.to_string().starts_with("cannot write the database x.db: "), "{e}");
        let e = Error::file("cannot write x", &std::io::Error::other("full"));
        assert_eq!(
            e,
            Error::File {
                message: "cannot write x: full".into(),
                errno: None
            }
        );
    }

    /// An estimate just above the limit is not shown as the limit's own figure.
    #[test]
    fn an_estimate_that_rounds_to_the_limit_is_told_apart_from_it() {
        let too_large = |estimate_bytes, limit_bytes| {
            Error::TooLarge {
                what: "w".into(),
                estimate_bytes,
                limit_bytes,
                detail: "d".into(),
            }
            .to_string()
        };
        assert_eq!(
            too_large(5_243_037, 5 << 20),
            "w needs an estimated 5.0001 MiB (d); the memory limit is 5.0 MiB"
        );
        assert_eq!(
            too_large((1 << 30) + 76, 1 << 30),
            "w needs an estimated 1073741900 bytes (d); the memory limit is 1.0 GiB"
        );
        assert_eq!(
            too_large(3 << 30, 1 << 30),
            "w needs an estimated 3.0 GiB (d); the memory limit is 1.0 GiB"
        );
    }

    #[test]
    fn a_syntax_error_in_a_long_text_shows_the_part_around_it() {
        let syntax = |input: String, column: usize| {
            Error::Syntax {
                message: "m".into(),
                column,
                input,
            }
            .to_string()
        };
        assert_eq!(syntax("ab\nc".into(), 3), "syntax error at column 3 of 'ab\\nc': m");
        let long = format!("cram(\"{}x\")", "#".repeat(99_990));
        let e = syntax(long.clone(), 99_997);
        assert!(e.len() < 200, "{e}");
        assert!(
            e.contains("####x\")' (99999 characters): m") && e.contains("'…#"),
            "{e}"
        );
        let e = syntax(long, 3);
        assert!(
            e.contains("of 'cram(\"###") && e.contains("#…' (99999 characters)"),
            "{e}"
        );
    }

    #[test]
    fn a_saturated_byte_estimate_says_it_is_a_floor() {
        let large = |estimate_bytes: u64| {
            Error::TooLarge {
                what: "x".into(),
                estimate_bytes,
                limit_bytes: u64::MAX,
                detail: "d".into(),
            }
            .to_string()
        };
        assert_eq!(
            large(1536),
            "x needs an estimated 1.5 KiB (d); the memory limit is 1.638e4 PiB"
        );
        // The limit is what the user set, exactly; only a saturated estimate is a floor.
        assert_eq!(
            large(u64::MAX),
            "x needs more than 1.638e4 PiB (d); the memory limit is 1.638e4 PiB"
        );
    }

    #[test]
    fn counts_of_one_are_singular() {
        let work = |n: u128| Error::TooMuchWork {
            what: "x".into(),
            work: n,
            limit: 0,
            detail: "d".into(),
        };
        assert!(work(1).to_string().contains("about 1 option (d)"), "{}", work(1));
        assert!(work(2).to_string().contains("about 2 options (d)"), "{}", work(2));
        let states = Error::TooManyStates {
            what: "x".into(),
            states: 1,
            limit: 0,
        };
        assert!(states.to_string().contains("about 1 position;"), "{states}");
        assert!(brief(&"é".repeat(200)).ends_with("… (120 more characters)"));
        assert_eq!(brief("short"), "short");
    }
}
