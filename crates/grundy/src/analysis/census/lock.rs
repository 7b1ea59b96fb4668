//! The lock of a census directory: one census writes to a directory at a time.
//!
//! Two runs in one directory used to compute every code twice and append both rows
//! (the second then distrusted on resume). Now [`Output::open`](super::Output::open)
//! takes an exclusive lock on `census.lock` in the directory (the operating system's
//! advisory file lock, `flock` on Linux, through the standard library) and holds it
//! until the [`Output`](super::Output) is dropped or closed. The system releases it
//! when the process ends, however it ends, so no stale lock is left behind; the file
//! itself stays (empty but for the holder's process id).

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

/// The name of the lock file of a census directory.
pub const LOCK_FILE: &str = "census.lock";

/// Takes the lock of the census directory `dir` (which exists): the open lock file,
/// or `None` where the file system has no locks (some network file systems; the
/// census then runs unlocked, as before).
///
/// # Errors
/// [`Error::Input`]: another process holds the lock (naming the directory and, when
/// it wrote it, its process id), or the lock file cannot be created.
pub(super) fn acquire(dir: &Path) -> Result<Option<File>> {
    let path = dir.join(LOCK_FILE);
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| Error::Input(format!("cannot write {}: {e}", path.display())))?;
    match f.try_lock() {
        Ok(()) => {
            // The holder's process id, for the message of a second run (best effort).
            let _ = f.set_len(0).and_then(|()| write!(f, "{}", std::process::id()));
            Ok(Some(f))
        }
        Err(TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = f.rewind().and_then(|()| f.take(32).read_to_string(&mut holder));
            let pid = holder.trim();
            let by = if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) {
                format!(" (process {pid})")
            } else {
                String::new()
            };
            Err(Error::Input(format!(
                "another census is running in {}{by}: it holds {}; wait for it to end, or give another directory",
                dir.display(),
                path.display()
            )))
        }
        Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => Ok(None),
        Err(TryLockError::Error(e)) => Err(Error::Input(format!("cannot lock {}: {e}", path.display()))),
    }
}
