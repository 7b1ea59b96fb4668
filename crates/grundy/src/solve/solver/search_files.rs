//! The files of the position engine's search, from the facade: its end-game database
//! (`--db FILE`, [`Solver::use_db`]) and its proofs (`--save-proof FILE`,
//! [`Solver::prove`]). Whether a position and a configuration are ones these files
//! serve is decided here, for the CLI and Python alike; the messages name the CLI's
//! flags (Python's front end puts them in its own terms).

use super::{Play, Solver};
use crate::error::{Error, Result};
use crate::game::{Component, DbAccess, GameRuleset, Position};
use crate::solve::{Announce, Method};
use crate::value::Nimber;
use std::sync::Arc;

/// The refusal of a proof search asked to use a database ([`Solver::prove`]; the CLI
/// refuses `--save-proof` with `--db` in the same words).
pub const PROOF_WITHOUT_DB: &str =
    "--save-proof runs a search of its own, which lists the positions its proof needs; it does not read or write --db (drop one of them)";

impl Solver {
    /// Keeps the table of the search of `pos` in the database file `path`: it is read
    /// (checked) when the engine of `pos`'s game starts, and, with
    /// [`DbAccess::ReadWrite`], written atomically when a search that searched something
    /// ends or is interrupted ([`crate::game::GameSolver::use_db`]); with
    /// [`DbAccess::ReadOnly`] it is never written (a shared end-game database).
    /// `announce` is told how many entries were read, or that the file is new. The
    /// games served are [`crate::game::DB_GAMES`].
    ///
    /// # Errors
    /// [`Error::Unsupported`] for misère play, [`Method::Formula`], the confirming engines
    /// ([`crate::solve::Evaluator::use_reference_engines`],
    /// [`crate::solve::Evaluator::use_outcome_search`]), a position with no part of
    /// a game served ([`crate::game::GameSolver::keeps_db`]) or parts of two games. The file itself is read later, by the first
    /// search, with the errors of [`crate::game::GameSolver::use_db`].
    pub fn use_db(
        &mut self,
        pos: &Position,
        path: std::path::PathBuf,
        access: DbAccess,
        announce: Announce,
    ) -> Result<()> {
        self.refuse_unserved(
            "--db keeps the table of the normal-play search; it does not serve --play misere",
            "--db keeps a search's table; --method formula does not search",
            |m| {
                format!("--db keeps the default search's table; --method {m} confirms a value by a search of its own, which must not read it (drop --db)")
            },
        )?;
        match &game_rulesets(pos)[..] {
            [] => {
                return Err(Error::Unsupported(format!(
                    "--db keeps the table of the search of {}: {pos} is none of them",
                    crate::game::DB_GAMES
                )))
            }
            [g] if !g.solver().is_some_and(|e| e.keeps_db()) => {
                return Err(Error::Unsupported(format!(
                    "--db keeps the table of the search of {}, not of {}",
                    crate::game::DB_GAMES,
                    g.name()
                )))
            }
            [_] => {}
            [a, b, ..] => {
                return Err(Error::Unsupported(format!(
                    "--db keeps the table of one game, and {pos} has parts of {} and {}: search them one at a time, each with its own file",
                    a.name(),
                    b.name()
                )))
            }
        }
        self.ev.use_db(path, access, announce);
        Ok(())
    }

    /// The nim-value of a board or graph position by the engine's proof search, and the
    /// text of its proof, which [`crate::analysis::proof_check::check_proof`] re-verifies
    /// without this engine ([`crate::game::GameSolver::proof`]; the proof's format is
    /// described there). The search is one of its own: it neither uses nor fills the
    /// tables of [`Solver::value`].
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a position that is not one board or graph (a sum, a
    /// heap game), a game without proofs, misère play, [`Method::Formula`], the
    /// confirming engines, and a database in use ([`Solver::use_db`]); the errors of
    /// the search ([`Solver::value`]), and [`Error::TooLarge`] when the proof would not
    /// fit the memory limit.
    ///
    /// # Example
    /// ```
    /// use grundy::{analysis::proof_check::check_proof, catalog::parse_position};
    /// use grundy::{solve::{Method, Solver}, Control};
    /// let mut solver = Solver::new(Method::Auto, Control::new());
    /// let (v, proof) = solver.prove(&parse_position("cram(3,4)").unwrap()).unwrap();
    /// let report = check_proof(&proof, &Control::new()).unwrap();
    /// assert_eq!(report.value, v.to_u64().unwrap());
    /// ```
    pub fn prove(&mut self, pos: &Position) -> Result<(Nimber, String)> {
        let [Component::Game { ruleset, pos: at }] = &pos.components[..] else {
            return Err(Error::Unsupported(match &pos.components[..] {
                // One position of a ruleset without proofs (Chomp, Wythoff, a heap).
                [c] => format!(
                    "--save-proof takes one board or graph position (e.g. 'cram(4,5)'): {}; not for {}",
                    crate::game::PROOFS_ARE_FOR,
                    c.ruleset_name()
                ),
                _ => "--save-proof takes one board or graph position (e.g. 'cram(4,5)'), not a sum".into(),
            }));
        };
        self.refuse_unserved(
            "--save-proof proves a normal-play value; misère play has no proof (drop --play misere)",
            "--save-proof proves a value by search; --method formula has no proof",
            |m| {
                format!("--save-proof runs the search that writes proofs; --method {m} writes none (the proof is the confirmation: check it with `grundy proof --check`)")
            },
        )?;
        if self.ev.db_in_use() {
            return Err(Error::Unsupported(PROOF_WITHOUT_DB.into()));
        }
        let mut engine = ruleset
            .solver()
            .ok_or_else(|| Error::Unsupported(format!("{} has no engine that writes proofs", ruleset.name())))?;
        engine.proof(at, self.ev.control())
    }

    /// Refuses, with the reasons given, what a search keeping ([`Solver::use_db`]) or
    /// proving ([`Solver::prove`]) its work does not serve: misère play,
    /// [`Method::Formula`] (no search), and a confirming engine (named to `confirming`).
    fn refuse_unserved(&self, misere: &str, formula: &str, confirming: impl Fn(&str) -> String) -> Result<()> {
        if self.play == Play::Misere {
            return Err(Error::Unsupported(misere.into()));
        }
        if self.ev.method() == Method::Formula {
            return Err(Error::Unsupported(formula.into()));
        }
        match self.ev.confirming_engine() {
            Some(m) => Err(Error::Unsupported(confirming(m))),
            None => Ok(()),
        }
    }
}

/// The board and graph rulesets of `pos` (its [`Component::Game`] parts), each once,
/// in order of first appearance.
pub fn game_rulesets(pos: &Position) -> Vec<&Arc<dyn GameRuleset>> {
    let mut out: Vec<&Arc<dyn GameRuleset>> = Vec::new();
    for c in &pos.components {
        if let Component::Game { ruleset, .. } = c {
            if !out.iter().any(|r| r.name() == ruleset.name()) {
                out.push(ruleset);
            }
        }
    }
    out
}
