//! Benchmarks of paper 003's rulesets: `seq` of every one of the thirty rulesets to 10^5,
//! the counting and singleton aliquot/aliquant rulesets to 10^7, and divide-and-residue
//! to 2·10^4 (the paper's Figure 3). Baselines: the generic evaluator (every option
//! enumerated through `for_each_option`) at a tenth of the size, or the same fast step
//! at a tenth of the size for the 10^7 runs.

use super::Bench;
use anyhow::Result;
use grundy::catalog::parse_ruleset;
use grundy::solve::{sequence, sequence_generic};
use grundy::Control;

/// The dense sequence of `name` to `to` (by the generic evaluator if `generic`); returns
/// a summary that depends on every value.
fn seq(name: &str, to: u64, generic: bool) -> Result<String> {
    let rs = parse_ruleset(name)?.as_heap("bench")?.clone();
    let ctl = Control::new();
    let s = if generic {
        sequence_generic(rs.as_ref(), to, &ctl)?
    } else {
        sequence(rs.as_ref(), to, &ctl)?
    };
    let x = s.codes().iter().fold(0u32, |a, &c| a.rotate_left(5) ^ c);
    Ok(format!(
        "G({to}) has {} bits; hash of the table {x:08x}",
        s.get(to).bits()
    ))
}

macro_rules! seq_1e5 {
    ($name:literal) => {
        Bench {
            name: concat!("arith/seq-1e5/", $name),
            target: concat!("seq ", $name, " to 10^5 (fast dense step)"),
            baseline: concat!("seq ", $name, " to 10^4 by the generic evaluator"),
            requirement: "under 30 s (README, Benchmarks)",
            run_target: || seq($name, 100_000, false),
            run_baseline: || seq($name, 10_000, true),
        }
    };
}

macro_rules! seq_1e7 {
    ($name:literal) => {
        Bench {
            name: concat!("arith/seq-1e7/", $name),
            target: concat!("seq ", $name, " to 10^7 (fast dense step)"),
            baseline: concat!("seq ", $name, " to 10^6 (fast dense step)"),
            requirement: "under 30 s (README, Benchmarks)",
            run_target: || seq($name, 10_000_000, false),
            run_baseline: || seq($name, 1_000_000, false),
        }
    };
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "arith/divide-and-residue-2e4",
            target: "seq divide-and-residue to 2·10^4 (paper 003 Figure 3), fast dense step",
            baseline: "the same by the generic evaluator",
            requirement: "under 1 s (README, Benchmarks)",
            run_target: || seq("divide-and-residue", 20_000, false),
            run_baseline: || seq("divide-and-residue", 20_000, true),
        },
        seq_1e7!("totient"),
        seq_1e7!("nontotient"),
        seq_1e7!("mtau"),
        seq_1e7!("stau"),
        seq_1e7!("mOmega"),
        seq_1e7!("sOmega"),
        seq_1e7!("momega"),
        seq_1e7!("somega"),
        seq_1e7!("maliquot"),
        seq_1e7!("saliquot"),
        seq_1e7!("maliquant"),
        seq_1e7!("saliquant"),
        seq_1e5!("maliquot"),
        seq_1e5!("saliquot"),
        seq_1e5!("maliquant"),
        seq_1e5!("saliquant"),
        seq_1e5!("totative"),
        seq_1e5!("nontotative"),
        seq_1e5!("totient"),
        seq_1e5!("nontotient"),
        seq_1e5!("mtau"),
        seq_1e5!("stau"),
        seq_1e5!("mOmega"),
        seq_1e5!("momega"),
        seq_1e5!("sOmega"),
        seq_1e5!("somega"),
        seq_1e5!("dividing"),
        seq_1e5!("divide-and-residue"),
        seq_1e5!("complement-grundy"),
        seq_1e5!("divide-throw-residue"),
        seq_1e5!("residue-throw-divisor"),
        seq_1e5!("m-factoring"),
        seq_1e5!("m-factoring-coprime"),
        seq_1e5!("s-factoring"),
        seq_1e5!("fullset-maliquot"),
        seq_1e5!("fullset-totient"),
        seq_1e5!("powerset-maliquot"),
        seq_1e5!("powerset-saliquot"),
        seq_1e5!("powerset-maliquant"),
        seq_1e5!("powerset-saliquant"),
        seq_1e5!("powerset-totative"),
        seq_1e5!("powerset-nontotative"),
    ]
}
