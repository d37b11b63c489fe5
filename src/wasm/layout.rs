//! The positions of the numbers an export answers in one array: the one table both sides read.
//!
//! An export that answers several numbers at once (a `Vec<f64>`, a `Float64Array` in
//! JavaScript) fills them by the positions named here, and the build writes the same table to
//! `node/wasm/layout.cjs` (scripts/constants.mjs, through `wasmLayouts`), which the JavaScript
//! binding of that export reads them by. A position is named once, so the two sides cannot
//! disagree about which number is where; js-tests/wasm-bindings.test.ts fails when the
//! generated file is not this table.

/// Declares each layout as an enum whose variants are its positions, in order, and lists every
/// layout with its JavaScript name for [`layouts_json`]. A variant's JavaScript name is its own
/// with the first letter lowered (`OutputBytes` → `outputBytes`).
macro_rules! layouts {
    ($($(#[$doc:meta])* $name:ident = $js:literal { $($field:ident),+ $(,)? })+) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy)]
            #[repr(usize)]
            pub enum $name { $($field),+ }

            impl $name {
                /// How many numbers the layout holds.
                pub const LEN: usize = [$(stringify!($field)),+].len();
                /// This position as an index into the answer.
                pub const fn at(self) -> usize {
                    self as usize
                }
            }
        )+

        /// Every layout: its JavaScript name and its positions' names, in order.
        pub const LAYOUTS: &[(&str, &[&str])] = &[$(($js, &[$(stringify!($field)),+])),+];
    };
}

layouts! {
    /// `elisionPass`'s first numbers ([`super::elision`]): what the pass found, where its output
    /// lies, and how many pages follow. The pages' records ([`ElisionPage`]) come next, then the
    /// number of spans and each span's start and end.
    ElisionPass = "elisionPass" {
        Fits,
        Chars,
        Tokens,
        OutputBytes,
        OutputLatin1,
        EnvelopeUnits,
        PagesBytes,
        PageCount,
    }
    /// One page's record in `elisionPass`'s answer: its head's UTF-16 units in the output, its
    /// body's start and end in the input text (start -1: the head is the whole page), and its
    /// tail's units in the output.
    ElisionPage = "elisionPage" {
        HeadUnits,
        SpanStart,
        SpanEnd,
        TailUnits,
    }
    /// `roundedMeasuresInput`'s answer ([`super::report`]).
    RoundedMeasures = "roundedMeasures" {
        Units,
        RoundedUnits,
        RoundedTokens,
    }
    /// The head of `sampleCompactInput`'s answer ([`super::sample`]): the sample's length in the
    /// output buffer; the true lengths of the root's arrays follow, one each.
    SampleCompact = "sampleCompact" {
        OutputBytes,
    }
    /// `planHeadCutInput`'s answer ([`super::tokens`]): the UTF-16 units of the text to keep,
    /// and the marker that follows them.
    HeadCut = "headCut" {
        Keep,
        Marker,
    }
}

/// `{"<layout>":{"<position>":index,…},…}`: [`LAYOUTS`] as the build writes it for JavaScript.
pub fn layouts_json() -> String {
    let mut layouts = serde_json::Map::new();
    for (name, fields) in LAYOUTS {
        let positions = fields
            .iter()
            .enumerate()
            .map(|(at, field)| (js_name(field), serde_json::Value::from(at)))
            .collect::<serde_json::Map<_, _>>();
        layouts.insert((*name).to_owned(), positions.into());
    }
    crate::json::value::to_json(&serde_json::Value::Object(layouts))
}

/// `OutputBytes` → `outputBytes`.
fn js_name(field: &str) -> String {
    let mut chars = field.chars();
    chars.next().map(|first| first.to_ascii_lowercase().to_string() + chars.as_str()).unwrap_or_default()
}
