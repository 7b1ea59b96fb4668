//! Helpers shared by the command-line tests.
#![allow(dead_code)] // not every module uses every helper

use assert_cmd::Command;
use serde_json::Value;

/// The `grundy` binary built for the tests.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Runs a command that must succeed and parses its stdout as JSON.
pub fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Runs a command that must succeed and returns its stdout.
pub fn stdout(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail with status 2, print nothing on stdout and exactly one
/// line on stderr; returns that line.
pub fn error_line(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: not one line: {err}");
    err
}

/// Runs a command that must stop with status 2 (a limit reached after some results were
/// printed); returns its stdout and stderr.
pub fn stopped(args: &[&str]) -> (String, String) {
    let out = grundy().args(args).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

/// Runs `grundy ARGS`, sends it SIGINT (Ctrl-C) after `secs` seconds and returns its
/// exit status, stdout and stderr. A command still running 60 s after the SIGINT is
/// killed (its status is then `None`), so a command that ignores Ctrl-C fails the test
/// instead of hanging the suite.
pub fn interrupted(args: &[&str], secs: f64) -> (Option<i32>, String, String) {
    signalled(libc::SIGINT, args, secs)
}

/// [`interrupted`] with the signal `signal` (`SIGTERM`: `timeout`, `kill` and batch
/// systems at the end of a job's time).
pub fn signalled(signal: libc::c_int, args: &[&str], secs: f64) -> (Option<i32>, String, String) {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs_f64(secs));
    // SAFETY: kill has no memory effects; the pid is our child's, not yet waited for.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let pid = child.id() as libc::pid_t;
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if wait.recv_timeout(std::time::Duration::from_secs(60)).is_err() {
            // SAFETY: as above; the child is not yet waited for (the main thread sends
            // on `done` only once it has been).
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let out = child.wait_with_output().unwrap();
    let _ = done.send(());
    watchdog.join().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
