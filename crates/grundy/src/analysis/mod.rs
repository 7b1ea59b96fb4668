//! Analyses of computed values: comparison of closed forms with search ([`verify`]),
//! periodicity of sequences ([`periodicity`]), and printed tables and sequences against
//! search ([`tables`]).

pub mod periodicity;
pub mod tables;
pub mod verify;
