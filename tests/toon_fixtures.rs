//! The TOON spec v4 encode fixtures (tests/fixtures/toon-spec-v4/encode), loaded as data: one
//! test case per fixture, reported by name in libtest's format. A custom harness
//! (`harness = false`) because libtest cannot generate tests from data at run time. Each case
//! runs through both encoders: the tree one, and the item-by-item one with every container
//! walked (`toon::stream`), which must write the same text.
//!
//! `cargo test --test toon_fixtures -- <filter>` runs the cases whose name contains the filter.

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use modoki_budget::toon::stream::encode_streaming;
use modoki_budget::toon::{to_toon, Delimiter, ToonOptions};
use serde_json::Value;

struct Case {
    name: String,
    input: Value,
    expected: String,
    options: ToonOptions,
}

/// Reads every fixture file; an option or field this runner does not understand is an error, so
/// a new fixture can never pass by being silently ignored.
fn load(dir: &Path) -> Result<Vec<Case>, String> {
    let mut files: Vec<_> =
        fs::read_dir(dir).map_err(|e| e.to_string())?.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("?").to_owned();
        let text = fs::read(file).map_err(|e| format!("{stem}: {e}"))?;
        let doc: Value = serde_json::from_slice(&text).map_err(|e| format!("{stem}: {e}"))?;
        let tests = doc["tests"].as_array().ok_or_else(|| format!("{stem}: no tests array"))?;
        for test in tests {
            let name = format!("{stem}::{}", test["name"].as_str().unwrap_or("?"));
            if test.get("shouldError").and_then(Value::as_bool) == Some(true) {
                return Err(format!("{name}: shouldError encode fixtures are not supported by this runner"));
            }
            let expected =
                test["expected"].as_str().ok_or_else(|| format!("{name}: expected is not a string"))?.to_owned();
            let mut options = ToonOptions::default();
            if let Some(given) = test.get("options").and_then(Value::as_object) {
                for (key, value) in given {
                    match (key.as_str(), value) {
                        ("delimiter", Value::String(d)) => {
                            options.delimiter =
                                Delimiter::parse(d).ok_or_else(|| format!("{name}: delimiter {d:?}"))?;
                        }
                        ("indentSize" | "indent", Value::Number(n)) => {
                            options.indent_size = n.as_u64().ok_or_else(|| format!("{name}: indent {n}"))? as usize;
                        }
                        _ => return Err(format!("{name}: unsupported option {key} = {value}")),
                    }
                }
            }
            // to_toon encodes the object JSON.parse would build (array-index keys first), which
            // is what the reference encoder sees.
            let input = test["input"].clone();
            cases.push(Case { name, input, expected, options });
        }
    }
    Ok(cases)
}

/// The case through the item-by-item encoder with every container walked (threshold 0), which
/// must write the same text as the tree encoder.
fn streamed(case: &Case) -> String {
    let json = case.input.to_string();
    let mut out = String::new();
    let mut kept = String::new();
    let walked = encode_streaming(json.as_bytes(), false, &case.options, 0, false, &mut |piece| out.push_str(piece))
        .and_then(|()| {
            encode_streaming(json.as_bytes(), false, &case.options, 0, true, &mut |piece| kept.push_str(piece))
        });
    match walked {
        Ok(()) if out == kept => out,
        Ok(()) => format!("rows kept:\n{kept}\nrows read again:\n{out}"),
        Err(e) => format!("streaming encoder failed: {e}"),
    }
}

fn main() -> ExitCode {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/toon-spec-v4/encode");
    let cases = match load(&dir) {
        Ok(cases) => cases,
        Err(message) => {
            eprintln!("error loading fixtures: {message}");
            return ExitCode::FAILURE;
        }
    };
    let total = cases.len();
    let selected: Vec<&Case> =
        cases.iter().filter(|c| filters.is_empty() || filters.iter().any(|f| c.name.contains(f.as_str()))).collect();
    println!("\nrunning {} tests", selected.len());
    let mut failed = Vec::new();
    for case in &selected {
        let got = to_toon(&case.input, &case.options);
        let got = if got == case.expected { streamed(case) } else { got };
        if got == case.expected {
            println!("test {} ... ok", case.name);
        } else {
            println!("test {} ... FAILED", case.name);
            failed.push((case, got));
        }
    }
    for (case, got) in &failed {
        println!("\n---- {} ----\nexpected:\n{}\n     got:\n{}", case.name, case.expected, got);
    }
    let passed = selected.len() - failed.len();
    let filtered_out = total - selected.len();
    let status = if failed.is_empty() { "ok" } else { "FAILED" };
    println!(
        "\ntest result: {status}. {passed} passed; {} failed; 0 ignored; 0 measured; {filtered_out} filtered out\n",
        failed.len()
    );
    if filters.is_empty() && total != 173 {
        println!("expected 173 fixture cases, found {total}");
        return ExitCode::FAILURE;
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
