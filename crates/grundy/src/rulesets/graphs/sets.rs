//! Sets of vertices (or edges) as fixed-size bit sets, element `i` being bit `i`: one
//! `u128` for graphs of at most 128 vertices, [`Bits256`] (four words) for graphs of
//! at most 256. The graph code is written once over [`BitSet`], so the search of a
//! graph that fits in 128 bits keeps its narrower keys (30-byte table slots instead of
//! 46) and cheaper set operations.

use crate::solve::bitgame::TableKey;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of elements `0..BITS` as bits, with the table key of a set of a numbered
/// graph (the graph's number, then the set's words).
pub trait BitSet:
    Copy
    + Eq
    + Default
    + Send
    + Sync
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    /// The number of elements the set can hold.
    const BITS: usize;
    /// The number of 64-bit words of the set.
    const WORDS: usize;
    /// The key of a set of a numbered graph: `[graph, word 0, word 1, …]`.
    type Key: TableKey;

    /// The set `{i}`, for `i < BITS`.
    fn bit(i: usize) -> Self;
    /// The set `{0, …, n − 1}`, for `n ≤ BITS`.
    fn first_n(n: usize) -> Self;
    /// True if `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// The number of elements.
    fn count(self) -> u32;
    /// True for the empty set.
    fn is_empty(self) -> bool;
    /// The set of the least element alone (empty for the empty set).
    fn lowest(self) -> Self;
    /// The least element (`BITS` for the empty set).
    fn first(self) -> usize;
    /// The set less its least element.
    fn without_first(self) -> Self;
    /// Calls `f` with each element, least first (faster than [`elements`]).
    fn each(self, f: impl FnMut(usize));
    /// The words of the set, least first, padded with zeros to four.
    fn words(self) -> [u64; 4];
    /// The set of these words (least first), if it has no element from `BITS` on.
    fn from_words(w: &[u64]) -> Option<Self>;
    /// The key of the set `s` of graph `id`.
    fn key(id: u64, s: Self) -> Self::Key;
    /// The graph number of a key made by [`BitSet::key`].
    fn key_graph(k: &Self::Key) -> u64;
    /// The set of a key made by [`BitSet::key`].
    fn key_set(k: &Self::Key) -> Self;

    /// The set in hexadecimal, without leading zeros (`0` for the empty set).
    fn hex(self) -> String {
        let w = self.words();
        let top = w.iter().rposition(|&x| x != 0).unwrap_or(0);
        let mut s = format!("{:x}", w[top]);
        for x in w[..top].iter().rev() {
            s.push_str(&format!("{x:016x}"));
        }
        s
    }
}

impl BitSet for u128 {
    const BITS: usize = 128;
    const WORDS: usize = 2;
    type Key = [u64; 3];

    #[inline]
    fn bit(i: usize) -> Self {
        1 << i
    }
    fn first_n(n: usize) -> Self {
        if n >= 128 {
            u128::MAX
        } else {
            (1 << n) - 1
        }
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }
    #[inline]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn without_first(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn each(self, mut f: impl FnMut(usize)) {
        let mut x = self;
        while x != 0 {
            f(x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
    fn words(self) -> [u64; 4] {
        [self as u64, (self >> 64) as u64, 0, 0]
    }
    fn from_words(w: &[u64]) -> Option<Self> {
        if w.iter().skip(2).any(|&x| x != 0) {
            return None;
        }
        let word = |i: usize| u128::from(w.get(i).copied().unwrap_or(0));
        Some(word(0) | word(1) << 64)
    }
    #[inline]
    fn key(id: u64, s: Self) -> [u64; 3] {
        [id, s as u64, (s >> 64) as u64]
    }
    #[inline]
    fn key_graph(k: &[u64; 3]) -> u64 {
        k[0]
    }
    #[inline]
    fn key_set(k: &[u64; 3]) -> Self {
        u128::from(k[1]) | u128::from(k[2]) << 64
    }
}

/// A set of at most 256 elements: four 64-bit words, element `i` bit `i % 64` of word
/// `i / 64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits256(pub [u64; 4]);

impl BitAnd for Bits256 {
    type Output = Bits256;
    #[inline]
    fn bitand(self, o: Bits256) -> Bits256 {
        Bits256(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOr for Bits256 {
    type Output = Bits256;
    #[inline]
    fn bitor(self, o: Bits256) -> Bits256 {
        Bits256(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl Not for Bits256 {
    type Output = Bits256;
    #[inline]
    fn not(self) -> Bits256 {
        Bits256(self.0.map(|x| !x))
    }
}

impl BitAndAssign for Bits256 {
    #[inline]
    fn bitand_assign(&mut self, o: Bits256) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits256 {
    #[inline]
    fn bitor_assign(&mut self, o: Bits256) {
        *self = *self | o;
    }
}

impl BitSet for Bits256 {
    const BITS: usize = 256;
    const WORDS: usize = 4;
    type Key = Key256;

    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; 4];
        w[i / 64] = 1 << (i % 64);
        Bits256(w)
    }
    fn first_n(n: usize) -> Self {
        Bits256(std::array::from_fn(|i| match n.saturating_sub(64 * i) {
            0 => 0,
            k if k >= 64 => u64::MAX,
            k => (1 << k) - 1,
        }))
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn lowest(self) -> Self {
        let mut w = [0; 4];
        if let Some(i) = self.0.iter().position(|&x| x != 0) {
            w[i] = self.0[i] & self.0[i].wrapping_neg();
        }
        Bits256(w)
    }
    #[inline]
    fn first(self) -> usize {
        match self.0.iter().position(|&x| x != 0) {
            Some(i) => 64 * i + self.0[i].trailing_zeros() as usize,
            None => 256,
        }
    }
    #[inline]
    fn without_first(self) -> Self {
        let mut w = self.0;
        if let Some(i) = w.iter().position(|&x| x != 0) {
            w[i] &= w[i] - 1;
        }
        Bits256(w)
    }
    #[inline]
    fn each(self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                f(64 * i + x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
    }
    fn words(self) -> [u64; 4] {
        self.0
    }
    fn from_words(w: &[u64]) -> Option<Self> {
        if w.iter().skip(4).any(|&x| x != 0) {
            return None;
        }
        Some(Bits256(std::array::from_fn(|i| w.get(i).copied().unwrap_or(0))))
    }
    #[inline]
    fn key(id: u64, s: Self) -> Key256 {
        Key256([id, s.0[0], s.0[1], s.0[2], s.0[3]])
    }
    #[inline]
    fn key_graph(k: &Key256) -> u64 {
        k.0[0]
    }
    #[inline]
    fn key_set(k: &Key256) -> Self {
        Bits256([k.0[1], k.0[2], k.0[3], k.0[4]])
    }
}

/// The hash, equality and [`TableKey`] of a key of words: hashed as its words, and
/// compared without a call to `memcmp` (the table compares keys on every look-up).
macro_rules! word_key {
    ($k:ident) => {
        impl std::hash::Hash for $k {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                self.0.hash(h);
            }
        }

        impl PartialEq for $k {
            #[inline]
            fn eq(&self, o: &$k) -> bool {
                self.0.iter().zip(&o.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
            }
        }

        impl TableKey for $k {
            #[inline]
            fn hash64(&self) -> u64 {
                self.0.hash64()
            }
        }
    };
}

/// The table key of a set of [`Bits256`]: the graph's number and the four words. Its
/// own type for an equality test without a call to `memcmp` (the table compares keys
/// on every look-up); hashed as the five words are.
#[derive(Clone, Copy, Debug, Default, Eq, PartialOrd, Ord)]
pub struct Key256(pub [u64; 5]);

word_key!(Key256);

/// The table key of a region of a graph family's frame ([`Key256`]'s words 0, 1 and 3)
/// when words 2 and 4 are zero: for P(n,k) with n ≤ 64, the tag, u₀…u₆₃ and v₀…v₆₃
/// (`rulesets::node_kayles::FramedSolver`). Three words make a 30-byte table slot
/// with its tag, against 46 for [`Key256`]. Ordered as the [`Key256`] it narrows (the
/// words left out are zero), so that a search lists and sorts its keys in the same
/// order at either width; hashed as its three words.
#[derive(Clone, Copy, Debug, Default, Eq, PartialOrd, Ord)]
pub struct Key192(pub [u64; 3]);

impl Key192 {
    /// The narrow key of `k`, if its words 2 and 4 are zero.
    #[inline]
    pub fn narrow(k: &Key256) -> Option<Key192> {
        (k.0[2] | k.0[4] == 0).then_some(Key192([k.0[0], k.0[1], k.0[3]]))
    }

    /// The key as five words, words 2 and 4 zero.
    #[inline]
    pub fn wide(&self) -> Key256 {
        Key256([self.0[0], self.0[1], 0, self.0[2], 0])
    }
}

word_key!(Key192);

/// The elements of a bit set, least first.
pub fn elements<S: BitSet>(mut x: S) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (!x.is_empty()).then(|| {
            let i = x.first();
            x = x.without_first();
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator of 64-bit words from `x` (not 0).
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// The two set types agree element by element on sets both hold, and the wide one
    /// on sets above 128.
    #[test]
    fn sets_agree() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..200 {
            let (a, b) = (u128::from(next()) | u128::from(next()) << 64, u128::from(next()) << 3);
            let (wa, wb) = (
                Bits256::from_words(&a.words()).unwrap(),
                Bits256::from_words(&b.words()).unwrap(),
            );
            assert_eq!((wa & wb).words(), (a & b).words());
            assert_eq!((wa | wb).words(), (a | b).words());
            assert_eq!((!wa & Bits256::first_n(128)).words(), (!a).words());
            assert_eq!(wa.count(), a.count());
            assert_eq!(wa.lowest().words(), a.lowest().words());
            assert_eq!(wa.first(), a.first());
            assert_eq!(wa.without_first().words(), a.without_first().words());
            assert_eq!(elements(wa).collect::<Vec<_>>(), elements(a).collect::<Vec<_>>());
            let (mut ea, mut ew) = (Vec::new(), Vec::new());
            a.each(|i| ea.push(i));
            wa.each(|i| ew.push(i));
            assert_eq!(ea, ew);
            assert_eq!(ea, elements(a).collect::<Vec<_>>());
            assert_eq!(wa.hex(), format!("{a:x}"));
            let w = Bits256([next(), next(), next(), next()]);
            let listed: Vec<usize> = elements(w).collect();
            let mut each = Vec::new();
            w.each(|i| each.push(i));
            assert_eq!(each, listed);
            assert!(Bits256::key(3, w) == Bits256::key(3, w) && Bits256::key(3, w) != Bits256::key(4, w));
            assert_eq!(listed.len() as u32, w.count());
            assert!(listed.iter().all(|&i| w.has(i)));
            let rebuilt = listed.iter().fold(Bits256::default(), |s, &i| s | Bits256::bit(i));
            assert_eq!(rebuilt, w);
            assert_eq!(Bits256::key_set(&Bits256::key(7, w)), w);
            assert_eq!(u128::from_str_radix(&a.hex(), 16).unwrap(), a);
        }
        assert_eq!(Bits256::first_n(130).count(), 130);
        assert_eq!(Bits256::first_n(256).count(), 256);
        assert_eq!(Bits256::default().first(), 256);
        assert_eq!(Bits256::bit(200).hex(), format!("1{}", "0".repeat(50)));
        assert_eq!(u128::first_n(128), u128::MAX);
        assert!(u128::from_words(&[1, 2, 3, 0]).is_none());
        assert!(Bits256::from_words(&[1, 2, 3, 4, 5]).is_none());
    }

    /// A narrow key is the wide one's words 0, 1 and 3, ordered as the wide keys it
    /// narrows; the wide keys with words 2 or 4 set have none.
    #[test]
    fn narrow_keys_keep_the_wide_keys_order() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut keys = Vec::new();
        for i in 0..300 {
            // Few distinct words, so that ties in the first words are common.
            let k = Key256([next() % 3, next() % 4, 0, next() % 4, 0]);
            let n = Key192::narrow(&k).expect("words 2 and 4 zero");
            assert_eq!(n.wide(), k);
            assert_eq!(n.0, [k.0[0], k.0[1], k.0[3]]);
            keys.push((k, n));
            let mut wide = k;
            wide.0[2 + 2 * (i % 2)] = 1 + next() % 5;
            assert_eq!(Key192::narrow(&wide), None);
        }
        for (a, b) in keys.iter().zip(keys.iter().skip(1)) {
            assert_eq!(a.0.cmp(&b.0), a.1.cmp(&b.1));
            assert_eq!(a.0 == b.0, a.1 == b.1);
        }
    }

    /// Table slots with their tag bytes: 30 bytes for the narrow key, 46 for the wide
    /// one, as for a graph's three words and a 256-bit graph's five.
    #[test]
    fn slot_sizes_of_the_keys() {
        use crate::solve::bitgame::Table;
        assert_eq!(Table::<Key192>::SLOT_BYTES, 30);
        assert_eq!(Table::<[u64; 3]>::SLOT_BYTES, 30);
        assert_eq!(Table::<Key256>::SLOT_BYTES, 46);
    }
}
