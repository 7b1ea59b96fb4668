//! The misère census of a family: for each code, its misère quotient (Plambeck & Siegel,
//! "Misère quotients for impartial games", JCTA 115 (2008), and the supplement's tables
//! of octal games) computed heap by heap with [`crate::solve::misere::quotient()`], as
//! one [`MisereRow`]: the heaps where the quotient grows, with |Q| and |P| there, |Q|
//! and |P| at the last heap, tame or wild, and whether it is **solved** (by the
//! periodicity theorem for misère quotients) or **partial** to the heap reached.
//!
//! The families, the census directory ([`super::Output`]), the parallel run
//! ([`super::run_each`]) and the order of a short probe are those of normal play; the
//! play convention is one of the census's [`super::Params`]. Every row has a
//! certificate (the format of `grundy quotient --save`), partial ones too: it proves
//! the quotient of the sums of heaps up to the row's `to`, and
//! [`crate::solve::misere::check_certificate`] (`grundy quotient --check`) re-verifies
//! it without the engine.

use super::resume::{beyond, certificate_text, checked, disagreement, underived};
use super::{field, heap_ruleset, opt, own_control, short_name, CensusRow, Outcome};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::solve::misere::{check_certificate, quotient, Certificate, Change, Quotient, Status, MISERE_PERIODICITY};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The heaps a short probe ([`probe`]) computes.
pub const PROBE_HEAPS: u64 = 24;

/// Whether a misère quotient is known for every heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MisereStatus {
    /// Exact for every heap, by the periodicity theorem for misère quotients.
    Solved,
    /// Exact for the sums of heaps up to the row's `to`.
    Partial,
}

impl MisereStatus {
    /// `solved` or `partial`.
    pub fn as_str(self) -> &'static str {
        match self {
            MisereStatus::Solved => "solved",
            MisereStatus::Partial => "partial",
        }
    }
}

/// One code of a misère census (one line of `census.jsonl`; the keys are documented in
/// docs/cli.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MisereRow {
    /// The code as the user writes it (`0.75`, `4.0`, `subtraction[1,3]`).
    pub code: String,
    /// Solved or partial.
    pub status: MisereStatus,
    /// The last heap covered: the quotient is exact for the sums of heaps ≤ `to` (for
    /// every heap when solved; `to` is then the heap where the theorem's check ended).
    pub to: u64,
    /// |Q|, the order of the quotient at heap `to` (for every heap when solved).
    pub order: usize,
    /// |P|, the size of its P-portion.
    pub p_size: usize,
    /// `T_k` when (Q, P) is the tame quotient of misère Nim on heaps below 2^k (Plambeck
    /// & Siegel 2008; `T_0` the trivial monoid), `wild` otherwise.
    pub tame: String,
    /// Each heap n where the quotient grew (Q_n ≠ Q_{n−1}), with |Q_n| and |P_n|, in
    /// order; Q_0 is the trivial monoid.
    pub changes: Vec<Change>,
    /// A solved quotient's n₀: Φ(n + period) = Φ(n) for every n ≥ preperiod; null when
    /// partial.
    pub preperiod: Option<u64>,
    /// A solved quotient's period of Φ; null when partial.
    pub period: Option<u64>,
    /// The theorem that solves it, with its source; null when partial.
    pub theorem: Option<String>,
    /// What stopped a partial quotient before the census's `--to`, one of the words of
    /// [`Stop`]: `work` (the work limit), `memory` (the memory limit's share) or
    /// `unsupported` (a step the engine cannot take); null when it reached `--to` or
    /// is solved.
    pub stopped: Option<String>,
    /// The certificate, relative to the census directory (null without one).
    pub certificate: Option<String>,
    /// Seconds the code took.
    pub seconds: f64,
    /// The work counted: options listed and states checked.
    pub work: u64,
}

/// What stopped a partial quotient before the census's `--to` ([`MisereRow::stopped`]),
/// written as one word so that a resume can check it against the census's
/// parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The work limit (`--max-work`, each code's budget).
    Work,
    /// The code's share of the memory limit.
    Memory,
    /// A step the engine cannot take (a trial monoid whose check fails).
    Unsupported,
}

impl Stop {
    /// Every reason, in the order the documentation gives them.
    pub const ALL: [Stop; 3] = [Stop::Work, Stop::Memory, Stop::Unsupported];

    /// `work`, `memory` or `unsupported`: the word a row records.
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::Work => "work",
            Stop::Memory => "memory",
            Stop::Unsupported => "unsupported",
        }
    }

    /// The reason a row records as `word`, if it is one.
    pub fn parse(word: &str) -> Option<Stop> {
        Stop::ALL.into_iter().find(|s| s.as_str() == word)
    }

    /// The reason of an error that stopped the engine.
    pub fn of(e: &Error) -> Stop {
        match e {
            Error::TooMuchWork { .. } | Error::TooManyStates { .. } => Stop::Work,
            Error::TooLarge { .. } | Error::OutOfMemory { .. } => Stop::Memory,
            _ => Stop::Unsupported,
        }
    }

    /// The reason in words, for the Markdown table.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Work => "the work limit",
            Stop::Memory => "the memory limit's share",
            Stop::Unsupported => "a step the engine cannot take",
        }
    }
}

/// `T_k` or `wild`: [`MisereRow::tame`] of a quotient whose tameness is `tame`
/// ([`Quotient::tame`], [`Certificate::tame`]).
fn tame_name(tame: Option<u32>) -> String {
    match tame {
        Some(k) => format!("T_{k}"),
        None => "wild".into(),
    }
}

/// The row of a computed quotient (without its time and certificate path).
fn row_of(code: &str, q: &Quotient) -> MisereRow {
    let (status, preperiod, period) = match q.status {
        Status::Solved { preperiod, period, .. } => (MisereStatus::Solved, Some(preperiod), Some(period)),
        Status::Partial => (MisereStatus::Partial, None, None),
    };
    MisereRow {
        code: code.to_string(),
        status,
        to: q.to,
        order: q.order(),
        p_size: q.p_portion.len(),
        tame: tame_name(q.tame()),
        changes: q.changes.clone(),
        preperiod,
        period,
        theorem: (status == MisereStatus::Solved).then(|| MISERE_PERIODICITY.to_string()),
        stopped: q.stopped.as_ref().map(|e| Stop::of(e).as_str().to_string()),
        certificate: None,
        seconds: 0.0,
        work: q.work,
    }
}

/// Computes the misère quotient of one code heap by heap up to heap `to` within the
/// limits of `ctl` (its work limit is the code's budget), stopping early once it is
/// solved. A code stopped by a limit or by a step the engine cannot take is partial to
/// the heap reached, with the reason in [`MisereRow::stopped`]. The certificate (the
/// format of `grundy quotient --save`) comes with every row.
///
/// # Errors
/// The code's parse errors; [`Error::Unsupported`] for a ruleset whose heap 1 has an
/// option that is not a sum of smaller heaps; [`Error::Interrupted`] (nothing is
/// kept: the code runs again when the census is resumed).
pub fn run_code(code: &str, to: u64, ctl: &Control) -> Result<Outcome<MisereRow>> {
    let start = std::time::Instant::now();
    let rs = heap_ruleset(code)?;
    let q = quotient(rs.as_ref(), to, &own_control(ctl))?;
    if matches!(q.stopped, Some(Error::Interrupted)) {
        return Err(Error::Interrupted);
    }
    let mut row = row_of(code, &q);
    row.seconds = start.elapsed().as_secs_f64();
    Ok(Outcome {
        row,
        certificate: Some(q.certificate().to_json()),
    })
}

/// The most work a probe ([`probe`]) spends on one code (or the code's budget, if
/// less).
pub const PROBE_WORK: u64 = 1_000_000;

/// The cost of a code as seen by a short run to [`PROBE_HEAPS`] heaps (or `to`, if
/// less) within [`PROBE_WORK`]: 0 if that solves its quotient, the work it took (at
/// least 1) if it reaches the probe's last heap, and above any such work if the
/// probe's budget stops it (the fewer heaps reached, the higher). Ordering codes by
/// it, most expensive first, keeps a parallel census from ending on one long code.
///
/// # Errors
/// As [`run_code`].
pub fn probe(code: &str, to: u64, ctl: &Control) -> Result<u64> {
    let short = ctl.clone().with_work_limit(ctl.work_limit().min(PROBE_WORK));
    let o = run_code(code, to.min(PROBE_HEAPS), &short)?;
    Ok(match (o.row.status, &o.row.stopped) {
        (MisereStatus::Solved, _) => 0,
        (MisereStatus::Partial, None) => o.row.work.max(1),
        (MisereStatus::Partial, Some(_)) => u64::MAX / 2 + (PROBE_HEAPS - o.row.to.min(PROBE_HEAPS)),
    })
}

/// Checks, before any code runs, that the misère quotient engine takes every code:
/// each is a heap ruleset starting at heap 0 whose heap 1 has only options that are
/// sums of smaller heaps (a later heap that breaks this ends its code's quotient
/// there, partial, with the reason).
///
/// # Errors
/// The parse errors of a code; [`Error::Unsupported`] naming the first code the engine
/// cannot take.
pub fn check_codes(codes: &[String], ctl: &Control) -> Result<()> {
    for code in codes {
        let rs = heap_ruleset(code)?;
        quotient(rs.as_ref(), 1, &own_control(ctl)).map_err(|e| Error::Unsupported(format!("{code}: {e}")))?;
    }
    Ok(())
}

/// A heap where the quotient grew, as `heap:|Q|:|P|`.
fn change_text(c: &Change) -> String {
    format!("{}:{}:{}", c.heap, c.order, c.p_size)
}

/// The heaps where the quotient grew, each written by `item`, separated by `sep`.
fn changes_text(r: &MisereRow, sep: &str, item: fn(&Change) -> String) -> String {
    r.changes.iter().map(item).collect::<Vec<_>>().join(sep)
}

/// The rows as CSV: a header and one line per code, the keys of [`MisereRow`] with
/// `changes` written `heap:order:p_size` separated by spaces.
pub fn csv(rows: &[MisereRow]) -> String {
    let mut out = String::from(
        "code,status,to,order,p_size,tame,changes,preperiod,period,theorem,stopped,certificate,seconds,work\n",
    );
    for r in rows {
        let cells = [
            r.code.clone(),
            r.status.as_str().into(),
            r.to.to_string(),
            r.order.to_string(),
            r.p_size.to_string(),
            r.tame.clone(),
            changes_text(r, " ", change_text),
            opt(&r.preperiod),
            opt(&r.period),
            opt(&r.theorem),
            opt(&r.stopped),
            opt(&r.certificate),
            format!("{:.3}", r.seconds),
            r.work.to_string(),
        ];
        let line: Vec<String> = cells.iter().map(|c| field(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The counts of a misère census: solved, partial.
pub fn counts(rows: &[MisereRow]) -> (usize, usize) {
    let solved = rows.iter().filter(|r| r.status == MisereStatus::Solved).count();
    (solved, rows.len() - solved)
}

/// The rows as Markdown in the form of Plambeck & Siegel's supplement: the solved
/// codes, then the partial ones, each with the heaps where the quotient grew (heap:
/// |Q|, |P|).
pub fn markdown(rows: &[MisereRow]) -> String {
    let (solved, partial) = counts(rows);
    let mut out = format!(
        "# Misère census\n\n{} codes: {solved} solved, {partial} partial.\n",
        rows.len()
    );
    let grows = |r: &MisereRow| changes_text(r, "; ", |c| format!("{}: {}, {}", c.heap, c.order, c.p_size));
    out.push_str(
        "\n## Solved\n\ngame | \\|Q\\| | \\|P\\| | tame | period of Φ | from heap | checked to | grows at (heap: \\|Q\\|, \\|P\\|)\n:--- | ---: | ---: | :--- | ---: | ---: | ---: | :---\n",
    );
    for r in rows.iter().filter(|r| r.status == MisereStatus::Solved) {
        out.push_str(&format!(
            "{} | {} | {} | {} | {} | {} | {} | {}\n",
            short_name(&r.code),
            r.order,
            r.p_size,
            r.tame,
            opt(&r.period),
            opt(&r.preperiod),
            r.to,
            grows(r)
        ));
    }
    out.push_str(
        "\n## Partial\n\ngame | to heap | \\|Q\\| | \\|P\\| | tame | grows at (heap: \\|Q\\|, \\|P\\|) | stopped\n:--- | ---: | ---: | ---: | :--- | :--- | :---\n",
    );
    for r in rows.iter().filter(|r| r.status == MisereStatus::Partial) {
        out.push_str(&format!(
            "{} | {} | {} | {} | {} | {} | {}\n",
            short_name(&r.code),
            r.to,
            r.order,
            r.p_size,
            r.tame,
            grows(r),
            r.stopped
                .as_deref()
                .map(|w| Stop::parse(w).map_or_else(|| w.to_string(), |s| s.describe().to_string()))
                .unwrap_or_default()
                .replace('|', "\\|")
        ));
    }
    out
}

/// [`CensusRow::distrust`] of a misère row: it ends at most at the census's heap `to`
/// and names its certificate, which parses (the format of `grundy quotient --save`),
/// is for the row's ruleset, states the row's status, heap reached, |Q|, |P|,
/// preperiod and period, and passes the independent checker ([`check_certificate`]);
/// a solved row names the periodicity theorem for misère quotients, a partial one
/// none; the row's `tame` and `changes` are what the checked quotient gives
/// ([`Certificate::tame`], [`Certificate::changes`]).
///
/// # Errors
/// [`Error::Interrupted`].
fn distrust(row: &MisereRow, dir: &Path, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>> {
    if let Some(reason) = beyond(row.to, to) {
        return Ok(Some(reason));
    }
    if let Some(reason) = inconsistent_stop(row, to, max_work) {
        return Ok(Some(reason));
    }
    let (path, text) = match certificate_text(dir, &row.code, row.certificate.as_deref(), ctl)? {
        Ok(Some(found)) => found,
        Ok(None) => return Ok(Some("it names no certificate".into())),
        Err(reason) => return Ok(Some(reason)),
    };
    let cert = match Certificate::from_json(&text) {
        Ok(cert) => cert,
        Err(e) => return Ok(Some(format!("{path}: {e}"))),
    };
    let rs = match heap_ruleset(&row.code) {
        Ok(rs) => rs,
        Err(e) => return Ok(Some(e.to_string())),
    };
    if cert.ruleset != rs.name() {
        return Ok(Some(format!(
            "its certificate is for {}, not {}",
            cert.ruleset,
            rs.name()
        )));
    }
    if cert.status != row.status.as_str() {
        return Ok(Some(format!(
            "status: {} in the row, {} in its certificate",
            row.status.as_str(),
            cert.status
        )));
    }
    let count = |n: usize| Some(n as i128);
    let stated = [
        ("to", Some(row.to.into()), Some(cert.to.into())),
        ("order", count(row.order), count(cert.table.len())),
        ("p_size", count(row.p_size), count(cert.p_portion.len())),
        (
            "preperiod",
            row.preperiod.map(i128::from),
            cert.preperiod.map(i128::from),
        ),
        ("period", row.period.map(i128::from), cert.period.map(i128::from)),
    ];
    if let Some(d) = disagreement(&stated) {
        return Ok(Some(d));
    }
    let theorem = (row.status == MisereStatus::Solved).then(|| MISERE_PERIODICITY.to_string());
    if row.theorem != theorem {
        return Ok(Some(
            "its theorem is not the one a misère row of its status names".into(),
        ));
    }
    if let Some(reason) = checked(check_certificate(&cert, rs.as_ref(), ctl))? {
        return Ok(Some(reason));
    }
    // The checked quotient gives its tameness and, heap by heap, where it grew.
    let tame = match cert.tame() {
        Ok(tame) => tame_name(tame),
        Err(e) => return underived("its tameness", e),
    };
    if row.tame != tame {
        return Ok(Some(format!(
            "tame: {} in the row, {tame} in its certificate",
            row.tame
        )));
    }
    let changes = match cert.changes(ctl) {
        Ok(changes) => changes,
        Err(e) => return underived("where its quotient grew", e),
    };
    let show = |c: Option<&Change>| c.map_or_else(|| "none".into(), change_text);
    let differ = (0..row.changes.len().max(changes.len())).find(|&i| row.changes.get(i) != changes.get(i));
    if let Some(i) = differ {
        return Ok(Some(format!(
            "changes[{i}]: {} in the row, {} in its certificate",
            show(row.changes.get(i)),
            show(changes.get(i))
        )));
    }
    short_of_its_stop(row, max_work, ctl)
}

/// Why a row's stop cannot be the census's: a partial row short of `--to` names one
/// of the reasons of [`Stop`], and one the parameters make possible (the work limit
/// only when there is one); a row that reached `--to`, or is solved, names none.
fn inconsistent_stop(row: &MisereRow, to: u64, max_work: u64) -> Option<String> {
    let words = || Stop::ALL.map(Stop::as_str).join(", ");
    match (row.status, row.stopped.as_deref()) {
        // A partial quotient short of `--to` was stopped by something, and says what
        // (a hostile check grafted in the row and certificate of a census to 10
        // heaps, which then never ran to 30).
        (MisereStatus::Partial, None) if row.to < to => Some(format!(
            "it is partial to heap {}, short of the census's --to {to}, and names nothing that stopped it",
            row.to
        )),
        (_, None) => None,
        (MisereStatus::Solved, Some(_)) => Some("it is solved but names something that stopped it".into()),
        (MisereStatus::Partial, Some(_)) if row.to >= to => Some(format!(
            "it reached the census's --to {to} but names something that stopped it"
        )),
        (MisereStatus::Partial, Some(word)) => match Stop::parse(word) {
            None => Some(format!(
                "stopped: '{}' is not a reason the census writes ({})",
                word.escape_debug(),
                words()
            )),
            Some(Stop::Work) if max_work == crate::control::NO_WORK_LIMIT => {
                Some("it names the work limit, but the census has none (--max-work none)".into())
            }
            Some(_) => None,
        },
    }
}

/// Why a partial row stopped by the work limit or by a step the engine cannot take,
/// at heap `to + 1`, is refuted: the engine run to that heap within less work (the
/// census's budget or [`PROBE_WORK`], whichever is less) gets past it, so the
/// census's run, which could spend more, did too (the engine stops only at a limit,
/// and the work it counts does not depend on the limit). A row stopped by the memory
/// limit's share is not checked this way: the memory limit is not a parameter of the
/// census.
///
/// # Errors
/// [`Error::Interrupted`].
fn short_of_its_stop(row: &MisereRow, max_work: u64, ctl: &Control) -> Result<Option<String>> {
    let stop = row.stopped.as_deref().and_then(Stop::parse);
    if !matches!(stop, Some(Stop::Work | Stop::Unsupported)) {
        return Ok(None);
    }
    let budget = max_work.min(PROBE_WORK);
    let rs = match heap_ruleset(&row.code) {
        Ok(rs) => rs,
        Err(e) => return Ok(Some(e.to_string())),
    };
    let short = own_control(ctl).with_work_limit(budget);
    let q = match quotient(rs.as_ref(), row.to.saturating_add(1), &short) {
        Ok(q) => q,
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(_) => return Ok(None),
    };
    if matches!(q.stopped, Some(Error::Interrupted)) {
        return Err(Error::Interrupted);
    }
    let past = q.to > row.to || matches!(q.status, Status::Solved { .. });
    Ok(past.then(|| {
        format!(
            "it names {} as what stopped it at heap {}, but the quotient gets past that heap within {} work",
            Stop::parse(row.stopped.as_deref().unwrap_or_default()).map_or("", Stop::describe),
            row.to + 1,
            crate::error::sci(budget.into())
        )
    }))
}

impl CensusRow for MisereRow {
    const PLAY: crate::solve::Play = crate::solve::Play::Misere;
    fn code(&self) -> &str {
        &self.code
    }
    fn distrust(&self, dir: &Path, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>> {
        distrust(self, dir, to, max_work, ctl)
    }
    fn unproven(&self) -> bool {
        self.status == MisereStatus::Partial
    }
    fn stopped_by_memory(&self) -> bool {
        self.stopped.as_deref() == Some(Stop::Memory.as_str())
    }
    fn rerun(code: &str, to: u64, ctl: &Control) -> Result<Outcome<Self>> {
        run_code(code, to, ctl)
    }
    fn set_certificate(&mut self, path: String) {
        self.certificate = Some(path);
    }
    fn complete(_rows: &mut [Self]) {}
    fn csv(rows: &[Self]) -> String {
        csv(rows)
    }
    fn markdown(rows: &[Self]) -> String {
        markdown(rows)
    }
}

#[cfg(test)]
mod tests;
