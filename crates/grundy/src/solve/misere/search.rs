//! The reference engine of misère play: the outcome (P or N), the misère Grundy value
//! G⁻ and the moves of any disjunctive sum of finite games, by an iterative memoized
//! search over sums in canonical form ([`super::sum`]). There is no Sprague–Grundy
//! theorem in misère play, so the whole sum is searched.
//!
//! Definitions (misère play, the player who makes the last move loses): a position
//! with no option is an N-position (the player to move has already won); a position
//! with an option is a P-position iff every option is an N-position. G⁻ is 1 for a
//! position with no option and otherwise the mex of G⁻ of the options (Conway, *On
//! Numbers and Games* ch. 12); a position is P iff G⁻ = 0.
//!
//! The one reduction applied is misère Nim's rule (Bouton 1902): a sum of Nim heaps
//! only is P iff, when every heap is 0 or 1, the number of 1-heaps is odd, and
//! otherwise iff the nim-sum is 0; for such sums G⁻ is the nim-sum when a heap is 2 or
//! more and otherwise 1 for an even number of 1-heaps, 0 for an odd number (ONAG ch.
//! 12). [`MisereSearch::without_bouton`] turns it off (for tests).

use super::sum::{replace, Atoms, Key, Sum};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{Component, Part, Position};
use crate::value::Outcome;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// Approximate bytes of one memoized sum besides its atoms (hash-map entry, key
/// allocation, stack).
const BYTES_PER_ENTRY: u64 = 64;
/// Bytes per atom of a memoized sum.
const BYTES_PER_ATOM: u64 = 16;

/// The moves from a position in misère play.
#[derive(Clone, Debug)]
pub struct MisereMoves {
    /// The position's misère outcome (P or N).
    pub outcome: Outcome,
    /// The moves to misère P-positions (winning moves), each position reached listed
    /// once, in enumeration order.
    pub winning: Vec<Position>,
    /// With `all`: every option with its misère outcome.
    pub options: Option<Vec<(Position, Outcome)>>,
}

/// The misère search engine: outcomes, G⁻ values and moves of sums of heaps of heap
/// rulesets (powerset rulesets while a heap's options are at most 2^20 subsets),
/// tuple positions, game positions (boards, graphs, Python games; each part an atom) and
/// sums mixing several rulesets. Memos are kept between calls.
///
/// # Example
/// ```
/// use grundy::{catalog::parse_position, solve::misere::MisereSearch, value::Outcome, Control};
/// let mut s = MisereSearch::new(Control::new());
/// // Misère Nim (Bouton 1902): 1 + 1 + 1 is P, 2 + 2 is P, 1 + 1 is N.
/// assert_eq!(s.outcome(&parse_position("nim(1,1,1)").unwrap()).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&parse_position("nim(2,2)").unwrap()).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&parse_position("nim(1,1)").unwrap()).unwrap(), Outcome::N);
/// // Kayles: a single pin is a misère P-position (the opponent must take the last pin).
/// assert_eq!(s.outcome(&parse_position("kayles(1)").unwrap()).unwrap(), Outcome::P);
/// ```
pub struct MisereSearch {
    pub(crate) atoms: Atoms,
    outcomes: FxHashMap<Sum, bool>,
    values: FxHashMap<Sum, u64>,
    pub(crate) ctl: Control,
    bouton: bool,
    expanded: u64,
    /// The work done, over all calls: each sum expanded and each option of one made
    /// and looked up (a sum of many heaps with thousands of options each known is
    /// work, though it pushes nothing), and the options the atoms' rules listed.
    work: u64,
    /// The total work at the last [`MisereSearch::count`], listing included.
    counted: u64,
    bytes: u64,
    /// True while a search shows its progress (from its first [`TICK`] positions on).
    shown: bool,
}

/// The positions expanded between two looks at the control (cancellation, memory,
/// progress).
const TICK: u64 = 1 << 14;

/// The next option of the frame's sum (not yet counted as seen), moving on to the
/// next atom when one atom's options are done; `None` when every option was seen.
fn next_option(atoms: &mut Atoms, ctl: &Control, f: &mut Frame) -> Result<Option<Sum>> {
    loop {
        if f.option < f.opts.len() {
            return replace(&f.pos, f.atom, &f.opts[f.option]).map(Some);
        }
        f.atom += 1;
        f.option = 0;
        if f.atom >= f.pos.len() {
            return Ok(None);
        }
        f.opts = atoms.options(f.pos[f.atom].0, ctl)?;
    }
}

/// One sum being searched: its atoms, the atom and option reached, and the options of
/// that atom.
struct Frame {
    pos: Sum,
    atom: usize,
    option: usize,
    opts: Arc<[Sum]>,
    /// The numbers of the options seen so far (their G⁻ when values are searched).
    seen: Vec<u64>,
}

impl MisereSearch {
    /// A search with empty memos, misère Nim's rule on.
    pub fn new(ctl: Control) -> MisereSearch {
        MisereSearch {
            atoms: Atoms::new(),
            outcomes: FxHashMap::default(),
            values: FxHashMap::default(),
            ctl,
            bouton: true,
            expanded: 0,
            work: 0,
            counted: 0,
            bytes: 0,
            shown: false,
        }
    }

    /// The same search without misère Nim's rule: sums of Nim heaps are searched like
    /// any other (to test the rule against the search).
    pub fn without_bouton(mut self) -> MisereSearch {
        self.bouton = false;
        self
    }

    /// The positions expanded so far (the work done), over all calls.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The canonical sum of a position.
    pub(crate) fn canonical(&mut self, pos: &Position) -> Result<Sum> {
        let full = self.atoms.of_position(pos)?;
        self.atoms.canonical_sum(&full, &self.ctl)
    }

    /// The misère outcome of `pos` (P or N).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a loopy component, an option that is not smaller than
    /// its heap, a powerset heap with more than 2^20 subsets, or a cycle met in a tuple
    /// ruleset; [`Error::TooMuchWork`] when its work (sums expanded, options made and
    /// looked up, options the rules listed, counted as it goes) passes the work limit,
    /// or one heap has more options than the limit; [`Error::TooLarge`] when its memo
    /// would pass the memory limit (`BYTES_PER_ENTRY` + 16 bytes per atom of each
    /// sum); [`Error::Interrupted`].
    pub fn outcome(&mut self, pos: &Position) -> Result<Outcome> {
        let s = self.canonical(pos)?;
        Ok(if self.is_p(s)? { Outcome::P } else { Outcome::N })
    }

    /// The misère Grundy value G⁻ of `pos` as one game.
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub fn misere_value(&mut self, pos: &Position) -> Result<u64> {
        let s = self.canonical(pos)?;
        self.value_of(s)
    }

    /// True if the canonical sum `s` is a misère P-position.
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub(crate) fn is_p(&mut self, s: Sum) -> Result<bool> {
        self.run(&s, false)?;
        Ok(self.known(&s, false) == Some(0))
    }

    /// G⁻ of the canonical sum `s`.
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    pub(crate) fn value_of(&mut self, s: Sum) -> Result<u64> {
        self.run(&s, true)?;
        Ok(self.known(&s, true).expect("the start was searched"))
    }

    /// Searches `s` until it is known: its G⁻ (`values`), or else its outcome, where a
    /// sum is N as soon as one option is P. In both modes a known sum is a number, 0
    /// for a P-position ([`MisereSearch::known`]).
    fn run(&mut self, s: &Sum, values: bool) -> Result<()> {
        if self.known(s, values).is_some() {
            return Ok(());
        }
        let r = self.run_unknown(s, values);
        if std::mem::take(&mut self.shown) {
            self.ctl.finish();
        }
        r
    }

    /// [`Self::run`] of a sum not yet known.
    fn run_unknown(&mut self, s: &Sum, values: bool) -> Result<()> {
        let mut open: FxHashSet<Sum> = FxHashSet::default();
        let mut stack: Vec<Frame> = Vec::new();
        self.push(&mut stack, &mut open, s.clone())?;
        while let Some(f) = stack.last_mut() {
            // The number of the top sum once known; None while a child is pushed.
            let mut done: Option<u64> = None;
            loop {
                let next = next_option(&mut self.atoms, &self.ctl, f)?;
                self.count(1)?;
                let Some(child) = next else {
                    // Every option seen (there was one: the sum is canonical and
                    // nonempty); without values, every option was N.
                    done = Some(if values {
                        crate::value::mex(f.seen.iter().copied())
                    } else {
                        0
                    });
                    break;
                };
                match self.known(&child, values) {
                    Some(0) if !values => {
                        done = Some(1);
                        break;
                    }
                    Some(v) => {
                        f.seen.push(v);
                        f.option += 1;
                    }
                    None if open.contains(&child) => {
                        return Err(Error::Unsupported(
                            "the misère search met a cycle: a position is its own follower, so the game is loopy"
                                .into(),
                        ))
                    }
                    None => {
                        self.push(&mut stack, &mut open, child)?;
                        break;
                    }
                }
            }
            if let Some(v) = done {
                let f = stack.pop().expect("the top frame");
                open.remove(&f.pos);
                self.remember(&f.pos)?;
                if values {
                    self.values.insert(f.pos, v);
                } else {
                    self.outcomes.insert(f.pos, v == 0);
                }
            }
        }
        Ok(())
    }

    /// Starts searching `s`: counts it against the work limit and ticks.
    fn push(&mut self, stack: &mut Vec<Frame>, open: &mut FxHashSet<Sum>, s: Sum) -> Result<()> {
        self.expanded += 1;
        self.count(1)?;
        let a = s[0].0;
        let opts = self.atoms.options(a, &self.ctl)?;
        open.insert(s.clone());
        stack.push(Frame {
            pos: s,
            atom: 0,
            option: 0,
            opts,
            seen: Vec::new(),
        });
        Ok(())
    }

    /// Counts `n` units of work against the work limit and, every [`TICK`] units,
    /// looks at the control (cancellation, memory) and shows progress.
    fn count(&mut self, n: u64) -> Result<()> {
        self.work = self.work.saturating_add(n);
        let work = self.work.saturating_add(self.atoms.listed());
        let before = std::mem::replace(&mut self.counted, work);
        // Its work is found only as it searches: the count is the limit reached, not
        // an estimate made before (a hostile check read "visits about 1.00e6
        // positions; the limit is 1.00e6" as one).
        self.ctl.check_work(
            "the misère search",
            u128::from(work),
            "counted as it searched, not estimated: sums expanded, options made and looked up, and options listed by the rules; it stopped at the limit",
        )?;
        if before / TICK != work / TICK {
            // Progress is shown once a search is long enough to need it: the sums
            // searched (its total is not known before it ends) and those memoized.
            if !self.shown {
                self.shown = true;
                self.ctl.start("the misère search", 0);
            }
            self.ctl.tick(self.expanded)?;
            self.ctl.note(&format!(
                "{} sums searched, {} memoized",
                crate::error::sci(u128::from(self.expanded)),
                crate::error::sci((self.outcomes.len() + self.values.len()) as u128)
            ));
        }
        Ok(())
    }

    /// Counts the memory of one more memoized sum against the memory limit.
    fn remember(&mut self, s: &Sum) -> Result<()> {
        self.bytes += BYTES_PER_ENTRY + BYTES_PER_ATOM * s.len() as u64;
        let atoms = self.atoms.len() as u64 * BYTES_PER_ENTRY;
        self.ctl.check_memory(
            "the misère search",
            self.bytes + atoms,
            format!(
                "{} sums memoized and {} atoms",
                self.outcomes.len() + self.values.len(),
                self.atoms.len()
            ),
        )
    }

    /// What is known of `s` without search, as a number that is 0 exactly for a
    /// P-position: G⁻ (`values`), or else 0 for P and 1 for N. The empty sum (G⁻ = 1),
    /// misère Nim's rule, or the memos.
    fn known(&self, s: &Sum, values: bool) -> Option<u64> {
        if s.is_empty() {
            return Some(1);
        }
        if self.bouton && self.atoms.all_nim(s) {
            let (mut big, mut ones, mut x) = (false, 0u64, 0u64);
            for (n, c) in self.atoms.nim_heaps(s) {
                big |= n >= 2;
                if n == 1 {
                    ones = ones.wrapping_add(c);
                }
                if c & 1 == 1 {
                    x ^= n;
                }
            }
            // G⁻: the nim-sum with a heap of 2 or more, else 1 for an even number of
            // 1-heaps and 0 for an odd number (P exactly when it is 0).
            let v = if big { x } else { 1 ^ (ones & 1) };
            return Some(if values { v } else { u64::from(v != 0) });
        }
        if let Some(&v) = self.values.get(s) {
            return Some(if values { v } else { u64::from(v != 0) });
        }
        if values {
            None
        } else {
            self.outcomes.get(s).map(|&p| u64::from(!p))
        }
    }

    /// The moves from `pos`: the options that are misère P-positions, and with `all`
    /// every option with its outcome. A move is made in one heap (replaced by the
    /// heaps of one of its options), one tuple position or one game position; each
    /// position reached is listed once as written (moves in equal heaps reach the same
    /// positions; a board's options that are mirror images of each other are listed
    /// each, as in normal play).
    ///
    /// # Errors
    /// As [`MisereSearch::outcome`].
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::misere::MisereSearch, value::Outcome, Control};
    /// let mut s = MisereSearch::new(Control::new());
    /// let m = s.moves(&parse_position("nim(1,1,2)").unwrap(), false).unwrap();
    /// // Misère Nim: from 1 + 1 + 2 the winning move leaves three 1-heaps.
    /// assert_eq!(m.outcome, Outcome::N);
    /// let w: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(w, ["nim(1*3)"]);
    /// ```
    pub fn moves(&mut self, pos: &Position, all: bool) -> Result<MisereMoves> {
        let mut reached: FxHashMap<Sum, Outcome> = FxHashMap::default();
        let mut listed: FxHashSet<String> = FxHashSet::default();
        let mut winning = Vec::new();
        let mut options: Option<Vec<(Position, Outcome)>> = all.then(Vec::new);
        let mut moved: FxHashSet<(String, Vec<u64>)> = FxHashSet::default();
        for (i, comp) in pos.components.iter().enumerate() {
            let mut nexts: Vec<Position> = Vec::new();
            match comp {
                Component::Heaps { ruleset, heaps } => {
                    for (j, run) in heaps.iter().enumerate() {
                        if run.heap == 0 || !moved.insert((ruleset.name(), vec![run.heap])) {
                            continue;
                        }
                        let a = self.atoms.heap(ruleset, run.heap)?;
                        for o in self.atoms.raw_options(a, &self.ctl)?.iter() {
                            let parts: Vec<Part> = o
                                .iter()
                                .map(|&(b, copies)| {
                                    let heap = match self.atoms.key(b) {
                                        Key::Heap(_, h) | Key::Nim(h) => *h,
                                        Key::Tuple(..) | Key::Game(..) => unreachable!("a heap's option is heaps"),
                                    };
                                    Part { heap, copies }
                                })
                                .collect();
                            nexts.push(pos.with_heap_replaced(i, j, &parts));
                        }
                    }
                }
                Component::Tuple { ruleset, pos: tuple } => {
                    if moved.insert((format!("t:{}", ruleset.name()), tuple.clone())) {
                        let a = self.atoms.tuple(ruleset, tuple)?;
                        self.atoms.raw_options(a, &self.ctl)?;
                        let mut list: Vec<Vec<u64>> = Vec::new();
                        ruleset.for_each_option(tuple, &mut |o| list.push(o.to_vec()));
                        for o in list {
                            let mut next = pos.clone();
                            next.components[i] = Component::Tuple {
                                ruleset: ruleset.clone(),
                                pos: o,
                            };
                            nexts.push(next);
                        }
                    }
                }
                Component::Game { ruleset, pos: at } => {
                    if moved.insert((format!("g:{}", ruleset.write(at)), Vec::new())) {
                        let what = format!("listing the options of {}", crate::error::brief(&ruleset.write(at)));
                        self.ctl
                            .check_work(&what, ruleset.options_bound(at), "an upper bound on the options")?;
                        for o in ruleset.options(at)? {
                            let mut next = pos.clone();
                            let parts = o.into_iter().map(|p| Component::Game {
                                ruleset: ruleset.clone(),
                                pos: p,
                            });
                            next.components.splice(i..=i, parts);
                            nexts.push(next);
                        }
                    }
                }
                Component::Loopy { .. } => {
                    self.atoms.of_position(pos)?;
                }
            }
            for next in nexts {
                // Every option as written once (as in normal play: the mirror images of
                // a board's option are moves of their own), its outcome found once for
                // all the options of one sum of atoms.
                if !listed.insert(next.to_string()) {
                    continue;
                }
                let full = self.atoms.of_position(&next)?;
                let o = match reached.get(&full) {
                    Some(&o) => o,
                    None => {
                        let s = self.atoms.canonical_sum(&full, &self.ctl)?;
                        let o = if self.is_p(s)? { Outcome::P } else { Outcome::N };
                        reached.insert(full, o);
                        o
                    }
                };
                if o == Outcome::P {
                    winning.push(next.clone());
                }
                if let Some(list) = options.as_mut() {
                    list.push((next, o));
                }
            }
        }
        let outcome = self.outcome(pos)?;
        Ok(MisereMoves {
            outcome,
            winning,
            options,
        })
    }
}
