//! Re-verifying a saved periodicity certificate (`grundy period --check`).
//!
//! The checker trusts nothing in the file and shares no code with the period search
//! ([`super::periodicity::detect`], [`super::periodicity::search`]): every field is
//! re-derived from the ruleset's theorem and the saved values and compared, and the
//! values are recomputed from the rules. A certificate states the smallest period, the
//! smallest preperiod for it, the saltus, the range on which the values were checked
//! against the pattern, the last heap the theorem needs and the theorem's text, and
//! holds the values of exactly the heaps `0..=proof_end`.

use super::periodicity::{Certificate, Periodicity};
use crate::control::Control;
use crate::error::{Error, Result};
use crate::game::HeapRuleset;
use crate::solve::period::ProvenPeriod;
use crate::solve::Method;

/// A certificate as read from a file: every field as written there, none trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedCertificate {
    /// The pattern G(n + period) = G(n) + saltus for n ≥ preperiod.
    pub periodicity: Periodicity,
    /// The range of n on which the pattern was checked: `[preperiod, proof_end − period]`.
    pub agreement: [u64; 2],
    /// The last heap the ruleset's theorem needs.
    pub proof_end: u64,
    /// The theorem's text with its source, as `Statement`'s `Display` writes it.
    pub theorem: String,
    /// G(0), G(1), …, G(proof_end).
    pub values: Vec<u64>,
}

impl SavedCertificate {
    /// The certificate of a search as `grundy period --save` writes it: its fields and
    /// the values of heaps `0..=proof_end` (`values[n]` = G(n), at least that many).
    pub fn new(cert: &Certificate, values: &[u64]) -> SavedCertificate {
        let end = (cert.proof_end as usize).saturating_add(1).min(values.len());
        SavedCertificate {
            periodicity: cert.periodicity,
            agreement: [cert.periodicity.preperiod, cert.last_checked],
            proof_end: cert.proof_end,
            theorem: cert.theorem.to_string(),
            values: values[..end].to_vec(),
        }
    }
}

/// Re-verifies a saved certificate of `rs` (whose heaps must start at 0): the text is
/// the ruleset's periodicity theorem; the theorem applies to the pattern and needs
/// exactly the heaps up to `proof_end`, and `agreement` is the range of n this needs;
/// the file holds exactly the values of heaps `0..=proof_end`; they follow the
/// pattern on that range; the preperiod and the period are the smallest (the pattern
/// fails at n₀ − 1, and no proper divisor of the period is a period from n₀); and the
/// values are the ruleset's, recomputed from the rules by the dense engine. Returns
/// what was checked, in words.
///
/// # Errors
/// [`Error::Input`] ("certificate rejected: …") naming the first field that does not
/// hold; the dense engine's errors (estimates, [`Error::Interrupted`]).
pub fn check_certificate(rs: &dyn HeapRuleset, saved: &SavedCertificate, ctl: &Control) -> Result<String> {
    let reject = |m: String| Err(Error::Input(format!("certificate rejected: {m}")));
    let name = rs.name();
    let Some(theorem) = rs.periodicity() else {
        return reject(format!("{name} has no periodicity theorem"));
    };
    if rs.first_heap() != 0 {
        return reject(format!(
            "{name}'s heaps start at {}, a certificate's at 0",
            rs.first_heap()
        ));
    }
    if saved.theorem != theorem.statement().to_string() {
        return reject(format!("the theorem's text is not the periodicity theorem of {name}"));
    }
    let per = saved.periodicity;
    let (n0, p) = (per.preperiod, per.period);
    let end = match theorem.proof_end(n0, p, per.saltus) {
        Some(end) if p >= 1 && end >= n0.saturating_add(p) => end,
        _ => return reject(format!("the theorem does not apply to {per} of {name}")),
    };
    if saved.proof_end != end {
        return reject(format!(
            "proof_end is {}, but the theorem needs the heaps up to {end}",
            saved.proof_end
        ));
    }
    if saved.agreement != [n0, end - p] {
        return reject(format!(
            "the agreement range is {}..={}, but the theorem needs the pattern for n = {n0}..={} (heaps up to {end})",
            saved.agreement[0],
            saved.agreement[1],
            end - p
        ));
    }
    let values = &saved.values;
    if (values.len() as u64).checked_sub(1) != Some(end) {
        return reject(format!(
            "the file holds {} values; the certificate rests on heaps 0..={end}, {} values",
            values.len(),
            u128::from(end) + 1
        ));
    }
    // G(n) for n ≥ 0, past `end` by the pattern (used only once it has been checked).
    let g = |n: u64| -> i128 {
        if n <= end {
            values[n as usize] as i128
        } else {
            values[(n0 + (n - n0) % p) as usize] as i128 + ((n - n0) / p) as i128 * per.saltus as i128
        }
    };
    let fits = |n: u64, q: u64, s: i128| g(n + q) - g(n) == s;
    if let Some(n) = (n0..=end - p).find(|&n| !fits(n, p, per.saltus.into())) {
        return reject(format!(
            "G({}) = {} but G({n}) = {}: the pattern fails at n = {n}",
            n + p,
            g(n + p),
            g(n)
        ));
    }
    if n0 > 0 && fits(n0 - 1, p, per.saltus.into()) {
        return reject(format!(
            "the pattern also holds at n = {}, so the preperiod is not {n0}",
            n0 - 1
        ));
    }
    // A smaller period of the values from some heap on divides p and, since they repeat
    // every p heaps from n₀, holds from n₀: it shows on the p heaps from n₀.
    let divisors = (1..p)
        .take_while(|q| q.saturating_mul(*q) <= p)
        .filter(|q| p.is_multiple_of(*q));
    for d in divisors.flat_map(|q| [q, p / q]).filter(|&q| q < p) {
        let k = i128::from(p / d);
        let s = i128::from(per.saltus);
        if s % k == 0 && (n0..n0 + p).all(|n| fits(n, d, s / k)) {
            return reject(format!(
                "the period is not the smallest: {d} is a period from heap {n0}"
            ));
        }
    }
    let table = crate::solve::sequence(rs, end, ctl)?;
    for (n, &v) in values.iter().enumerate() {
        if table.get_u64(n as u64) != Some(v) {
            return reject(format!(
                "the saved G({n}) = {v} but the rules give {}",
                table.get(n as u64)
            ));
        }
    }
    Ok(format!(
        "{name}: {per} holds on heaps {n0}..={end}, the values agree with the rules, and {} extends it to every heap",
        theorem.statement()
    ))
}

/// A certificate file as `grundy period --save` writes it: the certificate and the
/// values G(0), G(1), … as decimal strings.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedFile {
    certificate: CertificateFile,
    values: Vec<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CertificateFile {
    ruleset: String,
    preperiod: u64,
    period: u64,
    saltus: i64,
    agreement: [u64; 2],
    proof_end: u64,
    theorem: String,
}

/// Parses a certificate as `grundy period --save` writes it (JSON; a UTF-8 byte-order
/// mark allowed): the ruleset as written there, and the certificate, none of it trusted
/// ([`check_certificate`] checks it). A file with an unknown key or a value not written
/// in plain decimal is refused.
///
/// # Errors
/// [`Error::Input`] naming what is wrong (`what` names the file in the message).
pub fn parse_saved(text: &str, what: &str) -> Result<(String, SavedCertificate)> {
    let saved: SavedFile = serde_json::from_str(text.strip_prefix('\u{feff}').unwrap_or(text)).map_err(|e| {
        Error::Input(format!(
            "{what} is not a certificate saved by grundy period --save: {e}"
        ))
    })?;
    let c = saved.certificate;
    let values = saved
        .values
        .iter()
        .enumerate()
        .map(|(n, v)| {
            let digits = !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) && (v == "0" || !v.starts_with('0'));
            match v.parse::<u64>() {
                Ok(x) if digits => Ok(x),
                Err(_) if digits => Err(Error::Input(format!(
                    "{what}: the value of heap {n} ('{v}') is larger than any value grundy computes (2^64 − 1)"
                ))),
                _ => Err(Error::Input(format!(
                    "{what}: the value of heap {n} ('{v}') is not a decimal number"
                ))),
            }
        })
        .collect::<Result<_>>()?;
    let cert = SavedCertificate {
        periodicity: Periodicity {
            preperiod: c.preperiod,
            period: c.period,
            saltus: c.saltus,
        },
        agreement: c.agreement,
        proof_end: c.proof_end,
        theorem: c.theorem,
        values,
    };
    Ok((c.ruleset, cert))
}

/// The fraction of the memory limit a certificate file is read within
/// ([`read_saved`], and the census's resume check): parsed, its values take up to some
/// 16 times the text (a value `"0",` of 4 bytes is a string of 24 and its heap bytes; a
/// hostile check held 665 MB reading 40 MB under `--memory-limit 200M` when the
/// fraction was a fifth).
pub const READ_FRACTION: u64 = 32;

/// Reads a certificate file ([`parse_saved`]) within a [`READ_FRACTION`]th of the
/// memory limit (no NUL byte).
///
/// # Errors
/// [`Error::TooLarge`] for a file above that bound, [`Error::File`] naming it when it
/// cannot be read, [`Error::Input`] naming it when it is not a certificate.
pub fn read_saved(path: &std::path::Path, ctl: &Control) -> Result<(String, SavedCertificate)> {
    let text = crate::control::read_text_within(path, ctl, READ_FRACTION, &path.display().to_string())?;
    parse_saved(&text, &path.display().to_string())
}

/// A saved certificate of `rs`, checked ([`check_certificate`]: every field re-derived,
/// the values recomputed from the rules), as the proven period the solver answers
/// heaps from ([`crate::solve::Evaluator::add_period`]), so that a period need not be
/// derived again. The values are checked through heap `proof_end`.
///
/// # Errors
/// Those of [`check_certificate`] (a rejected certificate is [`Error::Input`],
/// "certificate rejected: …"), and [`Error::Input`] for a value above 2^32 − 1 (no
/// table holds one).
pub fn proven_period(rs: &dyn HeapRuleset, saved: &SavedCertificate, ctl: &Control) -> Result<ProvenPeriod> {
    check_certificate(rs, saved, ctl)?;
    let Some(theorem) = rs.periodicity() else {
        return Err(Error::Input(format!(
            "certificate rejected: {} has no periodicity theorem",
            rs.name()
        )));
    };
    let values: Vec<u32> = saved
        .values
        .iter()
        .map(|&v| u32::try_from(v))
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| Error::Input("certificate rejected: a value above 2^32 − 1".into()))?;
    ProvenPeriod::new(
        &rs.name(),
        saved.periodicity,
        &values,
        saved.proof_end,
        saved.proof_end,
        theorem.statement(),
        theorem.theorem_name(),
    )
}

/// A certificate file saved by `grundy period --save`, read ([`read_saved`]), its
/// ruleset found in the catalog, checked ([`proven_period`]) and added to `solver`
/// ([`crate::solve::Evaluator::add_period`]), so that its period answers the heaps of
/// that ruleset beyond the table with [`Method::Auto`]. Returns the ruleset. The CLI's
/// `--period FILE` and Python's `period=` keyword.
///
/// # Errors
/// [`Error::Input`] when `solver`'s method is not auto (search computes the table,
/// formula uses closed forms only), the file cannot be read or is not a certificate,
/// or its check rejects it (the message names the file); the catalog's errors for its
/// ruleset.
pub fn load_period(
    path: &std::path::Path,
    solver: &mut crate::solve::Solver,
    ctl: &Control,
) -> Result<std::sync::Arc<dyn HeapRuleset>> {
    if solver.evaluator().method() != Method::Auto {
        return Err(Error::Input(
            "a saved period is used with method auto only (search computes the table, formula uses closed forms only)"
                .into(),
        ));
    }
    let (name, saved) = read_saved(path, ctl)?;
    let rs = crate::catalog::parse_ruleset(&name)?;
    let rs = rs.as_heap("a saved period")?.clone();
    let p = proven_period(rs.as_ref(), &saved, ctl).map_err(|e| Error::Input(format!("{}: {e}", path.display())))?;
    solver.evaluator().add_period(&rs, std::sync::Arc::new(p));
    Ok(rs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::classic::Subtraction;

    /// subtraction[1,2,3]: G(n) = n mod 4; a certificate of `per` with the fields and
    /// values the theorem asks for.
    fn n_mod_4(per: Periodicity) -> (Subtraction, SavedCertificate) {
        let rs = Subtraction::new(&[1, 2, 3]).unwrap();
        let end = per.preperiod + per.period + 2;
        let saved = SavedCertificate {
            periodicity: per,
            agreement: [per.preperiod, end - per.period],
            proof_end: end,
            theorem: crate::formulas::classic::SUBTRACTION_PERIODICITY.to_string(),
            values: (0..=end).map(|n| n % 4).collect(),
        };
        (rs, saved)
    }

    fn check(per: Periodicity) -> std::result::Result<String, String> {
        let (rs, saved) = n_mod_4(per);
        check_certificate(&rs, &saved, &Control::new()).map_err(|e| e.to_string())
    }

    #[test]
    fn the_smallest_period_and_preperiod_hold_and_nothing_else() {
        let per = Periodicity {
            preperiod: 0,
            period: 4,
            saltus: 0,
        };
        assert!(check(per)
            .unwrap()
            .starts_with("subtraction[1,2,3]: Periodicity(4, 0, 0) holds on heaps 0..=6"));
        // True patterns, but not the smallest: 8 and 12 are periods, 1 a preperiod.
        for period in [8, 12] {
            let e = check(Periodicity { period, ..per }).unwrap_err();
            assert!(
                e.contains("the period is not the smallest: 4 is a period from heap 0"),
                "{e}"
            );
        }
        let e = check(Periodicity { preperiod: 1, ..per }).unwrap_err();
        assert!(e.contains("the pattern also holds at n = 0"), "{e}");
        // False patterns and a saltus, which the theorem does not prove.
        let e = check(Periodicity { period: 6, ..per }).unwrap_err();
        assert!(e.contains("the pattern fails at n = 0"), "{e}");
        let e = check(Periodicity { saltus: 1, ..per }).unwrap_err();
        assert!(e.contains("the theorem does not apply"), "{e}");
    }

    #[test]
    fn values_that_follow_the_pattern_are_still_recomputed() {
        // G(n) = n mod 4 + 1 follows Periodicity(4, 0, 0) but is not the game's.
        let (rs, mut saved) = n_mod_4(Periodicity {
            preperiod: 0,
            period: 4,
            saltus: 0,
        });
        saved.values.iter_mut().for_each(|v| *v += 1);
        let e = check_certificate(&rs, &saved, &Control::new()).unwrap_err().to_string();
        assert!(e.contains("the saved G(0) = 1 but the rules give 0"), "{e}");
    }
}
