use super::*;

fn msg(text: &str) -> String {
    parse_graph(text, 1000).unwrap_err().to_string()
}

#[test]
fn reads_text_graphs() {
    let g = parse_graph("# comment\n a: b  # to b\n\nb: a end\nend:\n", 100).unwrap();
    assert_eq!(g.names, ["a", "b", "end"]);
    assert_eq!(g.lines, [2, 4, 5]);
    assert_eq!(g.graph.followers(0), [1]);
    assert_eq!(g.graph.followers(1), [0, 2]);
    assert!(g.graph.followers(2).is_empty());
    // Names may be numbers or contain punctuation; forward references are fine.
    let g = parse_graph("6: 1 2 3 4 5 6\n1:\n2: 1\n3: 1\n4: 1 2 3\n5: 1\nx-y.z: 6", 100).unwrap();
    assert_eq!(g.names.len(), 7);
}

#[test]
fn reads_json_graphs() {
    let g = parse_graph("{\"a\": [\"b\"],\n \"b\": [\"a\", \"end\"],\n \"end\": []}", 100).unwrap();
    assert_eq!(g.names, ["a", "b", "end"]);
    assert_eq!(g.lines, [1, 2, 3]);
    assert_eq!(g.graph.followers(1), [0, 2]);
    let g = parse_graph(r#" { "\u00e9\n": ["x\"y"], "x\"y": [], "😀": ["\ud83d\ude00"] } "#, 100).unwrap();
    assert_eq!(g.names, ["é\n", "x\"y", "😀"]);
    assert_eq!(g.graph.followers(2), [2]);
}

#[test]
fn errors_name_the_line() {
    assert!(msg("").contains("empty"), "{}", msg(""));
    assert!(msg("# only a comment\n\n").contains("empty"));
    assert!(msg("{}").contains("empty"));
    let m = msg("a: b\nb:\na: b\n");
    assert!(
        m.contains("line 3") && m.contains("'a' is defined twice (first on line 1)"),
        "{m}"
    );
    let m = msg("a: b\n\nb: c\n");
    assert!(
        m.contains("line 3") && m.contains("follower 'c' of vertex 'b' is not a vertex"),
        "{m}"
    );
    let m = msg("a: b\nb a\n");
    assert!(m.contains("line 2") && m.contains("expected 'name: follower"), "{m}");
    let m = msg("a b: c\n");
    assert!(m.contains("line 1") && m.contains("cannot contain spaces"), "{m}");
    let m = msg(": c\n");
    assert!(m.contains("line 1") && m.contains("needs a name"), "{m}");
    let m = parse_graph("a: a a\nb: a a a\n", 4).unwrap_err().to_string();
    assert!(
        m.contains("line 2") && m.contains("more than 4 moves") && m.contains("--graph-bound"),
        "{m}"
    );
    // JSON.
    let m = msg("{\"a\": [\"b\"],\n\"b\": [\"c\"]}");
    assert!(m.contains("line 2") && m.contains("follower 'c'"), "{m}");
    let m = msg("{\"a\": [],\n\n\"a\": []}");
    assert!(
        m.contains("line 3") && m.contains("defined twice (first on line 1)"),
        "{m}"
    );
    let m = msg("{\"a\": [\n1]}");
    assert!(
        m.contains("line 2") && m.contains("expected a follower (a vertex name, a string)"),
        "{m}"
    );
    let m = msg("{\"a\": []");
    assert!(m.contains("line 1, column 8") && m.contains("EOF"), "{m}");
    let m = msg("{\"a\": []} x");
    assert!(m.contains("trailing characters"), "{m}");
    let m = msg("{\"a\": \"b\"}");
    assert!(m.contains("expected the array of the vertex's followers"), "{m}");
    let m = msg("{\"a\n\": []}");
    assert!(m.contains("line 2") && m.contains("control character"), "{m}");
    let m = msg("{\"\\ud800\": []}");
    assert!(m.contains("escape"), "{m}");
}

/// Issue 12: non-ASCII characters where the old hand-written reader expected a
/// separator panicked at a char boundary.
#[test]
fn json_with_unexpected_non_ascii_is_an_error_not_a_panic() {
    for text in ["{\"a\": [\"b\"é], \"b\": []}", "{\"a\": []é}", "{\"é\" é}", "{é}", "[é"] {
        let m = msg(text);
        assert!(
            m.starts_with("line 1, column") && m.contains("invalid JSON graph"),
            "{text}: {m}"
        );
    }
}

#[test]
fn a_json_array_gets_a_json_error() {
    let m = msg("[[\"a\", \"b\"]]");
    assert!(m.contains("not an array") && m.contains("line 1"), "{m}");
    assert!(!m.contains("name: follower"), "{m}");
    let m = msg("\n\n  [\"a\"]");
    assert!(m.starts_with("line 3, column") && m.contains("not an array"), "{m}");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let g = parse_graph("\u{feff}a: b\nb:\n", 10).unwrap();
    assert_eq!(g.names, ["a", "b"]);
    assert_eq!(g.lines, [1, 2]);
    let g = parse_graph("\u{feff}\n{\"a\": []}", 10).unwrap();
    assert_eq!(g.names, ["a"]);
    assert_eq!(g.lines, [2]);
}

#[test]
fn json_lines_follow_the_file() {
    let g = parse_graph("\n\n{\n\"a\":\n[\"b\"],\n\n\"b\": []}", 10).unwrap();
    assert_eq!(g.lines, [4, 7]);
    let m = msg("{\"a\": [\n\"b\",\n\"c\"],\n\"b\": []}");
    assert!(m.starts_with("line 3: follower 'c'"), "{m}");
}

#[test]
fn reading_stops_at_the_byte_limit_and_at_a_nul_byte() {
    let m = read_graph(std::io::repeat(0), 10, 1 << 20).unwrap_err().to_string();
    assert!(m.contains("line 1") && m.contains("NUL byte"), "{m}");
    let m = read_graph("a: b\nb: a\n\0".as_bytes(), 10, 1 << 20)
        .unwrap_err()
        .to_string();
    assert!(m.starts_with("line 3: a NUL byte"), "{m}");
    let m = read_graph(std::io::repeat(b'a'), 10, 5000).unwrap_err().to_string();
    assert!(
        m.contains("larger than 4.9 KiB") && m.contains("the most allowed"),
        "{m}"
    );
    let m = read_graph(std::io::repeat(b' '), 10, 5000).unwrap_err().to_string();
    assert!(m.contains("larger than"), "{m}");
    let json = format!("{{\"a\": [{}\"a\"]}}", "\"a\",".repeat(2000));
    let m = read_graph(json.as_bytes(), u64::MAX, 5000).unwrap_err().to_string();
    assert!(m.contains("larger than"), "{m}");
    assert!(read_graph(json.as_bytes(), u64::MAX, 50_000).is_ok());
}

#[test]
fn long_names_and_line_breaks_in_errors_stay_one_line() {
    let m = msg("{\"a\\nb\": [\"x\"]}");
    assert!(m.contains("'a\\nb'") && !m.contains('\n'), "{m}");
}

/// What is read is checked against the memory limit as it grows: a file of short names
/// takes many times its size (a vertex, its name and followers), which the check of
/// the file's size before reading (5 bytes a byte) did not see. Cancellation stops the
/// reading and the building.
#[test]
fn reading_counts_its_memory_and_stops_when_cancelled() {
    use crate::Control;
    let text: String = (0..100_000).map(|i| format!("a{i}: a{}\n", i + 1)).collect::<String>() + "a100000:\n";
    assert!(text.len() < 2 << 20, "{}", text.len());
    let ctl = Control::new().with_memory_limit(12 << 20);
    let e = read_graph_in(text.as_bytes(), u64::MAX, &ctl).unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    assert!(e.to_string().starts_with("reading the graph (to line "), "{e}");
    let g = read_graph_in(text.as_bytes(), u64::MAX, &Control::new().with_memory_limit(64 << 20)).unwrap();
    assert_eq!(g.names.len(), 100_001);
    let cancelled = Control::new();
    cancelled
        .cancel_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    for input in [text.clone(), "{\"a\": [\"a\"]}".to_string()] {
        let e = read_graph_in(input.as_bytes(), u64::MAX, &cancelled).unwrap_err();
        assert_eq!(e, Error::Interrupted);
    }
}

/// A reader that gives its text in chunks of the sizes of `sizes` in turn, as a pipe
/// does (a file gives full buffers).
struct Chunks<'a> {
    text: &'a [u8],
    sizes: Vec<usize>,
    at: usize,
}

impl std::io::Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.sizes[self.at % self.sizes.len()]
            .min(buf.len())
            .min(self.text.len());
        self.at += 1;
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// A refusal for the bound on bytes or for memory names the same line however the
/// input is cut into chunks (a pipe's chunks vary from run to run): the line of the
/// first byte past the bound, or of the vertex that passed the memory limit.
#[test]
fn refusals_name_the_same_line_whatever_the_chunks() {
    use crate::Control;
    let text: String = (0..3000).map(|i| format!("a{i}: a{}\n", i + 1)).collect::<String>() + "a3000:\n";
    let cuts = [vec![1], vec![7, 3, 4096], vec![8192], vec![100_000], vec![13, 1, 999]];
    // The bound on bytes (long names, so that it comes before the memory of the
    // vertices): the byte after the first `start` is line 1001's first.
    let long = |i: usize| format!("{i:0>200}");
    let named: String = (0..3000).map(|i| format!("{}: {}\n", long(i), long(i + 1))).collect();
    let start: usize = named.lines().take(1000).map(|l| l.len() + 1).sum();
    for (max, line) in [(start as u64, 1001), (start as u64 - 1, 1000), (3, 1)] {
        for sizes in &cuts {
            let input = Chunks {
                text: named.as_bytes(),
                sizes: sizes.clone(),
                at: 0,
            };
            let ctl = Control::new().with_memory_limit(max * super::READ_FACTOR);
            let e = read_graph_in(input, u64::MAX, &ctl).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("reading the graph (to line {line}) ")),
                "{sizes:?} {max}: {e}"
            );
        }
    }
    // The memory of the vertices read: the same line at every cut.
    let mut lines = std::collections::BTreeSet::new();
    for sizes in &cuts {
        let input = Chunks {
            text: text.as_bytes(),
            sizes: sizes.clone(),
            at: 0,
        };
        let ctl = Control::new().with_memory_limit(200 << 10);
        let e = read_graph_in(input, u64::MAX, &ctl).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        lines.insert(e.to_string().split(')').next().unwrap().to_string());
    }
    assert_eq!(lines.len(), 1, "{lines:?}");
}
