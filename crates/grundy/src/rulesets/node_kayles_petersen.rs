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
    use crate::game::{DbAccess, DbRead};
    use crate::rulesets::node_kayles::{FramedSolver, ON_GRAPHS};
    use crate::solve::{Method, Solver};
    use crate::{Control, Error};
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

    /// The family's engine as it runs (narrow keys for P(n,k) with n ≤ 64), and the
    /// same with wide keys only, as before the narrow keys.
    fn engines() -> (FramedSolver<PetersenGame>, FramedSolver<PetersenGame>) {
        let write: Writer = Arc::new(|pos| ON_GRAPHS.write(pos));
        let make = || FramedSolver::new("node-kayles-petersen", &write, PetersenGame, framing);
        (make(), make().wide_only())
    }

    fn petersen_graph(n: u64, k: u64) -> crate::game::GamePos {
        PETERSEN.position(GameArgs::Numbers(&[(n, 1), (k, 1)])).unwrap()
    }

    /// Whole graphs P(n,k) and random sets of their vertices (sums of parts): the same
    /// values with narrow keys and with wide ones, on one thread and on two.
    #[test]
    fn narrow_and_wide_keys_give_the_same_values() {
        for threads in [1usize, 2] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                let (mut narrow, mut wide) = engines();
                let ctl = Control::new().with_work_limit(u64::MAX);
                let mut next = rng(0x5851_F42D_4C95_7F2D + threads as u64);
                for n in 5..=25u64 {
                    for k in (1..=3u64).filter(|&k| 2 * k < n) {
                        let pos = petersen_graph(n, k);
                        let v = narrow.value(&pos, &ctl).unwrap();
                        assert_eq!(v, wide.value(&pos, &ctl).unwrap(), "P({n},{k}), {threads} threads");
                        let (id, all) = set_of::<Bits256>(&pos);
                        for _ in 0..3 {
                            let keep = 30 + next(60);
                            let s = elements(all)
                                .filter(|_| next(100) < keep)
                                .fold(Bits256::default(), |m, x| m | Bits256::bit(x));
                            let part = set_pos(id, s);
                            assert_eq!(
                                narrow.value(&part, &ctl).unwrap(),
                                wide.value(&part, &ctl).unwrap(),
                                "P({n},{k}) less some vertices, {threads} threads"
                            );
                        }
                    }
                }
                assert!(narrow.narrow_in_use() && !wide.narrow_in_use());
                // Only the narrow engine's table was made.
                let (a, b) = (narrow.stats(), wide.stats());
                assert!(a.table_bytes < b.table_bytes, "{a:?} {b:?}");
            });
        }
    }

    /// The search does not depend on the keys' width: on one thread, the same positions
    /// searched and the same entries kept, in a smaller table.
    #[test]
    fn narrow_and_wide_keys_search_the_same_positions() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        pool.install(|| {
            for (n, k) in [(18u64, 1u64), (23, 2), (26, 2), (21, 3), (20, 4)] {
                let (mut narrow, mut wide) = engines();
                let ctl = Control::new().with_work_limit(u64::MAX);
                let pos = petersen_graph(n, k);
                assert_eq!(narrow.value(&pos, &ctl).unwrap(), wide.value(&pos, &ctl).unwrap());
                let (a, b) = (narrow.stats(), wide.stats());
                assert_eq!(a.searched, b.searched, "P({n},{k})");
                assert_eq!(a.entries, b.entries, "P({n},{k})");
                assert!(a.table_bytes * 46 <= b.table_bytes * 30 * 2, "P({n},{k}): {a:?} {b:?}");
                assert_eq!((a.replaced, b.replaced), (0, 0));
            }
        });
    }

    /// The proofs of P(n,2) (and of a few other graphs and sets) are the same text
    /// byte for byte with narrow keys and with wide ones.
    #[test]
    fn narrow_and_wide_keys_write_the_same_proofs() {
        let ctl = Control::new();
        let mut positions: Vec<_> = (5..=16).map(|n| petersen_graph(n, 2)).collect();
        positions.extend([petersen_graph(11, 1), petersen_graph(13, 3)]);
        let (id, all) = set_of::<Bits256>(&petersen_graph(17, 2));
        positions.push(set_pos(id, elements(all).filter(|v| v % 5 != 2).fold(Bits256::default(), |m, x| m | Bits256::bit(x))));
        for pos in &positions {
            let (mut narrow, mut wide) = engines();
            let (v, text) = narrow.proof(pos, &ctl).unwrap();
            assert!(narrow.narrow_in_use());
            assert_eq!(wide.proof(pos, &ctl).unwrap(), (v.clone(), text.clone()), "{pos:?}");
            let report = crate::analysis::proof_check::check_proof(&text, &ctl).unwrap();
            assert_eq!(crate::value::Nimber::from(report.value), v);
        }
    }

    /// A database file of this test, removed when dropped.
    struct TempDb(std::path::PathBuf);

    impl TempDb {
        fn new(name: &str) -> TempDb {
            let path = std::env::temp_dir().join(format!("grundy-narrow-{}-{name}.db", std::process::id()));
            let _ = std::fs::remove_file(&path);
            TempDb(path)
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
            // A directory put in its place (a test of saves that fail).
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The entries of a database file: its words after the header, five of a key and
    /// one of data each (the count and the checksum left out), sorted.
    fn db_entries(path: &std::path::Path) -> Vec<[u64; 6]> {
        let bytes = std::fs::read(path).unwrap();
        let words: Vec<u64> = bytes.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect();
        let at = 3 + words[2].div_ceil(8) as usize;
        let mut entries: Vec<[u64; 6]> = words[at..words.len() - 2].chunks(6).map(|c| c.try_into().unwrap()).collect();
        assert_eq!(entries.len() as u64, words[words.len() - 2]);
        entries.sort_unstable();
        entries
    }

    /// A database written by the wide engine (as every file before the narrow keys)
    /// is read by the narrow one, and one the narrow engine writes by the wide one: the
    /// same format, the same entries (on one thread, where the table's entries do not
    /// depend on the threads' timing).
    #[test]
    fn databases_pass_between_the_widths() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        pool.install(databases_pass_between_the_widths_on_one_thread);
    }

    fn databases_pass_between_the_widths_on_one_thread() {
        let ctl = Control::new().with_work_limit(u64::MAX);
        let (from_wide, from_narrow) = (TempDb::new("from-wide"), TempDb::new("from-narrow"));
        let rw = DbAccess::ReadWrite;
        let (p16, p17, p13) = (petersen_graph(16, 2), petersen_graph(17, 2), petersen_graph(13, 3));

        let (mut narrow, mut wide) = engines();
        assert_eq!(wide.use_db(&from_wide.0, rw, &ctl).unwrap(), None);
        assert_eq!(narrow.use_db(&from_narrow.0, rw, &ctl).unwrap(), None);
        for pos in [&p16, &p13] {
            assert_eq!(narrow.value(pos, &ctl).unwrap(), wide.value(pos, &ctl).unwrap());
        }
        assert!(narrow.narrow_in_use());
        // The same table at both widths: the same entries in the files (in another
        // order: the table's order follows the hash of the key).
        let entries = db_entries(&from_wide.0);
        assert!(!entries.is_empty());
        assert_eq!(db_entries(&from_narrow.0), entries);

        // Each file read by the other width, all of its entries kept, and searched on.
        let (mut narrow, mut wide) = engines();
        let all = Some(DbRead {
            entries: entries.len() as u64,
            left_out: 0,
        });
        assert_eq!(narrow.use_db(&from_wide.0, rw, &ctl).unwrap(), all);
        assert_eq!(wide.use_db(&from_narrow.0, rw, &ctl).unwrap(), all);
        assert!(narrow.narrow_in_use());
        assert_eq!(narrow.stats().entries, entries.len() as u64);
        for pos in [&p16, &p17] {
            assert_eq!(narrow.value(pos, &ctl).unwrap(), wide.value(pos, &ctl).unwrap());
        }
        // P(16,2)'s parts were in the files: its search lists the whole graph's options
        // only, far fewer positions than P(17,2)'s.
        assert_eq!(narrow.stats().searched, wide.stats().searched);
        assert_eq!(db_entries(&from_wide.0), db_entries(&from_narrow.0));
    }

    /// The outer cycle of P(70,2) with v0, v1 and v5: a region round the cycle whose
    /// options are regions of 65 to 70 indices, keys past the narrow engine's words.
    fn wide_cycle() -> crate::game::GamePos {
        let (id, all) = set_of::<Bits256>(&petersen_graph(70, 2));
        let g = ON_GRAPHS.graphs().get(id);
        let outer = elements(all)
            .filter(|&v| g.edges.names[v].starts_with('u') || ["v0", "v1", "v5"].contains(&g.edges.names[v].as_str()))
            .fold(Bits256::default(), |m, x| m | Bits256::bit(x));
        set_pos(id, outer)
    }

    /// A database that holds keys too wide for the narrow engine goes to the wide one,
    /// narrow graphs included; a graph that is not narrow, met after the narrow engine
    /// took a database, has the wide engine read the file (saved by the narrow one's
    /// searches) and keep it. Values are those of a search without databases.
    #[test]
    fn wide_keys_in_a_database_and_wide_graphs_after_one() {
        let ctl = Control::new().with_work_limit(u64::MAX);
        let (rw, ro) = (DbAccess::ReadWrite, DbAccess::ReadOnly);
        let (cycle, p14) = (wide_cycle(), petersen_graph(14, 2));
        let (_, mut reference) = engines();
        let (vc, v14) = (reference.value(&cycle, &ctl).unwrap(), reference.value(&p14, &ctl).unwrap());

        // A file with wide keys, written by the wide engine.
        let wide_file = TempDb::new("wide-keys");
        let (_, mut wide) = engines();
        wide.use_db(&wide_file.0, rw, &ctl).unwrap();
        assert_eq!(wide.value(&cycle, &ctl).unwrap(), vc);
        assert!(wide.stats().searched > 100, "{:?}", wide.stats());
        assert!(db_entries(&wide_file.0).iter().any(|e| e[2] | e[4] != 0));
        for access in [rw, ro] {
            let entries = db_entries(&wide_file.0);
            let (mut e, _) = engines();
            let read = e.use_db(&wide_file.0, access, &ctl).unwrap().unwrap();
            assert_eq!(read.entries, entries.len() as u64);
            assert!(!e.narrow_in_use(), "{access:?}");
            assert_eq!(e.stats().entries, entries.len() as u64);
            assert_eq!(e.value(&p14, &ctl).unwrap(), v14);
            assert_eq!(e.value(&cycle, &ctl).unwrap(), vc);
        }

        // A file the narrow engine keeps, then a wide graph.
        let file = TempDb::new("narrow-then-wide");
        let (mut e, _) = engines();
        assert_eq!(e.use_db(&file.0, rw, &ctl).unwrap(), None);
        assert_eq!(e.value(&p14, &ctl).unwrap(), v14);
        assert!(e.narrow_in_use());
        let narrow = e.stats();
        let saved = db_entries(&file.0);
        assert_eq!(saved.len() as u64, narrow.entries - 1, "all but the whole graph's key");
        assert_eq!(e.value(&cycle, &ctl).unwrap(), vc);
        assert!(!e.narrow_in_use());
        // The narrow engine's counters kept; the wide one read its entries.
        let both = e.stats();
        assert!(both.searched > narrow.searched);
        assert!(both.entries > saved.len() as u64);
        assert_eq!(e.value(&p14, &ctl).unwrap(), v14);
        let after = db_entries(&file.0);
        assert!(saved.iter().all(|x| after.binary_search(x).is_ok()));
        assert!(after.len() > saved.len());
        // Read-only: the wide engine reads the file as it is.
        let (mut e, _) = engines();
        e.use_db(&file.0, ro, &ctl).unwrap();
        assert!(!e.narrow_in_use(), "the file now holds wide keys");
        assert_eq!(e.value(&cycle, &ctl).unwrap(), vc);
        let (mut e, _) = engines();
        let narrow_file = TempDb::new("read-only-narrow");
        let (mut w, _) = engines();
        w.use_db(&narrow_file.0, rw, &ctl).unwrap();
        w.value(&p14, &ctl).unwrap();
        let before = db_entries(&narrow_file.0);
        e.use_db(&narrow_file.0, ro, &ctl).unwrap();
        assert!(e.narrow_in_use());
        assert_eq!(e.value(&cycle, &ctl).unwrap(), vc);
        assert!(!e.narrow_in_use());
        assert_eq!(e.value(&p14, &ctl).unwrap(), v14);
        assert_eq!(db_entries(&narrow_file.0), before, "a read-only file is never written");
    }

    /// The memory limit of the tests of a database too large for the wide table: the
    /// entries of P(24,2)'s search (about 12,700) fit the narrow table (at most 7/8 of
    /// 18,944 slots of 30 bytes in three quarters of the limit) and not the wide one
    /// (11,968 slots of 46 bytes).
    const NARROW_ONLY_LIMIT: u64 = 800_000;

    /// A database the narrow engine keeps, too large for the wide table at this memory
    /// limit: a graph that is not narrow is refused with the memory the wide table
    /// needs, each time it comes, and the narrow graphs keep their engine and the
    /// file's entries (read again once, after the first refusal: nothing searched
    /// again).
    #[test]
    fn a_database_too_large_for_the_wide_table_keeps_the_narrow_engine() {
        let ctl = Control::new().with_work_limit(u64::MAX).with_memory_limit(NARROW_ONLY_LIMIT);
        let (cycle, p24) = (wide_cycle(), petersen_graph(24, 2));
        let file = TempDb::new("too-large-for-wide");
        let (mut e, _) = engines();
        assert_eq!(e.use_db(&file.0, DbAccess::ReadWrite, &ctl).unwrap(), None);
        let v24 = e.value(&p24, &ctl).unwrap();
        let saved = db_entries(&file.0);
        assert!(saved.len() > 10_000, "{}", saved.len());
        for access in [DbAccess::ReadWrite, DbAccess::ReadOnly] {
            let (mut e, _) = engines();
            let read = e.use_db(&file.0, access, &ctl).unwrap().unwrap();
            assert_eq!((read.entries, read.left_out), (saved.len() as u64, 0));
            assert_eq!(e.value(&p24, &ctl).unwrap(), v24);
            // The whole graph's key only (a key of this run, not in the file).
            assert_eq!(e.stats().searched, 1, "{access:?}");
            for round in 0..2 {
                match e.value(&cycle, &ctl) {
                    Err(Error::TooLarge {
                        what,
                        estimate_bytes,
                        limit_bytes,
                        ..
                    }) => {
                        assert!(what.contains("reading the database"), "{what}");
                        assert_eq!(limit_bytes, NARROW_ONLY_LIMIT);
                        assert!(estimate_bytes > NARROW_ONLY_LIMIT);
                    }
                    other => panic!("{access:?}, round {round}: {other:?}"),
                }
                assert!(e.narrow_in_use(), "{access:?}, round {round}");
                let before = e.stats();
                assert_eq!(e.value(&p24, &ctl).unwrap(), v24);
                let after = e.stats();
                assert!(after.searched <= before.searched + 1, "{access:?}, round {round}: {before:?} {after:?}");
                assert!(after.entries >= saved.len() as u64, "{access:?}, round {round}: {after:?}");
            }
            assert_eq!(db_entries(&file.0), saved, "{access:?}");
        }
        // With room for the wide table, the same file is handed over.
        let ctl = Control::new().with_work_limit(u64::MAX).with_memory_limit(4 * NARROW_ONLY_LIMIT);
        let (mut e, mut reference) = engines();
        e.use_db(&file.0, DbAccess::ReadOnly, &ctl).unwrap();
        assert_eq!(e.value(&cycle, &ctl).unwrap(), reference.value(&cycle, &ctl).unwrap());
        assert!(!e.narrow_in_use());
        assert!(e.stats().entries > saved.len() as u64);
    }

    /// A handover refused is remembered: each later graph that is not narrow gets the
    /// refusal again without the file read again by either engine (here the file is
    /// moved away after the first refusal: a read would name it missing), and the
    /// entries the narrow engine made again replaced while it read the file again are
    /// not counted again in `replaced` (its first read counted them); at a higher
    /// memory limit the handover is tried again, and made.
    #[test]
    fn a_refused_handover_is_remembered() {
        let at = |limit: u64| Control::new().with_work_limit(u64::MAX).with_memory_limit(limit);
        let (cycle, p24) = (wide_cycle(), petersen_graph(24, 2));
        let file = TempDb::new("refusal-remembered");
        let aside = TempDb::new("refusal-remembered-aside");
        let (mut e, _) = engines();
        assert_eq!(e.use_db(&file.0, DbAccess::ReadWrite, &at(NARROW_ONLY_LIMIT)).unwrap(), None);
        let v24 = e.value(&p24, &at(NARROW_ONLY_LIMIT)).unwrap();
        // The least limit (of a few) at which the narrow table reads the file, some of
        // its entries replaced (windows full): far below the wide table's.
        let (mut e, mut reference) = engines();
        let mut read = None;
        let limit = (500_000..NARROW_ONLY_LIMIT)
            .step_by(10_000)
            .find(|&limit| {
                (e, reference) = engines();
                read = e.use_db(&file.0, DbAccess::ReadOnly, &at(limit)).ok().flatten();
                read.is_some()
            })
            .expect("a limit that reads the file");
        let first = e.stats();
        assert!(first.replaced > 0, "{first:?} {read:?}, at {limit}");
        let small = at(limit);
        assert_eq!(e.value(&p24, &small).unwrap(), v24);
        for round in 0..3 {
            let before = e.stats();
            match e.value(&cycle, &small) {
                Err(Error::TooLarge { what, limit_bytes, .. }) => {
                    assert!(what.contains("reading the database"), "{what}");
                    assert_eq!(limit_bytes, limit);
                }
                other => panic!("round {round}: {other:?}"),
            }
            assert!(e.narrow_in_use(), "round {round}");
            // A refused graph adds nothing to the counters.
            let after = e.stats();
            assert_eq!((after.searched, after.replaced), (before.searched, before.replaced), "round {round}");
            assert_eq!(e.value(&p24, &small).unwrap(), v24);
            if round == 0 {
                std::fs::rename(&file.0, &aside.0).unwrap();
            }
        }
        // With room for the wide table, the handover is tried again.
        std::fs::rename(&aside.0, &file.0).unwrap();
        let roomy = at(4 * NARROW_ONLY_LIMIT);
        assert_eq!(e.value(&cycle, &roomy).unwrap(), reference.value(&cycle, &roomy).unwrap());
        assert!(!e.narrow_in_use());
    }

    /// What the narrow engine found since its last save (here: its save failed) is
    /// saved before the wide engine reads the file at a handover; a save that fails
    /// there is the position's error, the narrow engine kept.
    #[test]
    fn a_handover_saves_the_narrow_table_first() {
        let ctl = Control::new().with_work_limit(u64::MAX);
        let (cycle, p16) = (wide_cycle(), petersen_graph(16, 2));
        let (_, mut reference) = engines();
        let (vc, v16) = (reference.value(&cycle, &ctl).unwrap(), reference.value(&p16, &ctl).unwrap());
        let file = TempDb::new("saved-at-handover");
        let (mut e, _) = engines();
        assert_eq!(e.use_db(&file.0, DbAccess::ReadWrite, &ctl).unwrap(), None);
        // A directory where the file is to be written: the saves fail.
        std::fs::create_dir(&file.0).unwrap();
        std::fs::write(file.0.join("in-the-way"), b"").unwrap();
        match e.value(&p16, &ctl) {
            Err(Error::File { message, .. }) => assert!(message.contains(&format!("has the value {v16}")), "{message}"),
            other => panic!("{other:?}"),
        }
        assert!(e.stats().searched > 100, "{:?}", e.stats());
        match e.value(&cycle, &ctl) {
            Err(Error::File { message, .. }) => assert!(message.contains("cannot write the database"), "{message}"),
            other => panic!("{other:?}"),
        }
        assert!(e.narrow_in_use());
        std::fs::remove_dir_all(&file.0).unwrap();
        assert_eq!(e.value(&cycle, &ctl).unwrap(), vc);
        assert!(!e.narrow_in_use());
        // P(16,2)'s entries went to the file and to the wide engine: only the whole
        // graph's key (one of this run) is searched again.
        let before = e.stats();
        assert_eq!(e.value(&p16, &ctl).unwrap(), v16);
        assert_eq!(e.stats().searched, before.searched + 1);
    }

    /// A database with keys too wide for the narrow engine, read after it searched: its
    /// counters are those of its search, not of the part of the file it read before
    /// the wide key (which the wide engine reads and counts), on one thread.
    #[test]
    fn a_read_refused_for_a_wide_key_is_not_counted() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        pool.install(|| {
            let file = TempDb::new("counted-once");
            let ctl = Control::new().with_work_limit(u64::MAX);
            let (_, mut wide) = engines();
            wide.use_db(&file.0, DbAccess::ReadWrite, &ctl).unwrap();
            wide.value(&petersen_graph(16, 2), &ctl).unwrap();
            wide.value(&wide_cycle(), &ctl).unwrap();
            // A narrow table full at this limit, whose entries the file's replace.
            let ctl = Control::new().with_work_limit(u64::MAX).with_memory_limit(400_000);
            let (mut e, mut w) = engines();
            e.value(&petersen_graph(24, 2), &ctl).unwrap();
            let searched = e.stats();
            assert!(searched.replaced > 0, "{searched:?}");
            let read = e.use_db(&file.0, DbAccess::ReadOnly, &ctl).unwrap();
            assert!(!e.narrow_in_use());
            assert_eq!(w.use_db(&file.0, DbAccess::ReadOnly, &ctl).unwrap(), read);
            let (got, wide_read) = (e.stats(), w.stats());
            assert_eq!(got.searched, searched.searched);
            assert_eq!(got.entries, wide_read.entries);
            assert_eq!(got.replaced, searched.replaced + wide_read.replaced, "{got:?} {searched:?} {wide_read:?}");
        });
    }
}
