//! The `--period FILE` option of the commands that compute values (`value`, `moves`,
//! `seq`, `plot`): a certificate saved by `grundy period --save`, checked as `period
//! --check` checks it, whose period then answers every heap of its ruleset beyond the
//! table, so that a period is not derived again. And the `source` of values that came
//! from a proven period.

use anyhow::{bail, Result};
use grundy::analysis::certificate::{proven_period, read_saved};
use grundy::catalog::parse_ruleset;
use grundy::game::HeapRuleset;
use grundy::solve::period::ProvenPeriod;
use grundy::solve::{Method, Solver};
use grundy::Control;
use std::path::PathBuf;
use std::sync::Arc;

/// A checked certificate's ruleset and its proven period.
pub type Loaded = (Arc<dyn HeapRuleset>, Arc<ProvenPeriod>);

/// `--period FILE`.
#[derive(clap::Args, Clone, Debug)]
pub struct PeriodArg {
    /// A certificate saved by `grundy period --save`: checked (as `period --check`
    /// does), then its proven period answers the heaps of its ruleset beyond the table
    /// (with --method auto), so that the period is not derived again.
    #[arg(long = "period", value_name = "FILE")]
    pub period: Option<PathBuf>,
}

impl PeriodArg {
    /// The checked certificate's ruleset and period, if one was given (`method` must be
    /// auto: search forces the table, formula uses closed forms only).
    ///
    /// # Errors
    /// A file that cannot be read, is not a certificate or is rejected by the check;
    /// `--period` with another method.
    pub fn load(&self, method: Method, ctl: &Control) -> Result<Option<Loaded>> {
        let Some(path) = &self.period else {
            return Ok(None);
        };
        if method != Method::Auto {
            bail!("--period needs --method auto (search computes the table, formula uses closed forms only)");
        }
        let (name, saved) = read_saved(path, ctl)?;
        let rs = parse_ruleset(&name)?;
        let rs = rs.as_heap("--period")?.clone();
        let p = proven_period(rs.as_ref(), &saved, ctl).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        Ok(Some((rs, Arc::new(p))))
    }

    /// Loads the certificate ([`PeriodArg::load`]) into `solver`; returns its ruleset.
    ///
    /// # Errors
    /// As [`PeriodArg::load`].
    pub fn apply(&self, solver: &mut Solver, method: Method, ctl: &Control) -> Result<Option<Arc<dyn HeapRuleset>>> {
        Ok(self.load(method, ctl)?.map(|(rs, p)| {
            solver.evaluator().add_period(&rs, p);
            rs
        }))
    }
}

/// Where the values beyond the computed tables came from, if a proven period gave any:
/// `kayles: by the proven period (12, 71, 0), Guy–Smith, agreement checked to heap
/// 1023`, one per ruleset, joined by `; `.
pub fn sources(solver: &Solver) -> Option<String> {
    let used = solver.periods_used();
    (!used.is_empty()).then(|| {
        used.iter()
            .map(|p| format!("{}: {}", p.ruleset(), p.source()))
            .collect::<Vec<_>>()
            .join("; ")
    })
}
