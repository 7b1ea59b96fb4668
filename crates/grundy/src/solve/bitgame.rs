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
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub mod db;
mod front;
mod nimset;
mod proof;
mod prune;
mod table;
pub use nimset::NimSet;
pub use proof::{BitProof, ProofSum, Target, ENTRY_BYTES};
pub use table::Table;

/// A key of the transposition table: a canonical component.
pub trait TableKey: Copy + Eq + Ord + std::hash::Hash + Default + Send + Sync {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(&self) -> u64;

    /// The key as three words, if it has a form of three words that means the same in
    /// another run (a board region does; a graph's part names the graph by a number of
    /// this run, and does not): the threads' caches of values hold such keys, and the
    /// boards' database files ([`BitGame::db_of_key`]).
    fn to_words(&self) -> Option<[u64; 3]> {
        None
    }

    /// The key of three words written by [`Self::to_words`], if they are one.
    fn from_words(_w: [u64; 3]) -> Option<Self> {
        None
    }
}

/// The most words a key takes in a database file ([`BitGame::db_words`]).
pub const DB_MAX_WORDS: usize = 5;

/// A game whose positions are sums of components with canonical keys.
pub trait BitGame: Send + Sync {
    /// A canonical connected component.
    type Key: TableKey;

    /// Lists the options of the connected component `k` into `out`, each as the
    /// canonical keys of its nonempty components (an option with nothing left is an
    /// empty list).
    fn options(&self, k: &Self::Key, out: &mut OptionList<Self::Key>);

    /// The number of options [`Self::options`] lists for `k` (its value is at most
    /// that). The default lists them.
    fn count_options(&self, k: &Self::Key) -> usize {
        let mut out = OptionList::default();
        self.options(k, &mut out);
        out.len()
    }

    /// Lists the options of `k` as [`Self::options`] does, calling `stop` with each
    /// option once it is written; once `stop` returns true, the listing may end (the
    /// options not yet written are then left out). The default lists every option,
    /// then calls `stop` on each until it returns true.
    fn options_until(
        &self,
        k: &Self::Key,
        out: &mut OptionList<Self::Key>,
        stop: &mut dyn FnMut(&[Self::Key]) -> bool,
    ) {
        self.options(k, out);
        for o in out.iter() {
            if stop(o) {
                return;
            }
        }
    }

    /// The options of `k` as the rules give them, without the simplifications
    /// [`Self::options`] may make (cells that do not change the value taken out), for
    /// proofs, whose checker knows only the rules. The default: [`Self::options`].
    fn options_exact(&self, k: &Self::Key, out: &mut OptionList<Self::Key>) {
        self.options(k, out);
    }

    /// The size of `k` (its cells or edges): the table keeps larger components first,
    /// and only components of at least [`PARALLEL_SIZE`] are split between threads.
    fn size(&self, k: &Self::Key) -> u32;

    /// A bound on the moves of the longest play from `k`, hence on its value (a value
    /// is the mex of its options' values, at most one more than the largest; by
    /// induction, at most the longest play). The default: [`Self::size`], for games
    /// whose every move takes at least one cell or vertex; the database check refuses
    /// an entry above it.
    fn longest_play(&self, k: &Self::Key) -> u32 {
        self.size(k)
    }

    /// The value of `k` where it is immediate (a single cell, say), without search.
    fn known(&self, _k: &Self::Key) -> Option<u32> {
        None
    }

    /// The number of words of a key in a database file (`--db`, [`db`]), the same for
    /// every key of the game; 0 (the default) if the game keeps no database.
    fn db_words(&self) -> usize {
        0
    }

    /// Writes the words of `k` for a database file into `out` (the first
    /// [`Self::db_words`]); false if `k` is not kept in one (a key that means something
    /// in this run only).
    fn db_of_key(&self, _k: &Self::Key, _out: &mut [u64; DB_MAX_WORDS]) -> bool {
        false
    }

    /// The key written as the words `w` ([`Self::db_words`] of them) by
    /// [`Self::db_of_key`], if they are one of a component of this game (a file may be
    /// damaged or made by hand: a key that is not is refused, never searched).
    fn key_of_db(&self, _w: &[u64]) -> Option<Self::Key> {
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

/// The error of a proof that outgrows its share of the memory limit (a quarter; the
/// rest is the search's table), `bytes` so far of `share` bytes. How much more the
/// proof needs is not known before its search ends, so the estimate is twice the limit
/// its share filled (it was that limit and a byte, and the advice that followed, a
/// limit a megabyte higher, was refused again at once).
pub(super) fn proof_too_large(what: &str, so_far: String, bytes: u64, share: u64) -> Error {
    Error::TooLarge {
        what: what.into(),
        estimate_bytes: bytes.saturating_mul(8),
        limit_bytes: share.saturating_mul(4),
        detail: format!(
            "more than {so_far}, {}, fill the proof's share, a quarter of the memory limit, and the search goes on; how much more it needs is known only at its end, so the estimate is twice the limit",
            crate::error::human_bytes(bytes)
        ),
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

    /// The option written last.
    pub fn last(&self) -> &[K] {
        match self.ends.len() {
            0 => &[],
            1 => &self.keys[..self.ends[0] as usize],
            n => &self.keys[self.ends[n - 2] as usize..self.ends[n - 1] as usize],
        }
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
    /// Components searched, one count for each thread of the pool (and one for a
    /// thread outside it), each on cache lines of its own: every thread adds to its
    /// count at every position, and one count shared by the threads moved its line
    /// from core to core at every position (beside the table's address and the flags,
    /// which every look-up reads, it made each of those reads a miss as well).
    searched: Box<[table::Padded<AtomicU64>]>,
    /// The positions searched, in units of 2^20, at the last progress note.
    noted: AtomicU64,
    /// Set once the table has been noted full (it replaced an entry).
    noted_full: AtomicBool,
    /// Search in parallel (the first two levels) when true.
    pub parallel: bool,
    /// Ask options whether their values are in a set instead of computing every
    /// option's value (Beling & Rogalski's pruning, the module `prune`) when true; compute every
    /// value when false.
    pub prune: bool,
    /// List options as the rules give them ([`BitGame::options_exact`]) when true, as
    /// proofs need; with the game's simplifications when false (the default).
    pub exact: bool,
    /// The table size (bytes) from which the search prefetches its look-ups, as
    /// [`Table::prefetch`] says (`LARGE_BYTES`, 64 MiB, by default; 0: always).
    pub prefetch_from: u64,
    /// The database the table is saved to ([`db`]).
    db: Option<db::Db>,
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
            searched: (0..=rayon::current_num_threads())
                .map(|_| table::Padded(AtomicU64::new(0)))
                .collect(),
            noted: AtomicU64::new(0),
            noted_full: AtomicBool::new(false),
            parallel: true,
            prune: false,
            exact: false,
            prefetch_from: table::LARGE_BYTES,
            db: None,
        }
    }

    /// Lists the options of `k` (exactly as the rules give them if [`Self::exact`]).
    fn options_of(&self, k: &G::Key, out: &mut OptionList<G::Key>) {
        if self.exact {
            self.game.options_exact(k, out);
        } else {
            self.game.options(k, out);
        }
    }

    /// The number of options of `k` ([`BitGame::count_options`], or all the rules give).
    fn count_options_of(&self, k: &G::Key) -> usize {
        if self.exact {
            let mut out = OptionList::default();
            self.game.options_exact(k, &mut out);
            out.len()
        } else {
            self.game.count_options(k)
        }
    }

    /// Lists the options of `k` until `stop` ([`BitGame::options_until`]; every option
    /// the rules give if [`Self::exact`]).
    fn options_until_of(&self, k: &G::Key, out: &mut OptionList<G::Key>, stop: &mut dyn FnMut(&[G::Key]) -> bool) {
        if self.exact {
            self.game.options_exact(k, out);
            for o in out.iter() {
                if stop(o) {
                    return;
                }
            }
        } else {
            self.game.options_until(k, out, stop);
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
        self.searched.iter().map(|c| c.0.load(Ordering::Relaxed)).sum()
    }

    /// The nim-value of the connected component `k`.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when `ctl` is cancelled (checked every 4096 components).
    pub fn value(&self, k: &G::Key, ctl: &Control) -> Result<u32> {
        if self.prune {
            return self.value_pruned(k, &mut prune::Levels::default(), ctl);
        }
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
            self.options_of(&parts[i], &mut opts);
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
                return Err(proof_too_large(
                    "the proof (the sums the outcome search decided)",
                    format!(
                        "{} sums at about {} bytes each",
                        sums.table.len() + record.len(),
                        2 * SUM_BYTES
                    ),
                    bytes,
                    sums.record_bytes,
                ));
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
        // This thread's count (a thread of another pool may share one: the counts are
        // atomic).
        let mine = rayon::current_thread_index().map_or(0, |i| i + 1) % self.searched.len();
        let n = self.searched[mine].0.fetch_add(1, Ordering::Relaxed) + 1;
        if n & 0xFFF == 0 || n == 1 {
            let all = self.searched();
            // A note at each 2^20 positions of all the threads (the first thread to see
            // the count pass one says so), and as soon as the table is seen full: a
            // table at its bound replaces entries, which are searched again when met
            // again, so a limit far too small makes the search thrash (Cram 5×8 at 8M
            // takes ten times as long as at 64M), and the note says why.
            let step = all >> 20;
            let replaced = self.table.replaced();
            let first_full = replaced > 0
                && !self.noted_full.load(Ordering::Relaxed)
                && !self.noted_full.swap(true, Ordering::Relaxed);
            if first_full
                || step > self.noted.load(Ordering::Relaxed) && self.noted.fetch_max(step, Ordering::Relaxed) < step
            {
                let full = if replaced == 0 {
                    String::new()
                } else {
                    format!(
                        "; the table is full: {} replaced, to be searched again if met (a higher --memory-limit keeps them)",
                        crate::error::sci(u128::from(replaced))
                    )
                };
                ctl.note(&format!(
                    "{} positions searched, {} in the table{full}",
                    crate::error::sci(u128::from(all)),
                    crate::error::sci(u128::from(self.table.len()))
                ));
            }
            if self.db.as_ref().is_some_and(db::Db::due) {
                // A failed save here is tried again at the end of the search, which
                // reports it.
                let _ = self.save_db(self.db.as_ref().expect("checked"));
            }
            ctl.tick(all)?;
            // The work model's estimate, checked before the search, can be low (the
            // outcome search of sums on a graph whose parts have no normal form: a
            // path of 55 vertices estimated at 1540, searched past 10^6 under
            // `--max-work 1e5`): the positions searched are held to the limit too.
            if all > ctl.work_limit() {
                return Err(Error::TooMuchWork {
                    what: "the position engine's search".into(),
                    work: u128::from(all),
                    limit: ctl.work_limit(),
                    detail: "positions searched, counted as the search ran: more than the work model's estimate".into(),
                });
            }
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
        self.options_of(k, &mut opts);
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
        let v = self.mex_plain(&opts, scratch, depth + 1, ctl);
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
        self.options_of(k, &mut opts);
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
    /// The outcome search on sums ([`GameSolver::use_outcome_search`]).
    sums: bool,
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
            sums: false,
        }
    }

    /// The same engine, able to write proofs ([`GameSolver::proof`]).
    pub fn with_proof(mut self, text: ProofText<G>) -> BitSolver<G> {
        self.proof = Some(text);
        self
    }

    /// Writes the table to the database it keeps ([`GameSolver::use_db`]) now, as the
    /// end of a search does: nothing if it keeps none, only reads it, or searched
    /// nothing since it last read or wrote it. For a dispatcher about to drop this
    /// engine (the entries of a search refused part-way, or found since a save that
    /// failed, are written).
    ///
    /// # Errors
    /// [`Error::File`] naming the file when it cannot be written.
    pub fn save_db(&self) -> Result<()> {
        match &self.search {
            Some(search) => search.db.as_ref().map_or(Ok(()), |db| search.save_db(db)),
            None => Ok(()),
        }
    }

    /// Drops the table, with its counters and the database it keeps, if any (the file
    /// is left as it is): the next search makes a new, empty one. For a dispatcher
    /// whose engine's read of a database was refused, perhaps part-way: none of the
    /// file's entries stay, and the memory is free for another engine.
    pub fn drop_table(&mut self) {
        if let Some(search) = self.search.take() {
            self.game = Some(search.game);
        }
    }

    /// The game's rules: the search's once it started (no table is made for this).
    fn rules(&self) -> &G {
        match (&self.search, &self.game) {
            (Some(search), _) => search.game(),
            (None, Some(game)) => game,
            (None, None) => unreachable!("the game is the engine's until the search takes it"),
        }
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
            search.prune = !self.plain;
            // The outcome search confirms values: over the options as the rules give
            // them, without the game's simplifications.
            search.exact = self.sums;
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

    /// The positions a search of the components `keys` visits, by the game's work model.
    fn estimated_work<'a>(&self, keys: impl Iterator<Item = &'a G::Key>) -> f64
    where
        G::Key: 'a,
    {
        keys.map(|k| (self.estimate)(k)).sum()
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
        let work = self.estimated_work(keys);
        let what = format!("{verb} {}", crate::error::brief(&(self.write)(pos)));
        ctl.check_work(
            &what,
            work.min(1e38) as u128,
            "positions by this game's work model, docs/choices.md \"Work estimates\"",
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
                Some(small) if self.sums => search.value_by_sums(k, small, max_sums, ctl),
                None if self.sums => search.value_by_sums(k, 0, max_sums, ctl),
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
        // What is known is kept, also when the search was interrupted.
        if let Some(db) = &search.db {
            if result.is_ok() || result == Err(Error::Interrupted) {
                if let Err(e) = search.save_db(db) {
                    // The value found is not lost with the file (a record run's hours).
                    return Err(match (e, &result) {
                        (Error::File { message, errno }, Ok(())) => Error::File {
                            message: format!(
                                "{message}; the search had finished: {} has the value {x}",
                                crate::error::brief(&(self.write)(pos))
                            ),
                            errno,
                        },
                        (e, _) => e,
                    });
                }
            }
        }
        result.map(|()| Nimber::from(u64::from(x)))
    }

    fn keeps_db(&self) -> bool {
        self.rules().db_words() > 0
    }

    fn use_db(
        &mut self,
        path: &std::path::Path,
        access: crate::game::DbAccess,
        ctl: &Control,
    ) -> Result<Option<crate::game::DbRead>> {
        if !self.keeps_db() {
            return Err(Error::Unsupported(format!(
                "--db is for {}, not {}",
                crate::game::DB_GAMES,
                self.name
            )));
        }
        self.search(ctl)?;
        let search = self.search.as_mut().expect("created above");
        let db = db::Db::new(path.to_path_buf(), self.name.clone(), access);
        let loaded = search.load_db(&db, ctl)?;
        search.db = Some(db);
        Ok(loaded)
    }

    fn use_outcome_search(&mut self) {
        self.sums = true;
        if let Some(s) = &mut self.search {
            s.exact = true;
        }
    }

    fn work(&mut self, pos: &GamePos, _ctl: &Control) -> Result<Option<f64>> {
        let keys = (self.split)(self.rules(), pos);
        Ok(Some(self.estimated_work(keys.iter())))
    }

    fn use_reference(&mut self) {
        self.plain = true;
        if let Some(s) = &mut self.search {
            s.parallel = false;
            s.prune = false;
        }
    }

    fn proof(&mut self, pos: &GamePos, ctl: &Control) -> Result<(Nimber, String)> {
        if self.proof.is_none() {
            return Err(Error::Unsupported(format!("{} has no proofs", self.name)));
        }
        self.search(ctl)?;
        let search = self.search.as_ref().expect("created above");
        let keys = (self.split)(search.game(), pos);
        // Every component is searched again (the proof needs the sums it decides),
        // except those a rule settles, as in `prove` (and in the checker).
        let unsettled = keys.iter().filter(|k| search.game().known(k).is_none());
        self.announce("proving", unsettled, pos, ctl)?;
        // The options as the rules give them: the checker knows no simplification.
        let search = self.search.as_mut().expect("created above");
        search.exact = true;
        // A quarter of the memory limit: the table takes at most three quarters.
        let proof = search.prove(&keys, ctl.memory_limit() / 4, ctl);
        search.exact = self.sums;
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
    fn cancelled_search_stops() {
        let ctl = Control::new();
        ctl.cancel_flag().store(true, Ordering::Relaxed);
        let s = Search::new(Kayles, 1 << 20);
        assert_eq!(s.value(&50, &ctl), Err(Error::Interrupted));
    }
}
