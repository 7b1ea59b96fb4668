//! The arithmetic-function rulesets of paper 003 (Iannucci & Larsson, "Game values of
//! arithmetic functions"), as one family along the paper's axes:
//!
//! - **mode**: move-to a number, or subtract it from the heap ([`Mode`]);
//! - **shape**: play a singleton of the property, the number of its elements
//!   (counting), the disjunctive sum of all of them (full set), or of any nonempty
//!   subset (power set) ([`Shape`]);
//! - **property**: divisor, non-divisor, totative, non-totative ([`Property`]), or for
//!   counting the function counted: φ, τ, τ − 1, Ω, ω ([`Count`]).
//!
//! A new combination is one [`Arithmetic`] value (see [`FAMILIES`]). The dividing games
//! built on Euclidean division live in [`division`], the factoring games in
//! [`factoring`]. Fast dense evaluation (mex over the options, enumerated with
//! incremental state) is in [`step`].

pub mod division;
mod entries;
pub mod factoring;
pub mod step;

pub use entries::FAMILIES;

use crate::arith::{self, functions as af, gcd};
use crate::formulas::arithmetic::Theorem;
use crate::formulas::Statement;
use crate::game::{DenseStep, HeapClosedForm, HeapRuleset, MemoryModel, Part, Reach, WorkModel};
use crate::value::Nimber;

/// Move-to or subtract (paper 003, introduction: the M- and S- versions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The option is the number itself (it must be smaller than the heap).
    MoveTo,
    /// The option is the heap minus the number (the number is at least 1 and at most
    /// the heap).
    Subtract,
}

/// The arithmetic property that selects the numbers `1 ≤ k ≤ n` for heap `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// k divides n (aliquot).
    Divisor,
    /// k does not divide n (aliquant).
    NonDivisor,
    /// gcd(k, n) = 1.
    Totative,
    /// gcd(k, n) > 1.
    NonTotative,
}

impl Property {
    /// True if `1 ≤ k ≤ n` has the property for heap `n`.
    pub fn holds(self, k: u64, n: u64) -> bool {
        match self {
            Property::Divisor => n.is_multiple_of(k),
            Property::NonDivisor => !n.is_multiple_of(k),
            Property::Totative => gcd(k, n) == 1,
            Property::NonTotative => gcd(k, n) > 1,
        }
    }
}

/// The counted function of a counting ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// φ(n), the number of totatives.
    Phi,
    /// τ(n), the number of divisors.
    Tau,
    /// τ(n) − 1, the number of proper divisors.
    ProperTau,
    /// Ω(n), prime factors with multiplicity.
    BigOmega,
    /// ω(n), distinct prime factors.
    SmallOmega,
}

impl Count {
    /// The count for any `n ≥ 1` (through factorization).
    pub fn of(self, n: u64) -> u64 {
        match self {
            Count::Phi => af::phi(n),
            Count::Tau => af::tau(n),
            Count::ProperTau => af::tau(n) - 1,
            Count::BigOmega => af::big_omega(n) as u64,
            Count::SmallOmega => af::small_omega(n) as u64,
        }
    }

    /// The count for `1 ≤ n ≤ sieve.limit()`.
    pub(crate) fn with_sieve(self, s: &arith::Sieve, n: u64) -> u64 {
        match self {
            Count::Phi => s.phi(n),
            Count::Tau => s.tau(n),
            Count::ProperTau => s.tau(n) - 1,
            Count::BigOmega => s.big_omega(n) as u64,
            Count::SmallOmega => s.small_omega(n) as u64,
        }
    }
}

/// How the numbers with the property become options (paper 003, introduction items
/// (i)–(iv)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// (i) Each number is an option (a single heap). With `with_zero`, the empty heap 0
    /// is also an option of every heap n ≥ 1 (the aliquant and non-totative tables
    /// count 0 as a non-divisor / non-totative).
    Singleton {
        /// The property.
        property: Property,
        /// Whether heap 0 is an option of every n ≥ 1.
        with_zero: bool,
    },
    /// (ii) The single option is the count (or the heap minus the count), for heaps
    /// `n ≥ from`; smaller heaps are terminal.
    Counting {
        /// The counted function.
        count: Count,
        /// The smallest heap with an option.
        from: u64,
    },
    /// (iii) The single option is the disjunctive sum of all the numbers (none if there
    /// are none).
    FullSet(Property),
    /// (iv) Any nonempty subset of the numbers, as a disjunctive sum.
    PowerSet(Property),
}

/// A ruleset of the arithmetic family: a name, the first heap, a [`Mode`] and a
/// [`Shape`]. Options of heap n are always smaller than n (the games are short).
#[derive(Clone, Debug)]
pub struct Arithmetic {
    /// Name in expressions (paper 003's name of the game, in kebab-case).
    pub name: &'static str,
    /// The smallest heap that is a position.
    pub first: u64,
    /// Move-to or subtract.
    pub mode: Mode,
    /// Singleton, counting, full set or power set.
    pub shape: Shape,
    /// The paper's theorem for this ruleset, if it proves one.
    pub theorem: Option<Theorem>,
}

impl Arithmetic {
    /// The heap an element `k` (1 ≤ k ≤ n) of the property becomes, if it is an option.
    fn heap_of(&self, k: u64, n: u64) -> Option<u64> {
        match self.mode {
            Mode::MoveTo => (k < n).then_some(k),
            Mode::Subtract => Some(n - k),
        }
    }

    /// Calls `f` with each heap the property yields for heap `n` (distinct heaps, in
    /// increasing order of the element k), not including the extra empty heap of
    /// [`Shape::Singleton`] `with_zero`.
    pub(crate) fn for_each_member(&self, property: Property, n: u64, f: &mut dyn FnMut(u64) -> bool) {
        if n == 0 {
            return;
        }
        if property == Property::Divisor {
            for d in arith::divisors(n) {
                if let Some(h) = self.heap_of(d, n) {
                    if !f(h) {
                        return;
                    }
                }
            }
            return;
        }
        for k in 1..=n {
            if property.holds(k, n) {
                if let Some(h) = self.heap_of(k, n) {
                    if !f(h) {
                        return;
                    }
                }
            }
        }
    }

    /// The single option of a counting ruleset, if heap `n` has one.
    pub(crate) fn counting_option(&self, count: Count, from: u64, n: u64) -> Option<u64> {
        if n < from || n == 0 {
            return None;
        }
        let c = count.of(n);
        match self.mode {
            Mode::MoveTo => Some(c),
            Mode::Subtract => Some(n - c),
        }
    }
}

impl HeapRuleset for Arithmetic {
    fn name(&self) -> String {
        self.name.into()
    }

    fn first_heap(&self) -> u64 {
        self.first
    }

    fn is_powerset(&self) -> bool {
        matches!(self.shape, Shape::PowerSet(_))
    }

    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
        crate::game::every_option(self, n, f);
    }

    fn for_each_option_while(&self, n: u64, f: &mut dyn FnMut(&[Part]) -> bool) {
        match self.shape {
            Shape::Singleton { property, with_zero } => {
                if with_zero && n >= 1 && !f(&[Part::one(0)]) {
                    return;
                }
                self.for_each_member(property, n, &mut |h| f(&[Part::one(h)]));
            }
            Shape::PowerSet(property) => self.for_each_member(property, n, &mut |h| f(&[Part::one(h)])),
            Shape::Counting { count, from } => {
                if let Some(h) = self.counting_option(count, from, n) {
                    f(&[Part::one(h)]);
                }
            }
            Shape::FullSet(property) => {
                let mut parts = Vec::new();
                self.for_each_member(property, n, &mut |h| {
                    parts.push(Part::one(h));
                    true
                });
                if !parts.is_empty() {
                    parts.sort_unstable();
                    f(&parts);
                }
            }
        }
    }

    /// Divisors: τ(n) (+1 for the empty heap); counting: one option; otherwise every
    /// k ≤ n is tested (and the full set's single option holds up to n heaps).
    fn options_bound(&self, n: u64) -> u128 {
        let tau = || af::tau(n.max(1)) as u128;
        match self.shape {
            Shape::Counting { .. } => 1,
            Shape::Singleton {
                property: Property::Divisor,
                ..
            }
            | Shape::PowerSet(Property::Divisor)
            | Shape::FullSet(Property::Divisor) => tau() + 1,
            _ => n as u128 + 1,
        }
    }

    fn work(&self) -> WorkModel {
        step::work(self)
    }

    fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
        self.theorem.as_ref().map(|t| t as &dyn HeapClosedForm)
    }

    fn memory(&self) -> MemoryModel {
        MemoryModel {
            bytes_per_heap: step::bytes_per_heap(self),
            reach: self.reach(),
        }
    }

    fn dense_step(&self) -> Option<Box<dyn DenseStep + '_>> {
        Some(step::for_family(self))
    }
}

impl HeapClosedForm for Theorem {
    fn statement(&self) -> Statement {
        self.statement
    }

    fn value(&self, n: u64) -> Option<Nimber> {
        (self.value)(n)
    }

    fn gap(&self, _n: u64) -> Option<String> {
        (!self.gap.is_empty()).then(|| self.gap.to_string())
    }

    fn gives_every(&self, from: u64, to: u64) -> bool {
        let (lo, hi) = self.every;
        lo <= from && to <= hi
    }

    fn check(&self, n: u64, v: &Nimber) -> Option<String> {
        self.check.and_then(|c| c(n, v))
    }
}

impl Arithmetic {
    /// Search-engine hint: whether a search from a heap meets few heaps.
    fn reach(&self) -> Reach {
        match (self.shape, self.mode) {
            // Options of n are divisors of n, or a count (at most about log n), or
            // n − φ(n) (at most n/2 for even n, p + q − 1 for n = pq): a search from n
            // meets few heaps. Subtracting τ, Ω or ω walks down almost every heap.
            (Shape::Counting { .. }, Mode::MoveTo) | (Shape::Counting { count: Count::Phi, .. }, _) => Reach::Sparse,
            (
                Shape::Singleton {
                    property: Property::Divisor,
                    ..
                },
                Mode::MoveTo,
            ) => Reach::Sparse,
            (Shape::FullSet(Property::Divisor), Mode::MoveTo) => Reach::Sparse,
            _ => Reach::Dense,
        }
    }
}

#[cfg(test)]
mod tests;
