//! The sparse-space sequence engine of take-and-break codes: the values G(0), G(1), …
//! by the mex rule, with two-heap splits evaluated by the method of **rare and common
//! values** (Gangolli & Plambeck 1989, "A note on periodicity in some octal games",
//! Int. J. Game Theory 18; Flammenkamp's sparse-space computations of octal games).
//!
//! # Rare and common values
//!
//! Fix a nonzero bit mask `M`. Classify heap `a ≥ 1` by its **key**
//! `key(a) = (G(a) << 1) | (a & 1)`: the heap is *common* if `popcount(key(a) & M)` is
//! odd and *rare* otherwise (bit 0 of the mask, if set, looks at the heap's parity,
//! the other bits at its value).
//!
//! For a split of `m` tokens into the heaps `a` and `m − a` the option value is
//! `v = G(a) ⊕ G(m − a)`, and since `a ⊕ (m − a) ≡ m (mod 2)`,
//!
//! ```text
//! key(a) ⊕ key(m − a) = (v << 1) | (m & 1).
//! ```
//!
//! Parity of popcount is additive under ⊕, so with `class_m(v) = popcount(((v << 1) |
//! (m & 1)) & M) mod 2`, `class_m(v) = class(a) ⊕ class(m − a)`. Two common heaps give
//! `class_m(v) = 0`: a value `v` with `class_m(v) = 1` (*common for m*) only arises from
//! a pair with a rare heap. If `M` has no bit 0 the parity drops out and "common for
//! m" is the classic "popcount(v & M') odd" for every `m`. With bit 0 set it flips with
//! the parity of `m`, so bit 0 is only used when all split digits remove tokens of one
//! parity (then all `m = n − j` of a heap share a parity; Dawson-like games such as
//! 0.106 need it).
//!
//! For heap `n`: let `T` be the values of all options except two-heap splits, plus, for
//! each split digit `j` (`m = n − j`), the values of the pairs `(a, m − a)` with `a`
//! rare (iterating over the rare heaps only). `T` is a subset of the option values `S`,
//! so `c = mex(T) ≤ mex(S)`. If `c ∈ S ∖ T`, `c` is the value of a pair of two common
//! heaps of some split `m`, so `c` is not common for `m`. Hence: for every split whose
//! `m` has `c` common, nothing is missing; for the others search all pairs of `m` for
//! `c` (both cores). If found, add `c` to `T` and repeat; if no split yields `c`,
//! `c = mex(S)` exactly.
//!
//! # The mask
//!
//! With `f` the frequencies of keys (heaps `a ≥ 1`) and `N` their number, the number of
//! rare heaps for `M` is `(N + F̂(M)) / 2`, `F̂` the Walsh–Hadamard transform of `f`. The
//! engine computes `F̂` exactly and takes the allowed `M ≠ 0` with the fewest rare heaps
//! (ties: the smallest `M`), recomputing when the value range grows and periodically
//! (every max(64, N/8, L·2^L/8) heaps, `L` the key width), and rebuilds the rare index
//! when the mask changes. Keys wider than 20 bits are classified by their low 20 bits
//! (masks are then chosen exactly among masks of those bits).
//!
//! Everything else — removing the whole heap, leaving one heap, `=` splits, three or
//! more heaps, `{k+}` — is enumerated directly (three heaps by a double loop, more by
//! [`super::for_each_partition`]).

use super::{for_each_partition, Code, Constraint, Digit};
use crate::error::Result;
use crate::game::DenseStep;
use rayon::prelude::*;
use std::sync::Mutex;

/// The widest key (value bits plus the parity bit) the mask search looks at.
const MAX_KEY_BITS: u32 = 20;

/// Pairs scanned per block while the candidate mex is rare, and the number of blocks
/// before the rest of the split is scanned at once.
const SCAN_BLOCK: u64 = 64;
const SCAN_BLOCKS: u64 = 64;

/// Pair searches over at least this many pairs run on all cores.
const PARALLEL_PAIRS: u64 = 1 << 15;

/// Counters of the sparse engine, for progress bars and reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Heaps evaluated so far (the engine's prefix length).
    pub heaps: u64,
    /// The current mask over keys `(G(a) << 1) | (a & 1)` (0 when the code has no
    /// two-heap split and no mask is needed).
    pub mask: u64,
    /// The number of rare heaps under the mask (the size of the rare index).
    pub rare: u64,
    /// Scans of all remaining pairs of a split, made because the candidate mex stayed
    /// rare after the first blocks.
    pub searches: u64,
    /// How often the mask changed.
    pub mask_changes: u64,
    /// The largest value seen.
    pub max_value: u32,
}

fn or_words(mut x: Vec<u64>, y: Vec<u64>) -> Vec<u64> {
    for (a, b) in x.iter_mut().zip(y) {
        *a |= b;
    }
    x
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
    pair: Option<Constraint>,
    triple: Option<Constraint>,
    /// The digit, when it leaves four or more heaps.
    more: Option<Digit>,
}

impl Plan {
    fn of(d: &Digit) -> Plan {
        Plan {
            zero: d.is_zero(),
            whole: d.allows(0).is_some(),
            single: d.allows(1).is_some(),
            pair: d.allows(2),
            triple: d.allows(3),
            more: (d.max_heaps() >= 4).then(|| d.clone()),
        }
    }

    /// True if the pair rule is the sparse one (any pair, or pairs of unequal heaps).
    fn sparse_pair(&self) -> bool {
        matches!(self.pair, Some(c) if c != Constraint::AllEqual)
    }
}

/// A bitset of option values with its mex.
struct Seen {
    words: Vec<u64>,
    dirty: usize,
}

impl Seen {
    fn clear(&mut self) {
        self.words[..self.dirty].fill(0);
        self.dirty = 0;
    }

    fn ensure(&mut self, bits: u32) {
        let words = ((1usize << bits) / 64).max(1);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
    }

    #[inline]
    fn insert(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        self.words[w] |= 1 << (v & 63);
        if w >= self.dirty {
            self.dirty = w + 1;
        }
    }

    fn or(&mut self, bits: &[u64]) {
        for (w, b) in self.words.iter_mut().zip(bits) {
            *w |= b;
        }
        let top = bits.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        self.dirty = self.dirty.max(top);
    }

    fn mex(&self) -> u32 {
        for (i, &w) in self.words[..self.dirty].iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u32 + (!w).trailing_zeros();
            }
        }
        (self.dirty * 64) as u32
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
    max_removed: Option<u64>,
    has_pairs: bool,
    parity_ok: bool,
    /// Heaps incorporated into the state (`codes[..synced]`).
    synced: usize,
    max_value: u32,
    key_bits: u32,
    freq: Vec<u32>,
    mask: u64,
    /// Rare heaps `a ≥ 1` (ascending), with their values.
    rare: Vec<(u32, u32)>,
    next_recompute: usize,
    seen: Seen,
    pairs: Vec<(u64, bool)>,
    /// Per split: m, the last pair index, the next pair to scan.
    cursors: Vec<(u64, u64, u64)>,
    stats: EngineStats,
    shared: Option<&'a Mutex<EngineStats>>,
    par_threshold: u64,
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
        SparseEngine {
            plans,
            tail_start,
            tail_len,
            max_removed: code.max_removed(),
            has_pairs,
            parity_ok: !(parities[0] && parities[1]),
            synced: 0,
            max_value: 0,
            key_bits: 2,
            freq: vec![0; 4],
            mask: 2,
            rare: Vec::new(),
            next_recompute: 0,
            seen: Seen {
                words: vec![0; 1],
                dirty: 0,
            },
            pairs: Vec::new(),
            cursors: Vec::new(),
            stats: EngineStats::default(),
            shared,
            par_threshold: PARALLEL_PAIRS,
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
            rare: self.rare.len() as u64,
            max_value: self.max_value,
            ..self.stats
        }
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
        (key & self.mask).count_ones() & 1 == 0
    }

    /// True if a pair value `v` of a split of `m` tokens can only come from a pair with
    /// a rare heap (see the module documentation).
    #[inline]
    fn common_for(&self, v: u32, m: u64) -> bool {
        ((((v as u64) << 1) | (m & 1)) & self.mask).count_ones() & 1 == 1
    }

    /// Adds heaps `synced..n` to the frequencies and the rare index.
    fn sync(&mut self, n: usize, codes: &[u32]) {
        if !self.has_pairs {
            for &v in &codes[self.synced..n] {
                self.max_value = self.max_value.max(v);
            }
            self.synced = n;
            return;
        }
        let start = self.synced;
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
            self.choose_mask(codes);
        }
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
    fn choose_mask(&mut self, codes: &[u32]) {
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
        // rare(M) = (N + F̂(M)) / 2: minimise F̂ over the allowed nonzero masks.
        let step = if self.parity_ok { 1 } else { 2 };
        let mut best = self.mask;
        let mut best_f = if (self.mask as usize) < size {
            f[self.mask as usize]
        } else {
            i64::MAX
        };
        for (m, &fm) in f.iter().enumerate().skip(step).step_by(step) {
            if fm < best_f || (fm == best_f && (m as u64) < best) {
                best = m as u64;
                best_f = fm;
            }
        }
        if best != self.mask {
            self.mask = best;
            self.stats.mask_changes += 1;
            self.rare.clear();
            for (a, &v) in codes.iter().enumerate().take(self.synced).skip(1) {
                if self.is_rare(key(a, v)) {
                    self.rare.push((a as u32, v));
                }
            }
            self.publish();
        }
        let n = self.synced;
        let cost = (self.key_bits as usize) << self.key_bits;
        self.next_recompute = n + (n / 8).max(64).max(cost / 8);
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
    fn work_per_heap(&self) -> Option<f64> {
        if !self.has_pairs {
            return None;
        }
        let splits = self.plans.iter().filter(|p| p.sparse_pair()).count().max(1);
        // Full scans of a split (about n/2 pairs each), at their rate so far.
        let heaps = self.synced.max(1) as f64;
        let scans = self.stats.searches as f64 / heaps * heaps / 2.0;
        Some((self.rare.len() as f64 + 1.0) * splits as f64 + scans)
    }

    fn value(&mut self, n: u64, codes: &[u32]) -> Result<u32> {
        self.sync(n as usize, codes);
        self.seen.ensure(32 - self.max_value.leading_zeros());
        self.seen.clear();
        self.pairs.clear();
        let last = self.max_removed.map_or(n, |t| t.min(n));
        for j in 0..=last {
            if j as usize >= self.plans.len() && self.tail_len == 0 {
                break;
            }
            let p = &self.plans[self.plan_index(j)];
            if p.zero {
                continue;
            }
            let m = n - j;
            if m == 0 {
                if p.whole {
                    self.seen.insert(0);
                }
                continue;
            }
            if p.single {
                self.seen.insert(codes[m as usize]);
            }
            if m >= 2 {
                match p.pair {
                    Some(Constraint::AllEqual) if m.is_multiple_of(2) => self.seen.insert(0),
                    Some(Constraint::AllEqual) | None => {}
                    Some(c) => self.pairs.push((m, c != Constraint::Any)),
                }
            }
            if m >= 3 {
                if let Some(c) = p.triple {
                    triples(codes, m, c, &mut self.seen);
                }
            }
            if let Some(d) = &p.more {
                for k in 4..=d.max_heaps().min(m) {
                    if let Some(c) = d.allows(k) {
                        let seen = &mut self.seen;
                        for_each_partition(m, k, c, &mut |parts| {
                            seen.insert(parts.iter().fold(0, |x, &h| x ^ codes[h as usize]));
                        });
                    }
                }
            }
        }
        // The pairs with a rare heap; when a third of the heaps or more are rare (no
        // mask separates the values well) the splits are scanned whole instead.
        let words = self.seen.words.len();
        let whole = self.rare.len() > self.synced / 3;
        for &(m, strict) in self.pairs.iter().filter(|_| !whole) {
            let end = self.rare.partition_point(|&(a, _)| (a as u64) < m);
            let rare = &self.rare[..end];
            let value = |&(a, va): &(u32, u32)| {
                let a = a as u64;
                (!(strict && 2 * a == m)).then(|| va ^ codes[(m - a) as usize])
            };
            if rare.len() as u64 >= self.par_threshold.max(1 << 12) {
                let bits = rare
                    .par_iter()
                    .with_min_len(1 << 11)
                    .fold(|| vec![0u64; words], |mut acc, r| {
                        if let Some(v) = value(r) {
                            acc[(v >> 6) as usize] |= 1 << (v & 63);
                        }
                        acc
                    })
                    .reduce(|| vec![0u64; words], or_words);
                self.seen.or(&bits);
            } else {
                for r in rare {
                    if let Some(v) = value(r) {
                        self.seen.insert(v);
                    }
                }
            }
        }
        // Scan the pairs of splits whose m has the candidate rare, a block at a time,
        // until the candidate is common for every split not scanned to the end.
        self.cursors.clear();
        self.cursors.extend(self.pairs.iter().map(|&(m, strict)| (m, if strict { (m - 1) / 2 } else { m / 2 }, 1u64)));
        let value = loop {
            let c = self.seen.mex();
            let Some(i) = self
                .cursors
                .iter()
                .position(|&(m, half, next)| next <= half && (whole || !self.common_for(c, m)))
            else {
                break c;
            };
            let (m, half, next) = self.cursors[i];
            let (lo, hi) = if whole {
                (next, half)
            } else if next < SCAN_BLOCKS * SCAN_BLOCK {
                (next, (next + SCAN_BLOCK - 1).min(half))
            } else {
                self.stats.searches += 1;
                (next, half)
            };
            self.cursors[i].2 = hi + 1;
            let (lo, hi, mu) = (lo as usize, hi as usize, m as usize);
            if (hi + 1 - lo) as u64 >= self.par_threshold {
                let bits = (lo..hi + 1)
                    .into_par_iter()
                    .with_min_len(1 << 12)
                    .fold(|| vec![0u64; words], |mut acc, a| {
                        let v = codes[a] ^ codes[mu - a];
                        acc[(v >> 6) as usize] |= 1 << (v & 63);
                        acc
                    })
                    .reduce(|| vec![0u64; words], or_words);
                self.seen.or(&bits);
            } else {
                for a in lo..=hi {
                    self.seen.insert(codes[a] ^ codes[mu - a]);
                }
            }
        };
        if n & 0xFFF == 0 {
            self.publish();
        }
        Ok(value)
    }
}

/// Inserts the values of the splits of `m` into three heaps `a ≤ b ≤ c` under the
/// constraint.
fn triples(codes: &[u32], m: u64, con: Constraint, seen: &mut Seen) {
    let m = m as usize;
    if con == Constraint::AllEqual {
        if m.is_multiple_of(3) {
            seen.insert(codes[m / 3]);
        }
        return;
    }
    for a in 1..=m / 3 {
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
}
