//! Misère play through the solver facade: answers from a quotient (computed on the
//! fly or loaded from a certificate) against the search engine on random sums, moves
//! from the quotient against the search's, game components (boards, graphs) against
//! the heap games they equal, and the refusals.

use grundy::catalog::parse_position;
use grundy::game::{Component, Part, Position};
use grundy::solve::misere::{quotient, MisereSearch};
use grundy::solve::{Method, Play, Solver};
use grundy::value::Outcome;
use grundy::Control;

/// A tiny deterministic random generator (xorshift), so that failures reproduce.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// `name(h1,h2,…)` with its heaps sorted (moves print a split's heaps in the order
/// the engine lists them).
fn canon(p: &Position) -> String {
    let text = p.to_string();
    let Some((name, rest)) = text.split_once('(') else {
        return text;
    };
    let mut heaps: Vec<&str> = rest.trim_end_matches(')').split(',').collect();
    heaps.sort_unstable();
    format!("{name}({})", heaps.join(","))
}

fn solver() -> Solver {
    Solver::new(Method::Auto, Control::new()).with_play(Play::Misere)
}

/// A random sum of `count` heaps ≤ `largest` of `name`, as an expression.
fn random_sum(rng: &mut Rng, name: &str, count: u64, largest: u64) -> String {
    let heaps: Vec<String> = (0..count).map(|_| (1 + rng.below(largest)).to_string()).collect();
    format!("{name}({})", heaps.join(","))
}

#[test]
fn quotient_answers_agree_with_the_search_on_random_sums() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    for (name, largest) in [
        ("kayles", 12),
        ("take-and-break[0.75]", 14),
        ("dawsons-kayles", 11),
        ("subtraction[1,3,4]", 14),
    ] {
        let mut s = solver();
        let mut search = MisereSearch::new(Control::new());
        let mut from_quotient = 0;
        for round in 0..150 {
            let expr = random_sum(&mut rng, name, 1 + round % 5, largest);
            let pos = parse_position(&expr).unwrap();
            let v = s.misere_value(&pos).unwrap();
            from_quotient += usize::from(v.quotient.is_some());
            assert_eq!(v.outcome, search.outcome(&pos).unwrap(), "{expr}");
            // The moves from the quotient: the same winning moves and option outcomes.
            if round % 5 == 0 {
                let q = s.misere_moves(&pos, true).unwrap();
                let r = search.moves(&pos, true).unwrap();
                let text = |o: &[(Position, Outcome)]| {
                    let mut v: Vec<(String, Outcome)> = o.iter().map(|(p, x)| (canon(p), *x)).collect();
                    v.sort_by(|a, b| a.0.cmp(&b.0));
                    v
                };
                assert_eq!(q.outcome, r.outcome, "{expr}");
                assert_eq!(
                    text(q.options.as_ref().unwrap()),
                    text(r.options.as_ref().unwrap()),
                    "{expr}"
                );
                let mut wq: Vec<String> = q.winning.iter().map(canon).collect();
                let mut wr: Vec<String> = r.winning.iter().map(canon).collect();
                wq.sort();
                wr.sort();
                assert_eq!(wq, wr, "{expr}");
            }
        }
        // The quotient answered (the test would pass vacuously through the search).
        assert!(from_quotient > 100, "{name}: {from_quotient}");
    }
}

#[test]
fn a_solved_quotient_answers_huge_sums_in_linear_time() {
    let mut s = solver();
    let mut parts = Vec::new();
    for k in 0..3000u64 {
        parts.push(format!("{}", 1 + (k * 7919) % 5000));
    }
    parts.push("18446744073709551615".into());
    parts.push("123456789*18446744073709551615".into());
    let pos = parse_position(&format!("kayles({})", parts.join(","))).unwrap();
    let v = s.misere_value(&pos).unwrap();
    let q = v.quotient.expect("Kayles' quotient is solved");
    assert!(q.solved);
    // The same sum with its heaps reduced by the period (12, from heap 71) has the
    // same outcome (Plambeck & Siegel's periodicity theorem), computed independently
    // through the search is too large; check against the quotient of the reduced sum.
    let kq = quotient(
        grundy::catalog::parse_ruleset("kayles")
            .unwrap()
            .as_heap("t")
            .unwrap()
            .as_ref(),
        1000,
        &Control::new(),
    )
    .unwrap();
    let heaps: Vec<(u64, u64)> = pos
        .components
        .iter()
        .flat_map(|c| match c {
            Component::Heaps { heaps, .. } => heaps.iter().map(|p| (p.heap, p.copies)).collect::<Vec<_>>(),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(kq.is_p(&heaps), Some(v.outcome == Outcome::P));
}

#[test]
fn a_loaded_certificate_answers_and_a_tampered_one_is_refused() {
    let rs = grundy::catalog::parse_ruleset("dawsons-kayles").unwrap();
    let rs = rs.as_heap("t").unwrap().clone();
    let q = quotient(rs.as_ref(), 20, &Control::new()).unwrap();
    let cert = q.certificate();
    let mut s = solver();
    s.add_quotient(&cert, &rs).unwrap();
    let pos = parse_position("dawsons-kayles(20*1001, 19, 3, 3)").unwrap();
    let v = s.misere_value(&pos).unwrap();
    assert_eq!(v.quotient.map(|q| q.to), Some(20));
    let mut bad = cert.clone();
    bad.phi[5] = (bad.phi[5] + 1) % bad.table.len() as u32;
    let e = s.add_quotient(&bad, &rs).unwrap_err().to_string();
    assert!(e.starts_with("certificate rejected"), "{e}");
}

#[test]
fn game_components_play_like_the_heap_games_they_equal() {
    // Node-Kayles on a path of n vertices is Dawson's chess (0.137) on n; 1×n Cram is
    // Dawson's Kayles (0.07) on n; in misère play too (the same game trees).
    let mut s = solver();
    for n in 1..=10u64 {
        for (game, heap) in [
            (format!("node-kayles-path({n})"), format!("dawsons-chess({n})")),
            (format!("cram(1,{n})"), format!("dawsons-kayles({n})")),
        ] {
            let a = s.misere_value(&parse_position(&game).unwrap()).unwrap();
            let b = s.misere_value(&parse_position(&heap).unwrap()).unwrap();
            assert_eq!(a.outcome, b.outcome, "{game}");
            assert_eq!(a.single.map(|r| r.genus), b.single.map(|r| r.genus), "{game}");
        }
    }
    // Sums: two paths against the heap sum.
    let a = s
        .misere_value(&parse_position("node-kayles-path(4) + node-kayles-path(6) + cram(1,5)").unwrap())
        .unwrap();
    let b = s
        .misere_value(&parse_position("dawsons-chess(4,6) + dawsons-kayles(5)").unwrap())
        .unwrap();
    assert_eq!(a.outcome, b.outcome);
    // Moves of a board reach boards, each misère P-position winning.
    let m = s.misere_moves(&parse_position("cram(2,4)").unwrap(), true).unwrap();
    for (p, o) in m.options.unwrap() {
        assert_eq!(s.misere_value(&p).unwrap().outcome, o, "{p}");
    }
}

/// Node-Kayles on a graph given by its edges: parts of one shape are one position of
/// the misère search (a canonical labelling), so copies of a part merge as heaps do and
/// the answer is the heap game's. Random graphs against a brute force over explicit
/// vertex sets (misère outcome and G⁻, no splitting into parts).
#[test]
fn edge_list_graphs_play_like_their_shapes() {
    let mut s = solver();
    let mut rng = Rng(0x5DEECE66D);
    let same = |s: &mut Solver, a: &str, b: &str| {
        let x = s.misere_value(&parse_position(a).unwrap()).unwrap();
        let y = s.misere_value(&parse_position(b).unwrap()).unwrap();
        assert_eq!(x.outcome, y.outcome, "{a}");
        let (x, y) = (x.single.expect(a), y.single.expect(b));
        assert_eq!((x.misere_value, x.genus), (y.misere_value, y.genus), "{a}");
    };
    // A path of n vertices, its vertices named at random, is Dawson's chess on n.
    for n in 1..=20u64 {
        let names: Vec<u64> = (0..n).map(|_| rng.below(1 << 40)).collect();
        let edges: Vec<String> = (1..n as usize)
            .map(|i| format!("v{}-v{}", names[i - 1], names[i]))
            .collect();
        let text = if n == 1 {
            format!("v{}", names[0])
        } else {
            edges.join(" ")
        };
        same(
            &mut s,
            &format!("node-kayles(\"{text}\")"),
            &format!("dawsons-chess({n})"),
        );
    }
    // Many copies of small parts (a search over vertex sets would meet 2^30 of them),
    // against one row of a board holding the same paths (whose regions have normal
    // forms of their own).
    let singles: Vec<String> = (0..30).map(|i| format!("a{i}")).collect();
    same(
        &mut s,
        &format!("node-kayles(\"{}\")", singles.join(" ")),
        &format!("node-kayles-grid(\"{}\")", ".#".repeat(30)),
    );
    let mixed: Vec<String> = (0..7)
        .map(|i| format!("c{i}-l{i} l{i}-m{i} p{i}-q{i} q{i}-r{i} r{i}-s{i} x{i}"))
        .collect();
    same(
        &mut s,
        &format!("node-kayles(\"{}\")", mixed.join(" ")),
        &format!("node-kayles-grid(\"{}\")", "...#....#.#".repeat(7)),
    );
    // Random graphs of up to 10 vertices (often split into parts, some alike).
    for round in 0..300 {
        let k = 1 + rng.below(10) as usize;
        let density = 10 + rng.below(50);
        let mut adj = vec![0u32; k];
        let mut tokens = Vec::new();
        for u in 0..k {
            for v in u + 1..k {
                if rng.below(100) < density {
                    adj[u] |= 1 << v;
                    adj[v] |= 1 << u;
                    tokens.push(format!("n{u}-n{v}"));
                }
            }
        }
        tokens.extend((0..k).filter(|&u| adj[u] == 0).map(|u| format!("n{u}")));
        // Misère G⁻ by brute force: 1 with no move, else the mex of the options'.
        let mut memo = std::collections::HashMap::new();
        fn g_minus(s: u32, adj: &[u32], memo: &mut std::collections::HashMap<u32, u32>) -> u32 {
            if s == 0 {
                return 1;
            }
            if let Some(&v) = memo.get(&s) {
                return v;
            }
            let mut seen = 0u64;
            for v in 0..adj.len() {
                if s >> v & 1 == 1 {
                    seen |= 1 << g_minus(s & !(1 << v | adj[v]), adj, memo);
                }
            }
            let v = seen.trailing_ones();
            memo.insert(s, v);
            v
        }
        let want = g_minus((1u32 << k) - 1, &adj, &mut memo);
        let expr = format!("node-kayles(\"{}\")", tokens.join(" "));
        let got = s.misere_value(&parse_position(&expr).unwrap()).unwrap();
        let outcome = if want == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(got.outcome, outcome, "{expr} (round {round})");
        if let Some(r) = got.single {
            assert_eq!(r.misere_value, u64::from(want), "{expr} (round {round})");
        }
    }
}

#[test]
fn loopy_components_are_refused_and_sequences_keep_their_prefix() {
    let mut s = solver();
    let e = s.misere_value(&parse_position("aliquot-sum(12)").unwrap()).unwrap_err();
    assert!(e.to_string().contains("loopy"), "{e}");
    let rs = grundy::catalog::parse_ruleset("kayles").unwrap();
    let seq = s.misere_sequence(&rs, None, 8).unwrap();
    let g: Vec<u64> = seq.values.iter().map(|r| r.misere_value).collect();
    // G⁻ of Kayles (Conway, ONAG ch. 12; Winning Ways ch. 13): 1 0 2 3 0 1 3 2 1.
    assert_eq!(g, [1, 0, 2, 3, 0, 1, 3, 2, 1]);
    // A work limit stops the sequence after the heaps it finished.
    let mut s = Solver::new(Method::Auto, Control::new().with_work_limit(2000)).with_play(Play::Misere);
    let seq = s.misere_sequence(&rs, None, 200).unwrap();
    assert!(seq.stopped.is_some() && !seq.values.is_empty() && seq.values.len() < 200);
    let one = Position::single(Component::Heaps {
        ruleset: rs.as_heap("t").unwrap().clone(),
        heaps: vec![Part::one(3)],
    });
    assert_eq!(solver().misere_value(&one).unwrap().outcome, Outcome::N);
}

#[test]
fn a_large_nim_heap_is_not_listed_heap_by_heap() {
    // The moves of nim(n) reach nim(k) for every k < n; telling whether each is the game
    // 0 once listed all k of its options (n²/2 options: 23 GB at n = 200000). Linear
    // now: with 64 MiB the moves of nim(50000) are found.
    let ctl = Control::new().with_memory_limit(64 << 20);
    let mut s = MisereSearch::new(ctl.clone());
    let m = s.moves(&parse_position("nim(50000,3)").unwrap(), false).unwrap();
    let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    assert_eq!(w, ["nim(3,3)"]);
    // The option lists kept by the search count against the memory limit.
    let mut s = MisereSearch::new(Control::new().with_memory_limit(1 << 20));
    let e = s
        .outcome(&parse_position("nim(100000) + kayles(3)").unwrap())
        .unwrap_err();
    assert!(matches!(e, grundy::Error::TooLarge { .. }), "{e}");
}

/// The moves of a large heap answered from a quotient list every option of the heap:
/// their bound is checked against the work limit first (a hostile check:
/// `moves 'kayles(10^8)' --play misere` under `--max-work 1e6` ran past it, took
/// gigabytes for a set of every option seen and ignored Ctrl-C). Within the limit the
/// winning moves are those of the search, and only they are kept.
#[test]
fn the_moves_from_a_quotient_keep_to_the_work_limit() {
    let pos = parse_position("kayles(100000000)").unwrap();
    let mut s = Solver::new(Method::Auto, Control::new().with_work_limit(1_000_000)).with_play(Play::Misere);
    let e = s.misere_moves(&pos, false).unwrap_err();
    assert!(matches!(e, grundy::Error::TooMuchWork { .. }), "{e}");
    assert!(e.to_string().contains("misère moves of kayles(100000000)"), "{e}");
    // A cancelled call stops with Interrupted (the quotient's computation or the
    // listing, whichever meets the flag first).
    let ctl = Control::new();
    ctl.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    let mut s = Solver::new(Method::Auto, ctl).with_play(Play::Misere);
    let e = s
        .misere_moves(&parse_position("kayles(20000)").unwrap(), false)
        .unwrap_err();
    assert_eq!(e, grundy::Error::Interrupted);
    // Within the limit: the search's winning moves.
    let pos = parse_position("kayles(30) + kayles(9)").unwrap();
    let mut quick: Vec<String> = solver()
        .misere_moves(&pos, false)
        .unwrap()
        .winning
        .iter()
        .map(canon)
        .collect();
    let mut slow: Vec<String> = MisereSearch::new(Control::new())
        .moves(&pos, false)
        .unwrap()
        .winning
        .iter()
        .map(canon)
        .collect();
    quick.sort();
    slow.sort();
    assert_eq!(quick, slow);
}

/// A ruleset that says whether a position has an option without listing them
/// (`GameRuleset::has_option`, which the misère search asks of every part it meets)
/// says what the listed options say, on positions reached by random play from boards
/// and graphs of every family that answers it (and of some that do not).
#[test]
fn has_option_agrees_with_the_options_listed() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let starts = [
        "cram(3,4)",
        "cram(\"..#./.#../...#\")",
        "cram(1,2)",
        "node-kayles-grid(3,4)",
        "node-kayles-grid(\".#./#.#/.#.\")",
        "node-kayles-path(9)",
        "node-kayles-cycle(7)",
        "node-kayles(\"a-b b-c c-a d e-f\")",
        "node-kayles-petersen(7,2)",
        "node-kayles-queens(4)",
        "green-hackenbush(\"g-a a-b b-g b-c\")",
    ];
    let mut answered = 0;
    for start in starts {
        let p = parse_position(start).unwrap();
        let [Component::Game { ruleset, pos }] = &p.components[..] else {
            panic!("{start} is one game component")
        };
        for _ in 0..40 {
            let mut pos = pos.clone();
            loop {
                let options = ruleset.options(&pos).unwrap();
                if let Some(has) = ruleset.has_option(&pos) {
                    assert_eq!(has, !options.is_empty(), "{}", ruleset.write(&pos));
                    answered += 1;
                }
                // Into one part of a random option (a part is a position too).
                let Some(o) = options.get(rng.below(options.len().max(1) as u64) as usize) else {
                    break;
                };
                let Some(part) = o.get(rng.below(o.len().max(1) as u64) as usize) else {
                    break;
                };
                pos = part.clone();
            }
        }
    }
    assert!(answered > 1000, "{answered} positions answered");
}
