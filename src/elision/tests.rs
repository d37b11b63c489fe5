//! The pass's pages, read back the way docs/mcp.md ("Pages") tells a client to: exact pages at
//! line ends, a document held in a string paged as that document, and — over generated values,
//! texts and caps — every page within both caps and the pages rebuilding the input byte for byte.
//!
//! The reader here works on the pages' text (with the span walkers), not on parsed values, so a
//! rebuilt result is compared as bytes, and no number or escape is re-printed on the way.

use super::pages::Limits;
use super::spans::{children, utf16_units};
use super::{json_pass, text_pass, Pass};
use crate::json::lex::skip_string;
use crate::json::number::js_number_string;
use crate::json::string::json_string;
use crate::tokens::{self, Encoding};

/// The member `key` of the compact JSON object `text`: its value's text.
fn member<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let b = text.as_bytes();
    let want = json_string(key);
    children(b, 0, b.len())
        .into_iter()
        .find(|c| c.key.is_some_and(|(s, e)| text[s..e] == want))
        .map(|c| &text[c.value.0..c.value.1])
}

/// The string a JSON string literal holds.
fn decoded(literal: &str) -> String {
    serde_json::from_str(literal).unwrap()
}

/// The escaped content of a JSON string literal.
fn content(literal: &str) -> &str {
    &literal[1..literal.len() - 1]
}

/// The span of the value at `path` (as the pages write it) in the compact JSON `text`.
fn locate(text: &str, path: &str) -> (usize, usize) {
    let b = text.as_bytes();
    let (mut start, mut end) = (0, b.len());
    let mut rest = path.strip_prefix('$').expect("a path starts at $");
    while !rest.is_empty() {
        let kids = children(b, start, end);
        let child = if rest.starts_with("[\"") {
            let close = skip_string(rest.as_bytes(), 1);
            let key = &rest[1..close];
            rest = &rest[close + 1..];
            kids.into_iter().find(|c| c.key.is_some_and(|(s, e)| &text[s..e] == key))
        } else if let Some(tail) = rest.strip_prefix('[') {
            let close = tail.find(']').unwrap();
            let index: usize = tail[..close].parse().unwrap();
            rest = &tail[close + 1..];
            kids.into_iter().nth(index)
        } else {
            let tail = &rest[1..];
            let stop = tail.find(['.', '[']).unwrap_or(tail.len());
            let key = json_string(&tail[..stop]);
            rest = &tail[stop..];
            kids.into_iter().find(|c| c.key.is_some_and(|(s, e)| text[s..e] == key))
        };
        (start, end) = child.expect("the path leads to a value").value;
    }
    (start, end)
}

/// `rest` with its empty collection at `path` filled with `items` (each a page's items array).
fn fill(rest: &str, path: &str, items: &[&str]) -> String {
    let (start, end) = locate(rest, path);
    let parts: Vec<String> = items
        .iter()
        .flat_map(|list| {
            let b = list.as_bytes();
            children(b, 0, b.len()).into_iter().map(move |c| list[c.value.0..c.value.1].to_owned())
        })
        .collect();
    let filled = match &rest[start..end] {
        "[]" => format!("[{}]", parts.join(",")),
        "{}" => {
            let pairs: Vec<String> = parts
                .iter()
                .map(|pair| {
                    let kv = children(pair.as_bytes(), 0, pair.len());
                    format!("{}:{}", &pair[kv[0].value.0..kv[0].value.1], &pair[kv[1].value.0..kv[1].value.1])
                })
                .collect();
            format!("{{{}}}", pairs.join(","))
        }
        "\"\"" => format!("\"{}\"", parts.iter().map(|p| content(p)).collect::<String>()),
        other => panic!("rest holds {other} at {path}"),
    };
    format!("{}{filled}{}", &rest[..start], &rest[end..])
}

/// `JSON.stringify(JSON.parse(compact), null, indent)` for canonical compact JSON.
fn pretty(compact: &str, indent: &str) -> String {
    if indent.is_empty() {
        return compact.to_owned();
    }
    let b = compact.as_bytes();
    let mut out = String::new();
    let (mut i, mut depth) = (0, 0);
    let line = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&indent.repeat(depth));
    };
    while i < b.len() {
        match b[i] {
            b'"' => {
                let end = skip_string(b, i);
                out.push_str(&compact[i..end]);
                i = end;
                continue;
            }
            c @ (b'{' | b'[') if matches!(b.get(i + 1), Some(b'}' | b']')) => {
                out.push(char::from(c));
                out.push(char::from(b[i + 1]));
                i += 2;
                continue;
            }
            c @ (b'{' | b'[') => {
                out.push(char::from(c));
                depth += 1;
                line(&mut out, depth);
            }
            c @ (b'}' | b']') => {
                depth -= 1;
                line(&mut out, depth);
                out.push(char::from(c));
            }
            b',' => {
                out.push(',');
                line(&mut out, depth);
            }
            b':' => out.push_str(": "),
            _ => {
                let end = i + compact[i..].find([',', ']', '}']).unwrap_or(b.len() - i);
                out.push_str(&compact[i..end]);
                i = end;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// What the pages rebuild, as JSON text (a text's pages: its JSON string literal).
fn rebuild(pages: &[String]) -> String {
    let first = &pages[0];
    if let Some(_text) = member(first, "text") {
        let joined: String = pages.iter().map(|p| content(member(p, "text").unwrap())).collect();
        return format!("\"{joined}\"");
    }
    let path = decoded(member(first, "path").unwrap());
    let rest = member(first, "rest").unwrap();
    let items: Vec<&str> = pages.iter().map(|p| member(p, "items").unwrap()).collect();
    let Some(document) = member(first, "document") else { return fill(rest, &path, &items) };
    let inner = fill(member(document, "rest").unwrap(), &decoded(member(document, "path").unwrap()), &items);
    let indent = decoded(member(document, "indent").unwrap());
    let end = member(document, "end").map_or_else(String::new, decoded);
    let printed = json_string(&(pretty(&inner, &indent) + &end));
    let (start, end) = locate(rest, &path);
    assert_eq!(&rest[start..end], "\"\"");
    format!("{}{printed}{}", &rest[..start], &rest[end..])
}

/// Checks every page against both caps and that the pages rebuild `original` (a value's JSON
/// paged as text rebuilds its JSON text, which `rebuild` gives as a string literal).
fn check(pages: &[String], original: &str, limits: Limits) {
    for page in pages {
        assert!(utf16_units(page.as_bytes()) <= limits.max_chars, "{page}");
        assert!(limits.max_bytes.map_or(true, |cap| page.len() <= cap), "{page}");
        if let Some(cap) = limits.max_tokens {
            assert!(tokens::count(limits.encoding, page).unwrap() <= cap, "{page}");
        }
    }
    let as_text = member(&pages[0], "text").is_some() && !original.starts_with('"');
    let want = if as_text { json_string(original) } else { original.to_owned() };
    assert_eq!(rebuild(pages), want);
}

/// Checks that each page with a cut holds the input's span where the cut says, so a caller
/// holding the input rebuilds the page from its head, that span and its tail; returns how many
/// pages have one.
fn check_cuts(pass: &Pass, input: &str) -> usize {
    let pages = pass.pages.as_ref().and_then(Option::as_ref).map_or(&[][..], Vec::as_slice);
    assert!(pass.cuts.is_empty() || pass.cuts.len() == pages.len(), "{} cuts, {} pages", pass.cuts.len(), pages.len());
    let mut cut_pages = 0;
    for (page, cut) in pages.iter().zip(&pass.cuts) {
        let Some(cut) = cut else { continue };
        let span = &input[cut.start..cut.end];
        let rebuilt = format!("{}{span}{}", &page[..cut.at], &page[cut.at + span.len()..]);
        assert_eq!(&rebuilt, page);
        assert_eq!(&page[cut.at..cut.at + span.len()], span);
        cut_pages += 1;
    }
    cut_pages
}

/// A scene of `n` entities with non-ASCII names, and its pass under `limits`.
fn scene_pass(n: usize, limits: Limits) -> (String, Pass) {
    let items: Vec<String> = (0..n).map(|i| format!(r#"{{"id":{i},"name":"Palme «{i}» 😀"}}"#)).collect();
    let value = format!(r#"{{"scene":"é","entities":[{}]}}"#, items.join(","));
    let pass = json_pass(&value, utf16_units(value.as_bytes()), limits, false, None).unwrap();
    (value, pass)
}

#[test]
fn pages_cut_from_the_input_say_where_and_others_do_not() {
    let limits = Limits { max_chars: 2000, max_bytes: None, max_tokens: Some(500), encoding: Encoding::Cl100kBase };
    let (value, pass) = scene_pass(300, limits);
    let pages = pass.pages.clone().unwrap().unwrap();
    assert!(pages.len() > 5);
    assert_eq!(check_cuts(&pass, &value), pages.len());
    let text = json_string(&"a line of «text» 😀\n".repeat(400));
    let pass = text_pass(&text, limits, None).unwrap();
    assert_eq!(check_cuts(&pass, &text), pass.pages.clone().unwrap().unwrap().len());
    // An object's members are written one by one, and a held document is cut from its compact
    // form, which only the core has: such pages leave whole.
    let members: Vec<String> = (0..300).map(|i| format!("\"k{i}\":{{\"v\":{i}}}")).collect();
    let map = format!("{{\"m\":{{{}}}}}", members.join(","));
    let pass = json_pass(&map, map.len(), limits, false, None).unwrap();
    assert!(pass.pages.as_ref().unwrap().as_ref().unwrap().len() > 1);
    assert_eq!(check_cuts(&pass, &map), 0);
    let held = format!("{{\"content\":{}}}", json_string(&pretty(&tree(200), "  ")));
    let pass = json_pass(&held, utf16_units(held.as_bytes()), limits, false, None).unwrap();
    assert!(pass.pages.as_ref().unwrap().as_ref().unwrap().len() > 1);
    assert!(pass.cuts.is_empty() || pass.cuts.iter().all(Option::is_none));
}

const TEXT: Limits = Limits { max_chars: 55, max_bytes: None, max_tokens: None, encoding: Encoding::Cl100kBase };

#[test]
fn text_pages_end_at_line_ends_and_cut_only_a_line_over_a_page() {
    let text = "alpha\nbeta\ngamma delta\nepsilon zeta eta theta iota\nkappa\n";
    let pages = text_pass(&json_string(text), TEXT, None).unwrap().pages.unwrap().unwrap();
    assert_eq!(
        pages,
        [
            r#"{"page":1,"pages":4,"text":"alpha\nbeta\n"}"#,
            r#"{"page":2,"pages":4,"text":"gamma delta\n"}"#,
            r#"{"page":3,"pages":4,"text":"epsilon zeta eta the"}"#,
            r#"{"page":4,"pages":4,"text":"ta iota\nkappa\n"}"#,
        ]
    );
}

/// A directory tree as server-filesystem prints it, `files` leaves in all.
fn tree(files: usize) -> String {
    let leaves: Vec<String> =
        (0..files).map(|i| format!("{{\"name\":\"file-{i} «é».ts\",\"type\":\"file\"}}")).collect();
    let dirs: Vec<String> = leaves
        .chunks(7)
        .enumerate()
        .map(|(i, c)| format!("{{\"name\":\"dir-{i}\",\"type\":\"directory\",\"children\":[{}]}}", c.join(",")))
        .collect();
    format!("[{},{{\"name\":\"empty\",\"type\":\"directory\",\"children\":[]}}]", dirs.join(","))
}

#[test]
fn a_document_in_a_string_is_paged_as_that_document() {
    let compact = tree(200);
    let printed = pretty(&compact, "  ");
    assert!(
        printed.starts_with("[\n  {\n    \"name\": \"dir-0\",\n    \"type\": \"directory\",\n    \"children\": [\n")
    );
    let value = format!("{{\"content\":{},\"isDir\":true}}", json_string(&printed));
    let limits = Limits { max_chars: 2000, max_bytes: None, max_tokens: Some(500), encoding: Encoding::Cl100kBase };
    let pass = json_pass(&value, utf16_units(value.as_bytes()), limits, false, None).unwrap();
    let pages = pass.pages.unwrap().unwrap();
    let head = format!(
        "{{\"page\":1,\"pages\":{},\"path\":\"$.content\",\"rest\":{{\"content\":\"\",\"isDir\":true}},\"document\":{{\"indent\":\"  \",\"path\":\"$\",\"rest\":[]}},\"items\":[{{\"name\":\"dir-0\"",
        pages.len()
    );
    assert!(pages[0].starts_with(&head), "{}", pages[0]);
    assert!(pages[1].starts_with(&format!(
        "{{\"page\":2,\"pages\":{},\"path\":\"$.content\",\"document\":{{\"path\":\"$\"}},\"items\":[{{",
        pages.len()
    )));
    check(&pages, &value, limits);
    // The pages cost fewer tokens than the printed text they rebuild.
    let paged: usize = pages.iter().map(|p| tokens::count(Encoding::Cl100kBase, p).unwrap()).sum();
    assert!(paged < tokens::count(Encoding::Cl100kBase, &printed).unwrap());

    // A text that holds a document: paged as the document at $.
    let pages = text_pass(&json_string(&printed), limits, None).unwrap().pages.unwrap().unwrap();
    assert!(pages[0].starts_with(&format!(
        "{{\"page\":1,\"pages\":{},\"path\":\"$\",\"rest\":\"\",\"document\":{{\"indent\":\"  \"",
        pages.len()
    )));
    check(&pages, &json_string(&printed), limits);
}

#[test]
fn no_pages_are_made_past_the_byte_limit() {
    let compact = tree(200);
    let limits = Limits { max_chars: 2000, max_bytes: None, max_tokens: Some(500), encoding: Encoding::Cl100kBase };
    let chars = compact.chars().map(char::len_utf16).sum();
    let all = json_pass(&compact, chars, limits, false, None).unwrap().pages.unwrap().unwrap();
    let bytes: usize = all.iter().map(String::len).sum();
    assert_eq!(json_pass(&compact, chars, limits, false, Some(bytes)).unwrap().pages, Some(Some(all)));
    let refused = json_pass(&compact, chars, limits, false, Some(bytes - 1)).unwrap();
    assert_eq!(refused.pages, Some(None));
    assert!(refused.envelope.starts_with("{\"elided\":true"));
    // The pages of a printed document are smaller than its text: the limit is on the pages.
    let printed = json_string(&pretty(&compact, "    "));
    let pages = text_pass(&printed, limits, Some(printed.len() / 2)).unwrap().pages.unwrap().unwrap();
    check(&pages, &printed, limits);
    assert_eq!(text_pass(&printed, limits, Some(100)).unwrap().pages, Some(None));
}

/// Texts and values drawn from the crate's fixed-seed generator.
struct Rng(crate::testing::Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// A text of at most `most` parts.
    fn text(&mut self, most: usize) -> String {
        let len = self.below(most + 1);
        const PARTS: [&str; 16] =
            ["a", "Zq", " ", "\n", "\n\n", "é", "😀", "中文", "\"", "\\", "\t", "\u{1}", "'s", "42", "{", "\u{2028}"];
        (0..len).map(|_| PARTS[self.below(PARTS.len())]).collect()
    }

    /// Canonical compact JSON of a generated value, `depth` levels at most, its long strings of
    /// at most `long` parts.
    fn value(&mut self, depth: usize, long: usize) -> String {
        match if depth == 0 { self.below(4) } else { self.below(7) } {
            0 => json_string(&self.text(12)),
            1 => js_number_string((self.below(2_000_001) as f64 - 1e6) / [1.0, 7.0, 1e-3][self.below(3)]),
            2 => ["true", "false", "null"][self.below(3)].to_owned(),
            3 => json_string(&self.text(long)),
            4 | 5 => {
                let n = self.below(16);
                format!("[{}]", (0..n).map(|_| self.value(depth - 1, long)).collect::<Vec<_>>().join(","))
            }
            _ => {
                let n = self.below(10);
                let members: Vec<String> = (0..n)
                    .map(|i| {
                        format!("{}:{}", json_string(&format!("k{i} {}", self.text(2))), self.value(depth - 1, long))
                    })
                    .collect();
                format!("{{{}}}", members.join(","))
            }
        }
    }
}

#[test]
fn any_input_pages_rebuild_exactly_and_each_fits_both_caps() {
    let mut rng = Rng(crate::testing::Rng(0x9e37_79b9_7f4a_7c15));
    let (mut paged, mut documents, mut cut) = ([0usize; 4], 0, 0);
    for case in 0..120 {
        let limits = Limits {
            max_chars: 400 + rng.below(3000),
            max_bytes: [None, Some(400 + rng.below(3000))][rng.below(2)],
            max_tokens: [None, Some(120 + rng.below(900))][rng.below(2)],
            encoding: [Encoding::Cl100kBase, Encoding::O200kBase][rng.below(2)],
        };
        let doc = format!("[{}]", (0..rng.below(200)).map(|_| rng.value(1, 40)).collect::<Vec<_>>().join(","));
        let indent = ["", "  ", "\t", "    "][rng.below(4)];
        // A printed document, as JSON.stringify writes it or as a file ends it (a line break).
        let file = format!("{}{}", pretty(&doc, indent), ["", "\n"][rng.below(2)]);
        let inputs = [
            // A value; a value whose bulk is a printed document; a text; a printed document.
            (false, rng.value(4, 400)),
            (false, format!("{{\"content\":{},\"n\":{case}}}", json_string(&file))),
            (true, json_string(&rng.text(3000))),
            (true, json_string(&file)),
        ];
        for (kind, (is_text, input)) in inputs.into_iter().enumerate() {
            let pass = if is_text {
                text_pass(&input, limits, None)
            } else {
                json_pass(&input, utf16_units(input.as_bytes()), limits, true, None)
            };
            let pass = pass.unwrap();
            cut += check_cuts(&pass, &input);
            // None: the cap cannot hold a page (one char, or one item, over it).
            if let Some(pages) = pass.pages.unwrap() {
                check(&pages, &input, limits);
                paged[kind] += 1;
                documents += usize::from(member(&pages[0], "document").is_some());
            }
        }
    }
    assert!(paged.iter().all(|&n| n > 90), "{paged:?}");
    // Most printed documents are paged as documents (the rest: one item over a page).
    assert!(documents > 150, "{documents} of {paged:?}");
    assert!(cut > 1000, "{cut} pages cut from their input");
}

#[test]
fn spans_are_in_the_units_javascript_slices_by() {
    let limits = Limits { max_chars: 1500, max_bytes: None, max_tokens: Some(400), encoding: Encoding::Cl100kBase };
    let (value, pass) = scene_pass(200, limits);
    let spans = pass.spans_in_units(&value);
    let units: Vec<u16> = value.encode_utf16().collect();
    let pages = pass.pages.clone().unwrap().unwrap();
    assert_eq!(spans.len(), pages.len());
    for (page, span) in pages.iter().zip(&spans) {
        let (cut, start, end) = span.expect("array items are cut from the input");
        let body: Vec<u16> = page[cut.at..cut.at + (cut.end - cut.start)].encode_utf16().collect();
        assert_eq!(&units[start..end], &body[..]);
    }
    // A cut that is not within the text, or not at its char boundaries, leaves its page whole.
    let mut outside = pass;
    outside.cuts[0] =
        outside.cuts[0].map(|c| super::Cut { start: c.start + value.len(), end: c.end + value.len(), ..c });
    let emoji = value.find('😀').unwrap();
    outside.cuts[1] = outside.cuts[1].map(|c| super::Cut { start: emoji + 1, end: emoji + 1, ..c });
    let spans = outside.spans_in_units(&value);
    assert!(spans[0].is_none() && spans[1].is_none() && spans[2].is_some());
}

#[test]
fn a_byte_cap_holds_where_the_chars_fit_and_the_envelope_names_it() {
    // 120 entities: 4,006 UTF-16 units and 4,487 UTF-8 bytes.
    let chars_only = Limits { max_chars: 4200, max_bytes: None, max_tokens: None, encoding: Encoding::Cl100kBase };
    let (value, pass) = scene_pass(120, chars_only);
    let (units, bytes) = (utf16_units(value.as_bytes()), value.len());
    assert_eq!((units, bytes), (4006, 4487));
    assert!(pass.fits);
    let limits = Limits { max_bytes: Some(1500), ..chars_only };
    let (_, pass) = scene_pass(120, limits);
    assert!(!pass.fits);
    let hint = format!("Response was {bytes} bytes (cap 1500). Narrow it: ");
    assert!(pass.envelope.contains(&hint), "{}", pass.envelope);
    assert!(member(&pass.envelope, "bytes") == Some(units.to_string().as_str()), "{}", pass.envelope);
    let pages = pass.pages.clone().unwrap().unwrap();
    assert!(pages.len() >= 2);
    check(&pages, &value, limits);
    // Text pages too, a char never split at the byte bound.
    let text = json_string(&"une ligne «é» 😀\n".repeat(300));
    let pages = text_pass(&text, limits, None).unwrap().pages.unwrap().unwrap();
    check(&pages, &text, limits);
    // Over both caps, the one overshot by the larger factor is named.
    let both = Limits { max_chars: 1000, max_bytes: Some(4400), ..chars_only };
    let (_, pass) = scene_pass(120, both);
    assert!(pass.envelope.contains(&format!("Response was {units} chars (cap 1000)")), "{}", pass.envelope);
}
