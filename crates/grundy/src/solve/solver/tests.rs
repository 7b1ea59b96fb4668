//! Tests of sums with loopy components: paper 003 §7's examples, and sums of
//! partial-aliquot-sum heaps against solving the product game graph directly.

use super::*;
use crate::catalog::parse_position;
use crate::control::Control;
use crate::rulesets::loopy::PartialAliquotSum;
use crate::solve::loopy::{solve, Graph};

fn lev() -> Solver {
    Solver::new(Method::Auto, Control::new())
}

fn value(s: &str) -> String {
    lev().value(&parse_position(s).unwrap()).unwrap().value_text()
}

fn texts(ps: &[Position]) -> Vec<String> {
    ps.iter().map(|p| p.to_string()).collect()
}

#[test]
fn paper_003_section_7_sums() {
    let mut l = lev();
    // "6 + 9 … every move apart from playing to ∞₃ is losing. So, this game is a draw."
    let p = parse_position("partial-aliquot-sum(6) + partial-aliquot-sum(9)").unwrap();
    let m = l.moves(&p, true).unwrap();
    assert_eq!(m.value.value_text(), "∞(1,2,3)");
    assert_eq!(m.value.outcome_text(), "D");
    assert!(m.winning.is_empty());
    assert_eq!(texts(&m.drawing), ["partial-aliquot-sum(6) + partial-aliquot-sum(9)"]);
    let opts = m.options.unwrap();
    assert_eq!(opts.len(), 6 + 3);
    for (q, v) in &opts {
        if q.to_string() != p.to_string() {
            assert_eq!(v.outcome_text(), "N", "{q} should lose for the mover");
        }
    }
    // "playing instead 6 + 7, the first player wins by moving to 2 + 7, 3 + 7 or 5 + 7".
    let p = parse_position("partial-aliquot-sum(6) + partial-aliquot-sum(7)").unwrap();
    let m = l.moves(&p, false).unwrap();
    assert_eq!(
        (m.value.value_text(), m.value.outcome_text()),
        ("∞(0,1,3)".into(), "N".into())
    );
    assert_eq!(
        texts(&m.winning),
        [
            "partial-aliquot-sum(2) + partial-aliquot-sum(7)",
            "partial-aliquot-sum(3) + partial-aliquot-sum(7)",
            "partial-aliquot-sum(5) + partial-aliquot-sum(7)"
        ]
    );
    assert!(m.drawing.is_empty() && m.options.is_none());
}

#[test]
fn mixed_and_repeated_components() {
    assert_eq!(value("aliquot-sum(6) + nim(3)"), "∞()");
    assert_eq!(value("partial-aliquot-sum(6) + nim(1)"), "∞(0,1,3)");
    assert_eq!(value("partial-aliquot-sum(6,6)"), "∞()");
    assert_eq!(value("partial-aliquot-sum(6*3)"), "∞()");
    assert_eq!(value("partial-aliquot-sum(9,9,9)"), "3");
    assert_eq!(value("partial-aliquot-sum(4,4) + cdn(6,2,2)"), "2");
    assert_eq!(value("aliquot-sum(276) + nim(1)"), "?");
    // A move in the finite component of a mixed sum.
    let m = lev()
        .moves(&parse_position("partial-aliquot-sum(6) + nim(1)").unwrap(), false)
        .unwrap();
    assert_eq!(
        texts(&m.winning),
        [
            "partial-aliquot-sum(2) + nim(1)",
            "partial-aliquot-sum(3) + nim(1)",
            "partial-aliquot-sum(5) + nim(1)"
        ]
    );
    // Two copies: moving one copy 6 → 6 keeps the draw.
    let m = lev()
        .moves(&parse_position("partial-aliquot-sum(6,6)").unwrap(), false)
        .unwrap();
    assert_eq!(texts(&m.drawing), ["partial-aliquot-sum(6,6)"]);
    // With the heap bound 15, 12 → 16 is beyond it: 12's options are not listed.
    let b = Bound { heap: 15, moves: 1000 };
    let mut l = Solver::new(Method::Auto, Control::new()).with_bound(b);
    let m = l
        .moves(&parse_position("aliquot-sum(12) + aliquot-sum(3)").unwrap(), true)
        .unwrap();
    assert_eq!(m.value.value_text(), "?");
    assert!(m.value.note().unwrap().contains("reaches heap 16"), "{:?}", m.value);
    assert_eq!(m.notes.len(), 1, "{:?}", m.notes);
    assert!(m.notes[0].contains("aliquot-sum(12)"), "{:?}", m.notes);
    assert_eq!(
        texts(&m.options.unwrap().into_iter().map(|(p, _)| p).collect::<Vec<_>>()),
        ["aliquot-sum(12) + aliquot-sum(1)"]
    );
    // An undetermined position still lists its moves to P-positions: with the heap
    // bound 40, partial-aliquot-sum(24) reaches 36 → 55, but 24 → 1 (value 0) wins.
    let b = Bound {
        heap: 40,
        moves: 100_000,
    };
    let mut l = Solver::new(Method::Auto, Control::new()).with_bound(b);
    let m = l
        .moves(&parse_position("partial-aliquot-sum(24)").unwrap(), false)
        .unwrap();
    assert_eq!(m.value.value_text(), "?");
    assert!(m.notes.is_empty());
    assert!(
        texts(&m.winning).contains(&"partial-aliquot-sum(1)".to_string()),
        "{:?}",
        texts(&m.winning)
    );
}

#[test]
fn formula_method_refuses_loopy_components() {
    let mut l = Solver::new(Method::Formula, Control::new()).with_bound(Bound::default());
    let e = l
        .value(&parse_position("aliquot-sum(6)").unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("no closed form") && e.contains("aliquot-sum"), "{e}");
}

/// The graph reachable from `root` of partial-aliquot-sum (explicit search).
fn reachable(root: u64) -> Vec<u64> {
    let mut seen = vec![root];
    let mut i = 0;
    let mut out = Vec::new();
    while i < seen.len() {
        PartialAliquotSum.options(seen[i], u64::MAX, usize::MAX, &mut out);
        for &o in &out {
            if !seen.contains(&o) {
                seen.push(o);
            }
        }
        i += 1;
    }
    seen
}

#[test]
fn sums_agree_with_the_product_graph() {
    // Heaps whose game graphs are small and closed: 1..=23 except those reaching 24.
    let heaps: Vec<u64> = (1..=23u64).filter(|&n| reachable(n).iter().all(|&h| h <= 30)).collect();
    assert!(heaps.len() >= 15, "{heaps:?}");
    let mut l = lev();
    let mut opts = Vec::new();
    for &a in &heaps {
        for &b in &heaps {
            if b < a {
                continue;
            }
            // The product graph of the sum a + b over the two reachable sets.
            let (ra, rb) = (reachable(a), reachable(b));
            let id = |x: u64, y: u64| {
                (ra.iter().position(|&h| h == x).unwrap() * rb.len() + rb.iter().position(|&h| h == y).unwrap()) as u32
            };
            let mut adj = vec![Vec::new(); ra.len() * rb.len()];
            for &x in &ra {
                for &y in &rb {
                    let f = &mut adj[id(x, y) as usize];
                    PartialAliquotSum.options(x, u64::MAX, usize::MAX, &mut opts);
                    f.extend(opts.iter().map(|&x2| id(x2, y)));
                    PartialAliquotSum.options(y, u64::MAX, usize::MAX, &mut opts);
                    f.extend(opts.iter().map(|&y2| id(x, y2)));
                }
            }
            let g = Graph::from_adjacency(&adj).unwrap();
            let s = solve(&g, &Control::new()).unwrap();
            let want = s.value(&g, id(a, b));
            let p = parse_position(&format!("partial-aliquot-sum({a}) + partial-aliquot-sum({b})")).unwrap();
            assert_eq!(l.value(&p).unwrap(), BoundedValue::Value(want.clone()), "{a} + {b}");
            // Good moves: exactly the options whose product-graph outcome is P (from N)
            // or D (from D).
            let m = l.moves(&p, false).unwrap();
            let good = match want.outcome() {
                Outcome::N => &m.winning,
                Outcome::D => &m.drawing,
                Outcome::P => {
                    assert!(m.winning.is_empty() && m.drawing.is_empty());
                    continue;
                }
            };
            // A sum is a multiset: in a + a, moving either heap reaches the same
            // position, and in a + b a loop in either heap leaves it as it is; each
            // position is listed once.
            let mut expect = Vec::new();
            for &w in g.followers(id(a, b)) {
                if s.value(&g, w).outcome() == want.outcome().min_good() {
                    let (x, y) = (ra[w as usize / rb.len()], rb[w as usize % rb.len()]);
                    expect.push(if a == b { (x.min(y), x.max(y)) } else { (x, y) });
                }
            }
            expect.sort_unstable();
            expect.dedup();
            assert_eq!(good.len(), expect.len(), "{a} + {b}: {:?}", texts(good));
        }
    }
}

trait GoodMove {
    /// The outcome of the positions a good move goes to.
    fn min_good(self) -> Outcome;
}

impl GoodMove for Outcome {
    fn min_good(self) -> Outcome {
        match self {
            Outcome::N => Outcome::P,
            o => o,
        }
    }
}

/// Issue 12: `--all` listed more than 1000 moves of one powerset heap (the options of
/// the binary prefix and the winning moves beyond it). Both lists stop at 1000 per
/// heap, exactly, and the counts stay exact.
#[test]
fn powerset_lists_stop_at_the_limit_per_heap() {
    let mut solver = Solver::new(Method::Search, Control::new());
    for k in [0u64, 1, 3, 7] {
        for all in [false, true] {
            let pos = parse_position(&format!("powerset-maliquot(720) + nim({k})")).unwrap();
            let m = solver.moves(&pos, all).unwrap();
            let nim_wins = m
                .winning
                .iter()
                .filter(|p| !p.to_string().ends_with(&format!("nim({k})")))
                .count();
            assert!(m.winning.len() - nim_wins <= LISTED_SUBSET_MOVES, "{pos} {all}");
            let listed = num_bigint::BigUint::from(m.winning.len());
            assert!(m.winning_total >= listed, "{pos} {all}");
            if let Some(opts) = &m.options {
                let heap_opts = opts
                    .iter()
                    .filter(|(p, _)| p.to_string().ends_with(&format!("nim({k})")))
                    .count();
                assert_eq!(heap_opts, LISTED_SUBSET_MOVES, "{pos}");
                assert_eq!(opts.len() as u64, LISTED_SUBSET_MOVES as u64 + k, "{pos}");
            }
        }
        // The winning count does not depend on --all.
        let pos = parse_position(&format!("powerset-maliquot(720) + nim({k})")).unwrap();
        let a = solver.moves(&pos, false).unwrap().winning_total;
        let b = solver.moves(&pos, true).unwrap().winning_total;
        assert_eq!(a, b, "{pos}");
    }
}

/// Issue 18: the lists of every ruleset stop at `LISTED_MOVES` per heap (`moves
/// '0.{2+}(80)'` printed 948,689 winning moves and kept every option in memory), and
/// the counts stay exact: here against the options enumerated one by one.
#[test]
fn every_list_stops_at_the_limit_per_heap() {
    let pos = parse_position("take-and-break[0.{2+}](35) + nim(2)").unwrap();
    let Component::Heaps { ruleset, .. } = &pos.components[0] else {
        panic!("a heap component")
    };
    let mut solver = Solver::new(Method::Search, Control::new());
    let mut options: Vec<Vec<Part>> = Vec::new();
    ruleset.for_each_option(35, &mut |parts| options.push(parts.to_vec()));
    let mut wins = 0u32;
    for parts in &options {
        let mut v = Nimber::ZERO;
        for p in parts.iter().filter(|p| p.copies % 2 == 1) {
            v ^= &solver.evaluator().heap_value(ruleset, p.heap).unwrap();
        }
        wins += u32::from(v == 2u64);
    }
    assert!(
        wins > LISTED_MOVES as u32,
        "{wins}: the test needs more winning moves than are listed"
    );
    for all in [false, true] {
        let m = solver.moves(&pos, all).unwrap();
        // The first LISTED_MOVES winning moves of the big heap (G = 17: nim(2) has none).
        assert_eq!(m.winning.len(), LISTED_MOVES, "{all}");
        assert_eq!(m.winning_total, BigUint::from(wins), "{all}");
        for w in &m.winning {
            assert_eq!(solver.nim_value(w).unwrap(), Nimber::ZERO, "{w}");
        }
        if all {
            let listed = m.options.as_ref().map(Vec::len);
            assert_eq!(
                listed,
                Some(LISTED_MOVES + 2),
                "the big heap's first options and nim(2)'s two"
            );
            assert_eq!(m.options_total, Some(BigUint::from(options.len() + 2)));
        }
    }
}

/// Issue 18: the listing of `moves` is checked before the tables behind the values are
/// computed: `0.&9223372036854775807;` (any removal, any number of heaps) took 16 s to
/// compute its table to 100 and then refused the listing. With a work limit below the
/// table's work, the refusal now names the listing, so it came first.
#[test]
fn the_listing_is_checked_before_the_values() {
    let pos = parse_position("take-and-break[0.&9223372036854775807;](100)").unwrap();
    let ctl = Control::new()
        .with_memory_limit(100 << 10)
        .with_work_limit(1_000_000_000);
    let e = Solver::new(Method::Search, ctl.clone()).moves(&pos, true).unwrap_err();
    assert!(
        matches!(&e, Error::TooLarge { what, .. } if what.starts_with("listing every option of")),
        "{e}"
    );
    // Without the listing's refusal it is the table that is refused (by its work).
    let e = Solver::new(Method::Search, ctl).value(&pos).unwrap_err();
    assert!(
        matches!(&e, Error::TooMuchWork { what, .. } if what.starts_with("a table")),
        "{e}"
    );
}

/// Every heap 1..=1500 moves to every heap 1..=1500: play never ends, so every position
/// is a draw and every move keeps it.
struct Roundabout;

impl LoopyRuleset for Roundabout {
    fn name(&self) -> String {
        "roundabout".into()
    }
    fn first_heap(&self) -> u64 {
        1
    }
    fn options(&self, _n: u64, _max_heap: u64, max_count: usize, out: &mut Vec<u64>) -> crate::game::LoopyOptions {
        out.clear();
        if max_count < 1500 {
            return crate::game::LoopyOptions::TooMany;
        }
        out.extend(1..=1500);
        crate::game::LoopyOptions::Listed
    }
}

/// Issue 18: the drawing moves stop at `LISTED_MOVES` per heap too, the others counted
/// in a note; the options of a loopy heap are counted exactly.
#[test]
fn drawing_moves_stop_at_the_limit() {
    let rs: Arc<dyn LoopyRuleset> = Arc::new(Roundabout);
    let pos = Position::single(Component::Loopy {
        ruleset: rs,
        heaps: vec![Part::one(7)],
    });
    let m = lev().moves(&pos, true).unwrap();
    assert_eq!(m.value.outcome_text(), "D");
    assert_eq!(m.drawing.len(), LISTED_MOVES);
    assert!(
        m.notes
            .iter()
            .any(|n| n.contains("1500 moves in roundabout(7) keep the draw")),
        "{:?}",
        m.notes
    );
    assert_eq!(m.options.as_ref().map(Vec::len), Some(LISTED_MOVES));
    assert_eq!(m.options_total, Some(BigUint::from(1500u32)));
}

/// The options of a heap with a closed form (nontotative(20000) = 10000) whose options
/// need search: the table behind them is computed once, within the work limit (it was
/// rebuilt from heap 0 for every option past the largest table the limit allowed:
/// 23 s at `--max-work 1e8` against 0.5 s at `1e9`). The work counted is one table.
#[test]
fn moves_compute_the_table_of_the_options_once() {
    let rs = crate::catalog::parse_ruleset("nontotative").unwrap();
    let rs = rs.as_heap("t").unwrap().clone();
    let one_table = crate::game::dense_work(rs.as_ref(), 0, 20000) as u64;
    let ctl = Control::new().with_work_limit(100_000_000);
    let mut s = Solver::new(Method::Auto, ctl.clone());
    let m = s.moves(&parse_position("nontotative(20000)").unwrap(), true).unwrap();
    assert_eq!(m.value.value_text(), "10000");
    assert_eq!(m.options.map(|o| o.len()), Some(LISTED_MOVES));
    assert!(m.options_total.unwrap() > BigUint::from(10000u32));
    let work = ctl.work_done();
    assert!(work <= one_table + 1, "{work} units of work for a table of {one_table}");
    // A table that the limit does not allow is refused before any work.
    let ctl = Control::new().with_work_limit(10_000_000);
    let e = Solver::new(Method::Auto, ctl.clone())
        .moves(&parse_position("nontotative(20000)").unwrap(), false)
        .unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
    assert_eq!(ctl.work_done(), 0);
}

/// Loopy sequences count the moves their explorations list as work: past the limit
/// the run stops, keeping the values finished (`--max-work 1e6 seq
/// partial-aliquot-sum --to 100000` ran to the end, exploring billions of moves);
/// more heaps than the limit are refused before any work.
#[test]
fn loopy_sequences_count_explored_moves_as_work() {
    let rs = crate::catalog::parse_ruleset("partial-aliquot-sum").unwrap();
    let ctl = Control::new().with_work_limit(1_000_000);
    let seq = Solver::new(Method::Search, ctl.clone())
        .sequence(&rs, None, 100_000)
        .unwrap();
    assert!(
        matches!(seq.stopped, Some(Error::TooMuchWork { .. })),
        "{:?}",
        seq.stopped
    );
    assert!((1..1000).contains(&seq.len()), "{}", seq.len());
    assert!(ctl.work_done() > 1_000_000);
    // Within the limit: the same values, to the end.
    let full = Solver::new(Method::Search, Control::new())
        .sequence(&rs, None, 200)
        .unwrap();
    assert!(full.stopped.is_none());
    let texts = |s: &Sequence| (0..s.len().min(20)).map(|i| s.value_text(i)).collect::<Vec<_>>();
    assert_eq!(texts(&seq), texts(&full));
    let ctl = Control::new().with_work_limit(1000);
    let e = Solver::new(Method::Search, ctl.clone())
        .sequence(&rs, None, 100_000)
        .unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e}");
    assert_eq!(ctl.work_done(), 0);
}

/// A closed-form sequence counts the work of printing its values (it counted one unit
/// a value, so `seq --method formula` printed gigabytes of powerset values unchecked).
#[test]
fn formula_sequences_count_the_work_of_printing() {
    let rs = crate::catalog::parse_ruleset("powerset-maliquant").unwrap();
    let seq = Solver::new(Method::Formula, Control::new())
        .sequence(&rs, None, 3000)
        .unwrap();
    let direct: u128 = (0..seq.len())
        .map(|i| print_cost(digits(&seq.finite(i).unwrap())))
        .sum();
    assert_eq!(seq.text_work(), direct);
    assert!(direct > 100 * seq.len() as u128, "{direct}");
}

/// Advice that works: where a search is refused for its work, whose advice is to
/// raise the work limit, the run with the work limit lifted is not then refused for
/// its memory (`table wythoff` at 10^18 was refused for work, advising
/// `--max-work none`, and then for 1.6·10^4 PiB of memory): the memory is checked
/// first. The runs with the limit lifted are cancelled before they start, so that
/// none computes anything.
#[test]
fn a_refusal_for_work_is_not_followed_by_one_for_memory() {
    use std::sync::atomic::AtomicBool;
    let memory = 64 << 20;
    let big = 1_000_000_000_000_000_000u64;
    let mut refused_for_work = 0;
    for expr in [
        format!("wythoff({big},{big})"),
        format!("wythoff({},{})", u64::MAX, u64::MAX),
        "wythoff(3000,3000)".to_string(),
        format!("delete-nim({big},7)"),
        format!("vdn({big},7)"),
        "delete-nim(3000,7)".to_string(),
        format!("min({big},{big})"),
        "min(3000,3000)".to_string(),
        format!("cdn({big},{big})"),
        "moore[2](1000000,1000000,1000000)".to_string(),
        "staircase(1000000000,1000000000)".to_string(),
        format!("euclid(1,{big})"),
        "mock-turtles(200)".to_string(),
        format!("nontotative({big})"),
        "nontotative(100000)".to_string(),
        format!("kayles({big})"),
    ] {
        let pos = parse_position(&expr).unwrap();
        let ctl = Control::new().with_memory_limit(memory).with_work_limit(1000);
        match Solver::new(Method::Search, ctl).value(&pos) {
            Err(Error::TooMuchWork { .. } | Error::TooManyStates { .. }) => {
                refused_for_work += 1;
                let lifted = Control::new()
                    .with_memory_limit(memory)
                    .with_work_limit(crate::control::NO_WORK_LIMIT)
                    .with_cancel_flag(Arc::new(AtomicBool::new(true)));
                match Solver::new(Method::Search, lifted).value(&pos) {
                    Err(e @ Error::TooLarge { .. }) => panic!("{expr}: refused for work, then for memory: {e}"),
                    Err(Error::Interrupted) | Ok(_) => {}
                    Err(e) => panic!("{expr}: {e}"),
                }
            }
            Err(Error::TooLarge { .. }) => {}
            other => panic!("{expr}: {other:?}"),
        }
    }
    assert!(refused_for_work >= 3, "{refused_for_work}");
}
