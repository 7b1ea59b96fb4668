//! A multiset of small values with a fast mex query, for sliding windows.
//!
//! MIN's rows are sliding-window mexes: G(a, b) = mex{G(a, b − k) : 1 ≤ k ≤ a}. The
//! window keeps a count per value and a two-level bitset of the values whose count is
//! zero, so adding or removing a value is O(1) and the mex costs one scan of the
//! summary level (one bit per 64 values).

/// Counts of the values `0..=cap` in a window, with the missing values in a two-level
/// bitset. Values above `cap` are ignored (callers choose `cap` ≥ the window size, so
/// such a value can never be the mex).
#[derive(Debug, Default, Clone)]
pub(crate) struct WindowMex {
    counts: Vec<u32>,
    /// Bit `v` set when `counts[v] == 0`.
    missing: Vec<u64>,
    /// Bit `w` set when `missing[w] != 0`.
    summary: Vec<u64>,
    cap: usize,
}

impl WindowMex {
    /// Empties the window and tracks the values `0..=cap`.
    pub(crate) fn reset(&mut self, cap: usize) {
        self.cap = cap;
        let n = cap + 1;
        self.counts.clear();
        self.counts.resize(n, 0);
        let words = n.div_ceil(64);
        self.missing.clear();
        self.missing.resize(words, u64::MAX);
        if !n.is_multiple_of(64) {
            self.missing[words - 1] = (1u64 << (n % 64)) - 1;
        }
        let sw = words.div_ceil(64);
        self.summary.clear();
        self.summary.resize(sw, u64::MAX);
        if !words.is_multiple_of(64) {
            self.summary[sw - 1] = (1u64 << (words % 64)) - 1;
        }
    }

    /// Adds one copy of `v`.
    #[inline]
    pub(crate) fn add(&mut self, v: u32) {
        let v = v as usize;
        if v > self.cap {
            return;
        }
        let c = &mut self.counts[v];
        *c += 1;
        if *c == 1 {
            let w = v >> 6;
            self.missing[w] &= !(1u64 << (v & 63));
            if self.missing[w] == 0 {
                self.summary[w >> 6] &= !(1u64 << (w & 63));
            }
        }
    }

    /// Removes one copy of `v` (which must be in the window).
    #[inline]
    pub(crate) fn remove(&mut self, v: u32) {
        let v = v as usize;
        if v > self.cap {
            return;
        }
        let c = &mut self.counts[v];
        debug_assert!(*c > 0, "removing a value that is not in the window");
        *c -= 1;
        if *c == 0 {
            let w = v >> 6;
            self.missing[w] |= 1u64 << (v & 63);
            self.summary[w >> 6] |= 1u64 << (w & 63);
        }
    }

    /// One step of a sliding-window mex: `m` (the current mex) enters the window and
    /// `gone` (a value in it) leaves; returns the new mex. Below `m` every value was
    /// present, so the new mex is `gone` if that left a hole below `m`, else the first
    /// missing value above `m`.
    #[inline]
    pub(crate) fn slide(&mut self, m: u32, gone: u32) -> u32 {
        self.remove(gone);
        self.add(m);
        if gone < m && self.counts[gone as usize] == 0 {
            gone
        } else {
            self.mex_from(m as usize + 1)
        }
    }

    /// The smallest value ≥ `x` in `0..=cap` not in the window, or `cap + 1`.
    #[inline]
    fn mex_from(&self, x: usize) -> u32 {
        let w = x >> 6;
        if w >= self.missing.len() {
            return self.cap as u32 + 1;
        }
        let bits = self.missing[w] & (u64::MAX << (x & 63));
        if bits != 0 {
            return (w * 64 + bits.trailing_zeros() as usize) as u32;
        }
        // Words after w with a missing value, from the summary.
        let (mut s, b) = ((w + 1) >> 6, (w + 1) & 63);
        if s >= self.summary.len() {
            return self.cap as u32 + 1;
        }
        let mut bits = self.summary[s] & (u64::MAX << b);
        loop {
            if bits != 0 {
                let w = s * 64 + bits.trailing_zeros() as usize;
                return (w * 64 + self.missing[w].trailing_zeros() as usize) as u32;
            }
            s += 1;
            if s >= self.summary.len() {
                return self.cap as u32 + 1;
            }
            bits = self.summary[s];
        }
    }

    /// The smallest value in `0..=cap` not in the window, or `cap + 1` if all are.
    #[inline]
    pub(crate) fn mex(&self) -> u32 {
        for (i, &s) in self.summary.iter().enumerate() {
            if s != 0 {
                let w = i * 64 + s.trailing_zeros() as usize;
                return (w * 64 + self.missing[w].trailing_zeros() as usize) as u32;
            }
        }
        self.cap as u32 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::mex;

    #[test]
    fn matches_the_plain_mex_on_a_sliding_window() {
        // A pseudo-random walk of values, window of 50, values up to 5000 (three levels of words).
        let mut x: u64 = 12345;
        let mut vals = Vec::new();
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vals.push(if x.is_multiple_of(3) {
                (x % 5000) as u32
            } else {
                (x % 40) as u32
            });
        }
        let mut w = WindowMex::default();
        w.reset(4999);
        for i in 0..vals.len() {
            w.add(vals[i]);
            if i >= 50 {
                w.remove(vals[i - 50]);
            }
            let lo = i.saturating_sub(49);
            let expect = mex(vals[lo..=i].iter().map(|&v| v as u64));
            assert_eq!(w.mex() as u64, expect, "window ending at {i}");
        }
    }

    #[test]
    fn slide_matches_the_plain_mex() {
        // Windows of 30 over a sequence whose next value is always the window's mex, with
        // arbitrary values leaving: the sliding-window mex of MIN's rows.
        let mut x: u64 = 99;
        let mut vals: Vec<u32> = Vec::new();
        for _ in 0..30 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vals.push((x % 200) as u32);
        }
        let mut w = WindowMex::default();
        w.reset(300);
        for &v in &vals {
            w.add(v);
        }
        let mut m = w.mex();
        for i in 0..2000 {
            assert_eq!(m as u64, mex(vals[i..i + 30].iter().map(|&v| v as u64)), "step {i}");
            let gone = vals[i];
            vals.push(m);
            m = w.slide(m, gone);
        }
    }

    #[test]
    fn full_window_reports_cap_plus_one() {
        let mut w = WindowMex::default();
        w.reset(3);
        for v in 0..=3 {
            assert_eq!(w.mex(), v);
            w.add(v);
        }
        assert_eq!(w.mex(), 4);
        w.add(9); // above cap: ignored
        w.remove(2);
        assert_eq!(w.mex(), 2);
    }
}
