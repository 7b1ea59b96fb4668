//! Take-and-break codes: the syntax of CGSuite's `TakeAndBreak` and of the literature
//! (Winning Ways ch. 4; Guy & Smith 1956).
//!
//! A move removes `j` tokens from one heap and leaves the rest as some number `k` of
//! nonempty heaps. The code `d0.d1d2d3…` says when: write digit `dj` in binary,
//! `dj = Σ e_k·2^k`; removing `j` tokens and leaving exactly `k` heaps is allowed iff
//! `e_k = 1`. Bit 1 takes the whole heap, bit 2 leaves one heap, bit 4 two heaps, bit 8
//! three (hexadecimal codes). `d0` removes nothing, so it can only split.
//!
//! ```text
//! code       := [ digit ] '.' digit* [ '[' digit+ ']' ]
//! digit      := ( base36 | '&' number ';' | '*' | '{' count ( ',' count )* [ '+' ] '}' ) [ modifier ]
//! count      := number [ modifier ]            -- an explicit number of heaps left
//! base36     := '0'…'9' | 'A'…'Z' (or 'a'…'z')  -- values 0 … 35 (CGSuite: 0 … V = 31)
//! modifier   := '!' (pairwise unequal heaps) | '?' (not all equal) | '=' (all equal)
//! ```
//!
//! `{2,3}` leaves two or three heaps, `{2+}` two or more, `*` any number (CGSuite's
//! `{0+}`: the whole heap, one heap, or any split); a modifier after a digit
//! applies to all its heap counts, one after a count inside braces to that count. The
//! counts in braces are a set; with `+` they are written in increasing order, the `+`
//! after the largest (CGSuite applies it to the largest count wherever it is written,
//! so `{3,1+}` is refused rather than read as `{1,3+}`), and a count named twice must
//! carry the same modifier (CGSuite keeps the last one written). A
//! repeating tail `[…]` ends the code (`0.[3]` is Nim). The leading `0` may be omitted
//! (`.137`). Grundy's game is `4!.0`.

use crate::error::{Error, Result};
use std::fmt;

/// The most heaps a digit can name explicitly (a heap count is a bit of a `u64`).
pub const MAX_HEAP_COUNT: u32 = 63;

/// A restriction on the heaps a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// No restriction.
    Any,
    /// `!`: the heaps left are pairwise unequal.
    PairwiseUnequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

impl Constraint {
    fn symbol(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::PairwiseUnequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }

    fn of(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::PairwiseUnequal),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::AllEqual),
            _ => None,
        }
    }
}

/// One digit of a code: for each number `k` of heaps left, whether leaving `k` heaps is
/// allowed and with which [`Constraint`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// `counts[k]`: leaving `k` heaps (`None`: not allowed). No trailing `None`.
    counts: Vec<Option<Constraint>>,
    /// Leaving more heaps than `counts.len() − 1` is allowed with this constraint
    /// (`{2+}`).
    more: Option<Constraint>,
}

impl Digit {
    /// The digit with value `v` (bit `k` allows leaving `k` heaps), all with `c`.
    pub fn from_bits(v: u64, c: Constraint) -> Digit {
        let mut counts = Vec::new();
        for k in 0..64 {
            if v >> k == 0 {
                break;
            }
            counts.push((v >> k & 1 == 1).then_some(c));
        }
        Digit { counts, more: None }.normalized()
    }

    /// The zero digit (no move).
    pub fn zero() -> Digit {
        Digit::default()
    }

    /// True if no move is allowed.
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty() && self.more.is_none()
    }

    /// The constraint for leaving `k` heaps, or `None` if that is not allowed (a
    /// constraint on 0 or 1 heaps says nothing: it is [`Constraint::Any`]).
    pub fn allows(&self, k: u64) -> Option<Constraint> {
        let c = match self.counts.get(k as usize) {
            Some(c) => *c,
            None => self.more,
        };
        if k < 2 {
            c.map(|_| Constraint::Any)
        } else {
            c
        }
    }

    /// True if leaving one heap of `m` ≥ 1 tokens is a move. As in CGSuite's
    /// `TBCode2`: when the digit's counts of two or more heaps all carry `?` (not all
    /// equal), so does its count of one heap, and a single heap of one token counts as
    /// "all equal" there (CGSuite's traversal asks the smallest heap, 1, to be below
    /// the largest): `0.6?` has no move from heap 2 (leaving 1, or 1 + 1), and
    /// `0.{1,2?}` is `0.6?`. With any other constraint one heap is always allowed.
    pub fn leaves_one(&self, m: u64) -> bool {
        self.allows(1).is_some() && (m >= 2 || !self.only_not_all_equal())
    }

    /// True if the counts of two or more heaps the digit allows all carry `?` (and
    /// there is one).
    fn only_not_all_equal(&self) -> bool {
        let mut listed = self.counts.iter().skip(2).flatten().chain(self.more.iter()).peekable();
        listed.peek().is_some() && listed.all(|&c| c == Constraint::NotAllEqual)
    }

    /// The largest number of heaps the digit leaves (`u64::MAX` for `{k+}`).
    pub fn max_heaps(&self) -> u64 {
        if self.more.is_some() {
            u64::MAX
        } else {
            self.counts.len().saturating_sub(1) as u64
        }
    }

    /// For a `{k+}` digit, the first count of the `+` group (every count from it on is
    /// allowed) and its constraint.
    pub fn open_counts(&self) -> Option<(u64, Constraint)> {
        self.more.map(|c| (self.counts.len() as u64, c))
    }

    /// Calls `f(k, c)` for each number `k ≥ 2` of heaps the digit leaves from `m`
    /// tokens, with its constraint `c`, for which some partition of `m` into `k` parts
    /// meets `c` (in increasing order). A `{k+}` digit is not tried for every `k ≤ m`:
    /// with `=` only the divisors of `m` can be counts, with `!` only the `k` with
    /// k(k+1)/2 ≤ m, and with `?` every k < m. The enumeration stops when `f` returns
    /// false.
    pub fn for_each_count(&self, m: u64, f: &mut dyn FnMut(u64, Constraint) -> bool) {
        let feasible = |k: u64, c: Constraint| match c {
            Constraint::Any => k <= m,
            Constraint::NotAllEqual => k < m,
            Constraint::AllEqual => k <= m && m.is_multiple_of(k),
            Constraint::PairwiseUnequal => k.checked_mul(k + 1).is_some_and(|t| t / 2 <= m),
        };
        let listed = self.counts.len() as u64;
        for k in 2..listed.min(m.saturating_add(1)) {
            if let Some(c) = self.counts[k as usize].filter(|&c| feasible(k, c)) {
                if !f(k, c) {
                    return;
                }
            }
        }
        let Some(c) = self.more else {
            return;
        };
        let from = listed.max(2);
        if c == Constraint::AllEqual {
            if m >= from {
                for k in crate::arith::divisors(m).into_iter().filter(|&k| k >= from) {
                    if !f(k, c) {
                        return;
                    }
                }
            }
            return;
        }
        let mut k = from;
        while feasible(k, c) && f(k, c) {
            k += 1;
        }
    }

    /// The digit without the counts the sparse engine answers from its split sets (a
    /// `{k+}` digit's counts of three heaps or more, except `=`, whose k equal heaps
    /// are one option): what the engine still enumerates, for its work estimate. A
    /// digit without `+` is returned unchanged.
    pub(super) fn enumerated_part(&self) -> Digit {
        let Some(more) = self.more else {
            return self.clone();
        };
        let keep = |k: usize, c: Option<Constraint>| c.filter(|&c| k < 3 || c == Constraint::AllEqual);
        let counts = self.counts.iter().enumerate().map(|(k, &c)| keep(k, c)).collect();
        let d = Digit {
            counts,
            more: (more == Constraint::AllEqual).then_some(more),
        };
        // With `+` kept the listed counts stay as they are: dropping their trailing
        // gaps would extend the `+` group down over them.
        if d.more.is_some() {
            d
        } else {
            d.normalized()
        }
    }

    /// True if the digit is a plain octal or hexadecimal digit: at most 3 heaps, no
    /// constraint, no `+`.
    pub fn is_plain(&self) -> bool {
        self.more.is_none() && self.counts.iter().flatten().all(|c| *c == Constraint::Any)
    }

    /// The value `Σ 2^k` over the allowed counts, if the digit names finitely many
    /// counts below 64.
    pub fn bits(&self) -> Option<u64> {
        if self.more.is_some() {
            return None;
        }
        Some(
            self.counts
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .map(|(k, _)| 1u64 << k)
                .sum(),
        )
    }

    /// The one form of each digit: two digits that allow the same moves are equal
    /// (`==`), which the code's own normalization (the shortest tail, rotated into the
    /// digits before it) relies on. Without `+`, no trailing `None`. With `+`, the
    /// counts stop at the first count `s` from which every count is allowed with the
    /// `+` group's constraint (a constraint on 0 or 1 heaps says nothing), and
    /// `counts[s]` is listed with that constraint. A constraint on 0 or 1 heaps is
    /// [`Constraint::Any`].
    fn normalized(mut self) -> Digit {
        if let Some(m) = self.more {
            let mut s = self.counts.len();
            while s > 0 && (self.counts[s - 1] == Some(m) || (s - 1 < 2 && self.counts[s - 1].is_some())) {
                s -= 1;
            }
            self.counts.truncate(s);
            self.counts.push(Some(m));
        } else {
            while self.counts.last() == Some(&None) {
                self.counts.pop();
            }
        }
        // A constraint on 0 or 1 heaps says nothing.
        for k in 0..self.counts.len().min(2) {
            if self.counts[k].is_some() {
                self.counts[k] = Some(Constraint::Any);
            }
        }
        self
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed: Vec<(usize, Constraint)> =
            self.counts.iter().enumerate().filter_map(|(k, c)| c.map(|c| (k, c))).collect();
        // The constraint shown once after the digit: the one of the counts of two or
        // more heaps, if they agree.
        let multi: Vec<Constraint> = allowed
            .iter()
            .filter(|(k, _)| *k >= 2)
            .map(|(_, c)| *c)
            .chain(self.more)
            .collect();
        let shared = match multi.first() {
            None => Some(Constraint::Any),
            Some(&c) if multi.iter().all(|&x| x == c) => Some(c),
            _ => None,
        };
        match (self.more, shared, self.bits()) {
            // CGSuite's digits are base 32 (0-9, A-V): W-Z are read, and printed as
            // `&32;` … `&35;` so that CGSuite reads what grundy prints.
            (None, Some(c), Some(v)) if v < 32 => {
                write!(f, "{}{}", char::from_digit(v as u32, 36).expect("below 36").to_ascii_uppercase(), c.symbol())
            }
            // `&N;` holds digits below 2^63 (63 heaps is written in braces).
            (None, Some(c), Some(v)) if v < 1 << MAX_HEAP_COUNT => write!(f, "&{v};{}", c.symbol()),
            _ => {
                // Braces: each count with its own constraint, `+` for the rest. The
                // `+` group starts at the first count from which every count is
                // allowed with its constraint (a constraint on 0 or 1 heaps says
                // nothing), so that equal digits print the same.
                let start = match self.more {
                    None => self.counts.len(),
                    Some(m) => {
                        let mut s = self.counts.len();
                        while s > 0 && (self.counts[s - 1] == Some(m) || (s - 1 < 2 && self.counts[s - 1].is_some())) {
                            s -= 1;
                        }
                        s
                    }
                };
                f.write_str("{")?;
                let mut first = true;
                for (k, c) in allowed.iter().filter(|(k, _)| *k < start) {
                    if !std::mem::take(&mut first) {
                        f.write_str(",")?;
                    }
                    let c = if *k >= 2 { c.symbol() } else { "" };
                    write!(f, "{k}{c}")?;
                }
                if let Some(m) = self.more {
                    if !first {
                        f.write_str(",")?;
                    }
                    write!(f, "{start}{}+", m.symbol())?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A take-and-break code: `d0`, the digits `d1 … dp` before a repeating tail, and the
/// tail (empty for a finite code).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    d0: Digit,
    digits: Vec<Digit>,
    tail: Vec<Digit>,
}

impl Code {
    /// Parses a code.
    ///
    /// # Errors
    /// [`Error::Syntax`] with the 1-based column (within `text`) of the character that
    /// is wrong and what was expected there.
    ///
    /// # Example
    /// ```
    /// use grundy::rulesets::take_break::Code;
    /// let kayles = Code::parse("0.77").unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert_eq!(Code::parse(".6").unwrap().to_string(), "0.6");
    /// assert_eq!(Code::parse("4!.0").unwrap().to_string(), "4!.0");
    /// let err = Code::parse("0.1#7").unwrap_err().to_string();
    /// assert!(err.contains("column 4"), "{err}");
    /// ```
    pub fn parse(text: &str) -> Result<Code> {
        Parser {
            chars: text.chars().collect(),
            pos: 0,
            text,
        }
        .code()
    }

    /// Nim: `0.[3]`.
    pub fn nim() -> Code {
        Code {
            d0: Digit::zero(),
            digits: Vec::new(),
            tail: vec![Digit::from_bits(3, Constraint::Any)],
        }
        .normalized()
    }

    /// The subtraction game with finite set `set` (every element ≥ 1): digit 3 at each
    /// s ∈ S.
    pub fn subtraction(set: &[u64]) -> Code {
        let max = set.iter().copied().max().unwrap_or(0) as usize;
        let mut digits = vec![Digit::zero(); max];
        for &s in set {
            if s >= 1 {
                digits[s as usize - 1] = Digit::from_bits(3, Constraint::Any);
            }
        }
        Code {
            d0: Digit::zero(),
            digits,
            tail: Vec::new(),
        }
        .normalized()
    }

    /// The digit for removing `j` tokens.
    pub fn digit(&self, j: u64) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: None,
        };
        if j == 0 {
            return &self.d0;
        }
        let i = (j - 1) as usize;
        if i < self.digits.len() {
            &self.digits[i]
        } else if self.tail.is_empty() {
            &ZERO
        } else {
            &self.tail[(i - self.digits.len()) % self.tail.len()]
        }
    }

    /// The largest number of tokens a move removes (`None` with a repeating tail).
    pub fn max_removed(&self) -> Option<u64> {
        self.tail.is_empty().then_some(self.digits.len() as u64)
    }

    /// The largest number of heaps a move leaves (`u64::MAX` with `{k+}`).
    pub fn max_heaps(&self) -> u64 {
        std::iter::once(&self.d0)
            .chain(&self.digits)
            .chain(&self.tail)
            .map(Digit::max_heaps)
            .max()
            .unwrap_or(0)
    }

    /// True for an octal or hexadecimal code of plain digits (no constraint, no `+`).
    pub fn is_plain(&self) -> bool {
        std::iter::once(&self.d0).chain(&self.digits).chain(&self.tail).all(Digit::is_plain)
    }

    /// The digits `d1 …` before the tail, and the tail.
    pub fn parts(&self) -> (&Digit, &[Digit], &[Digit]) {
        (&self.d0, &self.digits, &self.tail)
    }

    fn normalized(mut self) -> Code {
        // A tail of zeros is no tail; trailing zero digits of a finite code go.
        if self.tail.iter().all(Digit::is_zero) {
            self.tail.clear();
        }
        if self.tail.is_empty() {
            while self.digits.last().is_some_and(Digit::is_zero) {
                self.digits.pop();
            }
        } else {
            // The shortest repeating block, rotated into the digits before it.
            let n = self.tail.len();
            if let Some(p) = (1..n).find(|&p| n.is_multiple_of(p) && (p..n).all(|i| self.tail[i] == self.tail[i - p])) {
                self.tail.truncate(p);
            }
            while let (Some(last), Some(tl)) = (self.digits.last(), self.tail.last()) {
                if last != tl {
                    break;
                }
                self.digits.pop();
                self.tail.rotate_right(1);
            }
        }
        self
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.d0)?;
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        if self.tail.is_empty() {
            if self.digits.is_empty() {
                f.write_str("0")?;
            }
        } else {
            f.write_str("[")?;
            for d in &self.tail {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn err_at(&self, pos: usize, message: impl Into<String>) -> Error {
        Error::Syntax {
            message: message.into(),
            column: pos + 1,
            input: self.text.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn found(&self) -> String {
        self.peek().map_or("the end of the code".into(), |c| format!("'{c}'"))
    }

    fn code(mut self) -> Result<Code> {
        let t = self.text;
        if t.trim().is_empty() {
            return Err(self.err_at(0, "empty take-and-break code; write e.g. 0.137 or 4!.0"));
        }
        if self.chars.iter().any(|c| c.is_whitespace()) {
            let at = self.chars.iter().position(|c| c.is_whitespace()).unwrap_or(0);
            return Err(self.err_at(at, "a take-and-break code has no spaces"));
        }
        let mut prefix = Vec::new();
        while self.peek().is_some_and(|c| c != '.') {
            let at = self.pos;
            prefix.push((at, self.digit()?));
        }
        if self.peek() != Some('.') {
            return Err(self.err_at(self.pos, "expected '.' after d0 (the digit for removing no token), as in 0.137 or 4!.0"));
        }
        if prefix.len() > 1 {
            return Err(self.err_at(
                prefix[0].0,
                "only one digit (d0) may stand before '.'; digits that add tokens make the game infinite",
            ));
        }
        let d0 = prefix.pop().map(|(_, d)| d).unwrap_or_default();
        if d0.allows(0).is_some() || d0.allows(1).is_some() {
            return Err(self.err_at(
                0,
                "d0 (removing no token) may only split a heap into two or more heaps: its bits 1 and 2 are not moves",
            ));
        }
        self.pos += 1;
        let mut digits = Vec::new();
        let mut tail = Vec::new();
        while let Some(c) = self.peek() {
            if c == '[' {
                let open = self.pos;
                self.pos += 1;
                while self.peek().is_some_and(|c| c != ']') {
                    tail.push(self.digit()?);
                }
                if self.peek() != Some(']') {
                    return Err(self.err_at(open, "this '[' is never closed by ']'"));
                }
                if tail.is_empty() {
                    return Err(self.err_at(open, "the repeating tail [...] is empty"));
                }
                self.pos += 1;
                if self.pos < self.chars.len() {
                    return Err(self.err_at(self.pos, "the repeating tail [...] must end the code"));
                }
                break;
            }
            digits.push(self.digit()?);
        }
        Ok(Code { d0, digits, tail }.normalized())
    }

    /// One digit with its modifier.
    fn digit(&mut self) -> Result<Digit> {
        let at = self.pos;
        let Some(c) = self.peek() else {
            return Err(self.err_at(at, "expected a digit"));
        };
        let digit = match c {
            '&' => {
                self.pos += 1;
                let v = self.number(";")?;
                if self.peek() != Some(';') {
                    return Err(self.err_at(self.pos, format!("expected ';' to end the digit &N;, found {}", self.found())));
                }
                self.pos += 1;
                Digit::from_bits(v, self.modifier())
            }
            '{' => return self.braces(),
            // CGSuite's `*`: any number of heaps (0, 1, 2, …), as `{0+}`.
            '*' => {
                self.pos += 1;
                let c = self.modifier();
                Digit {
                    counts: vec![Some(c)],
                    more: Some(c),
                }
                .normalized()
            }
            c if c.is_ascii_alphanumeric() => {
                self.pos += 1;
                let v = c.to_digit(36).expect("alphanumeric") as u64;
                Digit::from_bits(v, self.modifier())
            }
            ']' => return Err(self.err_at(at, "']' without '['")),
            _ => {
                return Err(self.err_at(
                    at,
                    format!("expected a digit (0-9, A-Z, &N;, * or {{…}}), found '{c}'"),
                ))
            }
        };
        Ok(digit)
    }

    fn modifier(&mut self) -> Constraint {
        match self.peek().and_then(Constraint::of) {
            Some(c) => {
                self.pos += 1;
                c
            }
            None => Constraint::Any,
        }
    }

    /// A decimal number (below 2^63) ending before one of `stops`.
    fn number(&mut self, what_follows: &str) -> Result<u64> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.err_at(self.pos, format!("expected a number, found {}", self.found())));
        }
        let s: String = self.chars[start..self.pos].iter().collect();
        let _ = what_follows;
        s.parse::<u64>()
            .ok()
            .filter(|&v| v < 1 << MAX_HEAP_COUNT)
            .ok_or_else(|| self.err_at(start, format!("{s} is too large for a digit (at most 2^63 − 1)")))
    }

    /// `{k[c], …[+]}[c]`.
    fn braces(&mut self) -> Result<Digit> {
        let open = self.pos;
        self.pos += 1;
        let mut counts: Vec<(u64, Option<Constraint>, usize)> = Vec::new();
        let mut more = false;
        loop {
            let at = self.pos;
            let k = self.number(",")?;
            if k > MAX_HEAP_COUNT as u64 {
                return Err(self.err_at(at, format!("at most {MAX_HEAP_COUNT} heaps can be named; use {{k+}} for more")));
            }
            let c = self.peek().and_then(Constraint::of);
            if c.is_some() {
                self.pos += 1;
            }
            counts.push((k, c, at));
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                    if self.peek() == Some('}') {
                        // CGSuite has no `{2,}`; it is not `{2}` either.
                        return Err(self.err_at(
                            self.pos,
                            "expected a heap count after ',', found '}'; for k or more heaps write {k+}",
                        ));
                    }
                }
                Some('+') => {
                    self.pos += 1;
                    more = true;
                    if self.peek() != Some('}') {
                        return Err(self.err_at(self.pos, format!("expected '}}' after '+', found {}", self.found())));
                    }
                }
                Some('}') => {}
                None => return Err(self.err_at(open, "this '{' is never closed by '}'")),
                Some(_) => {
                    return Err(self.err_at(self.pos, format!("expected ',' '+' or '}}' in a heap-count list, found {}", self.found())))
                }
            }
            if self.peek() == Some('}') {
                self.pos += 1;
                break;
            }
        }
        let outer = self.modifier();
        let top = counts.iter().map(|c| c.0).max().unwrap_or(0);
        if more && counts.last().is_some_and(|c| c.0 != top) {
            // CGSuite applies the `+` to the largest count, whatever it follows:
            // `{3,1+}` would silently be `{1,3+}` there and `{1+}` to a reader.
            let at = counts.last().expect("a count").2;
            return Err(self.err_at(
                at,
                format!("'+' follows {}, below the count {top} before it; write the counts in increasing order, the '+' after the largest", counts.last().expect("a count").0),
            ));
        }
        let mut d = Digit {
            counts: vec![None; top as usize + 1],
            more: None,
        };
        for &(k, c, at) in &counts {
            if c.is_some() && outer != Constraint::Any {
                return Err(self.err_at(at, "a modifier inside {…} and one after it cannot both be given"));
            }
            let c = c.unwrap_or(outer);
            // A count named twice must mean one thing (CGSuite keeps the last one
            // written, so `{2,2=}` and `{2=,2}` would differ).
            let same = |a: Constraint| a == c || k < 2;
            if d.counts[k as usize].is_some_and(|a| !same(a)) {
                return Err(self.err_at(
                    at,
                    format!("{k} heaps is named twice, with different modifiers; name each count once"),
                ));
            }
            d.counts[k as usize] = Some(c);
        }
        if more {
            d.more = d.counts[top as usize];
        }
        Ok(d.normalized())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(text: &str) -> usize {
        match Code::parse(text) {
            Err(Error::Syntax { column, .. }) => column,
            other => panic!("{text}: expected an error, got {other:?}"),
        }
    }

    #[test]
    fn round_trips() {
        for (input, printed) in [
            ("0.77", "0.77"),
            (".137", "0.137"),
            ("0.137", "0.137"),
            ("4!.0", "4!.0"),
            ("0.6", "0.6"),
            ("0.[3]", "0.[3]"),
            ("0.[30]", "0.[30]"),
            ("0.3[3]", "0.[3]"),
            ("0.[33]", "0.[3]"),
            ("0.1[3]", "0.1[3]"),
            ("0.1700", "0.17"),
            ("0.0", "0.0"),
            ("0.", "0.0"),
            ("0.F", "0.F"),
            ("0.f", "0.F"),
            ("0.&40;", "0.&40;"),
            ("0.{2,3}", "0.C"),
            ("0.{1,2+}", "0.{1+}"),
            ("0.{1,3+}", "0.{1,3+}"),
            ("0.x", "0.&33;"), // CGSuite reads base 32 only
            ("0.{2!,3}", "0.{2!,3}"),
            ("0.{2,3}!", "0.C!"),
            ("0.7?", "0.7?"),
            ("0.{2}", "0.4"),
            ("0.F?", "0.F?"),
            ("8.0", "8.0"),
            ("0.[0]", "0.0"),
        ] {
            let c = Code::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(c.to_string(), printed, "{input}");
            assert_eq!(Code::parse(printed).unwrap(), c, "{printed} parses back");
        }
    }

    #[test]
    fn digits_mean_what_the_code_says() {
        let c = Code::parse("0.137").unwrap();
        assert_eq!(c.digit(1).bits(), Some(1));
        assert_eq!(c.digit(2).bits(), Some(3));
        assert_eq!(c.digit(3).bits(), Some(7));
        assert!(c.digit(4).is_zero());
        assert_eq!(c.max_removed(), Some(3));
        assert_eq!(c.max_heaps(), 2);
        let nim = Code::parse("0.[3]").unwrap();
        assert_eq!(nim, Code::nim());
        assert_eq!(nim.digit(1_000_000).bits(), Some(3));
        assert_eq!(nim.max_removed(), None);
        let g = Code::parse("4!.0").unwrap();
        assert_eq!(g.digit(0).allows(2), Some(Constraint::PairwiseUnequal));
        assert_eq!(g.digit(0).allows(1), None);
        assert_eq!(Code::subtraction(&[1, 3]).to_string(), "0.303");
        let plus = Code::parse("0.{2+}").unwrap();
        assert_eq!(plus.digit(1).allows(40), Some(Constraint::Any));
        assert_eq!(plus.max_heaps(), u64::MAX);
    }

    #[test]
    fn bad_codes_point_at_the_character() {
        assert_eq!(column(""), 1);
        assert_eq!(column("0.1#7"), 4);
        assert_eq!(column("0.13#"), 5);
        assert_eq!(column("0137"), 5);
        assert_eq!(column("0.[3"), 3);
        assert_eq!(column("0.[3]7"), 6);
        assert_eq!(column("0.[]"), 3);
        assert_eq!(column("44.0"), 1);
        assert_eq!(column("2.0"), 1);
        assert_eq!(column("0.&7"), 5);
        assert_eq!(column("0.&99999999999999999999;"), 4);
        assert_eq!(column("0.{2,x}"), 6);
        assert_eq!(column("0.{2,3"), 3);
        assert_eq!(column("0.{2,}"), 6);
        assert_eq!(column("{2,}.0"), 4);
        assert_eq!(column("0.{64}"), 4);
        assert_eq!(column("0.{2!}!"), 4);
        assert_eq!(column("0. 7"), 3);
        assert_eq!(column("0.7]"), 4);
        // A count named twice with two modifiers, also inside a `+` group.
        assert_eq!(column("0.{2,2=}"), 6);
        assert_eq!(column("0.{4,2!+}"), 6);
        assert_eq!(column("0.{5,1?+}"), 6);
        let e = Code::parse("0.1#7").unwrap_err().to_string();
        assert!(e.contains("found '#'"), "{e}");
    }

    /// Found by the fuzz target `take_break_code`: a `+` group whose first counts are 0
    /// or 1 printed differently each time it was parsed again (`{0=+}` → `{0,1=+}` →
    /// `{0,1,2=+}`). Printing is now a fixed point, and the printed code means the
    /// same moves.
    #[test]
    fn printing_is_stable_for_plus_groups() {
        for (input, printed) in [
            (".n{0=+}30", "0.N{0=+}3"),
            ("0.{0+}", "0.{0+}"),
            ("0.{0,1,2+}", "0.{0+}"),
            ("0.{0,1=+}", "0.{0=+}"),
            ("0.{0,1,2=+}", "0.{0=+}"),
            ("0.{1,2!+}", "0.{1!+}"),
            ("0.{2!,3+}", "0.{2!,3+}"),
            ("0.{0+}!", "0.{0!+}"),
            // Leaving 63 heaps is the digit 2^63, which `&N;` cannot hold.
            (".qqq[qQ{63}{22=+}q]", "0.QQ[QQQ{63}{22=+}]"),
            // `{0=,1+}` and `{0+}` are one digit, so the tail's rotation meets them
            // both the same way.
            (".{0=,1+}q[3{0+}q]", "0.[{0+}Q3]"),
            ("0.{0=,1+}", "0.{0+}"),
        ] {
            let c = Code::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(c.to_string(), printed, "{input}");
            let again = Code::parse(printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
            assert_eq!(again.to_string(), printed, "{printed} prints the same");
            assert_eq!(again, c, "{printed} is the same code");
            for k in 0..12 {
                for d in 0..3 {
                    assert_eq!(c.digit(d).allows(k), again.digit(d).allows(k), "{input}: digit {d}, {k} heaps");
                }
            }
        }
    }

    /// Found by a hostile check: as in CGSuite, the `+` applied to the largest count,
    /// not to the one it follows, and a count named twice kept the last modifier
    /// written, so `0.{3,1+}` read as `0.{1,3+}` (no move to two heaps) and `0.{2,2=}`
    /// and `0.{2=,2}` differed. Both are refused now; counts without `+` are a set in
    /// any order.
    #[test]
    fn the_counts_in_braces_are_a_set() {
        for (a, b) in [
            ("0.{3,1,2}", "0.{1,2,3}"),
            ("0.{2,2}", "0.4"),
            ("0.{2=,2=}", "0.4="),
            ("0.{1,0}!", "0.3"),
            ("0.{1?,1,2?}", "0.{1,2?}"),
            ("0.{0,4,2,5+}", "0.{0,2,4,5+}"),
        ] {
            assert_eq!(Code::parse(a).unwrap(), Code::parse(b).unwrap(), "{a} is {b}");
        }
        let e = Code::parse("0.{3,1+}").unwrap_err().to_string();
        assert!(e.contains("column 6") && e.contains("increasing order"), "{e}");
    }

    proptest::proptest! {
        /// The counts of a brace list in any order make one digit.
        #[test]
        fn brace_lists_do_not_depend_on_order(
            counts in proptest::collection::vec((0u64..6, proptest::sample::select(vec!["", "!", "?", "="])), 1..5),
            plus: bool,
            seed in 0usize..24,
        ) {
            let item = |(k, m): &(u64, &str)| format!("{k}{m}");
            let mut shuffled = counts.clone();
            let n = shuffled.len();
            for i in (1..n).rev() {
                shuffled.swap(i, (seed + i * 7) % (i + 1));
            }
            // The `+` stays on the same count, last in both lists.
            let last = *counts.last().expect("a count");
            shuffled.retain(|c| c != &last);
            shuffled.push(last);
            let text = |list: &[(u64, &str)]| {
                format!("0.{{{}{}}}", list.iter().map(item).collect::<Vec<_>>().join(","), if plus { "+" } else { "" })
            };
            let (a, b) = (text(&counts), text(&shuffled));
            match (Code::parse(&a), Code::parse(&b)) {
                (Ok(x), Ok(y)) => proptest::prop_assert_eq!(x, y, "{} and {}", a, b),
                (Err(_), Err(_)) => {}
                (x, y) => proptest::prop_assert!(false, "{a}: {x:?}, {b}: {y:?}"),
            }
        }
    }

    proptest::proptest! {
        /// Any code the parser accepts prints as a code that parses back, prints the
        /// same and allows the same moves.
        #[test]
        fn printed_codes_parse_back(pieces in proptest::collection::vec(proptest::sample::select(vec![
            "0", ".", "1", "2", "3", "7", "F", "n", "{", "}", ",", "+", "!", "?", "=", "[", "]", "&", "12", ";",
        ]), 1..14)) {
            let text = pieces.concat();
            if let Ok(c) = Code::parse(&text) {
                let printed = c.to_string();
                let again = Code::parse(&printed).unwrap_or_else(|e| panic!("{printed} (from {text}): {e}"));
                proptest::prop_assert_eq!(again.to_string(), printed.clone(), "from {}", text);
                proptest::prop_assert_eq!(&again, &c, "from {}", text);
                for d in 0..6 {
                    for k in 0..10 {
                        proptest::prop_assert_eq!(c.digit(d).allows(k), again.digit(d).allows(k), "{} digit {} k {}", text, d, k);
                    }
                }
            }
        }
    }
}
