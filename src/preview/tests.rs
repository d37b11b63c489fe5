use super::*;
use serde_json::json;

fn budget(max_tokens: usize, max_chars: usize) -> Budget {
    Budget { max_tokens, max_chars, encoding: Encoding::Cl100kBase }
}

#[test]
fn json_preview_is_within_both_limits_and_valid() {
    let rows: Vec<_> = (0..5000).map(|i| json!({"id":format!("{i:08x}-a1b2-c3d4"),"v":i})).collect();
    let text = serde_json::to_string(&rows).unwrap();
    for (t, c) in [(2000, 8000), (300, 8000), (2000, 900), (60, 200)] {
        let p = preview(Input::Json(text.as_bytes()), &json!(null), &json!(null), &budget(t, c)).unwrap();
        assert!(p.json);
        assert!(p.tokens <= t && p.chars <= c, "{t}/{c}: {} tokens {} chars", p.tokens, p.chars);
        let v: serde_json::Value = serde_json::from_str(&p.text).unwrap();
        assert_eq!(v["_cut"]["total"], 5000);
    }
}

#[test]
fn text_results_and_json_documents_in_text() {
    let log: String = (1..=3000).map(|i| format!("line {i} INFO ok\n")).collect();
    let p = preview(Input::Text(&log), &json!({}), &json!({}), &Budget::default()).unwrap();
    assert!(!p.json);
    assert!(p.text.starts_with("line 1 INFO ok\nline 2 INFO ok\n"));
    assert!(p.text.contains("not shown; 3000 lines, "), "{}", p.text);
    assert!(p.tokens <= 2000 && p.chars <= 8000);
    let doc = serde_json::to_string_pretty(&(0..3000).collect::<Vec<_>>()).unwrap();
    let p = preview(Input::Text(&doc), &json!({}), &json!(null), &Budget::default()).unwrap();
    assert!(p.json);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&p.text).unwrap()["_cut"]["total"], 3000);
    let short = "just this";
    assert_eq!(preview(Input::Text(short), &json!(null), &json!(null), &Budget::default()).unwrap().text, short);
}

#[test]
fn not_json_is_previewed_as_text_and_the_hint_comes_from_the_schema() {
    let p = preview(
        Input::Json(b"{not json"),
        &json!(null),
        &json!({"properties":{"limit":{"type":"integer"}}}),
        &Budget::default(),
    )
    .unwrap();
    assert_eq!(p.text, "{not json");
    assert!(!p.json);
    assert_eq!(p.parameters, [("limit".to_owned(), Role::Limit)]);
    assert_eq!(p.hint, "Narrow the call with this tool's own parameters (limit: limit); the pages hold the rest.");
}

#[test]
fn a_million_items_in_one_pass() {
    let mut text = String::from("[");
    for i in 0..1_000_000 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("{{\"i\":{i},\"level\":\"{}\"}}", if i == 654_321 { "error" } else { "info" }));
    }
    text.push(']');
    let started = std::time::Instant::now();
    let p = preview(Input::Json(text.as_bytes()), &json!(null), &json!(null), &Budget::default()).unwrap();
    let v: serde_json::Value = serde_json::from_str(&p.text).unwrap();
    assert_eq!(v["_cut"]["total"], 1_000_000);
    assert!(v["items"].as_array().unwrap().iter().any(|x| x["index"] == 654_321 && x["why"] == "error"));
    eprintln!("1,000,000 items: {:?}", started.elapsed());
}

#[test]
fn deterministic() {
    let rows: Vec<_> = (0..3000).map(|i| json!({"x": (i * 7919) % 1000, "s": format!("s{i}")})).collect();
    let text = serde_json::to_string(&rows).unwrap();
    let a = preview(Input::Json(text.as_bytes()), &json!({"q":"s12"}), &json!(null), &Budget::default()).unwrap();
    let b = preview(Input::Json(text.as_bytes()), &json!({"q":"s12"}), &json!(null), &Budget::default()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn printed_json_previews_as_checked_json_does() {
    let rows: Vec<_> = (0..4000)
        .map(|i| json!({"id": format!("{i:08x}"), "level": if i == 2777 { "error" } else { "info" }, "x": (i * 31) % 997}))
        .collect();
    let deep = super::scan::tests::nested(5000);
    let texts = [
        serde_json::to_string(&json!({"scene": "s", "entities": rows, "n": 1})).unwrap(),
        serde_json::to_string(&rows).unwrap(),
        r#"["\ud800 lone", "\u00e9"]"#.to_owned(),
        deep,
        "12".to_owned(),
    ];
    for text in &texts {
        for (args, b) in [(json!(null), budget(2000, 8000)), (json!({"q": "0000abc"}), budget(60, 200))] {
            let checked = preview(Input::Json(text.as_bytes()), &args, &json!(null), &b).unwrap();
            let printed = preview(Input::Printed(text.as_bytes()), &args, &json!(null), &b).unwrap();
            assert!(checked.json);
            assert_eq!(printed, checked);
        }
    }
}

#[test]
fn what_the_pass_read_changes_no_preview() {
    use crate::elision::{json_pass, Limits};
    let rows: Vec<_> = (0..3000)
        .map(|i| json!({"id": i, "level": if i == 1234 { "error" } else { "info" }, "tags": ["a", i % 7], "p": {"x": i % 13}}))
        .collect();
    let texts = [
        serde_json::to_string(&json!({"scene": "s", "entities": rows, "n": 1})).unwrap(),
        serde_json::to_string(&json!({"a": 1, "data": {"meta": "m", "rows": rows}})).unwrap(),
        serde_json::to_string(&json!({"byId": rows.iter().enumerate().map(|(i, r)| (format!("k{i}"), r.clone())).collect::<serde_json::Map<_, _>>()})).unwrap(),
        serde_json::to_string(&rows).unwrap(),
    ];
    let limits = Limits { max_chars: 20_000, max_bytes: None, max_tokens: Some(5_000), encoding: Encoding::Cl100kBase };
    for text in &texts {
        let pass = json_pass(text, text.len(), limits, false, None).unwrap();
        // The pass read the collection's rows on its way: the array, or the object of rows.
        let read = pass.read.as_ref().expect("read");
        assert_eq!(read.members.len(), 3000);
        assert_eq!(read.entries.len(), 3000);
        assert!(matches!(text.as_bytes()[read.span.start], b'[' | b'{'));
        for args in [json!(null), json!({"id": "1234"})] {
            let b = budget(2000, 8000);
            let plain = preview(Input::Printed(text.as_bytes()), &args, &json!(null), &b).unwrap();
            for known in [
                Known { spans: &pass.spans, read: None },
                Known { spans: &[], read: pass.read.as_ref() },
                Known { spans: &pass.spans, read: pass.read.as_ref() },
            ] {
                let knowing = preview_knowing(Input::Printed(text.as_bytes()), known, &args, &json!(null), &b).unwrap();
                assert_eq!(knowing, plain);
            }
        }
    }
    // The spans of the value descended into, each a whole container of the text.
    let pass = json_pass(&texts[1], texts[1].len(), limits, false, None).unwrap();
    let spans: Vec<&str> = pass.spans.iter().map(|&(s, e)| &texts[1][s..e]).collect();
    assert_eq!(spans.len(), 2);
    assert!(spans[0].starts_with("{\"meta\"") && spans[1].starts_with("[{\"id\":0,"), "{:?}", &spans[1][..20]);
    // Spans that are no container of the text are not used; none can make the preview fail.
    let text = &texts[0];
    let b = budget(2000, 8000);
    let plain = preview(Input::Printed(text.as_bytes()), &json!(null), &json!(null), &b).unwrap();
    for bogus in [(0, 3), (usize::MAX, 0), (13, 12), (text.len(), text.len() + 5), (1, text.len())] {
        let known = Known { spans: &[bogus], read: None };
        let got = preview_knowing(Input::Printed(text.as_bytes()), known, &json!(null), &json!(null), &b).unwrap();
        assert_eq!(got, plain, "{bogus:?}");
    }
    // A read of another collection is not used; one whose spans are not the text's cannot make
    // the preview fail.
    let other = json_pass(&texts[3], texts[3].len(), limits, false, None).unwrap().read;
    let known = Known { spans: &[], read: other.as_ref() };
    assert_eq!(preview_knowing(Input::Printed(text.as_bytes()), known, &json!(null), &json!(null), &b).unwrap(), plain);
    let mut wrong = json_pass(text, text.len(), limits, false, None).unwrap().read.unwrap();
    wrong.members.iter_mut().for_each(|m| m.value = Span { start: m.value.end, end: usize::MAX });
    let known = Known { spans: &[], read: Some(&wrong) };
    assert!(preview_knowing(Input::Printed(text.as_bytes()), known, &json!(null), &json!(null), &b).is_ok());
}

/// Each text form on bad input, through the whole preview: within both limits, never a panic.
#[test]
fn texts_in_their_forms_stay_within_the_budget_on_bad_input() {
    let mut cases: Vec<(&str, String)> = Vec::new();
    // A diff with binary parts, `\ No newline`, a hunk whose counts lie, and no trailing newline.
    let mut diff =
        String::from("diff --git a/a.png b/a.png\nindex 1..2 100644\nGIT binary patch\nliteral 12\nzcmV\n\n");
    diff.push_str("diff --git a/b.txt b/b.txt\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file\n");
    diff.push_str("diff --git a/c.rs b/c.rs\n--- a/c.rs\n+++ b/c.rs\n@@ -1,900 +1,900 @@\n+only one line");
    cases.push(("diff", diff.repeat(300)));
    // A table with ragged rows, and a Python literal with nested quotes and escapes, cut short.
    let ragged: String = (0..3000)
        .map(|i| if i % 7 == 0 { "1,2\n".to_owned() } else { format!("{i},\"a,\"\"b\",{}\n", i % 5) })
        .collect();
    cases.push(("ragged csv", format!("id,name,n\n{ragged}")));
    let literal: Vec<String> = (0..2000)
        .map(|i| format!("{{'k\\'{i}': \"it's \\\"{i}\\\"\", 'n': ({i}, [None, True]), 'x': {}}}", i % 9))
        .collect();
    cases.push(("python literal", format!("[{}", literal.join(", "))));
    // A snapshot 200 levels deep, and a line of a million bytes inside one.
    let mut deep: String = (0..200).map(|d| format!("{}- generic [ref=e{d}]:\n", "  ".repeat(d))).collect();
    deep.push_str(&format!("{}- text: {}\n", "  ".repeat(200), "x".repeat(1_000_000)));
    cases.push(("deep snapshot", deep.repeat(3)));
    // Multi-part text whose parts are empty or a single huge line.
    cases.push(("parts", format!("/a/x.rs:\n\n---\n/a/y.rs:\n{}\n---\n/a/z.rs: Error - EACCES", "y".repeat(200_000))));
    // A million lines.
    cases.push(("million lines", "line of a plain text ok\n".repeat(1_000_000)));
    for (name, text) in &cases {
        for b in [budget(2000, 8000), budget(60, 200), budget(300, 900)] {
            let started = std::time::Instant::now();
            let p = preview(Input::Text(text), &json!({"q": "y.rs"}), &json!(null), &b).unwrap();
            assert!(
                p.tokens <= b.max_tokens && p.chars <= b.max_chars,
                "{name} {b:?}: {} / {}: {}",
                p.tokens,
                p.chars,
                p.text
            );
            eprintln!("{name}: {} bytes in {:?}", text.len(), started.elapsed());
        }
        // Inside JSON (structuredContent holding the text), valid JSON within the budget.
        let value = serde_json::to_string(&json!({ "content": text })).unwrap();
        let b = budget(2000, 8000);
        let p = preview(Input::Json(value.as_bytes()), &json!(null), &json!(null), &b).unwrap();
        assert!(p.json && p.tokens <= b.max_tokens && p.chars <= b.max_chars, "{name}: {}", p.text);
        serde_json::from_str::<serde_json::Value>(&p.text).unwrap();
    }
}

/// Each form is recognised through the whole preview of a text result and of a string in JSON.
#[test]
fn each_text_form_is_previewed_in_that_form() {
    let diff: String = (0..300)
        .map(|i| format!("diff --git a/f{i}.rs b/f{i}.rs\n--- a/f{i}.rs\n+++ b/f{i}.rs\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n"))
        .collect();
    let csv: String =
        std::iter::once("a,b\n".to_owned()).chain((0..3000).map(|i| format!("{i},{}\n", i % 3))).collect();
    let tree: String = (0..800).map(|i| format!("- item {i}:\n  - child:\n    - leaf {i}\n")).collect();
    let parts = format!("/a/x.txt:\n{}\n\n---\n/a/y.txt:\n{}\n", "x\n".repeat(3000), "y\n".repeat(3000));
    for (text, start, form) in [
        (&diff, "…[unified diff: 300 files changed, +300 -300; ", "diff"),
        (&csv, "a,b\n0,0\n", "csv"),
        (&tree, "…[outline: 2,400 lines, ", "outline"),
        (&parts, "…[2 parts, ", "parts"),
    ] {
        let p = preview(Input::Text(text), &json!(null), &json!(null), &Budget::default()).unwrap();
        assert!(p.text.starts_with(start), "{form}: {}", &p.text[..200.min(p.text.len())]);
        let value = serde_json::to_string(&json!({ "content": text })).unwrap();
        let p = preview(Input::Json(value.as_bytes()), &json!(null), &json!(null), &Budget::default()).unwrap();
        let v: serde_json::Value = serde_json::from_str(&p.text).unwrap();
        assert_eq!(v["content"]["_text"]["form"], form, "{}", p.text);
        assert!(v["content"]["preview"].as_str().unwrap().starts_with(start), "{}", p.text);
    }
}
