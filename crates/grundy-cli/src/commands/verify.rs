//! `grundy verify NAME --to N`: closed form against search over a range. MIN has no
//! closed form; for it, verify compares its two engines and checks Theorem 1 and
//! Lemma 3 of paper 001 (the MIN claims of [`grundy_papers::verify_min_claims`]).

use super::EXIT_MISMATCH;
use crate::output::{print_json, Format};
use grundy::analysis::verify::{verify_heap, verify_tuple, VerifyReport};
use grundy::catalog::parse_ruleset;
use grundy::game::{Arity, Ruleset};
use grundy::Control;
use grundy_papers::{verify_min_claims, Context, Verdict};
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset, with parameters if it takes them.
    name: String,
    /// Largest heap (or largest coordinate, for tuple rulesets).
    #[arg(long)]
    to: u64,
    /// For rulesets on tuples of any length (cdn): the tuple length; default 1, 2 and 3.
    #[arg(long)]
    arity: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

#[derive(Serialize)]
struct MismatchOut {
    position: String,
    formula: String,
    search: String,
}

#[derive(Serialize)]
struct Out {
    ruleset: String,
    range: String,
    checked: u64,
    not_covered: u64,
    mismatch: Option<MismatchOut>,
    violations: u64,
    first_violations: Vec<ViolationOut>,
}

#[derive(Serialize)]
struct ViolationOut {
    position: String,
    value: String,
    claim: String,
}

#[derive(Serialize)]
struct MinOut {
    claim: String,
    source: String,
    range: String,
    checked: u64,
    holds: bool,
    failure: Option<String>,
}

/// `verify min`: the sieve for the values 0 and 1 against the rows (full search),
/// Theorem 1 on both, and Lemma 3, for a ≤ `to`.
fn run_min(to: u64, format: Format, ctl: &Control) -> anyhow::Result<ExitCode> {
    if to == 0 {
        anyhow::bail!("verify min: --to must be at least 1 (the checks are about rows a ≥ 1)");
    }
    let ctx = Context {
        control: ctl.clone(),
        full: false,
    };
    let mut checks = Vec::new();
    for claim in verify_min_claims(to) {
        let o = grundy_papers::run(&claim, &ctx)?;
        let failure = match o.verdict {
            Verdict::Holds => None,
            Verdict::Disagrees { ours, .. } => Some(ours),
            other => Some(other.label()),
        };
        checks.push(MinOut {
            holds: failure.is_none(),
            claim: claim.statement.to_string(),
            source: claim.source.to_string(),
            range: o.range,
            checked: o.instances.unwrap_or(0),
            failure,
        });
    }
    let failed = checks.iter().any(|c| !c.holds);
    match format {
        Format::Json => print_json(&checks)?,
        Format::Text => {
            println!("min: no closed form is known; checked the two engines and paper 001's Theorem 1 and Lemma 3");
            for c in &checks {
                match &c.failure {
                    None => println!(
                        "  holds  {} — {}: {} instances ({})",
                        c.source, c.claim, c.checked, c.range
                    ),
                    Some(f) => println!("  FAILS  {} — {}: {f} ({})", c.source, c.claim, c.range),
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::from(EXIT_MISMATCH)
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    if rs.name() == "min" {
        return run_min(a.to, a.format, ctl);
    }
    let reports: Vec<VerifyReport> = match &rs {
        Ruleset::Heap(h) => vec![verify_heap(h, a.to, ctl)?],
        Ruleset::Loopy(l) => anyhow::bail!(
            "{} is a loopy ruleset with no closed form to verify; `grundy seq {}` computes its values",
            l.name(),
            l.name()
        ),
        Ruleset::Tuple(t) => {
            let arities: Vec<usize> = match (a.arity, t.arity()) {
                (Some(k), _) => vec![k],
                (None, Arity::Exactly(k)) => vec![k],
                (None, Arity::AtLeast(k)) => (k.max(1)..=3).collect(),
            };
            let mut v = Vec::new();
            for k in arities {
                let r = verify_tuple(t, k, a.to, ctl)?;
                let bad = r.mismatch.is_some();
                v.push(r);
                if bad {
                    break;
                }
            }
            v
        }
    };
    let failed = reports.iter().any(|r| r.mismatch.is_some() || r.violations > 0);
    let outs: Vec<Out> = reports
        .into_iter()
        .map(|r| Out {
            ruleset: r.ruleset,
            range: r.range,
            checked: r.checked,
            not_covered: r.not_covered,
            mismatch: r.mismatch.map(|m| MismatchOut {
                position: m.position,
                formula: m.formula.to_string(),
                search: m.search.to_string(),
            }),
            violations: r.violations,
            first_violations: r
                .first_violations
                .into_iter()
                .map(|v| ViolationOut {
                    position: v.position,
                    value: v.value.to_string(),
                    claim: v.claim,
                })
                .collect(),
        })
        .collect();
    match a.format {
        Format::Json => print_json(&outs)?,
        Format::Text => {
            for o in &outs {
                match &o.mismatch {
                    None => {
                        print!(
                            "{}: the closed form agrees with search on {} positions ({})",
                            o.ruleset, o.checked, o.range
                        );
                        if o.not_covered > 0 {
                            print!("; {} positions are outside the closed form's claim", o.not_covered);
                        }
                        println!();
                    }
                    Some(m) => println!(
                        "{}: MISMATCH at {}: closed form {}, search {} (after {} agreeing positions)",
                        o.ruleset,
                        m.position,
                        m.formula,
                        m.search,
                        o.checked - 1
                    ),
                }
                if o.violations > 0 {
                    println!(
                        "{}: {} heaps violate a property the theorem states; first:",
                        o.ruleset, o.violations
                    );
                    for v in &o.first_violations {
                        println!("  {} = {}: {}", v.position, v.value, v.claim);
                    }
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::from(EXIT_MISMATCH)
    } else {
        ExitCode::SUCCESS
    })
}
