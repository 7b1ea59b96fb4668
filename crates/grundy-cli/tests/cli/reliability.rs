//! Issue 12 (reliability): hostile input gives one error line, never a panic (exit
//! 101) or wrong output; files are written whole or not at all.

use crate::common::{error_line, grundy, json};
use std::io::Write;

fn file_with(bytes: &[u8], suffix: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    f.write_all(bytes).unwrap();
    f
}

#[test]
fn json_graph_with_stray_non_ascii_is_one_error_line() {
    for text in ["{\"a\": [\"b\"é], \"b\": []}", "{\"a\": []é}"] {
        let f = file_with(text.as_bytes(), ".json");
        let e = error_line(&["graph", f.path().to_str().unwrap()]);
        assert!(e.contains("line 1, column") && e.contains("invalid JSON graph"), "{e}");
    }
}

#[test]
fn json_array_graph_gets_a_json_error() {
    let f = file_with(b"[[\"a\", \"b\"]]", ".json");
    let e = error_line(&["graph", f.path().to_str().unwrap()]);
    assert!(e.contains("not an array") && !e.contains("name: follower"), "{e}");
}

#[test]
fn byte_order_mark_is_not_part_of_a_name() {
    let f = file_with("\u{feff}a: b\nb:\n".as_bytes(), ".txt");
    let v = json(&["graph", f.path().to_str().unwrap(), "--format", "json"]);
    assert_eq!(v["vertices"][0]["vertex"], "a");
    let f = file_with("\u{feff}{\"a\": []}".as_bytes(), ".json");
    let v = json(&["graph", f.path().to_str().unwrap(), "--format", "json"]);
    assert_eq!(v["vertices"][0]["vertex"], "a");
}

#[test]
fn graph_input_is_bounded_by_the_memory_limit() {
    let e = error_line(&["--memory-limit", "50M", "graph", "/dev/zero"]);
    assert!(e.contains("/dev/zero") && e.contains("NUL byte"), "{e}");
    // An endless stream without NUL bytes stops at a fifth of the memory limit.
    let out = grundy()
        .args(["--memory-limit", "5M", "graph", "/dev/stdin"])
        .write_stdin(vec![b'a'; 3 << 20])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("reading the graph (to line 1) needs an estimated")
            && e.contains("its text passed 1.0 MiB")
            && e.contains("(set by --memory-limit 5M)"),
        "{e}"
    );
    let e = error_line(&["graph", "/"]);
    assert!(e.contains("cannot read /") && e.contains("directory"), "{e}");
}

/// The command: a value of about 67,000 digits in `moves --all` (a minute in
/// the test profile).
#[test]
#[ignore = "slow: a powerset heap of 3.1 million, run with --ignored"]
fn a_value_longer_than_any_format_width_prints() {
    let out = grundy()
        .args(["moves", "powerset-totative(3100007) + nim(1)", "--all"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.len() > 65_535), "no long value printed");
}

#[test]
fn a_vertex_name_longer_than_any_format_width_prints() {
    let long = "v".repeat(70_000);
    let f = file_with(format!("{long}: y\ny:\n").as_bytes(), ".txt");
    let out = grundy().args(["graph", f.path().to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, format!("{long}  1  N\ny  0  P\n"));
}

#[test]
fn copy_counts_past_2_64_are_exact() {
    let v = json(&["value", "nim(3*18446744073709551615,3)", "--format", "json"]);
    // 2^64 heaps of 3: an even count, value 0; the position prints whole.
    assert_eq!(v["position"], "nim(3*18446744073709551615,3)");
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("0"), Some("P")));
    let v = json(&["moves", "nim(3*18446744073709551615,3,1)", "--format", "json"]);
    assert_eq!(v["position"], "nim(3*18446744073709551615,3,1)");
    assert_eq!(v["value"], "1");
    assert_eq!(
        v["winning"],
        serde_json::json!(["nim(3*18446744073709551614,2,3,1)", "nim(3*18446744073709551615,3,0)"])
    );
    // The printed positions parse back to the same value.
    let v = json(&["value", "nim(3*18446744073709551614,2,3,1)", "--format", "json"]);
    assert_eq!(v["value"], "0");
}

#[test]
fn numbers_too_large_are_refused_not_wrapped() {
    for (expr, column) in [("nim(2^64)", 5), ("nim(3*10^20)", 7), ("subtraction[1,1e20](3)", 15)] {
        let e = error_line(&["value", expr]);
        assert!(
            e.contains("too large") && e.contains(&format!("column {column}")),
            "{e}"
        );
    }
    let e = error_line(&[
        "period",
        "subtraction[18446744073709551615]",
        "--to",
        "18446744073709551615",
    ]);
    // Refused by the memory or the work estimate, whichever is checked first.
    assert!(
        e.contains("needs more than 1.638e4 PiB") || e.contains("visits about 1.84e19"),
        "{e}"
    );
    let e = error_line(&[
        "value",
        "vdn(18446744073709551615,18446744073709551615)",
        "--method",
        "search",
    ]);
    // The memory is checked first: a refusal for work would advise a limit that
    // cannot help (2^64 antidiagonals of 16 bytes).
    assert!(
        e.contains("needs more than 1.638e4 PiB") && e.contains("no machine's memory holds it"),
        "{e}"
    );
    let e = error_line(&["value", "min(18446744073709551615,18446744073709551615)"]);
    // 1.7·10^38 values: the byte estimate saturates, and says it is a floor.
    assert!(e.contains("needs more than 1.638e4 PiB"), "{e}");
    // An arity past 2^32 was truncated in the estimate, then overflowed an allocation.
    let e = error_line(&["verify", "cdn", "--to", "0", "--arity", "9223372036854775808"]);
    assert!(e.contains("needs more than 1.638e4 PiB"), "{e}");
}

#[test]
fn powers_and_scientific_notation_in_positions() {
    let v = json(&["value", "nim(10^12,3,5)", "--format", "json"]);
    assert_eq!(v["position"], "nim(1000000000000,3,5)");
    assert_eq!(v["value"], (1_000_000_000_000u64 ^ 3 ^ 5).to_string());
    let v = json(&["value", "nim(1e6) + subtraction[1,2](2^10)", "--format", "json"]);
    assert_eq!(v["value"], (1_000_000u64 ^ (1024 % 3)).to_string());
}

#[test]
fn a_sum_lists_each_position_once() {
    // powerset-saliquot(6): base {5, 4, 3, 0}; {3,5} and {0,3,5} are one position.
    let v = json(&["moves", "powerset-saliquot(6)", "--all", "--format", "json"]);
    assert_eq!(
        v["winning"],
        serde_json::json!(["powerset-saliquot(0)", "powerset-saliquot(3,5)"])
    );
    assert_eq!(v["options"].as_array().unwrap().len(), 8);
    // Equal heaps of a sum: moving either is the same move.
    let v = json(&["moves", "nim(3,5,3)", "--all", "--format", "json"]);
    assert_eq!(v["options"].as_array().unwrap().len(), 8);
    let v = json(&["moves", "min(3,4) + min(3,4)", "--all", "--format", "json"]);
    let opts: Vec<&str> = v["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["position"].as_str().unwrap())
        .collect();
    assert!(opts.iter().all(|p| p.ends_with("+ min(3,4)")), "{opts:?}");
    // A loop in either heap of a loopy sum leaves the position as it is: listed once.
    let v = json(&[
        "moves",
        "partial-aliquot-sum(6) + partial-aliquot-sum(12)",
        "--all",
        "--format",
        "json",
    ]);
    let mut opts: Vec<&str> = v["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["position"].as_str().unwrap())
        .collect();
    let n = opts.len();
    opts.sort_unstable();
    opts.dedup();
    assert_eq!(opts.len(), n, "{opts:?}");
}

#[test]
fn all_lists_at_most_1000_options_per_heap() {
    let v = json(&["moves", "powerset-maliquot(720)", "--all", "--format", "json"]);
    assert_eq!(v["options"].as_array().unwrap().len(), 1000);
    assert_eq!(v["winning"].as_array().unwrap().len(), 1000);
    assert_eq!(v["options_count"], "536870911");
    assert_eq!(v["winning_count"], "8388607");
}

#[test]
fn invalid_limit_variables_are_errors_naming_them() {
    for (var, value) in [
        ("GRUNDY_MEMORY_LIMIT", "lots"),
        ("GRUNDY_MAX_STATES", "-3"),
        ("GRUNDY_MAX_STATES", "x"),
    ] {
        let out = grundy().env(var, value).args(["value", "nim(1)"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{var}={value}");
        let e = String::from_utf8(out.stderr).unwrap();
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(
            e.starts_with(&format!("grundy: error: {var}: '{value}' is not a")),
            "{e}"
        );
    }
    // The option wins over the variable, as documented.
    let out = grundy()
        .env("GRUNDY_MEMORY_LIMIT", "lots")
        .args(["--memory-limit", "1G", "value", "nim(1)"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let e = error_line(&["--memory-limit", "2X", "value", "nim(1)"]);
    assert!(e.contains("--memory-limit: '2X' is not a size"), "{e}");
}

#[test]
fn refusals_name_the_setting_the_user_used() {
    let e = error_line(&["--memory-limit", "1K", "seq", "nim", "--to", "100000"]);
    assert!(
        e.contains("(set by --memory-limit 1K)") && !e.contains("GRUNDY_MEMORY_LIMIT"),
        "{e}"
    );
    let out = grundy()
        .env("GRUNDY_MEMORY_LIMIT", "1K")
        .args(["seq", "nim", "--to", "100000"])
        .output()
        .unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("(set by GRUNDY_MEMORY_LIMIT=1K; --memory-limit overrides it)"),
        "{e}"
    );
    // 182 TiB: above the default limit on any machine, and a limit can be raised.
    let e = error_line(&["value", "min(10000000,10000000)"]);
    assert!(e.contains("raise it with --memory-limit"), "{e}");
    // A table past 2^32 heaps advises no memory limit, which cannot help: `auto` takes
    // nim's closed form, whose 10^14 heaps are above the work limit.
    let e = error_line(&["seq", "nim", "--to", "100000000000000"]);
    assert!(
        e.contains("the closed form of nim on heaps 0..=100000000000000 visits about 1.00e14")
            && e.contains("raise it with --max-work")
            && !e.contains("--memory-limit"),
        "{e}"
    );
    let e = error_line(&["--max-states", "10", "value", "min(100,100)"]);
    assert!(e.contains("(set by --max-states 10)"), "{e}");
}

#[test]
fn clap_errors_are_one_line_with_the_prefix() {
    for args in [
        &["seq", "nim"][..],
        &["verify", "nim", "--to", "10", "--method", "search"],
        &["valu", "x"],
        &["value", "x", "--format", "yaml"],
        &["seq", "nim", "--to", "abc"],
        &["moves", "nim(1)", "--all", "--all"],
    ] {
        let e = error_line(args);
        assert!(e.starts_with("grundy: error: "), "{args:?}: {e}");
    }
    let e = error_line(&["valu", "x"]);
    assert!(e.contains("unknown command 'valu'; did you mean 'value'?"), "{e}");
    let e = error_line(&["seq", "nim"]);
    assert!(e.contains("missing required argument '--to <TO>'"), "{e}");
    // verify does not take --method, and no error suggests it.
    let e = error_line(&["verify", "nim", "--to", "10", "--method", "search"]);
    assert!(e.contains("unexpected argument '--method'"), "{e}");
    // Every ruleset, with a range too short for some closed forms.
    let list = json(&["list", "--format", "json"]);
    for r in list.as_array().unwrap() {
        let example = r["example"].as_str().unwrap();
        let name = example.split('(').next().unwrap();
        for to in ["0", "6"] {
            let out = grundy().args(["verify", name, "--to", to]).output().unwrap();
            let e = String::from_utf8(out.stderr).unwrap();
            assert!(!e.contains("--method"), "verify {name} --to {to}: {e}");
        }
    }
    // Help and version print as usual.
    let out = grundy().arg("--help").output().unwrap();
    assert!(out.status.success() && String::from_utf8(out.stdout).unwrap().lines().count() > 5);
    let out = grundy().arg("--version").output().unwrap();
    assert!(out.status.success() && String::from_utf8(out.stdout).unwrap().starts_with("grundy "));
}

#[test]
fn a_line_break_in_an_expression_is_escaped_in_the_error() {
    let e = error_line(&["value", "nim(3,\n4"]);
    assert!(e.contains("'nim(3,\\n4'"), "{e}");
    let e = error_line(&["value", "subtraction[1,\n2,x](3)"]);
    assert!(e.contains("\\n"), "{e}");
}

#[test]
fn seq_of_an_empty_name_reports_what_the_user_typed() {
    let e = error_line(&["seq", "", "--to", "3"]);
    assert!(
        e.contains("expected a ruleset name, found end of input") && !e.contains("'('"),
        "{e}"
    );
    let e = error_line(&["seq", "nim(3)", "--to", "3"]);
    assert!(e.contains("without a position: 'nim', not 'nim(3)'"), "{e}");
}

/// Runs `grundy ARGS` in `dir` under a file size limit of 4 KiB (`ulimit -f 4`), where
/// larger writes fail as on a full disk.
fn with_file_size_limit(dir: &std::path::Path, args: &str) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f 4 && exec '{}' {args}", bin.display()))
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn reproduce_refuses_an_unwritable_report_before_running() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("report.json")).unwrap();
    let out = dir.path().to_str().unwrap();
    let e = error_line(&["reproduce", "--only", "004", "--out", out]);
    assert!(e.contains("report.json") && e.contains("directory"), "{e}");
}

#[test]
fn reproduce_on_a_full_disk_leaves_no_truncated_report_and_prints_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = with_file_size_limit(dir.path(), "reproduce --only 004 --out out");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("grundy: error: cannot write out/report.") && last.contains("printed to stdout"),
        "{last}"
    );
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("004-period-odd-nim"), "{report}");
    // Whatever was written is whole: the JSON parses, no temporary file is left.
    if let Ok(text) = std::fs::read_to_string(dir.path().join("out/report.json")) {
        serde_json::from_str::<serde_json::Value>(&text).unwrap();
    }
    for f in std::fs::read_dir(dir.path().join("out")).unwrap() {
        let name = f.unwrap().file_name();
        assert!(!name.to_string_lossy().starts_with('.'), "{name:?} left behind");
    }
}

/// A figure that could not be written was reported as "not produced" with exit 0.
#[test]
fn reproduce_fails_naming_a_figure_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let out = with_file_size_limit(dir.path(), "reproduce --only 001-min-heatmap-zoom --out out");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("grundy: error: cannot write out/001-min-heatmap-zoom.png"),
        "{last}"
    );
    assert!(!dir.path().join("out/001-min-heatmap-zoom.png").exists());
}

#[test]
fn plot_on_a_full_disk_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = with_file_size_limit(dir.path(), "plot nim --to 100 -o p.png");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("grundy: error: cannot write p.png"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // An output path that cannot be written is refused before computing.
    let e = error_line(&["plot", "nim", "--to", "100", "-o", "/nonexistent-dir/p.png"]);
    assert!(e.contains("cannot write /nonexistent-dir/p.png"), "{e}");
    let e = error_line(&["seq", "0.77", "--to", "10", "--checkpoint", "/nonexistent-dir/c.ckpt"]);
    assert!(e.contains("cannot write /nonexistent-dir/c.ckpt"), "{e}");
}

#[test]
fn an_infinite_component_decides_a_sum_with_an_undetermined_one_where_provable() {
    // aliquot-sum(6) is ∞(): every option of the sum keeps an infinite component.
    let v = json(&["value", "aliquot-sum(276) + aliquot-sum(6)", "--format", "json"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("∞()"), Some("D")));
    assert!(v.get("note").is_none(), "{v}");
    // ∞(0,1,2) plus an unknown value: a win if the unknown is a finite 0, 1 or 2, a
    // draw otherwise; not decided.
    let v = json(&["value", "aliquot-sum(276) + partial-aliquot-sum(6)", "--format", "json"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("?"), Some("?")));
    // Two infinite components draw, whatever the third is.
    let v = json(&[
        "value",
        "partial-aliquot-sum(6) + aliquot-sum(276) + partial-aliquot-sum(8)",
        "--format",
        "json",
    ]);
    assert_eq!(v["value"], "∞()");
}

#[test]
fn period_never_reports_a_negative_saltus() {
    let v = json(&[
        "period",
        "subtraction[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        "--to",
        "40",
        "--format",
        "json",
    ]);
    assert_eq!(v["status"], "none", "{v}");
    assert!(v["saltus"].is_null(), "{v}");
    let v = json(&[
        "period",
        "subtraction[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        "--to",
        "200",
        "--format",
        "json",
    ]);
    assert_eq!((v["period"].as_u64(), v["saltus"].as_i64()), (Some(21), Some(0)), "{v}");
}

#[test]
fn bfile_is_refused_for_loopy_rulesets() {
    let e = error_line(&["seq", "aliquot-sum", "--to", "20", "--format", "bfile"]);
    assert!(
        e.contains("aliquot-sum is loopy") && e.contains("--format csv or json"),
        "{e}"
    );
    let out = grundy()
        .args(["seq", "subtraction[1,2]", "--to", "3", "--format", "bfile"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0 0\n1 1\n2 2\n3 0\n");
}

#[test]
fn endless_devices_are_refused_as_input_and_as_output() {
    let e = error_line(&["period", "--check", "/dev/zero"]);
    assert!(e.contains("cannot read /dev/zero") && e.contains("NUL byte"), "{e}");
    let out = grundy()
        .args(["--memory-limit", "5M", "period", "--check", "/dev/stdin"])
        .write_stdin(vec![b'y'; 3 << 20])
        .output()
        .unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    // A certificate is read within a 32nd of the limit: 5 MiB / 32 = 160 KiB.
    assert!(
        e.contains("more than 160.0 KiB of text, where reading stopped") && e.contains("set by --memory-limit 5M"),
        "{e}"
    );
    let e = error_line(&["seq", "0.77", "--to", "10", "--checkpoint", "/dev/zero"]);
    assert!(e.contains("/dev/zero: not a regular file"), "{e}");
    // Renaming over a device would replace it.
    let e = error_line(&["period", "0.77", "--to", "100", "--save", "/dev/null"]);
    assert!(e.contains("cannot write /dev/null: not a regular file"), "{e}");
}

#[test]
fn graph_text_output_keeps_one_line_per_vertex() {
    let f = file_with(b"{\"a\\nb\": [], \"c\": [\"a\\nb\"]}", ".json");
    let out = grundy().args(["graph", f.path().to_str().unwrap()]).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "a\\nb  0  P\nc     1  N\n");
}

#[test]
fn counts_on_the_command_line_take_powers_and_scientific_notation() {
    let v = json(&["seq", "nim", "--from", "1e3", "--to", "10^3", "--format", "json"]);
    assert_eq!(
        (v["from"].as_u64(), v["values"][0].as_str()),
        (Some(1000), Some("1000"))
    );
    let v = json(&[
        "table",
        "min",
        "--rows",
        "2",
        "--cols",
        "2",
        "--row-start",
        "1e1",
        "--format",
        "json",
    ]);
    assert_eq!(v["rows"], serde_json::json!([10, 11]));
    let e = error_line(&["seq", "nim", "--to", "1.5"]);
    assert!(
        e.contains("invalid value '1.5' for '--to <TO>'") && e.contains("not a count"),
        "{e}"
    );
    let e = error_line(&["seq", "nim", "--to", "2^64"]);
    assert!(e.contains("larger than 2^64"), "{e}");
    let out = grundy()
        .args(["--max-states", "1e1", "value", "min(100,100)"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("the limit is 10 (set by --max-states 1e1)"));
}
