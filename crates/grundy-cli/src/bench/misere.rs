//! Benchmarks of misère play: the quotient engine (0.75 and Kayles until solved,
//! Dawson's Kayles and Grundy's game for 60 s each) and answers from a quotient
//! against the search engine. Run them with `grundy bench misere/`; they are listed
//! by `--list` and never run in tests.

use super::loopy::Rng;
use super::Bench;
use anyhow::{ensure, Result};
use grundy::catalog::{parse_position, parse_ruleset};
use grundy::solve::misere::{check_certificate, quotient, MisereSearch, Quotient, Status};
use grundy::solve::{Method, Play, Solver};
use grundy::Control;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A control without a work limit that is cancelled after `secs` seconds.
fn timed(secs: u64) -> Control {
    let ctl = Control::new().with_work_limit(u64::MAX);
    let flag = ctl.cancel_flag();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(secs));
        flag.store(true, Ordering::Relaxed);
    });
    ctl
}

/// The quotient of `name` to heap `to` (or until solved, or for `secs` seconds).
fn compute(name: &str, to: u64, secs: u64) -> Result<(Quotient, f64)> {
    let rs = parse_ruleset(name)?;
    let rs = rs.as_heap("bench")?;
    let t = Instant::now();
    let q = quotient(rs.as_ref(), to, &timed(secs))?;
    Ok((q, t.elapsed().as_secs_f64()))
}

/// `heap N, |Q| = …, |P| = …, solved/partial, s per heap`, and where Q grew.
fn summary(q: &Quotient, seconds: f64) -> String {
    let status = match q.status {
        Status::Solved { period, preperiod, .. } => format!("solved (period {period} from heap {preperiod})"),
        Status::Partial => "partial".into(),
    };
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|c| format!("{}:{}/{}", c.heap, c.order, c.p_size))
        .collect();
    format!(
        "heap {} reached, |Q| = {}, |P| = {}, {status}, {:.2e} s per heap; |Q|/|P| grew at {}{}",
        q.to,
        q.order(),
        q.p_portion.len(),
        seconds / q.to.max(1) as f64,
        changes.join(" "),
        q.stopped
            .as_ref()
            .map(|e| format!("; stopped: {e}"))
            .unwrap_or_default()
    )
}

/// The independent checker on the quotient of `name` to `to`.
fn check(name: &str, to: u64) -> Result<String> {
    let rs = parse_ruleset(name)?;
    let rs = rs.as_heap("bench")?;
    let q = quotient(rs.as_ref(), to, &Control::new())?;
    let what = check_certificate(&q.certificate(), rs.as_ref(), &Control::new())?;
    Ok(what.split(':').next().unwrap_or("").to_string() + ": certificate holds")
}

/// `count` random sums of `heaps` Kayles heaps 1…`largest`, as expressions.
fn sums(count: usize, heaps: usize, largest: u64, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let hs: Vec<String> = (0..heaps).map(|_| (1 + rng.below(largest)).to_string()).collect();
            format!("kayles({})", hs.join(","))
        })
        .collect()
}

/// The misère outcomes of sums through the solver (from Kayles' quotient) and, for
/// the small ones, through the search as well; a disagreement is an error.
fn kayles_sums() -> Result<String> {
    let mut solver = Solver::new(Method::Auto, Control::new()).with_play(Play::Misere);
    let mut p = 0;
    for e in sums(10_000, 20, 1000, 1) {
        let v = solver.misere_value(&parse_position(&e)?)?;
        ensure!(v.quotient.is_some(), "{e} was not answered from the quotient");
        p += usize::from(v.outcome == grundy::value::Outcome::P);
    }
    Ok(format!(
        "10000 sums of 20 heaps ≤ 1000 from the quotient: {p} P-positions"
    ))
}

fn kayles_sums_search() -> Result<String> {
    let mut quotient = Solver::new(Method::Auto, Control::new()).with_play(Play::Misere);
    let mut search = MisereSearch::new(Control::new());
    let mut p = 0;
    for e in sums(10_000, 3, 12, 2) {
        let pos = parse_position(&e)?;
        let s = search.outcome(&pos)?;
        ensure!(
            quotient.misere_value(&pos)?.outcome == s,
            "{e}: the quotient and the search disagree"
        );
        p += usize::from(s == grundy::value::Outcome::P);
    }
    Ok(format!(
        "10000 sums of 3 heaps ≤ 12 by the search (sums of 20 heaps ≤ 1000 are beyond it), the same outcomes from the quotient: {p} P-positions"
    ))
}

pub fn benches() -> Vec<Bench> {
    vec![
        Bench {
            name: "misere/0.75-to-1000",
            target: "the misère quotient of 0.75 to heap 1000 (stops once solved: R₈)",
            baseline: "the independent checker on its certificate",
            requirement: "the quotient of 0.75 to heap 1000 (MisereSolver: 0.14 s) (README, Benchmarks)",
            run_target: || compute("0.75", 1000, 600).map(|(q, s)| summary(&q, s)),
            run_baseline: || check("0.75", 1000),
        },
        Bench {
            name: "misere/kayles-solved",
            target: "the misère quotient of Kayles (0.77) until solved",
            baseline: "the independent checker on its certificate",
            requirement: "Kayles solved in under 0.15 s (MisereSolver: 0.3 s) (README, Benchmarks)",
            run_target: || compute("kayles", 100_000, 600).map(|(q, s)| summary(&q, s)),
            run_baseline: || check("kayles", 100_000),
        },
        Bench {
            name: "misere/dawsons-kayles-60s",
            target: "the misère quotient of Dawson's Kayles (0.07) for 60 s",
            baseline: "the same to heap 20",
            requirement:
                "past heap 34 within 10 minutes (MisereSolver: heap 33 in 11 s, not 34 in 600 s) (README, Benchmarks)",
            run_target: || compute("dawsons-kayles", 100_000, 60).map(|(q, s)| summary(&q, s)),
            run_baseline: || compute("dawsons-kayles", 20, 600).map(|(q, s)| summary(&q, s)),
        },
        Bench {
            name: "misere/grundys-game-60s",
            target: "the misère quotient of Grundy's game (4!.0) for 60 s",
            baseline: "the same to heap 20",
            requirement: "as far as it goes in 60 s (heap, |Q|, time per heap) (README, Benchmarks)",
            run_target: || compute("grundys-game", 100_000, 60).map(|(q, s)| summary(&q, s)),
            run_baseline: || compute("grundys-game", 20, 600).map(|(q, s)| summary(&q, s)),
        },
        Bench {
            name: "misere/kayles-sums",
            target: "misère outcomes of 10000 random sums of 20 Kayles heaps ≤ 1000, through the quotient",
            baseline:
                "10000 random sums of 3 Kayles heaps ≤ 12 through the search engine, checked against the quotient",
            requirement: "answers in time linear in the number of components (README, Benchmarks)",
            run_target: kayles_sums,
            run_baseline: kayles_sums_search,
        },
    ]
}
