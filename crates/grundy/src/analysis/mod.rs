//! Analyses of computed values: comparison of closed forms with search
//! ([`verify`]).

pub mod verify;
