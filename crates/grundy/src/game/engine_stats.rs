//! The counters a sparse-space sequence engine reports.

/// Counters of a sparse-space sequence engine (rare and common values), for progress
/// bars and reports: see [`HeapRuleset::engine_stats`](crate::game::HeapRuleset::engine_stats). The take-and-break engine
/// (`rulesets::take_break::SparseEngine`) fills them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Heaps evaluated so far (the engine's prefix length).
    pub heaps: u64,
    /// The current mask over keys `(G(a) << 1) | (a & 1)` (0 when the code has no
    /// two-heap split and no mask is needed).
    pub mask: u64,
    /// The parity that marks a heap rare: heap `a` is rare when `popcount(key(a) & mask)`
    /// has this parity (the engine takes whichever class is smaller).
    pub rare_parity: u8,
    /// The number of rare heaps under the mask (the size of the rare index).
    pub rare: u64,
    /// Scan blocks that started beyond the first 1024 pairs of a split (the candidate
    /// mex stayed rare that long).
    pub searches: u64,
    /// Pair values computed for two-heap splits: pairs with a rare heap plus pairs
    /// scanned or compared for a rare candidate (the engine's work; a naive engine
    /// computes all ⌊m/2⌋ pairs of every split). Pairs with a rare heap marked one heap
    /// ahead count at the heap that marks them.
    pub pairs: u64,
    /// How often the mask changed.
    pub mask_changes: u64,
    /// The largest value seen.
    pub max_value: u32,
}

impl EngineStats {
    /// One line for a progress bar: the heap reached, the rare-heap count and the mask.
    pub fn summary(&self) -> String {
        if self.mask == 0 {
            format!("heap {}, largest value {}", self.heaps, self.max_value)
        } else {
            format!(
                "heap {}, {} rare, mask {:#x}/{}, largest value {}",
                self.heaps, self.rare, self.mask, self.rare_parity, self.max_value
            )
        }
    }
}
