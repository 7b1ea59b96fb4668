//! `seq` prints every format from one path that formats values without allocating:
//! the values, heap numbers across powers of ten, quoting and JSON are those of the
//! sequence in every format.

use crate::common::{json, stdout};

/// The values of `seq NAME --from FROM --to TO` in each format, as strings, with the
/// heap numbers of CSV and b-files checked.
fn every_format(name: &str, from: u64, to: u64) -> Vec<String> {
    let (f, t) = (from.to_string(), to.to_string());
    let args = |format: &'static str| {
        vec![
            "seq",
            name,
            "--from",
            f.as_str(),
            "--to",
            t.as_str(),
            "--format",
            format,
        ]
    };
    let text = stdout(&args("text"));
    let text = text.strip_suffix('\n').unwrap();
    let csv = stdout(&args("csv"));
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("n,value"));
    let mut from_csv = Vec::new();
    for (k, line) in lines.enumerate() {
        let (n, v) = line.split_once(',').unwrap();
        assert_eq!(n, (from + k as u64).to_string(), "{name}: heap numbers in CSV");
        from_csv.push(v.trim_matches('"').to_string());
    }
    let doc = json(&args("json"));
    assert_eq!(doc["from"], from);
    let from_json: Vec<String> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(from_csv, from_json, "{name}: CSV and JSON");
    if !text.contains('∞') {
        assert_eq!(text.split(',').collect::<Vec<_>>(), from_json, "{name}: text and JSON");
        let bfile = stdout(&args("bfile"));
        for (k, line) in bfile.lines().enumerate() {
            assert_eq!(line, format!("{} {}", from + k as u64, from_json[k]), "{name}: b-file");
        }
        assert_eq!(bfile.lines().count(), from_json.len());
    }
    from_json
}

#[test]
fn every_format_prints_the_values_of_the_sequence() {
    // Nim's G(n) = n: heap numbers and values cross powers of ten.
    let nim = every_format("nim", 95, 1005);
    assert_eq!(nim, (95..=1005).map(|n: u64| n.to_string()).collect::<Vec<_>>());
    // Values above the ones rendered once each (65536).
    let big = every_format("nim", 65_530, 65_545);
    assert_eq!(big, (65_530..=65_545).map(|n: u64| n.to_string()).collect::<Vec<_>>());
    // A periodic table from heap 0, one value.
    assert_eq!(
        every_format("subtraction[1,2]", 0, 8),
        ["0", "1", "2", "0", "1", "2", "0", "1", "2"]
    );
    assert_eq!(every_format("subtraction[1,2]", 3, 3), ["0"]);
    // Powerset values past 2^64, and loopy values with commas (quoted in CSV).
    let powerset = every_format("powerset-maliquant", 296, 300);
    assert_eq!(powerset[1], "356811923176489970264571492362373784095686656");
    let loopy = every_format("partial-aliquot-sum", 1, 9);
    assert_eq!(loopy[5], "∞(0,1,2)");
    let csv = stdout(&["seq", "partial-aliquot-sum", "--to", "9", "--format", "csv"]);
    assert!(csv.contains("\n6,\"∞(0,1,2)\"\n"), "{csv}");
}

#[test]
fn the_json_of_seq_is_pretty_printed_like_the_other_commands() {
    let out = stdout(&["seq", "subtraction[1,2]", "--to", "2", "--format", "json"]);
    assert_eq!(
        out,
        "{\n  \"ruleset\": \"subtraction[1,2]\",\n  \"from\": 0,\n  \"values\": [\n    \"0\",\n    \"1\",\n    \"2\"\n  ]\n}\n"
    );
    // With a note (an undetermined loopy value), the note follows the values.
    let out = stdout(&["seq", "aliquot-sum", "--from", "275", "--to", "277", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(doc["note"].as_str().unwrap().contains("undetermined"));
    assert!(out.starts_with(
        "{\n  \"ruleset\": \"aliquot-sum\",\n  \"from\": 275,\n  \"values\": [\n    \"0\",\n    \"?\",\n"
    ));
    assert!(
        out.ends_with("\"\n}\n") && out.contains("\n  ],\n  \"note\": \"1 of 3 values"),
        "{out}"
    );
    // One value.
    let none = stdout(&["seq", "nim", "--from", "5", "--to", "5", "--format", "json"]);
    assert!(none.contains("\"values\": [\n    \"5\"\n  ]"), "{none}");
}
