/// The minimum excludant: the smallest non-negative integer not in `values`.
///
/// Runs in time linear in the number of values (a bitset of `len + 1` bits).
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut set = MexSet::new();
    for v in values {
        set.insert(v);
    }
    set.mex()
}

/// The mex of a slice of values, reusing `scratch` as the bitset.
pub fn mex_of_slice(values: &[u32], scratch: &mut Vec<u64>) -> u32 {
    // mex(values) <= values.len(), so only values <= len matter.
    let n = values.len();
    let words = n / 64 + 1;
    scratch.clear();
    scratch.resize(words, 0);
    for &v in values {
        let v = v as usize;
        if v <= n {
            scratch[v >> 6] |= 1 << (v & 63);
        }
    }
    for (i, w) in scratch.iter().enumerate() {
        if *w != u64::MAX {
            return (i * 64 + w.trailing_ones() as usize) as u32;
        }
    }
    unreachable!("a bitset of len+1 bits cannot be full")
}

/// A reusable set of small values with a fast mex query.
///
/// Values of 2^32 and above are ignored (no position here has that many options, so
/// they cannot be the mex). Clearing costs time proportional to the words touched.
/// [`MexSet::mex`] takes constant time: the set keeps the index of its first word that
/// is not full, which only moves forward as values are inserted (so a set that only
/// grows, as in the prefix engines of Nim, costs O(1) amortized per insertion and
/// query, not a scan from 0 each time).
#[derive(Debug, Default, Clone)]
pub struct MexSet {
    words: Vec<u64>,
    touched: Vec<u32>,
    /// Every word below this index is full.
    full: usize,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        MexSet::default()
    }

    /// Adds a value.
    #[inline]
    pub fn insert(&mut self, v: u64) {
        if v >= 1 << 32 {
            return;
        }
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if self.words[w] == 0 {
            self.touched.push(w as u32);
        }
        self.words[w] |= 1 << (v & 63);
        if w == self.full {
            while self.full < self.words.len() && self.words[self.full] == u64::MAX {
                self.full += 1;
            }
        }
    }

    /// True if `v` was inserted.
    pub fn contains(&self, v: u64) -> bool {
        let w = (v >> 6) as usize;
        w < self.words.len() && (self.words[w] >> (v & 63)) & 1 == 1
    }

    /// The smallest value not inserted.
    pub fn mex(&self) -> u64 {
        match self.words.get(self.full) {
            Some(w) => self.full as u64 * 64 + w.trailing_ones() as u64,
            None => self.words.len() as u64 * 64,
        }
    }

    /// Removes all values.
    pub fn clear(&mut self) {
        for &w in &self.touched {
            self.words[w as usize] = 0;
        }
        self.touched.clear();
        self.full = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive(v: &[u64]) -> u64 {
        (0..).find(|x| !v.contains(x)).unwrap()
    }

    #[test]
    fn small_cases() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 2, 4]), 3);
        assert_eq!(mex(0..200), 200);
        let mut s = Vec::new();
        assert_eq!(mex_of_slice(&[0, 1, 3, 1_000_000], &mut s), 2);
        assert_eq!(mex_of_slice(&[], &mut s), 0);
    }

    proptest! {
        #[test]
        fn agrees_with_naive(v in proptest::collection::vec(0u64..150, 0..200)) {
            prop_assert_eq!(mex(v.iter().copied()), naive(&v));
            let small: Vec<u32> = v.iter().map(|&x| x as u32).collect();
            let mut s = Vec::new();
            prop_assert_eq!(mex_of_slice(&small, &mut s) as u64, naive(&v));
            let mut set = MexSet::new();
            set.insert(1000);
            set.clear();
            for &x in &v { set.insert(x); }
            prop_assert_eq!(set.mex(), naive(&v));
        }

        /// The incremental mex (the first non-full word) after every insertion and
        /// across clears, against the naive mex; values dense enough to fill words.
        #[test]
        fn incremental_mex_agrees_with_naive(
            runs in proptest::collection::vec(proptest::collection::vec(0u64..400, 0..600), 1..4)
        ) {
            let mut set = MexSet::new();
            for run in runs {
                set.clear();
                let mut have = Vec::new();
                for x in run {
                    set.insert(x);
                    have.push(x);
                    prop_assert_eq!(set.mex(), naive(&have));
                }
            }
        }
    }
}
