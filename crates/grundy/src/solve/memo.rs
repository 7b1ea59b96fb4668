//! Iterative memoized search. Positions are expanded with an explicit stack (no
//! recursion), so the depth of the game tree is limited only by memory.

use crate::control::{Control, TryGrow};
use crate::error::{Error, Result};
use crate::game::{HeapRuleset, Part, TupleRuleset, TupleSolver};
use crate::value::{mex_of_slice, Nimber};
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;
use std::sync::Arc;

/// Approximate bytes per memoized state (hash-map entry, key allocation, stack).
const BYTES_PER_STATE: u64 = 64;

/// Memo of [`search`]: position → nim-value.
pub type Memo<P> = FxHashMap<P, u32>;

/// The nim-value of `start` in any short game, by post-order evaluation of the
/// positions reachable from it (iterative: no recursion-depth limit).
///
/// `options(p, out)` pushes the options of `p`, each as a list of positions whose values
/// are nim-summed (a single position for games that are not sums). It is called once
/// per position evaluated: the options of the positions being expanded are kept (in
/// one stack, a position and an end index per option) until their values are known, so
/// options written by a user (a Python function) run once per position. `memo` keeps
/// values between calls. `state_limit` bounds the positions held; `what` names the
/// search in errors; the options held on the stack count as positions. Values are below
/// 2^32. The memo, the set of open positions and the stacks grow by `try_reserve`
/// ([`TryGrow`]).
///
/// # Errors
/// [`Error::Unsupported`] if a cycle is found (the game is loopy),
/// [`Error::TooLarge`] when more than `state_limit` positions are held,
/// [`Error::TooMuchWork`] when the options listed pass the work limit,
/// [`Error::OutOfMemory`] when the system refuses the memory to grow (below the state
/// limit), [`Error::Interrupted`] on cancellation.
pub fn search<P, F>(
    start: P,
    memo: &mut Memo<P>,
    mut options: F,
    state_limit: u64,
    ctl: &Control,
    what: &str,
) -> Result<u32>
where
    P: Clone + Eq + Hash,
    F: FnMut(&P, &mut Vec<Vec<P>>),
{
    if let Some(&v) = memo.get(&start) {
        return Ok(v);
    }
    let cycle = || Error::Unsupported(format!("{what}: the search met a cycle; the game is loopy"));
    let named = || what.to_string();
    let mut open: FxHashSet<P> = FxHashSet::default();
    let mut stack: Vec<(P, bool)> = vec![(start.clone(), false)];
    // The options of the positions being expanded, whose `(p, true)` entries on `stack`
    // are popped last in, first out: their positions (`parts`), where each option's
    // parts end (`ends`), and where each position's options start in `ends` (`firsts`).
    let mut parts: Vec<P> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut firsts: Vec<usize> = Vec::new();
    let mut opts: Vec<Vec<P>> = Vec::new();
    let mut vals: Vec<u32> = Vec::new();
    let mut scratch = Vec::new();
    let mut expanded: u64 = 0;
    let mut work: u64 = 0;
    // The refusal for `held` positions (or options) held, each taken to cost the bytes
    // the state limit allows one.
    let per_state = (ctl.memory_limit() / state_limit.max(1)).max(1);
    let too_large = |held: u64, detail: String| Error::TooLarge {
        what: what.to_string(),
        estimate_bytes: held.saturating_mul(per_state),
        limit_bytes: ctl.memory_limit(),
        detail,
    };
    while let Some((p, done)) = stack.pop() {
        if done {
            let first = firsts.pop().expect("options listed when the position was expanded");
            let mut from = first.checked_sub(1).map_or(0, |k| ends[k]);
            let own_parts = from;
            vals.clear();
            for &end in &ends[first..] {
                let mut x = 0;
                for q in &parts[from..end] {
                    x ^= memo.get(q).ok_or_else(cycle)?;
                }
                vals.push(x);
                from = end;
            }
            ends.truncate(first);
            parts.truncate(own_parts);
            let v = mex_of_slice(&vals, &mut scratch);
            open.remove(&p);
            ctl.try_grow_map(memo, 1, named)?;
            memo.insert(p, v);
            continue;
        }
        if memo.contains_key(&p) || open.contains(&p) {
            continue;
        }
        expanded += 1;
        if expanded & 0x3FFF == 0 {
            ctl.tick(expanded)?;
        }
        if (memo.len() as u64 + open.len() as u64) > state_limit {
            let held = memo.len() as u64 + open.len() as u64 + stack.len() as u64;
            return Err(too_large(held, format!("more than {state_limit} positions reached")));
        }
        open.try_grow(1, named)?;
        open.insert(p.clone());
        stack.try_grow(1, named)?;
        stack.push((p.clone(), true));
        opts.clear();
        options(&p, &mut opts);
        firsts.try_grow(1, named)?;
        firsts.push(ends.len());
        let count: usize = opts.iter().map(Vec::len).sum();
        // The options held until their position's value is known count as positions
        // (each is one on the stack and one in `parts`), checked before they are kept:
        // a deep search holds the options of every position on its path (one row of
        // Chomp of n squares, n²/2 of them).
        let held = [memo.len(), open.len(), parts.len(), stack.len(), count, count]
            .iter()
            .fold(0u64, |a, &x| a.saturating_add(x as u64));
        if held > state_limit {
            return Err(too_large(
                held,
                format!(
                    "more than {state_limit} positions and options held: the options of the {} positions on the search's path",
                    firsts.len()
                ),
            ));
        }
        // Work counted as it is done (the options listed): the estimates made before a
        // search bound it from above where the rules allow one; a game written by a
        // user has none, and is stopped here at the work limit.
        work = work.saturating_add(count as u64 + 1);
        if work > ctl.work_limit() {
            return Err(Error::TooMuchWork {
                what: what.to_string(),
                work: u128::from(work),
                limit: ctl.work_limit(),
                detail: format!("counted as the search ran: more than the limit after {expanded} positions listed"),
            });
        }
        parts.try_grow(count, named)?;
        stack.try_grow(count, named)?;
        ends.try_grow(opts.len(), named)?;
        for o in opts.drain(..) {
            for q in o {
                if !memo.contains_key(&q) {
                    if open.contains(&q) {
                        return Err(cycle());
                    }
                    stack.push((q.clone(), false));
                }
                parts.push(q);
            }
            ends.push(parts.len());
        }
    }
    Ok(memo[&start])
}

/// The generic search engine for tuple rulesets: memoized over canonical positions.
pub struct MemoSolver {
    rs: Arc<dyn TupleRuleset>,
    memo: FxHashMap<Vec<u64>, u32>,
}

impl MemoSolver {
    /// A solver with an empty memo.
    pub fn new(rs: Arc<dyn TupleRuleset>) -> MemoSolver {
        MemoSolver {
            rs,
            memo: FxHashMap::default(),
        }
    }
}

impl MemoSolver {
    /// The bytes one memoized position of `pos`'s length takes, and the name of the
    /// search of `pos` for messages.
    fn sizes(&self, pos: &[u64]) -> (u64, String) {
        let what = format!("searching {}({})", self.rs.name(), crate::error::Joined(pos));
        // The positions held are in canonical form, of which the start's is the longest.
        (BYTES_PER_STATE + 8 * self.rs.canonical(pos).len() as u64, what)
    }
}

impl TupleSolver for MemoSolver {
    fn check(&self, pos: &[u64], ctl: &Control) -> Result<()> {
        let (bytes_per, what) = self.sizes(pos);
        let states = self.rs.search_states(pos);
        let bytes = states.saturating_mul(bytes_per as u128).min(u64::MAX as u128) as u64;
        ctl.check_memory(&what, bytes, format!("up to {states} positions"))?;
        ctl.check_work(
            &what,
            self.rs.search_work(pos),
            format!("up to {} positions and their options", crate::error::sci(states)),
        )
    }

    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        let rs = self.rs.clone();
        let start = rs.canonical(pos);
        if let Some(&v) = self.memo.get(&start) {
            return Ok(Nimber::from(v));
        }
        self.check(pos, ctl)?;
        let (bytes_per, what) = self.sizes(pos);
        let limit = ctl.memory_limit() / bytes_per;
        let v = search(
            start,
            &mut self.memo,
            |p, out| {
                rs.for_each_option(p, &mut |o| out.push(vec![rs.canonical(o)]));
            },
            limit,
            ctl,
            &what,
        )?;
        Ok(Nimber::from(v))
    }
}

/// Memoized search for one heap of a heap ruleset, visiting only reachable heaps
/// (suited to rulesets with [`crate::game::Reach::Sparse`], such as `totient`).
/// `memo` keeps values between calls.
///
/// # Errors
/// As [`search`], with the state limit set by the memory limit (64 bytes per
/// position): [`Error::TooLarge`], [`Error::Unsupported`] if an option reaches a heap
/// being evaluated (a cycle), [`Error::Interrupted`].
pub fn sparse_heap_value(rs: &dyn HeapRuleset, n: u64, memo: &mut FxHashMap<u64, u32>, ctl: &Control) -> Result<u32> {
    let what = format!("searching {}({n})", rs.name());
    let limit = ctl.memory_limit() / BYTES_PER_STATE;
    memo.insert(0, 0);
    // A heap's options are listed while they fit the memory limit and the run is not
    // cancelled (a ruleset given by a function may list options for ever: a hostile
    // check's endless generator held 2.2 GB under a limit of 100 MB).
    let mut stop: Option<Error> = None;
    let found = search(
        n,
        memo,
        |&h, out| {
            if stop.is_some() {
                return;
            }
            rs.for_each_option_while(h, &mut |parts: &[Part]| {
                if out.len() as u64 >= limit {
                    stop = Some(Error::TooLarge {
                        what: what.clone(),
                        // At least this: how many more options there are is not known.
                        estimate_bytes: (out.len() as u64 + 1).saturating_mul(2 * BYTES_PER_STATE),
                        limit_bytes: ctl.memory_limit(),
                        detail: format!("heap {h} has more than {limit} options, {}", crate::control::AT_LEAST),
                    });
                } else if ctl.cancelled() {
                    stop = Some(Error::Interrupted);
                } else {
                    out.push(parts.iter().filter(|p| p.copies & 1 == 1).map(|p| p.heap).collect());
                }
                stop.is_none()
            })
        },
        limit,
        ctl,
        &what,
    );
    if let Some(e) = stop {
        // Values found after a listing stopped short (options missing) are wrong.
        memo.clear();
        memo.insert(0, 0);
        return Err(e);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Heap n moves to n − 1 and to n / 2 (heaps reached along several paths); counts
    /// how often the options of each heap are listed.
    struct Counted(Mutex<FxHashMap<u64, u32>>);

    impl HeapRuleset for Counted {
        fn name(&self) -> String {
            "counted".into()
        }
        fn first_heap(&self) -> u64 {
            0
        }
        fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
            *self.0.lock().unwrap().entry(n).or_default() += 1;
            if n > 0 {
                f(&[Part::one(n - 1)]);
                f(&[Part::one(n / 2), Part::one(n / 2 / 2)]);
            }
        }
    }

    /// The work is counted as the search lists options, and the search stops at the
    /// work limit (a game written by a user has no estimate: a hostile check's Python
    /// game ran until the memory limit under `max_work=10**5`); and the options held
    /// on the search's path count against the positions allowed.
    #[test]
    fn the_work_limit_and_the_options_held_stop_the_search() {
        let rs = Counted(Mutex::new(FxHashMap::default()));
        let ctl = Control::new().with_work_limit(1000);
        let e = sparse_heap_value(&rs, 1 << 40, &mut FxHashMap::default(), &ctl).unwrap_err();
        assert!(matches!(e, Error::TooMuchWork { limit: 1000, .. }), "{e}");
        // Under the limit, the same search answers.
        let ctl = Control::new().with_work_limit(1000);
        assert!(sparse_heap_value(&rs, 100, &mut FxHashMap::default(), &ctl).is_ok());
        // Heap n moves to every smaller heap: the path 0..n holds n²/2 options.
        let all_below = |p: &u64, out: &mut Vec<Vec<u64>>| out.extend((0..*p).map(|q| vec![q]));
        let e = search(
            2000,
            &mut Memo::default(),
            all_below,
            100_000,
            &Control::new(),
            "all below",
        )
        .unwrap_err();
        assert!(
            matches!(&e, Error::TooLarge { detail, .. } if detail.contains("options held")),
            "{e}"
        );
        let v = search(
            300,
            &mut Memo::default(),
            all_below,
            100_000,
            &Control::new(),
            "all below",
        )
        .unwrap();
        assert_eq!(v, 300);
    }

    #[test]
    fn sparse_search_lists_each_heap_once() {
        let rs = Counted(Mutex::new(FxHashMap::default()));
        let mut memo = FxHashMap::default();
        let v = sparse_heap_value(&rs, 40, &mut memo, &Control::new()).unwrap();
        // The same value as a plain recursion over the rules.
        fn g(n: u64, m: &mut FxHashMap<u64, u32>) -> u32 {
            if let Some(&v) = m.get(&n) {
                return v;
            }
            let opts = if n == 0 {
                vec![]
            } else {
                vec![g(n - 1, m), g(n / 2, m) ^ g(n / 4, m)]
            };
            let v = (0..).find(|x| !opts.contains(x)).unwrap();
            m.insert(n, v);
            v
        }
        assert_eq!(v, g(40, &mut FxHashMap::default()));
        let counts = rs.0.lock().unwrap();
        // Heaps 1..=40 listed once each; heap 0 is the empty heap, never listed.
        assert_eq!(counts.len(), 40, "{counts:?}");
        assert!(
            counts.iter().all(|(&h, &c)| (1..=40).contains(&h) && c == 1),
            "{counts:?}"
        );
    }
}
