//! `grundy seq NAME --to N`: the nim-value sequence of a heap ruleset.

mod print;

use super::bound::BoundArgs;
use clap::ValueEnum;
use grundy::catalog::parse_ruleset;
use grundy::rulesets::take_break::checkpoint::FileCheckpoint;
use grundy::solve::{Bound, Method, Sequence, Solver};
use grundy::{Control, Error};
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
    /// Play convention: normal (nim-values G(n)) or misere (misère values G⁻(n), with
    /// the genus and tameness of each heap in csv and json).
    #[arg(long, value_enum, default_value_t)]
    play: super::value::PlayArg,
    #[command(flatten)]
    bounds: BoundArgs,
    #[command(flatten)]
    period: super::period_file::PeriodArg,
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
            .on_resume(move |heap| crate::eprintln_quiet!("grundy: resumed from heap {heap} (checkpoint {shown})"));
        solver = solver.with_checkpoint(std::sync::Arc::new(ck));
    }
    let seq = solver
        .sequence(&rs, a.from, a.to)
        .map_err(|e| formula_advice(e, &rs, a.from, a.to, method, ctl))?;
    // Printing huge values (powerset rulesets) can cost more than computing them.
    ctl.check_work(
        &format!("printing the values of {} to {}", seq.ruleset, a.to),
        seq.text_work(),
        "decimal conversion, (digits/19 + 1)² per value",
    )?;
    // Printing the values of a finished computation stops at Ctrl-C (printing powerset
    // values can take hours); after an interrupted computation, its finished values are
    // printed whole (a second Ctrl-C exits at once).
    let watch = seq.stopped.is_none().then_some(ctl);
    let stop = || watch.is_some_and(Control::cancelled);
    let count = write_values(&a, &seq, &stop)?;
    let stopped = match seq.stopped {
        None if count < seq.len() => Some(Error::Interrupted),
        s => s,
    };
    finish(stopped, seq.from, count)
}

/// Prints the values in the chosen format, each formatted as it is written (nothing is
/// assembled in memory: the output takes O(1) memory beyond the table), and a note, if
/// any, in the JSON or on stderr, up to the first time `stop` says so; returns the
/// number of values printed.
fn write_values(a: &Args, seq: &Sequence, stop: &dyn Fn() -> bool) -> anyhow::Result<usize> {
    let layout = match a.format {
        SeqFormat::Text => &print::TEXT,
        SeqFormat::Csv => &print::CSV,
        SeqFormat::Bfile => &print::BFILE,
        SeqFormat::Json => &print::JSON,
    };
    let mut count = 0;
    crate::output::stdout(|out| {
        // A buffer of a concrete type, so that the many small writes are inlined copies.
        let mut w = std::io::BufWriter::with_capacity(1 << 16, out);
        count = if a.format == SeqFormat::Json {
            print::json(
                &mut w,
                seq,
                &[("note", seq.note.as_deref()), ("source", seq.source.as_deref())],
                stop,
            )?
        } else {
            print::rows(&mut w, seq, layout, stop)?
        };
        w.flush()
    })?;
    if let (Some(n), false) = (&seq.note, a.format == SeqFormat::Json) {
        crate::eprintln_quiet!("grundy: note: {n}");
    }
    if let (Some(src), false) = (&seq.source, a.format == SeqFormat::Json) {
        crate::eprintln_quiet!("grundy: note: {}: {src}", seq.ruleset);
    }
    Ok(count)
}

/// The misère JSON document's head: written before the search, so that an output that
/// cannot be written (a full disk, `/dev/full`) stops the run at once.
#[derive(serde::Serialize)]
struct MisereHead<'a> {
    ruleset: &'a str,
    from: u64,
    play: &'static str,
}

/// The rest of the misère JSON document: G⁻ of each heap in `values`, its genus and
/// tameness (three arrays, so written once every heap is done).
#[derive(serde::Serialize)]
struct MisereTail {
    values: Vec<String>,
    genus: Vec<String>,
    tameness: Vec<String>,
}

/// The members of a pretty JSON object, without its braces and with a comma after the
/// last: what goes between `{` and the next member's key.
fn json_members(doc: &impl serde::Serialize) -> serde_json::Result<String> {
    let text = serde_json::to_string_pretty(doc)?;
    let inner = text.trim_start_matches('{').trim_end_matches('}').trim_end();
    Ok(format!("{inner},"))
}

/// `seq --play misere`: G⁻(n), the genus and tameness of each heap, by the misère
/// search (the finished prefix kept on a stop).
fn misere(a: &Args, rs: &grundy::game::Ruleset, ctl: &Control) -> anyhow::Result<ExitCode> {
    if a.period.period.is_some() {
        anyhow::bail!("{}", super::period_file::MISERE_NO_PERIOD);
    }
    if a.checkpoint.is_some() || a.method == SeqMethod::Formula {
        anyhow::bail!(
            "--play misere computes each heap by the misère search: it takes no --checkpoint or --method formula"
        );
    }
    let mut solver = Solver::new(Method::Search, ctl.clone()).with_play(grundy::solve::Play::Misere);
    if a.format == SeqFormat::Json {
        // One document: its head with the first heap (a failed write stops the run
        // then, not after the last heap), its arrays once every heap is done.
        let mut failed: Option<anyhow::Error> = None;
        let mut tail = MisereTail {
            values: Vec::new(),
            genus: Vec::new(),
            tameness: Vec::new(),
        };
        let name = rs.as_heap("seq").map(|h| h.name()).unwrap_or_default();
        let seq = solver.misere_sequence_each(rs, a.from, a.to, &mut |n, r| {
            if tail.values.is_empty() {
                let head = MisereHead {
                    ruleset: &name,
                    from: n,
                    play: grundy::solve::Play::Misere.name(),
                };
                let written = json_members(&head).map_err(anyhow::Error::from).and_then(|head| {
                    crate::output::stdout(|w| {
                        write!(w, "{{{head}")?;
                        w.flush()
                    })
                });
                if let Err(e) = written {
                    failed = Some(e);
                    return false;
                }
            }
            tail.values.push(r.misere_value.to_string());
            tail.genus.push(r.genus.to_string());
            tail.tameness.push(r.tameness.to_string());
            true
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        if tail.values.is_empty() {
            // Stopped before the first heap: nothing is written.
            return finish(seq.stopped, seq.from, 0);
        }
        let tail = serde_json::to_string_pretty(&tail)?;
        crate::output::stdout(|w| writeln!(w, "{}", tail.trim_start_matches('{')))?;
        return finish(seq.stopped, seq.from, seq.values.len());
    }
    // The other formats write each heap as soon as its search ends (a heap's search can
    // take minutes: a hostile check found nothing written after 15 s, and a closed pipe
    // unnoticed until the end); a failed write stops the search.
    let mut failed: Option<std::io::Error> = None;
    let seq = crate::output::stdout(|w| {
        let mut first = true;
        let seq = solver.misere_sequence_each(rs, a.from, a.to, &mut |n, r| {
            if first && a.format == SeqFormat::Csv {
                if let Err(e) = writeln!(w, "n,value,genus,tameness") {
                    failed = Some(e);
                    return false;
                }
            }
            let line = match a.format {
                SeqFormat::Text => write!(w, "{}{}", if first { "" } else { "," }, r.misere_value),
                SeqFormat::Csv => writeln!(w, "{n},{},\"{}\",{}", r.misere_value, r.genus, r.tameness),
                SeqFormat::Bfile | SeqFormat::Json => writeln!(w, "{n} {}", r.misere_value),
            };
            first = false;
            match line.and_then(|()| w.flush()) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        });
        if let Some(e) = failed.take() {
            return Err(e);
        }
        if a.format == SeqFormat::Text && !first {
            writeln!(w)?;
        }
        Ok(seq)
    })??;
    finish(seq.stopped, seq.from, seq.values.len())
}

fn finish(stopped: Option<Error>, from: u64, count: usize) -> anyhow::Result<ExitCode> {
    match stopped {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            if count > 0 {
                crate::eprintln_quiet!(
                    "grundy: stopped; the values printed (heaps {from}..={}) are complete and exact",
                    from + count as u64 - 1
                );
            }
            Err(e.into())
        }
    }
}

/// A refusal for the memory or work limit of a search where `--method formula` gives
/// the range (`--memory-limit 1G seq nim --to 10^9`), with the advice to use it:
/// exactly when it would work ([`grundy::solve::formula_gives`]: a value for every heap
/// of the range, within the work limit), so that the advice never leads to "no closed
/// form … use --method search". A table past 2^32 heaps, which no limit lets be built,
/// carries the library's advice (and `--method auto` takes the closed form there).
fn formula_advice(
    e: Error,
    rs: &grundy::game::Ruleset,
    from: Option<u64>,
    to: u64,
    method: Method,
    ctl: &Control,
) -> anyhow::Error {
    let refused = matches!(
        e,
        Error::TooLarge { .. } | Error::TooManyStates { .. } | Error::TooMuchWork { .. } | Error::OutOfMemory { .. }
    );
    let grundy::game::Ruleset::Heap(h) = rs else {
        return e.into();
    };
    if !refused || method == Method::Formula || grundy::control::is_past_tables(&e) {
        return e.into();
    }
    let from = from.unwrap_or(h.first_heap());
    if grundy::solve::formula_gives(h.as_ref(), from, to, ctl) {
        super::Advised {
            error: e,
            advice: "--method formula gives these from the closed form".into(),
        }
        .into()
    } else {
        e.into()
    }
}
