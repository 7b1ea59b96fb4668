//! Analyses of computed values: comparison of closed forms with search
//! ([`verify`]), periodicity of sequences ([`periodicity`]).

pub mod periodicity;
pub mod verify;
