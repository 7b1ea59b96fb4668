//! The statements about MIN (paper 001), which has no closed form
//! ([`Kind::Min`](crate::Kind)); `grundy verify min` runs five of them
//! ([`verify_min_claims`]).
//!
//! Four engines, from the most to the least structure-free: the plain table
//! ([`MinGrid`], mex over the options, nothing assumed), the row engine ([`MinRows`],
//! full search using the periodicity of Lemma 3, which is itself checked), the f_0/f_1
//! sieve ([`MinFacts`], values 0 and 1 only, built on Lemmas 3 and 4) and the paper's
//! own downward search (§4). Each check names the engines and ranges it used. The
//! engines are kept between checks (they only grow).

use crate::claim::{Claim, Ctx, Kind, Min, Part8, Size};
use crate::engine::{downward_search, MinFacts, MinGrid, MinRows, Primes, UNDEFINED};
use crate::error::Result;
use crate::outcome::{Outcome, Verdict};
use grundy::analysis::periodicity::{detect, Evidence};
use grundy::arith::gcd;
use grundy::Control;
use std::sync::{Arc, Mutex, MutexGuard};

/// Rows of the row engine for the lemmas (the §1 statements need rows to 17226 in
/// any mode).
pub const ROWS: Size = Size {
    quick: 4000,
    full: 20000,
};
/// The sieve's range.
pub const FACTS: Size = Size {
    quick: 10_000_000,
    full: 100_000_000,
};
/// The plain table's range.
pub const GRID: Size = Size {
    quick: 2000,
    full: 6000,
};
/// The paper's quadratic downward search.
pub const DOWNWARD: Size = Size {
    quick: 20_000,
    full: 100_000,
};
/// The rows of the periodicity check (five periods each, plain table).
pub const PERIOD_ROWS: Size = Size { quick: 80, full: 300 };

/// Lemma 3(a), as `verify min` states it.
pub const LEMMA_3A: &str = "if b ≥ 2a then G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1))";
/// Lemma 3(b), as `verify min` states it.
pub const LEMMA_3B: &str = "if b ≥ a − 1 then {G(a,b), …, G(a,b+a)} = {0, …, a}";
const ENGINES: &str =
    "the positions of the values 0 and 1 found by the sieve (f_0, f_1 of §4) are those of the full search";
const THEOREM_1_ROWS: &str = "G(a, a) = 1 iff a + 1 is prime (full search)";
const THEOREM_1_SIEVE: &str = "G(a, a) = 1 iff a + 1 is prime (sieve for the values 0 and 1)";

/// The checks of `grundy verify min --to N`: the sieve against the rows, Theorem 1 on
/// both engines, and Lemma 3, for a ≤ `to`.
pub fn verify_min_claims(to: u64) -> Vec<Claim> {
    let row = |id: &'static str, source: &'static str, statement: &'static str, m: Min| {
        Claim::new(id, source, statement, Kind::Min(m)).on("min").sized(to, to)
    };
    vec![
        row(
            "001-verify-engines",
            "paper 001 §1 (curious respect 2), §4",
            ENGINES,
            Min::VerifyEngines,
        ),
        row(
            "001-verify-thm1-rows",
            "paper 001 Theorem 1",
            THEOREM_1_ROWS,
            Min::VerifyTheorem1Rows,
        ),
        row(
            "001-verify-thm1-sieve",
            "paper 001 Theorem 1",
            THEOREM_1_SIEVE,
            Min::VerifyTheorem1Sieve,
        ),
        row("001-verify-lem3a", "paper 001 Lemma 3(a)", LEMMA_3A, Min::VerifyLemma3A),
        row("001-verify-lem3b", "paper 001 Lemma 3(b)", LEMMA_3B, Min::VerifyLemma3B),
    ]
}

/// A statement checked on many instances: how many, and the first failure.
struct Tally {
    range: String,
    checked: u64,
    failure: Option<String>,
}

impl Tally {
    fn new(range: String) -> Tally {
        Tally {
            range,
            checked: 0,
            failure: None,
        }
    }

    fn record(&mut self, ok: bool, failure: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok && self.failure.is_none() {
            self.failure = Some(failure());
        }
    }
}

/// One outcome from several tallies of the same claim: holds if all hold, else the
/// first failure (as "ours", against `claim`).
fn combine(claim: &str, parts: Vec<(&str, Tally)>) -> Outcome {
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
    let failure = parts
        .iter()
        .find_map(|(engine, c)| c.failure.as_ref().map(|f| format!("{engine}: {f}")));
    let mut o = match failure {
        None => Outcome::holds(computed, range),
        Some(f) => Outcome::check(false, computed, range, claim, f),
    };
    o.instances = Some(parts.iter().map(|(_, c)| c.checked).sum());
    o
}

/// The outcome of one tally, unlabelled (`verify min`).
fn single(claim: &str, t: Tally) -> Outcome {
    let verdict = match t.failure {
        None => Verdict::Holds,
        Some(f) => Verdict::Disagrees {
            paper: claim.to_string(),
            ours: f,
        },
    };
    let mut o = Outcome::new(format!("{} instances", t.checked), t.range, verdict);
    o.instances = Some(t.checked);
    o
}

static ROW_ENGINE: Mutex<Option<MinRows>> = Mutex::new(None);
static SIEVE: Mutex<Option<Arc<MinFacts>>> = Mutex::new(None);
static PLAIN: Mutex<Option<Arc<MinGrid>>> = Mutex::new(None);

/// Drops the MIN engines kept between checks (the sieve of the quick mode alone holds
/// about 80 MB); the next check rebuilds what it needs.
pub fn clear_engines() {
    *lock(&ROW_ENGINE) = None;
    *lock(&SIEVE) = None;
    *lock(&PLAIN) = None;
}

fn lock<T>(m: &'static Mutex<T>) -> MutexGuard<'static, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The row engine with rows 0..=n computed.
fn rows(ctl: &Control, n: u64) -> Result<MutexGuard<'static, Option<MinRows>>> {
    let mut g = lock(&ROW_ENGINE);
    g.get_or_insert_with(MinRows::new).extend_to(n, ctl)?;
    Ok(g)
}

/// The cached engine in `m` if it `covers` the need, else a new one from `build` (the
/// old one is dropped first, to free its memory).
fn cached<T>(
    m: &'static Mutex<Option<Arc<T>>>,
    covers: impl Fn(&T) -> bool,
    build: impl FnOnce() -> grundy::Result<T>,
) -> Result<Arc<T>> {
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
fn facts(ctl: &Control, n: u64) -> Result<Arc<MinFacts>> {
    cached(&SIEVE, |f| f.to() >= n, || MinFacts::compute(n, ctl))
}

/// The plain table covering at least 0 ≤ a ≤ b ≤ n.
fn grid(ctl: &Control, n: u64) -> Result<Arc<MinGrid>> {
    cached(&PLAIN, |t| t.n() >= n, || MinGrid::new(n, ctl))
}

fn pick(c: &Ctx, s: Size) -> u64 {
    c.size(s.quick, s.full)
}

fn rows_label(n: u64) -> String {
    format!("rows engine (search) a ≤ {n}")
}

fn facts_label(n: u64) -> String {
    format!("f-sieve a ≤ {n}")
}

const PLAIN_LABEL: &str = "plain table (no structure assumed)";

/// Runs the statement `m` of the row in `c`.
///
/// # Errors
/// The engines' (memory limit, interruption).
pub(crate) fn run(c: &Ctx, m: Min) -> Result<Outcome> {
    let ctl = c.ctl();
    match m {
        Min::Respect1 => {
            let p = least_periods_on_grid(&*grid(ctl, pick(c, GRID))?);
            Ok(combine("least period a + 1", vec![(PLAIN_LABEL, p)]))
        }
        Min::Respect2 => respect2(c),
        Min::PrevPrime => prev_prime(ctl),
        Min::At6240 => at_6240(c),
        Min::Fermat => fermat(c),
        Min::At17226 => at_17226(ctl),
        Min::Theorem1 => {
            let rn = pick(c, ROWS);
            let by_rows = theorem1_rows(rows(ctl, rn)?.as_ref().expect("rows"), rn);
            let f = facts(ctl, pick(c, FACTS))?;
            Ok(combine(
                "G(a, a) = 1 iff a + 1 is prime",
                vec![(&rows_label(rn), by_rows), (&facts_label(f.to()), theorem1_facts(&f))],
            ))
        }
        // G(a, a) = 0 iff f_0(a) = 0.
        Min::Remark2Diagonal => on_both(c, "G(a, a) ≠ 0 for a > 0", &|a, f| {
            (f(0, a) == 0).then(|| format!("G({a},{a}) = 0"))
        }),
        Min::Remark2Row1 => {
            let n = pick(c, GRID);
            let g = grid(ctl, n)?;
            let mut t = Tally::new(format!("0 ≤ a ≤ {n}"));
            for a in 0..=n {
                let v = g.get(1, a).expect("inside the table");
                t.record((v == 0) == (a % 2 == 0), || format!("G(1,{a}) = {v}"));
            }
            Ok(combine("G(1, a) = 0 iff a is even", vec![(PLAIN_LABEL, t)]))
        }
        Min::Lemma3A | Min::Lemma3B => {
            let rn = pick(c, ROWS);
            let (ra, rb) = lemma3(rows(ctl, rn)?.as_mut().expect("rows"), rn, ctl)?;
            let (ga, gb) = lemma3_on_grid(&*grid(ctl, pick(c, GRID))?);
            let (claim, r, t) = if m == Min::Lemma3A {
                (LEMMA_3A, ra, ga)
            } else {
                (LEMMA_3B, rb, gb)
            };
            Ok(combine(
                claim,
                vec![
                    ("rows recomputed to b = 3a without their own periodicity", r),
                    (PLAIN_LABEL, t),
                ],
            ))
        }
        Min::Lemma3Below => lemma3_below(c),
        Min::Lemma4 => lemma4(c),
        // G(a, a + 1) = 1 iff f_1(a) = 1 (for a ≥ 1; G(0, 1) = 0).
        Min::Remark5 => on_both(c, "G(a, a + 1) ≠ 1, i.e. f_1(a) ≠ 1", &|a, f| {
            (f(1, a) == 1).then(|| format!("f_1({a}) = 1, so G({a},{}) = 1", a + 1))
        }),
        Min::Lemma6 => on_both(c, "f_j(f_j(a) − 1) = R_{f_j(a)}(a + 1) when f_j(a) > 0", &lemma6),
        Min::Lemma7 => on_both(c, "gcd(f_1(a), a + 1) > 1 when G(a, a) ≠ 1", &|a, f| {
            let f1 = f(1, a) as u64;
            // G(a, a) ≠ 1 iff f_1(a) ≠ 0.
            (f1 != 0 && gcd(f1, a + 1) == 1).then(|| format!("a = {a}: f_1(a) = {f1}, gcd(f_1(a), a + 1) = 1"))
        }),
        Min::Lemma8(part) => lemma8(c, part),
        Min::Sec4Largest => sec4_largest(c),
        Min::Sec4Recursion => sec4_recursion(c),
        Min::RowPeriod => row_period(c),
        Min::VerifyEngines => {
            let to = c.to();
            let f = facts(ctl, to)?;
            let t = compare_engines(rows(ctl, to)?.as_ref().expect("rows"), &f, to);
            Ok(single(ENGINES, t))
        }
        Min::VerifyTheorem1Rows => {
            let to = c.to();
            Ok(single(
                THEOREM_1_ROWS,
                theorem1_rows(rows(ctl, to)?.as_ref().expect("rows"), to),
            ))
        }
        Min::VerifyTheorem1Sieve => Ok(single(THEOREM_1_SIEVE, theorem1_facts(&*facts(ctl, c.to())?))),
        Min::VerifyLemma3A | Min::VerifyLemma3B => {
            let to = c.to();
            let (a, b) = lemma3(rows(ctl, to)?.as_mut().expect("rows"), to, ctl)?;
            Ok(if m == Min::VerifyLemma3A {
                single(LEMMA_3A, a)
            } else {
                single(LEMMA_3B, b)
            })
        }
    }
}

/// f_j(a) read from row a of the rows engine: the i in 0..=a with G(a, a + i) = j
/// ([`UNDEFINED`] for j = 1, a = 0). Needs row a.
fn f_from_rows(rows: &MinRows, j: u32, a: u64) -> u32 {
    (0..=a)
        .find(|&i| rows.row_value(a, i) == j)
        .map_or(UNDEFINED, |i| i as u32)
}

fn show_f(v: u32) -> String {
    if v == UNDEFINED {
        "undefined".into()
    } else {
        v.to_string()
    }
}

/// The sieve's f_0, f_1 against the positions of 0 and 1 in the rows (full search), for
/// 0 ≤ a ≤ `to` (both engines must cover `to`).
fn compare_engines(rows: &MinRows, facts: &MinFacts, to: u64) -> Tally {
    let mut c = Tally::new(format!("0 ≤ a ≤ {to}, j = 0 and 1: every (a, b) with a ≤ {to}"));
    for a in 0..=to {
        for j in 0..2 {
            let r = f_from_rows(rows, j, a);
            let s = facts.table(j)[a as usize];
            c.record(r == s, || {
                format!("f_{j}({a}): search {}, sieve {}", show_f(r), show_f(s))
            });
        }
    }
    c
}

/// Theorem 1 on the rows: G(a, a) = 1 iff a + 1 is prime, for 1 ≤ a ≤ `to`.
fn theorem1_rows(rows: &MinRows, to: u64) -> Tally {
    let primes = Primes::new(to + 1);
    let mut c = Tally::new(format!("1 ≤ a ≤ {to}"));
    for a in 1..=to {
        let one = rows.row_value(a, 0) == 1;
        let prime = primes.is_prime(a + 1);
        c.record(one == prime, || {
            format!(
                "G({a},{a}) = {} while {} is {}",
                rows.row_value(a, 0),
                a + 1,
                if prime { "prime" } else { "composite" }
            )
        });
    }
    c
}

/// Theorem 1 on the sieve: f_1(a) = 0 iff a + 1 is prime, for 1 ≤ a ≤ `facts.to()`.
fn theorem1_facts(facts: &MinFacts) -> Tally {
    let t = facts.check_theorem1();
    Tally {
        range: format!("1 ≤ a ≤ {}, {} of them with a + 1 prime", facts.to(), t.primes),
        checked: t.checked,
        failure: t.first_failure.map(|f| {
            format!(
                "a = {}: G(a,a) {} 1 while a + 1 is {}",
                f.a,
                if f.g_aa_is_1 { "=" } else { "≠" },
                if f.a_plus_1_prime { "prime" } else { "composite" }
            )
        }),
    }
}

/// Lemma 3 of paper 001 for 1 ≤ a ≤ `to`, checked without assuming it for row a.
///
/// For each a, G(a, b) for a ≤ b ≤ 3a is recomputed by the sliding-window mex from the
/// rules (using rows below a, themselves checked earlier in the same loop), and
/// - (a): G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1)) for 2a ≤ b ≤ 3a. From b = 2a on the
///   window lies inside row a, so equality on these a + 1 values gives it for every
///   b ≥ 2a;
/// - (b): {G(a, b), …, G(a, b + a)} = {0, …, a} for a − 1 ≤ b ≤ 2a.
fn lemma3(rows: &mut MinRows, to: u64, ctl: &Control) -> Result<(Tally, Tally)> {
    rows.extend_to(to, ctl)?;
    let range = format!("1 ≤ a ≤ {to}");
    let mut ca = Tally::new(format!("{range}, 2a ≤ b ≤ 3a (enough for every b ≥ 2a)"));
    let mut cb = Tally::new(format!("{range}, a − 1 ≤ b ≤ 2a"));
    let mut ext = Vec::new();
    let mut seq = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    ctl.start("Lemma 3", to);
    for a in 1..=to {
        rows.window_row(a, 2 * a + 1, &mut ext);
        // seq[i] = G(a, a − 1 + i), 0 ≤ i ≤ 2a + 1.
        seq.clear();
        seq.push(rows.get(a - 1, a).expect("row a − 1 is computed"));
        seq.extend_from_slice(&ext);
        for b in 2 * a..=3 * a {
            let t = a - 1 + (b - a + 1) % (a + 1);
            let (lhs, rhs) = (seq[(b - a + 1) as usize], seq[(t + 1 - a) as usize]);
            ca.record(lhs == rhs, || format!("G({a},{b}) = {lhs} but G({a},{t}) = {rhs}"));
        }
        // Sliding windows of a + 1 values: a permutation of 0..=a iff all ≤ a and distinct.
        counts.clear();
        counts.resize(a as usize + 1, 0);
        let mut dup = 0u64;
        let mut last_big: Option<usize> = None;
        let w = a as usize + 1;
        for (i, &v) in seq.iter().enumerate() {
            if v as u64 > a {
                last_big = Some(i);
            } else {
                counts[v as usize] += 1;
                dup += (counts[v as usize] == 2) as u64;
            }
            if i + 1 >= w {
                let start = i + 1 - w;
                let b = a - 1 + start as u64;
                let ok = dup == 0 && last_big.is_none_or(|j| j < start);
                cb.record(ok, || {
                    format!(
                        "the values G({a}, {b}..={}) are {:?}, not a permutation of 0..={a}",
                        b + a,
                        &seq[start..=i]
                    )
                });
                let out = seq[start];
                if out as u64 <= a {
                    dup -= (counts[out as usize] == 2) as u64;
                    counts[out as usize] -= 1;
                }
            }
        }
        if a & 0x3F == 0 {
            ctl.tick(a)?;
        }
    }
    ctl.finish();
    Ok((ca, cb))
}

/// Lemma 3 on the plain table (no structure assumed): (a) for all 1 ≤ a with
/// 2a ≤ b ≤ n; (b) for all windows G(a, b..=b+a) with a ≥ 1, b ≥ a − 1, b + a ≤ n.
fn lemma3_on_grid(grid: &MinGrid) -> (Tally, Tally) {
    let n = grid.n();
    let g = |a, b| grid.get(a, b).expect("inside the table");
    let mut ca = Tally::new(format!("every 1 ≤ a, 2a ≤ b ≤ {n}"));
    let mut cb = Tally::new(format!("every a ≥ 1, a − 1 ≤ b, b + a ≤ {n}"));
    let mut counts: Vec<u32> = Vec::new();
    for a in 1..=n / 2 {
        for b in 2 * a..=n {
            let t = a - 1 + (b - a + 1) % (a + 1);
            let (x, y) = (g(a, b), g(a, t));
            ca.record(x == y, || format!("G({a},{b}) = {x} but G({a},{t}) = {y}"));
        }
        // Windows of a + 1 consecutive values from b = a − 1, sliding.
        if 2 * a - 1 > n {
            continue;
        }
        counts.clear();
        counts.resize(a as usize + 2, 0);
        let mut bad = 0u64; // values > a, plus surplus copies
        let mut push = |v: u32, counts: &mut Vec<u32>, d: i64| {
            let k = (v as usize).min(a as usize + 1);
            if d > 0 {
                counts[k] += 1;
                if k > a as usize || counts[k] > 1 {
                    bad += 1;
                }
            } else {
                if k > a as usize || counts[k] > 1 {
                    bad -= 1;
                }
                counts[k] -= 1;
            }
            bad
        };
        let first = a - 1;
        for b in first..=n {
            let now = push(g(a, b), &mut counts, 1);
            if b >= first + a {
                let start = b - a;
                cb.record(now == 0, || {
                    format!("G({a}, {start}..={b}) is not a permutation of 0..={a}")
                });
                push(g(a, start), &mut counts, -1);
            }
        }
    }
    (ca, cb)
}

/// "Curious respect 1" on the plain table: for a ≥ 1, the sequence b ↦ G(a, b),
/// b ≥ a − 1, has least period exactly a + 1 (checked for every a whose sequence up to
/// n spans at least two periods).
fn least_periods_on_grid(grid: &MinGrid) -> Tally {
    let n = grid.n();
    let mut c = Tally::new(format!("1 ≤ a, a − 1 + 2(a + 1) ≤ {n}, b ≤ {n}"));
    let mut s = Vec::new();
    let mut a = 1;
    while a - 1 + 2 * (a + 1) <= n {
        s.clear();
        s.extend((a - 1..=n).map(|b| grid.get(a, b).expect("inside the table")));
        let p = (1..s.len()).find(|&p| (0..s.len() - p).all(|i| s[i] == s[i + p]));
        c.record(p == Some(a as usize + 1), || {
            format!(
                "row {a}: least period {} on b = {}..={n}",
                p.map_or("none".into(), |p| p.to_string()),
                a - 1
            )
        });
        a += 1;
    }
    c
}

fn respect2(c: &Ctx) -> Result<Outcome> {
    let ctl = c.ctl();
    let (rn, gn) = (pick(c, ROWS), pick(c, GRID));
    let f = facts(ctl, pick(c, FACTS))?;
    let engines = compare_engines(rows(ctl, rn)?.as_ref().expect("rows"), &f, rn);
    let g = grid(ctl, gn)?;
    let mut pairs = Tally::new(format!("every 0 ≤ a ≤ b ≤ {gn}"));
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

use grundy::arith::factored;

/// The a in `d..=to` with G(a − d, a) = 0, by the rows engine.
fn zeros_at_distance(r: &MinRows, d: u64, to: u64) -> Vec<u64> {
    (d..=to).filter(|&a| r.get(a - d, a) == Some(0)).collect()
}

fn prev_prime(ctl: &Control) -> Result<Outcome> {
    let guard = rows(ctl, 6239)?;
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

fn at_6240(c: &Ctx) -> Result<Outcome> {
    let ctl = c.ctl();
    let to = 8000;
    let guard = rows(ctl, to)?;
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
    let plain = grid(ctl, 6240)?.get(6239, 6240).expect("inside the table");
    let sieve = facts(ctl, pick(c, FACTS))?
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

fn fermat(c: &Ctx) -> Result<Outcome> {
    let ctl = c.ctl();
    let found: Vec<u64> = zeros_at_distance(rows(ctl, 17225)?.as_ref().expect("rows"), 2, 17225);
    let sieve: Vec<u64> = facts(ctl, pick(c, FACTS))?
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

/// True if n is a Fermat prime 2^(2^k) + 1.
fn is_fermat_prime(n: u64) -> bool {
    (0..6).any(|k| n == (1u64 << (1u64 << k)) + 1) && grundy::arith::is_prime(n)
}

fn at_17226(ctl: &Control) -> Result<Outcome> {
    let to = 17226;
    let guard = rows(ctl, to)?;
    let r = guard.as_ref().expect("rows");
    let g = r.get(17224, 17226).expect("row 17224");
    let fifth_text = match zeros_at_distance(r, 2, to).into_iter().nth(4) {
        Some(a) => format!(
            "the fifth a with G(a − 2, a) = 0 is {a}: G({}, {a}) = 0, a + 1 = {} ({}a Fermat prime)",
            a - 2,
            factored(a + 1),
            if is_fermat_prime(a + 1) { "" } else { "not " }
        ),
        None => format!("fewer than five a ≤ {to} have G(a − 2, a) = 0"),
    };
    Ok(Outcome::compare(
        "G(17224,17226) = 0; 17227 is not a Fermat prime",
        format!(
            "G(17224,17226) = {g}; 17227 is {}a Fermat prime",
            if is_fermat_prime(17227) { "" } else { "not " }
        ),
        format!("G(17224, 17226) = {g}; 17227 = {}; {fifth_text}", factored(17227)),
        format!("rows engine (search) a ≤ {to}"),
    ))
}

/// f_j(a) as a function of (j, a).
type FTable<'a> = &'a dyn Fn(u32, u64) -> u32;
/// A property of f_0, f_1 at a: `None` if it holds, else what fails.
type FTest<'a> = &'a dyn Fn(u64, FTable) -> Option<String>;

/// A tally over 1 ≤ a ≤ n of a property of f_0, f_1 (given by `f(j, a)`).
fn f_check(n: u64, f: FTable, test: FTest) -> Tally {
    let mut c = Tally::new(format!("1 ≤ a ≤ {n}"));
    for a in 1..=n {
        let r = test(a, f);
        c.record(r.is_none(), || r.unwrap_or_default());
    }
    c
}

/// Runs `test` on f from the rows engine and from the sieve.
fn on_both(c: &Ctx, claim: &str, test: FTest) -> Result<Outcome> {
    let ctl = c.ctl();
    let rn = pick(c, ROWS);
    let by_rows = {
        let guard = rows(ctl, rn)?;
        let r = guard.as_ref().expect("rows");
        // f_j(a) of the rows, computed once per a.
        let table: Vec<[u32; 2]> = (0..=rn).map(|a| [f_from_rows(r, 0, a), f_from_rows(r, 1, a)]).collect();
        f_check(rn, &|j, a| table[a as usize][j as usize], test)
    };
    let fnn = pick(c, FACTS);
    let s = facts(ctl, fnn)?;
    let by_sieve = f_check(fnn, &|j, a| s.table(j)[a as usize], test);
    Ok(combine(
        claim,
        vec![(&rows_label(rn), by_rows), (&facts_label(fnn), by_sieve)],
    ))
}

fn lemma6(a: u64, f: FTable) -> Option<String> {
    (0..2).find_map(|j| {
        let fa = f(j, a);
        if fa == 0 {
            return None;
        }
        let lhs = f(j, fa as u64 - 1);
        let rhs = (a + 1) % fa as u64;
        (lhs as u64 != rhs).then(|| {
            format!(
                "j = {j}, a = {a}: f_j(a) = {fa}, f_j({}) = {}, R_{fa}({}) = {rhs}",
                fa - 1,
                show_f(lhs),
                a + 1
            )
        })
    })
}

fn lemma3_below(c: &Ctx) -> Result<Outcome> {
    let n = pick(c, GRID);
    let g = grid(c.ctl(), n)?;
    let (mut rows_with, mut first) = (0u64, None);
    let mut checked = 0u64;
    for a in 2..=n / 2 {
        checked += 1;
        if let Some(b) = (0..a - 1).find(|&b| g.get(a, b + a + 1) != g.get(a, b)) {
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

fn lemma4(c: &Ctx) -> Result<Outcome> {
    let rn = pick(c, ROWS);
    let guard = rows(c.ctl(), rn)?;
    let r = guard.as_ref().expect("rows");
    let mut ca = Tally::new(format!("1 ≤ a ≤ {rn}"));
    let mut cb = Tally::new(format!("1 ≤ a ≤ {rn}"));
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

/// Whether the pair (a, b), 1 ≤ a ≤ b, with value g satisfies the part of Lemma 8.
fn lemma8_pair(part: Part8, a: u64, b: u64, g: u32, primes: &Primes) -> Option<String> {
    // The gcd only where the part needs it (it dominates the time otherwise).
    let d = || gcd(a + 1, b + 1);
    match part {
        Part8::A => (g == 0 && d() != 1).then(|| format!("G({a},{b}) = 0 but gcd({}, {}) = {}", a + 1, b + 1, d())),
        Part8::B => (g == 1 && !primes.is_prime(d()))
            .then(|| format!("G({a},{b}) = 1 but gcd({}, {}) = {} is not prime", a + 1, b + 1, d())),
        Part8::C => (primes.is_prime(a + 1) && (g == 1) != (b + 1).is_multiple_of(a + 1))
            .then(|| format!("{} is prime, G({a},{b}) = {g}", a + 1)),
    }
}

fn lemma8(c: &Ctx, part: Part8) -> Result<Outcome> {
    let ctl = c.ctl();
    let (gn, rn) = (pick(c, GRID), pick(c, ROWS));
    let primes = Primes::new(gn.max(rn) * 2 + 2);
    let g = grid(ctl, gn)?;
    let claim = match part {
        Part8::A => "G(a, b) = 0 ⇒ gcd(a + 1, b + 1) = 1",
        Part8::B => "G(a, b) = 1 ⇒ gcd(a + 1, b + 1) is prime",
        Part8::C => "a + 1 prime ⇒ (G(a, b) = 1 ⇔ (a + 1) | (b + 1))",
    };
    let mut on_grid = Tally::new(format!("every 1 ≤ a ≤ b ≤ {gn}"));
    for a in 1..=gn {
        for b in a..=gn {
            let r = lemma8_pair(part, a, b, g.get(a, b).expect("inside"), &primes);
            on_grid.record(r.is_none(), || r.unwrap_or_default());
        }
    }
    // Rows: one period a ≤ b ≤ 2a; by Lemma 3 both G(a, b) and gcd(a + 1, b + 1) depend
    // only on b mod (a + 1), so this covers every b ≥ a.
    let guard = rows(ctl, rn)?;
    let r = guard.as_ref().expect("rows");
    let mut on_rows = Tally::new(format!("1 ≤ a ≤ {rn}, a ≤ b ≤ 2a (every b ≥ a by Lemma 3)"));
    for a in 1..=rn {
        for i in 0..=a {
            let res = lemma8_pair(part, a, a + i, r.row_value(a, i), &primes);
            on_rows.record(res.is_none(), || res.unwrap_or_default());
        }
    }
    Ok(combine(claim, vec![(PLAIN_LABEL, on_grid), (&rows_label(rn), on_rows)]))
}

fn sec4_largest(c: &Ctx) -> Result<Outcome> {
    let rn = pick(c, ROWS);
    let guard = rows(c.ctl(), rn)?;
    let r = guard.as_ref().expect("rows");
    let mut ch = Tally::new(format!("1 ≤ a ≤ {rn}, j = 0 and 1"));
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

fn sec4_recursion(c: &Ctx) -> Result<Outcome> {
    let n = pick(c, DOWNWARD);
    let f = facts(c.ctl(), pick(c, FACTS).max(n))?;
    let mut ch = Tally::new(format!("0 ≤ a ≤ {n}, j = 0 and 1"));
    for j in 0..2 {
        let down = downward_search(j, n, c.ctl())?;
        for (a, (&x, &y)) in down.iter().zip(f.table(j)).enumerate() {
            ch.record(x == y, || format!("f_{j}({a}): downward search {x}, sieve {y}"));
        }
    }
    Ok(combine(
        "the downward search and the sieve agree",
        vec![("downward search (§4) vs f-sieve", ch)],
    ))
}

fn row_period(c: &Ctx) -> Result<Outcome> {
    let amax = pick(c, PERIOD_ROWS);
    // The plain table (mex over the options, nothing assumed): the row engine behind
    // `min` search uses Lemma 3 itself, so it cannot be the evidence here.
    let grid = MinGrid::new((amax - 1) + 5 * (amax + 1), c.ctl())?;
    let mut bad = Vec::new();
    let (mut at_bound, mut max_pre) = (0u64, (0u64, 0u64));
    for a in 1..=amax {
        // Five periods past the stated preperiod a − 1.
        let b_max = (a - 1) + 5 * (a + 1);
        let row: Vec<u64> = (0..=b_max)
            .map(|b| grid.get(a, b).map(u64::from).expect("inside the table"))
            .collect();
        match detect(&row, 0, Evidence::default()) {
            Some(p) if p.period == a + 1 && p.saltus == 0 && p.preperiod < a => {
                at_bound += u64::from(p.preperiod + 1 == a);
                if p.preperiod > max_pre.1 {
                    max_pre = (a, p.preperiod);
                }
            }
            Some(p) => bad.push(format!("row a = {a}: {p}")),
            None => bad.push(format!("row a = {a}: no period")),
        }
    }
    Ok(Outcome::check(
        bad.is_empty(),
        format!(
            "every row b ↦ G(a,b) has smallest period a + 1 and preperiod ≤ a − 1; the preperiod is exactly \
             a − 1 in {at_bound} rows; largest preperiod {} (row a = {})",
            max_pre.1, max_pre.0
        ),
        format!("a = 1..={amax}, b = 0..=6a+4 (plain table: mex over the options, no periodicity assumed)"),
        "period a + 1 from b = a − 1",
        bad.join("; "),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lemma3_and_periods_on_the_plain_table() {
        let grid = MinGrid::new(300, &Control::new()).unwrap();
        let (a, b) = lemma3_on_grid(&grid);
        assert!(
            a.failure.is_none() && b.failure.is_none(),
            "{:?} {:?}",
            a.failure,
            b.failure
        );
        // (a): Σ_{a=1}^{150} (300 − 2a + 1) instances; (b): Σ_{a=1}^{150} (300 − 2a + 2).
        assert_eq!(a.checked, (1..=150u64).map(|a| 301 - 2 * a).sum::<u64>());
        assert_eq!(b.checked, (1..=150u64).map(|a| 302 - 2 * a).sum::<u64>());
        let p = least_periods_on_grid(&grid);
        assert!(p.failure.is_none(), "{:?}", p.failure);
        assert_eq!(p.checked, 99);
    }

    #[test]
    fn lemma3_on_the_rows_counts_every_instance() {
        let ctl = Control::new();
        let mut rows = MinRows::new();
        let (a, b) = lemma3(&mut rows, 400, &ctl).unwrap();
        assert!(a.failure.is_none() && b.failure.is_none());
        // (a): a + 1 values per row; (b): a + 2 windows per row.
        assert_eq!(a.checked, (1..=400u64).map(|a| a + 1).sum::<u64>());
        assert_eq!(b.checked, (1..=400u64).map(|a| a + 2).sum::<u64>());
    }

    #[test]
    fn a_wrong_table_is_caught() {
        let ctl = Control::new();
        let mut rows = MinRows::new();
        rows.extend_to(50, &ctl).unwrap();
        let facts = MinFacts::compute(50, &ctl).unwrap();
        let mut f1 = facts.table(1).to_vec();
        f1[30] = (f1[30] + 1) % 31;
        let bad = MinFacts::from_tables(facts.table(0).to_vec(), f1).unwrap();
        let c = compare_engines(&rows, &bad, 50);
        assert!(c.failure.as_deref().unwrap().starts_with("f_1(30)"), "{:?}", c.failure);
        let t = theorem1_facts(&bad);
        assert!(t.failure.is_some(), "30 + 1 is prime, so f_1(30) = 0 was changed");
    }
}
