use super::super::{members, run_code, Params, Play, ROWS_FILE};
use super::*;
use crate::analysis::census::misere::{self, MisereRow};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-census-resume-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn params(play: Play) -> Params {
    Params {
        family: "octal:1".into(),
        to: 200,
        max_work: 1_000_000,
        play,
    }
}

/// A census directory of `octal:1` with its first `n` codes done, reopened.
fn normal_dir(name: &str, n: usize) -> (PathBuf, Vec<String>) {
    let dir = temp_dir(name);
    let codes = members("octal:1", &Control::new()).unwrap();
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    for c in &codes[..n] {
        out.record(run_code(c, 200, &Control::new()).unwrap()).unwrap();
    }
    (dir, codes)
}

fn rewrite_row(dir: &Path, code: &str, edit: impl Fn(&mut serde_json::Value)) {
    let text = std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap();
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if v["code"] == code {
                edit(&mut v);
            }
            v.to_string()
        })
        .collect();
    std::fs::write(dir.join(ROWS_FILE), lines.join("\n") + "\n").unwrap();
}

#[test]
fn an_honest_directory_is_trusted_row_for_row() {
    let (dir, codes) = normal_dir("honest", 15);
    let before = std::fs::read(dir.join(ROWS_FILE)).unwrap();
    for jobs in [1, 2] {
        let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
        assert_eq!(out.check_resumed(jobs, &Control::new()).unwrap(), []);
        assert_eq!(out.rows().len(), 15);
    }
    assert_eq!(std::fs::read(dir.join(ROWS_FILE)).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_row_not_trusted_leaves_the_file_and_runs_again() {
    let (dir, codes) = normal_dir("untrusted", 8);
    rewrite_row(&dir, "0.7", |r| r["saltus"] = 1.into());
    rewrite_row(&dir, "0.6", |r| r["period"] = 3.into()); // open, with a period
    rewrite_row(&dir, "0.5", |r| r["to"] = 1_000_000_000_000u64.into()); // a check that would not end
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    let untrusted = out.check_resumed(2, &Control::new()).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    assert_eq!(
        reasons,
        [
            ("0.5", "its last heap 1000000000000 is beyond the census's --to 200"),
            ("0.6", "it is open but states a period"),
            ("0.7", "saltus: 1 in the row, 0 in its certificate"),
        ]
    );
    assert_eq!(
        untrusted[2].to_string(),
        format!(
            "{}: the row of 0.7 is not trusted (saltus: 1 in the row, 0 in its certificate); it runs again",
            dir.join(ROWS_FILE).display()
        )
    );
    assert!(!out.is_done("0.7") && !out.is_done("0.6") && !out.is_done("0.5") && out.is_done("0.4"));
    assert_eq!(out.rows().len(), 5);
    // The lines are gone from the file, and 0.7's certificate with them.
    let text = std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap();
    assert_eq!(text.lines().count(), 5);
    assert!(!text.contains("\"0.7\"") && !text.contains("\"0.6\""), "{text}");
    assert!(!dir.join(certificate_path("0.7")).exists());
    // Run again, the code is recorded and trusted.
    out.record(run_code("0.7", 200, &Control::new()).unwrap()).unwrap();
    drop(out);
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    assert_eq!(out.check_resumed(1, &Control::new()).unwrap(), []);
    assert!(out.is_done("0.7"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_check_changes_nothing() {
    let (dir, codes) = normal_dir("interrupted", 4);
    rewrite_row(&dir, "0.1", |r| r["period"] = 5.into());
    let before = std::fs::read(dir.join(ROWS_FILE)).unwrap();
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    let ctl = Control::new().with_cancel_flag(std::sync::Arc::new(true.into()));
    assert!(matches!(out.check_resumed(2, &ctl), Err(Error::Interrupted)));
    assert_eq!(std::fs::read(dir.join(ROWS_FILE)).unwrap(), before);
    assert!(out.is_done("0.1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A misère census directory of `octal:1` to heap `to` with the codes `done` run to
/// heap 20 within `small` (partial rows, if `to` is more), closed again.
fn misere_dir(name: &str, to: u64, done: &[&str], small: &Control) -> (PathBuf, Vec<String>, Params) {
    let dir = temp_dir(name);
    let codes = members("octal:1", &Control::new()).unwrap();
    let params = Params {
        to,
        ..params(Play::Misere)
    };
    let mut out = Output::<MisereRow>::open(&dir, &params, &codes).unwrap();
    for c in done {
        out.record(misere::run_code(c, 20, small).unwrap()).unwrap();
    }
    (dir, codes, params)
}

#[test]
fn a_misere_row_agrees_with_its_certificate_or_runs_again() {
    let small = Control::new().with_work_limit(1_000_000);
    let (dir, codes, _) = misere_dir("misere", 200, &["4.3", "0.1"], &small);
    let mut out = Output::<MisereRow>::open(&dir, &params(Play::Misere), &codes).unwrap();
    assert_eq!(out.check_resumed(1, &small).unwrap(), []);
    rewrite_row(&dir, "4.3", |r| r["period"] = 4.into());
    rewrite_row(&dir, "0.1", |r| r["certificate"] = serde_json::Value::Null);
    drop(out);
    let mut out = Output::<MisereRow>::open(&dir, &params(Play::Misere), &codes).unwrap();
    let untrusted = out.check_resumed(2, &small).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    assert_eq!(
        reasons,
        [
            ("4.3", "period: 4 in the row, 2 in its certificate"),
            ("0.1", "it names no certificate"),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_a_row_says_of_the_values_is_what_its_certificate_gives() {
    let (dir, codes) = normal_dir("values", 15);
    rewrite_row(&dir, "0.4", |r| r["largest_value"] = 99.into());
    rewrite_row(&dir, "4.4", |r| r["offset"] = 2.into());
    rewrite_row(&dir, "0.3", |r| r["fingerprints"][3] = "0123456789abcdef".into());
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    let untrusted = out.check_resumed(2, &Control::new()).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    let row = |code: &str| out.rows().iter().find(|r| r.code == code).cloned();
    assert!(row("0.4").is_none() && row("4.4").is_none() && row("0.3").is_none());
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    assert!(reasons[1].0 == "0.4" && reasons[1].1.starts_with("largest_value: 99 in the row, "));
    assert!(
        reasons[0].0 == "0.3"
            && reasons[0]
                .1
                .starts_with("fingerprints[3]: 0123456789abcdef in the row, ")
    );
    assert!(reasons[2].0 == "4.4" && reasons[2].1.starts_with("offset: 2 in the row, "));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rare heaps a normal-play row states (the split, how many, the last) are what
/// its certificate's values give; edited by hand, the row runs again.
#[test]
fn the_rare_heaps_a_row_states_are_what_its_certificate_gives() {
    let (dir, codes) = normal_dir("rare", 15);
    let row = |code: &str| {
        let text = std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap();
        let line = text
            .lines()
            .find(|l| l.contains(&format!("\"code\":\"{code}\"")))
            .unwrap();
        serde_json::from_str::<Row>(line).unwrap()
    };
    let (r44, r46) = (row("4.4"), row("4.6"));
    assert!(r44.rare_count.is_some() && r46.last_rare.is_some());
    assert!(row("0.3").rare_mask.is_none(), "0.3 has no two-heap split");
    rewrite_row(&dir, "0.4", |r| r["rare_mask"] = "6+pos".into());
    rewrite_row(&dir, "4.4", |r| r["rare_count"] = (r44.rare_count.unwrap() + 1).into());
    rewrite_row(&dir, "4.6", |r| r["last_rare"] = (r46.last_rare.unwrap() - 1).into());
    rewrite_row(&dir, "0.3", |r| r["rare_mask"] = "1".into());
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    let untrusted = out.check_resumed(2, &Control::new()).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    let count = format!(
        "rare_count: {} in the row, {} in its certificate",
        r44.rare_count.unwrap() + 1,
        r44.rare_count.unwrap()
    );
    let last = format!(
        "last_rare: {} in the row, {} in its certificate",
        r46.last_rare.unwrap() - 1,
        r46.last_rare.unwrap()
    );
    assert_eq!(
        reasons,
        [
            ("0.3", "rare_mask: 1 in the row, none in its certificate"),
            ("0.4", "rare_mask: 6+pos in the row, 6+pos/odd in its certificate"),
            ("4.4", count.as_str()),
            ("4.6", last.as_str()),
        ]
    );
    // Run again, the honest rows are trusted.
    for c in ["0.3", "0.4", "4.4", "4.6"] {
        out.record(run_code(c, 200, &Control::new()).unwrap()).unwrap();
    }
    drop(out);
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    assert_eq!(out.check_resumed(1, &Control::new()).unwrap(), []);
    assert_eq!(
        (row("4.4").rare_count, row("4.6").last_rare),
        (r44.rare_count, r46.last_rare)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A misère row's `tame` and `changes` are what its checked quotient gives; edited by
/// hand, the row runs again.
#[test]
fn a_misere_rows_tameness_and_growth_are_what_its_certificate_gives() {
    let small = Control::new().with_work_limit(1_000_000);
    let (dir, codes, to_20) = misere_dir("misere-derived", 20, &["0.1", "0.4", "4.3", "4.4"], &small);
    rewrite_row(&dir, "4.3", |r| r["tame"] = "T_1".into());
    rewrite_row(&dir, "0.4", |r| r["changes"][2]["order"] = 13.into());
    rewrite_row(&dir, "4.4", |r| {
        r["changes"].as_array_mut().unwrap().pop();
    });
    rewrite_row(&dir, "0.1", |r| {
        let extra = serde_json::json!({"heap": 2, "order": 2, "p_size": 1});
        r["changes"].as_array_mut().unwrap().push(extra);
    });
    let mut out = Output::<MisereRow>::open(&dir, &to_20, &codes).unwrap();
    let untrusted = out.check_resumed(2, &small).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    assert_eq!(
        reasons,
        [
            ("0.1", "changes[1]: 2:2:1 in the row, none in its certificate"),
            ("0.4", "changes[2]: 11:13:3 in the row, 11:12:3 in its certificate"),
            ("4.3", "tame: T_1 in the row, T_2 in its certificate"),
            ("4.4", "changes[4]: none in the row, 13:24:8 in its certificate"),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An open row says nothing a certificate proves: it is trusted only when its heap
/// reached is the one the census's parameters give, a short run of its code agrees
/// with it, and (a few of them, at random) its code run again gives it back.
#[test]
fn an_open_row_holds_to_the_census_parameters_and_its_code_run_again() {
    let (dir, codes) = normal_dir("open", 15);
    let before = std::fs::read(dir.join(ROWS_FILE)).unwrap();
    // Honest: 0.6 is open to the census's --to, and trusted.
    let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
    assert_eq!(out.check_resumed(2, &Control::new()).unwrap(), []);
    drop(out);
    let reasons = |edit: &dyn Fn(&mut serde_json::Value), code: &str| {
        std::fs::write(dir.join(ROWS_FILE), &before).unwrap();
        rewrite_row(&dir, code, edit);
        let mut out = Output::<Row>::open(&dir, &params(Play::Normal), &codes).unwrap();
        let untrusted = out.check_resumed(2, &Control::new()).unwrap();
        assert!(!out.is_done(code), "{untrusted:?}");
        untrusted
            .iter()
            .map(|u| (u.code.clone(), u.reason.clone(), u.kept))
            .collect::<Vec<_>>()
    };
    let one = |code: &str, reason: &str| vec![(code.to_string(), reason.to_string(), false)];
    // Stopped short of --to, with nothing in the parameters to stop it (a hostile
    // check lowered `to` to 16).
    assert_eq!(
        reasons(&|r| r["to"] = 16.into(), "0.6"),
        one(
            "0.6",
            "it is open to heap 16, short of heap 200, which the census's --to and --max-work let it reach, and no limit stops a run there"
        )
    );
    // Its largest value edited.
    let got = reasons(&|r| r["largest_value"] = 99.into(), "0.6");
    assert_eq!(
        got,
        one(
            "0.6",
            "largest_value: 99 at heap 152 in the row, but heaps 0..=200 have 9 at heap 152"
        )
    );
    // Fingerprints that do not fit its heaps.
    let got = reasons(
        &|r| {
            r["fingerprints"].as_array_mut().unwrap().pop();
        },
        "0.6",
    );
    assert_eq!(got, one("0.6", "its fingerprints does not fit its heaps 0..=200"));
    // A proven code written as open, to the census's --to (last: its certificate is
    // removed with its row).
    let open = |r: &mut serde_json::Value| {
        for k in ["preperiod", "period", "saltus", "theorem", "certificate"] {
            r[k] = serde_json::Value::Null;
        }
        r["status"] = "open".into();
        r["to"] = 200.into();
    };
    assert_eq!(
        reasons(&open, "0.4"),
        one(
            "0.4",
            "it is open, but a run to heap 200 proves the period 34 from heap 54"
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a short run does not cover, the sample's rerun does: an open row to 5000
/// with its rare count edited is found (0.6 is the one open code of `octal:1`, so
/// it is always drawn).
#[test]
fn a_sample_of_open_rows_is_run_again_and_compared() {
    let dir = temp_dir("sample");
    let codes = members("octal:1", &Control::new()).unwrap();
    let p = Params {
        to: 5000,
        ..params(Play::Normal)
    };
    let mut out = Output::<Row>::open(&dir, &p, &codes).unwrap();
    let o = run_code("0.6", 5000, &Control::new()).unwrap();
    let count = o.row.rare_count.unwrap();
    out.record(o).unwrap();
    drop(out);
    let mut out = Output::<Row>::open(&dir, &p, &codes).unwrap();
    assert_eq!(out.check_resumed(1, &Control::new()).unwrap(), []);
    drop(out);
    rewrite_row(&dir, "0.6", |r| r["rare_count"] = (count - 1).into());
    let mut out = Output::<Row>::open(&dir, &p, &codes).unwrap();
    let untrusted = out.check_resumed(1, &Control::new()).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    let reason = format!("rare_count: {} in the row, {count} when its code runs again", count - 1);
    assert_eq!(reasons, [("0.6", reason.as_str())]);
    assert!(!out.is_done("0.6"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A census directory whose `census-params.json` was given another `--to` (and run
/// with it) does not keep the open rows of the old one: they are work to redo.
#[test]
fn open_rows_of_another_to_run_again() {
    let (dir, codes) = normal_dir("params-to", 15);
    let p = Params {
        to: 400,
        ..params(Play::Normal)
    };
    std::fs::write(dir.join(super::super::PARAMS_FILE), serde_json::to_string(&p).unwrap()).unwrap();
    let mut out = Output::<Row>::open(&dir, &p, &codes).unwrap();
    let untrusted = out.check_resumed(2, &Control::new()).unwrap();
    let open: Vec<&Untrusted> = untrusted.iter().filter(|u| u.code == "0.6").collect();
    assert_eq!(
        open[0].reason,
        "it is open to heap 200, short of heap 400, which the census's --to and --max-work let it reach, and no limit stops a run there"
    );
    assert!(!out.is_done("0.6"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A partial misère row names one of the census's reasons for stopping, one its
/// parameters make possible; a row "stopped by the work limit" whose quotient gets
/// past that heap within the budget is not trusted (a hostile check grafted in the
/// partial row of a census to 10 heaps for a code solved at heap 21); an honest
/// row stopped by the work limit is trusted.
#[test]
fn a_partial_misere_row_names_a_stop_its_parameters_allow() {
    let small = Control::new().with_work_limit(200_000);
    let dir = temp_dir("misere-stop");
    let codes = members("octal:1", &Control::new()).unwrap();
    let p = Params {
        to: 40,
        max_work: 200_000,
        ..params(Play::Misere)
    };
    let mut out = Output::<MisereRow>::open(&dir, &p, &codes).unwrap();
    let honest = misere::run_code("0.4", 40, &small).unwrap();
    assert_eq!(honest.row.stopped.as_deref(), Some("work"));
    out.record(honest).unwrap();
    // 4.3 is solved within 40 heaps; its quotient to heap 5, partial, names nothing.
    out.record(misere::run_code("4.3", 5, &small).unwrap()).unwrap();
    drop(out);
    let mut out = Output::<MisereRow>::open(&dir, &p, &codes).unwrap();
    let untrusted = out.check_resumed(2, &small).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    let short = "it is partial to heap 5, short of the census's --to 40, and names nothing that stopped it";
    assert_eq!(reasons, [("4.3", short)]);
    assert!(out.is_done("0.4"), "the honest row is trusted");
    out.record(misere::run_code("4.3", 5, &small).unwrap()).unwrap();
    drop(out);
    // Now 4.3 names the work limit, and 0.4's reason is free text.
    rewrite_row(&dir, "4.3", |r| r["stopped"] = "work".into());
    rewrite_row(&dir, "0.4", |r| r["stopped"] = "the work limit".into());
    let mut out = Output::<MisereRow>::open(&dir, &p, &codes).unwrap();
    let untrusted = out.check_resumed(2, &small).unwrap();
    let reasons: Vec<(&str, &str)> = untrusted.iter().map(|u| (u.code.as_str(), u.reason.as_str())).collect();
    assert_eq!(
        reasons,
        [
            (
                "0.4",
                "stopped: 'the work limit' is not a reason the census writes (work, memory, unsupported)"
            ),
            (
                "4.3",
                "it names the work limit as what stopped it at heap 6, but the quotient gets past that heap within 200000 work"
            ),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
