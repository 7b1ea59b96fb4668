//! The crate's error type.

/// Why a claim could not be checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// An error of the grundy library (unknown ruleset, memory limit, interruption, …).
    #[error(transparent)]
    Grundy(#[from] grundy::Error),
    /// No claim has this id.
    #[error("no claim has the id '{0}'")]
    UnknownClaim(String),
    /// The claim is a figure: it is drawn, not checked (its data is in its row).
    #[error("{0} is a figure, drawn by a renderer, not a check")]
    Figure(String),
    /// A check found its input unusable (for example a value too large for the check).
    #[error("{0}")]
    Check(String),
}

impl Error {
    /// True if the run was interrupted (cancelled through [`grundy::Control`]).
    pub fn is_interrupted(&self) -> bool {
        matches!(self, Error::Grundy(grundy::Error::Interrupted))
    }
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;
