//! The transposition table of the position engine: canonical component → its value,
//! or the values it is known not to have, with a memory bound.
//!
//! The table is split into 64 shards, each behind its own lock. A shard is an array of
//! slots and, beside it, one tag byte per slot (7 bits of the key's hash, and a bit
//! that marks the slot used). A key lives in one of the 16 slots from its hash's slot
//! (its window; the arrays have 15 more slots at their end, so no window wraps): a
//! look-up compares the window's 16 tags at once (two machine words) and reads only
//! the slots whose tags match, so that a key that is not there, the common case of the
//! search's look-ups, costs one cache line.
//!
//! A full window is made room in by moving entries along within their own windows
//! (hopscotch hashing). A shard doubles when it is three quarters full or a key's
//! window cannot be made room in, up to its share of the bound (the last step grows it
//! to that share exactly, so a table can use all of its bound, not only the power of
//! two below it); at the bound the smallest component of the window is replaced
//! (the cheapest to recompute) if it is not larger than the new one. Values are exact
//! whatever the bound; a small table only costs time.

use super::TableKey;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// One slot: the key, the value (or [`UNKNOWN`]), bit t of `excluded` set when the
/// value is known not to be t (t < 16), and the component's size (at most 255: its
/// priority when the window is full). Packed: a key and 5 bytes, with no padding to
/// the key's alignment (a board region of 18 bytes makes a slot of 23, a graph's key
/// of 24 bytes one of 29 and of 40 bytes one of 45, where padding made them 24, 32 and
/// 48: 4–10% more entries in one memory bound). Its fields are read by value (a packed
/// field cannot be borrowed); the processors this runs on load unaligned words at the
/// same cost.
#[derive(Clone, Copy, Default)]
#[repr(C, packed)]
struct Slot<K> {
    key: K,
    value: u16,
    excluded: u16,
    size: u8,
}

/// The `value` of a slot that holds only values excluded.
const UNKNOWN: u16 = u16::MAX;

/// Slots a key may live in, from its hash's slot.
const PROBE: usize = 16;
/// How far past a full window an empty slot is looked for, to be moved back into it.
const DISPLACE: usize = 256;
/// The table is split into 2^SHARD_BITS shards, each behind its own lock.
const SHARD_BITS: u32 = 6;
/// Slots of a shard when the table starts (64 shards × 64 slots of at most 32 bytes and
/// a tag byte: about 130 KiB, so that a search of a few positions, a board a rule
/// settles, does not pay for a table it never fills; Cram 4×8 in `grundy bench`: 1.6
/// MiB and 0.9× igsolve's time with 1024 slots a shard, 123 KiB and 0.3–0.4× with 64).
const FIRST_SHARD_SLOTS: usize = 64;
/// Slots of the whole table when it starts (each shard's first capacity and the
/// [`PROBE`] − 1 slots at its end).
const FIRST_SLOTS: usize = (FIRST_SHARD_SLOTS + PROBE - 1) << SHARD_BITS;

/// The shard of hash `h`: its high bits (the window takes the low ones, the tag bits
/// 50…56).
#[inline]
fn shard_index(h: u64) -> usize {
    (h >> (64 - SHARD_BITS)) as usize
}

/// The smallest bound of a table whose searches keep the threads' caches of values
/// ([`super::front`], 512 KiB a thread, outside the bound): below it a small memory
/// limit is kept to (a hostile check: `--memory-limit 300K value 'cram(4,5)'` gave the
/// value or a refusal at random, the caches of two threads and the main one taking 1.5
/// MiB), and its searches are short enough not to need them.
pub const FRONT_MIN_BYTES: u64 = 64 << 20;

/// The size from which a search prefetches its table's look-ups (the default of
/// [`super::Search::prefetch_from`]): twice the last-level cache of the machines
/// measured (32 MiB). Below it the prefetches cost more than they save (Cram 3×13 on
/// one core: 0.79 s without, 0.82 s with).
pub const LARGE_BYTES: u64 = 64 << 20;

/// The tag of a hash: 7 of its bits and the high bit (a used slot; 0 is empty).
#[inline]
fn tag_of(h: u64) -> u8 {
    (h >> 50) as u8 | 0x80
}

/// Bit 8i + 7 set for each byte i of `w` equal to `t` (and possibly for a byte above
/// an equal one: every match is checked against the key).
#[inline]
fn matches(w: u64, t: u8) -> u64 {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let x = w ^ (LO * u64::from(t));
    x.wrapping_sub(LO) & !x & HI
}

/// The first slot of the window of hash `h` in a shard of `cap` slots: the low 32 bits
/// of the hash scaled to 0…cap (any capacity, not only powers of two; the tag and the
/// shard come from the high bits).
#[inline]
fn window(h: u64, cap: usize) -> usize {
    (((h & 0xFFFF_FFFF) * cap as u64) >> 32) as usize
}

struct Shard<K> {
    /// `cap + PROBE − 1` tags and slots.
    tags: Vec<u8>,
    slots: Vec<Slot<K>>,
    cap: usize,
    len: usize,
}

impl<K: TableKey> Shard<K> {
    fn with_capacity(cap: usize) -> Shard<K> {
        Shard {
            tags: huge_vec(cap + PROBE - 1, 0),
            slots: huge_vec(cap + PROBE - 1, Slot::default()),
            cap,
            len: 0,
        }
    }

    /// The first slot of the window of hash `h`.
    #[inline]
    fn base(&self, h: u64) -> usize {
        window(h, self.cap)
    }

    /// The index of `k`'s slot, if it is there.
    #[inline]
    fn find(&self, k: &K, h: u64) -> Option<usize> {
        let b = self.base(h);
        let t = tag_of(h);
        let w = &self.tags[b..b + PROBE];
        let lo = u64::from_le_bytes(w[..8].try_into().expect("8 tags"));
        let hi = u64::from_le_bytes(w[8..].try_into().expect("8 tags"));
        for (half, word) in [(0, lo), (8, hi)] {
            let mut m = matches(word, t);
            while m != 0 {
                let i = b + half + (m.trailing_zeros() / 8) as usize;
                m &= m - 1;
                if self.tags[i] == t && { self.slots[i].key } == *k {
                    return Some(i);
                }
            }
        }
        None
    }

    /// The index of an empty slot in the window of `h`.
    #[inline]
    fn empty(&self, h: u64) -> Option<usize> {
        let b = self.base(h);
        self.tags[b..b + PROBE].iter().position(|&t| t == 0).map(|i| b + i)
    }

    /// Puts an entry known to be absent in an empty slot of its window; false if the
    /// window is full and no entry could make room.
    ///
    /// A full window is made room in as hopscotch hashing does (Herlihy, Shavit &
    /// Tzafrir, DISC 2008): the first empty slot after the window (at most
    /// [`DISPLACE`] slots on) is moved back towards it, each step moving an entry
    /// from before the empty slot into it while the entry stays in its own window. A
    /// shard then fills to three quarters before it doubles, where without the moves
    /// a first full window doubled it at about a third.
    fn place(&mut self, e: Slot<K>, h: u64) -> bool {
        let b = self.base(h);
        let mut j = match self.empty(h) {
            Some(i) => i,
            None => {
                let end = (b + DISPLACE).min(self.tags.len());
                match (b + PROBE..end).find(|&i| self.tags[i] == 0) {
                    Some(i) => i,
                    None => return false,
                }
            }
        };
        while j >= b + PROBE {
            // An entry before j whose window reaches j moves there.
            let from = (j + 1 - PROBE..j).find(|&i| self.base({ self.slots[i].key }.hash64()) + PROBE > j);
            let Some(i) = from else { return false };
            self.tags[j] = self.tags[i];
            self.slots[j] = self.slots[i];
            self.tags[i] = 0;
            j = i;
        }
        self.tags[j] = tag_of(h);
        self.slots[j] = e;
        self.len += 1;
        true
    }
}

/// A vector of `n` copies of `x`, in huge pages where the system has them and the
/// vector is large (a shard of a table of gigabytes: its look-ups go anywhere in it, and
/// with 4 KiB pages nearly each one also misses the address cache; Linux's transparent
/// huge pages, asked for with `madvise` before the pages are first written).
fn huge_vec<T: Copy>(n: usize, x: T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    advise_huge(v.spare_capacity_mut());
    v.resize(n, x);
    v
}

/// Asks the system to back `mem` with huge pages, if it is 4 MiB or more (a hint:
/// nothing changes where the system has none).
fn advise_huge<T>(mem: &mut [std::mem::MaybeUninit<T>]) {
    const HUGE: usize = 4 << 20;
    let bytes = std::mem::size_of_val(mem);
    if bytes < HUGE {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        // madvise wants a start on a page boundary: the first whole page of `mem`.
        let start = mem.as_mut_ptr() as usize;
        let page = start.next_multiple_of(4096);
        let len = bytes - (page - start);
        // SAFETY: the range lies inside `mem`, memory this process owns; the advice
        // changes only how the kernel backs it, never its contents (it is not yet
        // written), and a failure is ignored (a hint not taken).
        unsafe {
            libc::madvise(page as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
}

/// Asks the processor to bring the cache line of `p` in (a hint: it reads nothing the
/// program sees and never faults, wherever `p` points).
#[inline(always)]
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch has no effect on the program's memory and does not fault on
    // any address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Where a shard's arrays are, read without its lock by [`Table::prefetch`]: a hint may
/// be out of date (a shard that grew since), and only costs a useless prefetch then.
#[derive(Default)]
struct ShardView {
    tags: AtomicPtr<u8>,
    slots: AtomicPtr<u8>,
    cap: AtomicUsize,
}

impl ShardView {
    fn publish<K>(&self, s: &Shard<K>) {
        self.tags.store(s.tags.as_ptr().cast_mut(), Ordering::Relaxed);
        self.slots
            .store(s.slots.as_ptr().cast::<u8>().cast_mut(), Ordering::Relaxed);
        self.cap.store(s.cap, Ordering::Relaxed);
    }
}

/// A value on a cache line pair of its own: a shard's lock (two threads locking
/// neighbouring shards would otherwise pass one line back and forth), the search's
/// count of positions.
#[repr(align(128))]
pub(super) struct Padded<T>(pub(super) T);

/// A transposition table with a memory bound: canonical component → value.
pub struct Table<K> {
    shards: Box<[Padded<Mutex<Shard<K>>>]>,
    /// Where each shard's arrays are, for [`Self::prefetch`].
    views: Box<[ShardView]>,
    /// This table's number, for the threads' caches of its values ([`super::front`]);
    /// 0 when the table does not use them ([`FRONT_MIN_BYTES`]).
    id: u64,
    /// The largest capacity one shard may have.
    max_shard_slots: usize,
    replaced: AtomicU64,
    /// The slots of all the shards (kept as they grow, read without a lock).
    slots: AtomicUsize,
}

impl<K: TableKey> Table<K> {
    /// Bytes of one slot and its tag.
    pub const SLOT_BYTES: u64 = std::mem::size_of::<Slot<K>>() as u64 + 1;

    /// The smallest table, in bytes (every shard at its first size).
    pub fn first_bytes() -> u64 {
        FIRST_SLOTS as u64 * Self::SLOT_BYTES
    }

    /// An empty table that grows up to about `max_bytes` (at least its first size).
    pub fn new(max_bytes: u64) -> Table<K> {
        let per_shard = (max_bytes / Self::SLOT_BYTES) >> SHARD_BITS;
        // Shards double, and the last step grows a shard to the bound itself.
        let max_shard_slots = (per_shard.saturating_sub(PROBE as u64) as usize).clamp(FIRST_SHARD_SLOTS, 1 << 32);
        let shards: Box<[Padded<Mutex<Shard<K>>>]> = (0..1usize << SHARD_BITS)
            .map(|_| Padded(Mutex::new(Shard::with_capacity(FIRST_SHARD_SLOTS))))
            .collect();
        let views: Box<[ShardView]> = (0..shards.len()).map(|_| ShardView::default()).collect();
        for (v, s) in views.iter().zip(shards.iter()) {
            v.publish(&s.0.lock().unwrap_or_else(|e| e.into_inner()));
        }
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Table {
            shards,
            views,
            id: if max_bytes >= FRONT_MIN_BYTES {
                NEXT.fetch_add(1, Ordering::Relaxed)
            } else {
                0
            },
            max_shard_slots,
            replaced: AtomicU64::new(0),
            slots: AtomicUsize::new(FIRST_SLOTS),
        }
    }

    #[inline]
    fn shard(&self, h: u64) -> MutexGuard<'_, Shard<K>> {
        // A panic while a shard is held leaves consistent slots: keep using them.
        self.shards[shard_index(h)].0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts bringing in the memory a look-up of hash `h` reads (the tags of its
    /// window and its first slot), so that a look-up made a little later, after other
    /// work, finds it in the cache: a search lists an option's components, prefetches
    /// them, and looks them up a few options on (the set-pruned search). In a table of
    /// gigabytes most look-ups miss the caches, and the wait was most of the search's
    /// time.
    #[inline]
    pub fn prefetch(&self, h: u64) {
        let v = &self.views[shard_index(h)];
        let b = window(h, v.cap.load(Ordering::Relaxed));
        prefetch(v.tags.load(Ordering::Relaxed).wrapping_add(b));
        prefetch(
            v.slots
                .load(Ordering::Relaxed)
                .wrapping_add(b * std::mem::size_of::<Slot<K>>()),
        );
    }

    /// The value stored for `k` (whose hash is `h`).
    pub fn get(&self, k: &K, h: u64) -> Option<u32> {
        self.entry(k, h).and_then(|(v, _)| v)
    }

    /// What is stored for `k`: its value if known, and the values (below 16) it is
    /// known not to have.
    #[inline]
    pub fn entry(&self, k: &K, h: u64) -> Option<(Option<u32>, u32)> {
        let words = k.to_words().filter(|_| self.id != 0);
        if let Some(w) = &words {
            if let Some(v) = super::front::get(self.id, w, h) {
                return Some((Some(v), 0));
            }
        }
        let found = {
            let s = self.shard(h);
            s.find(k, h).map(|i| {
                let e = &s.slots[i];
                (
                    (e.value != UNKNOWN).then_some(u32::from(e.value)),
                    u32::from(e.excluded),
                )
            })
        };
        if let (Some(w), Some((Some(v), _))) = (&words, found) {
            super::front::put(self.id, w, h, v);
        }
        found
    }

    /// Records that the value of `k` is none of the values of the mask `mask` (bit t
    /// for the value t < 32), unless its value is stored. Only the values below 16 are
    /// kept (a slot's room; a question about the others is asked again).
    pub fn exclude_mask(&self, k: K, h: u64, mask: u32, size: u32) {
        let mask = mask as u16;
        if mask == 0 {
            return;
        }
        {
            let mut s = self.shard(h);
            if let Some(i) = s.find(&k, h) {
                s.slots[i].excluded |= mask;
                return;
            }
        }
        self.store(
            Slot {
                key: k,
                value: UNKNOWN,
                size: 0,
                excluded: mask,
            },
            h,
            size,
        );
    }

    /// Stores the value of `k` (hash `h`, size `size` ≥ 1). Values above 65534 are not
    /// stored.
    pub fn insert(&self, k: K, h: u64, value: u32, size: u32) {
        let Ok(value) = u16::try_from(value) else { return };
        if value == UNKNOWN {
            return;
        }
        if let Some(w) = k.to_words().filter(|_| self.id != 0) {
            super::front::put(self.id, &w, h, u32::from(value));
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
        let size = size.clamp(1, u32::from(u8::MAX)) as u8;
        entry.size = size;
        let mut s = self.shard(h);
        loop {
            let can_grow = s.cap < self.max_shard_slots;
            if can_grow && s.len * 4 >= s.cap * 3 {
                self.grow(&mut s, h);
            }
            if let Some(i) = s.find(&k, h) {
                s.slots[i] = entry;
                return;
            }
            if s.place(entry, h) {
                return;
            }
            if can_grow {
                self.grow(&mut s, h);
                continue;
            }
            let b = s.base(h);
            let victim = (b..b + PROBE)
                .min_by_key(|&i| s.slots[i].size)
                .expect("a window has slots");
            if s.slots[victim].size <= size {
                s.tags[victim] = tag_of(h);
                s.slots[victim] = entry;
                self.replaced.fetch_add(1, Ordering::Relaxed);
            }
            return;
        }
    }

    /// Doubles the shard `s` of hash `h`, or grows it to its largest capacity if that
    /// is less, and moves every entry to the larger one (doubling again in the rare
    /// case that a window overflows); then says where its arrays are now.
    fn grow(&self, s: &mut Shard<K>, h: u64) {
        let before = s.slots.len();
        Self::grow_to(s, self.max_shard_slots);
        self.views[shard_index(h)].publish(s);
        self.slots.fetch_add(s.slots.len() - before, Ordering::Relaxed);
    }

    /// [`Self::grow`]'s moves, the capacity at most `max` unless a window overflows.
    fn grow_to(s: &mut Shard<K>, max: usize) {
        let mut cap = (s.cap * 2).min(max.max(s.cap + 1));
        'again: loop {
            let mut next = Shard::with_capacity(cap);
            for (e, _) in s.slots.iter().zip(&s.tags).filter(|(_, &t)| t != 0) {
                if !next.place(*e, { e.key }.hash64()) {
                    cap *= 2;
                    continue 'again;
                }
            }
            *s = next;
            return;
        }
    }

    /// Calls `f` with every entry: its key, its value if known, the values (below 16)
    /// it is known not to have, and its size (at most 255).
    pub fn for_each(&self, mut f: impl FnMut(&K, Option<u32>, u32, u32)) {
        for m in self.shards.iter() {
            let s = m.0.lock().unwrap_or_else(|e| e.into_inner());
            for (e, _) in s.slots.iter().zip(&s.tags).filter(|(_, &t)| t != 0) {
                let v = (e.value != UNKNOWN).then_some(u32::from(e.value));
                f(&{ e.key }, v, u32::from(e.excluded), u32::from(e.size));
            }
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

    /// The most entries the table holds at its bound.
    pub fn capacity(&self) -> u64 {
        (self.max_shard_slots as u64) << SHARD_BITS
    }

    /// The bytes the slots and tags take now.
    pub fn bytes(&self) -> u64 {
        self.shards
            .iter()
            .map(|m| m.0.lock().unwrap_or_else(|e| e.into_inner()).slots.len() as u64)
            .sum::<u64>()
            * Self::SLOT_BYTES
    }

    /// The bytes the slots and tags take now, as [`Self::bytes`], read without
    /// locking the shards (a count kept as they grow).
    #[inline]
    pub fn bytes_now(&self) -> u64 {
        self.slots.load(Ordering::Relaxed) as u64 * Self::SLOT_BYTES
    }

    /// Entries replaced because their window was full at the bound.
    pub fn replaced(&self) -> u64 {
        self.replaced.load(Ordering::Relaxed)
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

    #[test]
    fn a_full_table_replaces_small_entries() {
        let t: Table<u64> = Table::new(0);
        let slots = FIRST_SLOTS as u64;
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
    fn values_and_exclusions_are_kept_through_growth() {
        let t: Table<u64> = Table::new(1 << 26);
        for k in 0..200_000u64 {
            if k % 3 == 0 {
                t.exclude_mask(k, k.hash64(), 1 << (k % 16), 5);
            } else {
                t.insert(k, k.hash64(), (k % 7) as u32, 5);
            }
        }
        assert_eq!(t.len(), 200_000);
        assert_eq!(t.replaced(), 0);
        for k in 0..200_000u64 {
            let e = t.entry(&k, k.hash64()).expect("kept");
            if k % 3 == 0 {
                assert_eq!(e, (None, 1 << (k % 16)));
            } else {
                assert_eq!(e, (Some((k % 7) as u32), 0));
            }
        }
        assert!(t.entry(&300_000, 300_000u64.hash64()).is_none());
        let mut n = 0;
        t.for_each(|_, _, _, size| {
            assert_eq!(size, 5);
            n += 1;
        });
        assert_eq!(n, 200_000);
    }

    /// A bound that is not a power of two of slots is used whole: the shards double
    /// and then grow to their share of the bound, and hold about as many entries as
    /// it has slots before they replace any.
    #[test]
    fn the_whole_bound_is_used() {
        let bound = 3 << 20; // 3 MiB: 1489 slots a shard, between the doublings to 1024 and 2048
        let t: Table<u64> = Table::new(bound);
        let n = 85_000u64; // 89% of the 95296 slots
        for k in 0..n {
            t.insert(k, k.hash64(), (k % 5) as u32, 5);
        }
        assert!(t.bytes() <= bound, "{} bytes", t.bytes());
        assert_eq!(t.bytes_now(), t.bytes());
        assert!(t.capacity() > 1 << 16, "capacity {}", t.capacity());
        assert!(t.replaced() < n / 100, "{} replaced", t.replaced());
        let kept = (0..n).filter(|k| t.get(k, k.hash64()) == Some((k % 5) as u32)).count() as u64;
        assert!(kept + t.replaced() >= n && kept > 65536, "{kept} kept");
    }

    /// The moves of hopscotch hashing fill a shard to three quarters before it doubles,
    /// so 2^22 entries take 2^23 slots (half full, just after the doublings at 3/4);
    /// without them a first full window doubled shards at about a third full (2^24
    /// slots).
    #[test]
    fn shards_fill_before_they_double() {
        let t: Table<u64> = Table::new(1 << 30);
        for k in 0..1u64 << 22 {
            t.insert(k, k.hash64(), 1, 5);
        }
        assert_eq!(t.replaced(), 0);
        let slots: usize = t.shards.iter().map(|s| s.0.lock().unwrap().cap).sum();
        assert!(slots <= 1 << 23, "{} entries in {slots} slots", t.len());
        assert_eq!(t.bytes_now(), t.bytes());
        assert!((0..1u64 << 22).step_by(997).all(|k| t.get(&k, k.hash64()) == Some(1)));
    }
}
