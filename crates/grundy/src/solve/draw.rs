//! Random draws for the checks that recompute a sample of a file (a sequence's
//! checkpoint, a search's database): a new seed every run, from std's random hasher
//! keys, so that no entry of a file is safe to alter; the numbers from SplitMix64
//! (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA
//! 2014).

use std::hash::{BuildHasher, Hasher};

/// A stream of random numbers, seeded anew each time one is made.
pub(crate) struct Draw(u64);

impl Draw {
    /// A stream with a seed of this run's own.
    pub(crate) fn fresh() -> Draw {
        Draw(std::collections::hash_map::RandomState::new().build_hasher().finish())
    }

    /// The next number, any of 0…2^64 − 1.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 0…n − 1 (n ≥ 1).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}
