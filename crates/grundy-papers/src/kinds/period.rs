//! The period of a heap ruleset, searched and proven, against the literature's.

use crate::claim::{Ctx, Expected};
use crate::engine;
use crate::error::Result;
use crate::outcome::{Outcome, Verdict};

/// Runs a [`crate::Kind::Period`] check.
///
/// # Errors
/// The engine's (memory limit, interruption, unknown ruleset).
pub fn run(c: &Ctx, expected: Option<Expected>) -> Result<Outcome> {
    let name = c.ruleset();
    let r = engine::period_search(name, c.to(), c.ctl())?;
    let range = format!("{name} heaps 0..={}", r.to);
    let stats = format!(
        "largest value {}, {} P-positions among them",
        r.largest().unwrap_or(0),
        r.p_positions()
    );
    let text = |p: u64, n0: u64| format!("period {p}, preperiod {n0} (last exception {})", n0 as i128 - 1);
    Ok(match (expected, &r.certificate, r.found) {
        (Some(e), Some(cert), _) => {
            let per = cert.periodicity;
            let computed = format!(
                "{per} proven: the values agree with it on heaps {}..={} ({}); {stats}",
                per.preperiod, cert.proof_end, cert.theorem.source
            );
            Outcome::compare(
                text(e.period, e.preperiod),
                text(per.period, per.preperiod),
                computed,
                range,
            )
        }
        (Some(e), None, found) => Outcome::new(
            format!(
                "{}; {stats}",
                match found {
                    Some(p) => format!("{p} apparent, not proven within the range"),
                    None => "no period apparent within the range".into(),
                }
            ),
            range,
            Verdict::Disagrees {
                paper: text(e.period, e.preperiod),
                ours: format!("not confirmed up to heap {}", r.to),
            },
        ),
        (None, _, None) => Outcome::consistent(format!("no period within the range; {stats}"), range),
        (None, _, Some(p)) => Outcome::counterexample(
            stats.clone(),
            range,
            format!("{p} appears within the range, though no period is known"),
        ),
    })
}
