//! Analyses of computed values: comparison of closed forms with search
//! ([`verify`]), periodicity of sequences ([`periodicity`]), and the checks of MIN,
//! which has no closed form ([`min`]).

pub mod min;
pub mod periodicity;
pub mod verify;
