//! The command line on the rulesets of paper 003: bad input, huge heaps by closed form,
//! powerset moves, `verify` and `list`.

use crate::common::{error_line, grundy, json};

#[test]
fn heap_zero_where_heaps_start_at_one() {
    let e = error_line(&["value", "maliquot(0)"]);
    assert!(
        e.contains("heap 0 is not a position of maliquot") && e.contains("start at 1"),
        "{e}"
    );
    let e = error_line(&["value", "totient(3) + totative(0)"]);
    assert!(e.contains("totative"), "{e}");
    let e = error_line(&["seq", "powerset-totative", "--from", "0", "--to", "9"]);
    assert!(e.contains("start at 1"), "{e}");
    // Heap 0 is a position of saliquot.
    assert_eq!(json(&["value", "saliquot(0)", "--format", "json"])["value"], "0");
}

#[test]
fn names_differing_only_in_case() {
    let e = error_line(&["value", "MOMEGA(5)"]);
    assert!(
        e.contains("'mOmega' or 'momega'") && e.contains("case-sensitive"),
        "{e}"
    );
    let e = error_line(&["seq", "Maliquot", "--to", "5"]);
    assert!(e.contains("did you mean 'maliquot'"), "{e}");
    // mOmega and momega are different games: 4 = 2² has Ω = 2, ω = 1.
    assert_eq!(json(&["value", "mOmega(4)", "--format", "json"])["value"], "0");
    assert_eq!(json(&["value", "momega(4)", "--format", "json"])["value"], "1");
}

#[test]
fn tables_too_large_for_memory() {
    let e = error_line(&["seq", "maliquant", "--to", "3000000000", "--memory-limit", "1G"]);
    assert!(
        e.contains("needs an estimated") && e.contains("memory limit is 1.0 GiB"),
        "{e}"
    );
    // Past 2^32 heaps: the bound, whatever the memory limit, and what gives the values
    // instead (`--method auto` would take the closed form, 10^11 values of it).
    let e = error_line(&["seq", "maliquot", "--to", "100000000000", "--method", "search"]);
    assert!(
        e.contains("but dense tables stop below 2^32 heaps, whatever the memory limit")
            && e.trim_end()
                .ends_with("; --method auto or --method formula gives these from the closed form")
            && !e.contains("--memory-limit"),
        "{e}"
    );
    let e = error_line(&["value", "nontotative(5000000000)", "--method", "search"]);
    assert!(e.contains("needs an estimated"), "{e}");
}

#[test]
fn huge_heaps_by_closed_form() {
    let v = json(&["value", "saliquot(3298534883328)", "--format", "json"]);
    assert_eq!(v["value"], "41"); // 3 · 2^40: v₂ + 1
    let v = json(&["value", "maliquot(1000000000000000000)", "--format", "json"]);
    assert_eq!(v["value"], "36"); // 2^18 5^18
    let v = json(&["value", "powerset-maliquant(201)", "--format", "json"]);
    assert_eq!(v["value"], "1267650600228229401496703205376"); // 2^100
                                                               // Sparse search on a single huge heap of a counting ruleset.
    let v = json(&["value", "totient(48114)", "--method", "search", "--format", "json"]);
    assert_eq!(v["value"], "1");
}

#[test]
fn powerset_moves_are_counted_and_listed() {
    let v = json(&["moves", "powerset-maliquot(6)", "--format", "json"]);
    assert_eq!(v["value"], "2");
    // All three winning moves are listed, so no separate count is given.
    assert_eq!(v["winning"].as_array().unwrap().len(), 3);
    assert!(v.get("winning_count").is_none());
    let v = json(&["moves", "powerset-maliquant(41)", "--format", "json"]);
    assert_eq!(v["winning_count"], "524287");
    assert_eq!(v["winning"].as_array().unwrap().len(), 1000);
    let out = grundy().args(["moves", "powerset-maliquant(41)"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("winning moves (524287; the first 1000 are listed)"),
        "{text}"
    );
}

#[test]
fn verify_reports_theorems_and_their_stated_properties() {
    let out = grundy().args(["verify", "saliquant", "--to", "2000"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Theorem 6 (i) and (viii) fail at n = 1 (G(1) = 1): verify says so and exits 1.
    let out = grundy()
        .args(["verify", "nontotative", "--to", "2000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("nontotative(1) = 1: Theorem 6 (i)"), "{text}");
    for name in [
        "maliquot",
        "saliquot",
        "maliquant",
        "totative",
        "totient",
        "dividing",
        "divide-throw-residue",
        "residue-throw-divisor",
        "m-factoring",
        "m-factoring-coprime",
        "fullset-maliquot",
        "powerset-saliquot",
        "powerset-maliquant",
        "powerset-totative",
    ] {
        let out = grundy().args(["verify", name, "--to", "500"]).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let e = error_line(&["verify", "s-factoring", "--to", "50"]);
    assert!(e.contains("no closed form"), "{e}");
}

#[test]
fn list_states_memory_per_heap() {
    let v = json(&["list", "--format", "json"]);
    let rows = v.as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(row("maliquant")["dense_bytes_per_heap"], 16);
    assert!(row("powerset-totative")["formula"]
        .as_str()
        .unwrap()
        .contains("Theorem 17"));
    // Families with parameters: the memory of their example's ruleset.
    assert_eq!(row("subtraction")["dense_bytes_per_heap"], 4);
    assert_eq!(row("take-and-break")["dense_bytes_per_heap"], 12);
    let arith = rows
        .iter()
        .filter(|r| r["source"].as_str().unwrap().starts_with("paper 003") && r["kind"] == "heap")
        .count();
    assert_eq!(arith, 30);
    let loopy = rows.iter().filter(|r| r["kind"] == "loopy").count();
    assert_eq!(loopy, 2);
}

/// `verify` names an empty range as such (`--to 0` of a ruleset whose heaps start at 1
/// said that no closed form is known, for maliquot, which has one) and refuses an arity
/// asked of a heap ruleset (it was ignored).
#[test]
fn verify_names_an_empty_range_and_a_misplaced_arity() {
    let e = error_line(&["verify", "maliquot", "--to", "0"]);
    assert!(
        e.contains("heap 0 is not a position of maliquot: heaps of maliquot start at 1"),
        "{e}"
    );
    let e = error_line(&["verify", "nim", "--to", "8", "--arity", "2"]);
    assert!(
        e.contains("nim: is a heap ruleset: an arity (2) applies to rulesets on tuples"),
        "{e}"
    );
    grundy().args(["verify", "maliquot", "--to", "1"]).assert().success();
    grundy()
        .args(["verify", "cdn", "--to", "3", "--arity", "2"])
        .assert()
        .success();
}
