//! The help a new user reads first: `grundy --help` opens with what grundy does, the
//! expression syntax, five examples that run, and where the reference is; the global
//! options are listed once there and only named by the commands they apply to; `list
//! NAME` shows one ruleset.

use crate::common::{error_line, grundy, json, stdout};

const COMMANDS: &[&str] = &[
    "list",
    "value",
    "moves",
    "seq",
    "graph",
    "verify",
    "plot",
    "table",
    "period",
    "min-facts",
    "reproduce",
    "bench",
];

#[test]
fn the_help_opens_with_what_grundy_does_its_syntax_and_examples_that_run() {
    let help = stdout(&["--help"]);
    let usage = help.find("Usage:").unwrap();
    let head = &help[..usage];
    assert!(
        head.starts_with("grundy ") && head.contains("Sprague–Grundy values"),
        "{head}"
    );
    assert!(head.contains("name[parameters]") && head.contains("10^12") && head.contains("h*c"));
    assert!(head.contains("docs/cli.md"));
    let examples: Vec<&str> = head
        .lines()
        .skip_while(|l| *l != "Examples:")
        .skip(1)
        .take_while(|l| l.starts_with("  grundy "))
        .collect();
    assert_eq!(examples.len(), 5, "{head}");
    for line in examples {
        // The command is the line up to its comment (two or more spaces).
        let cmd = line.trim().split("   ").next().unwrap().trim();
        let mut args = Vec::new();
        let mut rest = cmd.strip_prefix("grundy ").unwrap();
        while !rest.is_empty() {
            rest = rest.trim_start();
            let (arg, tail) = match rest.strip_prefix('\'') {
                Some(q) => q.split_once('\'').unwrap(),
                None => rest.split_once(' ').unwrap_or((rest, "")),
            };
            args.push(arg.to_string());
            rest = tail;
        }
        let out = grundy().args(&args).output().unwrap();
        assert!(out.status.success(), "{cmd}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn global_options_are_listed_once_and_named_where_they_apply() {
    let help = stdout(&["--help"]);
    assert_eq!(help.matches("--memory-limit <BYTES>").count(), 1, "{help}");
    assert_eq!(help.matches("--max-work <N>").count(), 1, "{help}");
    assert!(help.contains("Global options (before or after the command):"));
    for c in COMMANDS {
        for flag in ["-h", "--help"] {
            let h = stdout(&[c, flag]);
            assert!(
                !h.contains("--memory-limit <"),
                "{c} {flag} lists the global options:\n{h}"
            );
            assert!(!h.contains("--max-work <"), "{c} {flag}");
            let named = h.contains("Global options (grundy --help): --memory-limit BYTES, --max-work N.");
            // list and bench compute nothing under the limits.
            assert_eq!(named, !matches!(*c, "list" | "bench"), "{c} {flag}:\n{h}");
        }
    }
    // They still work on either side of the command.
    for args in [
        &["--max-work", "2", "seq", "nim", "--to", "30"][..],
        &["seq", "nim", "--to", "30", "--max-work", "2"][..],
    ] {
        assert!(error_line(args).contains("(set by --max-work 2)"), "{args:?}");
    }
}

#[test]
fn options_that_do_nothing_for_a_command_are_not_shown() {
    let graph = stdout(&["graph", "--help"]);
    assert!(
        graph.contains("--graph-bound <MOVES>") && !graph.contains("--bound <HEAP>"),
        "{graph}"
    );
    // Given all the same, it is refused with the option that does apply.
    let e = error_line(&["graph", "examples/graphs/cycle.json", "--bound", "5"]);
    assert!(e.contains("--graph-bound"), "{e}");
}

#[test]
fn period_shows_both_forms_and_bench_cites_docs() {
    let period = stdout(&["period", "--help"]);
    assert!(period.contains("Usage: grundy period NAME --to N"), "{period}");
    assert!(period.contains("grundy period --check FILE"), "{period}");
    let benches = json(&["bench", "--list", "--format", "json"]);
    for b in benches.as_array().unwrap() {
        let r = b["requirement"].as_str().unwrap();
        assert!(!r.contains("issue"), "{}: {r}", b["name"]);
    }
}

#[test]
fn list_name_shows_one_ruleset() {
    let one = stdout(&["list", "kayles"]);
    assert!(
        one.starts_with("kayles is take-and-break[0.77]\ntake-and-break\n"),
        "{one}"
    );
    assert_eq!(one.matches("  positions:").count(), 1);
    for key in ["  parameters:", "  source:", "  formula:", "  example:"] {
        assert!(one.contains(key), "{key}: {one}");
    }
    let sub = json(&["list", "subtraction[1,2]", "--format", "json"]);
    assert_eq!(sub["name"], "subtraction");
    assert!(sub["formula"].as_str().unwrap().contains("n mod (k+1)"));
    // The memory per heap of the ruleset named: a code leaving one heap needs 4 bytes.
    assert_eq!(json(&["list", "0.3", "--format", "json"])["dense_bytes_per_heap"], 4);
    assert_eq!(json(&["list", "0.137", "--format", "json"])["dense_bytes_per_heap"], 12);
    let e = error_line(&["list", "kayls"]);
    assert!(e.contains("did you mean 'kayles'"), "{e}");
}

/// `list` checks parameters in brackets as every other command does (it described the
/// family of `subtraction[1,2^64]`, `nim[3]`, `moore[0]` and `subtraction[]`, exit 0),
/// and still describes a family named without them.
#[test]
fn list_checks_the_parameters_it_is_given() {
    for (name, says) in [
        ("subtraction[1,2^64]", "column 15"),
        ("nim[3]", "takes no parameters in brackets"),
        ("moore[0]", "invalid parameters"),
        ("subtraction[]", "is empty"),
        // A code or an expression that does not parse points at the character.
        ("0.77[1,2]", "syntax error at column 7"),
        ("cram(3,4)", "a ruleset is written without a position"),
    ] {
        let e = error_line(&["list", name]);
        assert!(e.contains(says), "{name}: {e}");
    }
    for name in ["subtraction", "subtraction[1,2]", "0.137", "moore[2]"] {
        grundy().args(["list", name]).assert().success();
    }
}
