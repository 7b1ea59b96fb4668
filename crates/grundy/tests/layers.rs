//! The module graph of the library has no back-arrows and no circles: a module refers
//! only to modules in layers below its own (docs/architecture.md lists the layers).
//! Doc comments and test code may refer anywhere; this reads the source of everything
//! else.

use std::collections::BTreeMap;
use std::path::Path;

/// The layers, bottom first. A module may use modules of lower layers only.
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["control"],
    &["heap_count"],
    &["value"],
    &["arith"],
    &["formulas"],
    &["expr"],
    &["game"],
    &["solve"],
    &["graph_file"],
    &["rulesets"],
    &["catalog"],
    &["analysis"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The code of a source file without doc and line comments and without its test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn visit(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            visit(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("tests.rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_module_refers_to_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let mut edges: BTreeMap<(String, String), String> = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .to_string();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || rel.components().any(|c| c.as_os_str() == "tests") {
            continue;
        }
        let body = code(&std::fs::read_to_string(f).unwrap());
        let mut rest = body.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let target: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if target != module && layer_of(&target).is_some() {
                edges
                    .entry((module.clone(), target))
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    let mut bad = Vec::new();
    for ((from, to), file) in &edges {
        let (lf, lt) = (layer_of(from), layer_of(to));
        assert!(lf.is_some(), "module {from} is missing from LAYERS");
        if lt >= lf {
            bad.push(format!("{file}: {from} uses {to}"));
        }
    }
    assert!(bad.is_empty(), "imports that run up a layer:\n{}", bad.join("\n"));
    assert!(!edges.is_empty(), "the scan found no imports at all");
}

#[test]
fn every_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for e in std::fs::read_dir(&src).unwrap() {
        let name = e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if name != "lib" {
            assert!(layer_of(&name).is_some(), "module {name} is missing from LAYERS");
        }
    }
}

/// Files exempt from [`every_public_result_fn_documents_its_errors`] for now: they are
/// being moved into a new crate, whose documentation will be written there.
const ERRORS_DOC_EXEMPT: &[&str] = &["analysis/min.rs", "analysis/tables.rs", "rulesets/arithmetic/paper.rs"];

/// The return type of the function signature `sig` (from `fn` to the body), or `None`.
/// Skips the generic parameters and the parameter list, whose types may themselves
/// mention `-> Result<…>` (function pointers, closures).
fn return_type(sig: &str) -> Option<&str> {
    let start = sig.find("fn ")? + 3;
    let b = sig.as_bytes();
    let mut i = start;
    while i < b.len() && b[i] != b'(' && b[i] != b'<' {
        i += 1;
    }
    if i < b.len() && b[i] == b'<' {
        let mut depth = 0i32;
        while i < b.len() {
            match b[i] {
                b'<' => depth += 1,
                b'>' if b[i - 1] != b'-' => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        while i < b.len() && b[i] != b'(' {
            i += 1;
        }
    }
    let mut depth = 0i32;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let rest = sig.get(i + 1..)?.trim_start();
    let rest = rest.strip_prefix("->")?;
    let end = rest.find(" where").or_else(|| rest.find('{')).unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// True if the type is `Result<…>` under any path (`crate::error::Result<…>`,
/// `std::result::Result<…>`).
fn is_result(ty: &str) -> bool {
    let head = ty.split('<').next().unwrap_or("");
    ty.contains('<') && head.rsplit("::").next().is_some_and(|last| last.trim() == "Result")
}

/// Every public function or method that returns a `Result` (and every method of a
/// public trait that does) says in a `# Errors` section of its doc comment when it
/// fails.
#[test]
fn every_public_result_fn_documents_its_errors() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let mut checked = 0;
    let mut missing = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap();
        let rel_text = rel.to_string_lossy().replace('\\', "/");
        if rel.components().any(|c| c.as_os_str() == "tests") || ERRORS_DOC_EXEMPT.contains(&rel_text.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let text = match text.find("#[cfg(test)]") {
            Some(i) => &text[..i],
            None => &text[..],
        };
        let lines: Vec<&str> = text.lines().collect();
        // Inside a `pub trait` (rustfmt closes top-level items with `}` in column 0).
        let mut in_pub_trait = false;
        for (n, line) in lines.iter().enumerate() {
            if line.starts_with("pub trait ") {
                in_pub_trait = !line.trim_end().ends_with('}');
            } else if *line == "}" {
                in_pub_trait = false;
            }
            let item = line.trim_start();
            let public = ["pub fn ", "pub const fn ", "pub unsafe fn ", "pub async fn "]
                .iter()
                .any(|p| item.starts_with(p));
            let trait_method = in_pub_trait && line.starts_with("    fn ");
            if !(public || trait_method) {
                continue;
            }
            let mut sig = String::new();
            for l in &lines[n..] {
                sig.push_str(l);
                sig.push(' ');
                if l.contains('{') || l.trim_end().ends_with(';') {
                    break;
                }
            }
            if !return_type(&sig).is_some_and(is_result) {
                continue;
            }
            checked += 1;
            let documented = lines[..n]
                .iter()
                .rev()
                .map(|l| l.trim())
                .take_while(|l| l.starts_with("///") || l.starts_with("#["))
                .any(|l| l.trim_start_matches('/').trim() == "# Errors");
            if !documented {
                missing.push(format!("{rel_text}:{}: {}", n + 1, item.trim_end_matches(" {")));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "public functions returning Result without a `# Errors` section in their docs:\n{}",
        missing.join("\n")
    );
    assert!(checked > 20, "the scan found only {checked} functions returning Result");
}

#[test]
fn the_return_type_scan_reads_signatures() {
    let rt = |s| return_type(s).map(str::to_string);
    assert_eq!(rt("pub fn f(a: u32) -> Result<u32> {").as_deref(), Some("Result<u32>"));
    assert_eq!(
        rt("pub fn f<P, F>( start: P, ) -> crate::error::Result<u32> where F: FnMut(&P) -> u32, {").as_deref(),
        Some("crate::error::Result<u32>")
    );
    assert_eq!(
        rt("pub const fn fixed( name: &str, build: fn(Option<&str>) -> Result<Ruleset>, ) -> Family {").as_deref(),
        Some("Family")
    );
    assert_eq!(rt("pub fn g<F: Fn() -> Result<()>>(f: F) {"), None);
    assert!(is_result("crate::error::Result<(NimSeq, Option<Error>)>"));
    assert!(is_result("std::result::Result<T, E>"));
    assert!(!is_result("Option<Result<u32>>"));
    assert!(!is_result("ResultSet"));
}
