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
