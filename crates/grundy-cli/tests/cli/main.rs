//! The command-line tests, as one test binary (one link instead of one per file): each
//! module runs the `grundy` binary built for the tests. Add new CLI tests as a module
//! here rather than as a new file in `tests/`, which would be a binary of its own.

mod common;

mod advice;
mod arithmetic;
mod census;
mod census_resume;
mod contract;
mod database;
mod figures_tables_periods;
mod files;
mod fuzzed;
mod games;
mod help;
mod interrupts;
mod json_keys;
mod limits;
mod loopy;
mod memory;
mod min;
mod misere;
mod output;
mod printing;
mod proofs;
mod readme;
mod reliability;
mod textbook;
mod work;
