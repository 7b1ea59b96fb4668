//! The `--period FILE` option of the commands that compute values (`value`, `moves`,
//! `seq`, `plot`): a certificate saved by `grundy period --save`, checked as `period
//! --check` checks it, whose period then answers every heap of its ruleset beyond the
//! table, so that a period is not derived again. And the `source` of values that came
//! from a proven period.

use anyhow::Result;
use grundy::analysis::certificate::load_period;
use grundy::game::HeapRuleset;
use grundy::solve::Solver;
use grundy::Control;
use std::path::PathBuf;
use std::sync::Arc;

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
    /// Loads the certificate, if one was given, into `solver`
    /// ([`grundy::analysis::certificate::load_period`]); returns its ruleset.
    ///
    /// # Errors
    /// A file that cannot be read, is not a certificate or is rejected by the check;
    /// a solver whose method is not auto; a solver of misère play (which uses no
    /// normal-play period: refused rather than ignored).
    pub fn apply(&self, solver: &mut Solver, ctl: &Control) -> Result<Option<Arc<dyn HeapRuleset>>> {
        if self.period.is_some() && solver.play() == grundy::solve::Play::Misere {
            anyhow::bail!("{MISERE_NO_PERIOD}");
        }
        match &self.period {
            Some(path) => Ok(Some(load_period(path, solver, ctl)?)),
            None => Ok(None),
        }
    }
}

/// The refusal of `--period FILE` in misère play.
pub const MISERE_NO_PERIOD: &str =
    "--period FILE answers normal-play values from a proven period; misère play does not use it (drop it)";

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
