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
//! `work`; `class` and `shift` are recomputed when the census finishes.
//!
//! An open normal-play row names no certificate, and a partial misère row's
//! certificate proves nothing past its `to`: nothing proves a period absent, or a
//! stop. Such a row must agree with the census's parameters (an open row's heap
//! reached is the one `--to` and `--max-work` give, or a heap where the sparse
//! engine's projection may stop; a partial row short of `--to` names one of the
//! words of [`super::misere::Stop`], the work limit only when there is one), a short
//! run of its code must agree with it (an open row: to [`PROBE_HEAPS`], no period
//! proven and the same values; a row stopped by the work limit or by the engine: no
//! run within a smaller budget gets past its stop), and [`SAMPLE_ROWS`] of them,
//! drawn at random, are run again in full and compared field by field.

use super::{
    certificate_name, job_control, own_control, pool, CensusRow, Outcome, Output, Row, Status, PROBE_HEAPS, ROWS_FILE,
};
use crate::analysis::certificate::{check_certificate, parse_saved, READ_FRACTION};
use crate::control::Control;
use crate::error::{Error, Result};
use std::collections::HashSet;
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
    /// Checks every row read back by [`Output::open`] against its certificate and the
    /// census's parameters ([`CensusRow::distrust`]) on `jobs` threads, each row with
    /// a `jobs`-th of the memory limit of `ctl` and its work limit (a code's budget),
    /// then runs up to [`SAMPLE_ROWS`] of the open (partial) rows that passed again,
    /// drawn at random, and compares them field by field but for the measurements
    /// (`MEASURED`). The rows that fail are not trusted: their lines are taken out of `census.jsonl` (rewritten
    /// atomically) and their certificate files removed, so that their codes run again
    /// ([`Output::is_done`] is false for them). Returns them, in the order of the file.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when the cancellation flag of `ctl` is set (nothing is
    /// changed); [`Error::Input`] naming `census.jsonl` when it cannot be rewritten.
    pub fn check_resumed(&mut self, jobs: usize, ctl: &Control) -> Result<Vec<Untrusted>> {
        use rayon::prelude::*;
        let share = job_control(ctl, jobs).with_cancel_flag(ctl.cancel_flag());
        let (dir, to, max_work) = (&self.dir, self.to, self.max_work);
        let pool = pool(jobs)?;
        let verdicts: Vec<Result<Option<String>>> = pool.install(|| {
            self.rows
                .par_iter()
                .map(|row| {
                    if ctl.cancelled() {
                        return Err(Error::Interrupted);
                    }
                    row.distrust(dir, to, max_work, &own_control(&share))
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
        // A sample of the open (partial) rows that passed is run again and compared
        // field by field: nothing else checks what such a row says of the heaps
        // beyond a short run's.
        let sample = sample_unproven(&kept, &untrusted);
        let reruns: Vec<Result<Outcome<R>>> = pool.install(|| {
            sample
                .par_iter()
                .map(|&i| {
                    if ctl.cancelled() {
                        return Err(Error::Interrupted);
                    }
                    R::rerun(kept[i].code(), to, &own_control(&share))
                })
                .collect()
        });
        if ctl.cancelled() {
            return Err(Error::Interrupted);
        }
        let mut failed = HashSet::new();
        for (&i, rerun) in sample.iter().zip(reruns) {
            let row = &kept[i];
            let (reason, kept_unchecked) = match rerun {
                Err(Error::Interrupted) => return Err(Error::Interrupted),
                Err(e) if is_limit(&e) => (format!("running its code again: {e}"), true),
                Err(e) => (format!("its code could not run again: {e}"), false),
                Ok(again) => match rerun_difference(row, &again.row) {
                    None => continue,
                    Some(d) if row.stopped_by_memory() || again.row.stopped_by_memory() => {
                        (format!("{d}, stopped by the memory limit's share"), true)
                    }
                    Some(d) => (d, false),
                },
            };
            if !kept_unchecked {
                failed.insert(i);
            }
            untrusted.push(Untrusted {
                file: self.dir.join(ROWS_FILE),
                code: row.code().to_string(),
                reason,
                kept: kept_unchecked,
            });
        }
        // In the order of the file.
        let rank: std::collections::HashMap<&str, usize> =
            self.rows.iter().enumerate().map(|(i, r)| (r.code(), i)).collect();
        untrusted.sort_by_key(|u| rank.get(u.code.as_str()).copied().unwrap_or(usize::MAX));
        let kept: Vec<R> = kept
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !failed.contains(i))
            .map(|(_, r)| r)
            .collect();
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

/// The indices in `kept` of up to [`SAMPLE_ROWS`] open (partial) rows drawn at random,
/// a new draw every run, so that no such row is safe to alter; rows kept unchecked
/// (named in `untrusted`) are left out.
fn sample_unproven<R: CensusRow>(kept: &[R], untrusted: &[Untrusted]) -> Vec<usize> {
    let unchecked: HashSet<&str> = untrusted.iter().map(|u| u.code.as_str()).collect();
    let mut candidates: Vec<usize> = (0..kept.len())
        .filter(|&i| kept[i].unproven() && !unchecked.contains(kept[i].code()))
        .collect();
    let mut draw = crate::solve::draw::Draw::fresh();
    let mut sample = Vec::new();
    while sample.len() < SAMPLE_ROWS && !candidates.is_empty() {
        let j = draw.below(candidates.len() as u64) as usize;
        sample.push(candidates.swap_remove(j));
    }
    sample.sort_unstable();
    sample
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
pub(super) fn distrust_normal(row: &Row, dir: &Path, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>> {
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
            if states {
                return Ok(Some("it is open but states a period".to_string()));
            }
            return distrust_open(row, to, max_work, ctl);
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

/// [`distrust_normal`] of an open row (no period, no certificate), which nothing
/// proves: what can be checked without running its code in full.
///
/// - Its heap reached is the one the census's parameters give: the last heap whose
///   table is within `--max-work` (to `--to` when the budget allows it), or a heap
///   below it where the sparse-space engine's projection of the work left may have
///   stopped the run (the heap before a multiple of
///   [`crate::solve::dense::PROJECTION_EVERY`]); any other heap is a row of another
///   census (another `--to` or `--max-work`) or an edit.
/// - What it says of its values fits its heaps: the largest value's heap, the offset
///   and the last rare heap within them, as many fingerprints as the values from the
///   offset give.
/// - A run of its code to heap [`PROBE_HEAPS`] (or its `to`, if less) proves no
///   period, and gives the row's offset, the fingerprints of the values it covers and
///   the largest value where the row's lies among them (the largest below it
///   elsewhere).
///
/// # Errors
/// [`Error::Interrupted`], and a limit that stopped the short run (the row is kept
/// unchecked).
fn distrust_open(row: &Row, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>> {
    let rs = match super::heap_ruleset(&row.code) {
        Ok(rs) => rs,
        Err(e) => return Ok(Some(e.to_string())),
    };
    let reach = super::heaps_within_budget(rs.as_ref(), to, max_work);
    let every = crate::solve::dense::PROJECTION_EVERY;
    if row.to > reach {
        return Ok(Some(format!(
            "it is open to heap {}, beyond heap {reach}, the last the census's --max-work lets a code reach",
            row.to
        )));
    }
    if row.to < reach && !(row.to + 1).is_multiple_of(every) {
        return Ok(Some(format!(
            "it is open to heap {}, short of heap {reach}, which the census's --to and --max-work let it reach, and no limit stops a run there",
            row.to
        )));
    }
    let expected = (row.to.saturating_sub(row.offset) + 1).ilog2() as usize + 1;
    let bounds = [
        ("largest_at", row.largest_at <= row.to),
        ("offset", row.offset <= row.to),
        ("last_rare", row.last_rare.is_none_or(|l| l <= row.to)),
        ("rare_count", row.rare_count.is_none_or(|c| c <= row.to + 1)),
        ("fingerprints", row.fingerprints.len() == expected),
    ];
    if let Some((name, _)) = bounds.iter().find(|(_, holds)| !holds) {
        return Ok(Some(format!("its {name} does not fit its heaps 0..={}", row.to)));
    }
    let short = match super::run_code(&row.code, row.to.min(PROBE_HEAPS), &own_control(ctl)) {
        Ok(o) => o.row,
        Err(e) => return underived("a short run of its code", e),
    };
    if let (Some(period), Some(preperiod)) = (short.period, short.preperiod) {
        return Ok(Some(format!(
            "it is open, but a run to heap {} proves the period {period} from heap {preperiod}",
            short.to
        )));
    }
    if short.largest_value > 0 && short.offset != row.offset {
        return Ok(Some(format!(
            "offset: {} in the row, {} when heaps 0..={} are computed",
            row.offset, short.offset, short.to
        )));
    }
    if short.largest_value > 0 {
        let differ = short
            .fingerprints
            .iter()
            .zip(&row.fingerprints)
            .position(|(a, b)| a != b);
        if let Some(i) = differ {
            return Ok(Some(format!(
                "fingerprints[{i}]: {} in the row, {} when heaps 0..={} are computed",
                row.fingerprints[i], short.fingerprints[i], short.to
            )));
        }
    }
    let largest = if row.largest_at <= short.to {
        (short.largest_value, short.largest_at) == (row.largest_value, row.largest_at)
    } else {
        short.largest_value < row.largest_value
    };
    Ok((!largest).then(|| {
        format!(
            "largest_value: {} at heap {} in the row, but heaps 0..={} have {} at heap {}",
            row.largest_value, row.largest_at, short.to, short.largest_value, short.largest_at
        )
    }))
}

/// The most open or partial rows a resume runs again ([`Output::check_resumed`]),
/// drawn at random among them (all of them when there are no more).
pub const SAMPLE_ROWS: usize = 4;

/// The fields a rerun need not give again: measurements of the run (`seconds`,
/// `work`), what the census completes at its end (`class`, `shift`) and where the
/// certificate is kept.
const MEASURED: [&str; 5] = ["seconds", "work", "class", "shift", "certificate"];

/// The first field in which `row` and `again` (its code run again) differ, but for
/// [`MEASURED`]: `name: a in the row, b when its code runs again` (an array's first
/// differing element, `fingerprints[3]`).
fn rerun_difference<R: serde::Serialize>(row: &R, again: &R) -> Option<String> {
    let (a, b) = (serde_json::to_value(row).ok()?, serde_json::to_value(again).ok()?);
    let (a, b) = (a.as_object()?, b.as_object()?);
    let null = serde_json::Value::Null;
    let keys = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k)));
    for key in keys.filter(|k| !MEASURED.contains(&k.as_str())) {
        let (x, y) = (a.get(key).unwrap_or(&null), b.get(key).unwrap_or(&null));
        if x == y {
            continue;
        }
        if let (Some(xs), Some(ys)) = (x.as_array(), y.as_array()) {
            let i = (0..xs.len().max(ys.len()))
                .find(|&i| xs.get(i) != ys.get(i))
                .unwrap_or(0);
            let show = |v: Option<&serde_json::Value>| v.map_or_else(|| "none".to_string(), ToString::to_string);
            return Some(format!(
                "{key}[{i}]: {} in the row, {} when its code runs again",
                show(xs.get(i)),
                show(ys.get(i))
            ));
        }
        return Some(format!("{key}: {x} in the row, {y} when its code runs again"));
    }
    None
}

#[cfg(test)]
mod tests;
