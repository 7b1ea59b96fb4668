//! Sets of nim-values below 256 as 256-bit sets: the candidate values of a component
//! and the values a question asks about in the set-pruned search ([`super::prune`]).

/// The largest number of options a component may have for the set-pruned search (its
/// value is at most the number of its options, and the set holds 0…255).
pub const MAX_OPTIONS: usize = 255;

/// A set of nim-values 0…255.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimSet([u64; 4]);

impl NimSet {
    /// The empty set.
    pub const EMPTY: NimSet = NimSet([0; 4]);
    /// Every value 0…255.
    pub const ALL: NimSet = NimSet([u64::MAX; 4]);

    /// The values 0…=n (n ≤ 255).
    pub fn upto(n: u32) -> NimSet {
        debug_assert!(n < 256);
        let mut s = [0u64; 4];
        for (i, w) in s.iter_mut().enumerate() {
            let lo = i as u32 * 64;
            if n >= lo + 63 {
                *w = u64::MAX;
            } else if n >= lo {
                *w = u64::MAX >> (63 - (n - lo));
            }
        }
        NimSet(s)
    }

    /// The set {v} (v ≤ 255).
    pub fn single(v: u32) -> NimSet {
        let mut s = NimSet::EMPTY;
        s.insert(v);
        s
    }

    /// The values below 32 as a mask (bit t for value t).
    pub fn low_mask(&self) -> u32 {
        self.0[0] as u32
    }

    /// True if every value is below 32.
    pub fn is_low(&self) -> bool {
        self.0[0] >> 32 == 0 && self.0[1..].iter().all(|&w| w == 0)
    }

    /// The set without the values of the mask `m` (values below 32).
    pub fn without_mask(&self, m: u32) -> NimSet {
        let mut s = *self;
        s.0[0] &= !u64::from(m);
        s
    }

    /// Adds `v` (≤ 255).
    pub fn insert(&mut self, v: u32) {
        self.0[(v / 64) as usize] |= 1 << (v % 64);
    }

    /// Removes `v` (any value; nothing happens above 255).
    pub fn remove(&mut self, v: u32) {
        if v < 256 {
            self.0[(v / 64) as usize] &= !(1 << (v % 64));
        }
    }

    /// True if `v` is in the set.
    pub fn contains(&self, v: u32) -> bool {
        v < 256 && self.0[(v / 64) as usize] >> (v % 64) & 1 == 1
    }

    /// True if the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// True if the sets have no value in common.
    pub fn is_disjoint(&self, o: &NimSet) -> bool {
        self.0.iter().zip(o.0.iter()).all(|(a, b)| a & b == 0)
    }

    /// The values in both sets.
    pub fn and(&self, o: &NimSet) -> NimSet {
        NimSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }

    /// The values in either set.
    pub fn or(&self, o: &NimSet) -> NimSet {
        NimSet([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }

    /// The values of this set that are not in `o`.
    pub fn without(&self, o: &NimSet) -> NimSet {
        NimSet([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
            self.0[3] & !o.0[3],
        ])
    }

    /// The least value.
    pub fn min(&self) -> Option<u32> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i as u32 * 64 + w.trailing_zeros())
    }

    /// The largest value.
    pub fn max(&self) -> Option<u32> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i as u32 * 64 + 63 - w.leading_zeros())
    }

    /// The set without its largest value.
    pub fn without_max(&self) -> NimSet {
        let mut s = *self;
        if let Some(m) = self.max() {
            s.remove(m);
        }
        s
    }

    /// The values 0…=max of this set (empty if it is).
    pub fn upto_max(&self) -> NimSet {
        self.max().map_or(NimSet::EMPTY, NimSet::upto)
    }

    /// The number of values.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// { v ⊕ x : v in the set } (x ≤ 255): a permutation of 0…255.
    pub fn xor_each(&self, x: u32) -> NimSet {
        debug_assert!(x < 256);
        if x == 0 {
            return *self;
        }
        let mut out = [0u64; 4];
        let (hi, lo) = ((x / 64) as usize, x % 64);
        for (i, &w) in self.0.iter().enumerate() {
            out[i ^ hi] = xor_bits(w, lo);
        }
        NimSet(out)
    }
}

/// The word whose bit b ⊕ c is bit b of `w` (c < 64): swaps the halves of every block
/// of 2^(i+1) bits for each bit i of c.
fn xor_bits(mut w: u64, c: u32) -> u64 {
    const M: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (i, m) in M.iter().enumerate() {
        if c >> i & 1 == 1 {
            let s = 1u32 << i;
            w = ((w & m) << s) | ((w >> s) & m);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elements(s: &NimSet) -> Vec<u32> {
        (0..256).filter(|&v| s.contains(v)).collect()
    }

    #[test]
    fn operations_agree_with_a_list() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let mut s = NimSet::EMPTY;
            let mut list = Vec::new();
            for _ in 0..(next() % 20) {
                let v = (next() % 256) as u32;
                s.insert(v);
                if !list.contains(&v) {
                    list.push(v);
                }
            }
            list.sort_unstable();
            assert_eq!(elements(&s), list);
            assert_eq!(s.min(), list.first().copied());
            assert_eq!(s.max(), list.last().copied());
            assert_eq!(s.len() as usize, list.len());
            let x = (next() % 256) as u32;
            let mut xored: Vec<u32> = list.iter().map(|v| v ^ x).collect();
            xored.sort_unstable();
            assert_eq!(elements(&s.xor_each(x)), xored);
            let n = (next() % 256) as u32;
            assert_eq!(elements(&NimSet::upto(n)), (0..=n).collect::<Vec<_>>());
            let mut w = list.clone();
            w.pop();
            assert_eq!(elements(&s.without_max()), w);
        }
        assert!(NimSet::single(3).is_low() && !NimSet::single(40).is_low());
        assert_eq!(NimSet::upto(4).without_mask(0b101).low_mask(), 0b11010);
    }
}
