//! `grundy seq NAME --to N`: the nim-value sequence of a heap ruleset.

use crate::output::print_json;
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::solve::{sequence_partial, NimSeq};
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
}

#[derive(Serialize)]
struct Out {
    ruleset: String,
    from: u64,
    values: Vec<String>,
}

/// Runs the command.
pub fn run(a: Args, ctl: &Control) -> anyhow::Result<ExitCode> {
    let rs = parse_ruleset(&a.name)?;
    let rs = rs.as_heap("seq")?;
    let first = rs.first_heap();
    let from = a.from.unwrap_or(first);
    if from < first {
        return Err(Error::Domain {
            ruleset: rs.name(),
            position: format!("heap {from}"),
            reason: format!("heaps of {} start at {first}", rs.name()),
        }
        .into());
    }
    if from > a.to {
        anyhow::bail!("--from {from} is larger than --to {}", a.to);
    }
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
    let out = std::io::stdout();
    let mut w = std::io::BufWriter::new(out.lock());
    match a.format {
        SeqFormat::Text => {
            let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            writeln!(w, "{}", text.join(","))?;
        }
        SeqFormat::Csv => {
            writeln!(w, "n,value")?;
            for (i, v) in values.iter().enumerate() {
                writeln!(w, "{},{v}", from + i as u64)?;
            }
        }
        SeqFormat::Bfile => {
            for (i, v) in values.iter().enumerate() {
                writeln!(w, "{} {v}", from + i as u64)?;
            }
        }
        SeqFormat::Json => {
            drop(w);
            print_json(&Out {
                ruleset: rs.name(),
                from,
                values: values.iter().map(|v| v.to_string()).collect(),
            })?;
            return finish(stopped, from, values.len());
        }
    }
    w.flush()?;
    drop(w);
    finish(stopped, from, values.len())
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
