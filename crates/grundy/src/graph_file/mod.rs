//! Games given as graphs: the file format read by `grundy graph`.
//!
//! Text: one vertex per line, `name: follower follower …` (a vertex without followers
//! is `name:`); `#` starts a comment; blank lines are ignored. Names are any text
//! without whitespace, `:` or `#`; followers may be defined on later lines.
//!
//! ```text
//! # a 2-cycle with an exit
//! a: b
//! b: a end
//! end:
//! ```
//!
//! JSON (a file whose first non-blank character is `{`): an object mapping each
//! vertex to the array of its followers, `{"a": ["b"], "b": ["a", "end"], "end": []}`.
//!
//! Errors name the line: a line that is not a vertex line, a vertex defined twice, a
//! follower that is not a vertex, and a graph beyond the size limit; an empty file (no
//! vertex) is an error too. The graph may be acyclic or have cycles.

mod json;

use crate::error::{sci, Error, Result};
use crate::solve::loopy::{Graph, GraphBuilder, MAX_VERTICES};
use rustc_hash::FxHashMap;

/// A game graph with vertex names, in the order of the file.
#[derive(Clone, Debug)]
pub struct NamedGraph {
    /// Vertex names; vertex `i` of [`NamedGraph::graph`] is `names[i]`.
    pub names: Vec<String>,
    /// The 1-based line where each vertex is defined.
    pub lines: Vec<usize>,
    /// The graph.
    pub graph: Graph,
}

/// One vertex as read: name, line, followers, and (JSON only, where they can differ)
/// the line of each follower.
struct RawVertex<'a> {
    name: std::borrow::Cow<'a, str>,
    line: usize,
    followers: Vec<std::borrow::Cow<'a, str>>,
    follower_lines: Vec<usize>,
}

/// Parses a graph file (text or JSON, see the module docs) with at most `max_moves`
/// moves (edges).
///
/// # Errors
/// [`Error::Input`], its message starting with the line of the problem: a line that is
/// not a vertex line (or malformed JSON), a vertex defined twice, a follower that is not
/// a vertex, more than `max_moves` moves or more than [`MAX_VERTICES`] vertices; also
/// (without a line) a file with no vertex, or more than
/// [`MAX_EDGES`](crate::solve::loopy::MAX_EDGES) edges.
///
/// # Example
/// Parse a graph and solve it with [`crate::solve::loopy::solve`]: around a 3-cycle
/// play can go on for ever (`∞()`, a draw); a position with a loop and a move to a
/// terminal position is `∞(0)`, a first-player win.
/// ```
/// use grundy::{graph_file::parse_graph, solve::loopy::solve, Control};
/// let text = "a: b\nb: c\nc: a\n# a loop and an exit\nx: x end\nend:\n";
/// let g = parse_graph(text, 1000).unwrap();
/// assert_eq!(g.names, ["a", "b", "c", "x", "end"]);
/// assert_eq!(g.lines, [1, 2, 3, 5, 6]);
/// let sol = solve(&g.graph, &Control::new()).unwrap();
/// let show = |v: u32| {
///     let value = sol.value(&g.graph, v);
///     format!("{value} {}", value.outcome())
/// };
/// let shown: Vec<String> = (0..5).map(show).collect();
/// assert_eq!(shown, ["∞() D", "∞() D", "∞() D", "∞(0) N", "0 P"]);
///
/// // Errors name the line.
/// let err = parse_graph("a: b\n", 1000).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 1: follower 'b' of vertex 'a' is not a vertex (no line 'b: …')"
/// );
/// ```
pub fn parse_graph(text: &str, max_moves: u64) -> Result<NamedGraph> {
    let raw = if text.trim_start().starts_with('{') {
        json::parse(text)?
    } else {
        parse_text(text)?
    };
    build(raw, max_moves)
}

fn err(line: usize, message: impl std::fmt::Display) -> Error {
    Error::Input(format!("line {line}: {message}"))
}

fn parse_text(text: &str) -> Result<Vec<RawVertex<'_>>> {
    let mut out = Vec::new();
    for (i, full) in text.lines().enumerate() {
        let line = i + 1;
        let body = full.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let Some((name, rest)) = body.split_once(':') else {
            return Err(err(
                line,
                format!("expected 'name: follower follower …' (a vertex, a colon, its followers), found '{body}'"),
            ));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(err(line, "a vertex line needs a name before the colon"));
        }
        if name.contains(char::is_whitespace) {
            return Err(err(line, format!("vertex names cannot contain spaces: '{name}'")));
        }
        out.push(RawVertex {
            name: name.into(),
            line,
            followers: rest.split_whitespace().map(Into::into).collect(),
            follower_lines: Vec::new(),
        });
    }
    Ok(out)
}

fn build(raw: Vec<RawVertex<'_>>, max_moves: u64) -> Result<NamedGraph> {
    if raw.is_empty() {
        return Err(Error::Input(
            "the graph file is empty: it has no vertex (write one line 'name: follower follower …' per vertex)".into(),
        ));
    }
    let mut ids: FxHashMap<&str, u32> = FxHashMap::default();
    let mut moves = 0u64;
    for (i, v) in raw.iter().enumerate() {
        if let Some(&first) = ids.get(v.name.as_ref()) {
            return Err(err(
                v.line,
                format!(
                    "vertex '{}' is defined twice (first on line {})",
                    v.name, raw[first as usize].line
                ),
            ));
        }
        if i as u64 >= MAX_VERTICES {
            return Err(err(
                v.line,
                format!(
                    "the graph has more than {} vertices, the limit",
                    sci(MAX_VERTICES as u128)
                ),
            ));
        }
        moves += v.followers.len() as u64;
        if moves > max_moves {
            return Err(err(
                v.line,
                format!(
                    "the graph has more than {} moves, the limit (--graph-bound)",
                    sci(max_moves as u128)
                ),
            ));
        }
        ids.insert(v.name.as_ref(), i as u32);
    }
    let mut b = GraphBuilder::with_capacity(raw.len(), moves as usize);
    for v in &raw {
        let mut fs = Vec::with_capacity(v.followers.len());
        for (i, f) in v.followers.iter().enumerate() {
            match ids.get(f.as_ref()) {
                Some(&id) => fs.push(id),
                None => {
                    return Err(err(
                        v.follower_lines.get(i).copied().unwrap_or(v.line),
                        format!(
                            "follower '{f}' of vertex '{}' is not a vertex (no line '{f}: …')",
                            v.name
                        ),
                    ))
                }
            }
        }
        b.add_vertex(fs)?;
    }
    Ok(NamedGraph {
        lines: raw.iter().map(|v| v.line).collect(),
        names: raw.into_iter().map(|v| v.name.into_owned()).collect(),
        graph: b.finish()?,
    })
}

#[cfg(test)]
mod tests;
