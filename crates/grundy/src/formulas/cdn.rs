//! Common Divisor Nim CDN_m (paper 000, Nohagi, Theorem 1.3).
//!
//! For P = (n1, …, nm) ≠ 0 let λ(P) = min ord₂(nᵢ) and ι(P) = #{i : ord₂(nᵢ) = λ(P)}
//! (ord₂(0) = +∞). Then sg(P) = λ(P) + 1 if ι(P) is odd, and 0 if ι(P) is even or
//! P = 0. Values lie in 0..=64 for 64-bit entries.

use super::Statement;

/// Paper 000 Theorem 1.3.
pub const THEOREM_1_3: Statement = Statement {
    text: "λ+1 if ι odd, else 0; λ = min ord₂(nᵢ), ι = #{i: ord₂(nᵢ) = λ}",
    source: "paper 000 Theorem 1.3",
};

/// λ(P) and ι(P) of paper 000, or `None` for the zero position.
pub fn lambda_iota(pos: &[u64]) -> Option<(u32, usize)> {
    let lambda = pos.iter().filter(|&&n| n != 0).map(|n| n.trailing_zeros()).min()?;
    let iota = pos.iter().filter(|&&n| n != 0 && n.trailing_zeros() == lambda).count();
    Some((lambda, iota))
}

/// The Sprague–Grundy value of a CDN_m position, any m ≥ 1 (paper 000 Theorem 1.3).
pub fn value(pos: &[u64]) -> u64 {
    match lambda_iota(pos) {
        Some((lambda, iota)) if iota % 2 == 1 => lambda as u64 + 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_1_2_positions() {
        // (6,3,2): ord₂ = 1,0,1 → λ = 0, ι = 1 → 1.
        assert_eq!(lambda_iota(&[6, 3, 2]), Some((0, 1)));
        assert_eq!(value(&[6, 3, 2]), 1);
        // (6,2,2): λ = 1, ι = 3 → 2.
        assert_eq!(value(&[6, 2, 2]), 2);
        assert_eq!(value(&[0, 0, 0]), 0);
        assert_eq!(value(&[0, 1 << 63]), 64);
    }
}
