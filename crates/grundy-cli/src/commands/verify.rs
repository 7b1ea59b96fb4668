//! `grundy verify NAME --to N`: closed form against search over a range. MIN has no
//! closed form; for it, verify compares its two engines and checks Theorem 1 and
//! Lemma 3 of paper 001 (the claims of [`grundy_papers::verification_claims`]).

use super::EXIT_MISMATCH;
use crate::output::{print_json, stdout, Format};
use grundy::analysis::verify::verify;
use grundy::catalog::parse_ruleset;
use grundy::Control;
use grundy_papers::{verification_claims, Context};
use serde::Serialize;
use std::process::ExitCode;

/// Arguments of `grundy verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset, with parameters if it takes them.
    name: String,
    /// Largest heap (or largest coordinate, for tuple rulesets).
    #[arg(long, value_parser = super::bound::parse_count)]
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
    /// The closed form's statement and citation (the same text as `grundy list`).
    statement: String,
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

/// A ruleset without a closed form whose verification is its claims in the papers.
#[derive(Debug)]
struct NoClosedForm(String);

impl std::fmt::Display for NoClosedForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} has no closed form", self.0)
    }
}

impl std::error::Error for NoClosedForm {}

/// `verify NAME` for a ruleset without a closed form: the claims of the literature
/// about its engines and values ([`grundy_papers::verification_claims`]; for `min` the
/// sieve for the values 0 and 1 against the rows, Theorem 1 on both, and Lemma 3, for
/// a ≤ `to`).
fn run_claims(name: &str, to: u64, format: Format, ctl: &Control) -> anyhow::Result<ExitCode> {
    if to == 0 {
        anyhow::bail!("verify {name}: --to must be at least 1 (the checks are about rows a ≥ 1)");
    }
    let ctx = Context {
        control: ctl.clone(),
        full: false,
    };
    let mut checks = Vec::new();
    for claim in verification_claims(name, to) {
        let o = grundy_papers::run(&claim, &ctx)?;
        let failure = o.verdict.failure();
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
        Format::Text => stdout(|w| {
            writeln!(
                w,
                "{name}: no closed form is known; checked the literature's statements about its engines and values"
            )?;
            for c in &checks {
                match &c.failure {
                    None => writeln!(
                        w,
                        "  holds  {} — {}: {} instances ({})",
                        c.source, c.claim, c.checked, c.range
                    )?,
                    Some(f) => writeln!(w, "  FAILS  {} — {}: {f} ({})", c.source, c.claim, c.range)?,
                }
            }
            Ok(())
        })?,
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
    let reports = verify(&rs, a.to, a.arity, ctl).map_err(|e| match e {
        grundy::Error::NoFormula { ruleset, .. } if !verification_claims(&ruleset, 1).is_empty() => {
            anyhow::Error::new(NoClosedForm(ruleset))
        }
        grundy::Error::NoFormula { ruleset, detail, .. } => anyhow::anyhow!(
            "no closed form is known for {ruleset}{}, so there is nothing to verify; `grundy seq {ruleset}` computes its values by search",
            detail.map(|d| format!(" ({d})")).unwrap_or_default()
        ),
        other => other.into(),
    });
    let reports = match reports {
        Err(e) => match e.downcast::<NoClosedForm>() {
            Ok(NoClosedForm(name)) => return run_claims(&name, a.to, a.format, ctl),
            Err(e) => return Err(e),
        },
        Ok(r) => r,
    };
    let failed = reports.iter().any(|r| r.mismatch.is_some() || r.violations > 0);
    let outs: Vec<Out> = reports
        .into_iter()
        .map(|r| Out {
            ruleset: r.ruleset,
            statement: r.statement.to_string(),
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
        Format::Text => stdout(|w| {
            for o in &outs {
                writeln!(w, "{}: closed form: {}", o.ruleset, o.statement)?;
                match &o.mismatch {
                    None => {
                        write!(
                            w,
                            "{}: the closed form agrees with search on {} positions ({})",
                            o.ruleset, o.checked, o.range
                        )?;
                        if o.not_covered > 0 {
                            write!(w, "; {} positions are outside the closed form's claim", o.not_covered)?;
                        }
                        writeln!(w)?;
                    }
                    Some(m) => writeln!(
                        w,
                        "{}: MISMATCH at {}: closed form {}, search {} (after {} agreeing positions)",
                        o.ruleset,
                        m.position,
                        m.formula,
                        m.search,
                        o.checked - 1
                    )?,
                }
                if o.violations > 0 {
                    writeln!(
                        w,
                        "{}: {} heaps violate a property the theorem states; first:",
                        o.ruleset, o.violations
                    )?;
                    for v in &o.first_violations {
                        writeln!(w, "  {} = {}: {}", v.position, v.value, v.claim)?;
                    }
                }
            }
            Ok(())
        })?,
    }
    Ok(if failed {
        ExitCode::from(EXIT_MISMATCH)
    } else {
        ExitCode::SUCCESS
    })
}
