//! Work that used to be accepted, or counted too low, and ran for hours (issue 18):
//! each command is refused before any work, in one line naming the estimate and the
//! flag, or stops at the limit keeping the values finished (loopy sequences).

use crate::common::{error_line, grundy, stopped};

/// Take-and-break codes with a split in the repeating tail have about n²/4 options
/// per heap (cubic work); the estimate counted 64 per heap, so `--max-work 1e7` accepted
/// a run of days.
#[test]
fn tail_splits_are_estimated_by_their_options() {
    for code in ["0.[7]", "0.[4]", "0.[6]", "0.7[4]", "0.[4!]"] {
        let err = error_line(&["--max-work", "1e7", "seq", code, "--to", "100000"]);
        assert!(
            err.contains("visits about 8.3") && err.contains("e13 options"),
            "{code}: {err}"
        );
    }
    grundy()
        .args(["--max-work", "1e7", "seq", "0.[7]", "--to", "300"])
        .assert()
        .success();
}

/// A `{k+}=` digit leaves k equal heaps for the divisors k of the heap: about ln n
/// options per heap, not the partitions of n (it was refused at 3.40e38 options).
#[test]
fn equal_heap_counts_are_estimated_by_divisors() {
    let out = grundy().args(["seq", "0.{2+}=", "--to", "100000"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end().split(',').count(), 100_001);
    let err = error_line(&["--max-work", "1e5", "seq", "0.{2+}=", "--to", "100000"]);
    let about = err.split("visits about ").nth(1).and_then(|r| r.split(' ').next());
    let estimate: f64 = about.and_then(|x| x.parse().ok()).unwrap_or(0.0);
    assert!((5e5..2e6).contains(&estimate), "{err}");
}

/// The options of nontotative(612222) need a table to about 612000 (9.4·10^10
/// options): refused at once at `--max-work 1e9` (it grew and rebuilt tables for
/// more than 90 s).
#[test]
fn moves_refuse_the_table_of_the_options_at_once() {
    let err = error_line(&["--max-work", "1e9", "moves", "nontotative(612222)"]);
    assert!(
        err.contains("a table of nontotative to 6") && err.contains("1.00e9"),
        "{err}"
    );
}

/// Printing closed-form values is work too: `seq --method formula` of a powerset
/// ruleset (values of thousands of digits) is refused before printing.
#[test]
fn formula_sequences_check_the_printing_work() {
    let err = error_line(&[
        "--max-work",
        "1e8",
        "seq",
        "powerset-maliquant",
        "--to",
        "30000",
        "--method",
        "formula",
    ]);
    assert!(
        err.contains("printing the values of powerset-maliquant to 30000"),
        "{err}"
    );
}

/// Loopy sequences count the moves their explorations list: past `--max-work` the run
/// stops with the error, after printing the values finished.
#[test]
fn loopy_sequences_stop_at_the_work_limit() {
    let (printed, err) = stopped(&["--max-work", "1e6", "seq", "partial-aliquot-sum", "--to", "100000"]);
    assert!(
        err.contains("the work limit is 1.00e6") && err.contains("are kept"),
        "{err}"
    );
    assert!((1..1000).contains(&printed.trim_end().split(',').count()), "{printed}");
}

/// A period search whose next doubling step is above the work limit prints the
/// values it finished, then says which (an inclusive range, as the tool writes ranges
/// elsewhere: `0..=255` for 256 values, where it said `0..255`), then the error.
#[test]
fn a_sequence_stopped_partway_names_the_heaps_printed_inclusively() {
    let (printed, err) = stopped(&["--max-work", "1e9", "seq", "0.1x7", "--to", "2048"]);
    assert_eq!(printed.trim_end().split(',').count(), 256, "{printed}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0], "grundy: stopped; the values printed (heaps 0..=255) are complete and exact",
        "{err}"
    );
    assert!(lines[1].starts_with("grundy: error: the period search of "), "{err}");
}

/// The cache of a loopy sequence's values is a hash map that doubles at once: its new
/// table is checked against the memory limit before it is made (it was checked after,
/// by the heap count, and `seq aliquot-sum --to 10^6 --memory-limit 108M` reached
/// 249 MB; under 20M this run reached 36 MB).
#[test]
fn a_loopy_cache_is_checked_before_it_doubles() {
    let (_, err) = stopped(&["--memory-limit", "20M", "seq", "aliquot-sum", "--to", "100000"]);
    assert!(
        err.contains("the cache of loopy values needs")
            && err.contains("a hash table growing to")
            && err.contains("the memory limit is 20.0 MiB"),
        "{err}"
    );
    assert!(err.contains("are complete and exact"), "{err}");
}

/// `verify` of a ruleset on tuples estimates every length before searching any: the
/// three-coordinate search of cdn to 672 does not fit 2 GiB (it was refused after
/// 44 s of searching one and two coordinates).
#[test]
fn verify_refuses_before_searching() {
    let err = error_line(&[
        "--memory-limit",
        "2G",
        "--max-work",
        "1e9",
        "verify",
        "cdn",
        "--to",
        "672",
    ]);
    assert!(
        err.contains("searching cdn(672,672,672)") && err.contains("2.0 GiB"),
        "{err}"
    );
}

/// A work model's estimate may be beyond every count (a star of 100 leaves: about
/// 1.3·10^30 independent sets by its clique bound, though the search is instant), so
/// that no `--max-work N` lets it through: `--max-work none` (or `GRUNDY_MAX_WORK=none`)
/// lifts the limit, the refusal says so, and it names a long position briefly.
#[test]
fn an_estimate_beyond_every_count_is_let_through_by_none() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("star.txt");
    let edges: Vec<String> = (0..100).map(|i| format!("c-v{i}")).collect();
    std::fs::write(&f, edges.join(" ")).unwrap();
    let expr = format!("node-kayles(\"@{}\")", f.display());
    let err = error_line(&["--max-work", "1.8e19", "value", &expr]);
    assert!(
        err.contains("e30 options") && err.contains("--max-work none lifts the limit"),
        "{err}"
    );
    // The position is named by its first 80 characters, not all 100 edges.
    assert!(err.contains("more characters)") && !err.contains("c-v99"), "{err}");
    for args in [vec!["--max-work", "none"], vec!["--max-work", "NONE"]] {
        let out = grundy().args(&args).args(["value", &expr]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("value 2"));
    }
    let out = grundy()
        .env("GRUNDY_MAX_WORK", "none")
        .args(["value", &expr])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = error_line(&["--max-work", "nothing", "value", "nim(1)"]);
    assert!(
        err.contains("'nothing' is not a count") && err.contains("or none for no limit"),
        "{err}"
    );
}

/// The position engine holds its positions searched to the work limit, where its work
/// model's estimate was low (a hostile check: the outcome search of sums, `--method
/// sums`, on a path of 55 vertices given by its edges, whose parts have no normal
/// form, was estimated at 1540 and searched past 10^6 positions under `--max-work
/// 1e5`); the default engine answers within it.
#[test]
fn the_position_engine_keeps_to_the_work_limit_it_counts() {
    let edges: Vec<String> = (0..54).map(|i| format!("v{i}-v{}", i + 1)).collect();
    let expr = format!("node-kayles(\"{}\")", edges.join(" "));
    let err = error_line(&["--max-work", "1e5", "value", &expr, "--method", "sums"]);
    assert!(
        err.contains("counted as the search ran") && err.contains("--max-work 1e5"),
        "{err}"
    );
    // Node-Kayles on a path of n is 0.137 (Dawson's chess) on n.
    let v = crate::common::json(&["--max-work", "1e5", "value", &expr, "--format", "json"]);
    let d = crate::common::json(&["value", "dawsons-chess(55)", "--format", "json"]);
    assert_eq!(v["value"], d["value"]);
}
