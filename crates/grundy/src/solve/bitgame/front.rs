//! A small cache of exact values in front of the shared table, one per thread: a
//! look-up that finds its key here takes no lock and touches no memory the other
//! threads write. A value, once known, is a fact about its component, so a copy can
//! never be out of date; entries are tagged with their table's number, so that two
//! searches on one thread (two games, whose keys may look alike) never mix.

use std::cell::RefCell;

/// log2 of the entries of a thread's cache (32 bytes each: 512 KiB).
const BITS: u32 = 14;

/// A thread's cache: the table it holds values of, and its entries (three words of
/// key, and the value plus one; 0 for an empty entry).
struct Front {
    table: u64,
    slots: Vec<[u64; 4]>,
}

thread_local! {
    static FRONT: RefCell<Front> = const { RefCell::new(Front { table: 0, slots: Vec::new() }) };
}

/// The entry of a key of hash `h`.
#[inline]
fn index(h: u64) -> usize {
    ((h >> 24) & ((1 << BITS) - 1)) as usize
}

/// The value of the key `w` (hash `h`) of table `table`, if this thread holds it.
#[inline]
pub(super) fn get(table: u64, w: &[u64; 3], h: u64) -> Option<u32> {
    FRONT.with(|f| {
        let f = f.borrow();
        if f.table != table {
            return None;
        }
        let e = &f.slots[index(h)];
        (e[3] != 0 && e[..3] == w[..]).then(|| (e[3] - 1) as u32)
    })
}

/// Keeps the value `v` of the key `w` (hash `h`) of table `table` in this thread's
/// cache (in place of the entry there, or of every entry if the cache held another
/// table's).
#[inline]
pub(super) fn put(table: u64, w: &[u64; 3], h: u64, v: u32) {
    FRONT.with(|f| {
        let mut f = f.borrow_mut();
        if f.table != table {
            f.table = table;
            f.slots.clear();
            f.slots.resize(1 << BITS, [0; 4]);
        }
        f.slots[index(h)] = [w[0], w[1], w[2], u64::from(v) + 1];
    });
}
