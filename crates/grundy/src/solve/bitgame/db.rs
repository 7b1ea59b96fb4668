//! The database of a search (`--db FILE`): the transposition table's entries kept in a
//! file, so that a long search interrupted (Ctrl-C, a crash, the end of a job's time)
//! resumes from what it knew, and components valued once (an end-game database) serve
//! every later search of the same game.
//!
//! The file is binary, little-endian 64-bit words: the magic `GRUNDYDB`, the format
//! version, the game's name (its length in bytes, then the bytes padded to words), the
//! entries (a key in the game's words — [`BitGame::db_of_key`]: three for a board region,
//! five for a region of a graph family's frame — and one word of data: the
//! value, or 65535 if only excluded values are known, in bits 0–15, the component's size
//! in bits 16–31, the values it is known not to have, a mask of values below 32, in bits
//! 32–63; the table keeps the sizes to 255 and the values excluded below 16), the
//! number of entries, and a checksum of every word before it. It is written
//! atomically (a temporary file, then a rename), streamed (never held in memory), at
//! the end of every search, when a search is interrupted, and every [`SAVE_EVERY`]
//! during a search.
//!
//! A database is checked when it is read, streamed twice (never held in memory): first
//! the magic, version, game, checksum and number of entries, then every key (a
//! component of the game) as the entries go into the table (which keeps to its memory
//! bound), and last the values of a sample of its entries, drawn at random from the
//! whole file, recomputed by a plain memoized search from the rules that does not use
//! the table. A file that fails is refused with one line naming the file and the fault;
//! the search never starts from it. The sample catches damage and careless edits, not
//! a forgery: an entry outside it is trusted.

use super::{BitGame, Search, TableKey, DB_MAX_WORDS};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::DbAccess;
use crate::game::DbRead;
use rustc_hash::FxHashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a running search saves its database.
pub const SAVE_EVERY: Duration = Duration::from_secs(600);

const MAGIC: u64 = u64::from_le_bytes(*b"GRUNDYDB");
const VERSION: u64 = 1;
/// The longest game's name a database may hold, in bytes.
const MAX_NAME: u64 = 1024;
/// Entries recomputed when a database is read.
const SAMPLE: usize = 48;
/// The largest component (cells or edges) the sample check recomputes.
const SAMPLE_MAX_SIZE: u32 = 20;
/// The most positions the sample check keeps in its memo (about 40 bytes each); an
/// entry whose recomputation would need more is left unchecked.
const SAMPLE_MEMO: usize = 1 << 18;
/// The share of a file's entries that may be left out of a table too full for them
/// (one in this many) before the file is refused.
const MAY_LEAVE_OUT: u64 = 100;

/// Where a search keeps its database, whether it writes it, and when it last saved it.
pub(super) struct Db {
    pub(super) path: PathBuf,
    pub(super) game: String,
    access: DbAccess,
    last: Mutex<Instant>,
    /// The positions searched when the file was last read or written ([`NEVER`] while
    /// the file does not exist): a save with none searched since leaves the file as it
    /// is (it holds what the table holds, and perhaps the few entries a full table left
    /// out when it was read).
    saved_at: AtomicU64,
}

/// [`Db::saved_at`] of a file not yet written.
const NEVER: u64 = u64::MAX;

impl Db {
    pub(super) fn new(path: PathBuf, game: String, access: DbAccess) -> Db {
        Db {
            path,
            game,
            access,
            last: Mutex::new(Instant::now()),
            saved_at: AtomicU64::new(NEVER),
        }
    }

    /// True (once per period) when the database is due to be saved.
    pub(super) fn due(&self) -> bool {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= SAVE_EVERY {
            *last = Instant::now();
            true
        } else {
            false
        }
    }
}

/// The checksum of a database's words (splitmix64's finalizer, chained), the file's last
/// word.
pub fn checksum(words: &[u64]) -> u64 {
    let mut c = Checksum::new();
    words.iter().for_each(|&w| c.add(w));
    c.value()
}

/// A file read word by word (little-endian).
struct Words(std::io::BufReader<std::fs::File>);

impl Words {
    fn next(&mut self) -> std::io::Result<u64> {
        use std::io::Read;
        let mut b = [0u8; 8];
        self.0.read_exact(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

/// The checksum, word by word.
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0x243F_6A88_85A3_08D3)
    }

    fn add(&mut self, w: u64) {
        let mut x = self.0 ^ w.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = x ^ (x >> 31);
    }

    fn value(&self) -> u64 {
        self.0
    }
}

/// The words of the game's name: its length, then its bytes padded.
fn name_words(game: &str) -> Vec<u64> {
    let mut w = vec![game.len() as u64];
    for chunk in game.as_bytes().chunks(8) {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        w.push(u64::from_le_bytes(b));
    }
    w
}

impl<G: BitGame> Search<G> {
    /// Writes the table to the database file atomically.
    ///
    /// # Errors
    /// [`Error::File`] naming the file when it cannot be written.
    pub(super) fn save_db(&self, db: &Db) -> Result<()> {
        use std::io::Write;
        // Taken before the entries are written: what the search adds meanwhile is saved
        // by the next save.
        let searched = self.searched();
        if db.access == DbAccess::ReadOnly || db.saved_at.load(Ordering::Relaxed) == searched {
            return Ok(());
        }
        let mut head = vec![MAGIC, VERSION];
        head.extend(name_words(&db.game));
        // A copy left by a run killed while it saved (as large as the file) goes first.
        crate::control::remove_stale_temporaries(&db.path);
        crate::control::write_atomically_with(&db.path, |w| {
            let mut sum = Checksum::new();
            let mut put = |w: &mut std::io::BufWriter<&std::fs::File>, x: u64| {
                sum.add(x);
                w.write_all(&x.to_le_bytes())
            };
            for &x in &head {
                put(w, x)?;
            }
            // The entries as they are met, shard by shard (the search may go on: what
            // it adds meanwhile may or may not be written); their number after them.
            let mut n = 0u64;
            let mut result = Ok(());
            let words = self.game.db_words();
            let mut kw = [0u64; DB_MAX_WORDS];
            self.table.for_each(|k, v, excluded, size| {
                if result.is_err() || !self.game.db_of_key(k, &mut kw) {
                    return;
                }
                let value = u64::from(v.map_or(u16::MAX, |v| v as u16));
                let data = value | u64::from(size.min(0xFFFF)) << 16 | u64::from(excluded) << 32;
                result = kw[..words].iter().chain([&data]).try_for_each(|&x| put(w, x));
                n += 1;
            });
            result?;
            put(w, n)?;
            w.write_all(&sum.value().to_le_bytes())
        })
        .map_err(|e| Error::file(format_args!("cannot write the database {}", db.path.display()), &e))?;
        db.saved_at.store(searched, Ordering::Relaxed);
        Ok(())
    }

    /// Reads the database file into the table; its entries and those left out (at most
    /// one in [`MAY_LEAVE_OUT`]: the windows of the table they hash to were full), or
    /// `None` if the file does not exist (a new database).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the file is larger than the memory limit allows;
    /// [`Error::Input`] naming the file for a file that cannot be read, is not a
    /// database of this game, is damaged, or whose sample of values does not recompute.
    pub(super) fn load_db(&self, db: &Db, ctl: &Control) -> Result<Option<DbRead>> {
        let path = &db.path;
        let bad = |what: String| Error::Input(format!("the database {}: {what}", path.display()));
        if path.as_os_str().is_empty() {
            return Err(Error::Input("the database's path is empty: name a file".into()));
        }
        // Only a regular file is opened: a named pipe would block the open (a
        // read-only run is not refused first as one that writes is), a device never end.
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => return Err(bad("a directory, not a database file".into())),
            Ok(m) if !m.is_file() => return Err(bad("not a regular file".into())),
            _ => {}
        }
        // One open file for the size and both passes: a file replaced meanwhile (by
        // another run's save, renamed over it) is not read half old, half new.
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && db.access == DbAccess::ReadOnly => {
                return Err(bad(
                    "there is no such file (--db-read-only reads a database and never writes one: drop it to make one)"
                        .into(),
                ))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(bad(format!("cannot be read: {e}"))),
        };
        let len = file.metadata().map_err(|e| bad(format!("cannot be read: {e}")))?.len();
        let name = name_words(&db.game);
        if len == 0 {
            // `touch FILE` first: the file holds nothing to read, and nothing to lose.
            return Err(bad(
                "the file is empty (0 bytes), not a database: remove it, or name a file that does not exist, to start a new one"
                    .into(),
            ));
        }
        if len % 8 != 0 || len < 8 * 5 {
            return Err(bad("not a database (not whole words, or too short)".into()));
        }
        let words = len / 8;
        let open = || -> Result<Words> {
            use std::io::Seek;
            let mut f = file.try_clone().map_err(|e| bad(format!("cannot be read: {e}")))?;
            f.rewind().map_err(|e| bad(format!("cannot be read: {e}")))?;
            Ok(Words(std::io::BufReader::with_capacity(1 << 20, f)))
        };
        let io = |e: std::io::Error| bad(format!("cannot be read: {e}"));
        // First pass: the header, the checksum and the count, nothing kept. The game's
        // name is compared after the checksum, so that a damaged name is reported as
        // damage and another game's file by that game's name.
        let mut r = open()?;
        let head: Vec<u64> = (0..3).map(|_| r.next()).collect::<std::io::Result<_>>().map_err(io)?;
        if head[0] != MAGIC {
            return Err(bad("not a grundy database".into()));
        }
        if head[1] != VERSION {
            return Err(bad(format!("format version {} (this grundy reads {VERSION})", head[1])));
        }
        let at = head[2].div_ceil(8).saturating_add(3);
        if head[2] > MAX_NAME || at.saturating_add(2) > words {
            return Err(bad(format!("damaged (a game's name of {} bytes)", head[2])));
        }
        // A table too small for the file would drop entries, and the next save would
        // write fewer than the file holds: refused instead. The table is three quarters
        // of the memory limit and fills to about three quarters before it doubles.
        let slot = super::Table::<G::Key>::SLOT_BYTES;
        let estimate = |n: u64| {
            (n.saturating_mul(8) / 7 + 1)
                .div_ceil(64)
                .saturating_add(17)
                .saturating_mul(64 * slot)
                / 3
                * 4
        };
        let too_large = |n: u64, estimate_bytes: u64, note: &str| {
            Error::TooLarge {
            what: format!("reading the database {}", path.display()),
            estimate_bytes,
            limit_bytes: ctl.memory_limit(),
            detail: format!(
                "{n} entries of {slot} bytes, the table being three quarters of the limit and kept at most 7/8 full{note}; {}",
                match db.access {
                    DbAccess::ReadWrite => "a smaller limit would drop entries and shrink the file",
                    DbAccess::ReadOnly => "a smaller table would leave entries out",
                }
            ),
        }
        };
        let key_words = self.game.db_words();
        // The entries the file's length makes room for, compared with the table before
        // the file is read (a file of 20 GB was read whole, for its checksum, first).
        let room = (words - at - 2) / (key_words as u64 + 1);
        if room > self.table.capacity() / 8 * 7 {
            return Err(too_large(
                room,
                estimate(room),
                ", as many as the length of the file makes room for",
            ));
        }
        let mut sum = Checksum::new();
        head.iter().for_each(|&w| sum.add(w));
        let mut stored = Vec::with_capacity(at as usize);
        stored.push(head[2]);
        let mut last = 0;
        for i in 3..words - 1 {
            last = r.next().map_err(io)?;
            sum.add(last);
            if i < at {
                stored.push(last);
            }
            if i & 0xF_FFFF == 0 && ctl.cancelled() {
                return Err(Error::Interrupted);
            }
        }
        if sum.value() != r.next().map_err(io)? {
            return Err(bad("damaged (its checksum does not match)".into()));
        }
        if stored != name {
            let bytes: Vec<u8> = stored[1..].iter().flat_map(|w| w.to_le_bytes()).collect();
            let (text, padding) = bytes.split_at(head[2] as usize);
            let text = String::from_utf8_lossy(text);
            if text == db.game || padding.iter().any(|&b| b != 0) {
                return Err(bad("damaged (bytes after the game's name)".into()));
            }
            let game = match crate::error::brief(&text.escape_debug().to_string()) {
                g if g.is_empty() => "a game with no name".to_string(),
                g => g,
            };
            return Err(bad(format!("a database of {game}, not of {}", db.game)));
        }
        let at = at as usize;
        let n = last;
        let entry_words = words - at as u64 - 2;
        if entry_words != n.saturating_mul(key_words as u64 + 1) {
            return Err(bad(format!(
                "damaged ({n} entries announced, {entry_words} words of them)"
            )));
        }
        if n > self.table.capacity() / 8 * 7 {
            return Err(too_large(n, estimate(n), ""));
        }
        let held = self.table.len();
        // Second pass: the entries into the table (which keeps to its memory bound).
        let mut r = open()?;
        for _ in 0..at {
            r.next().map_err(io)?;
        }
        // A sample of the small entries, drawn uniformly from the whole file (reservoir
        // sampling), so that no part of it is left unchecked by its position.
        let mut sample: Vec<(u64, G::Key, Option<u32>, u32)> = Vec::new();
        let mut small = 0u64;
        let mut draw = crate::solve::draw::Draw::fresh();
        for i in 0..n {
            let mut e = [0u64; DB_MAX_WORDS + 1];
            for x in e[..=key_words].iter_mut() {
                *x = r.next().map_err(io)?;
            }
            let key = self
                .game
                .key_of_db(&e[..key_words])
                .ok_or_else(|| bad(format!("entry {}: not a component of {}", i + 1, db.game)))?;
            let data = e[key_words];
            let value = (data & 0xFFFF) as u32;
            let size = ((data >> 16) & 0xFFFF) as u32;
            let excluded = (data >> 32) as u32;
            let v = (value != 0xFFFF).then_some(value);
            if v.is_some_and(|v| v < 32 && excluded >> v & 1 == 1) {
                return Err(bad(format!("entry {}: a value also excluded", i + 1)));
            }
            // A value (the mex of the options' values) is at most the moves of the
            // longest play: a cheap check of every entry, large ones included.
            let cells = self.game.size(&key);
            let longest = self.game.longest_play(&key);
            if let Some(v) = v.filter(|&v| v > longest) {
                return Err(bad(format!(
                    "entry {}: the value {v} for a component of {cells} cells or vertices, whose longest play has at most {longest} moves (a value is at most that)",
                    i + 1
                )));
            }
            let h = key.hash64();
            // A save writes each key once: a key met twice is damage (or a forgery whose
            // later copy would win), refused rather than left to the table's order. Into
            // an empty table only, where an entry found came from this file.
            if held == 0 && self.table.entry(&key, h).is_some() {
                return Err(bad(format!("entry {}: a component listed twice", i + 1)));
            }
            match v {
                Some(v) => self.table.insert(key, h, v, size),
                None => self.table.exclude_mask(key, h, excluded, size),
            }
            if cells <= SAMPLE_MAX_SIZE {
                small += 1;
                if sample.len() < SAMPLE {
                    sample.push((i + 1, key, v, excluded));
                } else {
                    let j = draw.below(small);
                    if j < SAMPLE as u64 {
                        sample[j as usize] = (i + 1, key, v, excluded);
                    }
                }
            }
            if i & 0xF_FFFF == 0 && ctl.cancelled() {
                return Err(Error::Interrupted);
            }
        }
        // The count above is an estimate: windows of the table fill up while the table
        // as a whole has room (from about two thirds full), and their entries are
        // replaced, the smallest first, as a search at its bound does. A few are left
        // out (the table the file was saved from was as full); more, and the file is
        // refused, before the search could save it smaller.
        // (Entries replaced, and entries not stored for a larger one in a full window.)
        let dropped = (held + n).saturating_sub(self.table.len());
        if dropped > n / MAY_LEAVE_OUT {
            // A quarter more room than the limit that dropped them.
            let more = ctl
                .memory_limit()
                .saturating_add(ctl.memory_limit() / 4)
                .max(estimate(n));
            return Err(too_large(
                n,
                more,
                &format!("; {dropped} of them did not fit, some parts of the table being fuller than the average"),
            ));
        }
        // A sample recomputed from the rules, without the table, in the order of the
        // file; an entry whose recomputation outgrows the memo is left unchecked.
        sample.sort_unstable_by_key(|e| e.0);
        let mut memo = FxHashMap::default();
        for (i, key, v, excluded) in sample {
            let Some(got) = self.value_from_rules(&key, &mut memo, ctl)? else {
                continue;
            };
            let wrong = match v {
                Some(v) => got != v,
                None => got < 32 && excluded >> got & 1 == 1,
            };
            if wrong {
                let said = match v {
                    Some(v) => format!("the file says {v}"),
                    None => "the file says it is not".into(),
                };
                return Err(bad(format!(
                    "entry {i} does not recompute (its value is {got} by the rules; {said})"
                )));
            }
        }
        *db.last.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        db.saved_at.store(self.searched(), Ordering::Relaxed);
        Ok(Some(DbRead {
            entries: n,
            left_out: dropped,
        }))
    }

    /// The value of `k` by a plain memoized search over the rules' options, which does
    /// not read or write the table (for the check of a database); `None` once `memo`
    /// would hold more than [`SAMPLE_MEMO`] positions.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when cancelled.
    fn value_from_rules(&self, k: &G::Key, memo: &mut FxHashMap<G::Key, u32>, ctl: &Control) -> Result<Option<u32>> {
        if let Some(&v) = memo.get(k) {
            return Ok(Some(v));
        }
        if memo.len() >= SAMPLE_MEMO {
            return Ok(None);
        }
        if memo.len() % 4096 == 0 && ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        let mut opts = super::OptionList::default();
        self.game.options_exact(k, &mut opts);
        let mut seen = Vec::new();
        for o in opts.iter() {
            let mut x = 0;
            for c in o {
                let Some(v) = self.value_from_rules(c, memo, ctl)? else {
                    return Ok(None);
                };
                x ^= v;
            }
            seen.push(x);
        }
        if memo.len() >= SAMPLE_MEMO {
            return Ok(None);
        }
        let v = (0..).find(|x| !seen.contains(x)).expect("a value is missing");
        memo.insert(*k, v);
        Ok(Some(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    /// Tokens on a table, none joined to another (the key: the set of them as bits), as
    /// one component whose plain search meets every subset; a move takes one.
    struct Tokens;

    impl BitGame for Tokens {
        type Key = u64;
        fn options(&self, &s: &u64, out: &mut super::super::OptionList<u64>) {
            let mut x = s;
            while x != 0 {
                let b = x & x.wrapping_neg();
                x ^= b;
                if s != b {
                    out.push(s ^ b);
                }
                out.end_option();
            }
        }
        fn size(&self, &s: &u64) -> u32 {
            s.count_ones()
        }
    }

    #[test]
    fn the_sample_check_gives_up_past_its_bound_and_on_ctrl_c() {
        let search = Search::new(Tokens, 1 << 20);
        let ctl = Control::new();
        let mut memo = FxHashMap::default();
        // n tokens: n mod 2.
        assert_eq!(search.value_from_rules(&0b1011, &mut memo, &ctl).unwrap(), Some(1));
        assert_eq!(search.value_from_rules(&0b1111, &mut memo, &ctl).unwrap(), Some(0));
        // 2^20 subsets: past the bound, left unchecked, the memo kept to it.
        let twenty = (1u64 << 20) - 1;
        assert_eq!(search.value_from_rules(&twenty, &mut memo, &ctl).unwrap(), None);
        assert!(memo.len() <= SAMPLE_MEMO, "{}", memo.len());
        // Ctrl-C stops it.
        ctl.cancel_flag().store(true, Ordering::Relaxed);
        let mut memo = FxHashMap::default();
        assert_eq!(
            search.value_from_rules(&twenty, &mut memo, &ctl),
            Err(Error::Interrupted)
        );
    }
}
