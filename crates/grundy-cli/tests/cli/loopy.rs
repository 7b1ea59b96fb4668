//! CLI tests of loopy games: value, moves and seq on loopy rulesets and sums, the
//! `graph` command, JSON shapes and bad input.

use predicates::prelude::*;
use serde_json::Value;
use std::io::Write;

use crate::common::grundy;

/// Runs a command with `--format json` and parses the output.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    crate::common::json(&all)
}

fn fails(args: &[&str], message: &str) {
    grundy()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message));
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn value_json_of_loopy_positions() {
    let v = json(&["value", "partial-aliquot-sum(6) + partial-aliquot-sum(9)"]);
    assert_eq!(v["position"], "partial-aliquot-sum(6) + partial-aliquot-sum(9)");
    assert_eq!(v["value"], "∞(1,2,3)");
    assert_eq!(v["outcome"], "D");
    assert_eq!(keys(&v), ["outcome", "position", "value"]);
    let v = json(&["value", "partial-aliquot-sum(6) + nim(1)"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("∞(0,1,3)"), Some("N"))
    );
    let v = json(&["value", "aliquot-sum(12)"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("0"), Some("P")));
    // Undetermined: "?" with a note naming the bound.
    let v = json(&["value", "aliquot-sum(276)"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("?"), Some("?")));
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("aliquot-sum(276)") && note.contains("--bound"), "{note}");
    let v = json(&["value", "aliquot-sum(12) + nim(3)", "--bound", "15"]);
    assert_eq!(v["value"], "?");
    assert!(v["note"]
        .as_str()
        .unwrap()
        .contains("reaches heap 16, above the heap bound 15"));
    let v = json(&["value", "partial-aliquot-sum(12)", "--graph-bound", "10"]);
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("more than 10 moves (--graph-bound)"),
        "{v}"
    );
    // Finite positions keep their shape.
    let v = json(&["value", "nim(3,5)"]);
    assert_eq!(keys(&v), ["outcome", "position", "value"]);
}

#[test]
fn value_text_of_loopy_positions() {
    grundy()
        .args(["value", "aliquot-sum(6)"])
        .assert()
        .success()
        .stdout("aliquot-sum(6): value ∞(), D-position (a draw: neither player can force a win)\n");
    grundy()
        .args(["value", "aliquot-sum(276)"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "aliquot-sum(276): value ? (undetermined within the bound",
        ));
}

#[test]
fn moves_in_sums_with_loopy_components() {
    let v = json(&["moves", "partial-aliquot-sum(6) + partial-aliquot-sum(7)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning"],
        serde_json::json!([
            "partial-aliquot-sum(2) + partial-aliquot-sum(7)",
            "partial-aliquot-sum(3) + partial-aliquot-sum(7)",
            "partial-aliquot-sum(5) + partial-aliquot-sum(7)"
        ])
    );
    assert_eq!(v["drawing"], serde_json::json!([]));
    assert_eq!(keys(&v), ["drawing", "outcome", "position", "value", "winning"]);
    let v = json(&["moves", "partial-aliquot-sum(6) + partial-aliquot-sum(9)", "--all"]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("∞(1,2,3)"), Some("D"))
    );
    assert_eq!(v["winning"], serde_json::json!([]));
    assert_eq!(
        v["drawing"],
        serde_json::json!(["partial-aliquot-sum(6) + partial-aliquot-sum(9)"])
    );
    let opts = v["options"].as_array().unwrap();
    assert_eq!(opts.len(), 9);
    assert_eq!(opts[5]["position"], "partial-aliquot-sum(6) + partial-aliquot-sum(9)");
    assert_eq!(opts[5]["value"], "∞(1,2,3)");
    // Text lists the draw-keeping moves as such.
    grundy()
        .args(["moves", "aliquot-sum(6) + nim(2)"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("moves that keep the draw")
                .and(predicate::str::contains("  aliquot-sum(6) + nim(2)")),
        );
    // Finite positions keep their shape (no outcome or drawing keys).
    let v = json(&["moves", "nim(3,5,7)"]);
    assert_eq!(keys(&v), ["position", "value", "winning"]);
}

#[test]
fn seq_of_loopy_rulesets() {
    grundy()
        .args(["seq", "aliquot-sum", "--to", "12"])
        .assert()
        .success()
        .stdout("0,1,1,0,1,∞(),1,0,1,1,1,0\n")
        .stderr("");
    grundy()
        .args(["seq", "partial-aliquot-sum", "--to", "9"])
        .assert()
        .success()
        .stdout("0,1,1,2,1,∞(0,1,2),1,∞(0,1,2),3\n");
    grundy()
        .args([
            "seq",
            "partial-aliquot-sum",
            "--from",
            "5",
            "--to",
            "6",
            "--format",
            "csv",
        ])
        .assert()
        .success()
        .stdout("n,value\n5,1\n6,\"∞(0,1,2)\"\n");
    let v = json(&["seq", "aliquot-sum", "--from", "275", "--to", "277"]);
    assert_eq!(v["values"], serde_json::json!(["0", "?", "1"]));
    assert_eq!(v["from"], 275);
    assert!(
        v["note"].as_str().unwrap().contains("1 of 3 values are undetermined"),
        "{v}"
    );
    grundy()
        .args(["seq", "aliquot-sum", "--from", "275", "--to", "277"])
        .assert()
        .success()
        .stdout("0,?,1\n")
        .stderr(predicate::str::contains("grundy: note: 1 of 3 values are undetermined"));
}

#[test]
fn bad_input_to_loopy_commands() {
    fails(&["value", "aliquot-sum(0)"], "heaps of aliquot-sum start at 1");
    fails(
        &["value", "aliquot-sum(6)", "--method", "formula"],
        "no closed form is known for aliquot-sum",
    );
    fails(
        &["seq", "aliquot-sum", "--to", "5", "--method", "formula"],
        "no closed form",
    );
    fails(&["seq", "aliquot-sum", "--from", "0", "--to", "5"], "start at 1");
    fails(
        &["verify", "aliquot-sum", "--to", "5"],
        "loopy ruleset with no closed form",
    );
    fails(&["value", "aliquot-sum(6)", "--bound", "lots"], "is not a count");
    fails(&["value", "nim(3)", "--bound", "1e30"], "larger than 2^64");
    fails(
        &["seq", "aliquot-sum", "--to", "1000000000000000", "--memory-limit", "1G"],
        "the sequence of aliquot-sum needs an estimated",
    );
}

fn graph_file(text: &str, suffix: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn example(name: &str) -> String {
    format!("{}/../../examples/graphs/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn graph_command_on_the_examples() {
    grundy()
        .args(["graph", &example("partial-aliquot-sum.txt")])
        .assert()
        .success()
        .stdout(
            "1  0         P\n2  1         N\n3  1         N\n4  2         N\n5  1         N\n6  ∞(0,1,2)  N\n7  1         N\n8  ∞(0,1,2)  N\n9  3         N\n",
        );
    let v = json(&["graph", &example("cycle.json")]);
    assert_eq!(
        v,
        serde_json::json!({"vertices": [
            {"vertex": "a", "value": "0", "outcome": "P"},
            {"vertex": "b", "value": "1", "outcome": "N"},
            {"vertex": "c", "value": "∞()", "outcome": "D"},
            {"vertex": "d", "value": "∞()", "outcome": "D"},
            {"vertex": "end", "value": "0", "outcome": "P"}
        ]})
    );
    // An acyclic graph gets its ordinary nim-values (here Nim heaps 0..3).
    let f = graph_file("h3: h2 h1 h0\nh2: h1 h0\nh1: h0\nh0:\n", ".txt");
    let v = json(&["graph", f.path().to_str().unwrap()]);
    let vals: Vec<&str> = v["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["value"].as_str().unwrap())
        .collect();
    assert_eq!(vals, ["3", "2", "1", "0"]);
}

#[test]
fn graph_command_errors_name_the_line() {
    let check = |text: &str, args: &[&str], message: &str| {
        let f = graph_file(text, ".txt");
        let mut all = vec!["graph", f.path().to_str().unwrap()];
        all.extend_from_slice(args);
        fails(&all, message);
    };
    check(
        "a: b\nb: c\n",
        &[],
        "line 2: follower 'c' of vertex 'b' is not a vertex",
    );
    check(
        "a: b\nb:\n\na: \n",
        &[],
        "line 4: vertex 'a' is defined twice (first on line 1)",
    );
    check("", &[], "the graph file is empty");
    check("# nothing\n\n", &[], "the graph file is empty");
    check(
        "a: a a\nb: a a\n",
        &["--graph-bound", "3"],
        "line 2: the graph has more than 3 moves",
    );
    check("a b\n", &[], "line 1: expected 'name: follower");
    check(
        "{\"a\": [\"b\"]}",
        &[],
        "line 1: follower 'b' of vertex 'a' is not a vertex",
    );
    check("a:\n", &["--bound", "5"], "a graph file is limited by --graph-bound");
    fails(
        &["graph", "/nonexistent/graph.txt"],
        "cannot read /nonexistent/graph.txt",
    );
}

/// `-` is standard input, for `graph` and for an edge list (`@-`), as `/dev/stdin` is:
/// it named a file `-` in the current directory, which there was not. Standard input
/// is read once: every `@-` of an expression is the same graph (the second
/// `@/dev/stdin` of a sum read the pipe again, empty, and the sum had the value of
/// its first component).
#[test]
fn a_dash_reads_standard_input() {
    grundy()
        .args(["graph", "-"])
        .write_stdin("h2: h1 h0\nh1: h0\nh0:\n")
        .assert()
        .success()
        .stdout("h2  2  N\nh1  1  N\nh0  0  P\n");
    grundy()
        .args(["graph", "-", "--format", "json"])
        .write_stdin("{\"a\": [\"b\"], \"b\": []}")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"vertex\": \"a\""));
    grundy()
        .args(["graph", "-"])
        .write_stdin("a: b\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "grundy: error: standard input (-): line 1: follower 'b' of vertex 'a' is not a vertex (no line 'b: …')\n",
        );
    // A file named `-` is ./-.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("-"), "x:\n").unwrap();
    grundy()
        .current_dir(dir.path())
        .args(["graph", "./-"])
        .assert()
        .success()
        .stdout("x  0  P\n");
    // Edge lists: a path of three vertices is 2; two of them 0.
    for (expr, out) in [
        ("node-kayles(\"@-\")", "node-kayles(\"@-\"): value 2, N-position (the next player wins)\n"),
        (
            "node-kayles(\"@-\") + node-kayles(\"@-\")",
            "node-kayles(\"@-\") + node-kayles(\"@-\"): value 0, P-position (the previous player wins)\n",
        ),
        (
            "node-kayles(\"@/dev/stdin\") + node-kayles(\"@/dev/stdin\")",
            "node-kayles(\"@/dev/stdin\") + node-kayles(\"@/dev/stdin\"): value 0, P-position (the previous player wins)\n",
        ),
    ] {
        grundy()
            .args(["value", expr])
            .write_stdin("a-b\nb-c\n")
            .assert()
            .success()
            .stdout(out);
    }
    grundy()
        .args(["value", "node-kayles(\"@-\")"])
        .write_stdin("a-b b-\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "grundy: error: standard input (@-): line 1, column 7: expected a vertex name",
        ));
}

/// A heap that moves to itself leaves the position as it is: the move is listed once,
/// and the output says which heap moved (`stay` in JSON, a remark in text).
#[test]
fn a_move_that_leaves_the_position_unchanged_names_the_heap() {
    let v = json(&["moves", "partial-aliquot-sum(6) + partial-aliquot-sum(9)"]);
    assert_eq!(
        v["drawing"],
        serde_json::json!(["partial-aliquot-sum(6) + partial-aliquot-sum(9)"])
    );
    assert_eq!(v["stay"], "partial-aliquot-sum(6)");
    // 6 is perfect: aliquot-sum(6) moves to itself, whatever the other component.
    let v = json(&["moves", "nim(2) + aliquot-sum(6)", "--all"]);
    assert_eq!(v["stay"], "aliquot-sum(6)");
    grundy()
        .args(["moves", "aliquot-sum(6) + nim(2)"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "  aliquot-sum(6) + nim(2)   (aliquot-sum(6) moves to itself)\n",
        ));
    // No such move listed: no key.
    let v = json(&["moves", "partial-aliquot-sum(6) + partial-aliquot-sum(7)"]);
    assert!(v.get("stay").is_none());
}
