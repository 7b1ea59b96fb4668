//! The set-pruned search: a component is asked "is your value in the set R?" rather
//! than "what is your value?" (Beling & Rogalski, "On pruning search trees of impartial
//! games", Artificial Intelligence 283 (2020), 103262).
//!
//! A component with n options has a value in C = {0, …, n}, its candidates. Each
//! option is asked whether its value is in C without its largest element (and at most
//! the largest value of R): an exact answer v takes v out of C (or the largest element,
//! if v is not a candidate below it); "not in the set" takes the largest element out.
//! The answer is then the least element of C, and it is exact when it is at most the
//! largest value of R:
//!
//! - the elements taken out as "the largest" are each larger than the final least y
//!   (y was still in C), so every value below y was taken out as an option's value and
//!   is one; an option of value y ≤ max R would have been asked about y and taken it
//!   out; so y is the mex;
//! - if the value g is in R it stays a candidate (were it taken out as the largest, the
//!   final y < g ≤ max R would be the mex, a contradiction), so once C and R are
//!   disjoint the value is not in R, and the search stops.
//!
//! The options of a component are first looked up in the table (an option whose
//! components are all valued takes its value out of C at once: the "enhanced
//! transposition cutoff"), then searched from the easiest (the smallest sum of squared
//! component sizes); an option of several components has all but its largest valued in
//! full and the largest asked about the set shifted by their nim-sum; two equal
//! components cancel (G + G = 0). The root asks its options about one candidate value
//! at a time, from 0 up ("aspiration sets"), since most values are small.
//!
//! Beyond the paper, an answer "not in R" is kept in the table for the values of R
//! below 16, and with them the values of the options the search saw on the way (the
//! component's value is none of them: it is their mex), so that a later question about
//! a subset of them is answered at once, and a question drops the values already known
//! not to be the component's. Where moves are asked on several threads (and at the
//! root), a move that repeats another (the same parts and nim-sum, as the symmetric
//! moves of a symmetric region are) is asked once, so that two threads never search
//! one option at once.

use super::nimset::{NimSet, MAX_OPTIONS};
use super::{BitGame, OptionList, Search, TableKey};
use crate::control::Control;
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// An option still to be asked: its unvalued components `comps[start..start + len]`
/// (the largest first), the nim-sum `x` of the others, and its cost estimate.
#[derive(Clone, Copy)]
struct Pending {
    start: u32,
    len: u32,
    x: u32,
    cost: u64,
}

/// A component listed and not yet looked up: its key, its hash (0 if it has an
/// immediate value) and its immediate value.
type Ahead<K> = (K, u64, Option<u32>);

/// How many options after an option is listed its components are looked up
/// ([`Search::etc`]).
const AHEAD: usize = 2;

/// The buffers of one level of the search.
pub(super) struct Level<K> {
    opts: OptionList<K>,
    comps: Vec<K>,
    moves: Vec<Pending>,
    /// The components of the options listed, in order, and where each option starts
    /// (and, last, where the last one ends).
    ahead: Vec<Ahead<K>>,
    ends: Vec<usize>,
}

impl<K> Default for Level<K> {
    fn default() -> Self {
        Level {
            opts: OptionList::default(),
            comps: Vec::new(),
            moves: Vec::new(),
            ahead: Vec::new(),
            ends: Vec::new(),
        }
    }
}

/// The levels of the search at which a component's moves are asked on several
/// threads (the root is level 0).
const PARALLEL_DEPTH: usize = 2;

/// The levels of a search on one thread, reused, and the flags that stop it.
pub(super) struct Levels<K> {
    levels: Vec<Level<K>>,
    /// One flag for each component above whose moves are shared between threads and
    /// of which this search asks one: set once that component's question is answered
    /// (or, at the root, the value of the moment), when what this search would find
    /// is no longer needed. A search whose flag is set stops at its next component
    /// (as [`Error::Interrupted`], which the component that set it does not look at;
    /// nothing is stored from a search stopped so).
    stops: Vec<Arc<AtomicBool>>,
}

impl<K> Default for Levels<K> {
    fn default() -> Self {
        Levels {
            levels: Vec::new(),
            stops: Vec::new(),
        }
    }
}

impl<K> Levels<K> {
    /// The levels of a search asked on another thread for a component whose flag is
    /// `stop`, below the components of `stops`.
    fn below(stops: &[Arc<AtomicBool>], stop: &Arc<AtomicBool>) -> Self {
        Levels {
            levels: Vec::new(),
            stops: stops.iter().chain([stop]).cloned().collect(),
        }
    }

    /// True if a component above no longer needs this search.
    fn stopped(&self) -> bool {
        self.stops.iter().any(|s| s.load(Ordering::Relaxed))
    }
}

impl<G: BitGame> Search<G> {
    /// The buffers of level `depth`, emptied (put them back with [`Self::put_level`]).
    fn take_level(&self, levels: &mut Levels<G::Key>, depth: usize) -> Level<G::Key> {
        let levels = &mut levels.levels;
        if levels.len() <= depth {
            levels.resize_with(depth + 1, Level::default);
        }
        let mut lv = std::mem::take(&mut levels[depth]);
        lv.opts.clear();
        lv.comps.clear();
        lv.moves.clear();
        lv
    }

    fn put_level(levels: &mut Levels<G::Key>, depth: usize, lv: Level<G::Key>) {
        levels.levels[depth] = lv;
    }

    /// Drops the pending moves of `lv` that repeat an earlier one (the same unvalued
    /// components and nim-sum of the others: the same option up to the order of its
    /// parts, as the symmetric moves of a symmetric region are), keeping the order of
    /// the others. The search stays exact: a move left out has the value of the one
    /// kept, which is asked, and with fewer moves asked at least one candidate stays.
    fn dedup_moves(lv: &mut Level<G::Key>) {
        let Level { comps, moves, .. } = lv;
        if moves.len() < 2 {
            return;
        }
        let key = |m: &Pending| (m.x, &comps[m.start as usize..(m.start + m.len) as usize]);
        let mut order: Vec<u32> = (0..moves.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| key(&moves[a as usize]).cmp(&key(&moves[b as usize])).then(a.cmp(&b)));
        let mut keep = vec![true; moves.len()];
        for w in order.windows(2) {
            if key(&moves[w[0] as usize]) == key(&moves[w[1] as usize]) {
                keep[w[1] as usize] = false;
            }
        }
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }

    /// Lists the options of `k` into `lv` and splits them: an option whose components
    /// are all valued takes its value out of `cand`; the others become pending moves
    /// (equal components cancelled, the largest first), sorted from the easiest. With
    /// `want`, the listing stops once `cand` and `want` are disjoint (the "enhanced
    /// transposition cutoff": the value is not in `want`); true if it stopped so.
    ///
    /// Once the table has [`Search::prefetch_from`] bytes, an option's components are
    /// looked up [`AHEAD`] options after they are listed, their memory prefetched when
    /// listed: in a large table a look-up otherwise waits for memory, and listing the
    /// next options is work to do meanwhile.
    fn etc(&self, k: &G::Key, lv: &mut Level<G::Key>, cand: &mut NimSet, want: Option<&NimSet>) -> bool {
        let Level {
            opts,
            comps,
            moves,
            ahead,
            ends,
        } = lv;
        let mut cut = false;
        if self.table.bytes_now() < self.prefetch_from {
            // A table that fits the caches: each option looked up as it is listed.
            self.options_until_of(k, opts, &mut |o| {
                cut = self.etc_option(o.iter().map(|c| (*c, self.lookup(c).0)), comps, moves, cand, want);
                cut
            });
        } else {
            ahead.clear();
            ends.clear();
            ends.push(0);
            // The options looked up so far, of those listed.
            let mut done = 0;
            // Looks up the next option listed.
            let mut look = |done: &mut usize,
                            ahead: &[Ahead<G::Key>],
                            ends: &[usize],
                            comps: &mut Vec<G::Key>,
                            cand: &mut NimSet| {
                let found = ahead[ends[*done]..ends[*done + 1]]
                    .iter()
                    .map(|(c, h, known)| (*c, known.or_else(|| self.table.get(c, *h))));
                *done += 1;
                self.etc_option(found, comps, moves, cand, want)
            };
            self.options_until_of(k, opts, &mut |o| {
                for c in o {
                    let known = self.game.known(c);
                    let h = if known.is_none() { c.hash64() } else { 0 };
                    if known.is_none() {
                        self.table.prefetch(h);
                    }
                    ahead.push((*c, h, known));
                }
                ends.push(ahead.len());
                if ends.len() - 1 - done > AHEAD {
                    cut = look(&mut done, ahead, ends, comps, cand);
                }
                cut
            });
            while !cut && done + 1 < ends.len() {
                cut = look(&mut done, ahead, ends, comps, cand);
            }
        }
        if !cut {
            moves.sort_by_key(|m| m.cost);
        }
        cut
    }

    /// One option of [`Self::etc`], its components with the values the table or the
    /// rules give them: valued at once, or a pending move; true if `cand` and `want`
    /// are now disjoint.
    fn etc_option(
        &self,
        o: impl Iterator<Item = (G::Key, Option<u32>)>,
        comps: &mut Vec<G::Key>,
        moves: &mut Vec<Pending>,
        cand: &mut NimSet,
        want: Option<&NimSet>,
    ) -> bool {
        let start = comps.len();
        let mut x = 0u32;
        for (c, found) in o {
            match found {
                Some(v) => x ^= v,
                None => comps.push(c),
            }
        }
        let mut len = comps.len() - start;
        if len > 1 {
            let part = &mut comps[start..];
            part.sort_unstable();
            // Equal components in pairs cancel.
            let mut w = 0;
            let mut r = 0;
            while r < part.len() {
                if r + 1 < part.len() && part[r] == part[r + 1] {
                    r += 2;
                } else {
                    part[w] = part[r];
                    w += 1;
                    r += 1;
                }
            }
            comps.truncate(start + w);
            len = w;
            // The largest first.
            let part = &mut comps[start..];
            if let Some(big) = (0..part.len()).max_by_key(|&i| self.game.size(&part[i])) {
                part.swap(0, big);
            }
        }
        if len == 0 {
            cand.remove(x);
            return want.is_some_and(|w| cand.is_disjoint(w));
        }
        let cost = comps[start..].iter().map(|c| u64::from(self.game.size(c)).pow(2)).sum();
        moves.push(Pending {
            start: start as u32,
            len: len as u32,
            x,
            cost,
        });
        false
    }

    /// The value of the option `m` if it is in `ask` (its other components valued in
    /// full first); `None` only if it is not.
    fn ask(
        &self,
        m: &mut Pending,
        comps: &[G::Key],
        ask: NimSet,
        levels: &mut Levels<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<Option<u32>> {
        self.value_rest(m, comps, levels, depth, ctl)?;
        let big = comps[m.start as usize];
        if m.x >= 256 {
            // A nim-sum beyond the sets (a part with more than 255 options).
            return Ok(Some(self.value_full(&big, levels, depth, ctl)? ^ m.x));
        }
        let ask = ask.xor_each(m.x);
        if ask.is_empty() {
            return Ok(None);
        }
        Ok(self.in_set(&big, ask, levels, depth, ctl)?.map(|v| v ^ m.x))
    }

    /// Values the components of `m` but its first in full, into `m.x` (once).
    fn value_rest(
        &self,
        m: &mut Pending,
        comps: &[G::Key],
        levels: &mut Levels<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<()> {
        while m.len > 1 {
            let c = comps[(m.start + m.len - 1) as usize];
            m.x ^= self.value_full(&c, levels, depth, ctl)?;
            m.len -= 1;
        }
        Ok(())
    }

    /// The value of `k`, by the set-pruned search asked about every value.
    pub(super) fn value_full(
        &self,
        k: &G::Key,
        levels: &mut Levels<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<u32> {
        match self.in_set(k, NimSet::ALL, levels, depth, ctl)? {
            Some(v) => Ok(v),
            None => unreachable!("a component asked about every value answers"),
        }
    }

    /// Applies an option's answer to the candidates: its exact value v takes v out (or
    /// the largest candidate, if v is not one below it) and is kept in `seen` (the
    /// component's value is not v), "not in the set" takes out the largest candidate and
    /// makes the result inexact.
    fn apply(cand: &mut NimSet, exact: &mut bool, seen: &mut NimSet, answer: Result<Option<u32>>) -> Result<()> {
        let below = cand.without_max();
        match answer? {
            Some(v) => {
                if v < 256 {
                    seen.insert(v);
                }
                if below.contains(v) {
                    cand.remove(v);
                } else {
                    *cand = below;
                }
            }
            None => {
                *cand = below;
                *exact = false;
            }
        }
        Ok(())
    }

    /// The value of the connected component `k` if it is in `want`; `None` only if it
    /// is not (an exact value may be returned that is not in `want`).
    pub(super) fn in_set(
        &self,
        k: &G::Key,
        want: NimSet,
        levels: &mut Levels<G::Key>,
        depth: usize,
        ctl: &Control,
    ) -> Result<Option<u32>> {
        if let Some(v) = self.game.known(k) {
            return Ok(Some(v));
        }
        if levels.stopped() {
            return Err(Error::Interrupted);
        }
        let h = k.hash64();
        let mut want = want;
        if let Some((v, excluded)) = self.table.entry(k, h) {
            if let Some(v) = v {
                return Ok(Some(v));
            }
            want = want.without_mask(excluded);
            if want.is_empty() {
                return Ok(None);
            }
        }
        self.count(ctl)?;
        let n = self.count_options_of(k);
        if n > MAX_OPTIONS {
            return self.value_seq(k, &mut Vec::new(), 0, ctl).map(Some);
        }
        let mut lv = self.take_level(levels, depth);
        let mut cand = NimSet::upto(n as u32);
        self.etc(k, &mut lv, &mut cand, Some(&want));
        // The values of options valued so far: the component has none of them.
        let mut seen = NimSet::upto(n as u32).without(&cand);
        let size = self.game.size(k);
        let max_want = want.max().expect("a question about a nonempty set");
        let upto_want = NimSet::upto(max_want);
        let mut exact = true;
        let mut result = Ok(());
        let threads = if self.parallel && depth <= PARALLEL_DEPTH && size >= super::PARALLEL_SIZE {
            rayon::current_num_threads()
        } else {
            1
        };
        if threads > 1 {
            Self::dedup_moves(&mut lv);
        }
        // The moves in order on this thread: the first alone (it often settles the
        // question), the others too when there is one thread.
        let mut i = 0;
        while result.is_ok() && i < lv.moves.len() && !cand.is_disjoint(&want) && (i == 0 || threads == 1) {
            let mut m = lv.moves[i];
            let ask = cand.without_max().and(&upto_want);
            let answer = self.ask(&mut m, &lv.comps, ask, levels, depth + 1, ctl);
            result = Self::apply(&mut cand, &mut exact, &mut seen, answer);
            i += 1;
        }
        if result.is_ok() && i < lv.moves.len() && !cand.is_disjoint(&want) {
            // The other moves on several threads, each taking the next move as it
            // finishes one (no round waits for its slowest move), asked about the
            // candidates as they are when it is taken (a larger set than the sequential
            // search would ask about: still a valid question); each answer is applied
            // as it comes, which keeps the invariants above (an answer asked about a set
            // that the candidates have since lost elements of takes out the value or the
            // largest candidate, as in order). Once the question is answered the
            // searches still asking stop (the flag `answered`), and what they return,
            // the error of a stopped search included, is not looked at.
            let shared = std::sync::Mutex::new((cand, exact, i, Ok(()), seen));
            let (moves, comps) = (&lv.moves, &lv.comps);
            let answered = Arc::new(AtomicBool::new(false));
            let stops = &levels.stops;
            rayon::scope(|s| {
                for _ in 0..threads {
                    s.spawn(|_| {
                        let mut levels = Levels::below(stops, &answered);
                        loop {
                            let (j, ask) = {
                                let mut st = shared.lock().unwrap_or_else(|e| e.into_inner());
                                if st.3.is_err() || st.2 >= moves.len() || st.0.is_disjoint(&want) {
                                    return;
                                }
                                st.2 += 1;
                                (st.2 - 1, st.0.without_max().and(&upto_want))
                            };
                            let mut m = moves[j];
                            let answer = self.ask(&mut m, comps, ask, &mut levels, depth + 1, ctl);
                            let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                            let st = &mut *guard;
                            if st.3.is_ok() && !st.0.is_disjoint(&want) {
                                st.3 = Self::apply(&mut st.0, &mut st.1, &mut st.4, answer);
                                if st.0.is_disjoint(&want) {
                                    answered.store(true, Ordering::Relaxed);
                                }
                            }
                        }
                    });
                }
            });
            let st = shared.into_inner().unwrap_or_else(|e| e.into_inner());
            (cand, exact, result, seen) = (st.0, st.1, st.3, st.4);
        }
        Self::put_level(levels, depth, lv);
        result?;
        // Not the values asked about, nor those of its options seen.
        let excluded = want.low_mask() | seen.low_mask();
        if cand.is_disjoint(&want) {
            self.table.exclude_mask(*k, h, excluded, size);
            return Ok(None);
        }
        let y = cand.min().expect("a candidate stays");
        if exact || y <= max_want {
            self.table.insert(*k, h, y, size);
            Ok(Some(y))
        } else {
            self.table.exclude_mask(*k, h, excluded, size);
            Ok(None)
        }
    }

    /// The value of the connected component `k` by the set-pruned search: its options
    /// asked about one candidate value at a time, from 0 up.
    pub(super) fn value_pruned(&self, k: &G::Key, levels: &mut Levels<G::Key>, ctl: &Control) -> Result<u32> {
        let (found, h) = self.lookup(k);
        if let Some(v) = found {
            return Ok(v);
        }
        self.count(ctl)?;
        let n = self.count_options_of(k);
        if n > MAX_OPTIONS {
            return self.value_seq(k, &mut Vec::new(), 0, ctl);
        }
        let mut lv = self.take_level(levels, 0);
        // The values some option has, from the table.
        let mut none = NimSet::upto(n as u32);
        self.etc(k, &mut lv, &mut none, None);
        Self::dedup_moves(&mut lv);
        let has = NimSet::upto(n as u32).without(&none);
        let v = if self.parallel && rayon::current_num_threads() > 1 {
            self.aspire_parallel(&mut lv, has, n as u32, ctl)
        } else {
            self.aspire(&mut lv, has, n as u32, levels, ctl)
        };
        Self::put_level(levels, 0, lv);
        let v = v?;
        self.table.insert(*k, h, v, self.game.size(k));
        Ok(v)
    }

    /// [`Self::aspire`] with the moves asked in parallel (rayon): every move is asked
    /// about the candidate value t, the threads sharing the table; once one answers t,
    /// the moves not yet asked are left for the next value, and the searches of the
    /// moves being asked stop at their next component (their work so far stays in the
    /// table): on small boards the second thread's speculative searches cost more than
    /// they gained (Cram 3×10 on two cores 0.024 → 0.018 s).
    fn aspire_parallel(&self, lv: &mut Level<G::Key>, mut has: NimSet, n: u32, ctl: &Control) -> Result<u32> {
        let comps = &lv.comps;
        lv.moves
            .par_iter_mut()
            .try_for_each_init(Levels::default, |levels, m| self.value_rest(m, comps, levels, 1, ctl))?;
        for t in 0..=n {
            if has.contains(t) {
                continue;
            }
            // Until a move has the value t, or every move is asked and none has it. A
            // move not asked (`None`: another move had answered when it came, or its
            // search was stopped then) stays for the next t, or is asked again if no
            // move answered t.
            loop {
                let answered = Arc::new(AtomicBool::new(false));
                let hit = &*answered;
                let answers: Vec<Option<Option<u32>>> = lv
                    .moves
                    .par_iter()
                    .map_init(
                        || Levels::below(&[], &answered),
                        |levels, m| {
                            if hit.load(Ordering::Relaxed) {
                                return Ok(None);
                            }
                            let a = match self.ask_root(m, comps, t, levels, ctl) {
                                // Stopped since another move answered.
                                Err(Error::Interrupted) if hit.load(Ordering::Relaxed) && !ctl.cancelled() => {
                                    return Ok(None)
                                }
                                a => a?,
                            };
                            if a.is_some_and(|v| v ^ m.x == t) {
                                hit.store(true, Ordering::Relaxed);
                            }
                            Ok(Some(a))
                        },
                    )
                    .collect::<Result<_>>()?;
                let (mut found, mut unasked) = (false, false);
                let mut keep = Vec::with_capacity(lv.moves.len());
                for (m, a) in lv.moves.iter().zip(answers) {
                    match a {
                        Some(Some(v)) => {
                            let v = v ^ m.x;
                            if v < 256 {
                                has.insert(v);
                            }
                            found |= v == t;
                        }
                        Some(None) => keep.push(*m),
                        None => {
                            unasked = true;
                            keep.push(*m);
                        }
                    }
                }
                lv.moves = keep;
                if found {
                    break;
                }
                if !unasked {
                    return Ok(t);
                }
            }
        }
        Ok(n + 1)
    }

    /// The root's question to its move `m` (its other parts valued): the value of its
    /// largest part if the option's value is t (or if the nim-sums pass the sets' 256
    /// values, in full); `None` only if the option's value is not t.
    fn ask_root(
        &self,
        m: &Pending,
        comps: &[G::Key],
        t: u32,
        levels: &mut Levels<G::Key>,
        ctl: &Control,
    ) -> Result<Option<u32>> {
        let big = comps[m.start as usize];
        if m.x >= 256 || (t ^ m.x) >= 256 {
            self.value_full(&big, levels, 1, ctl).map(Some)
        } else {
            self.in_set(&big, NimSet::single(t ^ m.x), levels, 1, ctl)
        }
    }

    /// The least value 0…=n that no pending move of `lv` has and is not in `has`.
    fn aspire(
        &self,
        lv: &mut Level<G::Key>,
        mut has: NimSet,
        n: u32,
        levels: &mut Levels<G::Key>,
        ctl: &Control,
    ) -> Result<u32> {
        'values: for t in 0..=n {
            if has.contains(t) {
                continue;
            }
            let mut i = 0;
            while i < lv.moves.len() {
                let mut m = lv.moves[i];
                self.value_rest(&mut m, &lv.comps, levels, 1, ctl)?;
                lv.moves[i] = m;
                match self.ask_root(&m, &lv.comps, t, levels, ctl)? {
                    Some(v) => {
                        let v = v ^ m.x;
                        lv.moves.remove(i);
                        if v < 256 {
                            has.insert(v);
                        }
                        if v == t {
                            continue 'values;
                        }
                    }
                    None => i += 1,
                }
            }
            return Ok(t);
        }
        Ok(n + 1)
    }
}
