//! Node-Kayles on the generalized Petersen graphs P(n,k) (Brown et al., "Nimber
//! sequences of Node-Kayles games", J. Integer Sequences 23 (2020), art. 20.3.5; OEIS
//! A316533 for k = 2): an outer cycle u₀…uₙ₋₁, spokes uᵢ–vᵢ, and inner edges
//! vᵢ–vᵢ₊ₖ; `node-kayles-petersen(n,k)`, 1 ≤ k < n/2, 2n ≤ 256.

use super::graphs::sets::Key256;
use super::graphs::{elements, BitSet, Bits256};
use super::node_kayles::{framed_engine, FrameKey, FramedRules, Framing, Graph, NamedGraphs, Writer};
use crate::game::{Family, GameSolver, Params, Ruleset};
use crate::solve::bitgame::OptionList;
use std::sync::{Arc, LazyLock};

/// The edge list of P(n,k).
fn petersen(args: &[u64]) -> Result<String, String> {
    let [n, k] = args[..] else {
        return Err("takes n and k, e.g. node-kayles-petersen(5,2) (the Petersen graph)".into());
    };
    if !(3..=128).contains(&n) || k == 0 || 2 * k >= n {
        return Err("P(n,k) takes 3 ≤ n ≤ 128 (2n vertices, at most 256: the engine's vertex sets) and 1 ≤ k < n/2".into());
    }
    let mut parts = Vec::new();
    for i in 0..n {
        parts.push(format!("u{i}-u{}", (i + 1) % n));
        parts.push(format!("u{i}-v{i}"));
    }
    for i in 0..n {
        parts.push(format!("v{i}-v{}", (i + k) % n));
    }
    Ok(parts.join(" "))
}

static PETERSEN: LazyLock<Arc<NamedGraphs>> =
    LazyLock::new(|| Arc::new(NamedGraphs::new("node-kayles-petersen", petersen).with_engine(engine)));

// The frame of P(n,k): u_j is bit j of the low half (words 0 and 1), v_j bit j of the
// high half (words 2 and 3); the first word of a key holds the kind of region, k and n
// (bits 0–1, 2–9 and 10–17) below the graph's number (`raw_tag`).

/// A region in normal form that lies in an interval of indices: an empty stretch of k
/// indices or more (which no edge crosses) leaves it on the infinite ladder, where it is
/// the same graph on every P(n,k) (n > its length + k).
pub const OPEN: u64 = 0;
/// A region in normal form that goes round the cycle (no empty stretch of k indices).
pub const ROUND: u64 = 1;

/// The first word of a key of kind `kind` for P(n,k) (n left 0 for [`OPEN`] regions).
fn tag(kind: u64, n: u32, k: u32) -> u64 {
    kind | u64::from(k) << 2 | u64::from(n) << 10
}

/// (kind, n, k) of a key's first word.
fn params(word: u64) -> (u64, u32, u32) {
    (word & 3, (word >> 10 & 0xFF) as u32, (word >> 2 & 0xFF) as u32)
}

/// The two halves (u, v) of a set of the frame.
#[inline]
fn halves(s: Bits256) -> (u128, u128) {
    (
        u128::from(s.0[0]) | u128::from(s.0[1]) << 64,
        u128::from(s.0[2]) | u128::from(s.0[3]) << 64,
    )
}

/// The set of the frame with halves (u, v).
#[inline]
fn join(u: u128, v: u128) -> Bits256 {
    Bits256([u as u64, (u >> 64) as u64, v as u64, (v >> 64) as u64])
}

/// `x` (a set of indices below n) turned by t places: index i to i + t mod n.
#[inline]
fn turn(x: u128, t: u32, n: u32) -> u128 {
    let t = t % n;
    if t == 0 {
        x
    } else {
        (x << t | x >> (n - t)) & u128::first_n(n as usize)
    }
}

/// The vertices joined to some vertex of `(u, v)`, with them: on the cycle of n indices
/// (`n` > 0), or on the infinite ladder (`n` = 0, indices from 0 up).
#[inline]
fn reach(u: u128, v: u128, n: u32, k: u32) -> (u128, u128) {
    if n == 0 {
        (u | u << 1 | u >> 1 | v, v | v << k | v >> k | u)
    } else {
        (u | turn(u, 1, n) | turn(u, n - 1, n) | v, v | turn(v, k, n) | turn(v, n - k, n) | u)
    }
}

/// The region (u, v) of an interval at index 0 and its mirror image: the least (in the
/// order of (v, u)).
#[inline]
fn least_of_mirrors(u: u128, v: u128) -> (u128, u128) {
    let len = 128 - (u | v).leading_zeros();
    let mirror = |x: u128| if len == 0 { x } else { x.reverse_bits() >> (128 - len) };
    let (v, u) = (v, u).min((mirror(v), mirror(u)));
    (u, v)
}

/// The normal form of a connected region (u, v) of P(n,k) (`n` > 0) or of the ladder
/// (`n` = 0), as a key.
fn normal_form(u: u128, v: u128, n: u32, k: u32) -> Key256 {
    if n == 0 {
        // On the ladder: moved to index 0, then the least of it and its mirror image.
        let first = (u | v).trailing_zeros();
        let (u, v) = least_of_mirrors(u >> first, v >> first);
        return Bits256::key(tag(OPEN, 0, k), join(u, v));
    }
    let empty = !(u | v) & u128::first_n(n as usize);
    // Indices starting an empty stretch of k: all in the one stretch of k or more (the
    // region is connected, and no edge crosses such a stretch).
    let stretch = (1..k).fold(empty, |g, i| g & turn(empty, n - i, n));
    if stretch != 0 {
        // The region starts at the first index it holds after the stretch.
        let p = stretch.trailing_zeros();
        let start = (p + turn(u | v, n - p, n).trailing_zeros()) % n;
        let (u, v) = (turn(u, n - start, n), turn(v, n - start, n));
        let (u, v) = least_of_mirrors(u, v);
        return Bits256::key(tag(OPEN, 0, k), join(u, v));
    }
    // Round the cycle: the least of its 2n images under the turns and the reflection
    // i → −i.
    let reflect = |x: u128| turn(x.reverse_bits() >> (128 - n), 1, n);
    let mut best = (v, u);
    for (a, b) in [(u, v), (reflect(u), reflect(v))] {
        for t in 0..n {
            best = best.min((turn(b, t, n), turn(a, t, n)));
        }
    }
    Bits256::key(tag(ROUND, n, k), join(best.1, best.0))
}

/// Node-Kayles on the generalized Petersen graphs, as [`FramedRules`]: keys are regions
/// of the frame in normal form ([`OPEN`]: the same on every P(n,k) with the same k;
/// [`ROUND`]), or, as the rules give them for proofs and the outcome search
/// (`options_exact`), the vertices of the graph of the position they were met in
/// ([`raw_tag`](super::node_kayles::raw_tag)).
#[derive(Clone, Copy)]
pub struct PetersenGame;

impl FramedRules for PetersenGame {
    fn list<K: FrameKey>(&self, key: &Key256, normal: bool, out: &mut OptionList<K>, stop: &mut dyn FnMut(&[K]) -> bool) {
        // n is 0 for an OPEN region (on the ladder).
        let (_, n, k) = params(key.0[0]);
        let (u, v) = halves(Bits256::key_set(key));
        for (half, mut x) in [(0, u), (1, v)] {
            while x != 0 {
                let one = x & x.wrapping_neg();
                x &= x - 1;
                let taken = if half == 0 { reach(one, 0, n, k) } else { reach(0, one, n, k) };
                let (mut ru, mut rv) = (u & !taken.0, v & !taken.1);
                // The parts left, each grown from a vertex next to the hole; one that
                // has reached all of them not yet placed is the rest (the region was
                // connected).
                let near = reach(taken.0, taken.1, n, k);
                let (mut bu, mut bv) = (near.0 & ru, near.1 & rv);
                while ru | rv != 0 {
                    let mut part = if bu != 0 { (bu & bu.wrapping_neg(), 0) } else { (0, bv & bv.wrapping_neg()) };
                    loop {
                        if bu & !part.0 == 0 && bv & !part.1 == 0 {
                            part = (ru, rv);
                            break;
                        }
                        let next = reach(part.0, part.1, n, k);
                        let next = (next.0 & ru, next.1 & rv);
                        if next == part {
                            break;
                        }
                        part = next;
                    }
                    ru &= !part.0;
                    rv &= !part.1;
                    bu &= !part.0;
                    bv &= !part.1;
                    out.push(K::of_wide(&if normal {
                        normal_form(part.0, part.1, n, k)
                    } else {
                        Bits256::key(key.0[0], join(part.0, part.1))
                    }));
                }
                out.end_option();
                if stop(out.last()) {
                    return;
                }
            }
        }
    }

    fn known(&self, k: &Key256) -> Option<u32> {
        // A connected set of one or two vertices: one move takes everything.
        (Bits256::key_set(k).count() <= 2).then_some(1)
    }

    fn valid(&self, key: &Key256) -> bool {
        let (kind, n, k) = params(key.0[0]);
        let (u, v) = halves(Bits256::key_set(key));
        let fits = match kind {
            // On the ladder (P(n,k) has k < n/2 ≤ 64).
            OPEN => n == 0 && k < 64,
            ROUND => (3..=128).contains(&n) && 2 * k < n && (u | v) & !u128::first_n(n as usize) == 0,
            _ => false,
        };
        key.0[0] >> 18 == 0 && k > 0 && u | v != 0 && fits
    }

    /// The regions of P(n,k) with n ≤ 64 (a narrow framing: u_j and v_j for j < 64,
    /// bits 0–63 of each half) have their options' parts there too: as the rules give
    /// them, subsets of the region; in normal form, turned round the cycle of n, or
    /// moved to index 0 within their interval (shorter than n).
    fn keeps_narrow(&self) -> bool {
        true
    }

    /// 1.3: P(32,2) visits 4.3·10^5 positions (1.23 per vertex), P(38,2) 7.8·10^6
    /// (1.23), P(24,3) 4.8·10^4 (1.25), P(24,5) 1.1·10^5 (1.27).
    fn growth(&self) -> f64 {
        1.3
    }
}

/// P(n,k) (the graph `g`, vertices `u<i>` and `v<i>`) on the frame.
///
/// # Panics
/// On a vertex named otherwise (the graphs of this family are built by [`petersen`]).
fn framing(g: &Graph) -> Framing {
    let index = |name: &str| name[1..].parse::<usize>().expect("a vertex u<i> or v<i>");
    let bits = g
        .edges
        .names
        .iter()
        .map(|name| if name.starts_with('u') { index(name) } else { 128 + index(name) })
        .collect();
    let n = g.edges.names.len() / 2;
    // k: the least step from v0 to an inner neighbour.
    let v0 = g.edges.names.iter().position(|x| x == "v0").expect("v0");
    let k = elements(g.adj[v0])
        .filter(|&w| g.edges.names[w].starts_with('v'))
        .map(|w| {
            let j = index(&g.edges.names[w]);
            j.min(n - j)
        })
        .min()
        .expect("an inner edge");
    Framing {
        bits,
        params: tag(ROUND, n as u32, k as u32),
    }
}

/// The engine of the family ([`framed_engine`] over [`PetersenGame`]): regions keyed by
/// their normal form under the turns and the reflection of the cycle, and those that
/// lie in an interval by their shape alone.
fn engine(name: String, write: Writer) -> Box<dyn GameSolver> {
    framed_engine(name, write, PetersenGame, framing)
}

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "node-kayles-petersen",
    aliases: &[],
    params: Params::None,
    positions: "the generalized Petersen graph P(n,k), 3 ≤ n ≤ 128, 1 ≤ k < n/2",
    options: "take a vertex and its neighbours (Node-Kayles on P(n,k))",
    source: "Brown et al., J. Integer Sequences 23 (2020), art. 20.3.5; OEIS A316533 (k = 2)",
    formula: None,
    example: "node-kayles-petersen(5,2)",
    build: |_| Ok(Ruleset::Game(PETERSEN.clone())),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_position;
    use crate::game::{GameArgs, GameRuleset};
    use crate::rulesets::graphs::{for_each_part, set_of, set_pos};
    use crate::rulesets::node_kayles::ON_GRAPHS;
    use crate::solve::{Method, Solver};
    use crate::Control;
    use rustc_hash::FxHashMap;

    fn rng(mut x: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        }
    }

    /// A random connected region of P(n,k) on the frame (a part of a random set).
    fn region(next: &mut impl FnMut(u64) -> u64, n: u32, k: u32) -> (u128, u128) {
        let keep = 30 + next(60);
        let u = (0..n).filter(|_| next(100) < keep).fold(0u128, |m, i| m | 1 << i);
        let v = (0..n).filter(|_| next(100) < keep).fold(0u128, |m, i| m | 1 << i);
        let s = join(u, v);
        let mut parts = Vec::new();
        for_each_part(
            s,
            |i| {
                let (a, b) = if i < 128 { (1u128 << i, 0) } else { (0, 1u128 << (i - 128)) };
                let (ru, rv) = reach(a, b, n, k);
                join(ru & !a, rv & !b)
            },
            |c| parts.push(c),
        );
        parts.into_iter().max_by_key(|c| c.count()).map_or((0, 0), halves)
    }

    /// A region's normal form is the same under the turns and the reflection of the
    /// cycle, and, for a region in an interval, on every P(n,k) it fits.
    #[test]
    fn normal_forms_of_regions() {
        let mut next = rng(0x2545_F491_4F6C_DD1D);
        for round in 0..400 {
            let n = 5 + next(60) as u32;
            let k = 1 + next(u64::from((n - 1) / 2)) as u32;
            let (u, v) = region(&mut next, n, k);
            if u | v == 0 {
                continue;
            }
            let form = normal_form(u, v, n, k);
            assert_eq!(Bits256::key_set(&form).count(), u.count_ones() + v.count_ones(), "round {round}");
            let reflect = |x: u128| turn(x.reverse_bits() >> (128 - n), 1, n);
            for t in [1, n / 2, n - 1] {
                assert_eq!(normal_form(turn(u, t, n), turn(v, t, n), n, k), form, "round {round}: turn {t}");
                let (ru, rv) = (turn(reflect(u), t, n), turn(reflect(v), t, n));
                assert_eq!(normal_form(ru, rv, n, k), form, "round {round}: reflection");
            }
            if params(form.0[0]).0 == OPEN {
                // The shape on a longer cycle, and on the ladder.
                let (su, sv) = halves(Bits256::key_set(&form));
                assert_eq!(normal_form(su, sv, n + 7, k), form, "round {round}: n + 7");
                assert_eq!(normal_form(su << 3, sv << 3, 0, k), form, "round {round}: ladder");
            }
        }
    }

    /// The engine of the family (regions in normal form) against the engine of any
    /// graph, on random sets of vertices of P(n,k), and on whole graphs.
    #[test]
    fn the_family_engine_agrees_with_the_graph_engine() {
        let mut next = rng(0x9E37_79B9_7F4A_7C15);
        let mut family = PETERSEN.solver().unwrap();
        let mut graph = ON_GRAPHS.solver().unwrap();
        let ctl = Control::new().with_work_limit(u64::MAX);
        for round in 0..150 {
            let n = 5 + next(20);
            let k = 1 + next((n - 1) / 2);
            let pos = PETERSEN.position(GameArgs::Numbers(&[(n, 1), (k, 1)])).unwrap();
            let (id, all) = set_of::<Bits256>(&pos);
            let keep = 30 + next(60);
            let s = elements(all).filter(|_| next(100) < keep).fold(Bits256::default(), |m, x| m | Bits256::bit(x));
            let part = set_pos(id, s);
            assert_eq!(
                family.value(&part, &ctl).unwrap(),
                graph.value(&part, &ctl).unwrap(),
                "P({n},{k}), round {round}"
            );
        }
        for (n, k) in [(7, 2), (8, 3), (12, 2), (13, 5), (16, 2), (17, 3)] {
            let pos = PETERSEN.position(GameArgs::Numbers(&[(n, 1), (k, 1)])).unwrap();
            assert_eq!(family.value(&pos, &ctl).unwrap(), graph.value(&pos, &ctl).unwrap(), "P({n},{k})");
        }
    }

    /// A proof written by the family's engine is a graph proof the checker accepts.
    #[test]
    fn the_family_engine_writes_graph_proofs() {
        for (n, k) in [(5u64, 2u64), (9, 2), (10, 3)] {
            let pos = PETERSEN.position(GameArgs::Numbers(&[(n, 1), (k, 1)])).unwrap();
            let (v, text) = PETERSEN.solver().unwrap().proof(&pos, &Control::new()).unwrap();
            let report = crate::analysis::proof_check::check_proof(&text, &Control::new()).unwrap();
            assert_eq!(crate::value::Nimber::from(report.value), v, "P({n},{k})");
            assert!(!text.contains("normal-form"), "P({n},{k})");
        }
    }

    /// A brute force over vertex sets of P(n,k) (u_i = i, v_i = n + i), no splitting.
    fn brute(s: u64, adj: &[u64], memo: &mut FxHashMap<u64, u32>) -> u32 {
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let vals: Vec<u32> = (0..adj.len())
            .filter(|&v| s >> v & 1 == 1)
            .map(|v| brute(s & !(1 << v | adj[v]), adj, memo))
            .collect();
        let v = (0..).find(|x| !vals.contains(x)).expect("a mex");
        memo.insert(s, v);
        v
    }

    #[test]
    fn small_petersen_graphs_against_brute_force() {
        for (n, k) in [(5, 2), (6, 2), (7, 2), (7, 3), (8, 3), (9, 2), (10, 2)] {
            let mut adj = vec![0u64; 2 * n];
            let mut join = |a: usize, b: usize| {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            };
            for i in 0..n {
                join(i, (i + 1) % n);
                join(i, n + i);
                join(n + i, n + (i + k) % n);
            }
            let expect = brute((1 << (2 * n)) - 1, &adj, &mut FxHashMap::default());
            let expr = format!("node-kayles-petersen({n},{k})");
            let pos = parse_position(&expr).unwrap();
            assert_eq!(pos.to_string(), expr);
            let got = Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap();
            assert_eq!(got, u64::from(expect), "{expr}");
        }
        assert!(parse_position("node-kayles-petersen(6,3)").is_err());
        assert!(parse_position("node-kayles-petersen(129,2)").is_err());
        assert!(parse_position("node-kayles-petersen(128,2)").is_ok());
    }
}
