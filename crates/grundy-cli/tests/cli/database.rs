//! `value --db FILE`: the search's table kept in a file, read back (checked) by the next
//! run, written on Ctrl-C; damaged, foreign and tampered files refused with one line.

use crate::common::{error_line, grundy, interrupted, signalled};
use predicates::prelude::*;

fn words(path: &std::path::Path) -> Vec<u64> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn write_words(path: &std::path::Path, w: &[u64]) {
    std::fs::write(path, w.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
}

/// Writes the words of a database edited by hand, its last word (the checksum) made to
/// match the others, as a deliberate forger would.
fn write_forged(path: &std::path::Path, w: &mut [u64]) {
    let body = w.len() - 1;
    w[body] = grundy::solve::bitgame::db::checksum(&w[..body]);
    write_words(path, w);
}

#[test]
fn a_database_is_written_read_back_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    grundy()
        .args(["value", "cram(3,5)", "--db", f])
        .assert()
        .success()
        .stdout("cram(3,5): value 1, N-position (the next player wins)\n")
        .stderr(predicate::str::contains("is new"));
    // The next run reads it and searches nothing.
    grundy()
        .args(["value", "cram(3,5)", "--db", f, "--stats"])
        .assert()
        .success()
        .stdout("cram(3,5): value 1, N-position (the next player wins)\n")
        .stderr(
            predicate::str::contains("resumed from the database")
                .and(predicate::str::contains("cram: 0 positions searched")),
        );
    // Another board of the same game uses and extends it.
    grundy()
        .args(["value", "cram(4,5)", "--db", f])
        .assert()
        .success()
        .stdout("cram(4,5): value 2, N-position (the next player wins)\n");
    // Another game's run refuses it.
    assert!(error_line(&["value", "node-kayles-grid(3,5)", "--db", f])
        .contains("a database of cram, not of node-kayles-grid"));
    // A byte changed: the checksum fails, in the game's name too.
    let good = words(&db);
    let mut w = good.clone();
    w[3] ^= 1;
    write_words(&db, &w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("damaged (its checksum"));
    // A name's length past the file.
    let mut w = good.clone();
    w[2] = 1 << 40;
    write_words(&db, &w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("damaged (a game's name of 1099511627776 bytes)"));
    let mut w = good.clone();
    let last = w.len() - 2;
    w[last] ^= 1 << 40;
    write_words(&db, &w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("damaged"));
    // Every value forged to 65534, the checksum made to match: a value above the
    // component's cells is refused whatever its size (the sample recomputes only small
    // entries; a hostile check made cram(4,7) read as 9999 this way).
    let mut w = good.clone();
    let (at, n) = (3 + (w[2] as usize).div_ceil(8), w[w.len() - 2] as usize);
    for e in 0..n {
        let data = &mut w[at + e * 4 + 3];
        *data = (*data & !0xFFFF) | 0xFFFE;
    }
    write_forged(&db, &mut w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("entry 1: the value 65534 for a component of"));
    // Every value forged to one more than half the cells (the size field): within the
    // cells, but above the dominoes a Cram region holds.
    let mut w = good.clone();
    for e in 0..n {
        let data = &mut w[at + e * 4 + 3];
        let cells = (*data >> 16) & 0xFFFF;
        *data = (*data & !0xFFFF) | (cells / 2 + 1);
    }
    write_forged(&db, &mut w);
    let e = error_line(&["value", "cram(3,5)", "--db", f]);
    assert!(
        e.contains("entry 1: the value") && e.contains("whose longest play has at most"),
        "{e}"
    );
    // An entry listed twice, the copy's value changed, the checksum made to match: the
    // later copy used to win (a hostile check made cram(4,7) read as 0 this way), and the
    // message blamed a full table.
    let mut w = good[..at + n * 4].to_vec();
    let mut copy = good[at..at + 4].to_vec();
    copy[3] ^= 1;
    w.extend(copy);
    w.extend([n as u64 + 1, 0]);
    write_forged(&db, &mut w);
    let e = error_line(&["value", "cram(3,5)", "--db", f]);
    assert!(e.contains(&format!("entry {}: a component listed twice", n + 1)), "{e}");
    // Cut short.
    write_words(&db, &good[..good.len() - 3]);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("damaged"));
    // A byte after the game's name (its padding), and a name of no bytes.
    let mut w = good.clone();
    w[3] |= 1 << 56;
    write_forged(&db, &mut w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("damaged (bytes after the game's name)"));
    let mut w = vec![good[0], good[1], 0];
    w.extend(&good[4..good.len() - 1]);
    w.push(0);
    write_forged(&db, &mut w);
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("a database of a game with no name, not of cram"));
    // Not a database at all.
    std::fs::write(&db, b"hello").unwrap();
    assert!(error_line(&["value", "cram(3,5)", "--db", f]).contains("not a database"));
    // Bad uses.
    assert!(error_line(&["value", "nim(3)", "--db", f]).contains("nim(3) is none of them"));
    assert!(error_line(&["value", "node-kayles(\"a-b b-c\")", "--db", f]).contains("--db keeps the table of the search of the games on boards (cram, node-kayles-grid, node-kayles-path) and the graph families node-kayles-petersen and node-kayles-queens, not of node-kayles"));
    // A game whose value needs no search (green-hackenbush's closed form) is refused
    // too: its file would never be written.
    assert!(error_line(&["value", "green-hackenbush(\"g-a a-b\")", "--db", f])
        .trim_end()
        .ends_with("not of green-hackenbush"));
    assert!(error_line(&["value", "cram(3,5)", "--db", f, "--play", "misere"]).contains("normal-play"));
    // The confirming searches must not read the default search's table.
    for m in ["plain", "sums"] {
        assert!(error_line(&["value", "cram(3,5)", "--db", f, "--method", m]).contains("must not read it"));
    }
    // A file keeps one game's table: a sum of two games would lose one silently.
    assert!(error_line(&["value", "cram(3,5) + node-kayles-grid(2,3)", "--db", f]).contains("one game"));
    // A file that cannot be written is found before the search, not after it.
    let missing = dir.path().join("no/such/dir/c.db");
    assert!(error_line(&["value", "cram(3,5)", "--db", missing.to_str().unwrap()]).contains("cannot write"));
}

/// A run that searched nothing leaves its database as it was (it was rewritten, by a
/// new file renamed over it, after every run); `--db-read-only` reads a shared file and
/// never writes it, even after a search that found new positions, and needs the file to
/// exist.
#[test]
fn a_database_is_written_only_when_a_search_added_to_it() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    grundy().args(["value", "cram(3,5)", "--db", f]).assert().success();
    let (inode, bytes) = (std::fs::metadata(&db).unwrap().ino(), std::fs::read(&db).unwrap());
    // Answered from the file: nothing searched, nothing written.
    grundy()
        .args(["value", "cram(3,5)", "--db", f, "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::contains("cram: 0 positions searched"));
    assert_eq!(std::fs::metadata(&db).unwrap().ino(), inode);
    // Read only: a board the file does not hold is searched, and the file kept.
    grundy()
        .args(["value", "cram(4,5)", "--db", f, "--db-read-only", "--stats"])
        .assert()
        .success()
        .stdout("cram(4,5): value 2, N-position (the next player wins)\n")
        .stderr(
            predicate::str::contains("grundy: read the database")
                .and(predicate::str::contains("read only: it will not be written"))
                .and(predicate::str::contains("cram: 0 positions searched").not()),
        );
    assert_eq!(std::fs::metadata(&db).unwrap().ino(), inode);
    assert_eq!(std::fs::read(&db).unwrap(), bytes);
    // Without the flag the same run adds to it.
    grundy()
        .args(["value", "cram(4,5)", "--db", f])
        .assert()
        .success()
        .stderr(predicate::str::contains("resumed from the database"));
    assert_ne!(std::fs::read(&db).unwrap(), bytes);
    // A read-only database must exist (none is made), and the flag needs --db.
    let missing = dir.path().join("none.db");
    let m = missing.to_str().unwrap();
    let e = error_line(&["value", "cram(3,5)", "--db", m, "--db-read-only"]);
    assert!(
        e.contains("there is no such file") && e.contains("--db-read-only"),
        "{e}"
    );
    assert!(!missing.exists());
    assert!(error_line(&["value", "cram(3,5)", "--db-read-only"]).contains("--db <FILE>"));
    // A named pipe is refused, not opened (the open blocked a read-only run for ever),
    // and so is a directory.
    let fifo = dir.path().join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let p = fifo.to_str().unwrap();
    assert!(error_line(&["value", "cram(3,5)", "--db", p, "--db-read-only"]).contains("not a regular file"));
    assert!(error_line(&["value", "cram(3,5)", "--db", p]).contains("not a regular file"));
    let d = dir.path().to_str().unwrap();
    assert!(error_line(&["value", "cram(3,5)", "--db", d, "--db-read-only"]).contains("a directory"));
}

/// A value changed in every entry of a small board, the checksum made to match: the
/// values recomputed from the rules (every entry of a board this small) expose it.
#[test]
fn a_tampered_value_does_not_recompute() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    grundy().args(["value", "cram(3,4)", "--db", f]).assert().success();
    let mut w = words(&db);
    // Magic, version, name length and 1 word of "cram", the entries, their count, the
    // checksum.
    let n = w[w.len() - 2] as usize;
    assert!(n > 0);
    assert_eq!(w.len(), 4 + 4 * n + 2);
    for i in 0..n {
        let data = &mut w[4 + 4 * i + 3];
        if *data & 0xFFFF != 0xFFFF {
            *data ^= 1; // the value's lowest bit
        }
    }
    write_forged(&db, &mut w);
    assert!(error_line(&["value", "cram(3,4)", "--db", f]).contains("does not recompute"));
}

/// The sample is drawn from the whole file: a file whose first 48 entries are right
/// and every later one wrong is refused (a sample of the first entries would pass it).
#[test]
fn the_sample_checks_the_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    grundy().args(["value", "cram(3,8)", "--db", f]).assert().success();
    let mut w = words(&db);
    let n = w[w.len() - 2] as usize;
    assert!(n > 1000, "{n} entries");
    // Entries of at most 20 cells are sampled; every one after the first 48 is made
    // wrong (within the bound on values, half the cells, which is checked for all).
    let mut small = 0;
    for i in 0..n {
        let data = &mut w[4 + 4 * i + 3];
        let cells = (*data >> 16) & 0xFFFF;
        if cells <= 20 {
            small += 1;
            if small > 48 && *data & 0xFFFF != 0xFFFF && (*data & 0xFFFF ^ 1) <= cells / 2 {
                *data ^= 1;
            }
        }
    }
    assert!(small > 500, "{small} small entries");
    write_forged(&db, &mut w);
    let err = error_line(&["value", "cram(3,8)", "--db", f]);
    assert!(err.contains("does not recompute (its value is"), "{err}");
}

/// Ctrl-C keeps what the search knew: the rerun resumes from it.
#[test]
fn an_interrupted_search_resumes_from_its_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    let (code, _, err) = interrupted(&["value", "cram(5,9)", "--db", f], 1.5);
    assert_eq!(code, Some(130), "{err}");
    assert!(db.exists(), "{err}");
    // A copy left by a run killed while it saved (a pid that runs no process, untouched
    // for two hours) is removed by the next save; one of a process that runs (this
    // test's), one written a moment ago (a save in progress on another machine) and a
    // name this program does not write are left.
    let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    let old = |name: String| {
        let p = dir.path().join(name);
        std::fs::write(&p, "left by a killed run").unwrap();
        let f = std::fs::File::options().write(true).open(&p).unwrap();
        f.set_modified(two_hours_ago).unwrap();
        p
    };
    let stale = old(format!(".cram.db.tmp-{}", i32::MAX - 7));
    let live = old(format!(".cram.db.tmp-{}", std::process::id()));
    let other = old(format!(".cram.db.tmp-0{}", i32::MAX - 7));
    let recent = dir.path().join(format!(".cram.db.tmp-{}", i32::MAX - 8));
    std::fs::write(&recent, "a save in progress elsewhere").unwrap();
    let (code, _, err) = interrupted(&["value", "cram(5,9)", "--db", f], 1.0);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("resumed from the database"), "{err}");
    assert!(
        !stale.exists() && live.exists() && other.exists() && recent.exists(),
        "{err}"
    );
}

/// SIGTERM (and SIGHUP) stop a run as Ctrl-C does, saving its database: `timeout`,
/// `kill` and a batch system at the end of a job's time send it, and the run ended at
/// once with nothing saved (a hostile check).
#[test]
fn sigterm_saves_the_database_as_ctrl_c_does() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cram.db");
    let f = db.to_str().unwrap();
    let (code, _, err) = signalled(libc::SIGTERM, &["value", "cram(5,9)", "--db", f], 1.5);
    assert_eq!(code, Some(130), "{err}");
    assert!(db.exists() && err.contains("interrupted"), "{err}");
    let (code, _, err) = signalled(libc::SIGHUP, &["value", "cram(5,9)", "--db", f], 1.0);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("resumed from the database"), "{err}");
}

#[test]
fn a_database_larger_than_the_table_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nk.db");
    let f = db.to_str().unwrap();
    grundy()
        .args(["value", "node-kayles-grid(5,11)", "--db", f])
        .assert()
        .success();
    let before = std::fs::read(&db).unwrap();
    let entries = words(&db)[words(&db).len() - 2];
    assert!(entries > 80000, "{entries} entries");
    // The limit whose table (three quarters of it, 24 bytes an entry) holds the file's
    // entries, in KiB: the file's size varies from run to run on two threads, and the
    // limits below are taken from it.
    let need_kib = entries * 24 * 4 / 3 / 1024;
    // A limit whose table holds fewer entries than the file: refused with the memory
    // it needs, and the file is left as it was.
    let small = format!("{}K", need_kib * 9 / 10);
    let line = error_line(&["--memory-limit", &small, "value", "node-kayles-grid(5,11)", "--db", f]);
    assert!(
        line.contains("reading the database") && line.contains("--memory-limit"),
        "{line}"
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
    // At every limit the file is read whole, or with at most a hundredth of its
    // entries left out where the table's windows were full (said on stderr; the search
    // at its bound would replace them too), or refused: a file saved from a table at
    // its bound must resume at the same limit.
    let (mut read, mut partly) = (0, 0);
    for kib in (need_kib..=need_kib * 8 / 5).step_by((need_kib / 32) as usize) {
        let limit = format!("{kib}K");
        let out = grundy()
            .args([
                "--memory-limit",
                &limit,
                "value",
                "node-kayles-grid(5,11)",
                "--db",
                f,
                "--stats",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let now = words(&db)[words(&db).len() - 2];
        if !out.status.success() {
            assert!(err.contains("reading the database"), "{limit}: {err}");
            assert_eq!(now, entries, "{limit}: {err}");
        } else if err.contains("left out") {
            partly += 1;
            assert!(now >= entries - entries / 100, "{limit}: {now} of {entries}: {err}");
            std::fs::write(&db, &before).unwrap();
        } else {
            read += 1;
            assert!(err.contains(&format!("{entries} table entries")), "{limit}: {err}");
            assert_eq!(now, entries, "{limit}: {err}");
        }
    }
    assert!(read > 0, "no limit in the range reads the file whole");
    assert!(partly > 0, "no limit in the range leaves entries out");
}

/// A file longer than the table at the limit could hold is refused by its length,
/// before it is read (a sparse file of 20 GB was read whole, for its checksum, before
/// it was found too large: 22 s; one of a terabyte, 18 minutes).
#[test]
fn a_database_too_long_for_the_limit_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nk.db");
    let f = db.to_str().unwrap();
    grundy()
        .args(["value", "node-kayles-grid(3,12)", "--db", f])
        .assert()
        .success();
    let file = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
    // Sparse: 8 GiB of zeros, read in some seconds by the pass that found it damaged.
    file.set_len(1 << 33).unwrap();
    drop(file);
    let line = error_line(&["--memory-limit", "1G", "value", "node-kayles-grid(3,12)", "--db", f]);
    // Refused by its length (the pass over it would have said "damaged").
    assert!(
        line.contains("reading the database") && line.contains("makes room for"),
        "{line}"
    );
    assert_eq!(std::fs::metadata(&db).unwrap().len(), 1 << 33);
}

/// A database the system refuses to write after the search (here a file size limit,
/// as a full disk would) is an error, exit 2, that still gives the value found: a
/// record run's hours are not lost with the file (a hostile check: the value was not
/// printed).
#[test]
fn a_failed_save_keeps_the_value_found() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nk.db");
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    cmd.args(["value", "node-kayles-grid(3,12)", "--db", db.to_str().unwrap()]);
    // SAFETY: setrlimit is async-signal-safe; the limit is a local value.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 4096,
                rlim_max: libc::RLIM_INFINITY,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &lim);
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cannot write the database")
            && err.contains("the search had finished: node-kayles-grid(3,12) has the value 5"),
        "{err}"
    );
    assert!(!db.exists(), "{err}");
}

/// A database that cannot be replaced is refused before the search, as one that cannot
/// be written: the rename that ends the save would fail (here an existing file that
/// cannot be opened for writing: read-only to a user, immutable, append-only; another
/// user's file in a sticky directory is refused likewise). One that can be replaced is
/// not refused: root replaces a read-only file, so under root (as CI runs) only that
/// half is checked; the refusal was checked by hand as `nobody`.
#[test]
fn a_database_that_cannot_be_replaced_is_refused_first_and_one_that_can_is_not() {
    use std::os::unix::fs::PermissionsExt;
    // Root opens a read-only file for writing: the check has nothing to refuse.
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("nk.db");
        std::fs::write(&db, b"").unwrap();
        std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
        // Root replaces it: the check does not refuse what would work.
        let line = error_line(&["value", "node-kayles-grid(3,4)", "--db", db.to_str().unwrap()]);
        assert!(line.contains("not a database"), "{line}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nk.db");
    grundy()
        .args(["value", "node-kayles-grid(3,4)", "--db", db.to_str().unwrap()])
        .assert()
        .success();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    let line = error_line(&["value", "node-kayles-grid(3,12)", "--db", db.to_str().unwrap()]);
    assert!(line.contains("cannot be replaced"), "{line}");
}

/// The graph families keep databases too: the regions of P(n,k) that lie in an interval
/// are the same graph on every n, so one file serves the family; a key that is no
/// region of the family (made by hand, the checksum made to match) is refused.
#[test]
fn a_graph_familys_database_serves_its_other_graphs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("petersen.db");
    let f = db.to_str().unwrap();
    grundy()
        .args(["value", "node-kayles-petersen(16,2)", "--db", f])
        .assert()
        .success()
        .stdout("node-kayles-petersen(16,2): value 0, P-position (the previous player wins)\n")
        .stderr(predicate::str::contains("is new"));
    grundy()
        .args(["value", "node-kayles-petersen(21,2)", "--db", f])
        .assert()
        .success()
        .stdout("node-kayles-petersen(21,2): value 1, N-position (the next player wins)\n")
        .stderr(predicate::str::contains("resumed from the database"));
    assert!(error_line(&["value", "node-kayles-queens(5)", "--db", f])
        .contains("a database of node-kayles-petersen, not of node-kayles-queens"));
    // Magic, version, the name (20 bytes: its length and 3 words), then entries of a
    // key in 5 words and a word of data.
    let good = words(&db);
    let n = good[good.len() - 2] as usize;
    assert!(n > 0);
    assert_eq!(good.len(), 6 + 6 * n + 2);
    // A kind of region that does not exist, a graph's number of another run, a cycle
    // longer than the family's, and no vertex.
    for (word, bad) in [(0, 3u64), (0, 1 << 32), (0, 1 | 2 << 2 | 200 << 10), (1, 0)] {
        let mut w = good.clone();
        w[6 + word] = bad;
        if word == 1 {
            w[6 + 2..6 + 5].iter_mut().for_each(|x| *x = 0);
        }
        write_forged(&db, &mut w);
        let err = error_line(&["value", "node-kayles-petersen(16,2)", "--db", f]);
        assert!(
            err.contains("entry 1: not a component of node-kayles-petersen"),
            "{err}"
        );
    }
}
