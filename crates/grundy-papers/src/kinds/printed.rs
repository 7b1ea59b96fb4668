//! Printed tables of options and values, and printed value sequences, checked against
//! the rules and search ([`Kind::Table`](crate::Kind::Table),
//! [`Kind::Sequence`](crate::Kind::Sequence)).
//!
//! Options are written as in the papers: options separated by `,`, heaps of a sum by
//! `+`, `h×c` for c heaps of size h, `a..b` for the single heaps a, a+1, …, b, and `∅`
//! for none. A reduced table lists options with pairs of equal heaps and heaps of size 1
//! removed (an option reduced to nothing is written `1`).

use crate::claim::{OptionTable, Prefix};
use crate::engine;
use crate::error::{Error, Result};
use crate::outcome::Outcome;
use grundy::{Control, Nimber};

/// Parses options written as in the papers into sorted multisets of heaps, sorted.
///
/// # Errors
/// [`Error::Check`] on text that is not in the notation.
pub fn parse_options(text: &str) -> Result<Vec<Vec<u64>>> {
    let bad = |what: &str| Error::Check(format!("bad option list '{text}': {what}"));
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
            let (h, c) = term.split_once(['×', '*']).unwrap_or((term, "1"));
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
    let mut sorted = heaps.to_vec();
    sorted.sort_unstable();
    let mut v: Vec<u64> = Vec::new();
    for chunk in sorted.chunk_by(|a, b| a == b) {
        if chunk.len() % 2 == 1 && chunk[0] > 1 {
            v.push(chunk[0]);
        }
    }
    if v.is_empty() {
        v.push(1);
    }
    v
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

/// Every disagreement of the table `t` with the rules (options) and search (values),
/// as "where: paper …, ours …".
///
/// # Errors
/// An unknown ruleset, bad notation, the engine's.
pub fn table_mismatches(t: &OptionTable, ctl: &Control) -> Result<Vec<String>> {
    let rs = engine::heap(t.ruleset)?;
    let to = t.rows.iter().map(|r| r.0).max().unwrap_or(0);
    let seq = engine::table(t.ruleset, to, ctl)?;
    let mut bad = Vec::new();
    for &(n, opts, value) in t.rows {
        let paper = parse_options(opts)?;
        let mut ours: Vec<Vec<u64>> = engine::heap_options(rs.as_ref(), n)
            .into_iter()
            .map(|o| if t.reduced { reduce(&o) } else { o })
            .collect();
        ours.sort();
        if t.reduced {
            ours.dedup();
        }
        if paper != ours {
            bad.push(format!("options of {n}: paper {}, ours {}", show(&paper), show(&ours)));
        }
        let v = seq.get(n);
        if v != value {
            bad.push(format!("G({n}): paper {value}, ours {v}"));
        }
    }
    Ok(bad)
}

/// Every disagreement of the printed prefix `p` with search.
///
/// # Errors
/// An unknown ruleset, a value that is not a number, the engine's.
pub fn prefix_mismatches(p: &Prefix, ctl: &Control) -> Result<Vec<String>> {
    let vals = prefix_values(p)?;
    let to = p.from + p.step * (vals.len() as u64).saturating_sub(1);
    let seq = engine::table(p.ruleset, to, ctl)?;
    let mut bad = Vec::new();
    for (i, v) in vals.iter().enumerate() {
        let n = p.from + p.step * i as u64;
        if seq.get(n) != *v {
            bad.push(format!("G({n}): paper {v}, ours {}", seq.get(n)));
        }
    }
    Ok(bad)
}

fn prefix_values(p: &Prefix) -> Result<Vec<Nimber>> {
    p.values
        .split(',')
        .map(|v| v.trim().parse::<Nimber>().map_err(|e| Error::Check(e.to_string())))
        .collect()
}

fn outcome(bad: &[String], compared: usize, what: &str, range: String) -> Outcome {
    Outcome::all_hold(
        bad,
        format!("{compared} {what} compared with our options and search"),
        range,
        "as printed",
    )
}

/// The check of a printed table.
///
/// # Errors
/// As [`table_mismatches`].
pub fn run_table(t: &OptionTable, ctl: &Control) -> Result<Outcome> {
    let heaps: Vec<String> = t.rows.iter().map(|r| r.0.to_string()).collect();
    let range = format!("{}({})", t.ruleset, heaps.join(", "));
    Ok(outcome(&table_mismatches(t, ctl)?, t.rows.len(), "rows", range))
}

/// The check of a printed prefix.
///
/// # Errors
/// As [`prefix_mismatches`].
pub fn run_prefix(p: &Prefix, ctl: &Control) -> Result<Outcome> {
    let count = p.values.split(',').count() as u64;
    let last = p.from + p.step * (count - 1);
    let range = if p.step == 1 {
        format!("{} heaps {}..{last}", p.ruleset, p.from)
    } else {
        format!("{} heaps {}, {}, …, {last}", p.ruleset, p.from, p.from + p.step)
    };
    Ok(outcome(&prefix_mismatches(p, ctl)?, count as usize, "values", range))
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
