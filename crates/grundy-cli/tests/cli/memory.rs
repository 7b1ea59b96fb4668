//! Memory (issue 18): the default limit takes `ulimit -v` into account, a refused
//! allocation is an error and never an abort, and the listings of `moves` are estimated
//! (values and listed moves) before anything is computed.

use crate::common::{error_line, grundy, json};
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
/// exit 134 when the allocation failed). The issue used `ulimit -v 2000000`; 1 GB here
/// keeps the address space the least bound on machines with little memory free.
#[test]
fn the_default_limit_follows_ulimit_v() {
    let out = under_ulimit(1_000_000, &["seq", "nim", "--to", "1000000000"]);
    let err = refused(&out, "seq nim under ulimit -v");
    assert!(
        err.contains("a table of nim to 1000000000") && err.contains("ulimit -v"),
        "{err}"
    );
    // The limit leaves room for what fits: a small table is computed.
    let out = under_ulimit(1_000_000, &["seq", "nim", "--to", "5"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0,1,2,3,4,5");
}

/// A memory limit set above what `ulimit -v` allows passes the estimate; the table's
/// allocation then fails, which is an error (exit 2) before any work, not an abort.
#[test]
fn a_refused_allocation_is_an_error() {
    // `--method search`: with auto, 0.07 (Dawson's Kayles) answers from its proven
    // period after a table of 1024 heaps.
    for code in ["nim", "0.07"] {
        let args = [
            "--memory-limit",
            "100G",
            "seq",
            code,
            "--to",
            "1000000000",
            "--method",
            "search",
        ];
        let out = under_ulimit(1_000_000, &args);
        let err = refused(&out, code);
        assert!(
            err.contains("the system refused 3.7 GiB of memory") && err.contains("set by --memory-limit 100G"),
            "{code}: {err}"
        );
    }
}

/// Structures that grow with the data of a computation are reserved by `try_reserve`
/// too: a memoized search (its memo, open set and stacks), a loopy exploration (its
/// region, the options a heap lists, the cache of values) and the game graph solved.
/// Under `ulimit -v` with a limit set above it, each used to abort (exit 134) when the
/// system refused to grow them; now one error line, exit 2.
#[test]
fn growing_searches_and_explorations_refused_by_the_system_are_errors() {
    let runs: [(u64, &[&str]); 2] = [
        (
            100_000,
            &[
                "--memory-limit",
                "10G",
                "value",
                "cdn(200,200,200)",
                "--method",
                "search",
            ],
        ),
        (
            250_000,
            &[
                "--memory-limit",
                "10G",
                "value",
                "partial-aliquot-sum(1000000)",
                "--graph-bound",
                "1e9",
            ],
        ),
    ];
    for (kb, args) in runs {
        let out = under_ulimit(kb, args);
        let err = refused(&out, args[3]);
        assert!(
            err.contains("the system refused") && err.contains("set by --memory-limit 10G"),
            "{args:?}: {err}"
        );
    }
}

/// The number of partitions of `n` into at least two parts (p(n) − 1).
fn partitions_into_two_or_more(n: usize) -> u64 {
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for m in part..=n {
            p[m] += p[m - part];
        }
    }
    p[n] - 1
}

/// Every ruleset lists at most 1000 moves of each kind per heap, with exact counts:
/// `moves '0.{2+}(80)'` printed 948,689 winning moves and peaked at 2 GB (it kept every
/// option). `0.{2+}` removes a token and leaves two or more heaps, so heap 40 has
/// p(39) − 1 options.
#[test]
fn every_ruleset_lists_at_most_1000_moves() {
    let v = json(&["moves", "0.{2+}(40)", "--all", "--format", "json"]);
    let count = |key: &str| v[key].as_str().and_then(|c| c.parse::<u64>().ok());
    assert_eq!(
        v["options"].as_array().map(Vec::len),
        Some(1000),
        "{}",
        v["options_count"]
    );
    assert_eq!(count("options_count"), Some(partitions_into_two_or_more(39)));
    assert_eq!(v["winning"].as_array().map(Vec::len), Some(1000));
    let wins = count("winning_count").expect("more winning moves than are listed");
    assert!(wins > 1000 && wins < partitions_into_two_or_more(39), "{wins}");
    // The text says how many there are and how many are listed.
    let out = grundy().args(["moves", "0.{2+}(40)"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], format!("winning moves ({wins}; the first 1000 are listed):"));
    assert_eq!(lines.len(), 1002, "{}", lines[1]);
}

/// The listing of `moves` is estimated before anything is computed, and counts what
/// it keeps: a powerset heap's base set (`powerset-maliquant(805852,386)` grew past
/// 12 GB under a 2 GB limit; smaller here, under a smaller limit), the option values
/// of `--all` (`powerset-totative(3100007) + nim(1) --all` took 6.4 GB under 3 GB).
#[test]
fn listings_are_refused_by_their_estimate() {
    let err = error_line(&["--memory-limit", "5M", "moves", "powerset-maliquant(100000,386)"]);
    assert!(
        err.contains("listing the moves of powerset-maliquant(100000,386)")
            && err.contains("a powerset base of up to 100001 heaps"),
        "{err}"
    );
    let err = error_line(&[
        "--memory-limit",
        "5M",
        "moves",
        "powerset-totative(100003) + nim(1)",
        "--all",
    ]);
    assert!(
        err.contains("listing every option of powerset-totative(100003) + nim(1)") && err.contains("their values"),
        "{err}"
    );
    // The work of the table behind the value (1.45e9 options) is above the work limit,
    // but the listing is checked first: it used to compute the table (16 s with a work
    // limit that allowed it) and only then refuse the listing.
    let code = "0.&9223372036854775807;(100)";
    let err = error_line(&["--memory-limit", "100K", "--max-work", "1e9", "moves", code, "--all"]);
    assert!(err.contains("listing every option of take-and-break"), "{err}");
    // The value's table is the period search's first step (a plain code: its theorem
    // could prove a period), refused on the work of heaps 0..=100.
    let err = error_line(&["--memory-limit", "100K", "--max-work", "1e9", "value", code]);
    assert!(
        err.contains("the period search of take-and-break[0.&9223372036854775807;] to 100"),
        "{err}"
    );
}

/// A memory limit set above what `ulimit -v` leaves lets a table through whose
/// reservation just fits; the small allocations after it (Nim's running mex, the output
/// buffer) were then refused with an abort (exit 134, "memory allocation of 1048576
/// bytes failed"). The CLI's allocator ends such a run with one error line, exit 2.
/// The address space at which the table itself fits is found by bisection, then every
/// limit above it, 256 KB apart, is tried until the run succeeds.
#[test]
fn a_small_allocation_refused_after_the_table_is_an_error() {
    let args = ["--memory-limit", "10G", "seq", "nim", "--to", "10000000"];
    let table_refused =
        |out: &Output| String::from_utf8_lossy(&out.stderr).contains("a table of nim to 10000000: the system refused");
    let (mut low, mut high) = (1_000u64, 1_000_000u64);
    while high - low > 64 {
        let mid = (low + high) / 2;
        if table_refused(&under_ulimit(mid, &args)) {
            low = mid;
        } else {
            high = mid;
        }
    }
    for kb in (low..low + 40_000).step_by(256) {
        let out = under_ulimit(kb, &args);
        match out.status.code() {
            Some(0) => return,
            Some(2) => {
                // The last line (when the address space runs out just as the Ctrl-C
                // thread starts, std's note that it has no signal stack comes first).
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(
                    err.trim_end()
                        .lines()
                        .last()
                        .is_some_and(|l| l.starts_with("grundy: error: ")),
                    "ulimit -v {kb}: {err}"
                );
            }
            code => panic!(
                "ulimit -v {kb}: exit {code:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            ),
        }
    }
    panic!("seq nim --to 10000000 did not run under ulimit -v {}", low + 40_000);
}

/// Chomp on one long row (a hostile check): the search kept each position under the
/// transpose when it was the lesser, so `chomp(n)` held keys of n numbers (330 MiB for
/// n = 500) and `chomp(18446744073709551615)` panicked building one; and the options
/// of the positions on the search's path (n²/2 for one row) were not counted, so the
/// process held 650 MiB under `--memory-limit 100M` before the heap's measure refused
/// it. Now a diagram is kept with its fewer rows, the options held count against the
/// limit before they are kept, and the runs stay within it (under `ulimit -v`, which
/// turns a run past it into a refused allocation).
#[test]
fn chomp_on_long_rows_keeps_to_the_memory_limit() {
    // One row of n squares is a nim heap of n − 1; the 2-row P-positions are (n, n − 1).
    let v = json(&["--memory-limit", "100M", "value", "chomp(1000)", "--format", "json"]);
    assert_eq!(v["value"], "999");
    let v = json(&["--memory-limit", "100M", "value", "chomp(200,199)", "--format", "json"]);
    assert_eq!(v["value"], "0");
    for (pos, says) in [
        ("chomp(3000)", "positions and options held"),
        ("chomp(1000,1000)", "positions and options held"),
        ("chomp(18446744073709551615)", "up to 18446744073709551616 positions"),
    ] {
        let out = under_ulimit(600_000, &["--memory-limit", "100M", "value", pos]);
        let err = refused(&out, pos);
        assert!(
            err.contains(says) && err.contains("--memory-limit 100M"),
            "{pos}: {err}"
        );
    }
}
