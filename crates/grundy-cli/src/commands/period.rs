//! `grundy period NAME --to N`: the smallest period, preperiod and saltus of a heap
//! ruleset's nim-value sequence, proven where the ruleset's periodicity theorem applies
//! (the search stops as soon as it is), apparent within N otherwise.
//! `grundy period --check FILE` re-verifies a saved certificate.

use crate::output::{print_json, stdout, write_atomically, Format};
use anyhow::{bail, Result};
use grundy::analysis::certificate::{check_certificate, read_saved};
use grundy::analysis::periodicity::{search_partial, Certificate, PeriodSearch, Periodicity};
use grundy::catalog::parse_ruleset;
use grundy::Control;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `grundy period`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset, e.g. 'subtraction[2,5,7]', kayles or 0.156.
    #[arg(required_unless_present = "check")]
    name: Option<String>,
    /// Last heap size examined (the search stops earlier once a period is proven).
    #[arg(long, required_unless_present = "check", value_parser = super::bound::parse_count)]
    to: Option<u64>,
    /// First heap size examined (default: the ruleset's first position).
    #[arg(long, value_parser = super::bound::parse_count)]
    from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write the certificate of a proven period, with the values it rests on, to FILE
    /// (JSON), for `grundy period --check FILE`.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Re-verify a certificate saved with --save: exit 0 if it holds, 1 if not.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "to", "from", "save"])]
    check: Option<PathBuf>,
}

/// Whether a period was found, and how sure it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Proven for all heaps (the reason gives the argument).
    Proven,
    /// The computed values agree with it; nothing is proven beyond N.
    Apparent,
    /// No period is apparent within N.
    None,
}

/// A certificate as JSON: the pattern, the heaps on which the values agree with it, and
/// the theorem.
#[derive(Clone, Debug, Serialize)]
pub struct CertificateOut {
    /// The ruleset as written in expressions.
    pub ruleset: String,
    /// n₀.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// s.
    pub saltus: i64,
    /// G(n + p) = G(n) + s was checked for every n in this inclusive range.
    pub agreement: [u64; 2],
    /// The last heap the theorem needs.
    pub proof_end: u64,
    /// The theorem and its source.
    pub theorem: String,
}

/// The analysis of one sequence.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Ruleset name.
    pub ruleset: String,
    /// First heap examined.
    pub from: u64,
    /// Last heap examined.
    pub to: u64,
    /// Proven, apparent or none.
    pub status: Status,
    /// Smallest period, if one was found.
    pub period: Option<u64>,
    /// Smallest preperiod for it.
    pub preperiod: Option<u64>,
    /// Saltus (0: ordinary periodicity).
    pub saltus: Option<i64>,
    /// Why it is proven, or what "apparent" and "none" mean here.
    pub reason: String,
    /// The proof of a proven period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<CertificateOut>,
    /// The largest value among the heaps examined.
    pub largest_value: Option<u64>,
    /// The number of P-positions (value 0) among the heaps examined.
    pub p_positions: usize,
    /// The sparse-space engine's split into rare and common values at the end of the
    /// run (take-and-break codes with two-heap splits); absent for other rulesets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineOut>,
}

/// The rare/common split of the sparse-space engine.
#[derive(Clone, Debug, Serialize)]
pub struct EngineOut {
    /// The mask over keys `(G(a) << 1) | (a & 1)` (bit 0: the heap's parity).
    pub rare_mask: u64,
    /// Heap `a` is rare when `popcount(key(a) & rare_mask)` has this parity.
    pub rare_parity: u8,
    /// The number of rare heaps.
    pub rare_count: u64,
    /// Pair values the engine computed (its work).
    pub pair_values: u64,
}

/// A saved certificate: the certificate and the values G(0), G(1), … it rests on
/// (decimal strings, as all values in grundy's JSON).
#[derive(Serialize)]
struct Saved {
    certificate: CertificateOut,
    values: Vec<String>,
}

fn certificate_out(c: &Certificate) -> CertificateOut {
    CertificateOut {
        ruleset: c.ruleset.clone(),
        preperiod: c.periodicity.preperiod,
        period: c.periodicity.period,
        saltus: c.periodicity.saltus,
        agreement: [c.periodicity.preperiod, c.last_checked],
        proof_end: c.proof_end,
        theorem: c.theorem.to_string(),
    }
}

/// The report of a search.
pub fn report(r: &PeriodSearch) -> Report {
    let (status, reason) = match (&r.found, &r.certificate) {
        (Some(p), Some(c)) => (
            Status::Proven,
            format!(
                "the values agree with the period on heaps {n0}..={end}, which covers the heaps the theorem needs, \
                 so the period continues forever ({statement})",
                n0 = p.preperiod,
                end = c.proof_end,
                statement = c.theorem,
            ),
        ),
        (Some(p), None) => (
            Status::Apparent,
            format!(
                "the values agree with it on heaps {}..={}; nothing is proven beyond {}{}",
                p.preperiod,
                r.to,
                r.to,
                match r.proof_needs {
                    Some(need) =>
                        format!(" (a proof by the ruleset's periodicity theorem needs the values up to heap {need})"),
                    None => String::new(),
                }
            ),
        ),
        (None, _) => (
            Status::None,
            format!(
                "no period p for which G(n+p) − G(n) is constant on a stretch of at least 2 periods and half the \
                 heaps {}..={}",
                r.from, r.to
            ),
        ),
    };
    Report {
        ruleset: r.ruleset.clone(),
        from: r.from,
        to: r.to,
        status,
        period: r.found.map(|p| p.period),
        preperiod: r.found.map(|p| p.preperiod),
        saltus: r.found.map(|p| p.saltus),
        reason,
        certificate: r.certificate.as_ref().map(certificate_out),
        largest_value: r.largest(),
        p_positions: r.p_positions(),
        engine: None,
    }
}

/// The report as a sentence.
pub fn text(r: &Report) -> String {
    match (r.status, r.period, r.preperiod, r.saltus) {
        (Status::None, ..) => format!(
            "{}: no period within heaps {}..={} ({})",
            r.ruleset, r.from, r.to, r.reason
        ),
        (status, Some(period), Some(preperiod), Some(saltus)) => {
            let per = Periodicity {
                preperiod,
                period,
                saltus,
            };
            let kind = if saltus == 0 {
                format!("period {period}, preperiod {preperiod}")
            } else {
                format!("arithmetic-periodic: period {period}, preperiod {preperiod}, saltus {saltus}")
            };
            let how = if status == Status::Proven {
                "proven".to_string()
            } else {
                format!("apparent within heaps {}..={}", r.from, r.to)
            };
            format!("{}: {per} — {kind}; {how}: {}", r.ruleset, r.reason)
        }
        _ => format!("{}: {}", r.ruleset, r.reason),
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    if let Some(file) = &a.check {
        return check(file, a.format, ctl);
    }
    let (Some(name), Some(to)) = (&a.name, a.to) else {
        bail!("period needs a ruleset and --to N (or --check FILE)");
    };
    let rs = parse_ruleset(name)?;
    let rs = rs.as_heap("period")?;
    if to < rs.first_heap() {
        return Err(grundy::Error::below_first_heap(&rs.name(), to, rs.first_heap()).into());
    }
    let from = a.from.unwrap_or(rs.first_heap()).max(rs.first_heap());
    if from > to {
        bail!("--from {from} is larger than --to {to}");
    }
    if let Some(path) = &a.save {
        crate::output::check_writable(path)?;
    }
    let (r, stopped) = search_partial(rs.as_ref(), from, to, ctl)?;
    match stopped {
        // Ctrl-C: what the heaps computed so far show is printed, as `seq` prints them.
        Some(grundy::Error::Interrupted) if !r.values.is_empty() => {}
        Some(e) => return Err(e.into()),
        None => {}
    }
    let interrupted = stopped.is_some();
    let mut rep = report(&r);
    rep.engine = rs.engine_stats().filter(|s| s.mask != 0).map(|s| EngineOut {
        rare_mask: s.mask,
        rare_parity: s.rare_parity,
        rare_count: s.rare,
        pair_values: s.pairs,
    });
    // A failed write to stdout is reported after the certificate is saved.
    let printed = match a.format {
        Format::Text => stdout(|w| writeln!(w, "{}", text(&rep))),
        Format::Json => print_json(&rep),
    };
    if interrupted {
        crate::eprintln_quiet!(
            "grundy: stopped; the analysis printed covers the heaps computed, {}..={}{}",
            r.from,
            r.to,
            match (&a.save, &rep.certificate) {
                (Some(path), None) => format!(" (nothing was written to {})", path.display()),
                _ => String::new(),
            }
        );
        if rep.certificate.is_none() {
            printed?;
            return Err(grundy::Error::Interrupted.into());
        }
    }
    if let Some(path) = &a.save {
        let Some(cert) = &rep.certificate else {
            bail!(
                "no proven period to save: {} (nothing was written to {})",
                rep.status_word(),
                path.display()
            );
        };
        if r.from != 0 {
            bail!("a certificate rests on the values from heap 0; run without --from to save one");
        }
        let saved = Saved {
            certificate: cert.clone(),
            values: r.values[..=cert.proof_end as usize]
                .iter()
                .map(u64::to_string)
                .collect(),
        };
        write_atomically(path, serde_json::to_string_pretty(&saved)?.as_bytes())?;
        crate::eprintln_quiet!("wrote the certificate to {}", path.display());
    }
    printed?;
    if interrupted {
        return Err(grundy::Error::Interrupted.into());
    }
    Ok(ExitCode::SUCCESS)
}

impl Report {
    fn status_word(&self) -> &'static str {
        match self.status {
            Status::Proven => "proven",
            Status::Apparent => "the period is only apparent",
            Status::None => "no period was found",
        }
    }
}

/// `period --check FILE`: the file is read strictly (no unknown keys, values as
/// grundy writes them, a UTF-8 byte-order mark allowed) and every field is checked by
/// the library's [`check_certificate`].
fn check(file: &std::path::Path, format: Format, ctl: &Control) -> Result<ExitCode> {
    let (name, claimed) = read_saved(file, ctl)?;
    let rs = parse_ruleset(&name)?;
    let rs = rs.as_heap("period --check")?;
    super::check_verdict(check_certificate(rs.as_ref(), &claimed, ctl), file, format)
}
