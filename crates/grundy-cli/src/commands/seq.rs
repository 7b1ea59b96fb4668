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
    /// Dense search from the rules (mex over options), one pass over 0..=N.
    #[default]
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
    /// Search (default) or closed form.
    #[arg(long, value_enum, default_value_t)]
    method: SeqMethod,
    /// Checkpoint file for dense search of a finite ruleset: resume from it when it
    /// holds values of this ruleset (refusing a corrupted file, one for another ruleset
    /// or values the rules do not give), save to it atomically every 30 s of work and
    /// when the run ends or is interrupted (a second Ctrl-C waits for the save).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Play convention: normal (nim-values G(n)) or misere (misère values G⁻(n), with
    /// the genus and tameness of each heap in csv and json).
    #[arg(long, value_enum, default_value_t)]
    play: super::value::PlayArg,
    #[command(flatten)]
    bounds: BoundArgs,
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
    if a.play == super::value::PlayArg::Misere {
        return misere(&a, &rs, ctl);
    }
    let method = match a.method {
        SeqMethod::Search => Method::Search,
        SeqMethod::Formula => Method::Formula,
    };
    let mut solver = Solver::new(method, ctl.clone()).with_bound(a.bounds.bound(Bound::default().moves));
    if let Some(path) = &a.checkpoint {
        if method != Method::Search {
            anyhow::bail!("--checkpoint needs --method search");
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
            };
            serde_json::to_writer_pretty(&mut *w, &doc)?;
            writeln!(w)
        }
    })?;
    if let (Some(n), false) = (&seq.note, a.format == SeqFormat::Json) {
        eprintln!("grundy: note: {n}");
    }
    Ok(())
}

/// The misère JSON document: G⁻ of each heap in `values`, its genus and tameness.
#[derive(Serialize)]
struct MisereOut<'a> {
    ruleset: &'a str,
    from: u64,
    play: &'static str,
    values: Vec<String>,
    genus: Vec<String>,
    tameness: Vec<String>,
}

/// `seq --play misere`: G⁻(n), the genus and tameness of each heap, by the misère
/// search (the finished prefix kept on a stop).
fn misere(a: &Args, rs: &grundy::game::Ruleset, ctl: &Control) -> anyhow::Result<ExitCode> {
    if a.checkpoint.is_some() || a.method != SeqMethod::Search {
        anyhow::bail!(
            "--play misere computes each heap by the misère search: it takes no --checkpoint or --method formula"
        );
    }
    let mut solver = Solver::new(Method::Search, ctl.clone()).with_play(grundy::solve::Play::Misere);
    let seq = solver.misere_sequence(rs, a.from, a.to)?;
    let from = seq.from;
    crate::output::stdout(|w| match a.format {
        SeqFormat::Text => {
            let v: Vec<String> = seq.values.iter().map(|r| r.misere_value.to_string()).collect();
            writeln!(w, "{}", v.join(","))
        }
        SeqFormat::Csv => {
            writeln!(w, "n,value,genus,tameness")?;
            for (i, r) in seq.values.iter().enumerate() {
                writeln!(
                    w,
                    "{},{},\"{}\",{}",
                    from + i as u64,
                    r.misere_value,
                    r.genus,
                    r.tameness
                )?;
            }
            Ok(())
        }
        SeqFormat::Bfile => {
            for (i, r) in seq.values.iter().enumerate() {
                writeln!(w, "{} {}", from + i as u64, r.misere_value)?;
            }
            Ok(())
        }
        SeqFormat::Json => {
            let doc = MisereOut {
                ruleset: &seq.ruleset,
                from,
                play: grundy::solve::Play::Misere.name(),
                values: seq.values.iter().map(|r| r.misere_value.to_string()).collect(),
                genus: seq.values.iter().map(|r| r.genus.to_string()).collect(),
                tameness: seq.values.iter().map(|r| r.tameness.to_string()).collect(),
            };
            serde_json::to_writer_pretty(&mut *w, &doc)?;
            writeln!(w)
        }
    })?;
    finish(seq.stopped, from, seq.values.len())
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
