//! Analyses of computed values: comparison of closed forms with search ([`verify`]),
//! and printed tables and sequences against search ([`tables`]).

pub mod tables;
pub mod verify;
