//! The misère search engine against an independent brute force (plain recursion over
//! explicit positions, written here), misère Nim against Bouton's rule, and golden
//! values of the literature.

use grundy::catalog::parse_position;
use grundy::game::{Component, HeapRuleset, Part, Position};
use grundy::solve::misere::{MisereSearch, Tameness};
use grundy::value::Outcome;
use grundy::Control;
use std::collections::HashMap;
use std::sync::Arc;

fn heap(name: &str) -> Arc<dyn HeapRuleset> {
    grundy::catalog::parse_ruleset(name)
        .unwrap()
        .as_heap("t")
        .unwrap()
        .clone()
}

/// A tiny deterministic random generator (xorshift), so that failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The rules of a game, written independently of the library: an octal code
/// (digit j: bit 0 removes all j tokens of a heap of j, bit 1 leaves one heap, bit 2
/// leaves two nonempty heaps) or a subtraction set.
#[derive(Clone, Debug)]
enum Rules {
    Octal(Vec<u8>),
    Subtraction(Vec<u64>),
}

impl Rules {
    fn expr(&self) -> String {
        match self {
            Rules::Octal(d) => format!(
                "take-and-break[0.{}]",
                d.iter().map(|x| x.to_string()).collect::<String>()
            ),
            Rules::Subtraction(s) => format!(
                "subtraction[{}]",
                s.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
            ),
        }
    }

    /// The options of heap n, each a list of heaps (zeros left out).
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        match self {
            Rules::Octal(d) => {
                for (i, &digit) in d.iter().enumerate() {
                    let j = i as u64 + 1;
                    if j > n {
                        break;
                    }
                    let m = n - j;
                    if digit & 1 != 0 && m == 0 {
                        out.push(vec![]);
                    }
                    if digit & 2 != 0 && m >= 1 {
                        out.push(vec![m]);
                    }
                    if digit & 4 != 0 {
                        for a in 1..=m / 2 {
                            out.push(vec![a, m - a]);
                        }
                    }
                }
            }
            Rules::Subtraction(s) => {
                for &x in s {
                    if x <= n {
                        out.push(if x == n { vec![] } else { vec![n - x] });
                    }
                }
            }
        }
        out
    }
}

/// A position of the brute force: (game index, heap) pairs, sorted.
type Brute = Vec<(usize, u64)>;

/// Misère P-position by plain recursion over explicit positions.
fn brute_p(games: &[Rules], pos: &Brute, memo: &mut HashMap<Brute, bool>) -> bool {
    if let Some(&b) = memo.get(pos) {
        return b;
    }
    let mut has_option = false;
    let mut p = true;
    'outer: for i in 0..pos.len() {
        if i > 0 && pos[i] == pos[i - 1] {
            continue;
        }
        let (g, h) = pos[i];
        for opt in games[g].options(h) {
            has_option = true;
            let mut next: Brute = pos.clone();
            next.remove(i);
            next.extend(opt.into_iter().map(|x| (g, x)));
            next.sort_unstable();
            if brute_p(games, &next, memo) {
                p = false;
                break 'outer;
            }
        }
    }
    let result = has_option && p;
    memo.insert(pos.clone(), result);
    result
}

fn position(games: &[Rules], pos: &Brute) -> Position {
    let mut text = Vec::new();
    for (g, rules) in games.iter().enumerate() {
        let heaps: Vec<String> = pos.iter().filter(|x| x.0 == g).map(|x| x.1.to_string()).collect();
        if !heaps.is_empty() {
            text.push(format!("{}({})", rules.expr(), heaps.join(",")));
        }
    }
    if text.is_empty() {
        text.push(format!("{}()", games[0].expr()));
    }
    parse_position(&text.join(" + ")).unwrap()
}

fn random_rules(rng: &mut Rng) -> Rules {
    if rng.below(3) == 0 {
        let k = 1 + rng.below(3);
        let mut s: Vec<u64> = (0..k).map(|_| 1 + rng.below(5)).collect();
        s.sort_unstable();
        s.dedup();
        Rules::Subtraction(s)
    } else {
        let len = 1 + rng.below(3) as usize;
        let mut d: Vec<u8> = (0..len).map(|_| rng.below(8) as u8).collect();
        if d.iter().all(|&x| x == 0) {
            d[0] = 3;
        }
        while d.last() == Some(&0) {
            d.pop();
        }
        Rules::Octal(d)
    }
}

#[test]
fn search_agrees_with_brute_force_on_random_sums() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    let mut p_count = 0;
    for round in 0..120 {
        // One or two rulesets per round: sums mixing rulesets too.
        let games: Vec<Rules> = (0..1 + (round % 2)).map(|_| random_rules(&mut rng)).collect();
        let mut memo = HashMap::new();
        let mut search = MisereSearch::new(Control::new());
        for _ in 0..30 {
            let len = rng.below(5) as usize;
            let mut pos: Brute = (0..len)
                .map(|_| (rng.below(games.len() as u64) as usize, 1 + rng.below(9)))
                .collect();
            pos.sort_unstable();
            let expect = brute_p(&games, &pos, &mut memo);
            let got = search.outcome(&position(&games, &pos)).unwrap();
            assert_eq!(
                got == Outcome::P,
                expect,
                "{:?} {pos:?} ({})",
                games,
                position(&games, &pos)
            );
            checked += 1;
            p_count += usize::from(expect);
        }
    }
    assert_eq!(checked, 3600);
    assert!(p_count > 300, "too few P-positions to be a test: {p_count}");
}

#[test]
fn moves_are_the_options_to_p_positions() {
    let mut rng = Rng(77);
    for _ in 0..40 {
        let games = vec![random_rules(&mut rng)];
        let mut memo = HashMap::new();
        let mut search = MisereSearch::new(Control::new());
        let mut pos: Brute = (0..3).map(|_| (0, 1 + rng.below(8))).collect();
        pos.sort_unstable();
        let p = position(&games, &pos);
        let m = search.moves(&p, true).unwrap();
        let options = m.options.unwrap();
        // Every option once, with the brute force's outcome; the winning moves are
        // the P-options.
        let mut expect: Vec<(String, bool)> = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            for opt in games[0].options(pos[i].1) {
                let mut next = pos.clone();
                next.remove(i);
                next.extend(opt.into_iter().map(|x| (0, x)));
                next.sort_unstable();
                let key = format!("{next:?}");
                if !expect.iter().any(|e| e.0 == key) {
                    expect.push((key, brute_p(&games, &next, &mut memo)));
                }
            }
        }
        assert_eq!(options.len(), expect.len(), "{p}");
        let p_options = options.iter().filter(|o| o.1 == Outcome::P).count();
        assert_eq!(p_options, expect.iter().filter(|e| e.1).count(), "{p}");
        assert_eq!(m.winning.len(), p_options, "{p}");
        assert_eq!(m.outcome == Outcome::P, brute_p(&games, &pos, &mut memo), "{p}");
    }
}

#[test]
fn misere_nim_is_boutons_rule() {
    // Every position of up to 4 heaps ≤ 15, searched without the rule.
    let mut search = MisereSearch::new(Control::new()).without_bouton();
    let nim: Arc<dyn HeapRuleset> = grundy::catalog::parse_ruleset("nim")
        .unwrap()
        .as_heap("t")
        .unwrap()
        .clone();
    let mut count = 0;
    for a in 0..=15u64 {
        for b in a..=15 {
            for c in b..=15 {
                for d in c..=15 {
                    let heaps = [a, b, c, d];
                    let big = heaps.iter().any(|&h| h >= 2);
                    let ones = heaps.iter().filter(|&&h| h == 1).count();
                    let x = a ^ b ^ c ^ d;
                    let bouton = if big { x == 0 } else { ones % 2 == 1 };
                    let pos = Position::single(Component::Heaps {
                        ruleset: nim.clone(),
                        heaps: heaps.iter().map(|&h| Part::one(h)).collect(),
                    });
                    assert_eq!(search.outcome(&pos).unwrap() == Outcome::P, bouton, "{pos}");
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 3876);
    assert!(search.expanded() > 1000, "the positions were searched, not looked up");
}

#[test]
fn the_rule_agrees_with_the_search_on_misere_values() {
    let mut with = MisereSearch::new(Control::new());
    let mut without = MisereSearch::new(Control::new()).without_bouton();
    for e in [
        "nim(1,1,1)",
        "nim(2,3)",
        "nim(1)",
        "nim()",
        "nim(5,1,1)",
        "nim(1,1,1,1)",
        "nim(7,7,2)",
    ] {
        let p = parse_position(e).unwrap();
        assert_eq!(with.misere_value(&p).unwrap(), without.misere_value(&p).unwrap(), "{e}");
    }
}

#[test]
fn genus_golden_values() {
    let mut s = MisereSearch::new(Control::new());
    let mut genus = |e: &str| {
        let r = s.genus(&parse_position(e).unwrap()).unwrap();
        (r.genus.to_string(), r.tameness)
    };
    // ONAG ch. 12: 0 = 0^{120}, * = 1^{031}, *2 = 2^{20}; Nim positions are tame.
    assert_eq!(genus("nim()"), ("0^{120}".into(), Tameness::Tame));
    assert_eq!(genus("nim(1)"), ("1^{031}".into(), Tameness::Tame));
    assert_eq!(genus("nim(2)"), ("2^{20}".into(), Tameness::Tame));
    assert_eq!(genus("nim(1,1)"), ("0^{120}".into(), Tameness::Tame));
    assert_eq!(genus("nim(2,2)"), ("0^{02}".into(), Tameness::Tame));
    assert_eq!(genus("nim(2,3)"), ("1^{13}".into(), Tameness::Tame));
    // 0.312, heaps 1 to 6: T. Plambeck, "0.312" (plambeck.org, misère octal games,
    // solved 4 February 2003): 1^{03131} (written untrimmed there), 2^{20}, 0^{02},
    // 2^{1420}, 0^{02}, 1^{13}. Heap 4 is wild.
    let expect = ["1^{031}", "2^{20}", "0^{02}", "2^{1420}", "0^{02}", "1^{13}"];
    for (n, g) in (1..=6).zip(expect) {
        assert_eq!(genus(&format!("take-and-break[0.312]({n})")).0, g, "heap {n}");
    }
    assert_eq!(genus("take-and-break[0.312](4)").1, Tameness::Wild);
}

#[test]
fn loopy_rulesets_are_refused() {
    let mut s = MisereSearch::new(Control::new());
    let e = s
        .outcome(&parse_position("partial-aliquot-sum(6)").unwrap())
        .unwrap_err();
    assert!(e.to_string().contains("loopy"), "{e}");
}

#[test]
fn the_work_limit_stops_the_search() {
    let mut s = MisereSearch::new(Control::new().with_work_limit(100));
    let e = s.outcome(&parse_position("kayles(30,31,32)").unwrap()).unwrap_err();
    // Its work is counted as it goes (sums expanded, options made, options listed).
    assert!(matches!(e, grundy::Error::TooMuchWork { limit: 100, .. }), "{e}");
    assert!(e.to_string().contains("counted as it searched, not estimated"), "{e}");
}

/// Records what a computation reports to its progress sink.
#[derive(Default)]
struct Recorded(std::sync::Mutex<Vec<String>>);

impl grundy::control::ProgressSink for Recorded {
    fn start(&self, label: &str, total: u64) {
        self.0.lock().unwrap().push(format!("start {label} {total}"));
    }
    fn set(&self, done: u64) {
        self.0.lock().unwrap().push(format!("set {done}"));
    }
    fn finish(&self) {
        self.0.lock().unwrap().push("finish".into());
    }
    fn note(&self, status: &str) {
        self.0.lock().unwrap().push(format!("note {status}"));
    }
}

/// A long misère search shows its progress (it showed none, the bar never started) and
/// ends it; a short one shows none.
#[test]
fn a_long_misere_search_shows_its_progress() {
    let sink = Arc::new(Recorded::default());
    let mut s = MisereSearch::new(Control::new().with_memory_limit(1 << 30).with_progress(sink.clone()));
    s.outcome(&parse_position("kayles(3,4)").unwrap()).unwrap();
    assert!(sink.0.lock().unwrap().is_empty(), "{:?}", sink.0.lock().unwrap());
    s.outcome(&parse_position("kayles(15,16,17)").unwrap()).unwrap();
    assert!(s.expanded() > 1 << 15, "{}", s.expanded());
    let got = sink.0.lock().unwrap().clone();
    assert_eq!(got[0], "start the misère search 0");
    assert_eq!(got.iter().filter(|l| l.starts_with("start")).count(), 1, "{got:?}");
    assert!(
        got.iter()
            .any(|l| l.starts_with("note ") && l.contains("sums searched")),
        "{got:?}"
    );
    assert_eq!(got.last().map(String::as_str), Some("finish"));
}

mod quotients {
    use super::*;
    use grundy::solve::misere::{quotient, Quotient, Status};

    /// Limits that keep a test small: 1 GiB, 10^9 units of work.
    fn limits() -> Control {
        Control::new().with_memory_limit(1 << 30).with_work_limit(1_000_000_000)
    }

    /// Φ(sum) ∈ P ⟺ the search finds a misère P-position, on random sums of heaps
    /// ≤ `q.to` (the search engine is the reference).
    fn agrees_with_search(name: &str, q: &Quotient, sums: usize, max_heaps: u64, largest: u64, seed: u64) {
        let rs = heap(name);
        let mut rng = Rng(seed);
        let mut search = MisereSearch::new(limits());
        let mut p_count = 0;
        for _ in 0..sums {
            let k = rng.below(max_heaps + 1);
            let heaps: Vec<u64> = (0..k).map(|_| rng.below(q.to.min(largest) + 1)).collect();
            let pos = Position::single(Component::Heaps {
                ruleset: rs.clone(),
                heaps: heaps.iter().map(|&h| Part::one(h)).collect(),
            });
            let runs: Vec<(u64, u64)> = heaps.iter().map(|&h| (h, 1)).collect();
            let by_quotient = q.is_p(&runs).unwrap();
            let by_search = search.outcome(&pos).unwrap() == Outcome::P;
            assert_eq!(by_quotient, by_search, "{pos}");
            p_count += usize::from(by_search);
        }
        assert!(
            p_count * 20 > sums,
            "{name}: too few P-positions ({p_count}) to be a test"
        );
    }

    #[test]
    fn quotients_predict_the_search_on_random_sums() {
        // (ruleset, heaps of the quotient, heaps in a sum, largest heap in a sum)
        for (name, to, heaps, largest) in [
            ("take-and-break[0.75]", 40, 4, 14),
            ("kayles", 30, 3, 14),
            ("dawsons-kayles", 24, 3, 16),
            ("dawsons-chess", 20, 3, 14),
            ("take-and-break[0.312]", 30, 4, 14),
            ("subtraction[1,3,4]", 40, 4, 40),
            ("subtraction[2,5]", 40, 4, 40),
            ("take-and-break[4!.0]", 12, 3, 12),
        ] {
            let q = quotient(heap(name).as_ref(), to, &limits()).unwrap();
            assert!(q.stopped.is_none(), "{name}: {:?}", q.stopped);
            agrees_with_search(name, &q, 150, heaps, largest, 17);
        }
    }

    #[test]
    fn random_codes_quotients_predict_the_search() {
        let mut rng = Rng(4242);
        for _ in 0..25 {
            let rules = random_rules(&mut rng);
            let name = rules.expr();
            // Small limits: a code whose quotient grows fast stops early, and the
            // heaps it did finish are still checked.
            let small = Control::new().with_memory_limit(1 << 28).with_work_limit(100_000_000);
            let q = quotient(heap(&name).as_ref(), 12, &small).unwrap();
            let rs = heap(&name);
            let mut search = MisereSearch::new(limits());
            for _ in 0..60 {
                let heaps: Vec<u64> = (0..rng.below(4)).map(|_| rng.below(q.to + 1)).collect();
                let pos = Position::single(Component::Heaps {
                    ruleset: rs.clone(),
                    heaps: heaps.iter().map(|&h| Part::one(h)).collect(),
                });
                let runs: Vec<(u64, u64)> = heaps.iter().map(|&h| (h, 1)).collect();
                assert_eq!(
                    q.is_p(&runs).unwrap(),
                    search.outcome(&pos).unwrap() == Outcome::P,
                    "{pos}"
                );
            }
        }
    }

    #[test]
    fn misere_nim_has_the_tame_quotients() {
        // Plambeck & Siegel 2008: misère Nim on heaps below 2^n has the quotient T_n,
        // of order 2 for n = 1 and 2^n + 2 for n ≥ 2, with |P| = 2 (|P| = 1 for T_1).
        for n in 1..=5u32 {
            let q = quotient(heap("nim").as_ref(), (1 << n) - 1, &Control::new()).unwrap();
            let order = if n == 1 { 2 } else { (1 << n) + 2 };
            assert_eq!(q.order(), order, "n = {n}");
            assert_eq!(q.p_portion.len(), if n == 1 { 1 } else { 2 }, "n = {n}");
            assert_eq!(q.tame(), Some(n), "n = {n}");
        }
    }

    #[test]
    fn the_quotient_of_075_is_r8() {
        let q = quotient(heap("take-and-break[0.75]").as_ref(), 100, &Control::new()).unwrap();
        let pres = q.presentation();
        // Plambeck & Siegel 2008: R₈ = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩,
        // P = {a, b²}.
        assert_eq!(pres.to_string(), "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩");
        let p: Vec<String> = q
            .p_portion
            .iter()
            .map(|&x| pres.word(&pres.normal[x as usize]))
            .collect();
        assert_eq!(p, ["a", "b²"]);
        assert!(matches!(q.status, Status::Solved { .. }), "{:?}", q.status);
        assert_eq!(q.tame(), None);
        assert_eq!(pres.ascii(), "<a, b, c | a^2 = 1, b*c = a*b, c^2 = b^2, b^3 = b>");
    }

    #[test]
    fn dawsons_kayles_golden_order() {
        // A. Siegel, answering questions on MisereSolver (miseregames.wordpress.com,
        // 28 August 2007): "Q_30(0.07) has size 360".
        let q = quotient(heap("dawsons-kayles").as_ref(), 30, &limits()).unwrap();
        assert!(q.stopped.is_none(), "{:?}", q.stopped);
        assert_eq!(q.to, 30);
        assert_eq!(q.order(), 360);
        let c = q.changes.last().unwrap();
        assert_eq!((c.heap, c.order), (30, 360));
    }

    #[test]
    fn a_stopped_quotient_keeps_the_heaps_done() {
        let rs = heap("kayles");
        let q = quotient(rs.as_ref(), 1000, &Control::new().with_work_limit(20_000)).unwrap();
        assert!(
            matches!(q.stopped, Some(grundy::Error::TooMuchWork { .. })),
            "{:?}",
            q.stopped
        );
        assert!(q.to >= 5 && q.to < 100, "{}", q.to);
        assert_eq!(q.status, Status::Partial);
        grundy::solve::misere::check_certificate(&q.certificate(), rs.as_ref(), &Control::new()).unwrap();
        // Interrupted before the first heap: nothing but heap 0.
        let ctl = Control::new();
        ctl.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
        let q = quotient(rs.as_ref(), 1000, &ctl).unwrap();
        assert_eq!((q.to, q.stopped), (0, Some(grundy::Error::Interrupted)));
    }

    #[test]
    fn kayles_is_solved() {
        let q = quotient(heap("kayles").as_ref(), 1000, &Control::new()).unwrap();
        assert!(q.stopped.is_none());
        let Status::Solved { period, .. } = q.status else {
            panic!("{:?}", q.status)
        };
        assert_eq!(period, 12);
        // Beyond the heaps computed, Φ comes from the period.
        assert!(q.is_p(&[(5000, 1), (5001, 1)]).is_some());
    }
}

mod certificates {
    use super::*;
    use grundy::solve::misere::{check_certificate, quotient, Certificate};

    fn rejected(c: &Certificate, rs: &dyn HeapRuleset, what: &str) -> String {
        let e = check_certificate(c, rs, &Control::new()).expect_err(what).to_string();
        assert!(e.starts_with("certificate rejected: "), "{what}: {e}");
        assert!(!e.contains('\n'), "{what}: one line: {e}");
        e
    }

    #[test]
    fn the_checker_accepts_what_the_engine_writes() {
        for (name, to) in [
            ("take-and-break[0.75]", 100),
            ("kayles", 1000),
            ("dawsons-kayles", 24),
            ("nim", 15),
            ("subtraction[2,5]", 100),
            ("take-and-break[4!.0]", 12),
            // Options of many copies of one heap (dividing(34) → 17 heaps of 2): the
            // checker cut powers at 2|Q| + 2 factors and rejected this certificate
            // (a hostile check).
            ("dividing", 34),
        ] {
            let rs = heap(name);
            let q = quotient(rs.as_ref(), to, &Control::new()).unwrap();
            let cert = q.certificate();
            let again = Certificate::from_json(&cert.to_json()).unwrap();
            assert_eq!(again, cert, "{name}: JSON round trip");
            // A key the certificate does not have is refused, not ignored.
            let added = cert.to_json().replacen('{', "{\"tame\": \"T_0\",", 1);
            let e = Certificate::from_json(&added).unwrap_err().to_string();
            assert!(e.contains("unknown field `tame`"), "{name}: {e}");
            let report = check_certificate(&again, rs.as_ref(), &Control::new()).unwrap();
            assert!(report.contains(&format!("order {}", q.order())), "{report}");
        }
    }

    /// A certificate gives where its quotient grew and whether it is tame, as the
    /// engine found them heap by heap: on the literature's quotients and on random
    /// codes, partial ones (stopped by a limit) among them.
    #[test]
    fn a_certificate_gives_where_the_quotient_grew_and_its_tameness() {
        let mut quotients = Vec::new();
        for (name, to) in [
            ("take-and-break[0.75]", 100),
            ("kayles", 1000),
            ("dawsons-kayles", 24),
            ("nim", 31),
            ("subtraction[2,5]", 100),
            ("take-and-break[4!.0]", 12),
            ("dividing", 34),
            ("take-and-break[0.4]", 24),
            ("take-and-break[4.7]", 11),
        ] {
            quotients.push((
                name.to_string(),
                quotient(heap(name).as_ref(), to, &Control::new()).unwrap(),
            ));
        }
        let mut rng = Rng(2718);
        for _ in 0..25 {
            let name = random_rules(&mut rng).expr();
            let small = Control::new().with_memory_limit(1 << 28).with_work_limit(20_000_000);
            quotients.push((name.clone(), quotient(heap(&name).as_ref(), 16, &small).unwrap()));
        }
        let grew: usize = quotients.iter().map(|(_, q)| q.changes.len()).sum();
        assert!(grew > 60, "{grew} changes in all");
        for (name, q) in quotients {
            let cert = q.certificate();
            assert_eq!(cert.changes(&Control::new()).unwrap(), q.changes, "{name}");
            assert_eq!(cert.tame().unwrap(), q.tame(), "{name}");
        }
    }

    #[test]
    fn the_checker_rejects_tampering() {
        let rs = heap("take-and-break[0.75]");
        let q = quotient(rs.as_ref(), 100, &Control::new()).unwrap();
        let good = q.certificate();
        assert_eq!(good.status, "solved");
        check_certificate(&good, rs.as_ref(), &Control::new()).unwrap();
        let m = good.table.len() as u32;

        // One table entry (and its mirror, so that the table stays commutative).
        let mut c = good.clone();
        c.table[2][3] = (c.table[2][3] + 1) % m;
        let e = rejected(&c, rs.as_ref(), "one entry");
        assert!(e.contains("2·3") || e.contains("3·2"), "{e}");
        let mut tampered_pairs = 0;
        for a in 1..m as usize {
            for b in a..m as usize {
                for d in 1..m {
                    let mut c = good.clone();
                    c.table[a][b] = (c.table[a][b] + d) % m;
                    c.table[b][a] = c.table[a][b];
                    rejected(&c, rs.as_ref(), "a symmetric entry");
                    tampered_pairs += 1;
                }
            }
        }
        assert!(tampered_pairs > 100);

        // One element more or less in P.
        for x in 0..m {
            let mut c = good.clone();
            match c.p_portion.binary_search(&x) {
                Ok(i) => {
                    c.p_portion.remove(i);
                }
                Err(i) => c.p_portion.insert(i, x),
            }
            rejected(&c, rs.as_ref(), "P");
        }

        // An element past the quotient's, named as such.
        let mut c = good.clone();
        c.p_portion.push(m + 3);
        let e = rejected(&c, rs.as_ref(), "P out of range");
        assert!(
            e.contains(&format!(
                "p_portion holds {}, which is not an element of the quotient (its elements are 0 … {})",
                m + 3,
                m - 1
            )),
            "{e}"
        );

        // One Φ(n).
        for n in 1..=good.to as usize {
            for d in 1..m {
                let mut c = good.clone();
                c.phi[n] = (c.phi[n] + d) % m;
                rejected(&c, rs.as_ref(), "phi");
            }
        }

        // A range that does not match Φ, and a solved quotient cut below the heaps the
        // theorem needs.
        let mut c = good.clone();
        c.to -= 1;
        let e = rejected(&c, rs.as_ref(), "range");
        assert!(e.contains("phi has"), "{e}");
        // The last heap there is, with no phi at all: heaps 0..=2^64 − 1 are 2^64
        // entries (the count had wrapped to 0, and the check then read phi[0]).
        let mut c = good.clone();
        c.to = u64::MAX;
        c.phi.clear();
        let e = rejected(&c, rs.as_ref(), "the last heap");
        assert!(e.contains("need 18446744073709551616"), "{e}");
        let mut c = good.clone();
        c.to = 15;
        c.phi.truncate(16);
        let e = rejected(&c, rs.as_ref(), "short solved");
        assert!(e.contains("needs heaps up to 21"), "{e}");

        // "Solved" without the theorem's range, and a wrong period.
        let partial = quotient(rs.as_ref(), 12, &Control::new()).unwrap().certificate();
        assert_eq!(partial.status, "partial");
        check_certificate(&partial, rs.as_ref(), &Control::new()).unwrap();
        let mut c = partial.clone();
        c.status = "solved".into();
        c.period = Some(2);
        c.preperiod = Some(8);
        rejected(&c, rs.as_ref(), "solved too early");
        let mut c = good.clone();
        c.period = Some(3);
        rejected(&c, rs.as_ref(), "wrong period");
        // A period stated on a partial certificate, which no check would read.
        for (period, preperiod) in [(Some(2), Some(0)), (Some(34), None), (None, Some(5))] {
            let mut c = partial.clone();
            (c.period, c.preperiod) = (period, preperiod);
            let e = rejected(&c, rs.as_ref(), "a partial certificate's period");
            assert!(e.contains("a partial certificate states no period"), "{e}");
        }

        // The wrong ruleset.
        let e = rejected(&good, heap("kayles").as_ref(), "ruleset");
        assert!(e.contains("kayles"), "{e}");
        // A ruleset of the same name but other rules is caught by the outcomes: the
        // certificate of 0.75 read as if it were 0.77's.
        let mut c = good.clone();
        c.ruleset = "kayles".into();
        rejected(&c, heap("kayles").as_ref(), "rules");
    }

    /// The options the checker lists are bounded in all, before it lists them: a
    /// certificate whose phi runs far (a solved one extended by its period) under a
    /// work limit that one heap's options keep to is refused at once (it ran for
    /// days, checking each heap's bound alone).
    #[test]
    fn the_checker_bounds_its_work_in_all() {
        let rs = heap("kayles");
        let q = quotient(rs.as_ref(), 1000, &Control::new()).unwrap();
        let mut c = q.certificate();
        let to = 30_000u64;
        let (period, pre) = (c.period.unwrap(), c.preperiod.unwrap());
        for h in c.to + 1..=to {
            let x = c.phi[(pre + (h - pre) % period) as usize];
            c.phi.push(x);
        }
        c.to = to;
        let ctl = Control::new().with_work_limit(100_000);
        let e = check_certificate(&c, rs.as_ref(), &ctl).unwrap_err();
        assert!(matches!(e, grundy::Error::TooMuchWork { .. }), "{e}");
        assert!(e.to_string().contains("heaps 1..=30000"), "{e}");
    }

    #[test]
    fn malformed_json_is_an_input_error() {
        let e = Certificate::from_json("{\"ruleset\": 3}").unwrap_err();
        assert!(matches!(e, grundy::Error::Input(_)), "{e}");
    }
}
