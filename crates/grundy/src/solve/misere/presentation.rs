//! Presentations of finite commutative monoids by generators and relations, in the
//! notation of the papers (`⟨a, b | a² = 1, b³ = b⟩`, Plambeck & Siegel 2008).
//!
//! The generators are heap images, taken in heap order, each one not a product of
//! the ones before. Every element gets a *normal word*: the least word that reaches
//! it, words ordered by degree, then by more of the earlier generators first (so `ab`
//! comes before `bc`, and `b²` before `c²`). The relations are `w = normal(w)` for the
//! minimal words w that are not normal (every proper divisor of w is normal): they
//! rewrite any word to its normal word, so they present the monoid.

use super::monoid::Monoid;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;
use std::fmt;

/// A word: the exponent of each generator.
pub type Word = Vec<u32>;

/// A presentation ⟨generators | relations⟩ with the normal word of every element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Generator names (`a`, `b`, …; `x27`, … beyond 26).
    pub names: Vec<String>,
    /// The heap whose image each generator is.
    pub heaps: Vec<u64>,
    /// The element of each generator.
    pub elements: Vec<u32>,
    /// The relations `left = right`.
    pub relations: Vec<(Word, Word)>,
    /// The normal word of each element.
    pub normal: Vec<Word>,
}

/// The name of generator `i`.
fn name(i: usize, count: usize) -> String {
    if count <= 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("x{}", i + 1)
    }
}

const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

impl Presentation {
    /// The presentation of `q` with generators among the heap images `phi` (heap 0
    /// first, which is the identity).
    pub fn of(q: &Monoid, phi: &[u32]) -> Presentation {
        let order = q.order();
        // Generators: heap images not in the submonoid of the ones before.
        let mut elements: Vec<u32> = Vec::new();
        let mut heaps: Vec<u64> = Vec::new();
        let mut reached = vec![false; order];
        reached[0] = true;
        let mut count = 1;
        for (h, &x) in phi.iter().enumerate() {
            if reached[x as usize] {
                continue;
            }
            elements.push(x);
            heaps.push(h as u64);
            let mut list: Vec<u32> = (0..order as u32).filter(|&y| reached[y as usize]).collect();
            let mut i = 0;
            while i < list.len() {
                let y = list[i];
                i += 1;
                for &g in &elements {
                    let z = q.mul(y, g);
                    if !reached[z as usize] {
                        reached[z as usize] = true;
                        count += 1;
                        list.push(z);
                    }
                }
            }
            if count == order {
                break;
            }
        }
        let r = elements.len();
        // Words in increasing order: (degree, then more of earlier generators first).
        let key = |w: &Word| -> (u32, Vec<i64>) { (w.iter().sum(), w.iter().map(|&e| -(e as i64)).collect()) };
        let mut normal: Vec<Option<Word>> = vec![None; order];
        let mut relations: Vec<(Word, Word)> = Vec::new();
        let mut queue: BTreeSet<((u32, Vec<i64>), Word)> = BTreeSet::new();
        let mut value: FxHashMap<Word, u32> = FxHashMap::default();
        let start = vec![0u32; r];
        value.insert(start.clone(), 0);
        queue.insert((key(&start), start));
        while let Some((_, w)) = queue.pop_first() {
            let x = value[&w];
            if let Some(nf) = &normal[x as usize] {
                // Not normal: a relation if every proper divisor w/g is normal.
                let minimal = (0..r).filter(|&i| w[i] > 0).all(|i| {
                    let mut d = w.clone();
                    d[i] -= 1;
                    value.get(&d).is_some_and(|&y| normal[y as usize].as_ref() == Some(&d))
                });
                if minimal {
                    relations.push((w.clone(), nf.clone()));
                }
                continue;
            }
            normal[x as usize] = Some(w.clone());
            for (i, &g) in elements.iter().enumerate() {
                let mut next = w.clone();
                next[i] += 1;
                if let std::collections::hash_map::Entry::Vacant(e) = value.entry(next.clone()) {
                    e.insert(q.mul(x, g));
                    queue.insert((key(&next), next));
                }
            }
        }
        Presentation {
            names: (0..r).map(|i| name(i, r)).collect(),
            heaps,
            elements,
            relations,
            normal: normal.into_iter().map(|w| w.unwrap_or_default()).collect(),
        }
    }

    /// A word in the papers' notation: `ab²`, `1` for the empty word.
    pub fn word(&self, w: &Word) -> String {
        self.write(w, false)
    }

    /// A word in ASCII: `a b^2` (`a*b^2` when names are longer than one letter), `1`.
    pub fn word_ascii(&self, w: &Word) -> String {
        self.write(w, true)
    }

    fn write(&self, w: &Word, ascii: bool) -> String {
        let mut out = String::new();
        let long = self.names.iter().any(|n| n.len() > 1);
        for (i, &e) in w.iter().enumerate() {
            if e == 0 {
                continue;
            }
            if !out.is_empty() && (ascii || long) {
                out.push(if ascii { '*' } else { '·' });
            }
            out.push_str(&self.names[i]);
            if e > 1 {
                if ascii {
                    out.push_str(&format!("^{e}"));
                } else {
                    out.extend(e.to_string().chars().map(|c| SUPERSCRIPT[c as usize - '0' as usize]));
                }
            }
        }
        if out.is_empty() {
            out.push('1');
        }
        out
    }

    /// `<a, b | a^2 = 1, b^3 = b>`.
    pub fn ascii(&self) -> String {
        self.render(true)
    }

    fn render(&self, ascii: bool) -> String {
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", self.write(l, ascii), self.write(r, ascii)))
            .collect();
        let (open, close) = if ascii { ('<', '>') } else { ('⟨', '⟩') };
        if rels.is_empty() {
            format!("{open}{}{close}", self.names.join(", "))
        } else {
            format!("{open}{} | {}{close}", self.names.join(", "), rels.join(", "))
        }
    }
}

impl fmt::Display for Presentation {
    /// `⟨a, b | a² = 1, b³ = b⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}
