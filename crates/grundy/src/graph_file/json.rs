//! The JSON form of graph files, `{"vertex": ["follower", …], …}`, read by serde_json
//! as a stream; every error names its line (and column, for malformed JSON).

use super::{Guarded, Names, RawVertex, Shared};
use crate::error::{Error, Result};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::io::Read;

/// Parses the JSON form from a guarded reader (its line count gives each vertex and
/// follower its line).
///
/// `skipped` is the number of line breaks, and of bytes after the last, that were
/// skipped before `input` (serde_json counts from the first byte it reads).
pub(super) fn parse<R: Read>(input: Guarded<R>, shared: &Shared, skipped: (usize, usize)) -> Result<Vec<RawVertex>> {
    let mut de = serde_json::Deserializer::from_reader(input);
    let convert = |e: serde_json::Error| -> Error {
        if e.is_io() || shared.stop.get().is_some() {
            return shared.error(std::io::Error::other(e.to_string()));
        }
        // serde_json appends " at line L column C"; the line leads our message instead.
        let text = e.to_string();
        let message = text.split(" at line ").next().unwrap_or(&text).to_string();
        let (line, column) = match e.line() {
            1 => (skipped.0 + 1, skipped.1 + e.column()),
            l => (skipped.0 + l, e.column()),
        };
        Error::Input(format!("line {line}, column {column}: invalid JSON graph: {message}"))
    };
    let raw = GraphSeed { shared }.deserialize(&mut de).map_err(convert)?;
    de.end().map_err(convert)?;
    Ok(raw)
}

/// The whole file: an object of vertices.
struct GraphSeed<'s> {
    shared: &'s Shared,
}

impl<'de> DeserializeSeed<'de> for GraphSeed<'_> {
    type Value = Vec<RawVertex>;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for GraphSeed<'_> {
    type Value = Vec<RawVertex>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object mapping each vertex to the array of its followers, {\"a\": [\"b\"], \"b\": []}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> std::result::Result<Self::Value, A::Error> {
        Err(de::Error::custom(
            "a JSON graph is an object mapping each vertex to the array of its followers, {\"a\": [\"b\"], \"b\": []}, not an array",
        ))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(name) = map.next_key_seed(Name("a vertex name (a string)"))? {
            let line = self.shared.line();
            let (followers, follower_lines) = map.next_value_seed(Followers { shared: self.shared })?;
            let v = RawVertex {
                name,
                line,
                followers,
                follower_lines,
            };
            self.shared
                .add_vertex(&v)
                .map_err(|_| de::Error::custom("the memory limit"))?;
            out.push(v);
        }
        Ok(out)
    }
}

/// The array of a vertex's followers, with the line of each.
struct Followers<'s> {
    shared: &'s Shared,
}

impl<'de> DeserializeSeed<'de> for Followers<'_> {
    type Value = (Names, Vec<usize>);
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Followers<'_> {
    type Value = (Names, Vec<usize>);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the array of the vertex's followers, [\"b\", \"c\"] ([] for none)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
        let (mut names, mut lines) = (Names::default(), Vec::new());
        while let Some(f) = seq.next_element_seed(Name("a follower (a vertex name, a string)"))? {
            names.push(&f);
            lines.push(self.shared.line());
        }
        Ok((names, lines))
    }
}

/// A string, with what it is for in the type error.
struct Name(&'static str);

impl<'de> DeserializeSeed<'de> for Name {
    type Value = String;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<String, D::Error> {
        d.deserialize_string(self)
    }
}

impl Visitor<'_> for Name {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<String, E> {
        Ok(v.to_string())
    }

    fn visit_string<E: de::Error>(self, v: String) -> std::result::Result<String, E> {
        Ok(v)
    }
}
