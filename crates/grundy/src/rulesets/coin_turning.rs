//! Two coin-turning games (Winning Ways ch. 14; T. S. Ferguson, *Game Theory*, Part I
//! §5): coins in a row, numbered; a position is the set of coins showing heads, written
//! `ruler(n1, n2, …)`. A move turns over some coins, the rightmost (largest number)
//! from heads to tails.
//!
//! - **Ruler** (coins 1, 2, …): turn over any number of consecutive coins.
//! - **Mock Turtles** (coins 0, 1, …): turn over one, two or three coins.
//!
//! **The coin-turning theorem** (Winning Ways ch. 14; Ferguson I.5.1): the value of a
//! position is the nim-sum of the values of the positions with a single head, one per
//! head: turning a coin that already shows heads makes it tails, and two heads on one
//! coin cancel just as two equal games do in a sum, so the game is the disjunctive sum
//! of its single heads. Ruler's single head on coin `n` has value the largest power of
//! 2 dividing `n`; Mock Turtles' on coin `n` the `n`-th odious number (an odd number of
//! ones in binary: 1, 2, 4, 7, 8, 11, …), `2n` or `2n + 1`.
//!
//! These are tuple rulesets whose positions are the sets themselves, not heap rulesets
//! of single heads: the search runs over the sets (the game as played, which the tests
//! compare with the theorem), `moves` lists coin positions, and Mock Turtles' coin 0, of
//! value 1, needs no heap 0 (the empty heap in every heap ruleset).

use crate::error::{Error, Result};
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset};
use crate::value::Nimber;
use num_bigint::BigUint;
use std::sync::Arc;

/// A coin-turning game: positions are sets of coins showing heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoinTurning {
    /// Ruler: coins 1, 2, …; turn over consecutive coins.
    Ruler,
    /// Mock Turtles: coins 0, 1, …; turn over one, two or three coins.
    MockTurtles,
}

/// Ruler's values.
pub const RULER: Statement = Statement {
    text: "G = ⊕ g(n) over the heads n, g(n) the largest power of 2 dividing n",
    source: "Winning Ways ch. 14; Ferguson, Game Theory, Part I §5",
};

/// Mock Turtles' values.
pub const MOCK_TURTLES: Statement = Statement {
    text: "G = ⊕ g(n) over the heads n, g(n) the n-th odious number (1, 2, 4, 7, 8, 11, …: 2n or 2n + 1, whichever has an odd number of ones in binary)",
    source: "Winning Ways ch. 14; Ferguson, Game Theory, Part I §5",
};

impl CoinTurning {
    /// The value of a single head on coin `n`.
    pub fn coin_value(self, n: u64) -> u128 {
        match self {
            CoinTurning::Ruler => (n & n.wrapping_neg()) as u128,
            CoinTurning::MockTurtles => 2 * n as u128 + u128::from(n.count_ones().is_multiple_of(2)),
        }
    }

    /// The first coin.
    fn first(self) -> u64 {
        match self {
            CoinTurning::Ruler => 1,
            CoinTurning::MockTurtles => 0,
        }
    }

    /// An upper bound on the moves of a single head on coin `n`: `n` blocks (Ruler), or
    /// `1 + n + n(n − 1)/2` sets of partners (Mock Turtles).
    fn moves_of(self, n: u64) -> u128 {
        let n = n as u128;
        match self {
            CoinTurning::Ruler => n,
            CoinTurning::MockTurtles => 1 + n + n * n.saturating_sub(1) / 2,
        }
    }
}

/// `heads △ turned`, both sorted and without repeats.
fn turn(heads: &[u64], turned: &[u64], out: &mut Vec<u64>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    loop {
        match (heads.get(i), turned.get(j)) {
            (Some(&a), Some(&b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                out.push(a);
                i += 1;
            }
            (Some(&a), None) => {
                out.push(a);
                i += 1;
            }
            (_, Some(&b)) => {
                out.push(b);
                j += 1;
            }
            (None, None) => return,
        }
    }
}

impl TupleRuleset for CoinTurning {
    fn name(&self) -> String {
        match self {
            CoinTurning::Ruler => "ruler".into(),
            CoinTurning::MockTurtles => "mock-turtles".into(),
        }
    }
    fn arity(&self) -> Arity {
        Arity::AtLeast(0)
    }
    fn check(&self, pos: &[u64]) -> Result<()> {
        let domain = |reason: String| Error::Domain {
            ruleset: self.name(),
            position: format!("{}({})", self.name(), crate::error::Joined(pos)),
            reason,
        };
        if let Some(&n) = pos.iter().find(|&&n| n < self.first()) {
            return Err(domain(format!("coin {n}: the coins are numbered from {}", self.first())));
        }
        let mut sorted = pos.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(domain(format!(
                "coin {} is written twice: a position is the set of coins showing heads",
                w[0]
            )));
        }
        Ok(())
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut heads = pos.to_vec();
        heads.sort_unstable();
        let (mut turned, mut out) = (Vec::new(), Vec::new());
        for &n in &heads {
            match self {
                CoinTurning::Ruler => {
                    for low in (1..=n).rev() {
                        turned.clear();
                        turned.extend(low..=n);
                        turn(&heads, &turned, &mut out);
                        f(&out);
                    }
                }
                CoinTurning::MockTurtles => {
                    turn(&heads, &[n], &mut out);
                    f(&out);
                    for a in 0..n {
                        turn(&heads, &[a, n], &mut out);
                        f(&out);
                        for b in a + 1..n {
                            turn(&heads, &[a, b, n], &mut out);
                            f(&out);
                        }
                    }
                }
            }
        }
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        let mut v = pos.to_vec();
        v.sort_unstable();
        v
    }
    /// The subsets of the coins up to the largest head.
    fn search_states(&self, pos: &[u64]) -> u128 {
        let top = pos.iter().copied().max().map_or(0, |m| m - self.first() + 1);
        if top >= 127 {
            u128::MAX
        } else {
            1 << top
        }
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        pos.iter().fold(0u128, |s, &n| s.saturating_add(self.moves_of(n)))
    }
    /// Every set reached lies below the largest head `m`, so it has at most the moves
    /// of heads on all the coins up to `m`: `m(m + 1)/2` (Ruler) or
    /// `(m + 1) + m(m + 1)/2 + C(m + 1, 3)` (Mock Turtles).
    fn search_work(&self, pos: &[u64]) -> u128 {
        let Some(&m) = pos.iter().max() else { return 1 };
        let m = m as u128;
        let pairs = m * (m + 1) / 2;
        let per_set = match self {
            CoinTurning::Ruler => pairs,
            CoinTurning::MockTurtles => (m + 1) + pairs + pairs.saturating_mul(m.saturating_sub(1)) / 3,
        };
        self.search_states(pos).saturating_mul(per_set.max(1))
    }
}

impl TupleClosedForm for CoinTurning {
    fn statement(&self) -> Statement {
        match self {
            CoinTurning::Ruler => RULER,
            CoinTurning::MockTurtles => MOCK_TURTLES,
        }
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        let v = pos.iter().fold(0u128, |x, &n| x ^ self.coin_value(n));
        Some(Nimber::from(BigUint::from(v)))
    }
}

/// Ruler and Mock Turtles.
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "ruler",
        "sets of coins n ≥ 1 showing heads: ruler(2,5,6) is one game (ruler() has none)",
        "turn over consecutive coins, the rightmost from heads to tails",
        "Winning Ways ch. 14; Ferguson, Game Theory, Part I §5",
        Some(RULER),
        "ruler(2,5,6)",
        |_| Ok(Ruleset::Tuple(Arc::new(CoinTurning::Ruler))),
    ),
    Family::fixed(
        "mock-turtles",
        "sets of coins n ≥ 0 showing heads: mock-turtles(0,3,5) is one game",
        "turn over one, two or three coins, the rightmost from heads to tails",
        "Winning Ways ch. 14; Ferguson, Game Theory, Part I §5",
        Some(MOCK_TURTLES),
        "mock-turtles(0,3,5)",
        |_| Ok(Ruleset::Tuple(Arc::new(CoinTurning::MockTurtles))),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verify::verify_tuple;
    use crate::control::Control;
    use crate::game::TupleSolver;
    use crate::solve::memo::MemoSolver;

    const GAMES: [CoinTurning; 2] = [CoinTurning::Ruler, CoinTurning::MockTurtles];

    #[test]
    fn closed_forms_agree_with_search_over_sets() {
        for g in GAMES {
            let rs: Arc<dyn TupleRuleset> = Arc::new(g);
            for (arity, to) in [(1, 14), (2, 12), (3, 10)] {
                let r = verify_tuple(&rs, arity, to, &Control::new()).unwrap();
                assert!(r.checked > 0 && r.mismatch.is_none(), "{g:?} {arity}: {r:?}");
            }
        }
    }

    /// The coin-turning theorem itself: the value of a set found by search is the
    /// nim-sum of the values of its single heads found by search.
    #[test]
    fn a_set_is_the_sum_of_its_single_heads() {
        for g in GAMES {
            let mut s = MemoSolver::new(Arc::new(g));
            let mut v = |pos: &[u64]| s.value(pos, &Control::new()).unwrap().to_u64().unwrap();
            let single: Vec<u64> = (0..=12).map(|n| if n < g.first() { 0 } else { v(&[n]) }).collect();
            for mask in 0u32..1 << 13 {
                let set: Vec<u64> = (g.first()..=12).filter(|&n| mask >> n & 1 == 1).collect();
                let sum = set.iter().fold(0, |x, &n| x ^ single[n as usize]);
                assert_eq!(v(&set), sum, "{g:?} {set:?}");
            }
        }
    }

    #[test]
    fn golden_values() {
        // Ruler (Ferguson I.5): g(n) for n = 1..16.
        let ruler: Vec<u128> = (1..=16).map(|n| CoinTurning::Ruler.coin_value(n)).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        // Mock Turtles: the odious numbers (OEIS A000069), coins from 0.
        let mock: Vec<u128> = (0..12).map(|n| CoinTurning::MockTurtles.coin_value(n)).collect();
        assert_eq!(mock, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22]);
        // 2^64 − 1 has 64 ones: its odious number is 2n + 1.
        assert_eq!(CoinTurning::MockTurtles.coin_value(u64::MAX), 2 * u64::MAX as u128 + 1);
        assert_eq!(CoinTurning::Ruler.coin_value(1 << 63), 1 << 63);
    }

    #[test]
    fn options_and_domain() {
        let list = |g: CoinTurning, pos: &[u64]| {
            let mut v = Vec::new();
            g.for_each_option(pos, &mut |o| v.push(o.to_vec()));
            v
        };
        // Ruler from {3}: turn 3; 2–3; 1–3.
        assert_eq!(list(CoinTurning::Ruler, &[3]), [vec![], vec![2], vec![1, 2]]);
        // A coin already showing heads turns to tails: from {2, 3}, turning 1–2 leaves
        // {1, 3}.
        assert_eq!(list(CoinTurning::Ruler, &[2, 3])[..2], [vec![3], vec![1, 3]]);
        assert_eq!(list(CoinTurning::MockTurtles, &[1]), [vec![], vec![0]]);
        assert_eq!(list(CoinTurning::MockTurtles, &[2]).len(), 4);
        assert!(CoinTurning::Ruler.check(&[0]).unwrap_err().to_string().contains("numbered from 1"));
        assert!(CoinTurning::Ruler.check(&[3, 1, 3]).unwrap_err().to_string().contains("written twice"));
        assert!(CoinTurning::MockTurtles.check(&[0, 5]).is_ok());
    }
}
