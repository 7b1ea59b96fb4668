//! MIN (paper 001) on the command line: `min-facts` (JSON and CSV shapes, values),
//! `verify min`, and `value min(…)` through the row engine.

use crate::common::{error_line, grundy, json};

#[test]
fn min_facts_json_shape_and_values() {
    let v = json(&["min-facts", "--to", "20000", "--format", "json"]);
    assert_eq!(v["ruleset"], "min");
    assert_eq!(v["to"], 20000);
    let t = &v["theorem1"];
    assert_eq!(t["holds"], true);
    assert_eq!(t["checked"], 20000);
    // π(20001) = 2262 primes a + 1 with 1 ≤ a ≤ 20000.
    assert_eq!(t["primes"], 2262);
    assert!(t["first_failure"].is_null());
    let z = &v["zero_at_a_minus_1"];
    assert_eq!(
        z["with_a_plus_1_composite"],
        serde_json::json!([7920, 13260, 15396, 19320])
    );
    assert_eq!(
        z["count"].as_u64().unwrap(),
        z["with_a_plus_1_prime"].as_u64().unwrap() + 4
    );
    assert_eq!(v["zero_at_a_minus_2"], serde_json::json!([2, 4, 16, 256, 17224, 17656]));
    assert!(v.get("f0").is_none() && v.get("f1").is_none());
}

#[test]
fn min_facts_tables_json_and_csv() {
    let v = json(&["min-facts", "--to", "12", "--format", "json", "--tables"]);
    // f_0(a), f_1(a) for a = 0..=12, read off the rows G(a, a..=2a); f_1(0) is undefined.
    assert_eq!(v["f0"], serde_json::json!([0, 1, 2, 1, 4, 1, 6, 3, 5, 1, 10, 1, 12]));
    assert_eq!(v["f1"], serde_json::json!([null, 0, 0, 2, 0, 4, 0, 2, 3, 8, 0, 9, 0]));
    let out = grundy().args(["min-facts", "--to", "3", "--tables"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "a,f0,f1\n0,0,\n1,1,0\n2,2,0\n3,1,2\n"
    );
}

#[test]
fn min_facts_tables_agree_with_values() {
    // f_j(a) from the sieve against `value min(a, a+i)` (row engine) for small a.
    let v = json(&["min-facts", "--to", "30", "--format", "json", "--tables"]);
    for a in [5u64, 13, 19, 27, 30] {
        for (j, key) in [(0, "f0"), (1, "f1")] {
            let f = v[key][a as usize].as_u64().unwrap();
            let pos = format!("min({a},{})", a + f);
            let w = json(&["value", &pos, "--format", "json", "--method", "search"]);
            assert_eq!(w["value"], j.to_string(), "{pos}");
        }
    }
}

#[test]
fn min_facts_text_lists_the_paper_cases() {
    let out = grundy().args(["min-facts", "--to", "8000"]).output().unwrap();
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.contains("holds for 1 ≤ a ≤ 8000"), "{s}");
    assert!(s.contains("7920 (a+1 = 89²)"), "{s}");
    assert!(s.contains("256 (a+1 = 257)"), "{s}");
}

#[test]
fn min_facts_refuses_too_large() {
    let out = grundy()
        .args(["--memory-limit", "10M", "min-facts", "--to", "100000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.contains("needs an estimated") && err.contains("memory limit is 10.0 MiB"),
        "{err}"
    );
    let out = grundy().args(["min-facts", "--to", "5000000000"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too large"));
}

#[test]
fn verify_min_runs_its_checks() {
    let v = json(&["verify", "min", "--to", "200", "--format", "json"]);
    let checks = v.as_array().unwrap();
    assert_eq!(checks.len(), 5);
    for c in checks {
        assert_eq!(c["holds"], true, "{c}");
        assert!(c["checked"].as_u64().unwrap() >= 200, "{c}");
    }
    let out = grundy().args(["verify", "min", "--to", "100"]).output().unwrap();
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(
        s.contains("Theorem 1") && s.contains("Lemma 3(a)") && !s.contains("FAILS"),
        "{s}"
    );
}

#[test]
fn value_of_far_min_positions() {
    // The sieve's f_0(2000) places the zeros of row 2000; the row engine evaluates a
    // position 10^13 away (the generic search would visit about 10^16 positions).
    let v = json(&["min-facts", "--to", "2000", "--format", "json", "--tables"]);
    let f0 = v["f0"][2000].as_u64().unwrap();
    let k = 5_000_000_000u64;
    let zero = format!("min(2000,{})", 2000 + f0 + k * 2001);
    let next = format!("min({},2000)", 2000 + f0 + k * 2001 + 1);
    assert_eq!(json(&["value", &zero, "--format", "json"])["value"], "0");
    assert_ne!(json(&["value", &next, "--format", "json"])["value"], "0");
    // G(254, 256) = 0 (paper 001 §1: a + 1 = 257).
    assert_eq!(json(&["value", "min(254,256)", "--format", "json"])["outcome"], "P");
}

#[test]
fn moves_of_a_far_min_position() {
    // Three options (3, b − k); the winning ones lead to value 0.
    let v = json(&["moves", "min(3,1000000000000)", "--all", "--format", "json"]);
    let opts = v["options"].as_array().unwrap();
    assert_eq!(opts.len(), 3);
    let zeros: Vec<&str> = opts
        .iter()
        .filter(|o| o["value"] == "0")
        .map(|o| o["position"].as_str().unwrap())
        .collect();
    assert_eq!(v["winning"], serde_json::json!(zeros));
}

#[test]
fn verify_min_needs_a_row() {
    let out = grundy().args(["verify", "min", "--to", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--to must be at least 1"));
}

/// `min-facts` keeps to the work limit its help lists: the sieves' marks are estimated
/// before they run (`--to 1e8 --max-work 10` computed for 10 s and succeeded).
#[test]
fn min_facts_keeps_to_the_work_limit() {
    let e = error_line(&["--max-work", "1e4", "min-facts", "--to", "1000"]);
    assert!(
        e.contains("computing f_0 and f_1 of MIN up to 1000 visits about") && e.contains("--max-work 1e4"),
        "{e}"
    );
    grundy()
        .args(["--max-work", "1e5", "min-facts", "--to", "1000"])
        .assert()
        .success();
}
