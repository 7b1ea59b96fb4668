//! The paper 003 rulesets and their registry rows (names, positions and options as
//! checked against the paper's tables).

use super::division::{Division, DivisionRule};
use super::factoring::{Factoring, FactoringRule};
use super::{Arithmetic, Count, Mode, Property, Shape};
use crate::formulas::arithmetic as th;
use crate::error::Result;
use crate::formulas::Statement;
use crate::game::{Family, HeapRuleset, Ruleset};
use std::sync::Arc;

use Mode::{MoveTo, Subtract};
use Property::{Divisor, NonDivisor, NonTotative, Totative};

const fn single(
    name: &'static str,
    first: u64,
    mode: Mode,
    property: Property,
    with_zero: bool,
    theorem: Option<th::Theorem>,
) -> Arithmetic {
    Arithmetic {
        name,
        first,
        mode,
        shape: Shape::Singleton { property, with_zero },
        theorem,
    }
}

const fn counting(
    name: &'static str,
    first: u64,
    mode: Mode,
    count: Count,
    from: u64,
    theorem: Option<th::Theorem>,
) -> Arithmetic {
    Arithmetic {
        name,
        first,
        mode,
        shape: Shape::Counting { count, from },
        theorem,
    }
}

const fn shaped(name: &'static str, first: u64, mode: Mode, shape: Shape, theorem: Option<th::Theorem>) -> Arithmetic {
    Arithmetic {
        name,
        first,
        mode,
        shape,
        theorem,
    }
}

/// §1.1.1.
pub const MALIQUOT: Arithmetic = single("maliquot", 1, MoveTo, Divisor, false, Some(th::MALIQUOT));
/// §1.1.2.
pub const SALIQUOT: Arithmetic = single("saliquot", 0, Subtract, Divisor, false, Some(th::SALIQUOT));
/// §1.2.1 (0 is a non-divisor of every n ≥ 1).
pub const MALIQUANT: Arithmetic = single("maliquant", 0, MoveTo, NonDivisor, true, Some(th::MALIQUANT));
/// §1.2.2.
pub const SALIQUANT: Arithmetic = single("saliquant", 0, Subtract, NonDivisor, false, Some(th::SALIQUANT));
/// §1.3.
pub const TOTATIVE: Arithmetic = single("totative", 1, MoveTo, Totative, false, Some(th::TOTATIVE));
/// §1.4 (the table lists 0 as an option of every n ≥ 1).
pub const NONTOTATIVE: Arithmetic = single("nontotative", 0, MoveTo, NonTotative, true, Some(th::NONTOTATIVE));
/// §2.1.1.
pub const TOTIENT: Arithmetic = counting("totient", 1, MoveTo, Count::Phi, 2, Some(th::TOTIENT));
/// §2.1.2.
pub const NONTOTIENT: Arithmetic = counting("nontotient", 1, Subtract, Count::Phi, 2, None);
/// §2.2.1.
pub const MTAU: Arithmetic = counting("mtau", 1, MoveTo, Count::ProperTau, 2, None);
/// §2.2.2.
pub const STAU: Arithmetic = counting("stau", 0, Subtract, Count::Tau, 1, None);
/// §2.3.1.
pub const M_BIG_OMEGA: Arithmetic = counting("mOmega", 1, MoveTo, Count::BigOmega, 2, None);
/// §2.3.3.
pub const M_SMALL_OMEGA: Arithmetic = counting("momega", 1, MoveTo, Count::SmallOmega, 2, None);
/// §2.3.2.
pub const S_BIG_OMEGA: Arithmetic = counting("sOmega", 1, Subtract, Count::BigOmega, 2, None);
/// §2.3.4.
pub const S_SMALL_OMEGA: Arithmetic = counting("somega", 1, Subtract, Count::SmallOmega, 2, None);
/// §5.
pub const FULLSET_MALIQUOT: Arithmetic = shaped(
    "fullset-maliquot",
    1,
    MoveTo,
    Shape::FullSet(Divisor),
    Some(th::FULLSET_MALIQUOT),
);
/// §5.
pub const FULLSET_TOTIENT: Arithmetic = shaped("fullset-totient", 1, MoveTo, Shape::FullSet(Totative), None);
/// §6 item 1.
pub const POWERSET_MALIQUOT: Arithmetic = shaped("powerset-maliquot", 1, MoveTo, Shape::PowerSet(Divisor), None);
/// §6 item 2.
pub const POWERSET_SALIQUOT: Arithmetic = shaped(
    "powerset-saliquot",
    0,
    Subtract,
    Shape::PowerSet(Divisor),
    Some(th::POWERSET_SALIQUOT),
);
/// §6 item 3.
pub const POWERSET_MALIQUANT: Arithmetic = shaped(
    "powerset-maliquant",
    1,
    MoveTo,
    Shape::PowerSet(NonDivisor),
    Some(th::POWERSET_MALIQUANT),
);
/// §6 item 4.
pub const POWERSET_SALIQUANT: Arithmetic = shaped("powerset-saliquant", 1, Subtract, Shape::PowerSet(NonDivisor), None);
/// §6 item 5.
pub const POWERSET_TOTATIVE: Arithmetic = shaped(
    "powerset-totative",
    1,
    MoveTo,
    Shape::PowerSet(Totative),
    Some(th::POWERSET_TOTATIVE),
);
/// §6 item 6.
pub const POWERSET_NONTOTATIVE: Arithmetic =
    shaped("powerset-nontotative", 1, MoveTo, Shape::PowerSet(NonTotative), None);

const fn division(name: &'static str, rule: DivisionRule, theorem: Option<th::Theorem>) -> Division {
    Division { name, rule, theorem }
}

/// §3.1.
pub const DIVIDING: Division = division("dividing", DivisionRule::Dividing, Some(th::DIVIDING));
/// §3.2.
pub const DIVIDE_AND_RESIDUE: Division = division("divide-and-residue", DivisionRule::DivideAndResidue, None);
/// §3.2.
pub const COMPLEMENT_GRUNDY: Division = division("complement-grundy", DivisionRule::ComplementGrundy, None);
/// §3.2.
pub const DIVIDE_THROW_RESIDUE: Division = division(
    "divide-throw-residue",
    DivisionRule::DivideThrowResidue,
    Some(th::DIVIDE_THROW_RESIDUE),
);
/// §3.2.
pub const RESIDUE_THROW_DIVISOR: Division = division(
    "residue-throw-divisor",
    DivisionRule::ResidueThrowDivisor,
    Some(th::RESIDUE_THROW_DIVISOR),
);

/// §4.
pub const M_FACTORING: Factoring = Factoring {
    name: "m-factoring",
    rule: FactoringRule::MoveTo,
    theorem: Some(th::M_FACTORING),
};
/// §4, Theorem 13 second part.
pub const M_FACTORING_COPRIME: Factoring = Factoring {
    name: "m-factoring-coprime",
    rule: FactoringRule::MoveToCoprime,
    theorem: Some(th::M_FACTORING_COPRIME),
};
/// §4.
pub const S_FACTORING: Factoring = Factoring {
    name: "s-factoring",
    rule: FactoringRule::Subtract,
    theorem: None,
};

fn heap(r: impl HeapRuleset + 'static) -> Result<Ruleset> {
    Ok(Ruleset::Heap(Arc::new(r)))
}

const N0: &str = "heaps n ≥ 0";
const N1: &str = "heaps n ≥ 1";

/// The statement of a member's theorem, if the paper proves one.
const fn statement(theorem: Option<th::Theorem>) -> Option<Statement> {
    match theorem {
        Some(t) => Some(t.statement),
        None => None,
    }
}

/// The families of paper 003, in the order of the paper.
pub const FAMILIES: &[Family] = &[
    Family::fixed(
        "maliquot",
        N1,
        "any proper divisor d of n (d < n)",
        "paper 003 §1.1.1",
        statement(MALIQUOT.theorem),
        "maliquot(12)",
        |_| heap(MALIQUOT),
    ),
    Family::fixed(
        "saliquot",
        N0,
        "n − d for any positive divisor d of n",
        "paper 003 §1.1.2",
        statement(SALIQUOT.theorem),
        "saliquot(12)",
        |_| heap(SALIQUOT),
    ),
    Family::fixed(
        "maliquant",
        N0,
        "any k with 0 ≤ k < n, k ∤ n (0 is an option of every n ≥ 1)",
        "paper 003 §1.2.1",
        statement(MALIQUANT.theorem),
        "maliquant(12)",
        |_| heap(MALIQUANT),
    ),
    Family::fixed(
        "saliquant",
        N0,
        "n − k for 1 ≤ k ≤ n, k ∤ n",
        "paper 003 §1.2.2",
        statement(SALIQUANT.theorem),
        "saliquant(12)",
        |_| heap(SALIQUANT),
    ),
    Family::fixed(
        "totative",
        N1,
        "any k with 1 ≤ k < n, gcd(k,n) = 1",
        "paper 003 §1.3",
        statement(TOTATIVE.theorem),
        "totative(12)",
        |_| heap(TOTATIVE),
    ),
    Family::fixed(
        "nontotative",
        N0,
        "0, and any k with 1 ≤ k < n, gcd(k,n) > 1 (n ≥ 1)",
        "paper 003 §1.4",
        statement(NONTOTATIVE.theorem),
        "nontotative(12)",
        |_| heap(NONTOTATIVE),
    ),
    Family::fixed(
        "totient",
        N1,
        "φ(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.1.1",
        statement(TOTIENT.theorem),
        "totient(48114)",
        |_| heap(TOTIENT),
    ),
    Family::fixed(
        "nontotient",
        N1,
        "n − φ(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.1.2",
        statement(NONTOTIENT.theorem),
        "nontotient(10)",
        |_| heap(NONTOTIENT),
    ),
    Family::fixed(
        "mtau",
        N1,
        "τ(n) − 1, the number of proper divisors, for n ≥ 2; 1 is terminal",
        "paper 003 §2.2.1",
        statement(MTAU.theorem),
        "mtau(16)",
        |_| heap(MTAU),
    ),
    Family::fixed(
        "stau",
        N0,
        "n − τ(n) for n ≥ 1",
        "paper 003 §2.2.2",
        statement(STAU.theorem),
        "stau(5)",
        |_| heap(STAU),
    ),
    Family::fixed(
        "mOmega",
        N1,
        "Ω(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.3.1",
        statement(M_BIG_OMEGA.theorem),
        "mOmega(16)",
        |_| heap(M_BIG_OMEGA),
    ),
    Family::fixed(
        "momega",
        N1,
        "ω(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.3.3",
        statement(M_SMALL_OMEGA.theorem),
        "momega(30030)",
        |_| heap(M_SMALL_OMEGA),
    ),
    Family::fixed(
        "sOmega",
        N1,
        "n − Ω(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.3.2",
        statement(S_BIG_OMEGA.theorem),
        "sOmega(16)",
        |_| heap(S_BIG_OMEGA),
    ),
    Family::fixed(
        "somega",
        N1,
        "n − ω(n) for n ≥ 2; 1 is terminal",
        "paper 003 §2.3.4",
        statement(S_SMALL_OMEGA.theorem),
        "somega(16)",
        |_| heap(S_SMALL_OMEGA),
    ),
    Family::fixed(
        "dividing",
        N1,
        "m×k (m heaps of size k) for k·m = n, m > 1",
        "paper 003 §3.1",
        statement(DIVIDING.theorem),
        "dividing(18) + dividing(7)",
        |_| heap(DIVIDING),
    ),
    Family::fixed(
        "divide-and-residue",
        N1,
        "m×d + r for n = m·d + r, 1 ≤ d < n, 0 ≤ r < d",
        "paper 003 §3.2",
        statement(DIVIDE_AND_RESIDUE.theorem),
        "divide-and-residue(7,3)",
        |_| heap(DIVIDE_AND_RESIDUE),
    ),
    Family::fixed(
        "complement-grundy",
        N1,
        "m×d + r for n = m·d + r, 1 ≤ d < n, 0 ≤ r < d, m ≥ 2",
        "paper 003 §3.2",
        statement(COMPLEMENT_GRUNDY.theorem),
        "complement-grundy(11)",
        |_| heap(COMPLEMENT_GRUNDY),
    ),
    Family::fixed(
        "divide-throw-residue",
        N1,
        "m×d with m = ⌊n/d⌋, 1 ≤ d < n",
        "paper 003 §3.2",
        statement(DIVIDE_THROW_RESIDUE.theorem),
        "divide-throw-residue(12)",
        |_| heap(DIVIDE_THROW_RESIDUE),
    ),
    Family::fixed(
        "residue-throw-divisor",
        N1,
        "n mod d for 1 ≤ d < n",
        "paper 003 §3.2",
        statement(RESIDUE_THROW_DIVISOR.theorem),
        "residue-throw-divisor(12)",
        |_| heap(RESIDUE_THROW_DIVISOR),
    ),
    Family::fixed(
        "m-factoring",
        N1,
        "a1+…+ak for k ≥ 2, 1 < a1 ≤ … ≤ ak, a1⋯ak = n",
        "paper 003 §4",
        statement(M_FACTORING.theorem),
        "m-factoring(12)",
        |_| heap(M_FACTORING),
    ),
    Family::fixed(
        "m-factoring-coprime",
        N1,
        "a1+…+ak for k ≥ 2, pairwise coprime 1 < a1 < … < ak, a1⋯ak = n (no prime in two components)",
        "paper 003 §4, Theorem 13 (second part)",
        statement(M_FACTORING_COPRIME.theorem),
        "m-factoring-coprime(60)",
        |_| heap(M_FACTORING_COPRIME),
    ),
    Family::fixed(
        "s-factoring",
        N0,
        "(n−a1)+…+(n−ak) for k ≥ 1, 1 < a1 ≤ … ≤ ak, a1⋯ak = n (k = 1 gives 0)",
        "paper 003 §4",
        statement(S_FACTORING.theorem),
        "s-factoring(12)",
        |_| heap(S_FACTORING),
    ),
    Family::fixed(
        "fullset-maliquot",
        N1,
        "the single option: the sum of all proper divisors as heaps",
        "paper 003 §5",
        statement(FULLSET_MALIQUOT.theorem),
        "fullset-maliquot(24)",
        |_| heap(FULLSET_MALIQUOT),
    ),
    Family::fixed(
        "fullset-totient",
        N1,
        "the single option: the sum of all k < n coprime to n as heaps",
        "paper 003 §5",
        statement(FULLSET_TOTIENT.theorem),
        "fullset-totient(10)",
        |_| heap(FULLSET_TOTIENT),
    ),
    Family::fixed(
        "powerset-maliquot",
        N1,
        "any nonempty set of proper divisors, as a sum",
        "paper 003 §6 item 1, Example 6",
        statement(POWERSET_MALIQUOT.theorem),
        "powerset-maliquot(6)",
        |_| heap(POWERSET_MALIQUOT),
    ),
    Family::fixed(
        "powerset-saliquot",
        N0,
        "any nonempty set of n − d, d a positive divisor of n, as a sum",
        "paper 003 §6 item 2",
        statement(POWERSET_SALIQUOT.theorem),
        "powerset-saliquot(12)",
        |_| heap(POWERSET_SALIQUOT),
    ),
    Family::fixed(
        "powerset-maliquant",
        N1,
        "any nonempty set of k, 1 ≤ k < n, k ∤ n, as a sum",
        "paper 003 §6 item 3",
        statement(POWERSET_MALIQUANT.theorem),
        "powerset-maliquant(21)",
        |_| heap(POWERSET_MALIQUANT),
    ),
    Family::fixed(
        "powerset-saliquant",
        N1,
        "any nonempty set of n − k, 1 ≤ k ≤ n, k ∤ n, as a sum",
        "paper 003 §6 item 4",
        statement(POWERSET_SALIQUANT.theorem),
        "powerset-saliquant(12)",
        |_| heap(POWERSET_SALIQUANT),
    ),
    Family::fixed(
        "powerset-totative",
        N1,
        "any nonempty set of k < n coprime to n, as a sum",
        "paper 003 §6 item 5, Example 7",
        statement(POWERSET_TOTATIVE.theorem),
        "powerset-totative(7)",
        |_| heap(POWERSET_TOTATIVE),
    ),
    Family::fixed(
        "powerset-nontotative",
        N1,
        "any nonempty set of k, 1 ≤ k < n, gcd(k,n) > 1, as a sum",
        "paper 003 §6 item 6",
        statement(POWERSET_NONTOTATIVE.theorem),
        "powerset-nontotative(12)",
        |_| heap(POWERSET_NONTOTATIVE),
    ),
];
