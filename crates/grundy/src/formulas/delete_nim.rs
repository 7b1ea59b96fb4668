//! Delete Nim and its variant VDN (paper 002, Suetsugu & Abuku, Theorems 4 and 5).

use super::Statement;

/// Paper 002 Theorem 4.
pub const DELETE_NIM: Statement = Statement {
    text: "G(x,y) = v₂((x ∨ y) + 1), ∨ bitwise OR",
    source: "paper 002 Theorem 4",
};

/// Paper 002 Theorems 4 and 5.
pub const VDN: Statement = Statement {
    text: "G(x,y) = v₂(((x−1) ∨ (y−1)) + 1) via F(x,y) = (x−1,y−1)",
    source: "paper 002 Theorems 4, 5",
};

/// Theorem 4: G(x, y) = v₂((x ∨ y) + 1), where ∨ is bitwise OR. Values lie in 0..=64.
pub fn delete_nim(x: u64, y: u64) -> u64 {
    (((x | y) as u128) + 1).trailing_zeros() as u64
}

/// Theorem 5: VDN(x, y) ≅ Delete Nim(x − 1, y − 1) for x, y ≥ 1, so
/// G(x, y) = v₂(((x − 1) ∨ (y − 1)) + 1). Requires x, y ≥ 1.
pub fn vdn(x: u64, y: u64) -> u64 {
    delete_nim(x - 1, y - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_examples() {
        // Examples 3 and 4 of paper 002 are about ∨ itself: 3 ∨ 5 = 7, 9 ∨ 12 = 13.
        assert_eq!(delete_nim(3, 5), (7u64 + 1).trailing_zeros() as u64);
        assert_eq!(delete_nim(3, 5), 3);
        assert_eq!(delete_nim(9, 12), 1); // 13 + 1 = 14
        assert_eq!(delete_nim(0, 0), 0);
        assert_eq!(delete_nim(u64::MAX, 0), 64);
        assert_eq!(vdn(1, 1), 0);
    }
}
