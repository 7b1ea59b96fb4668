//! The certificate of a misère quotient: what a reader needs to re-check it without
//! trusting the engine that found it ([`super::check`]).
//!
//! JSON, with the keys `ruleset` (as written in expressions), `to` (the last heap N),
//! `status` (`"partial"`: exact for sums of heaps ≤ N; `"solved"`: for every heap),
//! `table` (the multiplication table, a list of rows of element indices 0…|Q|−1, index
//! 0 the identity), `p_portion` (element indices), `phi` (the element of each heap
//! 0…N), and for a solved quotient `period` and `preperiod` (Φ(n + period) = Φ(n) for
//! n ≥ preperiod, by the periodicity theorem for misère quotients).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// A misère quotient's certificate (see the module docs, `grundy::solve::misere::certificate`). Read strictly: a
/// key it does not have is an error (a certificate someone added a claim to is not
/// the one that was checked), as for period certificates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// The ruleset's name as written in expressions.
    pub ruleset: String,
    /// The last heap covered, N.
    pub to: u64,
    /// `"partial"` or `"solved"`.
    pub status: String,
    /// The multiplication table: `table[a][b]` = a·b; element 0 is the identity.
    pub table: Vec<Vec<u32>>,
    /// The P-portion, sorted.
    pub p_portion: Vec<u32>,
    /// Φ(n) for n = 0…N.
    pub phi: Vec<u32>,
    /// A solved quotient's period p.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<u64>,
    /// A solved quotient's preperiod n₀.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preperiod: Option<u64>,
}

impl Certificate {
    /// The certificate as JSON text, one key per line and each table row on one line.
    pub fn to_json(&self) -> String {
        let list = |v: &[u32]| serde_json::to_string(v).expect("numbers serialize");
        let mut out = String::from("{\n");
        out.push_str(&format!(
            "  \"ruleset\": {},\n",
            serde_json::to_string(&self.ruleset).expect("a string serializes")
        ));
        out.push_str(&format!("  \"to\": {},\n", self.to));
        out.push_str(&format!("  \"status\": \"{}\",\n", self.status));
        if let (Some(p), Some(n0)) = (self.period, self.preperiod) {
            out.push_str(&format!("  \"period\": {p},\n  \"preperiod\": {n0},\n"));
        }
        out.push_str(&format!("  \"p_portion\": {},\n", list(&self.p_portion)));
        out.push_str(&format!("  \"phi\": {},\n", list(&self.phi)));
        out.push_str("  \"table\": [\n");
        for (i, row) in self.table.iter().enumerate() {
            let sep = if i + 1 < self.table.len() { "," } else { "" };
            out.push_str(&format!("    {}{sep}\n", list(row)));
        }
        out.push_str("  ]\n}\n");
        out
    }

    /// Reads a certificate from JSON text (a UTF-8 byte-order mark allowed).
    ///
    /// # Errors
    /// [`Error::Input`] naming what is malformed (serde_json's message, with its line
    /// and column).
    pub fn from_json(text: &str) -> Result<Certificate> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        serde_json::from_str(text).map_err(|e| Error::Input(format!("not a misère quotient certificate: {e}")))
    }
}

/// The fraction of the memory limit a certificate file is read within (`grundy quotient
/// --check`, `--quotient FILE`, Python's `check_quotient`): parsed, its table takes up
/// to some eight times its text (a row `[]` of 3 bytes is a vector of 24; a hostile
/// check read 99 MB of them to 876 MB under `--memory-limit 16M` when the bound was a
/// fixed 1 GiB).
pub const READ_FRACTION: u64 = 16;
