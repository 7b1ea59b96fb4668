//! CLI tests of the textbook games (issue 20): `list`, `value` (the outcome without the
//! value, in text and JSON), `moves`, `table` and `plot` of Wythoff's game, positions
//! that parse back, and bad input.

use crate::common::{error_line, grundy, json};

#[test]
fn every_textbook_game_is_listed_with_its_source() {
    let list = json(&["list", "--format", "json"]);
    let rows = list.as_array().unwrap();
    for (name, source) in [
        ("wythoff", "Wythoff 1907"),
        ("euclid", "Cole & Davie"),
        ("euclid-grossman", "Grossman"),
        ("chomp", "Gale 1974"),
        ("moore", "Moore 1910"),
        ("staircase", "Ferguson"),
        ("ruler", "Winning Ways ch. 14"),
        ("mock-turtles", "Winning Ways ch. 14"),
    ] {
        let row = rows
            .iter()
            .find(|r| r["name"] == name)
            .unwrap_or_else(|| panic!("{name}"));
        assert!(row["source"].as_str().unwrap().contains(source), "{name}: {row}");
        assert_eq!(row["kind"], "tuple", "{name}");
        // The example is a position whose printed form parses back to itself.
        let example = row["example"].as_str().unwrap();
        let v = json(&["value", example, "--format", "json"]);
        assert_eq!(v["position"], example);
    }
}

#[test]
fn outcome_without_the_value_in_json_and_text() {
    let big = "wythoff(1000000000000000000,2000000000000000000)";
    let v = json(&["value", big, "--format", "json"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("?"), Some("N")));
    let note = v["note"].as_str().unwrap();
    assert!(
        note.contains("only its outcome N") && note.contains("the memory limit"),
        "{note}"
    );
    let out = grundy().args(["value", big]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value ?, N-position"), "{text}");
    // The value where the search reaches it; the outcome alone with --method formula.
    let v = json(&["value", "wythoff(4,5)", "--format", "json"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("6"), Some("N")));
    assert!(v.get("note").is_none());
    let v = json(&["value", "wythoff(4,5)", "--method", "formula", "--format", "json"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("?"), Some("N")));
    // --method search reports the refusal: one error line, exit 2; for its memory,
    // which no limit can give (so no --max-work advice, which could not help).
    let e = error_line(&["value", big, "--method", "search"]);
    assert!(
        e.contains("no machine's memory holds it") && !e.contains("--max-work"),
        "{e}"
    );
    // moves: the move to a P-position without any value; outcome and note in JSON.
    let m = json(&["moves", "wythoff(1000000,1000003)", "--format", "json"]);
    assert_eq!(m["winning"], serde_json::json!(["wythoff(4,7)"]));
    assert_eq!((m["value"].as_str(), m["outcome"].as_str()), (Some("?"), Some("N")));
    assert!(m["note"].as_str().unwrap().contains("Wythoff 1907"));
    let m = json(&["moves", "moore[2](1,2,3)", "--format", "json"]);
    assert_eq!(m["winning"], serde_json::json!(["moore[2](1,1,1)"]));
    assert!(m.get("outcome").is_none(), "{m}");
}

#[test]
fn tables_and_heatmaps_of_two_argument_games() {
    // Wythoff's values, rows 0..3 (Blass & Fraenkel 1990; OEIS A004481).
    let t = json(&["table", "wythoff", "--rows", "4", "--cols", "6", "--format", "json"]);
    let rows: Vec<Vec<&str>> = t["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["0", "1", "2", "3", "4", "5"],
            ["1", "2", "0", "4", "5", "3"],
            ["2", "0", "1", "5", "3", "4"],
            ["3", "4", "5", "6", "2", "0"]
        ]
    );
    let t = json(&[
        "table",
        "euclid-grossman",
        "--rows",
        "3",
        "--cols",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(t["values"][0], serde_json::json!([null, null, null]));
    assert_eq!(t["values"][1], serde_json::json!([null, "0", "1"]));
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("w.png");
    grundy()
        .args(["plot", "wythoff", "--to", "60", "--mark", "0", "-o"])
        .arg(&png)
        .assert()
        .success();
    assert!(std::fs::metadata(&png).unwrap().len() > 1000);
}

#[test]
fn bad_positions_are_one_error_line() {
    for (expr, message) in [
        ("chomp(3,4)", "longer than row 1"),
        ("chomp(3,0)", "row 2 is empty"),
        ("chomp()", "at least 1 argument"),
        ("ruler(0)", "numbered from 1"),
        ("mock-turtles(2,2)", "written twice"),
        ("moore[0](1,2)", "k ≥ 1"),
        ("moore(1,2)", "needs parameters"),
        ("euclid-grossman(0,3)", "at least 1"),
        ("wythoff(1,2,3)", "exactly 2 arguments"),
        ("staircase(18446744073709551615,1)", "2^64 − 1 coins"),
    ] {
        let e = error_line(&["value", expr]);
        assert!(e.starts_with("grundy: error: ") && e.contains(message), "{expr}: {e}");
    }
}
