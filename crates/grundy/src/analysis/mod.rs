//! Analyses of computed values: comparison of closed forms with search ([`verify`]) and
//! periodicity of sequences ([`periodicity`]). (The papers' claims, their printed tables
//! and the checks of MIN are in the `grundy-papers` crate.)

pub mod periodicity;
pub mod verify;
