//! Censuses of octal games against the published tables: tczajka/octal-games
//! (TrivialGames.md, SolvedGames.md, UnsolvedGames.md, GameLookup.md), Winning Ways'
//! game locator (vol. 1 ch. 4) and Flammenkamp's octal tables, with the errata tczajka
//! reports. Quick: every code of `octal:2`; `--full`: `octal:3` and every nontrivial
//! solved game to the heaps its proof needs. The misère census of `octal:2`
//! (`census --play misere`) against what Plambeck & Siegel (2008) and Siegel (2007)
//! state of misère quotients of octal games.

use crate::claim::{Claim, Ctx, Kind};
use crate::engine;
use crate::error::Result;
use crate::outcome::{Outcome, Verdict};
use grundy::analysis::census::misere::{MisereRow, MisereStatus};
use grundy::analysis::census::{short_name, Row, Status};

/// tczajka's trivial games (TrivialGames.md): game, prefix (preperiod), period.
const TRIVIAL: &[(&str, u64, u64)] = &[
    ("4", 0, 2),
    (".1", 2, 1),
    (".4", 52, 34),
    (".02", 0, 4),
    (".11", 3, 1),
    (".12", 1, 4),
    (".15", 1, 10),
    (".17", 33, 34),
    (".22", 0, 3),
    (".26", 0, 4),
    (".31", 3, 2),
    (".32", 1, 3),
    (".34", 7, 8),
    (".35", 1, 6),
    (".44", 141, 24),
    (".51", 1, 1),
    (".52", 4, 4),
    (".53", 11, 9),
    (".54", 3, 7),
    (".57", 1, 4),
    (".71", 3, 2),
    (".72", 1, 4),
    (".75", 1, 2),
    (".77", 71, 12),
    ("4.3", 2, 2),
    (".002", 0, 6),
    (".017", 14, 60),
    (".022", 0, 5),
    (".044", 211, 36),
    (".045", 187, 32),
    (".051", 47, 48),
    (".055", 258, 148),
    (".101", 4, 1),
    (".102", 1, 6),
    (".111", 4, 1),
    (".112", 1, 6),
    (".115", 1, 14),
    (".116", 139, 96),
    (".121", 4, 4),
    (".122", 1, 5),
    (".123", 5, 5),
    (".124", 122, 62),
    (".131", 4, 4),
    (".132", 1, 5),
    (".134", 60, 62),
    (".141", 14, 11),
    (".144", 4, 10),
    (".145", 3, 9),
    (".147", 3, 8),
    (".152", 2, 48),
    (".153", 16, 14),
    (".154", 4, 11),
    (".157", 1, 6),
    (".171", 12, 11),
    (".173", 21, 40),
    (".176", 24, 8),
    (".226", 20, 5),
    (".312", 5, 2),
    (".316", 4, 12),
    (".331", 4, 3),
    (".332", 1, 4),
    (".351", 1, 8),
    (".353", 4, 2),
    (".373", 2, 28),
    (".375", 37, 18),
    (".512", 3, 6),
    (".524", 1, 52),
    (".532", 7, 5),
    (".536", 1, 5),
    (".772", 8, 4),
    ("4.12", 6, 7),
    ("4.72", 1, 3),
    ("4.005", 30, 79),
    ("4.024", 1, 60),
    ("4.102", 8, 10),
    ("4.122", 6, 7),
    ("4.304", 25, 21),
    ("4.323", 4, 4),
    ("4.444", 142, 24),
    ("4.722", 4, 4),
    ("4.726", 5, 16),
    ("4.766", 19, 20),
];

/// A nontrivial solved game (SolvedGames.md): preperiod, period, largest index, largest
/// value, and the heap the census computes it to (past the end of its proof).
struct Solved {
    game: &'static str,
    preperiod: u64,
    period: u64,
    largest_at: u64,
    largest: u64,
    to: u64,
    by: &'static str,
}

const SOLVED: &[Solved] = &[
    Solved {
        game: "0.45",
        preperiod: 498,
        period: 20,
        largest_at: 37,
        largest: 8,
        to: 1 << 12,
        by: "",
    },
    Solved {
        game: "0.156",
        preperiod: 3479,
        period: 349,
        largest_at: 1032,
        largest: 23,
        to: 1 << 14,
        by: "Kenyon 1967",
    },
    Solved {
        game: "0.356",
        preperiod: 7315,
        period: 142,
        largest_at: 86,
        largest: 19,
        to: 1 << 15,
        by: "Austin 1976",
    },
    Solved {
        game: "0.644",
        preperiod: 3256,
        period: 442,
        largest_at: 333,
        largest: 64,
        to: 1 << 14,
        by: "Austin 1976",
    },
    Solved {
        game: "0.165",
        preperiod: 5181,
        period: 1550,
        largest_at: 620,
        largest: 25,
        to: 1 << 15,
        by: "Austin 1976",
    },
    Solved {
        game: "0.16",
        preperiod: 105_351,
        period: 149_459,
        largest_at: 229_790,
        largest: 23,
        to: 1 << 20,
        by: "Gangolli & Plambeck 1989",
    },
    Solved {
        game: "0.56",
        preperiod: 326_640,
        period: 144,
        largest_at: 22_778,
        largest: 64,
        to: 1 << 20,
        by: "Gangolli & Plambeck 1989",
    },
    Solved {
        game: "0.127",
        preperiod: 46_578,
        period: 4,
        largest_at: 24_734,
        largest: 56,
        to: 1 << 17,
        by: "Gangolli & Plambeck 1989",
    },
    Solved {
        game: "0.376",
        preperiod: 2_268_248,
        period: 4,
        largest_at: 341_612,
        largest: 176,
        to: 1 << 23,
        by: "Gangolli & Plambeck 1989",
    },
    Solved {
        game: "0.354",
        preperiod: 10_061_916,
        period: 1180,
        largest_at: 1152,
        largest: 113,
        to: 1 << 25,
        by: "Flammenkamp 2002",
    },
];

/// tczajka's unsolved games with at most two digits (UnsolvedGames.md).
const UNSOLVED_2: &[&str] = &["0.6", "0.04", "0.06", "0.14", "0.36", "0.64", "0.74", "0.76"];

/// tczajka's unsolved games with three digits (UnsolvedGames.md), as he writes them.
const UNSOLVED_3: &[&str] = &[
    ".004", ".005", ".006", ".014", ".015", ".016", ".024", ".026", ".034", ".054", ".064", ".104", ".106", ".114",
    ".125", ".126", ".135", ".136", ".142", ".143", ".146", ".161", ".162", ".163", ".164", ".166", ".167", ".172",
    ".174", ".204", ".205", ".206", ".207", ".224", ".244", ".245", ".264", ".314", ".324", ".334", ".336", ".342",
    ".344", ".346", ".362", ".364", ".366", ".371", ".374", ".404", ".414", ".416", ".444", ".454", ".564", ".604",
    ".606", ".744", ".764", ".774", ".776", "4.004", "4.007", "4.026", "4.044", "4.045", "4.064", "4.324", "4.327",
    "4.344", "4.364", "4.367", "4.404", "4.406",
];

/// tczajka's representative of a code with one or two digits (GameLookup.md).
fn lookup_rep(game: &str) -> Option<&'static str> {
    let (prefix, last) = game.split_at(game.len().checked_sub(1)?);
    let d: usize = last.parse().ok()?;
    let (_, reps) = LOOKUP.iter().find(|(p, _)| *p == prefix)?;
    let rep = *reps.get(d.checked_sub(1)?)?;
    Some(if rep == "-" { "" } else { rep })
}

/// tczajka's lookup tables (GameLookup.md) for the codes with one and two digits: the
/// row prefix, then the representative of digits 1 to 7 (`-`: its own).
const LOOKUP: &[(&str, [&str; 7])] = &[
    (".", ["-", "4", "4", "-", "4", "-", "4"]),
    ("4.", [".51", "4", "-", ".77", ".51", ".77", ".75"]),
    (".0", [".1", "-", ".02", "-", "4", "-", ".4"]),
    (".1", ["-", "-", ".02", "-", "-", "-", "-"]),
    (".2", ["4", "-", ".22", "4", "4", "-", ".26"]),
    (".3", ["-", "-", ".22", "-", "-", "-", ".6"]),
    (".4", [".17", ".4", ".17", "-", "-", ".44", ".45"]),
    (".5", ["-", "-", "-", "-", ".51", "-", "-"]),
    (".6", [".6", ".6", ".6", "-", ".64", ".64", ".64"]),
    (".7", ["-", "-", ".26", "-", "-", "-", "-"]),
    ("4.0", ["4", ".26", ".26", "4", "4", ".26", ".26"]),
    ("4.1", [".51", "-", "4.12", ".51", ".51", ".57", ".57"]),
    ("4.2", ["4", ".26", ".26", "4", "4", ".26", ".26"]),
    ("4.3", ["4.3", ".332", ".332", "4.3", "4.3", ".332", ".332"]),
    ("4.4", [".77", ".77", ".77", ".776", ".776", ".776", ".776"]),
    ("4.5", [".51", ".57", ".57", ".51", ".51", ".57", ".57"]),
    ("4.6", [".77", ".77", ".77", ".776", ".776", ".776", ".776"]),
    ("4.7", [".75", "-", "4.72", ".75", ".75", "4.72", "4.72"]),
];

/// The census claims.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim::new(
            "101-census-trivial",
            "tczajka/octal-games, TrivialGames.md",
            "the trivial games (periods found from the first 1000 values) with their preperiods and periods, as tczajka lists the representatives of their classes (his prefixes count the heaps of the game shifted past its leading zeros)",
            Kind::Custom(trivial),
        ),
        Claim::new(
            "101-census-lookup",
            "tczajka/octal-games, GameLookup.md (Winning Ways vol. 1 ch. 4 maps .27 to .06; tczajka: to .26)",
            "the equivalences of the lookup tables for the codes with one and two digits: each code and the representative of its class",
            Kind::Custom(lookup),
        ),
        Claim::new(
            "101-census-solved",
            "tczajka/octal-games, SolvedGames.md (Kenyon 1967; Austin 1976; Gangolli & Plambeck 1989; Flammenkamp 2002)",
            "the nontrivial solved games with their preperiods, periods and largest values (quick: those with two digits, .45, .16, .56)",
            Kind::Custom(solved),
        ),
        Claim::new(
            "101-census-unsolved",
            "tczajka/octal-games, UnsolvedGames.md",
            "the unsolved games with at most two digits are .6, .04, .06, .14, .36, .64, .74 and .76",
            Kind::Custom(unsolved),
        ),
        Claim::new(
            "101-census-misere",
            "Plambeck & Siegel, Misère quotients for impartial games, JCTA 115 (2008) (0.75 has the quotient R₈; every misère quotient of impartial games has even order, as Rubinstein-Salzedo & Zhou, arXiv:2603.18244, restate it); Siegel, answering questions on MisereSolver (miseregames.wordpress.com, 28 August 2007: Q₃₀(0.07) has order 360)",
            "the misère census of octal:2: 0.75 is solved with the wild quotient R₈, of order 8 with |P| = 2; every quotient Q_n with a move has even order; (--full) Q₃₀ of 0.07 has order 360. The other orders are computed, not published",
            Kind::Custom(misere_census),
        ),
        Claim::new(
            "101-erratum-161-36",
            "tczajka/octal-games (an erratum of Flammenkamp's tables, which equate .161 and .36)",
            ".161 and .36 are different games: their values first differ at heap 519",
            Kind::Custom(differ_161_36),
        ),
        Claim::new(
            "101-erratum-314-31",
            "tczajka/octal-games (an erratum of Winning Ways' game locator, which maps .314 to .31)",
            ".314 is not .31: their values differ",
            Kind::Custom(differ_314_31),
        ),
    ]
}

/// The census the claims compare: `octal:2` to 4096 heaps (quick), `octal:3` to 2^16
/// (full).
fn census(c: &Ctx) -> Result<(String, Vec<Row>)> {
    let (family, to) = if c.context.full {
        ("octal:3", 1 << 16)
    } else {
        ("octal:2", 1 << 12)
    };
    Ok((format!("{family} to heap {to}"), engine::census(family, to, c.ctl())?))
}

fn representatives(rows: &[Row]) -> impl Iterator<Item = &Row> {
    rows.iter().filter(|r| r.class.as_deref() == Some(r.code.as_str()))
}

fn trivial(c: &Ctx) -> Result<Outcome> {
    let (range, rows) = census(c)?;
    let mut bad = Vec::new();
    let mut compared = 0;
    for (game, pre, per) in TRIVIAL {
        let Some(r) = rows.iter().find(|r| short_name(&r.code) == *game) else {
            continue;
        };
        compared += 1;
        // tczajka prints the values of the game shifted past its leading zeros (heap
        // sizes reduced while a heap of one cannot be taken): his prefix counts from
        // the census's offset.
        let shifted = r.preperiod.map(|p| p.saturating_sub(r.offset));
        let ours = (r.status, shifted, r.period);
        if ours != (Status::Trivial, Some(*pre), Some(*per)) {
            bad.push(format!(
                "{game}: tczajka {pre}, {per}; grundy {} {} (offset {}), {}",
                r.status.as_str(),
                r.preperiod.map_or("-".into(), |p| p.to_string()),
                r.offset,
                r.period.map_or("-".into(), |p| p.to_string())
            ));
        }
    }
    let listed: Vec<&str> = TRIVIAL.iter().map(|t| t.0).collect();
    for r in representatives(&rows).filter(|r| r.status == Status::Trivial) {
        let name = short_name(&r.code);
        // 4.32 stands for tczajka's .332 in octal:2 (its class's simplest code there).
        if !listed.contains(&name) && !lookup_rep(name).is_some_and(|t| listed.contains(&t)) {
            bad.push(format!(
                "{}: trivial in grundy's census, not listed by tczajka",
                short_name(&r.code)
            ));
        }
    }
    let trivial_count = rows.iter().filter(|r| r.status == Status::Trivial).count();
    Ok(Outcome::all_hold(
        &bad,
        format!(
            "{compared} of tczajka's trivial games compared; {} codes, {trivial_count} trivial, in {} classes",
            rows.len(),
            representatives(&rows).count()
        ),
        range,
        "tczajka's preperiods and periods",
    ))
}

fn lookup(c: &Ctx) -> Result<Outcome> {
    let rows = engine::census("octal:2", 1 << 12, c.ctl())?;
    let mut bad = Vec::new();
    let mut compared = 0;
    let mut pairs: Vec<(String, String, String)> = Vec::new();
    for (prefix, reps) in LOOKUP {
        for (d, rep) in reps.iter().enumerate() {
            let game = format!("{prefix}{}", d + 1);
            let Some(r) = rows.iter().find(|r| short_name(&r.code) == game) else {
                continue;
            };
            compared += 1;
            let ours = short_name(r.class.as_deref().unwrap_or_default()).to_string();
            let want = if *rep == "-" { game.clone() } else { rep.to_string() };
            pairs.push((game, want, ours));
        }
    }
    // A representative with three digits (.332, .776) is not a code of octal:2: there
    // the class's simplest two-digit code represents it, so classes are compared as
    // partitions (two codes in one class for tczajka iff for grundy), and
    // representatives where tczajka's is a code of octal:2.
    let in_family = |g: &str| rows.iter().any(|r| short_name(&r.code) == g);
    for (game, want, ours) in &pairs {
        if in_family(want) && want != ours {
            bad.push(format!("{game}: tczajka {want}, grundy {ours}"));
        }
    }
    for (i, a) in pairs.iter().enumerate() {
        for b in &pairs[i + 1..] {
            if (a.1 == b.1) != (a.2 == b.2) {
                bad.push(format!(
                    "{} and {}: tczajka {} and {}, grundy {} and {}",
                    a.0, b.0, a.1, b.1, a.2, b.2
                ));
            }
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        format!("{compared} codes compared with tczajka's lookup tables (.27 → .26 among them)"),
        "octal:2 to heap 4096".to_string(),
        "tczajka's representatives",
    ))
}

fn solved(c: &Ctx) -> Result<Outcome> {
    let mut bad = Vec::new();
    let mut seen = Vec::new();
    for s in SOLVED.iter().filter(|s| c.context.full || s.game.len() <= 4) {
        let r = engine::census_code(s.game, s.to, c.ctl())?;
        let ours = (r.preperiod, r.period, r.largest_at, r.largest_value);
        let want = (Some(s.preperiod), Some(s.period), s.largest_at, s.largest);
        seen.push(format!(
            "{} {} (preperiod {}, period {}, to {}; rare {} {} last {}){}",
            short_name(s.game),
            r.status.as_str(),
            r.preperiod.unwrap_or(0),
            r.period.unwrap_or(0),
            r.to,
            r.rare_mask.as_deref().unwrap_or("-"),
            r.rare_count.unwrap_or(0),
            r.last_rare.unwrap_or(0),
            if s.by.is_empty() {
                String::new()
            } else {
                format!(" [{}]", s.by)
            }
        ));
        if r.status == Status::Open || ours != want {
            bad.push(format!(
                "{}: published preperiod {}, period {}, largest {} at {}; grundy {} preperiod {:?}, period {:?}, largest {} at {}",
                short_name(s.game),
                s.preperiod,
                s.period,
                s.largest,
                s.largest_at,
                r.status.as_str(),
                r.preperiod,
                r.period,
                r.largest_value,
                r.largest_at
            ));
        }
    }
    Ok(Outcome::all_hold(
        &bad,
        seen.join("; "),
        "each game to the heap its proof needs".to_string(),
        "the published preperiods, periods and largest values",
    ))
}

fn unsolved(c: &Ctx) -> Result<Outcome> {
    let rows = engine::census("octal:2", 1 << 12, c.ctl())?;
    let open: Vec<&str> = representatives(&rows)
        .filter(|r| r.status == Status::Open)
        .map(|r| r.code.as_str())
        .collect();
    let needs_more: Vec<&str> = SOLVED.iter().map(|s| s.game).collect();
    let mut bad: Vec<String> = UNSOLVED_2
        .iter()
        .filter(|g| !open.contains(g))
        .map(|g| format!("{}: unsolved for tczajka, not open here", short_name(g)))
        .collect();
    bad.extend(
        open.iter()
            .filter(|g| !UNSOLVED_2.contains(g) && !needs_more.contains(g))
            // A representative of a class whose simplest code has three digits (4.44 is
            // .776 for tczajka): that code's status.
            .filter(|g| !lookup_rep(short_name(g)).is_some_and(|r| UNSOLVED_3.contains(&r)))
            .map(|g| format!("{}: open here, solved or trivial for tczajka", short_name(g))),
    );
    let shown: Vec<&str> = open.iter().map(|g| short_name(g)).collect();
    let outcome = Outcome::all_hold(
        &bad,
        format!(
            "open representatives at heap 4096: {} (.16 and .56 are proven only from about 510,000 and 653,000 heaps: 101-census-solved)",
            shown.join(", ")
        ),
        "octal:2 to heap 4096".to_string(),
        "tczajka's unsolved games",
    );
    Ok(match outcome.verdict {
        Verdict::Holds => Outcome::consistent(outcome.computed, outcome.range),
        _ => outcome,
    })
}

/// The misère census of `octal:2`: quick, every code to heap 24 within 10^6 work;
/// full, to heap 32 within 10^8 (0.07 then reaches heap 30).
fn misere_census(c: &Ctx) -> Result<Outcome> {
    let (to, work) = if c.context.full {
        (32, 100_000_000)
    } else {
        (24, 1_000_000)
    };
    let rows = engine::misere_census("octal:2", to, work, c.ctl())?;
    let row = |code: &str| rows.iter().find(|r| r.code == code);
    let mut bad = Vec::new();
    match row("0.75") {
        Some(r) if (r.status, r.order, r.p_size, r.tame.as_str()) == (MisereStatus::Solved, 8, 2, "wild") => {}
        Some(r) => bad.push(format!(
            "0.75: published solved, order 8, |P| = 2, wild; grundy {} order {}, |P| = {}, {}",
            r.status.as_str(),
            r.order,
            r.p_size,
            r.tame
        )),
        None => bad.push("0.75 is not in the census".into()),
    }
    // Every quotient of a set with a nonzero game (each change, and each row's last).
    for r in &rows {
        let odd: Vec<String> = r
            .changes
            .iter()
            .map(|ch| (ch.heap, ch.order))
            .chain((r.order > 1).then_some((r.to, r.order)))
            .filter(|&(_, order)| order % 2 == 1)
            .map(|(heap, order)| format!("|Q_{heap}| = {order}"))
            .collect();
        if !odd.is_empty() {
            bad.push(format!("{}: odd order {}", short_name(&r.code), odd.join(", ")));
        }
    }
    // |Q₃₀(0.07)|: the order after the last change at a heap ≤ 30.
    let q30 = row("0.07")
        .filter(|r| r.to >= 30)
        .map(|r| r.changes.iter().rev().find(|ch| ch.heap <= 30).map_or(1, |ch| ch.order));
    match q30 {
        Some(360) | None => {}
        Some(n) => bad.push(format!("0.07: published |Q₃₀| = 360, grundy {n}")),
    }
    let (solved, partial) = grundy::analysis::census::misere::counts(&rows);
    let by_budget = rows.iter().filter(|r| r.stopped.is_some()).count();
    let tame = rows.iter().filter(|r| r.tame != "wild").count();
    let show = |code: &str| {
        row(code).map_or(String::new(), |r: &MisereRow| {
            format!(
                "{}: {} to heap {}, |Q| = {}, |P| = {}, {}",
                short_name(code),
                r.status.as_str(),
                r.to,
                r.order,
                r.p_size,
                r.tame
            )
        })
    };
    let computed = format!(
        "{} codes: {solved} solved, {partial} partial ({by_budget} stopped by the budget); {tame} tame, {} wild; {}; {}; {}{}",
        rows.len(),
        rows.len() - tame,
        show("0.75"),
        show("0.77") + " (computed, not published)",
        show("0.07"),
        q30.map_or(String::new(), |n| format!(", |Q₃₀| = {n}"))
    );
    Ok(Outcome::all_hold(
        &bad,
        computed,
        format!("octal:2, each code to heap {to} within {work} work"),
        "the published orders",
    ))
}

/// The first heap where the sequences of `a` and `b` (each from the heap before its
/// first nonzero value, as the lookup tables compare them) differ, within `to` heaps.
fn first_difference(a: &str, b: &str, to: u64, c: &Ctx) -> Result<Option<u64>> {
    let ga = engine::table_u64(&format!("take-and-break[{a}]"), to, c.ctl())?;
    let gb = engine::table_u64(&format!("take-and-break[{b}]"), to, c.ctl())?;
    let offset = |g: &[u64]| g.iter().skip(1).position(|&v| v != 0).unwrap_or(0);
    let (oa, ob) = (offset(&ga), offset(&gb));
    Ok((0..=to as usize - oa.max(ob))
        .find(|&n| ga[n + oa] != gb[n + ob])
        .map(|n| (n + oa) as u64))
}

fn differ_161_36(c: &Ctx) -> Result<Outcome> {
    let d = first_difference("0.161", "0.36", 2000, c)?;
    Ok(Outcome::compare(
        "first difference at heap 519",
        match d {
            Some(n) => format!("first difference at heap {n}"),
            None => "no difference".into(),
        },
        "G(.161, n) against G(.36, n)",
        "heaps 0..=2000",
    ))
}

fn differ_314_31(c: &Ctx) -> Result<Outcome> {
    let d = first_difference("0.314", "0.31", 2000, c)?;
    Ok(match d {
        Some(n) => Outcome::holds(format!("the values first differ at heap {n}"), "heaps 0..=2000"),
        None => Outcome::new(
            "no difference",
            "heaps 0..=2000",
            Verdict::Disagrees {
                paper: "different games".into(),
                ours: "equal values on heaps 0..=2000".into(),
            },
        ),
    })
}
