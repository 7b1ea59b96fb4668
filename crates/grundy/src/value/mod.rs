//! Nim-values and the operations on them: the [`Nimber`] type (exact at any size),
//! the nim-sum (XOR), the minimum excludant ([`mex`]), and the loopy values `∞(K)` of
//! games whose play can cycle ([`LoopyValue`]).
//!
//! A Sprague–Grundy value (nim-value) is `G(P) = mex { G(P') : P' an option of P }`,
//! and the value of a disjunctive sum is the nim-sum of its components' values
//! (Sprague 1935, Grundy 1939; paper 004 and paper 002 Theorem 3).

mod loopy;
mod mex;
mod nimber;
mod outcome;
pub mod xor_basis;

pub use loopy::{LoopyValue, ParseLoopyValueError};
pub use mex::{mex, mex_of_slice, MexSet};
pub use nimber::{nim_sum, Nimber, ParseNimberError};
pub use outcome::Outcome;
pub use xor_basis::XorBasis;
