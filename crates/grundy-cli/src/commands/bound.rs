//! The `--bound` and `--graph-bound` options of commands that explore loopy game
//! graphs (`value`, `moves`, `seq`, `graph`).

use grundy::solve::Bound;

/// Bounds on the exploration of loopy game graphs.
#[derive(clap::Args, Clone, Debug)]
pub struct BoundArgs {
    /// Loopy rulesets: the largest heap explored (e.g. 1e12, 10^12); a position whose
    /// game graph reaches a larger heap is undetermined ("?"). Default 10^18.
    #[arg(long, value_name = "HEAP", value_parser = parse_count)]
    pub bound: Option<u64>,
    /// Loopy rulesets and game graphs: the most moves (edges) one exploration may list
    /// (a graph file may have). Default 10^7 (10^8 for `grundy graph`).
    #[arg(long, value_name = "MOVES", value_parser = parse_count)]
    pub graph_bound: Option<u64>,
}

impl BoundArgs {
    /// The bound, with `moves` as the default move bound.
    pub fn bound(&self, default_moves: u64) -> Bound {
        let d = Bound::default();
        Bound {
            heap: self.bound.unwrap_or(d.heap),
            moves: self.graph_bound.unwrap_or(default_moves),
        }
    }
}

/// Parses a count written `1000000`, `1e6`, `2.5e6` or `10^6`.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    let bad = || format!("'{s}' is not a count (write e.g. 1000000, 1e6 or 10^6)");
    let v: f64 = if let Some((b, e)) = t.split_once('^') {
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        let e: u32 = e.trim().parse().map_err(|_| bad())?;
        match b.checked_pow(e) {
            Some(v) => return Ok(v),
            None => return Err(format!("'{s}' is larger than 2^64 − 1")),
        }
    } else if let Ok(v) = t.parse::<u64>() {
        return Ok(v);
    } else {
        t.parse().map_err(|_| bad())?
    };
    if !(v.is_finite() && v >= 0.0 && v.fract() == 0.0) {
        return Err(bad());
    }
    if v >= 18_446_744_073_709_551_616.0 {
        return Err(format!("'{s}' is larger than 2^64 − 1"));
    }
    Ok(v as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(parse_count("1000"), Ok(1000));
        assert_eq!(parse_count("1e12"), Ok(1_000_000_000_000));
        assert_eq!(parse_count("10^12"), Ok(1_000_000_000_000));
        assert_eq!(parse_count("2.5e3"), Ok(2500));
        assert_eq!(parse_count("1_000"), Ok(1000));
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        for s in ["", "x", "-1", "1.5", "1e30", "10^30", "inf", "NaN"] {
            assert!(parse_count(s).is_err(), "{s}");
        }
    }
}
