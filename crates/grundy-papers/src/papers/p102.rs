//! Misère play: Bouton's rule for misère Nim, the tame quotients Tₙ, and misère
//! quotients and genera of the literature (Bouton 1902; Conway, On Numbers and Games
//! ch. 12; Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008);
//! Siegel 2007; Plambeck's tables of misère octal games). Each quotient is computed
//! heap by heap and re-verified by the independent certificate checker.

use crate::claim::{Claim, Ctx, Kind};
use crate::engine;
use crate::error::Result;
use crate::outcome::Outcome;
use grundy::solve::misere::Status;

/// The claims about misère play.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim::new(
            "102-bouton",
            "Bouton 1902; Winning Ways vol. 2 ch. 13",
            "misère Nim: a position is a P-position iff every heap is 0 or 1 and the number of 1-heaps is odd, or some heap is 2 or more and the nim-sum is 0",
            Kind::Custom(bouton),
        )
        .sized(15, 15),
        Claim::new(
            "102-tame",
            "Plambeck & Siegel, JCTA 115 (2008), §2 (the quotients Tₙ of misère Nim)",
            "misère Nim on heaps below 2ⁿ has the tame quotient Tₙ: T₁ = ℤ₂ (order 2, |P| = 1), and order 2ⁿ + 2 with |P| = 2 for n ≥ 2",
            Kind::Custom(tame),
        )
        .sized(5, 5),
        Claim::new(
            "102-0.75",
            "Plambeck & Siegel, JCTA 115 (2008) (the octal game 0.75)",
            "0.75 has the misère quotient R₈ = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, of order 8, with P = {a, b²}, for every heap",
            Kind::Custom(r8),
        )
        .on("take-and-break[0.75]")
        .sized(1000, 1000),
        Claim::new(
            "102-kayles",
            "Sibert & Conway 1992 (misère Kayles solved); Plambeck & Siegel, JCTA 115 (2008)",
            "misère Kayles (0.77) is solved: its misère quotient is finite, with Φ periodic from the normal play's preperiod 71 with period 12",
            Kind::Custom(kayles),
        )
        .on("kayles")
        .sized(1000, 1000),
        Claim::new(
            "102-dawsons-kayles-30",
            "Siegel, answering questions on MisereSolver (miseregames.wordpress.com, 28 August 2007)",
            "Q₃₀(0.07), the misère quotient of Dawson's Kayles on heaps up to 30, has order 360",
            Kind::Custom(dawsons_kayles),
        )
        .on("dawsons-kayles")
        .sized(30, 30),
        Claim::new(
            "102-0.312-genus",
            "Plambeck, misère octal games: 0.312 (plambeck.org, solved 4 February 2003)",
            "the genus of the heaps 1…6 of 0.312 is 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}",
            Kind::Custom(genus_0312),
        )
        .on("take-and-break[0.312]")
        .sized(6, 6),
    ]
}

/// Bouton's rule against the misère search (without the rule) on every multiset of up
/// to 4 heaps ≤ the size.
fn bouton(c: &Ctx) -> Result<Outcome> {
    let top = c.to();
    let mut search = engine::misere_search(c.ctl(), false);
    let mut bad = Vec::new();
    let mut count = 0u64;
    let mut heaps: Vec<u64> = Vec::new();
    // Non-decreasing tuples of 0 to 4 heaps.
    fn each(top: u64, heaps: &mut Vec<u64>, f: &mut dyn FnMut(&[u64]) -> Result<()>) -> Result<()> {
        f(heaps)?;
        if heaps.len() == 4 {
            return Ok(());
        }
        let from = heaps.last().copied().unwrap_or(0);
        for h in from..=top {
            heaps.push(h);
            each(top, heaps, f)?;
            heaps.pop();
        }
        Ok(())
    }
    each(top, &mut heaps, &mut |hs| {
        count += 1;
        let rule = if hs.iter().all(|&h| h <= 1) {
            hs.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            hs.iter().fold(0, |x, &h| x ^ h) == 0
        };
        let list: Vec<String> = hs.iter().map(u64::to_string).collect();
        let pos = engine::position(&format!("nim({})", list.join(",")))?;
        let p = search.outcome(&pos)? == engine::Class::P;
        if p != rule && bad.len() < 5 {
            bad.push(format!("nim({}): rule {}, search {}", list.join(","), rule, p));
        }
        Ok(())
    })?;
    Ok(Outcome::all_hold(
        &bad,
        format!(
            "{count} positions searched without the rule ({} sums expanded)",
            search.expanded()
        ),
        format!("up to 4 heaps, each 0…{top}"),
        "Bouton's rule",
    ))
}

/// The quotient of Nim on heaps below 2ⁿ is Tₙ, for n up to the size.
fn tame(c: &Ctx) -> Result<Outcome> {
    let mut ours = Vec::new();
    let mut paper = Vec::new();
    for n in 1..=c.to() as u32 {
        let q = engine::misere_quotient("nim", (1u64 << n) - 1, c.ctl())?;
        let (order, p) = if n == 1 { (2, 1) } else { ((1usize << n) + 2, 2) };
        paper.push(format!("T{n}: |Q| = {order}, |P| = {p}, tame T{n}"));
        let t = q.tame().map_or("wild".to_string(), |k| format!("T{k}"));
        ours.push(format!(
            "T{n}: |Q| = {}, |P| = {}, tame {t}",
            q.order(),
            q.p_portion.len()
        ));
    }
    Ok(Outcome::compare(
        paper.join("; "),
        ours.join("; "),
        ours.join("; "),
        format!("heaps below 2ⁿ, n = 1…{}", c.to()),
    ))
}

/// The relations of a presentation as a sorted list (their order is a convention).
fn relations(text: &str) -> Vec<String> {
    let inner = text.split_once('|').map_or("", |(_, r)| r).trim_end_matches('⟩');
    let mut v: Vec<String> = inner.split(',').map(|r| r.trim().to_string()).collect();
    v.sort();
    v
}

/// 0.75 has the quotient R₈, solved.
fn r8(c: &Ctx) -> Result<Outcome> {
    let q = engine::misere_quotient(c.ruleset(), c.to(), c.ctl())?;
    let pres = q.presentation();
    let p: Vec<String> = q
        .p_portion
        .iter()
        .map(|&x| pres.word(&pres.normal[x as usize]))
        .collect();
    let solved = match q.status {
        Status::Solved {
            period,
            preperiod,
            proof_end,
        } => {
            format!("solved (Φ period {period} from heap {preperiod}, checked to heap {proof_end})")
        }
        Status::Partial => "partial".into(),
    };
    let ours = format!(
        "order {}, P = {{{}}}, relations {:?}, {}",
        q.order(),
        p.join(", "),
        relations(&pres.to_string()),
        if solved.starts_with("solved") {
            "solved"
        } else {
            "partial"
        }
    );
    let paper = format!(
        "order 8, P = {{a, b²}}, relations {:?}, solved",
        relations("⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩")
    );
    Ok(Outcome::compare(
        paper,
        ours,
        format!("{pres}, P = {{{}}}, {solved}; certificate re-checked", p.join(", ")),
        format!("heaps 0…{}", q.to),
    ))
}

/// Misère Kayles: the quotient is solved.
fn kayles(c: &Ctx) -> Result<Outcome> {
    let q = engine::misere_quotient(c.ruleset(), c.to(), c.ctl())?;
    let computed = format!(
        "|Q| = {}, |P| = {}, {}; certificate re-checked",
        q.order(),
        q.p_portion.len(),
        q.presentation()
    );
    let ours = match q.status {
        Status::Solved { period, preperiod, .. } => format!("solved, period {period} from heap {preperiod}"),
        Status::Partial => format!("partial to heap {}", q.to),
    };
    Ok(Outcome::compare(
        "solved, period 12 from heap 71",
        ours,
        computed,
        format!("heaps 0…{}", q.to),
    ))
}

/// Q₃₀ of Dawson's Kayles has order 360.
fn dawsons_kayles(c: &Ctx) -> Result<Outcome> {
    let q = engine::misere_quotient(c.ruleset(), c.to(), c.ctl())?;
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|ch| format!("{}: {}", ch.heap, ch.order))
        .collect();
    Ok(Outcome::compare(
        360,
        q.order(),
        format!(
            "|Q₃₀| = {}, |P| = {}; |Q| grew at heaps {}; certificate re-checked",
            q.order(),
            q.p_portion.len(),
            changes.join(", ")
        ),
        format!("heaps 0…{}", q.to),
    ))
}

/// γ₀, γ₁, … of a genus written `g^{γ₀γ₁…}` (one digit each), extended to `len` terms
/// by its alternating tail (the last two terms repeat).
fn gammas(text: &str, len: usize) -> Vec<u64> {
    let inner = text.split_once('{').map_or("", |(_, r)| r).trim_end_matches('}');
    let mut v: Vec<u64> = inner.chars().filter_map(|ch| ch.to_digit(10).map(u64::from)).collect();
    while v.len() < len && v.len() >= 2 {
        v.push(v[v.len() - 2]);
    }
    v
}

/// The genus of the heaps 1…6 of 0.312, compared as sequences (the two tables trim
/// the alternating tail differently).
fn genus_0312(c: &Ctx) -> Result<Outcome> {
    const PAPER: [&str; 6] = ["1^{03131}", "2^{20}", "0^{02}", "2^{1420}", "0^{02}", "1^{13}"];
    let mut search = engine::misere_search(c.ctl(), true);
    let mut ours = Vec::new();
    let mut bad = Vec::new();
    for (i, want) in PAPER.iter().enumerate().take(c.to() as usize) {
        let n = i + 1;
        let pos = engine::position(&format!("{}({n})", c.ruleset()))?;
        let g = search.genus(&pos)?.genus;
        let text = g.to_string();
        let same = text.split('^').next() == want.split('^').next() && gammas(&text, 8) == gammas(want, 8);
        if !same {
            bad.push(format!("heap {n}: paper {want}, ours {text}"));
        }
        ours.push(text);
    }
    Ok(Outcome::all_hold(
        &bad,
        ours.join(", "),
        format!("heaps 1…{}", c.to()),
        "the genus sequence of plambeck.org",
    ))
}
