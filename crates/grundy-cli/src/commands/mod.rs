//! One module per subcommand.

pub mod census;
pub mod graph;
pub mod list;
pub mod min_facts;
pub mod moves;
pub mod period;
pub mod period_file;
pub mod plot;
pub mod proof;
pub mod quotient;
pub mod seq;
pub mod table;
pub mod value;
pub mod verify;

/// The loopy bounds and the parsers of counts, below the commands (the limits use them too).
pub(crate) use crate::bound;

use grundy::error::Shown;
use std::process::ExitCode;

/// Exit status for a check that found a disagreement.
pub const EXIT_MISMATCH: u8 = 1;
/// Exit status for bad input or an impossible computation.
pub const EXIT_ERROR: u8 = 2;
/// Exit status after Ctrl-C.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Exit status when the reader of stdout went away: the shell's status of a process
/// ended by SIGPIPE (128 + 13), for a closed pipe seen as a write error.
pub const EXIT_BROKEN_PIPE: u8 = 141;

/// Prints an error on stderr and returns the matching exit status.
pub fn fail(e: &anyhow::Error) -> ExitCode {
    let stdout_error = e.chain().find_map(|c| c.downcast_ref::<crate::output::StdoutError>());
    if stdout_error.is_some_and(|s| s.0.kind() == std::io::ErrorKind::BrokenPipe) {
        // SIGPIPE is blocked (SIG_DFL would have ended the process): end quietly all
        // the same, as `grundy seq … | head` does.
        return ExitCode::from(EXIT_BROKEN_PIPE);
    }
    if let Some(grundy::Error::Interrupted) = library_error(e) {
        crate::eprintln_quiet!("grundy: interrupted");
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    let hint = library_error(e)
        .and_then(crate::progress::limit_hint)
        .map(|h| format!(" ({h})"))
        .unwrap_or_default();
    let advice = e
        .chain()
        .find_map(|c| c.downcast_ref::<Advised>())
        .map(|a| format!("; {}", a.advice))
        .unwrap_or_default();
    // One line, whatever the message echoes (a line break in an expression, say).
    crate::eprintln_quiet!("grundy: error: {}{hint}{advice}", Shown(&format!("{e:#}")));
    ExitCode::from(EXIT_ERROR)
}

/// A library error with advice on what to run instead, printed after the limit's
/// hint: `… (set by --memory-limit 1M); --method formula gives these from the closed
/// form`.
#[derive(Debug)]
pub struct Advised {
    /// The error.
    pub error: grundy::Error,
    /// What to run instead, a short clause.
    pub advice: String,
}

impl std::fmt::Display for Advised {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for Advised {}

/// The library's error behind `e`, if any: a [`grundy::Error`] in its chain, also
/// inside a [`grundy_papers::Error`] (which wraps it transparently, so that the chain
/// does not show it).
fn library_error(e: &anyhow::Error) -> Option<&grundy::Error> {
    e.chain().find_map(|c| {
        c.downcast_ref::<grundy::Error>()
            .or_else(|| c.downcast_ref::<Advised>().map(|a| &a.error))
            .or_else(|| match c.downcast_ref::<grundy_papers::Error>() {
                Some(grundy_papers::Error::Grundy(g)) => Some(g),
                _ => None,
            })
    })
}

/// The outcome of a certificate check (`period --check`, `quotient --check`) of `file`:
/// `holds: …` and exit 0, or the one-line reason (`certificate rejected: …`) on stdout
/// and exit 1; with `--format json` one object `{"file", "holds", "detail"}` (the same
/// text as `detail`, the same exit codes). Other errors (limits, Ctrl-C) as errors.
pub fn check_verdict(
    result: grundy::Result<String>,
    file: &std::path::Path,
    format: crate::output::Format,
) -> anyhow::Result<ExitCode> {
    let (holds, detail) = match result {
        Ok(what) => (true, what),
        Err(grundy::Error::Input(why)) => (false, why),
        Err(e) => return Err(e.into()),
    };
    match format {
        crate::output::Format::Json => crate::output::print_json(&Verdict {
            file: file.display().to_string(),
            holds,
            detail: &detail,
        })?,
        crate::output::Format::Text if holds => crate::output::stdout(|w| writeln!(w, "holds: {detail}"))?,
        crate::output::Format::Text => crate::output::stdout(|w| writeln!(w, "{detail}"))?,
    }
    Ok(if holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_MISMATCH)
    })
}

/// The JSON of a certificate check.
#[derive(serde::Serialize)]
struct Verdict<'a> {
    file: String,
    holds: bool,
    detail: &'a str,
}
