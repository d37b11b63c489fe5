//! JSON text exactly as V8 writes it: number formatting, string quoting, a scanner that
//! rewrites number tokens in place, the one tolerant reader, and the one JSON Schema walker.

pub mod canonical;
pub mod number;
pub mod read;
pub mod scan;
pub mod schema;
pub mod string;
pub mod value;
