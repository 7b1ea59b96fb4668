//! A claim of a paper as a row of data: its id, source, statement, the [`Kind`] of check
//! that decides it, the ruleset it is about and its quick and full sizes; and the data a
//! row's kind carries (a printed [`OptionTable`] or [`Prefix`], a statement about MIN,
//! [`Min`]). The kinds (`kinds/`) use these rows; a row refers to no kind's code, so
//! the claim tables and the checks stay apart (no circle between the modules).

use crate::error::Result;
use crate::outcome::Outcome;
use crate::Context;
use grundy::arith::Sieve;
use grundy::Control;
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// The size of a check in quick and in full mode (a largest heap, coordinate, row, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Size {
    /// The size of `grundy reproduce`.
    pub quick: u64,
    /// The size of `grundy reproduce --full`.
    pub full: u64,
}

/// The game a closed form is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// The heaps of the row's heap ruleset, from its first heap to the size.
    Heap,
    /// The tuples of this length of the row's tuple ruleset, entries 0 to the size.
    Tuple(usize),
}

/// What a figure draws (the row names the ruleset and the size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// G(n) against n for the heaps of the row's heap ruleset up to the size.
    Scatter,
    /// G(a, b) of MIN for 0 ≤ a, b ≤ the size, the cells of value 1 marked and the rows
    /// with a + 1 prime flagged.
    MinHeatmap,
}

/// A period the literature states: the preperiod (the first heap from which the values
/// are periodic, the last exception + 1) and the period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The first periodic heap.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
}

/// A printed table: for each listed heap, its options and its value.
#[derive(Clone, Copy, Debug)]
pub struct OptionTable {
    /// Stable identifier.
    pub id: &'static str,
    /// The ruleset.
    pub ruleset: &'static str,
    /// Where it is printed.
    pub source: &'static str,
    /// True if the options are printed reduced.
    pub reduced: bool,
    /// (heap, options in the paper's notation, value).
    pub rows: &'static [(u64, &'static str, u64)],
}

/// A printed prefix of a value sequence: the values of heaps from, from+step, ….
#[derive(Clone, Copy, Debug)]
pub struct Prefix {
    /// Stable identifier.
    pub id: &'static str,
    /// The ruleset.
    pub ruleset: &'static str,
    /// Where it is printed.
    pub source: &'static str,
    /// The first heap.
    pub from: u64,
    /// The step between heaps.
    pub step: u64,
    /// The values, comma-separated.
    pub values: &'static str,
}

/// A statement about MIN, checked on the engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Min {
    /// §1 curious respect 1: least period a + 1 (plain table).
    Respect1,
    /// §1 curious respect 2: the sieve's 0s and 1s are those of full search.
    Respect2,
    /// §1: G(a − 1, a) = 0 and a < 6240 ⇒ a + 1 prime.
    PrevPrime,
    /// §1: G(6239, 6240) = 0.
    At6240,
    /// §1: the four a < 17226 with G(a − 2, a) = 0.
    Fermat,
    /// §1: G(17224, 17226) = 0.
    At17226,
    /// Theorem 1 on the rows engine and the sieve.
    Theorem1,
    /// Remark 2: G(a, a) ≠ 0 for a > 0.
    Remark2Diagonal,
    /// Remark 2: G(1, a) = 0 iff a is even.
    Remark2Row1,
    /// Lemma 3(a), rows engine and plain table.
    Lemma3A,
    /// Lemma 3(b), rows engine and plain table.
    Lemma3B,
    /// After Lemma 3: the periodicity fails in general below b = a − 1.
    Lemma3Below,
    /// Lemma 4 (a) and (b).
    Lemma4,
    /// Remark 5: G(a, a + 1) ≠ 1.
    Remark5,
    /// Lemma 6.
    Lemma6,
    /// Lemma 7.
    Lemma7,
    /// Lemma 8, part (a), (b) or (c).
    Lemma8(Part8),
    /// §4: f_j(a) − 1 is the largest c < a with G(a, c) = j.
    Sec4Largest,
    /// §4: the paper's downward search gives the sieve's f_j.
    Sec4Recursion,
    /// Lemma 3 as periodicity: each row's smallest period and preperiod (plain table).
    RowPeriod,
    /// `verify min`: the sieve against the rows (full search).
    VerifyEngines,
    /// `verify min`: Theorem 1 on the rows.
    VerifyTheorem1Rows,
    /// `verify min`: Theorem 1 on the sieve.
    VerifyTheorem1Sieve,
    /// `verify min`: Lemma 3(a) on the rows.
    VerifyLemma3A,
    /// `verify min`: Lemma 3(b) on the rows.
    VerifyLemma3B,
}

/// A part of Lemma 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part8 {
    /// G(a, b) = 0 ⇒ gcd(a + 1, b + 1) = 1.
    A,
    /// G(a, b) = 1 ⇒ gcd(a + 1, b + 1) is prime.
    B,
    /// a + 1 prime ⇒ (G(a, b) = 1 ⇔ (a + 1) | (b + 1)).
    C,
}

/// A bespoke computation: the few claims no shared kind covers.
pub type CustomFn = fn(&Ctx) -> Result<Outcome>;

/// A property of heap n decided from the sieve (for [`Kind::Observation`]).
pub type SievePredicate = fn(&Sieve, u64) -> bool;

/// How a claim is checked. Each kind is implemented once (in `kinds`).
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// The closed form the ruleset's theorem gives, and its other stated properties,
    /// against search on every position up to the size. `range` is the report's range
    /// text, with `{name}`, `{first}`, `{to}`, `{m}`, `{box}` (positions of the box) and
    /// `{checked}` filled in; `note` is added to the computed text.
    ClosedForm {
        /// Heaps or tuples.
        game: Game,
        /// The range text (a template).
        range: &'static str,
        /// Added to the computed text.
        note: &'static str,
    },
    /// A printed table of options and values.
    Table(&'static OptionTable),
    /// A printed prefix of a value sequence.
    Sequence(&'static Prefix),
    /// The listed heaps of one value (up to the largest listed) against search.
    ValueSet {
        /// The value.
        value: u64,
        /// The heaps the paper lists.
        heaps: &'static [u64],
    },
    /// The values of positions (expressions) against the paper's.
    Values(&'static [(&'static str, u64)]),
    /// The winning moves of a position against the paper's list.
    WinningMoves {
        /// The position.
        expr: &'static str,
        /// The paper's winning moves.
        paper: &'static [&'static str],
        /// Added to the computed text.
        note: &'static str,
        /// The number of options the paper states after its (single) winning move.
        options_after: Option<usize>,
    },
    /// A Nim position searched as one game (without the Sprague–Grundy theorem) against
    /// the nim-sum the paper states.
    NimSum {
        /// The heaps.
        heaps: &'static [u64],
        /// The paper's nim-sum.
        paper: u64,
        /// Compare the outcome class (P/N) rather than the value.
        outcome: bool,
    },
    /// "For n below the bound, G(n) = 1 iff the predicate holds": checked below the
    /// bound, and the first failure at or above it reported.
    Observation {
        /// The bound.
        bound: u64,
        /// The predicate.
        predicate: SievePredicate,
        /// How the predicate was read.
        reading: &'static str,
    },
    /// A statement about MIN (paper 001), on its engines.
    Min(Min),
    /// The period and preperiod of the row's heap ruleset, searched up to the size and
    /// proven by the ruleset's periodicity theorem, against the literature's; `None`
    /// where the literature knows no period (an open problem: consistent if none is
    /// apparent up to the size).
    Period(Option<Expected>),
    /// A figure: drawn by a renderer, not checked.
    Figure(Figure),
    /// A bespoke computation.
    Custom(CustomFn),
}

impl Kind {
    /// The kind's name, as listed (`closed_form`, `table`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Kind::ClosedForm { .. } => "closed_form",
            Kind::Table(_) => "table",
            Kind::Sequence(_) => "sequence",
            Kind::ValueSet { .. } => "value_set",
            Kind::Values(_) => "values",
            Kind::WinningMoves { .. } => "winning_moves",
            Kind::NimSum { .. } => "nim_sum",
            Kind::Observation { .. } => "observation",
            Kind::Min(_) => "min",
            Kind::Period(_) => "period",
            Kind::Figure(_) => "figure",
            Kind::Custom(_) => "custom",
        }
    }
}

/// A claim of a seed paper. It serializes (serde) as its row: id, source, statement,
/// the kind's name, ruleset and size.
#[derive(Clone, Debug, Serialize)]
pub struct Claim {
    /// Stable identifier, `PPP-…` with the paper number first.
    pub id: Cow<'static, str>,
    /// Paper, section or theorem.
    pub source: Cow<'static, str>,
    /// The claim, as the paper states it (for a figure: its caption, `{to}` the size).
    pub statement: Cow<'static, str>,
    /// How it is checked.
    #[serde(serialize_with = "kind_name")]
    pub kind: Kind,
    /// The ruleset it is about, by catalog name, where there is one.
    pub ruleset: Option<&'static str>,
    /// Its size in quick and full mode, where it has one.
    pub size: Option<Size>,
}

fn kind_name<S: Serializer>(k: &Kind, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(k.name())
}

impl Claim {
    /// A claim without ruleset or size.
    pub fn new(
        id: impl Into<Cow<'static, str>>,
        source: impl Into<Cow<'static, str>>,
        statement: impl Into<Cow<'static, str>>,
        kind: Kind,
    ) -> Claim {
        Claim {
            id: id.into(),
            source: source.into(),
            statement: statement.into(),
            kind,
            ruleset: None,
            size: None,
        }
    }

    /// The claim about `ruleset`.
    pub fn on(mut self, ruleset: &'static str) -> Claim {
        self.ruleset = Some(ruleset);
        self
    }

    /// The claim with sizes `quick` and `full`.
    pub fn sized(mut self, quick: u64, full: u64) -> Claim {
        self.size = Some(Size { quick, full });
        self
    }

    /// The paper number (`000` …).
    pub fn paper(&self) -> &str {
        &self.id[..3]
    }

    /// True for a figure (drawn, not checked).
    pub fn is_figure(&self) -> bool {
        matches!(self.kind, Kind::Figure(_))
    }

    /// The size in the given mode, if the claim has one.
    pub fn size_in(&self, full: bool) -> Option<u64> {
        self.size.map(|s| if full { s.full } else { s.quick })
    }

    /// The statement with `{to}` replaced by the size (figure captions).
    pub fn caption(&self, full: bool) -> String {
        match self.size_in(full) {
            Some(to) => self.statement.replace("{to}", &to.to_string()),
            None => self.statement.to_string(),
        }
    }
}

/// What a check gets: the run's context and its own row.
pub struct Ctx<'a> {
    /// The run's context.
    pub context: &'a Context,
    /// The claim being checked.
    pub claim: &'a Claim,
}

impl Ctx<'_> {
    /// Run control (memory limit, cancellation).
    pub fn ctl(&self) -> &Control {
        &self.context.control
    }

    /// Picks the quick or the full size.
    pub fn size(&self, quick: u64, full: u64) -> u64 {
        if self.context.full {
            full
        } else {
            quick
        }
    }

    /// The row's size in this run's mode.
    ///
    /// # Panics
    /// If the row has no size (a fault of the claim table, caught by the tests).
    pub fn to(&self) -> u64 {
        self.claim
            .size_in(self.context.full)
            .unwrap_or_else(|| panic!("claim {} has no size", self.claim.id))
    }

    /// The row's ruleset.
    ///
    /// # Panics
    /// If the row names no ruleset (a fault of the claim table, caught by the tests).
    pub fn ruleset(&self) -> &'static str {
        self.claim
            .ruleset
            .unwrap_or_else(|| panic!("claim {} names no ruleset", self.claim.id))
    }
}
