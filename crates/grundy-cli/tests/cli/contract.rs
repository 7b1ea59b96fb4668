//! The command-line contract: JSON shapes, exit statuses, and one-line errors for bad
//! input.

use crate::common::{error_line, grundy, json};

#[test]
fn value_json_shape() {
    let v = json(&["value", "nim(3,5,6) + cdn(6,2,2)", "--format", "json"]);
    assert_eq!(v["position"], "nim(3,5,6) + cdn(6,2,2)");
    assert_eq!(v["value"], "2");
    assert_eq!(v["outcome"], "N");
    let v = json(&["value", "nim(2,5,7)", "--format", "json", "--method", "search"]);
    assert_eq!((v["value"].as_str(), v["outcome"].as_str()), (Some("0"), Some("P")));
}

#[test]
fn moves_json_shape() {
    let v = json(&["moves", "nim(3,5,7)", "--format", "json"]);
    assert_eq!(v["value"], "1");
    assert_eq!(
        v["winning"],
        serde_json::json!(["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"])
    );
    assert!(v.get("options").is_none());
    let v = json(&["moves", "delete-nim(1,2)", "--all", "--format", "json"]);
    let opts = v["options"].as_array().unwrap();
    // From (1,2): heap 1 → (0,0); heap 2 → (0,1).
    let got: Vec<(&str, &str)> = opts
        .iter()
        .map(|o| (o["position"].as_str().unwrap(), o["value"].as_str().unwrap()))
        .collect();
    assert_eq!(got, vec![("delete-nim(0,0)", "0"), ("delete-nim(0,1)", "1")]);
    assert_eq!(v["winning"], serde_json::json!(["delete-nim(0,0)"]));
}

#[test]
fn seq_formats() {
    let v = json(&["seq", "subtraction[1,2]", "--to", "7", "--format", "json"]);
    assert_eq!(v["ruleset"], "subtraction[1,2]");
    assert_eq!(v["from"], 0);
    assert_eq!(v["values"], serde_json::json!(["0", "1", "2", "0", "1", "2", "0", "1"]));
    let out = grundy()
        .args(["seq", "odd-nim", "--from", "3", "--to", "5", "--format", "csv"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "n,value\n3,1\n4,0\n5,1\n");
    let out = grundy().args(["seq", "nim", "--to", "4"]).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0,1,2,3,4\n");
}

#[test]
fn list_json_has_every_field() {
    let v = json(&["list", "--format", "json"]);
    let rows = v.as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    for n in ["nim", "subtraction", "odd-nim", "cdn", "min", "delete-nim", "vdn"] {
        assert!(names.contains(&n), "{n} missing");
    }
    for r in rows {
        for k in ["positions", "options", "source", "example"] {
            assert!(r[k].is_string(), "{}: {k}", r["name"]);
        }
    }
}

#[test]
fn verify_reports_and_exits() {
    let out = grundy().args(["verify", "delete-nim", "--to", "50"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("agrees with search on 2601 positions"));
    let v = json(&["verify", "cdn", "--to", "6", "--arity", "3", "--format", "json"]);
    assert_eq!(v[0]["checked"], 343);
    assert!(v[0]["mismatch"].is_null());
}

#[test]
fn bad_input_gets_one_clear_line() {
    let e = error_line(&["value", "nimm(3)"]);
    assert!(
        e.contains("unknown ruleset 'nimm'") && e.contains("did you mean 'nim'"),
        "{e}"
    );
    let e = error_line(&["value", "Min(3,4)"]);
    assert!(e.contains("did you mean 'min'") && e.contains("case-sensitive"), "{e}");
    // Misspellings get the suggestion without a word about letter case.
    for (typo, meant) in [
        ("kayle(3)", "kayles"),
        ("ni(3)", "nim"),
        ("cra(3,3)", "cram"),
        ("officer(3)", "officers"),
        ("grundys(3)", "grundys-game"),
    ] {
        let e = error_line(&["value", typo]);
        assert!(
            e.contains(&format!("did you mean '{meant}'?")) && !e.contains("case-sensitive"),
            "{e}"
        );
    }
    let e = error_line(&["value", "min(3)"]);
    assert!(e.contains("exactly 2 arguments"), "{e}");
    let e = error_line(&["value", "vdn(0,4)"]);
    assert!(e.contains("not a position of vdn"), "{e}");
    let e = error_line(&["value", "nim(-4)"]);
    assert!(e.contains("column 5") && e.contains("negative"), "{e}");
    let e = error_line(&["value", "nim(18446744073709551616)"]);
    assert!(e.contains("too large"), "{e}");
    let e = error_line(&["value", "nim(3,,4)"]);
    assert!(e.contains("column 7"), "{e}");
    let e = error_line(&["value", "cdn(3000,6000,9000)", "--method", "search"]);
    assert!(e.contains("needs an estimated") && e.contains("TiB"), "{e}");
    let e = error_line(&["--memory-limit", "1K", "seq", "nim", "--to", "1000000"]);
    assert!(e.contains("memory limit is 1.0 KiB"), "{e}");
    let e = error_line(&["value", "delete-nim(100000000,3)", "--method", "search"]);
    assert!(e.contains("positions; the limit"), "{e}");
    let e = error_line(&["seq", "min", "--to", "5"]);
    assert!(e.contains("needs a heap ruleset"), "{e}");
    let e = error_line(&["value", "min(1,2)", "--method", "formula"]);
    assert!(e.contains("no closed form"), "{e}");
}

#[test]
fn huge_cdn_is_instant_by_formula() {
    let v = json(&[
        "value",
        "cdn(1000000000000000000,999999999999999998,6,10,14,18,22,26)",
        "--format",
        "json",
    ]);
    // ord₂: 18, 1, 1, 1, 1, 1, 1, 1 → λ = 1, ι = 7 (odd) → λ + 1 = 2.
    assert_eq!(v["value"], "2");
}
