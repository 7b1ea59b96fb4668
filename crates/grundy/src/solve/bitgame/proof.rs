//! Proofs of the position engine's values: a checking database in the manner of
//! Lemoine & Viennot's Sprouts records ("Nimbers are inevitable", TCS 2012), which
//! `grundy proof --check` re-verifies without this engine
//! ([`crate::analysis::proof_check`]).
//!
//! A proof holds two kinds of entries:
//!
//! - **values** `V c v`: the component `c` has the nim-value `v`; the checker lists the
//!   options of `c` from the rules, one level deep, and finds `v` as the mex of their
//!   values (an option's value the nim-sum of its components' entries);
//! - **sums** `P c₁,c₂,… h` and `N c₁,c₂,… h t`: the sum of the components and the
//!   nim-heap `*h` is a P-position (every move leads to an N-entry, or to a bare heap
//!   other than 0) or an N-position (its move to entry `t`, a P-entry, or to the empty
//!   sum, `*`).
//!
//! Sums are written in the outcome search's form: the components of at most
//! [`BitGame::outcome_search`] cells and those of immediate value are folded into the
//! heap (their values are `V` entries, or settled by a rule the checker knows); the
//! others are listed. Only the entries the final answer needs are kept: from each
//! component of the position, its P-entry `P c v` (its value is v), the N-entries its
//! moves lead to, the P-entry each names, and so on; then the values of every folded
//! component and of the components their options leave.

use super::{BitGame, OptionList, Search, SumKey, Sums};
use crate::control::Control;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::fmt::Write as _;

/// Bytes per entry of a proof kept in memory (its key, the maps' slots), for the memory
/// limit.
pub const ENTRY_BYTES: u64 = 160;

/// Where an N-entry moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The P-entry of this index (among the sums).
    Entry(usize),
    /// The empty sum (no component left, heap 0).
    Zero,
}

/// One sum of a proof: components, heap, and for an N-position its winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSum<K> {
    /// The components not folded into the heap, sorted.
    pub parts: Vec<K>,
    /// The nim-heap.
    pub heap: u32,
    /// `None` for a P-position; the entry a winning move reaches for an N-position.
    pub to: Option<Target>,
}

/// A proof of the values of a position's components.
#[derive(Clone, Debug, Default)]
pub struct BitProof<K> {
    /// The position's components and their values.
    pub roots: Vec<(K, u32)>,
    /// Component values, each the mex of its options' values.
    pub values: Vec<(K, u32)>,
    /// Sums with their outcomes.
    pub sums: Vec<ProofSum<K>>,
}

impl<K> BitProof<K> {
    /// The nim-value of the position: the nim-sum of its components' values.
    pub fn value(&self) -> u32 {
        self.roots.iter().fold(0, |x, r| x ^ r.1)
    }

    /// The proof as text: the `header` lines (the game and the position, which the
    /// checker reads), `value v`, then one line per entry, components written by
    /// `key`.
    pub fn write(&self, header: &[String], key: impl Fn(&K) -> String) -> String {
        let mut s = String::from("grundy-proof 2\n");
        for h in header {
            s.push_str(h);
            s.push('\n');
        }
        let _ = writeln!(s, "value {}", self.value());
        for (k, v) in &self.values {
            let _ = writeln!(s, "V {} {v}", key(k));
        }
        for e in &self.sums {
            let parts: Vec<String> = e.parts.iter().map(&key).collect();
            match e.to {
                None => {
                    let _ = writeln!(s, "P {} {}", parts.join(","), e.heap);
                }
                Some(Target::Zero) => {
                    let _ = writeln!(s, "N {} {} *", parts.join(","), e.heap);
                }
                Some(Target::Entry(t)) => {
                    let _ = writeln!(s, "N {} {} {t}", parts.join(","), e.heap);
                }
            }
        }
        s
    }
}

impl<G: BitGame> Search<G> {
    /// True if a proof settles `k` by a rule of the checker's: an immediate value of a
    /// component larger than the outcome search's threshold (Cram's symmetry).
    fn by_rule(&self, k: &G::Key, small: u32) -> bool {
        self.game.known(k).is_some() && self.game.size(k) > small
    }

    /// Computes the values of the components `roots` and a proof of them (one thread,
    /// every sum decided kept: the outcome search folds only the components of at most
    /// its threshold's cells and those of immediate value, so that the proof's sums
    /// have one form whatever the order of the search).
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the sums and entries would take more than `max_bytes`,
    /// [`Error::Interrupted`] when `ctl` is cancelled, and an internal error if the
    /// search's records do not close (a bug).
    pub fn prove(&self, roots: &[G::Key], max_bytes: u64, ctl: &Control) -> Result<BitProof<G::Key>> {
        let small = self.game.outcome_search();
        let threshold = small.unwrap_or(u32::MAX);
        let mut sums: Sums<G::Key> = Sums::new(small.unwrap_or(0), 0, Some(max_bytes));
        let mut scratch = Vec::new();
        let mut proof = BitProof {
            roots: Vec::new(),
            values: Vec::new(),
            sums: Vec::new(),
        };
        let mut folded: Vec<G::Key> = Vec::new();
        let mut root_sums: Vec<SumKey<G::Key>> = Vec::new();
        for k in roots {
            let v = if let Some(v) = self.game.known(k) {
                folded.push(*k);
                v
            } else if small.is_none() || self.game.size(k) <= threshold {
                folded.push(*k);
                self.value_seq(k, &mut scratch, 0, ctl)?
            } else {
                let mut v = 0;
                while self.sum_wins(&mut sums, vec![*k], v, ctl)? {
                    v += 1;
                }
                root_sums.push((vec![*k], v));
                v
            };
            proof.roots.push((*k, v));
        }
        // The sums needed: from each root's P-entry, every option of a P-entry and the
        // move each N-entry names.
        // The record taken out, an empty one left: `fold` keeps the record's form.
        let record = sums.record.replace(FxHashMap::default()).unwrap_or_default();
        let mut index: FxHashMap<SumKey<G::Key>, usize> = FxHashMap::default();
        let mut queue: VecDeque<SumKey<G::Key>> = VecDeque::new();
        let bug = |what: String| Error::Input(format!("internal error: the proof does not close: {what}"));
        for key in root_sums {
            add(key, &mut index, &mut queue);
        }
        let mut opts = OptionList::default();
        while let Some(key) = queue.pop_front() {
            if (index.len() + proof.values.len()) as u64 * ENTRY_BYTES > max_bytes {
                return Err(too_large(index.len(), max_bytes));
            }
            let Some(&wins) = sums.table.get(&key) else {
                return Err(bug(format!(
                    "a sum of {} components and *{} was not decided",
                    key.0.len(),
                    key.1
                )));
            };
            let target = if wins {
                Some(
                    record
                        .get(&key)
                        .cloned()
                        .ok_or_else(|| bug("an N-sum without its move".into()))?,
                )
            } else {
                None
            };
            // Every option (of a P-sum), or the one the N-sum's move reaches: its folded
            // components need values.
            let (parts, heap) = &key;
            let mut to: Option<Target> = None;
            'options: for i in 0..parts.len() {
                if i > 0 && parts[i] == parts[i - 1] {
                    continue;
                }
                opts.clear();
                self.options_of(&parts[i], &mut opts);
                for o in opts.iter() {
                    let mut next: Vec<G::Key> = parts
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, c)| *c)
                        .collect();
                    next.extend_from_slice(o);
                    let small_parts: Vec<G::Key> = next
                        .iter()
                        .filter(|c| self.game.known(c).is_some() || self.game.size(c) <= threshold)
                        .copied()
                        .collect();
                    let child = self.fold(&mut sums, next, *heap, ctl)?;
                    match &target {
                        Some(t) if *t == child => {
                            folded.extend(small_parts);
                            to = Some(if child.0.is_empty() {
                                Target::Zero
                            } else {
                                Target::Entry(add(child, &mut index, &mut queue))
                            });
                            break 'options;
                        }
                        Some(_) => {}
                        None => {
                            folded.extend(small_parts);
                            if child.0.is_empty() {
                                if child.1 == 0 {
                                    return Err(bug("a P-sum with a move to 0".into()));
                                }
                                continue;
                            }
                            add(child, &mut index, &mut queue);
                        }
                    }
                }
            }
            match &target {
                None => {
                    for m in 0..*heap {
                        add((parts.clone(), m), &mut index, &mut queue);
                    }
                }
                Some(t) if to.is_none() => {
                    // A move in the heap.
                    if t.0 != *parts || t.1 >= *heap {
                        return Err(bug("an N-sum's move is not one of its options".into()));
                    }
                    to = Some(Target::Entry(add(t.clone(), &mut index, &mut queue)));
                }
                Some(_) => {}
            }
            let (parts, heap) = key;
            debug_assert_eq!(index[&(parts.clone(), heap)], proof.sums.len());
            proof.sums.push(ProofSum { parts, heap, to });
        }
        // The values of the folded components and of every component their options
        // leave (components settled by a rule of the checker's left out).
        let mut seen: rustc_hash::FxHashSet<G::Key> = rustc_hash::FxHashSet::default();
        while let Some(c) = folded.pop() {
            if self.by_rule(&c, threshold) || !seen.insert(c) {
                continue;
            }
            if (proof.sums.len() + seen.len()) as u64 * ENTRY_BYTES > max_bytes {
                return Err(too_large(proof.sums.len() + seen.len(), max_bytes));
            }
            let v = self.value_seq(&c, &mut scratch, 0, ctl)?;
            proof.values.push((c, v));
            opts.clear();
            self.options_of(&c, &mut opts);
            for o in opts.iter() {
                folded.extend(o.iter().filter(|x| !seen.contains(x)));
            }
        }
        // Smaller components first: a reader meets an entry's options before it.
        proof.values.sort_by_key(|(c, _)| self.game.size(c));
        Ok(proof)
    }
}

/// The index of the sum `key`, numbered (and queued) when first met.
fn add<K: Clone + Eq + std::hash::Hash>(
    key: SumKey<K>,
    index: &mut FxHashMap<SumKey<K>, usize>,
    queue: &mut VecDeque<SumKey<K>>,
) -> usize {
    let n = index.len();
    *index.entry(key.clone()).or_insert_with(|| {
        queue.push_back(key);
        n
    })
}

fn too_large(entries: usize, max_bytes: u64) -> Error {
    super::proof_too_large(
        "the proof",
        format!("{entries} entries at about {ENTRY_BYTES} bytes each"),
        entries as u64 * ENTRY_BYTES,
        max_bytes,
    )
}
