//! `grundy seq NAME --to N`: the nim-value sequence of a heap ruleset.

use super::bound::BoundArgs;
use crate::output::print_json;
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::game::{LoopyRuleset, Ruleset};
use grundy::solve::{sequence_partial, Bound, BoundedValue, LoopyExplorer, NimSeq};
use grundy::{Control, Error, Nimber};
use serde::Serialize;
use std::io::Write;
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
    /// OEIS b-file: one `n value` line per heap.
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
    #[arg(long)]
    to: u64,
    /// First heap size (default: the ruleset's first position).
    #[arg(long)]
    from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: SeqFormat,
    /// Search (default) or closed form.
    #[arg(long, value_enum, default_value_t)]
    method: SeqMethod,
    #[command(flatten)]
    bounds: BoundArgs,
}

#[derive(Serialize)]
struct Out {
    ruleset: String,
    from: u64,
    values: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// The first heap of the sequence: `--from`, or the ruleset's first position.
fn first_heap(a: &Args, name: &str, first: u64) -> anyhow::Result<u64> {
    let from = a.from.unwrap_or(first);
    if from < first {
        return Err(Error::Domain {
            ruleset: name.to_string(),
            position: format!("heap {from}"),
            reason: format!("heaps of {name} start at {first}"),
        }
        .into());
    }
    if from > a.to {
        anyhow::bail!("--from {from} is larger than --to {}", a.to);
    }
    Ok(from)
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    if let Ruleset::Loopy(l) = &rs {
        return run_loopy(&a, l.clone(), ctl);
    }
    let rs = rs.as_heap("seq")?;
    let from = first_heap(&a, &rs.name(), rs.first_heap())?;
    let (values, stopped): (Vec<Nimber>, Option<Error>) = match a.method {
        SeqMethod::Search => {
            let (seq, stopped): (NimSeq, _) = sequence_partial(rs.as_ref(), a.to, ctl)?;
            ((from..seq.len() as u64).map(|n| seq.get(n)).collect(), stopped)
        }
        SeqMethod::Formula => {
            let mut v = Vec::new();
            for n in from..=a.to {
                match rs.formula(n) {
                    Some(x) => v.push(x),
                    None => {
                        return Err(Error::NoFormula {
                            ruleset: rs.name(),
                            detail: rs.formula_gap(n),
                        }
                        .into())
                    }
                }
                if n & 0xFFFF == 0 && ctl.cancelled() {
                    break;
                }
            }
            let stopped = ctl.cancelled().then_some(Error::Interrupted);
            (v, stopped)
        }
    };
    let texts = values.iter().map(|v| v.to_string()).collect();
    write_values(&a, rs.name(), from, texts, None, stopped)
}

/// Prints the values in the chosen format (a note, if any, in the JSON or on stderr),
/// then reports an interruption.
fn write_values(
    a: &Args,
    ruleset: String,
    from: u64,
    texts: Vec<String>,
    note: Option<String>,
    stopped: Option<Error>,
) -> anyhow::Result<ExitCode> {
    let count = texts.len();
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    match a.format {
        SeqFormat::Text => writeln!(w, "{}", texts.join(","))?,
        SeqFormat::Csv => {
            writeln!(w, "n,value")?;
            for (i, v) in texts.iter().enumerate() {
                // Loopy values such as ∞(0,1,2) contain commas: quote them.
                if v.contains(',') {
                    writeln!(w, "{},\"{v}\"", from + i as u64)?;
                } else {
                    writeln!(w, "{},{v}", from + i as u64)?;
                }
            }
        }
        SeqFormat::Bfile => {
            for (i, v) in texts.iter().enumerate() {
                writeln!(w, "{} {v}", from + i as u64)?;
            }
        }
        SeqFormat::Json => {
            drop(w);
            print_json(&Out {
                ruleset,
                from,
                values: texts,
                note,
            })?;
            return finish(stopped, from, count);
        }
    }
    w.flush()?;
    drop(w);
    if let Some(n) = &note {
        eprintln!("grundy: note: {n}");
    }
    finish(stopped, from, count)
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

/// `seq` of a loopy ruleset: values within the bound, `?` where undetermined (the bound
/// is named in a note: on stderr for text and CSV, in the JSON).
fn run_loopy(a: &Args, rs: std::sync::Arc<dyn LoopyRuleset>, ctl: &Control) -> anyhow::Result<ExitCode> {
    let from = first_heap(a, &rs.name(), rs.first_heap())?;
    if a.method == SeqMethod::Formula {
        return Err(Error::NoFormula {
            ruleset: rs.name(),
            detail: Some("a loopy ruleset; its values come from its game graph".into()),
        }
        .into());
    }
    let bound = a.bounds.bound(Bound::default().moves);
    let count = a.to - from + 1;
    // The values (about 48 bytes each) and the explorer's cache (at least one entry
    // of about 64 bytes per heap).
    ctl.check_memory(
        &format!("the values of {}", rs.name()),
        count.saturating_mul(112),
        format!("{count} heaps"),
    )?;
    let mut ex = LoopyExplorer::new(rs.clone(), bound);
    let mut values: Vec<BoundedValue> = Vec::new();
    let mut stopped = None;
    ctl.start(&format!("{} values", rs.name()), count);
    for n in from..=a.to {
        match ex.heap_value(n, ctl) {
            Ok(v) => values.push(v),
            Err(e) => {
                stopped = Some(e);
                break;
            }
        }
        if n & 0x3FF == 0 {
            if let Err(e) = ctl.tick(n - from) {
                stopped = Some(e);
                break;
            }
        }
    }
    ctl.finish();
    let undetermined: Vec<&str> = values.iter().filter_map(BoundedValue::note).collect();
    let note = undetermined.first().map(|first_note| {
        format!(
            "{} of {} values are undetermined within the bound (heaps up to {}, {} moves per exploration); the first: {first_note}",
            undetermined.len(),
            values.len(),
            grundy::error::sci(bound.heap as u128),
            grundy::error::sci(bound.moves as u128)
        )
    });
    let texts = values.iter().map(BoundedValue::value_text).collect();
    write_values(a, rs.name(), from, texts, note, stopped)
}
