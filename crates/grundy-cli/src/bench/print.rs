//! Benchmarks of the print path: the whole `grundy seq` command writing 10^7 values to
//! `/dev/null`, against grundy's engine computing them, timed in the same run. The
//! difference is what formatting and writing cost (README, Benchmarks: under 0.1 s for
//! each format).

use super::Bench;
use anyhow::{bail, Context, Result};
use grundy::catalog::parse_ruleset;
use grundy::Control;
use std::process::{Command, Stdio};

/// The whole `grundy seq ARGS` (this executable) with its output to `/dev/null`.
pub(super) fn whole_seq(args: &[&str]) -> Result<String> {
    let exe = std::env::current_exe()?;
    let out = Command::new(&exe)
        .arg("seq")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .with_context(|| format!("cannot run {}", exe.display()))?;
    if !out.status.success() {
        bail!(
            "grundy seq {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(format!("grundy seq {} > /dev/null", args.join(" ")))
}

/// grundy's engine alone: the values of heaps 0..=n of `code` (nothing printed).
pub(super) fn engine_only(code: &str, n: u64) -> Result<String> {
    let rs = parse_ruleset(code)?;
    let seq = grundy::solve::sequence(rs.as_heap("bench")?.as_ref(), n, &Control::new())?;
    Ok(format!("G({n}) = {}, computed, not printed", seq.get(n)))
}

/// A benchmark of `grundy seq CODE --to N --format FORMAT > /dev/null` against the
/// engine computing the same values.
macro_rules! print_row {
    ($name:literal, $code:literal, $to:literal, $n:expr, $format:literal) => {
        Bench {
            name: $name,
            target: concat!(
                "the whole grundy seq ",
                $code,
                " --to ",
                $to,
                " --format ",
                $format,
                " > /dev/null"
            ),
            baseline: concat!(
                "grundy's engine alone, ",
                $code,
                ", heaps 0..=",
                $to,
                " (nothing printed)"
            ),
            requirement: "printing adds under 0.1 s to the engine (README, Benchmarks)",
            run_target: || whole_seq(&[$code, "--to", $to, "--format", $format]),
            run_baseline: || engine_only($code, $n),
        }
    };
}

pub(super) fn benches() -> Vec<Bench> {
    vec![
        print_row!("print/0.106-1e7-text", "0.106", "10000000", 10_000_000, "text"),
        print_row!("print/0.106-1e7-csv", "0.106", "10000000", 10_000_000, "csv"),
        print_row!("print/0.106-1e7-bfile", "0.106", "10000000", 10_000_000, "bfile"),
        print_row!("print/0.106-1e7-json", "0.106", "10000000", 10_000_000, "json"),
    ]
}
