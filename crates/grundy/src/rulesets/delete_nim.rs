//! Delete Nim and its variant VDN (paper 002, Suetsugu & Abuku).

use crate::control::Control;
use crate::error::{Error, Result};
use crate::formulas::delete_nim as f;
use crate::formulas::Statement;
use crate::game::{Arity, Family, Ruleset, TupleClosedForm, TupleRuleset, TupleSolver};
use crate::value::Nimber;
use std::sync::Arc;

/// Delete Nim: two heaps (x, y); choose a heap, delete the other, take one stone from
/// the chosen heap and split the rest into two (possibly empty) heaps. Positions are
/// unordered pairs of non-negative integers. Value v₂((x ∨ y) + 1) (Theorem 4), 0..=64.
pub struct DeleteNim;

/// VDN: two heaps (x, y) with x, y ≥ 1; delete one heap and split the other into two
/// positive heaps. Isomorphic to Delete Nim via (x, y) ↦ (x−1, y−1) (Theorem 5).
pub struct Vdn;

/// The sums s such that the options of (x, y) are all pairs with p + q = s: the
/// chosen heap minus `shift` (1 for Delete Nim, which removes a stone; 0 for VDN).
fn option_sums(pos: &[u64], shift: u64) -> Vec<u64> {
    let mut sums: Vec<u64> = pos.iter().filter(|&&h| h >= shift.max(1)).map(|&h| h - shift).collect();
    sums.sort_unstable();
    sums.dedup();
    sums
}

fn pair_options(pos: &[u64], shift: u64, min_part: u64, f: &mut dyn FnMut(&[u64])) {
    for s in option_sums(pos, shift) {
        if s < 2 * min_part {
            continue;
        }
        for p in min_part..=s / 2 {
            f(&[p, s - p]);
        }
    }
}

impl TupleRuleset for DeleteNim {
    fn name(&self) -> String {
        "delete-nim".into()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        pair_options(pos, 1, 0, f)
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        let mut v = pos.to_vec();
        v.sort_unstable();
        v
    }
    fn options_bound(&self, pos: &[u64]) -> u128 {
        (pos[0] as u128 + pos[1] as u128) / 2 + 2
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        let m = pos[0].max(pos[1]) as u128;
        m * m / 4 + m + 1
    }
    fn solver(&self) -> Option<Box<dyn TupleSolver>> {
        Some(Box::new(DiagonalSolver::default()))
    }
}

impl TupleRuleset for Vdn {
    fn name(&self) -> String {
        "vdn".into()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn check(&self, pos: &[u64]) -> Result<()> {
        if pos.contains(&0) {
            return Err(Error::Domain {
                ruleset: "vdn".into(),
                position: format!("vdn({},{})", pos[0], pos[1]),
                reason: "both heaps must be at least 1".into(),
            });
        }
        Ok(())
    }
    fn for_each_option(&self, pos: &[u64], f: &mut dyn FnMut(&[u64])) {
        pair_options(pos, 0, 1, f)
    }
    fn closed_form(&self) -> Option<&dyn TupleClosedForm> {
        Some(self)
    }
    fn canonical(&self, pos: &[u64]) -> Vec<u64> {
        let mut v = pos.to_vec();
        v.sort_unstable();
        v
    }
    fn search_states(&self, pos: &[u64]) -> u128 {
        DeleteNim.search_states(&[pos[0] - 1, pos[1] - 1])
    }
    fn solver(&self) -> Option<Box<dyn TupleSolver>> {
        Some(Box::new(VdnSolver::default()))
    }
}

impl TupleClosedForm for DeleteNim {
    fn statement(&self) -> Statement {
        f::DELETE_NIM
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        Some(Nimber::from(f::delete_nim(pos[0], pos[1])))
    }
}

impl TupleClosedForm for Vdn {
    fn statement(&self) -> Statement {
        f::VDN
    }
    fn value(&self, pos: &[u64]) -> Option<Nimber> {
        Some(Nimber::from(f::vdn(pos[0], pos[1])))
    }
}

/// Search for Delete Nim by antidiagonals.
///
/// The options of (x, y) are exactly the pairs on the antidiagonals p + q = x − 1 and
/// p + q = y − 1. So with D(s) = { G(p, q) : p + q = s }, G(x, y) = mex(D(x−1) ∪ D(y−1)),
/// and D(s) needs only D(t) for t < s. Each D(s) is a bitset of values (< 128); values
/// are checked against that bound. Work is about s²/4 positions for D(0..s).
#[derive(Default)]
pub struct DiagonalSolver {
    diag: Vec<u128>,
}

impl DiagonalSolver {
    fn set(&self, s: Option<u64>) -> u128 {
        s.map_or(0, |s| self.diag[s as usize])
    }

    fn extend_to(&mut self, s_max: u64, ctl: &Control) -> Result<()> {
        let have = self.diag.len() as u64;
        if s_max < have {
            return Ok(());
        }
        check_antidiagonals("delete-nim", s_max, ctl)?;
        crate::control::try_reserve_exact(&mut self.diag, (s_max + 1 - have) as usize, || {
            format!("delete-nim antidiagonals up to {s_max}")
        })?;
        ctl.start("delete-nim antidiagonals", s_max + 1);
        for s in have..=s_max {
            let mut d = 0u128;
            for p in 0..=s / 2 {
                let v = self.pair(p, s - p);
                if v >= 128 {
                    return Err(Error::Unsupported("delete-nim value above 127".into()));
                }
                d |= 1 << v;
            }
            self.diag.push(d);
            if s & 0xFF == 0 {
                ctl.tick(s)?;
            }
        }
        ctl.finish();
        Ok(())
    }

    /// G(x, y) given the antidiagonals below max(x, y).
    fn pair(&self, x: u64, y: u64) -> u32 {
        let u = self.set(x.checked_sub(1)) | self.set(y.checked_sub(1));
        u.trailing_ones()
    }
}

impl TupleSolver for DiagonalSolver {
    fn check(&self, pos: &[u64], ctl: &Control) -> Result<()> {
        match pos[0].max(pos[1]).checked_sub(1) {
            Some(s) if s >= self.diag.len() as u64 => check_antidiagonals("delete-nim", s, ctl),
            _ => Ok(()),
        }
    }

    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        let m = pos[0].max(pos[1]);
        if m > 0 {
            self.extend_to(m - 1, ctl)?;
        }
        Ok(Nimber::from(self.pair(pos[0], pos[1])))
    }
}

/// VDN by search on its own rules (not through the isomorphism): with
/// E(s) = { G(p, q) : p + q = s, p, q ≥ 1 }, the options of (x, y) are the pairs on the
/// antidiagonals x and y, so G(x, y) = mex(E(x) ∪ E(y)).
#[derive(Default)]
struct VdnSolver {
    diag: Vec<u128>,
}

/// The limits' checks of a search of `name`'s antidiagonals up to `m`: 16 bytes and
/// about m/2 positions an antidiagonal, the memory first.
///
/// # Errors
/// Those of [`Control::check_memory_and_states`].
fn check_antidiagonals(name: &str, m: u64, ctl: &Control) -> Result<()> {
    let diagonals = m as u128 + 1;
    ctl.check_memory_and_states(
        &format!("searching {name} antidiagonals up to {m}"),
        diagonals.saturating_mul(16).min(u64::MAX as u128) as u64,
        format!("{diagonals} antidiagonals"),
        diagonals.saturating_pow(2) / 4,
    )
}

impl VdnSolver {
    fn pair(&self, x: u64, y: u64) -> u32 {
        (self.diag[x as usize] | self.diag[y as usize]).trailing_ones()
    }
}

impl TupleSolver for VdnSolver {
    fn check(&self, pos: &[u64], ctl: &Control) -> Result<()> {
        let m = pos[0].max(pos[1]);
        if m < self.diag.len() as u64 {
            return Ok(());
        }
        check_antidiagonals("vdn", m, ctl)
    }

    fn value(&mut self, pos: &[u64], ctl: &Control) -> Result<Nimber> {
        let m = pos[0].max(pos[1]);
        let have = self.diag.len() as u64;
        if m >= have {
            self.check(pos, ctl)?;
            crate::control::try_reserve_exact(&mut self.diag, (m + 1 - have) as usize, || {
                format!("vdn antidiagonals up to {m}")
            })?;
            for s in have..=m {
                let mut d = 0u128;
                for p in 1..=s / 2 {
                    let v = self.pair(p, s - p);
                    if v >= 128 {
                        return Err(Error::Unsupported("vdn value above 127".into()));
                    }
                    d |= 1 << v;
                }
                self.diag.push(d);
                if s & 0xFF == 0 {
                    ctl.tick(s)?;
                }
            }
        }
        Ok(Nimber::from(self.pair(pos[0], pos[1])))
    }
}

/// Delete Nim and VDN (paper 002).
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "delete-nim",
        "unordered pairs (x,y) of heaps, x, y ≥ 0: delete-nim(3,5) is one game",
        "delete one heap, take 1 from the other and split it into two (possibly empty) heaps",
        "paper 002 (Suetsugu & Abuku) §2",
        Some(f::DELETE_NIM),
        "delete-nim(3,5)",
        |_| Ok(Ruleset::Tuple(Arc::new(DeleteNim))),
    ),
    Family::fixed(
        "vdn",
        "unordered pairs (x,y) with x, y ≥ 1",
        "delete one heap, split the other into two positive heaps",
        "paper 002 §2 (Variant of Delete Nim)",
        Some(f::VDN),
        "vdn(4,6)",
        |_| Ok(Ruleset::Tuple(Arc::new(Vdn))),
    ),
];
