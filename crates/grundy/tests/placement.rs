//! The position engine on boards (Cram, Node-Kayles): cross-checks with the
//! take-and-break engine, golden values of the literature, and the engine against a
//! plain memoized search (no decomposition, no normal forms, one thread) on random
//! boards with holes.

use grundy::catalog::{parse_position, parse_ruleset};
use grundy::game::{Component, DbAccess, GameRuleset, Ruleset};
use grundy::rulesets::cram::CramRules;
use grundy::rulesets::node_kayles::NodeKaylesRules;
use grundy::solve::bitgame::Search;
use grundy::solve::grid::GridGame;
use grundy::solve::{Method, Solver};
use grundy::{Control, Error};
use rustc_hash::FxHashMap;
use std::sync::Arc;

mod common;
use common::{kayles_on_sets, rng};

fn value(expr: &str) -> u64 {
    let mut s = Solver::new(Method::Search, Control::new());
    let v = s.nim_value(&parse_position(expr).unwrap()).unwrap();
    v.to_u64().unwrap()
}

fn game(name: &str) -> Arc<dyn GameRuleset> {
    match parse_ruleset(name).unwrap() {
        Ruleset::Game(g) => g,
        other => panic!("{other:?}"),
    }
}

/// The plain reference: a memoized search over the whole board as a set of cells,
/// moves listed from coordinates, no splitting into regions, no symmetries.
fn plain(h: usize, w: usize, cells: u64, kayles: bool, memo: &mut FxHashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&cells) {
        return v;
    }
    let at = |r: usize, c: usize| 1u64 << (r * w + c);
    let has = |r: usize, c: usize| cells & at(r, c) != 0;
    let mut options = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if !has(r, c) {
                continue;
            }
            if kayles {
                let mut taken = at(r, c);
                if r > 0 {
                    taken |= at(r - 1, c);
                }
                if r + 1 < h {
                    taken |= at(r + 1, c);
                }
                if c > 0 {
                    taken |= at(r, c - 1);
                }
                if c + 1 < w {
                    taken |= at(r, c + 1);
                }
                options.push(cells & !taken);
            } else {
                if c + 1 < w && has(r, c + 1) {
                    options.push(cells & !(at(r, c) | at(r, c + 1)));
                }
                if r + 1 < h && has(r + 1, c) {
                    options.push(cells & !(at(r, c) | at(r + 1, c)));
                }
            }
        }
    }
    let values: Vec<u32> = options.into_iter().map(|o| plain(h, w, o, kayles, memo)).collect();
    let v = (0..).find(|x| !values.contains(x)).unwrap();
    memo.insert(cells, v);
    v
}

fn board_text(h: usize, w: usize, cells: u64) -> String {
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| if cells >> (r * w + c) & 1 == 1 { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess() {
    let mut s = Solver::new(Method::Search, Control::new());
    let seq = s.sequence(&parse_ruleset("0.137").unwrap(), Some(0), 100).unwrap();
    for n in 0..=100usize {
        let expect = seq.value_text(n);
        assert_eq!(value(&format!("node-kayles-path({n})")).to_string(), expect, "P{n}");
    }
    // A 1×n grid is the same path; a cycle of n is a path of n − 3 after any move.
    for n in 1..=40usize {
        assert_eq!(
            value(&format!("node-kayles-grid(1,{n})")).to_string(),
            seq.value_text(n)
        );
        assert_eq!(
            value(&format!("node-kayles-grid({n},1)")).to_string(),
            seq.value_text(n)
        );
    }
    for n in 3..=60usize {
        let path = seq.value_text(n - 3);
        assert_eq!(
            value(&format!("node-kayles-cycle({n})")),
            u64::from(path == "0"),
            "C{n}"
        );
    }
}

#[test]
fn one_row_cram_is_dawsons_kayles() {
    let mut s = Solver::new(Method::Search, Control::new());
    let seq = s.sequence(&parse_ruleset("0.07").unwrap(), Some(0), 100).unwrap();
    for n in 1..=100usize {
        assert_eq!(value(&format!("cram(1,{n})")).to_string(), seq.value_text(n), "1×{n}");
        if n <= 40 {
            assert_eq!(value(&format!("cram({n},1)")).to_string(), seq.value_text(n), "{n}×1");
        }
    }
}

/// Boards with both sides even are P-positions: the second player answers each move
/// with its image under the half-turn (Gardner 1974; Winning Ways ch. 22).
#[test]
fn cram_on_even_by_even_boards_is_zero() {
    for (m, n) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (2, 10), (4, 6)] {
        assert_eq!(value(&format!("cram({m},{n})")), 0, "{m}×{n}");
    }
}

/// igs's table of Cram nimbers (beling/impartial-games README; Lemoine & Viennot's
/// Glop; Schneider 2009): the boards small enough for a test.
#[test]
fn cram_golden_values() {
    for (m, n, v) in [
        (4, 5, 2),
        (5, 5, 0),
        (4, 6, 0),
        (4, 7, 3),
        (5, 6, 2),
        (4, 8, 0),
        (6, 6, 0),
    ] {
        assert_eq!(value(&format!("cram({m},{n})")), v, "{m}×{n}");
        assert_eq!(value(&format!("cram({n},{m})")), v, "{n}×{m}");
    }
}

/// OEIS A316632: Node-Kayles on the 3×n grid (Brown et al., J. Integer Sequences 23
/// (2020)); n ≤ 16 takes a few seconds in a release build, n ≤ 12 here.
#[test]
fn node_kayles_three_rows_golden_values() {
    let a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    for (i, &v) in a316632.iter().enumerate().take(12) {
        let n = i + 1;
        assert_eq!(value(&format!("node-kayles-grid(3,{n})")), v, "3×{n}");
    }
}

/// Two threads at the root ask its moves at once and stop the other moves' searches
/// once one answers the value of the moment: boards large enough for that to happen
/// (a few thousand positions and more) get the values one thread gives, and the
/// golden ones (igs's Cram table, A316632).
#[test]
fn two_threads_stopping_the_root_s_other_searches_agree_with_one() {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let mut next = rng(0x0DDB_1A5E_5EED_1234);
    let mut boards: Vec<(String, Option<u64>)> = vec![
        ("cram(3,10)".into(), Some(2)),
        ("cram(4,7)".into(), Some(3)),
        ("cram(5,6)".into(), Some(2)),
        ("cram(3,11)".into(), Some(0)),
        ("node-kayles-grid(3,16)".into(), Some(3)),
        ("node-kayles-grid(4,8)".into(), Some(0)),
    ];
    for round in 0..12 {
        let kayles = round % 2 == 0;
        let (h, w) = if kayles { (4, 8) } else { (4, 7) };
        let full = (1u64 << (h * w)) - 1;
        let holes = (0..h * w).filter(|_| next(9) == 0).fold(0u64, |x, i| x | 1 << i);
        let name = if kayles { "node-kayles-grid" } else { "cram" };
        boards.push((format!("{name}(\"{}\")", board_text(h, w, full & !holes)), None));
    }
    for (expr, golden) in boards {
        let pos = parse_position(&expr).unwrap();
        let a = one.install(|| Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap());
        let b = two.install(|| Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap());
        assert_eq!(a, b, "{expr}: one thread against two");
        if let Some(g) = golden {
            assert_eq!(a, g, "{expr}");
        }
    }
}

/// The engine (regions, normal forms, the table, threads) against the plain search on
/// random boards with holes, in both games.
#[test]
fn engine_agrees_with_plain_search_on_random_boards() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    for kayles in [true, false] {
        let g = game(if kayles { "node-kayles-grid" } else { "cram" });
        let mut memos: FxHashMap<(usize, usize), FxHashMap<u64, u32>> = FxHashMap::default();
        for round in 0..120 {
            let h = 1 + (next() % 5) as usize;
            let w = 1 + (next() % 6) as usize;
            let full = (1u64 << (h * w)) - 1;
            // About one cell in five is a hole.
            let holes = next() & next() & next() & full;
            let cells = full & !holes;
            let text = board_text(h, w, cells);
            let expr = format!("{}(\"{text}\")", g.name());
            let expect = plain(h, w, cells, kayles, memos.entry((h, w)).or_default());
            let pos = parse_position(&expr).unwrap();
            // A fresh solver each time on one thread and on two, and one solver whose
            // table is shared by every round.
            for pool in [&one, &two] {
                let got = pool.install(|| Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap());
                assert_eq!(got, u64::from(expect), "{expr} (round {round})");
            }
            // The outcome search on sums and the pruned search agree (the rules as a
            // bit game, regions as keys).
            for region in grundy::solve::grid::components(h as u32, w as u32, cells as u128) {
                let mut x = [0u32; 3];
                for (i, mode) in ["sums", "pruned", "plain"].iter().enumerate() {
                    x[i] = if kayles {
                        let mut s = Search::new(GridGame(NodeKaylesRules), 1 << 20);
                        s.prune = *mode == "pruned";
                        match *mode {
                            "sums" => s.value_by_sums(&region, 4, 1 << 10, &Control::new()).unwrap(),
                            _ => s.value(&region, &Control::new()).unwrap(),
                        }
                    } else {
                        let mut s = Search::new(GridGame(CramRules), 1 << 20);
                        s.prune = *mode == "pruned";
                        match *mode {
                            "sums" => s.value_by_sums(&region, 4, 1 << 10, &Control::new()).unwrap(),
                            _ => s.value(&region, &Control::new()).unwrap(),
                        }
                    };
                }
                assert!(x[0] == x[2] && x[1] == x[2], "{expr} (round {round}): {x:?}");
            }
            // Printing parses back to the same board.
            assert_eq!(pos.to_string(), parse_position(&pos.to_string()).unwrap().to_string());
        }
    }
}

/// Two searches of different games alive on one thread, asked in turn about the same
/// regions: each keeps to its own values (the threads' caches of values in front of the
/// tables are per table), and both agree with the plain search.
#[test]
fn two_games_on_one_thread_keep_their_own_values() {
    let mut next = rng(0x51_7CC1_B727_220A);
    let mut cram = Search::new(GridGame(CramRules), 1 << 22);
    let mut kayles = Search::new(GridGame(NodeKaylesRules), 1 << 22);
    cram.prune = true;
    kayles.prune = true;
    let mut memos: FxHashMap<(usize, usize, bool), FxHashMap<u64, u32>> = FxHashMap::default();
    for _ in 0..200 {
        let (h, w) = (1 + next(5) as usize, 1 + next(6) as usize);
        let full = (1u64 << (h * w)) - 1;
        let cells = full & !(next(1 << 30) & next(1 << 30) & full);
        for region in grundy::solve::grid::components(h as u32, w as u32, u128::from(cells)) {
            let bits = region.bits() as u64;
            let (rh, rw) = (region.h as usize, region.w as usize);
            for k in [false, true, false] {
                let got = if k {
                    kayles.value(&region, &Control::new()).unwrap()
                } else {
                    cram.value(&region, &Control::new()).unwrap()
                };
                let want = plain(rh, rw, bits, k, memos.entry((rh, rw, k)).or_default());
                assert_eq!(
                    got,
                    want,
                    "{} as {}",
                    board_text(rh, rw, bits),
                    if k { "node-kayles" } else { "cram" }
                );
            }
        }
    }
}

/// A sum of boards: the nim-sum; the winning moves reach P-positions and parse back.
#[test]
fn sums_and_winning_moves() {
    let mut s = Solver::new(Method::Search, Control::new());
    let pos = parse_position("cram(3,4) + node-kayles-grid(2,3) + nim(2)").unwrap();
    let v = s.nim_value(&pos).unwrap();
    assert_eq!(v, value("cram(3,4)") ^ value("node-kayles-grid(2,3)") ^ 2);
    let m = s.moves(&pos, true).unwrap();
    assert!(!m.winning.is_empty());
    for p in &m.winning {
        let back = parse_position(&p.to_string()).unwrap();
        assert_eq!(s.nim_value(&back).unwrap(), 0u64, "{p}");
    }
    // Symmetric moves reach the same position and are listed once: the 2×2 board has
    // four moves, two up to symmetry... but as boards they differ, so four options.
    let m = s.moves(&parse_position("cram(2,2)").unwrap(), true).unwrap();
    assert_eq!(m.options.unwrap().len(), 4);
    // Paths: a move that splits the path is written as a sum of paths.
    let m = s.moves(&parse_position("node-kayles-path(9)").unwrap(), false).unwrap();
    let w: Vec<String> = m.winning.iter().map(ToString::to_string).collect();
    assert_eq!(w, ["node-kayles-path(3) + node-kayles-path(3)"]);
    // Every option of a path listed once: 9 moves, 5 up to symmetry.
    let m = s.moves(&parse_position("node-kayles-path(9)").unwrap(), true).unwrap();
    assert_eq!(m.options.unwrap().len(), 5);
}

#[test]
fn malformed_boards_are_one_error_each() {
    let err = |s: &str| match parse_position(s) {
        Err(e) => e,
        Ok(p) => panic!("{s} parsed as {p}"),
    };
    let column = |s: &str| match err(s) {
        Error::Syntax { column, .. } => column,
        other => panic!("{s}: {other}"),
    };
    // The column of the bad character in the whole expression.
    assert_eq!(column("cram(\"..x./....\")"), 9);
    assert_eq!(column("nim(1) + cram(\"..../...\")"), 21);
    assert_eq!(column("cram(\"..//..\")"), 10);
    assert_eq!(column("cram(\"\")"), 7);
    let msg = |s: &str| err(s).to_string();
    assert!(msg("cram(\"..x.\")").contains("unexpected 'x'"));
    assert!(
        msg("cram(12,11)").contains("at most 128 cells"),
        "{}",
        msg("cram(12,11)")
    );
    assert!(msg(&format!("cram(\"{}\")", ".".repeat(129))).contains("at most 128 cells"));
    // Only the box of the empty cells counts: 150 empty cells are refused as outside the
    // domain, not as a syntax error ...
    let wide = vec![".".repeat(30); 5].join("/");
    match err(&format!("cram(\"{wide}\")")) {
        Error::Domain { reason, .. } => assert!(
            reason.contains("150 cells") && reason.contains("at most 128"),
            "{reason}"
        ),
        other => panic!("{other}"),
    }
    let long = format!("cram(\".{}.\")", "#".repeat(127));
    assert!(
        msg(&long).contains("span 1 row and 129 columns, 129 cells"),
        "{}",
        msg(&long)
    );
    // ... and a frame of 140 cells with one row of 20 empty cells is that row.
    let mut rows = vec!["#".repeat(20); 6];
    rows.insert(3, ".".repeat(20));
    assert_eq!(value(&format!("cram(\"{}\")", rows.join("/"))), value("cram(1,20)"));
    assert!(msg("cram(0,3)").contains("at least one row"));
    assert!(msg("cram(3)").contains("size (m,n)"));
    assert!(msg("node-kayles-path(\"...\")").contains("number of vertices"));
    // A path too long is refused in the words of paths, naming the games that take it.
    let long = msg("node-kayles-path(256)");
    assert!(
        long.contains("paths have at most 128 vertices")
            && long.contains("dawsons-chess(256)")
            && long.contains("node-kayles(\"@FILE\")")
            && long.contains("up to 256 vertices")
            && !long.contains("cells"),
        "{long}"
    );
    assert!(msg("node-kayles-cycle(2)").contains("3 to 128"));
    assert!(msg("nim(\"3\")").contains("not a string"));
    assert!(msg("cram(2*3)").contains("h*c"));
}

#[test]
fn a_table_too_large_for_the_memory_limit_is_refused() {
    // Below the table's first size (about 123 KiB for regions).
    let ctl = Control::new().with_memory_limit(100 << 10);
    let e = Solver::new(Method::Search, ctl)
        .nim_value(&parse_position("cram(4,4)").unwrap())
        .unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    assert!(e.to_string().contains("transposition table of cram"), "{e}");
}

#[test]
fn components_and_canonical_capabilities() {
    let g = game("cram");
    let Component::Game { pos, .. } = &parse_position("cram(\"..#../..#../#####/....#\")").unwrap().components[0]
    else {
        panic!()
    };
    let parts = g.components(pos).unwrap();
    assert_eq!(parts.len(), 3);
    // Two 2×2 squares have one normal form.
    let forms: Vec<String> = parts.iter().map(|p| g.write(&g.canonical(p).unwrap())).collect();
    assert_eq!(forms[0], forms[1]);
    assert_eq!(forms[0], "cram(2,2)");
    assert_eq!(forms[2], "cram(1,4)");
}

/// Node-Kayles on a graph written as an edge list: the grid and the path written as
/// graphs give the values of the grid and path rulesets; random graphs agree with a
/// plain search over vertex sets.
#[test]
fn node_kayles_on_graphs() {
    let grid_edges = |h: usize, w: usize| {
        let mut e = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let v = format!("v{r}_{c}");
                if c + 1 < w {
                    e.push(format!("{v}-v{r}_{}", c + 1));
                }
                if r + 1 < h {
                    e.push(format!("{v}-v{}_{c}", r + 1));
                }
                if h == 1 && w == 1 {
                    e.push(v);
                }
            }
        }
        e.join(" ")
    };
    for (h, w) in [(1, 1), (1, 7), (2, 5), (3, 4), (3, 6), (4, 4)] {
        assert_eq!(
            value(&format!("node-kayles(\"{}\")", grid_edges(h, w))),
            value(&format!("node-kayles-grid({h},{w})")),
            "{h}×{w}"
        );
    }
    let mut next = rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..60 {
        let n = 1 + next(12) as usize;
        let mut adj = vec![0u64; n];
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if next(100) < 30 {
                    adj[u] |= 1 << v;
                    adj[v] |= 1 << u;
                    edges.push(format!("x{u}-x{v}"));
                }
            }
        }
        edges.extend((0..n).filter(|&u| adj[u] == 0).map(|u| format!("x{u}")));
        let expect = kayles_on_sets((1 << n) - 1, &adj, &mut FxHashMap::default());
        let expr = format!("node-kayles(\"{}\")", edges.join(" "));
        assert_eq!(value(&expr), u64::from(expect), "{expr} (round {round})");
    }
}

/// Green Hackenbush: the fusion and colon principles (the closed form) against the
/// search of the game on random drawings with cycles, loops and repeated edges, and
/// the colon principle on random trees; a stalk of n edges is the nim-heap n.
#[test]
fn green_hackenbush_fusion_against_search() {
    let both = |expr: &str| {
        let pos = parse_position(expr).unwrap();
        let formula = Solver::new(Method::Formula, Control::new()).nim_value(&pos).unwrap();
        let search = Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap();
        assert_eq!(formula, search, "{expr}");
        formula.to_u64().unwrap()
    };
    for n in 1..=12u64 {
        let stalk: Vec<String> = (0..n)
            .map(|i| {
                if i == 0 {
                    "g-v1".to_string()
                } else {
                    format!("v{i}-v{}", i + 1)
                }
            })
            .collect();
        assert_eq!(both(&format!("green-hackenbush(\"{}\")", stalk.join(" "))), n);
    }
    let mut next = rng(0x2545_F491_4F6C_DD1D);
    for round in 0..80 {
        // Random trees (each vertex hangs from an earlier one), then extra edges.
        let n = 1 + next(8) as usize;
        let mut edges: Vec<String> = (1..=n)
            .map(|v| {
                let p = next(v as u64) as usize;
                let name = |x: usize| if x == 0 { "g".to_string() } else { format!("v{x}") };
                format!("{}-{}", name(p), name(v))
            })
            .collect();
        let tree = both(&format!("green-hackenbush(\"{}\")", edges.join(" ")));
        assert!(tree < 64, "round {round}");
        for _ in 0..next(4) {
            let (a, b) = (next(n as u64 + 1), next(n as u64 + 1));
            let name = |x: u64| if x == 0 { "g".to_string() } else { format!("v{x}") };
            edges.push(format!("{}-{}", name(a), name(b)));
        }
        both(&format!("green-hackenbush(\"{}\")", edges.join(" ")));
    }
    // Edges hanging from nothing fall at once; a drawing without ground is refused.
    assert_eq!(both("green-hackenbush(\"g-a b-c\")"), 1);
    assert_eq!(
        parse_position("green-hackenbush(\"g-a b-c\")").unwrap().to_string(),
        "green-hackenbush(\"g-a\")"
    );
    let e = parse_position("green-hackenbush(\"a-b\")").unwrap_err().to_string();
    assert!(e.contains("no ground"), "{e}");
}

#[test]
fn malformed_graphs_are_one_error_each() {
    let msg = |s: &str| parse_position(s).unwrap_err().to_string();
    assert!(msg("node-kayles(\"a-b b-b\")").contains("a loop b-b"));
    assert!(msg("node-kayles(\"a-b b-a\")").contains("listed twice"));
    assert!(
        msg("node-kayles(\"a-b b+c\")").contains("column 19"),
        "{}",
        msg("node-kayles(\"a-b b+c\")")
    );
    assert!(msg("node-kayles(3)").contains("takes a graph as a string"));
    let many: Vec<String> = (0..257).map(|i| format!("v{i}")).collect();
    assert!(msg(&format!("node-kayles(\"{}\")", many.join(" "))).contains("at most 256 vertices"));
    assert!(msg("node-kayles(\"@/nonexistent/graph.txt\")").contains("cannot read the graph file"));
}

/// A placement game on boards without normal forms: regions keyed by their cells in
/// the frame they were met in (no cropping, no symmetries), for the test below.
struct Unnormalized<R: grundy::solve::grid::GridRules>(R);

impl<R: grundy::solve::grid::GridRules> grundy::solve::bitgame::BitGame for Unnormalized<R> {
    type Key = grundy::solve::grid::Region;
    fn options(&self, k: &Self::Key, out: &mut grundy::solve::bitgame::OptionList<Self::Key>) {
        let frame = k.frame();
        self.0.for_each_move(k.bits(), &frame, &mut |rest| {
            frame.for_each_component(rest, |c| {
                out.push(grundy::solve::grid::Region::new(frame.h, frame.w, c));
            });
            out.end_option();
        });
    }
    fn size(&self, k: &Self::Key) -> u32 {
        k.cells()
    }
    fn outcome_search(&self) -> Option<u32> {
        Some(3)
    }
}

/// The fast engine (outcome search on sums, both cores), the reference engine
/// (`--method plain`), the pruned search, the search without normal forms and an
/// independent brute force over whole boards (no decomposition) agree on random boards
/// with holes; the fast engine, the reference engine and a brute force over vertex sets
/// agree on random graphs.
#[test]
fn fast_reference_and_brute_force_engines_agree() {
    let mut next = rng(0x51_7CC1_B727_220A);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    let reference = |pos: &grundy::game::Position| {
        let mut s = Solver::new(Method::Search, Control::new());
        s.evaluator().use_reference_engines();
        s.nim_value(pos).unwrap()
    };
    for kayles in [true, false] {
        let g = game(if kayles { "node-kayles-grid" } else { "cram" });
        for round in 0..60 {
            let (h, w) = (1 + next(5) as usize, 1 + next(7) as usize);
            let (h, w) = if h * w > 20 { (h, 20 / h) } else { (h, w) };
            let full = (1u64 << (h * w)) - 1;
            let holes = (0..h * w).filter(|_| next(5) == 0).fold(0u64, |x, i| x | 1 << i);
            let cells = full & !holes;
            let expr = format!("{}(\"{}\")", g.name(), board_text(h, w, cells));
            let expect = u64::from(plain(h, w, cells, kayles, &mut FxHashMap::default()));
            let pos = parse_position(&expr).unwrap();
            for pool in [&one, &two] {
                let fast = pool.install(|| Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap());
                assert_eq!(fast, expect, "{expr}: fast engine (round {round})");
            }
            assert_eq!(reference(&pos), expect, "{expr}: reference engine");
            let mut x = 0u32;
            let mut y = 0u32;
            let mut late = [0u32; 2];
            for region in grundy::solve::grid::components(h as u32, w as u32, u128::from(cells)) {
                let raw = grundy::solve::grid::Region::new(u32::from(region.h), u32::from(region.w), region.bits());
                if kayles {
                    let mut s = Search::new(GridGame(NodeKaylesRules), 1 << 20);
                    s.prune = true;
                    x ^= s.value(&region, &Control::new()).unwrap();
                    let s = Search::new(Unnormalized(NodeKaylesRules), 1 << 20);
                    y ^= s.value_by_sums(&raw, 3, 1 << 8, &Control::new()).unwrap();
                    for (z, pool) in late.iter_mut().zip([&one, &two]) {
                        let mut s = Search::new(GridGame(NodeKaylesRules), 1 << 20);
                        (s.prune, s.prefetch_from) = (true, 0);
                        *z ^= pool.install(|| s.value(&region, &Control::new()).unwrap());
                    }
                } else {
                    let mut s = Search::new(GridGame(CramRules), 1 << 20);
                    s.prune = true;
                    x ^= s.value(&region, &Control::new()).unwrap();
                    let s = Search::new(Unnormalized(CramRules), 1 << 20);
                    y ^= s.value_by_sums(&raw, 3, 1 << 8, &Control::new()).unwrap();
                    for (z, pool) in late.iter_mut().zip([&one, &two]) {
                        let mut s = Search::new(GridGame(CramRules), 1 << 20);
                        (s.prune, s.prefetch_from) = (true, 0);
                        *z ^= pool.install(|| s.value(&region, &Control::new()).unwrap());
                    }
                }
            }
            assert_eq!(u64::from(x), expect, "{expr}: pruned search");
            // Look-ups prefetched and made a few options after the listing, as in a
            // table larger than the caches.
            assert_eq!(late.map(u64::from), [expect; 2], "{expr}: pruned search, look-ups late");
            assert_eq!(u64::from(y), expect, "{expr}: no normal forms");
        }
    }
    // Graphs: vertex sets, every vertex's neighbours.
    for round in 0..40 {
        let n = 1 + next(14) as usize;
        let mut adj = vec![0u64; n];
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if next(100) < 20 {
                    adj[u] |= 1 << v;
                    adj[v] |= 1 << u;
                    edges.push(format!("v{u}-v{v}"));
                }
            }
        }
        edges.extend((0..n).filter(|&u| adj[u] == 0).map(|u| format!("v{u}")));
        let expect = u64::from(kayles_on_sets((1 << n) - 1, &adj, &mut FxHashMap::default()));
        let pos = parse_position(&format!("node-kayles(\"{}\")", edges.join(" "))).unwrap();
        for pool in [&one, &two] {
            let fast = pool.install(|| Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap());
            assert_eq!(fast, expect, "{pos} (round {round})");
        }
        assert_eq!(reference(&pos), expect, "{pos}: reference engine");
    }
}

/// OEIS A316632 to n = 16 by the fast engine and, to n = 10, by the reference engine.
#[test]
fn node_kayles_three_rows_to_sixteen() {
    let a316632 = [2u64, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    for (i, &v) in a316632.iter().enumerate() {
        let expr = format!("node-kayles-grid(3,{})", i + 1);
        assert_eq!(value(&expr), v, "{expr}");
        if i < 10 {
            let mut s = Solver::new(Method::Search, Control::new());
            s.evaluator().use_reference_engines();
            assert_eq!(
                s.nim_value(&parse_position(&expr).unwrap()).unwrap(),
                v,
                "{expr}: plain"
            );
        }
    }
}

/// Cram's simplifications against a brute force over whole boards on random boards
/// with many holes: the cells `reduce` keeps have the value of the board, the parts
/// split across twin squares nim-sum to it, and the useful moves reach every value the
/// moves reach; each simplification happens on some of the boards.
#[test]
fn cram_simplifications_keep_the_value() {
    use grundy::solve::grid::{Frame, GridRules};
    let mut next = rng(0x9E37_79B9_7F4A_7C15);
    let (mut reduced, mut split, mut fewer) = (0, 0, 0);
    let mut memos: FxHashMap<(usize, usize), FxHashMap<u64, u32>> = FxHashMap::default();
    for _ in 0..1500 {
        let (h, w) = (2 + next(4) as usize, 2 + next(5) as usize);
        let full = (1u64 << (h * w)) - 1;
        let holes = (0..h * w).filter(|_| next(3) == 0).fold(0u64, |x, i| x | 1 << i);
        let cells = full & !holes;
        let memo = memos.entry((h, w)).or_default();
        let expect = plain(h, w, cells, false, memo);
        let frame = Frame::new(h as u32, w as u32);
        let r = grundy::rulesets::cram::reduce(u128::from(cells), &frame) as u64;
        assert_eq!(r & !cells, 0);
        if r != cells {
            reduced += 1;
        }
        assert_eq!(
            plain(h, w, r, false, memo),
            expect,
            "{} reduced to {}",
            board_text(h, w, cells),
            board_text(h, w, r)
        );
        let mut x = 0;
        let mut parts = 0;
        CramRules.for_each_part(u128::from(cells), &frame, &mut |c| {
            x ^= plain(h, w, c as u64, false, memo);
            parts += 1;
        });
        let mut components = 0;
        frame.for_each_component(u128::from(cells), |_| components += 1);
        if parts > components {
            split += 1;
        }
        assert_eq!(x, expect, "{}: parts", board_text(h, w, cells));
        // The useful moves reach the same set of values as all moves.
        let mut values = |useful: bool| {
            let mut rests = Vec::new();
            let mut f = |rest: u128| rests.push(rest as u64);
            if useful {
                CramRules.for_each_useful_move(u128::from(cells), &frame, &mut f);
            } else {
                CramRules.for_each_move(u128::from(cells), &frame, &mut f);
            }
            rests
                .into_iter()
                .map(|r| plain(h, w, r, false, memo))
                .collect::<Vec<u32>>()
        };
        let (all, useful) = (values(false), values(true));
        if useful.len() < all.len() {
            fewer += 1;
        }
        let mex = |v: &[u32]| (0..).find(|x| !v.contains(x)).unwrap();
        assert_eq!(mex(&useful), mex(&all), "{}: useful moves", board_text(h, w, cells));
        assert!(useful.iter().all(|x| all.contains(x)));
    }
    assert!(
        reduced > 100 && split > 20 && fewer > 20,
        "{reduced} reduced, {split} split, {fewer} with fewer moves"
    );
}

/// The engine with a database (`--db`) read from earlier searches against a brute force
/// on random boards with holes: the database written by one solver and read by the
/// next, in both games, gives the values the rules give.
#[test]
fn values_from_a_database_are_the_rules_values() {
    let mut next = rng(0xDB5E_ED00_1234_5678);
    let dir = std::env::temp_dir().join(format!("grundy-db-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for kayles in [true, false] {
        let g = game(if kayles { "node-kayles-grid" } else { "cram" });
        let path = dir.join(format!("{}.db", g.name()));
        let _ = std::fs::remove_file(&path);
        let mut memos: FxHashMap<(usize, usize), FxHashMap<u64, u32>> = FxHashMap::default();
        for round in 0..5 {
            let mut s = Solver::new(Method::Search, Control::new());
            let read = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
            let said = read.clone();
            s.evaluator().use_db(
                path.clone(),
                DbAccess::ReadWrite,
                Box::new(move |m| *said.lock().unwrap() = m),
            );
            for _ in 0..8 {
                let (h, w) = (2 + next(4) as usize, 2 + next(5) as usize);
                let full = (1u64 << (h * w)) - 1;
                let holes = (0..h * w).filter(|_| next(5) == 0).fold(0u64, |x, i| x | 1 << i);
                let cells = full & !holes;
                let expect = plain(h, w, cells, kayles, memos.entry((h, w)).or_default());
                let expr = format!("{}(\"{}\")", g.name(), board_text(h, w, cells));
                let got = s.nim_value(&parse_position(&expr).unwrap()).unwrap();
                assert_eq!(got, u64::from(expect), "{expr} (round {round})");
            }
            let said = read.lock().unwrap().clone();
            assert_eq!(said.contains("resumed from the database"), round > 0, "{said}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The b-files of docs/records.md (data/records/*.txt, `n value` from the first n on):
/// consecutive, and their small boards and graphs equal to brute force (boards: the
/// plain search over whole boards; queens and P(n,2): Node-Kayles over vertex sets), so
/// a b-file edited by hand, shifted or cut short fails here.
#[test]
fn the_record_b_files_hold_on_their_small_terms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/records");
    let mut checked = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        let terms: Vec<(u64, u32)> = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| {
                let (n, v) = l.split_once(' ').unwrap_or_else(|| panic!("{name}: {l:?}"));
                (n.parse().unwrap(), v.parse().unwrap())
            })
            .collect();
        assert!(terms.len() >= 5, "{name}");
        for w in terms.windows(2) {
            assert_eq!(w[1].0, w[0].0 + 1, "{name}: not consecutive at n = {}", w[1].0);
        }
        let mut memo = FxHashMap::default();
        for &(n, v) in &terms {
            let n = n as usize;
            let expect = if let Some(m) = stem
                .strip_prefix("node-kayles-grid-")
                .and_then(|s| s.strip_suffix("xn"))
            {
                let m: usize = m.parse().unwrap();
                if m * n > 24 {
                    continue;
                }
                memo.clear();
                plain(m, n, (1u64 << (m * n)) - 1, true, &mut memo)
            } else if stem == "node-kayles-queens" {
                if n > 5 {
                    continue;
                }
                let attacks = |a: usize, b: usize| {
                    let (r, c, s, t) = ((a / n) as i64, (a % n) as i64, (b / n) as i64, (b % n) as i64);
                    a != b && (r == s || c == t || (r - s).abs() == (c - t).abs())
                };
                let adj: Vec<u64> = (0..n * n)
                    .map(|a| (0..n * n).filter(|&b| attacks(a, b)).fold(0, |m, b| m | 1 << b))
                    .collect();
                memo.clear();
                kayles_on_sets((1u64 << (n * n)) - 1, &adj, &mut memo)
            } else if stem == "node-kayles-petersen-n-2" {
                if n > 12 {
                    continue;
                }
                // u_i = i, v_i = n + i: the cycle u_i u_{i+1}, the spokes u_i v_i, v_i v_{i+2}.
                let mut adj = vec![0u64; 2 * n];
                let mut join = |a: usize, b: usize| {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                };
                for i in 0..n {
                    join(i, (i + 1) % n);
                    join(i, n + i);
                    join(n + i, n + (i + 2) % n);
                }
                memo.clear();
                kayles_on_sets((1u64 << (2 * n)) - 1, &adj, &mut memo)
            } else {
                panic!("{name}: a b-file of an unknown family");
            };
            assert_eq!(v, expect, "{name}: n = {n}");
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked} terms checked");
}

/// A search whose table fills at the memory limit says so in its progress as soon as
/// it replaces an entry (a limit far too small makes it search again what it dropped);
/// one whose table holds everything does not.
#[test]
fn a_full_table_is_noted_in_the_progress() {
    #[derive(Default)]
    struct Notes(std::sync::Mutex<Vec<String>>);
    impl grundy::control::ProgressSink for Notes {
        fn start(&self, _: &str, _: u64) {}
        fn set(&self, _: u64) {}
        fn finish(&self) {}
        fn note(&self, status: &str) {
            self.0.lock().unwrap().push(status.to_string());
        }
    }
    for (limit, full) in [(160 << 10, true), (64 << 20, false)] {
        let notes = Arc::new(Notes::default());
        let ctl = Control::new().with_memory_limit(limit).with_progress(notes.clone());
        let v = Solver::new(Method::Search, ctl)
            .nim_value(&parse_position("cram(4,7)").unwrap())
            .unwrap();
        assert_eq!(v.to_u64(), Some(3));
        let notes = notes.0.lock().unwrap();
        let said = notes
            .iter()
            .any(|n| n.contains("the table is full") && n.contains("--memory-limit"));
        assert_eq!(said, full, "{limit}: {notes:?}");
    }
}

/// A database the engine cannot read stays named: the next position of the game gives
/// the error again, rather than a search without the database (the file was dropped
/// with the failed read, and the next position searched from an empty table).
#[test]
fn a_database_that_cannot_be_read_is_not_dropped() {
    let dir = std::env::temp_dir().join(format!("grundy-db-unread-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cram.db");
    std::fs::write(&path, b"not a database of grundy's, and long enough to be read as one").unwrap();
    let mut s = Solver::new(Method::Search, Control::new());
    s.evaluator()
        .use_db(path.clone(), DbAccess::ReadWrite, Box::new(|_| {}));
    for expr in ["cram(2,3)", "cram(3,3)"] {
        let e = s.nim_value(&parse_position(expr).unwrap()).unwrap_err();
        assert!(e.to_string().contains("cram.db"), "{expr}: {e}");
    }
    assert!(std::fs::read(&path).unwrap().starts_with(b"not a database"));
    // An empty file (`touch`) is named as empty, with what to do.
    std::fs::write(&path, b"").unwrap();
    let mut s = Solver::new(Method::Search, Control::new());
    s.evaluator()
        .use_db(path.clone(), DbAccess::ReadWrite, Box::new(|_| {}));
    let e = s
        .nim_value(&parse_position("cram(2,3)").unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the file is empty (0 bytes)") && e.contains("remove it"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
