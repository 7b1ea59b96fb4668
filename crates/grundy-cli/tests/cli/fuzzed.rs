//! No input makes the process exit 101 (a panic): the `grundy` binary on random
//! expression strings, built from pieces of the grammar and stray characters, under
//! every command that takes an expression or a name. Small work and memory limits keep
//! each run short; the case count is bounded so the suite stays quick.

use crate::common::grundy;
use proptest::prelude::*;
use std::time::Duration;

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "nim",
            "kayles",
            "min",
            "cdn",
            "delete-nim",
            "subtraction",
            "maliquot",
            "totient",
            "0.137",
            ".6",
            "4!.0",
            "0.[3]",
            "take-and-break",
            "powerset-totative",
            "aliquot-sum",
            "partial-aliquot-sum",
            "laskers-nim",
            "dividing",
            "divide-and-residue",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            ",",
            "+",
            "*",
            "!",
            "?",
            "=",
            ".",
            "&",
            ";",
            " ",
            "\n",
            "é",
            "∞",
            "-",
            "0",
            "1",
            "7",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999",
        ])
        .prop_map(str::to_string),
        (0u64..1000).prop_map(|n| n.to_string()),
        any::<char>()
            .prop_filter("argv cannot hold NUL", |&c| c != '\0')
            .prop_map(|c| c.to_string()),
    ]
}

fn expression() -> impl Strategy<Value = String> {
    prop_oneof![
        // Mostly well-formed shapes with random names and numbers.
        (piece(), proptest::collection::vec(piece(), 0..5)).prop_map(|(n, a)| format!("{n}({})", a.join(","))),
        // Anything made of the pieces.
        proptest::collection::vec(piece(), 0..12).prop_map(|v| v.concat()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_input_exits_101(expr in expression(), command in 0usize..6) {
        let args: Vec<String> = match command {
            0 => vec!["value".into(), expr.clone()],
            1 => vec!["moves".into(), expr.clone()],
            2 => vec!["moves".into(), expr.clone(), "--all".into()],
            3 => vec!["seq".into(), expr.clone(), "--to".into(), "300".into()],
            4 => vec!["period".into(), expr.clone(), "--to".into(), "300".into()],
            _ => vec!["value".into(), expr.clone(), "--method".into(), "formula".into()],
        };
        let out = grundy()
            .args(["--max-work", "1e6", "--memory-limit", "256M"])
            .args(&args)
            .args(if command == 4 { &[][..] } else { &["--graph-bound", "10000"][..] })
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let code = out.status.code();
        prop_assert!(code == Some(0) || code == Some(2), "{args:?}: exit {code:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
