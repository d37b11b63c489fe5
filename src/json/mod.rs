//! JSON text exactly as V8 writes it: number formatting, string quoting, and a scanner that
//! rewrites number tokens in place.

pub mod canonical;
pub mod number;
pub mod value;
pub mod scan;
pub mod string;
