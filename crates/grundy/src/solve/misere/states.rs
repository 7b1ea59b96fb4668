//! The finite check that a candidate (Q, P, Φ) predicts the misère outcome of every
//! sum of heaps, as the quotient engine runs it (incrementally, heap by heap).
//!
//! A sum G of heaps is summarised by its *state* (Φ(G), whether G has an option, and
//! N(G) = {z ∈ Q : Φ(G′)·z ∈ P for some option G′ of G}). Φ predicts G's outcome iff
//! Φ(G) ∈ P ⟺ (G has an option and 1 ∉ N(G)). Adding a heap h whose image is φ and
//! whose options have the images S_h (its *type*) maps the state of G to that of G + h:
//! (Φ(G)·φ, moved or S_h ≠ ∅, {z : φz ∈ N(G)} ∪ {z : Φ(G)·s·z ∈ P for some s ∈ S_h}).
//! So the states reachable from the empty sum by adding heaps are finitely many, and
//! checking each of them checks every sum of heaps at once.

use super::monoid::{Bits, Monoid};
use crate::control::Control;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;

/// An order on sums in which every option comes before the sum, for the check's least
/// failure and the trial's representatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SumOrder {
    /// By the number of tokens, for rulesets whose every option has fewer tokens than
    /// its heap (take-and-break codes that take, subtraction games).
    Tokens,
    /// As multisets, largest heaps first (an option replaces a heap by smaller heaps):
    /// good for every ruleset.
    Multiset,
}

/// Bytes one state takes besides its set N (the entry in the list and in the index).
const STATE_BYTES: u64 = 64;

#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    g: u32,
    moved: bool,
    n: Bits,
}

/// A heap type: its image φ and, from the images S of its options, whether it has
/// an option and U = {z : s·z ∈ P for some s ∈ S}. Heaps with equal (φ, U) act alike
/// on states, since {z : g·s·z ∈ P for some s ∈ S} = {z : g·z ∈ U}.
struct Type {
    /// The first heap of this type.
    heap: u64,
    phi: u32,
    moved: bool,
    u: Bits,
    /// Per element g: {z : g·z ∈ U} (filled lazily).
    reach: Vec<Option<Bits>>,
}

/// The states reachable with the heap types added so far, all consistent.
pub(crate) struct Machine {
    q: Monoid,
    p: Bits,
    /// R(x) = {z : x·z ∈ P} for every element x.
    residual: Vec<Bits>,
    types: Vec<Type>,
    type_ids: FxHashMap<(u32, Bits), u32>,
    states: Vec<State>,
    /// How each state was reached first: (state, type).
    parent: Vec<(u32, u32)>,
    index: FxHashMap<State, u32>,
    /// The heaps of a sum whose outcome the candidate mispredicts, after a failed
    /// [`Machine::add_type`].
    pub(crate) failure: Option<Vec<u64>>,
    /// A state to write the next transition into, reused while it is not new.
    spare: Option<State>,
    /// State transitions made (the work done).
    pub(crate) work: u64,
}

impl Machine {
    /// The machine of (Q, P) with no heap type yet: the one state of the empty sum.
    pub(crate) fn new(q: Monoid, p: Bits) -> Machine {
        let order = q.order();
        let residual = (0..order as u32)
            .map(|x| {
                let mut r = Bits::new(order);
                for (z, &xz) in q.row(x).iter().enumerate() {
                    if p.get(xz) {
                        r.set(z as u32);
                    }
                }
                r
            })
            .collect();
        let empty = State {
            g: 0,
            moved: false,
            n: Bits::new(order),
        };
        let mut index = FxHashMap::default();
        index.insert(empty.clone(), 0);
        Machine {
            q,
            p,
            residual,
            types: Vec::new(),
            type_ids: FxHashMap::default(),
            states: vec![empty],
            parent: vec![(u32::MAX, 0)],
            index,
            failure: None,
            spare: None,
            work: 0,
        }
    }

    /// The memory one state takes.
    pub(crate) fn state_bytes(&self) -> u64 {
        STATE_BYTES + 8 * self.q.order().div_ceil(64) as u64 * 2
    }

    /// R(x) = {z : x·z ∈ P}.
    pub(crate) fn residual(&self, x: u32) -> &Bits {
        &self.residual[x as usize]
    }

    fn consistent(&self, s: &State) -> bool {
        self.p.get(s.g) == (s.moved && !s.n.get(0))
    }

    /// The state of state s plus a heap of type t, written into `out` (its set reused).
    fn step(&mut self, s: usize, t: usize, out: &mut State) {
        self.work += 1;
        let g = self.states[s].g;
        if self.types[t].reach[g as usize].is_none() {
            let mut r = Bits::new(self.q.order());
            for (z, &gz) in self.q.row(g).iter().enumerate() {
                if self.types[t].u.get(gz) {
                    r.set(z as u32);
                }
            }
            self.types[t].reach[g as usize] = Some(r);
        }
        let st = &self.states[s];
        let ty = &self.types[t];
        let reach = ty.reach[g as usize].as_ref().expect("just filled");
        // {z : φz ∈ N} ∪ {z : gz ∈ U}, 64 bits at a time.
        let row = self.q.row(ty.phi);
        for (k, (w, r)) in out.n.0.iter_mut().zip(&reach.0).enumerate() {
            let mut word = *r;
            for (b, &fz) in row[k * 64..row.len().min(k * 64 + 64)].iter().enumerate() {
                word |= (st.n.0[(fz >> 6) as usize] >> (fz & 63) & 1) << b;
            }
            *w = word;
        }
        out.g = self.q.mul(g, ty.phi);
        out.moved = st.moved || ty.moved;
    }

    /// Adds a new state reached from `parent` (state, type), counting it against the
    /// memory limit (and the transitions followed against the work limit); returns its
    /// number.
    fn insert(&mut self, st: State, parent: (u32, u32), ctl: &Control) -> Result<usize> {
        let id = self.states.len();
        if id & 0xFFF == 0 {
            super::cancelled(ctl)?;
            ctl.check_memory_and_work(
                "the search of states of the misère quotient check",
                (id as u64 + 1) * (self.state_bytes() + 16),
                format!("{id} states of {} bytes", self.state_bytes()),
                self.work as u128,
                "transitions followed by this check",
            )?;
        }
        if id >= u32::MAX as usize {
            return Err(Error::Unsupported(
                "more than 2^32 states in the misère quotient check".into(),
            ));
        }
        self.index.insert(st.clone(), id as u32);
        self.states.push(st);
        self.parent.push(parent);
        Ok(id)
    }

    /// The heaps (each type's smallest) of the sum by which state `s` was first
    /// reached, plus one heap of type `t`, sorted.
    fn sum_of(&self, s: usize, t: Option<usize>) -> Vec<u64> {
        let mut heaps: Vec<u64> = t.map(|t| self.types[t].heap).into_iter().collect();
        let mut x = s;
        while self.parent[x].0 != u32::MAX {
            let (p, u) = self.parent[x];
            heaps.push(self.types[u as usize].heap);
            x = p as usize;
        }
        heaps.sort_unstable();
        heaps
    }

    /// A state to write transitions into.
    fn scratch(&self) -> State {
        State {
            g: 0,
            moved: false,
            n: Bits::new(self.q.order()),
        }
    }

    /// The type of a heap of image φ whose options have the images `opts`.
    fn make_type(&self, phi: u32, opts: &[u32], heap: u64) -> Type {
        let mut u = Bits::new(self.q.order());
        for &s in opts {
            u.or(&self.residual[s as usize]);
        }
        Type {
            heap,
            phi,
            moved: !opts.is_empty(),
            u,
            reach: vec![None; self.q.order()],
        }
    }

    /// The machine of (Q, P) with every heap type at once, its states found in the
    /// order of their least sums (`order`) and each checked as it is found. With
    /// [`SumOrder::Multiset`] the types are taken by their smallest heaps, in increasing
    /// order, and for each the states gain one copy, then another, …: the least sum of
    /// each new state follows those of all states before it. With [`SumOrder::Tokens`]
    /// states are taken by the fewest tokens of their sums (Dijkstra, a type weighing
    /// its smallest heap). On success (`failure` empty) the machine holds every
    /// reachable state. Otherwise `failure` is the least sum whose state is
    /// inconsistent: every sum before it has a consistent state, so by induction its
    /// options are predicted right and the sum itself is mispredicted. `types` are
    /// (image, option images, smallest heap), with options, by increasing heap.
    ///
    /// # Errors
    /// As [`Machine::add_type`].
    pub(crate) fn verified(
        q: Monoid,
        p: Bits,
        types: &[(u32, Vec<u32>, u64)],
        order: SumOrder,
        ctl: &Control,
    ) -> Result<Machine> {
        let mut m = Machine::new(q, p);
        for (phi, opts, heap) in types {
            let ty = m.make_type(*phi, opts, *heap);
            if let std::collections::hash_map::Entry::Vacant(e) = m.type_ids.entry((*phi, ty.u.clone())) {
                e.insert(m.types.len() as u32);
                m.types.push(ty);
            }
        }
        if order == SumOrder::Tokens {
            m.by_tokens(ctl)?;
            return Ok(m);
        }
        let mut next = m.scratch();
        for t in 0..m.types.len() {
            let mut frontier: Vec<usize> = (0..m.states.len()).collect();
            while !frontier.is_empty() {
                let mut found = Vec::new();
                for &s in &frontier {
                    m.step(s, t, &mut next);
                    if m.index.contains_key(&next) {
                        continue;
                    }
                    if !m.consistent(&next) {
                        m.failure = Some(m.sum_of(s, Some(t)));
                        return Ok(m);
                    }
                    found.push(m.insert(next.clone(), (s as u32, t as u32), ctl)?);
                }
                frontier = found;
            }
        }
        Ok(m)
    }

    /// The states in order of the fewest tokens of their sums (see
    /// [`Machine::verified`]).
    fn by_tokens(&mut self, ctl: &Control) -> Result<()> {
        use std::cmp::Reverse;
        let mut dist: Vec<u64> = vec![0];
        let mut next = self.scratch();
        let mut queue = std::collections::BinaryHeap::new();
        queue.push(Reverse((0u64, 0u32)));
        while let Some(Reverse((d, s))) = queue.pop() {
            let s = s as usize;
            if d > dist[s] {
                continue;
            }
            if !self.consistent(&self.states[s]) {
                self.failure = Some(self.sum_of(s, None));
                return Ok(());
            }
            for t in 0..self.types.len() {
                self.step(s, t, &mut next);
                let nd = d + self.types[t].heap;
                let id = match self.index.get(&next) {
                    Some(&id) => id as usize,
                    None => {
                        dist.push(u64::MAX);
                        self.insert(next.clone(), (u32::MAX, 0), ctl)?
                    }
                };
                if nd < dist[id] {
                    dist[id] = nd;
                    self.parent[id] = (s as u32, t as u32);
                    queue.push(Reverse((nd, id as u32)));
                }
            }
        }
        Ok(())
    }

    /// Adds the heap type (φ, S): every new state reachable with it is checked. On
    /// success the type and its states are kept; when a state is inconsistent (the
    /// candidate mispredicts a sum) nothing is kept and the result is false.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when the states would pass the memory limit, [`Error::TooMuchWork`]
    /// past the work limit,
    /// [`Error::Interrupted`].
    pub(crate) fn add_type(&mut self, phi: u32, opts: &[u32], heap: u64, ctl: &Control) -> Result<bool> {
        let ty = self.make_type(phi, opts, heap);
        let key = (phi, ty.u.clone());
        if self.type_ids.contains_key(&key) {
            return Ok(true);
        }
        let t = self.types.len();
        self.types.push(ty);
        let mark = self.states.len();
        let ok = self.close(t, ctl);
        match ok {
            Ok(true) => {
                self.type_ids.insert(key, t as u32);
                Ok(true)
            }
            other => {
                for s in self.states.drain(mark..) {
                    self.index.remove(&s);
                }
                self.parent.truncate(mark);
                self.types.pop();
                other
            }
        }
    }

    /// Adds the successors by the new type `t` of the states there were, and closes
    /// the new states under every type; false at the first inconsistent state.
    fn close(&mut self, t: usize, ctl: &Control) -> Result<bool> {
        let old = self.states.len();
        let mut queue: Vec<usize> = Vec::new();
        for s in 0..old {
            if !self.visit(s, t, &mut queue, ctl)? {
                return Ok(false);
            }
        }
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            for u in 0..self.types.len() {
                if !self.visit(s, u, &mut queue, ctl)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    fn visit(&mut self, s: usize, t: usize, queue: &mut Vec<usize>, ctl: &Control) -> Result<bool> {
        let mut next = self.spare.take().unwrap_or_else(|| self.scratch());
        self.step(s, t, &mut next);
        if self.index.contains_key(&next) {
            self.spare = Some(next);
            return Ok(true);
        }
        if !self.consistent(&next) {
            self.failure = Some(self.sum_of(s, Some(t)));
            return Ok(false);
        }
        let id = self.insert(next, (s as u32, t as u32), ctl)?;
        queue.push(id);
        Ok(true)
    }
}
