//! Golden values from the literature, the classic games as codes against their own
//! rulesets, and the option enumeration against brute force.

use super::*;
use crate::catalog::{parse_position, parse_ruleset};
use crate::control::Control;
use crate::solve::{sequence_generic, Method, Solver};

fn values(code: &str, to: u64) -> Vec<u64> {
    let rs = TakeAndBreak::new(Code::parse(code).unwrap());
    let t = sequence_generic(&rs, to, &Control::new()).unwrap();
    (0..=to).map(|n| t.get_u64(n).unwrap()).collect()
}

#[test]
fn golden_values() {
    // Grundy's game (the and Winning Ways' first 30 values).
    assert_eq!(
        values("4!.0", 29),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2]
    );
    // Kayles (Winning Ways vol. 1 ch. 4).
    assert_eq!(
        values("0.77", 23),
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]
    );
    // Dawson's chess (0.137) and Dawson's Kayles (0.07 = 0.137 shifted by one).
    let chess = values("0.137", 200);
    assert_eq!(chess[..10], [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    let kayles = values("0.07", 201);
    assert_eq!(kayles[0], 0);
    assert_eq!(kayles[1..], chess[..]);
}

/// CGSuite's `TBCode2` semantics (lib/core/src/main/scala/org/cgsuite/core/impartial/
/// TBCode2.scala): where every count of two or more heaps carries `?`, the count of one
/// heap does too, and one heap of one token is "all equal" there, so `0.6?` has no move
/// from heap 2. The values below were computed by a separate script that follows
/// CGSuite's normalization and traversal; both the engine and the enumeration give
/// them. Printed codes use CGSuite's base-32 digits (`&32;` … `&35;` for W–Z).
#[test]
fn cgsuite_semantics_of_question_marks_and_digits() {
    let golden: &[(&str, [u64; 21])] = &[
        ("0.6?", [0, 0, 0, 1, 2, 0, 3, 1, 2, 0, 3, 4, 1, 2, 0, 3, 1, 2, 4, 0, 5]),
        ("0.{1,2?}", [0, 0, 0, 1, 2, 0, 3, 1, 2, 0, 3, 4, 1, 2, 0, 3, 1, 2, 4, 0, 5]),
        ("0.7?", [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]),
        // Only one count: `?` says nothing (CGSuite drops it, as grundy does).
        ("0.2?", [0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]),
        ("0.{1,2+}?", [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]),
        // `!` and `=` on one heap allow it.
        ("0.{1,2!}", [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4]),
        ("0.E?", [0, 0, 0, 1, 2, 3, 4, 0, 5, 1, 6, 3, 8, 9, 5, 10, 11, 3, 12, 9, 5]),
        ("0.66?", [0, 0, 1, 2, 0, 3, 1, 2, 0, 3, 4, 2, 5, 3, 4, 2, 5, 3, 0, 1, 5]),
    ];
    for (code, want) in golden {
        assert_eq!(values(code, 20), want, "{code} (enumerated)");
        let engine: Vec<u64> = sparse(code, 20).into_iter().map(u64::from).collect();
        assert_eq!(engine, want, "{code} (sparse engine)");
    }
    // The heap of 2 of 0.6? has no option at all.
    let rs = TakeAndBreak::new(Code::parse("0.6?").unwrap());
    let mut count = 0;
    rs.for_each_option(2, &mut |_| count += 1);
    assert_eq!(count, 0);
    // CGSuite's `*` is any number of heaps: `{0+}`, with its modifier.
    for (star, braces) in [("0.*", "0.{0+}"), ("0.*!", "0.{0!+}"), ("4.*?", "4.{0?+}")] {
        assert_eq!(Code::parse(star).unwrap(), Code::parse(braces).unwrap(), "{star}");
        assert_eq!(values(star, 14), values(braces, 14), "{star}");
    }
    assert_eq!(Code::parse("0.W").unwrap().to_string(), "0.&32;");
    assert_eq!(Code::parse("0.V").unwrap().to_string(), "0.V");
}

#[test]
fn classic_games_as_codes() {
    let ctl = Control::new();
    let same = |a: &str, b: &str, to: u64| {
        let x = sequence_generic(parse_ruleset(a).unwrap().as_heap("t").unwrap().as_ref(), to, &ctl).unwrap();
        let y = sequence_generic(parse_ruleset(b).unwrap().as_heap("t").unwrap().as_ref(), to, &ctl).unwrap();
        assert_eq!(x.codes(), y.codes(), "{a} vs {b}");
    };
    same("take-and-break[0.[3]]", "nim", 300);
    same("take-and-break[0.[30]]", "odd-nim", 300);
    same("take-and-break[4.[3]]", "laskers-nim", 200);
    for set in [vec![1u64, 2], vec![2, 5, 7], vec![1, 4, 9, 10], vec![3], vec![1, 2, 3, 4, 5, 6]] {
        let code = Code::subtraction(&set);
        let list = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        same(&format!("take-and-break[{code}]"), &format!("subtraction[{list}]"), 400);
    }
}

#[test]
fn partitions_match_brute_force() {
    for m in 1..=14u64 {
        for k in 2..=5u64 {
            for c in [
                Constraint::Any,
                Constraint::PairwiseUnequal,
                Constraint::NotAllEqual,
                Constraint::AllEqual,
            ] {
                let mut got = Vec::new();
                for_each_partition(m, k, c, &mut |p| {
                    got.push(p.to_vec());
                    true
                });
                // Brute force: every nondecreasing k-tuple of positive parts.
                let mut want = Vec::new();
                let mut t = vec![1u64; k as usize];
                loop {
                    let ok_sum = t.iter().sum::<u64>() == m && t.windows(2).all(|w| w[0] <= w[1]);
                    let ok_c = match c {
                        Constraint::Any => true,
                        Constraint::PairwiseUnequal => t.windows(2).all(|w| w[0] < w[1]),
                        Constraint::NotAllEqual => t.iter().any(|&x| x != t[0]),
                        Constraint::AllEqual => t.iter().all(|&x| x == t[0]),
                    };
                    if ok_sum && ok_c {
                        want.push(t.clone());
                    }
                    let mut i = 0;
                    while i < t.len() && t[i] == m {
                        t[i] = 1;
                        i += 1;
                    }
                    if i == t.len() {
                        break;
                    }
                    t[i] += 1;
                }
                want.sort();
                got.sort();
                assert_eq!(got, want, "m={m} k={k} {c:?}");
            }
        }
    }
}

#[test]
fn options_bound_is_an_upper_bound() {
    for code in ["0.77", "4!.0", "0.F", "0.{2+}", "8.0", "0.[7]", "0.{3}", "0.{2,3,4}", "0.[{2+}]"] {
        let rs = TakeAndBreak::new(Code::parse(code).unwrap());
        for n in 0..40 {
            let mut count = 0u128;
            rs.for_each_option(n, &mut |_| count += 1);
            assert!(count <= rs.options_bound(n), "{code} at {n}: {count} > {}", rs.options_bound(n));
            // Close, too: work estimates use it (within a factor 4 plus a few options).
            assert!(
                rs.options_bound(n) <= 4 * count + 8 * (n as u128 + 1),
                "{code} at {n}: {} for {count}",
                rs.options_bound(n)
            );
        }
    }
}

#[test]
fn expressions_and_names() {
    let p = parse_position("0.137(10) + .6(5) + kayles(3) + grundys-game(7)").unwrap();
    assert_eq!(p.to_string(), "dawsons-chess(10) + officers(5) + kayles(3) + grundys-game(7)");
    let p = parse_position("take-and-break[0.1[3]](4)").unwrap();
    assert_eq!(p.to_string(), "take-and-break[0.1[3]](4)");
    assert_eq!(parse_position(&p.to_string()).unwrap().to_string(), p.to_string());
    let e = parse_position("nim(1) + 0.1#7(3)").unwrap_err().to_string();
    assert!(e.contains("column 13"), "{e}");
    let e = parse_position("take-and-break[0.1#7](3)").unwrap_err().to_string();
    assert!(e.contains("column 19"), "{e}");
    assert!(parse_position("kayles[0.7](3)").is_err());
    // Winning moves include splits.
    let mut s = Solver::new(Method::Auto, Control::new());
    let m = s.moves(&parse_position("kayles(5)").unwrap(), false).unwrap();
    let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    assert_eq!(w, ["kayles(2,2)"]);
}

#[test]
fn classic_periods_are_proven_with_certificates() {
    use crate::analysis::certificate::{check_certificate, SavedCertificate};
    use crate::analysis::periodicity::search;
    let ctl = Control::new();
    // (code, period, preperiod = last exception + 1): Guy & Smith 1956.
    for (code, period, preperiod) in [("0.77", 12, 71), ("0.137", 34, 52), ("0.07", 34, 53)] {
        let rs = TakeAndBreak::new(Code::parse(code).unwrap());
        let r = search(&rs, 0, 1 << 20, &ctl).unwrap();
        let c = r.certificate.clone().unwrap_or_else(|| panic!("{code}: not proven ({:?})", r.found));
        assert_eq!((c.periodicity.period, c.periodicity.preperiod, c.periodicity.saltus), (period, preperiod, 0), "{code}");
        // Guy–Smith: agreement on n₀ ≤ n < 2n₀ + p + t.
        let t = rs.code().max_removed().unwrap();
        assert_eq!(c.last_checked, 2 * preperiod + period + t - 1, "{code}");
        assert!(r.to < 4096, "{code}: the search went on to {}", r.to);
        let saved = SavedCertificate::new(&c, &r.values);
        assert_eq!(saved.values.len() as u64, c.proof_end + 1, "{code}");
        let ok = check_certificate(&rs, &saved, &ctl).unwrap();
        assert!(ok.contains("Guy & Smith"), "{ok}");
        // Tampering is caught: a value, the preperiod, the period, the range, the
        // theorem, the values kept.
        let tampered = |f: &dyn Fn(&mut SavedCertificate)| {
            let mut t = saved.clone();
            f(&mut t);
            check_certificate(&rs, &t, &ctl).unwrap_err().to_string()
        };
        let rejected = [
            (tampered(&|t| t.values[100] ^= 1), "G(100) = "),
            (tampered(&|t| t.periodicity.preperiod -= 1), "proof_end is"),
            (tampered(&|t| t.periodicity.preperiod += 1), "proof_end is"),
            (tampered(&|t| t.periodicity.period += 1), "proof_end is"),
            (tampered(&|t| t.proof_end -= 1), "proof_end is"),
            (tampered(&|t| t.proof_end = 1_000_000_000_000_000_000), "proof_end is"),
            (tampered(&|t| t.agreement[1] -= 1), "the agreement range is"),
            (tampered(&|t| t.agreement[1] = 1_000_000_000_000_000_000), "the agreement range is"),
            (tampered(&|t| t.agreement[0] += 1), "the agreement range is"),
            (tampered(&|t| t.theorem.push('.')), "the theorem's text"),
            (tampered(&|t| t.values.push(0)), "values; the certificate rests on heaps 0..="),
            (tampered(&|t| t.values.truncate(t.values.len() - 1)), "values; the certificate rests"),
        ];
        for (why, want) in rejected {
            assert!(why.starts_with("certificate rejected: ") && why.contains(want), "{code}: {why}");
        }
    }
}

#[test]
fn theorem_applies_only_where_its_induction_holds() {
    let end = |code: &str, n0: u64, p: u64, s: i64| {
        TakeAndBreak::new(Code::parse(code).unwrap()).proof_end(n0, p, s)
    };
    assert_eq!(end("0.77", 71, 12, 0), Some(2 * 71 + 12 + 2 - 1 + 12));
    assert_eq!(end("0.F", 10, 5, 0), Some(3 * 10 + 2 * 5 + 1 - 1 + 5)); // three heaps
    assert_eq!(end("0.77", 71, 12, 1), None); // a saltus
    assert_eq!(end("0.[3]", 0, 1, 0), None); // infinitely many removals
    assert_eq!(end("4!.0", 10, 5, 0), None); // a constraint
    assert_eq!(end("0.{2+}", 10, 5, 0), None);
    assert_eq!(end("4.07", 10, 5, 0), Some(2 * 10 + 5 + 2 - 1 + 5)); // splits without taking
}

// ---- The sparse engine against the naive one ----

fn naive(code: &str, to: u64) -> Vec<u32> {
    let rs = TakeAndBreak::new(Code::parse(code).unwrap());
    sequence_generic(&rs, to, &Control::new()).unwrap().codes().to_vec()
}

fn sparse(code: &str, to: u64) -> Vec<u32> {
    let rs = TakeAndBreak::new(Code::parse(code).unwrap());
    crate::solve::sequence(&rs, to, &Control::new()).unwrap().codes().to_vec()
}

/// Drives the engine by hand (parallel searches from `threshold` pairs), starting from
/// the given prefix of values.
fn engine_run(code: &str, prefix: &[u32], to: u64, threshold: u64) -> Vec<u32> {
    use crate::game::DenseStep;
    let code = Code::parse(code).unwrap();
    let mut e = SparseEngine::new(&code, None).with_parallel_threshold(threshold);
    let mut codes = prefix.to_vec();
    for n in prefix.len() as u64..=to {
        let v = e.value(n, &codes).unwrap();
        codes.push(v);
    }
    codes
}

#[test]
fn sparse_engine_golden() {
    // Grundy's game.
    assert_eq!(
        sparse("4!.0", 29),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2]
    );
    // Kayles: period 12 from heap 71, the last exception at 70.
    let k = sparse("0.77", 400);
    assert!((71..=388).all(|n| k[n] == k[n + 12]));
    assert_ne!(k[70], k[82]);
    assert_eq!(k[..24], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]);
    // Dawson's chess: period 34, last exception 51.
    let d = sparse("0.137", 400);
    assert!((52..=366).all(|n| d[n] == d[n + 34]));
    assert_ne!(d[51], d[85]);
}

#[test]
fn sparse_engine_equals_naive_on_classic_codes() {
    for (code, to) in [
        ("0.77", 700),
        ("0.137", 700),
        ("0.16", 4000),
        ("0.106", 4000),
        ("0.6", 3000),
        ("0.007", 3000),
        ("0.354", 3000),
        ("0.376", 3000),
        ("4!.0", 3000),
        ("0.156", 3000),
        ("0.356", 2000),
        ("0.644", 2000),
        ("4.07", 600),
        ("8.0", 150),
        ("4!.0", 300),
        ("0.F", 150),
        ("0.[7]", 200),
        ("0.[6]", 200),
        ("0.1[4]", 200),
    ] {
        assert_eq!(sparse(code, to), naive(code, to), "{code}");
    }
}

#[test]
fn sparse_engine_parallel_and_resumed_runs_agree() {
    for code in ["0.16", "0.106", "4!.0", "0.6"] {
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let serial = one.install(|| engine_run(code, &[], 800, 0));
        let parallel = engine_run(code, &[], 800, 0);
        let default = engine_run(code, &[], 800, u64::MAX);
        assert_eq!(serial, parallel, "{code}");
        assert_eq!(serial, default, "{code}");
        // Resumed from a prefix: the engine rebuilds its state from the values.
        let resumed = engine_run(code, &serial[..333], 800, u64::MAX);
        assert_eq!(serial, resumed, "{code}");
    }
}

#[test]
fn sparse_engine_reports_its_mask() {
    let rs = TakeAndBreak::new(Code::parse("0.106").unwrap());
    crate::solve::sequence(&rs, 3000, &Control::new()).unwrap();
    let s = rs.engine_stats().unwrap();
    assert_eq!(s.heaps, 3000);
    // 0.106 removes j = 3 before a split: its mask looks at the heap's parity (bit 0)
    // and the rare class is the odd one (the module documentation); at 10^5 heaps
    // ogsolve 0.0.7 reports 15 rare heaps.
    assert_eq!((s.mask & 1, s.rare_parity), (1, 1), "{s:?}");
    assert!(s.rare < 30, "{s:?}");
}

/// The engine replayed from the values of a run holds what the run holds at its end:
/// the mask, its rare parity, the rare heaps, the heap reached and the largest value.
#[test]
fn a_replayed_engine_holds_the_mask_of_the_run() {
    for (code, to) in [
        ("0.106", 3000),
        ("0.137", 2000),
        ("0.156", 9000),
        ("0.6", 5000),
        ("4!.0", 3000),
        ("0.007", 2000),
        ("0.[6]", 300),
        ("4.7", 500),
        ("0.3", 500),
    ] {
        let rs = TakeAndBreak::new(Code::parse(code).unwrap());
        let seq = crate::solve::sequence(&rs, to, &Control::new()).unwrap();
        let run = rs.engine_stats().unwrap();
        let replayed = rs
            .engine_stats_after(&|n| seq.get_u64(n).unwrap(), to)
            .unwrap()
            .unwrap();
        let key = |s: EngineStats| (s.heaps, s.mask, s.rare_parity, s.rare, s.max_value);
        assert_eq!(key(replayed), key(run), "{code}");
        // The counters of the run are left alone.
        assert_eq!(rs.engine_stats().unwrap(), run, "{code}");
    }
}

mod random_codes {
    use super::*;
    use proptest::prelude::*;

    fn digit(max: u32) -> impl Strategy<Value = String> {
        let plain = (0..=max, prop::sample::select(vec!["", "", "", "!", "?", "="])).prop_map(|(v, m)| {
            let c = std::char::from_digit(v, 36).unwrap().to_ascii_uppercase();
            format!("{c}{m}")
        });
        prop_oneof![
            8 => plain,
            1 => prop::sample::select(vec!["{2,3}", "{1,3!}", "{0,2?}", "{2+}", "{1,3+}", "{4}", "{2=,3}"]).prop_map(String::from),
        ]
    }

    fn d0() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["0", "0", "0", "4", "4!", "4?", "4=", "8", "C", "8!", "{2+}", "{3}"]).prop_map(String::from)
    }

    fn code() -> impl Strategy<Value = String> {
        (
            d0(),
            prop::collection::vec(digit(15), 1..5),
            prop::option::weighted(0.25, prop::collection::vec(digit(7), 1..3)),
        )
            .prop_map(|(d0, ds, tail)| {
                let mut s = format!("{d0}.{}", ds.concat());
                if let Some(t) = tail {
                    s.push_str(&format!("[{}]", t.concat()));
                }
                s
            })
    }

    /// Codes whose only two-heap split is one digit (with any modifier), so that the
    /// engine's single-split search runs, with long enough heaps for it to compare
    /// with its targets.
    fn one_split() -> impl Strategy<Value = String> {
        let small = (0u32..4).prop_map(|v| v.to_string());
        (
            prop::collection::vec(small, 0..4),
            4u32..8,
            prop::sample::select(vec!["", "!", "?"]),
            0usize..4,
        )
            .prop_map(|(mut ds, split, modifier, at)| {
                let at = at.min(ds.len());
                ds.insert(at, format!("{split}{modifier}"));
                format!("0.{}", ds.concat())
            })
    }

    /// Codes with two split digits far apart, so that a new split (of 2 tokens) appears
    /// while the engine marks each next heap's rare pairs ahead.
    fn two_splits() -> impl Strategy<Value = String> {
        let small = (0u32..4).prop_map(|v| v.to_string());
        (
            prop::collection::vec(small.clone(), 0..3),
            4u32..8,
            prop::collection::vec(small, 5..40),
            4u32..8,
        )
            .prop_map(|(head, a, gap, b)| format!("0.{}{a}{}{b}", head.concat(), gap.concat()))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]
        #[test]
        fn single_split_search_equals_naive(code in one_split()) {
            prop_assert_eq!(sparse(&code, 1200), naive(&code, 1200), "{}", code);
        }

        #[test]
        fn splits_marked_ahead_equal_naive(code in two_splits()) {
            prop_assert_eq!(sparse(&code, 500), naive(&code, 500), "{}", code);
        }
    }

    /// A `{k+}` digit with every modifier, on the counts from k or on the whole group
    /// (`{2,3!+}`, `{2+}?`), sometimes after exact counts of three or more.
    fn open_digit() -> impl Strategy<Value = String> {
        (
            prop::sample::select(vec!["", "0,", "1,", "2,", "1,2,", "3,", "2?,4,", "3!,"]),
            2u32..6,
            prop::sample::select(vec!["", "!", "?", "="]),
            proptest::bool::ANY,
        )
            .prop_map(|(listed, k, modifier, outer)| {
                // The `+` count above the listed ones (a count named twice must carry
                // one modifier).
                let top = listed.split(',').filter_map(|c| c.trim_end_matches(['?', '!']).parse::<u32>().ok()).max();
                let k = top.map_or(k, |t| k.max(t + 1));
                // A modifier after the braces applies to every count (and then none
                // may be given inside).
                if outer && !listed.contains(['?', '!']) {
                    format!("{{{listed}{k}+}}{modifier}")
                } else {
                    format!("{{{listed}{k}{modifier}+}}")
                }
            })
    }

    /// Codes with one to three `{k+}` digits among plain ones (values of these games
    /// grow past 64, so the split sets widen as the table grows).
    fn open_code() -> impl Strategy<Value = String> {
        let small = (0u32..8).prop_map(|v| v.to_string());
        (
            prop::sample::select(vec!["0", "0", "4", "{2+}", "{3+}!", "{2+}?"]),
            prop::collection::vec(prop_oneof![2 => small, 1 => open_digit()], 1..4),
            open_digit(),
            0usize..4,
        )
            .prop_map(|(d0, mut ds, open, at)| {
                let at = at.min(ds.len());
                ds.insert(at, open);
                format!("{d0}.{}", ds.concat())
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]
        /// The split sets of `{k+}` digits (dynamic programming over sizes, heaps and
        /// values, `splits.rs`) give the values the enumeration of every partition
        /// gives, with the modifiers `!`, `?` and `=`.
        #[test]
        fn open_digits_by_dynamic_programming_equal_the_enumeration(code in open_code()) {
            prop_assert_eq!(sparse(&code, 40), naive(&code, 40), "{}", code);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
        #[test]
        fn sparse_engine_equals_naive(code in code()) {
            let c = Code::parse(&code).unwrap();
            // Many heaps left or a tail cost the naive engine much more.
            let to = if c.max_heaps() > 3 {
                24
            } else if c.max_removed().is_none() || c.max_heaps() == 3 {
                70
            } else {
                160
            };
            prop_assert_eq!(sparse(&code, to), naive(&code, to), "{}", code);
        }
    }
}

/// The sparse-space engine's work depends on its rare heaps, which are a fixed share
/// of all heaps for Dawson's chess (a third: quadratic work) and few for Kayles and
/// 0.16 (linear): a table projects the rest of its work as it goes and stops, keeping
/// the heaps done, once the projection passes twice the work limit.
#[test]
fn the_sparse_engine_projects_its_work() {
    use crate::solve::sequence_partial;
    let ctl = Control::new().with_work_limit(1_000_000_000);
    let chess = TakeAndBreak::new(Code::parse("0.137").unwrap());
    let (prefix, stopped) = sequence_partial(&chess, 10_000_000, &ctl).unwrap();
    assert!(matches!(stopped, Some(crate::Error::TooMuchWork { .. })), "{stopped:?}");
    // The first projection needs the trend over four stretches of 16384 heaps.
    assert_eq!(prefix.len(), 65536);
    for (code, to) in [("0.77", 1_000_000), ("0.16", 300_000)] {
        let linear = TakeAndBreak::new(Code::parse(code).unwrap());
        let (all, stopped) = sequence_partial(&linear, to, &ctl).unwrap();
        assert_eq!((all.len() as u64, stopped), (to + 1, None), "{code}");
    }
}

/// The work estimate of codes with `{k+}` digits (the split sets' updates and the
/// options still enumerated, `WorkModel::Step`) is within a factor 3 of the work the
/// sparse engine counts, and a table of 2000 heaps is within the default work limit
/// (their options, enumerated, are about 10^38: refused before).
#[test]
fn split_set_work_is_estimated_from_the_sets() {
    use crate::game::{dense_work, WorkModel};
    for (code, to) in [("0.{2+}", 1500), ("{2+}.0", 1500), ("0.{2!+}", 1500), ("0.{2?+}", 1500), ("4.{3+}", 1500), ("0.1{2,4+}?", 1000), ("0.[{2+}]", 400)] {
        let rs = TakeAndBreak::new(Code::parse(code).unwrap());
        assert_eq!(rs.work(), WorkModel::Step, "{code}");
        let ctl = Control::new();
        crate::solve::sequence(&rs, to, &ctl).unwrap();
        let counted = ctl.work_done() as f64;
        let est = dense_work(&rs, 0, to) as f64;
        assert!(
            est / counted < 3.0 && counted / est < 3.0,
            "{code} to {to}: estimate {est}, counted {counted}"
        );
        assert!(dense_work(&rs, 0, 2000) < u128::from(Control::new().work_limit()), "{code}");
    }
}
