//! # grundy
//!
//! Sprague–Grundy values (nim-values) of impartial combinatorial games: positions,
//! sequences and tables, disjunctive sums and winning moves, and the closed forms of
//! the literature checked against search.
//!
//! ```
//! use grundy::{catalog, solve::{Method, Solver}, Control};
//! let pos = catalog::parse_position("nim(3,5,6) + cdn(6,2,2)").unwrap();
//! let mut solver = Solver::new(Method::Auto, Control::new());
//! // 3 ⊕ 5 ⊕ 6 = 0 (Bouton) and sg(6,2,2) = λ + 1 = 2 (paper 000 Theorem 1.3).
//! assert_eq!(solver.nim_value(&pos).unwrap(), 2u64);
//!
//! // Winning moves, including moves whose options are themselves sums (paper 003
//! // Example 10: Ω₂(18) ⊕ Ω₂(7) = 3 ⊕ 1; the good move splits 18 into nine 2s).
//! let pos = catalog::parse_position("dividing(18) + dividing(7)").unwrap();
//! let m = solver.moves(&pos, false).unwrap();
//! assert_eq!(m.value.value_text(), "2");
//! assert_eq!(m.winning[0].to_string(), "dividing(2*9) + dividing(7)");
//!
//! // Loopy games go through the same calls (paper 003 §7).
//! let pos = catalog::parse_position("partial-aliquot-sum(6)").unwrap();
//! assert_eq!(solver.value(&pos).unwrap().value_text(), "∞(0,1,2)");
//! ```
//!
//! Modules, from the bottom layer up (a module imports only from layers below it):
//! [`error`] and [`control`], with [`heap_count`] (a global allocator that counts the
//! heap held for `control`'s checks, for programs that declare it); [`value`] (nim-values, mex, nim-sum, outcomes, loopy
//! values); [`arith`] (number theory); [`formulas`] (closed forms with their theorems);
//! [`expr`] (the expression syntax); [`game`] (ruleset traits and capabilities,
//! families, positions); [`solve`] (the [`solve::Solver`] facade and the engines);
//! [`graph_file`] (games given as graphs); [`rulesets`] (one module per family, and the
//! registry [`rulesets::FAMILIES`]); [`catalog`] (lookups in the registry, positions
//! from expressions); [`analysis`] (formula against search, periodicity).

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
pub mod heap_count;
pub mod rulesets;
pub mod solve;
pub mod value;

pub use control::Control;
pub use error::{Error, Result};
pub use value::Nimber;
