//! Analyses of computed values: comparison of closed forms with search ([`verify`]),
//! periodicity of sequences ([`periodicity`]) and the check of its saved proofs
//! ([`certificate`]), and the checker of the position engine's proofs
//! ([`proof_check`]). (The papers' claims, their printed tables and the checks of MIN
//! are in the `grundy-papers` crate.)

pub mod certificate;
pub mod periodicity;
pub mod proof_check;
pub mod verify;
