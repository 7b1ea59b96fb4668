//! Closed forms proven in the seed papers, each citing its source. Rulesets use them
//! for `--method auto|formula`; `grundy verify` and the tests compare each one with
//! search over a range.

pub mod arithmetic;
pub mod cdn;
pub mod classic;
pub mod delete_nim;
