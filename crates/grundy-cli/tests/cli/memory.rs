//! Memory (issue 18): the default limit takes `ulimit -v` into account, a refused
//! allocation is an error and never an abort, and the listings of `moves` are estimated
//! (values and listed moves) before anything is computed.

use std::process::Output;

/// Runs `grundy ARGS` under `ulimit -v KB` (through `sh`), with `GRUNDY_MEMORY_LIMIT`
/// unset so that the default limit applies unless the arguments set one.
fn under_ulimit(kb: u64, args: &[&str]) -> Output {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script = format!("ulimit -v {kb} && exec '{}' {}", bin.display(), quoted.join(" "));
    std::process::Command::new("sh")
        .args(["-c", &script])
        .env_remove("GRUNDY_MEMORY_LIMIT")
        .output()
        .unwrap()
}

/// The one error line of a run that must fail with status 2 (not 134, an abort; not
/// 101, a panic) and print nothing on stdout.
fn refused(out: &Output, what: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(out.stdout.is_empty(), "{what} printed to stdout");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: not one line: {err}");
    err
}

/// Under `ulimit -v` the default memory limit is 80% of the address space left, so a
/// table of 4 GB is refused by its estimate, naming that bound (it used to abort with
/// exit 134 when the allocation failed).
#[test]
fn the_default_limit_follows_ulimit_v() {
    let out = under_ulimit(2_000_000, &["seq", "nim", "--to", "1000000000"]);
    let err = refused(&out, "seq nim under ulimit -v");
    assert!(
        err.contains("a table of nim to 1000000000") && err.contains("ulimit -v"),
        "{err}"
    );
    // The limit leaves room for what fits: a small table is computed.
    let out = under_ulimit(2_000_000, &["seq", "nim", "--to", "5"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0,1,2,3,4,5");
}

/// A memory limit set above what `ulimit -v` allows passes the estimate; the table's
/// allocation then fails, which is an error (exit 2) before any work, not an abort.
#[test]
fn a_refused_allocation_is_an_error() {
    for code in ["nim", "0.07"] {
        let args = ["--memory-limit", "100G", "seq", code, "--to", "1000000000"];
        let out = under_ulimit(2_000_000, &args);
        let err = refused(&out, code);
        assert!(
            err.contains("the system refused 3.7 GiB of memory") && err.contains("set by --memory-limit 100G"),
            "{code}: {err}"
        );
    }
}
