//! Misère play on the command line: `--play misere` on `value`, `moves` and `seq`,
//! `grundy quotient` (print, save, check, tampering), `--quotient FILE`, and the
//! errors (one line, exit 2).

use crate::common::{error_line, grundy, interrupted, json, stopped};
use predicates::prelude::*;

/// The top-level keys of a command's pretty-printed JSON, in the order printed.
fn key_order(args: &[&str]) -> Vec<String> {
    let out = grundy().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("  \""))
        .filter_map(|l| l.split('"').next().map(str::to_string))
        .collect()
}

#[test]
fn value_gives_the_misere_outcome_and_for_one_component_g_minus_and_genus() {
    // Kayles: a single pin is a misère P-position (ONAG ch. 12: genus 1^{031}).
    let v = json(&["value", "kayles(1)", "--play", "misere", "--format", "json"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["misere_value"], "0");
    assert_eq!(v["genus"], "1^{031}");
    assert_eq!(v["tameness"], "tame");
    assert_eq!(
        key_order(&["value", "kayles(1)", "--play", "misere", "--format", "json"]),
        [
            "position",
            "play",
            "outcome",
            "misere_value",
            "genus",
            "tameness",
            "source"
        ]
    );
    assert_eq!(v["source"], "the misère quotient of kayles, heaps ≤ 1");
    // A sum has no G⁻ key; misère Nim (Bouton): 1 + 1 + 1 is P, 1 + 1 is N.
    let v = json(&["value", "nim(1,1,1)", "--play", "misere", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
    assert!(v.get("misere_value").is_none() && v.get("genus").is_none());
    let v = json(&["value", "nim(1,1)", "--play", "misere", "--format", "json"]);
    assert_eq!(v["outcome"], "N");
    // Normal play is the default and unchanged.
    let v = json(&["value", "nim(1,1)", "--format", "json"]);
    assert_eq!(v["value"], "0");
    assert!(v.get("play").is_none());
    grundy()
        .args(["value", "kayles(3)", "--play", "misere"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "kayles(3): misère N-position (the next player wins), G⁻ = 3, genus 3^{31} (tame)",
        ));
}

#[test]
fn boards_graphs_tuples_and_mixed_sums_in_misere_play() {
    // Cram on 2×3: every domino leaves a region of value 1 in misère play… the
    // search says P (G⁻ = 0), and the winning move of the path of 5 leaves 2.
    let v = json(&["value", "cram(2,3)", "--play", "misere", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
    let m = json(&["moves", "node-kayles-path(5)", "--play", "misere", "--format", "json"]);
    assert_eq!(m["winning"], serde_json::json!(["node-kayles-path(2)"]));
    // Node-Kayles on a path of n is Dawson's chess (0.137) on n: the same outcomes.
    for n in 1..=9 {
        let a = json(&[
            "value",
            &format!("node-kayles-path({n})"),
            "--play",
            "misere",
            "--format",
            "json",
        ]);
        let b = json(&[
            "value",
            &format!("dawsons-chess({n})"),
            "--play",
            "misere",
            "--format",
            "json",
        ]);
        assert_eq!(a["outcome"], b["outcome"], "heap {n}");
        assert_eq!(a["misere_value"], b["misere_value"], "heap {n}");
    }
    let v = json(&[
        "value",
        "min(3,4) + kayles(3) + cdn(2,2)",
        "--play",
        "misere",
        "--format",
        "json",
    ]);
    assert!(v["outcome"] == "P" || v["outcome"] == "N");
}

#[test]
fn moves_lists_the_moves_to_misere_p_positions() {
    let m = json(&["moves", "kayles(3,4)", "--play", "misere", "--all", "--format", "json"]);
    assert_eq!(m["play"], "misere");
    assert_eq!(m["outcome"], "N");
    let winning: Vec<&str> = m["winning"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(!winning.is_empty());
    // Every winning move is a misère P-position, every option's outcome is right.
    for o in m["options"].as_array().unwrap() {
        let p = o["position"].as_str().unwrap();
        let v = json(&["value", p, "--play", "misere", "--format", "json"]);
        assert_eq!(v["outcome"], o["outcome"], "{p}");
        assert_eq!(winning.contains(&p), o["outcome"] == "P", "{p}");
    }
    grundy()
        .args(["moves", "kayles(1)", "--play", "misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no winning move (every option is a misère N-position)",
        ));
}

/// Misère play lists a board's options as normal play does: each move's position once
/// as written, mirror images each (they had been merged by their atoms' normal form,
/// so that Cram 2×4 showed 2 of its 4 winning moves and 4 of its 10 options).
#[test]
fn misere_moves_list_every_option_as_normal_play_does() {
    for pos in [
        "cram(2,4)",
        "chomp(3,3,1)",
        "node-kayles-grid(2,3)",
        "kayles(5)",
        "nim(3,3)",
    ] {
        let normal = json(&["moves", pos, "--all", "--format", "json"]);
        let misere = json(&["moves", pos, "--all", "--play", "misere", "--format", "json"]);
        let listed = |m: &serde_json::Value| m["options"].as_array().unwrap().len();
        assert_eq!(listed(&normal), listed(&misere), "{pos}");
        // Each option's outcome is its own misère outcome.
        for o in misere["options"].as_array().unwrap() {
            let p = o["position"].as_str().unwrap();
            let v = json(&["value", p, "--play", "misere", "--format", "json"]);
            assert_eq!(v["outcome"], o["outcome"], "{p}");
        }
    }
    let m = json(&["moves", "cram(2,4)", "--play", "misere", "--format", "json"]);
    assert_eq!(m["winning"].as_array().unwrap().len(), 4, "{m}");
}

#[test]
fn seq_gives_g_minus_genus_and_tameness() {
    let s = json(&["seq", "kayles", "--to", "4", "--play", "misere", "--format", "json"]);
    assert_eq!(s["play"], "misere");
    assert_eq!(s["values"], serde_json::json!(["1", "0", "2", "3", "0"]));
    assert_eq!(
        s["genus"],
        serde_json::json!(["0^{120}", "1^{031}", "2^{20}", "3^{31}", "1^{031}"])
    );
    assert_eq!(s["tameness"][0], "tame");
    grundy()
        .args(["seq", "nim", "--to", "3", "--play", "misere"])
        .assert()
        .success()
        .stdout("1,0,2,3\n");
    grundy()
        .args(["seq", "kayles", "--to", "2", "--play", "misere", "--format", "csv"])
        .assert()
        .success()
        .stdout("n,value,genus,tameness\n0,1,\"0^{120}\",tame\n1,0,\"1^{031}\",tame\n2,2,\"2^{20}\",tame\n");
}

/// The limits hold in misère play: a board whose normal-play search alone passes the
/// work limit is refused before any search; the next heap of a sequence is refused
/// when its work, extrapolated from the last two heaps, passes the limit; and the heap
/// held (counted by the allocator) is checked, not only the search's own estimate.
#[test]
fn misere_searches_keep_to_the_limits() {
    for args in [
        &["value", "cram(12,10)", "--play", "misere"][..],
        &["moves", "node-kayles-queens(16)", "--play", "misere"],
    ] {
        let e = error_line(args);
        assert!(e.contains("the misère search of") && e.contains("work limit"), "{e}");
    }
    let out = grundy()
        .args(["--max-work", "2e5", "seq", "kayles", "--to", "60", "--play", "misere"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the genus of kayles(") && err.contains("extrapolated from heaps"),
        "{err}"
    );
    let e = error_line(&["--memory-limit", "10M", "value", "cram(5,5)", "--play", "misere"]);
    assert!(e.contains("on the heap, measured"), "{e}");
    // The quotient prints what it reached, then the refusal (its reason once).
    let (_, err) = stopped(&["--memory-limit", "50M", "quotient", "4!.0", "--to", "40"]);
    assert_eq!(err.matches("on the heap, measured").count(), 1, "{err}");
    assert!(
        err.contains("the quotient printed is exact for sums of heaps ≤"),
        "{err}"
    );
}

#[test]
fn misere_errors_are_one_line() {
    let e = error_line(&["value", "aliquot-sum(12)", "--play", "misere"]);
    assert!(
        e.contains("misère play of aliquot-sum is not supported: it is loopy"),
        "{e}"
    );
    let e = error_line(&["moves", "partial-aliquot-sum(6)", "--play", "misere"]);
    assert!(e.contains("loopy"), "{e}");
    let e = error_line(&["seq", "aliquot-sum", "--to", "5", "--play", "misere"]);
    assert!(e.contains("loopy"), "{e}");
    let e = error_line(&["value", "kayles(3)", "--play", "losing"]);
    assert!(e.contains("losing"), "{e}");
    let e = error_line(&["quotient", "min", "--to", "5"]);
    assert!(e.contains("min"), "{e}");
    let e = error_line(&["quotient", "kayles"]);
    assert!(e.contains("--to"), "{e}");
    let e = error_line(&[
        "value",
        "kayles(3)",
        "--quotient",
        "/nonexistent/q.json",
        "--play",
        "misere",
    ]);
    assert!(e.contains("/nonexistent/q.json"), "{e}");
}

#[test]
fn quotient_of_0_75_is_r8_solved() {
    // Plambeck & Siegel 2008: R₈ = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩.
    let q = json(&["quotient", "0.75", "--to", "100", "--format", "json"]);
    assert_eq!(
        key_order(&["quotient", "0.75", "--to", "100", "--format", "json"]),
        [
            "ruleset",
            "to",
            "status",
            "order",
            "p_size",
            "tame",
            "presentation",
            "phi",
            "p_portion",
            "changes",
            "period",
            "preperiod"
        ]
    );
    assert_eq!(q["status"], "solved");
    assert_eq!((q["order"].as_u64(), q["p_size"].as_u64()), (Some(8), Some(2)));
    assert_eq!(q["presentation"], "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩");
    assert_eq!(q["p_portion"], serde_json::json!(["a", "b²"]));
    assert_eq!(q["tame"], "wild");
    assert_eq!(q["phi"][0], "1");
    assert_eq!(q["changes"][0], serde_json::json!({"heap": 1, "order": 2, "p_size": 1}));
    // Misère Nim on heaps below 4 is T₂ (order 6, |P| = 2), partial.
    let q = json(&["quotient", "nim", "--to", "3", "--format", "json"]);
    assert_eq!((q["order"].as_u64(), q["p_size"].as_u64()), (Some(6), Some(2)));
    assert_eq!(
        (q["status"].as_str(), q["tame"].as_str()),
        (Some("partial"), Some("T_2"))
    );
    assert!(q.get("period").is_none());
}

#[test]
fn quotient_save_check_and_tampering() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.json");
    let f = file.to_str().unwrap();
    grundy()
        .args(["quotient", "kayles", "--to", "30", "--save", f])
        .assert()
        .success()
        .stderr(predicate::str::contains("wrote the certificate"));
    grundy()
        .args(["quotient", "--check", f])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("holds: kayles"));
    let good: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let tamper = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut c = good.clone();
        edit(&mut c);
        let bad = dir.path().join("bad.json");
        std::fs::write(&bad, serde_json::to_string(&c).unwrap()).unwrap();
        let out = grundy()
            .args(["quotient", "--check", bad.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{c}");
        let line = String::from_utf8(out.stdout).unwrap();
        assert!(line.starts_with("certificate rejected: "), "{line}");
        assert_eq!(line.lines().count(), 1);
    };
    tamper(&|c| c["phi"][7] = serde_json::json!((c["phi"][7].as_u64().unwrap() + 1) % 3));
    tamper(&|c| c["p_portion"][0] = serde_json::json!(0));
    tamper(&|c| c["table"][1][1] = serde_json::json!(2));
    tamper(&|c| c["status"] = serde_json::json!("solved"));
    tamper(&|c| c["to"] = serde_json::json!(40));
    tamper(&|c| c["ruleset"] = serde_json::json!("dawsons-kayles"));
    tamper(&|c| c["ruleset"] = serde_json::json!("take-and-break[0.75]"));
    // Another name of the same ruleset holds (it was "it is for take-and-break[0.77],
    // not kayles").
    let mut alias = good.clone();
    alias["ruleset"] = serde_json::json!("take-and-break[0.77]");
    let other = dir.path().join("alias.json");
    std::fs::write(&other, serde_json::to_string(&alias).unwrap()).unwrap();
    grundy()
        .args(["quotient", "--check", other.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("holds: kayles"));
    // Not a certificate: exit 2, one line.
    std::fs::write(dir.path().join("junk.json"), "[1, 2]").unwrap();
    let e = error_line(&["quotient", "--check", dir.path().join("junk.json").to_str().unwrap()]);
    assert!(e.contains("not a misère quotient certificate"), "{e}");
}

#[test]
fn sums_of_thousands_of_heaps_are_answered_from_the_quotient() {
    // Kayles' quotient is solved at heap 167: heaps of any size, many copies.
    let v = json(&[
        "value",
        "kayles(1*1000, 2*999, 12345678901234, 71*3, 5)",
        "--play",
        "misere",
        "--format",
        "json",
    ]);
    assert!(v["outcome"] == "P" || v["outcome"] == "N");
    // Against the search on a sum it can do: the same outcome.
    for expr in ["kayles(1,1,4,4,7)", "kayles(2,3,5,9)", "kayles(9,9)", "kayles(4,4,4)"] {
        let q = json(&["value", expr, "--play", "misere", "--format", "json"]);
        let s = json(&[
            "value",
            &format!("{expr} + nim()"),
            "--play",
            "misere",
            "--format",
            "json",
        ]);
        assert_eq!(q["outcome"], s["outcome"], "{expr}");
    }
    // A saved certificate answers through --quotient; a tampered one is refused.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.json");
    let f = file.to_str().unwrap();
    grundy()
        .args(["quotient", "0.75", "--to", "50", "--save", f])
        .assert()
        .success();
    let v = json(&[
        "value",
        "0.75(7*1001, 40)",
        "--play",
        "misere",
        "--quotient",
        f,
        "--format",
        "json",
    ]);
    assert!(v["outcome"] == "P" || v["outcome"] == "N");
    let mut c: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    c["p_portion"] = serde_json::json!([0]);
    std::fs::write(&file, c.to_string()).unwrap();
    let e = error_line(&["value", "0.75(7)", "--play", "misere", "--quotient", f]);
    assert!(e.contains("certificate rejected"), "{e}");
    let e = error_line(&["value", "0.75(7)", "--quotient", f]);
    assert!(e.contains("--play misere"), "{e}");
}

#[test]
fn a_check_prints_its_verdict_as_json_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("q.json");
    let f = file.to_str().unwrap();
    grundy()
        .args(["quotient", "kayles", "--to", "20", "--save", f])
        .assert()
        .success();
    let v = json(&["quotient", "--check", f, "--format", "json"]);
    assert_eq!(v["holds"], true, "{v}");
    assert_eq!(v["file"], f);
    // Tampered: the same exit code as the text line (1), the reason as `detail`.
    let mut c: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    c["p_portion"] = serde_json::json!([0]);
    std::fs::write(&file, c.to_string()).unwrap();
    let out = grundy()
        .args(["quotient", "--check", f, "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["holds"], false, "{v}");
    assert!(
        v["detail"].as_str().unwrap().starts_with("certificate rejected: "),
        "{v}"
    );
}

#[test]
fn misere_play_refuses_what_it_would_ignore() {
    // A quotient of another ruleset would answer nothing: refused, not unused.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.json");
    let f = file.to_str().unwrap();
    grundy()
        .args(["quotient", "kayles", "--to", "20", "--save", f])
        .assert()
        .success();
    for cmd in ["value", "moves"] {
        let e = error_line(&[cmd, "nim(3,4)", "--play", "misere", "--quotient", f]);
        assert!(
            e.contains("is the misère quotient of kayles") && e.contains("no heap of kayles"),
            "{cmd}: {e}"
        );
    }
    // The same ruleset under another name (0.77 is Kayles) is used.
    let out = grundy()
        .args(["value", "0.77(3,4)", "--play", "misere", "--quotient", f])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("from the misère quotient of kayles"), "{text}");
    let searched = json(&["value", "kayles(3,4)", "--play", "misere", "--format", "json"]);
    assert!(
        text.contains(&format!("misère {}-position", searched["outcome"].as_str().unwrap())),
        "{text}"
    );
    // Misère play has one engine: a normal-play --method is refused, not ignored.
    for method in ["formula", "plain", "sums"] {
        for cmd in ["value", "moves"] {
            let e = error_line(&[cmd, "nim(1,1,2)", "--play", "misere", "--method", method]);
            assert!(
                e.contains(&format!("--method {method} applies to normal play only")),
                "{cmd} {method}: {e}"
            );
        }
    }
    let v = json(&[
        "value",
        "nim(1,1,2)",
        "--play",
        "misere",
        "--method",
        "search",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N");
    // A normal-play period certificate is refused in misère play, not ignored.
    let period = dir.path().join("p.json");
    grundy()
        .args(["period", "kayles", "--to", "300", "--save", period.to_str().unwrap()])
        .assert()
        .success();
    let p = period.to_str().unwrap();
    for args in [
        &["value", "kayles(5)", "--play", "misere", "--period", p][..],
        &["moves", "kayles(5)", "--play", "misere", "--period", p],
        &["seq", "kayles", "--to", "5", "--play", "misere", "--period", p],
    ] {
        let e = error_line(args);
        assert!(e.contains("misère play does not use it"), "{args:?}: {e}");
    }
    // A quotient beside a proof (normal play) is refused, not dropped.
    let e = error_line(&["value", "cram(2,3)", "--quotient", f, "--save-proof", "x.gz"]);
    assert!(e.contains("--play misere"), "{e}");
    // A certificate naming its ruleset by another name (0.77 is kayles) is read as
    // `quotient --check` reads it, by every reader.
    let mut c: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    c["ruleset"] = "take-and-break[0.77]".into();
    let alias = dir.path().join("alias.json");
    std::fs::write(&alias, c.to_string()).unwrap();
    let a = alias.to_str().unwrap();
    grundy().args(["quotient", "--check", a]).assert().success();
    let v = json(&[
        "value",
        "kayles(5)",
        "--play",
        "misere",
        "--quotient",
        a,
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], searched_outcome("kayles(5)"));
    // A ruleset unknown here is named as the certificate's, with the file.
    c["ruleset"] = "no-such-ruleset".into();
    std::fs::write(&alias, c.to_string()).unwrap();
    let e = error_line(&["value", "kayles(5)", "--play", "misere", "--quotient", a]);
    assert!(
        e.contains("the certificate's ruleset 'no-such-ruleset'") && e.contains("alias.json"),
        "{e}"
    );
}

/// The misère outcome of `expr` by the search.
fn searched_outcome(expr: &str) -> serde_json::Value {
    json(&["value", expr, "--play", "misere", "--format", "json"])["outcome"].clone()
}

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_no_panic() {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"/nonexistent/n\xffq.json");
    for args in [["quotient", "--check"], ["period", "--check"]] {
        let out = grundy().args(args).arg(name).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn an_interrupted_quotient_prints_what_it_reached() {
    // Grundy's game's quotient grows for a long time: Ctrl-C after a second.
    let (code, stdout, stderr) = interrupted(&["quotient", "grundys-game", "--to", "100000"], 1.0);
    assert_eq!(code, Some(130), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("misère quotient of grundys-game, heaps 0..="),
        "{stdout}"
    );
    assert!(stdout.contains("status: partial"), "{stdout}");
    assert!(
        stderr.contains("the quotient printed is exact for sums of heaps ≤")
            && stderr.ends_with("grundy: interrupted\n"),
        "{stderr}"
    );
}

/// G⁻ and the genus of one large heap need every follower of it: a chain a million
/// deep (subtraction[1,2]) or heaps with thousands of splitting options (0.35). Their
/// searches count their work as they go, heaps made included, and look at Ctrl-C
/// within a second. A hostile check found the followers' search quadratic in its depth
/// (`--max-work 1e8` ran on for minutes) and the options of 0.35(10^4) made canonical
/// in 5·10^7 steps that were not counted, with Ctrl-C ignored throughout.
#[test]
fn one_large_heap_keeps_to_the_work_limit_and_to_ctrl_c() {
    let out = grundy()
        .args([
            "--max-work",
            "1e8",
            "value",
            "subtraction[1,2](10^6)",
            "--play",
            "misere",
        ])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("misère P-position"), "{stdout}");
    assert!(
        stdout.contains("G⁻ and the genus of subtraction[1,2](1000000) are not given"),
        "{stdout}"
    );
    // Stated against their own budget, not as the work limit (10^11 by default).
    assert!(
        stdout.contains("past their budget of 2.00e6 units of work") && !stdout.contains("the work limit is"),
        "{stdout}"
    );
    let e = error_line(&["--max-work", "1e6", "value", "0.35(10^4)", "--play", "misere"]);
    assert!(
        e.contains("the misère search visits about")
            && e.contains("counted as it searched")
            && e.contains("--max-work 1e6"),
        "{e}"
    );
    // One heap's options are listed under the limits: 0.8(30000) has 7.5·10^7 (three
    // heaps left), which took 9.4 GB under --memory-limit 200M before a check; their
    // memory is estimated before any is kept (three heaps an option, 192 bytes).
    let e = error_line(&[
        "--memory-limit",
        "200M",
        "value",
        "0.8(30000)+nim(1)",
        "--play",
        "misere",
    ]);
    assert!(
        e.contains("listing the options of take-and-break[0.8](30000) needs an estimated 13.4 GiB")
            && e.contains("up to 7.51e7 options × 192 bytes, an option of 3 heaps"),
        "{e}"
    );
    // The quotient's search for a period is work: it was quadratic and uncounted
    // (subtraction[1000000] ran on past a minute under --max-work 1e6).
    // (It prints the quotient it reached, then the refusal.)
    let (_, e) = stopped(&["--max-work", "1e6", "quotient", "subtraction[1000000]", "--to", "10^7"]);
    assert!(
        e.contains("the misère quotient of subtraction[1000000] visits about"),
        "{e}"
    );
    for expr in ["0.35(10^4)", "0.35(10^6)", "0.8(30000)+nim(1)"] {
        // The memory limit lets the listing of 0.8(30000) start (its estimate is 13.4
        // GiB), whatever the machine's memory; Ctrl-C comes within the first second.
        let args = [
            "--max-work",
            "none",
            "--memory-limit",
            "14G",
            "value",
            expr,
            "--play",
            "misere",
        ];
        let (code, stdout, stderr) = interrupted(&args, 1.0);
        assert_eq!(code, Some(130), "{expr}: {stdout}{stderr}");
        assert!(stderr.ends_with("grundy: interrupted\n"), "{expr}: {stderr}");
    }
}

/// The refusals of the misère search read as sentences: their subjects are singular
/// ("the table of genus layers needs", not "the genus layers needs").
#[test]
fn misere_refusals_are_grammatical() {
    let e = error_line(&["--memory-limit", "1K", "value", "cram(3,3)", "--play", "misere"]);
    assert!(
        e.contains("error: keeping the option lists of the misère search needs an estimated")
            || e.contains("error: the computation needs an estimated")
                && e.contains("before keeping the option lists of the misère search, an estimated"),
        "{e}"
    );
    // seq prints the heaps it finished, then the refusal.
    let last_line = |args: &[&str]| {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8(out.stderr)
            .unwrap()
            .trim_end()
            .lines()
            .last()
            .unwrap()
            .to_string()
    };
    // The heap held is checked too (the CLI counts it), so which structure's check
    // trips first depends on the limit; each names a singular subject.
    let e = last_line(&[
        "--memory-limit",
        "128K",
        "seq",
        "kayles",
        "--to",
        "40",
        "--play",
        "misere",
    ]);
    assert!(
        e.contains("error: the table of genus layers needs an estimated")
            || e.contains("error: the search of the game's followers (for its genus) needs an estimated")
            || e.contains("error: the computation needs an estimated")
                && (e.contains("before the table of genus layers")
                    || e.contains("before the search of the game's followers (for its genus)")),
        "{e}"
    );
    assert!(!e.contains(" 1 layers"), "{e}");
    let e = last_line(&["--max-work", "100", "seq", "kayles", "--to", "40", "--play", "misere"]);
    // The next heap's work, extrapolated, is refused before its search.
    assert!(
        e.contains("error: the genus of kayles(")
            && e.contains("visits about")
            && e.contains("extrapolated from heaps"),
        "{e}"
    );
}

/// Counts of copies are exact: a sum with more than 2^64 − 1 copies of one heap (the
/// copies of equal heaps added) is refused with one line, never answered from a
/// capped count (a hostile check: `nim(1*(2^64−1), 1)`, 2^64 single heaps, an
/// N-position, was a P-position, and `moves` contradicted itself).
#[test]
fn more_copies_of_one_heap_than_a_count_holds_are_refused() {
    let max = u64::MAX.to_string();
    for expr in [
        format!("nim(1*{max},1)"),
        format!("nim(1*{max}) + nim(1)"),
        format!("nim(1*{max},1,2,2)"),
    ] {
        for cmd in ["value", "moves"] {
            let e = error_line(&[cmd, &expr, "--play", "misere"]);
            assert!(e.contains("more than 2^64 − 1 copies of one heap"), "{cmd} {expr}: {e}");
        }
    }
    // The largest count is exact: 2^64 − 1 single heaps, odd, are a misère P-position,
    // and with a heap of 2 beside them an N-position (Bouton).
    let v = json(&[
        "value",
        &format!("nim(1*{max})"),
        "--play",
        "misere",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "P");
    let v = json(&[
        "value",
        &format!("nim(1*{max},2)"),
        "--play",
        "misere",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N");
}

/// A quotient certificate is read within a sixteenth of the memory limit, before it is
/// parsed (parsed, rows `[]` take eight times their text: a hostile check held 876 MB
/// under `--memory-limit 16M`), with the flag that set the limit.
#[test]
fn a_quotient_certificate_larger_than_the_memory_limit_allows_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.json");
    let rows = vec!["[]"; 600_000].join(",");
    std::fs::write(&file, format!("{{\"ruleset\":\"kayles\",\"table\":[{rows}]}}")).unwrap();
    let f = file.to_str().unwrap();
    for args in [
        &["--memory-limit", "16M", "quotient", "--check", f][..],
        &[
            "--memory-limit",
            "16M",
            "value",
            "kayles(3)",
            "--play",
            "misere",
            "--quotient",
            f,
        ],
    ] {
        let e = error_line(args);
        assert!(
            e.contains("needs an estimated")
                && e.contains("read only within 1/16 of the memory limit")
                && e.contains("set by --memory-limit 16M"),
            "{args:?}: {e}"
        );
    }
}

/// `grundy --max-work none --memory-limit 1G seq kayles --to 3000 --play misere
/// --format FORMAT`: misère Kayles to heap 3000 would search for days.
fn long_misere_sequence(format: &str) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    c.args([
        "--max-work",
        "none",
        "--memory-limit",
        "1G",
        "seq",
        "kayles",
        "--to",
        "3000",
    ])
    .args(["--play", "misere", "--format", format]);
    c
}

/// The exit status of `child`, which must end by itself within `secs` seconds (it is
/// killed and the test fails otherwise, saying `why`).
fn ends_within(child: &mut std::process::Child, secs: u64, why: &str) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if start.elapsed().as_secs() > secs {
            child.kill().unwrap();
            panic!("{why}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `seq --play misere` writes each heap when its search ends: the first lines arrive
/// while later heaps are searched, and a reader that goes away stops the run (a
/// hostile check: nothing was written in 15 s of a long run, and `| head` waited for
/// the whole run).
#[test]
fn a_misere_sequence_is_written_heap_by_heap() {
    use std::io::BufRead;
    for format in ["csv", "bfile", "text"] {
        let mut child = long_misere_sequence(format)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // The first output is read on a thread of its own, so that a run that writes
        // nothing until its end fails this test rather than hangs it.
        let stdout = child.stdout.take().unwrap();
        let text = format == "text";
        let (send, recv) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut out = std::io::BufReader::new(stdout);
            let mut first = String::new();
            if text {
                // One line at the end: the first values arrive before it.
                let mut buf = [0u8; 4];
                if std::io::Read::read_exact(&mut out, &mut buf).is_ok() {
                    first = String::from_utf8_lossy(&buf).into_owned();
                }
            } else {
                let _ = out.read_line(&mut first);
            }
            // The reader goes away with `out`: the next write fails.
            let _ = send.send(first);
        });
        let Ok(first) = recv.recv_timeout(std::time::Duration::from_secs(60)) else {
            child.kill().unwrap();
            panic!("{format}: nothing written in 60 s");
        };
        match format {
            "text" => assert_eq!(first, "1,0,"),
            "csv" => assert_eq!(first, "n,value,genus,tameness\n"),
            _ => assert_eq!(first, "0 1\n"),
        }
        // The run ends by itself once a write fails.
        let status = ends_within(
            &mut child,
            120,
            &format!("{format}: the run went on after its reader had gone"),
        );
        assert!(!status.success(), "{format}: {status:?}");
    }
    // JSON is one document, its arrays written at the end; its head is written with
    // the first heap, so an output that cannot be written stops the run then (it ran
    // to the last heap before failing: a hostile check).
    let mut child = long_misere_sequence("json")
        .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status = ends_within(&mut child, 60, "json: the run went on after a write had failed");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
}
