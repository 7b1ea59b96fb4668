//! The paper 003 rulesets as family members, and their catalog entries (design.md's
//! table: names, positions and options as checked against the paper's tables).

use super::division::{Division, DivisionRule};
use super::factoring::{Factoring, FactoringRule};
use super::{Arithmetic, Count, Mode, Property, Shape};
use crate::catalog::{Entry, Params};
use crate::formulas::arithmetic as th;
use crate::game::{HeapRuleset, Ruleset};
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

fn heap(r: impl HeapRuleset + 'static) -> crate::error::Result<Ruleset> {
    Ok(Ruleset::Heap(Arc::new(r)))
}

const N0: &str = "heaps n ≥ 0";
const N1: &str = "heaps n ≥ 1";

#[allow(clippy::too_many_arguments)]
fn entry(
    name: &'static str,
    positions: &'static str,
    options: &'static str,
    source: &'static str,
    formula: Option<&'static str>,
    example: &'static str,
    build: fn(&[u64]) -> crate::error::Result<Ruleset>,
) -> Entry {
    Entry {
        name,
        params: Params::None,
        positions,
        options,
        source,
        formula,
        example,
        build,
    }
}

/// The catalog entries, in the order of paper 003.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        entry("maliquot", N1, "any proper divisor d of n (d < n)", "paper 003 §1.1.1", Some("G(n) = Ω(n), prime factors with multiplicity (paper 003 Theorem 1)"), "maliquot(12)", |_| heap(MALIQUOT)),
        entry("saliquot", N0, "n − d for any positive divisor d of n", "paper 003 §1.1.2", Some("G(0) = 0, G(n) = v₂(n) + 1 (paper 003 Theorem 2)"), "saliquot(12)", |_| heap(SALIQUOT)),
        entry("maliquant", N0, "any k with 0 ≤ k < n, k ∤ n (0 is an option of every n ≥ 1)", "paper 003 §1.2.1", Some("G(0) = 0, G(n) = i_o(n), n = 2^k(2m−1) ↦ m (paper 003 Theorem 3)"), "maliquant(12)", |_| heap(MALIQUANT)),
        entry("saliquant", N0, "n − k for 1 ≤ k ≤ n, k ∤ n", "paper 003 §1.2.2", Some("partial: G(n) = (n−1)/2 for odd n, and G(n) < n/2 (paper 003 Theorem 4)"), "saliquant(12)", |_| heap(SALIQUANT)),
        entry("totative", N1, "any k with 1 ≤ k < n, gcd(k,n) = 1", "paper 003 §1.3", Some("G(1) = 0, G(n) = i_p(n), the index of the smallest prime factor (paper 003 Theorem 5)"), "totative(12)", |_| heap(TOTATIVE)),
        entry("nontotative", N0, "0, and any k with 1 ≤ k < n, gcd(k,n) > 1 (n ≥ 1)", "paper 003 §1.4", Some("partial: G(2m) = m, G(p) = 1, G(p²) = 2, G(n) = ⌊(n+1)/4⌋ for n ≡ 3 (mod 6), p_i p_(i+1) ↦ 3/4, p_i p_(i+2) ↦ 5/6, and bounds (paper 003 Theorem 6 (i)–(ix))"), "nontotative(12)", |_| heap(NONTOTATIVE)),
        entry("totient", N1, "φ(n) for n ≥ 2; 1 is terminal", "paper 003 §2.1.1", Some("G(1) = 0, G(n) = (C(n) + 1) mod 2, C Shapiro's class (paper 003 Theorems 7, 8)"), "totient(48114)", |_| heap(TOTIENT)),
        entry("nontotient", N1, "n − φ(n) for n ≥ 2; 1 is terminal", "paper 003 §2.1.2", None, "nontotient(10)", |_| heap(NONTOTIENT)),
        entry("mtau", N1, "τ(n) − 1, the number of proper divisors, for n ≥ 2; 1 is terminal", "paper 003 §2.2.1", None, "mtau(16)", |_| heap(MTAU)),
        entry("stau", N0, "n − τ(n) for n ≥ 1", "paper 003 §2.2.2", None, "stau(5)", |_| heap(STAU)),
        entry("mOmega", N1, "Ω(n) for n ≥ 2; 1 is terminal", "paper 003 §2.3.1", None, "mOmega(16)", |_| heap(M_BIG_OMEGA)),
        entry("momega", N1, "ω(n) for n ≥ 2; 1 is terminal", "paper 003 §2.3.3", None, "momega(30030)", |_| heap(M_SMALL_OMEGA)),
        entry("sOmega", N1, "n − Ω(n) for n ≥ 2; 1 is terminal", "paper 003 §2.3.2", None, "sOmega(16)", |_| heap(S_BIG_OMEGA)),
        entry("somega", N1, "n − ω(n) for n ≥ 2; 1 is terminal", "paper 003 §2.3.4", None, "somega(16)", |_| heap(S_SMALL_OMEGA)),
        entry("dividing", N1, "m×k (m heaps of size k) for k·m = n, m > 1", "paper 003 §3.1", Some("G(n) = Ω₂(n), the prime 2 counted once (paper 003 Theorem 9)"), "dividing(18) + dividing(7)", |_| heap(DIVIDING)),
        entry("divide-and-residue", N1, "m×d + r for n = m·d + r, 1 ≤ d < n, 0 ≤ r < d", "paper 003 §3.2", None, "divide-and-residue(7,3)", |_| heap(DIVIDE_AND_RESIDUE)),
        entry("complement-grundy", N1, "m×d + r for n = m·d + r, 1 ≤ d < n, 0 ≤ r < d, m ≥ 2", "paper 003 §3.2", None, "complement-grundy(11)", |_| heap(COMPLEMENT_GRUNDY)),
        entry("divide-throw-residue", N1, "m×d with m = ⌊n/d⌋, 1 ≤ d < n", "paper 003 §3.2", Some("G(n) = i_o(n) (paper 003 Theorem 11)"), "divide-throw-residue(12)", |_| heap(DIVIDE_THROW_RESIDUE)),
        entry("residue-throw-divisor", N1, "n mod d for 1 ≤ d < n", "paper 003 §3.2", Some("G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1 (paper 003 Theorem 12)"), "residue-throw-divisor(12)", |_| heap(RESIDUE_THROW_DIVISOR)),
        entry("m-factoring", N1, "a1+…+ak for k ≥ 2, 1 < a1 ≤ … ≤ ak, a1⋯ak = n", "paper 003 §4", Some("G(n) = Ω(n) − 1 for n ≥ 2 (paper 003 Theorem 13)"), "m-factoring(12)", |_| heap(M_FACTORING)),
        entry("m-factoring-coprime", N1, "a1+…+ak for k ≥ 2, pairwise coprime 1 < a1 < … < ak, a1⋯ak = n (no prime in two components)", "paper 003 §4, Theorem 13 (second part)", Some("G(n) = ω(n) − 1 for n ≥ 2 (paper 003 Theorem 13)"), "m-factoring-coprime(60)", |_| heap(M_FACTORING_COPRIME)),
        entry("s-factoring", N0, "(n−a1)+…+(n−ak) for k ≥ 1, 1 < a1 ≤ … ≤ ak, a1⋯ak = n (k = 1 gives 0)", "paper 003 §4", None, "s-factoring(12)", |_| heap(S_FACTORING)),
        entry("fullset-maliquot", N1, "the single option: the sum of all proper divisors as heaps", "paper 003 §5", Some("G(n) = 1 iff n > 1 is square-free, else 0 (paper 003 Theorem 14)"), "fullset-maliquot(24)", |_| heap(FULLSET_MALIQUOT)),
        entry("fullset-totient", N1, "the single option: the sum of all k < n coprime to n as heaps", "paper 003 §5", None, "fullset-totient(10)", |_| heap(FULLSET_TOTIENT)),
        entry("powerset-maliquot", N1, "any nonempty set of proper divisors, as a sum", "paper 003 §6 item 1, Example 6", None, "powerset-maliquot(6)", |_| heap(POWERSET_MALIQUOT)),
        entry("powerset-saliquot", N0, "any nonempty set of n − d, d a positive divisor of n, as a sum", "paper 003 §6 item 2", Some("G(0) = 0, G(n) = 2^v₂(n) (paper 003 Theorem 15)"), "powerset-saliquot(12)", |_| heap(POWERSET_SALIQUOT)),
        entry("powerset-maliquant", N1, "any nonempty set of k, 1 ≤ k < n, k ∤ n, as a sum", "paper 003 §6 item 3", Some("G(1..8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for k ≥ 4; G(n) = G(n/2) for even n ≥ 10 (paper 003 Theorem 16)"), "powerset-maliquant(21)", |_| heap(POWERSET_MALIQUANT)),
        entry("powerset-saliquant", N1, "any nonempty set of n − k, 1 ≤ k ≤ n, k ∤ n, as a sum", "paper 003 §6 item 4", None, "powerset-saliquant(12)", |_| heap(POWERSET_SALIQUANT)),
        entry("powerset-totative", N1, "any nonempty set of k < n coprime to n, as a sum", "paper 003 §6 item 5, Example 7", Some("G(1) = 0, G(n) = 2^(i_p(n) − 1) (paper 003 Theorem 17)"), "powerset-totative(7)", |_| heap(POWERSET_TOTATIVE)),
        entry("powerset-nontotative", N1, "any nonempty set of k, 1 ≤ k < n, gcd(k,n) > 1, as a sum", "paper 003 §6 item 6", None, "powerset-nontotative(12)", |_| heap(POWERSET_NONTOTATIVE)),
    ]
}
