//! One module per subcommand.

pub mod bound;
pub mod graph;
pub mod list;
pub mod min_facts;
pub mod moves;
pub mod period;
pub mod plot;
pub mod proof;
pub mod seq;
pub mod table;
pub mod value;
pub mod verify;

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
    if let Some(grundy::Error::Interrupted) = e.downcast_ref::<grundy::Error>() {
        eprintln!("grundy: interrupted");
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    let hint = e
        .chain()
        .find_map(|c| c.downcast_ref::<grundy::Error>())
        .and_then(crate::progress::limit_hint)
        .map(|h| format!(" ({h})"))
        .unwrap_or_default();
    // One line, whatever the message echoes (a line break in an expression, say).
    eprintln!("grundy: error: {}{hint}", Shown(&format!("{e:#}")));
    ExitCode::from(EXIT_ERROR)
}
