//! A global allocator that counts the heap held, for a program (the CLI, the Python
//! package) that wants the memory limit's checks to see what the estimates leave out
//! ([`crate::control::count_heap`], [`crate::control::start_heap_count`]).
//!
//! It is the system's allocator, counting each block as glibc's malloc lays it out
//! ([`footprint`]). A program declares it as its `#[global_allocator]` with what to do
//! when the system refuses an allocation outside a fallible reservation
//! ([`crate::control::allocation_is_fallible`]): the CLI ends with one error line; the
//! Python package lets Rust's `handle_alloc_error` stand (the big tables are reserved
//! fallibly, and their refusal is an ordinary error either way).

use std::alloc::{GlobalAlloc, Layout, System};

/// The system allocator with the heap held counted.
pub struct Counting {
    refused: Option<fn(usize) -> !>,
}

impl Counting {
    /// The allocator; `refused(size)` is called (and never returns) when the system
    /// refuses `size` bytes outside a fallible reservation, or, with `None`, the null
    /// pointer is returned to the caller (Rust then aborts).
    pub const fn new(refused: Option<fn(usize) -> !>) -> Counting {
        Counting { refused }
    }

    /// `ptr`, counted as a block of `size` bytes replacing one of `old` (0 for none);
    /// a null `ptr` outside a fallible reservation goes to `refused`.
    fn checked(&self, ptr: *mut u8, size: usize, old: usize) -> *mut u8 {
        if ptr.is_null() {
            if let Some(refused) = self.refused {
                if !crate::control::allocation_is_fallible() {
                    refused(size);
                }
            }
        } else {
            crate::control::count_heap(footprint(size) - if old == 0 { 0 } else { footprint(old) });
        }
        ptr
    }
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; a
// null result is either returned or never returns (`refused`).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        self.checked(unsafe { System.alloc(layout) }, layout.size(), 0)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        self.checked(unsafe { System.alloc_zeroed(layout) }, layout.size(), 0)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        crate::control::count_heap(-footprint(layout.size()));
        // SAFETY: `ptr` was allocated by `System` (through this allocator) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, and the caller's contract for `new_size`.
        self.checked(
            unsafe { System.realloc(ptr, layout, new_size) },
            new_size,
            layout.size(),
        )
    }
}

/// The size from which glibc's malloc maps a block on its own (its initial value; the
/// CLI fixes it there).
pub const MAPPED: usize = 128 << 10;

/// The memory a block of `size` bytes takes in the system allocator (glibc's malloc):
/// an 8-byte header, rounded to 16 bytes, at least 32; a large block (mapped on its
/// own, [`MAPPED`]) rounded to whole pages. Many small blocks (the misère search's
/// sums) take about 1.5 times their sizes.
pub fn footprint(size: usize) -> i64 {
    let bytes = if size >= MAPPED {
        (size + 16).next_multiple_of(4096)
    } else {
        (size + 8).next_multiple_of(16).max(32)
    };
    bytes as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprints_follow_malloc() {
        assert_eq!(footprint(1), 32);
        assert_eq!(footprint(24), 32);
        assert_eq!(footprint(25), 48);
        assert_eq!(footprint(MAPPED), ((MAPPED + 16).next_multiple_of(4096)) as i64);
        assert_eq!(footprint(MAPPED) % 4096, 0);
    }
}
