//! Fast dense evaluation of the arithmetic family: every step computes the mex (or the
//! power-set or full-set combination) over the options of heap n from the rules, but
//! enumerates the options' values quickly, reading divisors and prime factors off a
//! growing smallest-prime-factor sieve and keeping incremental state between heaps
//! (prefix counts of values for the aliquant games, value classes for the totative
//! games, running XORs over multiples for fullset-totient). None uses a closed form.
//!
//! The steps are checked against the generic evaluator (which enumerates the options
//! one by one through `for_each_option`) in this module's tests.

mod complement;
mod coprime;

use super::{Arithmetic, Count, Mode, Property, Shape};
use crate::arith::Sieve;
use crate::error::Result;
use crate::game::{DenseStep, WorkModel};
use crate::value::MexSet;

pub(crate) use complement::ComplementStep;
pub(crate) use coprime::{CoprimeStep, FullsetTotientStep, NonCoprimeStep};

/// A smallest-prime-factor sieve that grows (doubling) to cover the heaps asked for.
/// Its memory is at most 8 bytes per heap of the largest heap asked for.
pub(crate) struct GrowSieve {
    s: Sieve,
}

impl GrowSieve {
    pub(crate) fn new() -> GrowSieve {
        GrowSieve { s: Sieve::new(1 << 12) }
    }

    /// The sieve, covering at least `0..=n`.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the system refuses the larger sieve.
    #[inline]
    pub(crate) fn at(&mut self, n: u64) -> Result<&Sieve> {
        if n > self.s.limit() {
            let lim = n.max(self.s.limit() * 2).min(u32::MAX as u64 - 1);
            self.s = Sieve::new(1);
            self.s = Sieve::try_new(lim)?;
        }
        Ok(&self.s)
    }
}

/// How the option values of one heap combine into its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Combine {
    /// Singleton options: the mex of their values (plain codes).
    Mex,
    /// Power set: the mex of the XORs of nonempty subsets (codes 0 / c ↦ 2^(c−1)).
    PowerSet,
    /// Full set: the single option is the sum of all; binary value (plain codes).
    FullSet,
}

/// Accumulates the codes of the option heaps (or base heaps) of one heap.
pub(crate) struct Combiner {
    kind: Combine,
    set: MexSet,
    zero: bool,
    xor: u32,
    count: u64,
}

impl Combiner {
    pub(crate) fn new(kind: Combine) -> Combiner {
        Combiner {
            kind,
            set: MexSet::new(),
            zero: false,
            xor: 0,
            count: 0,
        }
    }

    #[inline]
    pub(crate) fn begin(&mut self) {
        self.set.clear();
        self.zero = false;
        self.xor = 0;
        self.count = 0;
        if self.kind == Combine::PowerSet {
            // Codes c ≥ 1 stand for 2^(c−1); 0 marks "no exponent", so the mex of the
            // set is the first missing exponent plus one.
            self.set.insert(0);
        }
    }

    #[inline]
    pub(crate) fn add(&mut self, code: u32) {
        match self.kind {
            Combine::Mex => self.set.insert(code as u64),
            Combine::FullSet => {
                self.xor ^= code;
                self.count += 1;
            }
            Combine::PowerSet => {
                if code == 0 || self.set.contains(code as u64) {
                    self.zero = true;
                } else {
                    self.set.insert(code as u64);
                }
            }
        }
    }

    /// The code of the heap. Power set: the nonempty subsets reach every XOR of the
    /// span when some nonempty subset has XOR 0 (a zero value or a repeated power), so
    /// the mex is 2^e for the first exponent e not among the base values; otherwise the
    /// base values are distinct powers of two and 0 is the mex.
    #[inline]
    pub(crate) fn finish(&self) -> u32 {
        match self.kind {
            Combine::Mex => self.set.mex() as u32,
            Combine::FullSet => u32::from(self.count > 0 && self.xor == 0),
            Combine::PowerSet => {
                if self.zero {
                    self.set.mex() as u32
                } else {
                    0
                }
            }
        }
    }
}

/// Which heaps a [`ListStep`] enumerates for heap n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// d with d | n, d < n.
    ProperDivisors,
    /// n − d with d | n.
    SubtractDivisors,
}

/// Enumerates the option (or base) heaps explicitly and combines their codes.
struct ListStep {
    source: Source,
    with_zero: bool,
    comb: Combiner,
    sieve: GrowSieve,
    scratch: Vec<u64>,
}

impl DenseStep for ListStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.comb.begin();
        if n == 0 {
            return Ok(self.comb.finish());
        }
        if self.with_zero {
            self.comb.add(0);
        }
        let s = self.sieve.at(n)?;
        match self.source {
            Source::ProperDivisors | Source::SubtractDivisors => {
                s.divisors_into(n, &mut self.scratch);
                let sub = self.source == Source::SubtractDivisors;
                for &d in &self.scratch {
                    if sub {
                        self.comb.add(codes[(n - d) as usize]);
                    } else if d < n {
                        self.comb.add(codes[d as usize]);
                    }
                }
            }
        }
        Ok(self.comb.finish())
    }
}

/// The single option of a counting ruleset: its value decides (mex of one value).
struct CountingStep {
    count: Count,
    from: u64,
    mode: Mode,
    sieve: GrowSieve,
}

impl DenseStep for CountingStep {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        if n < self.from || n == 0 {
            return Ok(0);
        }
        let c = self.count.with_sieve(self.sieve.at(n)?, n);
        let h = match self.mode {
            Mode::MoveTo => c,
            Mode::Subtract => n - c,
        };
        Ok(u32::from(codes[h as usize] == 0))
    }
}

/// Enumerates the option heaps through the ruleset's own member listing (for
/// combinations without a specialised step).
struct MemberStep<'a> {
    rs: &'a Arithmetic,
    property: Property,
    with_zero: bool,
    comb: Combiner,
}

impl DenseStep for MemberStep<'_> {
    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.comb.begin();
        if self.with_zero && n >= 1 {
            self.comb.add(0);
        }
        let comb = &mut self.comb;
        self.rs
            .for_each_member(self.property, n, &mut |h| {
                comb.add(codes[h as usize]);
                true
            });
        Ok(self.comb.finish())
    }
}

fn list(source: Source, with_zero: bool, kind: Combine) -> Box<dyn DenseStep> {
    Box::new(ListStep {
        source,
        with_zero,
        comb: Combiner::new(kind),
        sieve: GrowSieve::new(),
        scratch: Vec::new(),
    })
}

/// The fast step for a ruleset of the family.
pub(crate) fn for_family(a: &Arithmetic) -> Box<dyn DenseStep + '_> {
    use Property::*;
    let sub = a.mode == Mode::Subtract;
    let divisors = if sub {
        Source::SubtractDivisors
    } else {
        Source::ProperDivisors
    };
    match (a.shape, a.mode) {
        (
            Shape::Singleton {
                property: Divisor,
                with_zero,
            },
            _,
        ) => list(divisors, with_zero, Combine::Mex),
        (Shape::PowerSet(Divisor), _) => list(divisors, false, Combine::PowerSet),
        (Shape::FullSet(Divisor), _) => list(divisors, false, Combine::FullSet),
        (
            Shape::Singleton {
                property: NonDivisor,
                with_zero,
            },
            _,
        ) => Box::new(ComplementStep::new(sub, with_zero || sub, Combine::Mex)),
        (Shape::PowerSet(NonDivisor), _) => Box::new(ComplementStep::new(sub, sub, Combine::PowerSet)),
        (
            Shape::Singleton {
                property: Totative,
                with_zero: false,
            },
            Mode::MoveTo,
        ) => Box::new(CoprimeStep::new(Combine::Mex)),
        (Shape::PowerSet(Totative), Mode::MoveTo) => Box::new(CoprimeStep::new(Combine::PowerSet)),
        (Shape::FullSet(Totative), Mode::MoveTo) => Box::new(FullsetTotientStep::new()),
        (
            Shape::Singleton {
                property: NonTotative,
                with_zero,
            },
            Mode::MoveTo,
        ) => Box::new(NonCoprimeStep::new(Combine::Mex, with_zero)),
        (Shape::PowerSet(NonTotative), Mode::MoveTo) => Box::new(NonCoprimeStep::new(Combine::PowerSet, false)),
        (Shape::Counting { count, from }, mode) => Box::new(CountingStep {
            count,
            from,
            mode,
            sieve: GrowSieve::new(),
        }),
        (shape, _) => {
            let (property, with_zero, kind) = match shape {
                Shape::Singleton { property, with_zero } => (property, with_zero, Combine::Mex),
                Shape::PowerSet(p) => (p, false, Combine::PowerSet),
                Shape::FullSet(p) => (p, false, Combine::FullSet),
                Shape::Counting { .. } => unreachable!("counting is matched above"),
            };
            Box::new(MemberStep {
                rs: a,
                property,
                with_zero,
                comb: Combiner::new(kind),
            })
        }
    }
}

/// Bytes per heap of dense evaluation: the table (4), the growing sieve (at most 8),
/// and the step's own state (value counts, value classes or running XORs: at most 8).
pub(crate) fn bytes_per_heap(a: &Arithmetic) -> u64 {
    use Property::*;
    let state = match a.shape {
        Shape::Singleton {
            property: NonDivisor, ..
        }
        | Shape::PowerSet(NonDivisor) => 4,
        Shape::Singleton { property: Totative, .. } | Shape::PowerSet(Totative) => 12,
        Shape::FullSet(Totative) => 8,
        Shape::Singleton {
            property: NonTotative, ..
        }
        | Shape::PowerSet(NonTotative) => 1,
        _ => 0,
    };
    4 + 8 + state
}

/// How the work of the step chosen by [`for_family`] grows (options visited, or the
/// elementary steps that replace them): divisor walks about τ(n) per heap (the
/// complement steps twice: take out and restore); the totative and non-totative steps
/// scan value classes or multiples, about n per heap; counting has one option; the
/// member walk tests every k ≤ n.
pub(crate) fn work(a: &Arithmetic) -> WorkModel {
    use Property::*;
    match (a.shape, a.mode) {
        (Shape::Counting { .. }, _) => WorkModel::PerHeap(1),
        (Shape::Singleton { property: Divisor, .. } | Shape::PowerSet(Divisor) | Shape::FullSet(Divisor), _) => {
            WorkModel::Divisors(1)
        }
        (Shape::Singleton { property: NonDivisor, .. } | Shape::PowerSet(NonDivisor), _) => WorkModel::Divisors(2),
        (Shape::FullSet(Totative), Mode::MoveTo) => WorkModel::Divisors(2),
        (
            Shape::Singleton {
                property: Totative,
                with_zero: false,
            }
            | Shape::PowerSet(Totative),
            Mode::MoveTo,
        ) => WorkModel::Quadratic(1),
        // Multiples of the prime factors: about half the heaps below n (odd n), fewer
        // for even n.
        (Shape::Singleton { property: NonTotative, .. } | Shape::PowerSet(NonTotative), Mode::MoveTo) => {
            WorkModel::Quadratic(2)
        }
        _ => WorkModel::Options,
    }
}
