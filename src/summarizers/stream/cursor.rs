//! Forward cursors: `since` (a ring `seq`) and `sinceCap` (the shared capture counter `cap`).
//!
//! A cursor is only meaningful within one life of the counter it counts: a reload restarts
//! `seq` and `cap` at 1, and a cursor's value alone cannot see that once the new counter has
//! passed it. So every reply carries the counter's `epoch`; a caller sends it back with the
//! cursor, and a stale epoch — or, without one, a cursor past the newest value ever issued —
//! replays from the start with a `cursorReset` sentence instead of filtering everything out.

use serde_json::Value;

use super::{js_number, js_string, present};
use crate::json::number::js_number_string;

/// `since` in one wording, for every tool that takes one.
pub const SINCE_CURSOR_BASE: &str = "Forward cursor (a prior `seq`/`nextSeq`): only entries after it";
/// `epoch` in one wording, for every tool that returns one.
pub const EPOCH_BASE: &str =
    "The `epoch` returned with the cursor; send it back with the cursor (a stale one replays from the start: `cursorReset`)";

/// A console `since` at or above this is an epoch-ms timestamp, not a ring seq: a seq counts
/// log lines from one page load and cannot reach 1e11, and every epoch-ms instant since 1973
/// is above it. Such a `since` is refused with a pointer to `sinceMs`.
pub const CONSOLE_SEQ_CEILING: f64 = 1e11;

/// A cursor made valid for the counter's current life.
#[derive(Debug, PartialEq)]
pub struct Resolved {
    /// The cursor to read from: the caller's, `0` after a reset, `None` without one.
    pub since: Option<Value>,
    /// Why the caller's cursor was replaced, when it was.
    pub reset: Option<String>,
}

impl Resolved {
    fn keep(since: Option<&Value>) -> Self {
        Resolved { since: since.filter(|v| present(Some(v))).cloned(), reset: None }
    }
    fn restart(reason: String) -> Self {
        Resolved { since: Some(Value::from(0)), reset: Some(reason) }
    }
}

/// The capture-counter part of an epoch: the editor journal's epoch is `<capture life>~<its own
/// seq life>`, and a `cap` cursor carried over from the game journal is checked against the
/// capture part alone.
pub fn capture_part_of(epoch: &str) -> &str {
    epoch.split_once('~').map_or(epoch, |(capture, _)| capture)
}

/// An epoch the caller sent: a non-empty string (an empty one is absent, not a different life).
pub fn caller_epoch(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|e| !e.is_empty())
}

/// Why a cursor is from an earlier life of its counter.
enum Stale<'a> {
    /// The caller's epoch is not the counter's.
    Epoch { caller: &'a str, epoch: &'a str },
    /// No epoch to compare, but the cursor is past the newest value issued (JS number text).
    PastTip(String),
}

/// The one cursor rule: keep the cursor unless its epoch names another life (`lives` is the
/// caller's epoch, the counter's, and whether they are the same life) or it is past `tip`;
/// then restart from 0 with `reason`'s sentence (given the cursor as JS prints it).
fn resolve(
    cursor: Option<&Value>,
    lives: Option<(&str, &str, bool)>,
    tip: f64,
    reason: impl Fn(&str, Stale<'_>) -> String,
) -> Resolved {
    if !present(cursor) {
        return Resolved::keep(None);
    }
    let shown = js_string(cursor);
    if let Some((caller, epoch, false)) = lives {
        return Resolved::restart(reason(&shown, Stale::Epoch { caller, epoch }));
    }
    if js_number(cursor) > tip {
        return Resolved::restart(reason(&shown, Stale::PastTip(js_number_string(tip))));
    }
    Resolved::keep(cursor)
}

/// The caller's and the counter's epochs when both are known, and whether they match by `same`.
fn lives<'a>(
    caller: Option<&'a str>,
    epoch: Option<&'a str>,
    same: impl Fn(&str, &str) -> bool,
) -> Option<(&'a str, &'a str, bool)> {
    let (caller, epoch) = (caller?, epoch?);
    Some((caller, epoch, same(caller, epoch)))
}

/// The console ring's cursor. `ring_epoch` is the ring's identity (`None` when the caller did
/// not supply one, and then only a cursor past `newest` can be seen as stale).
pub fn resolve_console(since: Option<&Value>, caller: Option<&str>, ring_epoch: Option<&str>, newest: f64) -> Resolved {
    resolve(since, lives(caller, ring_epoch, |a, b| a == b), newest, |shown, why| {
        match why {
        Stale::Epoch { caller, epoch } => format!(
            "since={shown} was issued under epoch {caller}; the console ring has restarted since (epoch {epoch} — a reload, e.g. a game-code edit), so this read starts from the beginning. Use the returned cursor from now on."
        ),
        Stale::PastTip(tip) => {
            let send = if caller.is_none() { " Send `epoch` back with `since` so a restart is always detected." } else { "" };
            format!("since={shown} is past the newest seq this ring has issued ({tip}), so it is from before a restart (a reload); this read starts from the beginning.{send}")
        }
    }
    })
}

/// A `sinceCap` cursor on the shared capture counter, whose current life is `capture_epoch`
/// and newest value `capture_seq`.
pub fn resolve_cap(
    since_cap: Option<&Value>,
    caller: Option<&str>,
    capture_epoch: Option<&str>,
    capture_seq: f64,
) -> Resolved {
    resolve(since_cap, lives(caller, capture_epoch, |a, b| capture_part_of(a) == b), capture_seq, |shown, why| {
        match why {
        Stale::Epoch { caller, epoch } => format!(
            "sinceCap={shown} was issued under epoch {caller}; the journal has restarted since (epoch {epoch} — a renderer reload, e.g. a game-code edit), so this read replays everything from the restart. Use the returned nextCap from now on."
        ),
        Stale::PastTip(tip) => format!(
            "sinceCap={shown} is past the newest event this journal has issued ({tip}), so it is from before a restart (a renderer reload, e.g. a game-code edit); this read replays everything from the restart. Send `epoch` back with `sinceCap` so a restart is always detected."
        ),
    }
    })
}

/// The editor journal's `since` cursor on its own `seq` counter, whose life is `ring_epoch` and
/// newest value `seq_tip`.
pub fn resolve_editor_seq(
    since: Option<&Value>,
    caller: Option<&str>,
    ring_epoch: Option<&str>,
    seq_tip: f64,
) -> Resolved {
    resolve(since, lives(caller, ring_epoch, |a, b| a == b), seq_tip, |shown, why| {
        match why {
        Stale::Epoch { caller, epoch } => format!(
            "since={shown} was issued under epoch {caller}; the editor journal has restarted since (epoch {epoch} — a renderer reload, e.g. a game-code edit), so this read replays everything from the restart. Use the returned nextSeq from now on."
        ),
        Stale::PastTip(tip) => format!(
            "since={shown} is past the newest event this editor journal has issued ({tip}), so it is from before a restart (a renderer reload, e.g. a game-code edit); this read replays everything from the restart. Send `epoch` back with `since` so a restart is always detected."
        ),
    }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: f64) -> Value {
        super::super::float(x)
    }

    #[test]
    fn console_cursor_resets() {
        assert_eq!(resolve_console(None, None, Some("e1"), 4.0), Resolved { since: None, reset: None });
        assert_eq!(
            resolve_console(Some(&n(2.0)), Some("e1"), Some("e1"), 4.0),
            Resolved { since: Some(n(2.0)), reset: None }
        );
        let stale = resolve_console(Some(&n(4.0)), Some("e0"), Some("e1"), 10.0);
        assert_eq!(stale.since, Some(Value::from(0)));
        assert_eq!(
            stale.reset.as_deref(),
            Some("since=4 was issued under epoch e0; the console ring has restarted since (epoch e1 — a reload, e.g. a game-code edit), so this read starts from the beginning. Use the returned cursor from now on.")
        );
        assert_eq!(
            resolve_console(Some(&n(50.0)), None, Some("e1"), 4.0).reset.as_deref(),
            Some("since=50 is past the newest seq this ring has issued (4), so it is from before a restart (a reload); this read starts from the beginning. Send `epoch` back with `since` so a restart is always detected.")
        );
        assert_eq!(
            resolve_console(Some(&n(50.0)), Some("e1"), Some("e1"), 4.0).reset.as_deref(),
            Some("since=50 is past the newest seq this ring has issued (4), so it is from before a restart (a reload); this read starts from the beginning.")
        );
        // No ring epoch: a caller epoch cannot be compared, only the value can.
        assert_eq!(resolve_console(Some(&n(2.0)), Some("old"), None, 4.0).reset, None);
    }

    #[test]
    fn cap_cursor_compares_the_capture_part() {
        assert_eq!(capture_part_of("k1-0~k1-3"), "k1-0");
        assert_eq!(resolve_cap(Some(&n(3.0)), Some("k1-0~k1-9"), Some("k1-0"), 5.0).reset, None);
        assert!(resolve_cap(Some(&n(3.0)), Some("k0-0"), Some("k1-0"), 5.0)
            .reset
            .is_some_and(|r| r
                .starts_with("sinceCap=3 was issued under epoch k0-0; the journal has restarted since (epoch k1-0")));
        assert!(resolve_cap(Some(&n(9.0)), None, Some("k1-0"), 5.0)
            .reset
            .is_some_and(|r| r.contains("past the newest event this journal has issued (5)")));
        assert_eq!(caller_epoch(Some(&Value::from(""))), None);
    }

    #[test]
    fn editor_seq_cursor() {
        assert!(resolve_editor_seq(Some(&n(7.0)), Some("a~1"), Some("a~2"), 9.0)
            .reset
            .is_some_and(|r| r.contains("the editor journal has restarted since (epoch a~2")));
        assert_eq!(resolve_editor_seq(Some(&n(7.0)), Some("a~2"), Some("a~2"), 9.0).since, Some(n(7.0)));
    }
}
