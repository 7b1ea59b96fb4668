//! The CLI's global allocator: the system's, except that an allocation the system
//! refuses outside a fallible reservation ([`grundy::control::allocation_is_fallible`])
//! ends grundy with one error line and exit 2 instead of Rust's abort (exit 134). The
//! big tables are reserved fallibly and their refusal is an ordinary error; this
//! catches the small allocations after them, refused when a memory limit set above
//! what `ulimit -v` leaves let the tables through. It also counts the bytes held
//! ([`grundy::control::count_heap`]), so that the memory limit's checks see what the
//! estimates leave out.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write;

/// The system allocator, ending the process cleanly when it refuses memory.
pub struct Guarded;

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; a
// null result is either returned (inside a fallible reservation) or never returns.
unsafe impl GlobalAlloc for Guarded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        checked(unsafe { System.alloc(layout) }, layout.size(), 0)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        checked(unsafe { System.alloc_zeroed(layout) }, layout.size(), 0)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        grundy::control::count_heap(-footprint(layout.size()));
        // SAFETY: `ptr` was allocated by `System` (through this allocator) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, and the caller's contract for `new_size`.
        checked(
            unsafe { System.realloc(ptr, layout, new_size) },
            new_size,
            layout.size(),
        )
    }
}

/// `ptr`, unless it is null outside a fallible reservation: then the process ends. A
/// block of `size` bytes that replaced one of `old` bytes is counted
/// ([`grundy::control::count_heap`]), for the memory limit's checks.
fn checked(ptr: *mut u8, size: usize, old: usize) -> *mut u8 {
    if ptr.is_null() {
        if !grundy::control::allocation_is_fallible() {
            refused(size);
        }
    } else {
        grundy::control::count_heap(footprint(size) - if old == 0 { 0 } else { footprint(old) });
    }
    ptr
}

/// The size from which glibc's malloc maps a block on its own ([`fix_mapping`]).
const MAPPED: usize = 128 << 10;

/// Fixes the size from which glibc's malloc maps a block on its own at [`MAPPED`]
/// (its initial value). By default glibc raises that size each time a mapped block is
/// freed (up to 32 MiB), and blocks below it then come from the heap, which keeps
/// their pages after a free: a misère census, whose codes each make and free tables
/// of megabytes, reached 137 MB of memory with 64 MiB held under `--memory-limit
/// 64M`, and 79 MB with the size fixed (same speed, measured on Cram 5×8 and
/// `seq totient --to 10^7`). Call it at start-up, before any thread exists.
pub fn fix_mapping() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt takes a parameter number and a value and has no memory
    // preconditions; at start-up no other thread allocates.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED as libc::c_int);
    }
}

/// The memory a block of `size` bytes takes in the system allocator (glibc's malloc):
/// an 8-byte header, rounded to 16 bytes, at least 32; a large block (mapped on its
/// own, [`MAPPED`]) rounded to whole pages. Many small blocks (the misère search's
/// sums) take about 1.5 times their sizes.
fn footprint(size: usize) -> i64 {
    let bytes = if size >= MAPPED {
        (size + 16).next_multiple_of(4096)
    } else {
        (size + 8).next_multiple_of(16).max(32)
    };
    bytes as i64
}

/// Writes the error line for a refused allocation of `size` bytes on stderr and exits
/// with status 2 at once (`_exit`: no destructor or exit handler may allocate now).
/// The message is formatted in a buffer on the stack.
fn refused(size: usize) -> ! {
    let mut line = Line { buf: [0; 320], len: 0 };
    let (amount, unit) = if size >= 1 << 20 {
        (size >> 20, "MiB")
    } else {
        (size, "bytes")
    };
    let _ = writeln!(
        line,
        "grundy: error: the system refused {amount} {unit} of memory: the memory limit is above what \
         the system allows (ulimit -v, or memory in use elsewhere); lower it with --memory-limit"
    );
    // SAFETY: write(2) and _exit(2) on a buffer we own; neither allocates.
    unsafe {
        libc::write(2, line.buf.as_ptr().cast(), line.len);
        libc::_exit(2)
    }
}

/// A line formatted without allocating (cut at the buffer's end).
struct Line {
    buf: [u8; 320],
    len: usize,
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}
