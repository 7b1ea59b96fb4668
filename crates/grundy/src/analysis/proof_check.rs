//! The checker of the position engine's proofs (`grundy proof --check FILE`): small
//! and separate from the search. It lists the moves of a position from the rules
//! itself (cells by coordinates, a graph's neighbours), one level deep, and never
//! searches; it does not use the engine's modules (`solve::bitgame`, `solve::grid`),
//! its normal forms or its rules' immediate values.
//!
//! A proof (written by `grundy value EXPR --save-proof FILE`,
//! `crate::solve::bitgame::BitProof`) is text:
//!
//! ```text
//! grundy-proof 2
//! game cram                      (cram, node-kayles-grid or node-kayles)
//! board ....#/.....              (a board; for node-kayles: vertices, edges, set)
//! value 2                        (the claim: the position's nim-value)
//! V 2x3:3f 1                     (a component and its value)
//! P 4x5:fffff 2                  (a sum of components and a heap: a P-position)
//! N 3x5:7fff,2x2:f 3 17          (an N-position, and the P-entry 17 it moves to; * the empty sum)
//! ```
//!
//! A board component is `HxW:bits` (cell (r, c) is bit r·W + c, hexadecimal), a graph
//! component its vertex set (hexadecimal, vertex i is bit i, numbered as listed; a
//! graph has at most 256 vertices, its sets two `u128` here). Numbers are written one
//! way each, as the engine writes them: decimal or lowercase hexadecimal digits, no
//! sign, no leading 0 (`007`, `+7` and `F` are rejected, naming the character), so
//! that a proof has one text. A graph's vertex names are those of the edge-list
//! notation (letters, digits, `_`, each name once), so that the graph named in the
//! report is the position that pastes back into `grundy value`. Every board component
//! is put in the checker's own normal form (the least of the 8 images of its cells
//! under the square's symmetries, cropped); a graph component is its vertex set.
//!
//! What is checked (each entry, one level deep):
//! - `V c v`: the mex of the values of c's options is v; an option's value is the
//!   nim-sum of its components' values, each a `V` entry or settled by a rule.
//! - A sum is put in its folded form: components with a `V` entry or a rule's value
//!   go into the heap, the others are sorted. `P`: every move (in a component, or in
//!   the heap) leads to an `N` entry, or to a bare heap other than 0. `N`: one of its
//!   moves leads to the entry it names, a `P` entry (or to the empty sum for `*`).
//! - The claim: the nim-sum of the position's components' values is the value
//!   claimed, a component's value given by a `V` entry, a rule, or a `P` entry of the
//!   component alone with a heap h (then its value is h).
//!
//! The rules the checker applies itself: the empty sum is 0, and a Cram or Node-Kayles
//! region that is its own image under the half-turn, with no cell next to or equal to
//! its image, is 0 (the second player copies every move: a domino, or a cell taken
//! with its neighbours; Winning Ways ch. 22). Proofs of version 1 (`grundy-proof 1`,
//! written before the Node-Kayles rule) are checked with the Cram rule only. Every move of a
//! component removes cells or vertices and every move in the heap lowers it, so the
//! entries' checks, each one level deep, prove the claim by induction (on the cells or
//! vertices of the components not folded, then the heap).

use crate::control::Control;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// What a proof showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofReport {
    /// The game (`cram`, `node-kayles-grid`, `node-kayles`).
    pub game: String,
    /// The position: the board; a graph by its family where it is one, edge for edge
    /// (`node-kayles-petersen(10,2)`, [`super::proof_graphs::family`]), else by its
    /// edges (`node-kayles("a-b b-c d")`); a part of a graph by the graph it induces and
    /// what it is part of (`node-kayles("a-b c"), on 3 of the 5 vertices of its
    /// graph`); past 2000 characters, by its counts.
    pub position: String,
    /// The nim-value proved.
    pub value: u64,
    /// `V` entries.
    pub values: usize,
    /// `P` and `N` entries.
    pub sums: usize,
}

/// A board region in the checker's normal form: (height, width, cells).
type Region = (u8, u8, u128);

/// The graph of vertices `names` and `edges` as the position that gives it,
/// `node-kayles("a-b b-c d")`: each edge by its vertices' names, then each vertex on no
/// edge; `None` past 2000 characters. The names are those of the edge-list notation
/// ([`vertex_names`] read no other), so the text reads back as this graph.
fn edge_list(names: &[String], edges: &std::collections::BTreeSet<(usize, usize)>) -> Option<String> {
    let mut on_edge = vec![false; names.len()];
    let mut words: Vec<String> = Vec::with_capacity(edges.len());
    for &(u, v) in edges {
        on_edge[u] = true;
        on_edge[v] = true;
        words.push(format!("{}-{}", names[u], names[v]));
    }
    words.extend(names.iter().zip(&on_edge).filter(|(_, &e)| !e).map(|(n, _)| n.clone()));
    let text = format!("node-kayles(\"{}\")", words.join(" "));
    (text.len() <= 2000).then_some(text)
}

/// A set of at most 256 vertices of a graph: vertex i is bit i % 128 of word i / 128.
type VertexSet = [u128; 2];

/// A folded sum: its components (sorted) and heap.
type Sum<C> = (Vec<C>, u64);

/// The rules of a game as the checker knows them: its components, their moves and
/// the values a rule of the checker's settles.
trait Rules {
    /// A component.
    type Comp: Copy + Ord + Hash;
    /// Reads a component; the reason if it is not one.
    fn read(&self, text: &str) -> std::result::Result<Self::Comp, String>;
    /// Calls `f` with the components left by each move from `c`.
    fn moves(&self, c: &Self::Comp, f: &mut dyn FnMut(Vec<Self::Comp>));
    /// A value the checker's own rules give.
    fn rule(&self, c: &Self::Comp) -> Option<u64>;
    /// At least the number of moves from `c` (for the estimate of a check's work).
    fn moves_bound(c: &Self::Comp) -> u64;
    /// A component as written in proofs.
    fn show(c: &Self::Comp) -> String;
}

/// Cram and Node-Kayles on boards.
enum Board {
    Cram,
    /// Node-Kayles on a board, with the half-turn rule (proofs of version 2) or without.
    NodeKayles {
        half_turn: bool,
    },
}

/// Node-Kayles on a graph: each vertex's neighbours.
struct Graph(Vec<VertexSet>);

fn err(line: usize, what: impl std::fmt::Display) -> Error {
    Error::Input(format!("proof line {line}: {what}"))
}

/// Why `w` is not a number as proofs write it in `radix` (10, or 16 in lowercase): a
/// character that is not a digit (a sign, a capital), a leading 0 (but in 0 itself),
/// or nothing at all; `None` if it is one.
fn non_canonical(w: &str, radix: u32) -> Option<String> {
    let rule = match radix {
        16 => "lowercase hexadecimal digits, no sign, no leading 0",
        _ => "decimal digits, no sign, no leading 0",
    };
    let digit = |c: char| c.is_ascii_digit() || radix == 16 && matches!(c, 'a'..='f');
    let shown = |w: &str| crate::error::Shown(&crate::error::brief(w)).to_string();
    if let Some((i, c)) = w.chars().enumerate().find(|&(_, c)| !digit(c)) {
        return Some(format!(
            "'{}' is not a number as proofs write them ({rule}): '{}' at its character {}",
            shown(w),
            shown(&c.to_string()),
            i + 1
        ));
    }
    if w.is_empty() {
        return Some(format!("a number is missing ({rule})"));
    }
    (w.len() > 1 && w.starts_with('0')).then(|| {
        format!(
            "'{}' is not a number as proofs write them ({rule}): a leading '0' at its character 1",
            shown(w)
        )
    })
}

/// A decimal number below 2^64 as proofs write it ([`non_canonical`]); else why not.
fn decimal(w: &str) -> std::result::Result<u64, String> {
    if let Some(why) = non_canonical(w, 10) {
        return Err(why);
    }
    w.parse()
        .map_err(|_| format!("'{}' is not a number below 2^64", crate::error::brief(w)))
}

/// The vertex names of a graph's `vertices` line, each a name of the edge-list notation
/// ([`crate::graph_file::edges::is_name_char`]: letters, digits, `_`) listed once: a
/// name with `-` or `"` in it, or two vertices of one name, would make the graph the
/// report names another graph, or no position at all.
fn vertex_names(line: &str) -> std::result::Result<Vec<String>, String> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for name in line.split_whitespace() {
        let shown = || crate::error::Shown(&crate::error::brief(name)).to_string();
        if let Some((i, c)) = name
            .chars()
            .enumerate()
            .find(|&(_, c)| !crate::graph_file::edges::is_name_char(c))
        {
            return Err(format!(
                "the vertex name '{}' has '{}' at its character {}: a vertex name is letters, digits and _, as an edge list writes it",
                shown(),
                crate::error::Shown(&c.to_string()),
                i + 1
            ));
        }
        if !seen.insert(name) {
            return Err(format!("the vertex name '{}' is listed twice", shown()));
        }
        names.push(name.to_string());
        if names.len() > 256 {
            return Err("more than 256 vertices".into());
        }
    }
    Ok(names)
}

impl Rules for Board {
    type Comp = Region;

    fn read(&self, text: &str) -> std::result::Result<Region, String> {
        let bad = || format!("'{}' is not a board region HxW:cells", crate::error::brief(text));
        let (size, bits) = text.split_once(':').ok_or_else(bad)?;
        let (h, w) = size.split_once('x').ok_or_else(bad)?;
        // A number written otherwise than the engine writes it is named as such.
        let why = |n: &str, radix: u32| non_canonical(n, radix).map(|why| format!("{}: {why}", bad()));
        if let Some(why) = why(h, 10).or_else(|| why(w, 10)).or_else(|| why(bits, 16)) {
            return Err(why);
        }
        let (h, w): (u32, u32) = (h.parse().map_err(|_| bad())?, w.parse().map_err(|_| bad())?);
        let bits = u128::from_str_radix(bits, 16).map_err(|_| bad())?;
        // Each side at most 128 first, so that h·w cannot overflow.
        if h == 0 || w == 0 || h > 128 || w > 128 || h * w > 128 || bits == 0 || (h * w < 128 && bits >> (h * w) != 0) {
            return Err(bad());
        }
        let parts = split_board(h, w, bits);
        if parts.len() != 1 {
            return Err(format!(
                "the board region '{text}' (HxW:cells in hexadecimal) is not connected"
            ));
        }
        Ok(parts[0])
    }

    fn moves(&self, c: &Region, f: &mut dyn FnMut(Vec<Region>)) {
        let (h, w, s) = (u32::from(c.0), u32::from(c.1), c.2);
        let cell = |r: u32, col: u32| s >> (r * w + col) & 1 == 1;
        let bit = |r: u32, col: u32| 1u128 << (r * w + col);
        for r in 0..h {
            for col in 0..w {
                if !cell(r, col) {
                    continue;
                }
                if matches!(self, Board::Cram) {
                    if col + 1 < w && cell(r, col + 1) {
                        f(split_board(h, w, s & !(bit(r, col) | bit(r, col + 1))));
                    }
                    if r + 1 < h && cell(r + 1, col) {
                        f(split_board(h, w, s & !(bit(r, col) | bit(r + 1, col))));
                    }
                } else {
                    let mut take = bit(r, col);
                    if r > 0 {
                        take |= bit(r - 1, col);
                    }
                    if r + 1 < h {
                        take |= bit(r + 1, col);
                    }
                    if col > 0 {
                        take |= bit(r, col - 1);
                    }
                    if col + 1 < w {
                        take |= bit(r, col + 1);
                    }
                    f(split_board(h, w, s & !take));
                }
            }
        }
    }

    fn rule(&self, c: &Region) -> Option<u64> {
        (matches!(self, Board::Cram | Board::NodeKayles { half_turn: true }) && half_turn_symmetric(c)).then_some(0)
    }

    fn show(c: &Region) -> String {
        format!("{}x{}:{:x}", c.0, c.1, c.2)
    }

    fn moves_bound(c: &Region) -> u64 {
        // A domino on two of the cells, or one cell.
        2 * u64::from(c.2.count_ones())
    }
}

impl Rules for Graph {
    type Comp = VertexSet;

    fn read(&self, text: &str) -> std::result::Result<VertexSet, String> {
        let s = parse_set(text)?;
        if s == [0, 0] || !within(s, self.0.len()) {
            return Err(format!("'{text}' is not a nonempty set of the graph's vertices"));
        }
        let parts = self.split(s);
        if parts.len() != 1 {
            return Err(format!(
                "the vertex set '{text}' (hexadecimal, bit i for vertex i) is not connected in the graph"
            ));
        }
        Ok(parts[0])
    }

    fn moves(&self, c: &VertexSet, f: &mut dyn FnMut(Vec<VertexSet>)) {
        for v in vertices(*c) {
            let take = self.0[v];
            let mut left = *c;
            left[v / 128] &= !(1u128 << (v % 128));
            f(self.split([left[0] & !take[0], left[1] & !take[1]]));
        }
    }

    fn rule(&self, _c: &VertexSet) -> Option<u64> {
        None
    }

    fn moves_bound(c: &VertexSet) -> u64 {
        u64::from(c[0].count_ones() + c[1].count_ones())
    }

    fn show(c: &VertexSet) -> String {
        if c[1] == 0 {
            format!("{:x}", c[0])
        } else {
            format!("{:x}{:032x}", c[1], c[0])
        }
    }
}

impl Graph {
    /// The connected parts of the vertex set `s`.
    fn split(&self, s: VertexSet) -> Vec<VertexSet> {
        let mut out = Vec::new();
        let mut rest = s;
        while rest != [0, 0] {
            let first = vertices(rest).next().expect("a vertex");
            let mut part = [0u128; 2];
            part[first / 128] = 1 << (first % 128);
            loop {
                let mut next = part;
                for v in vertices(part) {
                    next[0] |= self.0[v][0] & rest[0];
                    next[1] |= self.0[v][1] & rest[1];
                }
                if next == part {
                    break;
                }
                part = next;
            }
            rest = [rest[0] & !part[0], rest[1] & !part[1]];
            out.push(part);
        }
        out
    }
}

/// A vertex set written in hexadecimal (at most 64 digits, as proofs write numbers:
/// [`non_canonical`]); else why not.
fn parse_set(text: &str) -> std::result::Result<VertexSet, String> {
    let bad = || format!("'{}' is not a vertex set", crate::error::brief(text));
    if let Some(why) = non_canonical(text, 16) {
        return Err(format!("{}: {why}", bad()));
    }
    if text.len() > 64 {
        return Err(format!("{} (more than 64 hexadecimal digits)", bad()));
    }
    let cut = text.len().saturating_sub(32);
    let low = u128::from_str_radix(&text[cut..], 16).map_err(|_| bad())?;
    let high = if cut == 0 {
        0
    } else {
        u128::from_str_radix(&text[..cut], 16).map_err(|_| bad())?
    };
    Ok([low, high])
}

/// True if the set has no vertex from `n` on.
fn within(s: VertexSet, n: usize) -> bool {
    let below = |k: usize| if k >= 128 { u128::MAX } else { (1u128 << k) - 1 };
    s[0] & !below(n) == 0 && s[1] & !below(n.saturating_sub(128)) == 0
}

/// The vertices of a set, lowest first.
fn vertices(s: VertexSet) -> impl Iterator<Item = usize> {
    let bits = |mut x: u128, base: usize| {
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let v = x.trailing_zeros() as usize;
                x &= x - 1;
                base + v
            })
        })
    };
    bits(s[0], 0).chain(bits(s[1], 128))
}

/// The connected regions of the cells `s` of an h×w board, each in normal form.
fn split_board(h: u32, w: u32, s: u128) -> Vec<Region> {
    let mut out = Vec::new();
    let mut seen = 0u128;
    for start in 0..h * w {
        if s >> start & 1 == 0 || seen >> start & 1 == 1 {
            continue;
        }
        let mut cells = Vec::new();
        let mut stack = vec![start];
        seen |= 1 << start;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / w, i % w);
            cells.push((r as i32, c as i32));
            let mut near = Vec::with_capacity(4);
            if r > 0 {
                near.push(i - w);
            }
            if r + 1 < h {
                near.push(i + w);
            }
            if c > 0 {
                near.push(i - 1);
            }
            if c + 1 < w {
                near.push(i + 1);
            }
            for j in near {
                if s >> j & 1 == 1 && seen >> j & 1 == 0 {
                    seen |= 1 << j;
                    stack.push(j);
                }
            }
        }
        out.push(normal_form(&cells));
    }
    out
}

/// The least of the 8 images of a set of cells under the symmetries of the square,
/// each cropped to its bounding box, as (height, width, bits).
fn normal_form(cells: &[(i32, i32)]) -> Region {
    let mut best: Option<Region> = None;
    for t in 0..8 {
        let image: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                (if t & 1 != 0 { -r } else { r }, if t & 2 != 0 { -c } else { c })
            })
            .collect();
        let r0 = image.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = image.iter().map(|p| p.1).min().unwrap_or(0);
        let h = image.iter().map(|p| p.0 - r0).max().unwrap_or(0) + 1;
        let w = image.iter().map(|p| p.1 - c0).max().unwrap_or(0) + 1;
        let bits = image
            .iter()
            .fold(0u128, |b, &(r, c)| b | 1u128 << ((r - r0) * w + (c - c0)));
        let form = (h as u8, w as u8, bits);
        if best.is_none_or(|b| form < b) {
            best = Some(form);
        }
    }
    best.expect("eight images")
}

/// True if the region is its own image under the half-turn and no cell is its own
/// image or next to it.
fn half_turn_symmetric(c: &Region) -> bool {
    let (h, w, s) = (i32::from(c.0), i32::from(c.1), c.2);
    for i in 0..h * w {
        if s >> i & 1 == 0 {
            continue;
        }
        let (r, col) = (i / w, i % w);
        let (ir, ic) = (h - 1 - r, w - 1 - col);
        if s >> (ir * w + ic) & 1 == 0 || (ir - r).abs() + (ic - col).abs() <= 1 {
            return false;
        }
    }
    true
}

/// The mex of a set of values.
fn mex(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

struct Checker<R: Rules> {
    rules: R,
    values: FxHashMap<R::Comp, u64>,
}

impl<R: Rules> Checker<R> {
    /// The value of a component from a `V` entry or a rule.
    fn value(&self, c: &R::Comp) -> Option<u64> {
        self.values.get(c).copied().or_else(|| self.rules.rule(c))
    }

    /// The folded form of a sum.
    fn fold(&self, parts: Vec<R::Comp>, mut heap: u64) -> Sum<R::Comp> {
        let mut left: Vec<R::Comp> = Vec::with_capacity(parts.len());
        for c in parts {
            match self.value(&c) {
                Some(v) => heap ^= v,
                None => left.push(c),
            }
        }
        left.sort_unstable();
        (left, heap)
    }

    /// Calls `f` with the folded form of every option of the sum that is a move in one
    /// of its components, until `f` returns true (then true). (The moves in the heap
    /// are to the same components with every smaller heap: the callers look at them
    /// one at a time, since a heap may be large.)
    ///
    /// # Errors
    /// [`Error::Interrupted`] when `ctl` is cancelled (looked at for each component: a
    /// sum of many components is long to check).
    fn component_options(
        &self,
        sum: &Sum<R::Comp>,
        ctl: &Control,
        f: &mut dyn FnMut(Sum<R::Comp>) -> bool,
    ) -> Result<bool> {
        let (parts, heap) = sum;
        for i in 0..parts.len() {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            let mut stop = false;
            self.rules.moves(&parts[i], &mut |left| {
                if stop {
                    return;
                }
                let mut next: Vec<R::Comp> = parts
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, c)| *c)
                    .collect();
                next.extend(left);
                stop = f(self.fold(next, *heap));
            });
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// One `P` or `N` line.
struct Entry<C> {
    line: usize,
    sum: Sum<C>,
    /// `None` for P; for N the entry it moves to (`None` inside: the empty sum).
    to: Option<Option<usize>>,
}

/// Checks a proof (its text) and returns what it proves.
///
/// # Errors
/// [`Error::Input`] naming the line and the reason of the first entry that does not
/// hold (a malformed line, a value that is not the mex of its options', a missing
/// entry, a wrong outcome, a claim the entries do not support);
/// [`Error::Interrupted`] when `ctl` is cancelled.
pub fn check_proof(text: &str, ctl: &Control) -> Result<ProofReport> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut next_line = || lines.next().unwrap_or((0, ""));
    let (n, first) = next_line();
    // Version 1 (grundy before the Node-Kayles symmetry rule) and version 2: the
    // same format; version 2's checker also knows the half-turn rule of Node-Kayles.
    let version = match first {
        "grundy-proof 1" => 1,
        "grundy-proof 2" => 2,
        _ => {
            return Err(err(
                n.max(1),
                "not a grundy proof (the first line is not 'grundy-proof 2' or 'grundy-proof 1')",
            ))
        }
    };
    let field = |(n, l): (usize, &str), name: &str| -> Result<String> {
        l.strip_prefix(name)
            .and_then(|r| if r.is_empty() { Some(r) } else { r.strip_prefix(' ') })
            .map(str::to_string)
            .ok_or_else(|| err(n.max(1), format!("expected '{name} …'")))
    };
    let game = field(next_line(), "game")?;
    match game.as_str() {
        "cram" | "node-kayles-grid" => {
            let at = next_line();
            let board = field(at, "board")?;
            // Reading a board keeps a row of flags for each row (about 24 bytes for a
            // row of one cell): a crafted line of millions of rows is refused first.
            ctl.check_memory(
                "the proof check",
                (text.len() as u64).saturating_add((board.len() as u64).saturating_mul(24)),
                format!("the proof's text and its board line of {} characters", board.len()),
            )?;
            let (h, w, bits) = crate::rulesets::board::parse_board(&game, &board).map_err(|e| err(at.0, e))?;
            let rules = if game == "cram" {
                Board::Cram
            } else {
                Board::NodeKayles {
                    half_turn: version >= 2,
                }
            };
            let at = next_line();
            let claim = field(at, "value")?;
            // The board as read (cropped to its empty cells' box where the frame is larger
            // than a board may be), as `value` writes it.
            let position = format!("{game}(\"{}\")", crate::rulesets::board::write_board(h, w, bits));
            let root = split_board(h, w, bits);
            check_entries(rules, root, (at.0, &claim), lines, (game, position), text.len(), ctl)
        }
        "node-kayles" => {
            let at = next_line();
            let names = vertex_names(&field(at, "vertices")?).map_err(|why| err(at.0, why))?;
            let mut adj = vec![[0u128; 2]; names.len()];
            let mut edges = std::collections::BTreeSet::new();
            let at = next_line();
            for e in field(at, "edges")?.split_whitespace() {
                let bad = || format!("'{}' is not an edge i-j of the vertices listed", crate::error::brief(e));
                let (u, v) = e.split_once('-').ok_or_else(|| err(at.0, bad()))?;
                let (u, v) = match (decimal(u), decimal(v)) {
                    (Ok(u), Ok(v)) => (u, v),
                    (Err(why), _) | (_, Err(why)) => return Err(err(at.0, format!("{}: {why}", bad()))),
                };
                let (u, v) = Some((u as usize, v as usize))
                    .filter(|&(u, v)| u < names.len() && v < names.len() && u != v)
                    .ok_or_else(|| err(at.0, bad()))?;
                adj[u][v / 128] |= 1 << (v % 128);
                adj[v][u / 128] |= 1 << (u % 128);
                edges.insert((u.min(v), u.max(v)));
            }
            let rules = Graph(adj);
            let at = next_line();
            let s = parse_set(&field(at, "set")?).map_err(|why| err(at.0, why))?;
            if !within(s, names.len()) {
                return Err(err(at.0, "the set has vertices the graph does not"));
            }
            let root = rules.split(s);
            // The graph named by its family where it is one, edge for edge.
            let position = match super::proof_graphs::family(&names, &edges) {
                Some(f) if vertices(s).count() == names.len() => f,
                // A whole graph of no family, written as the edge list it was given by
                // (up to the order of its edges), so that a reader sees which graph was
                // proved (two graphs of as many vertices had the same line).
                None if vertices(s).count() == names.len() => edge_list(&names, &edges).unwrap_or_else(|| {
                    format!(
                        "node-kayles on its graph of {} vertices and {} edges",
                        names.len(),
                        edges.len()
                    )
                }),
                // A part: the graph it induces, by its vertices' names, and what it is
                // part of.
                f => {
                    let graph = f.as_deref().unwrap_or("its graph");
                    let kept: Vec<usize> = vertices(s).collect();
                    let (count, total) = (kept.len(), names.len());
                    let sub_names: Vec<String> = kept.iter().map(|&v| names[v].clone()).collect();
                    let index = |v: usize| kept.binary_search(&v).ok();
                    let sub_edges = edges
                        .iter()
                        .filter_map(|&(u, v)| Some((index(u)?, index(v)?)))
                        .collect();
                    match super::proof_graphs::family(&sub_names, &sub_edges)
                        .or_else(|| edge_list(&sub_names, &sub_edges))
                    {
                        Some(induced) => format!("{induced}, on {count} of the {total} vertices of {graph}"),
                        None => format!("node-kayles on {count} of the {total} vertices of {graph}"),
                    }
                }
            };
            let at = next_line();
            let claim = field(at, "value")?;
            check_entries(rules, root, (at.0, &claim), lines, (game, position), text.len(), ctl)
        }
        other => Err(err(
            2,
            format!("unknown game '{other}' (cram, node-kayles-grid, node-kayles)"),
        )),
    }
}

/// Bytes the checker keeps for an entry besides its components: the vector, the heap,
/// the line and the link of the entry, and the index's slot of its copy.
const ENTRY_BYTES: u64 = 96;

/// Checks the entries of a proof of the game `rules` (the `lines` after its header)
/// and its claim (the line number and the text of `value v`) that the position whose
/// components are `root` has the value v; `what` is the game and the position, for
/// the report; `text_bytes` the size of the text (held while the entries are read).
///
/// The entries read are counted against the memory limit as they are read (each sum
/// is kept twice, in the list and in the index), and the work of their check (each
/// sum's moves, times its components, which each option copies) against the work
/// limit before any is checked: a small crafted file can otherwise ask for gigabytes
/// or hours.
fn check_entries<'a, R: Rules>(
    rules: R,
    root: Vec<R::Comp>,
    (claim_line, claim): (usize, &str),
    lines: impl Iterator<Item = (usize, &'a str)>,
    (game, position): (String, String),
    text_bytes: usize,
    ctl: &Control,
) -> Result<ProofReport> {
    let claim: u64 = decimal(claim).map_err(|why| err(claim_line, format!("the value: {why}")))?;
    let mut checker = Checker {
        rules,
        values: FxHashMap::default(),
    };
    // Read every entry.
    let mut v_lines: Vec<(usize, R::Comp, u64)> = Vec::new();
    let mut entries: Vec<Entry<R::Comp>> = Vec::new();
    let mut index: FxHashMap<Sum<R::Comp>, usize> = FxHashMap::default();
    let read_comps = |checker: &Checker<R>, n: usize, text: &str| -> Result<Vec<R::Comp>> {
        text.split(',')
            .map(|c| checker.rules.read(c).map_err(|e| err(n, e)))
            .collect()
    };
    let comp_bytes = std::mem::size_of::<R::Comp>() as u64;
    let mut held = text_bytes as u64;
    let mut work: u128 = 0;
    let hold = |bytes: u64, held: &mut u64| -> Result<()> {
        *held = held.saturating_add(bytes);
        if *held > ctl.memory_limit() {
            ctl.check_memory(
                "the proof check",
                *held,
                "the proof's text and the entries read so far, each sum kept twice",
            )?;
        }
        Ok(())
    };
    for (i, (n, l)) in lines.enumerate() {
        if i % 1024 == 0 {
            ctl.tick(0)?;
        }
        if l.is_empty() {
            continue;
        }
        let words: Vec<&str> = l.split(' ').collect();
        let number = |w: &str| decimal(w).map_err(|why| err(n, why));
        match words[..] {
            ["V", c, v] => {
                if !entries.is_empty() {
                    return Err(err(n, "a V entry after the sums (values come first)"));
                }
                let c = checker.rules.read(c).map_err(|e| err(n, e))?;
                let v = number(v)?;
                hold(2 * comp_bytes + ENTRY_BYTES, &mut held)?;
                work += u128::from(R::moves_bound(&c));
                if let Some(old) = checker.values.insert(c, v) {
                    // The engine writes each component once: a copy would be counted
                    // twice in the values checked.
                    return Err(err(
                        n,
                        if old == v {
                            "a component listed twice"
                        } else {
                            "a component with two values"
                        },
                    ));
                }
                v_lines.push((n, c, v));
            }
            ["P", parts, heap] | ["N", parts, heap, _] => {
                let parts = read_comps(&checker, n, parts)?;
                hold(
                    (parts.len() as u64).saturating_mul(2 * comp_bytes) + 2 * ENTRY_BYTES,
                    &mut held,
                )?;
                let sum = checker.fold(parts, number(heap)?);
                // Each move lists an option of all the components.
                let moves: u128 = sum.0.iter().map(|c| u128::from(R::moves_bound(c))).sum();
                work += moves * (sum.0.len() as u128 + 1);
                if sum.0.is_empty() {
                    return Err(err(
                        n,
                        "a sum whose components all have values (a bare heap is settled by a rule)",
                    ));
                }
                let to = match words[..] {
                    ["N", _, _, "*"] => Some(None),
                    ["N", _, _, t] => Some(Some(number(t)? as usize)),
                    _ => None,
                };
                if let Some(&j) = index.get(&sum) {
                    return Err(err(n, format!("the same sum as line {}", entries[j].line)));
                }
                index.insert(sum.clone(), entries.len());
                entries.push(Entry { line: n, sum, to });
            }
            _ => return Err(err(n, "not an entry 'V c v', 'P c,… h' or 'N c,… h t'")),
        }
    }
    ctl.check_work(
        "the proof check",
        work,
        "each entry's moves times its components, summed over the entries",
    )?;
    // Values: each the mex of its options' values, one level deep.
    for (i, &(n, c, v)) in v_lines.iter().enumerate() {
        if i % 1024 == 0 {
            ctl.tick(i as u64)?;
        }
        let mut seen: Vec<u64> = Vec::new();
        let mut missing: Option<R::Comp> = None;
        checker.rules.moves(&c, &mut |left| {
            let mut x = 0;
            for p in &left {
                match checker.value(p) {
                    Some(v) => x ^= v,
                    None => missing = missing.or(Some(*p)),
                }
            }
            seen.push(x);
        });
        if let Some(p) = missing {
            return Err(err(
                n,
                format!("missing entry: an option's component {} has no value", R::show(&p)),
            ));
        }
        let m = mex(&mut seen);
        if m != v {
            return Err(err(
                n,
                format!("the value is {m} (the mex of its options' values), not {v}"),
            ));
        }
    }
    // Sums: N names a move to a P-entry; P's moves all lead to N-entries.
    for (i, e) in entries.iter().enumerate() {
        if i % 1024 == 0 {
            ctl.tick((v_lines.len() + i) as u64)?;
        }
        match e.to {
            Some(to) => {
                let target: Sum<R::Comp> = match to {
                    None => (Vec::new(), 0),
                    Some(t) => {
                        let Some(te) = entries.get(t) else {
                            return Err(err(
                                e.line,
                                format!("missing entry: it names entry {t}, and there are {}", entries.len()),
                            ));
                        };
                        if te.to.is_some() {
                            return Err(err(
                                e.line,
                                format!("wrong outcome: it names entry {t} (line {}), an N-entry", te.line),
                            ));
                        }
                        te.sum.clone()
                    }
                };
                // A move in the heap keeps the components (none has a value: they were
                // folded) and lowers the heap.
                let found = target.0 == e.sum.0 && target.1 < e.sum.1
                    || checker.component_options(&e.sum, ctl, &mut |o| o == target)?;
                if !found {
                    return Err(err(e.line, "unsupported claim: no move leads to the entry it names"));
                }
            }
            None => {
                // Why an option of a P-entry is not an N-position of the proof, if so.
                let fault = |o: &Sum<R::Comp>| -> Option<String> {
                    if o.0.is_empty() {
                        return (o.1 == 0).then(|| "wrong outcome: a move leads to 0, so this is an N-position".into());
                    }
                    match index.get(o) {
                        None => Some(format!(
                            "missing entry: the option {} is not in the proof",
                            show_sum::<R>(o)
                        )),
                        Some(&j) if entries[j].to.is_none() => Some(format!(
                            "wrong outcome: a move leads to the P-entry of line {}",
                            entries[j].line
                        )),
                        Some(_) => None,
                    }
                };
                let mut bad: Option<String> = None;
                checker.component_options(&e.sum, ctl, &mut |o| {
                    bad = fault(&o);
                    bad.is_some()
                })?;
                // The moves in the heap, to distinct sums: each must be an N-entry, so
                // the loop ends by the first one missing, after at most as many steps
                // as there are entries, however large the heap.
                let mut m = 0;
                while bad.is_none() && m < e.sum.1 {
                    if m % 1024 == 1023 && ctl.cancelled() {
                        return Err(Error::Interrupted);
                    }
                    bad = fault(&(e.sum.0.clone(), m));
                    m += 1;
                }
                if let Some(b) = bad {
                    return Err(err(e.line, b));
                }
            }
        }
    }
    // The claim: each component's value from a V entry, a rule, or its P-entry alone.
    let alone: FxHashMap<R::Comp, u64> = entries
        .iter()
        .filter(|e| e.to.is_none() && e.sum.0.len() == 1)
        .map(|e| (e.sum.0[0], e.sum.1))
        .collect();
    let mut x = 0u64;
    for c in &root {
        match checker.value(c).or_else(|| alone.get(c).copied()) {
            Some(v) => x ^= v,
            None => {
                return Err(err(
                    claim_line,
                    format!(
                        "unsupported claim: no entry gives the value of the component {}",
                        R::show(c)
                    ),
                ))
            }
        }
    }
    if x != claim {
        return Err(err(
            claim_line,
            format!("unsupported claim: the entries give the value {x}, not {claim}"),
        ));
    }
    Ok(ProofReport {
        game,
        position,
        value: claim,
        values: v_lines.len(),
        sums: entries.len(),
    })
}

/// A sum as a message shows it: its components while they take up to about 120
/// characters, then the count of the others.
fn show_sum<R: Rules>(s: &Sum<R::Comp>) -> String {
    let mut parts = String::new();
    for (i, c) in s.0.iter().enumerate() {
        if parts.len() > 120 {
            parts.push_str(&format!(" + … ({} more components)", s.0.len() - i));
            break;
        }
        if i > 0 {
            parts.push_str(" + ");
        }
        parts.push_str(&R::show(c));
    }
    format!("{parts} + *{}", s.1)
}
