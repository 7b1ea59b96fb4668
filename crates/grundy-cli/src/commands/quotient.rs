//! `grundy quotient NAME --to N`: the misère quotient of a heap ruleset, heap by heap
//! (Plambeck & Siegel 2008), with `--save FILE` (its certificate) and `--check FILE`
//! (the independent checker).

use crate::output::{print_json, stdout, write_atomically, Format};
use anyhow::{bail, Context, Result};
use grundy::catalog::parse_ruleset;
use grundy::game::HeapRuleset;
use grundy::solve::misere::{check_certificate, quotient, Certificate, Quotient, Status, READ_FRACTION};
use grundy::Control;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// Arguments of `grundy quotient`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset: kayles, 0.75, 'subtraction[1,2]' (its heaps' options must be
    /// sums of smaller heaps).
    #[arg(required_unless_present = "check")]
    name: Option<String>,
    /// The last heap: the quotient is exact for sums of heaps ≤ N (or for every heap
    /// once solved, where the computation stops).
    #[arg(long, required_unless_present = "check", value_parser = super::bound::parse_count)]
    to: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write the certificate (JSON, atomically) for `grundy quotient --check FILE`.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Re-verify a saved certificate with the independent checker: exit 0 if it holds,
    /// 1 (with the reason) if not.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "to", "save"])]
    check: Option<PathBuf>,
}

/// The JSON shape: elements as words in the generators (heap images a, b, c, …).
#[derive(Serialize)]
struct Out {
    ruleset: String,
    to: u64,
    status: &'static str,
    order: usize,
    p_size: usize,
    tame: String,
    presentation: String,
    phi: Vec<String>,
    p_portion: Vec<String>,
    changes: Vec<ChangeOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
}

#[derive(Serialize)]
struct ChangeOut {
    heap: u64,
    order: usize,
    p_size: usize,
}

/// Reads a misère quotient certificate (a UTF-8 byte-order mark allowed), within a
/// [`READ_FRACTION`]th of the memory limit of `ctl`.
///
/// # Errors
/// A file that cannot be read, is larger than that bound (the refusal names the memory
/// limit and what sets it) or is not a certificate, naming the file.
pub fn read_certificate(path: &Path, ctl: &Control) -> Result<Certificate> {
    let text = grundy::control::read_text_within(path, ctl, READ_FRACTION, &path.display().to_string())?;
    Certificate::from_json(&text).with_context(|| format!("{}", path.display()))
}

/// The heap ruleset the certificate read from `path` names; the certificate's name is
/// made that ruleset's own (`take-and-break[0.77]` and `0.77` are kayles), so that
/// every reader of a certificate takes the same ones (`quotient --check`, `--quotient`).
///
/// # Errors
/// An unknown name, or a ruleset that is not a heap ruleset, naming the file.
pub fn certificate_ruleset(cert: &mut Certificate, path: &Path) -> Result<Arc<dyn HeapRuleset>> {
    let named = |e: grundy::Error| {
        anyhow::anyhow!(
            "{}: the certificate's ruleset '{}' is not a heap ruleset grundy knows here: {e}",
            path.display(),
            cert.ruleset
        )
    };
    let rs = parse_ruleset(&cert.ruleset).map_err(named)?;
    let rs = rs.as_heap("quotient").map_err(named)?.clone();
    cert.ruleset = rs.name();
    Ok(rs)
}

/// `⟨…⟩`-style text of the tame index: `T_k` or `wild`.
fn tame_text(q: &Quotient) -> String {
    match q.tame() {
        Some(k) => format!("T_{k}"),
        None => "wild".into(),
    }
}

fn report(q: &Quotient) -> Out {
    let pres = q.presentation();
    let word = |x: u32| pres.word(&pres.normal[x as usize]);
    let (period, preperiod) = match q.status {
        Status::Solved { period, preperiod, .. } => (Some(period), Some(preperiod)),
        Status::Partial => (None, None),
    };
    Out {
        ruleset: q.ruleset.clone(),
        to: q.to,
        status: if period.is_some() { "solved" } else { "partial" },
        order: q.order(),
        p_size: q.p_portion.len(),
        tame: tame_text(q),
        presentation: pres.to_string(),
        phi: q.phi.iter().map(|&x| word(x)).collect(),
        p_portion: q.p_portion.iter().map(|&x| word(x)).collect(),
        changes: q
            .changes
            .iter()
            .map(|c| ChangeOut {
                heap: c.heap,
                order: c.order,
                p_size: c.p_size,
            })
            .collect(),
        period,
        preperiod,
    }
}

fn text(w: &mut dyn Write, q: &Quotient, out: &Out) -> std::io::Result<()> {
    let pres = q.presentation();
    writeln!(w, "misère quotient of {}, heaps 0..={}", out.ruleset, out.to)?;
    match q.status {
        Status::Solved {
            preperiod,
            period,
            proof_end,
        } => writeln!(
            w,
            "status: solved (every heap): Φ(n + {period}) = Φ(n) for n ≥ {preperiod}, checked to heap {proof_end}, by {}",
            grundy::solve::misere::MISERE_PERIODICITY.source
        )?,
        Status::Partial => writeln!(w, "status: partial (exact for sums of heaps ≤ {})", out.to)?,
    }
    writeln!(
        w,
        "|Q| = {}, |P| = {}, {}",
        out.order,
        out.p_size,
        match out.tame.as_str() {
            "wild" => "wild (not tame)".to_string(),
            t => format!("tame ({t})"),
        }
    )?;
    writeln!(w, "presentation: {}", out.presentation)?;
    writeln!(w, "ascii: {}", pres.ascii())?;
    writeln!(w, "P = {{{}}}", out.p_portion.join(", "))?;
    writeln!(w, "changes (heap: |Q|, |P|):")?;
    for c in &out.changes {
        writeln!(w, "  {}: {}, {}", c.heap, c.order, c.p_size)?;
    }
    writeln!(w, "Φ(n) for n = 0..={}:", out.to)?;
    writeln!(w, "  {}", out.phi.join(" "))
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> Result<ExitCode> {
    if let Some(file) = &a.check {
        return check(file, a.format, ctl);
    }
    let (Some(name), Some(to)) = (&a.name, a.to) else {
        bail!("quotient needs a ruleset and --to N (or --check FILE)");
    };
    let rs = parse_ruleset(name)?;
    let rs = rs.as_heap("quotient")?;
    if let Some(path) = &a.save {
        crate::output::check_writable(path)?;
    }
    // The progress bar (on a terminal) shows the heap reached and |Q|.
    ctl.start(&format!("misère quotient of {}", rs.name()), to);
    let q = quotient(rs.as_ref(), to, ctl);
    ctl.finish();
    let q = q?;
    let out = report(&q);
    let printed = match a.format {
        Format::Json => print_json(&out),
        Format::Text => stdout(|w| text(w, &q, &out)),
    };
    // Why it stopped is the error line that ends the run (said once).
    if q.stopped.is_some() {
        crate::eprintln_quiet!(
            "grundy: stopped at heap {}; the quotient printed{} is exact for sums of heaps ≤ {}",
            q.to + 1,
            if a.save.is_some() { " and saved" } else { "" },
            q.to
        );
    }
    if let Some(path) = &a.save {
        write_atomically(path, q.certificate().to_json().as_bytes())?;
        crate::eprintln_quiet!("wrote the certificate to {}", path.display());
    }
    printed?;
    match q.stopped {
        Some(e) => Err(e.into()),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// `quotient --check FILE`: the library's independent checker.
fn check(file: &Path, format: Format, ctl: &Control) -> Result<ExitCode> {
    let mut cert = read_certificate(file, ctl)?;
    // The ruleset is the one its name reads as, under its own name
    // (`take-and-break[0.77]` is kayles): the check is of that ruleset's rules.
    let rs = certificate_ruleset(&mut cert, file)?;
    super::check_verdict(check_certificate(&cert, rs.as_ref(), ctl), file, format)
}
