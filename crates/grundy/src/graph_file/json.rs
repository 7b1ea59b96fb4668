//! The JSON form of graph files, `{"vertex": ["follower", …], …}`, read with line
//! numbers for every error (a small reader for exactly this shape).

use super::{err, RawVertex};
use crate::error::Result;
use std::borrow::Cow;

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

/// Parses the JSON form.
pub(super) fn parse(text: &str) -> Result<Vec<RawVertex<'_>>> {
    let mut r = Reader { text, pos: 0, line: 1 };
    let mut out = Vec::new();
    r.expect(b'{', "'{' to open the object of vertices")?;
    if r.peek() == Some(b'}') {
        r.pos += 1;
    } else {
        loop {
            let line = r.line_after_ws();
            let name = r.string("a vertex name (a string)")?;
            r.expect(b':', "':' after the vertex name")?;
            r.expect(b'[', "'[' to open the list of followers")?;
            let (mut followers, mut follower_lines) = (Vec::new(), Vec::new());
            if r.peek() == Some(b']') {
                r.pos += 1;
            } else {
                loop {
                    let fl = r.line_after_ws();
                    followers.push(r.string("a follower (a string)")?);
                    follower_lines.push(fl);
                    match r.next_byte() {
                        Some(b',') => continue,
                        Some(b']') => break,
                        _ => return Err(r.error("',' or ']' in the list of followers")),
                    }
                }
            }
            out.push(RawVertex {
                name,
                line,
                followers,
                follower_lines,
            });
            match r.next_byte() {
                Some(b',') => continue,
                Some(b'}') => break,
                _ => return Err(r.error("',' or '}' after a vertex's followers")),
            }
        }
    }
    if r.peek().is_some() {
        return Err(r.error("the end of the file after the object"));
    }
    Ok(out)
}

impl<'a> Reader<'a> {
    fn skip_ws(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && matches!(b[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            if b[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    fn line_after_ws(&mut self) -> usize {
        self.skip_ws();
        self.line
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.as_bytes().get(self.pos).copied()
    }

    fn next_byte(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn error(&mut self, expected: &str) -> crate::Error {
        let found = match self.peek() {
            None => "the end of the file".to_string(),
            Some(_) => {
                let c = self.text[self.pos..].chars().next().unwrap_or(' ');
                format!("'{c}'")
            }
        };
        err(
            self.line,
            format!("expected {expected} in the JSON graph, found {found}"),
        )
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn string(&mut self, what: &str) -> Result<Cow<'a, str>> {
        if self.peek() != Some(b'"') {
            return Err(self.error(what));
        }
        self.pos += 1;
        let start = self.pos;
        let b = self.text.as_bytes();
        // Fast path: no escapes.
        while self.pos < b.len() && b[self.pos] != b'"' && b[self.pos] != b'\\' && b[self.pos] >= 0x20 {
            self.pos += 1;
        }
        if b.get(self.pos) == Some(&b'"') {
            self.pos += 1;
            return Ok(Cow::Borrowed(&self.text[start..self.pos - 1]));
        }
        let mut s = String::from(&self.text[start..self.pos]);
        loop {
            let Some(c) = self.text[self.pos..].chars().next() else {
                return Err(err(self.line, "unterminated string in the JSON graph"));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(Cow::Owned(s)),
                '\\' => {
                    let e = self.text[self.pos..].chars().next();
                    self.pos += e.map_or(0, char::len_utf8);
                    match e {
                        Some('"') => s.push('"'),
                        Some('\\') => s.push('\\'),
                        Some('/') => s.push('/'),
                        Some('b') => s.push('\u{8}'),
                        Some('f') => s.push('\u{c}'),
                        Some('n') => s.push('\n'),
                        Some('r') => s.push('\r'),
                        Some('t') => s.push('\t'),
                        Some('u') => s.push(self.unicode_escape()?),
                        _ => return Err(err(self.line, "invalid escape in a JSON string")),
                    }
                }
                c if (c as u32) < 0x20 => {
                    return Err(err(
                        self.line,
                        "control character (such as a line break) inside a JSON string",
                    ))
                }
                c => s.push(c),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32> {
        let h = self
            .text
            .get(self.pos..self.pos + 4)
            .and_then(|h| u32::from_str_radix(h, 16).ok());
        match h {
            Some(v) => {
                self.pos += 4;
                Ok(v)
            }
            None => Err(err(self.line, "invalid \\u escape in a JSON string")),
        }
    }

    fn unicode_escape(&mut self) -> Result<char> {
        let hi = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&hi) {
            if self.text.get(self.pos..self.pos + 2) != Some("\\u") {
                return Err(err(self.line, "unpaired surrogate in a JSON string"));
            }
            self.pos += 2;
            let lo = self.hex4()?;
            if !(0xDC00..0xE000).contains(&lo) {
                return Err(err(self.line, "unpaired surrogate in a JSON string"));
            }
            0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
        } else {
            hi
        };
        char::from_u32(code).ok_or_else(|| err(self.line, "invalid \\u escape in a JSON string"))
    }
}
