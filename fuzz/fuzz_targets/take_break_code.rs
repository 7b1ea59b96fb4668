//! The take-and-break code parser: no input panics, and every code it accepts prints
//! (normalized) as a code that parses back to the same code and prints the same.
#![no_main]
use grundy::rulesets::take_break::Code;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(code) = Code::parse(text) {
        let printed = code.to_string();
        let again =
            Code::parse(&printed).unwrap_or_else(|e| panic!("{printed:?} (printed from {text:?}) does not parse: {e}"));
        assert_eq!(again.to_string(), printed, "printing is not stable for {text:?}");
        // Two digits that allow the same moves are one digit, so the printed code is
        // the same code.
        assert_eq!(again, code, "{printed:?} parses to another code than {text:?}");
        // The options of a few small heaps are enumerated without a panic.
        let rs = grundy::rulesets::take_break::TakeAndBreak::new(code);
        for n in 0..8 {
            use grundy::game::HeapRuleset;
            if rs.options_bound(n) <= 10_000 {
                rs.for_each_option(n, &mut |_| {});
            }
        }
    }
});
