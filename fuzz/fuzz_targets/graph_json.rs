//! The graph reader (`graph_file::parse_graph`) on JSON: the input follows a `{`, so it
//! always goes to the JSON reader. Errors, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = grundy::graph_file::parse_graph(&format!("{{{text}"), 10_000);
});
