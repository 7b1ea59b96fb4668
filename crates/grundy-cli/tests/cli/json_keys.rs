//! Every JSON key the CLI prints is documented in docs/cli.md, and every documented key
//! is printed.
//!
//! docs/cli.md ends each JSON shape with a `keys` block (```` ```keys COMMAND ````): the
//! key paths of that output, `a.b` for a key of an object under `a`, `a[].b` for a key of
//! the objects in the array `a` (an array printed whole lists its objects' keys), and a
//! `?` after a key that only a failed check prints. [`INVOCATIONS`] runs representative
//! commands for each block; to document a new key, add it to the block (and, if no
//! invocation prints it yet, an invocation that does).

use crate::common::grundy;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Where the JSON of an invocation is: its stdout, or a file it writes into a temporary
/// directory (the `{dir}` in its arguments; the command may then exit 2, a report with
/// a check that could not run).
#[derive(Clone, Copy)]
enum Source {
    Stdout,
    File(&'static str),
}

/// The representative invocations of each documented block: (block, arguments, where
/// the JSON is). Together they print every key of the block (but those marked `?`).
const INVOCATIONS: &[(&str, &[&str], Source)] = &[
    ("value", &["value", "nim(3,5,6) + cdn(6,2,2)"], Source::Stdout),
    ("value", &["value", "aliquot-sum(276)"], Source::Stdout),
    ("value", &["value", "wythoff(10^18,2e18)"], Source::Stdout),
    ("moves", &["moves", "nim(3,5,7)", "--all"], Source::Stdout),
    ("moves", &["moves", "powerset-maliquot(720)", "--all"], Source::Stdout),
    ("moves", &["moves", "aliquot-sum(12) + nim(1)", "--all"], Source::Stdout),
    ("moves", &["moves", "aliquot-sum(276)"], Source::Stdout),
    (
        "moves",
        &["moves", "partial-aliquot-sum(6) + partial-aliquot-sum(9)"],
        Source::Stdout,
    ),
    ("moves", &["moves", "wythoff(10^6,1000003)"], Source::Stdout),
    ("seq", &["seq", "subtraction[1,2]", "--to", "7"], Source::Stdout),
    (
        "seq",
        &["seq", "aliquot-sum", "--from", "275", "--to", "277"],
        Source::Stdout,
    ),
    ("graph", &["graph", "examples/graphs/cycle.json"], Source::Stdout),
    ("list", &["list"], Source::Stdout),
    ("list", &["list", "kayles"], Source::Stdout),
    ("verify", &["verify", "cdn", "--to", "5"], Source::Stdout),
    ("verify", &["verify", "nim", "--to", "10"], Source::Stdout),
    ("verify", &["verify", "min", "--to", "30"], Source::Stdout),
    (
        "period",
        &["period", "subtraction[2,8,9]", "--to", "300"],
        Source::Stdout,
    ),
    ("period", &["period", "kayles", "--to", "3000"], Source::Stdout),
    ("period", &["period", "nim", "--to", "100"], Source::Stdout),
    (
        "period --save",
        &["period", "kayles", "--to", "3000", "--save", "{dir}/c.json"],
        Source::File("c.json"),
    ),
    ("table", &["table", "min", "--rows", "3", "--cols", "4"], Source::Stdout),
    (
        "table",
        &["table", "wythoff", "--rows", "3", "--cols", "3"],
        Source::Stdout,
    ),
    ("min-facts", &["min-facts", "--to", "100", "--tables"], Source::Stdout),
    ("census", &["census", "octal:1", "--to", "2000"], Source::Stdout),
    (
        "census --play misere",
        &["census", "octal:1", "--to", "12", "--play", "misere"],
        Source::Stdout,
    ),
    (
        "value --play misere",
        &["value", "kayles(5)", "--play", "misere"],
        Source::Stdout,
    ),
    (
        "value --play misere",
        &["value", "subtraction[1,2](10^6)", "--play", "misere"],
        Source::Stdout,
    ),
    (
        "moves --play misere",
        &["moves", "kayles(3,4)", "--play", "misere", "--all"],
        Source::Stdout,
    ),
    (
        "seq --play misere",
        &["seq", "kayles", "--to", "5", "--play", "misere"],
        Source::Stdout,
    ),
    ("quotient", &["quotient", "0.75", "--to", "30"], Source::Stdout),
    ("period --check", &["period", "--check", "{dir}/c.json"], Source::Stdout),
    (
        "quotient --check",
        &["quotient", "--check", "{dir}/c.json"],
        Source::Stdout,
    ),
    ("value", &["value", "kayles(10^18)"], Source::Stdout),
    ("moves", &["moves", "kayles(10^18) + kayles(5)"], Source::Stdout),
    (
        "seq",
        &["seq", "kayles", "--from", "10^15", "--to", "1000000000000003"],
        Source::Stdout,
    ),
    ("bench", &["bench", "--list"], Source::Stdout),
    ("bench", &["bench", "core/cdn-formula-8x1e18"], Source::Stdout),
    (
        "reproduce report.json",
        &["reproduce", "--only", "003-mtau-list", "--out", "{dir}"],
        Source::File("report.json"),
    ),
    (
        "reproduce report.json",
        &["reproduce", "--only", "003-fig1", "--out", "{dir}"],
        Source::File("report.json"),
    ),
    (
        "reproduce report.json",
        &[
            "--memory-limit",
            "1K",
            "reproduce",
            "--only",
            "001-sec1-6240",
            "--out",
            "{dir}",
        ],
        Source::File("report.json"),
    ),
];

/// Commands run (in the invocation's temporary directory, `{dir}`) before each
/// invocation of a block: (block, arguments).
const SETUP: &[(&str, &[&str])] = &[
    (
        "period --check",
        &["period", "kayles", "--to", "300", "--save", "{dir}/c.json"],
    ),
    (
        "quotient --check",
        &["quotient", "kayles", "--to", "20", "--save", "{dir}/c.json"],
    ),
];

/// The key paths of a JSON value: `a`, `a.b`, `a[].b`; the objects of an array at the
/// top give their keys without a prefix.
fn key_paths(v: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                key_paths(x, &path, out);
                out.insert(path);
            }
        }
        Value::Array(items) => {
            let inner = if prefix.is_empty() {
                String::new()
            } else {
                format!("{prefix}[]")
            };
            for x in items {
                key_paths(x, &inner, out);
            }
        }
        _ => {}
    }
}

/// The `keys` blocks of docs/cli.md: block name → (keys printed, keys printed only on
/// a failure).
fn documented(text: &str) -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
    let mut blocks: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        match (&current, line.strip_prefix("```keys ")) {
            (None, Some(name)) => {
                assert!(!blocks.contains_key(name.trim()), "two `keys` blocks for {name}");
                current = Some(name.trim().to_string());
                blocks.entry(name.trim().to_string()).or_default();
            }
            (Some(_), _) if line == "```" => current = None,
            (Some(name), _) => {
                let (keys, failing) = blocks.get_mut(name).unwrap();
                for k in line.split_whitespace() {
                    match k.strip_suffix('?') {
                        Some(f) => failing.insert(f.to_string()),
                        None => keys.insert(k.to_string()),
                    };
                }
            }
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "a `keys` block is not closed");
    blocks
}

#[test]
fn every_json_key_is_documented_and_every_documented_key_is_printed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let docs = documented(&std::fs::read_to_string(root.join("docs/cli.md")).unwrap());
    let mut printed: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (block, args, source) in INVOCATIONS {
        let dir = tempfile::tempdir().unwrap();
        let shown = dir.path().display().to_string();
        for (_, setup) in SETUP.iter().filter(|(b, _)| b == block) {
            let setup: Vec<String> = setup.iter().map(|a| a.replace("{dir}", &shown)).collect();
            assert!(
                grundy()
                    .current_dir(&root)
                    .args(&setup)
                    .output()
                    .unwrap()
                    .status
                    .success(),
                "{setup:?}"
            );
        }
        let mut args: Vec<String> = args.iter().map(|a| a.replace("{dir}", &shown)).collect();
        if matches!(source, Source::Stdout) {
            args.extend(["--format".to_string(), "json".to_string()]);
        }
        let out = grundy().current_dir(&root).args(&args).output().unwrap();
        // A report is written also when a check could not run (exit 2).
        let written = matches!(source, Source::File(_)) && out.status.code() == Some(2);
        assert!(
            out.status.success() || written,
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = match source {
            Source::Stdout => out.stdout,
            Source::File(name) => std::fs::read(dir.path().join(name)).unwrap(),
        };
        let v: Value = serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"));
        key_paths(&v, "", printed.entry(block).or_default());
    }
    let mut problems = Vec::new();
    for (block, (keys, failing)) in &docs {
        let Some(seen) = printed.get(block.as_str()) else {
            problems.push(format!("`keys {block}` has no invocation in INVOCATIONS"));
            continue;
        };
        for k in seen.difference(keys).filter(|k| !failing.contains(*k)) {
            problems.push(format!("{block}: prints `{k}`, which docs/cli.md does not list"));
        }
        for k in keys.difference(seen) {
            problems.push(format!("{block}: docs/cli.md lists `{k}`, which no invocation prints"));
        }
    }
    for block in printed.keys() {
        if !docs.contains_key(*block) {
            problems.push(format!("no `keys {block}` block in docs/cli.md"));
        }
    }
    assert!(
        problems.is_empty(),
        "JSON keys and docs/cli.md differ:\n{}",
        problems.join("\n")
    );
}

#[test]
fn key_paths_name_nested_keys_and_array_elements() {
    let v: Value = serde_json::from_str(r#"[{"a": 1, "b": {"c": [{"d": 2}], "e": [1, 2]}}]"#).unwrap();
    let mut out = BTreeSet::new();
    key_paths(&v, "", &mut out);
    let got: Vec<&str> = out.iter().map(String::as_str).collect();
    assert_eq!(got, ["a", "b", "b.c", "b.c[].d", "b.e"]);
    let blocks = documented("text\n```keys x y\na b.c?\nd\n```\n  ```keys z\n  e\n  ```\n");
    assert_eq!(blocks["x y"].0.iter().collect::<Vec<_>>(), ["a", "d"]);
    assert_eq!(blocks["x y"].1.iter().collect::<Vec<_>>(), ["b.c"]);
    assert_eq!(blocks["z"].0.len(), 1);
}
