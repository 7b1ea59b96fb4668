//! The printed tables and sequence prefixes of paper 003 against the rules and search
//! (data in `grundy::rulesets::arithmetic::paper`).

use super::super::{Ctx, Job, Outcome};
use grundy::analysis::tables::{check_option_table, check_prefix, OptionTable, Prefix, TableCheck};
use grundy::rulesets::arithmetic::paper::{PREFIXES, TABLES};

fn outcome(c: TableCheck, what: &str, range: String) -> Outcome {
    super::all_hold(
        &c.mismatches,
        format!("{} {what} compared with our options and search", c.compared),
        range,
        "as printed",
    )
}

fn run_table(c: &Ctx, t: &OptionTable) -> anyhow::Result<Outcome> {
    let heaps: Vec<String> = t.rows.iter().map(|r| r.0.to_string()).collect();
    let range = format!("{}({})", t.ruleset, heaps.join(", "));
    Ok(outcome(check_option_table(t, &c.ctl)?, "rows", range))
}

fn run_prefix(c: &Ctx, p: &Prefix) -> anyhow::Result<Outcome> {
    let count = p.values.split(',').count() as u64;
    let last = p.from + p.step * (count - 1);
    let range = if p.step == 1 {
        format!("{} heaps {}..{last}", p.ruleset, p.from)
    } else {
        format!("{} heaps {}, {}, …, {last}", p.ruleset, p.from, p.from + p.step)
    };
    Ok(outcome(check_prefix(p, &c.ctl)?, "values", range))
}

/// One check per printed table and per listed prefix.
pub fn jobs() -> Vec<Job> {
    let tables = TABLES.iter().map(|t: &'static OptionTable| Job {
        id: format!("003-table-{}", t.id),
        source: format!("paper 003 {}", t.source),
        claim: format!("the printed options and nim-values of {}", t.ruleset),
        run: Box::new(move |c| run_table(c, t)),
    });
    let prefixes = PREFIXES.iter().map(|p: &'static Prefix| Job {
        id: format!("003-seq-{}", p.id.trim_end_matches("-seq")),
        source: format!("paper 003 {}", p.source),
        claim: format!("the listed nim-values of {}: {}", p.ruleset, p.values),
        run: Box::new(move |c| run_prefix(c, p)),
    });
    tables.chain(prefixes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_and_prefix_has_a_check() {
        let ids: Vec<String> = jobs().into_iter().map(|j| j.id).collect();
        assert_eq!(ids.len(), TABLES.len() + PREFIXES.len());
        let mut unique = ids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), ids.len());
    }
}
