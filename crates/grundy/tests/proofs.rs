//! Proofs of board and graph values: the checker (`analysis::proof_check`) accepts
//! what the engine writes, on random boards with holes and random graphs, and rejects
//! each kind of tampering with a one-line reason.

use grundy::analysis::proof_check::check_proof;
use grundy::catalog::parse_position;
use grundy::game::Component;
use grundy::solve::{Method, Solver};
use grundy::{Control, Error};

mod common;
use common::{many_small_components, rng};

/// The engine's value and proof of a one-component position.
fn prove(expr: &str) -> (u64, String) {
    let pos = parse_position(expr).unwrap();
    let [Component::Game { ruleset, pos }] = &pos.components[..] else {
        panic!("{expr}")
    };
    let (v, text) = ruleset.solver().unwrap().proof(pos, &Control::new()).unwrap();
    (v.to_u64().unwrap(), text)
}

fn value(expr: &str) -> u64 {
    let mut s = Solver::new(Method::Search, Control::new());
    s.nim_value(&parse_position(expr).unwrap()).unwrap().to_u64().unwrap()
}

fn rejected(text: &str) -> String {
    match check_proof(text, &Control::new()) {
        Err(Error::Input(why)) => {
            assert!(!why.contains('\n'), "{why}");
            why
        }
        other => panic!("accepted a tampered proof: {other:?}"),
    }
}

#[test]
fn the_checker_accepts_what_the_engine_writes_on_random_boards() {
    let mut next = rng(0x2545_F491_4F6C_DD1D);
    for game in ["cram", "node-kayles-grid"] {
        for round in 0..40 {
            let (h, w) = (1 + next(5) as usize, 1 + next(7) as usize);
            let board: Vec<String> = (0..h)
                .map(|_| (0..w).map(|_| if next(6) == 0 { '#' } else { '.' }).collect())
                .collect();
            let expr = format!("{game}(\"{}\")", board.join("/"));
            let (v, text) = prove(&expr);
            assert_eq!(v, value(&expr), "{expr} (round {round})");
            let r = check_proof(&text, &Control::new()).unwrap_or_else(|e| panic!("{expr}: {e}\n{text}"));
            assert_eq!(r.value, v, "{expr}");
        }
    }
    // Paths, and a Cram board with a large region settled by the symmetry rule.
    for expr in [
        "node-kayles-path(40)",
        "cram(\"......#.../......#.../......#.../......#...\")",
        "cram(4,6)",
        "node-kayles-grid(3,9)",
        "cram(3,7)",
    ] {
        let (v, text) = prove(expr);
        assert_eq!(v, value(expr), "{expr}");
        assert_eq!(check_proof(&text, &Control::new()).unwrap().value, v, "{expr}");
    }
}

#[test]
fn the_checker_accepts_what_the_engine_writes_on_random_graphs() {
    let mut next = rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..30 {
        let n = 1 + next(14) as usize;
        let mut edges = Vec::new();
        let mut joined = vec![false; n];
        for u in 0..n {
            for v in u + 1..n {
                if next(100) < 25 {
                    edges.push(format!("x{u}-x{v}"));
                    joined[u] = true;
                    joined[v] = true;
                }
            }
        }
        edges.extend((0..n).filter(|&u| !joined[u]).map(|u| format!("x{u}")));
        let expr = format!("node-kayles(\"{}\")", edges.join(" "));
        let (v, text) = prove(&expr);
        assert_eq!(v, value(&expr), "{expr} (round {round})");
        assert_eq!(check_proof(&text, &Control::new()).unwrap().value, v, "{expr}");
    }
}

/// Graphs of more than 128 vertices (the engine's and the checker's 256-bit sets): a
/// graph of many small components numbered far apart, a path whose neighbours are
/// numbered on both sides of vertex 128; a set naming a vertex the graph does not have
/// is rejected.
#[test]
fn the_checker_accepts_proofs_of_graphs_above_128_vertices() {
    let mut next = rng(0x51_7CC1_B727_220A);
    for round in 0..4 {
        let total = 129 + next(128) as usize;
        let (expr, expect) = many_small_components(&mut next, total);
        let (v, text) = prove(&expr);
        assert_eq!(v, expect, "round {round}");
        let r = check_proof(&text, &Control::new()).unwrap();
        assert_eq!(r.value, v);
        // The graph proved, named by its edge list (or its counts past 2000
        // characters): the position it names has the value proved.
        if r.position.starts_with("node-kayles(\"") {
            assert_eq!(value(&r.position), v, "round {round}");
        } else {
            assert!(r.position.contains(&format!("of {total} vertices")), "{}", r.position);
        }
    }
    // A path of 150 vertices met from both ends inward: vertex i of the path is
    // numbered 2i or 2(149 − i) + 1.
    let n = 150;
    let order: Vec<usize> = (0..n / 2).flat_map(|i| [i, n - 1 - i]).collect();
    let edges: Vec<String> = order
        .iter()
        .filter(|&&i| i + 1 < n)
        .map(|&i| format!("q{i}-q{}", i + 1))
        .collect();
    let expr = format!("node-kayles(\"{}\")", edges.join(" "));
    let (v, text) = prove(&expr);
    assert_eq!(v, value("0.137(150)"));
    assert_eq!(check_proof(&text, &Control::new()).unwrap().value, v);
    // A component naming vertex 200 of a graph of 150 vertices; a set of 65 digits.
    let (i, l) = find(&text, "V ");
    let words: Vec<&str> = l.split(' ').collect();
    let why = rejected(&with_line(&text, i, &format!("V 1{} {}", "0".repeat(50), words[2])));
    assert!(why.contains("not a nonempty set of the graph's vertices"), "{why}");
    let why = rejected(&with_line(&text, i, &format!("V 1{} {}", "0".repeat(64), words[2])));
    assert!(why.contains("not a vertex set"), "{why}");
    let (i, _) = find(&text, "set ");
    let why = rejected(&with_line(&text, i, &format!("set 1{}", "0".repeat(50))));
    assert!(why.contains("the set has vertices the graph does not"), "{why}");
}

/// Replaces line `i` (0-based) of `text`.
fn with_line(text: &str, i: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[i] = line;
    lines.join("\n") + "\n"
}

fn find(text: &str, start: &str) -> (usize, String) {
    text.lines()
        .enumerate()
        .find(|(_, l)| l.starts_with(start))
        .map(|(i, l)| (i, l.to_string()))
        .unwrap_or_else(|| panic!("no line '{start}…' in\n{text}"))
}

#[test]
fn each_kind_of_tampering_is_rejected() {
    let (v, text) = prove("cram(4,5)");
    assert_eq!(v, 2);
    check_proof(&text, &Control::new()).unwrap();
    // A tampered value entry.
    let (i, l) = find(&text, "V ");
    let words: Vec<&str> = l.split(' ').collect();
    let wrong = words[2].parse::<u64>().unwrap() + 1;
    let why = rejected(&with_line(&text, i, &format!("V {} {wrong}", words[1])));
    assert!(why.contains("mex of its options"), "{why}");
    // A value entry given twice, and a sum given twice: each was counted twice in the
    // values or sums checked.
    let copy = |i: usize| {
        let lines: Vec<&str> = text.lines().collect();
        let mut out: Vec<&str> = lines[..=i].to_vec();
        out.push(lines[i]);
        out.extend_from_slice(&lines[i + 1..]);
        out.join("\n") + "\n"
    };
    assert!(rejected(&copy(i)).contains("a component listed twice"));
    assert!(rejected(&copy(find(&text, "N ").0)).contains("the same sum as line"));
    // A missing entry: the last sum (every sum is needed by another).
    let lines: Vec<&str> = text.lines().collect();
    let why = rejected(&(lines[..lines.len() - 1].join("\n") + "\n"));
    assert!(why.contains("missing entry"), "{why}");
    // A missing value.
    let why = rejected(&with_line(&text, i, ""));
    assert!(why.contains("missing entry") || why.contains("no entry"), "{why}");
    // A wrong outcome: an N-entry claimed P.
    let (i, l) = find(&text, "N ");
    let words: Vec<&str> = l.split(' ').collect();
    let why = rejected(&with_line(&text, i, &format!("P {} {}", words[1], words[2])));
    assert!(why.contains("wrong outcome"), "{why}");
    // A wrong outcome: a P-entry claimed N with a move to the empty sum.
    let (i, l) = find(&text, "P ");
    let words: Vec<&str> = l.split(' ').collect();
    let why = rejected(&with_line(&text, i, &format!("N {} {} *", words[1], words[2])));
    assert!(why.contains("no move leads") || why.contains("wrong outcome"), "{why}");
    // An unsupported claim: another value.
    let (i, _) = find(&text, "value ");
    let why = rejected(&with_line(&text, i, &format!("value {}", v + 1)));
    assert!(why.contains("unsupported claim"), "{why}");
    // A move named that is not a move: an N-entry pointing at the root's P-entry.
    let (i, l) = find(&text, "N ");
    let words: Vec<&str> = l.split(' ').collect();
    let why = rejected(&with_line(&text, i, &format!("N {} {} 0", words[1], words[2])));
    assert!(why.contains("no move leads"), "{why}");
    // Another board, another game, garbage.
    let why = rejected(&text.replace("board ...../...../...../.....", "board ...../...../...../....#"));
    assert!(!why.is_empty());
    let why = rejected(&text.replace("game cram", "game node-kayles-grid"));
    assert!(!why.is_empty());
    assert!(rejected("grundy-proof 9\n").contains("not a grundy proof"));
    assert!(rejected("grundy-proof 2\n").contains("expected 'game"));
    assert!(rejected(&with_line(&text, i, "Q 1 2")).contains("not an entry"));
}

/// The checker stands apart from the engine: it uses none of the search's modules.
#[test]
fn the_checker_does_not_use_the_engine() {
    let src = include_str!("../src/analysis/proof_check.rs");
    for line in src
        .lines()
        .filter(|l| l.trim_start().starts_with("use ") || l.contains("crate::"))
    {
        let code = line.split("//").next().unwrap();
        assert!(
            !code.contains("solve::") && !code.contains("bitgame") && !code.contains("grid::"),
            "{line}"
        );
    }
}

/// An entry with a heap of 2^64 − 1 is rejected at once: a P-entry's moves in the heap
/// are looked at until the first that is not an N-entry (at most as many as the
/// entries), and an N-entry's move in the heap is compared, not searched for (the
/// checker looped over every smaller heap, for ever; a hostile check's 70-byte file).
#[test]
fn a_huge_heap_is_rejected_at_once() {
    let huge = u64::MAX;
    let p = format!("grundy-proof 2\ngame cram\nboard ...\nvalue 1\nP 1x3:7 {huge}\n");
    assert!(rejected(&p).contains("missing entry"), "{}", rejected(&p));
    let n = format!("grundy-proof 2\ngame cram\nboard ...\nvalue 1\nN 1x3:7 {huge} *\n");
    assert!(
        rejected(&n).contains("no move leads to the entry it names"),
        "{}",
        rejected(&n)
    );
    // A real proof's N-entry naming a P-entry reached by a move in the heap still holds.
    let (v, text) = prove("cram(3,4)");
    assert_eq!(check_proof(&text, &Control::new()).unwrap().value, v);
}

/// A P-entry of every interval of a path: `k` vertices, `k(k+1)/2` components.
fn intervals_of_a_path(k: usize) -> String {
    let names: Vec<String> = (0..k).map(|i| format!("v{i}")).collect();
    let edges: Vec<String> = (1..k).map(|i| format!("{}-{i}", i - 1)).collect();
    let comps: Vec<String> = (0..k)
        .flat_map(|a| (a..k).map(move |b| format!("{:x}", ((1u128 << (b - a + 1)) - 1) << a)))
        .collect();
    format!(
        "grundy-proof 2\ngame node-kayles\nvertices {}\nedges {}\nset {:x}\nvalue 0\nP {} 0\n",
        names.join(" "),
        edges.join(" "),
        (1u128 << k) - 1,
        comps.join(",")
    )
}

/// A small crafted file asks the checker for much more memory than its text, or much
/// more work: the entries read are counted against the memory limit as they are read,
/// and the work of their check against the work limit before any is checked (a
/// hostile check: 58 KB of gzip held 1.3 GB under `--memory-limit 200M`, and 1.4 MB
/// of one entry's components would have run for hours, the first Ctrl-C ignored).
#[test]
fn a_crafted_proof_keeps_to_the_limits() {
    // 2 bytes of text a component, 32 bytes each kept twice: 20 MB of entries.
    let comps = vec!["3"; 5000].join(",");
    let mut text = String::from("grundy-proof 2\ngame node-kayles\nvertices a b c\nedges 0-1 1-2\nset 7\nvalue 1\n");
    for n in 0..60 {
        text += &format!("P {comps} {n}\n");
    }
    assert!(text.len() < 1 << 20);
    let ctl = Control::new().with_memory_limit(5 << 20);
    match check_proof(&text, &ctl) {
        Err(Error::TooLarge { what, .. }) => assert_eq!(what, "the proof check"),
        other => panic!("{other:?}"),
    }
    // 2080 components of 45760 moves in all: about 9.5·10^7 options.
    let text = intervals_of_a_path(64);
    match check_proof(&text, &Control::new().with_work_limit(1_000_000)) {
        Err(Error::TooMuchWork { what, work, .. }) => {
            assert_eq!(what, "the proof check");
            assert!(work > 90_000_000 && work < 100_000_000, "{work}");
        }
        other => panic!("{other:?}"),
    }
    // Within the limits it is checked, and the missing option is named in a line of
    // bounded length (it named all 2079 components).
    let why = rejected(&text);
    assert!(
        why.contains("missing entry") && why.contains("more components") && why.len() < 400,
        "{why}"
    );
    // A region whose sides overflow a product is not a region (3 × 1431655766 wrapped
    // to 2).
    let p = "grundy-proof 2\ngame cram\nboard ..\nvalue 1\nV 3x1431655766:3 1\n";
    assert!(rejected(p).contains("is not a board region"), "{}", rejected(p));
}

/// A proof of part of a graph (the set leaves out some of the graph's vertices) names
/// the graph the part induces, by its vertices' names, and the graph it is part of: a
/// reader sees which vertices were proved, not only how many.
#[test]
fn a_part_of_a_graph_is_named_by_its_vertices() {
    let (v, text) = prove("node-kayles(\"a-b b-c c-d\")");
    assert_eq!(v, 0);
    // The same proof with two more vertices, x and y on an edge to a, outside the set.
    let (at, _) = find(&text, "vertices ");
    let text = with_line(&text, at, "vertices a b c d x y");
    let (at, edges) = find(&text, "edges ");
    let text = with_line(&text, at, &format!("{edges} 0-4 4-5"));
    let r = check_proof(&text, &Control::new()).unwrap();
    assert_eq!(r.value, 0);
    assert_eq!(
        r.position,
        "node-kayles(\"a-b b-c c-d\"), on 4 of the 6 vertices of its graph"
    );
    // A part that is, edge for edge, a graph of a family is named by the family.
    let (v, text) = prove("node-kayles-petersen(10,2)");
    let (at, vertices) = find(&text, "vertices ");
    let text = with_line(&text, at, &format!("{vertices} x y"));
    let (at, edges) = find(&text, "edges ");
    let text = with_line(&text, at, &format!("{edges} 20-21"));
    let r = check_proof(&text, &Control::new()).unwrap();
    assert_eq!(r.value, v);
    assert_eq!(
        r.position,
        "node-kayles-petersen(10,2), on 20 of the 22 vertices of its graph"
    );
}

/// The graph a report names pastes back into `grundy value` as the graph proved, a
/// part's induced graph too: vertex names are those of the edge-list notation, and a
/// `vertices` line with another (`-` or `"` in it, which made `node-kayles("a-x-b")`
/// of an edge a-x–b) or a name listed twice is rejected, naming the line and the
/// character.
#[test]
fn the_graph_named_pastes_back_and_other_names_are_rejected() {
    let expr = "node-kayles(\"é_1-A9 A9-_ _-z z-é_1 q\")";
    let (v, text) = prove(expr);
    let r = check_proof(&text, &Control::new()).unwrap();
    // The edges in the order of their vertices' numbers.
    assert_eq!(r.position, "node-kayles(\"é_1-A9 é_1-z A9-_ _-z q\")");
    assert_eq!(value(&r.position), v);
    // A part: the path é_1, A9, _ (the set without z and q), of value 2, its entry
    // added.
    let (at, _) = find(&text, "set ");
    let part = with_line(&with_line(&text, at, "set 7"), at + 1, "value 2") + "V 7 2\n";
    let r = check_proof(&part, &Control::new()).unwrap();
    let (induced, rest) = r.position.split_once(", on ").unwrap();
    assert_eq!(induced, "node-kayles(\"é_1-A9 A9-_\")");
    assert_eq!(rest, "3 of the 5 vertices of its graph");
    assert_eq!(value(induced), r.value);
    // Names the notation cannot write, each rejected with its line and character.
    let (at, _) = find(&text, "vertices ");
    for (names, bad) in [
        ("a-x b c d q", "'a-x' has '-' at its character 2"),
        ("a b\"q c d q", "'b\"q' has '\"' at its character 2"),
        ("a b c d+ q", "'d+' has '+' at its character 2"),
        ("a b c a q", "the vertex name 'a' is listed twice"),
    ] {
        let why = rejected(&with_line(&text, at, &format!("vertices {names}")));
        assert_eq!(
            why.split(": ").next(),
            Some(format!("proof line {}", at + 1).as_str()),
            "{why}"
        );
        assert!(why.contains(bad), "{names}: {why}");
    }
}

/// A graph of one vertex is named by the queens family only under the name of the
/// 1×1 board's square, a whole graph and a part alike (every graph of one vertex was
/// `node-kayles-queens(1)`).
#[test]
fn a_graph_of_one_vertex_is_named_by_its_vertex() {
    let r = |expr: &str| check_proof(&prove(expr).1, &Control::new()).unwrap().position;
    assert_eq!(r("node-kayles(\"x\")"), "node-kayles(\"x\")");
    assert_eq!(r("node-kayles(\"r0c0\")"), "node-kayles-queens(1)");
    assert_eq!(r("node-kayles-queens(1)"), "node-kayles-queens(1)");
    let (_, text) = prove("node-kayles(\"x-y\")");
    let (at, _) = find(&text, "set ");
    let part = with_line(&with_line(&text, at, "set 1"), at + 1, "value 1") + "V 1 1\n";
    assert_eq!(
        check_proof(&part, &Control::new()).unwrap().position,
        "node-kayles(\"x\"), on 1 of the 2 vertices of its graph"
    );
}

/// A number is written one way in a proof, as the engine writes it: a leading 0, a
/// sign or a capital hexadecimal digit is rejected wherever a number is (the claim, a
/// value, a heap, an entry named, an edge, a board region's sides and cells, a vertex
/// set), naming the line and the character.
#[test]
fn numbers_are_written_one_way() {
    let (v, text) = prove("cram(4,5)");
    assert_eq!(check_proof(&text, &Control::new()).unwrap().value, v);
    let line = |text: &str, start: &str| find(text, start);
    // Each tampering: (line start, the line rewritten, what the reason names).
    let (_, value_line) = line(&text, "value ");
    // A value entry whose cells have a hexadecimal letter.
    let (_, v_line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| {
            l.starts_with("V ")
                && l.split(' ')
                    .nth(1)
                    .unwrap()
                    .contains(|c: char| c.is_ascii_lowercase() && c != 'x')
        })
        .map(|(i, l)| (i, l.to_string()))
        .unwrap();
    let (_, p_line) = line(&text, "P ");
    let (_, n_line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("N ") && !l.ends_with('*'))
        .map(|(i, l)| (i, l.to_string()))
        .unwrap();
    let word = |l: &str, i: usize| l.split(' ').nth(i).unwrap().to_string();
    let swap = |l: &str, i: usize, w: &str| {
        let mut words: Vec<String> = l.split(' ').map(str::to_string).collect();
        words[i] = w.to_string();
        words.join(" ")
    };
    let region = word(&v_line, 1);
    let (size, bits) = region.split_once(':').unwrap();
    let (h, w) = size.split_once('x').unwrap();
    let cases = [
        (
            "value ",
            swap(&value_line, 1, &format!("0{}", word(&value_line, 1))),
            "a leading '0' at its character 1",
        ),
        (
            "value ",
            swap(&value_line, 1, &format!("+{}", word(&value_line, 1))),
            "'+' at its character 1",
        ),
        (
            "V ",
            swap(&v_line, 2, &format!("00{}", word(&v_line, 2))),
            "a leading '0'",
        ),
        ("V ", swap(&v_line, 1, &format!("0{h}x{w}:{bits}")), "a leading '0'"),
        (
            "V ",
            swap(&v_line, 1, &format!("{h}x+{w}:{bits}")),
            "'+' at its character 1",
        ),
        ("V ", swap(&v_line, 1, &format!("{h}x{w}:0{bits}")), "a leading '0'"),
        (
            "V ",
            swap(&v_line, 1, &format!("{h}x{w}:{}", bits.to_uppercase())),
            "lowercase hexadecimal",
        ),
        (
            "P ",
            swap(&p_line, 2, &format!("+{}", word(&p_line, 2))),
            "'+' at its character 1",
        ),
        (
            "N ",
            swap(&n_line, 3, &format!("0{}", word(&n_line, 3))),
            "a leading '0'",
        ),
    ];
    for (start, new, want) in cases {
        let old = match start {
            "N " => &n_line,
            "V " => &v_line,
            _ => &line(&text, start).1,
        };
        let at = text.lines().position(|l| l == old).unwrap();
        let why = rejected(&with_line(&text, at, &new));
        assert!(why.starts_with(&format!("proof line {}: ", at + 1)), "{new}: {why}");
        assert!(
            why.contains(want) && why.contains("as proofs write them"),
            "{new}: {why}"
        );
    }
    // A graph's edges and sets.
    let (_, text) = prove("node-kayles(\"a-b b-c c-d\")");
    assert!(check_proof(&text, &Control::new()).is_ok());
    for (start, new, want) in [
        ("edges ", "edges 0-01 1-2 2-3", "a leading '0'"),
        ("edges ", "edges 0-1 +1-2 2-3", "'+' at its character 1"),
        ("set ", "set F", "'F' at its character 1"),
        ("set ", "set 0f", "a leading '0'"),
        ("V ", "V 01 1", "a leading '0'"),
    ] {
        let (at, _) = find(&text, start);
        let why = rejected(&with_line(&text, at, new));
        assert!(why.starts_with(&format!("proof line {}: ", at + 1)), "{new}: {why}");
        assert!(why.contains(want), "{new}: {why}");
    }
}
