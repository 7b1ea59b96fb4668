use super::*;

fn ctl() -> Control {
    Control::new()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn the_families_hold_the_codes_they_name() {
    let o1 = members("octal:1", &ctl()).unwrap();
    assert_eq!(o1.len(), 15);
    // tczajka's order: "4" (4.0) is the simplest name, then .1 … .7, then 4.1 … 4.7.
    assert_eq!(o1[0], "4.0");
    assert_eq!(&o1[1..8], ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
    assert!(!o1.contains(&"0.0".to_string()));
    let o2 = members("octal:2", &ctl()).unwrap();
    assert_eq!(o2.len(), 2 * 64 - 1);
    assert!(o2.contains(&"0.07".to_string()) && o2.contains(&"4.77".to_string()));
    assert!(
        !o2.iter().any(|c| c.ends_with('0') && c != "4.0"),
        "trailing zeros are dropped"
    );
    assert_eq!(members("hex:1", &ctl()).unwrap().len(), 4 * 16 - 1);
    assert!(members("hex:1", &ctl()).unwrap().contains(&"C.F".to_string()));
    let s = members("subtraction:3", &ctl()).unwrap();
    assert_eq!(s.len(), 7);
    assert!(s.contains(&"subtraction[1,3]".to_string()));
    // Every code parses.
    for c in o2.iter().chain(&s) {
        crate::catalog::parse_ruleset(c).unwrap();
    }
}

#[test]
fn bad_families_are_one_clear_error() {
    let e = members("octel:2", &ctl()).unwrap_err().to_string();
    assert!(e.contains("unknown census family 'octel:2'"), "{e}");
    let e = members("octal:9", &ctl()).unwrap_err().to_string();
    assert!(e.contains("K from 0 to 6"), "{e}");
    let e = members("no-such-file.txt", &ctl()).unwrap_err().to_string();
    assert!(e.contains("no such file"), "{e}");
    let dir = temp_dir("file");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("codes.txt");
    std::fs::write(&f, "# three codes\n0.137\n\n0.1#7\n").unwrap();
    let e = members(f.to_str().unwrap(), &ctl()).unwrap_err().to_string();
    assert!(e.contains("codes.txt line 4: syntax error"), "{e}");
    std::fs::write(&f, "0.137\n.137\n").unwrap();
    let e = members(f.to_str().unwrap(), &ctl()).unwrap_err().to_string();
    assert!(e.contains("line 2: .137 is listed twice (first on line 1)"), "{e}");
    std::fs::write(&f, "0.137\nmaliquot\n").unwrap();
    let e = members(f.to_str().unwrap(), &ctl()).unwrap_err().to_string();
    assert!(e.contains("line 2: maliquot starts at heap 1"), "{e}");
    std::fs::write(&f, "0.137\nkayles\n").unwrap();
    assert_eq!(members(f.to_str().unwrap(), &ctl()).unwrap(), ["0.137", "kayles"]);
    // A comment after a code, from a '#' after a space or a tab.
    std::fs::write(&f, "0.07 # Dawson's Kayles\n  # indented\n0.137\t#x\n").unwrap();
    assert_eq!(members(f.to_str().unwrap(), &ctl()).unwrap(), ["0.07", "0.137"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_code_is_trivial_periodic_or_open() {
    // Kayles: period 12, preperiod 71, proven from heaps below 1000.
    let k = run_code("0.77", 5000, &ctl()).unwrap();
    assert_eq!(k.row.status, Status::Trivial);
    assert_eq!(
        (k.row.preperiod, k.row.period, k.row.saltus),
        (Some(71), Some(12), Some(0))
    );
    assert!(k.row.theorem.as_deref().unwrap().contains("Guy & Smith"));
    assert_eq!((k.row.largest_value, k.row.largest_at), (8, 27)); // Kayles' 8 first at heap 27
    assert!(k.certificate.is_some());
    // 0.156 (Kenyon 1967): preperiod 3479, period 349 — proven beyond 1000 heaps.
    let p = run_code("0.156", 20_000, &ctl()).unwrap();
    assert_eq!(p.row.status, Status::Periodic);
    assert_eq!((p.row.preperiod, p.row.period), (Some(3479), Some(349)));
    // tczajka: largest 23 first at heap 1032; rare mask 1b, 15 rare, the last at 357.
    assert_eq!((p.row.largest_value, p.row.largest_at), (23, 1032));
    assert_eq!(p.row.rare_mask.as_deref(), Some("1b"));
    assert_eq!((p.row.rare_count, p.row.last_rare), (Some(15), Some(357)));
    // Officers: open to the heap asked for.
    let o = run_code("0.6", 3000, &ctl()).unwrap();
    assert_eq!((o.row.status, o.row.to, o.row.period), (Status::Open, 3000, None));
    assert!(o.certificate.is_none() && o.row.rare_count.is_some());
}

#[test]
fn a_code_over_its_budget_is_open_to_the_heap_reached() {
    // 0.156 needs about 7700 heaps; a work limit of 2·10^5 options stops it well before.
    let small = Control::new().with_work_limit(200_000);
    let o = run_code("0.156", 20_000, &small).unwrap();
    assert_eq!(o.row.status, Status::Open);
    assert!(o.row.to > 0 && o.row.to < 20_000, "{}", o.row.to);
    assert!(o.row.work <= 200_000, "{}", o.row.work);
}

#[test]
fn the_certificate_is_the_one_period_save_writes_and_checks() {
    let o = run_code("0.156", 20_000, &ctl()).unwrap();
    let v: serde_json::Value = serde_json::from_str(o.certificate.as_deref().unwrap()).unwrap();
    let c = &v["certificate"];
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().parse().unwrap())
        .collect();
    let saved = crate::analysis::certificate::SavedCertificate {
        periodicity: crate::analysis::periodicity::Periodicity {
            preperiod: c["preperiod"].as_u64().unwrap(),
            period: c["period"].as_u64().unwrap(),
            saltus: c["saltus"].as_i64().unwrap(),
        },
        agreement: [c["agreement"][0].as_u64().unwrap(), c["agreement"][1].as_u64().unwrap()],
        proof_end: c["proof_end"].as_u64().unwrap(),
        theorem: c["theorem"].as_str().unwrap().to_string(),
        values,
    };
    let rs = crate::catalog::parse_ruleset(c["ruleset"].as_str().unwrap()).unwrap();
    crate::analysis::certificate::check_certificate(rs.as_heap("t").unwrap().as_ref(), &saved, &ctl()).unwrap();
}

fn census(codes: &[String], to: u64, jobs: usize) -> Vec<Row> {
    let rows = Mutex::new(Vec::new());
    run_parallel(
        codes,
        to,
        jobs,
        &ctl(),
        &|o: Outcome| {
            rows.lock().unwrap().push(o.row);
            Ok(())
        },
        &Quiet,
    )
    .unwrap();
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by(|a, b| a.code.cmp(&b.code));
    assert_eq!(rows.len(), codes.len());
    assign_classes(&mut rows);
    rows
}

#[test]
fn the_lookup_tables_equivalences_hold() {
    let rows = census(&members("octal:2", &ctl()).unwrap(), 2000, 2);
    let class = |c: &str| {
        let r = rows.iter().find(|r| r.code == c).unwrap();
        (r.class.clone().unwrap(), r.shift.unwrap())
    };
    // tczajka/octal-games, GameLookup.md: .x and 4.x, .0x, .2x … (the representative is
    // the simplest name).
    for (code, rep) in [
        ("0.2", "4.0"),
        ("0.3", "4.0"),
        ("0.5", "4.0"),
        ("0.7", "4.0"),
        ("4.1", "0.51"),
        ("4.2", "4.0"),
        ("4.4", "0.77"),
        ("4.5", "0.51"),
        ("4.6", "0.77"),
        ("4.7", "0.75"),
        ("0.01", "0.1"),
        ("0.03", "0.02"),
        ("0.05", "4.0"),
        ("0.07", "0.4"),
        ("0.27", "0.26"), // Winning Ways' locator says .06 (tczajka's erratum)
        ("0.61", "0.6"),
        ("0.37", "0.6"),
    ] {
        assert_eq!(class(code).0, rep, "{code}");
    }
    // .2 is 4 (0, 0, 1, 0, 1, …); .3 is 4 one heap further on: G(.3, n) = G(4, n + 1).
    assert_eq!(class("0.2").1, 0);
    assert_eq!(class("0.3").1, -1);
    assert_eq!(class("0.01").1, 1);
    for own in ["4.0", "0.1", "0.6", "0.77", "0.26", "0.06"] {
        assert_eq!(class(own), (own.to_string(), 0), "{own}");
    }
}

#[test]
fn two_jobs_give_the_rows_of_one() {
    let mut codes = members("octal:1", &ctl()).unwrap();
    codes.extend(["0.156", "0.6", "0.07", "4.07"].map(String::from));
    let strip = |rows: Vec<Row>| rows.into_iter().map(|r| Row { seconds: 0.0, ..r }).collect::<Vec<_>>();
    assert_eq!(strip(census(&codes, 8000, 1)), strip(census(&codes, 8000, 2)));
}

fn params(to: u64) -> Params {
    Params {
        family: "octal:1".into(),
        to,
        max_work: 1000,
        play: Play::Normal,
    }
}

#[test]
fn a_census_directory_resumes_and_refuses_other_parameters() {
    let dir = temp_dir("resume");
    let codes = members("octal:1", &ctl()).unwrap();
    let mut out = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    for c in &codes[..5] {
        out.record(run_code(c, 100, &ctl()).unwrap()).unwrap();
    }
    // A retried code is not written twice.
    out.record(run_code(&codes[0], 100, &ctl()).unwrap()).unwrap();
    drop(out);
    let text = std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap();
    assert_eq!(text.lines().count(), 5);
    // A crash in the middle of a line: the part is dropped, the code runs again.
    std::fs::write(dir.join(ROWS_FILE), format!("{text}{{\"code\": \"0.6\", \"sta")).unwrap();
    let mut out = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    assert_eq!(out.rows().len(), 5);
    assert!(out.is_done(&codes[4]) && !out.is_done(&codes[5]));
    for c in &codes[5..] {
        out.record(run_code(c, 100, &ctl()).unwrap()).unwrap();
    }
    let rows = out.finish().unwrap();
    assert_eq!(rows.iter().map(|r| r.code.clone()).collect::<Vec<_>>(), codes);
    assert!(rows.iter().all(|r| r.class.is_some()));
    let kayles_like = rows.iter().find(|r| r.code == "0.7").unwrap();
    let cert = kayles_like.certificate.as_deref().unwrap();
    assert!(dir.join(cert).is_file(), "{cert}");
    for f in ["census.csv", "census.md", ROWS_FILE] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join(ROWS_FILE)).unwrap().lines().count(),
        15
    );
    // Other parameters: refused, naming what differs.
    let e = Output::<Row>::open(&dir, &params(200), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--to (100 there, 200 here)"), "{e}");
    // A family read from a file is the same family under another name of that file;
    // another file, or a family by name, is not.
    let file = dir.join("codes.txt");
    std::fs::write(&file, "0.7\n").unwrap();
    let named = |family: &Path| Params {
        family: family.display().to_string(),
        ..params(100)
    };
    let files = temp_dir("family-file");
    std::fs::create_dir_all(&files).unwrap();
    let mut out = Output::<Row>::open(&files, &named(&file), &codes[..1]).unwrap();
    out.close();
    drop(out);
    let again = dir.join(".").join("codes.txt");
    assert!(Output::<Row>::open(&files, &named(&again), &codes[..1]).is_ok());
    std::fs::write(dir.join("other.txt"), "0.7\n").unwrap();
    let e = Output::<Row>::open(&files, &named(&dir.join("other.txt")), &codes[..1])
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("the family ("), "{e}");
    // The directory keeps the file's whole path, not the name given.
    let kept = std::fs::read_to_string(files.join(PARAMS_FILE)).unwrap();
    assert!(
        kept.contains(&std::fs::canonicalize(&file).unwrap().display().to_string()),
        "{kept}"
    );
    std::fs::remove_dir_all(&files).unwrap();
    // A file named like a family by name is not that family (a hostile check resumed
    // the census of octal:1 from a file ./octal:1 holding another code).
    let lookalike = dir.join("octal:1");
    std::fs::write(&lookalike, "0.7\n").unwrap();
    let e = Output::<Row>::open(&dir, &named(&lookalike), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("the family (octal:1 there"), "{e}");
    // A directory with other files and no census.
    let other = temp_dir("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "x").unwrap();
    let e = Output::<Row>::open(&other, &params(100), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("holds no census"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&other).unwrap();
}

#[test]
fn one_census_at_a_time_writes_to_a_directory() {
    let dir = temp_dir("lock");
    let codes = members("octal:1", &ctl()).unwrap();
    let mut first = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    // A second census with the same parameters is refused while the first is open.
    let e = Output::<Row>::open(&dir, &params(100), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("another census is running in") && e.contains(&format!("(process {})", std::process::id())),
        "{e}"
    );
    // One with other parameters is told what differs.
    let e = Output::<Row>::open(&dir, &params(200), &codes)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("--to (100 there, 200 here)"), "{e}");
    first.record(run_code(&codes[0], 100, &ctl()).unwrap()).unwrap();
    // Closed (or dropped), the directory opens again and resumes.
    first.close();
    let again = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    assert!(again.is_done(&codes[0]));
    drop(again);
    let again = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    drop(again);
    // The lock file left behind does not make a new directory "not empty".
    let fresh = temp_dir("lock-fresh");
    std::fs::create_dir_all(&fresh).unwrap();
    std::fs::write(fresh.join(LOCK_FILE), "").unwrap();
    drop(Output::<Row>::open(&fresh, &params(100), &codes).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&fresh).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error_naming_the_file_and_leaves_no_partial_line() {
    let dir = temp_dir("full");
    let codes = members("octal:1", &ctl()).unwrap();
    let mut out = Output::<Row>::open(&dir, &params(100), &codes).unwrap();
    std::os::unix::fs::symlink("/dev/full", dir.join(ROWS_FILE)).unwrap();
    let e = out
        .record(run_code("0.1", 100, &ctl()).unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot write") && e.contains(ROWS_FILE), "{e}");
    assert!(!out.is_done("0.1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn markdown_and_csv_list_every_code() {
    let rows = census(&members("octal:1", &ctl()).unwrap(), 500, 1);
    let md = markdown(&rows);
    assert!(md.contains("15 codes: "), "{md}");
    assert!(md.contains("\n.77 ") || md.contains("\n4 | "), "{md}");
    assert!(md.contains("\n.3 | 4 | -1\n"), "{md}");
    let csv = csv(&rows);
    assert_eq!(csv.lines().count(), 16);
    assert!(csv.lines().nth(1).unwrap().starts_with("0.1,trivial,"), "{csv}");
}
