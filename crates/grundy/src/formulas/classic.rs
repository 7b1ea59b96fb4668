//! Nim, subtraction games and Odd Nim (paper 004; Bouton 1902, paper 002 Theorem 1).

/// Bouton's theorem: the value of a Nim position is the nim-sum of its heap sizes; a
/// single heap of size `n` has value `n` (paper 002 Theorem 1, paper 004 "Claim").
pub fn nim_heap(n: u64) -> u64 {
    n
}

/// Subtraction game with S = {1, …, k}: G(n) = n mod (k+1) (paper 004, first worked
/// example). Requires `k ≥ 1`.
pub fn subtraction_one_to_k(n: u64, k: u64) -> u64 {
    if k == u64::MAX {
        n
    } else {
        n % (k + 1)
    }
}

/// Odd Nim (remove an odd number of stones): G(n) = n mod 2 (paper 004, second worked
/// example).
pub fn odd_nim(n: u64) -> u64 {
    n % 2
}
