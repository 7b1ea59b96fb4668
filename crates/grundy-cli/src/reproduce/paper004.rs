//! Checks of paper 004.

use super::Spec;

/// The checks of paper 004.
pub fn specs() -> Vec<Spec> {
    vec![]
}
