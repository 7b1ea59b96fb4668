//! Printed tables of options and values, and printed value sequences, checked against
//! the rules and search. Used by the golden tests and by `grundy reproduce`.

use crate::catalog::parse_ruleset;
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::HeapRuleset;
use crate::solve::sequence;
use crate::value::Nimber;
use std::sync::Arc;

/// A printed table: for each listed heap, its options and its value.
#[derive(Clone, Copy, Debug)]
pub struct OptionTable {
    /// Stable identifier.
    pub id: &'static str,
    /// The ruleset.
    pub ruleset: &'static str,
    /// Where it is printed.
    pub source: &'static str,
    /// True if the options are printed reduced (pairs of equal heaps and heaps of size 1
    /// removed, an option reduced to nothing written `1`).
    pub reduced: bool,
    /// (heap, options in the paper's notation, value).
    pub rows: &'static [(u64, &'static str, u64)],
}

/// A printed prefix of a value sequence: the values of heaps from, from+step, ….
#[derive(Clone, Copy, Debug)]
pub struct Prefix {
    /// Stable identifier.
    pub id: &'static str,
    /// The ruleset.
    pub ruleset: &'static str,
    /// Where it is printed.
    pub source: &'static str,
    /// The first heap.
    pub from: u64,
    /// The step between heaps.
    pub step: u64,
    /// The values, comma-separated.
    pub values: &'static str,
}

/// The result of checking a table or prefix: rows compared and every disagreement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableCheck {
    /// Rows (or values) compared.
    pub compared: usize,
    /// Each disagreement, as "where: paper …, ours …".
    pub mismatches: Vec<String>,
}

/// Parses options written as in the papers (see [`crate::rulesets::arithmetic::paper`])
/// into sorted multisets of heaps, sorted.
pub fn parse_options(text: &str) -> Result<Vec<Vec<u64>>> {
    let bad = |what: &str| Error::Input(format!("bad option list '{text}': {what}"));
    let text = text.trim();
    let mut out = Vec::new();
    if text.is_empty() || text == "∅" {
        return Ok(out);
    }
    for opt in text.split(',') {
        let opt = opt.trim();
        if let Some((a, b)) = opt.split_once("..") {
            let a: u64 = a.trim().parse().map_err(|_| bad(opt))?;
            let b: u64 = b.trim().parse().map_err(|_| bad(opt))?;
            out.extend((a..=b).map(|h| vec![h]));
            continue;
        }
        let mut heaps = Vec::new();
        for term in opt.split('+') {
            let term = term.trim();
            let (h, c) = match term.split_once(['×', '*']) {
                Some((h, c)) => (h, c),
                None => (term, "1"),
            };
            let h: u64 = h.trim().parse().map_err(|_| bad(term))?;
            let c: u64 = c.trim().parse().map_err(|_| bad(term))?;
            heaps.extend(std::iter::repeat_n(h, c as usize));
        }
        heaps.sort_unstable();
        out.push(heaps);
    }
    out.sort();
    Ok(out)
}

/// Reduces an option as the paper's reduced tables do: pairs of equal heaps cancel, heaps
/// of size 0 and 1 (value 0) are dropped, and an option reduced to nothing becomes `[1]`.
pub fn reduce(heaps: &[u64]) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    let mut sorted = heaps.to_vec();
    sorted.sort_unstable();
    let mut i = 0;
    while i < sorted.len() {
        let h = sorted[i];
        let mut j = i;
        while j < sorted.len() && sorted[j] == h {
            j += 1;
        }
        if (j - i) % 2 == 1 && h > 1 {
            v.push(h);
        }
        i = j;
    }
    if v.is_empty() {
        v.push(1);
    }
    v
}

/// The options of heap `n` as sorted multisets (reduced and deduplicated if asked).
pub fn option_multisets(rs: &dyn HeapRuleset, n: u64, reduced: bool) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    rs.for_each_option(n, &mut |parts| {
        let mut heaps = Vec::new();
        for p in parts {
            heaps.extend(std::iter::repeat_n(p.heap, p.copies as usize));
        }
        heaps.sort_unstable();
        out.push(if reduced { reduce(&heaps) } else { heaps });
    });
    out.sort();
    if reduced {
        out.dedup();
    }
    out
}

fn show(opts: &[Vec<u64>]) -> String {
    if opts.is_empty() {
        return "∅".into();
    }
    opts.iter()
        .map(|o| o.iter().map(|h| h.to_string()).collect::<Vec<_>>().join("+"))
        .collect::<Vec<_>>()
        .join(",")
}

fn heap_ruleset(name: &str) -> Result<Arc<dyn HeapRuleset>> {
    Ok(parse_ruleset(name)?.as_heap("a table check")?.clone())
}

/// Checks every row of `t`: our options (from the rules) against the printed ones, and
/// our value (dense search) against the printed value.
pub fn check_option_table(t: &OptionTable, ctl: &Control) -> Result<TableCheck> {
    let rs = heap_ruleset(t.ruleset)?;
    let to = t.rows.iter().map(|r| r.0).max().unwrap_or(0);
    let seq = sequence(rs.as_ref(), to, ctl)?;
    let mut c = TableCheck::default();
    for &(n, opts, value) in t.rows {
        c.compared += 1;
        let paper = parse_options(opts)?;
        let ours = option_multisets(rs.as_ref(), n, t.reduced);
        if paper != ours {
            c.mismatches
                .push(format!("options of {n}: paper {}, ours {}", show(&paper), show(&ours)));
        }
        let v = seq.get(n);
        if v != value {
            c.mismatches.push(format!("G({n}): paper {value}, ours {v}"));
        }
    }
    Ok(c)
}

/// Checks a printed sequence prefix against dense search.
pub fn check_prefix(p: &Prefix, ctl: &Control) -> Result<TableCheck> {
    let rs = heap_ruleset(p.ruleset)?;
    let vals: Vec<Nimber> = p
        .values
        .split(',')
        .map(|v| v.trim().parse::<Nimber>())
        .collect::<std::result::Result<_, _>>()
        .map_err(|e| Error::Input(e.to_string()))?;
    let to = p.from + p.step * (vals.len() as u64).saturating_sub(1);
    let seq = sequence(rs.as_ref(), to, ctl)?;
    let mut c = TableCheck::default();
    for (i, v) in vals.iter().enumerate() {
        let n = p.from + p.step * i as u64;
        c.compared += 1;
        if seq.get(n) != *v {
            c.mismatches.push(format!("G({n}): paper {v}, ours {}", seq.get(n)));
        }
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_paper_notation() {
        assert_eq!(parse_options("∅").unwrap(), Vec::<Vec<u64>>::new());
        assert_eq!(parse_options("4×2,2×4").unwrap(), vec![vec![2, 2, 2, 2], vec![4, 4]]);
        assert_eq!(
            parse_options("3×2+1, 1..2").unwrap(),
            vec![vec![1], vec![1, 3, 3], vec![2]]
        );
        assert!(parse_options("x").is_err());
        assert_eq!(reduce(&[2, 2, 1]), vec![1]);
        assert_eq!(reduce(&[2, 2, 2, 3]), vec![2, 3]);
    }
}
