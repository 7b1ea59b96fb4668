//! `grundy min-facts --to A`: the positions of the values 0 and 1 in MIN (paper 001),
//! from the f_0/f_1 sieve: the tables f_0, f_1, the check of Theorem 1, and the lists
//! §1 of the paper discusses (a with G(a−1, a) = 0 and a + 1 composite; a with
//! G(a−2, a) = 0).
//!
//! JSON: `{"ruleset": "min", "to": A, "theorem1": {"claim", "checked", "primes",
//! "holds", "first_failure"}, "zero_at_a_minus_1": {"count", "with_a_plus_1_prime",
//! "with_a_plus_1_composite": [a, …]}, "zero_at_a_minus_2": [a, …]}`, plus `"f0"` and
//! `"f1"` (arrays indexed by a, `f1[0]` null) with `--tables`. These are positions, not
//! nim-values, so they are JSON numbers.

use crate::output::{factored, print_json, stdout, Format};
use grundy::rulesets::min::facts::{MinFacts, Primes, UNDEFINED};
use grundy::Control;
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;

/// Up to this A, the text output shows the f tables.
const SMALL: u64 = 40;
/// Text output lists at most this many entries of a list (JSON lists all).
const LIST_LIMIT: usize = 40;

/// Arguments of `grundy min-facts`.
#[derive(clap::Args)]
pub struct Args {
    /// Largest a (the smaller coordinate); up to 2^32 − 2, memory permitting (about
    /// 16 bytes per a).
    #[arg(long, value_parser = super::bound::parse_count)]
    to: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Print the tables: as CSV `a,f0,f1` (text; f1 of 0 is empty) or as the arrays
    /// "f0" and "f1" (JSON; f1[0] is null).
    #[arg(long)]
    tables: bool,
}

#[derive(Serialize)]
struct Theorem1Out {
    claim: &'static str,
    checked: u64,
    primes: u64,
    holds: bool,
    first_failure: Option<u64>,
}

#[derive(Serialize)]
struct AdjacentOut {
    count: usize,
    with_a_plus_1_prime: usize,
    with_a_plus_1_composite: Vec<u64>,
}

#[derive(Serialize)]
struct Out {
    ruleset: &'static str,
    to: u64,
    theorem1: Theorem1Out,
    zero_at_a_minus_1: AdjacentOut,
    zero_at_a_minus_2: Vec<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    f0: Option<Vec<Option<u32>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    f1: Option<Vec<Option<u32>>>,
}

fn table(t: &[u32]) -> Vec<Option<u32>> {
    t.iter().map(|&v| (v != UNDEFINED).then_some(v)).collect()
}

fn cell(v: u32) -> String {
    if v == UNDEFINED {
        String::new()
    } else {
        v.to_string()
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let facts = MinFacts::compute(a.to, ctl)?;
    if a.tables && a.format == Format::Text {
        stdout(|w| {
            writeln!(w, "a,f0,f1")?;
            for (i, (&x, &y)) in facts.table(0).iter().zip(facts.table(1)).enumerate() {
                writeln!(w, "{i},{},{}", cell(x), cell(y))?;
            }
            Ok(())
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    let t1 = facts.check_theorem1();
    let primes = Primes::new(a.to + 1);
    let adjacent = facts.zeros_at_distance(1);
    let composite: Vec<u64> = adjacent.iter().copied().filter(|&x| !primes.is_prime(x + 1)).collect();
    let out = Out {
        ruleset: "min",
        to: a.to,
        theorem1: Theorem1Out {
            claim: "G(a,a) = 1 iff a+1 is prime, 1 ≤ a ≤ to (paper 001 Theorem 1)",
            checked: t1.checked,
            primes: t1.primes,
            holds: t1.first_failure.is_none(),
            first_failure: t1.first_failure.map(|f| f.a),
        },
        zero_at_a_minus_1: AdjacentOut {
            count: adjacent.len(),
            with_a_plus_1_prime: adjacent.len() - composite.len(),
            with_a_plus_1_composite: composite,
        },
        zero_at_a_minus_2: facts.zeros_at_distance(2),
        f0: a.tables.then(|| table(facts.table(0))),
        f1: a.tables.then(|| table(facts.table(1))),
    };
    match a.format {
        Format::Json => print_json(&out)?,
        Format::Text => stdout(|w| print_text(w, &out, &facts))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn list_with_factors(v: &[u64]) -> String {
    let mut s: Vec<String> = v
        .iter()
        .take(LIST_LIMIT)
        .map(|&a| format!("{a} (a+1 = {})", factored(a + 1)))
        .collect();
    if v.len() > LIST_LIMIT {
        s.push(format!("… {} more (--format json lists all)", v.len() - LIST_LIMIT));
    }
    if s.is_empty() {
        "none".into()
    } else {
        s.join(", ")
    }
}

fn print_text(w: &mut dyn Write, o: &Out, facts: &MinFacts) -> std::io::Result<()> {
    writeln!(
        w,
        "MIN (paper 001): positions of the values 0 and 1 for 0 ≤ a ≤ {}, by the f_0/f_1 sieve",
        o.to
    )?;
    writeln!(
        w,
        "f_j(a) = the smallest i ≥ 0 with G(a, a+i) = j; for 1 ≤ a ≤ b, G(a,b) = j iff (b−a) mod (a+1) = f_j(a)"
    )?;
    if o.to <= SMALL {
        writeln!(w, "{:>4} {:>7} {:>7}", "a", "f_0(a)", "f_1(a)")?;
        for a in 0..=o.to as usize {
            writeln!(
                w,
                "{a:>4} {:>7} {:>7}",
                cell(facts.table(0)[a]),
                cell(facts.table(1)[a])
            )?;
        }
    }
    let t = &o.theorem1;
    match t.first_failure {
        None => writeln!(
            w,
            "Theorem 1 (G(a,a) = 1 iff a+1 is prime): holds for 1 ≤ a ≤ {} ({} primes a+1)",
            o.to, t.primes
        )?,
        Some(a) => writeln!(w, "Theorem 1 (G(a,a) = 1 iff a+1 is prime): FAILS at a = {a}")?,
    }
    let z = &o.zero_at_a_minus_1;
    writeln!(
        w,
        "a with G(a−1, a) = 0: {} ({} with a+1 prime); with a+1 composite: {}",
        z.count,
        z.with_a_plus_1_prime,
        list_with_factors(&z.with_a_plus_1_composite)
    )?;
    writeln!(
        w,
        "a with G(a−2, a) = 0: {}: {}",
        o.zero_at_a_minus_2.len(),
        list_with_factors(&o.zero_at_a_minus_2)
    )
}
