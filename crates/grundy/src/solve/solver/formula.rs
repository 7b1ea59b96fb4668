//! A closed form over a range of heaps: whether it gives every heap of the range, as
//! `--method formula` finds out heap by heap. This decides the advice `--method formula
//! gives these` of a refused table, and whether `--method auto` takes the closed form
//! when the table is refused, so that neither sends a user to a closed form that then
//! says it has no value for some heap (an advice circle: "use --method search").

use crate::control::Control;
use crate::game::HeapRuleset;

/// The most heaps of a range whose closed form is asked one by one to find out whether
/// it gives them all (about a second for the costliest forms, which factor each heap);
/// a longer range of a form that cannot tell without asking
/// ([`crate::game::HeapClosedForm::gives_every`]) is [`Coverage::Unknown`]. For the
/// partial forms of the registry a heap without a value comes within a few heaps past
/// the range where they give every value (an even heap of saliquant, a prime past
/// 10^11 for totative), so a probe of 2^20 heaps finds one where there is one.
pub const FORMULA_PROBE: u64 = 1 << 20;

/// What a closed form gives on a range of heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// A value for every heap.
    Every,
    /// No value for this heap (the first such one of the range), or no closed form.
    NoValueAt(u64),
    /// Not found out: the range is longer than [`FORMULA_PROBE`] heaps and the form
    /// gave every one it was asked, or the run was cancelled meanwhile.
    Unknown,
}

/// Whether the closed form of `rs` gives every heap of `from..=to`: at once where the
/// form knows it ([`crate::game::HeapClosedForm::gives_every`]), else asked heap by heap
/// (at most [`FORMULA_PROBE`] heaps; stops at Ctrl-C).
pub fn formula_covers(rs: &dyn HeapRuleset, from: u64, to: u64, ctl: &Control) -> Coverage {
    let Some(form) = rs.closed_form() else {
        return Coverage::NoValueAt(from);
    };
    if form.gives_every(from, to) {
        return Coverage::Every;
    }
    let last = to.min(from.saturating_add(FORMULA_PROBE - 1));
    for n in from..=last {
        if (n - from) & 0x3FF == 0x3FF && ctl.cancelled() {
            return Coverage::Unknown;
        }
        if form.value(n).is_none() {
            return Coverage::NoValueAt(n);
        }
    }
    if last == to {
        Coverage::Every
    } else {
        Coverage::Unknown
    }
}

/// True if `--method formula` gives the sequence of `rs` on heaps `from..=to` under
/// the limits of `ctl`: its heaps, one evaluation each, within the work limit, and a
/// value for every one ([`formula_covers`]). Printing values of many digits (powerset
/// rulesets) is checked after, with advice that works (a higher work limit).
pub fn formula_gives(rs: &dyn HeapRuleset, from: u64, to: u64, ctl: &Control) -> bool {
    let count = u128::from(to - from) + 1;
    usize::try_from(count).is_ok()
        && count <= u128::from(ctl.work_limit())
        && formula_covers(rs, from, to, ctl) == Coverage::Every
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::parse_ruleset;
    use crate::error::Error;
    use crate::formulas::Statement;
    use crate::game::{HeapClosedForm, Part, Ruleset};
    use crate::solve::{Method, SequenceValues, Solver};
    use crate::value::Nimber;
    use std::sync::Arc;

    fn heap(name: &str) -> Arc<dyn HeapRuleset> {
        match parse_ruleset(name).unwrap() {
            Ruleset::Heap(h) => h,
            _ => unreachable!("{name} is a heap ruleset"),
        }
    }

    /// Nim under another name, whose closed form gives every heap without saying so.
    struct Quiet;

    impl HeapRuleset for Quiet {
        fn name(&self) -> String {
            "quiet".into()
        }
        fn first_heap(&self) -> u64 {
            0
        }
        fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[Part])) {
            for k in 0..n {
                f(&[Part::one(k)]);
            }
        }
        fn closed_form(&self) -> Option<&dyn HeapClosedForm> {
            Some(self)
        }
    }

    impl HeapClosedForm for Quiet {
        fn statement(&self) -> Statement {
            Statement {
                text: "G(n) = n",
                source: "a test",
            }
        }
        fn value(&self, n: u64) -> Option<Nimber> {
            Some(Nimber::from(n))
        }
    }

    #[test]
    fn a_range_is_covered_where_every_heap_has_a_value() {
        let ctl = Control::new();
        let top = u64::MAX;
        // Known without asking: Nim everywhere, totative up to 10^11.
        assert_eq!(formula_covers(heap("nim").as_ref(), 0, top, &ctl), Coverage::Every);
        assert_eq!(
            formula_covers(heap("totative").as_ref(), 1, 100_000_000_000, &ctl),
            Coverage::Every
        );
        // Asked heap by heap: the first heap without a value.
        let saliquant = heap("saliquant");
        assert_eq!(
            formula_covers(saliquant.as_ref(), 11, 13, &ctl),
            Coverage::NoValueAt(12)
        );
        assert_eq!(formula_covers(saliquant.as_ref(), 13, 13, &ctl), Coverage::Every);
        // 2^64 − 59 is prime, above 10^11.
        let totative = heap("totative");
        assert_eq!(
            formula_covers(totative.as_ref(), top - 65, top - 55, &ctl),
            Coverage::NoValueAt(top - 58)
        );
        assert_eq!(formula_covers(totative.as_ref(), top - 15, top, &ctl), Coverage::Every);
        assert_eq!(
            formula_covers(heap("kayles").as_ref(), 5, 9, &ctl),
            Coverage::NoValueAt(5)
        );
        // A form that cannot tell: asked up to FORMULA_PROBE heaps, not past them.
        assert_eq!(formula_covers(&Quiet, 7, 7 + FORMULA_PROBE - 1, &ctl), Coverage::Every);
        assert_eq!(formula_covers(&Quiet, 7, 7 + FORMULA_PROBE, &ctl), Coverage::Unknown);
        let cancelled = Control::new();
        cancelled
            .cancel_flag()
            .store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(formula_covers(&Quiet, 0, 10_000, &cancelled), Coverage::Unknown);
        // `--method formula` gives the range: covered, and within the work limit.
        let small = Control::new().with_work_limit(1000);
        assert!(formula_gives(heap("nim").as_ref(), 500, 1499, &small));
        assert!(!formula_gives(heap("nim").as_ref(), 500, 1500, &small));
        assert!(!formula_gives(saliquant.as_ref(), 11, 13, &small));
    }

    /// Past 2^32 heaps no table is built: `auto` takes the closed form where it gives
    /// the range, else says which heap it lacks; `search` says what answers instead;
    /// `formula` without a value does not advise a search no table can make.
    #[test]
    fn past_any_table_the_sequence_takes_the_closed_form_or_says_why_not() {
        let top = u64::MAX;
        let nim = Ruleset::Heap(heap("nim"));
        let mut auto = Solver::new(Method::Auto, Control::new());
        let seq = auto.sequence(&nim, Some(1 << 40), (1 << 40) + 10).unwrap();
        assert!(matches!(seq.values, SequenceValues::Formula { len: 11, .. }));
        assert_eq!(seq.value_text(10), ((1u64 << 40) + 10).to_string());
        assert!(seq.source.unwrap().contains("by the closed form"));
        let totative = Ruleset::Heap(heap("totative"));
        let e = auto.sequence(&totative, Some(top - 65), top - 55).unwrap_err();
        assert!(crate::control::is_past_tables(&e), "{e}");
        assert!(
            e.to_string()
                .contains(&format!("no closed form gives heap {} either", top - 58)),
            "{e}"
        );
        let mut search = Solver::new(Method::Search, Control::new());
        let e = search.sequence(&nim, Some(1 << 40), (1 << 40) + 10).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("; --method auto or --method formula gives these from the closed form"),
            "{e}"
        );
        let e = search
            .sequence(&Ruleset::Heap(heap("kayles")), Some(1 << 40), (1 << 40) + 10)
            .unwrap_err();
        assert!(
            e.to_string().contains("--method auto answers these from a period"),
            "{e}"
        );
        let mut formula = Solver::new(Method::Formula, Control::new());
        match formula.sequence(&totative, Some(top - 65), top - 55) {
            Err(Error::NoFormula { instead: Some(i), .. }) => {
                assert!(i.contains("so no search answers it either"), "{i}")
            }
            other => panic!("{:?}", other.map(|s| s.len())),
        }
        // Below the bound, a search is the advice.
        match formula.sequence(&totative, Some(1), 10).map(|s| s.len()) {
            Ok(10) => {}
            other => panic!("{other:?}"),
        }
        match formula.sequence(&Ruleset::Heap(heap("saliquant")), Some(11), 13) {
            Err(e @ Error::NoFormula { instead: None, .. }) => {
                assert!(e.to_string().ends_with("; use --method search"))
            }
            other => panic!("{:?}", other.map(|s| s.len())),
        }
    }
}
