//! Issue 18 (reliability, round 3): a failed write to stdout is one error line (exit
//! 2), a closed pipe stays SIGPIPE (141), and the smaller command-line items.

use crate::common::{error_line, grundy, json};
use std::process::{Command, Output, Stdio};

/// Runs grundy with stdout on `/dev/full`, where every write fails with ENOSPC.
fn to_dev_full(args: &[&str]) -> Output {
    Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Asserts exit 2 and, as the last line of stderr and its only error, `cannot write
/// to stdout`; returns stderr.
fn fails_on_stdout(args: &[&str]) -> String {
    let out = to_dev_full(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    let last = err.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("grundy: error: cannot write to stdout: "),
        "{args:?}: {err}"
    );
    assert_eq!(err.matches("grundy: error").count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn a_write_error_on_stdout_is_one_error_line_for_every_command() {
    let graph = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/cycle.json");
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert.json");
    let cert = cert.to_str().unwrap();
    grundy()
        .args(["period", "subtraction[1,2]", "--to", "100", "--save", cert])
        .assert()
        .success();
    let commands: &[&[&str]] = &[
        &["value", "nim(1)"],
        &["value", "nim(1)", "--format", "json"],
        &["value", "aliquot-sum(276)"],
        &["moves", "nim(1,2)"],
        &["moves", "nim(1,2)", "--all", "--format", "json"],
        &["list"],
        &["list", "--format", "json"],
        &["seq", "nim", "--to", "10"],
        &["seq", "nim", "--to", "10", "--format", "csv"],
        &["seq", "nim", "--to", "10", "--format", "json"],
        &["seq", "nim", "--to", "10", "--format", "bfile"],
        &["graph", graph],
        &["graph", graph, "--format", "json"],
        &["verify", "nim", "--to", "10"],
        &["verify", "nim", "--to", "10", "--format", "json"],
        &["verify", "min", "--to", "10"],
        &["table", "min", "--rows", "3", "--cols", "3"],
        &["table", "min", "--rows", "3", "--cols", "3", "--format", "csv"],
        &["table", "min", "--rows", "3", "--cols", "3", "--format", "json"],
        &["period", "nim", "--to", "10"],
        &["period", "nim", "--to", "10", "--format", "json"],
        &["period", "--check", cert],
        &["min-facts", "--to", "10"],
        &["min-facts", "--to", "10", "--tables"],
        &["min-facts", "--to", "10", "--format", "json"],
        &["bench", "--list"],
        &["bench", "--list", "--format", "json"],
        &["--help"],
        &["seq", "--help"],
        &["--version"],
    ];
    for args in commands {
        let err = fails_on_stdout(args);
        // Nothing else on stderr: no progress line, no note, no panic message.
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    // reproduce prints its progress on stderr; the error is its last line.
    fails_on_stdout(&["reproduce", "--only", "004-period"]);
}

/// Runs grundy in `dir` with stderr (and, with `stdout_full`, stdout) on `/dev/full`;
/// returns the exit status.
fn status_with_stderr_full(dir: &std::path::Path, args: &[&str], stdout_full: bool) -> Option<i32> {
    let full = || std::fs::File::create("/dev/full").unwrap();
    Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .current_dir(dir)
        .args(args)
        .stdout(if stdout_full {
            Stdio::from(full())
        } else {
            Stdio::null()
        })
        .stderr(full())
        .status()
        .unwrap()
        .code()
}

#[test]
fn a_write_error_on_stderr_is_ignored_and_keeps_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    // Commands that write to stderr: errors, notes, "wrote …", "resumed from heap N",
    // reproduce's progress, clap's errors and the help on a missing command.
    let commands: &[(&[&str], i32)] = &[
        (&["value", "foo(1)"], 2),
        (&["seq", "maliquot", "--to", "0"], 2),
        (&["--memory-limit", "1K", "seq", "nim", "--to", "1e6"], 2),
        (&["--max-work", "-3", "value", "nim(1)"], 2),
        (&["value"], 2),
        (&["frobnicate"], 2),
        (&[], 2),
        (&["plot", "nim", "--to", "10", "-o", "nim.png"], 0),
        (&["period", "subtraction[1,2]", "--to", "100", "--save", "cert.json"], 0),
        (&["seq", "nim", "--to", "10", "--checkpoint", "nim.ck"], 0),
        (&["seq", "nim", "--to", "20", "--checkpoint", "nim.ck"], 0),
        (&["seq", "aliquot-sum", "--to", "300", "--graph-bound", "10"], 0),
        (&["reproduce", "--only", "004-period"], 0),
        (&["value", "nim(1)"], 0),
    ];
    for &(args, code) in commands {
        assert_eq!(status_with_stderr_full(dir.path(), args, false), Some(code), "{args:?}");
    }
    // Both full: the stdout error cannot be reported either, the status is kept.
    for args in [&["value", "nim(1)"][..], &["value", "foo(1)"], &["--help"], &["list"]] {
        assert_eq!(status_with_stderr_full(dir.path(), args, true), Some(2), "{args:?}");
    }
}

#[test]
fn a_write_error_on_stdout_does_not_lose_a_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert.json");
    fails_on_stdout(&[
        "period",
        "subtraction[1,2]",
        "--to",
        "100",
        "--save",
        cert.to_str().unwrap(),
    ]);
    grundy()
        .args(["period", "--check", cert.to_str().unwrap()])
        .assert()
        .success();
}

#[test]
fn a_closed_pipe_ends_grundy_by_sigpipe() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["seq", "nim", "--to", "1e7"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The pipe's read end is dropped here: the next write gets SIGPIPE (141 in a shell).
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn a_closed_pipe_with_sigpipe_blocked_exits_141_quietly() {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    cmd.args(["seq", "nim", "--to", "1e7"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: sigprocmask is async-signal-safe; the set is a local initialised by
    // sigemptyset/sigaddset before use.
    unsafe {
        cmd.pre_exec(|| {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, libc::SIGPIPE);
            libc::sigprocmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    let mut head = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // A blocked SIGPIPE makes the write fail with EPIPE instead.
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn bare_codes_are_the_take_and_break_codes() {
    for code in ["C.0", "c.0", "{2+}.0", "&4;.0", "C!.0", "{2,3}.0"] {
        let bracketed = format!("take-and-break[{code}]");
        let seq = |name: &str| json(&["seq", name, "--to", "40", "--format", "json"])["values"].clone();
        assert_eq!(seq(code), seq(&bracketed), "{code}");
        let value = |pos: &str| json(&["value", pos, "--format", "json"])["value"].clone();
        assert_eq!(
            value(&format!("{code}(9) + nim(1)")),
            value(&format!("{bracketed}(9) + nim(1)"))
        );
    }
    // The same refusal as in brackets, at the column of the code.
    let e = error_line(&["seq", "AB.0", "--to", "5"]);
    assert!(
        e.contains("column 1 of 'AB.0': only one digit (d0) may stand before '.'"),
        "{e}"
    );
}

#[test]
fn a_heap_count_list_cannot_end_with_a_comma() {
    for (code, column) in [("0.{2,}", 6), ("take-and-break[0.{2,}]", 21), ("{2,}.0", 4)] {
        let e = error_line(&["seq", code, "--to", "5"]);
        assert!(
            e.contains(&format!("column {column} of")) && e.contains("write {k+}"),
            "{code}: {e}"
        );
    }
}

#[test]
fn a_memory_limit_of_2_64_bytes_or_more_is_an_error_naming_the_option() {
    for size in ["1e30", "2^64", "16E", "18446744073709551616"] {
        let e = error_line(&["--memory-limit", size, "value", "nim(1)"]);
        assert!(
            e.starts_with(&format!("grundy: error: --memory-limit: '{size}' is too large")),
            "{e}"
        );
    }
    let out = grundy()
        .env("GRUNDY_MEMORY_LIMIT", "1e30")
        .args(["value", "nim(1)"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("grundy: error: GRUNDY_MEMORY_LIMIT: '1e30' is too large"));
    for size in ["15E", "1e9", "2^30", "1.5G", "1P"] {
        grundy()
            .args(["--memory-limit", size, "value", "nim(1)"])
            .assert()
            .success();
    }
}

#[test]
fn negative_option_values_are_errors_naming_the_option() {
    for args in [
        &["--max-work", "-3", "value", "nim(1)"][..],
        &["value", "nim(1)", "--max-work", "-3"],
        &["value", "nim(1)", "--max-states", "-3"],
    ] {
        let e = error_line(args);
        assert!(e.starts_with("grundy: error: --max-"), "{args:?}: {e}");
        assert!(e.contains("'-3' is not a count"), "{args:?}: {e}");
    }
    for size in ["-1", "-1G", "-0.5K"] {
        let e = error_line(&["--memory-limit", size, "value", "nim(1)"]);
        assert!(
            e.starts_with(&format!("grundy: error: --memory-limit: '{size}' is not a size")),
            "{e}"
        );
    }
    let e = error_line(&["seq", "nim", "--to", "-3"]);
    assert!(e.contains("'--to <TO>'") && e.contains("not a count"), "{e}");
}

#[test]
fn a_table_may_end_at_row_or_column_2_64_minus_1() {
    let max = u64::MAX.to_string();
    let table = |rows: &str, cols: &str, start: &[&str]| {
        let mut args = vec!["table", "min", "--rows", rows, "--cols", cols, "--format", "json"];
        args.extend_from_slice(start);
        json(&args)
    };
    let v = table("1", "1", &["--row-start", &max]);
    assert_eq!(v["rows"], serde_json::json!([u64::MAX]));
    assert_eq!(v["cols"], serde_json::json!([0]));
    let v = table("1", "2", &["--col-start", "18446744073709551614"]);
    assert_eq!(v["cols"], serde_json::json!([u64::MAX - 1, u64::MAX]));
    for args in [
        &["table", "min", "--rows", "2", "--cols", "1", "--row-start", &max][..],
        &["table", "min", "--rows", "1", "--cols", "2", "--col-start", &max],
    ] {
        let e = error_line(args);
        assert!(e.contains("past row or column 2^64 − 1"), "{e}");
    }
}

#[test]
fn bench_list_in_json_is_json() {
    let v = json(&["bench", "--list", "--format", "json"]);
    let rows = v.as_array().unwrap();
    assert!(!rows.is_empty());
    for r in rows {
        for key in ["name", "target", "baseline", "requirement"] {
            assert!(r[key].is_string(), "{r}");
        }
    }
}

#[test]
fn bench_repeat_reports_its_runs_and_the_range_of_their_ratios() {
    let v = json(&["bench", "core/cdn-formula-8x1e18", "--repeat", "3", "--format", "json"]);
    let m = &v.as_array().unwrap()[0];
    assert_eq!(m["runs"], 3, "{m}");
    let (low, mid, high) = (
        m["ratio_low"].as_f64().unwrap(),
        m["ratio"].as_f64().unwrap(),
        m["ratio_high"].as_f64().unwrap(),
    );
    assert!(0.0 < low && low <= mid && mid <= high, "{m}");
    for n in ["0", "101", "x", "1e3"] {
        let e = error_line(&["bench", "core/cdn-formula-8x1e18", "--repeat", n]);
        assert!(e.contains("--repeat"), "{e}");
    }
    // Written as every other count may be.
    let v = json(&[
        "bench",
        "core/cdn-formula-8x1e18",
        "--repeat",
        "2e0",
        "--format",
        "json",
    ]);
    assert_eq!(v.as_array().unwrap()[0]["runs"], 2, "{v}");
}

#[test]
fn a_range_below_the_first_heap_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("m.svg");
    for args in [
        &["seq", "maliquot", "--to", "0"][..],
        &["seq", "maliquot", "--to", "0", "--method", "formula"],
        &["period", "maliquot", "--to", "0"],
        &["plot", "maliquot", "--to", "0", "-o", svg.to_str().unwrap()],
    ] {
        let e = error_line(args);
        assert!(
            e.contains("heap 0 is not a position of maliquot: heaps of maliquot start at 1"),
            "{args:?}: {e}"
        );
    }
    assert!(!svg.exists());
}
