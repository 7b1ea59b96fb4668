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

/// Parses a count written `1000000`, `1e6`, `2.5e6`, `10^6` or `1_000_000`, exactly
/// (no floating point: `9007199254740993e0` is that number, not a neighbour), and
/// refuses a fraction or a number above 2^64 − 1.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    let bad = || format!("'{s}' is not a count (write e.g. 1000000, 1e6 or 10^6)");
    let too_large = || format!("'{s}' is larger than 2^64 − 1");
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    if let Some((b, e)) = t.split_once('^') {
        let (b, e) = (b.trim(), e.trim());
        if !digits(b) || !digits(e) {
            return Err(bad());
        }
        let b: u64 = b.parse().map_err(|_| too_large())?;
        let e: u32 = e.parse().map_err(|_| too_large())?;
        return b.checked_pow(e).ok_or_else(too_large);
    }
    let (mantissa, exponent) = match t.split_once(['e', 'E']) {
        Some((m, e)) => {
            let e = e.strip_prefix('+').unwrap_or(e);
            if !digits(e) {
                return Err(bad());
            }
            (m, e.parse::<u32>().map_err(|_| too_large())?)
        }
        None => (t.as_str(), 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if !(digits(whole) || (whole.is_empty() && digits(fraction))) || !(fraction.is_empty() || digits(fraction)) {
        return Err(bad());
    }
    // whole.fraction × 10^exponent = (whole ‖ fraction) × 10^(exponent − |fraction|).
    let fraction = fraction.trim_end_matches('0');
    let shift = exponent.checked_sub(fraction.len() as u32).ok_or_else(bad)?;
    let all = format!("{whole}{fraction}");
    let all = all.trim_start_matches('0');
    if all.len() > 20 {
        return Err(too_large());
    }
    let n: u128 = if all.is_empty() {
        0
    } else {
        all.parse().map_err(|_| bad())?
    };
    let scale = 10u128.checked_pow(shift);
    match scale.and_then(|p| n.checked_mul(p)) {
        Some(v) => u64::try_from(v).map_err(|_| too_large()),
        None if n == 0 => Ok(0),
        None => Err(too_large()),
    }
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
        assert_eq!(parse_count("9007199254740993e0"), Ok(9_007_199_254_740_993));
        assert_eq!(parse_count("18446744073709551615e0"), Ok(u64::MAX));
        assert_eq!(parse_count("1.8446744073709551615e19"), Ok(u64::MAX));
        assert_eq!(parse_count("0.5e1"), Ok(5));
        assert_eq!(parse_count("0e99"), Ok(0));
        assert_eq!(parse_count("1E+3"), Ok(1000));
        for s in [
            "", "x", "-1", "1.5", "1e30", "10^30", "inf", "NaN", "1.25e1", "e5", "1e", "1e-3", ".", "2^", "1..2",
        ] {
            assert!(parse_count(s).is_err(), "{s}");
        }
    }
}
