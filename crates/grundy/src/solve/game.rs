//! The generic engine of a game ruleset without an engine of its own (a game a user
//! defines, as the Python package's `grundy.Game`): an iterative memoized search
//! ([`super::memo::search`]) over the ruleset's positions, with its capabilities:
//! a position is split into its [`GameRuleset::components`] and each is looked up
//! under its [`GameRuleset::canonical`] form; an option that is a sum is split the
//! same way, and its value is the nim-sum of its parts.

use super::memo::{search, Memo};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::{GamePos, GameRuleset, GameSolver, SearchStats};
use crate::value::Nimber;
use std::sync::Arc;

/// Bytes per position held by the search (the memo entry, its key and the stacks).
const BYTES_PER_POSITION: u64 = 96;

/// The generic engine of one game ruleset, its memo kept between calls.
pub struct GenericSolver {
    rs: Arc<dyn GameRuleset>,
    memo: Memo<GamePos>,
    searched: u64,
}

impl GenericSolver {
    /// An engine for `rs` with an empty memo.
    pub fn new(rs: Arc<dyn GameRuleset>) -> GenericSolver {
        GenericSolver {
            rs,
            memo: Memo::default(),
            searched: 0,
        }
    }

    /// The memo keys of the parts of `pos`: its components in canonical form.
    fn keys(rs: &dyn GameRuleset, pos: &GamePos, out: &mut Vec<GamePos>) {
        let canonical = |p: GamePos| rs.canonical(&p).unwrap_or(p);
        match rs.components(pos) {
            Some(parts) => out.extend(parts.into_iter().map(canonical)),
            None => out.push(canonical(pos.clone())),
        }
    }
}

impl GameSolver for GenericSolver {
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber> {
        let rs = self.rs.clone();
        let what = format!("searching {}", rs.write(pos));
        let limit = ctl.memory_limit() / BYTES_PER_POSITION;
        let mut starts = Vec::new();
        Self::keys(rs.as_ref(), pos, &mut starts);
        let mut x = 0u32;
        for start in starts {
            // The first error of the rules (a callback's) stops the listing.
            let mut failed: Option<Error> = None;
            let searched = &mut self.searched;
            let found = search(
                start,
                &mut self.memo,
                |p, out| {
                    if failed.is_some() {
                        return;
                    }
                    *searched += 1;
                    match rs.options(p) {
                        Ok(options) => {
                            for o in options {
                                let mut parts = Vec::with_capacity(o.len());
                                for q in &o {
                                    Self::keys(rs.as_ref(), q, &mut parts);
                                }
                                out.push(parts);
                            }
                        }
                        Err(e) => failed = Some(e),
                    }
                },
                limit,
                ctl,
                &what,
            );
            if let Some(e) = failed {
                // Values computed after the error (with missing options) are wrong.
                self.memo.clear();
                return Err(e);
            }
            x ^= found?;
        }
        Ok(Nimber::from(u64::from(x)))
    }

    fn stats(&self) -> SearchStats {
        SearchStats {
            searched: self.searched,
            entries: self.memo.len() as u64,
            table_bytes: self.memo.len() as u64 * BYTES_PER_POSITION,
            replaced: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameArgs;

    /// Kayles with rows of pins as positions (a row of n pins is `[n]`), written
    /// without an engine: its options are sums of two rows, and with `split` a row is
    /// its own component (no capability otherwise).
    struct Rows {
        canonical: bool,
    }

    impl GameRuleset for Rows {
        fn name(&self) -> String {
            "rows".into()
        }
        fn position(&self, _: GameArgs<'_>) -> Result<GamePos> {
            Err(Error::Unsupported("no expressions".into()))
        }
        fn write(&self, pos: &GamePos) -> String {
            format!("rows({:?})", pos.0)
        }
        fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>> {
            let n = pos.0[0];
            if n == 99 {
                return Err(Error::Input("no options at 99".into()));
            }
            let mut out = Vec::new();
            for take in 1..=2.min(n) {
                for a in 0..=n - take {
                    // Both orders, so that the canonical form has work to do.
                    out.push(vec![GamePos(vec![a]), GamePos(vec![n - take - a])]);
                }
            }
            Ok(out)
        }
        fn options_bound(&self, pos: &GamePos) -> u128 {
            2 * u128::from(pos.0[0]) + 2
        }
        fn canonical(&self, pos: &GamePos) -> Option<GamePos> {
            self.canonical.then(|| pos.clone())
        }
    }

    #[test]
    fn kayles_by_the_generic_engine() {
        let kayles = [
            0u64, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
        ];
        for canonical in [false, true] {
            let mut s = GenericSolver::new(Arc::new(Rows { canonical }));
            for (n, &v) in kayles.iter().enumerate() {
                assert_eq!(s.value(&GamePos(vec![n as u64]), &Control::new()).unwrap(), v);
            }
        }
    }

    #[test]
    fn an_error_of_the_rules_is_returned() {
        let mut s = GenericSolver::new(Arc::new(Rows { canonical: false }));
        let e = s.value(&GamePos(vec![99]), &Control::new()).unwrap_err();
        assert_eq!(e, Error::Input("no options at 99".into()));
    }
}
