//! Misère quotients of heap rulesets, computed heap by heap (Plambeck, "Taming the wild
//! in impartial combinatorial games", INTEGERS 5 (2005) G05; Plambeck & Siegel,
//! "Misère quotients for impartial games", JCTA 115 (2008) 593–622).
//!
//! A_n is the set of sums of heaps ≤ n; G ≡ H when G + X and H + X have the same misère
//! outcome for every X in A_n. The classes form a commutative monoid Q_n (the
//! quotient), P_n ⊆ Q_n holds the classes of P-positions, and Φ(G) is the class of G
//! (the pretending function); Φ of a sum is the product of Φ of its heaps, and heap 0
//! is the identity.
//!
//! **The engine.** From Q_{n−1} it computes Q_n:
//! 1. The images S_n of the options of heap n (products of the images of their heaps).
//! 2. *Conservative extension*: Φ(n) = a for an element a of Q_{n−1} whose residual
//!    {z : az ∈ P} lies inside {z : zs ∉ P for every s ∈ S_n} (necessary: if a·z ∈ P,
//!    no move in heap n may reach a P-position), closest first (equal sets: the mex
//!    interpolation of the papers). Each candidate is checked exactly by the state
//!    search of the misère search's states (`misere::states`) on every sum containing heap n; the first that
//!    passes keeps Q_n = Q_{n−1} (it predicts every outcome, and (Q, P) stays reduced
//!    and generated).
//! 3. Otherwise a *trial monoid* (`misere::trial`): heap n becomes a new generator x
//!    with B × ⟨x | x^J = x^I⟩, B a base (Q_{n−1} first). The outcome of a sum H + j·n
//!    is computed from the class of H and j, column by column in j (using for H a
//!    representative, the least sum of its class, so that its options have earlier
//!    representatives); the columns repeat (x^J = x^I) after finitely many. The trial
//!    monoid, marked with these outcomes, is reduced (the coarsest congruence that
//!    keeps P apart) and checked exactly by the state search over every sum of heaps
//!    ≤ n, in the order of sums as multisets. When heap n tells apart sums that B
//!    merges, the check finds the least mispredicted sum and the next round refines B
//!    there;
//!    after [`MAX_ROUNDS`] rounds the run stops with the quotient of the heaps before.
//!
//! **Solved.** The periodicity theorem for misère quotients (Plambeck & Siegel 2008):
//! if Φ(m + p) = Φ(m) in Q_N for every m with n₀ ≤ m ≤ N − p, where N is the last heap
//! the ruleset's periodicity theorem needs for (n₀, p) ([`PeriodicityTheorem`], for a
//! theorem whose proof pairs the options of heap m + p with those of heap m part by
//! part, [`PeriodicityTheorem::pairs_options`]: take-and-break codes of plain digits,
//! k heaps and t tokens, N = k·max(n₀,1) + k·p + t − 1; subtraction games, N = n₀ + p +
//! max S − 1), then Q_m = Q_N for every m ≥ N and Φ(m + p) = Φ(m) for every m ≥ n₀.
//! Proof: by induction on m > N, the pairing gives heap m the option images of heap
//! m − p, so with Φ(m) = Φ(m − p) it has the same type (image and option images) as a
//! heap ≤ N; the state search sees no new type, so Φ still predicts every outcome.
//! A quotient is called solved only then.

use super::monoid::{Bits, Monoid};
use super::states::{Machine, SumOrder};
use super::trial::{trial, Before, Lift};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{HeapRuleset, PeriodicityTheorem};
use rustc_hash::FxHashSet;

/// The most trial monoids tried for one heap (each on a base refined where the one
/// before failed).
pub const MAX_ROUNDS: usize = 64;

/// A heap where the quotient grows: Q_n differs from Q_{n−1}.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    /// The heap n.
    pub heap: u64,
    /// |Q_n|.
    pub order: usize,
    /// |P_n|.
    pub p_size: usize,
}

/// Whether a quotient is known for every heap or only up to the last one computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exact for sums of heaps ≤ [`Quotient::to`].
    Partial,
    /// Exact for every heap, by the periodicity theorem for misère quotients:
    /// Φ(m + `period`) = Φ(m) for every m ≥ `preperiod`, checked up to `proof_end`.
    Solved {
        /// n₀: the first heap of the periodic part.
        preperiod: u64,
        /// p.
        period: u64,
        /// The last heap the theorem needs (≤ [`Quotient::to`]).
        proof_end: u64,
    },
}

/// The misère quotient of a heap ruleset on heaps `0..=to`, with the pretending
/// function and the heaps where it grew.
#[derive(Clone, Debug)]
pub struct Quotient {
    /// The ruleset's name (`kayles`, `take-and-break[0.75]`).
    pub ruleset: String,
    /// The last heap covered: the quotient is exact for sums of heaps ≤ `to`.
    pub to: u64,
    /// Q, element 0 the identity (the class of the empty sum).
    pub monoid: Monoid,
    /// P: the classes of misère P-positions, as sorted element indices.
    pub p_portion: Vec<u32>,
    /// Φ(n) for every heap 0..=to.
    pub phi: Vec<u32>,
    /// Each heap where the quotient grew (Q_0 is the trivial monoid), in order.
    pub changes: Vec<Change>,
    /// Partial or solved.
    pub status: Status,
    /// The periodicity theorem of a solved quotient.
    pub theorem: Option<Statement>,
    /// Why the computation stopped before the heap asked for or before it was solved
    /// (interrupted, a limit, a step the engine cannot take); what is here is exact.
    pub stopped: Option<Error>,
    /// The work done: options listed and states checked (the count the work limit
    /// applies to).
    pub work: u64,
}

/// The periodicity theorem for misère quotients, as grundy applies it.
pub const MISERE_PERIODICITY: Statement = Statement {
    text: "if Φ(n + p) = Φ(n) in Q_N for n₀ ≤ n ≤ N − p, N the last heap the ruleset's periodicity theorem needs, then Φ(n + p) = Φ(n) for every n ≥ n₀ and Q_n = Q_N for every n ≥ N",
    source: "Plambeck & Siegel, Misère quotients for impartial games, JCTA 115 (2008), the periodicity theorem for misère quotients; the ruleset's pairing of options (Guy & Smith 1956 for octal games)",
};

impl Quotient {
    /// |Q|.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// Φ(n): from the table for n ≤ `to`, and for a solved quotient from the period.
    pub fn phi_of(&self, n: u64) -> Option<u32> {
        if n <= self.to {
            return self.phi.get(n as usize).copied();
        }
        match self.status {
            Status::Solved { preperiod, period, .. } => {
                let m = preperiod + (n - preperiod) % period;
                self.phi.get(m as usize).copied()
            }
            Status::Partial => None,
        }
    }

    /// The presentation of Q by generators (heap images) and relations.
    pub fn presentation(&self) -> super::Presentation {
        super::Presentation::of(&self.monoid, &self.phi)
    }

    /// Whether the quotient is tame: isomorphic, with its P-portion, to the quotient
    /// T_k of misère Nim on heaps below 2^k (Plambeck & Siegel 2008): `Some(k)`, with
    /// T_0 the trivial monoid (no heap has a move), or `None` for a wild quotient.
    pub fn tame(&self) -> Option<u32> {
        super::monoid::tame_index(&self.monoid, &self.p_portion)
    }

    /// The certificate of this quotient ([`super::Certificate`]), for
    /// [`super::check_certificate`].
    pub fn certificate(&self) -> super::Certificate {
        let (period, preperiod) = match self.status {
            Status::Solved { period, preperiod, .. } => (Some(period), Some(preperiod)),
            Status::Partial => (None, None),
        };
        super::Certificate {
            ruleset: self.ruleset.clone(),
            to: self.to,
            status: if period.is_some() { "solved" } else { "partial" }.into(),
            table: self.monoid.rows(),
            p_portion: self.p_portion.clone(),
            phi: self.phi.clone(),
            period,
            preperiod,
        }
    }

    /// True if element `x` is in P.
    pub fn in_p(&self, x: u32) -> bool {
        self.p_portion.binary_search(&x).is_ok()
    }

    /// The element of a sum of heaps given as (heap, copies), when every heap is
    /// covered (≤ `to`, or any heap of a solved quotient). Linear in the number of
    /// runs (copies by repeated squaring).
    pub fn element(&self, heaps: &[(u64, u64)]) -> Option<u32> {
        let mut x = 0u32;
        for &(h, c) in heaps {
            let y = self.monoid.power(self.phi_of(h)?, c);
            x = self.monoid.mul(x, y);
        }
        Some(x)
    }

    /// The misère outcome of a sum of heaps (heap, copies) from the quotient: true for
    /// a P-position. `None` when a heap is not covered.
    pub fn is_p(&self, heaps: &[(u64, u64)]) -> Option<bool> {
        self.element(heaps).map(|x| self.in_p(x))
    }
}

/// Computes the misère quotient of `rs` heap by heap up to heap `to`, stopping early
/// once it is solved ([`Status::Solved`]).
///
/// # Errors
/// [`Error::Unsupported`] for a ruleset whose options are not sums of smaller heaps,
/// or whose heaps start above 1 (a Python ruleset's `start`).
/// Once the first heaps are done, interruptions and limits do not fail the call: the
/// quotient reached so far comes back with [`Quotient::stopped`] set
/// ([`Error::Interrupted`], [`Error::TooMuchWork`] past the work limit — work counted
/// in options listed and states checked —, [`Error::TooLarge`] when the next step's
/// estimate passes the memory limit, [`Error::Unsupported`] when the trial monoid's
/// check fails).
///
/// # Example
/// ```
/// use grundy::{catalog::parse_ruleset, solve::misere::{quotient, Status}, Control};
/// let rs = parse_ruleset("take-and-break[0.75]").unwrap();
/// let q = quotient(rs.as_heap("quotient").unwrap().as_ref(), 100, &Control::new()).unwrap();
/// // Plambeck & Siegel 2008: 0.75 has the quotient R₈, order 8, |P| = 2, solved.
/// assert_eq!((q.order(), q.p_portion.len()), (8, 2));
/// assert!(matches!(q.status, Status::Solved { .. }));
/// ```
pub fn quotient(rs: &dyn HeapRuleset, to: u64, ctl: &Control) -> Result<Quotient> {
    if rs.first_heap() > 1 {
        // Every heap from 1 on has its image; heaps below the first are no positions
        // (a Python ruleset's `start` of 2^32 had the engine walk 2^32 heaps of none).
        return Err(Error::Unsupported(format!(
            "the misère quotient of {} needs every heap from 1 on to be a position, and its heaps start at {}",
            rs.name(),
            rs.first_heap()
        )));
    }
    let mut e = Engine::new(rs, ctl);
    let theorem = rs.periodicity().filter(|t| t.pairs_options());
    let mut stopped = None;
    let mut status = Status::Partial;
    let mut n = 1u64;
    while n <= to {
        if let Err(err) = e.heap(n) {
            if n == 1 && matches!(err, Error::Unsupported(_)) {
                return Err(err);
            }
            stopped = Some(err);
            break;
        }
        if let Some(t) = theorem {
            if let Some(s) = e.solved(t) {
                status = s;
                break;
            }
        }
        n += 1;
    }
    let last = e.phi.len() as u64 - 1;
    let p_portion: Vec<u32> = e.p.iter().collect();
    let work = e.work.saturating_add(e.machine.work);
    Ok(Quotient {
        ruleset: rs.name(),
        to: last,
        monoid: e.q,
        p_portion,
        phi: e.phi,
        changes: e.changes,
        theorem: matches!(status, Status::Solved { .. }).then_some(MISERE_PERIODICITY),
        status,
        stopped,
        work,
    })
}

struct Engine<'a> {
    rs: &'a dyn HeapRuleset,
    ctl: &'a Control,
    q: Monoid,
    p: Bits,
    phi: Vec<u32>,
    /// The images of the options of each heap, sorted (empty for heap 0).
    opts: Vec<Vec<u32>>,
    machine: Machine,
    changes: Vec<Change>,
    /// For each period p ≥ 1 (index p): the least n₀ with Φ(m + p) = Φ(m) for every
    /// m from n₀ to the last heap − p.
    run_start: Vec<u64>,
    /// Options listed and other steps, besides the machine's transitions.
    work: u64,
    /// True while every option of every heap so far has fewer tokens than its heap.
    fewer_tokens: bool,
}

impl<'a> Engine<'a> {
    fn new(rs: &'a dyn HeapRuleset, ctl: &'a Control) -> Engine<'a> {
        let q = Monoid::trivial();
        let p = Bits::new(1);
        Engine {
            rs,
            ctl,
            machine: Machine::new(q.clone(), p.clone()),
            q,
            p,
            phi: vec![0],
            opts: vec![Vec::new()],
            changes: Vec::new(),
            run_start: vec![0],
            work: 0,
            fewer_tokens: true,
        }
    }

    fn check_work(&self) -> Result<()> {
        let done = self.work.saturating_add(self.machine.work);
        self.ctl.check_work(
            &format!("the misère quotient of {}", self.rs.name()),
            done as u128,
            format!(
                "work done up to heap {}: options listed and states checked",
                self.phi.len() - 1
            ),
        )
    }

    /// The images of the options of heap n.
    fn option_images(&mut self, n: u64) -> Result<Vec<u32>> {
        let rs = self.rs;
        let bound = rs.options_bound(n);
        self.ctl.check_work(
            &format!("listing the options of {}({n})", rs.name()),
            bound,
            "an upper bound on the options",
        )?;
        let order = self.q.order();
        let mut set = Bits::new(order);
        let mut bad: Option<u64> = None;
        if rs.is_powerset() {
            let mut base: Vec<u64> = Vec::new();
            rs.for_each_option(n, &mut |parts| base.extend(parts.iter().map(|p| p.heap)));
            base.sort_unstable();
            base.dedup();
            if base.first() == Some(&0) {
                set.set(0);
                base.remove(0);
            }
            // The products of the nonempty subsets: set ← set ∪ set·b ∪ {b}.
            let mut subsets = Bits::new(order);
            for &b in &base {
                if b >= n {
                    bad = Some(b);
                    break;
                }
                let x = self.phi[b as usize];
                let mut next = subsets.clone();
                next.set(x);
                for y in subsets.iter() {
                    next.set(self.q.mul(y, x));
                }
                subsets = next;
                self.work += order as u64;
            }
            set.or(&subsets);
            self.fewer_tokens = false;
        } else {
            let (q, phi) = (&self.q, &self.phi);
            let mut count = 0u64;
            let mut fewer = true;
            let mut stopped: Option<Error> = None;
            let (ctl, done) = (self.ctl, self.work.saturating_add(self.machine.work));
            let what = format!("listing the options of {}({n})", rs.name());
            rs.for_each_option_while(n, &mut |parts| {
                count += 1;
                // Ctrl-C and the work limit as the options are listed: a heap may
                // have 10^8 of them, or (a Python ruleset) never end.
                if count & 0xFFF == 0 {
                    let checked = ctl.check_going(
                        &what,
                        u128::from(done + count),
                        "the quotient's work, counted as it goes",
                    );
                    if let Err(e) = checked {
                        stopped = Some(e);
                        return false;
                    }
                }
                let mut x = 0u32;
                for p in parts {
                    if p.heap >= n {
                        bad = Some(p.heap);
                        return false;
                    }
                    x = q.mul(x, q.power(phi[p.heap as usize], p.copies));
                }
                let tokens: u128 = parts.iter().map(|p| p.heap as u128 * p.copies as u128).sum();
                fewer &= tokens < n as u128;
                set.set(x);
                true
            });
            if let Some(e) = stopped {
                return Err(e);
            }
            // A heap with no option is work too: a ruleset whose first heap is 2^32
            // (Python's `start`) has 2^32 heaps of none below it.
            self.work += count.max(1);
            self.fewer_tokens &= fewer;
        }
        if let Some(b) = bad {
            return Err(Error::Unsupported(format!(
                "the misère quotient of {} needs options that are sums of smaller heaps; {}({n}) has an option with heap {b}",
                rs.name(),
                rs.name()
            )));
        }
        Ok(set.iter().collect())
    }

    /// Adds heap n: Φ(n) and, where needed, a larger quotient.
    fn heap(&mut self, n: u64) -> Result<()> {
        self.ctl.tick(n)?;
        self.ctl.note(&format!("|Q| = {}", self.q.order()));
        self.check_work()?;
        let s = self.option_images(n)?;
        let phi_n = if s.is_empty() {
            Some(0)
        } else {
            self.conservative(n, &s)?
        };
        self.opts.push(s);
        match phi_n {
            Some(a) => {
                self.phi.push(a);
                self.extend_runs();
            }
            None => {
                self.opts.pop();
                self.grow(n)?;
                self.changes.push(Change {
                    heap: n,
                    order: self.q.order(),
                    p_size: self.p.count(),
                });
                self.recompute_runs();
            }
        }
        Ok(())
    }

    /// An element a of Q with which Φ(n) = a predicts every outcome, if one exists.
    fn conservative(&mut self, n: u64, s: &[u32]) -> Result<Option<u32>> {
        let order = self.q.order();
        // U: the z with no move in heap n reaching P from z.
        let mut hit = Bits::new(order);
        for &x in s {
            hit.or(self.machine.residual(x));
        }
        let mut candidates: Vec<(usize, u32)> = Vec::new();
        for a in 0..order as u32 {
            let r = self.machine.residual(a);
            // R(a) ∩ hit = ∅.
            if r.0.iter().zip(&hit.0).all(|(x, y)| x & y == 0) {
                let gap = order - hit.count() - r.count();
                candidates.push((gap, a));
            }
        }
        self.work += order as u64;
        candidates.sort_unstable();
        for (_, a) in candidates {
            if self.machine.add_type(a, s, n, self.ctl)? {
                return Ok(Some(a));
            }
        }
        Ok(None)
    }

    /// Q_n when heap n is not a conservative extension: trial monoids
    /// ([`super::trial`]) over Q_{n−1} and then over finer bases, each candidate
    /// checked exactly.
    fn grow(&mut self, n: u64) -> Result<()> {
        // The base monoid (Q_{n−1} first, then the candidate that failed, restricted to
        // the heaps < n) and the heaps counted apart from it.
        let (mut base_q, mut base_p, mut base_phi) = (self.q.clone(), self.p.clone(), self.phi.clone());
        let mut lift = Lift::default();
        let mut last: Option<Vec<u64>> = None;
        for _ in 0..MAX_ROUNDS {
            let before = Before {
                rs: self.rs,
                n,
                q: &base_q,
                p: &base_p,
                phi: &base_phi,
            };
            let order = if self.fewer_tokens {
                SumOrder::Tokens
            } else {
                SumOrder::Multiset
            };
            let mut trial = trial(&before, &lift, order, &mut self.work, self.ctl)?;
            let cand = &trial.candidate;
            let mut types: Vec<(u32, Vec<u32>, u64)> = Vec::new();
            let mut seen: FxHashSet<(u32, &[u32])> = FxHashSet::default();
            for h in 1..=n as usize {
                if !cand.opts[h].is_empty() && seen.insert((cand.phi[h], &cand.opts[h])) {
                    types.push((cand.phi[h], cand.opts[h].clone(), h as u64));
                }
            }
            // The check's machine keeps its own copy of the table and the residuals
            // R(x) = {z : x·z ∈ P}, a bit per pair.
            let k = cand.q.order() as u64;
            self.ctl.check_more_memory(
                &format!("the exact check of the trial monoid at heap {n}"),
                k * k * 4 + k * k.div_ceil(64) * 8,
                format!("a table of {k} × {k} elements and its residuals"),
            )?;
            let mut machine = Machine::verified(cand.q.clone(), cand.p.clone(), &types, order, self.ctl)?;
            self.work = self.work.saturating_add(machine.work);
            let Some(word) = machine.failure.take() else {
                machine.work += self.machine.work;
                let cand = trial.candidate;
                self.q = cand.q;
                self.p = cand.p;
                self.phi = cand.phi;
                self.opts = cand.opts;
                self.machine = machine;
                return Ok(());
            };
            // The least mispredicted sum W = H + j·n: H and the representative R of its
            // base class differ; the next base is the candidate on the heaps < n, with
            // a heap in which H and R differ counted apart.
            let h_part: Vec<u64> = word.iter().copied().filter(|&h| h < n).collect();
            let rep = trial.representative(&h_part)?;
            let count = |v: &[u64], h: u64| v.iter().filter(|&&x| x == h).count() as u64;
            let mut heaps: Vec<u64> = h_part.iter().chain(&rep).copied().collect();
            heaps.sort_unstable();
            heaps.dedup();
            heaps.retain(|&h| count(&h_part, h) != count(&rep, h));
            // One counted heap tells H from R: the largest in which they differ, on the
            // failed candidate (the heaps counted before are part of it now). When the
            // same sum fails again, the next differing heap is counted as well, on the
            // same base.
            let same = last.as_ref() == Some(&word);
            let counted = |lift: &Lift, h: u64| lift.heaps.iter().any(|x| x.0 == h);
            let pick = heaps.iter().rev().find(|&&h| !same || !counted(&lift, h)).copied();
            let Some(h) = pick else {
                break;
            };
            if !same {
                let cand = trial.candidate;
                lift = Lift::default();
                base_q = cand.q;
                base_p = cand.p;
                base_phi = cand.phi;
                base_phi.truncate(n as usize);
            }
            lift.count(h, count(&h_part, h).max(count(&rep, h)));
            last = Some(word);
        }
        Err(Error::Unsupported(format!(
            "heap {n}: no trial monoid passed the exact check (heap {n} tells apart sums of smaller heaps that the quotient before it merges, and the engine's refinements of it did not suffice)"
        )))
    }

    /// Updates the periodic runs after Φ of a new heap.
    fn extend_runs(&mut self) {
        let n = self.phi.len() - 1;
        let x = self.phi[n];
        for p in 1..n {
            if self.phi[n - p] != x {
                self.run_start[p] = (n - p + 1) as u64;
            }
        }
        self.run_start.push(u64::from(self.phi[0] != x));
        // One look per period: quadratic over a run of heaps, so counted (subtraction
        // games with a large subtraction set spent minutes here under `--max-work 1e6`,
        // a hostile check).
        self.work += n as u64;
    }

    /// The periodic runs from scratch (the images changed).
    fn recompute_runs(&mut self) {
        let n = self.phi.len() - 1;
        self.run_start = vec![0; n + 1];
        for p in 1..=n {
            let mut m = n - p;
            loop {
                if self.phi[m] != self.phi[m + p] {
                    self.run_start[p] = (m + 1) as u64;
                    break;
                }
                if m == 0 {
                    self.run_start[p] = 0;
                    break;
                }
                m -= 1;
            }
        }
        self.work += (n * n) as u64 / 2;
    }

    /// Solved: the least period whose agreement reaches the heap the theorem needs.
    fn solved(&mut self, theorem: &dyn PeriodicityTheorem) -> Option<Status> {
        let n = self.phi.len() as u64 - 1;
        self.work += n;
        (1..=n).find_map(|p| {
            let n0 = self.run_start[p as usize];
            let end = theorem.proof_end(n0, p, 0)?;
            (end <= n && n0 + p <= n).then_some(Status::Solved {
                preperiod: n0,
                period: p,
                proof_end: end,
            })
        })
    }
}
