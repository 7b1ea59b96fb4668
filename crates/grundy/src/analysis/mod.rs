//! Analyses of computed values: comparison of closed forms with search ([`verify`]),
//! periodicity of sequences ([`periodicity`]), printed tables and sequences against
//! search ([`tables`]), and the checks of MIN, which has no closed form ([`min`]).

pub mod min;
pub mod periodicity;
pub mod tables;
pub mod verify;
