//! Issue 12 (reliability): hostile input gives one error line, never a panic (exit
//! 101) or wrong output; files are written whole or not at all.

use crate::common::{error_line, grundy, json};
use std::io::Write;

fn file_with(bytes: &[u8], suffix: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    f.write_all(bytes).unwrap();
    f
}

#[test]
fn json_graph_with_stray_non_ascii_is_one_error_line() {
    for text in ["{\"a\": [\"b\"é], \"b\": []}", "{\"a\": []é}"] {
        let f = file_with(text.as_bytes(), ".json");
        let e = error_line(&["graph", f.path().to_str().unwrap()]);
        assert!(e.contains("line 1, column") && e.contains("invalid JSON graph"), "{e}");
    }
}

#[test]
fn json_array_graph_gets_a_json_error() {
    let f = file_with(b"[[\"a\", \"b\"]]", ".json");
    let e = error_line(&["graph", f.path().to_str().unwrap()]);
    assert!(e.contains("not an array") && !e.contains("name: follower"), "{e}");
}

#[test]
fn byte_order_mark_is_not_part_of_a_name() {
    let f = file_with("\u{feff}a: b\nb:\n".as_bytes(), ".txt");
    let v = json(&["graph", f.path().to_str().unwrap(), "--format", "json"]);
    assert_eq!(v["vertices"][0]["vertex"], "a");
    let f = file_with("\u{feff}{\"a\": []}".as_bytes(), ".json");
    let v = json(&["graph", f.path().to_str().unwrap(), "--format", "json"]);
    assert_eq!(v["vertices"][0]["vertex"], "a");
}

#[test]
fn graph_input_is_bounded_by_the_memory_limit() {
    let e = error_line(&["--memory-limit", "50M", "graph", "/dev/zero"]);
    assert!(e.contains("/dev/zero") && e.contains("NUL byte"), "{e}");
    // An endless stream without NUL bytes stops at a fifth of the memory limit.
    let out = grundy()
        .args(["--memory-limit", "5M", "graph", "/dev/stdin"])
        .write_stdin(vec![b'a'; 3 << 20])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("larger than 1.0 MiB") && e.contains("memory limit"), "{e}");
    let e = error_line(&["graph", "/"]);
    assert!(e.contains("cannot read /") && e.contains("directory"), "{e}");
}

#[test]
fn a_vertex_name_longer_than_any_format_width_prints() {
    let long = "v".repeat(70_000);
    let f = file_with(format!("{long}: y\ny:\n").as_bytes(), ".txt");
    let out = grundy().args(["graph", f.path().to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, format!("{long}  1  N\ny  0  P\n"));
}
