//! The one result type of a check: [`Outcome`] (what was computed, over what range, and
//! the [`Verdict`]).

use serde::Serialize;

/// A check's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Verdict {
    /// The claim holds on the computed range.
    Holds,
    /// A conjecture or open observation is consistent with the computation.
    Consistent,
    /// The computation disagrees with the paper.
    Disagrees {
        /// What the paper says.
        paper: String,
        /// What we computed.
        ours: String,
    },
    /// A conjecture fails: the counterexample.
    Counterexample {
        /// The counterexample.
        detail: String,
    },
    /// The check could not run.
    Error {
        /// Why.
        message: String,
    },
}

impl Verdict {
    /// The verdict in words, as the reports print it.
    pub fn label(&self) -> String {
        match self {
            Verdict::Holds => "holds".into(),
            Verdict::Consistent => "consistent".into(),
            Verdict::Disagrees { paper, ours } => format!("DISAGREES — paper: {paper}; ours: {ours}"),
            Verdict::Counterexample { detail } => format!("COUNTEREXAMPLE — {detail}"),
            Verdict::Error { message } => format!("NOT RUN — {message}"),
        }
    }

    /// What `grundy verify` says of a check that does not hold: our value for a
    /// disagreement, the [`label`](Verdict::label) otherwise; None if it holds.
    pub fn failure(self) -> Option<String> {
        match self {
            Verdict::Holds => None,
            Verdict::Disagrees { ours, .. } => Some(ours),
            other => Some(other.label()),
        }
    }

    /// The `status` the JSON report gives this verdict (`holds`, `consistent`,
    /// `disagrees`, `counterexample`, `error`).
    pub fn status(&self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Consistent => "consistent",
            Verdict::Disagrees { .. } => "disagrees",
            Verdict::Counterexample { .. } => "counterexample",
            Verdict::Error { .. } => "error",
        }
    }

    /// True for the verdicts that confirm the paper (holds, consistent).
    pub fn confirms(&self) -> bool {
        matches!(self, Verdict::Holds | Verdict::Consistent)
    }
}

/// The result of one check: what was computed, over what range, and the verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// What we computed (values, counts, first counterexample, …).
    pub computed: String,
    /// Over what range.
    pub range: String,
    /// The verdict.
    pub verdict: Verdict,
    /// How many instances were checked, for the checks that count them (the MIN
    /// lemmas); not part of the report.
    #[serde(skip)]
    pub instances: Option<u64>,
}

impl Outcome {
    /// An outcome with the given verdict.
    pub fn new(computed: impl Into<String>, range: impl Into<String>, verdict: Verdict) -> Outcome {
        Outcome {
            computed: computed.into(),
            range: range.into(),
            verdict,
            instances: None,
        }
    }

    /// A claim that holds.
    pub fn holds(computed: impl Into<String>, range: impl Into<String>) -> Outcome {
        Outcome::new(computed, range, Verdict::Holds)
    }

    /// A conjecture consistent with the computation.
    pub fn consistent(computed: impl Into<String>, range: impl Into<String>) -> Outcome {
        Outcome::new(computed, range, Verdict::Consistent)
    }

    /// A conjecture refuted by `detail`.
    pub fn counterexample(computed: impl Into<String>, range: impl Into<String>, detail: String) -> Outcome {
        Outcome::new(computed, range, Verdict::Counterexample { detail })
    }

    /// A check that could not run.
    pub fn error(message: impl Into<String>) -> Outcome {
        Outcome::new(
            "",
            "",
            Verdict::Error {
                message: message.into(),
            },
        )
    }

    /// Compares the paper's value with ours (as text): holds if equal, else a
    /// disagreement showing both.
    pub fn compare(
        paper: impl ToString,
        ours: impl ToString,
        computed: impl Into<String>,
        range: impl Into<String>,
    ) -> Outcome {
        let (paper, ours) = (paper.to_string(), ours.to_string());
        let ok = paper == ours;
        Outcome::check(ok, computed, range, paper, ours)
    }

    /// Holds if `ok`, else a disagreement with the given values.
    pub fn check(
        ok: bool,
        computed: impl Into<String>,
        range: impl Into<String>,
        paper: impl ToString,
        ours: impl ToString,
    ) -> Outcome {
        let verdict = if ok {
            Verdict::Holds
        } else {
            Verdict::Disagrees {
                paper: paper.to_string(),
                ours: ours.to_string(),
            }
        };
        Outcome::new(computed, range, verdict)
    }

    /// Holds if `bad` is empty, else a disagreement listing the first five.
    pub fn all_hold(bad: &[String], computed: impl Into<String>, range: impl Into<String>, paper: &str) -> Outcome {
        let shown: Vec<&str> = bad.iter().take(5).map(|s| s.as_str()).collect();
        let more = if bad.len() > 5 {
            format!(" (and {} more)", bad.len() - 5)
        } else {
            String::new()
        };
        Outcome::check(
            bad.is_empty(),
            computed,
            range,
            paper,
            format!("{}{more}", shown.join("; ")),
        )
    }
}
