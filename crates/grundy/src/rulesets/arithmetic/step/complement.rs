//! Options that are all smaller heaps except a few: the aliquant games.
//!
//! maliquant: heaps 0..n−1 except the proper divisors of n. saliquant: heaps n − k for
//! k ∤ n, that is heaps 0..n−1 except n − d for the divisors d. The powerset versions
//! take the same heaps (without heap 0 for powerset-maliquant) as their base.
//!
//! State: `cnt[c]`, the number of heaps below n (in range) with code c, and the
//! smallest code with count 0. For heap n the τ(n) excluded heaps are taken out of the
//! counts, the mex is read off (the smallest code whose count drops to 0, or the
//! prefix's smallest absent code), and the counts are restored: O(τ(n)) per heap.

use super::{Combine, GrowSieve};
use crate::error::Result;
use crate::game::DenseStep;

pub(crate) struct ComplementStep {
    subtract: bool,
    /// The first heap of the range (0 if heap 0 is an option or a base heap).
    lo: u64,
    kind: Combine,
    cnt: Vec<u32>,
    /// Number of codes c ≥ 1 with cnt[c] ≥ 2 (power set: a repeated power).
    dups: u64,
    /// Smallest code ≥ `start` with count 0 over the whole prefix.
    ptr: usize,
    start: usize,
    /// Heaps below this are in the counts.
    added: u64,
    sieve: GrowSieve,
    divs: Vec<u64>,
    removed: Vec<u32>,
}

impl ComplementStep {
    /// `zero_in_range`: heap 0 belongs to the range (maliquant, saliquant,
    /// powerset-saliquant), else the range starts at heap 1.
    pub(crate) fn new(subtract: bool, zero_in_range: bool, kind: Combine) -> ComplementStep {
        let start = usize::from(kind == Combine::PowerSet);
        ComplementStep {
            subtract,
            lo: u64::from(!zero_in_range),
            kind,
            cnt: Vec::new(),
            dups: 0,
            ptr: start,
            start,
            added: 0,
            sieve: GrowSieve::new(),
            divs: Vec::new(),
            removed: Vec::new(),
        }
    }

    #[inline]
    fn inc(&mut self, c: u32) {
        let c = c as usize;
        if c >= self.cnt.len() {
            self.cnt.resize(c + 1, 0);
        }
        self.cnt[c] += 1;
        if c >= 1 && self.cnt[c] == 2 {
            self.dups += 1;
        }
    }
}

impl DenseStep for ComplementStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        while self.added < n {
            let h = self.added;
            if h >= self.lo {
                self.inc(codes[h as usize]);
            }
            self.added += 1;
        }
        while self.ptr < self.cnt.len() && self.cnt[self.ptr] > 0 {
            self.ptr += 1;
        }
        if n == 0 {
            return Ok(0);
        }
        self.sieve.at(n)?.divisors_into(n, &mut self.divs);
        // Take the excluded heaps out of the counts; remember the codes.
        self.removed.clear();
        let mut hole = usize::MAX;
        for &d in &self.divs {
            let h = if self.subtract { n - d } else { d };
            if h >= n || h < self.lo {
                continue;
            }
            let c = codes[h as usize];
            self.removed.push(c);
            let ci = c as usize;
            self.cnt[ci] -= 1;
            if ci >= 1 && self.cnt[ci] == 1 {
                self.dups -= 1;
            }
            if self.cnt[ci] == 0 && ci >= self.start {
                hole = hole.min(ci);
            }
        }
        let first_absent = hole.min(self.ptr) as u32;
        let code = match self.kind {
            Combine::PowerSet => {
                let zero = self.cnt.first().is_some_and(|&z| z > 0) || self.dups > 0;
                if zero {
                    first_absent
                } else {
                    0
                }
            }
            _ => first_absent,
        };
        for &c in &self.removed {
            let ci = c as usize;
            self.cnt[ci] += 1;
            if ci >= 1 && self.cnt[ci] == 2 {
                self.dups += 1;
            }
        }
        Ok(code)
    }

    /// A `u32` count per value.
    fn bytes_per_value(&self) -> u64 {
        4
    }
}
