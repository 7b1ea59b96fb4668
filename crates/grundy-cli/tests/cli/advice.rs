//! Advice that can be followed (a hostile audit): a refusal's advice, followed, gives
//! the result, or the refusal says that nothing does; no advice circles (`--method
//! formula` answering "use --method search", which refused first), no advice to raise
//! a limit that cannot help.

use crate::common::{error_line, grundy};

/// Runs `args`: `Ok(stdout)` on success, `Err(the one line on stderr)` on exit 2.
fn run(args: &[String]) -> Result<String, String> {
    let out = grundy().args(args).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    match out.status.code() {
        Some(0) => Ok(String::from_utf8(out.stdout).unwrap()),
        Some(2) => {
            assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: not one line: {err}");
            Err(err.trim_end().to_string())
        }
        code => panic!("{args:?}: exit {code:?}: {err}"),
    }
}

fn owned(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// The methods a refusal advises (`--method auto or --method formula gives …`).
fn advised_methods(err: &str) -> Vec<String> {
    err.split("--method ")
        .skip(1)
        .map(|rest| rest.chars().take_while(char::is_ascii_alphabetic).collect())
        .collect()
}

/// `args` with its `--method` set to `method` (replaced, or added).
fn with_method(args: &[String], method: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--method" {
            it.next();
        } else {
            out.push(a.clone());
        }
    }
    out.extend(["--method".to_string(), method.to_string()]);
    out
}

/// Each method `err` advises, followed, gives the result.
fn advice_works(args: &[String], err: &str) {
    for m in advised_methods(err) {
        let next = with_method(args, &m);
        if let Err(e) = run(&next) {
            panic!("{args:?} advised --method {m}: {err}\nwhich refused: {e}");
        }
    }
}

/// A table past 2^32 heaps is refused whatever the memory limit: the refusal names the
/// bound, advises no memory limit (`saliquant(2^32)` advised raising --memory-limit, and
/// was refused again under `--memory-limit 100G`), and says what answers the heap
/// instead: the closed form, a proven period, or nothing, and why.
#[test]
fn a_table_past_2_to_the_32_names_the_bound_and_what_answers_instead() {
    for extra in [&[][..], &["--memory-limit", "100G"][..]] {
        let args = owned(&[extra, &["value", "saliquant(4294967296)"]].concat());
        let e = run(&args).unwrap_err();
        assert!(
            e.contains("a table of saliquant to 4294967296 needs an estimated 64.0 GiB, but dense tables stop below 2^32 heaps, whatever the memory limit")
                && e.ends_with("no closed form gives heap 4294967296 either (Theorem 4 gives the value of odd heaps only; for even heaps it proves G(n) < n/2)")
                && !e.contains("raise it")
                && !e.contains("--memory-limit")
                && advised_methods(&e).is_empty(),
            "{args:?}: {e}"
        );
    }
    // The odd heap next to it has a closed-form value.
    run(&owned(&["value", "saliquant(4294967297)"])).unwrap();
    for (expr, method, advice) in [
        (
            "nim(4294967296)",
            "search",
            "--method auto or --method formula gives heap 4294967296 from the closed form",
        ),
        (
            "kayles(4294967296)",
            "search",
            "--method auto answers heap 4294967296 from a period its theorem proves",
        ),
        (
            "kayles(4294967296)",
            "formula",
            "so use --method auto, which answers it from a period its theorem proves",
        ),
        (
            "totative(18446744073709551557)",
            "formula",
            "so no search answers it either",
        ),
    ] {
        let args = owned(&["value", expr, "--method", method]);
        let e = run(&args).unwrap_err();
        assert!(e.contains(advice) && !e.contains("--memory-limit"), "{args:?}: {e}");
        advice_works(&args, &e);
    }
    let e = error_line(&["value", "totative(18446744073709551557)"]);
    assert!(
        e.contains(
            "whatever the memory limit; no closed form gives heap 18446744073709551557 either (the value needs π(p)"
        ),
        "{e}"
    );
    let e = error_line(&["value", "divide-and-residue(4294967296)"]);
    assert!(
        e.ends_with("divide-and-residue has no closed form to give heap 4294967296 instead\n"),
        "{e}"
    );
    // The census and the plot name the bound first, not a memory limit or fewer jobs
    // for their tables or points (a higher limit was then refused for the bound).
    for args in [
        &["--memory-limit", "2G", "census", "octal:1", "--to", "5000000000"][..],
        &[
            "--memory-limit",
            "2G",
            "plot",
            "grundys-game",
            "--to",
            "5000000000",
            "-o",
            "/tmp/never-written.svg",
        ][..],
    ] {
        let e = error_line(args);
        assert!(
            e.contains("but dense tables stop below 2^32 heaps, whatever the memory limit")
                && !e.contains("--memory-limit")
                && !e.contains("--jobs"),
            "{args:?}: {e}"
        );
    }
}

/// `seq`'s advice to use the closed form is given exactly where `--method formula`
/// gives every heap of the range: totative near 2^64 advised it where a heap's value
/// needs π(p) of a prime above 10^11, and `--method formula` then said to use `--method
/// search` (an advice circle); `powerset-saliquot`, whose closed form gives every heap,
/// got no advice. `--method auto` takes the closed form where no table reaches the
/// range, and every advice given, followed, works.
#[test]
fn the_closed_form_is_advised_exactly_where_it_gives_the_range() {
    let top = u64::MAX;
    let ranges: Vec<(&str, u64, u64)> = vec![
        ("totative", top - 615, top - 605),
        ("totative", top - 115, top - 100),
        ("totative", top - 65, top - 55),
        ("totative", top - 15, top),
        ("totative", 100_000_000_000 - 5, 100_000_000_000 + 5),
        ("powerset-saliquot", top - 615, top - 605),
        ("saliquant", 10_000_000_001, 10_000_000_001),
        ("saliquant", 10_000_000_001, 10_000_000_003),
        ("nontotative", 10_000_000_000, 10_000_000_040),
    ];
    let mut either = [false, false];
    for (name, from, to) in ranges {
        let args = owned(&["seq", name, "--from", &from.to_string(), "--to", &to.to_string()]);
        let formula = run(&with_method(&args, "formula"));
        either[usize::from(formula.is_ok())] = true;
        let search = with_method(&args, "search");
        let e = run(&search).unwrap_err();
        assert!(
            e.contains("whatever the memory limit") && !e.contains("--memory-limit"),
            "{search:?}: {e}"
        );
        assert_eq!(e.contains("--method formula"), formula.is_ok(), "{search:?}: {e}");
        advice_works(&search, &e);
        match (run(&args), &formula) {
            (Ok(auto), Ok(values)) => assert_eq!(&auto, values, "{args:?}"),
            (Err(e), Err(_)) => {
                assert!(e.contains("no closed form gives heap"), "{args:?}: {e}");
                advice_works(&args, &e);
            }
            (auto, formula) => panic!("{args:?}: auto {auto:?}, formula {formula:?}"),
        }
        if let Err(e) = &formula {
            // No circle: a closed form without a value does not send to a search that
            // no table can make.
            assert!(
                e.contains("no table reaches heap") && !e.contains("use --method search"),
                "{args:?}: {e}"
            );
        }
    }
    assert_eq!(either, [true, true], "the ranges cover both cases");
}

/// `--method auto` over a range no table reaches (heaps 10^18 …) takes the closed form
/// where there is one, and says so (it built a table and was refused for memory).
#[test]
fn auto_takes_the_closed_form_where_no_table_reaches() {
    let out = grundy()
        .args([
            "seq",
            "nim",
            "--method",
            "auto",
            "--from",
            "10^18",
            "--to",
            "1000000000000000010",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let values: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .trim_end()
        .split(',')
        .map(String::from)
        .collect();
    assert_eq!(values.len(), 11);
    assert_eq!(values[10], "1000000000000000010");
    assert!(
        err.contains("grundy: note: nim: heaps 1000000000000000000..=1000000000000000010 by the closed form (Bouton")
            && err.contains("since no table reaches them (dense tables stop below 2^32 heaps)"),
        "{err}"
    );
    // Within the tables' reach, a table refused by a limit that can be raised stays
    // refused (seq computes from the rules), with the advice that works.
    let e = error_line(&["--memory-limit", "1M", "seq", "nim", "--to", "1000000"]);
    assert!(
        e.contains("(set by --memory-limit 1M); --method formula gives these from the closed form"),
        "{e}"
    );
}

/// `--max-work none` lifts the limit, but on an upper bound of the options listed one
/// by one (every option of twenty Nim heaps near 10^18: 2·10^19) the run may list that
/// many, and the refusal says so; on a model's estimate that a search may undercut by
/// far it says only that the limit is lifted. `moves '0.B(10^18) + nim(1)'` was such a
/// refusal (8.3·10^34 splits in three, listed one by one): its winning moves are now
/// found through the proven period, counted exactly.
#[test]
fn lifting_the_work_limit_on_an_upper_bound_says_what_follows() {
    let heaps: Vec<String> = (0..20)
        .map(|i| (1_000_000_000_000_000_000u64 + i).to_string())
        .collect();
    let expr = format!("nim({})", heaps.join(","));
    let e = error_line(&["--memory-limit", "1G", "moves", &expr, "--all"]);
    assert!(
        e.contains("visits about 2.00e19 options (an upper bound on the options enumerated)")
            && e.trim_end().ends_with(
                "--max-work none lifts the limit, but the estimate is an upper bound on options listed one by one: the run may list that many)"
            ),
        "{e}"
    );
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("star.txt");
    let edges: Vec<String> = (0..100).map(|i| format!("c-v{i}")).collect();
    std::fs::write(&f, edges.join(" ")).unwrap();
    let expr = format!("node-kayles(\"@{}\")", f.display());
    let e = error_line(&["--max-work", "1.8e19", "value", &expr]);
    assert!(
        e.contains("--max-work none lifts the limit") && !e.contains("upper bound"),
        "{e}"
    );
    let v = crate::common::json(&["moves", "0.B(10^18) + nim(1)", "--format", "json"]);
    assert_eq!(v["value"], "1", "{v}");
    // round((10^18 − 1)²/12) splits in three, the one heap 10^18 − 1, nim(1) → nim(0).
    assert_eq!(v["winning_count"], "83333333333333333166666666666666669", "{v}");
    assert_eq!(
        v["winning"][1], "take-and-break[0.B](1,1,999999999999999997) + nim(1)",
        "{v}"
    );
}

/// The misère listing of one huge heap was refused for its work, and with `--max-work
/// none` for its memory, a floor counted as the options were listed that followed the
/// limit up: its memory is now estimated first, from the options it may list, so the
/// first refusal is the one that binds.
#[test]
fn a_misere_listing_is_refused_first_for_what_binds() {
    for extra in [&[][..], &["--max-work", "none"][..]] {
        let args = owned(&[extra, &["value", "0.137(1000000000000000000)", "--play", "misere"]].concat());
        let e = run(&args).unwrap_err();
        assert!(
            e.contains("listing the options of dawsons-chess(1000000000000000000) needs more than")
                && e.contains("up to 5.00e17 options × 160 bytes, an option of 2 heaps")
                && e.contains("no machine's memory holds it")
                && !e.contains("--max-work")
                && !e.contains("raise it"),
            "{args:?}: {e}"
        );
        // A Nim heap's options are an atom each: with --max-work none they were made
        // past any memory limit, until the system refused one.
        let args = owned(
            &[
                extra,
                &[
                    "--memory-limit",
                    "1G",
                    "value",
                    "nim(10^18) + 0.137(5)",
                    "--play",
                    "misere",
                ],
            ]
            .concat(),
        );
        let e = run(&args).unwrap_err();
        assert!(
            e.contains("listing the options of nim(1000000000000000000) needs more than")
                && e.contains("no machine's memory holds it")
                && !e.contains("--max-work"),
            "{args:?}: {e}"
        );
    }
    // Within a machine's memory, the estimate names the limit that would let the
    // listing through (an option of Dawson's chess leaves up to two heaps).
    let e = error_line(&["--memory-limit", "10M", "value", "0.137(1000000)", "--play", "misere"]);
    assert!(
        e.contains("needs an estimated 76.4 MiB (up to 500502 options × 160 bytes")
            && e.contains("(set by --memory-limit 10M)"),
        "{e}"
    );
}
