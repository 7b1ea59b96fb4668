//! Nim, subtraction games and Odd Nim (paper 004; Bouton).

use crate::catalog::{Entry, Params};
use crate::error::{Error, Result};
use crate::formulas::classic as f;
use crate::game::{DenseStep, HeapRuleset, Part, Ruleset};
use crate::value::{MexSet, Nimber};
use std::sync::Arc;

/// Nim: a heap of size n ≥ 0 can be reduced to any smaller size.
/// Value n (Bouton; paper 002 Theorem 1).
pub struct Nim;

impl HeapRuleset for Nim {
    fn name(&self) -> String {
        "nim".into()
    }
    fn first_heap(&self) -> u64 {
        0
    }
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        for k in 0..n {
            f(&[Part::one(k)]);
        }
    }
    fn formula(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::from(f::nim_heap(n)))
    }
    fn options_of_value(&self, n: u64, target: &Nimber) -> Option<Vec<Vec<Part>>> {
        // The options of n are the heaps 0..n, heap k having value k.
        Some(match target.to_u64() {
            Some(t) if t < n => vec![vec![Part::one(t)]],
            _ => vec![],
        })
    }
    fn dense_stepper(&self) -> Option<Box<dyn DenseStep + '_>> {
        // The options of n are all smaller heaps, so their values are all values so far.
        Some(Box::new(PrefixStep {
            seen: [MexSet::new(), MexSet::new()],
            parity: false,
        }))
    }
}

/// Mex over the values of all smaller heaps (`parity: false`), or of the smaller heaps
/// of the other parity (`parity: true`, Odd Nim), maintained incrementally.
struct PrefixStep {
    seen: [MexSet; 2],
    parity: bool,
}

impl DenseStep for PrefixStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        if n > 0 {
            let prev = n - 1;
            let slot = if self.parity { (prev & 1) as usize } else { 0 };
            self.seen[slot].insert(codes[prev as usize] as u64);
        }
        let slot = if self.parity { ((n & 1) ^ 1) as usize } else { 0 };
        Ok(self.seen[slot].mex() as u32)
    }
}

/// Subtraction game `subtraction[S]`: from heap n remove s stones, s ∈ S, s ≤ n.
/// For S = {1,…,k} the value is n mod (k+1) (paper 004).
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// A subtraction game; `set` must be nonempty positive integers (duplicates merge).
    pub fn new(set: &[u64]) -> Result<Subtraction> {
        let mut s = set.to_vec();
        s.sort_unstable();
        s.dedup();
        if s.is_empty() {
            return Err(Error::Params {
                ruleset: "subtraction".into(),
                message: "the subtraction set S is empty; write e.g. subtraction[1,2](7)".into(),
            });
        }
        if s[0] == 0 {
            return Err(Error::Params {
                ruleset: "subtraction".into(),
                message: "0 cannot be in the subtraction set (a move must remove at least one stone)".into(),
            });
        }
        Ok(Subtraction { set: s })
    }

    /// The subtraction set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// k if S = {1, …, k}.
    fn one_to_k(&self) -> Option<u64> {
        let k = *self.set.last()?;
        (self.set.len() as u64 == k).then_some(k)
    }
}

impl HeapRuleset for Subtraction {
    fn name(&self) -> String {
        format!("subtraction[{}]", crate::error::Joined(&self.set))
    }
    fn first_heap(&self) -> u64 {
        0
    }
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        for &s in &self.set {
            if s > n {
                break;
            }
            f(&[Part::one(n - s)]);
        }
    }
    fn formula(&self, n: u64) -> Option<Nimber> {
        self.one_to_k().map(|k| Nimber::from(f::subtraction_one_to_k(n, k)))
    }
    fn options_bound(&self, _n: u64) -> u128 {
        self.set.len() as u128
    }
    fn formula_gap(&self, _n: u64) -> Option<String> {
        Some("the closed form n mod (k+1) is proven for S = {1,…,k} only".into())
    }
    fn subtraction_set(&self) -> Option<&[u64]> {
        Some(&self.set)
    }
}

/// Odd Nim: remove an odd number of stones. Value n mod 2 (paper 004).
pub struct OddNim;

impl HeapRuleset for OddNim {
    fn name(&self) -> String {
        "odd-nim".into()
    }
    fn first_heap(&self) -> u64 {
        0
    }
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        let mut k = 1;
        while k <= n {
            f(&[Part::one(n - k)]);
            k += 2;
        }
    }
    fn formula(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::from(f::odd_nim(n)))
    }
    fn dense_stepper(&self) -> Option<Box<dyn DenseStep + '_>> {
        Some(Box::new(PrefixStep {
            seen: [MexSet::new(), MexSet::new()],
            parity: true,
        }))
    }
}

pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "nim",
            params: Params::None,
            positions: "heaps n ≥ 0; nim(a,b,c) is the sum of three heaps",
            options: "any smaller heap",
            source: "paper 004; paper 002 §1 (Bouton)",
            formula: Some("G(n) = n; a sum has the nim-sum of its heaps (Bouton, paper 002 Theorem 1)"),
            example: "nim(3,5,6)",
            build: |_| Ok(Ruleset::Heap(Arc::new(Nim))),
        },
        Entry {
            name: "subtraction",
            params: Params::Required("S, the finite set of amounts that may be removed: subtraction[1,2]"),
            positions: "heaps n ≥ 0",
            options: "n − s for s in S, s ≤ n",
            source: "paper 004 (worked example)",
            formula: Some("for S = {1,…,k}: G(n) = n mod (k+1) (paper 004)"),
            example: "subtraction[1,2](7)",
            build: |p| Ok(Ruleset::Heap(Arc::new(Subtraction::new(p)?))),
        },
        Entry {
            name: "odd-nim",
            params: Params::None,
            positions: "heaps n ≥ 0",
            options: "n − k for odd k ≤ n",
            source: "paper 004 (worked example)",
            formula: Some("G(n) = n mod 2 (paper 004)"),
            example: "odd-nim(7)",
            build: |_| Ok(Ruleset::Heap(Arc::new(OddNim))),
        },
    ]
}
