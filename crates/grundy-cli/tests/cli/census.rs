//! `grundy census`: families, the census directory (resume, refusals, certificates),
//! both cores against one, Ctrl-C, a full disk.

use crate::common::{error_line, grundy, json};
use serde_json::Value;

/// The rows without their times.
fn rows(mut v: Value) -> Vec<Value> {
    let rows = v.as_array_mut().unwrap();
    for r in rows.iter_mut() {
        r["seconds"] = Value::Null;
    }
    rows.clone()
}

#[test]
fn two_jobs_give_the_rows_of_one() {
    let one = rows(json(&[
        "census", "octal:2", "--to", "3000", "--jobs", "1", "--format", "json",
    ]));
    let two = rows(json(&[
        "census", "octal:2", "--to", "3000", "--jobs", "2", "--format", "json",
    ]));
    assert_eq!(one.len(), 127);
    assert_eq!(one, two);
    let kayles = one.iter().find(|r| r["code"] == "0.77").unwrap();
    assert_eq!(kayles["status"], "trivial");
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(kayles["certificate"], Value::Null); // no --out, no certificate file
    let officers = one.iter().find(|r| r["code"] == "0.6").unwrap();
    assert_eq!(
        (officers["status"].as_str(), officers["to"].as_u64()),
        (Some("open"), Some(3000))
    );
    // The erratum of Winning Ways' locator (tczajka): .27 is .26, not .06.
    let r27 = one.iter().find(|r| r["code"] == "0.27").unwrap();
    assert_eq!(r27["class"], "0.26");
}

#[test]
fn a_census_directory_resumes_checks_and_refuses_other_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    let o = out.to_str().unwrap();
    let first = grundy()
        .args(["census", "octal:1", "--to", "2000", "--out", o])
        .output()
        .unwrap();
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let md = String::from_utf8(first.stdout).unwrap();
    assert!(md.contains("15 codes: 14 trivial, 0 periodic, 1 open"), "{md}");
    let lines = std::fs::read_to_string(out.join("census.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 15);
    for f in ["census.csv", "census.md", "census-params.json"] {
        assert!(out.join(f).is_file(), "{f}");
    }
    // Every periodic row's certificate holds.
    let mut checked = 0;
    for line in lines.lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        if let Some(c) = row["certificate"].as_str() {
            grundy().args(["period", "--check"]).arg(out.join(c)).assert().success();
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
    // A rerun resumes with nothing left to do.
    let again = grundy()
        .args(["census", "octal:1", "--to", "2000", "--out", o, "--format", "json"])
        .output()
        .unwrap();
    assert!(again.status.success());
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(err.contains("15 of 15 codes done"), "{err}");
    // Other parameters: refused, naming what differs.
    let e = error_line(&["census", "octal:1", "--to", "1000", "--out", o]);
    assert!(
        e.contains("--to (2000 there, 1000 here)") && e.contains("another directory"),
        "{e}"
    );
    let e = error_line(&["census", "octal:2", "--to", "2000", "--out", o]);
    assert!(e.contains("the family (octal:1 there, octal:2 here)"), "{e}");
}

#[test]
fn bad_input_is_one_line() {
    let e = error_line(&["census", "octal:x"]);
    assert!(e.contains("octal:K takes K from 0 to 6"), "{e}");
    let e = error_line(&["census", "octagonal:2"]);
    assert!(e.contains("unknown census family"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("codes.txt");
    std::fs::write(&file, "0.137\n0.7#7\n").unwrap();
    let e = error_line(&["census", file.to_str().unwrap()]);
    assert!(e.contains("codes.txt line 2: syntax error"), "{e}");
    // A table beyond the memory limit is refused before anything runs, naming the flag.
    let e = error_line(&[
        "--memory-limit",
        "1M",
        "census",
        "octal:1",
        "--to",
        "1e6",
        "--jobs",
        "2",
    ]);
    assert!(
        e.contains("a census to heap 1000000 with 2 codes at a time") && e.contains("--memory-limit 1M"),
        "{e}"
    );
}

#[test]
fn ctrl_c_keeps_every_finished_code_and_writes_none_twice() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("codes.txt");
    // Officers runs on one core for ever; the others finish at once on the other.
    std::fs::write(&file, "0.6\n0.77\n0.07\n0.137\n0.156\n").unwrap();
    let out = dir.path().join("c");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["--max-work", "1e15", "census"])
        .arg(&file)
        .args(["--to", "2^24", "--jobs", "2", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let rows = out.join("census.jsonl");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&rows).map_or(0, |t| t.lines().count()) < 4 {
        assert!(start.elapsed().as_secs() < 60, "the four periodic codes did not finish");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // SAFETY: kill has no memory effects; the pid is our child's, not yet waited for.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("rerun the same command to resume"), "{err}");
    let text = std::fs::read_to_string(&rows).unwrap();
    let mut codes: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["code"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    codes.sort();
    assert_eq!(codes, ["0.07", "0.137", "0.156", "0.77"]);
}

#[test]
fn a_full_disk_is_an_error_naming_the_file_and_leaves_whole_lines() {
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 4 && exec '{}' census octal:2 --to 1000 --jobs 1 --out c",
            bin.display()
        ))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("grundy: error: cannot write c/") && last.ends_with("rerun the same command to resume"),
        "{last}"
    );
    let text = std::fs::read_to_string(dir.path().join("c/census.jsonl")).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'));
    for l in text.lines() {
        serde_json::from_str::<Value>(l).unwrap();
    }
}
