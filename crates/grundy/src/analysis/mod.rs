//! Analyses of computed values: comparison of closed forms with search ([`verify`]),
//! periodicity of sequences ([`periodicity`]), the check of its saved proofs
//! ([`certificate`]), the checker of the position engine's proofs ([`proof_check`]),
//! their files ([`proof_file`]) and the graph families they name ([`proof_graphs`]),
//! and censuses of families of codes ([`census`]). (The
//! papers' claims, their printed tables and the checks of MIN are in the
//! `grundy-papers` crate.)

pub mod census;
pub mod certificate;
pub mod periodicity;
pub mod proof_check;
pub mod proof_file;
pub mod proof_graphs;
pub mod verify;
