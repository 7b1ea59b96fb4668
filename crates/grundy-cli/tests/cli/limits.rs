//! Limits on work and memory (issue 12): every computation estimates its work (options
//! visited) and memory before it starts and refuses, in one line naming the estimate
//! and the flag that raises the limit, anything above the limit; output is streamed.

use crate::common::{error_line, grundy, json, stdout};

/// Quadratic work that used to be accepted for hours is refused at once, naming the
/// work limit's flag.
#[test]
fn quadratic_work_is_refused_with_the_flag() {
    for args in [
        &["seq", "divide-and-residue", "--to", "10000000"][..],
        &["value", "divide-and-residue(10000000)"][..],
        &["moves", "divide-and-residue(10000000)"][..],
        &["period", "divide-and-residue", "--to", "10000000"][..],
        &[
            "plot",
            "divide-and-residue",
            "--to",
            "10000000",
            "-o",
            "/tmp/never-written.svg",
        ][..],
    ] {
        let err = error_line(args);
        assert!(
            err.contains("5.00e13 options") && err.contains("--max-work") && err.contains("GRUNDY_MAX_WORK"),
            "{args:?}: {err}"
        );
    }
    // Raising the limit accepts it (a small range, so the test is quick).
    let err = error_line(&["--max-work", "1000", "seq", "divide-and-residue", "--to", "1000"]);
    assert!(err.contains("the work limit is 1000"), "{err}");
    grundy()
        .args(["--max-work", "1e6", "seq", "divide-and-residue", "--to", "1000"])
        .assert()
        .success();
}

/// `--max-states` and `GRUNDY_MAX_STATES` (the older names) and `GRUNDY_MAX_WORK` set
/// the same limit.
#[test]
fn every_name_of_the_work_limit_works() {
    let args = ["seq", "laskers-nim", "--to", "2000"];
    for (flag, env) in [
        (Some("--max-work"), None),
        (Some("--max-states"), None),
        (None, Some("GRUNDY_MAX_WORK")),
        (None, Some("GRUNDY_MAX_STATES")),
    ] {
        let mut cmd = grundy();
        if let Some(f) = flag {
            cmd.args([f, "100000"]);
        }
        if let Some(e) = env {
            cmd.env(e, "100000");
        }
        let out = cmd.args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag:?} {env:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("the work limit is 100000"), "{flag:?} {env:?}: {err}");
    }
}

/// A closed form on 10^11 heaps is refused by its work (one evaluation a heap); its
/// memory is O(1) since the values are streamed.
#[test]
fn formula_sequences_are_estimated() {
    let err = error_line(&["seq", "nim", "--to", "100000000000", "--method", "formula"]);
    assert!(err.contains("1.00e11") && err.contains("--max-work"), "{err}");
    let v = json(&[
        "seq", "nim", "--from", "5", "--to", "9", "--method", "formula", "--format", "json",
    ]);
    assert_eq!(v["values"], serde_json::json!(["5", "6", "7", "8", "9"]));
}

/// Nim's table is linear work (its prefix step), so 10^7 heaps fit a work limit of
/// 2·10^7; under the old quadratic cost they were 5·10^13.
#[test]
fn nim_tables_are_linear_work() {
    let err = error_line(&["--max-work", "20000000", "seq", "nim", "--to", "30000000"]);
    assert!(err.contains("3.00e7 options"), "{err}");
    let out = grundy()
        .args([
            "--max-work",
            "20000000",
            "seq",
            "nim",
            "--from",
            "9999998",
            "--to",
            "10000000",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "9999998,9999999,10000000\n");
}

/// totient has one option: listing it is no work at all (it was refused as 10^12).
#[test]
fn a_single_option_is_not_refused() {
    let v = json(&["moves", "totient(1000000000000)", "--all", "--format", "json"]);
    assert_eq!(v["options"].as_array().map(Vec::len), Some(1), "{v}");
}

/// `moves --all` estimates the memory of the options it lists before building them.
#[test]
fn listing_options_is_estimated() {
    let heaps: Vec<String> = (1..=700).map(|h| h.to_string()).collect();
    let expr = format!("nim({})", heaps.join(","));
    let err = error_line(&["--memory-limit", "512M", "moves", &expr, "--all"]);
    assert!(
        err.contains("listing every option of nim(1,2,3") && err.contains("512.0 MiB"),
        "{err}"
    );
    assert!(err.len() < 400, "the position is shortened in the message: {err}");
}

/// Printing values of thousands of digits (powerset rulesets) is work too: refused
/// before printing, with O(1) memory either way.
#[test]
fn printing_huge_values_is_estimated() {
    let err = error_line(&["--memory-limit", "1G", "seq", "powerset-maliquant", "--to", "1000000"]);
    assert!(
        err.contains("printing the values of powerset-maliquant") && err.contains("--max-work"),
        "{err}"
    );
}

/// Every format is streamed: the same values in each, and a long CSV prints fully.
#[test]
fn streamed_formats_agree() {
    let text = grundy()
        .args(["seq", "subtraction[1,2,3]", "--to", "20000"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    let values: Vec<&str> = text.trim_end().split(',').collect();
    assert_eq!(values.len(), 20001);
    let csv = grundy()
        .args(["seq", "subtraction[1,2,3]", "--to", "20000", "--format", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    let rows: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(rows, values);
    let bfile = grundy()
        .args(["seq", "subtraction[1,2,3]", "--to", "20000", "--format", "bfile"])
        .output()
        .unwrap();
    let bfile = String::from_utf8(bfile.stdout).unwrap();
    let b: Vec<&str> = bfile.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(b, values);
    let v = json(&["seq", "subtraction[1,2,3]", "--to", "20000", "--format", "json"]);
    let j: Vec<&str> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(j, values);
    assert_eq!(values[..6], ["0", "1", "2", "3", "0", "1"]);
}

/// `plot` of a heap ruleset counts its points (16 bytes each) beside the table.
#[test]
fn plot_points_are_estimated() {
    let err = error_line(&[
        "--memory-limit",
        "10M",
        "plot",
        "nim",
        "--to",
        "1000000",
        "-o",
        "/tmp/never-written.svg",
    ]);
    assert!(
        err.contains("the plot of nim to 1000000 needs an estimated") && err.contains("10.0 MiB"),
        "{err}"
    );
}

/// A table that grows for a second heap grows only as far as the work limit allows
/// (it doubled to 2000 heaps, which the limit refused, where 1500 were asked for).
#[test]
fn growing_tables_stay_within_the_limit() {
    let v = json(&[
        "--max-work",
        "1.2e6",
        "value",
        "divide-and-residue(1000) + divide-and-residue(1500)",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N", "{v}");
}

/// A table refused for its memory or work, for a ruleset whose proven closed form gives
/// the heaps at once: the refusal says so (`--method formula`) exactly when `--method
/// formula` gives every heap of the range within the limits; without a closed form it
/// does not. A table past 2^32 heaps is never built: `--method auto` takes the closed
/// form there, and `--method search` names it.
#[test]
fn refused_tables_point_to_the_closed_form() {
    for name in ["nim", "laskers-nim"] {
        let range = ["seq", name, "--from", "10^15", "--to", "1000000000000005"];
        let e = error_line(&[&range[..], &["--method", "search"]].concat());
        assert!(
            e.contains("but dense tables stop below 2^32 heaps, whatever the memory limit")
                && e.trim_end()
                    .ends_with("; --method auto or --method formula gives these from the closed form"),
            "{e}"
        );
        for method in ["auto", "formula"] {
            let out = stdout(&[&range[..], &["--method", method]].concat());
            assert_eq!(out.trim_end().split(',').count(), 6, "{out}");
        }
    }
    // The table from heap 0 is 1500 heaps, the closed form's 1000 or 1001.
    let e = error_line(&["--max-work", "1000", "seq", "nim", "--from", "500", "--to", "1499"]);
    assert!(e.contains("--max-work 1000); --method formula gives these"), "{e}");
    let out = stdout(&[
        "--max-work",
        "1000",
        "seq",
        "nim",
        "--from",
        "500",
        "--to",
        "1499",
        "--method",
        "formula",
    ]);
    assert_eq!(out.trim_end().split(',').count(), 1000);
    // --method formula would be refused for its 1001 heaps: no advice to use it.
    let e = error_line(&["--max-work", "1000", "seq", "nim", "--from", "500", "--to", "1500"]);
    assert!(!e.contains("--method formula"), "{e}");
    let e = error_line(&["--memory-limit", "1K", "seq", "saliquant", "--from", "11", "--to", "13"]);
    assert!(!e.contains("--method formula"), "{e}");
    let e = error_line(&["--memory-limit", "1K", "seq", "saliquant", "--from", "13", "--to", "13"]);
    assert!(e.contains("--method formula gives these"), "{e}");
    let e = error_line(&["seq", "grundys-game", "--to", "10^15"]);
    assert!(!e.contains("--method formula"), "{e}");
}

/// A grid's work is refused for the whole grid at once: MIN's table grows row by row,
/// and its refusal named the rows reached so far (`rows 0..=44` for a table of 501
/// rows), so that a limit raised as its advice said was refused again further on.
#[test]
fn a_grid_is_refused_for_all_its_rows() {
    let e = error_line(&["--max-work", "1000", "table", "min", "--rows", "501", "--cols", "501"]);
    assert!(e.contains("computing the MIN rows 0..=500 visits about"), "{e}");
    let e = error_line(&[
        "--max-work",
        "10",
        "plot",
        "min",
        "--to",
        "999",
        "-o",
        "/tmp/never-written.png",
    ]);
    assert!(e.contains("computing the MIN rows 0..=999 visits about"), "{e}");
}

/// Advice that works: a table of Wythoff's game at 10^18 was refused for its work,
/// advising `--max-work none`, and the run with `--max-work none` was then refused for
/// 1.6·10^4 PiB of memory. The memory is checked first, and an estimate that no
/// machine holds advises no limit at all.
#[test]
fn a_refusal_does_not_advise_a_limit_that_cannot_help() {
    let table = [
        "table",
        "wythoff",
        "--rows",
        "2",
        "--cols",
        "2",
        "--row-start",
        "1000000000000000000",
        "--col-start",
        "1000000000000000000",
    ];
    for extra in [&[][..], &["--max-work", "none"][..]] {
        let args: Vec<&str> = extra.iter().chain(&table).copied().collect();
        let err = error_line(&args);
        assert!(
            err.contains("needs more than 1.638e4 PiB") && err.contains("no machine's memory holds it"),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("--max-work") && !err.contains("raise it"),
            "{args:?}: {err}"
        );
    }
    // A sequence of the whole domain, 2^64 values from a proven period, is refused as
    // too long under any work limit (it advised --max-work none, then refused that).
    for extra in [&[][..], &["--max-work", "none"][..]] {
        let args: Vec<&str> = extra
            .iter()
            .chain(&["seq", "kayles", "--from", "0", "--to", "18446744073709551615"])
            .copied()
            .collect();
        let err = error_line(&args);
        assert!(
            err.contains("18446744073709551616 values") && !err.contains("--max-work"),
            "{args:?}: {err}"
        );
    }
    // The same for a value, whose search is refused (the outcome is still given).
    let out = stdout(&["value", "wythoff(1000000000000000000,1000000000000000000)"]);
    assert!(
        out.contains("N-position") && out.contains("needs more than 1.638e4 PiB"),
        "{out}"
    );
    // A search within the memory limit and past the work limit still advises the work
    // limit, and raising it as advised gets past both checks.
    let err = error_line(&[
        "--max-work",
        "1000",
        "table",
        "wythoff",
        "--rows",
        "2",
        "--cols",
        "2",
        "--row-start",
        "300",
    ]);
    assert!(err.contains("visits about") && err.contains("--max-work"), "{err}");
    let out = stdout(&[
        "--max-work",
        "1e9",
        "table",
        "wythoff",
        "--rows",
        "2",
        "--cols",
        "2",
        "--row-start",
        "300",
    ]);
    assert!(out.starts_with("a\\b"), "{out}");
    // An estimate a machine may hold still advises raising the memory limit.
    let err = error_line(&[
        "--memory-limit",
        "1M",
        "table",
        "wythoff",
        "--rows",
        "2",
        "--cols",
        "2",
        "--row-start",
        "30000",
        "--col-start",
        "30000",
    ]);
    assert!(
        err.contains("needs an estimated") && err.contains("set by --memory-limit") && !err.contains("no machine"),
        "{err}"
    );
}
