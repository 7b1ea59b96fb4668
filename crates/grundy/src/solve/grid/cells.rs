//! Sets of cells as machine words: `u64` for frames of at most 64 cells, `u128` for
//! frames of at most 128. The board code is written once over [`Cells`] and compiled
//! for both, so that the small regions a search meets most (and every board of at most
//! 64 cells) are handled with single-word operations.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells of a frame, cell i being bit i.
pub trait Cells:
    Copy
    + Eq
    + Ord
    + Default
    + Send
    + Sync
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + 'static
{
    /// The number of bits (64 or 128).
    const BITS: u32;
    /// The empty set.
    const ZERO: Self;
    /// Every bit.
    const MAX: Self;

    /// The set shifted towards higher cells by `n` (empty when n ≥ [`Self::BITS`]).
    fn up(self, n: u32) -> Self;
    /// The set shifted towards lower cells by `n` (empty when n ≥ [`Self::BITS`]).
    fn down(self, n: u32) -> Self;
    /// The cell i alone (i < [`Self::BITS`]).
    fn bit(i: u32) -> Self;
    /// The lowest cell of a nonempty set, alone.
    fn lowest(self) -> Self;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The index of the lowest cell ([`Self::BITS`] for the empty set).
    fn first(self) -> u32;
    /// The index of the highest cell plus one (0 for the empty set).
    fn end(self) -> u32;
    /// The number of cells.
    fn count(self) -> u32;
    /// The bits in reverse order (bit i to bit BITS − 1 − i).
    fn reversed(self) -> Self;
    /// The low 64 bits.
    fn low64(self) -> u64;
    /// The set of the cells of a `u128` below [`Self::BITS`].
    fn of128(x: u128) -> Self;
    /// The set as a `u128`.
    fn to128(self) -> u128;
    /// The set of the cells of a `u64`.
    fn of64(x: u64) -> Self;
    /// The sum of the two sets read as numbers, modulo 2^[`Self::BITS`] (a carry runs
    /// along a block of consecutive cells: [`crate::solve::grid::Frame::for_each_linked`]).
    fn plus(self, other: Self) -> Self;

    /// True for the empty set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! cells {
    ($t:ty) => {
        impl Cells for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;

            #[inline(always)]
            fn up(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn down(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn first(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn end(self) -> u32 {
                <$t>::BITS - self.leading_zeros()
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
            #[inline(always)]
            fn low64(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn of128(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn of64(x: u64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    };
}

cells!(u64);
cells!(u128);
