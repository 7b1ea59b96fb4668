//! Lasker's Nim (Emanuel Lasker, 1931): a move either removes any positive number of
//! tokens from one heap or splits a heap into two nonempty heaps. It is the worked
//! example of docs/architecture.md: a whole family in one file, added to the registry
//! with one word.
//!
//! As a take-and-break game its code is `4.[3]` (digit 4 at position 0: split without
//! removing; digit 3 everywhere else: remove and leave no heap or one heap).

use crate::formulas::Statement;
use crate::game::{Family, HeapClosedForm, HeapRuleset, Part, Ruleset};
use crate::value::Nimber;
use std::sync::Arc;

/// Lasker's Nim: heaps n ≥ 0; the options of n are the heaps 0..n and the sums a + b
/// of two nonempty heaps with a + b = n.
pub struct LaskersNim;

/// The closed form (Winning Ways vol. 1 ch. 4).
pub const LASKER: Statement = Statement {
    text: "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3",
    source: "Lasker 1931; Winning Ways vol. 1 ch. 4",
};

/// The value of heap `n` by [`LASKER`]: `n − 1`, `n` or `n + 1`, in `0..=2^64`
/// (heap 2^64 − 1 ≡ 3 (mod 4) has value 2^64).
pub fn lasker_value(n: u64) -> u128 {
    let n = n as u128;
    match n % 4 {
        0 => n.saturating_sub(1),
        3 => n + 1,
        _ => n,
    }
}

impl HeapRuleset for LaskersNim {
    fn name(&self) -> String {
        "laskers-nim".into()
    }
    fn first_heap(&self) -> u64 {
        0
    }
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        crate::game::every_option(self, n, f);
    }
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        for k in 0..n {
            if !f(&[Part::one(k)]) {
                return;
            }
        }
        for a in 1..=n / 2 {
            if !f(&[Part::one(a), Part::one(n - a)]) {
                return;
            }
        }
    }
    fn options_bound(&self, n: u64) -> u128 {
        n as u128 + n as u128 / 2
    }
    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        Some(self)
    }
}

impl HeapClosedForm for LaskersNim {
    fn statement(&self) -> Statement {
        LASKER
    }
    fn value(&self, n: u64) -> Option<Nimber> {
        let v = lasker_value(n);
        Some(match u64::try_from(v) {
            Ok(small) => Nimber::from(small),
            Err(_) => Nimber::pow2(64),
        })
    }
    fn gives_every(&self, _from: u64, _to: u64) -> bool {
        true
    }
}

/// The registry row.
pub const FAMILIES: &[Family] = &[Family::fixed(
    "laskers-nim",
    "heaps n ≥ 0",
    "any smaller heap, or two nonempty heaps a + b = n",
    "Lasker 1931; Winning Ways vol. 1 ch. 4",
    Some(LASKER),
    "laskers-nim(7,4)",
    |_| Ok(Ruleset::Heap(Arc::new(LaskersNim))),
)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_heap;
    use crate::control::Control;

    #[test]
    fn closed_form_agrees_with_search() {
        let rs: Arc<dyn HeapRuleset> = Arc::new(LaskersNim);
        let r = verify_heap(&rs, 2000, &Control::new()).unwrap();
        assert_eq!((r.checked, r.mismatch), (2001, None));
    }

    #[test]
    fn golden_values() {
        // Winning Ways: 0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11.
        let v: Vec<u128> = (0..13).map(lasker_value).collect();
        assert_eq!(v, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]);
        assert_eq!(LaskersNim.value(u64::MAX), Some(Nimber::pow2(64)));
        assert_eq!(LaskersNim.value(u64::MAX - 3), Some(Nimber::from(u64::MAX - 4)));
    }
}
