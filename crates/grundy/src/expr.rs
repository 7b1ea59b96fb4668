//! The position-expression parser (syntax only; [`crate::catalog::parse_position`]
//! resolves names against the catalog).
//!
//! ```text
//! sum       := component ( '+' component )*
//! component := ( name [ '[' params ']' ] | code ) '(' args ')'
//! code      := a take-and-break code standing for take-and-break[code]: one that
//!              starts with a digit, '.', '&', '{' or '*', or letters and digits
//!              (and modifiers ! ? =) followed by '.' (C.0, 4!.0, {2+}.0, &12;.0)
//! params    := any text with balanced brackets   -- parsed by the ruleset's family
//! args      := [ arg ( ',' arg )* ] | string
//! string    := '"' any characters but '"' '"'   -- a board or a graph, read by the ruleset
//! arg       := int [ '*' int ]          -- h*c is c copies of heap h (heap rulesets)
//! int       := digits [ ('^' | '**') digits | ('e' | 'E') digits ]   -- 10^12 = 10**12, 1e6 = 10^6
//! name      := letter ( letter | digit | '-' | '_' )*
//! ```
//! Whitespace is free between tokens. Names are case-sensitive. Integers are
//! non-negative and below 2^64: decimal, a power (`10^12`, `2^40`) or in scientific
//! notation with an integer exponent (`1e6`, `3e9`); every sum and product is checked,
//! so a number too large is an error, never a wrapped value. Errors give the 1-based
//! column of the problem.

use crate::error::{Error, Result, Shown};

/// A parsed component before name resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentExpr {
    /// The ruleset name as written.
    pub name: String,
    /// 1-based column where the name starts.
    pub column: usize,
    /// The text between the brackets, if present (the family parses it).
    pub params: Option<String>,
    /// 1-based column of the first character of the parameter text.
    pub params_column: usize,
    /// Arguments: `(value, copies)`; copies is 1 unless written `h*c`.
    pub args: Vec<(u64, u64)>,
    /// True if some argument used the `h*c` form.
    pub has_copies: bool,
    /// The one string argument (`cram("..#./....")`), without its quotes, and the
    /// 1-based column of its first character.
    pub text: Option<(String, usize)>,
}

/// Parses a sum of components (syntax only: names are not looked up).
///
/// # Errors
/// [`Error::Syntax`], with the 1-based column of the offending character, for input
/// that does not follow the grammar above: for example a missing name, `(` or `)`, an
/// unclosed `[`, a number that is negative or above 2^64 − 1, zero copies in `h*c`, or
/// anything but `+` after a component.
pub fn parse(input: &str) -> Result<Vec<ComponentExpr>> {
    let mut p = Parser {
        chars: input.chars().collect(),
        pos: 0,
        input,
    };
    let mut out = vec![p.component()?];
    loop {
        p.skip_ws();
        match p.peek() {
            None => break,
            Some('+') => {
                p.pos += 1;
                out.push(p.component()?);
            }
            Some(_) => return Err(p.err(format!("expected '+' or end of input, found {}", p.found()))),
        }
    }
    Ok(out)
}

/// Parses a ruleset written without a position, `name` or `name[params]` (or a
/// take-and-break code such as `0.77`), as `grundy seq` takes it. The result has no
/// arguments.
///
/// # Errors
/// [`Error::Syntax`], with the 1-based column of the problem: a missing or malformed
/// name, an unclosed `[`, a position after the name (`nim(3)`), or anything else after
/// it.
pub fn parse_ruleset(input: &str) -> Result<ComponentExpr> {
    let mut p = Parser {
        chars: input.chars().collect(),
        pos: 0,
        input,
    };
    let c = p.head(true)?;
    p.skip_ws();
    match p.peek() {
        None => Ok(c),
        Some('(') => {
            let name: String = p.chars[..p.pos].iter().collect();
            Err(p.err(format!(
                "a ruleset is written without a position: '{}', not '{}'",
                Shown(name.trim()),
                Shown(input.trim())
            )))
        }
        Some(_) => Err(p.err(format!("expected the end of the ruleset name, found {}", p.found()))),
    }
}

/// Reads a number at `chars[*i..]`: decimal digits, then optionally `^k` (a power) or
/// `ek`/`Ek` (times 10^k). Returns `None` (and leaves `i`) if no digit is there; on
/// overflow, the error message.
pub(crate) fn read_number(chars: &[char], i: &mut usize) -> Option<std::result::Result<u64, String>> {
    let digits = |i: &mut usize| -> Option<String> {
        let start = *i;
        while chars.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        (*i > start).then(|| chars[start..*i].iter().collect())
    };
    let start = *i;
    let base_text = digits(i)?;
    let mut j = *i;
    // Python's `**` is a power too (`kayles(10**18)`); a single `*` is a copy count.
    let (op, width) = match (chars.get(j), chars.get(j + 1)) {
        (Some('*'), Some('*')) => (Some('^'), 2),
        (Some(&c), _) if matches!(c, '^' | 'e' | 'E') => (Some(c), 1),
        _ => (None, 0),
    };
    let exponent = op.and_then(|_| {
        j += width;
        digits(&mut j)
    });
    if exponent.is_some() {
        *i = j;
    }
    let text: String = chars[start..*i].iter().collect();
    let too_large = || {
        format!(
            "number {text} is too large: the largest allowed is 2^64−1 = {}",
            u64::MAX
        )
    };
    let value = (|| {
        let base: u64 = base_text.parse().ok()?;
        let Some(e) = exponent else { return Some(base) };
        let e: u32 = e.parse().ok()?;
        match op {
            Some('^') => base.checked_pow(e),
            _ => base.checked_mul(10u64.checked_pow(e)?),
        }
    })();
    Some(value.ok_or_else(too_large))
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    input: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn err_at(&self, pos: usize, message: impl Into<String>) -> Error {
        Error::Syntax {
            message: message.into(),
            column: pos + 1,
            input: self.input.to_string(),
        }
    }

    fn err(&self, message: impl Into<String>) -> Error {
        self.err_at(self.pos, message)
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{}'", c.escape_debug()),
            None => "end of input".to_string(),
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<()> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(format!("expected '{c}' {what}, found {}", self.found())))
        }
    }

    fn component(&mut self) -> Result<ComponentExpr> {
        let head = self.head(false)?;
        let mut c = self.arguments(head.name, head.column - 1)?;
        c.params = head.params;
        c.params_column = head.params_column;
        Ok(c)
    }

    /// A ruleset: `name [ '[' params ']' ]`, or a take-and-break code (which, in a
    /// position, runs to the `(` of the arguments; for a ruleset alone, to the end).
    fn head(&mut self, alone: bool) -> Result<ComponentExpr> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_digit() || matches!(c, '.' | '&' | '{' | '*') || self.letter_code(start) => {
                return self.code_head(start, alone)
            }
            Some(c) if c.is_alphabetic() => {}
            _ => return Err(self.err(format!("expected a ruleset name, found {}", self.found()))),
        }
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_') {
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        self.skip_ws();
        let mut params_column = 0;
        let params = if self.peek() == Some('[') {
            let open = self.pos;
            self.pos += 1;
            params_column = self.pos + 1;
            let mut depth = 1;
            while depth > 0 {
                match self.peek() {
                    None => return Err(self.err_at(open, "this '[' is never closed by ']'")),
                    Some('[') => depth += 1,
                    Some(']') => depth -= 1,
                    _ => {}
                }
                self.pos += 1;
            }
            Some(self.chars[open + 1..self.pos - 1].iter().collect())
        } else {
            None
        };
        Ok(ComponentExpr {
            name,
            column: start + 1,
            params,
            params_column,
            args: Vec::new(),
            has_copies: false,
            text: None,
        })
    }

    /// `'(' args ')'` after a name that starts at `start`.
    fn arguments(&mut self, name: String, start: usize) -> Result<ComponentExpr> {
        self.expect('(', &format!("after '{name}' (a position is written like {name}(…))"))?;
        let mut args = Vec::new();
        let mut has_copies = false;
        self.skip_ws();
        if self.peek() == Some('"') {
            let open = self.pos;
            let Some(len) = self.chars[open + 1..].iter().position(|&c| c == '"') else {
                return Err(self.err_at(open, "this '\"' is never closed by '\"'"));
            };
            let text: String = self.chars[open + 1..open + 1 + len].iter().collect();
            self.pos = open + len + 2;
            self.expect(')', "after the string argument (a string is the only argument)")?;
            return Ok(ComponentExpr {
                name,
                column: start + 1,
                params: None,
                params_column: 0,
                args,
                has_copies,
                text: Some((text, open + 2)),
            });
        }
        if self.peek() != Some(')') {
            loop {
                let v = self.integer()?;
                self.skip_ws();
                let mut copies = 1;
                if self.peek() == Some('*') {
                    self.pos += 1;
                    let at = self.pos;
                    copies = self.integer()?;
                    if copies == 0 {
                        return Err(self.err_at(at, "the number of copies in h*c must be at least 1"));
                    }
                    has_copies = true;
                    self.skip_ws();
                }
                args.push((v, copies));
                match self.peek() {
                    Some(',') => self.pos += 1,
                    Some(')') => break,
                    _ => return Err(self.err(format!("expected ',' or ')' in the arguments, found {}", self.found()))),
                }
            }
        }
        self.pos += 1;
        Ok(ComponentExpr {
            name,
            column: start + 1,
            params: None,
            params_column: 0,
            args,
            has_copies,
            text: None,
        })
    }

    /// A take-and-break code whose d0 is written with letters (`C.0`, `c!.0`, `AB.0`,
    /// which the code parser refuses as two digits before '.'): ASCII letters and
    /// digits, modifiers, then '.', which no name contains.
    fn letter_code(&self, start: usize) -> bool {
        let mut i = start;
        while self.chars.get(i).is_some_and(char::is_ascii_alphanumeric) {
            i += 1;
        }
        while self.chars.get(i).is_some_and(|c| matches!(c, '!' | '?' | '=')) {
            i += 1;
        }
        i > start && self.chars.get(i) == Some(&'.')
    }

    /// A ruleset whose name is a take-and-break code (`0.137(10)`): the family
    /// `take-and-break` with the code as its parameter text.
    fn code_head(&mut self, start: usize, alone: bool) -> Result<ComponentExpr> {
        // The code runs to the '(' of the arguments ('+' may occur inside braces: {2+}).
        let mut braces = 0usize;
        let mut open = None;
        for i in start..self.chars.len() {
            match self.chars[i] {
                '{' => braces += 1,
                '}' => braces = braces.saturating_sub(1),
                '(' => {
                    open = Some(i);
                    break;
                }
                '+' if braces == 0 => break,
                _ => {}
            }
        }
        let open = match open {
            Some(o) => o,
            None if alone => self.chars.len(),
            None => return Err(self.err("expected a ruleset name before the numbers, as in nim(3,5) or maliquot(12)")),
        };
        let mut end = open;
        while end > start && self.chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let code: String = self.chars[start..end].iter().collect();
        self.pos = end;
        Ok(ComponentExpr {
            name: "take-and-break".into(),
            column: start + 1,
            params: Some(code),
            params_column: start + 1,
            args: Vec::new(),
            has_copies: false,
            text: None,
        })
    }

    fn integer(&mut self) -> Result<u64> {
        self.skip_ws();
        let start = self.pos;
        if self.peek() == Some('-') {
            return Err(
                self.err("negative numbers are not positions: heap sizes and coordinates are non-negative integers")
            );
        }
        if self.peek() == Some('+') {
            self.pos += 1;
        }
        let mut i = self.pos;
        let number = read_number(&self.chars, &mut i);
        self.pos = i;
        match number {
            None => Err(self.err(format!("expected a non-negative integer, found {}", self.found()))),
            Some(Ok(v)) => Ok(v),
            Some(Err(message)) => Err(self.err_at(start, message)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column_of(input: &str) -> usize {
        match parse(input) {
            Err(Error::Syntax { column, .. }) => column,
            other => panic!("expected a syntax error for {input:?}, got {other:?}"),
        }
    }

    #[test]
    fn parses_the_design_examples() {
        let c = parse("totient(7) + totative(7)").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].name, "totative");
        assert_eq!(c[1].column, 14);
        let c = parse("subtraction[1,2](7)").unwrap();
        assert_eq!(c[0].params.as_deref(), Some("1,2"));
        assert_eq!(c[0].params_column, 13);
        assert_eq!(c[0].args, vec![(7, 1)]);
        let c = parse("take-and-break[0.[3]](5)").unwrap();
        assert_eq!(c[0].params.as_deref(), Some("0.[3]"));
        let c = parse("  nim( 3 ,5,6 )+cdn(6,3,2) ").unwrap();
        assert_eq!(c[0].args, vec![(3, 1), (5, 1), (6, 1)]);
        assert_eq!(c[1].name, "cdn");
        let c = parse("dividing(2*9, 7)").unwrap();
        assert_eq!(c[0].args, vec![(2, 9), (7, 1)]);
        assert!(c[0].has_copies);
        let c = parse("divide-and-residue()").unwrap();
        assert!(c[0].args.is_empty());
        assert_eq!(parse("mOmega(4)").unwrap()[0].name, "mOmega");
    }

    /// Issue 18: a code whose d0 is a letter, `&N;` or braces was read as a name
    /// (`C.0`) or refused (`{2+}.0`); it is the code, as in `take-and-break[…]`.
    #[test]
    fn codes_with_any_d0_stand_alone() {
        // `*.0` is a code too, refused by the code's parser with its reason (its d0
        // takes the whole heap), where it was "expected a ruleset name, found '*'".
        for code in [
            "C.0", "c!.0", "{2+}.0", "&4;.0", "{2,3}=.0", "AB.0", "4!.0", ".6", "*.0",
        ] {
            let alone = parse_ruleset(code).unwrap();
            assert_eq!(alone.name, "take-and-break", "{code}");
            assert_eq!(alone.params.as_deref(), Some(code));
            let sum = parse(&format!("nim(1) + {code}(5, 6)")).unwrap();
            assert_eq!(sum[1].name, "take-and-break", "{code}");
            assert_eq!(sum[1].params.as_deref(), Some(code));
            assert_eq!(sum[1].params_column, 10);
            assert_eq!(sum[1].args, vec![(5, 1), (6, 1)]);
        }
        // Names never contain '.': these stay names (and their errors name errors).
        for name in ["kayles", "nim!", "dawsons-kayles.0"] {
            assert_ne!(
                parse_ruleset(name).map(|c| c.name).ok().as_deref(),
                Some("take-and-break")
            );
        }
    }

    #[test]
    fn string_arguments() {
        let c = parse("nim(1) + cram( \"..#./....\" )").unwrap();
        assert_eq!(c[1].text, Some(("..#./....".to_string(), 17)));
        assert!(c[1].args.is_empty());
        assert_eq!(parse("cram(\"\")").unwrap()[0].text, Some((String::new(), 7)));
        // Unclosed, or followed by another argument.
        assert_eq!(column_of("cram(\"..#"), 6);
        assert_eq!(column_of("cram(\"..\", 3)"), 10);
    }

    #[test]
    fn reports_columns() {
        assert_eq!(column_of("nim(3,,5)"), 7);
        assert_eq!(column_of("nim(3) + "), 10);
        assert_eq!(column_of("nim(-3)"), 5);
        assert_eq!(column_of("nim(3"), 6);
        assert_eq!(column_of("nim 3"), 5);
        assert_eq!(column_of("nim(3) nim(4)"), 8);
        assert_eq!(column_of("3+4"), 1);
        assert_eq!(column_of("nim(99999999999999999999)"), 5);
        assert_eq!(column_of("nim(2*0)"), 7);
        assert_eq!(column_of("subtraction[1,2(7)"), 12);
        let e = parse("nim(99999999999999999999)").unwrap_err().to_string();
        assert!(e.contains("too large"), "{e}");
    }

    #[test]
    fn powers_and_scientific_notation() {
        let c = parse("nim(10^12, 3, 5) + nim(1e6, 2E3, 2^63*3)").unwrap();
        assert_eq!(parse("nim(10**12, 2**3*2)").unwrap(), parse("nim(10^12, 8*2)").unwrap());
        assert_eq!(c[0].args, vec![(1_000_000_000_000, 1), (3, 1), (5, 1)]);
        assert_eq!(c[1].args, vec![(1_000_000, 1), (2000, 1), (1 << 63, 3)]);
        assert_eq!(parse("nim(3*1e3)").unwrap()[0].args, vec![(3, 1000)]);
        // Checked: too large is an error at the number's column, never a wrapped value.
        for (text, column) in [
            ("nim(2^64)", 5),
            ("nim(10^20)", 5),
            ("nim(2e19)", 5),
            ("nim(1*2^64)", 7),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.to_string().contains("too large"), "{text}: {e}");
            assert_eq!(column_of(text), column, "{text}");
        }
        assert!(parse("nim(2^64-1)").unwrap_err().to_string().contains("too large"));
        assert_eq!(
            parse("nim(18446744073709551615e0)").unwrap()[0].args,
            vec![(u64::MAX, 1)]
        );
        assert_eq!(parse("nim(0^0)").unwrap()[0].args, vec![(1, 1)]);
        // 'e' without an exponent is not a number.
        assert_eq!(column_of("nim(3e)"), 6);
    }

    #[test]
    fn rulesets_alone() {
        let c = parse_ruleset(" subtraction[1,2] ").unwrap();
        assert_eq!((c.name.as_str(), c.params.as_deref()), ("subtraction", Some("1,2")));
        let c = parse_ruleset("0.77").unwrap();
        assert_eq!((c.name.as_str(), c.params.as_deref()), ("take-and-break", Some("0.77")));
        // Issue 12: `seq ''` reported "found '('", a character the user never typed.
        let e = parse_ruleset("").unwrap_err().to_string();
        assert!(e.contains("expected a ruleset name, found end of input"), "{e}");
        let e = parse_ruleset("nim(3)").unwrap_err().to_string();
        assert!(
            e.contains("column 4") && e.contains("without a position: 'nim', not 'nim(3)'"),
            "{e}"
        );
        let e = parse_ruleset("nim +").unwrap_err().to_string();
        assert!(e.contains("column 5") && e.contains("found '+'"), "{e}");
    }

    #[test]
    fn line_breaks_are_escaped_in_errors() {
        let e = parse("nim(3,\n4").unwrap_err().to_string();
        assert!(!e.contains('\n') && e.contains("nim(3,\\n4"), "{e}");
        let e = parse("nim(3)\n+\tx").unwrap_err().to_string();
        assert!(!e.contains('\n') && !e.contains('\t'), "{e}");
    }
}
