//! `grundy value EXPR`: the nim-value and outcome of a position.

use super::bound::BoundArgs;
use crate::output::{print_json, stdout, Format};
use clap::ValueEnum;
use grundy::catalog::parse_position;
use grundy::game::DbAccess;
use grundy::solve::{Bound, BoundedValue, Method, MisereValue, Play, Solver};
use grundy::value::Outcome;
use grundy::Control;
use serde::Serialize;
use std::process::ExitCode;

/// How values are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum MethodArg {
    /// The proven closed form where there is one, search otherwise.
    #[default]
    Auto,
    /// Only the closed form (an error where none is proven).
    Formula,
    /// Only search from the rules.
    Search,
    /// Search by the reference engine: for boards and graphs a plain memoized search
    /// (components and symmetries, every option's value, one thread); otherwise as
    /// `search`.
    Plain,
    /// Search boards and graphs by the outcome search on sums (Lemoine & Viennot), an
    /// algorithm independent of the default's set pruning, to confirm a value; otherwise
    /// as `search`.
    Sums,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Formula => Method::Formula,
            MethodArg::Search | MethodArg::Plain | MethodArg::Sums => Method::Search,
        }
    }
}

/// The play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PlayArg {
    /// The last player to move wins (nim-values).
    #[default]
    Normal,
    /// The last player to move loses (misère outcomes, G⁻ and genus).
    Misere,
}

impl From<PlayArg> for Play {
    fn from(p: PlayArg) -> Play {
        match p {
            PlayArg::Normal => Play::Normal,
            PlayArg::Misere => Play::Misere,
        }
    }
}

/// Arguments of `grundy value`.
#[derive(clap::Args)]
pub struct Args {
    /// A position, e.g. 'nim(3,5,6)' or 'totient(7) + totative(7)'.
    expr: String,
    /// Closed form, search, or closed form where proven.
    #[arg(long, value_enum, default_value_t)]
    method: MethodArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Play convention: normal (the last player to move wins) or misere (loses).
    #[arg(long, value_enum, default_value_t)]
    play: PlayArg,
    /// A misère quotient certificate (from `grundy quotient --save`), re-checked, that
    /// answers misère questions about sums of heaps of its ruleset.
    #[arg(long, value_name = "FILE")]
    quotient: Option<std::path::PathBuf>,
    #[command(flatten)]
    bounds: BoundArgs,
    /// Print the position engine's counters on stderr (boards and graphs in normal
    /// play): positions searched, table entries and bytes, entries replaced.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    period: super::period_file::PeriodArg,
    /// Write a proof of the value that `grundy proof --check FILE` re-verifies without
    /// the search (one board or graph position: Cram, Node-Kayles; gzip text).
    #[arg(long, value_name = "FILE")]
    save_proof: Option<std::path::PathBuf>,
    /// Keep the search's table in this database file (boards: Cram, Node-Kayles; the
    /// graph families node-kayles-petersen and node-kayles-queens): read
    /// at the start if it exists (checked), written at the end, on Ctrl-C and every ten
    /// minutes, so that a long search resumes where it stopped (a search that searched
    /// nothing leaves the file as it was).
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    /// Read the --db file and never write it: an end-game database shared by several
    /// runs (at the same time, too), or a file on a read-only file system. The file
    /// must exist.
    #[arg(long, requires = "db")]
    db_read_only: bool,
}

#[derive(Serialize)]
struct Out {
    position: String,
    value: String,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
}

/// The solver for `--method` and the loopy bounds (finite games ignore the bounds).
pub fn solver(method: MethodArg, bounds: &BoundArgs, ctl: &Control) -> Solver {
    let mut s = Solver::new(method.into(), ctl.clone()).with_bound(bounds.bound(Bound::default().moves));
    match method {
        MethodArg::Plain => s.evaluator().use_reference_engines(),
        MethodArg::Sums => s.evaluator().use_outcome_search(),
        _ => {}
    }
    s
}

/// The misère JSON shape: `misere_value`, `genus` and `tameness` only for a position
/// of one component, `note` only when they were not computed.
#[derive(Serialize)]
struct MisereOut {
    position: String,
    play: &'static str,
    outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    misere_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tameness: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    /// The misère quotient that answered the outcome, as the text says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
}

/// The solver for `--play` and `--quotient` (loaded and re-checked), for the question
/// asked about `pos`.
///
/// # Errors
/// `--quotient` without `--play misere`; in misère play a `--method` other than `auto`
/// or `search` (misère play has one engine, the misère search, which the quotient
/// shortcuts), or a quotient of a ruleset `pos` has no heap of (it would answer
/// nothing); a certificate that cannot be read or does not hold.
pub fn play_solver(
    solver: Solver,
    method: MethodArg,
    play: PlayArg,
    quotient: Option<&std::path::Path>,
    pos: &grundy::game::Position,
) -> anyhow::Result<Solver> {
    if play == PlayArg::Misere && !matches!(method, MethodArg::Auto | MethodArg::Search) {
        let m = method
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        anyhow::bail!(
            "--play misere answers by the misère search (shortcut by a misère quotient): --method {m} applies to normal play only (drop it)"
        );
    }
    let mut solver = solver.with_play(play.into());
    if let Some(path) = quotient {
        if play != PlayArg::Misere {
            anyhow::bail!("--quotient answers misère questions: add --play misere");
        }
        let mut cert = super::quotient::read_certificate(path, solver.control())?;
        let rs = super::quotient::certificate_ruleset(&mut cert, path)?;
        let name = rs.name();
        if !pos.has_heaps_of(&name) {
            anyhow::bail!(
                "{} is the misère quotient of {name}, and {pos} has no heap of {name}: it would answer nothing (give the quotient of the position's ruleset, or drop --quotient)",
                path.display()
            );
        }
        solver
            .add_quotient(&cert, &rs)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    Ok(solver)
}

/// The solver of `value` and `moves` for `pos`: `--method` and the bounds
/// ([`solver`]), `--play` and `--quotient` ([`play_solver`]), `--period`.
///
/// # Errors
/// Those of [`play_solver`] and of [`super::period_file::PeriodArg::apply`].
pub fn question_solver(
    method: MethodArg,
    bounds: &BoundArgs,
    play: PlayArg,
    quotient: Option<&std::path::Path>,
    period: &super::period_file::PeriodArg,
    pos: &grundy::game::Position,
    ctl: &Control,
) -> anyhow::Result<Solver> {
    let mut solver = play_solver(solver(method, bounds, ctl), method, play, quotient, pos)?;
    period.apply(&mut solver, ctl)?;
    Ok(solver)
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let pos = parse_position(&a.expr)?;
    let name = label(&a.expr, &pos);
    if let Some(path) = &a.save_proof {
        return prove(&a, &pos, &name, path, ctl);
    }
    let mut solver = question_solver(a.method, &a.bounds, a.play, a.quotient.as_deref(), &a.period, &pos, ctl)?;
    if let Some(path) = &a.db {
        let access = if a.db_read_only {
            DbAccess::ReadOnly
        } else {
            DbAccess::ReadWrite
        };
        use_db(&mut solver, &pos, path, access)?;
    }
    if solver.play() == Play::Misere {
        if a.stats {
            // The counters are the normal-play position engine's, which misère play
            // does not search with: say so rather than print nothing.
            crate::eprintln_quiet!(
                "grundy: note: --stats counts the position engine of normal play; misère play searches without it, so there are no counts to print"
            );
        }
        let v = solver.misere_value(&pos)?;
        return print_misere(&pos, &name, &v, a.format);
    }
    let v = solver.value(&pos);
    let stopped = matches!(v, Err(grundy::Error::Interrupted));
    let counted = (a.stats || stopped) && print_stats(&mut solver, &pos);
    if a.stats && !counted && !stopped {
        // Said, as misère play says it, rather than nothing printed.
        crate::eprintln_quiet!(
            "grundy: note: --stats counts the position engine of boards and graphs; {name} has no part it searched, so there are no counts to print"
        );
    }
    if stopped {
        crate::eprintln_quiet!(
            "grundy: stopped before the value of {name} was found{}",
            if counted {
                "; the counts above are the work done"
            } else {
                ""
            }
        );
    }
    let v = v?;
    let source = super::period_file::sources(&solver);
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.value_text(),
            outcome: v.outcome_text(),
            note: v.note().map(str::to_string),
            source,
        })?,
        Format::Text => stdout(|w| {
            writeln!(w, "{name}: {}", describe_bounded(&v))?;
            source.iter().try_for_each(|s| writeln!(w, "source: {s}"))
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `--db FILE`: the engine of a board game or graph family keeps its table in the file
/// ([`Solver::use_db`] decides which positions and configurations it serves).
fn use_db(
    solver: &mut Solver,
    pos: &grundy::game::Position,
    path: &std::path::Path,
    access: DbAccess,
) -> anyhow::Result<()> {
    // Found unwritable now, not after the search (nor after reading the file).
    if access == DbAccess::ReadWrite {
        crate::output::check_writable(path).map_err(|e| {
            if path.is_file() {
                anyhow::anyhow!("{e}; to read it without writing it, add --db-read-only")
            } else {
                e
            }
        })?;
    }
    solver.use_db(
        pos,
        path.to_path_buf(),
        access,
        Box::new(|m| crate::eprintln_quiet!("grundy: {m}")),
    )?;
    // A second Ctrl-C waits for the database's save when the search stops (a third
    // abandons it), as for `seq --checkpoint`.
    if access == DbAccess::ReadWrite {
        crate::progress::guard_saves_to(path);
    }
    Ok(())
}

fn print_misere(pos: &grundy::game::Position, name: &str, v: &MisereValue, format: Format) -> anyhow::Result<ExitCode> {
    match format {
        Format::Json => print_json(&MisereOut {
            position: pos.to_string(),
            play: Play::Misere.name(),
            outcome: v.outcome.to_string(),
            misere_value: v.single.as_ref().map(|r| r.misere_value.to_string()),
            genus: v.single.as_ref().map(|r| r.genus.to_string()),
            tameness: v.single.as_ref().map(|r| r.tameness.to_string()),
            note: v.note.clone(),
            source: v.quotient.as_ref().map(ToString::to_string),
        })?,
        Format::Text => stdout(|w| {
            write!(w, "{name}: misère {}", describe(v.outcome))?;
            if let Some(r) = &v.single {
                write!(w, ", G⁻ = {}, genus {} ({})", r.misere_value, r.genus, r.tameness)?;
            }
            if let Some(q) = &v.quotient {
                write!(w, " (from {q})")?;
            }
            writeln!(w)?;
            if let Some(n) = &v.note {
                writeln!(w, "note: {n}")?;
            }
            Ok(())
        })?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `value EXPR --save-proof FILE`: the value from the engine's proof search, and the
/// proof written.
fn prove(
    a: &Args,
    pos: &grundy::game::Position,
    name: &str,
    path: &std::path::Path,
    ctl: &Control,
) -> anyhow::Result<ExitCode> {
    if a.db.is_some() {
        anyhow::bail!("{}", grundy::solve::PROOF_WITHOUT_DB);
    }
    // What the proof's own search would not use is refused, not dropped.
    if a.period.period.is_some() {
        anyhow::bail!("--save-proof proves a board or graph value by a search of its own; it does not use --period (drop one of them)");
    }
    if a.stats {
        anyhow::bail!("--stats counts the search of value; --save-proof runs a search of its own (drop --stats)");
    }
    let mut solver = play_solver(
        solver(a.method, &a.bounds, ctl),
        a.method,
        a.play,
        a.quotient.as_deref(),
        pos,
    )?;
    // Found unwritable now, not after the search.
    crate::output::check_writable(path)?;
    let (v, text) = solver.prove(pos).inspect_err(|e| {
        if matches!(e, grundy::Error::Interrupted) {
            // As a stopped search says so: what was (not) done, and that the file is
            // as it was (the proof is written only whole, atomically).
            crate::eprintln_quiet!(
                "grundy: stopped before the value of {name} was proven; {} was not written",
                path.display()
            );
        }
    })?;
    // The value is said even when its proof cannot be written (a full disk), as --db
    // says it: the search's hours are not lost with the file.
    crate::progress::writing(path, |commit| {
        grundy::control::write_atomically_with(path, |w| {
            grundy::analysis::proof_file::write_to(w, &text)?;
            commit.begin();
            Ok(())
        })
    })
    .map_err(|e| {
        anyhow::anyhow!(
            "cannot write {}: {e}; the search had finished: {name} has the value {v}",
            path.display()
        )
    })?;
    let v = BoundedValue::Value(grundy::value::LoopyValue::Finite(v));
    match a.format {
        Format::Json => print_json(&Out {
            position: pos.to_string(),
            value: v.value_text(),
            outcome: v.outcome_text(),
            note: None,
            source: None,
        })?,
        Format::Text => stdout(|w| writeln!(w, "{name}: {}", describe_bounded(&v)))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// How the text result line names the position: as written by its rulesets (canonical,
/// e.g. `nim(3, 4)`), except a position read from a file (`"@graph.txt"`), which keeps
/// the expression as typed rather than the file's whole edge list (the JSON output's
/// `position` keeps the edge list: it stands without the file).
fn label(expr: &str, pos: &grundy::game::Position) -> String {
    if expr.contains("\"@") {
        expr.trim().to_string()
    } else {
        pos.to_string()
    }
}

/// The engine counters of each game ruleset of `pos` (once per ruleset), on stderr;
/// true if there were any.
fn print_stats(solver: &mut Solver, pos: &grundy::game::Position) -> bool {
    let mut any = false;
    for ruleset in grundy::solve::game_rulesets(pos) {
        let Some(s) = solver.evaluator().game_stats(ruleset) else {
            continue;
        };
        any = true;
        crate::eprintln_quiet!(
            "grundy: {}: {} position{} searched, {} table entr{} ({}), {} replaced",
            ruleset.name(),
            s.searched,
            if s.searched == 1 { "" } else { "s" },
            s.entries,
            if s.entries == 1 { "y" } else { "ies" },
            grundy::error::human_bytes(s.table_bytes),
            s.replaced
        );
    }
    any
}

/// `P-position (the previous player wins)` and so on.
pub fn describe(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P-position (the previous player wins)",
        Outcome::N => "N-position (the next player wins)",
        Outcome::D => "D-position (a draw: neither player can force a win)",
    }
}

/// `value ∞(0,1,2), N-position (…)`, `value ? (undetermined within the bound: …)`, or
/// `value ?, N-position (…) (only the outcome is known, …)`.
pub fn describe_bounded(v: &BoundedValue) -> String {
    match v {
        BoundedValue::Value(x) => format!("value {x}, {}", describe(x.outcome())),
        BoundedValue::Undetermined { note, .. } => format!("value ? ({note})"),
        BoundedValue::OutcomeOnly { outcome, note } => format!("value ?, {} ({note})", describe(*outcome)),
    }
}
