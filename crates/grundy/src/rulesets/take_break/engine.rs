//! The sparse-space sequence engine of take-and-break codes: the values G(0), G(1), …
//! by the mex rule, with two-heap splits evaluated by the method of **rare and common
//! values** (Gangolli & Plambeck 1989, "A note on periodicity in some octal games",
//! Int. J. Game Theory 18; Flammenkamp's sparse-space computations of octal games).
//!
//! # Rare and common values
//!
//! Fix a nonzero bit mask `M` and a parity `r`. Classify heap `a ≥ 1` by its **key**
//! `key(a) = (G(a) << 1) | (a & 1)` and its **class** `class(a) = popcount(key(a) & M)
//! mod 2`: the heap is *rare* if `class(a) = r` and *common* otherwise (bit 0 of the
//! mask, if set, looks at the heap's parity, the other bits at its value).
//!
//! For a split of `m` tokens into the heaps `a` and `m − a` the option value is
//! `v = G(a) ⊕ G(m − a)`, and since `a ⊕ (m − a) ≡ m (mod 2)`,
//!
//! ```text
//! key(a) ⊕ key(m − a) = (v << 1) | (m & 1).
//! ```
//!
//! Parity of popcount is additive under ⊕, so with `class_m(v) = popcount(((v << 1) |
//! (m & 1)) & M) mod 2`, `class_m(v) = class(a) ⊕ class(m − a)`. Two common heaps (both
//! of class `1 − r`) give `class_m(v) = 0`: a value `v` with `class_m(v) = 1` (*common
//! for m*) only arises from a pair with a rare heap.
//!
//! The search below is cheap when the value of a common heap `n` is common for the
//! splits `m = n − j` of `n` itself. Its key and `(G(n) << 1) | (m & 1)` differ in bit 0
//! by the parity of `j`, so this holds for `r = (M & 1)·(j mod 2)`. If `M` has no bit 0
//! the parity drops out (`r = 0`, "common for m" is the classic "popcount(v & M') odd").
//! Bit 0 is only used when all split digits remove tokens of one parity (Dawson-like
//! games such as 0.106 need it, with `r = 1` as `j = 3` is odd).
//!
//! For heap `n`: let `T` be the values of all options except two-heap splits, plus, for
//! each split digit `j` (`m = n − j`), the values of the pairs `(a, m − a)` with `a`
//! rare (iterating over the rare heaps only). `T` is a subset of the option values `S`,
//! so `c = mex(T) ≤ mex(S)`. If `c ∈ S ∖ T`, `c` is the value of a pair of two common
//! heaps of some split `m`, so `c` is not common for `m`. Hence: for every split whose
//! `m` has `c` common, nothing is missing; for the others search the pairs of `m` for
//! `c`, in blocks (both cores for long ones), until `c` turns up or the split is
//! exhausted. If found, add `c` to `T` and repeat; if no split yields `c`, `c = mex(S)`
//! exactly.
//!
//! With a single split `m` (0.6, 0.106, 0.16, Grundy's game), a pair of two common heaps
//! never gives a value common for `m`, so the least value `c*` missing from `T` and
//! common for `m` bounds the mex, and only the missing values below `c*` (the
//! *targets*) are still to be found. Once they are few, the search compares pair values
//! with them instead of collecting every value ([`SparseEngine`]'s `search_one`).
//!
//! The option values of a heap are kept in one machine word while every value is below
//! 64, else one byte per value (`option_set`).
//!
//! When every split is non-strict and removes `j ≥ 1` tokens, every other heap marks
//! the rare pairs of the next heap too (partners `G(m + 1 − a)`, all known, read from
//! the cache lines just read); the next heap uses them if the mask is unchanged.
//!
//! # The mask
//!
//! With `f` the frequencies of keys (heaps `a ≥ 1`) and `N` their number, the number of
//! heaps of class 0 for `M` is `(N + F̂(M)) / 2`, `F̂` the Walsh–Hadamard transform of
//! `f`, and of class 1 `(N − F̂(M)) / 2`. The engine computes `F̂` exactly and takes the
//! allowed `M ≠ 0` with the fewest rare heaps for its `r(M)` (ties: the current mask,
//! then the smallest), recomputing when the value range grows and periodically
//! (every max(64, N/8, L·2^L/8) heaps, `L` the key width), and rebuilds the rare index
//! when the mask changes. Keys wider than 20 bits are classified by their low 20 bits
//! (masks are then chosen exactly among masks of those bits).
//!
//! Everything else — removing the whole heap, leaving one heap, `=` splits, three or
//! more heaps, `{k+}` — is enumerated directly (three heaps by a double loop, more by
//! [`super::for_each_partition`]).

use super::option_set::{pairs_hit, Ahead, AheadKey, ByteSet, OptionSet, WordSet, TARGETS};
use super::splits::{Group, Splits};
use super::{for_each_partition, Code, Constraint, Digit};
use crate::control::try_reserve;
use crate::control::WorkMeter;
use crate::error::Result;
use crate::game::DenseStep;
use crate::game::EngineStats;
use std::sync::Mutex;

/// The widest key (value bits plus the parity bit) the mask search looks at.
const MAX_KEY_BITS: u32 = 20;

/// The pairs of a split scanned before a block counts as a long search in
/// [`EngineStats::searches`] (blocks are [`OptionSet::BLOCK`] pairs, later an eighth of
/// the pairs scanned so far when that is more).
const LONG_SEARCH: u64 = 1024;

/// A single split's search lists its targets once this many pairs are marked, and again
/// after half as many pairs again while they are more than [`TARGETS`] (the walk that
/// lists them is not free); it then compares in blocks of at least `FIND_BLOCK` pairs
/// (later a quarter of the pairs scanned so far). Grundy's game to 10^6 and 0.007 to
/// 10^5 took 7 % less time with the comparisons, 0.106 to 10^7 10 % less, Officers 0.6
/// about the same (from 64 to 512 and blocks of 1024 pairs, within the noise).
const FIND_FROM: u64 = 128;
const FIND_BLOCK: u64 = 256;

/// Scans of at least this many pairs are split between two threads (a split costs the
/// wake-up of a sleeping worker, some microseconds: 0.007 to 10^5 took 2.5 s with
/// splits from 8192 pairs and 1.1 s without).
const PARALLEL_PAIRS: u64 = 1 << 16;

/// The parity of the number of ones of `x < 2^32` (by folding: without the POPCNT
/// instruction, which the baseline x86-64 lacks, a popcount is a dozen operations).
#[inline]
fn parity(x: u64) -> u32 {
    let x = x ^ (x >> 16);
    let x = x ^ (x >> 8);
    let x = x ^ (x >> 4);
    (0x6996 >> (x & 15)) & 1
}

/// What the rare index is, in the error when its memory is refused.
fn rare_index() -> String {
    "the rare heaps of the sparse-space engine".into()
}

/// The key of heap `a` of value `v`: `(v << 1) | (a & 1)`.
#[inline]
fn key(a: usize, v: u32) -> u64 {
    ((v as u64) << 1) | (a as u64 & 1)
}

/// How one digit acts, split by the number of heaps it leaves.
#[derive(Clone, Debug)]
struct Plan {
    zero: bool,
    whole: bool,
    single: bool,
    /// Leaving one heap of one token is a move (not under `?`: [`Digit::leaves_one`]).
    single_of_one: bool,
    pair: Option<Constraint>,
    triple: Option<Constraint>,
    /// The digit, when it names four or more heaps (enumerated).
    more: Option<Digit>,
    /// A `{k+}` digit: its counts of three heaps or more come from the split sets
    /// ([`Splits`]; these groups) and, for `=`, from k equal heaps.
    open: Option<Digit>,
    groups: Vec<Group>,
}

/// The groups of counts of a `{k+}` digit that the split sets answer: its counts of
/// three heaps or more other than `=` (none for a digit without `+`).
fn groups_of(d: &Digit) -> Vec<Group> {
    let mut groups = Vec::new();
    if let Some((from, c)) = d.open_counts() {
        for k in 3..from {
            if let Some(c) = d.allows(k).filter(|&c| c != Constraint::AllEqual) {
                groups.push(Group {
                    k,
                    open: false,
                    constraint: c,
                });
            }
        }
        if c != Constraint::AllEqual {
            groups.push(Group {
                k: from.max(3),
                open: true,
                constraint: c,
            });
        }
    }
    groups
}

/// The split-set groups of every digit of `code` (d0, the digits and the tail), each
/// once: empty when the engine enumerates every option.
pub(super) fn split_groups(code: &Code) -> Vec<Group> {
    let (d0, digits, tail) = code.parts();
    let mut groups: Vec<Group> = Vec::new();
    for g in std::iter::once(d0).chain(digits).chain(tail).flat_map(groups_of) {
        if !groups.contains(&g) {
            groups.push(g);
        }
    }
    groups
}

impl Plan {
    fn of(d: &Digit) -> Plan {
        let groups = groups_of(d);
        let open = d.open_counts().is_some();
        Plan {
            zero: d.is_zero(),
            whole: d.allows(0).is_some(),
            single: d.allows(1).is_some(),
            single_of_one: d.leaves_one(1),
            pair: d.allows(2),
            triple: if open { None } else { d.allows(3) },
            more: (!open && d.max_heaps() >= 4).then(|| d.clone()),
            open: open.then(|| d.clone()),
            groups,
        }
    }

    /// Adds the values of the options that leave `m` tokens, except the sparse two-heap
    /// splits, which are listed in `pairs` as `(m, strict)` (`strict`: unequal heaps),
    /// counting the options visited on `meter`.
    ///
    /// # Errors
    /// [`crate::Error::Interrupted`] from the meter.
    fn options(
        &self,
        set: &mut impl OptionSet,
        m: u64,
        codes: &[u32],
        pairs: &mut Vec<(u64, bool)>,
        meter: &mut WorkMeter,
        splits: Option<&Splits>,
    ) -> Result<()> {
        if self.zero {
            return Ok(());
        }
        meter.add(1)?;
        if m == 0 {
            if self.whole {
                set.insert(0);
            }
            return Ok(());
        }
        if self.single && (m >= 2 || self.single_of_one) {
            set.insert(codes[m as usize]);
        }
        if m >= 2 {
            match self.pair {
                Some(Constraint::AllEqual) if m.is_multiple_of(2) => set.insert(0),
                Some(Constraint::AllEqual) | None => {}
                Some(c) => pairs.push((m, c != Constraint::Any)),
            }
        }
        if m >= 3 {
            if let Some(c) = self.triple {
                triples(codes, m, c, set, meter)?;
            }
        }
        if let Some(d) = &self.more {
            let mut stop = Ok(());
            d.for_each_count(m, &mut |k, c| {
                if k >= 4 && c == Constraint::AllEqual {
                    // k equal heaps: G(m/k) for odd k, 0 for even k.
                    set.insert(if k % 2 == 1 { codes[(m / k) as usize] } else { 0 });
                    stop = meter.add(1);
                    return stop.is_ok();
                }
                k < 4
                    || for_each_partition(m, k, c, &mut |parts| {
                        set.insert(parts.iter().fold(0, |x, &h| x ^ codes[h as usize]));
                        stop = meter.add(1);
                        stop.is_ok()
                    })
            });
            stop?;
        }
        if let Some(d) = &self.open {
            // k ≥ 3 equal heaps: G(m/k) for odd k, 0 for even k.
            d.for_each_count(m, &mut |k, c| {
                if k >= 3 && c == Constraint::AllEqual {
                    set.insert(if k % 2 == 1 { codes[(m / k) as usize] } else { 0 });
                }
                true
            });
            if let Some(sp) = splits {
                let mut found = 0u64;
                for &g in &self.groups {
                    sp.for_each_value(m as usize, g, &mut |v| {
                        set.insert(v);
                        found += 1;
                    });
                }
                meter.add(found)?;
            }
        }
        Ok(())
    }

    /// True if the pair rule is the sparse one (any pair, or pairs of unequal heaps).
    fn sparse_pair(&self) -> bool {
        matches!(self.pair, Some(c) if c != Constraint::AllEqual)
    }
}

/// The sparse-space engine of one code: a [`DenseStep`] (called for n = 0, 1, … with
/// the values of all smaller heaps) that keeps the key frequencies, the mask and the
/// rare-heap index. Values are `u32`.
///
/// It may start at any `n`: the first call incorporates the given prefix (this is how
/// a checkpoint resumes).
pub struct SparseEngine<'a> {
    plans: Vec<Plan>,
    /// Index of the first tail plan in `plans`, and the tail length (0: finite code).
    tail_start: usize,
    tail_len: usize,
    /// For a finite code, `(j, index in plans)` of the digits with a move.
    active: Vec<(u64, usize)>,
    max_removed: Option<u64>,
    has_pairs: bool,
    parity_ok: bool,
    /// The parity of the removals `j` of the split digits (when `parity_ok`).
    j_parity: u32,
    /// Heaps incorporated into the state (`codes[..synced]`).
    synced: usize,
    max_value: u32,
    key_bits: u32,
    freq: Vec<u32>,
    mask: u64,
    /// The parity of `popcount(key & mask)` of the rare heaps (0 or 1).
    rare_parity: u32,
    /// Rare heaps `a ≥ 1` (ascending), with their values.
    rare: Vec<(u32, u32)>,
    next_recompute: usize,
    /// The option set of heaps with a value of 64 or more (kept for its allocation).
    bytes: ByteSet,
    /// The rare pairs of the next heap, marked with those of this one.
    ahead: Ahead,
    pairs: Vec<(u64, bool)>,
    /// Per split: m, the last pair index, the next pair to scan.
    cursors: Vec<(u64, u64, u64)>,
    stats: EngineStats,
    shared: Option<&'a Mutex<EngineStats>>,
    par_threshold: u64,
    /// (heap, pair values computed before it), every 16384 heaps: the work trend.
    history: Vec<(u64, u64)>,
    /// Counts the options and pairs visited, and checks for cancellation.
    meter: WorkMeter,
    /// The split sets of the `{k+}` digits (none without them).
    splits: Option<Splits>,
}

impl<'a> SparseEngine<'a> {
    /// The engine of `code`, publishing its counters to `shared` (every 4096 heaps, when
    /// the mask changes and when dropped) if given.
    pub fn new(code: &Code, shared: Option<&'a Mutex<EngineStats>>) -> SparseEngine<'a> {
        let (d0, digits, tail) = code.parts();
        let plans: Vec<Plan> = std::iter::once(d0).chain(digits).chain(tail).map(Plan::of).collect();
        let tail_start = 1 + digits.len();
        let tail_len = tail.len();
        // The parities of the removals j of the sparse pair digits.
        let mut parities = [false; 2];
        for (i, p) in plans.iter().enumerate() {
            if p.sparse_pair() {
                parities[i & 1] = true;
                if i >= tail_start && tail_len % 2 == 1 {
                    parities[(i + 1) & 1] = true;
                }
            }
        }
        let has_pairs = parities[0] || parities[1];
        let active = (0..plans.len()).filter(|&j| tail_len == 0 && !plans[j].zero).map(|j| (j as u64, j)).collect();
        SparseEngine {
            active,
            plans,
            tail_start,
            tail_len,
            max_removed: code.max_removed(),
            has_pairs,
            parity_ok: !(parities[0] && parities[1]),
            j_parity: u32::from(parities[1]),
            synced: 0,
            max_value: 0,
            key_bits: 2,
            freq: vec![0; 4],
            mask: 2,
            rare_parity: 0,
            rare: Vec::new(),
            next_recompute: 0,
            bytes: ByteSet::default(),
            ahead: Ahead::default(),
            pairs: Vec::new(),
            cursors: Vec::new(),
            stats: EngineStats::default(),
            shared,
            par_threshold: PARALLEL_PAIRS,
            history: Vec::new(),
            meter: WorkMeter::default(),
            splits: Splits::new(&split_groups(code)),
        }
    }


    /// Sets the number of pairs from which a pair search runs in parallel (tests use 0
    /// to exercise the parallel path on small heaps).
    pub fn with_parallel_threshold(mut self, pairs: u64) -> SparseEngine<'a> {
        self.par_threshold = pairs;
        self
    }

    /// The current counters.
    pub fn stats(&self) -> EngineStats {
        EngineStats {
            heaps: self.synced as u64,
            mask: if self.has_pairs { self.mask } else { 0 },
            rare_parity: self.rare_parity as u8,
            rare: self.rare.len() as u64,
            max_value: self.max_value,
            ..self.stats
        }
    }

    /// Brings the engine to the state a run from heap 0 has once it computed the heaps
    /// of `codes` (G(n) = `codes[n]`), from these values without computing any: each
    /// heap is synced as [`DenseStep::value`] syncs it (key frequencies, the rare index,
    /// the mask chosen at the same heaps), so the mask and its rare parity
    /// ([`SparseEngine::stats`]) are those the run holds at its end. Pair counts stay
    /// 0. The census derives its rare/common split this way, from a row's values or
    /// from its certificate's.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the rare index cannot grow.
    pub fn replay(&mut self, codes: &[u32]) -> Result<()> {
        for n in self.synced..codes.len() {
            self.sync(n, codes)?;
        }
        Ok(())
    }

    fn publish(&self) {
        if let Some(s) = self.shared {
            if let Ok(mut g) = s.lock() {
                *g = self.stats();
            }
        }
    }

    fn plan_index(&self, j: u64) -> usize {
        let j = j as usize;
        if j < self.tail_start || self.tail_len == 0 {
            j
        } else {
            self.tail_start + (j - self.tail_start) % self.tail_len
        }
    }


    #[inline]
    fn is_rare(&self, key: u64) -> bool {
        parity(key & self.mask) == self.rare_parity
    }

    /// True if a pair value `v` of a split of `m` tokens can only come from a pair with
    /// a rare heap (see the module documentation).
    #[inline]
    fn common_for(&self, v: u32, m: u64) -> bool {
        parity((((v as u64) << 1) | (m & 1)) & self.mask) == 1
    }

    /// Adds heaps `synced..n` to the frequencies and the rare index.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the rare index cannot grow.
    fn sync(&mut self, n: usize, codes: &[u32]) -> Result<()> {
        if !self.has_pairs {
            for &v in &codes[self.synced..n] {
                self.max_value = self.max_value.max(v);
            }
            self.synced = n;
            return Ok(());
        }
        let start = self.synced;
        try_reserve(&mut self.rare, n - start, rare_index)?;
        for (a, &v) in codes.iter().enumerate().take(n).skip(start) {
            if v > self.max_value {
                self.max_value = v;
                let bits = (33 - v.leading_zeros()).clamp(2, MAX_KEY_BITS);
                if bits > self.key_bits {
                    self.key_bits = bits;
                    // Rebuilt from all heaps below a (those from a on are added below).
                    self.rebuild_freq(&codes[..a]);
                    self.next_recompute = 0;
                }
            }
            if a == 0 {
                continue;
            }
            let key = key(a, v);
            self.freq[(key & ((1 << self.key_bits) - 1)) as usize] += 1;
            if self.is_rare(key) {
                self.rare.push((a as u32, v));
            }
        }
        self.synced = n;
        if n >= self.next_recompute {
            self.choose_mask(codes)?;
        }
        Ok(())
    }

    fn rebuild_freq(&mut self, codes: &[u32]) {
        self.freq = vec![0; 1 << self.key_bits];
        let low = (1u64 << self.key_bits) - 1;
        for (a, &v) in codes.iter().enumerate().skip(1) {
            self.freq[(key(a, v) & low) as usize] += 1;
        }
    }

    /// Picks the mask with the fewest rare heaps by the Walsh–Hadamard transform of the
    /// key frequencies, and rebuilds the rare index if it changed.
    ///
    /// # Errors
    /// [`crate::Error::OutOfMemory`] if the rebuilt rare index does not fit.
    fn choose_mask(&mut self, codes: &[u32]) -> Result<()> {
        let size = 1usize << self.key_bits;
        let mut f: Vec<i64> = self.freq.iter().map(|&x| x as i64).collect();
        let mut h = 1;
        while h < size {
            for i in (0..size).step_by(2 * h) {
                for k in i..i + h {
                    let (x, y) = (f[k], f[k + h]);
                    f[k] = x + y;
                    f[k + h] = x - y;
                }
            }
            h *= 2;
        }
        // A heap n whose value is common must have a value that is common for its own
        // splits m = n − j, so that the mex search only runs for rare values: its key
        // and (G(n) << 1) | (m & 1) differ in bit 0 by the parity of j, so the rare
        // parity is r(M) = (M & 1) · (j mod 2). The number of rare heaps is then
        // (N + F̂(M)) / 2 for r = 0 and (N − F̂(M)) / 2 for r = 1: take the allowed mask
        // with the fewest (ties: the current mask, then the smallest).
        let step = if self.parity_ok { 1 } else { 2 };
        let r = |m: u64| (m as u32 & 1) & self.j_parity;
        let score = |m: u64, fm: i64| if r(m) == 1 { -fm } else { fm };
        let mut best = self.mask;
        let mut best_score = if (self.mask as usize) < size {
            score(self.mask, f[self.mask as usize])
        } else {
            i64::MAX
        };
        for (m, &fm) in f.iter().enumerate().skip(step).step_by(step) {
            if score(m as u64, fm) < best_score {
                best = m as u64;
                best_score = score(m as u64, fm);
            }
        }
        let parity = r(best);
        if best != self.mask || parity != self.rare_parity {
            self.mask = best;
            self.rare_parity = parity;
            self.stats.mask_changes += 1;
            self.rare.clear();
            let heaps = || codes.iter().enumerate().take(self.synced).skip(1);
            let count = heaps().filter(|&(a, &v)| self.is_rare(key(a, v))).count();
            try_reserve(&mut self.rare, count, rare_index)?;
            for (a, &v) in heaps() {
                if self.is_rare(key(a, v)) {
                    self.rare.push((a as u32, v));
                }
            }
            self.publish();
        }
        let n = self.synced;
        let cost = (self.key_bits as usize) << self.key_bits;
        self.next_recompute = n + (n / 8).max(64).max(cost / 8);
        Ok(())
    }
}

impl Drop for SparseEngine<'_> {
    /// Publishes the final counters.
    fn drop(&mut self) {
        self.publish();
    }
}

impl DenseStep for SparseEngine<'_> {
    /// Each two-heap split pairs the heap with every rare heap (the rare heaps times the
    /// split digits, plus one), and some splits are scanned in full (about n/2 pairs,
    /// at the rate of full scans so far).
    /// Measured from the pair values computed over the last half of the heaps so far
    /// and the quarter before (recorded every 16384 heaps): the average per heap over
    /// the last half, and the exponent from the ratio of the two averages (their
    /// stretches are centred a factor 2 apart).
    fn work_per_heap(&self) -> Option<(f64, f64)> {
        if !self.has_pairs {
            return None;
        }
        let &(n1, p1) = self.history.last()?;
        let at = |h: u64| self.history.iter().find(|&&(k, _)| k >= h).copied();
        let (n2, p2) = at(n1 / 2)?;
        let (n3, p3) = at(n1 / 4)?;
        if n3 >= n2 || n2 >= n1 {
            return None;
        }
        let recent = (p1 - p2) as f64 / (n1 - n2) as f64 + 1.0;
        let before = (p2 - p3) as f64 / (n2 - n3) as f64 + 1.0;
        let alpha = (recent / before).log2().clamp(0.0, 1.0);
        Some((recent, alpha))
    }

    /// Counts every option and pair value on the meter, in blocks: a heap with millions
    /// of pairs (a tail with splits, a long search) stops within a chunk of them.
    fn track(&mut self, meter: WorkMeter) -> bool {
        self.meter = meter;
        true
    }

    fn reserve(&mut self, last: u64) {
        if let Some(sp) = &mut self.splits {
            sp.reserve(last);
        }
    }

    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        if n & 0x3FFF == 0 {
            self.history.push((n, self.stats.pairs));
        }
        self.sync(n as usize, codes)?;
        if let Some(sp) = &mut self.splits {
            let limit = self.meter.memory_limit();
            let meter = &mut self.meter;
            sp.sync(n as usize, codes, limit, &mut |u| meter.add(u))?;
        }
        // Values below 64 (and so their nim-sums) fit in one word.
        let value = if self.max_value < 64 {
            self.value_in(&mut WordSet::default(), n, codes)
        } else {
            let mut set = std::mem::take(&mut self.bytes);
            set.reset(32 - self.max_value.leading_zeros());
            let value = self.value_in(&mut set, n, codes);
            self.bytes = set;
            value
        };
        if n & 0xFFF == 0 {
            self.publish();
        }
        value
    }

    /// Two byte sets (this heap's and the next heap's marks), each of two arrays of
    /// `2 << bits` bytes for values below `2^bits`: at most 16 bytes per value.
    fn bytes_per_value(&self) -> u64 {
        16
    }
}

impl SparseEngine<'_> {
    /// The value of heap `n` (the state synced to `n`), collecting option values in `set`
    /// (empty, with room for every value and nim-sum of values below `n`).
    ///
    /// # Errors
    /// [`crate::Error::Interrupted`] from the meter.
    fn value_in<S: OptionSet>(&mut self, set: &mut S, n: u64, codes: &[u32]) -> Result<u32> {
        self.pairs.clear();
        // The rare pairs of the splits of at least `done_from` tokens may have been
        // marked with the heap before.
        let bits = 32 - self.max_value.leading_zeros();
        let key = |heap: u64, m: u64| AheadKey { heap, m, mask: self.mask, parity: self.rare_parity, bits };
        let slot = S::slot(&mut self.ahead);
        let done_from = match slot.0.take() {
            Some(k) if k == key(n, k.m) => {
                std::mem::swap(set, &mut slot.1);
                Some(k.m)
            }
            _ => None,
        };
        if self.tail_len == 0 {
            for &(j, i) in &self.active {
                if j > n {
                    break;
                }
                self.plans[i].options(set, n - j, codes, &mut self.pairs, &mut self.meter, self.splits.as_ref())?;
            }
        } else {
            for j in 0..=self.max_removed.map_or(n, |t| t.min(n)) {
                let plan = &self.plans[self.plan_index(j)];
                plan.options(set, n - j, codes, &mut self.pairs, &mut self.meter, self.splits.as_ref())?;
            }
        }
        // The pairs with a rare heap; when a third of the heaps or more are rare (no
        // mask separates the values well) the splits are scanned whole instead.
        let whole = self.rare.len() > self.synced / 3;
        // When every split is non-strict and removes j ≥ 1 tokens, this heap also marks
        // the next one's rare pairs (its splits of m + 1 tokens pair the same rare heaps,
        // below m + 1 and all known, with partners in the cache lines just read). The
        // next heap's other splits (of 2 tokens, new) it marks itself.
        let ahead = done_from.is_none()
            && !whole
            && !self.pairs.is_empty()
            && self.pairs.iter().all(|&(m, strict)| !strict && m < n)
            && (self.rare.len() as u64) < self.par_threshold;
        if ahead {
            S::slot(&mut self.ahead).1.clear_like(set);
        }
        for &(m, strict) in self.pairs.iter().filter(|_| !whole) {
            if done_from.is_some_and(|f| m >= f) {
                continue;
            }
            // The rare heaps below m: all but the last few for the short removals j.
            let mut end = self.rare.len();
            let mut steps = 0;
            while end > 0 && self.rare[end - 1].0 as u64 >= m {
                end -= 1;
                steps += 1;
                if steps == 8 {
                    end = self.rare.partition_point(|&(a, _)| (a as u64) < m);
                    break;
                }
            }
            let rare = &self.rare[..end];
            if ahead {
                let next = &mut S::slot(&mut self.ahead).1;
                let m = m as usize;
                set.mark_rare_two(next, rare, codes, m);
                let more = self.rare[end..].iter().take_while(|&&(a, _)| (a as usize) < m + 1).count();
                next.mark_rare(&self.rare[end..end + more], codes, m + 1, u64::MAX);
                self.stats.pairs += (2 * end + more) as u64;
                self.meter.add((2 * end + more) as u64)?;
                continue;
            }
            // With `!`, the pair (m/2, m/2) is not an option: skip that rare heap.
            let skip = if strict && m % 2 == 0 {
                let i = self.rare.partition_point(|&(a, _)| (a as u64) < m / 2);
                (i < end && self.rare[i].0 as u64 == m / 2).then_some(i)
            } else {
                None
            };
            let (head, tail) = match skip {
                Some(i) => (&rare[..i], &rare[i + 1..]),
                None => (rare, &rare[..0]),
            };
            self.stats.pairs += (head.len() + tail.len()) as u64;
            self.meter.add((head.len() + tail.len()) as u64)?;
            let m = m as usize;
            for part in [head, tail] {
                set.mark_rare(part, codes, m, self.par_threshold);
            }
        }
        if ahead {
            let least = self.pairs.iter().map(|&(m, _)| m).min().unwrap_or(n);
            S::slot(&mut self.ahead).0 = Some(key(n + 1, least + 1));
        }
        if let [(m, strict)] = self.pairs[..] {
            if !whole {
                return self.search_one(set, codes, m, strict);
            }
        }
        // Scan the pairs of splits whose m has the candidate rare, a block at a time,
        // until the candidate is common for every split not scanned to the end.
        self.cursors.clear();
        self.cursors.extend(self.pairs.iter().map(|&(m, strict)| (m, if strict { (m - 1) / 2 } else { m / 2 }, 1u64)));
        loop {
            let c = set.mex();
            // Of the splits that may hold c, scan the one scanned least so far: c is
            // found in whichever holds it at about the cost of the shortest search.
            // (A plain loop: as an iterator chain it was sometimes not inlined, which
            // cost 0.376 a fifth of its time.)
            let mut pick: Option<(usize, u64)> = None;
            for (i, &(m, half, next)) in self.cursors.iter().enumerate() {
                if next <= half && (whole || !self.common_for(c, m)) && pick.is_none_or(|(_, p)| next < p) {
                    pick = Some((i, next));
                }
            }
            let Some((i, _)) = pick else {
                break Ok(c);
            };
            let (m, half, next) = self.cursors[i];
            let (lo, hi) = if whole {
                (next, half)
            } else {
                // Blocks grow by an eighth of what was scanned: a candidate found after
                // s pairs costs at most 1.125·s + S::BLOCK pair values.
                let done = next - 1;
                if done >= LONG_SEARCH {
                    self.stats.searches += 1;
                }
                (next, (next + S::BLOCK.max(done / 8) - 1).min(half))
            };
            self.cursors[i].2 = hi + 1;
            self.stats.pairs += hi + 1 - lo;
            self.meter.add(hi + 1 - lo)?;
            let (lo, hi, mu) = (lo as usize, hi as usize, m as usize);
            let (left, right) = (&codes[lo..=hi], &codes[mu - hi..=mu - lo]);
            set.mark_pairs(left, right, self.par_threshold);
        }
    }

    /// The mex when the only sparse split is that of `m` (all options but its pairs of
    /// two common heaps in `set`): scans its pairs in blocks while the candidate is rare
    /// for `m`.
    ///
    /// Let `c*` be the least value from the candidate on that is missing from `set` and
    /// common for `m` (or `2^bits`, above every option value): no pair of two common heaps
    /// gives it, so the mex is at most `c*`, and every value missing below `c*` is rare
    /// for `m` (a *target*). Once the targets are at most [`TARGETS`], the blocks only
    /// compare their pair values with the targets (no stores), and the mex is the least
    /// target not found in the whole split, or `c*`.
    fn search_one<S: OptionSet>(&mut self, set: &mut S, codes: &[u32], m: u64, strict: bool) -> Result<u32> {
        let half = if strict { (m - 1) / 2 } else { m / 2 };
        let bound = 1u32 << (32 - self.max_value.leading_zeros());
        let (mu, mut next, mut walk_at) = (m as usize, 1u64, FIND_FROM);
        loop {
            let c = set.mex();
            if next > half || self.common_for(c, m) {
                return Ok(c);
            }
            let done = next - 1;
            // The targets, ascending, if at most TARGETS (looked for once a few blocks are
            // scanned, and again after half as many pairs again).
            if done >= walk_at {
                walk_at = done + done / 2;
                let mut targets = [c; TARGETS];
                let mut few = 0;
                let mut v = c;
                while v < bound && !self.common_for(v, m) && few <= TARGETS {
                    if few < TARGETS {
                        targets[few] = v;
                    }
                    few += 1;
                    v = set.next_missing(v + 1);
                }
                if few <= TARGETS {
                    return self.find_targets(codes, (m, half, next), targets, few, v.min(bound));
                }
            }
            if done >= LONG_SEARCH {
                self.stats.searches += 1;
            }
            let (lo, hi) = (next, (next + S::BLOCK.max(done / 8) - 1).min(half));
            next = hi + 1;
            self.stats.pairs += hi + 1 - lo;
            self.meter.add(hi + 1 - lo)?;
            let (lo, hi) = (lo as usize, hi as usize);
            set.mark_pairs(&codes[lo..=hi], &codes[mu - hi..=mu - lo], self.par_threshold);
        }
    }

    /// The mex of a split `(m, half, next)` whose pairs from `next` on are still to be
    /// scanned, given its `few` targets (ascending) and `c*` (see [`Self::search_one`]):
    /// the least target no pair gives, or `c*` if every target is found.
    fn find_targets(
        &mut self,
        codes: &[u32],
        (m, half, mut next): (u64, u64, u64),
        mut targets: [u32; TARGETS],
        mut few: usize,
        cap: u32,
    ) -> Result<u32> {
        let mu = m as usize;
        while few > 0 && next <= half {
            let done = next - 1;
            if done >= LONG_SEARCH {
                self.stats.searches += 1;
            }
            let (lo, hi) = (next, (next + FIND_BLOCK.max(done / 4) - 1).min(half));
            next = hi + 1;
            self.stats.pairs += hi + 1 - lo;
            self.meter.add(hi + 1 - lo)?;
            let (lo, hi) = (lo as usize, hi as usize);
            let hit = pairs_hit(&codes[lo..=hi], &codes[mu - hi..=mu - lo], &targets[..few]);
            let mut kept = 0;
            for i in 0..few {
                if !hit[i] {
                    targets[kept] = targets[i];
                    kept += 1;
                }
            }
            few = kept;
        }
        Ok(if few == 0 { cap } else { targets[0] })
    }
}

/// Inserts the values of the splits of `m` into three heaps `a ≤ b ≤ c` under the
/// constraint, counting them on `meter`.
///
/// # Errors
/// [`crate::Error::Interrupted`] from the meter.
fn triples(codes: &[u32], m: u64, con: Constraint, seen: &mut impl OptionSet, meter: &mut WorkMeter) -> Result<()> {
    let m = m as usize;
    if con == Constraint::AllEqual {
        if m.is_multiple_of(3) {
            seen.insert(codes[m / 3]);
        }
        return Ok(());
    }
    for a in 1..=m / 3 {
        meter.add(((m - a) / 2 + 1 - a) as u64)?;
        let ga = codes[a];
        for b in a..=(m - a) / 2 {
            let c = m - a - b;
            let ok = match con {
                Constraint::Any => true,
                Constraint::PairwiseUnequal => a < b && b < c,
                Constraint::NotAllEqual => a != c,
                Constraint::AllEqual => unreachable!(),
            };
            if ok {
                seen.insert(ga ^ codes[b] ^ codes[c]);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parity_is_popcount_mod_2(x in 0u64..1 << 32) {
            prop_assert_eq!(super::parity(x), x.count_ones() & 1);
        }
    }
}
