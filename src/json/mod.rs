//! JSON text exactly as V8 writes it: number formatting, string quoting, a scanner that
//! rewrites number tokens in place, the Latin-1 form the text crosses the JS boundary in, the
//! one tolerant reader, the one JSON Schema walker, and a large text's sample read without its
//! value.

#[cfg(feature = "full")]
pub mod canonical;
pub mod latin1;
pub mod number;
#[cfg(feature = "full")]
pub mod read;
#[cfg(feature = "full")]
pub mod sample;
pub mod scan;
#[cfg(feature = "full")]
pub mod schema;
pub mod string;
#[cfg(feature = "full")]
pub mod value;
