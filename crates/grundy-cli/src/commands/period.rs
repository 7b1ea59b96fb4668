//! `grundy period NAME --to N`: the smallest period, preperiod and saltus of a heap
//! ruleset's nim-value sequence over heaps up to N, and whether it is proven or only
//! apparent within N.

use crate::output::{print_json, Format};
use crate::values::heap_points;
use anyhow::{bail, Result};
use grundy::analysis::periodicity::{detect, proven_by, Evidence, Periodicity};
use grundy::catalog::parse_ruleset;
use grundy::game::HeapRuleset;
use grundy::Control;
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy period`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset, e.g. 'subtraction[2,5,7]' or nim.
    name: String,
    /// Last heap size examined.
    #[arg(long)]
    to: u64,
    /// First heap size examined (default: the ruleset's first position).
    #[arg(long)]
    from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Whether a period was found, and how sure it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Proven for all heaps (the reason gives the argument).
    Proven,
    /// The computed values agree with it; nothing is proven beyond N.
    Apparent,
    /// No period is apparent within N.
    None,
}

/// The analysis of one sequence.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Ruleset name.
    pub ruleset: String,
    /// First heap examined.
    pub from: u64,
    /// Last heap examined.
    pub to: u64,
    /// Proven, apparent or none.
    pub status: Status,
    /// Smallest period, if one was found.
    pub period: Option<u64>,
    /// Smallest preperiod for it.
    pub preperiod: Option<u64>,
    /// Saltus (0: ordinary periodicity).
    pub saltus: Option<i64>,
    /// Why it is proven, or what "apparent" and "none" mean here.
    pub reason: String,
}

/// Analyses heaps `from..=to` of `rs`.
pub fn analyse(rs: &dyn HeapRuleset, from: u64, values: &[u64], to: u64) -> Report {
    let ev = Evidence::default();
    let found = detect(values, from, ev);
    let theorem = rs.periodicity();
    let end = |p: &Periodicity| theorem.and_then(|t| t.proof_end(p.preperiod, p.period, p.saltus));
    let (status, reason) = match (&found, theorem) {
        (Some(p), Some(t)) if proven_by(t, p, to) => (
            Status::Proven,
            format!(
                "the values agree with the period on heaps {n0}..={to}, which covers the heaps through {need} that \
                 the theorem needs, so the period continues forever ({statement})",
                n0 = p.preperiod,
                need = end(p).unwrap_or(to),
                statement = t.statement(),
            ),
        ),
        (Some(p), _) => (
            Status::Apparent,
            format!(
                "the values agree with it on heaps {}..={to}; nothing is proven beyond {to}{}",
                p.preperiod,
                match end(p) {
                    Some(need) =>
                        format!(" (a proof by the ruleset's periodicity theorem needs the values up to heap {need})"),
                    None => String::new(),
                }
            ),
        ),
        (None, _) => (
            Status::None,
            format!(
                "no period p for which G(n+p) − G(n) is constant on a stretch of at least {} periods and half the \
                 heaps {from}..={to}",
                ev.min_periods
            ),
        ),
    };
    Report {
        ruleset: rs.name(),
        from,
        to,
        status,
        period: found.map(|p| p.period),
        preperiod: found.map(|p| p.preperiod),
        saltus: found.map(|p| p.saltus),
        reason,
    }
}

/// The report as a sentence.
pub fn text(r: &Report) -> String {
    match (r.status, r.period, r.preperiod, r.saltus) {
        (Status::None, ..) => format!(
            "{}: no period within heaps {}..={} ({})",
            r.ruleset, r.from, r.to, r.reason
        ),
        (status, Some(period), Some(preperiod), Some(saltus)) => {
            let per = Periodicity {
                preperiod,
                period,
                saltus,
            };
            let kind = if saltus == 0 {
                format!("period {period}, preperiod {preperiod}")
            } else {
                format!("arithmetic-periodic: period {period}, preperiod {preperiod}, saltus {saltus}")
            };
            let how = if status == Status::Proven {
                "proven".to_string()
            } else {
                format!("apparent within heaps {}..={}", r.from, r.to)
            };
            format!("{}: {per} — {kind}; {how}: {}", r.ruleset, r.reason)
        }
        _ => format!("{}: {}", r.ruleset, r.reason),
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    let rs = rs.as_heap("period")?;
    let from = a.from.unwrap_or(rs.first_heap()).max(rs.first_heap());
    if from > a.to {
        bail!("--from {from} is larger than --to {}", a.to);
    }
    let values: Vec<u64> = heap_points(rs, from, a.to, ctl)?.into_iter().map(|p| p.1).collect();
    let r = analyse(rs.as_ref(), from, &values, a.to);
    match a.format {
        Format::Text => println!("{}", text(&r)),
        Format::Json => print_json(&r)?,
    }
    Ok(ExitCode::SUCCESS)
}
