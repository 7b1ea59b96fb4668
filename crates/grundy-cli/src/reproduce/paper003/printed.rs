//! The printed tables and sequence prefixes of paper 003 against the rules and search
//! (data in `grundy::rulesets::arithmetic::paper`).

use super::super::{Ctx, Outcome, Spec};
use grundy::analysis::tables::{check_option_table, check_prefix, TableCheck};
use grundy::rulesets::arithmetic::paper::{PREFIXES, TABLES};

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn outcome(c: TableCheck, what: &str, range: String) -> Outcome {
    super::all_hold(
        &c.mismatches,
        format!("{} {what} compared with our options and search", c.compared),
        range,
        "as printed",
    )
}

fn run_table(c: &Ctx, i: usize) -> anyhow::Result<Outcome> {
    let t = &TABLES[i];
    let heaps: Vec<String> = t.rows.iter().map(|r| r.0.to_string()).collect();
    let range = format!("{}({})", t.ruleset, heaps.join(", "));
    Ok(outcome(check_option_table(t, &c.ctl)?, "rows", range))
}

fn run_prefix(c: &Ctx, i: usize) -> anyhow::Result<Outcome> {
    let p = &PREFIXES[i];
    let count = p.values.split(',').count() as u64;
    let last = p.from + p.step * (count - 1);
    let range = if p.step == 1 {
        format!("{} heaps {}..{last}", p.ruleset, p.from)
    } else {
        format!("{} heaps {}, {}, …, {last}", p.ruleset, p.from, p.from + p.step)
    };
    Ok(outcome(check_prefix(p, &c.ctl)?, "values", range))
}

macro_rules! table_specs {
    ($($i:literal),*) => {
        vec![$(Spec {
            id: leak(format!("003-table-{}", TABLES[$i].id)),
            source: leak(format!("paper 003 {}", TABLES[$i].source)),
            claim: leak(format!("the printed options and nim-values of {}", TABLES[$i].ruleset)),
            run: |c| run_table(c, $i),
        }),*]
    };
}

macro_rules! prefix_specs {
    ($($i:literal),*) => {
        vec![$(Spec {
            id: leak(format!("003-seq-{}", PREFIXES[$i].id.trim_end_matches("-seq"))),
            source: leak(format!("paper 003 {}", PREFIXES[$i].source)),
            claim: leak(format!("the listed nim-values of {}: {}", PREFIXES[$i].ruleset, PREFIXES[$i].values)),
            run: |c| run_prefix(c, $i),
        }),*]
    };
}

/// One check per printed table and per listed prefix.
pub fn specs() -> Vec<Spec> {
    let mut v = table_specs!(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17);
    v.extend(prefix_specs!(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20
    ));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_and_prefix_has_a_check() {
        assert_eq!(specs().len(), TABLES.len() + PREFIXES.len());
    }
}
