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
}

impl WorkModel {
    /// Estimated units for heap `n` of `rs`.
    fn heap(self, rs: &dyn HeapRuleset, n: u64) -> f64 {
        match self {
            WorkModel::Options => rs.options_bound(n) as f64,
            WorkModel::PerHeap(c) => c as f64,
            WorkModel::Divisors(c) => c as f64 * ((n.max(1) as f64).ln() + 1.0),
            WorkModel::Quadratic(d) => n as f64 / d.max(1) as f64 + 1.0,
        }
    }

    /// A few words for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            WorkModel::Options => "every option of every heap",
            WorkModel::PerHeap(_) => "a few steps per heap",
            WorkModel::Divisors(_) => "the divisors of every heap",
            WorkModel::Quadratic(_) => "about n options for heap n",
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
            let count = to - from + 1;
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
