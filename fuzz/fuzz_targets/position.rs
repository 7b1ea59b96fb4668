//! The position parser: no input panics, and every position it accepts prints as an
//! expression that parses back to an equal position (printed the same).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = grundy::catalog::parse_position(text) {
        let printed = pos.to_string();
        let again = grundy::catalog::parse_position(&printed)
            .unwrap_or_else(|e| panic!("{printed:?} (printed from {text:?}) does not parse: {e}"));
        assert_eq!(again.to_string(), printed, "printing is not stable for {text:?}");
    }
});
