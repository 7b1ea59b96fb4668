//! `grundy seq NAME --to N`: the nim-value sequence of a heap ruleset.

use super::bound::BoundArgs;
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::rulesets::take_break::checkpoint::FileCheckpoint;
use grundy::solve::{Bound, Method, Sequence, Solver};
use grundy::{Control, Error};
use serde::Serialize;
use std::process::ExitCode;

/// Output formats of `seq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum SeqFormat {
    /// The values separated by commas, on one line.
    #[default]
    Text,
    /// `n,value` rows under a header.
    Csv,
    /// `{"ruleset": …, "from": M, "values": ["0", …]}`.
    Json,
    /// OEIS b-file: one `n value` line per heap (finite rulesets only).
    Bfile,
}

/// How the values are obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum SeqMethod {
    /// Search; for a ruleset whose periodicity theorem can prove a period (finite
    /// take-and-break codes of plain digits, subtraction games), the table only until
    /// the period is proven and the heaps beyond from the period.
    #[default]
    Auto,
    /// Dense search from the rules (mex over options), one pass over 0..=N.
    Search,
    /// The proven closed form for each heap (an error where there is none).
    Formula,
}

/// Arguments of `grundy seq`.
#[derive(clap::Args)]
pub struct Args {
    /// A heap ruleset, with parameters if it takes them: maliquot, 'subtraction[1,2]'.
    name: String,
    /// Last heap size.
    #[arg(long, value_parser = super::bound::parse_count)]
    to: u64,
    /// First heap size (default: the ruleset's first position).
    #[arg(long, value_parser = super::bound::parse_count)]
    from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: SeqFormat,
    /// Auto (default: search, or the proven period beyond the table), search, or
    /// closed form.
    #[arg(long, value_enum, default_value_t)]
    method: SeqMethod,
    /// Checkpoint file for dense search of a finite ruleset: resume from it when it
    /// holds values of this ruleset (refusing a corrupted file, one for another ruleset
    /// or values the rules do not give), save to it atomically every 30 s of work and
    /// when the run ends or is interrupted (a second Ctrl-C waits for the save).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    #[command(flatten)]
    bounds: BoundArgs,
    #[command(flatten)]
    period: super::period_file::PeriodArg,
}

/// The JSON document, written as the values are formatted (nothing is assembled in
/// memory: the output takes O(1) memory beyond the table).
#[derive(Serialize)]
struct Out<'a> {
    ruleset: &'a str,
    from: u64,
    values: Values<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
}

/// The values of a sequence as a JSON array of strings, formatted one at a time.
struct Values<'a>(&'a Sequence);

impl Serialize for Values<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..self.0.len()).map(|i| self.0.value_text(i)))
    }
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    if a.format == SeqFormat::Bfile && matches!(rs, grundy::game::Ruleset::Loopy(_)) {
        // A b-file holds integers; loopy values can be ∞(K) or ?.
        anyhow::bail!(
            "{} is loopy: its values can be ∞(K) or ?, which an OEIS b-file cannot hold; use --format csv or json",
            rs.name()
        );
    }
    if let Some(from) = a.from.filter(|&f| f > a.to) {
        anyhow::bail!("--from {from} is larger than --to {}", a.to);
    }
    let method = match a.method {
        SeqMethod::Auto => Method::Auto,
        SeqMethod::Search => Method::Search,
        SeqMethod::Formula => Method::Formula,
    };
    let mut solver = Solver::new(method, ctl.clone()).with_bound(a.bounds.bound(Bound::default().moves));
    if let Some(loaded) = a.period.apply(&mut solver, ctl)? {
        if loaded.name() != rs.name() {
            anyhow::bail!(
                "the certificate of --period is for {}, not {}",
                loaded.name(),
                rs.name()
            );
        }
    }
    if let Some(path) = &a.checkpoint {
        // A checkpoint holds a table: auto computes the whole table with one.
        if method == Method::Formula {
            anyhow::bail!("--checkpoint needs --method auto or search (it saves the table of a search)");
        }
        if a.period.period.is_some() {
            anyhow::bail!("--checkpoint saves a table and --period answers from a period; give one of them");
        }
        if matches!(rs, grundy::game::Ruleset::Loopy(_)) {
            // Checkpoints hold dense tables of finite values; loopy values are explored.
            anyhow::bail!(
                "--checkpoint saves dense tables of finite rulesets; {} is loopy (its values are explored heap by heap)",
                rs.name()
            );
        }
        crate::output::check_writable(path)?;
        // A second Ctrl-C waits for the checkpoint's save; a third abandons it.
        crate::progress::guard_saves_to(path);
        let shown = path.display().to_string();
        let ck = FileCheckpoint::new(path, std::time::Duration::from_secs(30))
            .on_resume(move |heap| eprintln!("grundy: resumed from heap {heap} (checkpoint {shown})"));
        solver = solver.with_checkpoint(std::sync::Arc::new(ck));
    }
    let seq = solver.sequence(&rs, a.from, a.to)?;
    // Printing huge values (powerset rulesets) can cost more than computing them.
    ctl.check_work(
        &format!("printing the values of {} to {}", seq.ruleset, a.to),
        seq.text_work(),
        "decimal conversion, (digits/19 + 1)² per value",
    )?;
    write_values(&a, &seq)?;
    let (from, count) = (seq.from, seq.len());
    finish(seq.stopped, from, count)
}

/// Prints the values in the chosen format, each formatted as it is written (a note, if
/// any, in the JSON or on stderr).
fn write_values(a: &Args, seq: &Sequence) -> anyhow::Result<()> {
    let from = seq.from;
    crate::output::stdout(|w| match a.format {
        SeqFormat::Text => {
            for i in 0..seq.len() {
                if i > 0 {
                    w.write_all(b",")?;
                }
                w.write_all(seq.value_text(i).as_bytes())?;
            }
            writeln!(w)
        }
        SeqFormat::Csv => {
            writeln!(w, "n,value")?;
            for i in 0..seq.len() {
                let v = seq.value_text(i);
                // Loopy values such as ∞(0,1,2) contain commas: quote them.
                if v.contains(',') {
                    writeln!(w, "{},\"{v}\"", from + i as u64)?;
                } else {
                    writeln!(w, "{},{v}", from + i as u64)?;
                }
            }
            Ok(())
        }
        SeqFormat::Bfile => {
            for i in 0..seq.len() {
                writeln!(w, "{} {}", from + i as u64, seq.value_text(i))?;
            }
            Ok(())
        }
        SeqFormat::Json => {
            let doc = Out {
                ruleset: &seq.ruleset,
                from,
                values: Values(seq),
                note: seq.note.as_deref(),
                source: seq.source.as_deref(),
            };
            serde_json::to_writer_pretty(&mut *w, &doc)?;
            writeln!(w)
        }
    })?;
    if let (Some(n), false) = (&seq.note, a.format == SeqFormat::Json) {
        eprintln!("grundy: note: {n}");
    }
    if let (Some(s), false) = (&seq.source, a.format == SeqFormat::Json) {
        eprintln!("grundy: note: {}: {s}", seq.ruleset);
    }
    Ok(())
}

fn finish(stopped: Option<Error>, from: u64, count: usize) -> anyhow::Result<ExitCode> {
    match stopped {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            if count > 0 {
                eprintln!(
                    "grundy: stopped; the values printed (heaps {from}..{}) are complete and exact",
                    from + count as u64 - 1
                );
            }
            Err(e.into())
        }
    }
}
