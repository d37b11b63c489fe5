//! Static budget analysis of tool schemas (no token counting needed).
//!
//! - [`inflation`] — a response schema's inflation risk, its real bounds, and an upper token bound.

pub mod inflation;
