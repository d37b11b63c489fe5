//! JSON text exactly as V8 writes it: number formatting, string quoting, a scanner that
//! rewrites number tokens in place, and the Latin-1 form the text crosses the JS boundary in.

#[cfg(feature = "full")]
pub mod canonical;
pub mod latin1;
pub mod number;
#[cfg(feature = "full")]
pub mod value;
pub mod scan;
pub mod string;
