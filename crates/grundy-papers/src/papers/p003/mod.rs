//! Paper 003 (Iannucci & Larsson, "Game values of arithmetic functions"): every printed
//! table of options and values and every listed sequence prefix ([`printed`]), every
//! theorem over a range, the observations, the conjectures (reported as consistent up
//! to N, or with a counterexample), the worked examples on sums (`custom` for the
//! bespoke ones), the counting statements its proofs rest on (`divisors`), the loopy
//! games of §7 (`loopy`) and Figures 1–5.

mod custom;
mod divisors;
mod loopy;
pub mod printed;

use crate::claim::{Claim, Figure, Game, Kind};
use custom::*;
use printed::{PREFIXES, TABLES};

/// Theorem 4 (saliquant).
pub const THEOREM_4: &str = "saliquant: G(0) = 0; G(n) = (n−1)/2 for odd n; G(n) < n/2";
/// Theorem 12 (residue-throw-divisor).
pub const THEOREM_12: &str = "residue-throw-divisor: G(n) = k for 3(2^(k−1) − 1) + 2 ≤ n ≤ 3(2^k − 1) + 1";

/// A theorem's closed form (and its other stated properties) against search.
fn theorem(
    id: &'static str,
    source: &'static str,
    statement: &'static str,
    ruleset: &'static str,
    (quick, full): (u64, u64),
    note: &'static str,
) -> Claim {
    Claim::new(
        id,
        source,
        statement,
        Kind::ClosedForm {
            game: Game::Heap,
            range: "{name}({first}..={to})",
            note,
        },
    )
    .on(ruleset)
    .sized(quick, full)
}

fn custom(id: &'static str, source: &'static str, statement: &'static str, f: crate::claim::CustomFn) -> Claim {
    Claim::new(id, source, statement, Kind::Custom(f))
}

fn ones(
    id: &'static str,
    source: &'static str,
    statement: &'static str,
    ruleset: &'static str,
    heaps: &'static [u64],
) -> Claim {
    Claim::new(id, source, statement, Kind::ValueSet { value: 1, heaps }).on(ruleset)
}

fn winning(
    id: &'static str,
    source: &'static str,
    statement: &'static str,
    expr: &'static str,
    paper: &'static [&'static str],
    note: &'static str,
) -> Claim {
    Claim::new(
        id,
        source,
        statement,
        Kind::WinningMoves {
            expr,
            paper,
            note,
            options_after: None,
        },
    )
}

fn figure(id: &'static str, figure: &'static str, ruleset: &'static str, to: u64) -> Claim {
    Claim::new(
        id,
        format!("paper 003 {figure}"),
        format!("Paper 003 {figure}: the initial {{to}} nim-values of {ruleset}"),
        Kind::Figure(Figure::Scatter),
    )
    .on(ruleset)
    .sized(to, to)
}

/// The paper plays subtraction{1,2} with heap 1 as its terminal sink.
const SINK: &str = "; the paper plays subtraction{1,2} with heap 1 as its terminal sink, so its heap n is our subtraction[1,2] heap n − 1: its 7_s, 5_s, 3_s, 2_s are our 6, 4, 2, 1";

/// The claims of paper 003.
pub fn claims() -> Vec<Claim> {
    let mut v: Vec<Claim> = TABLES
        .iter()
        .map(|t| {
            Claim::new(
                format!("003-table-{}", t.id),
                format!("paper 003 {}", t.source),
                format!("the printed options and nim-values of {}", t.ruleset),
                Kind::Table(t),
            )
            .on(t.ruleset)
        })
        .collect();
    v.extend(PREFIXES.iter().map(|p| {
        Claim::new(
            format!("003-seq-{}", p.id.trim_end_matches("-seq")),
            format!("paper 003 {}", p.source),
            format!("the listed nim-values of {}: {}", p.ruleset, p.values),
            Kind::Sequence(p),
        )
        .on(p.ruleset)
    }));
    const M: (u64, u64) = (1_000_000, 10_000_000);
    v.extend([
        theorem("003-thm1", "paper 003 Theorem 1", "maliquot: G(n) = Ω(n)", "maliquot", M, ""),
        theorem("003-thm2", "paper 003 Theorem 2", "saliquot: G(0) = 0, G(n) = v₂(n) + 1", "saliquot", M, ""),
        theorem(
            "003-thm3",
            "paper 003 Theorem 3 (with Lemma 1)",
            "maliquant: G(0) = 0, G(n) = i_o(n), the index of the largest odd divisor",
            "maliquant",
            M,
            "",
        ),
        theorem(
            "003-thm4",
            "paper 003 Theorem 4",
            THEOREM_4,
            "saliquant",
            M,
            "; the bound G(n) < n/2 is checked on every n ≥ 1 (at n = 0 it would read 0 < 0)",
        ),
        theorem(
            "003-thm5",
            "paper 003 Theorem 5 (OEIS A055396)",
            "totative: G(1) = 0, G(n) = i_p(n), the index of the smallest prime factor",
            "totative",
            (100_000, 300_000),
            "",
        ),
        theorem(
            "003-thm6",
            "paper 003 Theorem 6 (i)–(ix)",
            "nontotative: G = 1 iff prime; 2 iff prime square; {3,4} iff p_i p_(i+1) or 8 (3 iff i odd); {5,6} iff p_i p_(i+2) or 12 (5 iff i ≡ 1,2 mod 4); G(2n) = n; ⌊(n+1)/4⌋ for n ≡ 3 (mod 6); {⌊n/10⌋,⌈n/10⌉} for n ≡ 5, 25 (mod 30); G(n) ≤ n/2; G(n) ≤ (n+1)/4 for odd n — for n ∈ ℕ",
            "nontotative",
            (100_000, 300_000),
            "; items (i)–(ix) are checked on every heap",
        ),
        custom(
            "003-thm6-a078898",
            "paper 003 §1.4",
            "nontotative differs from OEIS A078898 first at n = 15: SG(15) = 4 ≠ 3 = a(15)",
            nontotative_a078898,
        )
        .on("nontotative")
        .sized(1000, 1000),
        custom(
            "003-thm7",
            "paper 003 Theorem 7 (Shapiro [6]) and the examples after it",
            "C(mn) = C(m) + C(n) if m or n is odd, C(m) + C(n) + 1 if both are even; C(2n) = C(n) for odd n, C(n) + 1 for even n",
            shapiro,
        )
        .sized(100_000, 1_000_000),
        theorem("003-thm8", "paper 003 Theorem 8", "totient: G(1) = 0, G(n) = (C(n) + 1) mod 2", "totient", M, ""),
        theorem(
            "003-thm9",
            "paper 003 Theorem 9",
            "dividing: G(n) = Ω₂(n) (the prime 2 counted once)",
            "dividing",
            M,
            "",
        ),
        theorem(
            "003-thm11",
            "paper 003 Theorem 11 (OEIS A003602)",
            "divide-throw-residue: G(n) = i_o(n); the text before it: for heaps > 1",
            "divide-throw-residue",
            (30_000, 100_000),
            "; checked for n ≥ 2 as the text says (heap 1 is terminal, G(1) = 0, while i_o(1) = 1)",
        ),
        theorem("003-thm12", "paper 003 Theorem 12", THEOREM_12, "residue-throw-divisor", M, ""),
        theorem(
            "003-thm13",
            "paper 003 Theorem 13",
            "m-factoring: G(n) = Ω(n) − 1 for n ≥ 2",
            "m-factoring",
            (300_000, 3_000_000),
            "",
        ),
        theorem(
            "003-thm13-coprime",
            "paper 003 Theorem 13 (second part)",
            "m-factoring where no two components share a prime: G(n) = ω(n) − 1 for n ≥ 2",
            "m-factoring-coprime",
            (300_000, 3_000_000),
            "",
        ),
        theorem(
            "003-thm14",
            "paper 003 Theorem 14",
            "fullset-maliquot: G(n) ∈ {0,1}, and G(n) = 1 iff n > 1 is square-free",
            "fullset-maliquot",
            M,
            "",
        ),
        theorem(
            "003-thm15",
            "paper 003 Theorem 15",
            "powerset-saliquot: G(0) = 0, G(n) = 2^v₂(n)",
            "powerset-saliquot",
            M,
            "",
        ),
        theorem(
            "003-thm16",
            "paper 003 Theorem 16",
            "powerset-maliquant: G(1..8) = 0,0,1,0,2,1,4,8; G(2k+1) = 2^k for k ≥ 4; G(n) = G(n/2) for even n ≥ 10",
            "powerset-maliquant",
            (100_000, 300_000),
            "",
        ),
        theorem(
            "003-thm17",
            "paper 003 Theorem 17",
            "powerset-totative: G(n) = 2^(i_p(n) − 1) (G(1) = 0)",
            "powerset-totative",
            (50_000, 200_000),
            "",
        ),
    ]);
    v.extend([
        custom("003-intro-7+2", "paper 003, introduction", "in divide-and-residue, 7+2 has a winning move to 2+2+2+1+2", intro_seven_two),
        Claim::new("003-intro-7+3", "paper 003 introduction and §3.2", "7+3 in divide-and-residue is a losing (P-)position", Kind::Values(&[("divide-and-residue(7,3)", 0)])),
        Claim::new("003-ex5-sum", "paper 003 Example 5", "totient: SG(2+3+4+5) = 0, and after 4 → 2, SG(2+3+2+5) = 1", Kind::Values(&[("totient(2,3,4,5)", 0), ("totient(2,3,2,5)", 1)])),
        winning("003-ex5-moves", "paper 003 Example 5", "7_totient + 7_totative has exactly three winning moves", "totient(7) + totative(7)", &["totient(7) + totative(2)", "totient(7) + totative(4)", "totient(7) + totative(6)"], ""),
        winning("003-totient-7+7", "paper 003 §2.1.1", "7_t + 7_s (s = subtraction{1,2}) has exactly two winning moves, to 6_t + 7_s and 7_t + 5_s", "totient(7) + subtraction[1,2](6)", &["totient(6) + subtraction[1,2](6)", "totient(7) + subtraction[1,2](4)"], SINK),
        winning("003-thm8-48114", "paper 003 §2.1.1 after Theorem 8", "SG(48114) = 1 in totient, and 48114_t + 3_s has the unique winning move to 48114_t + 2_s", "totient(48114) + subtraction[1,2](2)", &["totient(48114) + subtraction[1,2](1)"], SINK),
        custom("003-nontotient-dist", "paper 003 §2.1.2 (dist table and examples)", "the dist column of the table; SG(p^k) = 0 iff k is even", nontotient_dist).on("nontotient").sized(100_000, 1_000_000),
        custom("003-nontotient-examples", "paper 003 §2.1.2", "SG(7168) = 0 (2^10·7, exponent 9+3 = 12) and SG(413343) = 1 (3^10·7, exponent 11) in nontotient", nontotient_examples).on("nontotient"),
        custom("003-mtau-list", "paper 003 §2.2.1", "the 0-positions of mtau start 1,4,6,…,30; the composites of value 1 start 16, 36, 48, 80, 81, 100", mtau_composites).on("mtau"),
        custom("003-ex4-mtau", "paper 003 Example 4", "with 0 the empty heap and heap n > 0 moving to its number of proper divisors (so 1 → 0), the nim-values start 0,1,0,0,1,0", example_4).on("mtau"),
        Claim::new("003-obs1", "paper 003 Observation 1", "mtau: if n < 46656, SG(n) = 1 iff n has a nonprime number of (proper) divisors", Kind::Observation { bound: 46656, predicate: |s, n| !s.is_prime(s.tau(n) - 1), reading: "read as τ(n) − 1 (the proper divisors, as the text before it) not prime; reading τ(n) would fail already at n = 2" }).on("mtau"),
        custom("003-46656-smallest", "paper 003 §2.2.1 (before Observation 1)", "46656 = 2^6·3^6 is the smallest n with τ(n) − 1 in {16, 36, 48, 80, …}", divisors::mtau_smallest).on("mtau").sized(50_000, 50_000),
        ones("003-stau-ones", "paper 003 §2.2.2", "stau has 1s at 1,2,5,8,9,10,12,13,15,16,19,20", "stau", &[1, 2, 5, 8, 9, 10, 12, 13, 15, 16, 19, 20]),
        ones("003-mOmega-ones", "paper 003 §2.3.1", "mΩ has 1s at 2,3,5,7,11,13,16,17,19,23,24,29,31,36,37,40,41", "mOmega", &[2, 3, 5, 7, 11, 13, 16, 17, 19, 23, 24, 29, 31, 36, 37, 40, 41]),
        custom("003-mOmega-64", "paper 003 §2.3.1", "64 has value 1 in mΩ; 2^16 is the first number with a nonprime Ω excluded", mo_omega_64).on("mOmega"),
        Claim::new("003-obs2", "paper 003 Observation 2", "mΩ: if n < 2^16, SG(n) = 1 iff Ω(n) is not prime", Kind::Observation { bound: 1 << 16, predicate: |s, n| !s.is_prime(s.big_omega(n) as u64), reading: "Ω(n) not prime" }).on("mOmega"),
        ones("003-sOmega-ones", "paper 003 §2.3.2", "sΩ has 1s at 2,5,6,9,10,13,14,16,18,20,21,23", "sOmega", &[2, 5, 6, 9, 10, 13, 14, 16, 18, 20, 21, 23]),
        ones("003-momega-ones", "paper 003 §2.3.3", "mω has 1s at 2,3,4,5,7,8,9,11,13", "momega", &[2, 3, 4, 5, 7, 8, 9, 11, 13]),
        Claim::new("003-obs3", "paper 003 Observation 3", "mω: if n < 7!, SG(n) = 1 iff n has exactly one distinct prime factor", Kind::Observation { bound: 5040, predicate: |s, n| s.small_omega(n) == 1, reading: "ω(n) = 1" }).on("momega"),
        custom("003-momega-7!", "paper 003 §2.3.3 (before Observation 3)", "7! is the smallest number with more than one distinct prime factor whose nim-value is one", momega_seven_factorial).on("momega").sized(100_000, 100_000),
        ones("003-somega-ones", "paper 003 §2.3.4", "sω has 1s at 2,4,7,9,10,13,14,16,19,20,23", "somega", &[2, 4, 7, 9, 10, 13, 14, 16, 19, 20, 23]),
        custom("003-saliquant-ratios", "paper 003 §1.2.2", "the ratios SG(n)/n of even heaps, and (n−2)/SG(n) = 4 at [6,1],[10,2],[18,4],[22,5],[34,8],[38,9],[46,11]", saliquant_ratios).on("saliquant"),
        custom("003-conj-saliquant", "paper 003 §1.2.2 (belief stated after the table)", "saliquant: SG(n) ≥ (n−2)/4 for all n", saliquant_conjecture).on("saliquant").sized(1_000_000, 10_000_000),
        Claim::new("003-ex10", "paper 003 Example 10", "dividing 18+7 has value 2 and the unique good move to 2×9 + 7; then the next player has exactly two options", Kind::WinningMoves { expr: "dividing(18) + dividing(7)", paper: &["dividing(2*9) + dividing(7)"], note: "", options_after: Some(2) }),
        custom("003-dar-fig3", "paper 003 §3.2, Figure 3 and the text", "the first 20000 values just about touch 256; 4 first appears at heap 9 and values stay ≤ 2²+2⁰ until heap 27", dar_figure).on("divide-and-residue").sized(20_000, 20_000),
        custom("003-conj1", "paper 003 §3.2, Conjecture 1 and the text before it", "divide-and-residue: 25 is the largest heap of value 1; G(n) < n^(3/5) for large n; each value occurs", dar_conjectures).on("divide-and-residue").sized(20_000, 100_000),
        custom("003-cg-omitted", "paper 003 §3.2 (complement-grundy)", "some nim-values never occur, such as 12, 15, 20", complement_grundy).on("complement-grundy").sized(20_000, 100_000),
        custom("003-thm10-proof", "paper 003 Theorem 10 (proof)", "complement-grundy: a value above 2^k can first occur only at a heap m ≥ 3·n_k, n_k the first heap of value 2^k", complement_grundy_lemma).on("complement-grundy").sized(20_000, 100_000),
        winning("003-ex11-moves", "paper 003 Example 11", "m-factoring(12): the unique winning move is to 2+2+3", "m-factoring(12)", &["m-factoring(2,2,3)"], ""),
        custom("003-lemma1", "paper 003 §1.2.1, Lemma 1", "{i_o(x) : n ≤ x ≤ 2n − 1} = {1, …, n} for every n", divisors::maliquant_lemma_1).sized(2_000, 20_000),
        custom("003-thm14-parity", "paper 003 Theorem 14 (proof)", "fullset maliquot: G(n) = 0 iff n has an even number of square-free proper divisors", divisors::fullset_parity).on("fullset-maliquot").sized(10_000, 100_000),
        custom("003-s6-twenty", "paper 003 §6 (first paragraph)", "the first 20 nim-values are listed for each of the six powerset games", divisors::powerset_counts),
        custom("003-ex6", "paper 003 Example 6", "powerset-maliquot: SG(6) = 2 and every prime has value 1", powerset_primes).on("powerset-maliquot").sized(10_000, 100_000),
        ones("003-fullset-totient-ones", "paper 003 §5", "fullset-totient has 1s at 2,4,5,10,11,12,13,15", "fullset-totient", &[2, 4, 5, 10, 11, 12, 13, 15]),
    ]);
    v.extend(loopy::claims());
    v.push(
        Claim::new(
            "003-thm12-blocks",
            "paper 003 §3.2, Theorem 12",
            format!("{THEOREM_12}, i.e. after G(1) = 0 come blocks of 3·2^(k−1) heaps of value k = 1, 2, 3, …"),
            Kind::Custom(rtd_blocks),
        )
        .on("residue-throw-divisor")
        .sized(11, 14),
    );
    v.extend([
        figure("003-fig1-saliquant", "Figure 1", "saliquant", 1000),
        figure("003-fig2-nontotative", "Figure 2", "nontotative", 1000),
        figure("003-fig3-divide-and-residue", "Figure 3", "divide-and-residue", 20000),
        figure("003-fig4-complement-grundy", "Figure 4", "complement-grundy", 20000),
        figure(
            "003-fig5a-divide-throw-residue",
            "Figure 5 (left)",
            "divide-throw-residue",
            1000,
        ),
        figure(
            "003-fig5b-residue-throw-divisor",
            "Figure 5 (right)",
            "residue-throw-divisor",
            1000,
        ),
    ]);
    v
}
