//! The nim-sums of the splits of m tokens into k heaps, for every m at once, by
//! dynamic programming: the option values of `{k+}` digits (`0.{2+}`, `{3+}.0`) without
//! listing the partitions (a heap of 110 tokens has 6·10^8 of them).
//!
//! The heap sizes are added one at a time, like the items of an unbounded knapsack:
//! after the sizes 1, …, s, `multi[t][h]` is the set of nim-sums G(a₁) ⊕ … ⊕ G(a_h) of
//! the multisets {a₁ ≤ … ≤ a_h} of those sizes with total t, one bit per value (the
//! count h is capped: the last state means "h or more"). Adding size s with value g
//! updates every total t ≥ s from t − s, translating the bits by XOR with g. The
//! modifiers are exact:
//!
//! - `!` (pairwise unequal heaps) is the 0/1 knapsack, each size used at most once
//!   (`strict`, totals updated downwards);
//! - `?` (not all equal) keeps, beside h, whether the multiset uses one size or several
//!   (`flag`): the partitions into k heaps that are not all equal are exactly those
//!   with two or more distinct sizes;
//! - `=` needs no programme: k equal heaps of m/k tokens have the value G(m/k) or 0.
//!
//! Work: each size costs every total above it once per state, in words of `W` =
//! values/64 bits: O(N² · states · W) for a table to N, polynomial where the
//! enumeration is exponential. The sets cover totals up to the table's last heap when
//! it is known ([`crate::game::DenseStep::reserve`]), and grow by doubling otherwise
//! (rebuilt from the sizes); a value beyond the bits held widens every set in place
//! (the values so far stay where they are: nothing is added again).

use super::Constraint;
use crate::error::{Error, Result};

/// One group of counts of a digit that the programme answers: exactly `k` heaps, or
/// `k` and more (`open`), with the constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Group {
    pub k: u64,
    pub open: bool,
    pub constraint: Constraint,
}

/// The split sets of every total up to `cap`.
#[derive(Debug, Default)]
pub(super) struct Splits {
    /// States h = 0..=top, the last meaning "top or more heaps".
    top: usize,
    /// Track one size versus several (`?`).
    flags: bool,
    /// The multiset programme is needed (no modifier, or `?`).
    multi_needed: bool,
    /// The distinct-sizes programme is needed (`!`).
    strict_needed: bool,
    /// Words per set.
    words: usize,
    /// Totals 0..=cap.
    cap: usize,
    /// Sizes 1..=sizes are in the sets.
    sizes: usize,
    /// multi[((t · (top + 1) + h) · F + f) · words + w], F = 3 with flags (f: sizes
    /// used, 0, 1 or several), else 1.
    multi: Vec<u64>,
    /// strict[(t · (top + 1) + h) · words + w].
    strict: Vec<u64>,
    /// The sets of the multisets that use the size being added (with flags).
    scratch: Vec<u64>,
    /// The last heap of the table, when known.
    last: Option<usize>,
}

/// Masks of the bits whose index has bit i clear, for the XOR translation of a word.
const HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word whose bit i is bit (i ⊕ g) of `x` (g < 64).
#[inline]
fn permute(mut x: u64, g: u32) -> u64 {
    for (i, &m) in HALVES.iter().enumerate() {
        if g >> i & 1 == 1 {
            let s = 1 << i;
            x = ((x & m) << s) | ((x >> s) & m);
        }
    }
    x
}

/// `dst |= src ⊕ g` for sets of `src.len()` words (the words of `src` moved to index
/// w ⊕ g/64, their bits permuted by g mod 64).
#[inline]
fn or_translated(dst: &mut [u64], src: &[u64], g: u32) {
    let hi = (g >> 6) as usize;
    let lo = g & 63;
    for (w, &x) in src.iter().enumerate() {
        if x != 0 {
            dst[w ^ hi] |= permute(x, lo);
        }
    }
}

impl Splits {
    /// The programme for the groups of a code's digits (counts of three heaps or more,
    /// modifiers other than `=`); `None` if there are none.
    pub fn new(groups: &[Group]) -> Option<Splits> {
        if groups.is_empty() {
            return None;
        }
        // Exact counts below the top state; an open group from k reads k..=top.
        let top = groups
            .iter()
            .map(|g| if g.open { g.k } else { g.k + 1 })
            .max()
            .unwrap_or(3) as usize;
        Some(Splits {
            top,
            flags: groups.iter().any(|g| g.constraint == Constraint::NotAllEqual),
            multi_needed: groups
                .iter()
                .any(|g| matches!(g.constraint, Constraint::Any | Constraint::NotAllEqual)),
            strict_needed: groups.iter().any(|g| g.constraint == Constraint::PairwiseUnequal),
            words: 1,
            ..Splits::default()
        })
    }

    /// The words the programme updates per total for each size it adds while the
    /// values stay below 64 (one word a set; each widening doubles it and rebuilds):
    /// adding size s to sets up to total N costs (N − s) times this, N²/2 times this
    /// for a table to N ([`super::TakeAndBreak`]'s work estimate).
    pub fn words_per_total(&self) -> u64 {
        let multi = if self.multi_needed { self.multi_stride() } else { 0 };
        let strict = if self.strict_needed { self.strict_stride() } else { 0 };
        ((multi + strict) / self.words) as u64
    }

    /// The last heap of the table (the totals the sets need).
    pub fn reserve(&mut self, last: u64) {
        self.last = usize::try_from(last).ok();
    }

    fn flag_states(&self) -> usize {
        if self.flags {
            3
        } else {
            1
        }
    }

    /// Words of the multiset sets per total.
    fn multi_stride(&self) -> usize {
        (self.top + 1) * self.flag_states() * self.words
    }

    /// Words of the strict sets per total.
    fn strict_stride(&self) -> usize {
        (self.top + 1) * self.words
    }

    /// Bytes of the sets for totals up to `cap` with `words` words a set.
    fn bytes(&self, cap: usize, words: usize) -> u128 {
        let per = (self.top + 1) as u128 * words as u128 * 8;
        let multi = if self.multi_needed {
            per * self.flag_states() as u128 * if self.flags { 2 } else { 1 }
        } else {
            0
        };
        let strict = if self.strict_needed { per } else { 0 };
        (cap as u128 + 1) * (multi + strict)
    }

    /// Makes the sets hold every total up to `n` and every size below `n` (values in
    /// `codes`), counting the words updated on `count`.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the sets would pass `memory_limit` (half of it: the
    /// table beside them is counted by its own estimate); the errors of `count`.
    pub fn sync(
        &mut self,
        n: usize,
        codes: &[u32],
        memory_limit: u64,
        count: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<()> {
        // Every value of a size below n, and so every nim-sum of them, below 64·words.
        let top_value = codes[self.sizes.min(n)..n].iter().copied().max().unwrap_or(0);
        let need_words = ((top_value as u64 + 1).next_power_of_two() as usize).div_ceil(64).max(self.words);
        let more_totals = n > self.cap || self.multi.is_empty() && self.strict.is_empty();
        if more_totals || need_words > self.words {
            let cap = match self.last {
                _ if !more_totals => self.cap,
                Some(last) if last >= n => last,
                _ => (2 * n).max(64),
            };
            let words = need_words.max(
                ((codes[..n].iter().copied().max().unwrap_or(0) as u64 + 1).next_power_of_two() as usize).div_ceil(64),
            );
            let bytes = self.bytes(cap, words);
            if bytes > u128::from(memory_limit / 2) {
                return Err(Error::TooLarge {
                    what: format!("the table of nim-sums of the splits into k or more heaps to heap {cap}"),
                    estimate_bytes: bytes.min(u64::MAX as u128) as u64,
                    limit_bytes: memory_limit,
                    detail: format!(
                        "{} totals × {} sets of {words} words (values below {}); half the memory limit",
                        cap + 1,
                        (self.top + 1) * self.flag_states(),
                        64 * words
                    ),
                });
            }
            if more_totals {
                self.rebuild(cap, words)?;
            } else {
                self.widen(words)?;
            }
        }
        while self.sizes + 1 < n {
            let s = self.sizes + 1;
            let g = codes[s];
            self.add(s, g, count)?;
            self.sizes = s;
        }
        Ok(())
    }

    /// Empty sets for totals up to `cap` of `words` words (only the empty multiset at
    /// total 0), no size added.
    fn rebuild(&mut self, cap: usize, words: usize) -> Result<()> {
        self.cap = cap;
        self.words = words;
        self.sizes = 0;
        let what = || "the nim-sums of the splits into k or more heaps".to_string();
        let fill = |len: usize| crate::control::try_filled(len, 0u64, what);
        self.multi = if self.multi_needed { fill((cap + 1) * self.multi_stride())? } else { Vec::new() };
        self.scratch = if self.multi_needed && self.flags { fill((cap + 1) * self.multi_stride())? } else { Vec::new() };
        self.strict = if self.strict_needed { fill((cap + 1) * self.strict_stride())? } else { Vec::new() };
        if self.multi_needed {
            self.multi[0] = 1;
        }
        if self.strict_needed {
            self.strict[0] = 1;
        }
        Ok(())
    }

    /// The same sets with `words` words each: every value held so far is below the
    /// old width, so the new words are empty (no size is added again).
    fn widen(&mut self, words: usize) -> Result<()> {
        let old = self.words;
        let relayout = |v: &[u64]| -> Result<Vec<u64>> {
            let mut out = crate::control::try_filled(v.len() / old * words, 0u64, || {
                "the nim-sums of the splits into k or more heaps".to_string()
            })?;
            for (i, set) in v.chunks_exact(old).enumerate() {
                out[i * words..i * words + old].copy_from_slice(set);
            }
            Ok(out)
        };
        self.multi = relayout(&self.multi)?;
        self.strict = relayout(&self.strict)?;
        self.scratch = relayout(&self.scratch)?;
        self.words = words;
        Ok(())
    }

    /// Adds the size `s` of value `g` to every set.
    fn add(&mut self, s: usize, g: u32, count: &mut dyn FnMut(u64) -> Result<()>) -> Result<()> {
        let (w, top, cap) = (self.words, self.top, self.cap);
        if s > cap {
            return Ok(());
        }
        let up = |h: usize| (h + 1).min(top);
        if self.multi_needed {
            let f_n = self.flag_states();
            let stride = self.multi_stride();
            let at = |t: usize, h: usize, f: usize| ((t * (top + 1) + h) * f_n + f) * w;
            if !self.flags {
                // Unbounded knapsack in place: t − s already holds the multisets with s.
                for t in s..=cap {
                    let (lo, hi) = self.multi.split_at_mut(t * stride);
                    let src = &lo[(t - s) * stride..(t - s + 1) * stride];
                    let dst = &mut hi[..stride];
                    for h in (0..=top).rev() {
                        let from = &src[at(0, h, 0)..at(0, h, 0) + w];
                        or_translated(&mut dst[at(0, up(h), 0)..at(0, up(h), 0) + w], from, g);
                    }
                }
            } else {
                // The multisets that use s: from those without it (one more distinct
                // size) or from those with it already (the same sizes), then merged.
                self.scratch[s * stride..].fill(0);
                for t in s..=cap {
                    let (lo, hi) = self.scratch.split_at_mut(t * stride);
                    let dst = &mut hi[..stride];
                    let old = &self.multi[(t - s) * stride..(t - s + 1) * stride];
                    // The multisets of total t − s that use s (none below 2s).
                    let with = (t >= 2 * s).then(|| &lo[(t - s) * stride..(t - s + 1) * stride]);
                    for h in 0..=top {
                        for f in 0..3 {
                            let src = &old[at(0, h, f)..at(0, h, f) + w];
                            let to = at(0, up(h), (f + 1).min(2));
                            or_translated(&mut dst[to..to + w], src, g);
                            if let Some(with) = with {
                                let src = &with[at(0, h, f)..at(0, h, f) + w];
                                let to = at(0, up(h), f);
                                or_translated(&mut dst[to..to + w], src, g);
                            }
                        }
                    }
                }
                for t in s..=cap {
                    let range = t * stride..(t + 1) * stride;
                    for (d, &x) in self.multi[range.clone()].iter_mut().zip(&self.scratch[range]) {
                        *d |= x;
                    }
                }
            }
            count(((cap + 1 - s) * stride) as u64)?;
        }
        if self.strict_needed {
            let stride = self.strict_stride();
            // 0/1 knapsack: totals downwards, so t − s does not hold s yet.
            for t in (s..=cap).rev() {
                let (lo, hi) = self.strict.split_at_mut(t * stride);
                let src = &lo[(t - s) * stride..(t - s + 1) * stride];
                let dst = &mut hi[..stride];
                for h in (0..=top).rev() {
                    let from = &src[h * w..(h + 1) * w];
                    or_translated(&mut dst[up(h) * w..up(h) * w + w], from, g);
                }
            }
            count(((cap + 1 - s) * stride) as u64)?;
        }
        Ok(())
    }

    /// Calls `f` with every nim-sum of the splits of `m` tokens in `group` (synced to a
    /// heap of at least `m` tokens).
    pub fn for_each_value(&self, m: usize, group: Group, f: &mut dyn FnMut(u32)) {
        let (w, top) = (self.words, self.top);
        if m > self.cap || (group.k as usize) > m {
            return;
        }
        let states = if group.open {
            group.k as usize..=top
        } else {
            group.k as usize..=group.k as usize
        };
        let mut acc = vec![0u64; w];
        match group.constraint {
            Constraint::PairwiseUnequal => {
                let base = m * self.strict_stride();
                for h in states {
                    for (a, &x) in acc.iter_mut().zip(&self.strict[base + h * w..base + (h + 1) * w]) {
                        *a |= x;
                    }
                }
            }
            c => {
                let f_n = self.flag_states();
                let base = m * self.multi_stride();
                // `?`: several distinct sizes; otherwise any.
                let flags: &[usize] = match (c, self.flags) {
                    (Constraint::NotAllEqual, _) => &[2],
                    (_, true) => &[1, 2],
                    (_, false) => &[0],
                };
                for h in states {
                    for &f in flags {
                        let at = base + (h * f_n + f) * w;
                        for (a, &x) in acc.iter_mut().zip(&self.multi[at..at + w]) {
                            *a |= x;
                        }
                    }
                }
            }
        }
        for (i, mut x) in acc.into_iter().enumerate() {
            while x != 0 {
                f((i * 64) as u32 + x.trailing_zeros());
                x &= x - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The word permutation is the XOR translation of bit indices.
        #[test]
        fn permute_translates_by_xor(x: u64, g in 0u32..64) {
            let want = (0..64).filter(|&i| x >> i & 1 == 1).fold(0u64, |acc, i| acc | 1 << (i ^ g));
            proptest::prop_assert_eq!(permute(x, g), want);
        }
    }
}
