//! The independent checker of misère quotient certificates. It uses only the game's
//! rules (the ruleset's options and its periodicity theorem) and the certificate; it
//! does not call the quotient engine.
//!
//! **Why these checks prove the quotient.** Let A be the sums of heaps 0…N, (Q, P) the
//! certificate's table and P-portion and Φ its heap images, extended to sums by
//! products. The checker verifies:
//! 1. the table is a commutative monoid with identity 0 (associativity by Light's test
//!    on a generating set of heap images: the elements a with (xa)y = x(ay) for all x, y
//!    form a submonoid, so it is everything once it holds the generators);
//! 2. Φ(0) = 0, a heap with no option has Φ = 0 (it is the game 0), and the heap images
//!    generate Q;
//! 3. Φ predicts every outcome: for every sum G in A, Φ(G) ∈ P iff G has an option and
//!    no option G′ has Φ(G′) ∈ P. A sum is summarised by its state (Φ(G), whether G
//!    has an option, N(G) = {z : Φ(G′)·z ∈ P for an option G′}); adding a heap h, of
//!    image φ and option images S_h (from the rules), maps the state of G to the state
//!    of G + h: (Φ(G)φ, …, {z : φz ∈ N(G)} ∪ {z : Φ(G)·s·z ∈ P, s ∈ S_h}). The states
//!    reachable from the empty sum are finitely many; each is checked. By induction on
//!    G, Φ(G) ∈ P iff G is a misère P-position; so Φ(G) = Φ(H) implies that G + X and
//!    H + X have the same outcome for every X in A (G ≡ H);
//! 4. (Q, P) is reduced: no two elements x ≠ y have xz ∈ P ⟺ yz ∈ P for every z (the
//!    coarsest such partition, refined from P by the generators, is discrete). With 2,
//!    if Φ(G) ≠ Φ(H) some z = Φ(X) tells them apart, so G ≢ H.
//!
//! So G ↦ Φ(G) is exactly the quotient map of A: (Q, P) is the misère quotient of the
//! heaps ≤ N. For a solved certificate it also checks the periodicity theorem for
//! misère quotients: the ruleset's periodicity theorem pairs options part by part
//! ([`crate::game::PeriodicityTheorem::pairs_options`]), Φ(n + p) = Φ(n) for every
//! n₀ ≤ n ≤ N − p, and N reaches the last heap the theorem needs for (n₀, p); then no
//! heap beyond N brings a new state, and the quotient holds for every heap.

use super::certificate::Certificate;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::HeapRuleset;
use rustc_hash::{FxHashMap, FxHashSet};

fn reject<T>(why: impl Into<String>) -> Result<T> {
    Err(Error::Input(format!("certificate rejected: {}", why.into())))
}

/// Re-verifies `cert` for `rs` (see the module docs, `grundy::solve::misere::check`) and returns what was
/// checked, in words.
///
/// # Errors
/// [`Error::Input`] `certificate rejected: …` with the first thing that does not hold
/// (a wrong ruleset name, a table that is not a commutative monoid, a wrong P, Φ or
/// range, an outcome Φ mispredicts, a quotient that is not reduced, a solved status
/// the periodicity theorem does not give); [`Error::TooLarge`] and
/// [`Error::TooManyStates`] when the check passes the limits; [`Error::Interrupted`].
pub fn check_certificate(cert: &Certificate, rs: &dyn HeapRuleset, ctl: &Control) -> Result<String> {
    if cert.ruleset != rs.name() {
        return reject(format!("it is for {}, not {}", cert.ruleset, rs.name()));
    }
    let m = cert.table.len();
    let t = &cert.table;
    if m == 0 || m > u32::MAX as usize {
        return reject("the table is empty");
    }
    ctl.check_more_memory(
        "checking the certificate",
        (m as u64).pow(2) * 8,
        format!("a table of {m} × {m}"),
    )?;
    for (a, row) in t.iter().enumerate() {
        if row.len() != m {
            return reject(format!("row {a} of the table has {} entries, not {m}", row.len()));
        }
        if let Some(b) = row.iter().position(|&x| x as usize >= m) {
            return reject(format!("table[{a}][{b}] = {} is not an element", row[b]));
        }
    }
    for (a, row) in t.iter().enumerate() {
        if t[0][a] as usize != a || row[0] as usize != a {
            return reject(format!(
                "0 is not the identity: 0·{a} = {}, {a}·0 = {}",
                t[0][a], row[0]
            ));
        }
        if let Some(b) = (0..a).find(|&b| row[b] != t[b][a]) {
            return reject(format!("{a}·{b} = {} but {b}·{a} = {}", row[b], t[b][a]));
        }
    }
    let mut in_p = vec![false; m];
    for (i, &x) in cert.p_portion.iter().enumerate() {
        if x as usize >= m {
            return reject(format!(
                "p_portion holds {x}, which is not an element of the quotient (its elements are 0 … {})",
                m - 1
            ));
        }
        if i > 0 && cert.p_portion[i - 1] >= x {
            return reject("p_portion is not a sorted list of distinct elements");
        }
        in_p[x as usize] = true;
    }
    let n = cert.to;
    // In u128: heaps 0..=2^64 − 1 are 2^64 entries (a hostile check: `"to":
    // 18446744073709551615` with an empty phi wrapped to "need 0" and passed).
    if cert.phi.len() as u128 != u128::from(n) + 1 {
        return reject(format!(
            "phi has {} entries; heaps 0..={n} need {}",
            cert.phi.len(),
            u128::from(n) + 1
        ));
    }
    if cert.phi.iter().any(|&x| x as usize >= m) || cert.phi[0] != 0 {
        return reject("phi must map heap 0 to the identity 0 and every heap to an element");
    }
    // The options of every heap are listed: their bounds added up and checked against
    // the work limit before any is listed (a certificate with a long phi is a long
    // check).
    // Every heap's bound is added (phi, read within the memory limit, holds them all:
    // a sum stopped at the limit made the advice of a refusal too low, a hostile check
    // raised --max-work four times).
    let mut work = 0u128;
    for h in 1..=n {
        if h.is_multiple_of(4096) {
            ctl.tick(h)?;
        }
        work = work.saturating_add(rs.options_bound(h));
    }
    ctl.check_work(
        &format!("listing the options of {} heaps 1..={n}", rs.name()),
        work,
        format!("the bounds on the options of heaps 1..={n} added up"),
    )?;
    // Option images of every heap, from the rules.
    let mut opts: Vec<Vec<u32>> = vec![Vec::new()];
    for h in 1..=n {
        ctl.tick(h)?;
        let mut lists: Vec<Vec<crate::game::Part>> = Vec::new();
        rs.for_each_option(h, &mut |parts| lists.push(parts.to_vec()));
        if let Some(p) = lists.iter().flatten().find(|p| p.heap >= h) {
            return reject(format!("{}({h}) has an option with heap {}", rs.name(), p.heap));
        }
        let mut set: FxHashSet<u32> = FxHashSet::default();
        if rs.is_powerset() {
            // Products over the nonempty subsets of the base (heap 0 alone: the empty
            // option).
            let mut base: Vec<u64> = lists.iter().flatten().map(|p| p.heap).collect();
            base.sort_unstable();
            base.dedup();
            let mut subsets: FxHashSet<u32> = FxHashSet::default();
            for &b in base.iter().filter(|&&b| b != 0) {
                let x = cert.phi[b as usize];
                let mut next = subsets.clone();
                next.insert(x);
                next.extend(subsets.iter().map(|&y| t[y as usize][x as usize]));
                subsets = next;
            }
            set = subsets;
            if base.first() == Some(&0) {
                set.insert(0);
            }
        } else {
            for parts in &lists {
                let mut x = 0u32;
                for p in parts {
                    x = t[x as usize][power(t, cert.phi[p.heap as usize], p.copies) as usize];
                }
                set.insert(x);
            }
        }
        if set.is_empty() && cert.phi[h as usize] != 0 {
            return reject(format!("heap {h} has no option (it is the game 0) but phi({h}) ≠ 0"));
        }
        let mut v: Vec<u32> = set.into_iter().collect();
        v.sort_unstable();
        opts.push(v);
    }
    // The heap images generate Q; a generating subset for the tests below.
    let mut reached = vec![false; m];
    reached[0] = true;
    let mut count = 1;
    let mut gens: Vec<u32> = Vec::new();
    for &x in &cert.phi {
        if reached[x as usize] {
            continue;
        }
        gens.push(x);
        let mut list: Vec<u32> = (0..m as u32).filter(|&y| reached[y as usize]).collect();
        let mut i = 0;
        while i < list.len() {
            let y = list[i] as usize;
            i += 1;
            for &g in &gens {
                let z = t[y][g as usize];
                if !reached[z as usize] {
                    reached[z as usize] = true;
                    count += 1;
                    list.push(z);
                }
            }
        }
    }
    if count != m {
        return reject(format!("the heap images generate {count} of the {m} elements"));
    }
    // Light's associativity test on the generators.
    ctl.check_work(
        "checking associativity",
        (gens.len() as u128) * (m as u128).pow(2),
        "generators × |Q|²",
    )?;
    for &g in &gens {
        ctl.tick(g as u64)?;
        let g = g as usize;
        for x in 0..m {
            let xg = t[x][g] as usize;
            for y in 0..m {
                if t[xg][y] != t[x][t[g][y] as usize] {
                    return reject(format!("the table is not associative: ({x}·{g})·{y} ≠ {x}·({g}·{y})"));
                }
            }
        }
    }
    // Reduced: the coarsest partition kept by the generators and apart from P.
    let mut class: Vec<u32> = in_p.iter().map(|&b| u32::from(b)).collect();
    let mut classes = class.iter().collect::<FxHashSet<_>>().len();
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let next: Vec<u32> = (0..m)
            .map(|x| {
                let mut sig = vec![class[x]];
                sig.extend(gens.iter().map(|&g| class[t[x][g as usize] as usize]));
                let k = ids.len() as u32;
                *ids.entry(sig).or_insert(k)
            })
            .collect();
        let k = ids.len();
        class = next;
        if k == classes {
            break;
        }
        classes = k;
    }
    if classes != m {
        let (x, y) = (0..m)
            .flat_map(|x| (0..x).map(move |y| (x, y)))
            .find(|&(x, y)| class[x] == class[y])
            .expect("two elements share a class");
        return reject(format!(
            "the quotient is not reduced: elements {y} and {x} are told apart by no context"
        ));
    }
    // Every outcome, by the states.
    let states = outcome_states(cert, &opts, &in_p, ctl)?;
    // Solved: the periodicity theorem for misère quotients.
    let solved = match cert.status.as_str() {
        // A period on a partial certificate would be a claim nothing checks.
        "partial" if cert.period.is_some() || cert.preperiod.is_some() => {
            return reject("a partial certificate states no period or preperiod (only a solved one does)");
        }
        "partial" => None,
        "solved" => {
            let (Some(p), Some(n0)) = (cert.period, cert.preperiod) else {
                return reject("a solved certificate needs its period and preperiod");
            };
            let Some(theorem) = rs.periodicity().filter(|th| th.pairs_options()) else {
                return reject(format!(
                    "{} has no periodicity theorem that applies to misère quotients",
                    rs.name()
                ));
            };
            if p == 0 {
                return reject("the period is 0");
            }
            let Some(end) = theorem.proof_end(n0, p, 0) else {
                return reject(format!(
                    "the periodicity theorem does not apply to period {p}, preperiod {n0}"
                ));
            };
            if end > n {
                return reject(format!(
                    "solved needs heaps up to {end} by the periodicity theorem; the certificate covers heaps up to {n}"
                ));
            }
            for k in n0..=n - p.min(n) {
                if k + p <= n && cert.phi[(k + p) as usize] != cert.phi[k as usize] {
                    return reject(format!("phi({}) ≠ phi({k}): the period {p} from {n0} fails", k + p));
                }
            }
            Some((p, n0, end))
        }
        other => return reject(format!("status \"{other}\" is neither partial nor solved")),
    };
    let mut out = format!(
        "{}: (Q, P) of order {m} with |P| = {} is the misère quotient of the heaps 0..={n}: a commutative monoid generated by the heap images, reduced, and predicting the outcome of every sum ({states} states checked)",
        rs.name(),
        cert.p_portion.len()
    );
    if let Some((p, n0, end)) = solved {
        out.push_str(&format!(
            "; solved: phi(n + {p}) = phi(n) from n = {n0}, and the periodicity theorem for misère quotients needs heaps up to {end}"
        ));
    }
    Ok(out)
}

/// Checks every reachable state (see the [module docs](self)) and returns how many
/// there are.
fn outcome_states(cert: &Certificate, opts: &[Vec<u32>], in_p: &[bool], ctl: &Control) -> Result<usize> {
    let t = &cert.table;
    let m = t.len();
    let words = m.div_ceil(64);
    // The distinct heap types (image, option images) of heaps with an option.
    let mut types: Vec<(u32, &[u32], u64)> = Vec::new();
    let mut seen: FxHashSet<(u32, &[u32])> = FxHashSet::default();
    for (h, o) in opts.iter().enumerate().skip(1) {
        let key = (cert.phi[h], &o[..]);
        if !o.is_empty() && seen.insert(key) {
            types.push((key.0, key.1, h as u64));
        }
    }
    // residual[x] = {z : x·z ∈ P}, as bits.
    let residual: Vec<Vec<u64>> = (0..m)
        .map(|x| {
            let mut r = vec![0u64; words];
            for z in 0..m {
                if in_p[t[x][z] as usize] {
                    r[z / 64] |= 1 << (z % 64);
                }
            }
            r
        })
        .collect();
    if in_p[0] {
        return reject("the identity (the empty sum, an N-position) is in P");
    }
    type State = (u32, bool, Vec<u64>);
    let start: State = (0, false, vec![0; words]);
    let mut index: FxHashMap<State, usize> = FxHashMap::default();
    let mut queue: Vec<(State, Vec<u64>)> = vec![(start.clone(), Vec::new())];
    index.insert(start, 0);
    let bytes_per = 64 + 16 * words as u64;
    let mut i = 0;
    while i < queue.len() {
        let ((g, moved, n), path) = queue[i].clone();
        i += 1;
        if i % 4096 == 0 {
            ctl.tick(i as u64)?;
            ctl.check_memory(
                "the search of states of the certificate check",
                queue.len() as u64 * bytes_per,
                format!("{} states", queue.len()),
            )?;
            ctl.check_states("the search of states of the certificate check", queue.len() as u128)?;
        }
        for &(phi, s, heap) in &types {
            let mut next_n = vec![0u64; words];
            for z in 0..m {
                let fz = t[phi as usize][z] as usize;
                if n[fz / 64] >> (fz % 64) & 1 == 1 {
                    next_n[z / 64] |= 1 << (z % 64);
                }
            }
            for &o in s {
                for (a, b) in next_n.iter_mut().zip(&residual[t[g as usize][o as usize] as usize]) {
                    *a |= b;
                }
            }
            let next: State = (t[g as usize][phi as usize], moved || !s.is_empty(), next_n);
            if index.contains_key(&next) {
                continue;
            }
            let predicted = in_p[next.0 as usize];
            let rule = next.1 && next.2[0] & 1 == 0;
            if predicted != rule {
                let mut heaps = path.clone();
                heaps.push(heap);
                heaps.sort_unstable();
                let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
                return reject(format!(
                    "phi mispredicts the outcome of the sum of heaps {}: it says {}, its options say {}",
                    text.join(" + "),
                    if predicted { "P" } else { "N" },
                    if rule { "P" } else { "N" }
                ));
            }
            let mut next_path = path.clone();
            next_path.push(heap);
            index.insert(next.clone(), queue.len());
            queue.push((next, next_path));
        }
    }
    Ok(queue.len())
}

/// x^c in the table `t` by squaring (`x^0` is the identity 0). A table that is not
/// associative is rejected by Light's test whatever this gives.
fn power(t: &[Vec<u32>], x: u32, mut c: u64) -> u32 {
    let (mut r, mut b) = (0u32, x);
    while c > 0 {
        if c & 1 == 1 {
            r = t[r as usize][b as usize];
        }
        b = t[b as usize][b as usize];
        c >>= 1;
    }
    r
}
