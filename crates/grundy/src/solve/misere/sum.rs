//! The canonical form of the misère search: a sum is a multiset of *atoms* (a heap of
//! a heap ruleset, a tuple position in its ruleset's `canonical` form, a part of a game
//! position — a board region, a graph's part — in its ruleset's `canonical` form, or a
//! Nim heap),
//! held as a sorted list of (atom id, count). Atoms are interned; the options of each
//! atom are listed once and kept.
//!
//! An atom with no option is the game 0 and is left out of the canonical sum (exact:
//! G + 0 = G, the same game). Equal atoms are *not* cancelled: in misère play G + G is
//! not 0 in general.

use crate::control::{Control, TryGrow};
use crate::error::{Error, Result};
use crate::formulas::classic::NIM;
use crate::game::{Component, GamePos, GameRuleset, HeapRuleset, Part, Position, TupleRuleset};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A sum: (atom id, count ≥ 1) sorted by atom id.
pub(crate) type Sum = Vec<(u32, u64)>;

/// Subsets of a powerset heap's base listed at most (2^20 options).
const MAX_SUBSET_BASE: usize = 20;

/// What an atom is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Key {
    /// Heap `n ≥ 1` of heap ruleset number `rs`.
    Heap(u32, u64),
    /// A tuple position (canonical) of tuple ruleset number `rs`.
    Tuple(u32, Box<[u64]>),
    /// A Nim heap of size `n ≥ 1` (`nim` heaps and the `*2` heaps of the genus).
    Nim(u64),
    /// One part (as [`GameRuleset::components`] splits it) of a position of game
    /// ruleset number `rs`: its [`GameRuleset::shape_key`] (then the atom's options are
    /// those of the first part met with it, [`Atoms::parts`]), else the part in the
    /// ruleset's [`GameRuleset::canonical`] form.
    Game(u32, GamePos),
}

/// Interned atoms and their options.
pub(crate) struct Atoms {
    heap_rs: Vec<Arc<dyn HeapRuleset>>,
    tuple_rs: Vec<Arc<dyn TupleRuleset>>,
    game_rs: Vec<Arc<dyn GameRuleset>>,
    by_name: FxHashMap<String, u32>,
    nim_rs: Option<Arc<dyn HeapRuleset>>,
    ids: FxHashMap<Key, u32>,
    keys: Vec<Key>,
    /// The part whose options a game atom keyed by its shape has (the first met),
    /// per atom; `None` for other atoms, whose key is the position.
    parts: Vec<Option<GamePos>>,
    /// The atom of each part met whose key is its shape (so that a part met again is
    /// not labelled again).
    shaped: Vec<FxHashMap<GamePos, u32>>,
    /// Options as listed by the rules (every heap ≠ 0 kept), per atom.
    raw: Vec<Option<Arc<[Sum]>>>,
    /// Options with the atoms that have no option left out, per atom.
    canonical: Vec<Option<Arc<[Sum]>>>,
    /// Whether a heap atom has no option, per atom, where it was asked before its
    /// options were listed.
    terminal: Vec<Option<bool>>,
    /// Bytes of the option lists kept (counted against the memory limit).
    listed_bytes: u64,
    /// The options listed by the rules so far, and their heaps (work).
    listed: u64,
}

/// Bytes of one listed option besides its atoms (the list's entry and allocation).
const BYTES_PER_OPTION: u64 = 48;
/// Bytes per atom of a listed option.
const BYTES_PER_OPTION_ATOM: u64 = 16;

/// Bytes of one atom: its key, its entry in the table of atoms and its slots (parts,
/// options, canonical options, whether it has an option).
const BYTES_PER_ATOM: u64 = 128;

/// The options of a heap listed before its listing's memory is estimated, for the most
/// heaps an option has ([`heap_options`]).
const OPTIONS_SAMPLED: usize = 4096;

/// True if `rs` is Nim itself (heap n moves to any smaller heap): the built-in `nim`,
/// recognised by its name and Bouton's closed form.
pub(crate) fn is_nim(rs: &dyn HeapRuleset) -> bool {
    rs.name() == "nim"
        && rs.first_heap() == 0
        && !rs.is_powerset()
        && rs.closed_form().is_some_and(|c| c.statement() == NIM)
}

impl Atoms {
    pub(crate) fn new() -> Atoms {
        Atoms {
            heap_rs: Vec::new(),
            tuple_rs: Vec::new(),
            game_rs: Vec::new(),
            by_name: FxHashMap::default(),
            nim_rs: None,
            ids: FxHashMap::default(),
            keys: Vec::new(),
            parts: Vec::new(),
            shaped: Vec::new(),
            raw: Vec::new(),
            canonical: Vec::new(),
            terminal: Vec::new(),
            listed_bytes: 0,
            listed: 0,
        }
    }

    /// The number of atoms interned.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The work of listing options so far: each option the rules listed and each of
    /// its heaps.
    pub(crate) fn listed(&self) -> u64 {
        self.listed
    }

    pub(crate) fn key(&self, a: u32) -> &Key {
        &self.keys[a as usize]
    }

    fn heap_index(&mut self, rs: &Arc<dyn HeapRuleset>) -> Option<u32> {
        if is_nim(rs.as_ref()) {
            self.nim_rs.get_or_insert_with(|| rs.clone());
            return None;
        }
        let name = format!("h:{}", rs.name());
        if let Some(&i) = self.by_name.get(&name) {
            return Some(i);
        }
        let i = self.heap_rs.len() as u32;
        self.heap_rs.push(rs.clone());
        self.by_name.insert(name, i);
        Some(i)
    }

    fn tuple_index(&mut self, rs: &Arc<dyn TupleRuleset>) -> u32 {
        let name = format!("t:{}", rs.name());
        if let Some(&i) = self.by_name.get(&name) {
            return i;
        }
        let i = self.tuple_rs.len() as u32;
        self.tuple_rs.push(rs.clone());
        self.by_name.insert(name, i);
        i
    }

    fn game_index(&mut self, rs: &Arc<dyn GameRuleset>) -> u32 {
        let name = format!("g:{}", rs.name());
        if let Some(&i) = self.by_name.get(&name) {
            return i;
        }
        let i = self.game_rs.len() as u32;
        self.game_rs.push(rs.clone());
        self.by_name.insert(name, i);
        i
    }

    /// The atoms of a game position: its parts ([`GameRuleset::components`], or the
    /// position itself), each in [`GameRuleset::canonical`] form. Both keep the game
    /// (a disjunctive sum of its parts; an image of a board under its symmetries), so
    /// they hold in misère play as in normal play.
    pub(crate) fn game(&mut self, rs: &Arc<dyn GameRuleset>, pos: &GamePos) -> Result<Vec<u32>> {
        let i = self.game_index(rs);
        let parts = rs.components(pos).unwrap_or_else(|| vec![pos.clone()]);
        parts
            .into_iter()
            .map(|p| {
                if let Some(&a) = self.shaped.get(i as usize).and_then(|m| m.get(&p)) {
                    return Ok(a);
                }
                // A part keyed by its shape, or a part of a ruleset with shapes that has
                // none (too large, or too symmetric for the labelling's budget), is
                // remembered by its vertices, so that it is not labelled again.
                let (a, remember) = match rs.shape_key(&p) {
                    Some(key) => {
                        let a = self.intern(Key::Game(i, key))?;
                        self.parts[a as usize].get_or_insert_with(|| p.clone());
                        (a, true)
                    }
                    None => {
                        let c = rs.canonical(&p).unwrap_or_else(|| p.clone());
                        (self.intern(Key::Game(i, c))?, self.shaped.len() > i as usize)
                    }
                };
                if remember {
                    if self.shaped.len() <= i as usize {
                        self.shaped.resize_with(i as usize + 1, FxHashMap::default);
                    }
                    let shaped = &mut self.shaped[i as usize];
                    shaped.try_grow(1, || "the misère search's atoms".to_string())?;
                    shaped.insert(p, a);
                }
                Ok(a)
            })
            .collect()
    }

    ///
    /// # Errors
    /// [`Error::OutOfMemory`] when the system refuses the memory to grow the atoms'
    /// tables (a run under `ulimit -v` whose limit the estimates allowed: the hash
    /// table's doubling used to abort the process, and Python with it).
    pub(crate) fn intern(&mut self, key: Key) -> Result<u32> {
        if let Some(&a) = self.ids.get(&key) {
            return Ok(a);
        }
        let what = || "the misère search's atoms".to_string();
        self.ids.try_grow(1, what)?;
        self.keys.try_grow(1, what)?;
        self.parts.try_grow(1, what)?;
        self.raw.try_grow(1, what)?;
        self.canonical.try_grow(1, what)?;
        self.terminal.try_grow(1, what)?;
        let a = self.keys.len() as u32;
        self.ids.insert(key.clone(), a);
        self.keys.push(key);
        self.parts.push(None);
        self.raw.push(None);
        self.canonical.push(None);
        self.terminal.push(None);
        Ok(a)
    }

    /// The atom of heap `n ≥ 1` of `rs` (a Nim heap if `rs` is Nim).
    pub(crate) fn heap(&mut self, rs: &Arc<dyn HeapRuleset>, n: u64) -> Result<u32> {
        match self.heap_index(rs) {
            Some(i) => self.intern(Key::Heap(i, n)),
            None => self.intern(Key::Nim(n)),
        }
    }

    /// The atom of a tuple position (put in canonical form).
    pub(crate) fn tuple(&mut self, rs: &Arc<dyn TupleRuleset>, pos: &[u64]) -> Result<u32> {
        let i = self.tuple_index(rs);
        self.intern(Key::Tuple(i, rs.canonical(pos).into_boxed_slice()))
    }

    /// Every atom of `pos` with its count (heaps 0 left out), not yet canonical.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy component (misère play of loopy games is out
    /// of scope).
    pub(crate) fn of_position(&mut self, pos: &Position) -> Result<Sum> {
        let mut out: Sum = Vec::new();
        for c in &pos.components {
            match c {
                Component::Heaps { ruleset, heaps } => {
                    for p in heaps.iter().filter(|p| p.heap != 0) {
                        let a = self.heap(ruleset, p.heap)?;
                        out.push((a, p.copies));
                    }
                }
                Component::Tuple { ruleset, pos } => {
                    let a = self.tuple(ruleset, pos)?;
                    out.push((a, 1));
                }
                Component::Loopy { ruleset, .. } => {
                    return Err(Error::Unsupported(format!(
                        "misère play of {} is not supported: it is loopy (play can cycle), and grundy's misère engines are for finite games",
                        ruleset.name()
                    )))
                }
                Component::Game { ruleset, pos } => {
                    for a in self.game(ruleset, pos)? {
                        out.push((a, 1));
                    }
                }
            }
        }
        normalize(out)
    }

    /// The options of atom `a` as listed by the rules (every heap ≠ 0 kept).
    ///
    /// # Errors
    /// [`Error::TooMuchWork`] when the atom has more options than the work limit
    /// allows ([`HeapRuleset::options_bound`], 2^k subsets of a powerset base of k heaps;
    /// more than 2^20 subsets are refused), [`Error::Unsupported`] for an option that is
    /// not smaller than a heap, [`Error::TooLarge`] when the option lists kept pass the
    /// memory limit.
    pub(crate) fn raw_options(&mut self, a: u32, ctl: &Control) -> Result<Arc<[Sum]>> {
        if let Some(o) = &self.raw[a as usize] {
            return Ok(o.clone());
        }
        let key = self.keys[a as usize].clone();
        let mut opts: Vec<Sum> = Vec::new();
        match key {
            Key::Nim(n) => {
                // Every smaller heap, each an atom of its own: their memory first,
                // then the work, then both as they are made (`nim(10^18)` in a misère
                // sum was refused for its work, and with `--max-work none` made atoms
                // past any memory limit until the system refused one).
                let what = format!("listing the options of nim({n})");
                let per = 2 * (BYTES_PER_OPTION + BYTES_PER_OPTION_ATOM) + BYTES_PER_ATOM;
                ctl.check_memory_and_work(
                    &what,
                    n.saturating_mul(per),
                    format!(
                        "{} options × {per} bytes, an option of one heap listed, the sum made of it and its atom",
                        crate::error::sci(u128::from(n))
                    ),
                    n as u128,
                    "one per smaller heap",
                )?;
                for k in 0..n {
                    opts.push(if k == 0 {
                        Vec::new()
                    } else {
                        vec![(self.intern(Key::Nim(k))?, 1)]
                    });
                    if k & 0xFFF == 0xFFF {
                        ctl.check_going(&what, u128::from(k) + 1, "counted as they are listed")?;
                        ctl.check_memory(
                            &what,
                            (k + 1).saturating_mul(per),
                            format!("{} options listed so far, {}", k + 1, crate::control::AT_LEAST),
                        )?;
                    }
                }
            }
            Key::Heap(i, n) => {
                let rs = self.heap_rs[i as usize].clone();
                for parts in heap_options(rs.as_ref(), n, ctl)? {
                    // Interned under this ruleset's index (it is not Nim: Nim's heaps
                    // are Key::Nim).
                    let s: Sum = parts
                        .iter()
                        .map(|p| Ok((self.intern(Key::Heap(i, p.heap))?, p.copies)))
                        .collect::<Result<_>>()?;
                    opts.push(normalize(s)?);
                }
            }
            Key::Tuple(i, pos) => {
                let rs = self.tuple_rs[i as usize].clone();
                let what = || format!("listing the options of {}({})", rs.name(), crate::error::Joined(&pos));
                ctl.check_work_named(what, rs.options_bound(&pos), "an upper bound on the options")?;
                let mut list: Vec<Vec<u64>> = Vec::new();
                rs.for_each_option(&pos, &mut |o| list.push(o.to_vec()));
                for o in list {
                    opts.push(vec![(self.tuple(&rs, &o)?, 1)]);
                }
            }
            Key::Game(i, key) => {
                let rs = self.game_rs[i as usize].clone();
                let pos = self.parts[a as usize].clone().unwrap_or(key);
                let what = || format!("listing the options of {}", crate::error::brief(&rs.write(&pos)));
                ctl.check_work_named(what, rs.options_bound(&pos), "an upper bound on the options")?;
                for o in rs.options(&pos)? {
                    let mut s: Sum = Vec::new();
                    for p in &o {
                        s.extend(self.game(&rs, p)?.into_iter().map(|a| (a, 1)));
                    }
                    opts.push(normalize(s)?);
                }
            }
        }
        // The lists are kept for the whole search: count them (a Nim heap of n has n
        // options, so listing every heap below a large one is quadratic).
        let bytes: u64 = opts
            .iter()
            .map(|o| BYTES_PER_OPTION + BYTES_PER_OPTION_ATOM * o.len() as u64)
            .sum();
        self.listed_bytes = self.listed_bytes.saturating_add(bytes);
        let made: u64 = opts.iter().map(|o| 1 + o.len() as u64).sum();
        self.listed = self.listed.saturating_add(made);
        ctl.check_memory(
            "keeping the option lists of the misère search",
            self.listed_bytes,
            format!("options listed for {} positions", self.keys.len()),
        )?;
        let opts: Arc<[Sum]> = opts.into();
        self.raw[a as usize] = Some(opts.clone());
        Ok(opts)
    }

    /// True if atom `a` has no option (it is the game 0).
    ///
    /// # Errors
    /// As [`Atoms::raw_options`].
    pub(crate) fn is_terminal(&mut self, a: u32, ctl: &Control) -> Result<bool> {
        // A Nim heap n ≥ 1 has the option 0: no need to list its n options.
        match self.keys[a as usize] {
            Key::Nim(_) => return Ok(false),
            // A heap's first option settles it. Listing every option of every heap
            // below a large one would be quadratic: the options of 0.35(10^6) are
            // made canonical in one pass, not in 5·10^11 steps.
            Key::Heap(i, n) if self.raw[a as usize].is_none() => {
                if let Some(t) = self.terminal[a as usize] {
                    return Ok(t);
                }
                let mut any = false;
                self.heap_rs[i as usize].for_each_option_while(n, &mut |_| {
                    any = true;
                    false
                });
                self.terminal[a as usize] = Some(!any);
                return Ok(!any);
            }
            // A part of a game whose ruleset tells whether it has an option: listing
            // its options would make every part of each of them an atom (a canonical
            // labelling each, for a graph's parts), one level deeper than the search
            // may go (dense graphs of 36 vertices spent 70% of their time there).
            Key::Game(i, ref key) if self.raw[a as usize].is_none() => {
                if let Some(t) = self.terminal[a as usize] {
                    return Ok(t);
                }
                let pos = self.parts[a as usize].as_ref().unwrap_or(key);
                if let Some(has) = self.game_rs[i as usize].has_option(pos) {
                    self.terminal[a as usize] = Some(!has);
                    return Ok(!has);
                }
            }
            _ => {}
        }
        Ok(self.raw_options(a, ctl)?.is_empty())
    }

    /// The options of atom `a` in canonical form (atoms without options left out).
    ///
    /// # Errors
    /// As [`Atoms::raw_options`].
    pub(crate) fn options(&mut self, a: u32, ctl: &Control) -> Result<Arc<[Sum]>> {
        if let Some(o) = &self.canonical[a as usize] {
            return Ok(o.clone());
        }
        let raw = self.raw_options(a, ctl)?;
        let mut out: Vec<Sum> = Vec::with_capacity(raw.len());
        for o in raw.iter() {
            out.push(self.canonical_sum(o, ctl)?);
        }
        let out: Arc<[Sum]> = out.into();
        self.canonical[a as usize] = Some(out.clone());
        Ok(out)
    }

    /// `s` without its atoms that have no option.
    ///
    /// # Errors
    /// As [`Atoms::raw_options`].
    pub(crate) fn canonical_sum(&mut self, s: &Sum, ctl: &Control) -> Result<Sum> {
        let mut out = Vec::with_capacity(s.len());
        for &(a, c) in s {
            if !self.is_terminal(a, ctl)? {
                out.push((a, c));
            }
        }
        Ok(out)
    }

    /// True if every atom of `s` is a Nim heap.
    pub(crate) fn all_nim(&self, s: &Sum) -> bool {
        s.iter().all(|&(a, _)| matches!(self.keys[a as usize], Key::Nim(_)))
    }

    /// The Nim heap sizes of an all-Nim sum, as (size, count).
    pub(crate) fn nim_heaps<'a>(&'a self, s: &'a Sum) -> impl Iterator<Item = (u64, u64)> + 'a {
        s.iter().map(|&(a, c)| match self.keys[a as usize] {
            Key::Nim(n) => (n, c),
            _ => (0, 0),
        })
    }
}

/// The options of heap n of `rs` as lists of parts, heap 0 left out; for a powerset
/// ruleset, one per nonempty subset of the base (and the empty option when the base
/// holds heap 0).
///
/// # Errors
/// [`Error::TooMuchWork`] when there are more options than the work limit
/// ([`HeapRuleset::options_bound`], or 2^k subsets of a base of k heaps, and as they
/// are listed); [`Error::TooLarge`] when the options listed pass the memory limit;
/// [`Error::Interrupted`] when cancelled while they are listed;
/// [`Error::Unsupported`] for a base of more than 20 heaps, or an option with a heap
/// that is not smaller than n.
pub(crate) fn heap_options(rs: &dyn HeapRuleset, n: u64, ctl: &Control) -> Result<Vec<Vec<Part>>> {
    let bound = rs.options_bound(n);
    let what = format!("listing the options of {}({n})", rs.name());
    if rs.is_powerset() {
        if bound > MAX_SUBSET_BASE as u128 {
            return Err(too_many_subsets(rs, n, bound));
        }
        ctl.check_work(&what, 1u128 << bound, "one per subset of the base")?;
    } else {
        // The memory first, then the work (docs/choices.md, "Which limit a refusal
        // names"): the lists are checked as they grow, against a floor that follows
        // the limit up, so a run refused for its work and let through by a higher work
        // limit was then refused for its memory (`0.137(10^18)` in misère play: 5·10^17
        // options). Each option is counted with as many heaps as the most an option
        // among the first few thousand has, so that the check as they grow does not
        // refuse a run this one let through (when no later option has more).
        let mut heaps = 1u64;
        let mut sampled = 0;
        rs.for_each_option_while(n, &mut |parts| {
            heaps = heaps.max(parts.iter().filter(|p| p.heap != 0).count() as u64);
            sampled += 1;
            sampled < OPTIONS_SAMPLED
        });
        let per = 2 * (BYTES_PER_OPTION + BYTES_PER_OPTION_ATOM * heaps);
        let bytes = bound.saturating_mul(u128::from(per)).min(u128::from(u64::MAX)) as u64;
        ctl.check_memory_and_work(
            &what,
            bytes,
            format!(
                "up to {} options × {per} bytes, an option of {heaps} heap{} listed and the sum made of it",
                crate::error::sci(bound),
                if heaps == 1 { "" } else { "s" }
            ),
            bound,
            "an upper bound on the options",
        )?;
    }
    // Listed one by one with the limits and Ctrl-C looked at as they grow: a heap of
    // 0.8 (three heaps left) has n²/12 options, 7.5·10^7 at 30000, 9 GB listed before
    // any check (a hostile check); a Python ruleset's options may never end.
    let mut lists: Vec<Vec<Part>> = Vec::new();
    let mut bytes: u64 = 0;
    let mut stopped: Option<Error> = None;
    rs.for_each_option_while(n, &mut |parts| {
        let list: Vec<Part> = parts.iter().filter(|p| p.heap != 0).copied().collect();
        bytes += BYTES_PER_OPTION + BYTES_PER_OPTION_ATOM * list.len() as u64;
        lists.push(list);
        if lists.len() & 0xFFF != 0 {
            return true;
        }
        let listed = lists.len();
        let checked = ctl
            .check_going(&what, listed as u128, "counted as they are listed")
            .and_then(|()| {
                // The lists, and the sums made from them once listed.
                ctl.check_memory(
                    &what,
                    bytes.saturating_mul(2),
                    // A floor: the listing has not ended.
                    format!("{listed} options listed so far, {}", crate::control::AT_LEAST),
                )
            });
        match checked {
            Ok(()) => true,
            Err(e) => {
                stopped = Some(e);
                false
            }
        }
    });
    if let Some(e) = stopped {
        return Err(e);
    }
    if let Some(p) = lists.iter().flatten().find(|p| p.heap >= n) {
        return Err(Error::Unsupported(format!(
            "{}({n}) has an option with heap {} ≥ {n}; misère play needs a finite game",
            rs.name(),
            p.heap
        )));
    }
    if !rs.is_powerset() {
        return Ok(lists);
    }
    let zero = lists.iter().any(|l| l.is_empty());
    let mut base: Vec<u64> = lists.iter().flatten().map(|p| p.heap).collect();
    base.sort_unstable();
    base.dedup();
    if base.len() > MAX_SUBSET_BASE {
        return Err(too_many_subsets(rs, n, base.len() as u128));
    }
    let mut out: Vec<Vec<Part>> = Vec::new();
    if zero {
        out.push(Vec::new());
    }
    for mask in 1u64..1 << base.len() {
        out.push(
            (0..base.len())
                .filter(|k| mask >> k & 1 == 1)
                .map(|k| Part::one(base[k]))
                .collect(),
        );
    }
    Ok(out)
}

fn too_many_subsets(rs: &dyn HeapRuleset, n: u64, k: u128) -> Error {
    Error::Unsupported(format!(
        "misère play of {}({n}): its options are the subsets of up to {k} heaps, more than 2^{MAX_SUBSET_BASE} sums to search",
        rs.name()
    ))
}

/// The count of copies `c + d` of one atom, exactly.
///
/// # Errors
/// [`Error::Unsupported`] past 2^64 − 1 copies: a count is exact only up to there, and a
/// capped one would change its parity, which misère play depends on (misère Nim's rule
/// reads the parity of the 1-heaps; a hostile check: `nim(1*(2^64−1), 1)` was a
/// P-position).
fn add_copies(c: u64, d: u64) -> Result<u64> {
    c.checked_add(d).ok_or_else(|| {
        Error::Unsupported(
            "misère play of a sum with more than 2^64 − 1 copies of one heap (equal heaps counted together, also as play goes on) is not supported: counts are exact only up to 2^64 − 1".into(),
        )
    })
}

/// Sorts by atom and merges equal atoms, their counts added exactly.
///
/// # Errors
/// [`Error::Unsupported`] when an atom has more than 2^64 − 1 copies ([`add_copies`]).
pub(crate) fn normalize(mut s: Sum) -> Result<Sum> {
    s.sort_unstable_by_key(|&(a, _)| a);
    let mut out: Sum = Vec::with_capacity(s.len());
    for (a, c) in s {
        match out.last_mut() {
            Some(last) if last.0 == a => last.1 = add_copies(last.1, c)?,
            _ => out.push((a, c)),
        }
    }
    Ok(out)
}

/// `s` with one copy of atom `s[i].0` replaced by the atoms of `option` (both sorted).
///
/// # Errors
/// [`Error::Unsupported`] when an atom would have more than 2^64 − 1 copies
/// ([`add_copies`]).
pub(crate) fn replace(s: &Sum, i: usize, option: &Sum) -> Result<Sum> {
    let mut out: Sum = Vec::with_capacity(s.len() + option.len());
    let (mut x, mut y) = (0usize, 0usize);
    while x < s.len() || y < option.len() {
        let take_s = y >= option.len() || (x < s.len() && s[x].0 <= option[y].0);
        if take_s {
            let (a, mut c) = s[x];
            if x == i {
                c -= 1;
            }
            if y < option.len() && option[y].0 == a {
                c = add_copies(c, option[y].1)?;
                y += 1;
            }
            if c > 0 {
                out.push((a, c));
            }
            x += 1;
        } else {
            out.push(option[y]);
            y += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listing of a heap's options is refused for its memory before its work, so a
    /// higher work limit, as a refusal for work advises, is not then refused for memory:
    /// Dawson's chess at 10^18 lists up to 5·10^17 options of two heaps, 160 bytes each.
    #[test]
    fn a_listing_is_refused_for_its_memory_before_its_work() {
        let rs = match crate::catalog::parse_ruleset("0.137").unwrap() {
            crate::game::Ruleset::Heap(h) => h,
            _ => unreachable!("a code is a heap ruleset"),
        };
        for work in [1000, crate::control::NO_WORK_LIMIT] {
            let ctl = Control::new().with_memory_limit(1 << 30).with_work_limit(work);
            match heap_options(rs.as_ref(), 1_000_000_000_000_000_000, &ctl) {
                Err(Error::TooLarge { detail, .. }) => {
                    assert!(
                        detail.starts_with("up to 5.00e17 options × 160 bytes, an option of 2 heaps"),
                        "{detail}"
                    )
                }
                other => panic!("{:?}", other.map(|o| o.len())),
            }
        }
        // Within the memory limit, the work is checked before any is listed.
        let ctl = Control::new().with_memory_limit(1 << 30).with_work_limit(1000);
        assert!(matches!(
            heap_options(rs.as_ref(), 1_000_000, &ctl),
            Err(Error::TooMuchWork { .. })
        ));
        // Heap 10: 8, 7, and 7 split as 1 + 6, 2 + 5, 3 + 4.
        assert_eq!(heap_options(rs.as_ref(), 10, &Control::new()).unwrap().len(), 5);
    }

    #[test]
    fn replace_merges_and_drops() {
        let s: Sum = vec![(1, 2), (4, 1)];
        assert_eq!(
            replace(&s, 0, &vec![(0, 1), (1, 1), (5, 3)]).unwrap(),
            vec![(0, 1), (1, 2), (4, 1), (5, 3)]
        );
        assert_eq!(replace(&s, 1, &vec![]).unwrap(), vec![(1, 2)]);
        assert_eq!(replace(&s, 1, &vec![(4, 2)]).unwrap(), vec![(1, 2), (4, 2)]);
        assert_eq!(normalize(vec![(3, 1), (1, 1), (3, 2)]).unwrap(), vec![(1, 1), (3, 3)]);
    }

    #[test]
    fn counts_are_exact_to_the_last_copy_and_refused_past_it() {
        let max = u64::MAX;
        assert_eq!(normalize(vec![(1, max - 1), (1, 1)]).unwrap(), vec![(1, max)]);
        assert!(matches!(normalize(vec![(1, max), (1, 1)]), Err(Error::Unsupported(_))));
        // A move that adds a copy to an atom already at the largest count.
        let s: Sum = vec![(1, max), (2, 1)];
        assert!(matches!(replace(&s, 1, &vec![(1, 1)]), Err(Error::Unsupported(_))));
        assert_eq!(replace(&s, 0, &vec![(1, 1)]).unwrap(), s);
    }
}
