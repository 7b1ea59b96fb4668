//! The period engine against the table: values of random heaps below 10^6, the moves
//! (winning moves and every option) of heaps beyond the proof, and the sources it
//! reports.

use super::*;
use crate::catalog::parse_position;
use crate::control::Control;
use crate::solve::{Method, Solver};

/// A deterministic pseudo-random sequence (SplitMix64).
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn strings(ps: &[crate::game::Position]) -> Vec<String> {
    ps.iter().map(|p| p.to_string()).collect()
}

/// Rulesets whose theorem proves a period within a few thousand heaps, with the bound
/// of the random heaps: 10^6 where the table to 10^6 is linear work (few rare values,
/// or a subtraction game); Dawson's Kayles, Dawson's chess and 0.4 have no rare values
/// (quadratic work: 10^5 heaps take 2 s in a release build), so their heaps stay below
/// 3·10^4, still far beyond the heaps the proofs need (below 2048).
const PROVEN: &[(&str, u64)] = &[
    ("kayles", 1_000_000),
    ("0.53", 1_000_000),
    ("4.37", 1_000_000),
    ("subtraction[2,8,9]", 1_000_000),
    ("subtraction[1,4]", 1_000_000),
    ("0.033", 1_000_000),
    ("dawsons-kayles", 30_000),
    ("dawsons-chess", 30_000),
    ("0.4", 30_000),
];

/// The done-when test of issue 21: on random heaps below 10^6, the values the period
/// gives (method auto, which computes the table only until the period is proven) are
/// the values of the table computed from the rules (method search), and the period was
/// used (the heaps are beyond the proof).
#[test]
fn the_period_agrees_with_the_table_on_random_heaps_below_a_million() {
    let mut next = rng(21);
    for &(name, bound) in PROVEN {
        let mut auto = Solver::new(Method::Auto, Control::new());
        let mut search = Solver::new(Method::Search, Control::new());
        for _ in 0..40 {
            let n = next() % bound;
            let pos = parse_position(&format!("{name}({n})")).unwrap();
            assert_eq!(
                auto.value(&pos).unwrap().value_text(),
                search.value(&pos).unwrap().value_text(),
                "{name}({n})"
            );
        }
        let used = auto.periods_used();
        assert_eq!(used.len(), 1, "{name}: the period answered");
        assert!(used[0].checked_to() < 4096, "{name}: the table stopped at the proof");
        assert!(search.periods_used().is_empty(), "{name}: search never uses a period");
    }
}

/// The winning moves (and with `all` every option) of heaps beyond the proof, found
/// through the residues modulo the period, are those the enumeration of every option
/// finds with the table: the same lists in the same order, the same exact counts; also
/// in sums, where the target value is not 0.
#[test]
fn moves_through_the_period_are_the_enumerated_moves() {
    let mut next = rng(7);
    for name in [
        "kayles",
        "dawsons-kayles",
        "dawsons-chess",
        "0.53",
        "0.4",
        "0.352",
        "0.71",
        "4.37",
        "4.7",
        // Periods from heap 0 (a preperiod of 0): a split a + b has a ≥ 1, so the
        // residues start at 1 (0.5 listed (0, n − 1) as a split, 0.7 and 0.73 listed
        // the one heap n − 1 twice).
        "0.5",
        "0.7",
        "0.73",
    ] {
        let mut auto = Solver::new(Method::Auto, Control::new());
        let mut search = Solver::new(Method::Search, Control::new());
        for k in 0..12 {
            let n = 3000 + next() % 4000;
            let other = next() % 40;
            let text = match k % 3 {
                0 => format!("{name}({n})"),
                1 => format!("{name}({n}) + nim({other})"),
                _ => format!("{name}({n},{other})"),
            };
            let pos = parse_position(&text).unwrap();
            let all = k % 2 == 0;
            let a = auto.moves(&pos, all).unwrap();
            let s = search.moves(&pos, all).unwrap();
            assert_eq!(a.value.value_text(), s.value.value_text(), "{text}");
            assert_eq!(strings(&a.winning), strings(&s.winning), "{text}");
            assert_eq!(a.winning_total, s.winning_total, "{text}");
            assert_eq!(a.options_total, s.options_total, "{text}");
            let opts = |m: &crate::solve::Moves| {
                m.options.as_ref().map(|o| {
                    o.iter()
                        .map(|(p, v)| format!("{p} {}", v.value_text()))
                        .collect::<Vec<_>>()
                })
            };
            assert_eq!(opts(&a), opts(&s), "{text}");
        }
        assert!(!auto.periods_used().is_empty(), "{name}: the period found the moves");
    }
}

/// Codes that split a heap in three (hex digits 8 to F) find their moves through the
/// period too: the splits a + b + c by the residues of a and b, counted by sums of
/// floors. `moves '0.B(10^18) + nim(1)'` was refused for 8.3·10^34 options listed one
/// by one, with the advice `--max-work none`, which started a run that would list them
/// all. The same lists in the same order and the same counts as the enumeration.
#[test]
fn moves_of_splits_of_three_through_the_period_are_the_enumerated_moves() {
    let mut next = rng(3);
    for name in [
        "0.B", "0.D", "0.A", "0.B7", "0.B3", "0.B5", "0.B1", "0.F1", "0.B13", "0.B31", "0.A7", "0.F2",
    ] {
        let mut auto = Solver::new(Method::Auto, Control::new());
        let mut search = Solver::new(Method::Search, Control::new());
        for k in 0..6 {
            let n = 1100 + next() % 300;
            let other = next() % 8;
            let text = match k % 3 {
                0 => format!("{name}({n})"),
                1 => format!("{name}({n}) + nim({other})"),
                _ => format!("{name}({n},{other})"),
            };
            let pos = parse_position(&text).unwrap();
            let all = k % 2 == 0;
            let a = auto.moves(&pos, all).unwrap();
            let s = search.moves(&pos, all).unwrap();
            assert_eq!(a.value.value_text(), s.value.value_text(), "{text}");
            assert_eq!(strings(&a.winning), strings(&s.winning), "{text}");
            assert_eq!(a.winning_total, s.winning_total, "{text}");
            assert_eq!(a.options_total, s.options_total, "{text}");
            let opts = |m: &crate::solve::Moves| {
                m.options.as_ref().map(|o| {
                    o.iter()
                        .map(|(p, v)| format!("{p} {}", v.value_text()))
                        .collect::<Vec<_>>()
                })
            };
            assert_eq!(opts(&a), opts(&s), "{text}");
        }
        assert!(!auto.periods_used().is_empty(), "{name}: the period found the moves");
    }
    // 0.B at 10^18: G(n) = n mod 2, so every split of 10^18 − 1 in three (an odd
    // number of odd parts) and the one heap 10^18 − 1 have value 1, as nim(1) asks:
    // round((10^18 − 1)²/12) + 1, and nim(1) → nim(0).
    let mut solver = Solver::new(Method::Auto, Control::new());
    let m = solver
        .moves(&parse_position("0.B(10^18) + nim(1)").unwrap(), false)
        .unwrap();
    let n: u128 = 1_000_000_000_000_000_000 - 1;
    let threes = (n * n + 6) / 12;
    assert_eq!(m.winning_total, (threes + 2).into());
    assert_eq!(m.winning.len(), 1001);
    assert_eq!(
        m.winning[1].to_string(),
        "take-and-break[0.B](1,1,999999999999999997) + nim(1)"
    );
}

/// Heaps far beyond any table: values, winning moves with their exact counts, and the
/// count of every option, checked against the residues by hand for Kayles
/// (Periodicity(12, 71, 0)).
#[test]
fn kayles_at_ten_to_the_eighteen() {
    let mut solver = Solver::new(Method::Auto, Control::new());
    let pos = parse_position("kayles(10^18) + kayles(5)").unwrap();
    let m = solver.moves(&pos, true).unwrap();
    // G(10^18) = G(71 + (10^18 − 71) mod 12) = G(71 + 9) = G(80) = 1, G(5) = 4.
    assert_eq!(m.value.value_text(), "5");
    let p = solver.periods_used()[0].clone();
    assert_eq!(p.value(1_000_000_000_000_000_000), p.value(80));
    // Every option of kayles(10^18): one heap after taking 1 or 2, and the splits
    // a + b = 10^18 − j, a ≤ b; of kayles(5): 4, 1 + 3, 2 + 2 (taking 1) and 3, 1 + 2
    // (taking 2); at most 1000 listed per heap.
    let n: u128 = 1_000_000_000_000_000_000;
    let total = 2 + (n - 1) / 2 + (n - 2) / 2 + 3 + 2;
    assert_eq!(m.options_total, Some(num_bigint::BigUint::from(total)));
    assert_eq!(m.options.as_ref().unwrap().len(), 1000 + 5);
    // The winning moves of the big heap: every split of the target value 4 counted by
    // hand from the residues (and the small a below the preperiod).
    let g = |x: u64| p.value(x).to_u64().unwrap();
    let mut wins = 0u128;
    for j in 1..=2u64 {
        let m = 1_000_000_000_000_000_000 - j;
        if g(m) == 4 {
            wins += 1;
        }
        for a in 1..71 {
            if g(a) ^ g(m - a) == 4 {
                wins += 1;
            }
        }
        for r in 0..12 {
            let a0 = 71 + r;
            if g(a0) ^ g(m - a0) == 4 {
                wins += ((m / 2 - a0) / 12 + 1) as u128;
            }
        }
    }
    let in_small = 1; // kayles(5) → kayles(4), of value 1 = G(10^18).
    assert_eq!(m.winning_total, num_bigint::BigUint::from(wins + in_small));
    assert!(solver.periods_used()[0]
        .source()
        .starts_with("by the proven period (12, 71, 0), Guy–Smith"));
}

/// Method search forces the table: a heap of 10^18 is refused by the estimate, never
/// answered from a period.
#[test]
fn search_forces_the_table() {
    let mut solver = Solver::new(Method::Search, Control::new());
    let e = solver.value(&parse_position("kayles(10^18)").unwrap()).unwrap_err();
    assert!(matches!(e, crate::Error::TooLarge { .. }), "{e}");
}

/// A sequence far out comes from the period, its source says so, and the heaps of the
/// table come from the table.
#[test]
fn sequences_beyond_the_proof() {
    let rs = crate::catalog::parse_ruleset("dawsons-kayles").unwrap();
    let mut solver = Solver::new(Method::Auto, Control::new());
    let far = solver
        .sequence(&rs, Some(1_000_000_000_000_000), 1_000_000_000_000_100)
        .unwrap();
    assert_eq!(far.len(), 101);
    assert!(matches!(far.values, crate::solve::SequenceValues::Period { .. }));
    let src = far.source.as_deref().unwrap();
    assert!(
        src.starts_with("heaps 1000000000000000..=1000000000000100 by the proven period (34, 53, 0)"),
        "{src}"
    );
    let mut search = Solver::new(Method::Search, Control::new());
    let near = search.sequence(&rs, Some(4000), 4100).unwrap();
    let again = solver.sequence(&rs, Some(4000), 4100).unwrap();
    for i in 0..near.len() {
        assert_eq!(near.value_text(i), again.value_text(i));
        // 10^15 − 4000 is a multiple of 34 plus 10^15 mod 34 − 4000 mod 34.
        let shift = (1_000_000_000_000_000u64 - 4000) % 34;
        let j = i as u64 + 34 - shift;
        if j < 101 {
            assert_eq!(near.value_text(i), far.value_text(j as usize));
        }
    }
    // Below the proof: the table, no source.
    let short = Solver::new(Method::Auto, Control::new())
        .sequence(&rs, None, 100)
        .unwrap();
    assert!(short.source.is_none() && matches!(short.values, crate::solve::SequenceValues::Table(_)));
}

/// A search that proves its period early is never refused for the work of a range it
/// would not reach (0.F is proven at heap 9; its table to 20000 is about 2·10^11
/// options), and one that would pass the limit stops at the step that does, keeping
/// the heaps examined.
#[test]
fn the_search_checks_each_doubling_step() {
    let rs = crate::catalog::parse_ruleset("0.F").unwrap();
    let rs = rs.as_heap("period").unwrap();
    let ctl = Control::new().with_work_limit(100_000_000);
    let r = detect::search(rs.as_ref(), 0, 20_000, &ctl).unwrap();
    assert!(r.certificate.is_some() && r.to < 2048, "{:?}", r.found);
    // Under a limit below the first step's 1024 heaps the first step shrinks: 0.F is
    // proven at heap 9 within 10^6 (it was refused for heaps 0..=1023), and kayles at
    // heap 167 within 3·10^4; a limit that 16 heaps do not fit is refused for the
    // whole first step.
    for (code, limit) in [("0.F", 1_000_000), ("kayles", 30_000)] {
        let rs = crate::catalog::parse_ruleset(code).unwrap();
        let rs = rs.as_heap("period").unwrap();
        let r = detect::search(rs.as_ref(), 0, 20_000, &Control::new().with_work_limit(limit)).unwrap();
        assert!(r.certificate.is_some(), "{code}: {:?}", r.found);
    }
    let kayles = crate::catalog::parse_ruleset("kayles").unwrap();
    let kayles = kayles.as_heap("period").unwrap();
    let e = detect::search(kayles.as_ref(), 0, 20_000, &Control::new().with_work_limit(1000)).unwrap_err();
    assert!(e.to_string().contains("the period search of kayles to 1023"), "{e}");
    // 0.16 can be proven but has no known period: at 64 units a heap (its sparse
    // engine), the steps to 1023 and 2047 fit a limit of 200000 and the step to 4095
    // does not: it is refused, after the heaps of the steps before.
    let ctl = Control::new().with_work_limit(200_000);
    let open = crate::catalog::parse_ruleset("0.16").unwrap();
    let open = open.as_heap("period").unwrap();
    let (partial, stopped) = detect::search_partial(open.as_ref(), 0, 1_000_000, &ctl).unwrap();
    assert!(matches!(stopped, Some(crate::Error::TooMuchWork { .. })), "{stopped:?}");
    assert_eq!(partial.to, 2047);
    // 0.7? can prove nothing (a modifier): the whole range is checked up front and
    // refused before any heap is computed, not step by step.
    let plus = crate::catalog::parse_ruleset("0.7?").unwrap();
    let plus = plus.as_heap("period").unwrap();
    let e = detect::search_partial(plus.as_ref(), 0, 1_000_000, &ctl).unwrap_err();
    assert!(matches!(e, crate::Error::TooMuchWork { .. }), "{e}");
    // So is subtraction[2^64 − 1]: its shortest proof needs 2^64 − 1 heaps (it used to
    // double its table for minutes instead of being refused at once).
    let huge = crate::catalog::parse_ruleset("subtraction[18446744073709551615]").unwrap();
    let huge = huge.as_heap("period").unwrap();
    let e = detect::search_partial(huge.as_ref(), 0, u64::MAX, &Control::new()).unwrap_err();
    assert!(matches!(e, crate::Error::TooLarge { .. }), "{e}");
}
