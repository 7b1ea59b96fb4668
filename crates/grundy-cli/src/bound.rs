//! The `--bound` and `--graph-bound` options of commands that explore loopy game
//! graphs (`value`, `moves`, `seq`, `graph`), and the parsers of counts and sizes on the
//! command line (the commands' options, and the limits in [`crate::progress`]).

use grundy::control::NumberKind;
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
/// ([`grundy::control::parse_count`]), and refuses a fraction or a number above
/// 2^64 − 1 with a message for the option.
pub fn parse_count(s: &str) -> Result<u64, String> {
    NumberKind::Count.parse(s)
}

/// Parses the work limit: a count ([`parse_count`]), or `none` for no limit.
pub fn parse_work(s: &str) -> Result<u64, String> {
    NumberKind::Work.parse(s)
}

/// Parses a size in bytes ([`grundy::control::parse_size`]: `2G`, `512M`, `1e9`), with
/// a message for the option.
pub fn parse_size(s: &str) -> Result<u64, String> {
    NumberKind::Size.parse(s)
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
