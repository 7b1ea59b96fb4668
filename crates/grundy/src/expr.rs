//! The position-expression parser (syntax only; [`crate::catalog::parse_position`]
//! resolves names against the catalog).
//!
//! ```text
//! sum       := component ( '+' component )*
//! component := name [ '[' params ']' ] '(' args ')'
//! params    := any text with balanced brackets   -- parsed by the ruleset's family
//! args      := [ arg ( ',' arg )* ]
//! arg       := int [ '*' int ]          -- h*c is c copies of heap h (heap rulesets)
//! name      := letter ( letter | digit | '-' | '_' )*
//! ```
//! Whitespace is free between tokens. Names are case-sensitive. Integers are decimal,
//! non-negative and below 2^64. Errors give the 1-based column of the problem.

use crate::error::{Error, Result};

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
            Some(c) => return Err(p.err(format!("expected '+' or end of input, found '{c}'"))),
        }
    }
    Ok(out)
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
            Some(c) => format!("'{c}'"),
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
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_alphabetic() => {}
            Some(c) if c.is_ascii_digit() || c == '.' => return self.code_component(start),
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
        let mut c = self.arguments(name, start)?;
        c.params = params;
        c.params_column = params_column;
        Ok(c)
    }

    /// `'(' args ')'` after a name that starts at `start`.
    fn arguments(&mut self, name: String, start: usize) -> Result<ComponentExpr> {
        self.expect('(', &format!("after '{name}' (a position is written like {name}(…))"))?;
        let mut args = Vec::new();
        let mut has_copies = false;
        self.skip_ws();
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
        })
    }

    /// A component whose name is a take-and-break code (`0.137(10)`): the family
    /// `take-and-break` with the code as its parameter text.
    fn code_component(&mut self, start: usize) -> Result<ComponentExpr> {
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
        let Some(open) = open else {
            return Err(self.err("expected a ruleset name before the numbers, as in nim(3,5) or maliquot(12)"));
        };
        let mut end = open;
        while end > start && self.chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let code: String = self.chars[start..end].iter().collect();
        self.pos = open;
        let mut c = self.arguments("take-and-break".into(), start)?;
        c.params = Some(code);
        c.params_column = start + 1;
        Ok(c)
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
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            return Err(self.err(format!("expected a non-negative integer, found {}", self.found())));
        }
        let text: String = self.chars[digits_start..self.pos].iter().collect();
        text.parse::<u64>().map_err(|_| {
            self.err_at(
                start,
                format!(
                    "number {text} is too large: the largest allowed is 2^64−1 = {}",
                    u64::MAX
                ),
            )
        })
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
}
