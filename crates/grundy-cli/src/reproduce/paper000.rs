//! Checks of paper 000.

use super::Spec;

/// The checks of paper 000.
pub fn specs() -> Vec<Spec> {
    vec![]
}
