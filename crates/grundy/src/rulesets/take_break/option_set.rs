//! The option values of one heap while the sparse engine computes its mex: a set of
//! values with a mex that only moves up while values are added.
//!
//! Two representations share one interface, [`OptionSet`]:
//! - [`WordSet`], one 64-bit word held in a register, while every value is below 64
//!   (then every nim-sum of two values is too): marking a value is a shift and an OR,
//!   the mex is a trailing-zero count, and nothing is cleared between heaps;
//! - [`ByteSet`], one byte per value, for larger values (a store per value, with no
//!   read-modify-write chain between values, so a scan runs at the store rate).
//!
//! Long scans are split between two threads (rayon); the result is the same set.

use multiversion::multiversion;

/// A set of option values (all `u32`) of one heap.
pub(super) trait OptionSet: Send {
    /// The pairs of a split scanned per block while the candidate mex is rare: more
    /// pairs than needed cost their marks, more blocks cost a mex and a choice each.
    const BLOCK: u64;

    /// Adds `v`.
    fn insert(&mut self, v: u32);

    /// Adds `G(a) ⊕ G(m − a)` for the rare heaps `(a, G(a))` given (all `1 ≤ a < m`),
    /// with `codes[k] = G(k)`.
    fn mark_rare(&mut self, rare: &[(u32, u32)], codes: &[u32], m: usize, parallel: u64);

    /// Adds `left[i] ⊕ right[len − 1 − i]` for every `i` (`right` is read backwards;
    /// both have the same length).
    fn mark_pairs(&mut self, left: &[u32], right: &[u32], parallel: u64);

    /// The least value not in the set.
    fn mex(&mut self) -> u32;

    /// The least value `≥ v` not in the set.
    fn next_missing(&self, v: u32) -> u32;

    /// Empties the set, with room for the values `like` has room for.
    fn clear_like(&mut self, like: &Self);

    /// As [`OptionSet::mark_rare`] for `m` into `self` and for `m + 1` into `next`
    /// (`codes[..=m]` known), in one pass: the partners `G(m − a)` and `G(m + 1 − a)`
    /// share their cache line fifteen times in sixteen.
    fn mark_rare_two(&mut self, next: &mut Self, rare: &[(u32, u32)], codes: &[u32], m: usize);

    /// This representation's slot in `ahead`.
    fn slot(ahead: &mut Ahead) -> &mut (Option<AheadKey>, Self)
    where
        Self: Sized;
}

/// What a set computed one heap ahead holds: the rare pairs of the split of `m` tokens
/// of heap `heap`, under the rare mask `mask` and parity, with values below `2^bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AheadKey {
    pub heap: u64,
    pub m: u64,
    pub mask: u64,
    pub parity: u32,
    pub bits: u32,
}

/// A set per representation filled one heap ahead, with what it holds (`None`: a spare
/// kept for its allocation).
#[derive(Default)]
pub(super) struct Ahead {
    word: (Option<AheadKey>, WordSet),
    bytes: (Option<AheadKey>, ByteSet),
}

/// The number of values [`pairs_hit`] looks for at once.
pub(super) const TARGETS: usize = 4;

/// For each target `t` (at most [`TARGETS`]), true if `left[i] ⊕ right[len − 1 − i] = t`
/// for some `i`. The values are computed once per stretch of 256 pairs, then compared
/// with one target at a time (a compare and an OR per value, with no store and no
/// early exit, so both loops vectorize).
#[multiversion(targets("x86_64+avx2"))]
pub(super) fn pairs_hit(left: &[u32], right: &[u32], targets: &[u32]) -> [bool; TARGETS] {
    let n = left.len().min(right.len());
    let (left, right) = (&left[..n], &right[right.len() - n..]);
    let mut hit = [false; TARGETS];
    let mut x = [0u32; 256];
    let mut lo = 0;
    while lo < n {
        let len = (n - lo).min(256);
        let (l, r) = (&left[lo..lo + len], &right[n - lo - len..n - lo]);
        for ((x, &a), &b) in x.iter_mut().zip(l).zip(r.iter().rev()) {
            *x = a ^ b;
        }
        for (h, &t) in hit.iter_mut().zip(targets) {
            *h |= x[..len].iter().fold(0u32, |acc, &v| acc | u32::from(v == t)) != 0;
        }
        lo += len;
    }
    hit
}

/// Runs `f` on `0..len`, split in two halves run by two threads when `len ≥ parallel`
/// (at least 2), and returns both results (the second is `R::default()` unsplit).
fn split<R: Send + Default>(len: usize, parallel: u64, f: impl Fn(usize, usize) -> R + Sync) -> (R, R) {
    if (len as u64) < parallel.max(2) {
        return (f(0, len), R::default());
    }
    let half = len / 2;
    rayon::join(|| f(0, half), || f(half, len))
}

/// One bit per value below 64 (the value set of a heap while every value is below 64).
#[derive(Default)]
pub(super) struct WordSet(u64);

/// `1 << (v mod 64)`.
#[inline]
fn bit(v: u32) -> u64 {
    1u64 << (v & 63)
}

/// The bits of `left[i] ⊕ right[len − 1 − i]`, four independent accumulators (so the
/// ORs do not form one dependency chain); with AVX2 the shifts vectorize (0.106 and
/// 0.16 to 10^7 6 % faster).
#[multiversion(targets("x86_64+avx2"))]
fn pair_bits(left: &[u32], right: &[u32]) -> u64 {
    let n = left.len().min(right.len());
    let (left, right) = (&left[..n], &right[right.len() - n..]);
    let mut acc = [0u64; 4];
    let chunks = n / 4;
    for c in 0..chunks {
        let l: &[u32; 4] = left[4 * c..4 * c + 4].try_into().expect("four values");
        let r: &[u32; 4] = right[n - 4 * c - 4..n - 4 * c].try_into().expect("four values");
        for k in 0..4 {
            acc[k] |= bit(l[k] ^ r[3 - k]);
        }
    }
    for k in 4 * chunks..n {
        acc[0] |= bit(left[k] ^ right[n - 1 - k]);
    }
    acc[0] | acc[1] | acc[2] | acc[3]
}

/// The bits of `G(a) ⊕ G(m − a)` for the rare heaps given.
fn rare_bits(rare: &[(u32, u32)], codes: &[u32], m: usize) -> u64 {
    let codes = &codes[..m];
    let mut acc = [0u64; 2];
    let pairs = rare.chunks_exact(2);
    let rest = pairs.remainder();
    for p in pairs {
        acc[0] |= bit(p[0].1 ^ codes[m - p[0].0 as usize]);
        acc[1] |= bit(p[1].1 ^ codes[m - p[1].0 as usize]);
    }
    for &(a, va) in rest {
        acc[0] |= bit(va ^ codes[m - a as usize]);
    }
    acc[0] | acc[1]
}

impl OptionSet for WordSet {
    /// 0.106 to 10^7 took 0.48 s with blocks of 32 pairs and 0.55 s with 64.
    const BLOCK: u64 = 32;

    #[inline]
    fn insert(&mut self, v: u32) {
        self.0 |= bit(v);
    }

    fn mark_rare(&mut self, rare: &[(u32, u32)], codes: &[u32], m: usize, parallel: u64) {
        let (x, y) = split(rare.len(), parallel, |lo, hi| rare_bits(&rare[lo..hi], codes, m));
        self.0 |= x | y;
    }

    fn mark_pairs(&mut self, left: &[u32], right: &[u32], parallel: u64) {
        let len = left.len();
        let (x, y) = split(len, parallel, |i, j| pair_bits(&left[i..j], &right[len - j..len - i]));
        self.0 |= x | y;
    }

    #[inline]
    fn mex(&mut self) -> u32 {
        (!self.0).trailing_zeros()
    }

    #[inline]
    fn next_missing(&self, v: u32) -> u32 {
        if v >= 64 {
            return v;
        }
        v + (!self.0 >> v).trailing_zeros()
    }

    fn clear_like(&mut self, _: &Self) {
        self.0 = 0;
    }

    fn mark_rare_two(&mut self, next: &mut Self, rare: &[(u32, u32)], codes: &[u32], m: usize) {
        let codes = &codes[..=m];
        let (mut x, mut y) = (0, 0);
        for &(a, va) in rare {
            let i = m - a as usize;
            x |= bit(va ^ codes[i]);
            y |= bit(va ^ codes[i + 1]);
        }
        self.0 |= x;
        next.0 |= y;
    }

    fn slot(ahead: &mut Ahead) -> &mut (Option<AheadKey>, Self) {
        &mut ahead.word
    }
}

/// Marks `left[i] ⊕ right[len − 1 − i]` for every `i` in `marks` (an array of `N`
/// bytes, `N` a power of two above every value, so indexing needs no bounds check),
/// eight pairs at a time (the XORs vectorize; the stores stay one per value; an AVX2
/// copy made Officers 0.6 5 % and 0.376 20 % slower).
fn mark_xor<const N: usize>(marks: &mut [u8; N], left: &[u32], right: &[u32]) {
    let n = left.len().min(right.len());
    let (left, right) = (&left[..n], &right[right.len() - n..]);
    let chunks = n / 8;
    for c in 0..chunks {
        let l: &[u32; 8] = left[8 * c..8 * c + 8].try_into().expect("eight values");
        let r: &[u32; 8] = right[n - 8 * c - 8..n - 8 * c].try_into().expect("eight values");
        for k in 0..8 {
            marks[(l[k] ^ r[7 - k]) as usize & (N - 1)] = 1;
        }
    }
    for k in 8 * chunks..n {
        marks[(left[k] ^ right[n - 1 - k]) as usize & (N - 1)] = 1;
    }
}

/// Marks `G(a) ⊕ G(m − a)` for the rare heaps `(a, G(a))` given (all `a < m`) in
/// `marks` (as for [`mark_xor`]).
fn mark_rare<const N: usize>(marks: &mut [u8; N], rare: &[(u32, u32)], codes: &[u32], m: usize) {
    let codes = &codes[..m];
    for &(a, va) in rare {
        marks[(va ^ codes[m - a as usize]) as usize & (N - 1)] = 1;
    }
}

/// `by_length!(len, N => sized, _ => other)`: `sized` with the constant `N = len` when
/// `len` is one of the common mark-array lengths (so a loop over an `[u8; N]` indexes
/// without bounds checks), else `other`.
macro_rules! by_length {
    ($len:expr, $n:ident => $sized:expr, _ => $other:expr) => {
        by_length!(@ $len, $n, $sized, $other; 128 256 512 1024 2048 4096 8192 16384 32768 65536)
    };
    (@ $len:expr, $n:ident, $sized:expr, $other:expr; $($lit:literal)*) => {
        match $len {
            $($lit => {
                const $n: usize = $lit;
                $sized
            })*
            _ => $other,
        }
    };
}

/// The job of one thread of a scan: the pairs `lo..hi` of a rare list or of a stretch.
#[derive(Clone, Copy)]
enum Job<'a> {
    Rare(&'a [(u32, u32)], &'a [u32], usize),
    Pairs(&'a [u32], &'a [u32]),
}

impl Job<'_> {
    fn len(&self) -> usize {
        match self {
            Job::Rare(rare, ..) => rare.len(),
            Job::Pairs(left, _) => left.len(),
        }
    }

    /// Runs the pairs `lo..hi` on an array of `N` bytes.
    fn run_on<const N: usize>(&self, marks: &mut [u8; N], lo: usize, hi: usize) {
        match *self {
            Job::Rare(rare, codes, m) => mark_rare(marks, &rare[lo..hi], codes, m),
            Job::Pairs(left, right) => {
                let len = left.len();
                mark_xor(marks, &left[lo..hi], &right[len - hi..len - lo]);
            }
        }
    }

    /// Runs the pairs `lo..hi` on `marks` (a power-of-two length of at least 2): the
    /// common lengths get their own copy of the loop, with the length a constant.
    fn run(&self, marks: &mut [u8], lo: usize, hi: usize) {
        by_length!(marks.len(), N => self.run_on::<N>(marks.try_into().expect("the length"), lo, hi), _ => self.run_slice(marks, lo, hi))
    }

    /// As [`Job::run`], for any power-of-two length.
    fn run_slice(&self, marks: &mut [u8], lo: usize, hi: usize) {
        let mask = marks.len() - 1;
        let mut put = |v: u32| marks[v as usize & mask] = 1;
        match *self {
            Job::Rare(rare, codes, m) => rare[lo..hi].iter().for_each(|&(a, va)| put(va ^ codes[m - a as usize])),
            Job::Pairs(left, right) => {
                let len = left.len();
                for (l, r) in left[lo..hi].iter().zip(right[len - hi..len - lo].iter().rev()) {
                    put(l ^ r);
                }
            }
        }
    }
}

/// One byte per value: `marks[v] = 1` if `v` is in the set. The second thread of a
/// split scan marks a scratch array that is then merged.
#[derive(Default)]
pub(super) struct ByteSet {
    /// The length is a power of two above every value and every mex, so
    /// `v & (len − 1)` indexes without a bounds check.
    marks: Vec<u8>,
    /// The second thread's marks (all zero between scans).
    scratch: Vec<u8>,
    /// Every mark is below `top`.
    top: usize,
    /// Every value below `low` is marked.
    low: usize,
    /// Every value (and every nim-sum of values) is below `2^bits`.
    bits: u32,
}

impl ByteSet {
    /// Empties the set and makes room for values below `2^bits` (and a mex of `2^bits`).
    pub(super) fn reset(&mut self, bits: u32) {
        let len = 2usize << bits;
        if self.marks.len() < len {
            self.marks.resize(len, 0);
            self.scratch.resize(len, 0);
        }
        self.marks[..self.top].fill(0);
        self.top = 0;
        self.low = 0;
        self.bits = bits;
    }

    /// Runs `job`, split between two threads when it has `parallel` pairs or more.
    fn mark(&mut self, job: Job<'_>, parallel: u64) {
        let top = (1usize << self.bits).min(self.marks.len());
        self.top = self.top.max(top);
        let len = job.len();
        if (len as u64) < parallel.max(2) {
            job.run(&mut self.marks, 0, len);
            return;
        }
        let half = len / 2;
        let (marks, scratch) = (&mut self.marks, &mut self.scratch);
        rayon::join(|| job.run(marks, 0, half), || job.run(scratch, half, len));
        for (m, s) in marks[..top].iter_mut().zip(&mut scratch[..top]) {
            *m |= *s;
            *s = 0;
        }
    }
}

impl OptionSet for ByteSet {
    /// 0.376 to 3·10^6 took 2.6 s with blocks of 64 pairs and 3.1 s with 32.
    const BLOCK: u64 = 64;

    #[inline]
    fn insert(&mut self, v: u32) {
        let i = v as usize & (self.marks.len() - 1);
        self.marks[i] = 1;
        self.top = self.top.max(i + 1);
    }

    fn mark_rare(&mut self, rare: &[(u32, u32)], codes: &[u32], m: usize, parallel: u64) {
        self.mark(Job::Rare(rare, codes, m), parallel);
    }

    fn mark_pairs(&mut self, left: &[u32], right: &[u32], parallel: u64) {
        self.mark(Job::Pairs(left, right), parallel);
    }

    fn mex(&mut self) -> u32 {
        let i = self.next_missing(self.low as u32);
        self.low = i as usize;
        i
    }

    /// Eight bytes at a time (marks are 0 or 1, so a byte is 0 iff its low bit is).
    fn next_missing(&self, v: u32) -> u32 {
        let mut i = v as usize;
        while i + 8 <= self.marks.len() {
            let w = u64::from_le_bytes(self.marks[i..i + 8].try_into().expect("eight bytes"));
            let zeros = !w & 0x0101_0101_0101_0101;
            if zeros != 0 {
                return (i + zeros.trailing_zeros() as usize / 8) as u32;
            }
            i += 8;
        }
        while i < self.marks.len() && self.marks[i] != 0 {
            i += 1;
        }
        i as u32
    }

    fn clear_like(&mut self, like: &Self) {
        self.reset(like.bits);
    }

    fn mark_rare_two(&mut self, next: &mut Self, rare: &[(u32, u32)], codes: &[u32], m: usize) {
        let len = self.marks.len();
        if len != next.marks.len() {
            self.mark_rare(rare, codes, m, u64::MAX);
            next.mark_rare(rare, codes, m + 1, u64::MAX);
            return;
        }
        for set in [&mut *self, &mut *next] {
            set.top = set.top.max((1usize << set.bits).min(len));
        }
        by_length!(len, N => mark_rare_pair::<N>(
            self.marks.as_mut_slice().try_into().expect("the length"),
            next.marks.as_mut_slice().try_into().expect("the length"),
            rare,
            codes,
            m,
        ), _ => {
            self.mark_rare(rare, codes, m, u64::MAX);
            next.mark_rare(rare, codes, m + 1, u64::MAX);
        })
    }

    fn slot(ahead: &mut Ahead) -> &mut (Option<AheadKey>, Self) {
        &mut ahead.bytes
    }
}

/// Marks `G(a) ⊕ G(m − a)` in `x` and `G(a) ⊕ G(m + 1 − a)` in `y` for the rare heaps
/// given (all `a < m`), as for [`mark_rare`].
fn mark_rare_pair<const N: usize>(x: &mut [u8; N], y: &mut [u8; N], rare: &[(u32, u32)], codes: &[u32], m: usize) {
    let codes = &codes[..=m];
    for &(a, va) in rare {
        let i = m - a as usize;
        x[(va ^ codes[i]) as usize & (N - 1)] = 1;
        y[(va ^ codes[i + 1]) as usize & (N - 1)] = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain set (one `bool` per value below 64) of the insertions, the rare pairs
    /// and the pairs `(a, m − a)` for `lo ≤ a < hi`.
    fn plain(values: &[u32], codes: &[u32], rare: &[(u32, u32)], m: usize, lo: usize, hi: usize) -> [bool; 64] {
        let mut plain = [false; 64];
        for &v in values {
            plain[v as usize] = true;
        }
        for &(a, va) in rare {
            plain[(va ^ codes[m - a as usize]) as usize] = true;
        }
        for a in lo..hi {
            plain[(codes[a] ^ codes[m - a]) as usize] = true;
        }
        plain
    }

    /// Values, codes, rare heaps, m, lo, hi.
    type Input<'a> = (&'a [u32], &'a [u32], &'a [(u32, u32)], usize, usize, usize);

    /// Fills `set` as [`plain`], with or without thread splits.
    fn fill<S: OptionSet>(mut set: S, input: Input<'_>, parallel: u64) -> S {
        let (values, codes, rare, m, lo, hi) = input;
        for &v in values {
            set.insert(v);
        }
        set.mark_rare(rare, codes, m, parallel);
        set.mark_pairs(&codes[lo..hi], &codes[m + 1 - hi..=m - lo], parallel);
        set
    }

    /// The mex and the next missing value after each value, from a set.
    fn observe<S: OptionSet>(mut set: S) -> (u32, Vec<u32>) {
        let mex = set.mex();
        (mex, (0..64).map(|v| set.next_missing(v).min(64)).collect())
    }

    proptest! {
        /// The word set and the byte set (with the length a constant, and not), split
        /// between threads or not, hold the values of a plain set.
        #[test]
        fn sets_agree(
            codes in proptest::collection::vec(0u32..64, 80..120),
            values in proptest::collection::vec(0u32..64, 0..20),
            rare_at in proptest::collection::vec(1usize..40, 0..12),
            lo in 1usize..30,
            len in 0usize..40,
        ) {
            let m = codes.len() - 1;
            let rare: Vec<(u32, u32)> = rare_at.iter().map(|&a| (a as u32, codes[a])).collect();
            let hi = (lo + len).min(m / 2);
            let lo = lo.min(hi);
            let plain = plain(&values, &codes, &rare, m, lo, hi);
            let next = |v: usize| (v..64).find(|&k| !plain[k]).unwrap_or(64) as u32;
            let want = (next(0), (0..64).map(next).collect::<Vec<u32>>());
            let input = (&values[..], &codes[..], &rare[..], m, lo, hi);
            for parallel in [u64::MAX, 0] {
                prop_assert_eq!(observe(fill(WordSet::default(), input, parallel)), want.clone());
                for bits in [6, 17] {
                    let mut bytes = ByteSet::default();
                    bytes.reset(bits);
                    prop_assert_eq!(observe(fill(bytes, input, parallel)), want.clone());
                }
            }
        }

        /// Marking the rare pairs of `m` and `m + 1` in one pass gives the sets of two
        /// passes.
        #[test]
        fn two_heaps_in_one_pass(
            codes in proptest::collection::vec(0u32..64, 80..120),
            rare_at in proptest::collection::vec(1usize..79, 0..12),
        ) {
            let m = codes.len() - 2;
            let rare: Vec<(u32, u32)> = rare_at.iter().map(|&a| (a as u32, codes[a])).collect();
            let mut words = (WordSet::default(), WordSet::default());
            words.0.mark_rare_two(&mut words.1, &rare, &codes, m);
            let want = |m: usize| {
                let plain = plain(&[], &codes, &rare, m, 0, 0);
                let next = |v: usize| (v..64).find(|&k| !plain[k]).unwrap_or(64) as u32;
                (next(0), (0..64).map(next).collect::<Vec<u32>>())
            };
            prop_assert_eq!(observe(words.0), want(m));
            prop_assert_eq!(observe(words.1), want(m + 1));
            for bits in [6, 17] {
                let (mut x, mut y) = (ByteSet::default(), ByteSet::default());
                x.reset(bits);
                y.clear_like(&x);
                x.mark_rare_two(&mut y, &rare, &codes, m);
                prop_assert_eq!(observe(x), want(m));
                prop_assert_eq!(observe(y), want(m + 1));
            }
        }

        /// `pairs_hit` finds exactly the targets among the pair values.
        #[test]
        fn hits_are_the_pair_values(
            codes in proptest::collection::vec(0u32..40, 600..700),
            targets in proptest::collection::vec(0u32..64, 0..=TARGETS),
            lo in 1usize..30,
            len in 0usize..300,
        ) {
            let m = codes.len() - 1;
            let hi = (lo + len).min(m / 2);
            let lo = lo.min(hi);
            let plain = plain(&[], &codes, &[], m, lo, hi);
            let hit = pairs_hit(&codes[lo..hi], &codes[m + 1 - hi..=m - lo], &targets);
            for (k, &t) in targets.iter().enumerate() {
                prop_assert_eq!(hit[k], plain[t as usize], "target {}", t);
            }
        }
    }
}
