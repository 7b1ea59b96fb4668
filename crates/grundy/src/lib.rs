//! # grundy
//!
//! Sprague–Grundy values (nim-values) of impartial combinatorial games: positions,
//! sequences and tables, disjunctive sums and winning moves, and the closed forms of
//! the literature checked against search.
//!
//! ```
//! use grundy::{catalog, solve::{Evaluator, Method}, Control};
//! let pos = catalog::parse_position("nim(3,5,6) + cdn(6,2,2)").unwrap();
//! let mut ev = Evaluator::new(Method::Auto, Control::new());
//! // 3 ⊕ 5 ⊕ 6 = 0 (Bouton) and sg(6,2,2) = λ + 1 = 2 (paper 000 Theorem 1.3).
//! assert_eq!(ev.value(&pos).unwrap(), 2u64);
//!
//! // Winning moves, including moves whose options are themselves sums (paper 003
//! // Example 10: Ω₂(18) ⊕ Ω₂(7) = 3 ⊕ 1; the good move splits 18 into nine 2s).
//! let pos = catalog::parse_position("dividing(18) + dividing(7)").unwrap();
//! assert_eq!(ev.value(&pos).unwrap(), 2u64);
//! let m = grundy::solve::moves(&mut ev, &pos, false).unwrap();
//! assert_eq!(m.winning[0].to_string(), "dividing(2*9) + dividing(7)");
//! ```
//!
//! Modules: [`value`] (nim-values, mex, nim-sum), [`game`] (ruleset traits, positions),
//! [`solve`] (engines), [`arith`] (number theory), [`rulesets`] (one module per family),
//! [`formulas`] (closed forms with their theorems), [`analysis`] (checks of claims),
//! [`catalog`] (the registry), [`expr`] (the expression parser), [`graph_file`] (games
//! given as graphs).

#![warn(missing_docs)]

pub mod analysis;
pub mod arith;
pub mod catalog;
pub mod control;
pub mod error;
pub mod expr;
pub mod formulas;
pub mod game;
pub mod graph_file;
pub mod rulesets;
pub mod solve;
pub mod value;

pub use control::Control;
pub use error::{Error, Result};
pub use value::Nimber;
