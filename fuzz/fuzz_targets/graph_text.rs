//! The graph reader (`graph_file::parse_graph`) on any input, text format mostly (an
//! input starting with `{` goes to the JSON reader): errors, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = grundy::graph_file::parse_graph(text, 10_000);
});
