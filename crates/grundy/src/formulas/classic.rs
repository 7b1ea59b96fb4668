//! Nim, subtraction games and Odd Nim (paper 004; Bouton 1902, paper 002 Theorem 1).

use super::Statement;

/// Bouton's theorem for Nim.
pub const NIM: Statement = Statement {
    text: "G(n) = n; a sum has the nim-sum of its heaps",
    source: "Bouton, paper 002 Theorem 1",
};

/// Subtraction games with S = {1, …, k}.
pub const SUBTRACTION_ONE_TO_K: Statement = Statement {
    text: "for S = {1,…,k}: G(n) = n mod (k+1)",
    source: "paper 004",
};

/// Odd Nim.
pub const ODD_NIM: Statement = Statement {
    text: "G(n) = n mod 2",
    source: "paper 004",
};

/// The periodicity theorem for finite subtraction games.
pub const SUBTRACTION_PERIODICITY: Statement = Statement {
    text:
        "with k = max(S), agreement of G(n + p) = G(n) on the heaps n₀ … n₀ + p + k − 1 proves the period for all heaps",
    source: "the periodicity theorem for subtraction games; Winning Ways vol. 1 ch. 4",
};
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
