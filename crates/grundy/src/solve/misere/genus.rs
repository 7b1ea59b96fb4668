//! The genus of a game (Conway, *On Numbers and Games* ch. 12; *Winning Ways* ch. 13)
//! and what it decides about tameness.
//!
//! The genus of G is g^{γ₀γ₁γ₂…}: g is the normal-play nim-value and γ_k = G⁻(G + k·*2),
//! the misère Grundy value of G plus k Nim heaps of size 2. The sequence γ ends
//! alternating and is written trimmed: up to the first two terms of its alternating
//! tail (0 is 0^{120}, * is 1^{031}, *2 is 2^{20}).
//!
//! **How the tail is found (exactly).** Let F be G and all its followers. Write
//! L_k(Y) = G⁻(Y + k·*2) for Y in F. Two facts make the layers L_0, L_1, … a
//! deterministic recurrence on vectors indexed by F:
//! 1. G⁻(X + *) = G⁻(X) ⊕ 1 for every game X (induction on X: with m = G⁻(X), the
//!    options of X + * have values {G⁻(X′) ⊕ 1} ∪ {m}, whose mex is m ⊕ 1; a terminal X
//!    gives G⁻(*) = 0 = 1 ⊕ 1).
//! 2. The options of Y + k·*2 (k ≥ 1) are Y′ + k·*2, Y + (k−1)·*2 + * and
//!    Y + (k−1)·*2, so L_k(Y) = mex({L_k(Y′)} ∪ {L_{k−1}(Y), L_{k−1}(Y) ⊕ 1}).
//!
//! So L_k depends on L_{k−1} only; when L_k equals an earlier layer L_i the whole
//! family repeats with period k − i from i on, and every γ_k of G is known. (ONAG ch. 12
//! shows the period is eventually 2, alternating between g and g ⊕ 2; the engine stops
//! at the first repeat of a whole layer, which proves it for the game at hand.)
//!
//! **Tameness.** A misère Nim position has the genus 0^{120} (an even number of
//! 1-heaps), 1^{031} (odd) or g^{g(g⊕2)} (some heap of 2 or more, nim-sum g). What is
//! decided here:
//! - **tame** when every position Y of F (G included) has (g(Y), G⁻(Y)) = (g, g) or
//!   (0, 1) or (1, 0), the pairs of Nim positions. Then every Y plays exactly like a
//!   misère Nim position of its genus in every sum with Nim heaps: G⁻(Y + Z) is the
//!   value misère Nim gives, for every Nim position Z (induction on Y and Z: for Z
//!   without a heap of 2 or more, fact 1 gives G⁻(Y) ⊕ (number of 1-heaps mod 2);
//!   otherwise the options Y′ + Z give g(Y′) ⊕ z, which cover every value below g ⊕ z
//!   that the moves in Z do not cover, the moves in Z give the values misère Nim gives
//!   for a position of Y's genus, and g ⊕ z is missing from both, as in Conway's
//!   analysis of tame games, ONAG ch. 12);
//! - **wild** when G's own genus is not the genus of a Nim position: G⁻(X) = m iff
//!   X + *m is a misère P-position, so a game that plays like a Nim position in sums
//!   with Nim heaps has that position's genus;
//! - **unknown** otherwise (G's genus is a Nim genus but some follower's pair is not:
//!   G may still play like a Nim position, its wild options being reversible).

use super::search::MisereSearch;
use super::sum::{replace, Sum};
use crate::error::{Error, Result};
use crate::game::Position;
use rustc_hash::FxHashMap;
use std::fmt;

/// The genus g^{γ₀γ₁…} of a game, trimmed (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play nim-value g.
    pub g: u64,
    /// γ₀, γ₁, … up to the first two terms of the repeating tail.
    pub gammas: Vec<u64>,
}

impl fmt::Display for Genus {
    /// `2^{20}`, `0^{120}`; with a value of 10 or more the γ are separated by commas
    /// (`12^{12,14}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.gammas.iter().all(|&v| v < 10) { "" } else { "," };
        let text: Vec<String> = self.gammas.iter().map(u64::to_string).collect();
        write!(f, "{}^{{{}}}", self.g, text.join(sep))
    }
}

impl Genus {
    /// True if this is the genus of a misère Nim position: 0^{120}, 1^{031} or
    /// g^{g(g⊕2)}.
    pub fn is_nim_genus(&self) -> bool {
        let g = self.g;
        self.gammas == [g, g ^ 2] || (g == 0 && self.gammas == [1, 2, 0]) || (g == 1 && self.gammas == [0, 3, 1])
    }
}

/// What the genus rules decide about a game's tameness (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tameness {
    /// Every follower has the (g, G⁻) of a Nim position: the game plays like a misère
    /// Nim position in every sum with Nim heaps.
    Tame,
    /// Its genus is not the genus of any Nim position.
    Wild,
    /// Not decided by the genus rules.
    Unknown,
}

impl fmt::Display for Tameness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tameness::Tame => "tame",
            Tameness::Wild => "wild",
            Tameness::Unknown => "unknown",
        })
    }
}

/// The misère facts of one game: G⁻, the genus and its tameness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusReport {
    /// The misère Grundy value G⁻ (γ₀).
    pub misere_value: u64,
    /// The genus.
    pub genus: Genus,
    /// Tameness as far as the genus rules decide it.
    pub tameness: Tameness,
    /// The number of positions of the game (it and its followers).
    pub followers: usize,
    /// The work of the search of the followers, as counted against the work limit:
    /// each follower, each option listed and each heap of those options.
    pub work: u128,
}

impl MisereSearch {
    /// The genus of `pos` taken as one game, with G⁻ and its tameness, by the layer
    /// recurrence of the [module docs](self) over every follower of `pos`.
    ///
    /// # Errors
    /// [`Error::TooMuchWork`] when listing the followers' options (each option and
    /// its heaps) is more work than the work limit; [`Error::TooLarge`] when the
    /// followers, their option lists and the layers would pass the memory limit (counted
    /// as they are made); [`Error::Interrupted`] when cancelled; the search's errors
    /// ([`MisereSearch::outcome`]).
    ///
    /// # Example
    /// ```
    /// use grundy::{catalog::parse_position, solve::misere::MisereSearch, Control};
    /// let mut s = MisereSearch::new(Control::new());
    /// // ONAG ch. 12: 0 = 0^{120}, * = 1^{031}, *2 = 2^{20}.
    /// let genus = |e: &str, s: &mut MisereSearch| s.genus(&parse_position(e).unwrap()).unwrap().genus.to_string();
    /// assert_eq!(genus("nim()", &mut s), "0^{120}");
    /// assert_eq!(genus("nim(1)", &mut s), "1^{031}");
    /// assert_eq!(genus("nim(2)", &mut s), "2^{20}");
    /// ```
    pub fn genus(&mut self, pos: &Position) -> Result<GenusReport> {
        let start = self.canonical(pos)?;
        let Followers { options, work, bytes } = self.followers(start)?;
        let n = options.len();
        let root = n - 1;
        // Normal values and G⁻ (layer 0); nodes are in post-order (options first).
        let mut normal = vec![0u64; n];
        let mut layer = vec![0u64; n];
        for y in 0..n {
            let opts = &options[y];
            normal[y] = crate::value::mex(opts.iter().map(|&o| normal[o as usize]));
            layer[y] = if opts.is_empty() {
                1
            } else {
                crate::value::mex(opts.iter().map(|&o| layer[o as usize]))
            };
        }
        let tame_pairs = (0..n).all(|y| {
            let (g, m) = (normal[y], layer[y]);
            m == g || (g, m) == (0, 1) || (g, m) == (1, 0)
        });
        let mut seen: FxHashMap<Vec<u64>, usize> = FxHashMap::default();
        let mut gammas: Vec<u64> = vec![layer[root]];
        seen.insert(layer.clone(), 0);
        let (start_rep, period) = loop {
            let k = gammas.len();
            let mut next = vec![0u64; n];
            for y in 0..n {
                let below = layer[y];
                next[y] = crate::value::mex(options[y].iter().map(|&o| next[o as usize]).chain([below, below ^ 1]));
            }
            gammas.push(next[root]);
            // The named check first: past the limit, it names what holds the memory.
            let bytes = (seen.len() as u64 + 2) * n as u64 * 8 + bytes;
            self.ctl.check_memory(
                "the table of genus layers",
                bytes,
                format!("{n} positions × {k} layer{}", if k == 1 { "" } else { "s" }),
            )?;
            self.ctl.tick(k as u64)?;
            if let Some(&i) = seen.get(&next) {
                break (i, k - i);
            }
            seen.insert(next.clone(), k);
            layer = next;
        };
        // γ_{j+p} = γ_j for j ≥ start_rep; trim to the first j from which it holds and
        // keep one whole period plus one term (two terms for the alternating tail).
        let mut m = start_rep;
        while m > 0 && gammas[m - 1] == gammas[m - 1 + period] {
            m -= 1;
        }
        let keep = (m + period.max(2)).min(gammas.len());
        gammas.truncate(keep);
        let genus = Genus {
            g: normal[root],
            gammas,
        };
        let tameness = if tame_pairs {
            Tameness::Tame
        } else if !genus.is_nim_genus() {
            Tameness::Wild
        } else {
            Tameness::Unknown
        };
        Ok(GenusReport {
            misere_value: genus.gammas[0],
            genus,
            tameness,
            followers: n,
            work,
        })
    }

    /// Every follower of the canonical sum `start` (itself included) in post-order
    /// (every option before the positions it is an option of), and each one's distinct
    /// options as indices.
    fn followers(&mut self, start: Sum) -> Result<Followers> {
        const WHAT: &str = "the search of the game's followers (for its genus)";
        // A follower's index, or OPEN while it is on the stack (so a cycle is seen in
        // one look-up, not by scanning a stack that may be a million deep).
        const OPEN: u32 = u32::MAX;
        let mut index: FxHashMap<Sum, u32> = FxHashMap::default();
        let mut options: Vec<Vec<u32>> = Vec::new();
        // (sum, its option sums, next option to visit)
        let mut stack: Vec<(Sum, Vec<Sum>, usize)> = Vec::new();
        let mut work: u128 = 0;
        // The bytes held: the index's keys, the stack's option sums, the option lists.
        let mut held: u64 = 0;
        // Lists a position's distinct options; the work is every heap of every option
        // made (a sum of many heaps costs as many), and the position itself.
        let list = |s: &mut MisereSearch, pos: &Sum, work: &mut u128| -> Result<Vec<Sum>> {
            let mut out = Vec::new();
            for i in 0..pos.len() {
                let opts = s.atoms.options(pos[i].0, &s.ctl)?;
                for o in opts.iter() {
                    out.push(replace(pos, i, o)?);
                }
            }
            let before = *work;
            *work += 1 + out.iter().map(|o| 1 + o.len() as u128).sum::<u128>();
            s.ctl.check_work(
                WHAT,
                *work,
                "counted as they are listed, not estimated: each follower, each option and its heaps",
            )?;
            if *work >> 12 != before >> 12 {
                s.ctl.tick(*work as u64)?;
            }
            out.sort_unstable();
            out.dedup();
            Ok(out)
        };
        let first = list(self, &start, &mut work)?;
        held += sum_bytes(&start) + sums_bytes(&first);
        index.insert(start.clone(), OPEN);
        stack.push((start, first, 0));
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let child = top.1[top.2].clone();
                top.2 += 1;
                match index.get(&child) {
                    Some(&OPEN) => {
                        return Err(Error::Unsupported(
                            "the genus search met a cycle: a position is its own follower, so the game is loopy".into(),
                        ))
                    }
                    Some(_) => continue,
                    None => {}
                }
                let opts = list(self, &child, &mut work)?;
                held += sum_bytes(&child) + sums_bytes(&opts);
                self.ctl
                    .check_memory(WHAT, held, format!("{} positions", index.len() + 1))?;
                index.insert(child.clone(), OPEN);
                stack.push((child, opts, 0));
                continue;
            }
            let (s, opts, _) = stack.pop().expect("the top");
            let ids: Vec<u32> = opts.iter().map(|o| index[o]).collect();
            held = held - sums_bytes(&opts) + LIST_BYTES + 4 * ids.len() as u64;
            let id = options.len() as u32;
            options.push(ids);
            index.insert(s, id);
        }
        Ok(Followers {
            options,
            work,
            bytes: held,
        })
    }
}

/// The followers of a game ([`MisereSearch::genus`]): each one's options as indices,
/// in post-order.
struct Followers {
    options: Vec<Vec<u32>>,
    /// The work of listing them (as counted against the work limit).
    work: u128,
    /// The bytes the option lists hold.
    bytes: u64,
}

/// Bytes of one list (a `Vec`) and its allocation's bookkeeping.
const LIST_BYTES: u64 = 40;

/// Bytes a sum held in a list or a hash map takes: the list and its heaps.
fn sum_bytes(s: &Sum) -> u64 {
    LIST_BYTES + 8 + 16 * s.len() as u64
}

/// Bytes of a list of sums.
fn sums_bytes(list: &[Sum]) -> u64 {
    LIST_BYTES + list.iter().map(sum_bytes).sum::<u64>()
}
