//! The position engine: nim-values of games whose positions split into independent
//! components (placement games on boards and graphs, Green Hackenbush).
//!
//! A [`BitGame`] lists the options of a connected component, each as the canonical
//! keys of its components (a region of a board in a normal form under the board's
//! symmetries and translation, a vertex set of a graph). The value of a component is
//! the mex of its options' values, and the value of an option is the nim-sum of its
//! components' values (Sprague 1935, Grundy 1939); each component is searched once and
//! kept in a transposition table ([`Table`]) under its canonical key, so that equal
//! regions met anywhere share one entry (the approach of Lemoine & Viennot, "Nimbers
//! are inevitable", TCS 2012: compute each component's nim-value, nim-sum them).
//!
//! The table has a memory bound: it grows by doubling until it reaches the bytes it is
//! given, then replaces, in a bucket of four, the entry of the smallest component (the
//! cheapest to recompute). Values are therefore exact whatever the bound; a small
//! table only costs time.
//!
//! Threads: the options of the first two levels of the search are evaluated in
//! parallel (rayon), the table shared between the threads (split into shards, each
//! behind its own lock). A component's value does not depend on the order in which it
//! is computed, so the values are identical with any number of threads.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{GamePos, GameSolver, SearchStats};
use crate::value::Nimber;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

mod proof;
pub use proof::{BitProof, ProofSum, Target, ENTRY_BYTES};

/// A key of the transposition table: a canonical component.
pub trait TableKey: Copy + Eq + Ord + std::hash::Hash + Default + Send + Sync {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;
}

/// A game whose positions are sums of components with canonical keys.
pub trait BitGame: Send + Sync {
    /// A canonical connected component.
    type Key: TableKey;

    /// Lists the options of the connected component `k` into `out`, each as the
    /// canonical keys of its nonempty components (an option with nothing left is an
    /// empty list).
    fn options(&self, k: &Self::Key, out: &mut OptionList<Self::Key>);

    /// The size of `k` (its cells or edges): the table keeps larger components first,
    /// and only components of at least [`PARALLEL_SIZE`] are split between threads.
    fn size(&self, k: &Self::Key) -> u32;

    /// The value of `k` where it is immediate (a single cell, say), without search.
    fn known(&self, _k: &Self::Key) -> Option<u32> {
        None
    }

    /// Whether values are found by the outcome search on sums
    /// ([`Search::value_by_sums`]), and its threshold: components of at most this size
    /// are folded into the heap. `None` (the default): every option's value is
    /// computed ([`Search::value`]).
    fn outcome_search(&self) -> Option<u32> {
        None
    }
}

/// Bytes of one entry of the outcome search's table of sums (its key on the heap, the
/// map's slot), for its memory bound.
pub const SUM_BYTES: u64 = 160;

/// Components at least this large have their options evaluated in parallel (in the
/// first two levels of the search).
pub const PARALLEL_SIZE: u32 = 12;

/// The options of one component: the keys of every option's components, one after
/// the other, and where each option ends.
pub struct OptionList<K> {
    keys: Vec<K>,
    ends: Vec<u32>,
}

impl<K> Default for OptionList<K> {
    fn default() -> Self {
        OptionList {
            keys: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<K: Copy> OptionList<K> {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.ends.clear();
    }

    /// Adds a component to the option being written.
    pub fn push(&mut self, k: K) {
        self.keys.push(k);
    }

    /// Ends the option being written.
    pub fn end_option(&mut self) {
        self.ends.push(self.keys.len() as u32);
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True if there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options, each as the keys of its components.
    pub fn iter(&self) -> impl Iterator<Item = &[K]> + '_ {
        let mut from = 0usize;
        self.ends.iter().map(move |&e| {
            let s = &self.keys[from..e as usize];
            from = e as usize;
            s
        })
    }
}

/// One slot of the table; `size == 0` marks an empty slot (the empty component is
/// never stored: its value is 0). `value` is the nim-value, or [`UNKNOWN`] when only
/// `excluded` is known: bit t set when the value is known not to be t (t < 16).
#[derive(Clone, Copy, Default)]
struct Slot<K> {
    key: K,
    value: u16,
    size: u16,
    excluded: u16,
}

/// The `value` of a slot that holds only values excluded.
const UNKNOWN: u16 = u16::MAX;

/// A key lives in one of the PROBE slots from its hash's slot (linear probing; the
/// slots array has PROBE − 1 more slots at its end, so no window wraps).
const PROBE: usize = 16;
/// The table is split into 2^SHARD_BITS shards, each behind its own lock.
const SHARD_BITS: u32 = 6;
/// Slots of a shard when the table starts (64 shards × 1024 slots of at most 32 bytes:
/// about 2 MiB).
const FIRST_SHARD_SLOTS: usize = 1024;

struct Shard<K> {
    /// `cap + PROBE − 1` slots, `cap` a power of two.
    slots: Vec<Slot<K>>,
    cap: usize,
    len: usize,
}

impl<K: TableKey> Shard<K> {
    fn with_capacity(cap: usize) -> Shard<K> {
        Shard {
            slots: vec![Slot::default(); cap + PROBE - 1],
            cap,
            len: 0,
        }
    }

    fn window(&mut self, h: u64) -> &mut [Slot<K>] {
        let b = h as usize & (self.cap - 1);
        &mut self.slots[b..b + PROBE]
    }

    /// Puts an entry known to be absent in an empty slot of its window; false if the
    /// window is full.
    fn place(&mut self, e: Slot<K>, h: u64) -> bool {
        match self.window(h).iter_mut().find(|f| f.size == 0) {
            Some(f) => {
                *f = e;
                self.len += 1;
                true
            }
            None => false,
        }
    }
}

/// A shard's lock on a cache line pair of its own (two threads locking neighbouring
/// shards would otherwise pass one line back and forth).
#[repr(align(128))]
struct Padded<T>(T);

/// A transposition table with a memory bound: canonical component → value.
pub struct Table<K> {
    shards: Box<[Padded<Mutex<Shard<K>>>]>,
    /// The largest capacity one shard may have.
    max_shard_slots: usize,
    replaced: AtomicU64,
}

impl<K: TableKey> Table<K> {
    /// Bytes of one slot.
    pub const SLOT_BYTES: u64 = std::mem::size_of::<Slot<K>>() as u64;

    /// The smallest table, in bytes (every shard at its first size).
    pub fn first_bytes() -> u64 {
        ((FIRST_SHARD_SLOTS + PROBE - 1) << SHARD_BITS) as u64 * Self::SLOT_BYTES
    }

    /// An empty table that grows up to about `max_bytes` (at least its first size).
    pub fn new(max_bytes: u64) -> Table<K> {
        let per_shard = (max_bytes / Self::SLOT_BYTES) >> SHARD_BITS;
        // Shards double, so the largest is the power of two at or below the bound.
        let max_shard_slots = if per_shard <= 2 * FIRST_SHARD_SLOTS as u64 {
            FIRST_SHARD_SLOTS
        } else {
            1usize << (63 - (per_shard - PROBE as u64).leading_zeros())
        };
        let shards = (0..1usize << SHARD_BITS)
            .map(|_| Padded(Mutex::new(Shard::with_capacity(FIRST_SHARD_SLOTS))))
            .collect();
        Table {
            shards,
            max_shard_slots,
            replaced: AtomicU64::new(0),
        }
    }

    fn shard(&self, h: u64) -> std::sync::MutexGuard<'_, Shard<K>> {
        // A panic while a shard is held leaves consistent slots: keep using them.
        self.shards[(h >> (64 - SHARD_BITS)) as usize]
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The value stored for `k` (whose hash is `h`).
    pub fn get(&self, k: &K, h: u64) -> Option<u32> {
        self.entry(k, h).and_then(|(v, _)| v)
    }

    /// What is stored for `k`: its value if known, and the values (below 16) it is
    /// known not to have.
    pub fn entry(&self, k: &K, h: u64) -> Option<(Option<u32>, u16)> {
        let mut s = self.shard(h);
        for e in s.window(h).iter() {
            if e.size == 0 {
                return None;
            }
            if e.key == *k {
                let v = (e.value != UNKNOWN).then_some(u32::from(e.value));
                return Some((v, e.excluded));
            }
        }
        None
    }

    /// Records that the value of `k` is not `t` (< 16), unless its value is stored.
    pub fn exclude(&self, k: K, h: u64, t: u32, size: u32) {
        debug_assert!(t < 16);
        {
            let mut s = self.shard(h);
            for e in s.window(h).iter_mut() {
                if e.size == 0 {
                    break;
                }
                if e.key == k {
                    e.excluded |= 1 << t;
                    return;
                }
            }
        }
        self.store(
            Slot {
                key: k,
                value: UNKNOWN,
                size: 0,
                excluded: 1 << t,
            },
            h,
            size,
        );
    }

    /// Stores the value of `k` (hash `h`, size `size` ≥ 1). A shard doubles when it is
    /// three quarters full or the key's window is full, up to the bound; at the bound
    /// the smallest component of the window is replaced (if it is not larger than
    /// `k`). Values above 65535 are not stored.
    pub fn insert(&self, k: K, h: u64, value: u32, size: u32) {
        let Ok(value) = u16::try_from(value) else { return };
        if value == UNKNOWN {
            return;
        }
        self.store(
            Slot {
                key: k,
                value,
                size: 0,
                excluded: 0,
            },
            h,
            size,
        );
    }

    /// Stores `entry` (its size set from `size`), replacing the entry of its key.
    fn store(&self, mut entry: Slot<K>, h: u64, size: u32) {
        let k = entry.key;
        let size = size.clamp(1, u32::from(u16::MAX)) as u16;
        entry.size = size;
        let mut s = self.shard(h);
        loop {
            let can_grow = s.cap < self.max_shard_slots;
            if can_grow && s.len * 4 >= s.cap * 3 {
                Self::grow(&mut s);
            }
            let w = s.window(h);
            if let Some(e) = w.iter_mut().find(|e| e.size == 0 || e.key == k) {
                let new = e.size == 0;
                *e = entry;
                if new {
                    s.len += 1;
                }
                return;
            }
            if can_grow {
                Self::grow(&mut s);
                continue;
            }
            let victim = w.iter_mut().min_by_key(|e| e.size).expect("a window has slots");
            if victim.size <= size {
                *victim = entry;
                self.replaced.fetch_add(1, Ordering::Relaxed);
            }
            return;
        }
    }

    /// Doubles a shard and moves every entry to the larger one (doubling again in the
    /// rare case that a window overflows).
    fn grow(s: &mut Shard<K>) {
        let mut cap = s.cap * 2;
        'again: loop {
            let mut next = Shard::with_capacity(cap);
            for e in s.slots.iter().filter(|e| e.size != 0) {
                if !next.place(*e, e.key.hash64()) {
                    cap *= 2;
                    continue 'again;
                }
            }
            *s = next;
            return;
        }
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.shards
            .iter()
            .map(|m| m.0.lock().unwrap_or_else(|e| e.into_inner()).len as u64)
            .sum()
    }

    /// True if the table holds no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the slots take now.
    pub fn bytes(&self) -> u64 {
        self.shards
            .iter()
            .map(|m| m.0.lock().unwrap_or_else(|e| e.into_inner()).slots.len() as u64)
            .sum::<u64>()
            * Self::SLOT_BYTES
    }

    /// Entries replaced because their window was full at the bound.
    pub fn replaced(&self) -> u64 {
        self.replaced.load(Ordering::Relaxed)
    }
}

/// A mex set for option values (a bit set growing as needed).
struct Seen {
    words: [u64; 8],
    more: Vec<u64>,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            words: [0; 8],
            more: Vec::new(),
        }
    }

    fn insert(&mut self, v: u32) {
        let (w, b) = ((v / 64) as usize, v % 64);
        if w < 8 {
            self.words[w] |= 1 << b;
        } else {
            if self.more.len() <= w - 8 {
                self.more.resize(w - 7, 0);
            }
            self.more[w - 8] |= 1 << b;
        }
    }

    fn mex(&self) -> u32 {
        for (i, &w) in self.words.iter().chain(self.more.iter()).enumerate() {
            if w != u64::MAX {
                return i as u32 * 64 + w.trailing_ones();
            }
        }
        (8 + self.more.len()) as u32 * 64
    }
}

/// The search: a game, its table, and the counters.
pub struct Search<G: BitGame> {
    game: G,
    table: Table<G::Key>,
    searched: AtomicU64,
    /// Search in parallel (the first two levels) when true.
    pub parallel: bool,
    /// Ask "is the value t?" instead of computing every option's value (Beling &
    /// Rogalski's pruning) when true; compute every value when false (the default:
    /// on Cram and Node-Kayles the questions visit more positions than they save,
    /// docs/choices.md).
    pub prune: bool,
}

/// A sum in the outcome search: its components (sorted canonical keys, none of them
/// folded into the heap) and the nim-heap.
pub type SumKey<K> = (Vec<K>, u32);

/// The state of an outcome search on sums ([`Search::value_by_sums`]).
pub(super) struct Sums<K: Send> {
    pub(super) table: rustc_hash::FxHashMap<SumKey<K>, bool>,
    order: bool,
    small: u32,
    max: usize,
    scratch: Scratch<K>,
    /// For a proof ([`Search::prove`]): the winning option of every N-sum decided, no
    /// sum forgotten, and only the components of at most `small` cells and those of
    /// immediate value folded into the heap (not those valued by an earlier search), so
    /// that a sum's form does not depend on the order of the search.
    pub(super) record: Option<rustc_hash::FxHashMap<SumKey<K>, SumKey<K>>>,
    /// The bytes the recorded sums may take (for a proof).
    pub(super) record_bytes: u64,
}

impl<K: Send> Sums<K> {
    /// The state of a search folding components of at most `small` cells, keeping at
    /// most `max` sums (or every sum, with the winning options, when `record`).
    pub(super) fn new(small: u32, max: usize, record: Option<u64>) -> Sums<K> {
        Sums {
            table: rustc_hash::FxHashMap::default(),
            order: true,
            small,
            max: if record.is_some() { usize::MAX } else { max },
            scratch: Vec::new(),
            record: record.map(|_| rustc_hash::FxHashMap::default()),
            record_bytes: record.unwrap_or(0),
        }
    }
}

/// Option lists reused by the levels of a sequential search.
type Scratch<K> = Vec<OptionList<K>>;

impl<G: BitGame> Search<G> {
    /// A search of `game` whose table grows to about `table_bytes`.
    pub fn new(game: G, table_bytes: u64) -> Search<G> {
        Search {
            game,
            table: Table::new(table_bytes),
            searched: AtomicU64::new(0),
            parallel: true,
            prune: false,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The table.
    pub fn table(&self) -> &Table<G::Key> {
        &self.table
    }

    /// Components whose options were listed so far.
    pub fn searched(&self) -> u64 {
        self.searched.load(Ordering::Relaxed)
    }

    /// The nim-value of the connected component `k`.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when `ctl` is cancelled (checked every 4096 components).
    pub fn value(&self, k: &G::Key, ctl: &Control) -> Result<u32> {
        if self.parallel && rayon::current_num_threads() > 1 {
            self.value_parallel(k, 0, ctl)
        } else {
            self.value_seq(k, &mut Vec::new(), 0, ctl)
        }
    }

    /// The nim-value of the connected component `k` by an outcome search on sums
    /// (Lemoine & Viennot, "Nimbers are inevitable", TCS 2012): the value is the least
    /// v for which `k` + *v is a P-position. A sum is a multiset of components and a
    /// nim-heap; components of at most `small` cells (and those whose value is in the
    /// table) are folded into the heap, their values computed in full; the others stay
    /// in the sum, and a P/N search decides it, stopping at the first winning move.
    /// Sums are kept in a second table (flushed when it holds more than `max_sums`).
    ///
    /// # Errors
    /// [`Error::Interrupted`] when `ctl` is cancelled.
    pub fn value_by_sums(&self, k: &G::Key, small: u32, max_sums: usize, ctl: &Control) -> Result<u32> {
        if let (Some(v), _) = self.lookup(k) {
            return Ok(v);
        }
        let threads = if self.parallel {
            rayon::current_num_threads().max(1)
        } else {
            1
        };
        let new_sums = || Sums::new(small, (max_sums / threads).max(64), None);
        // k + *v is a P-position for exactly one v, its value: the candidates are tried
        // in batches, one per thread (each with its table of sums; the table of
        // components is shared).
        let mut states: Vec<Sums<G::Key>> = (0..threads).map(|_| new_sums()).collect();
        let mut v = 0u32;
        loop {
            let wins: Vec<bool> = states
                .par_iter_mut()
                .enumerate()
                .map(|(i, sums)| self.sum_wins(sums, vec![*k], v + i as u32, ctl))
                .collect::<Result<Vec<bool>>>()?;
            if let Some(i) = wins.iter().position(|&w| !w) {
                v += i as u32;
                break;
            }
            v += threads as u32;
        }
        self.table.insert(*k, k.hash64(), v, self.game.size(k));
        Ok(v)
    }

    /// True if the sum of the components `parts` and the heap *`heap` is an
    /// N-position (the player to move wins).
    pub(super) fn sum_wins(
        &self,
        sums: &mut Sums<G::Key>,
        parts: Vec<G::Key>,
        heap: u32,
        ctl: &Control,
    ) -> Result<bool> {
        let key = self.fold(sums, parts, heap, ctl)?;
        self.decide(sums, key, ctl)
    }

    /// The sum of `parts` and *`heap` in the form the outcome search keeps: the
    /// components whose values are known or small folded into the heap, the others
    /// sorted.
    pub(super) fn fold(
        &self,
        sums: &mut Sums<G::Key>,
        mut parts: Vec<G::Key>,
        mut heap: u32,
        ctl: &Control,
    ) -> Result<SumKey<G::Key>> {
        let mut i = 0;
        while i < parts.len() {
            let c = parts[i];
            let known = if sums.record.is_some() {
                self.game.known(&c)
            } else {
                self.lookup(&c).0
            };
            let v = match known {
                Some(v) => Some(v),
                None if self.game.size(&c) <= sums.small => Some(self.value_seq(&c, &mut sums.scratch, 0, ctl)?),
                None => None,
            };
            match v {
                Some(v) => {
                    heap ^= v;
                    parts.swap_remove(i);
                }
                None => i += 1,
            }
        }
        parts.sort_unstable();
        Ok((parts, heap))
    }

    /// True if the folded sum `key` is an N-position.
    fn decide(&self, sums: &mut Sums<G::Key>, key: SumKey<G::Key>, ctl: &Control) -> Result<bool> {
        if key.0.is_empty() {
            return Ok(key.1 != 0);
        }
        if let Some(&w) = sums.table.get(&key) {
            return Ok(w);
        }
        let (parts, heap) = key;
        self.count(ctl)?;
        let mut wins: Option<SumKey<G::Key>> = None;
        // A move in a component (each distinct component once), the moves that leave
        // the smallest largest component first.
        let mut moves: Vec<(u32, Vec<G::Key>)> = Vec::new();
        let mut opts = OptionList::default();
        for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            opts.clear();
            self.game.options(&parts[i], &mut opts);
            for o in opts.iter() {
                let mut next: Vec<G::Key> = Vec::with_capacity(parts.len() + o.len());
                next.extend(parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, c)| *c));
                next.extend_from_slice(o);
                let largest = o.iter().map(|c| self.game.size(c)).max().unwrap_or(0);
                moves.push((largest, next));
            }
        }
        if sums.order {
            moves.sort_by_key(|m| m.0);
        }
        for (_, next) in moves {
            let child = self.fold(sums, next, heap, ctl)?;
            if !self.decide(sums, child.clone(), ctl)? {
                wins = Some(child);
                break;
            }
        }
        // A move in the heap.
        if wins.is_none() {
            for m in 0..heap {
                let child = (parts.clone(), m);
                if !self.decide(sums, child.clone(), ctl)? {
                    wins = Some(child);
                    break;
                }
            }
        }
        let won = wins.is_some();
        // A single component and its heap: P means its value is the heap.
        if !won && parts.len() == 1 {
            self.table
                .insert(parts[0], parts[0].hash64(), heap, self.game.size(&parts[0]));
        }
        if sums.table.len() >= sums.max {
            sums.table.clear();
        }
        if let Some(record) = &mut sums.record {
            if let Some(to) = wins {
                record.insert((parts.clone(), heap), to);
            }
            let bytes = (sums.table.len() + record.len()) as u64 * 2 * SUM_BYTES;
            if bytes > sums.record_bytes {
                return Err(Error::TooLarge {
                    what: "the proof (the sums the outcome search decided)".into(),
                    estimate_bytes: bytes,
                    limit_bytes: sums.record_bytes,
                    detail: format!("{} sums at about {} bytes each", sums.table.len(), 2 * SUM_BYTES),
                });
            }
        }
        sums.table.insert((parts, heap), won);
        Ok(won)
    }

    /// The value of `k` if it is immediate or in the table, and its hash.
    pub fn lookup(&self, k: &G::Key) -> (Option<u32>, u64) {
        if let Some(v) = self.game.known(k) {
            return (Some(v), 0);
        }
        let h = k.hash64();
        (self.table.get(k, h), h)
    }

    /// Counts a searched component; every 4096 checks for cancellation and reports
    /// progress.
    fn count(&self, ctl: &Control) -> Result<()> {
        let n = self.searched.fetch_add(1, Ordering::Relaxed) + 1;
        if n & 0xFFF == 0 || n == 1 {
            if n & 0xF_FFFF == 0 {
                ctl.note(&format!(
                    "{} positions searched, {} in the table",
                    crate::error::sci(u128::from(n)),
                    crate::error::sci(u128::from(self.table.len()))
                ));
            }
            ctl.tick(n)?;
        }
        Ok(())
    }

    /// The options of `k` in the option list of level `depth` (taken out of `scratch`;
    /// put it back when done).
    fn take_options(&self, k: &G::Key, scratch: &mut Scratch<G::Key>, depth: usize) -> OptionList<G::Key> {
        if scratch.len() <= depth {
            scratch.resize_with(depth + 1, OptionList::default);
        }
        let mut opts = std::mem::take(&mut scratch[depth]);
        opts.clear();
        self.game.options(k, &mut opts);
        opts
    }

    pub(super) fn value_seq(
        &self,
        k: &G::Key,
        scratch: &mut Scratch<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<u32> {
        let (found, h) = self.lookup(k);
        if let Some(v) = found {
            return Ok(v);
        }
        self.count(ctl)?;
        let opts = self.take_options(k, scratch, depth);
        let v = if self.prune {
            // The mex: the least m that no option has (each asked as "is it m?").
            let mut m = 0;
            loop {
                match self.any_option_is(&opts, m, scratch, depth + 1, ctl) {
                    Ok(true) => m += 1,
                    Ok(false) => break Ok(m),
                    Err(e) => break Err(e),
                }
            }
        } else {
            self.mex_plain(&opts, scratch, depth + 1, ctl)
        };
        scratch[depth] = opts;
        let v = v?;
        self.table.insert(*k, h, v, self.game.size(k));
        Ok(v)
    }

    /// The mex of the options' values, each computed in full.
    fn mex_plain(
        &self,
        opts: &OptionList<G::Key>,
        scratch: &mut Scratch<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<u32> {
        let mut seen = Seen::new();
        for o in opts.iter() {
            let mut x = 0;
            for c in o {
                x ^= self.value_seq(c, scratch, depth, ctl)?;
            }
            seen.insert(x);
        }
        Ok(seen.mex())
    }

    /// True if some option has the value `t`.
    fn any_option_is(
        &self,
        opts: &OptionList<G::Key>,
        t: u32,
        scratch: &mut Scratch<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<bool> {
        for o in opts.iter() {
            if self.option_is(o, t, scratch, depth, ctl)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// True if the option made of the components `o` has the value `t`: the values of
    /// all but its largest component are computed, and the largest is asked whether
    /// its value is `t` ⊕ theirs (Beling & Rogalski's pruning: no value is computed
    /// that the question does not need).
    fn option_is(
        &self,
        o: &[G::Key],
        t: u32,
        scratch: &mut Scratch<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<bool> {
        match o {
            [] => Ok(t == 0),
            [c] => self.is(c, t, scratch, depth, ctl),
            _ => {
                let big = (0..o.len())
                    .max_by_key(|&i| self.game.size(&o[i]))
                    .expect("an option with components");
                let mut rest = 0;
                for (i, c) in o.iter().enumerate() {
                    if i != big {
                        rest ^= self.value_seq(c, scratch, depth, ctl)?;
                    }
                }
                self.is(&o[big], t ^ rest, scratch, depth, ctl)
            }
        }
    }

    /// True if the value of the component `k` is `t`: no option has the value `t`, and
    /// every value below `t` is an option's. A value found on the way (the least value
    /// below `t` that no option has) is stored; so is "not `t`" (for t < 16).
    fn is(&self, k: &G::Key, t: u32, scratch: &mut Scratch<G::Key>, depth: usize, ctl: &Control) -> Result<bool> {
        if let Some(v) = self.game.known(k) {
            return Ok(v == t);
        }
        let h = k.hash64();
        if let Some((v, excluded)) = self.table.entry(k, h) {
            if let Some(v) = v {
                return Ok(v == t);
            }
            if t < 16 && excluded >> t & 1 == 1 {
                return Ok(false);
            }
        }
        self.count(ctl)?;
        let opts = self.take_options(k, scratch, depth);
        let found = (|| -> Result<Option<u32>> {
            if self.any_option_is(&opts, t, scratch, depth + 1, ctl)? {
                return Ok(None);
            }
            for j in 0..t {
                if !self.any_option_is(&opts, j, scratch, depth + 1, ctl)? {
                    return Ok(Some(j));
                }
            }
            Ok(Some(t))
        })();
        scratch[depth] = opts;
        let size = self.game.size(k);
        match found? {
            Some(v) => {
                self.table.insert(*k, h, v, size);
                Ok(v == t)
            }
            None => {
                if t < 16 {
                    self.table.exclude(*k, h, t, size);
                }
                Ok(false)
            }
        }
    }

    fn value_parallel(&self, k: &G::Key, depth: usize, ctl: &Control) -> Result<u32> {
        if depth >= 2 || self.game.size(k) < PARALLEL_SIZE {
            return self.value_seq(k, &mut Vec::new(), 0, ctl);
        }
        let (found, h) = self.lookup(k);
        if let Some(v) = found {
            return Ok(v);
        }
        self.count(ctl)?;
        let mut opts = OptionList::default();
        self.game.options(k, &mut opts);
        let list: Vec<&[G::Key]> = opts.iter().collect();
        let values: Vec<u32> = list
            .par_iter()
            .map(|o| {
                o.iter().try_fold(0u32, |x, c| {
                    Ok::<u32, Error>(x ^ self.value_parallel(c, depth + 1, ctl)?)
                })
            })
            .collect::<Result<Vec<u32>>>()?;
        let mut seen = Seen::new();
        for v in values {
            seen.insert(v);
        }
        let v = seen.mex();
        self.table.insert(*k, h, v, self.game.size(k));
        Ok(v)
    }
}

/// The part of the memory limit a transposition table may take (the rest is left for
/// the search's stack, option lists and the program).
pub fn table_budget(ctl: &Control) -> u64 {
    ctl.memory_limit() / 4 * 3
}

/// Splits a position into the canonical keys of its components.
pub type Split<G> = Box<dyn Fn(&G, &GamePos) -> Vec<<G as BitGame>::Key> + Send>;

/// The positions a search of a component visits, for the work estimate.
pub type KeyEstimate<G> = Box<dyn Fn(&<G as BitGame>::Key) -> f64 + Send>;

/// The engine of a game ruleset over a [`BitGame`]: a position is split into its
/// components, each searched (and kept in the table between calls), and their values
/// nim-summed.
pub struct BitSolver<G: BitGame> {
    name: String,
    game: Option<G>,
    search: Option<Search<G>>,
    split: Split<G>,
    estimate: KeyEstimate<G>,
    write: Box<dyn Fn(&GamePos) -> String + Send>,
    proof: Option<ProofText<G>>,
    /// The reference engine: every option's value, one thread ([`GameSolver::use_reference`]).
    plain: bool,
}

/// The header lines of a position's proof (the game and the position).
pub type ProofHeader = Box<dyn Fn(&GamePos) -> Vec<String> + Send>;

/// A component's text in a proof.
pub type ProofKey<K> = Box<dyn Fn(&K) -> String + Send>;

/// How a game's proofs are written: the header lines naming the game and a position
/// (which the checker reads), and a component's text.
pub struct ProofText<G: BitGame> {
    /// The header lines of the proof of a position.
    pub header: ProofHeader,
    /// A component as the checker reads it.
    pub key: ProofKey<G::Key>,
}

impl<G: BitGame> BitSolver<G> {
    /// The engine of the ruleset `name` over `game`: `split` gives a position's
    /// components, `estimate` the positions a search of one visits (for the work
    /// estimate), `write` the position's text (for messages).
    pub fn new(
        name: String,
        game: G,
        split: Split<G>,
        estimate: KeyEstimate<G>,
        write: Box<dyn Fn(&GamePos) -> String + Send>,
    ) -> BitSolver<G> {
        BitSolver {
            name,
            game: Some(game),
            search: None,
            split,
            estimate,
            write,
            proof: None,
            plain: false,
        }
    }

    /// The same engine, able to write proofs ([`GameSolver::proof`]).
    pub fn with_proof(mut self, text: ProofText<G>) -> BitSolver<G> {
        self.proof = Some(text);
        self
    }

    /// The search, created (its first table size checked) on first use.
    fn search(&mut self, ctl: &Control) -> Result<&Search<G>> {
        if self.search.is_none() {
            ctl.check_memory(
                &format!("the transposition table of {}", self.name),
                Table::<G::Key>::first_bytes(),
                "its first size; it grows to three quarters of the memory limit, then replaces entries",
            )?;
            let game = self.game.take().expect("the game until the search starts");
            let mut search = Search::new(game, table_budget(ctl));
            search.parallel = !self.plain;
            self.search = Some(search);
        }
        Ok(self.search.as_ref().expect("created above"))
    }

    /// Checks the work of searching the components `keys` of `pos` that are not in the
    /// table yet, and announces it; true if there is any.
    fn start(&self, search: &Search<G>, keys: &[G::Key], pos: &GamePos, ctl: &Control) -> Result<bool> {
        let todo: Vec<&G::Key> = keys.iter().filter(|k| search.lookup(k).0.is_none()).collect();
        if todo.is_empty() {
            return Ok(false);
        }
        self.announce("searching", todo.into_iter(), pos, ctl)?;
        Ok(true)
    }

    /// Checks the work of searching `keys` against the limit and announces it as
    /// `verb` `pos`.
    fn announce<'a>(
        &self,
        verb: &str,
        keys: impl Iterator<Item = &'a G::Key>,
        pos: &GamePos,
        ctl: &Control,
    ) -> Result<()>
    where
        G::Key: 'a,
    {
        let work: f64 = keys.map(|k| (self.estimate)(k)).sum();
        let what = format!("{verb} {}", (self.write)(pos));
        ctl.check_work(
            &what,
            work.min(1e38) as u128,
            "positions, from the growth measured on this game (docs/choices.md)",
        )?;
        ctl.start(&what, work.min(u64::MAX as f64) as u64);
        Ok(())
    }
}

impl<G: BitGame + 'static> GameSolver for BitSolver<G> {
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber> {
        self.search(ctl)?;
        let search = self.search.as_ref().expect("created above");
        let keys = (self.split)(search.game(), pos);
        let started = self.start(search, &keys, pos, ctl)?;
        let mut x = 0u32;
        let mut result = Ok(());
        // The outcome search's table of sums: a quarter of the table budget, at about
        // 160 bytes a sum.
        let max_sums = (table_budget(ctl) / 4 / SUM_BYTES).max(1024) as usize;
        for k in &keys {
            let v = match search.game().outcome_search() {
                Some(small) if !self.plain => search.value_by_sums(k, small, max_sums, ctl),
                _ => search.value(k, ctl),
            };
            match v {
                Ok(v) => x ^= v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        if started {
            ctl.finish();
        }
        result.map(|()| Nimber::from(u64::from(x)))
    }

    fn use_reference(&mut self) {
        self.plain = true;
        if let Some(s) = &mut self.search {
            s.parallel = false;
        }
    }

    fn proof(&mut self, pos: &GamePos, ctl: &Control) -> Result<(Nimber, String)> {
        if self.proof.is_none() {
            return Err(Error::Unsupported(format!("{} has no proofs", self.name)));
        }
        self.search(ctl)?;
        let search = self.search.as_ref().expect("created above");
        let keys = (self.split)(search.game(), pos);
        // Every component is searched again: the proof needs the sums it decides.
        self.announce("proving", keys.iter(), pos, ctl)?;
        // A quarter of the memory limit: the table takes at most three quarters.
        let proof = search.prove(&keys, ctl.memory_limit() / 4, ctl);
        ctl.finish();
        let proof = proof?;
        let text = self.proof.as_ref().expect("checked above");
        Ok((
            Nimber::from(u64::from(proof.value())),
            proof.write(&(text.header)(pos), &text.key),
        ))
    }

    fn stats(&self) -> SearchStats {
        self.search.as_ref().map_or_else(SearchStats::default, |s| SearchStats {
            searched: s.searched(),
            entries: s.table().len(),
            table_bytes: s.table().bytes(),
            replaced: s.table().replaced(),
        })
    }
}

/// Words as a table key (a graph's number and a set of its vertices or edges).
impl<const N: usize> TableKey for [u64; N]
where
    [u64; N]: Default,
{
    fn hash64(&self) -> u64 {
        let mix = |mut x: u64| {
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        self.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &w| {
            mix(h ^ w.wrapping_mul(0xD6E8_FEB8_6659_FD93))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl TableKey for u64 {
        fn hash64(&self) -> u64 {
            [*self].hash64()
        }
    }

    /// Kayles as a bit game: a row of n pins (key n); a move knocks down one pin or two
    /// adjacent ones, leaving rows a and b.
    struct Kayles;

    impl BitGame for Kayles {
        type Key = u64;
        fn options(&self, &n: &u64, out: &mut OptionList<u64>) {
            for take in 1..=2.min(n) {
                for a in 0..=(n - take) / 2 {
                    let b = n - take - a;
                    for part in [a, b] {
                        if part > 0 {
                            out.push(part);
                        }
                    }
                    out.end_option();
                }
            }
        }
        fn size(&self, &n: &u64) -> u32 {
            n as u32
        }
    }

    #[test]
    fn kayles_values_with_any_table_and_threads() {
        // Kayles 0.77: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 …
        let expect = [
            0u32, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8,
        ];
        for (bytes, parallel, prune) in [
            (1 << 20, false, false),
            (1 << 20, false, true),
            (0, false, true),
            (1 << 20, true, true),
            (1 << 20, true, false),
        ] {
            let mut s = Search::new(Kayles, bytes);
            s.parallel = parallel;
            s.prune = prune;
            for (n, &v) in expect.iter().enumerate().skip(1) {
                assert_eq!(s.value(&(n as u64), &Control::new()).unwrap(), v, "K{n}");
            }
        }
    }

    #[test]
    fn kayles_values_by_sums() {
        let expect = [
            0u32, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8,
        ];
        for (small, max_sums) in [(0, 1 << 20), (3, 1 << 20), (8, 16)] {
            let s = Search::new(Kayles, 1 << 20);
            for (n, &v) in expect.iter().enumerate().skip(1).rev() {
                assert_eq!(
                    s.value_by_sums(&(n as u64), small, max_sums, &Control::new()).unwrap(),
                    v,
                    "K{n}"
                );
            }
        }
    }

    #[test]
    fn a_full_table_replaces_small_entries() {
        let t: Table<u64> = Table::new(0);
        let slots = ((FIRST_SHARD_SLOTS + PROBE - 1) << SHARD_BITS) as u64;
        for k in 1..=3 * slots {
            t.insert(k, k.hash64(), 1, (k % 100) as u32 + 1);
        }
        assert!(t.len() <= slots);
        assert!(t.replaced() > 0);
        assert_eq!(t.bytes(), Table::<u64>::first_bytes());
        // Large components stay: every key of size 100 inserted last is found.
        let big: Vec<u64> = (1..=3 * slots).filter(|k| k % 100 == 99).collect();
        let found = big.iter().filter(|k| t.get(k, k.hash64()).is_some()).count();
        assert!(found * 2 > big.len(), "{found} of {}", big.len());
    }

    #[test]
    fn cancelled_search_stops() {
        let ctl = Control::new();
        ctl.cancel_flag().store(true, Ordering::Relaxed);
        let s = Search::new(Kayles, 1 << 20);
        assert_eq!(s.value(&50, &ctl), Err(Error::Interrupted));
    }
}
