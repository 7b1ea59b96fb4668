//! The options of a heap far beyond the computed table, through a proven period: for
//! a finite code of plain digits ([`crate::game::HeapRuleset::plain_digits`]), the
//! options of heap n that remove j tokens are the empty heap (m = n − j = 0), the heap
//! m, and the splits a + b = m with 1 ≤ a ≤ b. With G periodic from n₀ with period
//! p (saltus 0; n₀ taken as at least 1, since a ≥ 1), a split with a ≥ n₀ has
//! G(a) ⊕ G(b) fixed by the residue of a modulo p (b = m − a ≥ a ≥ n₀ too), so the
//! splits of a value are the a < n₀ that give it
//! and whole residue classes of a: listed in the order of the rules (a ascending) and
//! counted exactly in O(n₀ + p) per removal, never by scanning n.

use super::ProvenPeriod;
use crate::error::{Error, Result};
use crate::game::Part;

/// Options of one heap: the first ones listed (their parts and values), all counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The first options, in the order the rules list them, with their values.
    pub listed: Vec<(Vec<Part>, u64)>,
    /// The number of options (of the value asked for, or all).
    pub total: u128,
}

impl Found {
    fn offer(&mut self, cap: usize, parts: impl FnOnce() -> Vec<Part>, value: u64) {
        if self.listed.len() < cap {
            self.listed.push((parts(), value));
        }
    }
}

/// The parts of the split a + b (a ≤ b) as the rules list them.
fn pair(a: u64, b: u64) -> Vec<Part> {
    if a == b {
        vec![Part { heap: a, copies: 2 }]
    } else {
        vec![Part::one(a), Part::one(b)]
    }
}

/// True if the digits are ones the period's move finder handles: a finite code whose
/// moves take the whole heap, leave one heap or split it in two (bits 0, 1, 2).
pub fn supported(digits: &[u64]) -> bool {
    digits.iter().all(|&d| d < 8)
}

/// The options of heap `n` of the code `digits` (`digits[j]`: bit k set when removing
/// j tokens may leave k heaps; k ≤ 2) whose value is `target` (every option when
/// `None`), in the order of the rules: j ascending; for each, the empty heap, the one
/// heap, then the splits a + b with a ascending. At most `cap` are listed, all are
/// counted. The values come from `period`.
///
/// # Errors
/// [`Error::Unsupported`] for a saltus (the residues of a no longer fix the value of a
/// split) or a digit leaving three or more heaps.
pub fn options(period: &ProvenPeriod, digits: &[u64], n: u64, target: Option<u64>, cap: usize) -> Result<Found> {
    let per = period.periodicity();
    if per.saltus != 0 || !supported(digits) {
        return Err(Error::Unsupported(format!(
            "the options of {}({n}) are found through the period only for an ordinary period of a code leaving at most two heaps",
            period.ruleset()
        )));
    }
    // A split a + b has a ≥ 1, so a period from heap 0 is taken from heap 1 (it holds
    // there too): its residue classes of a would start at a = 0, listing (0, m) as a
    // split (0.5) or the one heap m a second time (0.7).
    let (n0, p) = (per.preperiod.max(1), per.period);
    let g = |x: u64| u64::from(period.code(x));
    let wins = |v: u64| target.is_none_or(|t| t == v);
    let mut out = Found::default();
    for (j, &bits) in digits.iter().enumerate() {
        let j = j as u64;
        if bits == 0 || j > n {
            continue;
        }
        let m = n - j;
        if m == 0 {
            if bits & 1 == 1 && wins(0) {
                out.total += 1;
                out.offer(cap, Vec::new, 0);
            }
            continue;
        }
        if bits & 2 != 0 && wins(g(m)) {
            out.total += 1;
            out.offer(cap, || vec![Part::one(m)], g(m));
        }
        if bits & 4 == 0 || m < 2 {
            continue;
        }
        let half = m / 2;
        // a below the preperiod (b may be anywhere): one by one.
        for a in 1..=half.min(n0.saturating_sub(1)) {
            let v = g(a) ^ g(m - a);
            if wins(v) {
                out.total += 1;
                out.offer(cap, || pair(a, m - a), v);
            }
        }
        if half < n0 {
            continue;
        }
        // n₀ ≤ a ≤ m/2 ≤ b: a = n₀ + r + i·p, and b − n₀ ≡ m − 2n₀ − r (mod p).
        let span = half - n0;
        let base = (m - 2 * n0) % p;
        let mut classes: Vec<(u64, u64)> = Vec::new();
        for r in 0..p.min(span + 1) {
            let rb = (base + p - r) % p;
            let v = g(n0 + r) ^ g(n0 + rb);
            if wins(v) {
                out.total += u128::from((span - r) / p + 1);
                classes.push((r, v));
            }
        }
        // Listed in order of a: the winning residues, period after period.
        let mut start = n0;
        'list: while out.listed.len() < cap && !classes.is_empty() {
            for &(r, v) in &classes {
                let Some(a) = start.checked_add(r).filter(|&a| a <= half) else {
                    break 'list;
                };
                if out.listed.len() >= cap {
                    break 'list;
                }
                out.offer(cap, || pair(a, m - a), v);
            }
            match start.checked_add(p) {
                Some(s) if s <= half => start = s,
                _ => break,
            }
        }
    }
    Ok(out)
}
