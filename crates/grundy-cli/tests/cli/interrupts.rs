//! Ctrl-C everywhere (issue 18's follow-up): printing a long result stops at the first
//! Ctrl-C keeping what was printed exact, and every command reports an interruption
//! with exit 130, also when the library's error comes through the papers' checks.

use std::io::Read;
use std::process::{Command, Stdio};

/// Sends SIGINT to `child`.
fn interrupt(child: &std::process::Child) {
    // SAFETY: kill(2) has no memory effects; the pid is our child's, not yet waited for.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
}

/// Waits for `child` at most a minute (a run that ignores Ctrl-C fails the test rather
/// than hanging it); returns its exit code.
fn wait(mut child: std::process::Child) -> Option<i32> {
    for _ in 0..600 {
        if let Some(s) = child.try_wait().unwrap() {
            return s.code();
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    panic!("still running a minute after Ctrl-C");
}

/// Runs grundy with `args`, sends Ctrl-C once stdout has its first bytes (the result
/// is computed and being printed; the pipe, not read meanwhile, holds the printing
/// back until the Ctrl-C has arrived), and returns the exit code, all of stdout and
/// stderr.
fn interrupt_while_printing(args: &[&str]) -> (Option<i32>, Vec<u8>, String) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut printed = vec![0u8; 64];
    stdout.read_exact(&mut printed).unwrap();
    interrupt(&child);
    stdout.read_to_end(&mut printed).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    (wait(child), printed, stderr)
}

/// Printing powerset values to 300000 takes hours (values of 150,000 bits in
/// decimal) after a table of a second: a Ctrl-C while printing went unseen. Now the
/// printing stops, the values printed are a complete prefix, and the exit is 130.
#[test]
fn printing_a_long_sequence_stops_at_ctrl_c() {
    let (code, printed, stderr) =
        interrupt_while_printing(&["--max-work", "1e13", "seq", "powerset-maliquant", "--to", "300000"]);
    assert_eq!(code, Some(130), "{stderr}");
    let printed = String::from_utf8(printed).unwrap();
    let count = printed.trim_end().split(',').count();
    assert!(count < 300000, "{count}");
    assert!(
        stderr.contains(&format!(
            "the values printed (heaps 1..={count}) are complete and exact"
        )) && stderr.ends_with("grundy: interrupted\n"),
        "{count}: {stderr}"
    );
}

/// `verify min` runs the papers' checks, whose error wraps the library's: an
/// interruption was "grundy: error: interrupted" with exit 2. (Rows to 40000: about
/// 2.4 GiB estimated, within 80% of what a small machine has; to 100000 was refused on
/// a busy one before the Ctrl-C.)
#[test]
fn an_interrupted_check_of_the_papers_exits_130() {
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["verify", "min", "--to", "40000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr, "grundy: interrupted\n");
}

/// `table` printed its whole grid after a Ctrl-C (millions of cells take seconds, and
/// the text and JSON were built whole first): printing now stops at the first row after
/// Ctrl-C, exit 130.
#[test]
fn printing_a_table_stops_at_ctrl_c() {
    for format in ["text", "csv", "json"] {
        let args = ["table", "min", "--rows", "1000", "--cols", "1000", "--format", format];
        let (code, printed, stderr) = interrupt_while_printing(&args);
        assert_eq!(code, Some(130), "{format}: {stderr}");
        assert_eq!(stderr, "grundy: interrupted\n", "{format}");
        // A few hundred kilobytes at most (the pipe, the writer's buffer, a row), of
        // the 4 to 13 MB of the whole table.
        assert!(printed.len() < 1 << 20, "{format}: {} bytes", printed.len());
    }
}

/// `graph` printed every vertex after a Ctrl-C (a graph of millions of vertices takes
/// seconds, and its lines and JSON were built whole first): printing now stops at the
/// first vertex after Ctrl-C, exit 130.
#[test]
fn printing_a_graph_stops_at_ctrl_c() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cycle.txt");
    // A cycle of 200,000 vertices with a tail to a terminal vertex: every value is found.
    let n = 200_000;
    let lines: String = (0..n).map(|i| format!("v{i}: v{} end\n", (i + 1) % n)).collect();
    std::fs::write(&file, lines + "end:\n").unwrap();
    let file = file.to_str().unwrap();
    for format in ["text", "json"] {
        let (code, printed, stderr) = interrupt_while_printing(&["graph", file, "--format", format]);
        assert_eq!(code, Some(130), "{format}: {stderr}");
        assert_eq!(stderr, "grundy: interrupted\n", "{format}");
        // A few hundred kilobytes at most, of the 3 to 15 MB of the whole output.
        assert!(printed.len() < 1 << 20, "{format}: {} bytes", printed.len());
    }
}
