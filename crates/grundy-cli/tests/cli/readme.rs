//! The README a new user reads first: it opens with the two commands (the main job and
//! the tests), its prerequisites name the workspace's `rust-version`, and the files its
//! tour writes are ignored by git.

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The lines of the first fenced block after the line `heading` (the whole README for "").
fn block_after(readme: &str, heading: &str) -> Vec<String> {
    let from = readme
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in the README"));
    let rest = &readme[from..];
    let open = rest.find("```").expect("a fenced block");
    let body = &rest[open..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let close = body.find("```").expect("a closed block");
    body[..close].lines().map(str::to_string).collect()
}

#[test]
fn the_readme_starts_with_the_main_job_and_the_tests() {
    let readme = read("README.md");
    let first = block_after(&readme, "# grundy");
    let commands: Vec<&str> = first.iter().map(|l| l.split('#').next().unwrap().trim()).collect();
    assert_eq!(commands, ["cargo run --release -- reproduce", ".ci/test"], "{first:?}");
}

#[test]
fn the_prerequisites_name_the_rust_version_of_the_workspace() {
    let manifest = read("Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("rust-version in Cargo.toml");
    let readme = read("README.md");
    assert!(
        readme.contains(&format!("Rust ≥ {version} (the workspace's `rust-version`")),
        "README: Rust ≥ {version}"
    );
    assert!(readme.contains("cargo install --locked --path crates/grundy-cli"));
}

#[test]
fn the_files_the_tour_writes_are_ignored_by_git() {
    let tour = block_after(&read("README.md"), "## A tour");
    let ignored: Vec<String> = read(".gitignore").lines().map(str::to_string).collect();
    let mut written = Vec::new();
    for line in &tour {
        let words: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
        for pair in words.windows(2) {
            if ["-o", ">", "--save", "--checkpoint", "--out"].contains(&pair[0]) {
                written.push(pair[1].to_string());
            }
        }
    }
    assert!(written.len() >= 7, "{written:?}");
    for file in &written {
        let top = file.split('/').next().unwrap();
        let pattern = if file.contains('/') {
            format!("/{top}/")
        } else {
            format!("/{file}")
        };
        assert!(
            ignored.contains(&pattern),
            "the tour writes {file}; .gitignore needs {pattern}"
        );
    }
}
