//! A closed form against search over a range ([`Kind::ClosedForm`](crate::Kind)):
//! the one place where the library's `VerifyReport` becomes an [`Outcome`].

use crate::claim::{Ctx, Game};
use crate::engine::{self, VerifyReport};
use crate::error::Result;
use crate::outcome::Outcome;

/// Runs the closed-form check of the row in `c`.
///
/// # Errors
/// An unknown ruleset, no closed form, the engine's.
pub fn run(c: &Ctx, game: Game, range: &str, note: &str) -> Result<Outcome> {
    let (name, to) = (c.ruleset(), c.to());
    let (report, first, m) = match game {
        Game::Heap => {
            let (_, first) = engine::heap_info(name)?;
            (engine::verify_heap(name, to, c.ctl())?, first, 1)
        }
        Game::Tuple(m) => (engine::verify_tuple(name, m, to, c.ctl())?, 0, m),
    };
    let range = range
        .replace("{name}", &report.ruleset)
        .replace("{first}", &first.to_string())
        .replace("{to}", &to.to_string())
        .replace("{m}", &m.to_string())
        .replace("{box}", &(to + 1).pow(m as u32).to_string())
        .replace("{checked}", &report.checked.to_string());
    let unit = match game {
        Game::Heap => "heaps",
        Game::Tuple(_) => "positions",
    };
    Ok(outcome(report, range, unit, note))
}

/// The outcome of a closed form checked against search: holds if they agree on every
/// position and no other stated property fails, else the first disagreement with both
/// values (the paper's formula and our search).
pub fn outcome(r: VerifyReport, range: String, unit: &str, note: &str) -> Outcome {
    if let Some(x) = r.mismatch {
        return Outcome::check(
            false,
            format!("first disagreement at {}", x.position),
            range,
            x.formula,
            x.search,
        );
    }
    let mut computed = format!("search agrees with the closed form on {} {unit}", r.checked);
    if r.not_covered > 0 {
        computed += &format!(" ({} heaps are outside the values the theorem gives)", r.not_covered);
    }
    if r.violations > 0 {
        computed += &format!("; its other stated properties fail on {} heaps", r.violations);
    }
    computed += note;
    if r.violations > 0 {
        let first: Vec<String> = r
            .first_violations
            .iter()
            .map(|v| format!("{} = {}: {}", v.position, v.value, v.claim))
            .collect();
        return Outcome::check(
            false,
            computed,
            range,
            "every stated property holds for all n",
            format!(
                "{} {} one: {}",
                r.violations,
                if r.violations == 1 {
                    "heap violates"
                } else {
                    "heaps violate"
                },
                first.join("; ")
            ),
        );
    }
    Outcome::holds(computed, range)
}
