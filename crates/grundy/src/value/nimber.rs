use num_bigint::BigUint;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{BitXor, BitXorAssign};
use std::str::FromStr;

/// A nim-value (Sprague–Grundy value): a non-negative integer of any size.
///
/// Values below 2^64 are stored inline, and so are larger powers of two (powerset
/// rulesets reach 2^k with k in the hundreds of thousands, and a table of them would
/// take k/8 bytes a value as big integers); other large values are big integers. The
/// representation is canonical, so equality and hashing are exact. Printed in decimal.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Nimber(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u64),
    /// 2^k with k ≥ 64.
    Pow2(u64),
    /// Invariant: strictly greater than `u64::MAX` and not a power of two.
    Big(BigUint),
}

impl Nimber {
    /// The nim-value 0 (a P-position).
    pub const ZERO: Nimber = Nimber(Repr::Small(0));

    /// The value 2^k.
    pub fn pow2(k: u64) -> Nimber {
        if k < 64 {
            Nimber(Repr::Small(1 << k))
        } else {
            Nimber(Repr::Pow2(k))
        }
    }

    /// True for the value 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The value as `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Pow2(_) | Repr::Big(_) => None,
        }
    }

    /// Number of significant bits (0 for the value 0).
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => 64 - v.leading_zeros() as u64,
            Repr::Pow2(k) => k + 1,
            Repr::Big(b) => b.bits(),
        }
    }

    /// True if bit `k` is set.
    pub fn bit(&self, k: u64) -> bool {
        match &self.0 {
            Repr::Small(v) => k < 64 && (v >> k) & 1 == 1,
            Repr::Pow2(e) => k == *e,
            Repr::Big(b) => b.bit(k),
        }
    }

    /// If the value is a power of two 2^k, returns k.
    pub fn log2_exact(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) if v.is_power_of_two() => Some(v.trailing_zeros() as u64),
            Repr::Small(_) | Repr::Big(_) => None,
            Repr::Pow2(k) => Some(*k),
        }
    }

    fn from_big(b: BigUint) -> Nimber {
        let digits = b.to_u64_digits();
        match digits.len() {
            0 => Nimber::ZERO,
            1 => Nimber(Repr::Small(digits[0])),
            _ if b.trailing_zeros() == Some(b.bits() - 1) => Nimber(Repr::Pow2(b.bits() - 1)),
            _ => Nimber(Repr::Big(b)),
        }
    }

    fn to_big(&self) -> BigUint {
        match &self.0 {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Pow2(k) => {
                let mut b = BigUint::from(0u32);
                b.set_bit(*k, true);
                b
            }
            Repr::Big(b) => b.clone(),
        }
    }

    /// The bytes the value takes besides its inline part (a large value that is not a
    /// power of two is a big integer of `bits / 8` bytes).
    pub fn heap_bytes(&self) -> u64 {
        match &self.0 {
            Repr::Big(b) => b.bits().div_ceil(64) * 8,
            _ => 0,
        }
    }
}

impl Default for Nimber {
    fn default() -> Self {
        Nimber::ZERO
    }
}

impl From<u64> for Nimber {
    fn from(v: u64) -> Self {
        Nimber(Repr::Small(v))
    }
}

impl From<u32> for Nimber {
    fn from(v: u32) -> Self {
        Nimber(Repr::Small(v as u64))
    }
}

impl From<usize> for Nimber {
    fn from(v: usize) -> Self {
        Nimber(Repr::Small(v as u64))
    }
}

impl From<BigUint> for Nimber {
    fn from(b: BigUint) -> Self {
        Nimber::from_big(b)
    }
}

impl From<&Nimber> for BigUint {
    /// The value as a big integer (for conversions that need one, such as to a Python
    /// `int` from its bytes: decimal text is limited to 4300 digits there).
    fn from(v: &Nimber) -> Self {
        v.to_big()
    }
}

impl PartialEq<u64> for Nimber {
    fn eq(&self, other: &u64) -> bool {
        self.to_u64() == Some(*other)
    }
}

impl Ord for Nimber {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), _) => Ordering::Less,
            (_, Repr::Small(_)) => Ordering::Greater,
            (Repr::Pow2(a), Repr::Pow2(b)) => a.cmp(b),
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
            // A power of two and a larger value of the same length that is not one.
            _ => self
                .bits()
                .cmp(&other.bits())
                .then_with(|| self.to_big().cmp(&other.to_big())),
        }
    }
}

impl PartialOrd for Nimber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl BitXor<&Nimber> for &Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: &Nimber) -> Nimber {
        match (&self.0, &rhs.0) {
            (Repr::Small(a), Repr::Small(b)) => Nimber(Repr::Small(a ^ b)),
            (Repr::Pow2(a), Repr::Pow2(b)) if a == b => Nimber::ZERO,
            _ => Nimber::from_big(self.to_big() ^ rhs.to_big()),
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        &self ^ &rhs
    }
}

impl BitXor<&Nimber> for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: &Nimber) -> Nimber {
        &self ^ rhs
    }
}

impl BitXorAssign<&Nimber> for Nimber {
    fn bitxor_assign(&mut self, rhs: &Nimber) {
        match (&mut self.0, &rhs.0) {
            (Repr::Small(a), Repr::Small(b)) => *a ^= b,
            _ => *self = &*self ^ rhs,
        }
    }
}

impl BitXorAssign<u64> for Nimber {
    fn bitxor_assign(&mut self, rhs: u64) {
        match &mut self.0 {
            Repr::Small(a) => *a ^= rhs,
            _ => *self = &*self ^ &Nimber::from(rhs),
        }
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => write!(f, "{v}"),
            Repr::Pow2(_) => write!(f, "{}", self.to_big()),
            Repr::Big(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error parsing a [`Nimber`] from decimal text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a non-negative decimal integer: '{0}'")]
pub struct ParseNimberError(pub String);

impl FromStr for Nimber {
    type Err = ParseNimberError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseNimberError(s.to_string()));
        }
        if let Ok(v) = t.parse::<u64>() {
            return Ok(Nimber::from(v));
        }
        BigUint::from_str(t)
            .map(Nimber::from_big)
            .map_err(|_| ParseNimberError(s.to_string()))
    }
}

/// The nim-sum (bitwise XOR) of a collection of values: the value of a disjunctive sum
/// (Sprague–Grundy theorem; paper 002 Theorem 3, paper 004).
pub fn nim_sum<'a>(values: impl IntoIterator<Item = &'a Nimber>) -> Nimber {
    let mut acc = Nimber::ZERO;
    for v in values {
        acc ^= v;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn big_values_are_exact_and_canonical() {
        let a = Nimber::pow2(200);
        let b = Nimber::pow2(200) ^ Nimber::from(5u64);
        assert_eq!(&a ^ &b, Nimber::from(5u64));
        assert_eq!((&a ^ &b).to_u64(), Some(5));
        assert_eq!(a.bits(), 201);
        assert_eq!(a.log2_exact(), Some(200));
        assert_eq!(b.log2_exact(), None);
        assert_eq!(
            a.to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(a.to_string().parse::<Nimber>().unwrap(), a);
        let max = Nimber::from(u64::MAX);
        assert!(a > max && a.to_u64().is_none());
    }

    #[test]
    fn parse_rejects_signs_and_junk() {
        assert!("-1".parse::<Nimber>().is_err());
        assert!("".parse::<Nimber>().is_err());
        assert!("12a".parse::<Nimber>().is_err());
        assert_eq!("007".parse::<Nimber>().unwrap(), Nimber::from(7u64));
    }

    /// Large powers of two are stored by their exponent, and every way of making one
    /// (pow2, XOR, parsing, a big integer) gives the same value.
    #[test]
    fn large_powers_of_two_are_canonical() {
        let a = Nimber::pow2(100_000);
        assert_eq!(a.heap_bytes(), 0);
        let mut b = BigUint::from(0u32);
        b.set_bit(100_000, true);
        assert_eq!(Nimber::from(b.clone()), a);
        let c = &(&a ^ &Nimber::from(3u64)) ^ &Nimber::from(3u64);
        assert_eq!(c, a);
        assert_eq!(&a ^ &a, Nimber::ZERO);
        let two = &a ^ &Nimber::pow2(99_999);
        assert_eq!(two.heap_bytes(), 100_032 / 8);
        assert_eq!(two.log2_exact(), None);
        assert_eq!((&two ^ &Nimber::pow2(99_999)), a);
        assert_eq!(a.to_string(), b.to_string());
        assert_eq!(a.to_string().parse::<Nimber>().unwrap(), a);
        assert!(a.bit(100_000) && !a.bit(99_999) && !a.bit(0) && a.bits() == 100_001);
        // Order: by length, then as numbers.
        let mut v = vec![
            two.clone(),
            a.clone(),
            Nimber::pow2(99_999),
            Nimber::pow2(64),
            Nimber::from(u64::MAX),
        ];
        v.sort();
        assert_eq!(
            v,
            [
                Nimber::from(u64::MAX),
                Nimber::pow2(64),
                Nimber::pow2(99_999),
                a.clone(),
                two.clone()
            ]
        );
        let just_above = &Nimber::pow2(100_000) ^ &Nimber::from(1u64);
        assert!(just_above > a && two > just_above);
        assert_eq!(a.cmp(&just_above), Ordering::Less);
        use std::collections::HashSet;
        let set: HashSet<Nimber> = [a.clone(), c].into_iter().collect();
        assert_eq!(set.len(), 1);
    }

    proptest! {
        /// XOR, order and text agree with big integers on values around powers of two.
        #[test]
        fn xor_and_order_match_big_integers(a in 60u64..200, b in 60u64..200, x in any::<u64>(), y in any::<u64>()) {
            let big = |k: u64, low: u64| {
                let mut v = BigUint::from(low);
                v.set_bit(k, true);
                v
            };
            let (ba, bb) = (big(a, x & 1), big(b, y & 3));
            let (na, nb) = (Nimber::from(ba.clone()), Nimber::from(bb.clone()));
            prop_assert_eq!((&na ^ &nb).to_string(), (&ba ^ &bb).to_string());
            prop_assert_eq!(na.cmp(&nb), ba.cmp(&bb));
            prop_assert_eq!(na.bits(), ba.bits());
            prop_assert_eq!(Nimber::from(&ba ^ &bb), &na ^ &nb);
        }

        #[test]
        fn xor_matches_u128(a in any::<u128>(), b in any::<u128>()) {
            let na: Nimber = a.to_string().parse().unwrap();
            let nb: Nimber = b.to_string().parse().unwrap();
            prop_assert_eq!((&na ^ &nb).to_string(), (a ^ b).to_string());
            prop_assert_eq!(na.cmp(&nb), a.cmp(&b));
        }
    }
}
