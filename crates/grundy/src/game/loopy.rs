//! Loopy heap rulesets: play can cycle and options can be larger heaps, so positions
//! have loopy values `∞(K)` and are solved on their (bounded) game graph
//! ([`crate::solve::explore`]), never by the finite engines.

/// What [`LoopyRuleset::options`] found for one heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyOptions {
    /// The options were listed.
    Listed,
    /// Some option is the heap given, which is above the heap bound (the options are
    /// not listed).
    HeapAbove(u128),
    /// There are more options than the count allowed (they are not all listed).
    TooMany,
    /// The system refused the memory to list them (this many bytes), although the
    /// memory limit allowed it.
    OutOfMemory(u64),
}

/// A ruleset whose positions are heaps `n ≥ first_heap()` and whose options are single
/// heaps that may be equal to or larger than `n` (paper 003 §7: `aliquot-sum`,
/// `partial-aliquot-sum`). A position of several heaps is their disjunctive sum.
pub trait LoopyRuleset: Send + Sync {
    /// Name as written in expressions.
    fn name(&self) -> String;

    /// The smallest heap that is a position.
    fn first_heap(&self) -> u64;

    /// Lists the options of heap `n` into `out` (cleared first), each once, in
    /// increasing order, unless an option exceeds `max_heap`
    /// ([`LoopyOptions::HeapAbove`] with the largest option) or there are more than
    /// `max_count` options ([`LoopyOptions::TooMany`]). Memory sized from the heap is
    /// reserved with `try_reserve`: a refusal is [`LoopyOptions::OutOfMemory`], never
    /// an abort.
    fn options(&self, n: u64, max_heap: u64, max_count: usize, out: &mut Vec<u64>) -> LoopyOptions;
}
