//! Level filters are thresholds — "this severity or worse" — on the console and on the journals.
//!
//! Console: `log` and `info` rank together (nothing a caller could want separates them), then
//! `warn`, then `error`; an entry level the table does not know ranks as `log`. Journal: `info`,
//! `warn`, `error`; an event level the table does not know passes no level filter. Lookups are
//! by exact name only, so a level such as `constructor` is just an unknown level.

/// The console levels a `level` filter accepts, in the editor's order.
pub const CONSOLE_LEVELS: [&str; 4] = ["log", "info", "warn", "error"];

/// The journal levels a `level` filter accepts, in rank order.
pub const JOURNAL_LEVELS: [&str; 3] = ["info", "warn", "error"];

/// A console level's rank, when it is one of [`CONSOLE_LEVELS`].
pub fn console_rank(level: &str) -> Option<u8> {
    match level {
        "log" | "info" => Some(0),
        "warn" => Some(1),
        "error" => Some(2),
        _ => None,
    }
}

/// Whether an entry at `entry_level` passes a console `threshold`; a threshold that is not a
/// console level passes nothing.
pub fn at_console_level(entry_level: &str, threshold: &str) -> bool {
    console_rank(threshold).is_some_and(|t| console_rank(entry_level).unwrap_or(0) >= t)
}

/// A journal level's rank, when it is one of [`JOURNAL_LEVELS`].
pub fn journal_rank(level: &str) -> Option<u8> {
    JOURNAL_LEVELS.iter().position(|l| *l == level).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn console_thresholds() {
        let pass = |t: &str| CONSOLE_LEVELS.iter().copied().filter(|l| at_console_level(l, t)).collect::<Vec<_>>();
        assert_eq!(pass("log"), ["log", "info", "warn", "error"]);
        assert_eq!(pass("info"), ["log", "info", "warn", "error"]);
        assert_eq!(pass("warn"), ["warn", "error"]);
        assert_eq!(pass("error"), ["error"]);
        assert!(at_console_level("constructor", "log"));
        assert!(!at_console_level("debug", "warn"));
        assert_eq!(console_rank("toString"), None);
        assert!(!at_console_level("error", "fatal"));
    }

    #[test]
    fn journal_ranks() {
        assert_eq!(JOURNAL_LEVELS.map(journal_rank), [Some(0), Some(1), Some(2)]);
        assert_eq!(journal_rank("__proto__"), None);
    }
}
