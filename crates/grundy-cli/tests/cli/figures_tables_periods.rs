//! The commands `plot`, `table`, `period`, `seq --format bfile`, and the files
//! `reproduce --out` writes.

use predicates::prelude::*;

use crate::common::{error_line, grundy, interrupted, json, signalled};

fn png_size(bytes: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().unwrap();
    (reader.info().width, reader.info().height)
}

#[test]
fn plot_writes_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("nim.png");
    grundy()
        .args(["plot", "nim", "--to", "300", "--mark", "0", "-o"])
        .arg(&png)
        .assert()
        .success()
        .stdout("");
    assert_eq!(png_size(&std::fs::read(&png).unwrap()), (1200, 800));

    let svg = dir.path().join("min.svg");
    grundy()
        .args(["plot", "min", "--to", "20", "--mark", "1", "--out"])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("min: G(a,b) for 0 ≤ a, b ≤ 20"));

    let sized = dir.path().join("s.png");
    grundy()
        .args([
            "plot",
            "subtraction[1,3]",
            "--to",
            "50",
            "--log-x",
            "--width",
            "640",
            "--height",
            "400",
            "-o",
        ])
        .arg(&sized)
        .assert()
        .success();
    assert_eq!(png_size(&std::fs::read(&sized).unwrap()), (640, 400));
}

#[test]
fn plot_rejects_bad_input_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = |args: &[&str], msg: &str| {
        grundy()
            .args(args)
            .current_dir(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(msg.to_string()))
            .stderr(predicate::function(|s: &str| s.lines().count() == 1));
    };
    bad(
        &["plot", "nim", "--to", "10", "-o", "x.jpg"],
        "must end in .svg or .png",
    );
    bad(&["plot", "nimm", "--to", "10", "-o", "x.png"], "did you mean 'nim'");
    bad(
        &["plot", "min", "--to", "10", "--log-y", "-o", "x.png"],
        "scatter plots",
    );
    bad(
        &["plot", "min", "--to", "5000", "-o", "x.png"],
        "too large for a heatmap",
    );
    bad(
        &["plot", "nim", "--from", "9", "--to", "3", "-o", "x.png"],
        "larger than --to",
    );
    bad(
        &["plot", "cdn", "--to", "3", "--width", "5", "-o", "x.png"],
        "out of range",
    );
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "no file written"
    );
}

#[test]
fn table_of_min_as_text_csv_json() {
    // Paper 001: G(1,b) = 0 iff b is even (Remark 2); G(a,a) = 1 iff a+1 is prime.
    grundy()
        .args(["table", "min", "--rows", "5", "--cols", "6"])
        .assert()
        .success()
        .stdout(
            "a\\b 0 1 2 3 4 5\n\
             \x20 0 0 0 0 0 0 0\n\
             \x20 1 0 1 0 1 0 1\n\
             \x20 2 0 0 1 2 0 1\n\
             \x20 3 0 1 2 3 0 1\n\
             \x20 4 0 0 0 0 1 2\n",
        );
    let out = grundy()
        .args(["table", "vdn", "--rows", "2", "--cols", "3", "--format", "csv"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // Row 0 has no positions; vdn(1,1) = 0, vdn(1,2) = 1 (v2(((x−1)∨(y−1))+1), Theorem 5).
    assert_eq!(String::from_utf8(out).unwrap(), "a,b,value\n1,1,0\n1,2,1\n");
    let out = grundy()
        .args([
            "table",
            "delete-nim",
            "--rows",
            "2",
            "--cols",
            "2",
            "--row-start",
            "6",
            "--col-start",
            "7",
        ])
        .args(["--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["rows"], serde_json::json!([6, 7]));
    assert_eq!(v["cols"], serde_json::json!([7, 8]));
    // v2((6∨7)+1) = 3, v2((6∨8)+1) = 0, v2((7∨7)+1) = 3, v2((7∨8)+1) = 4.
    assert_eq!(v["values"], serde_json::json!([["3", "0"], ["3", "4"]]));
    grundy()
        .args(["table", "nim", "--rows", "2", "--cols", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use `grundy seq`"));
    let e = error_line(&["table", "aliquot-sum", "--rows", "2", "--cols", "2"]);
    assert!(e.contains("aliquot-sum is a loopy heap ruleset"), "{e}");
    // Board and graph games are not heap rulesets: the error says what they are.
    for name in ["cram", "node-kayles-grid", "green-hackenbush"] {
        let e = error_line(&["table", name, "--rows", "3", "--cols", "3"]);
        assert!(
            e.contains(&format!("{name} has boards or graphs as positions, not pairs"))
                && e.contains("a table needs a ruleset on pairs")
                && e.contains("use `grundy value`")
                && !e.contains("heap ruleset"),
            "{e}"
        );
    }
}

#[test]
fn period_proven_apparent_and_none() {
    grundy()
        .args(["period", "subtraction[1,2,3]", "--to", "50"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "subtraction[1,2,3]: Periodicity(4, 0, 0) — period 4, preperiod 0; proven:",
        ));
    // subtraction[2,8,9]: preperiod 21, period 11; proven once the table reaches
    // 21 + 11 + 9 − 1 = 40, apparent before.
    let json = |to: &str| -> serde_json::Value {
        let out = grundy()
            .args(["period", "subtraction[2,8,9]", "--format", "json", "--to", to])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice(&out).unwrap()
    };
    let v = json("300");
    assert_eq!(
        (v["status"].as_str(), v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some("proven"), Some(11), Some(21))
    );
    let v = json("80");
    assert_eq!(v["status"], "proven");
    grundy()
        .args(["period", "nim", "--to", "100"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Periodicity(1, 0, 1) — arithmetic-periodic"))
        .stdout(predicate::str::contains("apparent within heaps 0..=100"));
    grundy()
        .args(["period", "min", "--to", "100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs a heap ruleset"));
}

#[test]
fn period_not_found_within_n() {
    // Too short a table for subtraction[2,8,9]'s preperiod 21 and period 11.
    grundy()
        .args(["period", "subtraction[2,8,9]", "--to", "30"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no period within heaps 0..=30"));
}

#[test]
fn periods_of_64_and_more_in_tables_of_whole_periods() {
    // G(n) = n mod (k + 1); the tables end after five and six whole periods.
    for (k, to) in [(63, "319"), (70, "354"), (70, "425")] {
        let set = (1..=k).map(|s| s.to_string()).collect::<Vec<_>>().join(",");
        let name = format!("subtraction[{set}]");
        let v = json(&["period", &name, "--to", to, "--format", "json"]);
        assert_eq!(
            (v["status"].as_str(), v["period"].as_u64(), v["preperiod"].as_u64()),
            (Some("proven"), Some(k + 1), Some(0)),
            "k = {k}, --to {to}"
        );
    }
}

#[test]
fn seq_bfile() {
    grundy()
        .args(["seq", "subtraction[1,2]", "--to", "5", "--format", "bfile"])
        .assert()
        .success()
        .stdout("0 0\n1 1\n2 2\n3 0\n4 1\n5 2\n");
    grundy()
        .args(["seq", "odd-nim", "--from", "3", "--to", "4", "--format", "bfile"])
        .assert()
        .success()
        .stdout("3 1\n4 0\n");
}

#[test]
#[ignore = "slow: runs paper 001's quick-mode range checks (about 7 s), run with --ignored"]
fn reproduce_writes_report_html_and_figures() {
    let dir = tempfile::tempdir().unwrap();
    grundy()
        .args(["reproduce", "--only", "001-", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    assert!(md.contains("![001-min-heatmap](001-min-heatmap.png)"), "{md}");
    assert!(md.contains("001-lemma3-row-period"));
    let heat = std::fs::read(dir.path().join("001-min-heatmap.png")).unwrap();
    assert_eq!(png_size(&heat), (1000, 820));
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("data:image/png;base64,iVBOR"));
    assert!(!html.contains("src=\"001-"), "figures are inlined, not linked");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("report.json")).unwrap()).unwrap();
    assert_eq!(json["figures"][0]["file"], "001-min-heatmap.png");
}

#[test]
fn reproduce_without_out_writes_nothing() {
    let empty = tempfile::tempdir().unwrap();
    grundy()
        .args(["reproduce", "--only", "004-period"])
        .current_dir(empty.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("004-period-subtraction-1-to-k"));
    assert!(std::fs::read_dir(empty.path()).unwrap().next().is_none());
}

#[test]
fn period_certificates_save_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.json");
    let out = grundy()
        .args(["period", "kayles", "--to", "100000", "--format", "json", "--save"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["period"].as_u64(), v["preperiod"].as_u64()),
        (Some("proven"), Some(12), Some(71))
    );
    assert_eq!(v["certificate"]["agreement"], serde_json::json!([71, 155]));
    assert!(
        v["to"].as_u64().unwrap() < 100_000,
        "the search stops once the period is proven"
    );
    grundy()
        .args(["period", "--check"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("holds: kayles: Periodicity(12, 71, 0)"));
    // A tampered certificate is rejected with exit status 1.
    let mut saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    saved["certificate"]["period"] = serde_json::json!(24);
    std::fs::write(&file, saved.to_string()).unwrap();
    grundy()
        .args(["period", "--check"])
        .arg(&file)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("certificate rejected"));
    // Nothing proven, nothing saved.
    grundy()
        .args(["period", "nim", "--to", "50", "--save"])
        .arg(dir.path().join("nim.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no proven period to save"));
    assert!(!dir.path().join("nim.json").exists());
}

#[test]
fn period_interrupted_prints_what_the_computed_heaps_show() {
    // Grundy's game has no known period: the search runs until Ctrl-C.
    let (code, stdout, stderr) = interrupted(&["--max-work", "1e15", "period", "grundys-game", "--to", "1e8"], 1.0);
    assert_eq!(code, Some(130), "{stdout}{stderr}");
    assert!(
        stdout.starts_with("grundys-game: no period within heaps 0..="),
        "{stdout}"
    );
    assert!(
        stderr.contains("grundy: stopped; the analysis printed covers the heaps computed, 0..=")
            && stderr.ends_with("grundy: interrupted\n"),
        "{stderr}"
    );
}

/// Each field of a saved certificate is checked against what the theorem and the values
/// give: tampered metadata is rejected (exit 1) and a malformed file refused (exit 2).
#[test]
fn period_check_rejects_every_false_field() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.json");
    grundy()
        .args(["period", "kayles", "--to", "1000", "--save"])
        .arg(&file)
        .assert()
        .success();
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let check = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = grundy().args(["period", "--check"]).arg(&path).output().unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code(), said)
    };
    let tampered = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = saved.clone();
        f(&mut v);
        v.to_string()
    };
    let cases: Vec<(&str, String, i32, &str)> = vec![
        (
            "theorem",
            tampered(&|v| v["certificate"]["theorem"] = "anything at all".into()),
            1,
            "certificate rejected: the theorem's text is not the periodicity theorem of kayles",
        ),
        (
            "agreement",
            tampered(&|v| v["certificate"]["agreement"][1] = 1_000_000_000_000_000_000u64.into()),
            1,
            "certificate rejected: the agreement range is 71..=1000000000000000000, but the theorem needs the pattern \
             for n = 71..=155 (heaps up to 167)",
        ),
        (
            "short-agreement",
            tampered(&|v| v["certificate"]["agreement"][1] = 154.into()),
            1,
            "certificate rejected: the agreement range is 71..=154, but the theorem needs the pattern for n = 71..=155",
        ),
        (
            "proof-end",
            tampered(&|v| v["certificate"]["proof_end"] = 1_000_000_000_000_000_000u64.into()),
            1,
            "certificate rejected: proof_end is 1000000000000000000, but the theorem needs the heaps up to 167",
        ),
        (
            "extra-values",
            tampered(&|v| v["values"].as_array_mut().unwrap().push("0".into())),
            1,
            "certificate rejected: the file holds 169 values; the certificate rests on heaps 0..=167, 168 values",
        ),
        (
            "unknown-key",
            tampered(&|v| v["certificate"]["verified_by"] = "me".into()),
            2,
            "unknown field `verified_by`",
        ),
        (
            "plus-sign",
            tampered(&|v| v["values"][3] = "+2".into()),
            2,
            "the value of heap 3 ('+2') is not a decimal number",
        ),
        (
            // It is a decimal number, only too large (it was called "not a decimal number").
            "too-large",
            tampered(&|v| v["values"][3] = "99999999999999999999999999".into()),
            2,
            "the value of heap 3 ('99999999999999999999999999') is larger than any value grundy computes (2^64 − 1)",
        ),
    ];
    for (name, text, code, want) in cases {
        let (got, said) = check(&format!("{name}.json"), &text);
        assert_eq!(got, Some(code), "{name}: {said}");
        assert!(said.contains(want), "{name}: {said}");
    }
    // A byte-order mark is allowed.
    let (got, said) = check("bom.json", &format!("\u{feff}{saved}"));
    assert_eq!(got, Some(0), "{said}");
    assert!(said.starts_with("holds: kayles: Periodicity(12, 71, 0)"), "{said}");
}

/// Issue 21: a proven period answers heaps far beyond any table (refused before by
/// the table's estimate), and the output says the period is the source: a `source:`
/// line in text, a `source` key in JSON, a note on stderr for `seq`. `--method search`
/// still computes the table and is refused.
#[test]
fn proven_periods_answer_huge_heaps_and_say_so() {
    let v = json(&["value", "kayles(10^18)", "--format", "json"]);
    assert_eq!(v["value"], "1");
    assert_eq!(
        v["source"],
        "kayles: by the proven period (12, 71, 0), Guy–Smith, agreement checked to heap 1023"
    );
    grundy()
        .args(["value", "dawsons-kayles(10^12) + kayles(10^15)"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value 5").and(predicate::str::contains(
            "source: dawsons-kayles: by the proven period (34, 53, 0), Guy–Smith",
        )));
    let m = json(&["moves", "kayles(10^18) + kayles(5)", "--format", "json"]);
    assert_eq!(m["value"], "5");
    assert!(m["source"]
        .as_str()
        .unwrap()
        .starts_with("kayles: by the proven period"));
    assert_eq!(m["winning"].as_array().unwrap().len(), 3);
    let s = json(&[
        "seq",
        "kayles",
        "--from",
        "10^15",
        "--to",
        "1000000000000020",
        "--format",
        "json",
    ]);
    let values: Vec<&str> = s["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    // 10^15 ≡ 4 (mod 12): G(10^15 + i) = G(71 + (10^15 + i − 71) mod 12).
    assert_eq!(values[..4], ["1", "4", "7", "2"]);
    assert!(s["source"]
        .as_str()
        .unwrap()
        .starts_with("heaps 1000000000000000..=1000000000000020 by the proven period"));
    grundy()
        .args(["seq", "kayles", "--from", "10^15", "--to", "1000000000000001"])
        .assert()
        .success()
        .stdout("1,4\n")
        .stderr(predicate::str::contains("grundy: note: kayles: heaps"));
    // Values from the table carry no source.
    assert!(json(&["value", "kayles(100)", "--format", "json"])
        .get("source")
        .is_none());
    grundy()
        .args(["value", "subtraction[2,8,9](10^15)"])
        .assert()
        .success()
        .stdout(predicate::str::contains("value 0").and(predicate::str::contains(
            "the periodicity theorem for subtraction games",
        )));
    grundy()
        .args(["value", "kayles(10^18)", "--method", "search"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("grundy: error:"));
    // 0.F is proven at heap 9: not refused for the work of a table to 20000.
    grundy()
        .args(["period", "0.F", "--to", "20000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("proven"));
}

/// `--period FILE` loads a certificate of `period --save`, checked on loading; a
/// tampered one is refused with one line, exit 2.
#[test]
fn a_saved_period_answers_with_period_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s289.json");
    grundy()
        .args(["period", "subtraction[2,8,9]", "--to", "1000", "--save"])
        .arg(&file)
        .assert()
        .success();
    let out = grundy()
        .args(["value", "subtraction[2,8,9](10^15)", "--format", "json", "--period"])
        .arg(&file)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["value"], "0");
    assert!(
        v["source"].as_str().unwrap().ends_with("agreement checked to heap 40"),
        "{v}"
    );
    grundy()
        .args(["seq", "kayles", "--to", "5", "--period"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is for subtraction[2,8,9], not kayles"));
    let mut saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    saved["certificate"]["period"] = serde_json::json!(22);
    std::fs::write(&file, saved.to_string()).unwrap();
    grundy()
        .args(["value", "subtraction[2,8,9](10^15)", "--period"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("grundy: error:").and(predicate::str::contains("certificate rejected")));
}

/// A plot stops at the first Ctrl-C or SIGTERM while it draws (the drawing of 10^7
/// points takes seconds, and went on to the end), and an SVG document is counted
/// against the memory limit before it is drawn (10^7 points held 1.2 GB under a limit
/// of 500M).
#[test]
fn plots_stop_when_asked_and_keep_to_the_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.svg");
    let f = out.to_str().unwrap();
    let e = error_line(&["--memory-limit", "500M", "plot", "kayles", "--to", "1e7", "-o", f]);
    assert!(
        e.contains("drawing the figure as SVG needs an estimated") && e.contains("10000001 shapes"),
        "{e}"
    );
    assert!(!out.exists());
    // A first heap below the ruleset's is refused, as `seq --from` refuses it.
    let e = error_line(&["plot", "maliquot", "--to", "10", "--from", "0", "-o", f]);
    assert!(e.contains("heap 0 is not a position of maliquot"), "{e}");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let (code, _, err) = signalled(
            signal,
            &["--memory-limit", "4G", "plot", "kayles", "--to", "1e7", "-o", f],
            2.0,
        );
        assert_eq!(code, Some(130), "{err}");
        assert!(err.contains("interrupted"), "{err}");
        assert!(!out.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "no temporary file left"
        );
    }
}

/// A Ctrl-C while a plot's file is synced to disk (its data written, the fsync slowed
/// to 2 s by strace's fault injection) lets the rename finish: the file is whole, the
/// run says so and exits 130 (it printed `wrote FILE` and exited 0, the interrupt
/// unmentioned). Runs only where strace can trace (else it says so and passes).
#[test]
fn an_interrupt_while_a_plot_is_synced_leaves_it_whole_and_says_so() {
    let works = std::process::Command::new("strace")
        .args(["-qq", "-o", "/dev/null", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !works {
        eprintln!("strace cannot trace here: the test of an interrupt during an fsync is skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (out, log) = (dir.path().join("k.png"), dir.path().join("strace.log"));
    let child = std::process::Command::new("strace")
        .args([
            "-f",
            "-qq",
            "-e",
            "trace=fsync",
            "-e",
            "inject=fsync:delay_enter=2000000",
            "-o",
        ])
        .arg(&log)
        .arg(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["plot", "kayles", "--to", "1000", "-o"])
        .arg(&out)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The pid of grundy: the first word of strace's line of the fsync, once it began.
    let started = std::time::Instant::now();
    let pid: libc::pid_t = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if let Some(line) = text.lines().find(|l| l.contains("fsync(")) {
            break line.split_whitespace().next().unwrap().parse().unwrap();
        }
        assert!(started.elapsed().as_secs() < 60, "no fsync in 60 s: {text}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    // SAFETY: kill has no memory effects; the pid is the traced grundy, still in its
    // fsync (delayed).
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8(done.stderr).unwrap();
    assert_eq!(done.status.code(), Some(130), "{err}");
    assert!(
        err.contains(&format!(
            "grundy: {} was written whole: the interrupt came as it was saved",
            out.display()
        )),
        "{err}"
    );
    assert!(err.ends_with("grundy: interrupted\n"), "{err}");
    assert!(std::fs::read(&out).unwrap().starts_with(b"\x89PNG"));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file left: {left:?}");
}

/// A period found from `--from` is reported with the least preperiod the values
/// show, below `--from` when they agree there: Kayles' 71 (it was reported as 100,
/// the start of the window), with the certificate of a search from heap 0, which the
/// checker accepts.
#[test]
fn a_period_from_a_later_heap_has_the_least_preperiod() {
    let late = json(&["period", "kayles", "--from", "100", "--to", "1000", "--format", "json"]);
    assert_eq!(
        (late["from"].as_u64(), late["preperiod"].as_u64()),
        (Some(100), Some(71))
    );
    let whole = json(&["period", "kayles", "--to", "1000", "--format", "json"]);
    assert_eq!(late["certificate"], whole["certificate"]);
    assert_eq!(late["certificate"]["agreement"][0], 71);
    // The same certificate, saved from heap 0, holds.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.json");
    grundy()
        .args(["period", "kayles", "--to", "1000", "--save", file.to_str().unwrap()])
        .assert()
        .success();
    grundy()
        .args(["period", "--check", file.to_str().unwrap()])
        .assert()
        .success();
}
