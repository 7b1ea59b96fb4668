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
        m.contains("line 2") && m.contains("expected a follower (a string)") && m.contains("found '1'"),
        "{m}"
    );
    let m = msg("{\"a\": []");
    assert!(m.contains("line 1") && m.contains("found the end of the file"), "{m}");
    let m = msg("{\"a\": []} x");
    assert!(m.contains("the end of the file after the object"), "{m}");
    let m = msg("{\"a\": \"b\"}");
    assert!(m.contains("'[' to open the list of followers"), "{m}");
    let m = msg("{\"a\n\": []}");
    assert!(m.contains("control character"), "{m}");
    let m = msg("{\"\\ud800\": []}");
    assert!(m.contains("unpaired surrogate"), "{m}");
}
