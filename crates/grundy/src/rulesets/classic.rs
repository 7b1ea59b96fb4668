//! Nim, subtraction games and Odd Nim (paper 004; Bouton).

use crate::error::{Error, Result};
use crate::formulas::classic as f;
use crate::formulas::Statement;
use crate::game::family::integer_list;
use crate::game::{
    DenseStep, Family, HeapClosedForm, HeapRuleset, Params, Part, PeriodicityTheorem, Ruleset, WorkModel,
};
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
        crate::game::every_option(self, n, f);
    }
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        for k in 0..n {
            if !f(&[Part::one(k)]) {
                return;
            }
        }
    }
    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        Some(self)
    }
    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        // The options of n are all smaller heaps, so their values are all values so far.
        Some(Box::new(PrefixStep {
            seen: [MexSet::new(), MexSet::new()],
            parity: false,
            next: 0,
        }))
    }
    /// The prefix step inserts one value and reads the mex: O(1) per heap.
    fn work(&self) -> WorkModel {
        WorkModel::PerHeap(1)
    }
}

impl HeapClosedForm for Nim {
    fn statement(&self) -> Statement {
        f::NIM
    }
    fn value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::from(f::nim_heap(n)))
    }
    fn gives_every(&self, _from: u64, _to: u64) -> bool {
        true
    }
    fn options_of_value(&self, n: u64, target: &Nimber) -> Option<Vec<Vec<Part>>> {
        // The options of n are the heaps 0..n, heap k having value k.
        Some(match target.to_u64() {
            Some(t) if t < n => vec![vec![Part::one(t)]],
            _ => vec![],
        })
    }
}

/// Mex over the values of all smaller heaps (`parity: false`), or of the smaller heaps
/// of the other parity (`parity: true`, Odd Nim), maintained incrementally: each call
/// first inserts the codes of the heaps it has not seen, `next..n` (all of a resumed
/// prefix on the first call, one heap afterwards).
struct PrefixStep {
    seen: [MexSet; 2],
    parity: bool,
    /// The first heap whose code is not yet in `seen`.
    next: u64,
}

impl DenseStep for PrefixStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        for k in self.next..n {
            let slot = if self.parity { (k & 1) as usize } else { 0 };
            self.seen[slot].insert(codes[k as usize] as u64);
        }
        self.next = self.next.max(n);
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
    ///
    /// # Errors
    /// [`Error::Params`] if `set` is empty or contains 0.
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
    fn options_bound(&self, _n: u64) -> u128 {
        self.set.len() as u128
    }
    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        Some(self)
    }
    fn periodicity(&self) -> Option<&dyn PeriodicityTheorem> {
        Some(self)
    }
}

impl HeapClosedForm for Subtraction {
    fn statement(&self) -> Statement {
        f::SUBTRACTION_ONE_TO_K
    }
    fn value(&self, n: u64) -> Option<Nimber> {
        self.one_to_k().map(|k| Nimber::from(f::subtraction_one_to_k(n, k)))
    }
    fn gives_every(&self, _from: u64, _to: u64) -> bool {
        self.one_to_k().is_some()
    }
    fn gap(&self, _n: u64) -> Option<String> {
        Some("the closed form n mod (k+1) is proven for S = {1,…,k} only".into())
    }
}

impl PeriodicityTheorem for Subtraction {
    fn statement(&self) -> Statement {
        f::SUBTRACTION_PERIODICITY
    }

    fn theorem_name(&self) -> String {
        "the periodicity theorem for subtraction games".into()
    }

    /// With k = max(S), G(n) is the mex of G(n − s), s ∈ S, so it is determined by
    /// the k values before it. If G(n + p) = G(n) for the k consecutive heaps
    /// n₀ ≤ n < n₀ + k, then for every n ≥ n₀ + k the options n − s and n + p − s have
    /// n − s ≥ n₀, so by induction G(n + p) = mex{G(n + p − s)} = mex{G(n − s)} = G(n).
    /// Hence agreement through heap n₀ + p + k − 1 proves the period for all heaps. A
    /// nonzero saltus is never proven (values of a finite subtraction game are at most
    /// |S|).
    fn proof_end(&self, preperiod: u64, period: u64, saltus: i64) -> Option<u64> {
        let k = *self.set.last()?;
        (saltus == 0 && period >= 1).then(|| preperiod.saturating_add(period).saturating_add(k).saturating_sub(1))
    }

    /// The options n − s of heap n pair with the options n + p − s of heap n + p.
    fn pairs_options(&self) -> bool {
        true
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
        crate::game::every_option(self, n, f);
    }
    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        let mut k = 1;
        while k <= n {
            if !f(&[Part::one(n - k)]) {
                return;
            }
            k += 2;
        }
    }
    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        Some(self)
    }
    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        Some(Box::new(PrefixStep {
            seen: [MexSet::new(), MexSet::new()],
            parity: true,
            next: 0,
        }))
    }
    fn options_bound(&self, n: u64) -> u128 {
        n.div_ceil(2) as u128
    }
    /// The prefix step inserts one value and reads the mex: O(1) per heap.
    fn work(&self) -> WorkModel {
        WorkModel::PerHeap(1)
    }
}

impl HeapClosedForm for OddNim {
    fn statement(&self) -> Statement {
        f::ODD_NIM
    }
    fn value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::from(f::odd_nim(n)))
    }
    fn gives_every(&self, _from: u64, _to: u64) -> bool {
        true
    }
}

/// Nim, subtraction games and Odd Nim. The take-and-break family declares the same
/// games as codes (`0.[3]`, a digit 3 at each s ∈ S, `0.[30]`); its tests cross-check
/// them against these rulesets.
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "nim",
        "heaps n ≥ 0; nim(a,b,c) is the sum of three heaps",
        "any smaller heap",
        "paper 004; paper 002 §1 (Bouton)",
        Some(f::NIM),
        "nim(3,5,6)",
        |_| Ok(Ruleset::Heap(Arc::new(Nim))),
    ),
    Family {
        name: "subtraction",
        aliases: &[],
        params: Params::Required("S, the finite set of amounts that may be removed: subtraction[1,2]"),
        positions: "heaps n ≥ 0",
        options: "n − s for s in S, s ≤ n",
        source: "paper 004 (worked example)",
        formula: Some(f::SUBTRACTION_ONE_TO_K),
        example: "subtraction[1,2](7)",
        build: |p| Ok(Ruleset::Heap(Arc::new(Subtraction::new(&integer_list(p.unwrap_or(""))?)?))),
    },
    Family::fixed(
        "odd-nim",
        "heaps n ≥ 0",
        "n − k for odd k ≤ n",
        "paper 004 (worked example)",
        Some(f::ODD_NIM),
        "odd-nim(7)",
        |_| Ok(Ruleset::Heap(Arc::new(OddNim))),
    ),
];
