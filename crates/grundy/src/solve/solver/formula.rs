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
