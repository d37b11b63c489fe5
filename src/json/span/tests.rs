use super::*;
use crate::testing::Rng;

fn texts<'a>(text: &'a [u8], spans: &[Span]) -> Vec<&'a str> {
    spans.iter().map(|s| std::str::from_utf8(s.of(text)).unwrap()).collect()
}

#[test]
fn members_are_the_keys_and_values_as_written() {
    let text = br#"[1,"a,]",{"k":[2,3]},[],null,-1.5e3, true ]"#;
    let got = items(text, root(text));
    assert_eq!(texts(text, &got), ["1", r#""a,]""#, r#"{"k":[2,3]}"#, "[]", "null", "-1.5e3", "true"]);
    let kinds: Vec<Kind> = got.iter().map(|s| kind(text, *s)).collect();
    assert_eq!(kinds, [Kind::Number, Kind::String, Kind::Object, Kind::Array, Kind::Null, Kind::Number, Kind::Bool]);
    let text = br#" { "a" : 1 , "b\"" : {"c":"}"} } "#;
    let got: Vec<Member> = members(text, root(text)).collect();
    let keys: Vec<Span> = got.iter().map(|m| m.key.unwrap()).collect();
    let values: Vec<Span> = got.iter().map(|m| m.value).collect();
    assert_eq!(texts(text, &keys), [r#""a""#, r#""b\"""#]);
    assert_eq!(texts(text, &values), ["1", r#"{"c":"}"}"#]);
    assert_eq!(count(text, root(text)), 2);
    assert!(items(b"[]", root(b"[]")).is_empty());
    assert!(items(b"[ \n]", root(b"[ \n]")).is_empty());
}

#[test]
fn a_large_container_is_collected_at_its_exact_length() {
    let rows: Vec<String> = (0..100_000).map(|i| format!("{{\"i\":{i}}}")).collect();
    let text = format!("[{}]", rows.join(","));
    assert!(text.len() > COUNT_FIRST_ABOVE);
    let got = collect_members(text.as_bytes(), root(text.as_bytes()), |m| m.value);
    assert_eq!(got.len(), 100_000);
    assert_eq!(got.capacity(), 100_000);
    assert_eq!(texts(text.as_bytes(), &got[99_998..]), [r#"{"i":99998}"#, r#"{"i":99999}"#]);
    assert_eq!(items(text.as_bytes(), root(text.as_bytes())), got);
}

#[test]
fn value_end_stops_at_delimiters_and_whitespace() {
    assert_eq!(value_end(br#""a\"b",1"#, 0), 6);
    assert_eq!(value_end(br#"{"a":"}"},1"#, 0), 9);
    assert_eq!(value_end(b"-2.5e+21]", 0), 8);
    assert_eq!(value_end(b"true ,", 0), 4);
    assert_eq!(value_end(b"1:", 0), 1);
    assert_eq!(skip_string(br#""abc\\"x"#, 0), 7);
    assert_eq!(skip_string(br#""unterminated\"#, 0), 14);
}

#[test]
fn stop_is_the_closing_bracket_only_for_a_well_formed_list() {
    let stop = |text: &[u8]| {
        let mut m = members(text, root(text));
        let values: Vec<Span> = m.by_ref().map(|m| m.value).collect();
        (texts(text, &values).into_iter().map(str::to_owned).collect::<Vec<_>>(), m.stop())
    };
    assert_eq!(stop(b"[1, 2 ]"), (vec!["1".into(), "2".into()], 6));
    assert_eq!(stop(b"[ ]"), (vec![], 2));
    // A trailing comma yields an empty value; a missing comma stops before the closer.
    assert_eq!(stop(b"[1,]"), (vec!["1".into(), String::new()], 3));
    assert_eq!(stop(b"[1 2]"), (vec!["1".into()], 3));
    assert_eq!(stop(b"[1]]"), (vec!["1".into()], 2));
    assert_eq!(stop(br#"{"a" 1}"#), (vec![], 5));
}

#[test]
fn broken_text_never_panics() {
    for text in
        [&b"[1,"[..], b"{\"a\"", b"{\"a\":", b"[\"abc", b"[", b"{", b"", b"\"\\", b"]", b"}", b"{,}", b"[,", b"\\"]
    {
        let r = root(text);
        let _ = items(text, r);
        let _ = members(text, r).count();
        let _ = value_end(text, 0);
        let _ = value_end(text, text.len() + 3);
        let _ = skip_string(text, text.len());
    }
}

/// Strings with the bytes a scanner can trip on: quotes, backslashes, brackets, commas,
/// colons, spaces, control characters, non-ASCII and astral characters.
fn arbitrary_string(rng: &mut Rng) -> String {
    const PIECES: &[&str] =
        &["a", "\"", "\\", "[", "]", "{", "}", ",", ":", " ", "\n", "\u{1}", "é", "😀", "\\\"", "\"\\", "x y", "1"];
    (0..rng.below(6)).map(|_| PIECES[rng.below(PIECES.len() as u64) as usize]).collect()
}

fn arbitrary_number(rng: &mut Rng) -> serde_json::Value {
    match rng.below(4) {
        0 => serde_json::Value::from(rng.next() as i64),
        1 => serde_json::Value::from(rng.below(1000) as i64 - 500),
        2 => serde_json::Value::from(f64::from_bits(rng.next() >> 2) * if rng.below(2) == 0 { 1.0 } else { -1.0 }),
        _ => serde_json::Value::from(rng.below(1_000_000) as f64 / 997.0),
    }
}

fn arbitrary_value(rng: &mut Rng, depth: u32) -> serde_json::Value {
    use serde_json::Value;
    let leaf = depth >= 4 || rng.below(3) == 0;
    match rng.below(if leaf { 4 } else { 6 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => arbitrary_number(rng),
        3 => Value::String(arbitrary_string(rng)),
        4 => Value::Array((0..rng.below(5)).map(|_| arbitrary_value(rng, depth + 1)).collect()),
        _ => {
            Value::Object((0..rng.below(5)).map(|_| (arbitrary_string(rng), arbitrary_value(rng, depth + 1))).collect())
        }
    }
}

/// `value` as JSON text with arbitrary whitespace between its tokens.
fn write_spaced(rng: &mut Rng, value: &serde_json::Value, out: &mut String) {
    let ws = |rng: &mut Rng, out: &mut String| {
        for _ in 0..rng.below(3).saturating_sub(1) {
            out.push([' ', '\t', '\n', '\r'][rng.below(4) as usize]);
        }
    };
    match value {
        serde_json::Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                write_spaced(rng, item, out);
                ws(rng, out);
            }
            ws(rng, out);
            out.push(']');
        }
        serde_json::Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                out.push_str(&serde_json::to_string(key).unwrap());
                ws(rng, out);
                out.push(':');
                ws(rng, out);
                write_spaced(rng, item, out);
                ws(rng, out);
            }
            ws(rng, out);
            out.push('}');
        }
        scalar => out.push_str(&serde_json::to_string(scalar).unwrap()),
    }
}

/// Every member's span parses to exactly the element serde_json parses at that place, every
/// key's span to its key, and the walk goes down every container.
fn check_spans(text: &[u8], span: Span, parsed: &serde_json::Value) {
    assert_eq!(value_end(text, span.start), span.end, "value_end of {:?}", String::from_utf8_lossy(span.of(text)));
    let parse = |s: Span| serde_json::from_slice::<serde_json::Value>(s.of(text)).expect("a member's span is JSON");
    assert_eq!(&parse(span), parsed);
    let elements: Vec<(Option<&String>, &serde_json::Value)> = match parsed {
        serde_json::Value::Array(elements) => elements.iter().map(|e| (None, e)).collect(),
        serde_json::Value::Object(map) => map.iter().map(|(k, e)| (Some(k), e)).collect(),
        _ => return,
    };
    let mut list = members(text, span);
    let found: Vec<Member> = list.by_ref().collect();
    assert_eq!(found.len(), elements.len());
    assert_eq!(list.stop(), span.end - 1, "the scan ends at the closing bracket");
    assert_eq!(count(text, span), elements.len());
    for (member, (key, element)) in found.iter().zip(elements) {
        let key_text = member.key.map(|k| serde_json::from_slice::<String>(k.of(text)).expect("a key's span is JSON"));
        assert_eq!(key_text.as_ref(), key);
        assert_eq!(&parse(member.value), element);
        check_spans(text, member.value, element);
    }
}

#[test]
fn spans_of_arbitrary_json_are_what_serde_json_parses_for_each_element() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..4_000 {
        let value = arbitrary_value(&mut rng, 0);
        let texts = [serde_json::to_string(&value).unwrap(), serde_json::to_string_pretty(&value).unwrap(), {
            let mut spaced = String::new();
            write_spaced(&mut rng, &value, &mut spaced);
            format!(" \n{spaced}\t ")
        }];
        for text in texts {
            let parsed: serde_json::Value = serde_json::from_str(&text).expect("the writer writes JSON");
            let root = root(text.as_bytes());
            assert!(!root.is_empty(), "case {case}");
            check_spans(text.as_bytes(), root, &parsed);
        }
    }
}
