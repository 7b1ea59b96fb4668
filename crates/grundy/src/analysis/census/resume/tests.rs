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

#[test]
fn a_misere_row_agrees_with_its_certificate_or_runs_again() {
    let dir = temp_dir("misere");
    let codes = members("octal:1", &Control::new()).unwrap();
    let small = Control::new().with_work_limit(1_000_000);
    let mut out = Output::<MisereRow>::open(&dir, &params(Play::Misere), &codes).unwrap();
    for c in ["4.3", "0.1"] {
        out.record(misere::run_code(c, 20, &small).unwrap()).unwrap();
    }
    drop(out);
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
