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
//! JSON (a file whose first non-blank character is `{` or `[`): an object mapping each
//! vertex to the array of its followers, `{"a": ["b"], "b": ["a", "end"], "end": []}`,
//! read by serde_json as a stream. A byte-order mark at the start is skipped.
//!
//! Errors name the line: a line that is not a vertex line (or malformed JSON, with its
//! column), a vertex defined twice, a follower that is not a vertex, a NUL byte (not a
//! text file), and a graph beyond the size limit; an empty file (no vertex) is an error
//! too, and so is a file longer than the byte limit given to [`read_graph`]. The graph
//! may be acyclic or have cycles.

pub mod canon;
pub mod edges;
mod json;

use crate::control::Control;
use crate::error::{human_bytes, sci, Error, Result, Shown};
use crate::solve::loopy::{Graph, GraphBuilder, MAX_VERTICES};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::io::{BufRead, BufReader, Read};
use std::rc::Rc;

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
struct RawVertex {
    name: String,
    line: usize,
    followers: Names,
    follower_lines: Vec<usize>,
}

/// A vertex's followers, compactly: their names one after the other and where each
/// ends (a `String` each took 24 bytes and an allocation, ten times a short name).
#[derive(Default)]
struct Names {
    text: String,
    ends: Vec<u32>,
}

impl Names {
    fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().map(|&e| e as usize));
        starts.zip(&self.ends).map(|(a, &b)| &self.text[a..b as usize])
    }
}

/// Estimated bytes of a vertex read (its [`RawVertex`], name, entry in the table of
/// names, line and place in the graph) besides its name's and followers' text.
const VERTEX_BYTES: u64 = 256;

/// Estimated bytes of a follower read besides its text: its end in [`Names`], its
/// edge in the graph and in the list of ids.
const FOLLOWER_BYTES: u64 = 12;

impl RawVertex {
    /// The memory the vertex takes while the graph is read and built (an upper
    /// estimate: allocations round up).
    fn bytes(&self) -> u64 {
        VERTEX_BYTES
            + 2 * self.name.len() as u64
            + self.followers.text.len() as u64
            + (FOLLOWER_BYTES + 8 * u64::from(!self.follower_lines.is_empty())) * self.followers.len() as u64
    }
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
    read_graph(text.as_bytes(), max_moves, u64::MAX)
}

/// Reads a graph file (text or JSON, see the module docs) from `input` as a stream,
/// with at most `max_moves` moves (edges) and at most `max_bytes` bytes of input: the
/// reading stops at the first byte beyond the limit, so an endless input (`/dev/zero`,
/// a pipe) ends with an error instead of filling the memory. A NUL byte stops it too.
///
/// # Errors
/// Those of [`parse_graph`], and [`Error::Input`] for input longer than `max_bytes`,
/// a NUL byte (with its line), text that is not UTF-8, or a read error.
///
/// # Example
/// ```
/// use grundy::graph_file::read_graph;
/// let g = read_graph("\u{feff}{\"a\": [\"b\"], \"b\": []}".as_bytes(), 10, 1000).unwrap();
/// assert_eq!(g.names, ["a", "b"]); // the byte-order mark is not part of a name
/// let e = read_graph(std::io::repeat(b'x'), 10, 1000).unwrap_err();
/// assert!(e.to_string().contains("larger than 1000 B"), "{e}");
/// ```
pub fn read_graph<R: Read>(input: R, max_moves: u64, max_bytes: u64) -> Result<NamedGraph> {
    read(input, max_moves, max_bytes, None)
}

/// Reads a graph file from `input` as [`read_graph`] does, within the limits of `ctl`:
/// the input is cut at a [`READ_FACTOR`]-th of the memory limit, the memory of what was
/// read so far (the names and followers, `VERTEX_BYTES` a vertex, the followers'
/// text and 12 bytes each) is checked against the memory limit as it grows, and
/// cancellation is checked per block read and while the graph is built.
///
/// # Errors
/// Those of [`read_graph`]; [`Error::TooLarge`] when what was read, or the text read
/// (times [`READ_FACTOR`]), passes the memory limit; [`Error::Interrupted`] when
/// cancelled.
pub fn read_graph_in<R: Read>(input: R, max_moves: u64, ctl: &Control) -> Result<NamedGraph> {
    read(input, max_moves, ctl.memory_limit() / READ_FACTOR, Some(ctl))
}

/// [`read_graph`], with the limits and the cancellation of `ctl` if given.
fn read<R: Read>(input: R, max_moves: u64, max_bytes: u64, ctl: Option<&Control>) -> Result<NamedGraph> {
    let mut input = BufReader::new(input);
    let shared = Rc::new(Shared {
        max_bytes,
        ctl: ctl.cloned(),
        ..Shared::default()
    });
    // Skip a byte-order mark and the leading whitespace, counting lines, to see which
    // format the file is in.
    let io = |e: std::io::Error| Error::Input(format!("cannot read the graph file: {e}"));
    if input.fill_buf().map_err(io)?.starts_with(b"\xEF\xBB\xBF") {
        input.consume(3);
        shared.add_chunk(b"\xEF\xBB\xBF");
    }
    let mut column = 0;
    let first = loop {
        let buf = input.fill_buf().map_err(io)?;
        let Some(&b) = buf.first() else { break None };
        if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
            break Some(b);
        }
        column = if b == b'\n' { 0 } else { column + 1 };
        input.consume(1);
        shared.add_chunk(&[b]);
        if shared.stop.get().is_some() {
            return Err(shared.error(std::io::Error::other("limit")));
        }
    };
    let guarded = Guarded {
        inner: input,
        shared: shared.clone(),
    };
    let raw = if matches!(first, Some(b'{' | b'[')) {
        json::parse(guarded, &shared, (shared.line() - 1, column))?
    } else {
        parse_text(guarded, &shared)?
    };
    build(raw, max_moves, ctl)
}

/// Memory per byte of a graph file while it is read and built (an upper estimate): the
/// names, 24 bytes per name or follower (at least 2 bytes each in the file), and the
/// graph, at most about 5 times the file for typical names (the solver checks its own
/// memory once the size of the graph is known).
pub const READ_FACTOR: u64 = 5;

/// Reads the graph file `file` (opened by the caller) within the memory limit of `ctl`:
/// a regular file is checked against the limit ([`READ_FACTOR`] bytes per byte) before
/// reading, and any input (a pipe, a device such as `/dev/zero`) is cut at a
/// [`READ_FACTOR`]-th of the limit while it is read ([`read_graph`]; a NUL byte stops it
/// at once). `grundy graph FILE` and Python's `grundy.graph(path)` read files this way.
///
/// # Errors
/// [`Error::TooLarge`] for a regular file above the limit; the errors of
/// [`read_graph`].
///
/// # Example
/// ```
/// use grundy::{graph_file::read_graph_file, Control};
/// let e = read_graph_file(std::fs::File::open("/dev/zero").unwrap(), 10, &Control::new()).unwrap_err();
/// assert!(e.to_string().contains("NUL byte"), "{e}");
/// ```
pub fn read_graph_file(file: std::fs::File, max_moves: u64, ctl: &crate::Control) -> Result<NamedGraph> {
    let len = file
        .metadata()
        .map_err(|e| Error::Input(format!("cannot read the graph file: {e}")))?
        .len();
    ctl.check_memory(
        "reading the graph file",
        len.saturating_mul(READ_FACTOR),
        format!("a file of {len} bytes"),
    )?;
    read_graph_in(file, max_moves, ctl)
}

/// Why a guarded read stopped.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// The text passed the bound on bytes, on this line (the line of its first byte
    /// past the bound, whatever the chunks the input came in).
    TooLong {
        line: u64,
    },
    Nul {
        line: u64,
    },
    /// What was read passed the memory limit: the estimate, in bytes, and the line of
    /// the vertex that passed it.
    Memory {
        bytes: u64,
        line: u64,
    },
    Interrupted,
}

/// The state of a guarded read: bytes and lines read so far, the memory of the vertices
/// read, and why it stopped.
#[derive(Default)]
struct Shared {
    max_bytes: u64,
    bytes: Cell<u64>,
    newlines: Cell<u64>,
    stop: Cell<Option<Stop>>,
    /// The memory limit and cancellation of the read, if any ([`read_graph_in`]).
    ctl: Option<Control>,
    /// The estimated memory of the vertices read so far ([`RawVertex::bytes`]).
    memory: Cell<u64>,
}

impl Shared {
    /// Counts a vertex read; an error when the vertices read pass the memory limit.
    fn add_vertex(&self, v: &RawVertex) -> Result<()> {
        let total = self.memory.get().saturating_add(v.bytes());
        self.memory.set(total);
        match &self.ctl {
            Some(ctl) if total > ctl.memory_limit() => {
                let line = u64::try_from(v.line).unwrap_or(u64::MAX);
                self.stop.set(Some(Stop::Memory { bytes: total, line }));
                Err(self.error(std::io::Error::other("memory")))
            }
            _ => Ok(()),
        }
    }

    /// True once the read's control is cancelled.
    fn cancelled(&self) -> bool {
        self.ctl.as_ref().is_some_and(Control::cancelled)
    }

    /// Counts the bytes and line breaks of `chunk`, read next; at the first byte past
    /// the bound on bytes, the read stops, on that byte's line.
    fn add_chunk(&self, chunk: &[u8]) {
        let before = self.bytes.get();
        let newlines = |c: &[u8]| c.iter().filter(|&&b| b == b'\n').count() as u64;
        let total = before.saturating_add(chunk.len() as u64);
        if total > self.max_bytes && self.stop.get().is_none() {
            let within = usize::try_from(self.max_bytes.saturating_sub(before)).unwrap_or(usize::MAX);
            let line = self.newlines.get() + newlines(&chunk[..within.min(chunk.len())]) + 1;
            self.stop.set(Some(Stop::TooLong { line }));
        }
        self.bytes.set(total);
        self.newlines.set(self.newlines.get() + newlines(chunk));
    }

    /// The 1-based line of the last byte read.
    fn line(&self) -> usize {
        usize::try_from(self.newlines.get())
            .unwrap_or(usize::MAX)
            .saturating_add(1)
    }

    /// The error for a failed read: the limit or the NUL byte that stopped it, or the
    /// I/O error.
    fn error(&self, e: std::io::Error) -> Error {
        match self.stop.get() {
            // Under a memory limit, a refusal of the limit (it names what sets it);
            // under a bound on the bytes alone, the bound.
            Some(Stop::TooLong { line }) => match &self.ctl {
                Some(ctl) => Error::TooLarge {
                    what: format!("reading the graph (to line {line})"),
                    estimate_bytes: self.bytes.get().saturating_mul(READ_FACTOR),
                    limit_bytes: ctl.memory_limit(),
                    detail: format!(
                        "its text passed {}, and the graph takes up to {READ_FACTOR} bytes a byte of it; reading stopped there",
                        human_bytes(self.max_bytes)
                    ),
                },
                None => Error::Input(format!(
                    "the graph's text is larger than {}, the most allowed (reading stopped there)",
                    human_bytes(self.max_bytes)
                )),
            },
            Some(Stop::Nul { line }) => err(
                usize::try_from(line).unwrap_or(usize::MAX),
                "a NUL byte: this is not a text or JSON graph file",
            ),
            Some(Stop::Memory { bytes, line }) => Error::TooLarge {
                what: format!("reading the graph (to line {line})"),
                estimate_bytes: bytes,
                limit_bytes: self.ctl.as_ref().map_or(u64::MAX, Control::memory_limit),
                detail: format!(
                    "{VERTEX_BYTES} bytes a vertex, and its followers' text and {FOLLOWER_BYTES} bytes each"
                ),
            },
            Some(Stop::Interrupted) => Error::Interrupted,
            None => Error::Input(format!("cannot read the graph file: {e}")),
        }
    }
}

/// A reader that counts bytes and lines and fails at the byte limit or a NUL byte.
struct Guarded<R> {
    inner: R,
    shared: Rc<Shared>,
}

impl<R: Read> Read for Guarded<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.shared.stop.get().is_some() {
            return Err(std::io::Error::other("the graph file was not read to its end"));
        }
        if self.shared.cancelled() {
            self.shared.stop.set(Some(Stop::Interrupted));
            return Err(std::io::Error::other("interrupted"));
        }
        let n = self.inner.read(buf)?;
        let chunk = &buf[..n];
        if let Some(at) = chunk.iter().position(|&b| b == 0) {
            let before = chunk[..at].iter().filter(|&&b| b == b'\n').count() as u64;
            let line = self.shared.newlines.get() + before + 1;
            self.shared.stop.set(Some(Stop::Nul { line }));
            return Err(std::io::Error::other("a NUL byte"));
        }
        self.shared.add_chunk(chunk);
        if self.shared.stop.get().is_some() {
            return Err(std::io::Error::other("the graph file is too large"));
        }
        Ok(n)
    }
}

fn err(line: usize, message: impl std::fmt::Display) -> Error {
    Error::Input(format!("line {line}: {message}"))
}

fn parse_text<R: Read>(input: Guarded<R>, shared: &Shared) -> Result<Vec<RawVertex>> {
    let mut out = Vec::new();
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    // Lines skipped before the first vertex line (see `read_graph`).
    let mut line = shared.line() - 1;
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf).map_err(|e| shared.error(e))? == 0 {
            break;
        }
        line += 1;
        let full = std::str::from_utf8(&buf).map_err(|_| err(line, "the line is not UTF-8 text"))?;
        let body = full.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let Some((name, rest)) = body.split_once(':') else {
            return Err(err(
                line,
                format!(
                    "expected 'name: follower follower …' (a vertex, a colon, its followers), found '{}'",
                    Shown(body)
                ),
            ));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(err(line, "a vertex line needs a name before the colon"));
        }
        if name.contains(char::is_whitespace) {
            return Err(err(
                line,
                format!("vertex names cannot contain spaces: '{}'", Shown(name)),
            ));
        }
        let mut followers = Names::default();
        for f in rest.split_whitespace() {
            followers.push(f);
        }
        let v = RawVertex {
            name: name.into(),
            line,
            followers,
            follower_lines: Vec::new(),
        };
        shared.add_vertex(&v)?;
        out.push(v);
    }
    Ok(out)
}

/// Cancellation is checked every this many vertices while a graph is built.
const CANCEL_VERTICES: usize = 4096;

fn build(raw: Vec<RawVertex>, max_moves: u64, ctl: Option<&Control>) -> Result<NamedGraph> {
    let stop = |i: usize| match ctl {
        Some(c) if i.is_multiple_of(CANCEL_VERTICES) && c.cancelled() => Err(Error::Interrupted),
        _ => Ok(()),
    };
    if raw.is_empty() {
        return Err(Error::Input(
            "the graph file is empty: it has no vertex (write one line 'name: follower follower …' per vertex)".into(),
        ));
    }
    let mut ids: FxHashMap<&str, u32> = FxHashMap::default();
    let mut moves = 0u64;
    for (i, v) in raw.iter().enumerate() {
        stop(i)?;
        if let Some(&first) = ids.get(v.name.as_str()) {
            return Err(err(
                v.line,
                format!(
                    "vertex '{}' is defined twice (first on line {})",
                    Shown(&v.name),
                    raw[first as usize].line
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
        ids.insert(v.name.as_str(), i as u32);
    }
    let mut b = GraphBuilder::try_with_capacity(raw.len(), moves as usize)?;
    for (k, v) in raw.iter().enumerate() {
        stop(k)?;
        let mut fs = Vec::with_capacity(v.followers.len());
        for (i, f) in v.followers.iter().enumerate() {
            match ids.get(f) {
                Some(&id) => fs.push(id),
                None => {
                    return Err(err(
                        v.follower_lines.get(i).copied().unwrap_or(v.line),
                        format!(
                            "follower '{f}' of vertex '{}' is not a vertex (no line '{f}: …')",
                            Shown(&v.name),
                            f = Shown(f)
                        ),
                    ))
                }
            }
        }
        b.add_vertex(fs)?;
    }
    Ok(NamedGraph {
        lines: raw.iter().map(|v| v.line).collect(),
        names: raw.into_iter().map(|v| v.name).collect(),
        graph: b.finish()?,
    })
}

#[cfg(test)]
mod tests;
