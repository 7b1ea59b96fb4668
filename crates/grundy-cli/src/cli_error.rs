//! Command-line errors as one line: clap's errors rewritten from their kind and context
//! (a [`clap::error::ErrorFormatter`]), and the hint that names how the limit of a
//! refusal was set (the option or the environment variable the user actually used).

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorFormatter, ErrorKind};
use clap::ArgAction;
use std::fmt::Write as _;

/// clap's error in one line: what was wrong, a suggestion, the usage.
pub struct OneLine;

fn text(v: Option<&ContextValue>) -> Option<String> {
    match v? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(s) if !s.is_empty() => Some(s.join("', '")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl ErrorFormatter for OneLine {
    fn format_error(e: &clap::error::Error<Self>) -> StyledStr {
        let get = |k| text(e.get(k));
        let arg = get(ContextKind::InvalidArg).unwrap_or_default();
        let value = get(ContextKind::InvalidValue).unwrap_or_default();
        let mut s = match e.kind() {
            ErrorKind::InvalidValue if value.is_empty() => format!("a value is required for '{arg}'"),
            ErrorKind::InvalidValue => {
                let mut m = format!("invalid value '{value}' for '{arg}'");
                if let Some(valid) = get(ContextKind::ValidValue) {
                    let _ = write!(m, " (possible values: '{valid}')");
                }
                m
            }
            ErrorKind::ValueValidation => {
                let why = std::error::Error::source(e)
                    .map(|s| format!(": {s}"))
                    .unwrap_or_default();
                format!("invalid value '{value}' for '{arg}'{why}")
            }
            ErrorKind::UnknownArgument => format!("unexpected argument '{arg}'"),
            ErrorKind::InvalidSubcommand => {
                format!(
                    "unknown command '{}'",
                    get(ContextKind::InvalidSubcommand).unwrap_or_default()
                )
            }
            ErrorKind::MissingRequiredArgument => format!("missing required argument '{arg}'"),
            ErrorKind::MissingSubcommand => "a command is required".to_string(),
            ErrorKind::ArgumentConflict => match get(ContextKind::PriorArg) {
                Some(p) if p == arg => format!("the argument '{arg}' cannot be used more than once"),
                Some(p) => format!("the argument '{arg}' cannot be used with '{p}'"),
                None => format!("the argument '{arg}' cannot be used with the other arguments"),
            },
            ErrorKind::TooManyValues => format!("unexpected value '{value}' for '{arg}'"),
            ErrorKind::WrongNumberOfValues | ErrorKind::TooFewValues => format!(
                "'{arg}' takes {} values, not {}",
                get(ContextKind::ExpectedNumValues)
                    .or_else(|| get(ContextKind::MinValues))
                    .unwrap_or_default(),
                get(ContextKind::ActualNumValues).unwrap_or_default()
            ),
            ErrorKind::NoEquals => format!("'{arg}' needs '=' before its value"),
            ErrorKind::InvalidUtf8 => "an argument is not valid UTF-8".to_string(),
            kind => match (kind.as_str(), std::error::Error::source(e)) {
                (_, Some(source)) => source.to_string(),
                (Some(m), None) => m.to_string(),
                (None, None) => "invalid arguments".to_string(),
            },
        };
        for k in [
            ContextKind::SuggestedSubcommand,
            ContextKind::SuggestedArg,
            ContextKind::SuggestedValue,
        ] {
            if let Some(x) = get(k) {
                let _ = write!(s, "; did you mean '{x}'?");
            }
        }
        if let Some(ContextValue::StyledStrs(tips)) = e.get(ContextKind::Suggested) {
            for t in tips {
                let _ = write!(s, "; {t}");
            }
        }
        if let Some(u) = get(ContextKind::Usage) {
            let u = u.trim();
            // Usages of several lines (`period NAME …` and `period --check FILE`) are
            // told apart by " or ", the line being one.
            let forms: Vec<&str> = u.strip_prefix("Usage: ").unwrap_or(u).lines().map(str::trim).collect();
            let _ = write!(s, " (usage: {}; see --help)", forms.join(" or "));
        }
        // One line, whatever the context held.
        let mut out = StyledStr::new();
        out.push_str(&s.split_whitespace().collect::<Vec<_>>().join(" "));
        out
    }
}

/// Every option value and argument, in every command, may be a negative number, so that
/// `--max-work -3` or `--to -3` reach the option's own check (an error naming it)
/// instead of being taken for an unknown option.
fn negative_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        let takes_value = matches!(a.get_action(), ArgAction::Set | ArgAction::Append);
        a.allow_negative_numbers(takes_value)
    })
    .mut_subcommands(negative_values)
}

/// The command line with a word that starts with '-' and a digit or '.' (a negative
/// number with a unit, `-1G`, `-2e3`, which clap would read as short flags) joined to
/// the option before it when that option takes a value (`--memory-limit=-1G`), so that
/// the option's own check names it. No option of grundy is a digit.
fn join_negative_values(cmd: &clap::Command, args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    fn takes_value(cmd: &clap::Command, word: &str) -> bool {
        cmd.get_arguments().any(|a| {
            matches!(a.get_action(), ArgAction::Set | ArgAction::Append)
                && (word.strip_prefix("--").is_some_and(|l| a.get_long() == Some(l))
                    || (word.len() == 2 && word.strip_prefix('-').and_then(|c| c.chars().next()) == a.get_short()))
        }) || cmd.get_subcommands().any(|c| takes_value(c, word))
    }
    let mut out: Vec<std::ffi::OsString> = Vec::with_capacity(args.len());
    for arg in args {
        let negative = arg.to_str().is_some_and(|w| {
            w.strip_prefix('-')
                .and_then(|r| r.chars().next())
                .is_some_and(|c| c.is_ascii_digit() || c == '.')
        });
        if let (true, Some(prev)) = (negative, out.last_mut()) {
            if prev
                .to_str()
                .is_some_and(|p| p.starts_with('-') && !p.contains('=') && takes_value(cmd, p))
            {
                prev.push("=");
                prev.push(&arg);
                continue;
            }
        }
        out.push(arg);
    }
    out
}

/// Parses the command line. Help and version print as usual (and exit 0); any other
/// clap error is one line `grundy: error: …` with exit status 2.
///
/// # Errors
///
/// The one-line message, or a [`crate::output::StdoutError`] when help or version
/// cannot be printed.
pub fn parse<P: clap::Parser>(help: fn(clap::Command) -> clap::Command) -> anyhow::Result<P> {
    let mut cmd = help(negative_values(P::command()));
    let parsed = cmd
        .try_get_matches_from_mut(join_negative_values(&cmd, std::env::args_os().collect()))
        .and_then(|mut m| P::from_arg_matches_mut(&mut m).map_err(|e| e.format(&mut cmd)));
    match parsed {
        Ok(p) => Ok(p),
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            // clap's `exit` would ignore a failed write (`--help > /dev/full`).
            e.print().map_err(crate::output::StdoutError)?;
            std::process::exit(e.exit_code())
        }
        Err(e) => Err(anyhow::anyhow!("{}", e.apply::<OneLine>().to_string().trim_end())),
    }
}
