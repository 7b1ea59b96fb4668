//! Take-and-break games: octal and hexadecimal codes, with CGSuite's extensions
//! (digits above 15, explicit heap counts, the modifiers `!`, `?`, `=`, repeating
//! tails). Kayles is `0.77`, Dawson's chess `0.137`, Officers `0.6`, Grundy's game
//! `4!.0` (Winning Ways vol. 1 ch. 4; Guy & Smith 1956).
//!
//! A position is written `take-and-break[0.137](10)`, or with the code as the name:
//! `0.137(10)`, `.6(5) + 0.77(7)`. Named games print under their names (`kayles(5)`).

pub mod checkpoint;
mod code;
mod engine;
mod option_set;
mod splits;

pub use code::{Code, Constraint, Digit, MAX_HEAP_COUNT};
pub use crate::game::EngineStats;
pub use engine::SparseEngine;

use crate::formulas::Statement;
use crate::game::{
    Alias, DenseStep, Family, HeapRuleset, MemoryModel, Params, Part, PeriodicityTheorem, Reach, Ruleset,
};
use std::sync::{Arc, Mutex};

/// The games of the literature with a name, and their codes.
pub const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("officers", "0.6"),
    ("grundys-game", "4!.0"),
];

/// A take-and-break game: positions are heaps n ≥ 0; the options of a heap are given
/// by its [`Code`]. A sum of heaps has the nim-sum of their values.
pub struct TakeAndBreak {
    code: Code,
    name: String,
    stats: Mutex<EngineStats>,
}

impl TakeAndBreak {
    /// The game of `code`, named as in the literature where it has a name.
    pub fn new(code: Code) -> TakeAndBreak {
        let text = code.to_string();
        let name = match NAMED.iter().find(|(_, c)| *c == text) {
            Some((n, _)) => n.to_string(),
            None => format!("take-and-break[{text}]"),
        };
        TakeAndBreak {
            code,
            name,
            stats: Mutex::new(EngineStats::default()),
        }
    }

    /// The code.
    pub fn code(&self) -> &Code {
        &self.code
    }

}

/// Calls `f` with every multiset of `k ≥ 2` positive parts summing to `m`, as a
/// nondecreasing list, that satisfies `c`; stops when `f` returns false (and then
/// returns false).
pub(crate) fn for_each_partition(m: u64, k: u64, c: Constraint, f: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    if k == 0 || k > m {
        return true;
    }
    if c == Constraint::AllEqual {
        return !m.is_multiple_of(k) || f(&vec![m / k; k as usize]);
    }
    let strict = c == Constraint::PairwiseUnequal;
    let mut parts: Vec<u64> = Vec::with_capacity(k as usize);
    fn rec(
        parts: &mut Vec<u64>,
        lo: u64,
        rest: u64,
        left: u64,
        strict: bool,
        not_all_equal: bool,
        f: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if left == 1 {
            let mut go = true;
            if rest >= lo {
                parts.push(rest);
                if !(not_all_equal && parts.first() == parts.last()) {
                    go = f(parts);
                }
                parts.pop();
            }
            return go;
        }
        let mut p = lo;
        loop {
            // The smallest total of the remaining `left` parts starting at p.
            let need = if strict {
                left * p + left * (left - 1) / 2
            } else {
                left * p
            };
            if need > rest {
                break;
            }
            parts.push(p);
            let go = rec(parts, if strict { p + 1 } else { p }, rest - p, left - 1, strict, not_all_equal, f);
            parts.pop();
            if !go {
                return false;
            }
            p += 1;
        }
        true
    }
    rec(&mut parts, 1, m, k, strict, c == Constraint::NotAllEqual, f)
}

/// Runs of equal heaps of a nondecreasing list, as [`Part`]s.
fn runs(heaps: &[u64], out: &mut Vec<Part>) {
    out.clear();
    for &h in heaps {
        match out.last_mut() {
            Some(p) if p.heap == h => p.copies += 1,
            _ => out.push(Part::one(h)),
        }
    }
}

/// C(a, b) / c! in floating point (the factorial divided out along the way, so that
/// large values stay finite as long as the quotient does).
fn binomial_over(a: u64, b: u64, fact: u64) -> f64 {
    let mut x = 1.0f64;
    for i in 1..=b {
        x = x * (a - b + i) as f64 / i as f64;
        if i <= fact {
            x /= i as f64;
        }
    }
    for i in b + 1..=fact {
        x /= i as f64;
    }
    x
}

/// A count in floating point as a saturating `u128`, rounded up.
fn saturating_count(x: f64) -> u128 {
    if x.is_nan() || x >= u128::MAX as f64 {
        u128::MAX
    } else {
        x.max(0.0).ceil() as u128
    }
}

/// An upper bound on the number of multisets of `k` positive parts summing to `m`,
/// saturating: p(m, k) ≤ C(m + k(k−1)/2 − 1, k − 1) / k! (each partition into k parts
/// is, after adding 0, 1, …, k−1 to its sorted parts, a partition into distinct parts,
/// which has k! orderings among the compositions of m + k(k−1)/2), and p(m, k) ≤
/// C(m − 1, k − 1) (compositions). Close to the real count, so that work estimates do
/// not refuse small tables of codes leaving many heaps.
fn partitions_bound(m: u64, k: u64) -> u128 {
    match k {
        0 => u128::from(m == 0),
        1 => u128::from(m >= 1),
        _ if k > m => 0,
        _ => {
            let tight = binomial_over(m.saturating_add(k.saturating_mul(k - 1) / 2) - 1, k - 1, k);
            let comp = binomial_over(m - 1, k - 1, 0);
            saturating_count(tight.min(comp) * 1.001 + 1.0)
        }
    }
}

/// An upper bound on Σ partitions_bound(x, k) over 1 ≤ x ≤ `top` (by the hockey-stick
/// identity: Σ C(x + c − 1, k − 1) = C(top + c, k) − …, and Σ C(x − 1, k − 1) =
/// C(top, k)).
fn partitions_bound_sum(top: u64, k: u64) -> f64 {
    if k < 2 || top < k {
        return if k == 1 { top as f64 } else { 0.0 };
    }
    let c = k.saturating_mul(k - 1) / 2;
    let tight = binomial_over(top.saturating_add(c), k, k);
    let comp = binomial_over(top, k, 0);
    tight.min(comp) * 1.001 + top as f64
}

/// The heaps left by `k ≥ 2` parts of `m` tokens under `c`: an upper bound on the
/// partitions, exact from `exact` (p\[m\]\[k\], see [`partition_counts`]) for small `m`.
fn count_parts(m: u64, k: u64, c: Constraint, exact: Option<&Vec<Vec<u128>>>) -> u128 {
    let p = |m: u64| match exact {
        Some(t) => t[m as usize][k as usize],
        None => partitions_bound(m, k),
    };
    match c {
        Constraint::AllEqual => u128::from(m.is_multiple_of(k)),
        // k distinct parts: subtract 0, 1, …, k − 1 from the sorted parts.
        Constraint::PairwiseUnequal => m.checked_sub(k.saturating_mul(k - 1) / 2).map_or(0, p),
        Constraint::Any | Constraint::NotAllEqual => p(m),
    }
}

/// The options of digit `d` on `m` tokens (what the enumeration visits), saturating.
fn digit_options(d: &Digit, m: u64, exact: Option<&Vec<Vec<u128>>>) -> u128 {
    if d.is_zero() {
        return 0;
    }
    if m == 0 {
        return u128::from(d.allows(0).is_some());
    }
    let mut total = u128::from(d.leaves_one(m));
    d.for_each_count(m, &mut |k, c| {
        total = total.saturating_add(count_parts(m, k, c, exact));
        total < u128::MAX
    });
    total
}

/// About the options of a tail digit `d` summed over the heaps `top`, `top − step`,
/// `top − 2·step`, … ≥ 0 it applies to (the removals j, j + step, …), in O(counts)
/// rather than O(top / step): a sum f(top) + f(top − step) + … of a nondecreasing f is
/// at most f(top) + (f(0) + … + f(top)) / step.
fn tail_options(d: &Digit, top: u64, step: u64) -> f64 {
    if d.is_zero() {
        return 0.0;
    }
    let terms = (top / step + 1) as f64;
    let mut total = 0.0;
    if d.allows(0).is_some() && top.is_multiple_of(step) {
        total += 1.0;
    }
    if d.allows(1).is_some() {
        total += (top.saturating_sub(1) / step + 1) as f64;
    }
    let open = d.open_counts();
    let listed_end = open.map_or(d.max_heaps().saturating_add(1), |(from, _)| from);
    let mut k = 2u64;
    while total < u128::MAX as f64 && (k < listed_end || open.is_some()) {
        let Some(c) = d.allows(k) else {
            k += 1;
            continue;
        };
        let add = match c {
            // `{k+}=`: the divisors of each heap, about ln m + 0.15 on average.
            Constraint::AllEqual if k >= listed_end => {
                total += terms * ((top.max(1) as f64).ln() + 1.0);
                break;
            }
            Constraint::AllEqual => Some(terms / k as f64 + 1.0),
            Constraint::PairwiseUnequal => top
                .checked_sub(k.saturating_mul(k - 1) / 2)
                .filter(|&r| r >= k)
                .map(|r| partitions_bound(r, k) as f64 + partitions_bound_sum(r, k) / step as f64),
            Constraint::Any | Constraint::NotAllEqual => (k <= top)
                .then(|| partitions_bound(top, k) as f64 + partitions_bound_sum(top, k) / step as f64),
        };
        match add {
            Some(x) => total += x,
            // No partition into k parts, nor into more under the open constraint.
            None if k >= listed_end => break,
            None => {}
        }
        k += 1;
    }
    total
}

/// Heaps up to this size count their partitions exactly in `options_bound`.
const EXACT_PARTITIONS: u64 = 200;

/// p[m][k], the number of partitions of m into exactly k positive parts, for m, k ≤ n.
fn partition_counts(n: u64) -> Vec<Vec<u128>> {
    let n = n as usize;
    let mut p = vec![vec![0u128; n + 1]; n + 1];
    p[0][0] = 1;
    for m in 1..=n {
        for k in 1..=m {
            // The smallest part is 1 (drop it) or every part is at least 2 (take 1 from each).
            p[m][k] = p[m - 1][k - 1].saturating_add(p[m - k][k]);
        }
    }
    p
}

impl HeapRuleset for TakeAndBreak {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn first_heap(&self) -> u64 {
        0
    }

    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        crate::game::every_option(self, n, f);
    }

    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        let mut parts = Vec::new();
        let last = self.code.max_removed().map_or(n, |t| t.min(n));
        for j in 0..=last {
            let d = self.code.digit(j);
            if d.is_zero() {
                continue;
            }
            let m = n - j;
            if m == 0 {
                if d.allows(0).is_some() && !f(&[]) {
                    return;
                }
                continue;
            }
            if d.leaves_one(m) && !f(&[Part::one(m)]) {
                return;
            }
            let mut go = true;
            d.for_each_count(m, &mut |k, c| {
                go = if c == Constraint::AllEqual {
                    // k equal heaps: one run (k of them need not be listed one by one).
                    f(&[Part { heap: m / k, copies: k }])
                } else {
                    for_each_partition(m, k, c, &mut |heaps| {
                        runs(heaps, &mut parts);
                        f(&parts)
                    })
                };
                go
            });
            if !go {
                return;
            }
        }
    }

    fn periodicity(&self) -> Option<&dyn PeriodicityTheorem> {
        Some(self)
    }

    /// A finite code of plain digits (no modifier, no `{k+}`, no tail) leaving at most
    /// 63 heaps.
    fn plain_digits(&self) -> Option<Vec<u64>> {
        let t = self.code.max_removed()?;
        if !self.code.is_plain() {
            return None;
        }
        (0..=t).map(|j| self.code.digit(j).bits()).collect()
    }

    /// The sparse-space engine ([`SparseEngine`]: rare and common values, Gangolli &
    /// Plambeck 1989, Flammenkamp).
    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        if let Ok(mut g) = self.stats.lock() {
            *g = EngineStats::default();
        }
        Some(Box::new(SparseEngine::new(&self.code, Some(&self.stats))))
    }

    /// The counters of the most recent run of the sparse engine on this ruleset: heaps
    /// done, mask, rare heaps, pair values. Updated every 4096 heaps and at every mask
    /// change, so it can be read while a run is going on (from another thread) and
    /// after it.
    fn engine_stats(&self) -> Option<EngineStats> {
        Some(self.stats.lock().map(|g| *g).unwrap_or_default())
    }

    /// [`SparseEngine::replay`] of the values of heaps `0..=to` on a fresh engine (the
    /// counters of [`HeapRuleset::engine_stats`] are left alone).
    fn engine_stats_after(&self, g: &dyn Fn(u64) -> u64, to: u64) -> crate::error::Result<Option<EngineStats>> {
        let len = usize::try_from(to).ok().and_then(|t| t.checked_add(1));
        let mut codes: Vec<u32> = Vec::new();
        crate::control::try_reserve_exact(&mut codes, len.unwrap_or(usize::MAX), || {
            format!("the values of {} to heap {to}", self.name)
        })?;
        for n in 0..=to {
            let v = g(n);
            let code = u32::try_from(v).map_err(|_| {
                crate::Error::Unsupported(format!(
                    "G({n}) = {v} of {} does not fit in 32 bits, the sparse-space engine's values",
                    self.name
                ))
            })?;
            codes.push(code);
        }
        let mut engine = SparseEngine::new(&self.code, None);
        engine.replay(&codes)?;
        Ok(Some(engine.stats()))
    }

    /// 4 bytes per heap for the table plus at most 8 for the rare index (a rare heap
    /// and its value; in the worst case every heap is rare).
    fn memory(&self) -> MemoryModel {
        MemoryModel {
            bytes_per_heap: if self.code.max_heaps() >= 2 { 12 } else { 4 },
            reach: Reach::Dense,
        }
    }

    /// Finite codes leaving at most two heaps go through the sparse-space engine, which
    /// pairs each heap with the rare heaps only: their number is not known before the
    /// run, so the estimate takes 64 per split digit and heap (the progress bar's time
    /// estimate follows the real rate, and the run stops when its measured work
    /// projects past the limit). Everything else is every option
    /// ([`HeapRuleset::options_bound`]): codes leaving at most one heap, three or more
    /// heaps (enumerated), and a repeating tail, whose heap n has splits for about n
    /// removals; the engine marks the rare pairs of each and scans whole splits when a
    /// third of the heaps or more are rare (0.\[7\], 0.\[4\], 0.\[6\]: every pair of every
    /// split).
    ///
    /// A code with `{k+}` digits (other than `=`) has its counts of three heaps and
    /// more answered by the split sets (`splits`): [`WorkModel::Step`](crate::game::WorkModel::Step), the options
    /// of the other counts plus n times the words the sets update per total
    /// ([`HeapRuleset::step_work`]).
    fn work(&self) -> crate::game::WorkModel {
        let (_, digits, tail) = self.code.parts();
        if self.code.max_heaps() == 2 && tail.is_empty() {
            let splits = digits.iter().filter(|d| d.allows(2).is_some()).count();
            crate::game::WorkModel::PerHeap(64 * (splits as u32).max(1))
        } else if self.split_sets().is_some() {
            crate::game::WorkModel::Step
        } else {
            crate::game::WorkModel::Options
        }
    }

    /// The sparse engine's work of heap n for a code with `{k+}` digits: the options it
    /// still enumerates (every count but those of the split sets) and the split sets'
    /// update when the size n is added, (N − n) times their words per total for a
    /// table to N, counted here as n times (N²/2 times over the table, where the sets
    /// are narrower for the small sizes: up to twice the real work), times the words of
    /// a set of values up to n/2: the values of these codes grow like n (about n/2 for
    /// `0.{2+}`, `0.{2!+}`, `4.{3+}`, n − 1 for `{2+}.0`), so this is within a factor
    /// 2 or so for them, and an overestimate, up to n/128 times, for a code whose values
    /// stay small (the test `split_set_work_is_estimated_from_the_sets`).
    fn step_work(&self, n: u64) -> u128 {
        let per_total = self.split_sets().map_or(0, |s| s.words_per_total());
        let value_words = u128::from((n / 2 + 1).checked_next_power_of_two().unwrap_or(1 << 63).div_ceil(64));
        self.options_visited(n, true).saturating_add(
            u128::from(n)
                .saturating_mul(u128::from(per_total))
                .saturating_mul(value_words),
        )
    }

    /// The options the enumeration visits (for_each_option and the engine's direct
    /// enumeration): exact for heaps up to 200, from a bound on the partitions into k
    /// parts above (`=` digits count divisors, `!` digits distinct parts). A repeating
    /// tail applies each of its digits to every removal j, j + p, …: their options
    /// are summed over that progression in closed form.
    fn options_bound(&self, n: u64) -> u128 {
        self.options_visited(n, false)
    }
}

impl TakeAndBreak {
    /// The split sets of the code's `{k+}` digits, if it has any that they answer.
    fn split_sets(&self) -> Option<splits::Splits> {
        splits::Splits::new(&engine::split_groups(&self.code))
    }

    /// [`HeapRuleset::options_bound`], or with `enumerated_only` the options of the
    /// counts the sparse engine enumerates ([`Digit::enumerated_part`]).
    fn options_visited(&self, n: u64, enumerated_only: bool) -> u128 {
        fn part(d: &Digit, enumerated_only: bool) -> std::borrow::Cow<'_, Digit> {
            if enumerated_only {
                std::borrow::Cow::Owned(d.enumerated_part())
            } else {
                std::borrow::Cow::Borrowed(d)
            }
        }
        let (_, digits, tail) = self.code.parts();
        let small = n <= EXACT_PARTITIONS;
        // Exact partition counts for small heaps (the bound is loose for many parts).
        let exact = (small && self.code.max_heaps() >= 3).then(|| partition_counts(n));
        let mut total: u128 = 0;
        // d0 and the digits before the tail, and the whole tail for small heaps.
        let last = if small || tail.is_empty() { n } else { digits.len() as u64 };
        for j in 0..=self.code.max_removed().unwrap_or(last).min(n) {
            total = total.saturating_add(digit_options(&part(self.code.digit(j), enumerated_only), n - j, exact.as_ref()));
            if total == u128::MAX {
                return total;
            }
        }
        if !small {
            let first = digits.len() as u64 + 1;
            for (i, d) in tail.iter().enumerate() {
                if let Some(top) = n.checked_sub(first + i as u64) {
                    total = total.saturating_add(saturating_count(tail_options(&part(d, enumerated_only), top, tail.len() as u64)));
                }
            }
        }
        total
    }
}

/// The periodicity theorem for finite take-and-break codes of plain digits.
pub const OCTAL_PERIODICITY: Statement = Statement {
    text: "for a finite code of plain digits leaving at most k heaps and removing at most t tokens, if G(n + p) = G(n) for n₀ ≤ n < k·max(n₀,1) + (k−1)·p + t, then G(n + p) = G(n) for every n ≥ n₀",
    source: "Guy & Smith 1956 for octal games (k = 2: n₀ ≤ n < 2n₀ + p + t); the same induction for k heaps (Winning Ways vol. 1 ch. 4)",
};

impl PeriodicityTheorem for TakeAndBreak {
    fn statement(&self) -> Statement {
        OCTAL_PERIODICITY
    }

    fn theorem_name(&self) -> String {
        "Guy–Smith".into()
    }

    /// The induction: for n ≥ B = k·max(n₀,1) + (k−1)·p + t, every option of n + p
    /// (removing j ≤ t tokens, leaving parts a₁ ≤ … ≤ a_k) has a_k ≥ max(n₀,1) + p, and
    /// subtracting p from it gives an option of n of the same value (G(a_k) =
    /// G(a_k − p) by induction, as n₀ ≤ a_k − p < n); conversely every option of n has
    /// its largest part ≥ max(n₀,1), and adding p gives an option of n + p of the same
    /// value. So the two heaps have the same option values and G(n + p) = G(n). The
    /// map needs digits without constraints (`!`, `?`, `=` are not kept when a part
    /// changes) and a finite code (t finite). The last heap needed is B − 1 + p.
    fn proof_end(&self, preperiod: u64, period: u64, saltus: i64) -> Option<u64> {
        let t = self.code.max_removed()?;
        if saltus != 0 || period == 0 || !self.code.is_plain() {
            return None;
        }
        let k = self.code.max_heaps().max(1);
        let b = k
            .checked_mul(preperiod.max(1))?
            .checked_add((k - 1).checked_mul(period)?)?
            .checked_add(t)?;
        (b - 1).checked_add(period)
    }

    /// The induction above maps each option of n + p to an option of n part by part.
    fn pairs_options(&self) -> bool {
        true
    }
}

fn build(params: Option<&str>) -> crate::error::Result<Ruleset> {
    let code = Code::parse(params.unwrap_or(""))?;
    Ok(Ruleset::Heap(Arc::new(TakeAndBreak::new(code))))
}

/// The take-and-break family and its named games.
pub const FAMILIES: &[Family] = &[Family {
    name: "take-and-break",
    aliases: &[
        Alias {
            name: "kayles",
            params: Some("0.77"),
        },
        Alias {
            name: "dawsons-kayles",
            params: Some("0.07"),
        },
        Alias {
            name: "dawsons-chess",
            params: Some("0.137"),
        },
        Alias {
            name: "officers",
            params: Some("0.6"),
        },
        Alias {
            name: "grundys-game",
            params: Some("4!.0"),
        },
    ],
    params: Params::Required("a take-and-break code such as 0.137, 4.07 or 4!.0 (the code may also stand alone: 0.137(10))"),
    positions: "heaps n ≥ 0; kayles(3,5) is the sum of two heaps",
    options: "remove j tokens and leave k nonempty heaps when bit k of digit d_j of the code is set (modifiers ! ? = restrict the heaps left)",
    source: "Guy & Smith 1956; Winning Ways vol. 1 ch. 4; CGSuite's code syntax",
    formula: None,
    example: "take-and-break[0.356](10,7)",
    build,
}];

#[cfg(test)]
mod tests;
