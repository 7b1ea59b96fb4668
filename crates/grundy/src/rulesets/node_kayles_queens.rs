//! The non-attacking queens game (Noon & Van Brummelen, College Math. J. 37 (2006)):
//! players in turn place a queen on an n×n board where no queen placed attacks it;
//! the player who cannot loses. It is Node-Kayles on the n×n queens graph (OEIS
//! A344227), `node-kayles-queens(n)`, n² ≤ 256 (the engine's vertex sets).

use super::node_kayles::NamedGraphs;
use crate::game::{Family, Params, Ruleset};
use std::sync::{Arc, LazyLock};

/// The edge list of the n×n queens graph: squares `r<row>c<col>`, joined when on one
/// row, column or diagonal.
fn queens(args: &[u64]) -> Result<String, String> {
    let [n] = args[..] else {
        return Err("takes the board's side n, e.g. node-kayles-queens(8)".into());
    };
    if n == 0 || n > 16 {
        return Err("the board has 1 to 256 squares (n ≤ 16: the engine's vertex sets)".into());
    }
    let n = n as i64;
    let mut parts = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (r1, c1, r2, c2) = (a / n, a % n, b / n, b % n);
            if r1 == r2 || c1 == c2 || (r1 - r2).abs() == (c1 - c2).abs() {
                parts.push(format!("r{r1}c{c1}-r{r2}c{c2}"));
            }
        }
    }
    if n == 1 {
        parts.push("r0c0".into());
    }
    Ok(parts.join(" "))
}

static QUEENS: LazyLock<Arc<NamedGraphs>> = LazyLock::new(|| Arc::new(NamedGraphs::new("node-kayles-queens", queens)));

/// The registry row.
pub const FAMILIES: &[Family] = &[Family {
    name: "node-kayles-queens",
    aliases: &[],
    params: Params::None,
    positions: "the n×n board, n ≤ 16 (the queens graph: squares joined when on one row, column or diagonal)",
    options: "place a queen on a square no queen attacks (Node-Kayles on the queens graph)",
    source: "Noon & Van Brummelen, College Math. J. 37 (2006); OEIS A344227",
    formula: None,
    example: "node-kayles-queens(5)",
    build: |_| Ok(Ruleset::Game(QUEENS.clone())),
}];

#[cfg(test)]
mod tests {
    use crate::catalog::parse_position;
    use crate::solve::{Method, Solver};
    use crate::Control;

    /// OEIS A344227 (offset 0), n = 1…8 here.
    #[test]
    fn a344227() {
        let a344227 = [0u64, 1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1];
        for (n, &v) in a344227.iter().enumerate().skip(1).take(7) {
            let expr = format!("node-kayles-queens({n})");
            let pos = parse_position(&expr).unwrap();
            assert_eq!(pos.to_string(), expr);
            let got = Solver::new(Method::Search, Control::new().with_work_limit(u64::MAX))
                .nim_value(&pos)
                .unwrap();
            assert_eq!(got, v, "{expr}");
        }
        assert!(parse_position("node-kayles-queens(17)").is_err());
        // 64 vertices within the default work limit: the estimate counts independent
        // sets (at most 8 queens), not the 2^64 subsets it once did.
        let pos = parse_position("node-kayles-queens(8)").unwrap();
        assert_eq!(Solver::new(Method::Search, Control::new()).nim_value(&pos).unwrap(), 3u64);
    }
}
