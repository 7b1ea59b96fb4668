//! The options of a heap far beyond the computed table, through a proven period: for
//! a finite code of plain digits ([`crate::game::HeapRuleset::plain_digits`]), the
//! options of heap n that remove j tokens are the empty heap (m = n − j = 0), the heap
//! m, the splits a + b = m with 1 ≤ a ≤ b and the splits a + b + c = m with 1 ≤ a ≤ b
//! ≤ c. With G periodic from n₀ with period p (saltus 0; n₀ taken as at least 1, since
//! a ≥ 1), a split of two with a ≥ n₀ has G(a) ⊕ G(b) fixed by the residue of a modulo
//! p (b = m − a ≥ a ≥ n₀ too), so the splits of a value are the a < n₀ that give it
//! and whole residue classes of a: listed in the order of the rules (a ascending) and
//! counted exactly in O(n₀ + p) per removal, never by scanning n. A split of three
//! with a < n₀ is a and a split of two of m − a from a on; one with a ≥ n₀ has its
//! value fixed by the residues of a and b, and the pairs (a, b) of two residue classes
//! with a ≤ b ≤ c are counted by a sum of floors (`floor_sum`), in O(p² log m) per
//! removal; they are listed a, then b, ascending, as the rules list them.

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

/// The largest period whose splits of three heaps are counted (p² residue pairs per
/// removal, each a sum of floors: 4·10^6 at this period).
pub const MAX_PERIOD_OF_THREE: u64 = 2048;

/// True if the digits are ones the period's move finder handles: a finite code whose
/// moves take the whole heap, leave one heap or split it in two or three (bits 0 to 3).
pub fn supported(digits: &[u64]) -> bool {
    digits.iter().all(|&d| d < 16)
}

/// True if the moves of heaps of the code `digits` are found through `period`: an
/// ordinary period (saltus 0), digits [`supported`], and a period of at most
/// [`MAX_PERIOD_OF_THREE`] where a digit splits a heap in three. Otherwise the options
/// are enumerated (their work checked first).
pub fn handles(period: &ProvenPeriod, digits: &[u64]) -> bool {
    let per = period.periodicity();
    let threes = digits.iter().any(|&d| d & 8 != 0);
    per.saltus == 0 && supported(digits) && (!threes || per.period <= MAX_PERIOD_OF_THREE)
}

/// The options of heap `n` of the code `digits` (`digits[j]`: bit k set when removing
/// j tokens may leave k heaps; k ≤ 3) whose value is `target` (every option when
/// `None`), in the order of the rules: j ascending; for each, the empty heap, the one
/// heap, the splits a + b with a ascending, then the splits a + b + c with a, then b,
/// ascending. At most `cap` are listed, all are counted. The values come from `period`.
///
/// # Errors
/// [`Error::Unsupported`] for a saltus (the residues of a no longer fix the value of a
/// split), a digit leaving four or more heaps, or splits of three under a period above
/// [`MAX_PERIOD_OF_THREE`].
pub fn options(period: &ProvenPeriod, digits: &[u64], n: u64, target: Option<u64>, cap: usize) -> Result<Found> {
    let per = period.periodicity();
    if !handles(period, digits) {
        return Err(Error::Unsupported(format!(
            "the options of {}({n}) are found through the period only for an ordinary period of a code leaving at most three heaps (and a period of at most {MAX_PERIOD_OF_THREE} where it leaves three)",
            period.ruleset()
        )));
    }
    // A split a + b has a ≥ 1, so a period from heap 0 is taken from heap 1 (it holds
    // there too): its residue classes of a would start at a = 0, listing (0, m) as a
    // split (0.5) or the one heap m a second time (0.7).
    let split = Split {
        g: &|x: u64| u64::from(period.code(x)),
        n0: per.preperiod.max(1),
        p: per.period,
        wins: &|v: u64| target.is_none_or(|t| t == v),
        cap,
    };
    let mut out = Found::default();
    for (j, &bits) in digits.iter().enumerate() {
        let j = j as u64;
        if bits == 0 || j > n {
            continue;
        }
        let m = n - j;
        if m == 0 {
            if bits & 1 == 1 && (split.wins)(0) {
                out.total += 1;
                out.offer(cap, Vec::new, 0);
            }
            continue;
        }
        let g = split.g;
        if bits & 2 != 0 && (split.wins)(g(m)) {
            out.total += 1;
            out.offer(cap, || vec![Part::one(m)], g(m));
        }
        if bits & 4 != 0 {
            split.two(&mut out, m, 1, 0, &|b, c| pair(b, c));
        }
        if bits & 8 != 0 {
            split.three(&mut out, m);
        }
    }
    Ok(out)
}

/// The parts of the split a + b + c (a ≤ b ≤ c) as the rules list them: equal heaps as
/// one run.
fn triple(a: u64, b: u64, c: u64) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::with_capacity(3);
    for h in [a, b, c] {
        match parts.last_mut() {
            Some(last) if last.heap == h => last.copies += 1,
            _ => parts.push(Part::one(h)),
        }
    }
    parts
}

/// What the splits of one removal are found with: the values, the period (from `n0`,
/// at least 1), which values win and how many options are listed.
struct Split<'a> {
    g: &'a dyn Fn(u64) -> u64,
    n0: u64,
    p: u64,
    wins: &'a dyn Fn(u64) -> bool,
    cap: usize,
}

impl Split<'_> {
    /// The splits s = b + c with lo ≤ b ≤ c of value `extra ⊕ G(b) ⊕ G(c)`: those that
    /// win counted, the first listed (b ascending), `parts` making an option's parts.
    fn two(&self, out: &mut Found, s: u64, lo: u64, extra: u64, parts: &dyn Fn(u64, u64) -> Vec<Part>) {
        let (g, n0, p, cap) = (self.g, self.n0, self.p, self.cap);
        let half = s / 2;
        if lo > half {
            return;
        }
        // b below the preperiod (c may be anywhere): one by one.
        for b in lo..=half.min(n0.saturating_sub(1)) {
            let v = extra ^ g(b) ^ g(s - b);
            if (self.wins)(v) {
                out.total += 1;
                out.offer(cap, || parts(b, s - b), v);
            }
        }
        let start = lo.max(n0);
        if half < start {
            return;
        }
        // start ≤ b ≤ s/2 ≤ c, both from n₀ on: the value is fixed by the residue of b
        // (c = s − b): one class per b of the first period from `start`.
        let mut classes: Vec<(u64, u64)> = Vec::new();
        for first in start..=half.min(start + (p - 1)) {
            let v = extra ^ g(first) ^ g(s - first);
            if (self.wins)(v) {
                out.total += u128::from((half - first) / p + 1);
                classes.push((first, v));
            }
        }
        // Listed in order of b: the winning classes, period after period.
        let mut round = 0u64;
        'list: while out.listed.len() < cap && !classes.is_empty() {
            for &(first, v) in &classes {
                let Some(b) = round
                    .checked_mul(p)
                    .and_then(|d| first.checked_add(d))
                    .filter(|&b| b <= half)
                else {
                    break 'list;
                };
                if out.listed.len() >= cap {
                    break 'list;
                }
                out.offer(cap, || parts(b, s - b), v);
            }
            round += 1;
        }
    }

    /// The splits m = a + b + c with 1 ≤ a ≤ b ≤ c: those that win counted, the first
    /// listed (a, then b, ascending).
    fn three(&self, out: &mut Found, m: u64) {
        let (g, n0, p, cap) = (self.g, self.n0, self.p, self.cap);
        let third = m / 3;
        // a below the preperiod: a, and the splits of two of m − a from a on.
        for a in 1..=third.min(n0 - 1) {
            self.two(out, m - a, a, g(a), &|b, c| triple(a, b, c));
        }
        if third < n0 {
            return;
        }
        // n₀ ≤ a ≤ b ≤ c: x = a − n₀, y = b − n₀, z = c − n₀, x + y + z = M, and the
        // value is fixed by the residues of x and y (z's follows).
        let big = m - 3 * n0;
        let value = |rx: u64, ry: u64| {
            let rz = (big % p + 2 * p - rx - ry) % p;
            g(n0 + rx) ^ g(n0 + ry) ^ g(n0 + rz)
        };
        let mut winning: Vec<Vec<(u64, u64)>> = vec![Vec::new(); p as usize];
        for rx in 0..p {
            for ry in 0..p {
                let v = value(rx, ry);
                if (self.wins)(v) {
                    out.total += triples_of_classes(big, p, rx, ry);
                    winning[rx as usize].push((ry, v));
                }
            }
        }
        // Listed in order of a (the classes of x, period after period), and for each a
        // in order of b (its winning classes of y from x on, period after period).
        let xs: Vec<u64> = (0..p).filter(|&r| !winning[r as usize].is_empty()).collect();
        let last_x = big / 3;
        let mut round = 0u64;
        'list: while out.listed.len() < cap && !xs.is_empty() {
            for &rx in &xs {
                let Some(x) = round
                    .checked_mul(p)
                    .and_then(|d| rx.checked_add(d))
                    .filter(|&x| x <= last_x)
                else {
                    break 'list;
                };
                let last_y = (big - x) / 2;
                let mut ys: Vec<(u64, u64)> = winning[rx as usize]
                    .iter()
                    .map(|&(ry, v)| (x + (ry + p - x % p) % p, v))
                    .filter(|&(y, _)| y <= last_y)
                    .collect();
                ys.sort_unstable();
                let mut k = 0u64;
                'ys: while !ys.is_empty() {
                    for &(first, v) in &ys {
                        let Some(y) = k
                            .checked_mul(p)
                            .and_then(|d| first.checked_add(d))
                            .filter(|&y| y <= last_y)
                        else {
                            break 'ys;
                        };
                        if out.listed.len() >= cap {
                            break 'list;
                        }
                        out.offer(cap, || triple(n0 + x, n0 + y, n0 + (big - x - y)), v);
                    }
                    k += 1;
                }
            }
            round += 1;
        }
    }
}

/// The pairs (x, y) with x ≡ rx, y ≡ ry (mod p), 0 ≤ x ≤ y and 2y ≤ big − x (y ≤ z =
/// big − x − y): for each x ≤ big/3 the y of its class in [x, ⌊(big − x)/2⌋], summed
/// over the x of its class by sums of floors.
fn triples_of_classes(big: u64, p: u64, rx: u64, ry: u64) -> u128 {
    let last_x = big / 3;
    if rx > last_x {
        return 0;
    }
    let (p_, big_, rx_, ry_) = (i128::from(p), i128::from(big), i128::from(rx), i128::from(ry));
    let k = i128::from((last_x - rx) / p + 1);
    // Σ ⌊(⌊(big − x)/2⌋ − ry)/p⌋ = Σ ⌊(big − rx − 2ry − p·i)/(2p)⌋ over i < k, in
    // reverse order ⌊(b + p·j)/(2p)⌋ with b = big − rx − 2ry − p(k − 1).
    let b = big_ - rx_ - 2 * ry_ - p_ * (k - 1);
    let (q, r) = (b.div_euclid(2 * p_), b.rem_euclid(2 * p_));
    let upper = k * q + floor_sum(k as u128, 2 * p as u128, p as u128, r as u128) as i128;
    // Σ ⌊(x − 1 − ry)/p⌋ = Σ (i + ⌊(rx − 1 − ry)/p⌋).
    let lower = k * (k - 1) / 2 + k * (rx_ - 1 - ry_).div_euclid(p_);
    (upper - lower) as u128
}

/// Σ ⌊(a·i + b)/m⌋ over 0 ≤ i < n (m ≥ 1), by the Euclid-like reduction.
fn floor_sum(mut n: u128, mut m: u128, mut a: u128, mut b: u128) -> u128 {
    let mut sum = 0u128;
    loop {
        if a >= m {
            sum += n * n.saturating_sub(1) / 2 * (a / m);
            a %= m;
        }
        if b >= m {
            sum += n * (b / m);
            b %= m;
        }
        let top = a * n + b;
        if top < m {
            return sum;
        }
        n = top / m;
        b = top % m;
        std::mem::swap(&mut m, &mut a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts by sums of floors are those of a scan, on every small case.
    #[test]
    fn classes_of_triples_are_counted_as_a_scan_counts_them() {
        for p in 1..=7u64 {
            for big in 0..60u64 {
                for rx in 0..p {
                    for ry in 0..p {
                        let mut scan = 0u128;
                        for x in (rx..=big).step_by(p as usize) {
                            for y in (ry..=big).step_by(p as usize) {
                                if x <= y && x + 2 * y <= big {
                                    scan += 1;
                                }
                            }
                        }
                        assert_eq!(
                            triples_of_classes(big, p, rx, ry),
                            scan,
                            "big {big}, p {p}, ({rx}, {ry})"
                        );
                    }
                }
            }
        }
        let brute = |n: u128, m: u128, a: u128, b: u128| (0..n).map(|i| (a * i + b) / m).sum::<u128>();
        for (n, m, a, b) in [(0, 3, 1, 1), (10, 7, 3, 2), (100, 13, 29, 40), (57, 4, 0, 9)] {
            assert_eq!(floor_sum(n, m, a, b), brute(n, m, a, b));
        }
    }
}
