//! The claim tables: ids, kinds and rows pinned; the verdicts of every quick check
//! pinned against `verdicts.txt` (the 151 checks of the seed papers, the 10 classic
//! take-and-break results, the 7 census checks, then the 6 results of misère play).

use grundy_papers::{claims, run, run_all, verify_min_claims, Context, Kind, Verdict};
use std::collections::HashSet;

/// `id status` per check, in report order.
const VERDICTS: &str = include_str!("verdicts.txt");

fn pinned() -> Vec<(&'static str, &'static str)> {
    VERDICTS
        .lines()
        .map(|l| l.split_once(' ').expect("id status"))
        .collect()
}

#[test]
fn the_checks_are_the_pinned_ones_in_order() {
    let ids: Vec<String> = claims()
        .iter()
        .filter(|c| !c.is_figure())
        .map(|c| c.id.to_string())
        .collect();
    let want: Vec<&str> = pinned().iter().map(|p| p.0).collect();
    assert_eq!(ids, want);
    assert_eq!(ids.len(), 174);
    assert_eq!(
        ids.iter()
            .filter(|i| !i.starts_with("100-") && !i.starts_with("101-") && !i.starts_with("102-"))
            .count(),
        151
    );
}

#[test]
fn every_row_is_well_formed() {
    let all = claims();
    let mut seen = HashSet::new();
    for c in &all {
        assert!(seen.insert(c.id.to_string()), "duplicate id {}", c.id);
        assert!(c.id.len() > 4 && c.id.as_bytes()[3] == b'-', "{}", c.id);
        assert!(grundy_papers::PAPERS.iter().any(|(p, _)| *p == c.paper()), "{}", c.id);
        assert!(!c.source.is_empty() && !c.statement.is_empty(), "{}", c.id);
        let needs_ruleset = matches!(
            c.kind,
            Kind::ClosedForm { .. } | Kind::ValueSet { .. } | Kind::Observation { .. } | Kind::Min(_) | Kind::Figure(_)
        );
        assert!(!needs_ruleset || c.ruleset.is_some(), "{} names no ruleset", c.id);
        let needs_size = matches!(c.kind, Kind::ClosedForm { .. } | Kind::Min(_) | Kind::Figure(_));
        assert!(!needs_size || c.size.is_some(), "{} has no size", c.id);
        if let Some(s) = c.size {
            assert!(s.quick <= s.full, "{}", c.id);
        }
    }
    // Figures come after the checks of their paper and are drawn, not run.
    let fig = all.iter().find(|c| c.is_figure()).unwrap();
    assert!(matches!(
        run(fig, &Context::quick()),
        Err(grundy_papers::Error::Figure(_))
    ));
    assert_eq!(all.iter().filter(|c| c.is_figure()).count(), 8);
}

/// How many rows each kind has: the shared kinds carry most claims; the bespoke ones
/// (`custom`) are the rest.
#[test]
fn rows_per_kind() {
    let mut counts = std::collections::BTreeMap::new();
    for c in claims() {
        *counts.entry(c.kind.name()).or_insert(0) += 1;
    }
    let want = [
        ("closed_form", 26),
        ("custom", 59),
        ("figure", 8),
        ("min", 22),
        ("nim_sum", 4),
        ("observation", 3),
        ("period", 8),
        ("sequence", 21),
        ("table", 18),
        ("value_set", 6),
        ("values", 2),
        ("winning_moves", 5),
    ];
    assert_eq!(counts.into_iter().collect::<Vec<_>>(), want);
}

#[test]
fn verify_min_holds_and_counts_instances() {
    let ctx = Context::quick();
    for c in verify_min_claims(300) {
        let o = run(&c, &ctx).unwrap();
        assert_eq!(o.verdict, Verdict::Holds, "{}: {}", c.id, o.computed);
        assert!(o.instances.unwrap() >= 300, "{}", c.id);
    }
}

/// Runs every quick check (about 15 s in the test profile) and compares the verdicts
/// with the pinned ones.
#[test]
fn every_verdict_is_the_pinned_one() {
    let checks = run_all("", &Context::quick()).unwrap();
    let got: Vec<(String, &str)> = checks.iter().map(|c| (c.id.clone(), c.verdict.status())).collect();
    let want: Vec<(String, &str)> = pinned().into_iter().map(|(i, s)| (i.to_string(), s)).collect();
    assert_eq!(got, want);
}

/// `reproduce --full`'s size of the subtraction[1..k] period check (k up to 300, each
/// table 5(k + 1) heaps, whole periods) holds: periods of 64 and more were missed when
/// the table was a whole number of periods, so k = 63 was reported as "no period".
#[test]
fn the_full_subtraction_period_check_holds() {
    let c = grundy_papers::find("004-period-subtraction-1-to-k").unwrap();
    let o = run(&c, &Context::full()).unwrap();
    assert_eq!(o.verdict, Verdict::Holds, "{}", o.computed);
}
