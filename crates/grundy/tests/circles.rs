//! No crate of the workspace (nor the Python package) has a circle among its modules:
//! among the modules that share a parent (the crate root's modules, the files of
//! `solve/`, of `kinds/`, …), the graph of "refers to" has no cycle
//! (docs/architecture.md). A module and its own submodules are one unit one level up:
//! a directory module's `mod.rs` may use its files and they may use it (a registry and
//! its rows); what they use of their siblings' is counted for the directory.
//!
//! References are the paths starting with `crate::`, `super::` or `self::` in the code
//! (comments, string literals and `#[cfg(test)]` items removed), `use` trees included;
//! a path through a re-export (`pub use dense::NimSeq` in `solve/mod.rs`) counts for
//! the module that defines the item.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, as the path of names from the crate root (the root is `[]`).
type ModPath = Vec<String>;

/// The crates checked, relative to the workspace root, with their root file.
const CRATES: &[(&str, &str)] = &[
    ("crates/grundy/src", "lib.rs"),
    ("crates/grundy-papers/src", "lib.rs"),
    ("crates/grundy-figures/src", "lib.rs"),
    ("crates/grundy-cli/src", "main.rs"),
    ("crates/grundy-py/src", "lib.rs"),
];

/// The source with comments, string and character literals blanked out (replaced by
/// spaces, so that positions are kept).
fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !b[..i].last().is_some_and(|p| ident_char(*p))
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < b.len() && !(b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#'))) {
                j += 1;
            }
            i = j + 1 + hashes;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (next == Some('\\') || b.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\u{…}'); a lifetime has no closing quote.
            i += 1;
            while i < b.len() && b[i] != '\'' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code without the items marked `#[cfg(test)]` (a test module or function).
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let item = &rest[i..];
        // The item ends at its `;` or at the brace closing its body.
        let mut depth = 0;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Tokens: identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if ident_char(c[i]) {
            let s = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push(c[s..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push(c[i].to_string());
            }
            i += 1;
        }
    }
    out
}

/// The paths of a path or `use` tree starting at token `i` (just after `prefix::`):
/// every leaf as its segments after the prefix, with the name it is known by
/// (`as` renames); `*` ends a glob.
fn tree(t: &[String], mut i: usize, prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) -> usize {
    let mut path = prefix;
    loop {
        match t.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                while t.get(i).is_some_and(|x| x != "}") {
                    i = tree(t, i, path.clone(), out);
                    if t.get(i).is_some_and(|x| x == ",") {
                        i += 1;
                    }
                }
                return i + 1;
            }
            Some("*") => {
                path.push("*".into());
                out.push((path, "*".into()));
                return i + 1;
            }
            Some(s) if s.chars().next().is_some_and(ident_char) => {
                path.push(s.to_string());
                i += 1;
                if t.get(i).is_some_and(|x| x == "::") {
                    i += 1;
                    continue;
                }
                let mut name = path.last().cloned().unwrap_or_default();
                if t.get(i).is_some_and(|x| x == "as") {
                    name = t.get(i + 1).cloned().unwrap_or_default();
                    i += 2;
                }
                out.push((path, name));
                return i;
            }
            _ => {
                if !path.is_empty() {
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                }
                return i;
            }
        }
    }
}

/// A module file of a crate: its path, its code (tests, comments and literals removed)
/// and the file, for the report.
struct ModFile {
    path: ModPath,
    code: String,
    file: String,
}

fn module_files(dir: &Path, root: &str) -> Vec<ModFile> {
    fn visit(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                visit(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    visit(dir, &mut files);
    files
        .into_iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(dir).unwrap();
            let mut path: ModPath = rel
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            // Test files (`tests.rs`, `…/tests/…`) are test code; `bin/` holds other crates.
            if path.iter().any(|s| s == "tests") || path.first().is_some_and(|s| s == "bin") {
                return None;
            }
            if rel == Path::new(root) {
                path.clear();
            } else if path.last().is_some_and(|s| s == "mod") {
                path.pop();
            }
            let text = std::fs::read_to_string(&f).unwrap();
            Some(ModFile {
                path,
                code: without_tests(&strip(&text)),
                file: f.display().to_string(),
            })
        })
        .collect()
}

/// Every path a module's code names through `crate::`, `super::` or `self::`, made
/// absolute, with the name it is bound to; `exports` only the `pub use` items.
fn references(m: &ModFile, exports_only: bool) -> Vec<(Vec<String>, String)> {
    let t = tokens(&m.code);
    let mut out = Vec::new();
    for i in 0..t.len() {
        let start = t[i].as_str();
        if !matches!(start, "crate" | "super" | "self") || t.get(i + 1).is_none_or(|x| x != "::") {
            continue;
        }
        // Not the tail of a longer path (`a::self::b` does not occur; `x::crate` cannot).
        if i > 0 && t[i - 1] == "::" {
            continue;
        }
        if exports_only {
            // `pub use …` or `pub(crate) use …` right before.
            let before: Vec<&str> = t[i.saturating_sub(5)..i].iter().map(String::as_str).collect();
            let is_use = before.last() == Some(&"use") && before.contains(&"pub");
            if !is_use {
                continue;
            }
        }
        let mut base: Vec<String> = match start {
            "crate" => Vec::new(),
            "self" => m.path.clone(),
            _ => m.path[..m.path.len().saturating_sub(1)].to_vec(),
        };
        let mut j = i + 2;
        // super::super::…
        while t.get(j).is_some_and(|x| x == "super") && t.get(j + 1).is_some_and(|x| x == "::") {
            base.pop();
            j += 2;
        }
        let mut leaves = Vec::new();
        tree(&t, j, Vec::new(), &mut leaves);
        for (rest, name) in leaves {
            let mut p = base.clone();
            p.extend(rest);
            out.push((p, name));
        }
    }
    if exports_only {
        // `pub use child::Item;` with a bare child module name.
        for i in 0..t.len() {
            if t[i] == "use" && i > 0 && (t[i - 1] == "pub" || t[i - 1] == ")") {
                if let Some(first) = t
                    .get(i + 1)
                    .filter(|x| !matches!(x.as_str(), "crate" | "super" | "self"))
                {
                    if first.chars().next().is_some_and(ident_char) {
                        let mut leaves = Vec::new();
                        tree(&t, i + 1, Vec::new(), &mut leaves);
                        for (rest, name) in leaves {
                            let mut p = m.path.clone();
                            p.extend(rest);
                            out.push((p, name));
                        }
                    }
                }
            }
        }
    }
    out
}

/// The module a path leads to: the longest prefix that is a module, following
/// re-exports of the module it stops at.
fn resolve(
    path: &[String],
    modules: &BTreeSet<ModPath>,
    exports: &BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
) -> ModPath {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let k = (0..=path.len())
            .rev()
            .find(|&k| modules.contains(&path[..k].to_vec()))
            .unwrap_or(0);
        let module = path[..k].to_vec();
        let Some(next) = path.get(k) else { return module };
        match exports.get(&module).and_then(|e| e.get(next)) {
            Some(target) if target.as_slice() != path.as_slice() => {
                let mut p = target.clone();
                p.extend(path[k + 1..].iter().cloned());
                path = p;
            }
            _ => return module,
        }
    }
    path
}

/// The edges between sibling modules: (parent, from, to) → a file that makes it.
type Edges = BTreeMap<(ModPath, String, String), String>;

fn sibling_edges(files: &[ModFile]) -> Edges {
    let modules: BTreeSet<ModPath> = files.iter().map(|m| m.path.clone()).collect();
    let mut exports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for m in files {
        for (p, name) in references(m, true) {
            if name != "*" && !modules.contains(&p) {
                exports.entry(m.path.clone()).or_default().insert(name, p);
            }
        }
    }
    let mut edges = Edges::new();
    for m in files {
        for (p, _) in references(m, false) {
            let target = resolve(&p, &modules, &exports);
            let common = m.path.iter().zip(&target).take_while(|(a, b)| a == b).count();
            // A module and its ancestors or descendants: one unit.
            if common == m.path.len() || common == target.len() {
                continue;
            }
            edges
                .entry((
                    m.path[..common].to_vec(),
                    m.path[common].clone(),
                    target[common].clone(),
                ))
                .or_insert_with(|| m.file.clone());
        }
    }
    edges
}

/// The circles of a graph: its strongly connected components of more than one node.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: finishing order on the graph, then components on the reverse graph.
    let nodes: BTreeSet<&String> = edges.keys().chain(edges.values().flatten()).collect();
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    fn dfs<'a>(
        n: &'a String,
        g: &'a BTreeMap<String, BTreeSet<String>>,
        seen: &mut BTreeSet<&'a String>,
        order: &mut Vec<&'a String>,
    ) {
        if !seen.insert(n) {
            return;
        }
        for m in g.get(n).into_iter().flatten() {
            dfs(m, g, seen, order);
        }
        order.push(n);
    }
    for n in &nodes {
        dfs(n, edges, &mut seen, &mut order);
    }
    let mut reverse: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, bs) in edges {
        for b in bs {
            reverse.entry(b.clone()).or_default().insert(a.clone());
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for n in order.into_iter().rev() {
        let mut comp = Vec::new();
        dfs(n, &reverse, &mut assigned, &mut comp);
        if comp.len() > 1 {
            let mut c: Vec<String> = comp.into_iter().cloned().collect();
            c.sort();
            out.push(c);
        }
    }
    out
}

/// The circles among sibling modules of a crate, each with the files that close it.
fn crate_circles(dir: &Path, root: &str) -> (usize, Vec<String>) {
    let files = module_files(dir, root);
    let edges = sibling_edges(&files);
    let mut by_parent: BTreeMap<ModPath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (parent, from, to) in edges.keys() {
        by_parent
            .entry(parent.clone())
            .or_default()
            .entry(from.clone())
            .or_default()
            .insert(to.clone());
    }
    let mut found = Vec::new();
    for (parent, graph) in &by_parent {
        for c in circles(graph) {
            let at = if parent.is_empty() {
                "crate root".to_string()
            } else {
                parent.join("::")
            };
            let witnesses: Vec<String> = edges
                .iter()
                .filter(|((p, a, b), _)| p == parent && c.contains(a) && c.contains(b))
                .map(|((_, a, b), f)| format!("    {a} → {b} ({f})"))
                .collect();
            found.push(format!("  in {at}: {}\n{}", c.join(", "), witnesses.join("\n")));
        }
    }
    (edges.len(), found)
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn no_crate_has_a_circle_among_its_modules() {
    let mut bad = Vec::new();
    for (dir, root) in CRATES {
        let path = workspace().join(dir);
        let (edges, found) = crate_circles(&path, root);
        assert!(edges > 0, "{dir}: the scan found no references between modules");
        if !found.is_empty() {
            bad.push(format!("{dir}:\n{}", found.join("\n")));
        }
    }
    assert!(bad.is_empty(), "circles among modules:\n{}", bad.join("\n"));
}

/// The scan finds a circle through a `use` tree and through a re-export, and counts no
/// reference between a module and its own submodules.
#[test]
fn the_scan_finds_circles() {
    let file = |path: &[&str], code: &str| ModFile {
        path: path.iter().map(|s| s.to_string()).collect(),
        code: without_tests(&strip(code)),
        file: path.join("/"),
    };
    let files = [
        file(&[], "mod a; mod b; mod k;"),
        file(
            &["a"],
            "use crate::{b::{self, X}, k::Y};\n// crate::k::z::W\nfn f() { let s = \"crate::k::z\"; }",
        ),
        file(&["b"], "pub fn g() {}"),
        file(&["k"], "mod z; pub use z::W; use super::a::f; fn h() { z::go() }"),
        file(
            &["k", "z"],
            "use super::W; pub struct W;\n#[cfg(test)]\nmod tests { use crate::b::g; }",
        ),
    ];
    let edges = sibling_edges(&files);
    let keys: Vec<String> = edges
        .keys()
        .map(|(p, a, b)| format!("{}:{a}→{b}", p.join("::")))
        .collect();
    assert_eq!(keys, [":a→b", ":a→k", ":k→a"]);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (_, a, b) in edges.keys() {
        g.entry(a.clone()).or_default().insert(b.clone());
    }
    assert_eq!(circles(&g), [vec!["a".to_string(), "k".to_string()]]);
    // Through a re-export: `crate::k::W` is defined in k::z.
    let files = [
        file(&[], ""),
        file(&["k"], "mod z; mod y; pub use self::z::W;"),
        file(&["k", "y"], "use crate::k::W;"),
        file(&["k", "z"], "use super::y::V; pub struct W;"),
    ];
    let edges = sibling_edges(&files);
    let keys: Vec<String> = edges
        .keys()
        .map(|(p, a, b)| format!("{}:{a}→{b}", p.join("::")))
        .collect();
    assert_eq!(keys, ["k:y→z", "k:z→y"]);
}
