//! The rulesets, one module per family. Each module exposes `entries()` for the
//! [`crate::catalog`].

pub mod arithmetic;
pub mod cdn;
pub mod classic;
pub mod delete_nim;
pub mod loopy;
pub mod min;
