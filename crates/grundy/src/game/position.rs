use super::{GamePos, GameRuleset, HeapRuleset, LoopyRuleset, Part, TupleRuleset};
use std::fmt;
use std::sync::Arc;

/// One component of a disjunctive sum.
#[derive(Clone)]
pub enum Component {
    /// A sum of heaps of one heap ruleset, as runs of equal heaps in the order written.
    /// An empty list is the empty sum (value 0), written `name()`.
    Heaps {
        /// The ruleset.
        ruleset: Arc<dyn HeapRuleset>,
        /// The heaps, adjacent equal heaps merged into one [`Part`].
        heaps: Vec<Part>,
    },
    /// One position of a tuple ruleset.
    Tuple {
        /// The ruleset.
        ruleset: Arc<dyn TupleRuleset>,
        /// The coordinates.
        pos: Vec<u64>,
    },
    /// A sum of heaps of one loopy ruleset (play can cycle), as runs of equal heaps.
    Loopy {
        /// The ruleset.
        ruleset: Arc<dyn LoopyRuleset>,
        /// The heaps, adjacent equal heaps merged into one [`Part`].
        heaps: Vec<Part>,
    },
    /// One position of a game ruleset (a board, a graph).
    Game {
        /// The ruleset.
        ruleset: Arc<dyn GameRuleset>,
        /// The position, in the ruleset's encoding.
        pos: GamePos,
    },
}

impl Component {
    /// The ruleset's name with parameters.
    pub fn ruleset_name(&self) -> String {
        match self {
            Component::Heaps { ruleset, .. } => ruleset.name(),
            Component::Tuple { ruleset, .. } => ruleset.name(),
            Component::Loopy { ruleset, .. } => ruleset.name(),
            Component::Game { ruleset, .. } => ruleset.name(),
        }
    }

    /// The same kind of component (heap or loopy) of the same ruleset with other heaps.
    ///
    /// # Panics
    /// On a tuple or game component, which has no heaps.
    pub fn with_heaps(&self, heaps: Vec<Part>) -> Component {
        match self {
            Component::Heaps { ruleset, .. } => Component::Heaps {
                ruleset: ruleset.clone(),
                heaps,
            },
            Component::Loopy { ruleset, .. } => Component::Loopy {
                ruleset: ruleset.clone(),
                heaps,
            },
            Component::Tuple { .. } | Component::Game { .. } => panic!("a tuple or game component has no heaps"),
        }
    }

    /// True for a component of a loopy ruleset.
    pub fn is_loopy(&self) -> bool {
        matches!(self, Component::Loopy { .. })
    }
}

/// Appends `part` to a run list, merging with the last run if the heap is equal.
///
/// Counts stay exact: a merged run that would pass 2^64 − 1 copies is filled to
/// 2^64 − 1 and the rest starts a new run of the same heap (printed `h*c,h*d`, which
/// parses back to the same position), so no count wraps.
pub(crate) fn push_part(runs: &mut Vec<Part>, mut part: Part) {
    if part.copies == 0 {
        return;
    }
    if let Some(last) = runs.last_mut() {
        if last.heap == part.heap {
            let room = u64::MAX - last.copies;
            if part.copies <= room {
                last.copies += part.copies;
                return;
            }
            last.copies = u64::MAX;
            part.copies -= room;
        }
    }
    runs.push(part);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_runs_never_wrap() {
        let mut runs = Vec::new();
        push_part(
            &mut runs,
            Part {
                heap: 3,
                copies: u64::MAX,
            },
        );
        push_part(&mut runs, Part::one(3));
        assert_eq!(
            runs,
            [
                Part {
                    heap: 3,
                    copies: u64::MAX
                },
                Part::one(3)
            ]
        );
        push_part(
            &mut runs,
            Part {
                heap: 3,
                copies: u64::MAX,
            },
        );
        assert_eq!(
            runs,
            [
                Part {
                    heap: 3,
                    copies: u64::MAX
                },
                Part {
                    heap: 3,
                    copies: u64::MAX
                },
                Part::one(3)
            ]
        );
        let total: u128 = runs.iter().map(|p| p.copies as u128).sum();
        assert_eq!(total, 2 * u64::MAX as u128 + 1);
    }
}

/// A disjunctive sum of components; its value is the nim-sum of theirs.
///
/// Displayed in expression syntax (`nim(3,5,6) + min(6,7)`), which parses back to the
/// same position. Three or more equal adjacent heaps print as `h*c` (c copies of h).
#[derive(Clone)]
pub struct Position {
    /// The components in the order written.
    pub components: Vec<Component>,
}

impl Position {
    /// True if some component is heaps of the heap ruleset named `name` (what a misère
    /// quotient of that ruleset can answer; `--quotient` and Python's `quotient=`
    /// refuse a certificate of a ruleset the position has no heap of).
    pub fn has_heaps_of(&self, name: &str) -> bool {
        self.components
            .iter()
            .any(|c| matches!(c, Component::Heaps { ruleset, .. } if ruleset.name() == name))
    }

    /// The position with one heap of run `j` of component `i` (a heap or loopy
    /// component) replaced by the heaps `parts` (empty heaps dropped where heap 0 is
    /// not a position): the position after a move in that heap.
    ///
    /// # Panics
    /// If component `i` is a tuple or game component, or has no run `j`.
    pub fn with_heap_replaced(&self, i: usize, j: usize, parts: &[Part]) -> Position {
        let comp = &self.components[i];
        let (heaps, first) = match comp {
            Component::Heaps { ruleset, heaps } => (heaps, ruleset.first_heap()),
            Component::Loopy { ruleset, heaps } => (heaps, ruleset.first_heap()),
            Component::Tuple { .. } | Component::Game { .. } => {
                unreachable!("a heap move in a tuple or game component")
            }
        };
        let mut runs: Vec<Part> = Vec::with_capacity(heaps.len() + parts.len());
        for (k, r) in heaps.iter().enumerate() {
            if k == j {
                push_part(
                    &mut runs,
                    Part {
                        heap: r.heap,
                        copies: r.copies - 1,
                    },
                );
                for p in parts {
                    if !(first > 0 && p.heap == 0) {
                        push_part(&mut runs, *p);
                    }
                }
            } else {
                push_part(&mut runs, *r);
            }
        }
        let mut next = self.clone();
        next.components[i] = comp.with_heaps(runs);
        next
    }

    /// A position of one component.
    pub fn single(c: Component) -> Position {
        Position { components: vec![c] }
    }

    /// True if some component is loopy (its value may be `∞(K)`).
    pub fn has_loopy(&self) -> bool {
        self.components.iter().any(Component::is_loopy)
    }
}

/// Writes `name(h1,h2,…)`, with runs of three or more equal heaps as `h*c`.
fn write_heaps(f: &mut fmt::Formatter<'_>, name: &str, heaps: &[Part]) -> fmt::Result {
    write!(f, "{name}(")?;
    let mut first = true;
    for p in heaps {
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            if !std::mem::take(&mut first) {
                f.write_str(",")?;
            }
            Ok::<(), fmt::Error>(())
        };
        if p.copies >= 3 {
            sep(f)?;
            write!(f, "{}*{}", p.heap, p.copies)?;
        } else {
            for _ in 0..p.copies {
                sep(f)?;
                write!(f, "{}", p.heap)?;
            }
        }
    }
    f.write_str(")")
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Component::Heaps { ruleset, heaps } => write_heaps(f, &ruleset.name(), heaps),
            Component::Loopy { ruleset, heaps } => write_heaps(f, &ruleset.name(), heaps),
            Component::Tuple { ruleset, pos } => {
                write!(f, "{}({})", ruleset.name(), crate::error::Joined(pos))
            }
            Component::Game { ruleset, pos } => f.write_str(&ruleset.write(pos)),
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl fmt::Debug for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Component({self})")
    }
}
