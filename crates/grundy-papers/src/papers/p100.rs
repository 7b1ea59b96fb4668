//! Take-and-break games of the literature: the periods of octal games proven by
//! computation (Guy & Smith 1956; Kenyon; Austin 1976; Gangolli & Plambeck 1989), and
//! the open problems of Grundy's game and Officers.

use crate::claim::{Claim, Ctx, Expected, Kind, Prefix};
use crate::engine;
use crate::error::Result;
use crate::outcome::Outcome;

const fn proven(preperiod: u64, period: u64) -> Kind {
    Kind::Period(Some(Expected { preperiod, period }))
}

/// Grundy's game's first values (Winning Ways vol. 1 ch. 4).
const GRUNDY_PREFIX: Prefix = Prefix {
    id: "grundys-game",
    ruleset: "grundys-game",
    source: "Winning Ways vol. 1 ch. 4",
    from: 0,
    step: 1,
    values: "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2",
};

/// The claims about take-and-break games.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim::new(
            "100-kayles",
            "Guy & Smith 1956; Winning Ways vol. 1 ch. 4",
            "Kayles (0.77) is periodic with period 12; its last exceptional value is at heap 70",
            proven(71, 12),
        )
        .on("kayles")
        .sized(100_000, 100_000),
        Claim::new(
            "100-dawsons-chess",
            "Guy & Smith 1956; Winning Ways vol. 1 ch. 4",
            "Dawson's chess (0.137) is periodic with period 34; its last exceptional value is at heap 51",
            proven(52, 34),
        )
        .on("dawsons-chess")
        .sized(100_000, 100_000),
        Claim::new(
            "100-dawsons-kayles",
            "Winning Ways vol. 1 ch. 4",
            "Dawson's Kayles (0.07) is Dawson's chess (0.137) shifted by one heap: G₀.₀₇(n + 1) = G₀.₁₃₇(n)",
            Kind::Custom(shifted),
        )
        .sized(10_000, 100_000),
        Claim::new(
            "100-0.156",
            "Kenyon (Winning Ways vol. 1 ch. 4)",
            "0.156 is periodic with preperiod 3479 and period 349",
            proven(3479, 349),
        )
        .on("take-and-break[0.156]")
        .sized(1 << 20, 1 << 20),
        Claim::new(
            "100-0.356",
            "Austin 1976",
            "0.356 is periodic with preperiod 7315 and period 142",
            proven(7315, 142),
        )
        .on("take-and-break[0.356]")
        .sized(1 << 20, 1 << 20),
        Claim::new(
            "100-0.644",
            "Austin 1976",
            "0.644 is periodic with preperiod 3256 and period 442",
            proven(3256, 442),
        )
        .on("take-and-break[0.644]")
        .sized(1 << 20, 1 << 20),
        Claim::new(
            "100-0.16",
            "Gangolli & Plambeck 1989",
            "0.16 is periodic with preperiod 105351 and period 149459",
            proven(105_351, 149_459),
        )
        .on("take-and-break[0.16]")
        .sized(1 << 20, 1 << 20),
        Claim::new(
            "100-grundy-first",
            "Winning Ways vol. 1 ch. 4",
            "the first values of Grundy's game (4!.0) are 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2",
            Kind::Sequence(&GRUNDY_PREFIX),
        )
        .on("grundys-game"),
        Claim::new(
            "100-grundy-open",
            "Winning Ways vol. 1 ch. 4 (an open problem)",
            "Grundy's game (4!.0) is conjectured periodic, but no period is known",
            Kind::Period(None),
        )
        .on("grundys-game")
        .sized(1 << 16, 1 << 20),
        Claim::new(
            "100-officers-open",
            "Winning Ways vol. 1 ch. 4 (an open problem)",
            "Officers (0.6) is conjectured periodic, but no period is known",
            Kind::Period(None),
        )
        .on("officers")
        .sized(1 << 16, 1 << 20),
    ]
}

/// Dawson's Kayles against Dawson's chess shifted by one heap.
fn shifted(c: &Ctx) -> Result<Outcome> {
    let to = c.to();
    let kayles = engine::table_u64("dawsons-kayles", to + 1, c.ctl())?;
    let chess = engine::table_u64("dawsons-chess", to, c.ctl())?;
    let bad: Vec<String> = (0..=to as usize)
        .filter(|&n| kayles[n + 1] != chess[n])
        .take(3)
        .map(|n| format!("G₀.₀₇({}) = {} but G₀.₁₃₇({n}) = {}", n + 1, kayles[n + 1], chess[n]))
        .collect();
    Ok(Outcome::all_hold(
        &bad,
        format!("{} heaps compared; G₀.₀₇(0) = {}", to + 1, kayles[0]),
        format!("0 ≤ n ≤ {to}"),
        "G₀.₀₇(n + 1) = G₀.₁₃₇(n)",
    ))
}
