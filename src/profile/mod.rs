//! Budget analysis of tools and their responses.
//!
//! - [`inflation`] — a response schema's static inflation risk, its real bounds, and an upper
//!   token bound (no token counting needed).
//! - [`response`] — `profileResponse`: one response's payload and overhead in real tokens, its
//!   risk band and advisory.
//! - [`lock`] — the budget lockfile: per-tool description tokens, schema digests and risk,
//!   serialized canonically so a budget regression shows up as a diff and fails CI.

pub mod inflation;
pub mod lock;
pub mod response;

/// One risk scale for schemas and responses, lowest first, so a lockfile can compare them.
pub use inflation::Risk;
