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
