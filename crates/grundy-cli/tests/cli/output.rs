//! Issue 18 (reliability, round 3): a failed write to stdout is one error line (exit
//! 2), a closed pipe stays SIGPIPE (141), and the smaller command-line items.

use crate::common::grundy;
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
