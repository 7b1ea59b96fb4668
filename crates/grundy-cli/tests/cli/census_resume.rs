//! `grundy census --out DIR` resumed: a row of `census.jsonl` is trusted only when its
//! certificate is there, parses, states what the row states and passes the independent
//! checker; a row that fails runs again, with one warning line naming it and why.

use crate::common::grundy;
use serde_json::Value;
use std::path::PathBuf;

/// A finished census in `c` under a temporary directory (the command runs there, so
/// that messages name `c/…`).
struct Census {
    tmp: tempfile::TempDir,
    args: Vec<&'static str>,
    stdout: Vec<u8>,
}

impl Census {
    fn new(args: &[&'static str]) -> Census {
        let tmp = tempfile::tempdir().unwrap();
        let mut census = Census {
            tmp,
            args: args.to_vec(),
            stdout: Vec::new(),
        };
        let (stdout, err) = census.run();
        assert_eq!(err, "", "a first run resumes nothing");
        census.stdout = stdout;
        census
    }

    /// `octal:1` to heap 2000: 14 trivial codes with certificates, 0.6 open.
    fn normal() -> Census {
        Census::new(&["census", "octal:1", "--to", "2000", "--jobs", "2", "--out", "c"])
    }

    /// The misère census of `octal:1` to heap 24: every row with a certificate.
    fn misere() -> Census {
        Census::new(&[
            "--max-work",
            "1e6",
            "census",
            "octal:1",
            "--play",
            "misere",
            "--to",
            "24",
            "--jobs",
            "2",
            "--out",
            "c",
        ])
    }

    /// Runs the census command again; it must succeed. Its stdout and stderr.
    fn run(&self) -> (Vec<u8>, String) {
        let o = grundy().args(&self.args).current_dir(self.tmp.path()).output().unwrap();
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(o.status.success(), "{err}");
        (o.stdout, err)
    }

    /// Runs it again: the stdout must be the first run's; the stderr lines.
    fn resume(&self) -> Vec<String> {
        let (stdout, err) = self.run();
        assert_eq!(
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&self.stdout),
            "the tables after a resume are the first run's"
        );
        err.lines().map(String::from).collect()
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.tmp.path().join("c").join(rel)
    }

    fn rows(&self) -> Vec<Value> {
        std::fs::read_to_string(self.path("census.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// Rewrites the row of `code` in census.jsonl.
    fn edit_row(&self, code: &str, edit: impl FnOnce(&mut Value)) {
        let mut rows = self.rows();
        edit(rows.iter_mut().find(|r| r["code"] == code).unwrap());
        let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(self.path("census.jsonl"), text).unwrap();
    }

    /// Rewrites the certificate of `code` (a JSON file).
    fn edit_certificate(&self, code: &str, edit: impl FnOnce(&mut Value)) {
        let path = self.path(&format!("certificates/{code}.json"));
        let mut cert: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        edit(&mut cert);
        std::fs::write(&path, serde_json::to_string_pretty(&cert).unwrap()).unwrap();
    }

    /// Resumes after rows were edited: the warnings must be `warnings` and `done`
    /// codes are trusted; the rows run again are the honest ones (`before`, from
    /// [`Census::rows_but_times`]), and another resume trusts every row.
    fn runs_again_to(&self, before: &[Value], warnings: &[String], done: usize) {
        let mut want = warnings.to_vec();
        want.push(format!("grundy: resuming c: {done} of 15 codes done"));
        assert_eq!(self.resume(), want);
        assert_eq!(self.rows_but_times(), before);
        assert_eq!(self.resume(), ["grundy: resuming c: 15 of 15 codes done"]);
    }

    /// Every row with `seconds` blanked (a code run again takes another time).
    fn rows_but_times(&self) -> Vec<Value> {
        let mut rows = self.rows();
        for r in &mut rows {
            r["seconds"] = Value::Null;
        }
        rows
    }

    /// `grundy CHECK --check` accepts every certificate the rows name.
    fn certificates_hold(&self, check: &str) {
        for r in self.rows() {
            if let Some(c) = r["certificate"].as_str() {
                grundy().args([check, "--check"]).arg(self.path(c)).assert().success();
            }
        }
    }
}

/// The warning line a resume prints for a row it does not trust.
fn warning(code: &str, reason: &str) -> String {
    format!("grundy: warning: c/census.jsonl: the row of {code} is not trusted ({reason}); it runs again")
}

#[test]
fn an_honest_resume_recomputes_nothing() {
    for census in [Census::normal(), Census::misere()] {
        let rows = std::fs::read(census.path("census.jsonl")).unwrap();
        assert_eq!(census.resume(), ["grundy: resuming c: 15 of 15 codes done"]);
        // Byte for byte: a code run again would have written its own seconds.
        assert_eq!(std::fs::read(census.path("census.jsonl")).unwrap(), rows);
    }
}

#[test]
fn rows_edited_by_hand_are_noticed_and_run_again() {
    let census = Census::normal();
    let before = census.rows_but_times();
    census.edit_row("0.7", |r| r["period"] = 4.into());
    census.edit_row("0.6", |r| r["status"] = "periodic".into()); // open, made periodic
    census.edit_row("0.4", |r| r["status"] = "periodic".into()); // trivial, made periodic
    census.edit_row("0.5", |r| r["certificate"] = "certificates/0.4.json".into());
    assert_eq!(
        census.resume(),
        [
            warning(
                "0.4",
                "it is periodic, but its certificate's proof ends at heap 176: trivial"
            ),
            warning(
                "0.5",
                "it names the certificate certificates/0.4.json, not certificates/0.5.json"
            ),
            warning("0.6", "it is periodic but names no certificate"),
            warning("0.7", "period: 4 in the row, 2 in its certificate"),
            "grundy: resuming c: 11 of 15 codes done".into(),
        ]
    );
    assert_eq!(census.rows_but_times(), before);
    // Once run again, the rows are trusted.
    assert_eq!(census.resume(), ["grundy: resuming c: 15 of 15 codes done"]);
}

#[test]
fn a_deleted_certificate_is_noticed() {
    let census = Census::normal();
    let before = census.rows_but_times();
    std::fs::remove_file(census.path("certificates/0.3.json")).unwrap();
    assert_eq!(
        census.resume(),
        [
            warning("0.3", "its certificate certificates/0.3.json is missing"),
            "grundy: resuming c: 14 of 15 codes done".into(),
        ]
    );
    assert_eq!(census.rows_but_times(), before);
    census.certificates_hold("period");
}

#[test]
fn a_damaged_certificate_is_noticed() {
    let census = Census::normal();
    let before = census.rows_but_times();
    std::fs::write(census.path("certificates/0.1.json"), "{\"certificate\": ").unwrap();
    // Values that follow the pattern but are not the game's: only the rules tell.
    census.edit_certificate("0.5", |c| {
        for v in c["values"].as_array_mut().unwrap() {
            *v = (v.as_str().unwrap().parse::<u64>().unwrap() + 1).to_string().into();
        }
    });
    // A forged period in the row and its certificate alike: the checker rejects it.
    census.edit_row("0.7", |r| r["period"] = 4.into());
    census.edit_certificate("0.7", |c| c["certificate"]["period"] = 4.into());
    assert_eq!(
        census.resume(),
        [
            warning(
                "0.1",
                "certificates/0.1.json is not a certificate saved by grundy period --save: EOF while parsing a value at line 1 column 16"
            ),
            warning("0.5", "certificate rejected: the saved G(0) = 1 but the rules give 0"),
            warning(
                "0.7",
                "certificate rejected: proof_end is 6, but the theorem needs the heaps up to 10"
            ),
            "grundy: resuming c: 12 of 15 codes done".into(),
        ]
    );
    assert_eq!(census.rows_but_times(), before);
    census.certificates_hold("period");
}

#[test]
fn a_misere_resume_checks_rows_against_their_certificates() {
    let census = Census::misere();
    let before = census.rows_but_times();
    census.edit_row("4.3", |r| r["order"] = 7.into());
    census.edit_row("0.4", |r| r["status"] = "solved".into()); // partial, made solved
    std::fs::remove_file(census.path("certificates/0.1.json")).unwrap();
    std::fs::write(census.path("certificates/0.7.json"), "not JSON").unwrap();
    // Another P-portion of the same size: the independent checker rejects it.
    census.edit_certificate("4.1", |c| {
        let p = &mut c["p_portion"][0];
        *p = (1 - p.as_u64().unwrap()).into();
    });
    assert_eq!(
        census.resume(),
        [
            warning("0.1", "its certificate certificates/0.1.json is missing"),
            warning("0.4", "status: solved in the row, partial in its certificate"),
            warning(
                "0.7",
                "certificates/0.7.json: not a misère quotient certificate: expected ident at line 1 column 2"
            ),
            warning(
                "4.1",
                "certificate rejected: the identity (the empty sum, an N-position) is in P"
            ),
            warning("4.3", "order: 7 in the row, 6 in its certificate"),
            "grundy: resuming c: 10 of 15 codes done".into(),
        ]
    );
    assert_eq!(census.rows_but_times(), before);
    census.certificates_hold("quotient");
}

/// The fields no certificate states but its values give: a normal-play row's rare
/// heaps (the split, how many, the last), a misère row's tameness and the heaps where
/// its quotient grew. Edited by hand, each is noticed, named, and run again to the
/// honest row.
#[test]
fn rare_heaps_tameness_and_growth_edited_by_hand_are_noticed_and_run_again() {
    let census = Census::normal();
    let before = census.rows_but_times();
    census.edit_row("0.3", |r| r["rare_mask"] = "1".into()); // no two-heap split
    census.edit_row("0.4", |r| r["rare_mask"] = "6+pos".into());
    census.edit_row("4.4", |r| r["rare_count"] = 12.into());
    census.edit_row("4.6", |r| r["last_rare"] = 70.into());
    let warnings = [
        warning("0.3", "rare_mask: 1 in the row, none in its certificate"),
        warning("0.4", "rare_mask: 6+pos in the row, 6+pos/odd in its certificate"),
        warning("4.4", "rare_count: 12 in the row, 11 in its certificate"),
        warning("4.6", "last_rare: 70 in the row, 71 in its certificate"),
    ];
    census.runs_again_to(&before, &warnings, 11);

    let census = Census::misere();
    let before = census.rows_but_times();
    census.edit_row("4.3", |r| r["tame"] = "wild".into());
    census.edit_row("0.4", |r| r["changes"][1]["p_size"] = 3.into());
    census.edit_row("4.4", |r| r["changes"][0]["heap"] = 1.into());
    let warnings = [
        warning("0.4", "changes[1]: 5:6:3 in the row, 5:6:2 in its certificate"),
        warning("4.3", "tame: wild in the row, T_2 in its certificate"),
        warning("4.4", "changes[0]: 1:2:1 in the row, 2:2:1 in its certificate"),
    ];
    census.runs_again_to(&before, &warnings, 12);
}

/// A code with two rows has neither trusted (the first had won, and the rewrite had
/// dropped the other), and a partial misère row short of `--to` must name what
/// stopped it (a shorter census's row and certificate grafted in had been kept, and
/// the code never ran to `--to`).
#[test]
fn a_code_with_two_rows_and_a_grafted_partial_row_run_again() {
    let census = Census::normal();
    let before = census.rows_but_times();
    let mut text = std::fs::read_to_string(census.path("census.jsonl")).unwrap();
    let row = text
        .lines()
        .find(|l| l.contains("\"code\":\"0.3\""))
        .unwrap()
        .to_string();
    text.push_str(&format!("{row}\n"));
    std::fs::write(census.path("census.jsonl"), text).unwrap();
    assert_eq!(
        census.resume(),
        [
            warning("0.3", "its code has 2 rows"),
            "grundy: resuming c: 14 of 15 codes done".into(),
        ]
    );
    assert_eq!(census.rows_but_times(), before);

    let census = Census::misere();
    let partial = census
        .rows()
        .into_iter()
        .find(|r| r["status"] == "partial" && r["to"] == 24)
        .expect("a partial row to 24");
    let code = partial["code"].as_str().unwrap().to_string();
    let before = census.rows_but_times();
    census.edit_row(&code, |r| {
        r["to"] = 10.into();
        r["stopped"] = Value::Null;
    });
    let lines = census.resume();
    assert_eq!(
        lines[0],
        warning(
            &code,
            "it is partial to heap 10, short of the census's --to 24, and names nothing that stopped it"
        )
    );
    // Run again: its row is the honest one, to heap 24 with its reason.
    assert_eq!(census.rows_but_times(), before);
}

#[test]
fn a_check_a_limit_stops_keeps_the_row_unchecked() {
    // Certificates larger than the memory limit lets a check read: the rows are kept
    // as written, with a warning, and nothing is removed or run again (they had been
    // distrusted, their certificates deleted, and the same ones made again).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c");
    let run = |limit: Option<&str>| {
        let mut cmd = grundy();
        if let Some(l) = limit {
            cmd.args(["--memory-limit", l]);
        }
        cmd.args(["census", "octal:1", "--to", "200", "--jobs", "1", "--out"])
            .arg(&out)
            .output()
            .unwrap()
    };
    assert!(run(None).status.success());
    let rows = std::fs::read(out.join("census.jsonl")).unwrap();
    let certificates = std::fs::read_dir(out.join("certificates")).unwrap().count();
    let small = run(Some("12K"));
    let err = String::from_utf8_lossy(&small.stderr);
    assert!(small.status.success(), "{err}");
    assert!(
        err.contains("the row of 0.1 could not be checked (reading its certificate certificates/0.1.json needs")
            && err.contains("it is kept as written, unchecked"),
        "{err}"
    );
    assert!(!err.contains("runs again"), "{err}");
    assert!(err.contains("15 of 15 codes done"), "{err}");
    assert_eq!(std::fs::read(out.join("census.jsonl")).unwrap(), rows);
    assert_eq!(
        std::fs::read_dir(out.join("certificates")).unwrap().count(),
        certificates
    );
}
