//! Undirected graphs as edge lists, the notation of the graph games (Node-Kayles,
//! Green Hackenbush): whitespace-separated tokens, each an edge `u-v` or a vertex `v`
//! alone (a vertex without edges); `#` starts a comment to the end of the line. Vertex
//! names are letters, digits and `_`. Written inline as a string argument,
//! `node-kayles("a-b b-c c-a d")`, or read from a file with `"@path"`; `"@-"` (and
//! `"@/dev/stdin"`) reads standard input, once in a process: every later one is the
//! same graph (a pipe read again is empty).

use crate::error::{Error, Result};

/// An undirected graph (or multigraph) with named vertices, in the order first met.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeList {
    /// Vertex names.
    pub names: Vec<String>,
    /// Edges as vertex indices, in the order written.
    pub edges: Vec<(usize, usize)>,
}

/// Whether loops and repeated edges are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simple {
    /// A simple graph: a loop `a-a` or an edge listed twice is an error.
    Yes,
    /// A multigraph with loops (Green Hackenbush).
    No,
}

/// The largest edge-list file read (a graph of the engine's size is far smaller).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

impl EdgeList {
    /// The index of vertex `name`, added if new.
    pub fn vertex(&mut self, name: &str) -> usize {
        match self.names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        }
    }

    /// Writes the graph as an edge list (edges, then the vertices without edges).
    pub fn write(&self) -> String {
        let mut has_edge = vec![false; self.names.len()];
        let mut parts: Vec<String> = Vec::new();
        for &(u, v) in &self.edges {
            has_edge[u] = true;
            has_edge[v] = true;
            parts.push(format!("{}-{}", self.names[u], self.names[v]));
        }
        for (i, n) in self.names.iter().enumerate() {
            if !has_edge[i] {
                parts.push(n.clone());
            }
        }
        parts.join(" ")
    }
}

/// Reads a graph written inline (`"a-b b-c d"`), or from a file when the text is
/// `@path`.
///
/// # Errors
/// [`Error::Syntax`] with the column within `text` (inline) for a malformed token, a
/// loop or a repeated edge in a simple graph; [`Error::Input`] naming the file and
/// line for the same in a file, and for a file that cannot be read or is larger than
/// [`MAX_FILE_BYTES`].
pub fn parse_edges(text: &str, simple: Simple) -> Result<EdgeList> {
    if let Some(path) = text.strip_prefix('@') {
        if path.is_empty() {
            return Err(Error::Input(
                "'@' names no graph file: write @FILE, the path of an edge list".into(),
            ));
        }
        let body = if matches!(path, "-" | "/dev/stdin") {
            stdin_text()
        } else {
            crate::control::read_text_bounded(std::path::Path::new(path), MAX_FILE_BYTES)
        };
        let (path, file) = if path == "-" {
            ("standard input (@-)", "the graph on standard input (@-)".to_string())
        } else {
            (path, format!("the graph file {path}"))
        };
        let body = body.map_err(|e| {
            // The bound is this reader's own, not the memory limit's (which would not
            // raise it).
            let why = if e.kind() == std::io::ErrorKind::FileTooLarge {
                format!(
                    "larger than {}, the most an edge list is read to (a graph of the engine's 256 vertices takes far less)",
                    crate::error::human_bytes(MAX_FILE_BYTES)
                )
            } else {
                e.to_string()
            };
            Error::Input(format!("cannot read {file}: {why}"))
        })?;
        let mut g = EdgeList::default();
        // A byte-order mark (an editor's) is not part of the first vertex's name, as
        // for `grundy graph`'s files.
        let body = body.strip_prefix('\u{feff}').unwrap_or(&body);
        for (i, line) in body.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            read_tokens(line, simple, &mut g).map_err(|(column, message)| {
                Error::Input(format!("{path}: line {}, column {column}: {message}", i + 1))
            })?;
        }
        return Ok(g);
    }
    let mut g = EdgeList::default();
    read_tokens(text, simple, &mut g).map_err(|(column, message)| Error::Syntax {
        message,
        column,
        input: text.to_string(),
    })?;
    Ok(g)
}

/// The text of standard input, read by the first edge list `@-` (or `@/dev/stdin`) of
/// the process, within [`MAX_FILE_BYTES`]: every later one is the same text, or the
/// same error (standard input read again gives what is left of it, nothing after a
/// pipe's end: the second `node-kayles("@/dev/stdin")` of a sum was the empty graph).
fn stdin_text() -> std::io::Result<String> {
    type Read = std::result::Result<String, (std::io::ErrorKind, String)>;
    static TEXT: std::sync::OnceLock<Read> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| crate::control::read_stdin_bounded(MAX_FILE_BYTES).map_err(|e| (e.kind(), e.to_string())))
        .clone()
        .map_err(|(kind, message)| std::io::Error::new(kind, message))
}

/// True if `c` may be part of a vertex name: a letter, a digit or `_` (the names an edge
/// list reads, and so the names it writes back: `-` joins two names into an edge,
/// whitespace separates them, and `"` would end the string argument of an
/// expression).
pub fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Reads the tokens of one line into `g`; an error is its 1-based column and message.
fn read_tokens(line: &str, simple: Simple, g: &mut EdgeList) -> std::result::Result<(), (usize, String)> {
    let chars: Vec<char> = line.chars().collect();
    let name_char = is_name_char;
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let read_name = |i: &mut usize| -> std::result::Result<String, (usize, String)> {
            let s = *i;
            while *i < chars.len() && name_char(chars[*i]) {
                *i += 1;
            }
            if *i == s {
                let found = chars
                    .get(*i)
                    .map_or("the end".to_string(), |c| format!("'{}'", c.escape_debug()));
                return Err((
                    *i + 1,
                    format!("expected a vertex name (letters, digits, _), found {found}"),
                ));
            }
            Ok(chars[s..*i].iter().collect())
        };
        let a = read_name(&mut i)?;
        if chars.get(i) == Some(&'-') {
            i += 1;
            let b = read_name(&mut i)?;
            if simple == Simple::Yes && a == b {
                return Err((start + 1, format!("a loop {a}-{a}: the graph must be simple")));
            }
            let (u, v) = (g.vertex(&a), g.vertex(&b));
            if simple == Simple::Yes && g.edges.iter().any(|&e| e == (u, v) || e == (v, u)) {
                return Err((
                    start + 1,
                    format!("the edge {a}-{b} is listed twice: the graph must be simple"),
                ));
            }
            g.edges.push((u, v));
        } else {
            g.vertex(&a);
        }
        if i < chars.len() && !chars[i].is_whitespace() {
            return Err((
                i + 1,
                format!(
                    "unexpected '{}': an edge is written u-v, a vertex alone by its name, separated by spaces",
                    chars[i].escape_debug()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file past the reader's bound says that bound is the reader's own: it said
    /// "the most the memory limit allows", which a larger limit did not change.
    #[test]
    fn a_long_file_is_refused_for_its_own_bound() {
        let dir = std::env::temp_dir().join(format!("grundy-edges-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("g.txt");
        std::fs::write(&path, "a-b ".repeat((MAX_FILE_BYTES / 4 + 1) as usize)).unwrap();
        let e = parse_edges(&format!("@{}", path.display()), Simple::No)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the most an edge list is read to") && !e.contains("memory limit"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn edge_lists() {
        let g = parse_edges(" a-b b-c  c-a d ", Simple::Yes).unwrap();
        assert_eq!(g.names, ["a", "b", "c", "d"]);
        assert_eq!(g.edges, [(0, 1), (1, 2), (2, 0)]);
        assert_eq!(g.write(), "a-b b-c c-a d");
        let column = |t: &str, s: Simple| match parse_edges(t, s) {
            Err(Error::Syntax { column, message, .. }) => (column, message),
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(column("a-b b-b", Simple::Yes).0, 5);
        assert!(column("a-b b-b", Simple::Yes).1.contains("loop"));
        assert!(column("a-b b-a", Simple::Yes).1.contains("twice"));
        assert_eq!(column("a-b c-", Simple::Yes).0, 7);
        assert_eq!(column("a-b c+d", Simple::Yes).0, 6);
        // Multigraphs with loops for Hackenbush.
        let g = parse_edges("g-a a-a a-g g-a", Simple::No).unwrap();
        assert_eq!(g.edges.len(), 4);
        assert_eq!(parse_edges("", Simple::Yes).unwrap(), EdgeList::default());
    }

    #[test]
    fn files() {
        let dir = std::env::temp_dir().join(format!("grundy-edges-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("g.txt");
        std::fs::write(&f, "# a triangle\na-b b-c\nc-a  # closed\n\nd\n").unwrap();
        let g = parse_edges(&format!("@{}", f.display()), Simple::Yes).unwrap();
        assert_eq!(g.write(), "a-b b-c c-a d");
        std::fs::write(&f, "a-b\nb-a\n").unwrap();
        let e = parse_edges(&format!("@{}", f.display()), Simple::Yes)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2, column 1") && e.contains("twice"), "{e}");
        let e = parse_edges("@/nonexistent/g.txt", Simple::Yes).unwrap_err().to_string();
        assert!(e.contains("cannot read the graph file /nonexistent/g.txt"), "{e}");
        // A byte-order mark is skipped (as `grundy graph` does); '@' alone names no file.
        std::fs::write(&f, "\u{feff}a-b b-c\n").unwrap();
        let g = parse_edges(&format!("@{}", f.display()), Simple::Yes).unwrap();
        assert_eq!(g.write(), "a-b b-c");
        let e = parse_edges("@", Simple::Yes).unwrap_err().to_string();
        assert!(e.contains("names no graph file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
