//! Work estimates: how many options dense evaluation of a heap ruleset visits, known
//! before any work is done, so that a computation that would run for hours is refused
//! with the estimate (see [`crate::control::Control::check_work`]) and an accepted one
//! shows a time estimate on its progress bar.
//!
//! The unit is one option visited (or one elementary step of a ruleset's dense step
//! that replaces the visit of an option). Each ruleset states how its dense evaluation
//! grows ([`WorkModel`], through [`HeapRuleset::work`]); the default,
//! [`WorkModel::Options`], sums [`HeapRuleset::options_bound`] over the heaps, which is
//! what the generic evaluators visit.

use super::HeapRuleset;

/// How the work of dense evaluation of heap `n` grows with `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkModel {
    /// Every option is visited: heap `n` costs [`HeapRuleset::options_bound`]`(n)` (the
    /// generic evaluators, and every ruleset that declares nothing else).
    Options,
    /// About this many units per heap (a dense step with incremental state, such as
    /// Nim's prefix mex or a single option).
    PerHeap(u32),
    /// About `c·(ln n + 1)` units for heap `n`: a walk over the divisors of `n` read off
    /// a sieve (the sum of τ(n) up to N is about N·ln N).
    Divisors(u32),
    /// About `n / d + 1` units for heap `n` (every smaller heap, or a fixed share of
    /// them): quadratic overall, about N²/(2d) for a table to N.
    Quadratic(u32),
    /// The dense step's own count for heap `n`, [`HeapRuleset::step_work`] (a step that
    /// computes part of the options' values another way than listing them).
    Step,
}

impl WorkModel {
    /// Estimated units for heap `n` of `rs`.
    fn heap(self, rs: &dyn HeapRuleset, n: u64) -> f64 {
        match self {
            WorkModel::Options => rs.options_bound(n) as f64,
            WorkModel::PerHeap(c) => c as f64,
            WorkModel::Divisors(c) => c as f64 * ((n.max(1) as f64).ln() + 1.0),
            WorkModel::Quadratic(d) => n as f64 / d.max(1) as f64 + 1.0,
            WorkModel::Step => rs.step_work(n) as f64,
        }
    }

    /// A few words for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            WorkModel::Options => "every option of every heap",
            WorkModel::PerHeap(_) => "a few steps per heap",
            WorkModel::Divisors(_) => "the divisors of every heap",
            WorkModel::Quadratic(_) => "about n options for heap n",
            WorkModel::Step => "the steps of the ruleset's dense step",
        }
    }
}

/// Ranges of at most this many heaps are summed heap by heap; longer ones by strata.
const EXACT: u64 = 4096;
/// Strata of a long range, and points sampled in each.
const STRATA: u64 = 64;
const SAMPLES: u64 = 4;

/// The estimated work of dense evaluation of heaps `from..=to` of `rs`, with its
/// cumulative curve, so that progress can be reported in units of work (a time
/// estimate that holds for quadratic work too).
#[derive(Clone, Debug)]
pub struct WorkCurve {
    /// (last heap of the stratum, work of the heaps from `from` through it).
    points: Vec<(u64, f64)>,
    from: u64,
}

impl WorkCurve {
    /// The curve of `rs` (its [`HeapRuleset::work`] model) over `from..=to`.
    pub fn new(rs: &dyn HeapRuleset, from: u64, to: u64) -> WorkCurve {
        let model = rs.work();
        let mut points = Vec::new();
        let mut acc = 0.0;
        if from <= to {
            let count = (to - from).saturating_add(1);
            if count <= EXACT {
                for n in from..=to {
                    acc += model.heap(rs, n);
                    points.push((n, acc));
                }
            } else {
                let width = count.div_ceil(STRATA);
                let mut lo = from;
                while lo <= to {
                    let hi = lo.saturating_add(width - 1).min(to);
                    let len = hi - lo + 1;
                    let mean = (0..SAMPLES)
                        .map(|k| model.heap(rs, lo + (len - 1) * k / (SAMPLES - 1)))
                        .sum::<f64>()
                        / SAMPLES as f64;
                    acc += mean * len as f64;
                    points.push((hi, acc));
                    if hi == u64::MAX {
                        break;
                    }
                    lo = hi + 1;
                }
            }
        }
        WorkCurve { points, from }
    }

    /// The estimated work of the whole range.
    pub fn total(&self) -> u128 {
        self.points.last().map_or(0, |p| to_units(p.1))
    }

    /// The estimated work of the heaps `from..n` (those before `n`).
    pub fn before(&self, n: u64) -> u64 {
        if n <= self.from {
            return 0;
        }
        let i = self.points.partition_point(|p| p.0 < n);
        let (start, prev) = match i {
            0 => (self.from, 0.0),
            _ => (self.points[i - 1].0 + 1, self.points[i - 1].1),
        };
        let Some(&(last, through)) = self.points.get(i) else {
            return to_units(prev).min(u64::MAX as u128) as u64;
        };
        // Linear inside a stratum: the heaps start..n of start..=last are done.
        let span = (last - start + 1) as f64;
        let done = (n - start) as f64;
        to_units(prev + (through - prev) * done / span).min(u64::MAX as u128) as u64
    }

    /// The first heap `m` after `n` with at least `units` of estimated work in the
    /// heaps `n..m`, or `n + max_heaps` if that comes first: where the next check of a
    /// loop over the heaps falls (`n` ≥ the first heap).
    pub fn after(&self, n: u64, units: u64, max_heaps: u64) -> u64 {
        let base = self.before(n).saturating_add(units);
        let (mut lo, mut hi) = (n.saturating_add(1), n.saturating_add(max_heaps.max(1)));
        if self.before(hi) < base {
            return hi;
        }
        // The least m in lo..=hi with before(m) ≥ base (before is nondecreasing).
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.before(mid) >= base {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }
}

fn to_units(x: f64) -> u128 {
    if x.is_finite() && x > 0.0 {
        x.ceil().min(u128::MAX as f64) as u128
    } else {
        0
    }
}

/// The estimated work of dense evaluation of heaps `from..=to` of `rs`.
pub fn dense_work(rs: &dyn HeapRuleset, from: u64, to: u64) -> u128 {
    WorkCurve::new(rs, from, to).total()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_ruleset;
    use crate::game::Ruleset;
    use std::sync::Arc;

    fn heap(name: &str) -> Arc<dyn HeapRuleset> {
        match parse_ruleset(name).unwrap() {
            Ruleset::Heap(h) => h,
            other => panic!("{other:?} is not a heap ruleset"),
        }
    }

    /// The options the rules give for heaps first..=to, counted one by one.
    fn counted(rs: &dyn HeapRuleset, to: u64) -> u128 {
        let mut count = 0u128;
        for n in rs.first_heap()..=to {
            rs.for_each_option(n, &mut |_| count += 1);
        }
        count
    }

    /// For rulesets whose dense evaluation visits every option (the generic evaluator,
    /// or a step that walks them all), the estimate is within a factor 2 of the options
    /// counted, for a range summed heap by heap and one estimated by strata. Codes with
    /// a split in the repeating tail have about n²/4 options per heap (counted on
    /// shorter ranges; their strata are checked below), `{k+}=` digits about τ(n).
    #[test]
    fn estimates_are_close_to_the_counted_options() {
        let long: &[u64] = &[3000, 9000];
        let cubic: &[u64] = &[300, 640];
        for (name, ranges) in [
            ("subtraction[1,2,3]", long),
            ("laskers-nim", long),
            ("divide-and-residue", long),
            ("divide-throw-residue", long),
            ("maliquot", long),
            ("saliquot", long),
            ("dividing", long),
            ("totative", long),
            ("nontotative", long),
            ("maliquant", long),
            ("kayles", long),
            ("0.[3]", long),
            ("0.137", long),
            ("0.{2+}=", long),
            ("0.1{3+}=", long),
            ("0.[7]", cubic),
            ("0.7[4]", cubic),
            ("0.[4!]", cubic),
            ("0.[06]", cubic),
            ("0.[34]", cubic),
            ("0.4[3]", cubic),
            ("0.[{2=+}]", cubic),
            ("0.[{2,3!}]", &[120, 200]),
            ("0.{2,3,4!}", &[200, 320]),
        ] {
            let rs = heap(name);
            // The complement step and the sparse-space engine of finite codes do not
            // visit every option: their models count their own steps.
            let model = rs.work();
            if matches!(model, WorkModel::PerHeap(_))
                || (name == "maliquant" && matches!(model, WorkModel::Divisors(_)))
            {
                continue;
            }
            for &to in ranges {
                let est = dense_work(rs.as_ref(), 0, to) as f64;
                let real = counted(rs.as_ref(), to) as f64;
                assert!(
                    est <= 2.0 * real + 64.0 && real <= 2.0 * est + 64.0,
                    "{name} to {to}: estimate {est}, counted {real}"
                );
            }
        }
    }

    /// Where the counts of a long range cannot be listed one by one, the estimate by
    /// strata follows the sum of the per-heap bounds, and the per-heap bound of the
    /// heaps sampled is within a factor 2 of their options counted one by one.
    #[test]
    fn tail_codes_by_strata() {
        for name in ["0.[7]", "0.[4!]", "0.7[4]", "0.[06]", "0.[{2=+}]", "0.{2+}="] {
            let rs = heap(name);
            for n in [4097, 6007] {
                let mut real = 0u128;
                rs.for_each_option(n, &mut |_| real += 1);
                let est = rs.options_bound(n);
                assert!(
                    real <= est && est <= 2 * real + 64,
                    "{name} at {n}: bound {est}, counted {real}"
                );
            }
            let to = 100_000;
            let summed: f64 = (0..=to).map(|n| rs.options_bound(n) as f64).sum();
            let strata = dense_work(rs.as_ref(), 0, to) as f64;
            assert!(
                (strata / summed - 1.0).abs() < 0.1,
                "{name}: strata {strata}, heap by heap {summed}"
            );
        }
        // The case: a tail split to 10^5 is about 10^5³/12 options.
        let w = dense_work(heap("0.[7]").as_ref(), 0, 100_000) as f64;
        assert!((w / 8.3e13 - 1.0).abs() < 0.5, "{w}");
    }

    /// Nim's prefix step makes a table linear: 10^9 heaps are about 10^9 units (a
    /// quadratic estimate would be 5·10^17), and divide-and-residue is quadratic.
    #[test]
    fn linear_and_quadratic_models() {
        let nim = dense_work(heap("nim").as_ref(), 0, 1_000_000_000);
        assert!((1_000_000_000..=1_000_000_100).contains(&nim), "{nim}");
        let dr = dense_work(heap("divide-and-residue").as_ref(), 0, 10_000_000) as f64;
        assert!((dr / 5e13 - 1.0).abs() < 0.01, "{dr}");
        // Resuming from heap m costs only the heaps after it.
        let tail = dense_work(heap("divide-and-residue").as_ref(), 5_000_000, 10_000_000) as f64;
        assert!((tail / 3.75e13 - 1.0).abs() < 0.01, "{tail}");
        assert_eq!(dense_work(heap("nim").as_ref(), 5, 4), 0);
    }

    /// The cumulative curve starts at 0, never decreases and ends at the total.
    #[test]
    fn the_curve_is_monotone() {
        for (name, from, to) in [("laskers-nim", 0, 100_000), ("nim", 3, 2000), ("maliquot", 1, 77_777)] {
            let rs = heap(name);
            let c = WorkCurve::new(rs.as_ref(), from, to);
            assert_eq!(c.before(from), 0);
            let mut last = 0;
            for n in (from..=to + 1).step_by(97).chain([to + 1]) {
                let b = c.before(n);
                assert!(b >= last, "{name}: before({n}) = {b} < {last}");
                last = b;
            }
            let total = c.total() as u64;
            assert!(
                c.before(to + 1).abs_diff(total) <= 1,
                "{name}: {} vs {total}",
                c.before(to + 1)
            );
        }
    }
}
