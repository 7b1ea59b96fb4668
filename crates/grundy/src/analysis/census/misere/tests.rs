use super::super::{members, run_each, Output, Params, Play, Quiet, ROWS_FILE};
use super::*;
use crate::solve::misere::{check_certificate, Certificate};
use std::path::PathBuf;
use std::sync::Mutex;

fn ctl() -> Control {
    Control::new()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-misere-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn heap(code: &str) -> std::sync::Arc<dyn crate::game::HeapRuleset> {
    heap_ruleset(code).unwrap()
}

#[test]
fn a_row_is_the_quotient_computed_directly() {
    for (code, to) in [("0.75", 100), ("4.3", 50), ("0.77", 30), ("0.4", 20), ("4.7", 12)] {
        let o = run_code(code, to, &ctl()).unwrap();
        let q = quotient(heap(code).as_ref(), to, &ctl()).unwrap();
        let r = &o.row;
        assert_eq!(r.code, code);
        assert_eq!(
            (r.to, r.order, r.p_size),
            (q.to, q.order(), q.p_portion.len()),
            "{code}"
        );
        assert_eq!(r.changes, q.changes, "{code}");
        assert_eq!(r.tame, tame_name(q.tame()), "{code}");
        assert_eq!(r.work, q.work, "{code}");
        assert_eq!(
            o.certificate.as_deref(),
            Some(q.certificate().to_json().as_str()),
            "{code}"
        );
        match q.status {
            Status::Solved { preperiod, period, .. } => {
                assert_eq!(r.status, MisereStatus::Solved);
                assert_eq!((r.preperiod, r.period), (Some(preperiod), Some(period)));
                assert!(r.theorem.as_deref().unwrap().contains("Plambeck & Siegel"));
            }
            Status::Partial => {
                assert_eq!(r.status, MisereStatus::Partial);
                assert_eq!((r.preperiod, r.period, &r.theorem), (None, None, &None));
                assert_eq!(r.to, to, "{code}: partial before --to without a reason");
                assert!(r.stopped.is_none());
            }
        }
    }
}

#[test]
fn the_literatures_quotients_come_out() {
    // Plambeck & Siegel 2008: 0.75 has the wild quotient R₈, order 8, |P| = 2, solved.
    let r = run_code("0.75", 100, &ctl()).unwrap().row;
    assert_eq!(
        (r.status, r.order, r.p_size, r.tame.as_str()),
        (MisereStatus::Solved, 8, 2, "wild")
    );
    // 4.3 plays like misère Nim on heaps 0..3: the tame quotient T₂ (order 6, |P| = 2).
    let r = run_code("4.3", 100, &ctl()).unwrap().row;
    assert_eq!(
        (r.status, r.order, r.p_size, r.tame.as_str()),
        (MisereStatus::Solved, 6, 2, "T_2")
    );
    // Kayles' quotient grows at heaps 1, 2, 3, … and is still partial at heap 30 (it is
    // solved only from its normal-play preperiod 71 on).
    let r = run_code("0.77", 30, &ctl()).unwrap().row;
    assert_eq!(r.status, MisereStatus::Partial);
    assert_eq!(r.changes.first().map(|c| c.heap), Some(1));
}

#[test]
fn a_code_over_its_budget_is_partial_to_the_heap_reached_with_a_checkable_certificate() {
    let small = Control::new().with_work_limit(200_000);
    let o = run_code("0.4", 40, &small).unwrap();
    let r = &o.row;
    assert_eq!(r.status, MisereStatus::Partial);
    assert!(r.to > 3 && r.to < 40, "{}", r.to);
    // The reason is a word a resume can check, not the engine's message.
    assert_eq!(r.stopped.as_deref(), Some("work"));
    // The certificate proves the quotient of the heaps reached.
    let cert = Certificate::from_json(o.certificate.as_deref().unwrap()).unwrap();
    assert_eq!((cert.to, cert.status.as_str()), (r.to, "partial"));
    check_certificate(&cert, heap("0.4").as_ref(), &ctl()).unwrap();
    // The same budget gives the same row (the work counted does not depend on time).
    let again = run_code("0.4", 40, &small).unwrap().row;
    assert_eq!((again.to, again.order, again.work), (r.to, r.order, r.work));
}

#[test]
fn a_tampered_certificate_is_rejected() {
    let o = run_code("0.75", 100, &ctl()).unwrap();
    let good = Certificate::from_json(o.certificate.as_deref().unwrap()).unwrap();
    let rs = heap("0.75");
    check_certificate(&good, rs.as_ref(), &ctl()).unwrap();
    // A P-position class dropped, a heap's image changed, another ruleset's name.
    let mut p = good.clone();
    p.p_portion.pop();
    let mut phi = good.clone();
    phi.phi[3] = (phi.phi[3] + 1) % good.table.len() as u32;
    let mut name = good.clone();
    name.ruleset = "take-and-break[0.77]".into();
    for bad in [p, phi, name] {
        let e = check_certificate(&bad, rs.as_ref(), &ctl()).unwrap_err().to_string();
        assert!(e.contains("certificate rejected"), "{e}");
    }
}

fn params(play: Play, max_work: u64) -> Params {
    Params {
        family: "octal:1".into(),
        to: 20,
        max_work,
        play,
    }
}

#[test]
fn a_misere_census_directory_resumes_and_refuses_the_other_play() {
    let dir = temp_dir("resume");
    let codes = members("octal:1", &ctl()).unwrap();
    let small = Control::new().with_work_limit(100_000);
    let p = params(Play::Misere, 100_000);
    let mut out = Output::<MisereRow>::open(&dir, &p, &codes).unwrap();
    for c in &codes[..6] {
        out.record(run_code(c, 20, &small).unwrap()).unwrap();
    }
    out.record(run_code(&codes[0], 20, &small).unwrap()).unwrap(); // a retried code
    drop(out);
    let text = std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap();
    assert_eq!(text.lines().count(), 6);
    // A line cut short by a crash is dropped; the code runs again.
    std::fs::write(dir.join(ROWS_FILE), format!("{text}{{\"code\": \"0.6\", \"sta")).unwrap();
    let mut out = Output::<MisereRow>::open(&dir, &p, &codes).unwrap();
    assert_eq!(out.rows().len(), 6);
    for c in codes.iter().filter(|c| !out.is_done(c)).cloned().collect::<Vec<_>>() {
        out.record(run_code(&c, 20, &small).unwrap()).unwrap();
    }
    let rows = out.finish().unwrap();
    assert_eq!(rows.iter().map(|r| r.code.clone()).collect::<Vec<_>>(), codes);
    // Every row has a certificate that the independent checker accepts.
    for r in &rows {
        let path = dir.join(r.certificate.as_deref().unwrap());
        let cert = Certificate::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
        check_certificate(&cert, heap(&r.code).as_ref(), &ctl()).unwrap();
    }
    let md = std::fs::read_to_string(dir.join("census.md")).unwrap();
    assert!(md.starts_with("# Misère census\n\n15 codes: "), "{md}");
    let csv = std::fs::read_to_string(dir.join("census.csv")).unwrap();
    assert_eq!(csv.lines().count(), 16);
    assert!(csv.contains("\n0.1,solved,"), "{csv}");
    // Normal play, or another budget, in the same directory: refused, naming each.
    let e = Output::<super::super::Row>::open(&dir, &params(Play::Normal, 100_000), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--play (misere there, normal here)"), "{e}");
    let e = Output::<MisereRow>::open(&dir, &params(Play::Misere, 5), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--max-work (100000 there, 5 here)"), "{e}");
    // Rows of one convention under the other's parameters: refused before the files.
    let e = Output::<super::super::Row>::open(&dir, &p, &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("misere play keeps rows of misere play, not of normal play"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_written_before_the_play_convention_is_normal_play() {
    let dir = temp_dir("old");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(super::super::PARAMS_FILE),
        r#"{"family": "octal:1", "to": 20, "max_work": 7}"#,
    )
    .unwrap();
    let codes = members("octal:1", &ctl()).unwrap();
    Output::<super::super::Row>::open(&dir, &params(Play::Normal, 7), &codes).unwrap();
    let e = Output::<MisereRow>::open(&dir, &params(Play::Misere, 7), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--play (normal there, misere here)"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn census(codes: &[String], jobs: usize, ctl: &Control) -> Vec<MisereRow> {
    let rows = Mutex::new(Vec::new());
    run_each(
        codes,
        jobs,
        ctl,
        &|c, s| run_code(c, 24, s),
        &|o: Outcome<MisereRow>| {
            rows.lock().unwrap().push(MisereRow { seconds: 0.0, ..o.row });
            Ok(())
        },
        &Quiet,
    )
    .unwrap();
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by(|a, b| a.code.cmp(&b.code));
    rows
}

#[test]
fn two_jobs_give_the_rows_of_one() {
    let codes = members("octal:1", &ctl()).unwrap();
    let small = Control::new().with_work_limit(300_000);
    let one = census(&codes, 1, &small);
    assert_eq!(one.len(), codes.len());
    assert_eq!(one, census(&codes, 2, &small));
}

#[test]
fn the_engine_must_take_every_code() {
    check_codes(&members("octal:2", &ctl()).unwrap(), &ctl()).unwrap();
    let e = check_codes(&["0.1#".to_string()], &ctl()).unwrap_err().to_string();
    assert!(e.contains("syntax error"), "{e}");
}

#[test]
fn markdown_and_csv_list_every_code() {
    let rows = census(
        &members("octal:1", &ctl()).unwrap(),
        2,
        &Control::new().with_work_limit(300_000),
    );
    let md = markdown(&rows);
    assert!(md.contains("\n4.3 | 6 | 2 | T_2 | "), "{md}");
    assert!(md.contains("## Partial"), "{md}");
    let (solved, partial) = counts(&rows);
    assert_eq!(solved + partial, 15);
    assert!(
        md.contains(&format!("15 codes: {solved} solved, {partial} partial.")),
        "{md}"
    );
    let csv = csv(&rows);
    assert_eq!(csv.lines().count(), 16);
    assert!(csv.contains(",T_2,1:2:1 2:6:2,"), "{csv}");
}

#[test]
fn an_interrupted_code_is_not_a_row() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let stopped = Control::new().with_cancel_flag(flag);
    assert!(matches!(run_code("0.4", 40, &stopped), Err(Error::Interrupted)));
}

#[test]
fn the_probe_puts_codes_its_budget_stops_first() {
    let solved = probe("0.75", 1000, &ctl()).unwrap();
    let reaches = probe("0.4", 1000, &ctl()).unwrap();
    let stopped = probe("0.6", 1000, &ctl()).unwrap(); // |Q| grows past 10^5 at heap 17
    assert_eq!(solved, 0);
    assert!(reaches > 0 && reaches <= 2 * PROBE_WORK, "{reaches}");
    assert!(stopped > reaches, "{stopped} {reaches}");
    let order = super::super::by_cost(&["0.75", "0.4", "0.6"].map(String::from), 2, &ctl(), &|c, s| {
        probe(c, 1000, s)
    })
    .unwrap();
    assert_eq!(order, ["0.6", "0.4", "0.75"]);
}
