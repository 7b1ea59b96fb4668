//! The trial monoid of a heap n that is not a conservative extension (the engine's
//! step 3, [`super::quotient`]).
//!
//! Heap n is a new generator x. A *base* B with a homomorphism ψ from the sums of heaps
//! < n onto it is chosen; the trial monoid is B × ⟨x | x^J = x^I⟩, and a sum H + j·n
//! (H of heaps < n) is marked P or N from ψ(H) and j:
//! - column 0 is the outcome of H, from Q_{n−1} (B keeps the class of Q_{n−1});
//! - column j ≥ 1 holds where no move in a heap n reaches a P-position of column j − 1
//!   and no move in H reaches a P-position of column j. The moves in H are those of a
//!   representative of ψ(H) with the fewest tokens, whose options have representatives
//!   of fewer tokens, so the column is filled in order of tokens;
//! - the columns repeat after finitely many (column j depends on column j − 1 only):
//!   x^J = x^I.
//!
//! This marks every sum correctly if the outcome of H + j·n depends on ψ(H) alone.
//! The trial monoid is then reduced (the coarsest congruence keeping P apart) and the
//! result is checked exactly by the engine. The first base is Q_{n−1} itself. Heap n can
//! tell apart sums of smaller heaps that Q_{n−1} merges (in Kayles heap 9 tells 4 + 4
//! from 5 + 5, both the identity of Q_8); when the check fails, the next base is the
//! state monoid of the failed candidate D: ψ(H) = (the class of H in Q_{n−1}, Φ_D(H),
//! whether H has an option, N_D(H) = {z ∈ D : Φ_D(H′)·z ∈ P_D for an option H′ of H}),
//! which records in which contexts (with copies of heap n among them) H has a move to
//! a P-position.

use super::monoid::{coarsest, Bits, Monoid};
use super::quotient::power;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{HeapRuleset, Part};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most columns (powers of x) a trial monoid takes before they repeat.
const MAX_COLUMNS: usize = 256;

/// What is known before heap n: Q_{n−1}, P_{n−1}, Φ and the option images of heaps < n.
pub(crate) struct Before<'a> {
    pub(crate) rs: &'a dyn HeapRuleset,
    pub(crate) n: u64,
    pub(crate) q: &'a Monoid,
    pub(crate) p: &'a Bits,
    pub(crate) phi: &'a [u32],
}

/// A candidate quotient for the heaps ≤ n: its table, P, Φ and option images.
pub(crate) struct Candidate {
    pub(crate) q: Monoid,
    pub(crate) p: Bits,
    pub(crate) phi: Vec<u32>,
    pub(crate) opts: Vec<Vec<u32>>,
}

/// The state of a sum H in a layer D: (Φ_D(H), whether H has an option, N_D(H)).
#[derive(Clone, PartialEq, Eq, Hash)]
struct LayerState {
    g: u32,
    moved: bool,
    n: Bits,
}

/// An element of a base: the class in Q_{n−1}, the capped counts of the tracked
/// heaps and the state in each layer.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Elem {
    q: u32,
    counts: Vec<u8>,
    layers: Vec<LayerState>,
}

/// How the base refines Q_{n−1}: a *lift* (generators whose exponents are counted,
/// each up to a cap K: the counts 0, 1, …, K + 1, then K + 2 counts as K, with period
/// 2, as the powers of any element of a misère quotient end, x^{K+2} = x^K) and layers
/// (candidates whose states are kept).
#[derive(Default)]
pub(crate) struct Refinement {
    pub(crate) lift: Option<Lift>,
    pub(crate) layers: Vec<Candidate>,
}

/// Counted generators: some generators of Q_{n−1} (heap images) and heaps promoted
/// to generators of their own. Each heap < n adds the exponents its word has in them:
/// its normal word in Q_{n−1}, or itself when promoted.
pub(crate) struct Lift {
    /// (the generator's heap, its cap).
    pub(crate) gens: Vec<(u64, u8)>,
    /// Per heap < n: (counted generator, exponent) pairs.
    pub(crate) words: Vec<Vec<(usize, u32)>>,
    pres: super::Presentation,
    promoted: Vec<bool>,
}

impl Lift {
    /// A lift of Q_{n−1} that counts nothing yet.
    pub(crate) fn new(q: &Monoid, phi: &[u32]) -> Lift {
        Lift {
            gens: Vec::new(),
            words: vec![Vec::new(); phi.len()],
            pres: super::Presentation::of(q, phi),
            promoted: vec![false; phi.len()],
        }
    }

    /// Counts the heaps of the sum W (of heaps < n) the candidate mispredicts: the heap
    /// of a generator of Q_{n−1} counts that generator (its exponent in every heap's
    /// normal word), and every other heap is promoted to a generator of its own; the cap of each is one above the index of its image in
    /// Q_{n−1} (so that x^{k+2} = x^k of Q_{n−1} may fail), or above the number of
    /// them W holds. True if anything changed.
    pub(crate) fn refine(&mut self, w: &[u64], q: &Monoid, phi: &[u32]) -> bool {
        let mut changed = false;
        for (i, &h) in w.iter().enumerate() {
            if i > 0 && w[i - 1] == h {
                continue;
            }
            let copies = w.iter().filter(|&&x| x == h).count() as u32;
            let x = phi[h as usize];
            let word = &self.pres.normal[x as usize];
            // The heap of a generator counts that generator; any other heap counts
            // itself.
            let single = self.pres.heaps.contains(&h) && !self.promoted[h as usize];
            let (gen_heap, exps) = (h, copies);
            let _ = word;
            let cap = (index(q, x) as u32 + 1).max(exps.min(200)) as u8;
            match self.gens.iter_mut().find(|g| g.0 == gen_heap) {
                Some(g) => {
                    if exps >= g.1 as u32 {
                        g.1 = (exps + 1).min(200) as u8;
                        changed = true;
                    }
                }
                None => {
                    self.gens.push((gen_heap, cap));
                    if !single {
                        self.promoted[h as usize] = true;
                    }
                    changed = true;
                }
            }
        }
        // The words of every heap in the counted generators.
        let counted: Vec<Option<usize>> = self
            .pres
            .heaps
            .iter()
            .map(|&gh| self.gens.iter().position(|g| g.0 == gh && !self.promoted[gh as usize]))
            .collect();
        for (h, &x) in phi.iter().enumerate() {
            self.words[h] = if self.promoted[h] {
                vec![(self.gens.iter().position(|g| g.0 == h as u64).expect("promoted"), 1)]
            } else {
                self.pres.normal[x as usize]
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &e)| counted[i].filter(|_| e > 0).map(|c| (c, e)))
                    .collect()
            };
        }
        changed
    }
}

/// The index of x: the least k with x^{k+p} = x^k for some p ≥ 1 (capped at 200).
fn index(q: &Monoid, x: u32) -> u8 {
    let mut powers = vec![0u32];
    loop {
        let next = q.mul(*powers.last().expect("x^0"), x);
        if let Some(i) = powers.iter().position(|&y| y == next) {
            return i.min(200) as u8;
        }
        powers.push(next);
    }
}

/// c + w in the counts 0, 1, …, K + 1 with K + 2 ≡ K (period 2).
fn add_capped(c: u8, w: u32, k: u8) -> u8 {
    let t = c as u32 + w;
    let k = k as u32;
    if t <= k + 1 {
        t as u8
    } else {
        (k + (t - k) % 2) as u8
    }
}

/// A heap type of the base: heaps with the same data act alike.
struct Ty {
    q_phi: u32,
    /// The exponents this type adds to the counted generators.
    word: Vec<(usize, u32)>,
    /// Per layer: the heap's image and its option images.
    d: Vec<(u32, Vec<u32>)>,
    /// The smallest heap of this type.
    heap: u64,
    /// Per layer and element g of the layer: {z : g·s·z ∈ P_D for an option image s},
    /// filled lazily.
    reach: Vec<Vec<Option<Bits>>>,
}

/// What makes heaps one type of the base: the image in Q_{n−1}, the exponents counted,
/// and per layer the image and option images.
type TypeKey = (u32, Vec<(usize, u32)>, Vec<(u32, Vec<u32>)>);

struct Base<'a> {
    before: &'a Before<'a>,
    layers: &'a [Candidate],
    caps: Vec<u8>,
    /// Per layer: R(x) = {z : x·z ∈ P_D}.
    residual: Vec<Vec<Bits>>,
    types: Vec<Ty>,
    type_of: Vec<u32>,
    elems: Vec<Elem>,
    index: FxHashMap<Elem, u32>,
    trans: FxHashMap<(u32, u32), u32>,
    bytes_per_elem: u64,
    ctl: &'a Control,
    work: u64,
}

impl<'a> Base<'a> {
    fn new(before: &'a Before<'a>, refine: &'a Refinement, ctl: &'a Control) -> Base<'a> {
        let n = before.n as usize;
        let layers = &refine.layers[..];
        let residual: Vec<Vec<Bits>> = layers
            .iter()
            .map(|d| {
                let order = d.q.order();
                (0..order as u32)
                    .map(|x| {
                        let mut r = Bits::new(order);
                        for (z, &xz) in d.q.row(x).iter().enumerate() {
                            if d.p.get(xz) {
                                r.set(z as u32);
                            }
                        }
                        r
                    })
                    .collect()
            })
            .collect();
        let mut types: Vec<Ty> = Vec::new();
        let mut ids: FxHashMap<TypeKey, u32> = FxHashMap::default();
        let mut type_of = vec![u32::MAX; n];
        for (h, slot) in type_of.iter_mut().enumerate().skip(1) {
            let d: Vec<(u32, Vec<u32>)> = layers.iter().map(|l| (l.phi[h], l.opts[h].clone())).collect();
            let word = refine.lift.as_ref().map(|l| l.words[h].clone()).unwrap_or_default();
            let key = (before.phi[h], word.clone(), d.clone());
            let t = *ids.entry(key).or_insert_with(|| {
                types.push(Ty {
                    q_phi: before.phi[h],
                    word,
                    reach: layers.iter().map(|l| vec![None; l.q.order()]).collect(),
                    d,
                    heap: h as u64,
                });
                types.len() as u32 - 1
            });
            *slot = t;
        }
        let words: u64 = layers.iter().map(|l| l.q.order().div_ceil(64) as u64).sum();
        Base {
            before,
            layers,
            caps: refine
                .lift
                .as_ref()
                .map(|l| l.gens.iter().map(|&(_, k)| k).collect())
                .unwrap_or_default(),
            residual,
            types,
            type_of,
            elems: Vec::new(),
            index: FxHashMap::default(),
            trans: FxHashMap::default(),
            bytes_per_elem: 96
                + 48 * layers.len() as u64
                + 2 * 8 * words
                + 2 * refine.lift.as_ref().map_or(0, |l| l.gens.len() as u64),
            ctl,
            work: 0,
        }
    }

    fn identity(&mut self) -> Result<u32> {
        let layers = self
            .layers
            .iter()
            .map(|d| LayerState {
                g: 0,
                moved: false,
                n: Bits::new(d.q.order()),
            })
            .collect();
        let counts = vec![0; self.caps.len()];
        self.intern(Elem { q: 0, counts, layers })
    }

    fn intern(&mut self, e: Elem) -> Result<u32> {
        if let Some(&i) = self.index.get(&e) {
            return Ok(i);
        }
        let i = self.elems.len() as u32;
        if i & 0xFFF == 0 {
            self.ctl.tick(self.work)?;
            self.ctl.check_memory(
                &format!("the trial monoid at heap {}", self.before.n),
                (i as u64 + 1) * self.bytes_per_elem,
                format!("{i} elements of its base"),
            )?;
        }
        self.index.insert(e.clone(), i);
        self.elems.push(e);
        Ok(i)
    }

    /// The element e·ψ(h) for a heap h of type t.
    fn step(&mut self, e: u32, t: u32) -> Result<u32> {
        if let Some(&f) = self.trans.get(&(e, t)) {
            return Ok(f);
        }
        self.work += 1;
        let q = self
            .before
            .q
            .mul(self.elems[e as usize].q, self.types[t as usize].q_phi);
        let mut layers = Vec::with_capacity(self.layers.len());
        for (l, d) in self.layers.iter().enumerate() {
            let src = &self.elems[e as usize].layers[l];
            let (phi, ref opts) = self.types[t as usize].d[l];
            let g = src.g;
            let mut n = Bits::new(d.q.order());
            for (z, &fz) in d.q.row(phi).iter().enumerate() {
                if src.n.get(fz) {
                    n.set(z as u32);
                }
            }
            let moved = src.moved || !opts.is_empty();
            if self.types[t as usize].reach[l][g as usize].is_none() {
                let mut r = Bits::new(d.q.order());
                for &s in opts {
                    r.or(&self.residual[l][d.q.mul(g, s) as usize]);
                }
                self.types[t as usize].reach[l][g as usize] = Some(r);
            }
            n.or(self.types[t as usize].reach[l][g as usize]
                .as_ref()
                .expect("just filled"));
            layers.push(LayerState {
                g: d.q.mul(g, phi),
                moved,
                n,
            });
        }
        let mut counts = self.elems[e as usize].counts.clone();
        for &(i, w) in &self.types[t as usize].word {
            counts[i] = add_capped(counts[i], w, self.caps[i]);
        }
        let f = self.intern(Elem { q, counts, layers })?;
        self.trans.insert((e, t), f);
        Ok(f)
    }

    /// e·ψ(parts).
    fn fold(&mut self, mut e: u32, parts: &[Part]) -> Result<u32> {
        for p in parts {
            if p.heap == 0 {
                continue;
            }
            let t = self.type_of[p.heap as usize];
            // Copies: stop once the powers repeat (e·ψ(h)^c).
            let mut seen: Vec<u32> = vec![e];
            for c in 0..p.copies {
                e = self.step(e, t)?;
                if let Some(i) = seen.iter().position(|&x| x == e) {
                    let cycle = seen.len() - i;
                    let left = (p.copies - c - 1) % cycle as u64;
                    e = seen[i + left as usize];
                    break;
                }
                seen.push(e);
            }
        }
        Ok(e)
    }
}

/// The options of heap h as lists of parts (heap 0 left out), with every heap < h.
fn options_of(rs: &dyn HeapRuleset, h: u64, ctl: &Control, work: &mut u64) -> Result<Vec<Vec<Part>>> {
    ctl.check_work(
        &format!("listing the options of {}({h})", rs.name()),
        rs.options_bound(h),
        "an upper bound on the options",
    )?;
    let mut out: Vec<Vec<Part>> = Vec::new();
    if rs.is_powerset() {
        let mut base: Vec<u64> = Vec::new();
        rs.for_each_option(h, &mut |parts| base.extend(parts.iter().map(|p| p.heap)));
        base.sort_unstable();
        base.dedup();
        let zero = base.first() == Some(&0);
        base.retain(|&b| b != 0);
        if base.len() > 20 {
            return Err(Error::Unsupported(format!(
                "heap {h} of {}: a trial monoid lists the options of a heap, here the subsets of {} heaps",
                rs.name(),
                base.len()
            )));
        }
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
    } else {
        rs.for_each_option(h, &mut |parts| {
            out.push(parts.iter().filter(|p| p.heap != 0).copied().collect());
        });
    }
    *work += out.len() as u64;
    Ok(out)
}

/// The candidate quotient for the heaps ≤ n from the trial monoid over the base that
/// `refine` makes of Q_{n−1} (Q_{n−1} itself when empty). See the [module docs](self).
///
/// # Errors
/// [`Error::TooLarge`] when the base or the trial monoid pass the memory limit;
/// [`Error::Unsupported`] when the powers of x do not repeat within 256;
/// [`Error::Interrupted`].
pub(crate) fn candidate(before: &Before<'_>, refine: &Refinement, work: &mut u64, ctl: &Control) -> Result<Candidate> {
    let n = before.n;
    let mut base = Base::new(before, refine, ctl);
    let id = base.identity()?;
    // Dijkstra: representatives of fewest tokens; the base is everything reached.
    let edges: Vec<(u64, u32)> = {
        let mut e: Vec<(u64, u32)> = base
            .types
            .iter()
            .enumerate()
            .map(|(t, ty)| (ty.heap, t as u32))
            .collect();
        e.sort_unstable();
        e
    };
    let mut dist: Vec<u64> = vec![0];
    let mut parent: Vec<(u32, u64)> = vec![(u32::MAX, 0)];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, id)));
    while let Some(Reverse((d, e))) = queue.pop() {
        if d > dist[e as usize] {
            continue;
        }
        for &(h, t) in &edges {
            let f = base.step(e, t)? as usize;
            if f >= dist.len() {
                dist.resize(f + 1, u64::MAX);
                parent.resize(f + 1, (u32::MAX, 0));
            }
            if d + h < dist[f] {
                dist[f] = d + h;
                parent[f] = (e, h);
                queue.push(Reverse((d + h, f as u32)));
            }
        }
    }
    let size = base.elems.len();
    // The images of the options of each representative.
    let mut cache: FxHashMap<u64, Vec<Vec<Part>>> = FxHashMap::default();
    let mut rep_opts: Vec<Vec<u32>> = vec![Vec::new(); size];
    for (b, out) in rep_opts.iter_mut().enumerate() {
        let mut heaps: Vec<u64> = Vec::new();
        let mut y = b as u32;
        while y != id {
            let (p, h) = parent[y as usize];
            heaps.push(h);
            y = p;
        }
        heaps.sort_unstable();
        let mut set: FxHashSet<u32> = FxHashSet::default();
        for i in 0..heaps.len() {
            if i > 0 && heaps[i - 1] == heaps[i] {
                continue;
            }
            let h = heaps[i];
            let rest: Vec<Part> = heaps
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &x)| Part::one(x))
                .collect();
            let r = base.fold(id, &rest)?;
            let list = match cache.entry(h) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(options_of(before.rs, h, ctl, work)?),
            };
            for o in list.iter() {
                set.insert(base.fold(r, o)?);
            }
        }
        let mut v: Vec<u32> = set.into_iter().collect();
        v.sort_unstable();
        *out = v;
    }
    // The moves in one heap n from each element.
    let opts_n = options_of(before.rs, n, ctl, work)?;
    let mut n_succ: Vec<Vec<u32>> = vec![Vec::new(); size];
    for (b, succ) in n_succ.iter_mut().enumerate() {
        let mut set: FxHashSet<u32> = FxHashSet::default();
        for o in &opts_n {
            set.insert(base.fold(b as u32, o)?);
        }
        *succ = set.into_iter().collect();
    }
    if base.elems.len() != size {
        return Err(Error::Unsupported(format!(
            "heap {n}: the base of the trial monoid is not closed (a bug)"
        )));
    }
    let mut by_tokens: Vec<u32> = (0..dist.len() as u32).collect();
    by_tokens.sort_by_key(|&b| (dist[b as usize], b));
    let mut cols: Vec<Bits> = vec![{
        let mut c = Bits::new(size);
        for (b, e) in base.elems.iter().enumerate() {
            if before.p.get(e.q) {
                c.set(b as u32);
            }
        }
        c
    }];
    let mut seen: FxHashMap<Bits, usize> = FxHashMap::default();
    seen.insert(cols[0].clone(), 0);
    let (first, len) = loop {
        let prev = cols.last().expect("column 0");
        let mut col = Bits::new(size);
        for &b in &by_tokens {
            let no_p_in_n = n_succ[b as usize].iter().all(|&e| !prev.get(e));
            if no_p_in_n && rep_opts[b as usize].iter().all(|&o| !col.get(o)) {
                col.set(b);
            }
        }
        *work += (size * (opts_n.len() + 1)) as u64;
        ctl.tick(*work)?;
        let j = cols.len();
        if let Some(&i) = seen.get(&col) {
            break (i, j);
        }
        if j >= MAX_COLUMNS {
            return Err(Error::Unsupported(format!(
                "heap {n}: more than {MAX_COLUMNS} powers of the new generator before they repeat"
            )));
        }
        seen.insert(col.clone(), j);
        cols.push(col);
    };
    // The trial monoid: element b·len + t is ψ-class b times x^t.
    let ntypes = base.types.len();
    let m = size * len;
    let bytes = m as u64 * (ntypes as u64 + 4) * 8;
    ctl.check_memory(
        &format!("the trial monoid at heap {n}"),
        bytes + size as u64 * base.bytes_per_elem,
        format!("{size} × {len} elements, {} generators", ntypes + 1),
    )?;
    let mut step_table: Vec<u32> = Vec::with_capacity(size * ntypes);
    for b in 0..size as u32 {
        for t in 0..ntypes as u32 {
            step_table.push(base.step(b, t)?);
        }
    }
    if base.elems.len() != size {
        return Err(Error::Unsupported(format!(
            "heap {n}: the base of the trial monoid is not closed (a bug)"
        )));
    }
    let next_t = |t: usize| if t + 1 < len { t + 1 } else { first };
    let step = |e: usize, i: usize| {
        let (b, t) = (e / len, e % len);
        if i < ntypes {
            step_table[b * ntypes + i] as usize * len + t
        } else {
            b * len + next_t(t)
        }
    };
    let accept = |e: usize| cols[e % len].get((e / len) as u32);
    let (class, classes) = coarsest(m, ntypes + 1, step, accept, ctl)?;
    *work += (m * (ntypes + 1)) as u64;
    // Number the classes from the identity by the heap images in heap order, x last.
    let mut gens: Vec<usize> = Vec::new();
    let mut gen_of_heap: Vec<usize> = vec![usize::MAX; n as usize + 1];
    for (h, slot) in gen_of_heap.iter_mut().enumerate().take(n as usize).skip(1) {
        let t = base.type_of[h] as usize;
        *slot = gens.iter().position(|&g| g == t).unwrap_or_else(|| {
            gens.push(t);
            gens.len() - 1
        });
    }
    gens.push(ntypes); // x
    gen_of_heap[n as usize] = gens.len() - 1;
    let start = id as usize * len;
    let mut number = vec![u32::MAX; classes];
    let mut reps: Vec<usize> = vec![start];
    let mut tree: Vec<(u32, usize)> = vec![(u32::MAX, 0)];
    number[class[start] as usize] = 0;
    let mut i = 0;
    while i < reps.len() {
        let e = reps[i];
        for (gi, &g) in gens.iter().enumerate() {
            let f = step(e, g);
            let c = class[f] as usize;
            if number[c] == u32::MAX {
                number[c] = reps.len() as u32;
                reps.push(f);
                tree.push((i as u32, gi));
            }
        }
        i += 1;
    }
    let k = reps.len();
    if k != classes {
        return Err(Error::Unsupported(format!(
            "heap {n}: the trial monoid is not generated by the heaps (a bug)"
        )));
    }
    ctl.check_memory(
        &format!("the quotient at heap {n}"),
        (k as u64).pow(2) * 4 + bytes,
        format!("a table of {k} × {k} elements"),
    )?;
    // Class transitions by the generators, then the table by the BFS tree:
    // a·c = (a·parent(c))·gen(c).
    let ctrans: Vec<u32> = (0..k)
        .flat_map(|c| gens.iter().map(move |&g| (c, g)))
        .map(|(c, g)| number[class[step(reps[c], g)] as usize])
        .collect();
    let ng = gens.len();
    let mut table = vec![0u32; k * k];
    for a in 0..k {
        table[a * k] = a as u32;
        for c in 1..k {
            let (p, g) = tree[c];
            table[a * k + c] = ctrans[table[a * k + p as usize] as usize * ng + g];
        }
    }
    *work += (k * k) as u64;
    let rows: Vec<Vec<u32>> = table.chunks(k).map(<[u32]>::to_vec).collect();
    let q = Monoid::from_rows(&rows);
    let mut p = Bits::new(k);
    for (c, &e) in reps.iter().enumerate() {
        if accept(e) {
            p.set(c as u32);
        }
    }
    // Φ and the option images of every heap ≤ n in the candidate.
    let heap_class = |h: usize| -> u32 { ctrans[gen_of_heap[h]] };
    let mut phi: Vec<u32> = vec![0];
    phi.extend((1..=n as usize).map(heap_class));
    let mut opts: Vec<Vec<u32>> = vec![Vec::new()];
    for h in 1..=n {
        let list = match cache.remove(&h) {
            Some(o) => o,
            None if h == n => opts_n.clone(),
            None => options_of(before.rs, h, ctl, work)?,
        };
        let mut set = Bits::new(k);
        for o in &list {
            let mut x = 0u32;
            for part in o {
                x = q.mul(x, power(&q, phi[part.heap as usize], part.copies));
            }
            set.set(x);
        }
        opts.push(set.iter().collect());
        if h & 0xFF == 0 {
            ctl.tick(*work)?;
        }
    }
    *work += base.work;
    Ok(Candidate { q, p, phi, opts })
}
