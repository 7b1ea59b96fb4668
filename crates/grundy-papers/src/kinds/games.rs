//! Values of positions, winning moves, Nim searched as one game, sets of heaps of one
//! value and observations "below a bound": the kinds about single positions and short
//! ranges.

use crate::claim::{Ctx, SievePredicate};
use crate::engine::{self, Memo, Search};
use crate::error::Result;
use crate::outcome::Outcome;
use grundy::arith::Sieve;
use grundy::Control;

/// `v` as `a,b,c`.
pub fn list(v: &[u64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

/// Tuples as `(a,b), (c,d)`.
pub fn tuples(v: &[Vec<u64>]) -> String {
    v.iter()
        .map(|t| format!("({})", t.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The value of heap `n` in a table of a ruleset with small values.
pub fn small(s: &engine::NimSeq, n: u64) -> u64 {
    s.get_u64(n).expect("value below 2^64")
}

/// Nim with several heaps searched as one game (a move reduces one heap), without the
/// Sprague–Grundy theorem. Positions are sorted tuples.
///
/// # Errors
/// The memory limit; interruption.
pub fn nim_whole_game(heaps: &[u64], memo: &mut Memo<Vec<u64>>, ctl: &Control) -> Result<u32> {
    let mut start = heaps.to_vec();
    start.sort_unstable();
    engine::search_game(
        start,
        memo,
        |p: &Vec<u64>, out| {
            for i in 0..p.len() {
                for k in 0..p[i] {
                    let mut q = p.clone();
                    q[i] = k;
                    q.sort_unstable();
                    out.push(vec![q]);
                }
            }
        },
        ctl,
        "nim searched as one game",
    )
}

/// [`Kind::NimSum`](crate::Kind::NimSum).
pub(crate) fn nim_sum(c: &Ctx, heaps: &[u64], paper: u64, outcome: bool) -> Result<Outcome> {
    let mut memo = Memo::default();
    let g = nim_whole_game(heaps, &mut memo, c.ctl())?;
    let xor = heaps.iter().fold(0, |a, &b| a ^ b);
    let range = format!("Nim ({})", list(heaps));
    if !outcome {
        return Ok(Outcome::compare(
            paper,
            g,
            format!("nim-sum {xor} = {xor:b}₂; value by searching the whole game: {g}"),
            range,
        ));
    }
    let class = |v: u64| if v == 0 { "P" } else { "N" };
    Ok(Outcome::compare(
        format!("nim-sum {paper}, {}-position", class(paper)),
        format!("nim-sum {xor}, {}-position", class(u64::from(g))),
        format!(
            "searched as one game: G = {g} ({} positions); nim-sum of heaps {xor}",
            memo.len()
        ),
        range,
    ))
}

/// [`Kind::ValueSet`](crate::Kind::ValueSet): the heaps n ≤ max(paper) of `value`
/// against the paper's list.
pub(crate) fn value_set(c: &Ctx, value: u64, paper: &[u64]) -> Result<Outcome> {
    let name = c.ruleset();
    let to = *paper.iter().max().expect("nonempty");
    let s = engine::table(name, to, c.ctl())?;
    let ours: Vec<u64> = (0..=to).filter(|&n| small(&s, n) == value).collect();
    Ok(Outcome::compare(
        list(paper),
        list(&ours),
        format!("the heaps of value {value} in {name}"),
        format!("n ≤ {to}"),
    ))
}

/// [`Kind::Values`](crate::Kind::Values): each position's value against the paper's;
/// the first disagreement decides.
pub(crate) fn values(c: &Ctx, items: &[(&str, u64)]) -> Result<Outcome> {
    let mut ev = Search::new(c.ctl());
    let mut computed = Vec::new();
    let mut last = None;
    for &(expr, paper) in items {
        let v = ev.value_of(expr)?;
        computed.push(format!("value of {expr} by search"));
        let o = Outcome::compare(paper, &v, computed.join("; "), expr);
        if !o.verdict.confirms() {
            return Ok(o);
        }
        last = Some(o);
    }
    Ok(last.expect("at least one position"))
}

/// [`Kind::WinningMoves`](crate::Kind::WinningMoves).
pub(crate) fn winning_moves(
    c: &Ctx,
    expr: &str,
    expected: &[&str],
    note: &str,
    options_after: Option<usize>,
) -> Result<Outcome> {
    let mut ev = Search::new(c.ctl());
    let m = ev.moves(expr, false)?;
    let mut got: Vec<String> = m.winning.iter().map(|p| p.to_string()).collect();
    let mut want: Vec<String> = expected
        .iter()
        .map(|e| Ok(engine::position(e)?.to_string()))
        .collect::<Result<_>>()?;
    want.sort();
    got.sort();
    let mut o = Outcome::compare(
        format!("{} winning move(s): {}", want.len(), want.join(" | ")),
        format!("{} winning move(s): {}", got.len(), got.join(" | ")),
        format!("value of {expr} = {}{note}", m.value),
        expr.to_string(),
    );
    if let (Some(paper), [after]) = (options_after, expected) {
        let n = ev.moves(after, true)?.options.map_or(0, |o| o.len());
        let words = ["none", "one", "two", "three", "four"];
        let want = words.get(paper).map_or(paper.to_string(), |w| w.to_string());
        o.computed += &format!("; from {after} there are {n} options (the paper: exactly {want})");
        if n != paper {
            o.verdict = crate::Verdict::Disagrees {
                paper: format!("exactly {want} options after the move"),
                ours: format!("{n}"),
            };
        }
    }
    Ok(o)
}

/// [`Kind::Observation`](crate::Kind::Observation): "for n < bound, G(n) = 1 iff
/// pred(n)", its failures below the bound, and the first failure at or above it (full
/// mode looks twice as far).
pub(crate) fn observation(c: &Ctx, bound: u64, pred: SievePredicate, reading: &str) -> Result<Outcome> {
    let to = bound + c.size(0, bound);
    let s = engine::table(c.ruleset(), to, c.ctl())?;
    let sv = Sieve::new(to);
    let fails = |n: u64| (small(&s, n) == 1) != pred(&sv, n);
    let inside: Vec<u64> = (1..bound).filter(|&n| fails(n)).collect();
    let beyond_text = match (bound..=to).find(|&n| fails(n)) {
        Some(n) => format!(
            "the first failure at or above the bound is n = {n} (G = {})",
            small(&s, n)
        ),
        None => format!("no failure up to {to}"),
    };
    let computed = format!("{reading}; {beyond_text}");
    let range = format!("1 ≤ n < {bound}");
    if inside.is_empty() {
        return Ok(Outcome::holds(computed, range));
    }
    let shown: Vec<String> = inside
        .iter()
        .take(5)
        .map(|&n| format!("n = {n}: G = {}", small(&s, n)))
        .collect();
    let only_one = if inside == [1] {
        " only (heap 1 is terminal); it holds for 2 ≤ n < the bound"
    } else {
        ""
    };
    Ok(Outcome::check(
        false,
        computed,
        range,
        "the equivalence for every n below the bound",
        format!("it fails at {}{only_one}", shown.join("; ")),
    ))
}
