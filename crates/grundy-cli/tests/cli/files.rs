//! Checkpoints and output files (issue 18): saved values are checked before a run
//! resumes from them, a crafted value allocates nothing, a second Ctrl-C waits for the
//! checkpoint's save, symbolic links are written through.

use crate::common::{error_line, grundy};
use grundy::rulesets::take_break::checkpoint::{decode_named, encode_named};
use std::path::Path;

/// The values saved in the checkpoint at `path` for `name`.
fn saved(path: &Path, name: &str) -> Vec<u32> {
    decode_named(name, &std::fs::read(path).unwrap(), "test").unwrap()
}

/// Rewrites the checkpoint at `path` with heap `heap` holding `value` and a valid
/// checksum (anyone can recompute it).
fn tamper(path: &Path, name: &str, heap: usize, value: u32) {
    let mut values = saved(path, name);
    values[heap] = value;
    std::fs::write(path, encode_named(name, &values)).unwrap();
}

/// Runs `seq CODE --to TO --checkpoint PATH` and returns its stdout.
fn seq_with_checkpoint(code: &str, to: u64, path: &Path) -> std::process::Output {
    grundy()
        .args(["seq", code, "--to", &to.to_string(), "--checkpoint"])
        .arg(path)
        .output()
        .unwrap()
}

#[test]
fn a_checkpoint_with_wrong_values_and_a_valid_checksum_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.ck");
    let fresh = seq_with_checkpoint("0.137", 300, &ck);
    assert!(fresh.status.success());
    let good = std::fs::read(&ck).unwrap();
    let last = saved(&ck, "dawsons-chess")[300];
    // A wrong value at the last heap: recomputed from the rules, refused.
    tamper(&ck, "dawsons-chess", 300, last ^ 1);
    let args = ["seq", "0.137", "--to", "400", "--checkpoint", ck.to_str().unwrap()];
    let e = error_line(&args);
    assert!(
        e.contains("checkpoint") && e.contains("heap 300 holds") && e.contains("delete it"),
        "{e}"
    );
    // A value no heap of the ruleset can have, anywhere: refused by the bounds.
    std::fs::write(&ck, &good).unwrap();
    tamper(&ck, "dawsons-chess", 150, 1000);
    let e = error_line(&args);
    assert!(e.contains("heap 150 holds 1000"), "{e}");
    // The intact file resumes, says so, and gives the values of a fresh run.
    std::fs::write(&ck, &good).unwrap();
    let resumed = seq_with_checkpoint("0.137", 400, &ck);
    assert!(resumed.status.success());
    let err = String::from_utf8(resumed.stderr).unwrap();
    assert!(err.contains("resumed from heap 301"), "{err}");
    let plain = grundy().args(["seq", "0.137", "--to", "400"]).output().unwrap();
    assert_eq!(resumed.stdout, plain.stdout);
}

/// A checkpoint holding one value 2^32 − 1 made the engine allocate 8 GiB for its
/// option sets and abort.
#[test]
fn a_crafted_checkpoint_value_allocates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("x.ck");
    assert!(seq_with_checkpoint("0.137", 100, &ck).status.success());
    tamper(&ck, "dawsons-chess", 50, u32::MAX);
    let e = error_line(&["seq", "0.137", "--to", "6000", "--checkpoint", ck.to_str().unwrap()]);
    assert!(e.contains("heap 50 holds 4294967295"), "{e}");
}

#[test]
fn checkpoints_are_refused_for_loopy_rulesets() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("l.ck");
    let e = error_line(&["seq", "aliquot-sum", "--to", "20", "--checkpoint", ck.to_str().unwrap()]);
    assert!(e.contains("--checkpoint") && e.contains("loopy"), "{e}");
    assert!(!ck.exists());
}

/// A dangling symbolic link was replaced by a regular file (and a link to a file
/// likewise, leaving the file it pointed to behind): the link is written through.
#[cfg(unix)]
#[test]
fn a_checkpoint_behind_a_symbolic_link_is_written_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.ck");
    std::os::unix::fs::symlink("real.ck", &link).unwrap();
    let real = dir.path().join("real.ck");
    for to in [100, 200] {
        let out = seq_with_checkpoint("0.6", to, &link);
        assert!(out.status.success());
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(saved(&real, "officers").len(), to as usize + 1);
    }
    // The second run resumed through the link.
    let out = seq_with_checkpoint("0.6", 300, &link);
    assert!(String::from_utf8(out.stderr).unwrap().contains("resumed from heap 201"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        2,
        "no temporary file left"
    );
}

/// A long run resuming from the checkpoint `ck`, once it says so (its Ctrl-C handler
/// is installed), with a FIFO in place of its save's temporary file
/// (`.g.ck.tmp-PID`, [`grundy::control::temporary_path`]): the save blocks in opening
/// it until the test reads it. Ctrl-C is sent twice, 100 ms apart (signals sent
/// together merge into one), and the run must still be saving 200 ms later.
#[cfg(unix)]
fn interrupt_during_the_save(ck: &Path) -> (std::process::Child, std::path::PathBuf) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["seq", "4!.0", "--to", "10000000", "--checkpoint"])
        .arg(ck)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stderr.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("resumed from heap 5001"), "{line}");
    // Heaps computed after the resume, so that stopping has something new to save (a
    // run stopped before its first new heap saves nothing and exits at once, which a
    // loaded machine made happen here).
    std::thread::sleep(std::time::Duration::from_millis(500));
    let fifo = ck.with_file_name(format!(".g.ck.tmp-{}", child.id()));
    hold_the_save_and_interrupt_twice(&mut child, &fifo);
    (child, fifo)
}

/// Puts a FIFO at `fifo`, the temporary file of the child's save, so that the save
/// blocks in opening it until the test reads it; sends Ctrl-C twice, 100 ms apart
/// (signals sent together merge into one); the child must still be saving 200 ms
/// later.
#[cfg(unix)]
fn hold_the_save_and_interrupt_twice(child: &mut std::process::Child, fifo: &Path) {
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo(3) with a valid NUL-terminated path; kill(2) on our own child.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    for _ in 0..2 {
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the second Ctrl-C ended the run before its save"
    );
}

/// A second Ctrl-C exited at once, during the save of the checkpoint, which was lost.
/// Now it waits for the save; a third abandons it, removing the temporary file and
/// leaving the old checkpoint whole.
#[cfg(unix)]
#[test]
fn a_second_ctrl_c_waits_for_the_checkpoint_save() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("g.ck");
    assert!(seq_with_checkpoint("4!.0", 5000, &ck).status.success());
    // The save goes on once the test reads: every heap finished is written.
    let (mut child, fifo) = interrupt_during_the_save(&ck);
    let written = std::fs::read(&fifo).unwrap();
    assert!(decode_named("grundys-game", &written, "fifo").unwrap().len() > 5001);
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    child.wait().unwrap();
    assert!(err.contains("saving") && err.contains("g.ck"), "{err}");
    // (A FIFO cannot be synced to disk: that save fails, is reported, and leaves the
    // old checkpoint.)
    assert!(err.contains("cannot write checkpoint"), "{err}");
    assert_eq!(saved(&ck, "grundys-game").len(), 5001);
    // A third Ctrl-C abandons the save: the temporary file goes, the old file stays.
    let (mut child, fifo) = interrupt_during_the_save(&ck);
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(
        err.trim_end().ends_with(&format!(
            "grundy: the save was abandoned: {} is as it was before this run's save",
            ck.display()
        )),
        "{err}"
    );
    assert!(std::fs::symlink_metadata(&fifo).is_err(), "the temporary file was left");
    assert_eq!(saved(&ck, "grundys-game").len(), 5001);
}

/// `value --db`: a second Ctrl-C exited at once, without the save of the database when
/// the search stops (seen on a 40-minute Cram 5×10 run stopped through `timeout`, which
/// passes the signal on). Now it waits for the save, as for `seq --checkpoint`: a FIFO
/// in place of the save's temporary file holds the save until the test reads it.
#[cfg(unix)]
#[test]
fn a_second_ctrl_c_waits_for_the_database_save() {
    use std::io::{BufRead, Read};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["value", "cram(5,9)", "--db"])
        .arg(&db)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.contains("is new"), "{line}");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let fifo = db.with_file_name(format!(".t.db.tmp-{}", child.id()));
    hold_the_save_and_interrupt_twice(&mut child, &fifo);
    let written = std::fs::read(&fifo).unwrap();
    assert!(written.len() > 1000, "{} bytes saved", written.len());
    let mut err = String::new();
    stderr.read_to_string(&mut err).unwrap();
    child.wait().unwrap();
    assert!(err.contains("saving") && err.contains("t.db"), "{err}");
}
