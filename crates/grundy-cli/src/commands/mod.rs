//! One module per subcommand.

pub mod list;
pub mod moves;
pub mod period;
pub mod plot;
pub mod seq;
pub mod table;
pub mod value;
pub mod verify;

use std::process::ExitCode;

/// Exit status for a check that found a disagreement.
pub const EXIT_MISMATCH: u8 = 1;
/// Exit status for bad input or an impossible computation.
pub const EXIT_ERROR: u8 = 2;
/// Exit status after Ctrl-C.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Prints an error on stderr and returns the matching exit status.
pub fn fail(e: &anyhow::Error) -> ExitCode {
    if let Some(grundy::Error::Interrupted) = e.downcast_ref::<grundy::Error>() {
        eprintln!("grundy: interrupted");
        return ExitCode::from(EXIT_INTERRUPTED);
    }
    eprintln!("grundy: error: {e:#}");
    ExitCode::from(EXIT_ERROR)
}
