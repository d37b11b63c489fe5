//! JSON text exactly as V8 writes it: number formatting, string quoting, the lexer (where a string,
//! a number or whitespace ends), a scanner that rewrites number tokens in place, the span scanner
//! the elision pass, the preview and the stream items walk with (where values start and end, the
//! members of a container), a collection read once for two readers, the Latin-1 form the text
//! crosses the JS boundary in, the one tolerant reader, the one JSON Schema walker, the text a
//! value that throws while read becomes, a large text's sample read without its value, the numbers
//! `JSON.parse` would change kept as their text, and the text a string literal's escaped content
//! stands for.

#[cfg(feature = "full")]
pub mod canonical;
#[cfg(feature = "full")]
pub mod exact;
#[cfg(feature = "full")]
pub mod items;
pub mod latin1;
pub mod lex;
pub mod number;
#[cfg(feature = "full")]
pub mod read;
pub mod rewrite;
#[cfg(feature = "full")]
pub mod sample;
#[cfg(feature = "full")]
pub mod schema;
pub mod span;
pub mod string;
pub mod thrown;
#[cfg(feature = "full")]
pub mod unescape;
#[cfg(feature = "full")]
pub mod value;
