//! Checks of MIN (paper 001) over a range: the two engines against each other,
//! Theorem 1 and Lemma 3. MIN has no closed form, so these are what `grundy verify min`
//! runs; `grundy reproduce` uses them too.

use crate::control::Control;
use crate::error::Result;
use crate::rulesets::min::facts::{MinFacts, Primes, UNDEFINED};
use crate::rulesets::min::grid::MinGrid;
use crate::rulesets::min::rows::MinRows;

/// A statement about MIN checked on a range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinCheck {
    /// The statement.
    pub claim: String,
    /// Where it comes from (paper 001, section or lemma).
    pub source: String,
    /// The range, in words.
    pub range: String,
    /// How many instances were checked.
    pub checked: u64,
    /// The first instance where it fails, with the values involved.
    pub failure: Option<String>,
}

impl MinCheck {
    /// A check with no instances yet.
    pub fn new(claim: &str, source: &str, range: String) -> MinCheck {
        MinCheck {
            claim: claim.into(),
            source: source.into(),
            range,
            checked: 0,
            failure: None,
        }
    }

    /// Counts one instance; records the first failure.
    pub fn record(&mut self, ok: bool, failure: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok && self.failure.is_none() {
            self.failure = Some(failure());
        }
    }

    /// True if no instance failed.
    pub fn holds(&self) -> bool {
        self.failure.is_none()
    }
}

/// f_j(a) read from row a of the rows engine: the i in 0..=a with G(a, a + i) = j
/// ([`UNDEFINED`] for j = 1, a = 0). Needs row a.
pub fn f_from_rows(rows: &MinRows, j: u32, a: u64) -> u32 {
    (0..=a)
        .find(|&i| rows.row_value(a, i) == j)
        .map_or(UNDEFINED, |i| i as u32)
}

/// The sieve's f_0, f_1 against the positions of 0 and 1 in the rows (full search), for
/// 0 ≤ a ≤ `to` (both engines must cover `to`).
pub fn compare_engines(rows: &MinRows, facts: &MinFacts, to: u64) -> MinCheck {
    let mut c = MinCheck::new(
        "the positions of the values 0 and 1 found by the sieve (f_0, f_1 of §4) are those of the full search",
        "paper 001 §1 (curious respect 2), §4",
        format!("0 ≤ a ≤ {to}, j = 0 and 1: every (a, b) with a ≤ {to}"),
    );
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

fn show_f(v: u32) -> String {
    if v == UNDEFINED {
        "undefined".into()
    } else {
        v.to_string()
    }
}

/// Theorem 1 on the rows: G(a, a) = 1 iff a + 1 is prime, for 1 ≤ a ≤ `to` (rows up to
/// `to` must be computed).
pub fn theorem1_rows(rows: &MinRows, to: u64) -> MinCheck {
    let primes = Primes::new(to + 1);
    let mut c = MinCheck::new(
        "G(a, a) = 1 iff a + 1 is prime (full search)",
        "paper 001 Theorem 1",
        format!("1 ≤ a ≤ {to}"),
    );
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
pub fn theorem1_facts(facts: &MinFacts) -> MinCheck {
    let t = facts.check_theorem1();
    MinCheck {
        claim: "G(a, a) = 1 iff a + 1 is prime (sieve for the values 0 and 1)".into(),
        source: "paper 001 Theorem 1".into(),
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
///
/// Returns the checks of (a) and (b). Errors: the rows engine's (memory, interruption).
pub fn lemma3(rows: &mut MinRows, to: u64, ctl: &Control) -> Result<(MinCheck, MinCheck)> {
    rows.extend_to(to, ctl)?;
    let range = format!("1 ≤ a ≤ {to}");
    let mut ca = MinCheck::new(
        "if b ≥ 2a then G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1))",
        "paper 001 Lemma 3(a)",
        format!("{range}, 2a ≤ b ≤ 3a (enough for every b ≥ 2a)"),
    );
    let mut cb = MinCheck::new(
        "if b ≥ a − 1 then {G(a,b), …, G(a,b+a)} = {0, …, a}",
        "paper 001 Lemma 3(b)",
        format!("{range}, a − 1 ≤ b ≤ 2a"),
    );
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
pub fn lemma3_on_grid(grid: &MinGrid) -> (MinCheck, MinCheck) {
    let n = grid.n();
    let g = |a, b| grid.get(a, b).expect("inside the table");
    let mut ca = MinCheck::new(
        "if b ≥ 2a then G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1))",
        "paper 001 Lemma 3(a)",
        format!("every 1 ≤ a, 2a ≤ b ≤ {n}"),
    );
    let mut cb = MinCheck::new(
        "if b ≥ a − 1 then {G(a,b), …, G(a,b+a)} = {0, …, a}",
        "paper 001 Lemma 3(b)",
        format!("every a ≥ 1, a − 1 ≤ b, b + a ≤ {n}"),
    );
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

/// "Curious respect 1" of paper 001 on the plain table: for a ≥ 1, the sequence
/// b ↦ G(a, b), b ≥ a − 1, has least period exactly a + 1 (checked for every a whose
/// sequence up to n spans at least two periods).
pub fn least_periods_on_grid(grid: &MinGrid) -> MinCheck {
    let n = grid.n();
    let mut c = MinCheck::new(
        "for fixed a and b ≥ a − 1, G(a, b) is periodic in b with (least) period a + 1",
        "paper 001 §1 (curious respect 1)",
        format!("1 ≤ a, a − 1 + 2(a + 1) ≤ {n}, b ≤ {n}"),
    );
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

/// Everything `grundy verify min --to N` checks: the sieve against the rows, Theorem 1
/// on both engines, and Lemma 3, for a ≤ `to`.
///
/// Errors: the engines' (memory limit, interruption).
pub fn verify_min(to: u64, ctl: &Control) -> Result<Vec<MinCheck>> {
    let mut rows = MinRows::new();
    rows.extend_to(to, ctl)?;
    let facts = MinFacts::compute(to, ctl)?;
    let mut out = vec![
        compare_engines(&rows, &facts, to),
        theorem1_rows(&rows, to),
        theorem1_facts(&facts),
    ];
    let (a, b) = lemma3(&mut rows, to, ctl)?;
    out.push(a);
    out.push(b);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_checks_hold_up_to_400() {
        let checks = verify_min(400, &Control::new()).unwrap();
        assert_eq!(checks.len(), 5);
        for c in &checks {
            assert!(c.holds(), "{}: {:?}", c.claim, c.failure);
            assert!(c.checked >= 400, "{}: {} instances", c.claim, c.checked);
        }
        // Lemma 3(a): a + 1 values per row; (b): a + 2 windows per row.
        assert_eq!(checks[3].checked, (1..=400u64).map(|a| a + 1).sum::<u64>());
        assert_eq!(checks[4].checked, (1..=400u64).map(|a| a + 2).sum::<u64>());
    }

    #[test]
    fn lemma3_and_periods_on_the_plain_table() {
        let grid = MinGrid::new(300, &Control::new()).unwrap();
        let (a, b) = lemma3_on_grid(&grid);
        assert!(a.holds() && b.holds(), "{:?} {:?}", a.failure, b.failure);
        // (a): Σ_{a=1}^{150} (300 − 2a + 1) instances; (b): Σ_{a=1}^{150} (300 − 2a + 2).
        assert_eq!(a.checked, (1..=150u64).map(|a| 301 - 2 * a).sum::<u64>());
        assert_eq!(b.checked, (1..=150u64).map(|a| 302 - 2 * a).sum::<u64>());
        let p = least_periods_on_grid(&grid);
        assert!(p.holds(), "{:?}", p.failure);
        assert_eq!(p.checked, 99);
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
        assert!(!t.holds(), "30 + 1 is prime, so f_1(30) = 0 was changed");
    }
}
