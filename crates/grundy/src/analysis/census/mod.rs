//! A census of a family of heap rulesets: the status of every code of a family of
//! take-and-break games (or of subtraction games, or of a list of codes) computed to a
//! budget, as in the reference tables of the field (Winning Ways vol. 1 ch. 4;
//! Flammenkamp's tables of octal games; tczajka/octal-games).
//!
//! - [`members`] lists a family's codes: `octal:K`, `hex:K`, `subtraction:N` or a file
//!   of codes, one per line.
//! - [`run_code`] runs one code to a budget (the heap `to`, the work limit of the
//!   [`Control`]) with the period search ([`super::periodicity::search_partial`]) and
//!   returns its [`Row`]: **trivial** (proven within [`TRIVIAL_HEAPS`] heaps),
//!   **periodic** (proven, with its certificate) or **open** to the heap reached.
//! - [`assign_classes`] groups the rows into equivalence classes (codes whose
//!   sequences agree, after dropping the heaps of value 0 that start them, as
//!   tczajka's lookup tables do) with a canonical representative.
//! - [`Output`] keeps a census directory: `census.jsonl` appended and synced per code,
//!   resumed by a rerun with the same [`Params`], certificates under `certificates/`,
//!   and `census.csv` and `census.md` written atomically at the end; a resumed row is
//!   trusted only once its certificate agrees with it and passes the independent
//!   checker ([`Output::check_resumed`], [`resume`]).
//! - [`run_parallel`] runs codes on several threads (rayon), the memory limit shared.
//! - [`misere`]: the misère census of the same families ([`Play::Misere`]): for each
//!   code, the misère quotient (Plambeck & Siegel 2008) heap by heap, the heaps where
//!   it grows with |Q| and |P| there, and whether it is solved, with its certificate
//!   ([`crate::solve::misere::Certificate`]).

use super::periodicity::{search_partial, Certificate, PeriodSearch, Periodicity};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::HeapRuleset;
pub use crate::solve::Play;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A code proven periodic from the values of heaps below this (the first 1000
/// values, tczajka's "trivial games") is **trivial**.
pub const TRIVIAL_HEAPS: u64 = 1000;

/// The most codes a family may hold (`octal:6` has 524,287).
pub const MAX_MEMBERS: usize = 1 << 20;

/// The heaps a short probe ([`probe`]) computes.
pub const PROBE_HEAPS: u64 = 4096;

/// The parameters a census directory is computed with: a rerun must give the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The family as written (`octal:3`, a file name).
    pub family: String,
    /// The last heap each code is computed to.
    pub to: u64,
    /// The work limit of each code.
    pub max_work: u64,
    /// The play convention: normal play (Sprague–Grundy values and their periods) or
    /// misère play (misère quotients); `normal` when a directory's file, written
    /// before misère censuses existed, does not say.
    #[serde(default)]
    pub play: Play,
}

/// What is known of a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Proven periodic by the values of heaps below [`TRIVIAL_HEAPS`].
    Trivial,
    /// Proven periodic (with a certificate) from more heaps.
    Periodic,
    /// No period proven within the heaps computed.
    Open,
}

impl Status {
    /// `trivial`, `periodic` or `open`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Trivial => "trivial",
            Status::Periodic => "periodic",
            Status::Open => "open",
        }
    }
}

/// One code of a census (one line of `census.jsonl`; the keys are documented in
/// docs/cli.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The code as the user writes it (`0.137`, `4.0`, `subtraction[1,3]`).
    pub code: String,
    /// Trivial, periodic or open.
    pub status: Status,
    /// The first heap from which the values are periodic (last exception + 1); null
    /// when open.
    pub preperiod: Option<u64>,
    /// The smallest period; null when open.
    pub period: Option<u64>,
    /// The saltus; null when open.
    pub saltus: Option<i64>,
    /// The periodicity theorem that proves the period, with its source; null when open.
    pub theorem: Option<String>,
    /// The last heap computed.
    pub to: u64,
    /// The largest value among heaps `0..=to` (for a proven period, of all heaps).
    pub largest_value: u64,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The rare/common split the sparse-space engine holds once a run from heap 0 has
    /// computed heaps `0..=to` (replayed from the values:
    /// [`HeapRuleset::engine_stats_after`]), in tczajka's notation: the mask over the
    /// value's bits in hex, `+pos` when the heap's parity is part of it, `/odd` when
    /// the rare class is the odd one; null for codes without two-heap splits.
    pub rare_mask: Option<String>,
    /// The number of rare heaps among `0..=to`.
    pub rare_count: Option<u64>,
    /// The last rare heap among `0..=to`.
    pub last_rare: Option<u64>,
    /// The canonical representative of the code's equivalence class (null until the
    /// census is finished: [`assign_classes`]).
    pub class: Option<String>,
    /// G(code, n) = G(class, n − shift) for every n ≥ max(shift, 0) (the heaps below
    /// are 0 in both).
    pub shift: Option<i64>,
    /// The certificate of a proven period, relative to the census directory.
    pub certificate: Option<String>,
    /// Seconds the code took.
    pub seconds: f64,
    /// The work counted (options visited, or the engine's steps).
    pub work: u64,
    /// The heaps of value 0 dropped before the sequence is compared with others: the
    /// sequence compared is G(offset), G(offset + 1), … (G(offset + 1) ≠ 0).
    pub offset: u64,
    /// FNV-1a hashes (hex) of the compared sequence's first 1, 2, 4, … values, up to
    /// the heaps computed (periodic codes: up to the census's `to`, by the period).
    pub fingerprints: Vec<String>,
}

/// A finished code: its row and its certificate's JSON, if it has one (normal play: a
/// proven period, in the format of `grundy period --save`; misère play: the quotient,
/// in the format of `grundy quotient --save`).
#[derive(Clone, Debug)]
pub struct Outcome<R = Row> {
    /// The row.
    pub row: R,
    /// The certificate file's text.
    pub certificate: Option<String>,
}

/// What a census directory ([`Output`]) needs of a row: [`Row`] in normal play,
/// [`misere::MisereRow`] in misère play.
pub trait CensusRow: Clone + Serialize + DeserializeOwned + Send + Sync {
    /// The play convention of the census whose rows these are.
    const PLAY: Play;
    /// The code as the user writes it.
    fn code(&self) -> &str;
    /// Why the row, read back from `census.jsonl` in the census directory `dir` of a
    /// census to heap `to` within `max_work` a code, is not to be trusted: its
    /// certificate is missing, does not parse, states something else than the row, or
    /// is rejected by the independent checker; an open or partial row, whose heap
    /// reached or stop the census's parameters cannot give ([`resume`]); `None` when
    /// it holds.
    ///
    /// # Errors
    /// [`Error::Interrupted`] when the cancellation flag of `ctl` is set; a limit that
    /// stopped the check (`resume::is_limit`: the row is kept unchecked); nothing
    /// else (a failed check is a reason).
    fn distrust(&self, dir: &Path, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>>;
    /// True for a row no certificate proves in full (normal play: open; misère play:
    /// partial): a resume runs a sample of such codes again ([`Output::check_resumed`]).
    fn unproven(&self) -> bool;
    /// True for a row that the memory limit's share stopped (misère play): another
    /// memory limit gives another row, so a rerun that differs says nothing of it.
    fn stopped_by_memory(&self) -> bool {
        false
    }
    /// The code computed again, as the census computes it, to heap `to` within the
    /// limits of `ctl`.
    ///
    /// # Errors
    /// Those of the code's run ([`run_code`], [`misere::run_code`]).
    fn rerun(code: &str, to: u64, ctl: &Control) -> Result<Outcome<Self>>;
    /// Sets the path of the row's certificate, relative to the census directory.
    fn set_certificate(&mut self, path: String);
    /// Completes the rows once every code is done, in the family's order (normal
    /// play: the equivalence classes, [`assign_classes`]).
    fn complete(rows: &mut [Self]);
    /// The rows as CSV: a header and one line per code.
    fn csv(rows: &[Self]) -> String;
    /// The rows as Markdown tables.
    fn markdown(rows: &[Self]) -> String;
}

impl CensusRow for Row {
    const PLAY: Play = Play::Normal;
    fn code(&self) -> &str {
        &self.code
    }
    fn distrust(&self, dir: &Path, to: u64, max_work: u64, ctl: &Control) -> Result<Option<String>> {
        resume::distrust_normal(self, dir, to, max_work, ctl)
    }
    fn unproven(&self) -> bool {
        self.status == Status::Open
    }
    fn rerun(code: &str, to: u64, ctl: &Control) -> Result<Outcome<Self>> {
        run_code(code, to, ctl)
    }
    fn set_certificate(&mut self, path: String) {
        self.certificate = Some(path);
    }
    fn complete(rows: &mut [Self]) {
        assign_classes(rows);
    }
    fn csv(rows: &[Self]) -> String {
        csv(rows)
    }
    fn markdown(rows: &[Self]) -> String {
        markdown(rows)
    }
}

pub(crate) fn input(message: String) -> Error {
    Error::Input(message)
}

/// True for a family given by name (`octal:K`, `hex:K`, `subtraction:N`), which
/// [`members`] never reads from a file.
fn is_named_family(family: &str) -> bool {
    family
        .split_once(':')
        .is_some_and(|(kind, _)| matches!(kind, "octal" | "hex" | "subtraction"))
}

/// What identifies a family across runs: its name, or for a file of codes the file's
/// whole path with links followed (the text given when the file cannot be found).
fn family_identity(family: &str) -> String {
    if is_named_family(family) {
        return family.to_string();
    }
    std::fs::canonicalize(family).map_or_else(|_| family.to_string(), |p| p.display().to_string())
}

/// The codes of a family, in canonical order ([`canonical_order`]):
///
/// - `octal:K`: every octal code `d0.d1…dj` with j ≤ K digits after the point, d0 ∈
///   {0, 4} (as Flammenkamp's and tczajka's tables: a heap may not be split into two
///   without taking tokens is d0 = 0, may is d0 = 4), trailing zero digits dropped, the
///   game without moves (`0.0`) left out: 2·8^K − 1 codes.
/// - `hex:K`: the same with hexadecimal digits 0–F (leaving up to three heaps) and d0
///   ∈ {0, 4, 8, C}: 4·16^K − 1 codes.
/// - `subtraction:N`: every nonempty subtraction set within {1, …, N}, as
///   `subtraction[1,3]`: 2^N − 1 codes.
/// - anything else is a file of codes (or heap rulesets whose heaps start at 0), one
///   per line; blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// [`Error::Input`] for an unknown family, a K or N out of range, a file that cannot be
/// read (read up to a fifth of the memory limit), a malformed or repeated code (naming
/// the line).
pub fn members(family: &str, ctl: &Control) -> Result<Vec<String>> {
    let known = "families are octal:K, hex:K, subtraction:N, or a file of codes, one per line";
    if let Some((kind, k)) = family.split_once(':') {
        let size = |max: u32| -> Result<u32> {
            match k.trim().parse::<u32>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(input(format!(
                    "census family '{family}': {kind}:K takes K from 0 to {max}, not '{k}'"
                ))),
            }
        };
        let mut codes = match kind {
            "octal" => digit_codes(&["0", "4"], 8, size(6)?),
            "hex" => digit_codes(&["0", "4", "8", "C"], 16, size(4)?),
            "subtraction" => {
                let n = size(20)?;
                if n == 0 {
                    return Err(input(format!("census family '{family}': subtraction:N needs N ≥ 1")));
                }
                (1u64..1 << n)
                    .map(|set| {
                        let elems: Vec<String> = (0..n)
                            .filter(|i| set >> i & 1 == 1)
                            .map(|i| (i + 1).to_string())
                            .collect();
                        format!("subtraction[{}]", elems.join(","))
                    })
                    .collect()
            }
            _ if !Path::new(family).exists() => {
                return Err(input(format!("unknown census family '{family}' ({known})")));
            }
            _ => return file_members(Path::new(family), ctl),
        };
        canonical_order(&mut codes);
        return Ok(codes);
    }
    if !Path::new(family).exists() {
        return Err(input(format!(
            "unknown census family '{family}': no such file ({known})"
        )));
    }
    file_members(Path::new(family), ctl)
}

/// The codes `d0.d1…dj`, j ≤ `k`, of the given d0 and digits below `base`.
fn digit_codes(d0s: &[&str], base: u32, k: u32) -> Vec<String> {
    let mut out = Vec::new();
    for d0 in d0s {
        for n in 0..(base as u64).pow(k) {
            let mut digits: Vec<char> = (0..k)
                .rev()
                .map(|i| char::from_digit((n / (base as u64).pow(i) % base as u64) as u32, base).unwrap_or('0'))
                .map(|c| c.to_ascii_uppercase())
                .collect();
            while digits.last() == Some(&'0') {
                digits.pop();
            }
            if *d0 == "0" && digits.is_empty() {
                continue;
            }
            let digits: String = if digits.is_empty() {
                "0".into()
            } else {
                digits.into_iter().collect()
            };
            out.push(format!("{d0}.{digits}"));
        }
    }
    out
}

fn file_members(path: &Path, ctl: &Control) -> Result<Vec<String>> {
    let name = path.display();
    let text = crate::control::read_text_bounded(path, ctl.memory_limit() / 5)
        .map_err(|e| input(format!("cannot read {name}: {e}")))?;
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut codes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        // A comment is a whole line from '#', or the rest of one from a '#' after a
        // space or tab (as in a shell): `0.07  # Dawson's Kayles`. A '#' inside a code
        // (`0.1#7`) stays, a syntax error, not a code cut short.
        let end = line
            .char_indices()
            .find(|&(j, c)| c == '#' && (j == 0 || line[..j].ends_with([' ', '\t'])))
            .map_or(line.len(), |(j, _)| j);
        let line = line[..end].trim();
        if line.is_empty() {
            continue;
        }
        let at = |e: &dyn std::fmt::Display| input(format!("{name} line {}: {e}", i + 1));
        let rs = crate::catalog::parse_ruleset(line).map_err(|e| at(&e))?;
        let heap = rs.as_heap("census").map_err(|e| at(&e))?;
        if heap.first_heap() != 0 {
            return Err(at(&format!(
                "{} starts at heap {}; a census takes rulesets whose heaps start at 0",
                heap.name(),
                heap.first_heap()
            )));
        }
        if let Some(first) = seen.insert(heap.name(), i + 1) {
            return Err(at(&format!("{line} is listed twice (first on line {first})")));
        }
        if codes.len() >= MAX_MEMBERS {
            return Err(at(&format!("more than {MAX_MEMBERS} codes")));
        }
        codes.push(line.to_string());
    }
    if codes.is_empty() {
        return Err(input(format!("{name} lists no code")));
    }
    Ok(codes)
}

/// The name tczajka's tables print: the leading `0` of `0.…` and a trailing `.0`
/// dropped (`.137`, `4`).
pub fn short_name(code: &str) -> &str {
    let s = code.strip_prefix('0').filter(|s| s.starts_with('.')).unwrap_or(code);
    s.strip_suffix(".0").filter(|s| !s.is_empty()).unwrap_or(s)
}

/// Sorts codes the way tczajka/octal-games picks a class's representative (the
/// "simpler game"): shorter [`short_name`] first, then by that name (so `.51` comes
/// before `4.1`, and `4` before `.2`).
pub fn canonical_order(codes: &mut [String]) {
    codes.sort_by(|a, b| canonical_key(a).cmp(&canonical_key(b)));
}

fn canonical_key(code: &str) -> (usize, &str) {
    let s = short_name(code);
    (s.len(), s)
}

/// The largest heap h ≤ `to` whose table `0..=h` is within the work limit.
pub(crate) fn heaps_within_budget(rs: &dyn HeapRuleset, to: u64, limit: u64) -> u64 {
    let fits = |h: u64| crate::game::dense_work(rs, 0, h) <= limit as u128;
    if fits(to) {
        return to;
    }
    let (mut lo, mut hi) = (0u64, to);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The bytes a census of one code to heap `to` may use: the ruleset's table and
/// engine, and the values the period search keeps (8 bytes a heap).
fn bytes_for(rs: &dyn HeapRuleset, to: u64) -> u64 {
    rs.memory()
        .bytes_per_heap
        .saturating_add(8)
        .saturating_mul(to.saturating_add(1))
}

/// Checks, before any code runs, that a table of each code to heap `to` fits the
/// memory limit shared by `jobs` codes at a time.
///
/// # Errors
/// [`Error::TooLarge`] naming the census and the share of the limit; the parse errors
/// of a code.
pub fn check_memory(codes: &[String], to: u64, jobs: usize, ctl: &Control) -> Result<()> {
    let jobs = jobs.max(1) as u64;
    let mut worst = 0u64;
    for code in codes {
        let rs = crate::catalog::parse_ruleset(code)?;
        worst = worst.max(bytes_for(rs.as_heap("census")?.as_ref(), to));
    }
    past_tables(&format!("a census to heap {to}"), to, worst.saturating_mul(jobs), ctl)?;
    if worst > ctl.memory_limit() / jobs {
        return Err(Error::TooLarge {
            what: format!("a census to heap {to} with {jobs} codes at a time"),
            estimate_bytes: worst.saturating_mul(jobs),
            limit_bytes: ctl.memory_limit(),
            detail: format!(
                "{} for the table of one code, times {jobs}; fewer --jobs or a smaller --to need less",
                crate::error::human_bytes(worst)
            ),
        });
    }
    Ok(())
}

/// The refusal of a census to heap `to` ≥ 2^32 − 1, whose tables no memory limit lets
/// be built: it names the bound and the `--to` within it, not the memory limit or
/// fewer `--jobs`, which cannot help.
///
/// # Errors
/// [`Error::TooLarge`] with the detail [`crate::error::PAST_TABLES`].
fn past_tables(what: &str, to: u64, bytes: u64, ctl: &Control) -> Result<()> {
    if to < u64::from(u32::MAX) {
        return Ok(());
    }
    Err(Error::TooLarge {
        what: what.to_string(),
        estimate_bytes: bytes,
        limit_bytes: ctl.memory_limit(),
        detail: format!(
            "{}; a census reaches heap {} at most",
            crate::error::PAST_TABLES,
            u32::MAX - 1
        ),
    })
}

/// Runs one code to heap `to` within the limits of `ctl` (its work limit is the
/// code's budget; a code whose whole table is above it runs to the last heap within
/// it) and stops as soon as its period is proven. A code over its budget is open to
/// the heap reached.
///
/// # Errors
/// The code's parse errors; [`Error::TooLarge`] if its table to `to` does not fit the
/// memory limit; [`Error::Interrupted`] (nothing is kept); the engines' other errors.
pub fn run_code(code: &str, to: u64, ctl: &Control) -> Result<Outcome> {
    let start = std::time::Instant::now();
    let rs = heap_ruleset(code)?;
    let own = own_control(ctl);
    let what = format!("the census of {code} to heap {to}");
    past_tables(&what, to, bytes_for(rs.as_ref(), to), &own)?;
    own.check_memory(
        &what,
        bytes_for(rs.as_ref(), to),
        format!("{} bytes a heap", rs.memory().bytes_per_heap + 8),
    )?;
    let reach = heaps_within_budget(rs.as_ref(), to, own.work_limit());
    let (r, stopped) = search_partial(rs.as_ref(), 0, reach, &own)?;
    match stopped {
        None | Some(Error::TooMuchWork { .. }) => {}
        Some(e) => return Err(e),
    }
    let certificate = r.certificate.as_ref().map(|c| certificate_json(c, &r.values));
    let mut row = row_of(code, rs.as_ref(), &r, to)?;
    row.seconds = start.elapsed().as_secs_f64();
    row.work = own.work_done();
    Ok(Outcome { row, certificate })
}

/// The heap ruleset of a code of a census.
///
/// # Errors
/// The code's parse errors; [`Error::Input`] for a ruleset that is not a heap ruleset
/// or whose heaps do not start at 0.
pub(crate) fn heap_ruleset(code: &str) -> Result<std::sync::Arc<dyn HeapRuleset>> {
    let rs = crate::catalog::parse_ruleset(code)?;
    let rs = rs.as_heap("census")?.clone();
    if rs.first_heap() != 0 {
        return Err(input(format!("{code}: a census takes rulesets whose heaps start at 0")));
    }
    Ok(rs)
}

/// A fresh count of work for one code; the limits and the cancellation flag are the
/// caller's. A code's estimates are checked against its share of the memory limit,
/// the heap held against the caller's heap limit: the whole limit ([`job_control`]),
/// since the heap is the whole process's, which the census's jobs share (a job
/// refused for the heap its share would allow recorded codes as "partial, to 0";
/// checked against nothing, estimates that left things out let a misère census pass
/// the limit 4 times over).
pub(crate) fn own_control(ctl: &Control) -> Control {
    job_control(ctl, 1).with_cancel_flag(ctl.cancel_flag())
}

/// The limits of one of `jobs` jobs of a census run under `ctl`: its share of the
/// memory limit for its estimates, the whole limit for the heap the process holds
/// (see [`own_control`]), the caller's work limit.
fn job_control(ctl: &Control, jobs: usize) -> Control {
    Control::new()
        .with_memory_limit(ctl.memory_limit() / jobs.max(1) as u64)
        .with_heap_limit(ctl.heap_limit())
        .with_work_limit(ctl.work_limit())
}

/// A pool of `jobs` threads (at least one) for the codes of a census.
///
/// # Errors
/// [`Error::Input`] when the threads cannot be started.
fn pool(jobs: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| input(format!("cannot start {jobs} threads: {e}")))
}

/// The cost of a code as seen by a short run to [`PROBE_HEAPS`] heaps (or `to`, if
/// less): 0 if that proves its period, else the work it took (at least 1). Ordering
/// codes by it, most expensive first, keeps a parallel census from ending on one
/// long code.
///
/// # Errors
/// As [`run_code`].
pub fn probe(code: &str, to: u64, ctl: &Control) -> Result<u64> {
    let o = run_code(code, to.min(PROBE_HEAPS), ctl)?;
    Ok(match o.row.status {
        Status::Open => o.row.work.max(1),
        _ => 0,
    })
}

/// `codes` ordered by their [`probe`], most expensive first (ties in the given
/// order), the probes run on `jobs` threads; a code whose probe fails goes first (its
/// run reports the error).
///
/// # Errors
/// [`Error::Interrupted`] when the cancellation flag of `ctl` is set.
pub fn by_probe(codes: &[String], to: u64, jobs: usize, ctl: &Control) -> Result<Vec<String>> {
    by_cost(codes, jobs, ctl, &|code, share| probe(code, to, share))
}

/// `codes` ordered by `cost` (a probe: [`probe`], [`misere::probe`]), the most
/// expensive first (ties in the given order), the probes run on `jobs` threads, each
/// with a `jobs`-th of the memory limit; a code whose probe fails goes first (its run
/// reports the error).
///
/// # Errors
/// [`Error::Interrupted`] when the cancellation flag of `ctl` is set.
pub fn by_cost(
    codes: &[String],
    jobs: usize,
    ctl: &Control,
    cost: &(dyn Fn(&str, &Control) -> Result<u64> + Sync),
) -> Result<Vec<String>> {
    use rayon::prelude::*;
    let share = job_control(ctl, jobs).with_cancel_flag(ctl.cancel_flag());
    let pool = pool(jobs)?;
    // Once cancelled, the codes not yet probed are skipped (each probe would run until
    // it looked at the flag: a family of 5·10^5 codes took 70 s to stop).
    let costs: Vec<u64> = pool.install(|| {
        codes
            .par_iter()
            .map(|c| {
                if ctl.cancelled() {
                    u64::MAX
                } else {
                    cost(c, &share).unwrap_or(u64::MAX)
                }
            })
            .collect()
    });
    if ctl.cancelled() {
        return Err(Error::Interrupted);
    }
    let mut order: Vec<usize> = (0..codes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(costs[i]));
    Ok(order.into_iter().map(|i| codes[i].clone()).collect())
}

/// The certificate in the format of `grundy period --save`.
fn certificate_json(c: &Certificate, values: &[u64]) -> String {
    let end = (c.proof_end as usize + 1).min(values.len());
    let v = serde_json::json!({
        "certificate": {
            "ruleset": c.ruleset,
            "preperiod": c.periodicity.preperiod,
            "period": c.periodicity.period,
            "saltus": c.periodicity.saltus,
            "agreement": [c.periodicity.preperiod, c.last_checked],
            "proof_end": c.proof_end,
            "theorem": c.theorem.to_string(),
        },
        "values": values[..end].iter().map(u64::to_string).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

/// FNV-1a, 64 bit, continued from `h` over the bytes of `v`.
fn fnv1a(mut h: u64, v: u64) -> u64 {
    for b in v.to_le_bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The status of a code whose period's proof ends at heap `proof_end` (`None`: no
/// period proven): trivial below [`TRIVIAL_HEAPS`], periodic from there, else open.
pub(super) fn status_of(proof_end: Option<u64>) -> Status {
    match proof_end {
        Some(end) if end < TRIVIAL_HEAPS => Status::Trivial,
        Some(_) => Status::Periodic,
        None => Status::Open,
    }
}

/// The rare heaps of a row ([`Row::rare_mask`], [`Row::rare_count`],
/// [`Row::last_rare`]).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rare {
    mask: Option<String>,
    count: Option<u64>,
    last: Option<u64>,
}

/// The rare/common split of heaps `0..=last` of `rs`, whose values are `g(n)`: the
/// split the sparse-space engine holds once a run from heap 0 has computed them
/// ([`HeapRuleset::engine_stats_after`], replayed from the values, so that a row's
/// certificate gives it again), written as tczajka writes it, with the number of rare
/// heaps among `0..=last` and the last of them; all null for codes without two-heap
/// splits.
///
/// # Errors
/// Those of [`HeapRuleset::engine_stats_after`].
fn rare_split(rs: &dyn HeapRuleset, g: &dyn Fn(u64) -> u64, last: u64) -> Result<Rare> {
    let Some(s) = rs.engine_stats_after(g, last)?.filter(|s| s.mask != 0) else {
        return Ok(Rare {
            mask: None,
            count: None,
            last: None,
        });
    };
    let rare = |n: u64| {
        let key = (g(n) << 1) | (n & 1);
        (key & s.mask).count_ones() as u8 % 2 == s.rare_parity
    };
    let count = (0..=last).filter(|&n| rare(n)).count() as u64;
    let last_rare = (0..=last).rev().find(|&n| rare(n));
    let mut mask = format!("{:x}", s.mask >> 1);
    if s.mask & 1 == 1 {
        mask = if s.mask >> 1 == 0 {
            "pos".into()
        } else {
            format!("{mask}+pos")
        };
    }
    if s.rare_parity == 1 {
        mask.push_str("/odd");
    }
    Ok(Rare {
        mask: Some(mask),
        count: Some(count),
        last: last_rare,
    })
}

/// The row of a finished search of `rs` (values from heap 0) for a census to `to`.
///
/// # Errors
/// Those of [`rare_split`].
fn row_of(code: &str, rs: &dyn HeapRuleset, r: &PeriodSearch, to: u64) -> Result<Row> {
    let values = &r.values;
    let cert = r.certificate.as_ref();
    let per = cert.map(|c| c.periodicity);
    let status = status_of(cert.map(|c| c.proof_end));
    let g = |n| value_of(values, per, n);
    let reached = values.len() as u64 - 1;
    let rare = rare_split(rs, &g, reached)?;
    // The sequence compared with other codes: values extended by a proven period to
    // `to`.
    let last = if per.is_some() { to.max(r.to) } else { r.to };
    let s = summary(&g, reached, last);
    Ok(Row {
        code: code.to_string(),
        status,
        preperiod: per.map(|p| p.preperiod),
        period: per.map(|p| p.period),
        saltus: per.map(|p| p.saltus),
        theorem: cert.map(|c| c.theorem.to_string()),
        to: r.to,
        largest_value: s.largest_value,
        largest_at: s.largest_at,
        rare_mask: rare.mask,
        rare_count: rare.count,
        last_rare: rare.last,
        class: None,
        shift: None,
        certificate: None,
        seconds: 0.0,
        work: 0,
        offset: s.offset,
        fingerprints: s.fingerprints,
    })
}

/// G(n) from the values of heaps `0..values.len()`, beyond them by the proven period
/// `per` (G(n + p) = G(n) + s for n ≥ n₀).
fn value_of(values: &[u64], per: Option<Periodicity>, n: u64) -> u64 {
    match per {
        Some(p) if n as usize >= values.len() => {
            let k = (n - p.preperiod) / p.period;
            let base = values[(p.preperiod + (n - p.preperiod) % p.period) as usize] as i128;
            (base + k as i128 * p.saltus as i128) as u64
        }
        _ => values[n as usize],
    }
}

/// What a [`Row`] says of a code's values, besides its period.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Summary {
    /// The largest value among heaps `0..=reached`.
    largest_value: u64,
    /// The first heap with it.
    largest_at: u64,
    /// The heap before the first nonzero value among heaps `1..=reached` (0 if none).
    offset: u64,
    /// The FNV-1a hashes of G(offset), …, G(last) cut after 1, 2, 4, … values.
    fingerprints: Vec<String>,
}

/// The [`Summary`] of the values `g(n)`, computed for heaps `0..=reached` and, when a
/// period is proven, extended by it to heap `last` (`last` = `reached` otherwise).
fn summary(g: &dyn Fn(u64) -> u64, reached: u64, last: u64) -> Summary {
    let (mut largest_value, mut largest_at) = (0, 0);
    for n in 0..=reached {
        if g(n) > largest_value {
            (largest_value, largest_at) = (g(n), n);
        }
    }
    let offset = (1..=last.min(reached)).find(|&n| g(n) != 0).map_or(0, |n| n - 1);
    let mut fingerprints = Vec::new();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut next = 1u64;
    for (i, n) in (offset..=last).enumerate() {
        h = fnv1a(h, g(n));
        if i as u64 + 1 == next {
            fingerprints.push(format!("{h:016x}"));
            next *= 2;
        }
    }
    Summary {
        largest_value,
        largest_at,
        offset,
        fingerprints,
    }
}

/// Sets every row's `class` and `shift`: rows are taken in canonical order
/// ([`canonical_order`]); a row joins the class of the first representative whose
/// compared sequence agrees with its own on the most heaps both have fingerprints
/// for (the first 2^j values after the offset, j as large as both allow), and is its
/// own class's representative otherwise.
pub fn assign_classes(rows: &mut [Row]) {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| canonical_key(&rows[a].code).cmp(&canonical_key(&rows[b].code)));
    let mut reps: Vec<usize> = Vec::new();
    for &i in &order {
        let found = reps.iter().copied().find(|&r| {
            let (a, b) = (&rows[r].fingerprints, &rows[i].fingerprints);
            let common = a.len().min(b.len());
            common > 0 && a[common - 1] == b[common - 1]
        });
        let rep = found.unwrap_or_else(|| {
            reps.push(i);
            i
        });
        rows[i].class = Some(rows[rep].code.clone());
        rows[i].shift = Some(rows[i].offset as i64 - rows[rep].offset as i64);
    }
}

/// The file name of a code's certificate under `certificates/`: the code with every
/// character other than letters, digits, `.` and `-` written `_`, and a hash of the
/// code when that changed it.
fn certificate_name(code: &str) -> String {
    let safe: String = code
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe == code {
        format!("{code}.json")
    } else {
        let h = code.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{safe}-{:08x}.json", h as u32)
    }
}

/// A census directory: `census-params.json` (the [`Params`]), `census.jsonl` (one
/// row per line, [`Row`] in normal play and [`misere::MisereRow`] in misère play,
/// appended and synced as each code finishes), `certificates/`, at the end
/// `census.csv` and `census.md`, and `census.lock` ([`LOCK_FILE`]), held while the
/// directory is open so that one census writes to it at a time.
pub struct Output<R = Row> {
    dir: PathBuf,
    /// The lock of the directory, held until the output is dropped or
    /// [closed](Output::close) (`None`: a file system without locks).
    lock: Option<std::fs::File>,
    /// The heap every code is computed to (the census's `--to`).
    to: u64,
    /// The work limit of each code (the census's `--max-work`).
    max_work: u64,
    members: Vec<String>,
    rows: Vec<R>,
    done: HashSet<String>,
    /// The rows of each code read back (more than one: none of them is trusted,
    /// [`Output::check_resumed`]).
    read_back: std::collections::HashMap<String, usize>,
}

/// The name of the parameters file of a census directory.
pub const PARAMS_FILE: &str = "census-params.json";
/// The name of the rows file of a census directory.
pub const ROWS_FILE: &str = "census.jsonl";

impl<R: CensusRow> Output<R> {
    /// Opens (creating it if needed) the census directory `dir` for `params` and the
    /// family's `members`, reading the rows of an earlier run with the same
    /// parameters (a last line cut short by a crash is dropped). The rows are of the
    /// type of `params.play`'s census ([`Row`], [`misere::MisereRow`]). They are not
    /// yet trusted: [`Output::check_resumed`] checks them against their certificates.
    ///
    /// # Errors
    /// [`Error::Input`] naming the file: a directory with another census's parameters
    /// (saying which differ), a nonempty directory that holds no census, a row that
    /// is not JSON or names a code outside the family, files that cannot be read or
    /// written; rows of the other play convention than `params.play`; a directory
    /// another census has open (its lock, [`LOCK_FILE`], is held).
    pub fn open(dir: &Path, params: &Params, members: &[String]) -> Result<Output<R>> {
        if params.play != R::PLAY {
            return Err(input(format!(
                "a census in {} play keeps rows of {} play, not of {} play",
                params.play.name(),
                params.play.name(),
                R::PLAY.name()
            )));
        }
        let io = |what: &Path, e: std::io::Error| input(format!("cannot write {}: {e}", what.display()));
        if dir.exists() && !dir.is_dir() {
            // `File exists (os error 17)` said nothing of what was wrong.
            return Err(input(format!(
                "cannot write {}: it is not a directory (--out names the census's directory)",
                dir.display()
            )));
        }
        let params_path = dir.join(PARAMS_FILE);
        let rows_path = dir.join(ROWS_FILE);
        let foreign =
            |d: &Path| std::fs::read_dir(d).is_ok_and(|entries| entries.flatten().any(|e| e.file_name() != LOCK_FILE));
        // The directory's lock is taken once the parameters are known to be these:
        // other parameters are refused as such, even while another census runs.
        let lock;
        if params_path.exists() {
            let text = std::fs::read_to_string(&params_path)
                .map_err(|e| input(format!("cannot read {}: {e}", params_path.display())))?;
            let old: Params = serde_json::from_str(&text)
                .map_err(|e| input(format!("{} is not a census's parameters: {e}", params_path.display())))?;
            let mut differ = Vec::new();
            // A family read from a file is that file, whatever name reaches it
            // (`codes.txt`, then `/abs/codes.txt`); a family by name is never a file
            // (a file `./octal:1` is not the family octal:1).
            if family_identity(&old.family) != family_identity(&params.family) {
                differ.push(format!("the family ({} there, {} here)", old.family, params.family));
            }
            if old.to != params.to {
                differ.push(format!("--to ({} there, {} here)", old.to, params.to));
            }
            if old.max_work != params.max_work {
                // The work limit as it is written: `none` for no limit.
                let work = |w: u64| {
                    if w == crate::control::NO_WORK_LIMIT {
                        "none".to_string()
                    } else {
                        w.to_string()
                    }
                };
                differ.push(format!(
                    "--max-work ({} there, {} here)",
                    work(old.max_work),
                    work(params.max_work)
                ));
            }
            if old.play != params.play {
                differ.push(format!(
                    "--play ({} there, {} here)",
                    old.play.name(),
                    params.play.name()
                ));
            }
            if !differ.is_empty() {
                return Err(input(format!(
                    "{} holds a census with other parameters: {}; rerun with the same parameters to resume it, or use another directory",
                    dir.display(),
                    differ.join(", ")
                )));
            }
            lock = lock::acquire(dir)?;
        } else if foreign(dir) {
            return Err(input(format!(
                "{} is not empty and holds no census ({PARAMS_FILE}); use a new or empty directory",
                dir.display()
            )));
        } else {
            std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
            lock = lock::acquire(dir)?;
            if params_path.exists() {
                // Another census started here since the check (and has ended).
                return Err(input(format!(
                    "another census started in {} at the same time; run again to resume it",
                    dir.display()
                )));
            }
            // A file's family is kept as the file's whole path (links followed), so that
            // a rerun from another directory, or of a link pointed elsewhere, is not
            // taken for it.
            let kept = Params {
                family: family_identity(&params.family),
                ..params.clone()
            };
            let text = serde_json::to_string_pretty(&kept).unwrap_or_default();
            crate::control::write_atomically(&params_path, text.as_bytes()).map_err(|e| io(&params_path, e))?;
        }
        let certs = dir.join("certificates");
        std::fs::create_dir_all(&certs).map_err(|e| io(&certs, e))?;
        let mut out = Output {
            dir: dir.to_path_buf(),
            lock,
            to: params.to,
            max_work: params.max_work,
            members: members.to_vec(),
            rows: Vec::new(),
            done: HashSet::new(),
            read_back: std::collections::HashMap::new(),
        };
        if rows_path.exists() && !rows_path.is_file() {
            return Err(input(format!(
                "cannot read {}: not a regular file",
                rows_path.display()
            )));
        }
        if let Ok(bytes) = std::fs::read(&rows_path) {
            let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if whole < bytes.len() {
                // A line cut short by a crash: dropped, the code runs again.
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&rows_path)
                    .and_then(|f| f.set_len(whole as u64))
                    .map_err(|e| io(&rows_path, e))?;
            }
            let member: HashSet<&str> = members.iter().map(String::as_str).collect();
            let text = String::from_utf8_lossy(&bytes[..whole]);
            for (i, line) in text.lines().enumerate() {
                let at = |m: String| input(format!("{} line {}: {m}", rows_path.display(), i + 1));
                // A blank line (an editor's) holds no row.
                if line.trim().is_empty() {
                    continue;
                }
                let row: R = serde_json::from_str(line)
                    .map_err(|e| at(format!("not a row of a {} play census: {e}", params.play.name())))?;
                if !member.contains(row.code()) {
                    return Err(at(format!("{} is not a code of {}", row.code(), params.family)));
                }
                *out.read_back.entry(row.code().to_string()).or_default() += 1;
                if out.done.insert(row.code().to_string()) {
                    out.rows.push(row);
                }
            }
        }
        Ok(out)
    }

    /// The codes finished so far.
    pub fn is_done(&self, code: &str) -> bool {
        self.done.contains(code)
    }

    /// The rows finished so far.
    pub fn rows(&self) -> &[R] {
        &self.rows
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Records a finished code: its certificate (written atomically under
    /// `certificates/`), then its row, one line appended to `census.jsonl` and synced
    /// (a failed write is undone: the file keeps whole lines only). A code already
    /// recorded is skipped (a retried task).
    ///
    /// # Errors
    /// [`Error::Input`] naming the file that could not be written.
    pub fn record(&mut self, o: Outcome<R>) -> Result<()> {
        let Outcome { mut row, certificate } = o;
        if self.done.contains(row.code()) {
            return Ok(());
        }
        if let Some(text) = certificate {
            let rel = format!("certificates/{}", certificate_name(row.code()));
            let path = self.dir.join(&rel);
            crate::control::write_atomically(&path, text.as_bytes())
                .map_err(|e| input(format!("cannot write {}: {e}", path.display())))?;
            row.set_certificate(rel);
        }
        let path = self.dir.join(ROWS_FILE);
        append_line(&path, &serde_json::to_string(&row).unwrap_or_default())
            .map_err(|e| input(format!("cannot write {}: {e}", path.display())))?;
        self.done.insert(row.code().to_string());
        self.rows.push(row);
        Ok(())
    }

    /// Releases the directory's lock, as dropping the output does (Python's
    /// `census` calls it when it ends, so that a traceback that keeps the output
    /// alive does not keep the lock). Call it once done with the output: from then on
    /// another census may open the directory.
    pub fn close(&mut self) {
        self.lock = None;
    }

    /// Ends the census once every code is done: the rows in the family's order,
    /// completed ([`CensusRow::complete`]: the classes in normal play), replace
    /// `census.jsonl`, and `census.csv` and `census.md` are written, each atomically.
    ///
    /// # Errors
    /// [`Error::Input`] naming a file that could not be written.
    pub fn finish(&mut self) -> Result<Vec<R>> {
        let rows = complete_in_order(self.rows.clone(), &self.members);
        let write = |name: &str, text: String| {
            let path = self.dir.join(name);
            crate::control::write_atomically(&path, text.as_bytes())
                .map_err(|e| input(format!("cannot write {}: {e}", path.display())))
        };
        write(ROWS_FILE, jsonl(&rows))?;
        write("census.csv", R::csv(&rows))?;
        write("census.md", R::markdown(&rows))?;
        self.rows = rows.clone();
        Ok(rows)
    }
}

/// `rows` in the order of `members` (the family's), completed
/// ([`CensusRow::complete`]: the classes in normal play).
pub fn complete_in_order<R: CensusRow>(mut rows: Vec<R>, members: &[String]) -> Vec<R> {
    let rank: HashMap<&str, usize> = members.iter().enumerate().map(|(i, c)| (c.as_str(), i)).collect();
    rows.sort_by_key(|r| rank.get(r.code()).copied().unwrap_or(usize::MAX));
    R::complete(&mut rows);
    rows
}

/// Appends `line` and a line break to `path` and syncs it; on a failure the file is
/// cut back to its length before, so that it never holds part of a line.
fn append_line(path: &Path, line: &str) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    let before = f.metadata()?.len();
    let result = f
        .write_all(format!("{line}\n").as_bytes())
        .and_then(|()| f.flush())
        .and_then(|()| f.sync_data());
    if result.is_err() && f.metadata().is_ok_and(|m| m.is_file()) {
        let _ = f.set_len(before);
    }
    result
}

/// The rows as JSON lines.
pub fn jsonl<R: Serialize>(rows: &[R]) -> String {
    rows.iter()
        .map(|r| serde_json::to_string(r).unwrap_or_default() + "\n")
        .collect()
}

pub(crate) fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(ToString::to_string).unwrap_or_default()
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub(crate) fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The rows as CSV: a header and one line per code, the keys of [`Row`] but the
/// fingerprints.
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "code,status,preperiod,period,saltus,theorem,to,largest_value,largest_at,rare_mask,rare_count,last_rare,class,shift,certificate,seconds,work,offset\n",
    );
    for r in rows {
        let cells = [
            r.code.clone(),
            r.status.as_str().into(),
            opt(&r.preperiod),
            opt(&r.period),
            opt(&r.saltus),
            opt(&r.theorem),
            r.to.to_string(),
            r.largest_value.to_string(),
            r.largest_at.to_string(),
            opt(&r.rare_mask),
            opt(&r.rare_count),
            opt(&r.last_rare),
            opt(&r.class),
            opt(&r.shift),
            opt(&r.certificate),
            format!("{:.3}", r.seconds),
            r.work.to_string(),
            r.offset.to_string(),
        ];
        let line: Vec<String> = cells.iter().map(|c| field(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

/// The counts of a census: trivial, periodic, open, and the classes.
pub fn counts(rows: &[Row]) -> (usize, usize, usize, usize) {
    let n = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let classes = rows
        .iter()
        .filter(|r| r.class.as_deref() == Some(r.code.as_str()))
        .count();
    (n(Status::Trivial), n(Status::Periodic), n(Status::Open), classes)
}

/// The rows as Markdown in the form of tczajka's tables: the representatives of the
/// classes that are trivial, periodic and open, then the lookup table of the other
/// codes (code, representative, shift).
pub fn markdown(rows: &[Row]) -> String {
    let (t, p, o, c) = counts(rows);
    let mut out = format!(
        "# Census\n\n{} codes: {t} trivial, {p} periodic, {o} open; {c} classes.\n",
        rows.len()
    );
    let mut reps: Vec<&Row> = rows
        .iter()
        .filter(|r| r.class.as_deref().is_none_or(|k| k == r.code))
        .collect();
    reps.sort_by(|a, b| canonical_key(&a.code).cmp(&canonical_key(&b.code)));
    let rare = |r: &Row| format!("{} | {} | {}", opt(&r.rare_mask), opt(&r.rare_count), opt(&r.last_rare));
    out.push_str("\n## Trivial (proven within 1000 heaps)\n\ngame | preperiod | period\n:--- | ---: | ---:\n");
    for r in reps.iter().filter(|r| r.status == Status::Trivial) {
        out.push_str(&format!(
            "{} | {} | {}\n",
            short_name(&r.code),
            opt(&r.preperiod),
            opt(&r.period)
        ));
    }
    out.push_str(
        "\n## Periodic\n\ngame | preperiod | period | largest idx | largest | rare mask | num rare | last rare\n:--- | ---: | ---: | ---: | ---: | ---: | ---: | ---:\n",
    );
    for r in reps.iter().filter(|r| r.status == Status::Periodic) {
        out.push_str(&format!(
            "{} | {} | {} | {} | {} | {}\n",
            short_name(&r.code),
            opt(&r.preperiod),
            opt(&r.period),
            r.largest_at,
            r.largest_value,
            rare(r)
        ));
    }
    out.push_str(
        "\n## Open\n\ngame | n | largest idx | largest | rare mask | num rare | last rare\n:--- | ---: | ---: | ---: | ---: | ---: | ---:\n",
    );
    for r in reps.iter().filter(|r| r.status == Status::Open) {
        out.push_str(&format!(
            "{} | {} | {} | {} | {}\n",
            short_name(&r.code),
            r.to,
            r.largest_at,
            r.largest_value,
            rare(r)
        ));
    }
    out.push_str("\n## Lookup (codes equivalent to a representative)\n\ngame | class | shift\n:--- | :--- | ---:\n");
    for r in rows.iter().filter(|r| r.class.as_deref().is_some_and(|k| k != r.code)) {
        out.push_str(&format!(
            "{} | {} | {}\n",
            short_name(&r.code),
            short_name(r.class.as_deref().unwrap_or_default()),
            opt(&r.shift)
        ));
    }
    out
}

/// Told when a code starts and ends in [`run_parallel`] (for progress displays).
pub trait Observer: Sync {
    /// `code` started.
    fn started(&self, _code: &str) {}
    /// `code` finished.
    fn finished(&self, _code: &str) {}
}

/// An observer that does nothing.
pub struct Quiet;
impl Observer for Quiet {}

/// Runs `codes` (in this order of starting) on `jobs` threads, each code with
/// [`run_code`] to heap `to` and a `jobs`-th of the memory limit, and passes each
/// finished code to `record` (one at a time). The first error stops the codes still
/// running (their work is lost, the finished codes were recorded).
///
/// # Errors
/// [`Error::Interrupted`] when the cancellation flag of `ctl` was set; otherwise the
/// first error of a code or of `record`.
pub fn run_parallel(
    codes: &[String],
    to: u64,
    jobs: usize,
    ctl: &Control,
    record: &(dyn Fn(Outcome) -> Result<()> + Sync),
    observer: &dyn Observer,
) -> Result<()> {
    run_each(
        codes,
        jobs,
        ctl,
        &|code, share| run_code(code, to, share),
        record,
        observer,
    )
}

/// Runs `codes` (in this order of starting) on `jobs` threads, each code with `run`
/// ([`run_code`] to a heap, [`misere::run_code`]) and a `jobs`-th of the memory
/// limit, and passes each finished code to `record` (one at a time). The first error
/// stops the codes still running (their work is lost, the finished codes were
/// recorded); a code whose `run` is interrupted is not recorded.
///
/// # Errors
/// [`Error::Interrupted`] when the cancellation flag of `ctl` was set; otherwise the
/// first error of a code or of `record`.
pub fn run_each<R>(
    codes: &[String],
    jobs: usize,
    ctl: &Control,
    run: &(dyn Fn(&str, &Control) -> Result<Outcome<R>> + Sync),
    record: &(dyn Fn(Outcome<R>) -> Result<()> + Sync),
    observer: &dyn Observer,
) -> Result<()> {
    let jobs = jobs.max(1);
    // The codes' own stop flag: set by the caller's (Ctrl-C), seen within 20 ms, or by
    // the first error (which leaves the caller's flag alone).
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let share = job_control(ctl, jobs).with_cancel_flag(stop.clone());
    let next = AtomicUsize::new(0);
    let running = AtomicUsize::new(jobs);
    let failure: Arc<Mutex<Option<Error>>> = Arc::new(Mutex::new(None));
    let fail = |e: Error| {
        if let Ok(mut f) = failure.lock() {
            f.get_or_insert(e);
        }
        stop.store(true, Ordering::SeqCst);
    };
    let work = || loop {
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= codes.len() || stop.load(Ordering::SeqCst) {
            running.fetch_sub(1, Ordering::SeqCst);
            break;
        }
        observer.started(&codes[i]);
        match run(&codes[i], &share) {
            Ok(o) => {
                observer.finished(&codes[i]);
                if let Err(e) = record(o) {
                    fail(e);
                }
            }
            Err(Error::Interrupted) => {
                running.fetch_sub(1, Ordering::SeqCst);
                break;
            }
            Err(e) => fail(e),
        }
    };
    let pool = pool(jobs)?;
    std::thread::scope(|t| {
        // A watcher that cannot be started (out of memory or threads) is an error, where
        // a plain spawn panicked (`ulimit -v 60000`, a hostile check).
        let watcher = std::thread::Builder::new().spawn_scoped(t, || {
            while running.load(Ordering::SeqCst) > 0 {
                if ctl.cancelled() {
                    stop.store(true, Ordering::SeqCst);
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        if watcher.is_err() {
            // The thread's stack (2 MiB) could not be had.
            fail(Error::OutOfMemory {
                what: "the thread that watches the census for Ctrl-C".into(),
                bytes: 2 << 20,
            });
            running.store(0, Ordering::SeqCst);
            return;
        }
        pool.scope(|s| {
            for _ in 0..jobs {
                s.spawn(|_| work());
            }
        });
    });
    if let Some(e) = failure.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    if ctl.cancelled() {
        return Err(Error::Interrupted);
    }
    Ok(())
}

mod lock;
pub mod misere;
pub mod resume;
pub use lock::LOCK_FILE;
pub use resume::Untrusted;

#[cfg(test)]
mod tests;
