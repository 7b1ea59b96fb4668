//! Rulesets whose positions are not heaps or tuples: boards, graphs, or any value a
//! user defines (the Python package's `grundy.Game`).
//!
//! A [`GameRuleset`] reads and writes its own positions ([`GamePos`], a few machine
//! words it interprets: a bit set with its frame, a vertex set of its graph, an
//! identifier) and lists their options, each a disjunctive sum of positions (a move in
//! Cram or Node-Kayles often splits the board into regions). Its values come from its
//! engine ([`GameRuleset::solver`]): the board and graph games of the library use the
//! bit-set position engine of [`crate::solve::bitgame`]; a ruleset without one uses the
//! generic memoized search, which uses the optional capabilities
//! [`GameRuleset::components`] and [`GameRuleset::canonical`].

use crate::control::Control;
use crate::error::Result;
use crate::formulas::Statement;
use crate::value::Nimber;

/// A position of a [`GameRuleset`], in the ruleset's own encoding (machine words:
/// a board's height, width and cells as bits; a vertex set; an identifier). Two equal
/// encodings are the same position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GamePos(pub Vec<u64>);

/// The arguments of a position expression of a [`GameRuleset`]: numbers (`cram(3,4)`)
/// or one quoted string (`cram("..#./....")`), with the 1-based column where the
/// string's text starts (so that errors inside it can point at their column).
#[derive(Clone, Copy, Debug)]
pub enum GameArgs<'a> {
    /// Numbers, `(value, copies)` as the expression wrote them.
    Numbers(&'a [(u64, u64)]),
    /// One string argument.
    Text(&'a str),
}

/// A ruleset whose positions are values of any form, with options that may be sums.
///
/// The required methods are the rules and the notation; the engine and the closed
/// form are capabilities. Positions print (via [`GameRuleset::write`]) in expression
/// syntax that parses back to the same position.
pub trait GameRuleset: Send + Sync {
    /// Name as written in expressions (`cram`, `node-kayles-grid`).
    fn name(&self) -> String;

    /// The position an expression's arguments stand for.
    ///
    /// # Errors
    /// [`crate::Error::Syntax`] for a malformed string (its column counted within the
    /// string, from 1; the catalog shifts it to the whole expression),
    /// [`crate::Error::Arity`] for the wrong arguments, [`crate::Error::Domain`] for a
    /// position outside the domain (a board larger than the engine takes).
    fn position(&self, args: GameArgs<'_>) -> Result<GamePos>;

    /// The component `pos` in expression syntax (`cram("..#./....")`), which parses
    /// back to the same position.
    fn write(&self, pos: &GamePos) -> String;

    /// The options of `pos`, each a disjunctive sum of positions (a list of one
    /// position for a move that does not split the game; an empty list for an option
    /// with nothing left, of value 0).
    ///
    /// # Errors
    /// Whatever stops the rules from being listed (a Python callback's exception).
    fn options(&self, pos: &GamePos) -> Result<Vec<Vec<GamePos>>>;

    /// An upper bound on the number of options of `pos`.
    fn options_bound(&self, pos: &GamePos) -> u128;

    /// Capability: the ruleset's own engine (a transposition table kept between
    /// calls); `None` (the default) uses the generic memoized search
    /// ([`crate::solve::game::GenericSolver`]).
    fn solver(&self) -> Option<Box<dyn GameSolver>> {
        None
    }

    /// Capability: the independent parts of `pos` (a board's regions); `None` when the
    /// position does not split (the default).
    fn components(&self, _pos: &GamePos) -> Option<Vec<GamePos>> {
        None
    }

    /// Capability: a normal form with the same value (a board under its symmetries),
    /// used as the memo key; `None` keeps `pos` (the default).
    fn canonical(&self, _pos: &GamePos) -> Option<GamePos> {
        None
    }

    /// Capability: a key naming the part `pos` up to relabelling (two parts that are
    /// the same game, wherever they lie, have equal keys; the key of a part is never
    /// that of another game), for the misère search, which keys its atoms by it and
    /// lists the options of the first part it met with that key. The key need not be
    /// a position. `None` (the default): the part's [`GameRuleset::canonical`] form.
    fn shape_key(&self, _pos: &GamePos) -> Option<GamePos> {
        None
    }

    /// Capability: whether `pos` has an option, told without listing its options as
    /// positions (a Node-Kayles graph has one while a vertex is left). The misère
    /// search asks it of every part of every option it lists, to drop the parts that
    /// are 0; `None` (the default): the part's options are listed to tell.
    fn has_option(&self, _pos: &GamePos) -> Option<bool> {
        None
    }

    /// Capability: the proven closed form, with its statement and citation.
    fn closed_form(&self) -> Option<&dyn GameClosedForm> {
        None
    }
}

/// What a database file gave the table ([`GameSolver::use_db`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbRead {
    /// The entries the file holds.
    pub entries: u64,
    /// Those that did not fit the table at the memory limit (at most a hundredth of
    /// them, else the file is refused): the windows of the table they hash to were
    /// full, and the smallest components were left out, as a search at its bound does.
    pub left_out: u64,
}

/// Whether a search writes its database file ([`GameSolver::use_db`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DbAccess {
    /// Read when the search starts, written when it ends, is interrupted, and every ten
    /// minutes while it runs (`--db FILE`); a file is created if there is none. A
    /// search that searched nothing leaves an existing file as it was.
    #[default]
    ReadWrite,
    /// Read when the search starts and never written (`--db FILE --db-read-only`): an
    /// end-game database shared by several runs, or one on a read-only file system.
    /// The file must exist.
    ReadOnly,
}

/// The games whose engines keep their table in a database file (`--db`,
/// [`GameSolver::use_db`]), as messages name them.
pub const DB_GAMES: &str =
    "the games on boards (cram, node-kayles-grid, node-kayles-path) and the graph families node-kayles-petersen and node-kayles-queens";

/// The engine of one [`GameRuleset`], keeping what it learned between calls (its
/// transposition table).
pub trait GameSolver: Send {
    /// The nim-value of `pos`, computed from the rules (never from a closed form).
    ///
    /// # Errors
    /// [`crate::Error::TooLarge`] when the engine's table does not fit the memory
    /// limit, [`crate::Error::TooMuchWork`] when the estimated work is above the work
    /// limit, [`crate::Error::Interrupted`] when cancelled, and the ruleset's own errors
    /// (a Python callback's exception, a cycle in a user-defined game).
    fn value(&mut self, pos: &GamePos, ctl: &Control) -> Result<Nimber>;

    /// What the engine holds and did, for reports: positions searched, table entries
    /// and bytes.
    fn stats(&self) -> SearchStats {
        SearchStats::default()
    }

    /// Keeps the engine's table in the database file `path` (`--db FILE`): reads it
    /// now if it exists, and, with [`DbAccess::ReadWrite`], writes it at the end of
    /// every search that searched something (or when the file is new), when a search
    /// is interrupted, and every ten minutes while one runs. What was read, or `None`
    /// for a new database.
    ///
    /// # Errors
    /// [`crate::Error::Unsupported`] for an engine without databases (the default);
    /// [`crate::Error::Input`] naming the file when it cannot be read, is not a database
    /// of this game, or is damaged, or, with [`DbAccess::ReadOnly`], does not exist;
    /// [`crate::Error::TooLarge`] when it does not fit the memory limit.
    fn use_db(&mut self, _path: &std::path::Path, _access: DbAccess, _ctl: &Control) -> crate::Result<Option<DbRead>> {
        Err(crate::Error::Unsupported(format!("--db is for {DB_GAMES}")))
    }

    /// Capability: true if [`GameSolver::use_db`] keeps this engine's table in a file
    /// (false, the default, for engines without databases).
    fn keeps_db(&self) -> bool {
        false
    }

    /// Switches to the outcome search on sums (Lemoine & Viennot; `--method sums`), an
    /// algorithm independent of the default's, to confirm a value. The default keeps
    /// the engine.
    fn use_outcome_search(&mut self) {}

    /// Switches to the reference engine before the first search (`--method plain`):
    /// for the position engine, a plain memoized search with components and normal
    /// forms, every option's value computed, on one thread. The default keeps the
    /// engine (it is its own reference).
    fn use_reference(&mut self) {}

    /// The engine's estimate of the positions a normal-play search of `pos` visits
    /// (its work model, docs/choices.md "Work estimates"), every part counted, none
    /// settled by a rule; `None` (the default) for an engine without one. The misère
    /// search checks it first, as a lower bound of its own work.
    ///
    /// # Errors
    /// None from the position engine; a ruleset's own engine may report what stops it.
    fn work(&mut self, _pos: &GamePos, _ctl: &Control) -> crate::Result<Option<f64>> {
        Ok(None)
    }

    /// Capability: the nim-value of `pos` with a proof a reader can check without this
    /// engine (`grundy proof --check`, [`crate::analysis::proof_check`]): the proof's
    /// text.
    ///
    /// # Errors
    /// [`crate::Error::Unsupported`] for an engine without proofs (the default); the
    /// errors of [`GameSolver::value`], and [`crate::Error::TooLarge`] when the proof
    /// would not fit the memory limit.
    fn proof(&mut self, _pos: &GamePos, _ctl: &Control) -> Result<(Nimber, String)> {
        Err(crate::Error::Unsupported(format!(
            "{PROOFS_ARE_FOR}; not for this ruleset"
        )))
    }
}

/// The games whose values `--save-proof` proves, for the refusals of the others.
pub const PROOFS_ARE_FOR: &str = "proofs are written for Cram, and for Node-Kayles on grids, paths, queens boards, P(n,k) and graphs given by their edges (node-kayles(\"…\"))";

/// Counters of a position engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions (components) whose options were listed.
    pub searched: u64,
    /// Entries in the transposition table.
    pub entries: u64,
    /// Bytes the table takes.
    pub table_bytes: u64,
    /// Entries replaced because the table was full.
    pub replaced: u64,
}

/// A proven closed form of a [`GameRuleset`].
pub trait GameClosedForm {
    /// The theorem's statement and citation.
    fn statement(&self) -> Statement;

    /// The value of `pos`, where the theorem gives one.
    fn value(&self, pos: &GamePos) -> Option<Nimber>;
}
