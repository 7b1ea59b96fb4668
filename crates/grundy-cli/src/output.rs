//! Output formats shared by the commands.

use clap::ValueEnum;

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// JSON (values are decimal strings).
    Json,
}

/// Prints a serializable value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(v: &T) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// `n` as a product of prime powers, `5²·13·53` (a prime prints as itself; 0 and 1 as
/// they are).
pub fn factored(n: u64) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if n < 2 {
        return n.to_string();
    }
    grundy::arith::factorize(n)
        .into_iter()
        .map(|(p, e)| {
            if e == 1 {
                p.to_string()
            } else {
                let exp: String = e.to_string().chars().map(|d| SUP[d as usize - '0' as usize]).collect();
                format!("{p}{exp}")
            }
        })
        .collect::<Vec<_>>()
        .join("·")
}

#[cfg(test)]
mod tests {
    #[test]
    fn factored_writes_prime_powers() {
        assert_eq!(super::factored(17225), "5²·13·53");
        assert_eq!(super::factored(7921), "89²");
        assert_eq!(super::factored(257), "257");
        assert_eq!(super::factored(1 << 12), "2¹²");
        assert_eq!(super::factored(1), "1");
    }
}
