//! Checks of paper 003 (Iannucci & Larsson, "Game values of arithmetic functions"):
//! every printed table of options and values and every listed sequence prefix against
//! search ([`printed`]), every theorem over a range ([`theorems`]), the observations,
//! the conjectures (reported as consistent up to N, or with a counterexample) and the
//! worked examples on sums ([`claims`]).

mod claims;
mod printed;
mod theorems;

use super::{Ctx, Job, Outcome};
use grundy::game::HeapRuleset;
use grundy::solve::{sequence, NimSeq};
use std::sync::Arc;

/// The heap ruleset `name`.
fn heap(name: &str) -> anyhow::Result<Arc<dyn HeapRuleset>> {
    super::games::heap(name)
}

/// The dense table of `name` to `to`, by search.
fn table(c: &Ctx, name: &str, to: u64) -> anyhow::Result<NimSeq> {
    Ok(sequence(heap(name)?.as_ref(), to, &c.ctl)?)
}

/// The values of heaps `from..=to` as u64 (the rulesets checked here have small values).
fn small(s: &NimSeq, n: u64) -> u64 {
    s.get_u64(n).expect("value below 2^64")
}

/// The checks of paper 003.
pub fn jobs() -> Vec<Job> {
    let mut v = printed::jobs();
    v.extend(theorems::specs().into_iter().map(Job::from));
    v.extend(claims::specs().into_iter().map(Job::from));
    v
}

/// Holds if `bad` is empty, else a disagreement listing the first few.
fn all_hold(bad: &[String], computed: impl Into<String>, range: impl Into<String>, paper: &str) -> Outcome {
    let shown: Vec<&str> = bad.iter().take(5).map(|s| s.as_str()).collect();
    let more = if bad.len() > 5 {
        format!(" (and {} more)", bad.len() - 5)
    } else {
        String::new()
    };
    Outcome::check(
        bad.is_empty(),
        computed,
        range,
        paper,
        format!("{}{more}", shown.join("; ")),
    )
}
