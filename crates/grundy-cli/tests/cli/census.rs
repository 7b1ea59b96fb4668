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

/// A misère census keeps to the memory limit: its code is stopped by it (the heap the
/// process holds), where it held 81 MB under `--memory-limit 16M` (its jobs were
/// not held to the heap at all).
#[test]
fn a_misere_census_keeps_to_the_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let codes = dir.path().join("codes.txt");
    std::fs::write(&codes, "0.35\n").unwrap();
    let v = json(&[
        "--memory-limit",
        "16M",
        "census",
        codes.to_str().unwrap(),
        "--play",
        "misere",
        "--to",
        "16",
        "--jobs",
        "1",
        "--format",
        "json",
    ]);
    let row = &v.as_array().unwrap()[0];
    assert_eq!(row["status"], "partial", "{row}");
    // The reason is the word a resume checks: the memory limit's share.
    assert_eq!(row["stopped"], "memory", "{row}");
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
    // No work limit is written as it was given.
    let e = error_line(&["--max-work", "none", "census", "octal:1", "--to", "2000", "--out", o]);
    assert!(e.contains("--max-work (100000000000 there, none here)"), "{e}");
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

/// `grundy census octal:1 --to 200 --out OUT`.
fn octal_1_to_200(out: &std::path::Path) -> std::process::Output {
    grundy()
        .args(["census", "octal:1", "--to", "200", "--out"])
        .arg(out)
        .output()
        .unwrap()
}

/// A blank line in the rows file (an editor's) holds no row: the census resumes (it
/// was a fatal "not a row" at line 1, a hostile check).
#[test]
fn a_blank_line_in_the_rows_is_no_row() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    let run = || octal_1_to_200(&out);
    let first = run();
    assert!(first.status.success());
    let rows = out.join("census.jsonl");
    let text = std::fs::read_to_string(&rows).unwrap();
    std::fs::write(&rows, format!("\n{text}\n")).unwrap();
    let again = run();
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(err.contains("15 of 15 codes done"), "{err}");
    assert_eq!(again.stdout, first.stdout);
}

#[test]
fn a_directory_another_census_holds_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    let run = || octal_1_to_200(&out);
    let first = run();
    assert!(first.status.success());
    // Another census (here this test) holds the directory's lock.
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(out.join("census.lock"))
        .unwrap();
    lock.try_lock().unwrap();
    let held = run();
    let err = String::from_utf8_lossy(&held.stderr);
    assert_eq!(held.status.code(), Some(2), "{err}");
    assert!(err.contains("another census is running in"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Unlocked before it is closed: a flock belongs to the open file, which a child
    // forked by another test's thread holds until it execs (the lock outlived `drop`
    // once under `cargo test`, whose tests share one process).
    lock.unlock().unwrap();
    drop(lock);
    let again = run();
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(again.stdout, first.stdout);
}

/// `grundy [--max-work W] quotient CODE --to N --format json`, stopped or not (a
/// quotient stopped by a limit is printed, then the command fails).
fn quotient_json(code: &str, to: &str, work: &str) -> Value {
    let out = grundy()
        .args(["--max-work", work, "quotient", code, "--to", to, "--format", "json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{code}: {e}"))
}

#[test]
fn misere_rows_are_what_quotient_prints_and_two_jobs_give_the_rows_of_one() {
    let args = |jobs: &'static str| {
        [
            "--max-work",
            "1e6",
            "census",
            "octal:1",
            "--play",
            "misere",
            "--to",
            "30",
            "--jobs",
            jobs,
            "--format",
            "json",
        ]
    };
    let one = rows(json(&args("1")));
    assert_eq!(one.len(), 15);
    assert_eq!(one, rows(json(&args("2"))));
    let mut stopped = 0;
    for r in &one {
        let code = r["code"].as_str().unwrap();
        let q = quotient_json(code, "30", "1e6");
        for (row_key, q_key) in [
            ("status", "status"),
            ("to", "to"),
            ("order", "order"),
            ("p_size", "p_size"),
            ("tame", "tame"),
            ("changes", "changes"),
        ] {
            assert_eq!(r[row_key], q[q_key], "{code}: {row_key}");
        }
        for key in ["period", "preperiod"] {
            assert_eq!(r[key], q.get(key).cloned().unwrap_or(Value::Null), "{code}: {key}");
        }
        assert_eq!(r["theorem"].is_string(), r["status"] == "solved", "{code}");
        assert_eq!(r["certificate"], Value::Null); // no --out, no certificate file
        stopped += usize::from(r["stopped"].is_string());
    }
    // 4.3: the tame quotient T₂ of misère Nim on heaps below 4, solved.
    let r43 = one.iter().find(|r| r["code"] == "4.3").unwrap();
    assert_eq!(
        (r43["status"].as_str(), r43["order"].as_u64(), r43["tame"].as_str()),
        (Some("solved"), Some(6), Some("T_2"))
    );
    assert!(
        stopped > 0,
        "a budget of 10^6 stops some codes of octal:1 before heap 30"
    );
}

#[test]
fn a_misere_census_directory_resumes_checks_its_certificates_and_refuses_normal_play() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m");
    let o = out.to_str().unwrap();
    let cmd = [
        "--max-work",
        "1e6",
        "census",
        "octal:1",
        "--play",
        "misere",
        "--to",
        "24",
        "--out",
        o,
    ];
    let first = grundy().args(cmd).output().unwrap();
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let md = String::from_utf8(first.stdout).unwrap();
    assert!(md.starts_with("# Misère census\n\n15 codes: "), "{md}");
    let lines = std::fs::read_to_string(out.join("census.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 15);
    let params: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("census-params.json")).unwrap()).unwrap();
    assert_eq!(params["play"], "misere");
    // Every row has a certificate, and `quotient --check` accepts each.
    let mut certs = Vec::new();
    for line in lines.lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        let c = out.join(row["certificate"].as_str().unwrap());
        grundy().args(["quotient", "--check"]).arg(&c).assert().success();
        certs.push((row["code"].as_str().unwrap().to_string(), c));
    }
    assert_eq!(certs.len(), 15);
    // A tampered certificate is rejected: a P-position class dropped from 4.3's.
    let (_, c) = certs.iter().find(|(code, _)| code == "4.3").unwrap();
    let mut cert: Value = serde_json::from_str(&std::fs::read_to_string(c).unwrap()).unwrap();
    cert["p_portion"].as_array_mut().unwrap().pop();
    std::fs::write(c, serde_json::to_string(&cert).unwrap()).unwrap();
    let check = grundy().args(["quotient", "--check"]).arg(c).output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    let verdict = String::from_utf8(check.stdout).unwrap();
    assert!(verdict.starts_with("certificate rejected: "), "{verdict}");
    // A rerun does not trust 4.3's row (its certificate states another |P|) and runs
    // it again, which writes the certificate anew (census_resume.rs has the others).
    let again = grundy().args(cmd).output().unwrap();
    assert!(again.status.success());
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(
        err.contains("the row of 4.3 is not trusted (p_size: 2 in the row, 1 in its certificate)")
            && err.contains("14 of 15 codes done"),
        "{err}"
    );
    grundy().args(["quotient", "--check"]).arg(c).assert().success();
    // Normal play, another --to or --max-work: refused, naming each.
    let e = error_line(&["--max-work", "1e6", "census", "octal:1", "--to", "24", "--out", o]);
    assert!(e.contains("--play (misere there, normal here)"), "{e}");
    let e = error_line(&["census", "octal:1", "--play", "misere", "--to", "20", "--out", o]);
    assert!(
        e.contains("--to (24 there, 20 here)") && e.contains("--max-work (1000000 there, "),
        "{e}"
    );
}

/// `--out` naming a regular file says it is not a directory (it said `File exists
/// (os error 17)`).
#[test]
fn an_out_that_is_a_file_is_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afile");
    std::fs::write(&file, "").unwrap();
    let err = error_line(&["census", "octal:1", "--out", file.to_str().unwrap()]);
    assert_eq!(
        err.trim_end(),
        format!(
            "grundy: error: cannot write {}: it is not a directory (--out names the census's directory)",
            file.display()
        )
    );
}

/// Ctrl-C before any code finished does not point to a `census.jsonl` that is not
/// there.
#[test]
fn an_interrupt_before_any_code_finished_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let codes = dir.path().join("codes.txt");
    std::fs::write(&codes, "0.6\n").unwrap();
    let out = dir.path().join("c");
    let (code, _, err) = crate::common::interrupted(
        &[
            "census",
            codes.to_str().unwrap(),
            "--to",
            "2^22",
            "--jobs",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
        0.7,
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(!out.join("census.jsonl").exists());
    assert!(
        err.contains(&format!(
            "grundy: stopped before any code finished; {} holds the census's parameters: rerun the same command to start it again",
            out.display()
        )),
        "{err}"
    );
}
