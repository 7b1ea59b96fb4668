//! Resuming a census directory without trusting its rows. A row read back from
//! `census.jsonl` counts as done only when its certificate is the file the census
//! writes for its code, is there, parses, states what the row states (the period,
//! preperiod and saltus, the theorem, the status; in misère play the heap reached, |Q|,
//! |P| and the status too), and passes the independent checker (`grundy period
//! --check`, `grundy quotient --check`); then what the row states and no certificate
//! does must be what the certificate gives: in normal play, what the row says of the
//! values (the largest, the offset and fingerprints the classes are computed from,
//! the rare/common split and the rare heaps, as `census::rare_split` wrote them); in
//! misère play, the tameness and the heaps where the quotient grew
//! ([`crate::solve::misere::Certificate::tame`],
//! [`crate::solve::misere::Certificate::changes`]). A row that fails is not trusted:
//! it is taken out of `census.jsonl` and its code runs again
//! ([`Output::check_resumed`]).
//!
//! Nothing derives a proven row's `to` (where the doubling search stopped past the
//! proof: only bounded by the proof's end and the census's `to`), its `seconds` and
//! `work`, or a misère row's `stopped` text; `class` and `shift` are recomputed when
//! the census finishes.
//!
//! An open normal-play row names no certificate: nothing proves a period absent, so it
//! is checked only for stating no period.

use super::{certificate_name, job_control, own_control, pool, CensusRow, Output, Row, Status, ROWS_FILE};
use crate::analysis::certificate::{check_certificate, parse_saved, READ_FRACTION};
use crate::control::Control;
use crate::error::{Error, Result};
use std::path::Path;

/// A row of `census.jsonl` that a resumed census does not trust: its code runs again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untrusted {
    /// The rows file it was read from.
    pub file: std::path::PathBuf,
    /// The code of the row.
    pub code: String,
    /// Why it is not trusted (the first thing that does not hold), or the limit that
    /// stopped its check.
    pub reason: String,
    /// True when a limit stopped the check (its certificate too large to read within
    /// the memory limit, or its check above the work limit): the row is kept as
    /// written, unchecked, and its code does not run again (it would make the same
    /// certificate, and run again on every resume).
    pub kept: bool,
}

impl std::fmt::Display for Untrusted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.kept {
            return write!(
                f,
                "{}: the row of {} could not be checked ({}); it is kept as written, unchecked (a larger memory or work limit lets the check run)",
                self.file.display(),
                self.code,
                self.reason
            );
        }
        write!(
            f,
            "{}: the row of {} is not trusted ({}); it runs again",
            self.file.display(),
            self.code,
            self.reason
        )
    }
}

/// True for the errors of a limit (memory, work, positions, the system's memory): a
/// check they stop says nothing of the row.
pub(super) fn is_limit(e: &Error) -> bool {
    matches!(
        e,
        Error::TooLarge { .. } | Error::TooManyStates { .. } | Error::TooMuchWork { .. } | Error::OutOfMemory { .. }
    )
}

/// A derivation's error as a verdict: a limit's is returned as an error (the row is
/// kept unchecked, [`Output::check_resumed`]), [`Error::Interrupted`] too; any other
/// is a reason not to trust the row (`what could not be derived: e`).
///
/// # Errors
/// The limit's error, or [`Error::Interrupted`].
pub(super) fn underived(what: &str, e: Error) -> Result<Option<String>> {
    if is_limit(&e) || matches!(e, Error::Interrupted) {
        return Err(e);
    }
    Ok(Some(format!("{what} could not be derived: {e}")))
}

impl<R: CensusRow> Output<R> {
    /// Checks every row read back by [`Output::open`] against its certificate
    /// ([`CensusRow::distrust`]) on `jobs` threads, each row with a `jobs`-th of the
    /// memory limit of `ctl` and its work limit (a code's budget). The rows that fail
    /// are not trusted: their lines are taken out of `census.jsonl` (rewritten
    /// atomically) and their certificate files removed, so that their codes run again
    /// ([`Output::is_done`] is false for them). Returns them, in the order of the file.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when the cancellation flag of `ctl` is set (nothing is
    /// changed); [`Error::Input`] naming `census.jsonl` when it cannot be rewritten.
    pub fn check_resumed(&mut self, jobs: usize, ctl: &Control) -> Result<Vec<Untrusted>> {
        use rayon::prelude::*;
        let share = job_control(ctl, jobs).with_cancel_flag(ctl.cancel_flag());
        let (dir, to) = (&self.dir, self.to);
        let verdicts: Vec<Result<Option<String>>> = pool(jobs)?.install(|| {
            self.rows
                .par_iter()
                .map(|row| {
                    if ctl.cancelled() {
                        return Err(Error::Interrupted);
                    }
                    row.distrust(dir, to, &own_control(&share))
                })
                .collect()
        });
        if ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        let mut kept = Vec::with_capacity(self.rows.len());
        let mut untrusted = Vec::new();
        for (row, verdict) in self.rows.iter().zip(verdicts) {
            // A code with two rows has neither trusted (the first read had won, and the
            // rewrite dropped the other: a hostile check put a forged row ahead of an
            // honest one).
            let n = self.read_back.get(row.code()).copied().unwrap_or(1);
            let verdict = match verdict {
                Err(e) if is_limit(&e) && n == 1 => {
                    kept.push(row.clone());
                    untrusted.push(Untrusted {
                        file: self.dir.join(ROWS_FILE),
                        code: row.code().to_string(),
                        reason: e.to_string(),
                        kept: true,
                    });
                    continue;
                }
                Err(e) if is_limit(&e) => Some(format!("its code has {n} rows")),
                v => match v? {
                    None if n > 1 => Some(format!("its code has {n} rows")),
                    v => v,
                },
            };
            match verdict {
                None => kept.push(row.clone()),
                Some(reason) => untrusted.push(Untrusted {
                    file: self.dir.join(ROWS_FILE),
                    code: row.code().to_string(),
                    reason,
                    kept: false,
                }),
            }
        }
        if untrusted.iter().all(|u| u.kept) {
            return Ok(untrusted);
        }
        let path = self.dir.join(ROWS_FILE);
        crate::control::write_atomically(&path, super::jsonl(&kept).as_bytes())
            .map_err(|e| super::input(format!("cannot write {}: {e}", path.display())))?;
        for u in untrusted.iter().filter(|u| !u.kept) {
            // A stale certificate would be left for no row if the code's new run proves
            // no period; one it proves is written again.
            let _ = std::fs::remove_file(self.dir.join(certificate_path(&u.code)));
            self.done.remove(&u.code);
        }
        self.rows = kept;
        Ok(untrusted)
    }
}

/// The certificate of `code`, relative to the census directory.
pub(super) fn certificate_path(code: &str) -> String {
    format!("certificates/{}", certificate_name(code))
}

/// The certificate a row names (`named`), read from the census directory `dir`:
/// `Ok(None)` when it names none, `Ok(Some((path, text)))`, or the reason not to trust
/// the row: it names another file than its code's certificate, or the file is missing
/// or cannot be read (read within a [`READ_FRACTION`]th of the memory limit, as `grundy
/// period --check` reads it).
///
/// # Errors
/// [`Error::TooLarge`] for a certificate larger than that bound (a limit, not a reason
/// not to trust the row: [`Output::check_resumed`] keeps it unchecked).
pub(super) fn certificate_text(
    dir: &Path,
    code: &str,
    named: Option<&str>,
    ctl: &Control,
) -> Result<std::result::Result<Option<(String, String)>, String>> {
    let Some(named) = named else {
        return Ok(Ok(None));
    };
    let own = certificate_path(code);
    if named != own {
        return Ok(Err(format!("it names the certificate {named}, not {own}")));
    }
    let bound = ctl.memory_limit() / READ_FRACTION;
    let path = dir.join(&own);
    match crate::control::read_text_bounded(&path, bound) {
        Ok(text) => Ok(Ok(Some((own, text)))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Err(format!("its certificate {own} is missing"))),
        Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => Err(crate::control::too_large_to_read(
            &path,
            &format!("its certificate {own}"),
            ctl,
            READ_FRACTION,
        )),
        Err(e) => Ok(Err(format!("cannot read its certificate {own}: {e}"))),
    }
}

/// Why a row whose last heap is `reached` cannot be a row of a census to heap `to`:
/// no code is computed beyond it (nor would the check of such a row end soon).
pub(super) fn beyond(reached: u64, to: u64) -> Option<String> {
    (reached > to).then(|| format!("its last heap {reached} is beyond the census's --to {to}"))
}

/// The first field on which a row and its certificate differ, as `name: a in the row,
/// b in its certificate` (`none` for a field not stated).
pub(super) fn disagreement(fields: &[(&str, Option<i128>, Option<i128>)]) -> Option<String> {
    let show = |v: Option<i128>| v.map_or_else(|| "none".to_string(), |v| v.to_string());
    fields
        .iter()
        .find(|(_, row, cert)| row != cert)
        .map(|(name, row, cert)| format!("{name}: {} in the row, {} in its certificate", show(*row), show(*cert)))
}

/// The verdict of an independent checker as a reason not to trust a row: `None` when
/// it accepts the certificate, else its rejection.
///
/// # Errors
/// [`Error::Interrupted`], and the limit that stopped the check ([`is_limit`]: the row
/// is kept unchecked).
pub(super) fn checked(verdict: Result<String>) -> Result<Option<String>> {
    match verdict {
        Ok(_) => Ok(None),
        Err(Error::Input(m)) => Ok(Some(m)),
        Err(e) if is_limit(&e) || matches!(e, Error::Interrupted) => Err(e),
        Err(e) => Ok(Some(format!("its certificate could not be checked: {e}"))),
    }
}

/// [`CensusRow::distrust`] of a normal-play row: it ends at most at the census's heap
/// `to`; an open row states no period and names no certificate; a trivial or periodic
/// one names its certificate, which parses (the format of `grundy period --save`), is
/// for the row's ruleset, states the row's preperiod, period, saltus and theorem,
/// proves the period within the heaps the row computed, below
/// [`super::TRIVIAL_HEAPS`] exactly when the row is trivial, and passes
/// [`check_certificate`]; then what the row says of the values (the largest, the
/// offset and the fingerprints, to the census's heap `to`; the rare/common split, the
/// rare heaps and the last of them, to the row's `to`) is what the certificate's
/// values and period give.
///
/// # Errors
/// [`Error::Interrupted`].
pub(super) fn distrust_normal(row: &Row, dir: &Path, to: u64, ctl: &Control) -> Result<Option<String>> {
    if let Some(reason) = beyond(row.to, to) {
        return Ok(Some(reason));
    }
    let found = match certificate_text(dir, &row.code, row.certificate.as_deref(), ctl)? {
        Ok(found) => found,
        Err(reason) => return Ok(Some(reason)),
    };
    let (path, text) = match (row.status, found) {
        (Status::Open, None) => {
            let states =
                row.preperiod.is_some() || row.period.is_some() || row.saltus.is_some() || row.theorem.is_some();
            return Ok(states.then(|| "it is open but states a period".to_string()));
        }
        (Status::Open, Some(_)) => return Ok(Some("it is open but names a certificate".into())),
        (status, None) => return Ok(Some(format!("it is {} but names no certificate", status.as_str()))),
        (_, Some(found)) => found,
    };
    let (ruleset, saved) = match parse_saved(&text, &path) {
        Ok(parsed) => parsed,
        Err(e) => return Ok(Some(e.to_string())),
    };
    let rs = match super::heap_ruleset(&row.code) {
        Ok(rs) => rs,
        Err(e) => return Ok(Some(e.to_string())),
    };
    if ruleset != rs.name() {
        return Ok(Some(format!("its certificate is for {ruleset}, not {}", rs.name())));
    }
    let per = saved.periodicity;
    let stated = [
        ("preperiod", row.preperiod.map(i128::from), Some(per.preperiod.into())),
        ("period", row.period.map(i128::from), Some(per.period.into())),
        ("saltus", row.saltus.map(i128::from), Some(per.saltus.into())),
    ];
    if let Some(d) = disagreement(&stated) {
        return Ok(Some(d));
    }
    if row.theorem.as_deref() != Some(saved.theorem.as_str()) {
        return Ok(Some("its theorem is not its certificate's".into()));
    }
    let status = super::status_of(Some(saved.proof_end));
    if row.status != status {
        return Ok(Some(format!(
            "it is {}, but its certificate's proof ends at heap {}: {}",
            row.status.as_str(),
            saved.proof_end,
            status.as_str()
        )));
    }
    if row.to < saved.proof_end {
        return Ok(Some(format!(
            "its certificate's proof ends at heap {}, beyond the row's last heap {}",
            saved.proof_end, row.to
        )));
    }
    if let Some(reason) = checked(check_certificate(rs.as_ref(), &saved, ctl))? {
        return Ok(Some(reason));
    }
    // The certificate's values, checked, and its period give every value: what the row
    // says of them must follow (the classes are computed from the fingerprints).
    let values = &saved.values;
    let s = super::summary(&|n| super::value_of(values, Some(per), n), row.to, to);
    let derived = [
        (
            "largest_value",
            Some(row.largest_value.into()),
            Some(s.largest_value.into()),
        ),
        ("largest_at", Some(row.largest_at.into()), Some(s.largest_at.into())),
        ("offset", Some(row.offset.into()), Some(s.offset.into())),
        (
            "fingerprints",
            Some(row.fingerprints.len() as i128),
            Some(s.fingerprints.len() as i128),
        ),
    ];
    if let Some(d) = disagreement(&derived) {
        return Ok(Some(d));
    }
    let fingerprint = row.fingerprints.iter().zip(&s.fingerprints).position(|(a, b)| a != b);
    if let Some(i) = fingerprint {
        return Ok(Some(format!(
            "fingerprints[{i}]: {} in the row, {} in its certificate",
            row.fingerprints[i], s.fingerprints[i]
        )));
    }
    // The rare/common split is the engine's for the values of heaps 0..=to, replayed
    // from them: the certificate's values, extended by its period, give it again.
    let rare = match super::rare_split(rs.as_ref(), &|n| super::value_of(values, Some(per), n), row.to) {
        Ok(rare) => rare,
        Err(e) => return underived("its rare heaps", e),
    };
    if row.rare_mask != rare.mask {
        let show = |m: &Option<String>| m.clone().unwrap_or_else(|| "none".into());
        return Ok(Some(format!(
            "rare_mask: {} in the row, {} in its certificate",
            show(&row.rare_mask),
            show(&rare.mask)
        )));
    }
    Ok(disagreement(&[
        ("rare_count", row.rare_count.map(i128::from), rare.count.map(i128::from)),
        ("last_rare", row.last_rare.map(i128::from), rare.last.map(i128::from)),
    ]))
}

#[cfg(test)]
mod tests;
