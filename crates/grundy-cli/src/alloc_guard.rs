//! The CLI's global allocator ([`grundy::heap_count::Counting`], which counts the bytes
//! held so that the memory limit's checks see what the estimates leave out), and what
//! it does when the system refuses an allocation outside a fallible reservation
//! ([`grundy::control::allocation_is_fallible`]): grundy ends with one error line and
//! exit 2 instead of Rust's abort (exit 134) ([`refused`]). The big tables are reserved
//! fallibly and their refusal is an ordinary error; this catches the small allocations
//! after them, refused when a memory limit set above what `ulimit -v` leaves let the
//! tables through. Also glibc's mapping size ([`fix_mapping`]).

use grundy::heap_count::MAPPED;
use std::fmt::Write;

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

/// Writes the error line for a refused allocation of `size` bytes on stderr and exits
/// with status 2 at once (`_exit`: no destructor or exit handler may allocate now).
/// The message is formatted in a buffer on the stack.
pub fn refused(size: usize) -> ! {
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
