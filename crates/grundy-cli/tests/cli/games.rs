//! Boards and graphs on the command line: the notation, JSON, errors (one line, exit
//! 2), the memory limit of the table, the engine's counters and Ctrl-C.

use crate::common::{error_line, grundy, interrupted, json};
use predicates::prelude::*;

#[test]
fn values_and_moves_of_boards_and_graphs() {
    let v = json(&["value", "cram(3,4) + node-kayles-path(9)", "--format", "json"]);
    assert_eq!(v["position"], "cram(3,4) + node-kayles-path(9)");
    // 1 ⊕ 3 (Dawson's chess G(9) = 3).
    assert_eq!(v["value"], "2");
    let m = json(&["moves", "node-kayles-path(9)", "--format", "json"]);
    assert_eq!(
        m["winning"],
        serde_json::json!(["node-kayles-path(3) + node-kayles-path(3)"])
    );
    let m = json(&["moves", "cram(\"..#/...\")", "--all", "--format", "json"]);
    let options: Vec<&str> = m["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["position"].as_str().unwrap())
        .collect();
    assert_eq!(
        options,
        [
            "cram(\"###/...\")",
            "cram(\"..#/##.\")",
            "cram(\"..#/.##\")",
            "cram(\"#.#/#..\")",
            "cram(\".##/.#.\")"
        ]
    );
    // Every printed position parses back.
    for p in options {
        grundy().args(["value", p]).assert().success();
    }
    let h = json(&["value", "green-hackenbush(\"g-a a-b a-c b-c g-d\")", "--format", "json"]);
    assert_eq!(h["value"], "3");
    let n = json(&["value", "node-kayles(\"a-b b-c c-d d-e e-a\")", "--format", "json"]);
    assert_eq!(n["value"], "0");
}

#[test]
fn list_shows_the_games() {
    let list = json(&["list", "--format", "json"]);
    let cram = list.as_array().unwrap().iter().find(|r| r["name"] == "cram").unwrap();
    assert_eq!(cram["kind"], "game");
    assert!(cram["source"].as_str().unwrap().contains("Winning Ways"));
    let hb = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "green-hackenbush")
        .unwrap();
    assert!(hb["formula"].as_str().unwrap().contains("fuse"));
}

#[test]
fn bad_boards_and_graphs_are_one_error_line() {
    let e = error_line(&["value", "cram(\"..x./....\")"]);
    assert!(e.contains("column 9") && e.contains("unexpected 'x'"), "{e}");
    let e = error_line(&["value", "cram(\"../...\")"]);
    assert!(
        e.contains("this row has 3 cells, the first row 2 cells: rows must be equally long"),
        "{e}"
    );
    let e = error_line(&["value", "cram(\"./..\")"]);
    assert!(e.contains("this row has 2 cells, the first row 1 cell:"), "{e}");
    let e = error_line(&["value", "cram(12,12)"]);
    assert!(e.contains("at most 128 cells"), "{e}");
    let e = error_line(&["value", "node-kayles-path(256)"]);
    assert!(
        e.contains("a path of 256 vertices is not a position of node-kayles-path: paths have at most 128 vertices")
            && e.contains("the same game is dawsons-chess(256)")
            && !e.contains("boards"),
        "{e}"
    );
    let e = error_line(&["value", "node-kayles(\"a-b a-b\")"]);
    assert!(e.contains("listed twice"), "{e}");
    let e = error_line(&["value", "node-kayles(\"a-a\")"]);
    assert!(e.contains("a loop a-a"), "{e}");
    let e = error_line(&["value", "green-hackenbush(\"a-b\")"]);
    assert!(e.contains("no ground"), "{e}");
    let e = error_line(&["value", "node-kayles(\"@/nonexistent/g.txt\")"]);
    assert!(e.contains("cannot read the graph file"), "{e}");
    // A graph of 257 vertices (a file of lone vertices): the limit named.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g257.txt");
    let vertices: Vec<String> = (0..257).map(|i| format!("v{i}")).collect();
    std::fs::write(&f, vertices.join("\n")).unwrap();
    let e = error_line(&["value", &format!("node-kayles(\"@{}\")", f.display())]);
    assert!(
        e.contains("a graph of 257 vertices") && e.contains("at most 256 vertices"),
        "{e}"
    );
    let e = error_line(&["value", "node-kayles-queens(17)"]);
    assert!(e.contains("n ≤ 16"), "{e}");
    let e = error_line(&["seq", "cram", "--to", "3"]);
    assert!(e.contains("boards or graphs"), "{e}");
    // Just above the table's first size a small board is searched, every time: the
    // threads' caches of values (512 KiB each, outside the table's bound) made it a
    // value or a refusal at random (12 refusals in 20 runs at 300K).
    for _ in 0..5 {
        grundy()
            .args(["--memory-limit", "300K", "value", "cram(4,5)"])
            .assert()
            .success()
            .stdout(predicate::str::contains("value 2"));
    }
    let e = error_line(&["--memory-limit", "100K", "value", "cram(4,4)"]);
    assert!(
        e.contains("transposition table of cram") && e.contains("--memory-limit"),
        "{e}"
    );
}

#[test]
fn stats_are_printed_on_request() {
    grundy()
        .args(["value", "node-kayles-grid(3,8)", "--stats"])
        .assert()
        .success()
        .stdout("node-kayles-grid(3,8): value 2, N-position (the next player wins)\n")
        .stderr(predicate::str::contains("grundy: node-kayles-grid: ").and(predicate::str::contains("table entries")));
    // Misère play does not search with the position engine: a note, not silence.
    grundy()
        .args(["value", "cram(3,3)", "--play", "misere", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::contains("no counts to print"));
    // Nor does a heap game: a note too (it printed nothing).
    grundy()
        .args(["value", "nim(3)", "--stats"])
        .assert()
        .success()
        .stderr("grundy: note: --stats counts the position engine of boards and graphs; nim(3) has no part it searched, so there are no counts to print\n");
}

#[test]
fn graph_files() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("c5.txt");
    std::fs::write(&f, "# the 5-cycle\na-b b-c\nc-d d-e e-a\n").unwrap();
    let v = json(&[
        "value",
        &format!("node-kayles(\"@{}\")", f.display()),
        "--format",
        "json",
    ]);
    assert_eq!(v["position"], "node-kayles(\"a-b b-c c-d d-e e-a\")");
    assert_eq!(v["value"], "0");
    // The text line names the file as typed, not its edge list.
    let typed = format!("node-kayles(\"@{}\")", f.display());
    grundy()
        .args(["value", &typed])
        .assert()
        .success()
        .stdout(format!("{typed}: value 0, P-position (the previous player wins)\n"));
}

#[test]
fn interrupted_search_says_what_was_done() {
    let (code, stdout, stderr) = interrupted(&["--max-work", "1e19", "value", "node-kayles-grid(9,9)"], 1.0);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("positions searched")
            && stderr.contains("stopped before the value of node-kayles-grid(9,9) was found")
            && stderr.ends_with("grundy: interrupted\n"),
        "{stderr}"
    );
}

/// A proof search stopped by Ctrl-C says so and writes no file (an old one stays).
#[test]
fn an_interrupted_proof_search_says_so_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.gz");
    std::fs::write(&proof, "old").unwrap();
    let path = proof.to_str().unwrap();
    let (code, stdout, stderr) = interrupted(&["--max-work", "1e19", "value", "cram(5,7)", "--save-proof", path], 1.0);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stdout.is_empty());
    let want = format!(
        "grundy: stopped before the value of cram(5,7) was proven; {path} was not written\ngrundy: interrupted\n"
    );
    assert_eq!(stderr, want);
    assert_eq!(std::fs::read_to_string(&proof).unwrap(), "old");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary file left"
    );
}

/// The three engines of boards and graphs give the same values: the default (set
/// pruning), `--method sums` (the outcome search, over the rules' options) and `--method
/// plain` (every option's value).
#[test]
fn the_engines_of_boards_and_graphs_agree() {
    for expr in [
        "cram(3,5)",
        "cram(\"...#/..../.#..\")",
        "node-kayles-grid(4,5)",
        "node-kayles-path(17)",
        "node-kayles(\"a-b b-c c-d d-a a-c e-f\")",
        "green-hackenbush(\"g-a a-b b-g b-c\")",
    ] {
        let values: Vec<serde_json::Value> = ["search", "sums", "plain"]
            .iter()
            .map(|m| json(&["value", expr, "--method", m, "--format", "json"])["value"].clone())
            .collect();
        assert!(values.iter().all(|v| *v == values[0]), "{expr}: {values:?}");
    }
}
