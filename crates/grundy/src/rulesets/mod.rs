//! The rulesets, one module per family, and the registry of families.
//!
//! Each module declares `pub const FAMILIES: &[Family]`; the `registry!` line below
//! declares the module and adds its families to [`FAMILIES`]. Adding a family is one
//! new file and one word on that line (see docs/architecture.md).

use crate::game::Family;

/// Declares the family modules and lists their families in [`FAMILIES`], in order.
macro_rules! registry {
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every family, grouped by module, in the order of the papers.
        pub const FAMILIES: &[&[Family]] = &[$($module::FAMILIES),*];
    };
}

pub mod board;
pub mod graphs;

registry![
    classic,
    cdn,
    min,
    delete_nim,
    arithmetic,
    loopy,
    lasker,
    take_break,
    wythoff,
    euclid,
    chomp,
    moore,
    staircase,
    coin_turning,
    node_kayles,
    node_kayles_queens,
    node_kayles_petersen,
    cram,
    hackenbush
];
