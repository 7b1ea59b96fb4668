//! Paper 001: MIN (Cairns & Ho). Every claim is a statement about MIN, checked by the
//! MIN kind on its engines (`kinds::min`); the heatmaps are figures.

use crate::claim::{Claim, Figure, Game, Kind, Min, Part8, Size};
use crate::kinds::min::{DOWNWARD, FACTS, GRID, PERIOD_ROWS, ROWS};

/// The claims of paper 001.
pub fn claims() -> Vec<Claim> {
    let min = |id: &'static str, source: &'static str, statement: &'static str, m: Min, s: Size| {
        Claim::new(id, source, statement, Kind::Min(m))
            .on("min")
            .sized(s.quick, s.full)
    };
    let fixed = Size {
        quick: 17226,
        full: 17226,
    };
    let euclid = Kind::ClosedForm {
        game: Game::Tuple(2),
        range: "0 ≤ a, b ≤ {to} ({checked} positions in the domain)",
        note: "",
    };
    vec![
        Claim::new(
            "001-intro-euclid-grossman",
            "paper 001 §1, citing Nivasch [5]",
            "Grossman's Euclid (play stops when the entries are equal): G(a,b) = ⌊|a/b − b/a|⌋",
            euclid,
        )
        .on("euclid-grossman")
        .sized(300, 1000),
        Claim::new(
            "001-intro-euclid-cole-davie",
            "paper 001 §1, citing Cairns & Ho [1]",
            "Cole and Davie's Euclid (whoever reduces an entry to 0 wins): an explicit formula via the continued fraction of b/a",
            euclid,
        )
        .on("euclid")
        .sized(300, 1000),
        min(
            "001-respect1",
            "paper 001 §1, curious respect 1",
            "for fixed a and b ≥ a − 1, G(a, b) is periodic in b with period a + 1",
            Min::Respect1,
            GRID,
        ),
        min(
            "001-respect2",
            "paper 001 §1, curious respect 2; §4",
            "the positions with nim-value 1 (and 0) can be computed recursively without the other values",
            Min::Respect2,
            FACTS,
        ),
        min(
            "001-sec1-prev-prime",
            "paper 001 §1",
            "if G(a − 1, a) = 0 and a < 6240, then a + 1 is prime",
            Min::PrevPrime,
            Size {
                quick: 6239,
                full: 6239,
            },
        ),
        min(
            "001-sec1-6240",
            "paper 001 §1",
            "G(a − 1, a) = 0 for a = 6240, and a + 1 = 6241 = 79² is not prime",
            Min::At6240,
            Size {
                quick: 8000,
                full: 8000,
            },
        ),
        min(
            "001-sec1-fermat",
            "paper 001 §1",
            "there are only 4 values of a < 17226 with G(a − 2, a) = 0; their a + 1 are 3, 5, 17, 257",
            Min::Fermat,
            fixed,
        ),
        min(
            "001-sec1-17226",
            "paper 001 §1",
            "G(17224, 17226) = 0, and 17227 isn't a Fermat prime",
            Min::At17226,
            fixed,
        ),
        min(
            "001-thm1",
            "paper 001 Theorem 1",
            "for all a ≥ 1, G(a, a) = 1 iff a + 1 is prime",
            Min::Theorem1,
            ROWS,
        ),
        min(
            "001-rem2-diagonal",
            "paper 001 Remark 2",
            "for a > 0, G(a, a) ≠ 0",
            Min::Remark2Diagonal,
            ROWS,
        ),
        min(
            "001-rem2-row1",
            "paper 001 Remark 2",
            "G(1, a) = 0 iff a is even",
            Min::Remark2Row1,
            GRID,
        ),
        min(
            "001-lem3a",
            "paper 001 Lemma 3(a)",
            "for a ≥ 1 and b ≥ 2a, G(a, b) = G(a, a − 1 + R_{a+1}(b − a + 1))",
            Min::Lemma3A,
            ROWS,
        ),
        min(
            "001-lem3b",
            "paper 001 Lemma 3(b)",
            "for a ≥ 1 and b ≥ a − 1, {G(a,b), G(a,b+1), …, G(a,b+a)} = {0, 1, …, a}",
            Min::Lemma3B,
            ROWS,
        ),
        min(
            "001-lem3-below",
            "paper 001 §2, after Lemma 3",
            "in general, G(a, b + a + 1) = G(a, b) is not true for b < a − 1",
            Min::Lemma3Below,
            GRID,
        ),
        min(
            "001-lem4",
            "paper 001 Lemma 4",
            "for a > 0: (a) G(a, f_0(a) − 1) = 0; (b) if f_1(a) > 0 then G(a, f_1(a) − 1) = 1",
            Min::Lemma4,
            ROWS,
        ),
        min(
            "001-rem5",
            "paper 001 Remark 5",
            "for all a, G(a, a + 1) ≠ 1; thus if f_1(a) > 0 then f_1(a) ≥ 2",
            Min::Remark5,
            ROWS,
        ),
        min(
            "001-lem6",
            "paper 001 Lemma 6",
            "for j = 0, 1, if f_j(a) > 0 then f_j(f_j(a) − 1) = R_{f_j(a)}(a + 1)",
            Min::Lemma6,
            ROWS,
        ),
        min(
            "001-lem7",
            "paper 001 Lemma 7",
            "for a ≥ 1, if G(a, a) ≠ 1 then gcd(f_1(a), a + 1) > 1",
            Min::Lemma7,
            ROWS,
        ),
        min(
            "001-lem8a",
            "paper 001 Lemma 8(a)",
            "for 1 ≤ a ≤ b, if G(a, b) = 0 then gcd(a + 1, b + 1) = 1",
            Min::Lemma8(Part8::A),
            GRID,
        ),
        min(
            "001-lem8b",
            "paper 001 Lemma 8(b)",
            "for 1 ≤ a ≤ b, if G(a, b) = 1 then gcd(a + 1, b + 1) is a prime number",
            Min::Lemma8(Part8::B),
            GRID,
        ),
        min(
            "001-lem8c",
            "paper 001 Lemma 8(c)",
            "for 1 ≤ a ≤ b with a + 1 prime, G(a, b) = 1 iff a + 1 divides b + 1",
            Min::Lemma8(Part8::C),
            GRID,
        ),
        min(
            "001-sec4-largest",
            "paper 001 §4",
            "if f_1(a) > 0, f_1(a) − 1 is the largest c < a with G(a, c) = 1 (likewise for 0, by Lemma 4(a))",
            Min::Sec4Largest,
            ROWS,
        ),
        min(
            "001-sec4-recursion",
            "paper 001 §4",
            "f_1 (and f_0) can be computed by searching (a, a − i), i = 1, 2, …, for the first position of value 1 (0)",
            Min::Sec4Recursion,
            DOWNWARD,
        ),
        min(
            "001-lemma3-row-period",
            "paper 001, Lemma 3",
            "for fixed a ≥ 1 and b ≥ a − 1, G(a, b) is periodic in b with period a + 1",
            Min::RowPeriod,
            PERIOD_ROWS,
        ),
        Claim::new(
            "001-min-heatmap",
            "paper 001",
            "Paper 001: G(a,b) of MIN for 0 ≤ a, b ≤ {to}. Red cells have value 1; triangles flag the rows \
             with a + 1 prime, where G(a,b) = 1 exactly when a + 1 divides b + 1 (Lemma 8(c)), and on the \
             diagonal G(a,a) = 1 iff a + 1 is prime (Theorem 1)",
            Kind::Figure(Figure::MinHeatmap),
        )
        .on("min")
        .sized(150, 300),
        Claim::new(
            "001-min-heatmap-zoom",
            "paper 001",
            "Paper 001: the corner 0 ≤ a, b ≤ {to} of the MIN heatmap. In a row with a + 1 prime the red \
             cells (value 1) recur with period a + 1 (Lemma 3), at b ≡ a (mod a + 1)",
            Kind::Figure(Figure::MinHeatmap),
        )
        .on("min")
        .sized(60, 60),
    ]
}
