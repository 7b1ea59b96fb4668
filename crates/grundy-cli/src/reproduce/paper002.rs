//! Checks of paper 002.

use super::Spec;

/// The checks of paper 002.
pub fn specs() -> Vec<Spec> {
    vec![]
}
