//! The trial monoid of a heap n that is not a conservative extension (the engine's
//! step 3, [`super::quotient`]).
//!
//! Heap n is a new generator x. A *base* B with a homomorphism ψ from the sums of heaps
//! < n onto it is chosen; the trial monoid is B × ⟨x | x^J = x^I⟩, and a sum H + j·n
//! (H of heaps < n) is marked P or N from ψ(H) and j:
//! - column 0 is the outcome of H, from the P of the base's monoid (Q_{n−1}, or a
//!   failed candidate, which is right on every sum of heaps < n);
//! - column j ≥ 1 holds where no move in a heap n reaches a P-position of column j − 1
//!   and no move in H reaches a P-position of column j. The moves in H are those of a
//!   representative of ψ(H), its least sum (sums ordered as multisets, largest heaps
//!   first: an option replaces a heap by smaller heaps, so it comes first), whose
//!   options have earlier representatives, so the column is filled in that order;
//! - the columns repeat after finitely many (column j depends on column j − 1 only):
//!   x^J = x^I.
//!
//! This marks every sum correctly if the outcome of H + j·n depends on ψ(H) alone.
//! The trial monoid is then reduced (the coarsest congruence keeping P apart) and the
//! result is checked exactly by the engine. The first base is Q_{n−1} itself. But heap
//! n can tell apart sums of smaller heaps that Q_{n−1} merges (in Kayles heap 9 tells
//! 4 + 4 from 5 + 5, both the identity of Q_8; in Dawson's Kayles heap 25 tells
//! 10 + 10 from 0). When the check fails, the engine takes the least mispredicted
//! sum, W = H + j·n: every sum before it is predicted right, so
//! H and the representative R of its base class differ (o(H + j·n) ≠ o(R + j·n)), and
//! the next base is the failed candidate restricted to the heaps < n, with the largest
//! heap in which H and R differ counted apart up to a cap ([`Lift`]). Each round puts
//! right the least mispredicted sum and keeps every smaller one right.

use super::monoid::{coarsest, Bits, Monoid};
use super::states::SumOrder;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{HeapRuleset, Part};
use rustc_hash::{FxHashMap, FxHashSet};

/// The most columns (powers of x) a trial monoid takes before they repeat.
const MAX_COLUMNS: usize = 256;

/// The monoid a base starts from (Q_{n−1} or a failed candidate), with its P and the
/// images of the heaps < n.
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

/// The heaps counted apart from Q_{n−1}, each up to a cap K: the counts 0, 1, …, K + 1,
/// then K + 2 counts as K (period 2, as the powers of any element of a misère quotient
/// end, x^{K+2} = x^K).
#[derive(Default)]
pub(crate) struct Lift {
    /// (heap, cap K).
    pub(crate) heaps: Vec<(u64, u8)>,
}

impl Lift {
    /// Counts heap h with a cap that keeps `copies` apart from fewer; true if that
    /// changed the lift.
    pub(crate) fn count(&mut self, h: u64, copies: u64) -> bool {
        let cap = copies.clamp(2, 200) as u8;
        match self.heaps.iter_mut().find(|x| x.0 == h) {
            Some(x) if x.1 >= cap => false,
            Some(x) => {
                x.1 = cap;
                true
            }
            None => {
                self.heaps.push((h, cap));
                true
            }
        }
    }
}

/// The base B: elements (class in Q_{n−1}, capped count of each lifted heap), coded
/// as q + |Q|·Σ cᵢ·Rᵢ (mixed radix Rᵢ = ∏_{k<i} (K_k + 2)).
struct Base<'a> {
    before: &'a Before<'a>,
    caps: Vec<u8>,
    radix: Vec<u64>,
    /// Per heap < n: its type.
    type_of: Vec<u32>,
    /// Per type: (image in Q_{n−1}, lifted heap index, smallest heap).
    types: Vec<(u32, Option<usize>, u64)>,
    codes: Vec<u64>,
    index: FxHashMap<u64, u32>,
    ctl: &'a Control,
    work: u64,
}

impl<'a> Base<'a> {
    fn new(before: &'a Before<'a>, lift: &Lift, ctl: &'a Control) -> Result<Base<'a>> {
        let n = before.n as usize;
        let caps: Vec<u8> = lift.heaps.iter().map(|x| x.1).collect();
        let mut radix = Vec::with_capacity(caps.len());
        let mut r: u64 = before.q.order() as u64;
        for &k in &caps {
            radix.push(r);
            r = r.checked_mul(k as u64 + 2).ok_or_else(|| {
                Error::Unsupported(format!(
                    "heap {n}: the base of the trial monoid counts too many heaps ({})",
                    caps.len()
                ))
            })?;
        }
        let mut types: Vec<(u32, Option<usize>, u64)> = Vec::new();
        let mut ids: FxHashMap<(u32, Option<usize>), u32> = FxHashMap::default();
        let mut type_of = vec![u32::MAX; n];
        for (h, slot) in type_of.iter_mut().enumerate().skip(1) {
            let lifted = lift.heaps.iter().position(|x| x.0 == h as u64);
            let key = (before.phi[h], lifted);
            *slot = *ids.entry(key).or_insert_with(|| {
                types.push((key.0, lifted, h as u64));
                types.len() as u32 - 1
            });
        }
        Ok(Base {
            before,
            caps,
            radix,
            type_of,
            types,
            codes: Vec::new(),
            index: FxHashMap::default(),
            ctl,
            work: 0,
        })
    }

    fn intern(&mut self, code: u64) -> Result<u32> {
        if let Some(&i) = self.index.get(&code) {
            return Ok(i);
        }
        let i = self.codes.len() as u32;
        if i & 0xFFFF == 0 {
            super::cancelled(self.ctl)?;
            self.ctl.check_memory_and_work(
                &format!("the trial monoid at heap {}", self.before.n),
                (i as u64 + 1) * 64,
                format!("{i} elements of its base"),
                self.work as u128,
                "products computed for this trial",
            )?;
        }
        self.index.insert(code, i);
        self.codes.push(code);
        Ok(i)
    }

    /// The element e·ψ(h) for a heap h of type t.
    fn step(&mut self, e: u32, t: u32) -> Result<u32> {
        self.work += 1;
        let order = self.before.q.order() as u64;
        let code = self.codes[e as usize];
        let (q_phi, lifted, _) = self.types[t as usize];
        let q = self.before.q.mul((code % order) as u32, q_phi) as u64;
        let mut rest = code - code % order;
        if let Some(i) = lifted {
            let r = self.radix[i];
            let k = self.caps[i] as u64;
            let c = (code / r) % (k + 2);
            if c <= k {
                rest += r;
            } else {
                rest -= r;
            }
        }
        self.intern(rest + q)
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

/// [`Error::TooMuchWork`] when `work` (the quotient's work so far, or with the next
/// step's) is past the work limit: checked before each large step of a trial, so that
/// one heap does not run far past the limit.
fn check_work(ctl: &Control, n: u64, work: u64) -> Result<()> {
    ctl.check_work(
        &format!("the trial monoid at heap {n}"),
        work as u128,
        "options listed, states checked and products computed up to this step",
    )
}

/// The options of heap h as lists of parts (heap 0 left out), with every heap < h.
fn options_of(rs: &dyn HeapRuleset, h: u64, ctl: &Control, work: &mut u64) -> Result<Vec<Vec<Part>>> {
    let out = super::sum::heap_options(rs, h, ctl)?;
    *work += out.len() as u64;
    Ok(out)
}

/// A trial: its candidate, and the base it was built on (to name a base class's
/// representative when the candidate fails).
pub(crate) struct Trial<'a> {
    pub(crate) candidate: Candidate,
    base: Base<'a>,
    parent: Vec<(u32, u64)>,
}

impl Trial<'_> {
    /// The representative (the least sum) of the base class of the sum `heaps` (< n).
    ///
    /// # Errors
    /// [`Error::TooLarge`] or [`Error::Interrupted`] from the base.
    pub(crate) fn representative(&mut self, heaps: &[u64]) -> Result<Vec<u64>> {
        let parts: Vec<Part> = heaps.iter().map(|&h| Part::one(h)).collect();
        let mut y = self.base.fold(0, &parts)?;
        let mut out = Vec::new();
        while y != 0 {
            let (p, h) = self.parent[y as usize];
            out.push(h);
            y = p;
        }
        out.sort_unstable();
        Ok(out)
    }
}

/// The trial of heap n over the base that `lift` makes of Q_{n−1} (Q_{n−1} itself when
/// nothing is lifted). See the [module docs](self).
///
/// # Errors
/// [`Error::TooLarge`] when the base or the trial monoid pass the memory limit;
/// [`Error::Unsupported`] when the powers of x do not repeat within 256 or the base
/// counts too many heaps; [`Error::Interrupted`].
pub(crate) fn trial<'a>(
    before: &'a Before<'a>,
    lift: &Lift,
    order: SumOrder,
    work: &mut u64,
    ctl: &'a Control,
) -> Result<Trial<'a>> {
    let n = before.n;
    let mut base = Base::new(before, lift, ctl)?;
    let id = base.intern(0)?;
    // Representatives: the least sum of each element in `order` (see
    // [`SumOrder`]); the base is everything reached, numbered in the order of its
    // representatives, so that the options of a representative have earlier elements.
    let mut parent: Vec<(u32, u64)> = vec![(u32::MAX, 0)];
    let ntypes0 = base.types.len() as u32;
    let rank: Vec<u32> = match order {
        SumOrder::Multiset => {
            // Type by type in increasing smallest heap, one copy at a time.
            for t in 0..ntypes0 {
                let h = base.types[t as usize].2;
                let mut frontier: Vec<u32> = (0..base.codes.len() as u32).collect();
                while !frontier.is_empty() {
                    let mut found = Vec::new();
                    for &e in &frontier {
                        let known = base.codes.len();
                        let f = base.step(e, t)?;
                        if f as usize == known {
                            parent.push((e, h));
                            found.push(f);
                        }
                    }
                    frontier = found;
                }
            }
            (0..base.codes.len() as u32).collect()
        }
        SumOrder::Tokens => {
            // Dijkstra, a type weighing its smallest heap.
            let mut dist: Vec<u64> = vec![0];
            let mut queue = std::collections::BinaryHeap::new();
            queue.push(std::cmp::Reverse((0u64, id)));
            while let Some(std::cmp::Reverse((d, e))) = queue.pop() {
                if d > dist[e as usize] {
                    continue;
                }
                for t in 0..ntypes0 {
                    let h = base.types[t as usize].2;
                    let f = base.step(e, t)? as usize;
                    if f >= dist.len() {
                        dist.resize(f + 1, u64::MAX);
                        parent.resize(f + 1, (u32::MAX, 0));
                    }
                    if d + h < dist[f] {
                        dist[f] = d + h;
                        parent[f] = (e, h);
                        queue.push(std::cmp::Reverse((d + h, f as u32)));
                    }
                }
            }
            let mut r: Vec<u32> = (0..base.codes.len() as u32).collect();
            r.sort_by_key(|&b| (dist[b as usize], b));
            r
        }
    };
    let size = base.codes.len();
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
    if base.codes.len() != size {
        return Err(Error::Unsupported(format!(
            "heap {n}: the base of the trial monoid is not closed (a bug)"
        )));
    }

    let mut cols: Vec<Bits> = vec![{
        let mut c = Bits::new(size);
        for (b, &code) in base.codes.iter().enumerate() {
            if before.p.get((code % before.q.order() as u64) as u32) {
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
        for &b in &rank {
            let no_p_in_n = n_succ[b as usize].iter().all(|&e| !prev.get(e));
            if no_p_in_n && rep_opts[b as usize].iter().all(|&o| !col.get(o)) {
                col.set(b);
            }
        }
        *work += (size * (opts_n.len() + 1)) as u64;
        ctl.tick(*work)?;
        check_work(ctl, n, *work)?;
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
    ctl.check_more_memory(
        &format!("the trial monoid at heap {n}"),
        bytes + size as u64 * 64,
        format!("{size} × {len} elements, {} generators", ntypes + 1),
    )?;
    let mut step_table: Vec<u32> = Vec::with_capacity(size * ntypes);
    for b in 0..size as u32 {
        for t in 0..ntypes as u32 {
            step_table.push(base.step(b, t)?);
        }
    }
    if base.codes.len() != size {
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
    check_work(ctl, n, work.saturating_add((m * (ntypes + 1)) as u64))?;
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
    ctl.check_more_memory(
        &format!("the quotient at heap {n}"),
        (k as u64).pow(2) * 4 + bytes,
        format!("a table of {k} × {k} elements"),
    )?;
    check_work(ctl, n, work.saturating_add((k * k) as u64))?;
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
    let q = Monoid::from_table(k, table);
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
                x = q.mul(x, q.power(phi[part.heap as usize], part.copies));
            }
            set.set(x);
        }
        opts.push(set.iter().collect());
        if h & 0xFF == 0 {
            ctl.tick(*work)?;
        }
    }
    *work += base.work;
    Ok(Trial {
        candidate: Candidate { q, p, phi, opts },
        base,
        parent,
    })
}
