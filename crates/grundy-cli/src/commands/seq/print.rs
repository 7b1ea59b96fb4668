//! The print path of `seq`: the values of a sequence in text, CSV, b-file or JSON,
//! written as fast as the engine computes them.
//!
//! Nothing is allocated per value. A value below 2^64 is formatted on the stack
//! (`itoa`); a table's values, which are few and small, are each rendered once with
//! what surrounds them in the format (`,\n    "12"` in JSON) and copied from there;
//! heap numbers (CSV, b-files) count up in place. Larger and loopy values (`∞(0,1,2)`,
//! `?`, powerset values of thousands of digits) go through
//! [`Sequence::value_text`]. 10^7 values of 0.106 print in a few hundredths of a
//! second (one `String` per value took 0.3 s).

use grundy::game::Encoding;
use grundy::solve::{Sequence, SequenceValues};
use std::io::{Result, Write};

/// How a format writes each value: the heap number first (`heap`), then `before` (or
/// `first` for the first value), the value, then `after`. The value is a JSON string
/// (`json`), or in double quotes if it contains a comma (`quote`, for CSV), or bare.
pub struct Layout {
    heap: bool,
    first: &'static [u8],
    before: &'static [u8],
    after: &'static [u8],
    quote: bool,
    json: bool,
}

/// The values separated by commas, on one line.
pub const TEXT: Layout = Layout {
    heap: false,
    first: b"",
    before: b",",
    after: b"",
    quote: false,
    json: false,
};

/// `n,value` rows (the header is written by [`rows`]); a value with commas is quoted.
pub const CSV: Layout = Layout {
    heap: true,
    first: b",",
    before: b",",
    after: b"\n",
    quote: true,
    json: false,
};

/// OEIS b-file lines `n value`.
pub const BFILE: Layout = Layout {
    heap: true,
    first: b" ",
    before: b" ",
    after: b"\n",
    quote: false,
    json: false,
};

/// The elements of the `values` array of the JSON document, as serde_json's pretty
/// printer writes them.
pub const JSON: Layout = Layout {
    heap: false,
    first: b"\n    ",
    before: b",\n    ",
    after: b"",
    quote: false,
    json: true,
};

/// The largest code of a table whose values are rendered once each.
const RENDERED: u32 = 1 << 16;

/// The values of a sequence as [`Layout`] writes them.
struct Values<'a> {
    seq: &'a Sequence,
    /// The codes of heaps `from..` of a table of plain values, if it is one.
    plain: Option<&'a [u32]>,
}

impl<'a> Values<'a> {
    fn new(seq: &'a Sequence) -> Values<'a> {
        let plain = match &seq.values {
            SequenceValues::Table(t) if t.encoding() == Encoding::Plain => t.codes().get(seq.from as usize..),
            _ => None,
        };
        Values { seq, plain }
    }

    /// Value `i`, if it is finite and below 2^64.
    fn small(&self, i: usize) -> Option<u64> {
        match self.plain {
            Some(codes) => Some(u64::from(codes[i])),
            None => self.seq.finite(i).and_then(|v| v.to_u64()),
        }
    }

    /// Writes value `i` in decimal, or as printed (`∞(0,1,2)`, `?`), as `layout`
    /// writes values.
    fn write(&self, i: usize, w: &mut impl Write, layout: &Layout) -> Result<()> {
        let mut digits = itoa::Buffer::new();
        let text = match self.small(i) {
            Some(v) => std::borrow::Cow::Borrowed(digits.format(v)),
            None => std::borrow::Cow::Owned(self.seq.value_text(i)),
        };
        if layout.json {
            serde_json::to_writer(&mut *w, text.as_ref())?;
            Ok(())
        } else if layout.quote && text.contains(',') {
            write!(w, "\"{text}\"")
        } else {
            w.write_all(text.as_bytes())
        }
    }
}

/// Every code of a table rendered once, between `before` and `after`, in a slot of
/// [`SLOT`] bytes, with its length.
struct Rendered(Vec<([u8; SLOT], usize)>);

/// The bytes a rendered value or a heap number takes at most (a JSON element
/// `,\n    "65536"` takes 13).
const SLOT: usize = 24;

impl Rendered {
    /// The codes up to the largest in `codes`, if it is at most [`RENDERED`].
    fn new(codes: &[u32], layout: &Layout) -> Option<Rendered> {
        let top = codes.iter().copied().max()?;
        if top > RENDERED {
            return None;
        }
        let quote: &[u8] = if layout.json { b"\"" } else { b"" };
        let mut digits = itoa::Buffer::new();
        let mut slots = Vec::with_capacity(top as usize + 1);
        for c in 0..=top {
            let piece = [layout.before, quote, digits.format(c).as_bytes(), quote, layout.after].concat();
            let mut slot = [0u8; SLOT];
            slot.get_mut(..piece.len())?.copy_from_slice(&piece);
            slots.push((slot, piece.len()));
        }
        Some(Rendered(slots))
    }
}

/// A heap number in decimal that counts up in place: the digits of n / 10 (none for
/// n < 10) at the start of a slot of [`SLOT`] bytes, and the last digit apart, so that
/// a heap number is written as the slot and one byte, and the slot changes once every
/// ten heaps (a 16-byte read of bytes just written stalls the processor).
struct Counter {
    tens: [u8; SLOT],
    len: usize,
    last: u8,
}

impl Counter {
    fn new(n: u64) -> Counter {
        let mut c = Counter {
            tens: [0u8; SLOT],
            len: 0,
            last: (n % 10) as u8,
        };
        if n >= 10 {
            let text = itoa::Buffer::new().format(n / 10).as_bytes().to_owned();
            c.tens[..text.len()].copy_from_slice(&text);
            c.len = text.len();
        }
        c
    }

    fn write(&self, out: &mut Chunk<'_, impl Write>) -> Result<()> {
        out.slot(&self.tens, self.len)?;
        out.byte(b'0' + self.last)
    }

    /// Adds one (20 digits hold every heap below 2^64 and the one after the last).
    fn increment(&mut self) {
        if self.last < 9 {
            self.last += 1;
            return;
        }
        self.last = 0;
        for k in (0..self.len).rev() {
            if self.tens[k] == b'9' {
                self.tens[k] = b'0';
            } else {
                self.tens[k] += 1;
                return;
            }
        }
        // 99…9 + 1 (or 0 + 1): a one and the zeros.
        self.tens[0] = b'1';
        if self.len > 0 {
            self.tens[self.len] = b'0';
        }
        self.len += 1;
    }
}

/// An output buffer that takes a slot of [`SLOT`] bytes as one fixed-size copy and
/// keeps its first `len` bytes (no call to `memcpy` for each short piece), writing to
/// `w` every [`CHUNK`] bytes.
struct Chunk<'w, W: Write> {
    buf: Vec<u8>,
    pos: usize,
    w: &'w mut W,
}

/// The bytes a [`Chunk`] collects before it writes them.
const CHUNK: usize = 1 << 16;

impl<'w, W: Write> Chunk<'w, W> {
    fn new(w: &'w mut W) -> Self {
        Chunk {
            buf: vec![0; CHUNK + SLOT],
            pos: 0,
            w,
        }
    }

    /// Appends the first `len` bytes of `slot`.
    fn slot(&mut self, slot: &[u8; SLOT], len: usize) -> Result<()> {
        self.buf[self.pos..self.pos + SLOT].copy_from_slice(slot);
        self.pos += len;
        if self.pos >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends one byte.
    fn byte(&mut self, b: u8) -> Result<()> {
        self.buf[self.pos] = b;
        self.pos += 1;
        if self.pos >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        self.w.write_all(&self.buf[..self.pos])?;
        self.pos = 0;
        Ok(())
    }
}

impl<W: Write> Write for Chunk<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> Result<usize> {
        if self.pos + bytes.len() > CHUNK {
            self.flush()?;
        }
        if bytes.len() > CHUNK {
            return self.w.write(bytes);
        }
        self.buf[self.pos..self.pos + bytes.len()].copy_from_slice(bytes);
        self.pos += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> Result<()> {
        Chunk::flush(self)
    }
}

/// Writes the values of `seq` as `layout` says (text, CSV with its header, b-file),
/// until `stop` says so (asked every 4096 small values, before every large one);
/// returns the number of values written.
///
/// # Errors
/// A failed write.
pub fn rows(w: &mut impl Write, seq: &Sequence, layout: &Layout, stop: &dyn Fn() -> bool) -> Result<usize> {
    if layout.quote {
        w.write_all(b"n,value\n")?;
    }
    let n = elements(w, seq, layout, stop)?;
    if !layout.heap {
        w.write_all(b"\n")?;
    }
    Ok(n)
}

/// Writes each value as `layout` says, after its heap number if the layout has one,
/// until `stop` says so; returns the number written.
fn elements(w: &mut impl Write, seq: &Sequence, layout: &Layout, stop: &dyn Fn() -> bool) -> Result<usize> {
    let values = Values::new(seq);
    let rendered = values.plain.and_then(|codes| Rendered::new(codes, layout));
    let mut heap = Counter::new(seq.from);
    let mut out = Chunk::new(w);
    for i in 0..seq.len() {
        if (values.plain.is_none() || i & 0xFFF == 0) && stop() {
            Chunk::flush(&mut out)?;
            return Ok(i);
        }
        if layout.heap {
            heap.write(&mut out)?;
            heap.increment();
        }
        match (&rendered, values.plain) {
            (Some(Rendered(slots)), Some(codes)) if i > 0 => {
                let (slot, len) = &slots[codes[i] as usize];
                out.slot(slot, *len)?;
            }
            _ => {
                out.write_all(if i == 0 { layout.first } else { layout.before })?;
                values.write(i, &mut out, layout)?;
                out.write_all(layout.after)?;
            }
        }
    }
    Chunk::flush(&mut out)?;
    Ok(seq.len())
}

/// Writes the JSON document of `seq`, as serde_json's pretty printer would:
/// `{"ruleset", "from", "values", …}` followed by the keys of `more` whose value is
/// present (strings).
///
/// Stops after the values where `stop` says so ([`rows`]); returns the number of values
/// written.
///
/// # Errors
/// A failed write.
pub fn json(
    w: &mut impl Write,
    seq: &Sequence,
    more: &[(&str, Option<&str>)],
    stop: &dyn Fn() -> bool,
) -> Result<usize> {
    w.write_all(b"{\n  \"ruleset\": ")?;
    serde_json::to_writer(&mut *w, &seq.ruleset)?;
    write!(w, ",\n  \"from\": {},\n  \"values\": [", seq.from)?;
    let n = elements(w, seq, &JSON, stop)?;
    w.write_all(if n == 0 { b"]" } else { b"\n  ]" })?;
    for (key, value) in more {
        if let Some(v) = value {
            write!(w, ",\n  \"{key}\": ")?;
            serde_json::to_writer(&mut *w, v)?;
        }
    }
    w.write_all(b"\n}\n")?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::{Chunk, Counter};

    #[test]
    fn the_counter_counts_in_decimal() {
        for start in [0, 8, 9, 95, 123_456_789, 999_995, u64::MAX - 3] {
            let mut c = Counter::new(start);
            let mut written = Vec::new();
            let mut expected = String::new();
            {
                let mut out = Chunk::new(&mut written);
                for k in 0..12u64 {
                    expected += &format!("{},", u128::from(start) + u128::from(k));
                    c.write(&mut out).unwrap();
                    out.byte(b',').unwrap();
                    c.increment();
                }
                Chunk::flush(&mut out).unwrap();
            }
            assert_eq!(String::from_utf8(written).unwrap(), expected);
        }
    }
}
