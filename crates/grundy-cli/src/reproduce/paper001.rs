//! Checks of paper 001: MIN (Cairns & Ho).
//!
//! Four engines, from the most to the least structure-free: the plain table
//! ([`MinGrid`], mex over the options, nothing assumed), the row engine ([`MinRows`],
//! full search using the periodicity of Lemma 3, which is itself checked), the f_0/f_1
//! sieve ([`MinFacts`], values 0 and 1 only, built on Lemmas 3 and 4) and the paper's
//! own downward search (§4). Each check names the engines and ranges it used. The
//! engines are kept between checks (they only grow).

use super::{Ctx, Outcome, Spec};
use crate::output::factored;
use grundy::analysis::min::{self as checks, f_from_rows, MinCheck};
use grundy::arith::gcd;
use grundy::rulesets::min::facts::{MinFacts, Primes, UNDEFINED};
use grundy::rulesets::min::grid::MinGrid;
use grundy::rulesets::min::recursion::downward_search;
use grundy::rulesets::min::rows::MinRows;
use std::sync::{Arc, Mutex, MutexGuard};

/// Rows for the lemmas (the Section 1 statements need rows to 17226 in any mode).
fn rows_n(c: &Ctx) -> u64 {
    c.size(4000, 20000)
}
/// The sieve's range.
fn facts_n(c: &Ctx) -> u64 {
    c.size(10_000_000, 100_000_000)
}
/// The plain table's range.
fn grid_n(c: &Ctx) -> u64 {
    c.size(2000, 6000)
}
/// The paper's quadratic downward search.
fn downward_n(c: &Ctx) -> u64 {
    c.size(20_000, 100_000)
}

static ROWS: Mutex<Option<MinRows>> = Mutex::new(None);
static FACTS: Mutex<Option<Arc<MinFacts>>> = Mutex::new(None);
static GRID: Mutex<Option<Arc<MinGrid>>> = Mutex::new(None);

fn lock<T>(m: &'static Mutex<T>) -> MutexGuard<'static, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The row engine with rows 0..=n computed.
fn rows(c: &Ctx, n: u64) -> anyhow::Result<MutexGuard<'static, Option<MinRows>>> {
    let mut g = lock(&ROWS);
    g.get_or_insert_with(MinRows::new).extend_to(n, &c.ctl)?;
    Ok(g)
}

/// The cached engine in `m` if `covers` it, else a new one from `build` (the old one
/// is dropped first, to free its memory).
fn cached<T>(
    m: &'static Mutex<Option<Arc<T>>>,
    covers: impl Fn(&T) -> bool,
    build: impl FnOnce() -> grundy::Result<T>,
) -> anyhow::Result<Arc<T>> {
    let mut g = lock(m);
    if let Some(t) = g.as_ref().filter(|t| covers(t)) {
        return Ok(t.clone());
    }
    *g = None;
    let t = Arc::new(build()?);
    *g = Some(t.clone());
    Ok(t)
}

/// The sieve covering at least 0..=n.
fn facts(c: &Ctx, n: u64) -> anyhow::Result<Arc<MinFacts>> {
    cached(&FACTS, |f| f.to() >= n, || MinFacts::compute(n, &c.ctl))
}

/// The plain table covering at least 0 ≤ a ≤ b ≤ n.
fn grid(c: &Ctx, n: u64) -> anyhow::Result<Arc<MinGrid>> {
    cached(&GRID, |t| t.n() >= n, || MinGrid::new(n, &c.ctl))
}

/// One outcome from several checks of the same claim: holds if all hold, else the first
/// failure (as "ours", against the paper's claim).
fn combine(claim: &str, parts: Vec<(&str, MinCheck)>) -> Outcome {
    let computed = parts
        .iter()
        .map(|(engine, c)| format!("{engine}: {} instances", c.checked))
        .collect::<Vec<_>>()
        .join("; ");
    let range = parts
        .iter()
        .map(|(engine, c)| format!("{engine}: {}", c.range))
        .collect::<Vec<_>>()
        .join("; ");
    match parts
        .iter()
        .find_map(|(engine, c)| c.failure.as_ref().map(|f| format!("{engine}: {f}")))
    {
        None => Outcome::holds(computed, range),
        Some(f) => Outcome::check(false, computed, range, claim, f),
    }
}

fn rows_label(n: u64) -> String {
    format!("rows engine (search) a ≤ {n}")
}
fn facts_label(n: u64) -> String {
    format!("f-sieve a ≤ {n}")
}

/// The checks of paper 001.
pub fn specs() -> Vec<Spec> {
    vec![
        Spec {
            id: "001-respect1",
            source: "paper 001 §1, curious respect 1",
            claim: "for fixed a and b ≥ a − 1, G(a, b) is periodic in b with period a + 1",
            run: respect1,
        },
        Spec {
            id: "001-respect2",
            source: "paper 001 §1, curious respect 2; §4",
            claim: "the positions with nim-value 1 (and 0) can be computed recursively without the other values",
            run: respect2,
        },
        Spec {
            id: "001-sec1-prev-prime",
            source: "paper 001 §1",
            claim: "if G(a − 1, a) = 0 and a < 6240, then a + 1 is prime",
            run: sec1_prev_prime,
        },
        Spec {
            id: "001-sec1-6240",
            source: "paper 001 §1",
            claim: "G(a − 1, a) = 0 for a = 6240, and a + 1 = 6241 = 79² is not prime",
            run: sec1_6240,
        },
        Spec {
            id: "001-sec1-fermat",
            source: "paper 001 §1",
            claim: "there are only 4 values of a < 17226 with G(a − 2, a) = 0; their a + 1 are 3, 5, 17, 257",
            run: sec1_fermat,
        },
        Spec {
            id: "001-sec1-17226",
            source: "paper 001 §1",
            claim: "G(17224, 17226) = 0, and 17227 isn't a Fermat prime",
            run: sec1_17226,
        },
        Spec {
            id: "001-thm1",
            source: "paper 001 Theorem 1",
            claim: "for all a ≥ 1, G(a, a) = 1 iff a + 1 is prime",
            run: theorem1,
        },
        Spec {
            id: "001-rem2-diagonal",
            source: "paper 001 Remark 2",
            claim: "for a > 0, G(a, a) ≠ 0",
            run: remark2_diagonal,
        },
        Spec {
            id: "001-rem2-row1",
            source: "paper 001 Remark 2",
            claim: "G(1, a) = 0 iff a is even",
            run: remark2_row1,
        },
        Spec {
            id: "001-lem3a",
            source: "paper 001 Lemma 3(a)",
            claim: "for a ≥ 1 and b ≥ 2a, G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1))",
            run: |c| lemma3(c, true),
        },
        Spec {
            id: "001-lem3b",
            source: "paper 001 Lemma 3(b)",
            claim: "for a ≥ 1 and b ≥ a − 1, {G(a,b), G(a,b+1), …, G(a,b+a)} = {0, 1, …, a}",
            run: |c| lemma3(c, false),
        },
        Spec {
            id: "001-lem3-below",
            source: "paper 001 §2, after Lemma 3",
            claim: "in general, G(a, b + a + 1) = G(a, b) is not true for b < a − 1",
            run: lemma3_below,
        },
        Spec {
            id: "001-lem4",
            source: "paper 001 Lemma 4",
            claim: "for a > 0: (a) G(a, f_0(a) − 1) = 0; (b) if f_1(a) > 0 then G(a, f_1(a) − 1) = 1",
            run: lemma4,
        },
        Spec {
            id: "001-rem5",
            source: "paper 001 Remark 5",
            claim: "for all a, G(a, a + 1) ≠ 1; thus if f_1(a) > 0 then f_1(a) ≥ 2",
            run: remark5,
        },
        Spec {
            id: "001-lem6",
            source: "paper 001 Lemma 6",
            claim: "for j = 0, 1, if f_j(a) > 0 then f_j(f_j(a) − 1) = R_{f_j(a)}(a + 1)",
            run: lemma6,
        },
        Spec {
            id: "001-lem7",
            source: "paper 001 Lemma 7",
            claim: "for a ≥ 1, if G(a, a) ≠ 1 then gcd(f_1(a), a + 1) > 1",
            run: lemma7,
        },
        Spec {
            id: "001-lem8a",
            source: "paper 001 Lemma 8(a)",
            claim: "for 1 ≤ a ≤ b, if G(a, b) = 0 then gcd(a + 1, b + 1) = 1",
            run: |c| lemma8(c, Part8::A),
        },
        Spec {
            id: "001-lem8b",
            source: "paper 001 Lemma 8(b)",
            claim: "for 1 ≤ a ≤ b, if G(a, b) = 1 then gcd(a + 1, b + 1) is a prime number",
            run: |c| lemma8(c, Part8::B),
        },
        Spec {
            id: "001-lem8c",
            source: "paper 001 Lemma 8(c)",
            claim: "for 1 ≤ a ≤ b with a + 1 prime, G(a, b) = 1 iff a + 1 divides b + 1",
            run: |c| lemma8(c, Part8::C),
        },
        Spec {
            id: "001-sec4-largest",
            source: "paper 001 §4",
            claim: "if f_1(a) > 0, f_1(a) − 1 is the largest c < a with G(a, c) = 1 (likewise for 0, by Lemma 4(a))",
            run: sec4_largest,
        },
        Spec {
            id: "001-sec4-recursion",
            source: "paper 001 §4",
            claim: "f_1 (and f_0) can be computed by searching (a, a − i), i = 1, 2, …, for the first position of value 1 (0)",
            run: sec4_recursion,
        },
    ]
}

fn respect1(c: &Ctx) -> anyhow::Result<Outcome> {
    let g = grid(c, grid_n(c))?;
    let p = checks::least_periods_on_grid(&g);
    Ok(combine(
        "least period a + 1",
        vec![("plain table (no structure assumed)", p)],
    ))
}

fn respect2(c: &Ctx) -> anyhow::Result<Outcome> {
    let (rn, gn) = (rows_n(c), grid_n(c));
    let f = facts(c, facts_n(c))?;
    let engines = {
        let r = rows(c, rn)?;
        checks::compare_engines(r.as_ref().expect("rows"), &f, rn)
    };
    let g = grid(c, gn)?;
    let mut pairs = MinCheck::new(
        "G(a, b) = j iff R_{a+1}(b − a) = f_j(a) (sieve), for j = 0, 1",
        "paper 001 §4",
        format!("every 0 ≤ a ≤ b ≤ {gn}"),
    );
    for a in 0..=gn {
        for b in a..=gn {
            let v = g.get(a, b).expect("inside the table");
            for j in 0..2 {
                let s = f.has_value(j, a, b).expect("inside the sieve");
                pairs.record(s == (v == j), || {
                    format!("G({a},{b}) = {v}, but the sieve says G = {j} is {s}")
                });
            }
        }
    }
    Ok(combine(
        "the sieve's positions of 0 and 1 are those of the full search",
        vec![("sieve vs rows engine", engines), ("sieve vs plain table", pairs)],
    ))
}

/// The a in `from..=to` with G(a − d, a) = 0, by the rows engine.
fn zeros_at_distance(r: &MinRows, d: u64, to: u64) -> Vec<u64> {
    (d..=to).filter(|&a| r.get(a - d, a) == Some(0)).collect()
}

fn sec1_prev_prime(c: &Ctx) -> anyhow::Result<Outcome> {
    let guard = rows(c, 6239)?;
    let r = guard.as_ref().expect("rows");
    let primes = Primes::new(6240);
    let zeros = zeros_at_distance(r, 1, 6239);
    let composite: Vec<u64> = zeros.iter().copied().filter(|&a| !primes.is_prime(a + 1)).collect();
    Ok(Outcome::check(
        composite.is_empty(),
        format!(
            "{} values of a < 6240 with G(a − 1, a) = 0; a + 1 composite for {}",
            zeros.len(),
            if composite.is_empty() {
                "none".to_string()
            } else {
                format!("{composite:?}")
            }
        ),
        "1 ≤ a < 6240, rows engine (search)",
        "no a < 6240 with G(a − 1, a) = 0 and a + 1 composite",
        format!("a = {composite:?}"),
    ))
}

fn sec1_6240(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = 8000;
    let guard = rows(c, to)?;
    let r = guard.as_ref().expect("rows");
    let g = r.get(6239, 6240).expect("row 6239");
    let primes = Primes::new(to + 1);
    let first = zeros_at_distance(r, 1, to)
        .into_iter()
        .find(|&a| !primes.is_prime(a + 1));
    let first_text = match first {
        Some(a) => format!(
            "the first a with G(a − 1, a) = 0 and a + 1 composite is {a} (a + 1 = {})",
            factored(a + 1)
        ),
        None => format!("no a ≤ {to} has G(a − 1, a) = 0 with a + 1 composite"),
    };
    drop(guard);
    let plain = grid(c, 6240)?.get(6239, 6240).expect("inside the table");
    let sieve = facts(c, facts_n(c))?
        .has_value(0, 6239, 6240)
        .expect("inside the sieve");
    Ok(Outcome::compare(
        "G(6239,6240) = 0",
        format!("G(6239,6240) = {g}"),
        format!(
            "G(6239, 6240) = {g} (plain table: {plain}; f-sieve: G = 0 is {sieve}); 6241 = {}; {first_text}",
            factored(6241)
        ),
        format!("rows engine (search) a ≤ {to}; plain table 0 ≤ a ≤ b ≤ 6240"),
    ))
}

fn sec1_fermat(c: &Ctx) -> anyhow::Result<Outcome> {
    let guard = rows(c, 17225)?;
    let found: Vec<u64> = zeros_at_distance(guard.as_ref().expect("rows"), 2, 17225);
    drop(guard);
    let sieve: Vec<u64> = facts(c, facts_n(c))?
        .zeros_at_distance(2)
        .into_iter()
        .take_while(|&a| a < 17226)
        .collect();
    let plus1: Vec<String> = found.iter().map(|a| (a + 1).to_string()).collect();
    let detail: Vec<String> = found
        .iter()
        .map(|&a| format!("{a} (a + 1 = {})", factored(a + 1)))
        .collect();
    let same = if sieve == found {
        "the same".to_string()
    } else {
        format!("{sieve:?}")
    };
    Ok(Outcome::compare(
        "4 values, a + 1 = 3, 5, 17, 257",
        format!("{} values, a + 1 = {}", found.len(), plus1.join(", ")),
        format!(
            "a < 17226 with G(a − 2, a) = 0: {} (the f-sieve finds {same})",
            detail.join(", ")
        ),
        "2 ≤ a < 17226, rows engine (search); f-sieve",
    ))
}

/// True if n is a Fermat number 2^(2^k) + 1.
fn is_fermat_number(n: u64) -> bool {
    (0..6).any(|k| n == (1u64 << (1u64 << k)) + 1)
}

fn sec1_17226(c: &Ctx) -> anyhow::Result<Outcome> {
    let to = 17226;
    let guard = rows(c, to)?;
    let r = guard.as_ref().expect("rows");
    let g = r.get(17224, 17226).expect("row 17224");
    let fifth = zeros_at_distance(r, 2, to).into_iter().nth(4);
    let fifth_text = match fifth {
        Some(a) => format!(
            "the fifth a with G(a − 2, a) = 0 is {a}: G({}, {a}) = 0, a + 1 = {} ({}a Fermat prime)",
            a - 2,
            factored(a + 1),
            if is_fermat_number(a + 1) && grundy::arith::is_prime(a + 1) {
                ""
            } else {
                "not "
            }
        ),
        None => format!("fewer than five a ≤ {to} have G(a − 2, a) = 0"),
    };
    let fermat = is_fermat_number(17227) && grundy::arith::is_prime(17227);
    Ok(Outcome::compare(
        "G(17224,17226) = 0; 17227 is not a Fermat prime",
        format!(
            "G(17224,17226) = {g}; 17227 is {}a Fermat prime",
            if fermat { "" } else { "not " }
        ),
        format!("G(17224, 17226) = {g}; 17227 = {}; {fifth_text}", factored(17227)),
        format!("rows engine (search) a ≤ {to}"),
    ))
}

fn theorem1(c: &Ctx) -> anyhow::Result<Outcome> {
    let rn = rows_n(c);
    let by_rows = {
        let r = rows(c, rn)?;
        checks::theorem1_rows(r.as_ref().expect("rows"), rn)
    };
    let f = facts(c, facts_n(c))?;
    Ok(combine(
        "G(a, a) = 1 iff a + 1 is prime",
        vec![
            (&rows_label(rn), by_rows),
            (&facts_label(f.to()), checks::theorem1_facts(&f)),
        ],
    ))
}

/// f_j(a) as a function of (j, a).
type FTable<'a> = &'a dyn Fn(u32, u64) -> u32;
/// A property of f_0, f_1 at a: `None` if it holds, else what fails.
type FTest<'a> = &'a dyn Fn(u64, FTable) -> Option<String>;

/// A check over 1 ≤ a ≤ n of a property of f_0, f_1 (given by `f(j, a)`).
fn f_check(claim: &str, source: &str, n: u64, f: FTable, test: FTest) -> MinCheck {
    let mut c = MinCheck::new(claim, source, format!("1 ≤ a ≤ {n}"));
    for a in 1..=n {
        let r = test(a, f);
        c.record(r.is_none(), || r.unwrap_or_default());
    }
    c
}

/// Runs `test` on f from the rows engine (a ≤ rows_n) and from the sieve (a ≤ facts_n).
fn on_both(c: &Ctx, claim: &str, source: &str, test: FTest) -> anyhow::Result<Outcome> {
    let rn = rows_n(c);
    let by_rows = {
        let guard = rows(c, rn)?;
        let r = guard.as_ref().expect("rows");
        // f_j(a) of the rows, computed once per a.
        let table: Vec<[u32; 2]> = (0..=rn).map(|a| [f_from_rows(r, 0, a), f_from_rows(r, 1, a)]).collect();
        f_check(claim, source, rn, &|j, a| table[a as usize][j as usize], test)
    };
    let fnn = facts_n(c);
    let s = facts(c, fnn)?;
    let by_sieve = f_check(claim, source, fnn, &|j, a| s.table(j)[a as usize], test);
    Ok(combine(
        claim,
        vec![(&rows_label(rn), by_rows), (&facts_label(fnn), by_sieve)],
    ))
}

fn remark2_diagonal(c: &Ctx) -> anyhow::Result<Outcome> {
    // G(a, a) = 0 iff f_0(a) = 0.
    on_both(c, "G(a, a) ≠ 0 for a > 0", "paper 001 Remark 2", &|a, f| {
        (f(0, a) == 0).then(|| format!("G({a},{a}) = 0"))
    })
}

fn remark2_row1(c: &Ctx) -> anyhow::Result<Outcome> {
    let n = grid_n(c);
    let g = grid(c, n)?;
    let mut ch = MinCheck::new(
        "G(1, a) = 0 iff a is even",
        "paper 001 Remark 2",
        format!("0 ≤ a ≤ {n}"),
    );
    for a in 0..=n {
        let v = g.get(1, a).expect("inside the table");
        ch.record((v == 0) == (a % 2 == 0), || format!("G(1,{a}) = {v}"));
    }
    Ok(combine(
        "G(1, a) = 0 iff a is even",
        vec![("plain table (no structure assumed)", ch)],
    ))
}

fn lemma3(c: &Ctx, part_a: bool) -> anyhow::Result<Outcome> {
    let rn = rows_n(c);
    let (ra, rb) = {
        let mut guard = rows(c, rn)?;
        checks::lemma3(guard.as_mut().expect("rows"), rn, &c.ctl)?
    };
    let g = grid(c, grid_n(c))?;
    let (ga, gb) = checks::lemma3_on_grid(&g);
    let (r, t) = if part_a { (ra, ga) } else { (rb, gb) };
    let claim = r.claim.clone();
    Ok(combine(
        &claim,
        vec![
            ("rows recomputed to b = 3a without their own periodicity", r),
            ("plain table (no structure assumed)", t),
        ],
    ))
}

fn lemma3_below(c: &Ctx) -> anyhow::Result<Outcome> {
    let n = grid_n(c);
    let g = grid(c, n)?;
    let (mut rows_with, mut first) = (0u64, None);
    let mut checked = 0u64;
    for a in 2..=n / 2 {
        checked += 1;
        let bad = (0..a - 1).find(|&b| g.get(a, b + a + 1) != g.get(a, b));
        if let Some(b) = bad {
            rows_with += 1;
            first.get_or_insert((a, b));
        }
    }
    let range = format!("2 ≤ a ≤ {}, 0 ≤ b < a − 1 (plain table)", n / 2);
    Ok(match first {
        Some((a, b)) => Outcome::holds(
            format!(
                "{rows_with} of {checked} rows have such a b; the first: G({a},{}) = {} but G({a},{b}) = {}",
                b + a + 1,
                g.get(a, b + a + 1).expect("inside"),
                g.get(a, b).expect("inside")
            ),
            range,
        ),
        None => Outcome::check(
            false,
            format!("G(a, b + a + 1) = G(a, b) for every b < a − 1 in all {checked} rows"),
            range,
            "some a, b < a − 1 with G(a, b + a + 1) ≠ G(a, b)",
            "none found",
        ),
    })
}

fn lemma4(c: &Ctx) -> anyhow::Result<Outcome> {
    let rn = rows_n(c);
    let guard = rows(c, rn)?;
    let r = guard.as_ref().expect("rows");
    let mut ca = MinCheck::new("G(a, f_0(a) − 1) = 0", "paper 001 Lemma 4(a)", format!("1 ≤ a ≤ {rn}"));
    let mut cb = MinCheck::new(
        "if f_1(a) > 0 then G(a, f_1(a) − 1) = 1",
        "paper 001 Lemma 4(b)",
        format!("1 ≤ a ≤ {rn}"),
    );
    for a in 1..=rn {
        let f0 = f_from_rows(r, 0, a) as u64;
        match f0.checked_sub(1) {
            Some(c0) => {
                let v = r.get(a, c0).expect("row");
                ca.record(v == 0, || format!("f_0({a}) = {f0}, G({a},{c0}) = {v}"));
            }
            None => ca.record(false, || format!("f_0({a}) = 0")),
        }
        let f1 = f_from_rows(r, 1, a) as u64;
        if f1 > 0 {
            let v = r.get(a, f1 - 1).expect("row");
            cb.record(v == 1, || format!("f_1({a}) = {f1}, G({a},{}) = {v}", f1 - 1));
        }
    }
    let label = rows_label(rn);
    Ok(combine(
        "Lemma 4 (a) and (b)",
        vec![(&format!("(a) {label}"), ca), (&format!("(b) {label}"), cb)],
    ))
}

fn remark5(c: &Ctx) -> anyhow::Result<Outcome> {
    // G(a, a + 1) = 1 iff f_1(a) = 1 (for a ≥ 1; G(0, 1) = 0).
    on_both(
        c,
        "G(a, a + 1) ≠ 1, i.e. f_1(a) ≠ 1",
        "paper 001 Remark 5",
        &|a, f| (f(1, a) == 1).then(|| format!("f_1({a}) = 1, so G({a},{}) = 1", a + 1)),
    )
}

fn lemma6(c: &Ctx) -> anyhow::Result<Outcome> {
    on_both(
        c,
        "f_j(f_j(a) − 1) = R_{f_j(a)}(a + 1) when f_j(a) > 0",
        "paper 001 Lemma 6",
        &|a, f| {
            (0..2).find_map(|j| {
                let fa = f(j, a);
                if fa == 0 {
                    return None;
                }
                let lhs = f(j, fa as u64 - 1);
                let rhs = (a + 1) % fa as u64;
                (lhs as u64 != rhs).then(|| {
                    let shown = if lhs == UNDEFINED {
                        "undefined".to_string()
                    } else {
                        lhs.to_string()
                    };
                    format!(
                        "j = {j}, a = {a}: f_j(a) = {fa}, f_j({}) = {shown}, R_{fa}({}) = {rhs}",
                        fa - 1,
                        a + 1
                    )
                })
            })
        },
    )
}

fn lemma7(c: &Ctx) -> anyhow::Result<Outcome> {
    on_both(
        c,
        "gcd(f_1(a), a + 1) > 1 when G(a, a) ≠ 1",
        "paper 001 Lemma 7",
        &|a, f| {
            let f1 = f(1, a) as u64;
            // G(a, a) ≠ 1 iff f_1(a) ≠ 0.
            (f1 != 0 && gcd(f1, a + 1) == 1).then(|| format!("a = {a}: f_1(a) = {f1}, gcd(f_1(a), a + 1) = 1"))
        },
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part8 {
    A,
    B,
    C,
}

/// Whether the pair (a, b), 1 ≤ a ≤ b, with value g satisfies the part of Lemma 8.
fn lemma8_pair(part: Part8, a: u64, b: u64, g: u32, primes: &Primes) -> Option<String> {
    match part {
        Part8::A => (g == 0 && gcd(a + 1, b + 1) != 1)
            .then(|| format!("G({a},{b}) = 0 but gcd({}, {}) = {}", a + 1, b + 1, gcd(a + 1, b + 1))),
        Part8::B => (g == 1 && !primes.is_prime(gcd(a + 1, b + 1))).then(|| {
            format!(
                "G({a},{b}) = 1 but gcd({}, {}) = {} is not prime",
                a + 1,
                b + 1,
                gcd(a + 1, b + 1)
            )
        }),
        Part8::C => (primes.is_prime(a + 1) && (g == 1) != (b + 1).is_multiple_of(a + 1))
            .then(|| format!("{} is prime, G({a},{b}) = {g}", a + 1)),
    }
}

fn lemma8(c: &Ctx, part: Part8) -> anyhow::Result<Outcome> {
    let (gn, rn) = (grid_n(c), rows_n(c));
    let primes = Primes::new(gn.max(rn) * 2 + 2);
    let g = grid(c, gn)?;
    let claim = match part {
        Part8::A => "G(a, b) = 0 ⇒ gcd(a + 1, b + 1) = 1",
        Part8::B => "G(a, b) = 1 ⇒ gcd(a + 1, b + 1) is prime",
        Part8::C => "a + 1 prime ⇒ (G(a, b) = 1 ⇔ (a + 1) | (b + 1))",
    };
    let mut on_grid = MinCheck::new(claim, "paper 001 Lemma 8", format!("every 1 ≤ a ≤ b ≤ {gn}"));
    for a in 1..=gn {
        for b in a..=gn {
            let r = lemma8_pair(part, a, b, g.get(a, b).expect("inside"), &primes);
            on_grid.record(r.is_none(), || r.unwrap_or_default());
        }
    }
    // Rows: one period a ≤ b ≤ 2a; by Lemma 3 both G(a, b) and gcd(a + 1, b + 1) depend
    // only on b mod (a + 1), so this covers every b ≥ a.
    let guard = rows(c, rn)?;
    let r = guard.as_ref().expect("rows");
    let mut on_rows = MinCheck::new(
        claim,
        "paper 001 Lemma 8",
        format!("1 ≤ a ≤ {rn}, a ≤ b ≤ 2a (every b ≥ a by Lemma 3)"),
    );
    for a in 1..=rn {
        for i in 0..=a {
            let res = lemma8_pair(part, a, a + i, r.row_value(a, i), &primes);
            on_rows.record(res.is_none(), || res.unwrap_or_default());
        }
    }
    Ok(combine(
        claim,
        vec![
            ("plain table (no structure assumed)", on_grid),
            (&rows_label(rn), on_rows),
        ],
    ))
}

fn sec4_largest(c: &Ctx) -> anyhow::Result<Outcome> {
    let rn = rows_n(c);
    let guard = rows(c, rn)?;
    let r = guard.as_ref().expect("rows");
    let mut ch = MinCheck::new(
        "f_j(a) − 1 is the largest c < a with G(a, c) = j; none if f_j(a) = 0",
        "paper 001 §4",
        format!("1 ≤ a ≤ {rn}, j = 0 and 1"),
    );
    for a in 1..=rn {
        for j in 0..2 {
            let f = f_from_rows(r, j, a);
            let largest = (0..a).rev().find(|&c| r.get(a, c) == Some(j));
            let expect = largest.map_or(0, |c| c as u32 + 1);
            ch.record(f == expect, || {
                format!("f_{j}({a}) = {f}, largest c < a with G(a, c) = {j}: {largest:?}")
            });
        }
    }
    Ok(combine("f_j(a) − 1 is the largest such c", vec![(&rows_label(rn), ch)]))
}

fn sec4_recursion(c: &Ctx) -> anyhow::Result<Outcome> {
    let n = downward_n(c);
    let f = facts(c, facts_n(c).max(n))?;
    let mut ch = MinCheck::new(
        "the paper's downward search gives the sieve's f_j",
        "paper 001 §4",
        format!("0 ≤ a ≤ {n}, j = 0 and 1"),
    );
    for j in 0..2 {
        let down = downward_search(j, n, &c.ctl)?;
        for (a, (&x, &y)) in down.iter().zip(f.table(j)).enumerate() {
            ch.record(x == y, || format!("f_{j}({a}): downward search {x}, sieve {y}"));
        }
    }
    Ok(combine(
        "the downward search and the sieve agree",
        vec![("downward search (§4) vs f-sieve", ch)],
    ))
}
