//! The budget lockfile: what each tool costs the agent's context, frozen in a file that CI
//! compares against, so a budget regression fails a build instead of shipping quietly.
//!
//! Per tool: its description's real tokens, a digest of its input schema, the static inflation
//! risk of its output schema (and the token bound when the schema is bounded), and a digest of
//! the whole definition. Digests are SHA-256 over canonical JSON (sorted keys), so the same tools
//! give the same bytes on every machine, and the file diffs cleanly in review.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::inflation::inflation_risk;
use super::Risk;
use crate::error::{Error, ErrorCode, Result};
use crate::json::canonical::{canonical_compact, canonical_pretty, sha256_digest};
use crate::json::value::to_json_text;
use crate::tokens::{self, Encoding};

/// The only lockfile version this crate writes and reads.
pub const LOCKFILE_VERSION: u64 = 1;

/// Default relative growth of a description's tokens that counts as an escalation: 10%, enough
/// to ignore rewording and catch a paragraph pasted into a description.
pub const DEFAULT_TOKEN_TOLERANCE: f64 = 0.1;

/// One tool as a server declares it (`tools/list`), plus optional declared limits.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolSpec {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub input_schema: Value,
    #[serde(default)]
    pub output_schema: Option<Value>,
    /// Limits the server enforces beyond the schema: `maxItems` caps every collection in the
    /// response (an `agentLimit`), `maxTokens` caps the whole response (`encode`'s token cap).
    #[serde(default)]
    pub limits: Option<Limits>,
}

/// Declared limits of a tool's responses.
#[derive(Debug, Default, Deserialize, Serialize, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    pub max_items: Option<u64>,
    pub max_tokens: Option<u64>,
}

/// One tool's entry in the lockfile (its keys written sorted).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct LockEntry {
    /// Real tokens of the tool's description.
    description_tokens: usize,
    /// SHA-256 of the input schema's canonical JSON.
    input_schema_digest: String,
    /// The static inflation risk of the output schema.
    inflation_risk: Risk,
    /// Present when the output schema (or `limits.maxTokens`) bounds the response.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    bound_tokens: Option<u64>,
    /// SHA-256 of the whole definition's canonical JSON.
    digest: String,
}

/// [`ErrorCode::InvalidLockfile`] for a lock `checkLock` cannot compare.
fn bad_lockfile(detail: &str) -> Error {
    Error::new(ErrorCode::InvalidLockfile, format!("checkLock: {detail}"))
}

/// `maxItems` added to every array schema that lacks one (what an `agentLimit` guarantees).
fn with_max_items(schema: &Value, max_items: u64) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out: Map<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), with_max_items(v, max_items))).collect();
            let is_array = map
                .get("type")
                .is_some_and(|t| t == "array" || t.as_array().is_some_and(|ts| ts.iter().any(|t| t == "array")))
                || map.contains_key("items");
            if is_array && !map.contains_key("maxItems") {
                out.insert("maxItems".to_owned(), Value::from(max_items));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| with_max_items(v, max_items)).collect()),
        other => other.clone(),
    }
}

fn lock_entry(tool: &ToolSpec, encoding: Encoding) -> Result<LockEntry> {
    let limits = tool.limits.unwrap_or_default();
    let output = tool.output_schema.clone().unwrap_or_else(|| json!({}));
    let output = match limits.max_items {
        Some(n) => with_max_items(&output, n),
        None => output,
    };
    let inflation = inflation_risk(&output);
    let bound = match (inflation.bound_tokens, limits.max_tokens) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    // With a declared token cap the response cannot inflate past it, whatever the schema says.
    let risk = if limits.max_tokens.is_some() && inflation.risk > Risk::Medium { Risk::Medium } else { inflation.risk };
    let definition = json!({
        "name": tool.name,
        "description": tool.description,
        "inputSchema": tool.input_schema,
        "outputSchema": tool.output_schema,
        "limits": tool.limits,
    });
    Ok(LockEntry {
        description_tokens: tokens::count(encoding, &tool.description)?,
        input_schema_digest: sha256_digest(&canonical_compact(&tool.input_schema)),
        inflation_risk: risk,
        bound_tokens: bound,
        digest: sha256_digest(&canonical_compact(&definition)),
    })
}

/// Builds the lockfile for `tools`, counting description tokens with `encoding`.
/// Errors: `DUPLICATE_TOOL` when two tools share a name.
pub fn budget_lock(tools: &[ToolSpec], encoding: Encoding) -> Result<Value> {
    let mut entries = Map::new();
    for tool in tools {
        if entries.contains_key(&tool.name) {
            let message = format!("budgetLock: two tools are named \"{}\"; tool names must be unique.", tool.name);
            return Err(Error::new(ErrorCode::DuplicateTool, message));
        }
        let entry = serde_json::to_value(lock_entry(tool, encoding)?).unwrap_or(Value::Null);
        entries.insert(tool.name.clone(), entry);
    }
    let tools = Value::Object(entries);
    Ok(json!({
        "lockfileVersion": LOCKFILE_VERSION,
        "integrityDigest": sha256_digest(&canonical_compact(&tools)),
        "tools": tools,
    }))
}

/// The lockfile's bytes: canonical JSON, two-space indent, trailing newline.
pub fn serialize_lock(lock: &Value) -> String {
    canonical_pretty(lock)
}

/// A risk rise or a description that grew past the tolerance.
#[derive(Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LockEscalation"))]
pub struct Escalation {
    /// The tool's name.
    pub tool: String,
    /// What rose: `inflationRisk` or `descriptionTokens`.
    #[cfg_attr(test, ts(type = "\"inflationRisk\" | \"descriptionTokens\""))]
    pub what: &'static str,
    /// Its value in the previous lock.
    #[cfg_attr(test, ts(type = "string | number"))]
    pub from: Value,
    /// Its value in the current lock.
    #[cfg_attr(test, ts(type = "string | number"))]
    pub to: Value,
}

/// How a failed check's message says to accept the change: the command that rewrites the lock
/// and the lock's file. A CLI passes its own (the tools file it read, the server it ran);
/// [`Regenerate::DEFAULT`] names the `lock` command generically.
#[derive(Clone, Copy, Debug)]
pub struct Regenerate<'a> {
    /// The command line, shown between backticks.
    pub command: &'a str,
    /// The lock's path, as the user commits it.
    pub lockfile: &'a str,
}

impl Regenerate<'static> {
    /// `modoki-budget lock <tools.json>` and `modoki-budget.lock`: the default lock command and file.
    pub const DEFAULT: Self = Regenerate { command: "modoki-budget lock <tools.json>", lockfile: "modoki-budget.lock" };
}

/// The difference between a committed lock and the current tools.
#[derive(Debug, PartialEq, Default)]
pub struct LockCheck {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
    pub escalations: Vec<Escalation>,
    /// False when the previous lock's `integrityDigest` does not match its own tools (edited by
    /// hand, or a merge that combined two locks).
    pub integrity_ok: bool,
}

impl LockCheck {
    pub fn ok(&self) -> bool {
        self.integrity_ok
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.escalations.is_empty()
    }

    /// What changed and how to accept it (`regenerate`), in one paragraph.
    pub fn message(&self, tool_count: usize, regenerate: Regenerate) -> String {
        if self.ok() {
            return format!("Budget lock matches: {tool_count} tools, no drift, no escalation.");
        }
        let mut parts = Vec::new();
        if !self.integrity_ok {
            parts.push("the lockfile's integrityDigest does not match its tools (edited by hand?)".to_owned());
        }
        for (label, names) in [("added", &self.added), ("removed", &self.removed), ("changed", &self.changed)] {
            if !names.is_empty() {
                parts.push(format!("{} {label} ({})", names.len(), names.join(", ")));
            }
        }
        let mut message = format!("Budget lock is out of date: {}.", parts.join("; "));
        if parts.is_empty() {
            message = "Budget lock escalation.".to_owned();
        }
        for e in &self.escalations {
            let detail = match e.what {
                "inflationRisk" => format!("inflation risk {} → {}", plain(&e.from), plain(&e.to)),
                _ => format!("description {} → {} tokens", plain(&e.from), plain(&e.to)),
            };
            message.push_str(&format!(" Escalation: {} {detail}.", e.tool));
        }
        let Regenerate { command, lockfile } = regenerate;
        message.push_str(&format!(" If this is intended, regenerate the lock (`{command}`) and commit {lockfile}."));
        message
    }
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn risk_rank(v: Option<&Value>) -> usize {
    match v.and_then(Value::as_str) {
        Some("low") => 0,
        Some("medium") => 1,
        Some("high") => 2,
        Some("critical") => 3,
        _ => 0,
    }
}

/// Compares a committed lock with a freshly built one. Errors: `INVALID_LOCKFILE` for a lock
/// of another version or without a tools object.
pub fn check_lock(previous: &Value, current: &Value, tolerance: f64) -> Result<LockCheck> {
    if previous.get("lockfileVersion").and_then(Value::as_u64) != Some(LOCKFILE_VERSION) {
        return Err(bad_lockfile(&format!("lockfileVersion must be {LOCKFILE_VERSION}")));
    }
    let tools_of = |lock: &Value, which: &str| -> Result<Map<String, Value>> {
        lock.get("tools")
            .and_then(Value::as_object)
            .cloned()
            .ok_or_else(|| bad_lockfile(&format!("the {which} lock has no tools object")))
    };
    let before = tools_of(previous, "previous")?;
    let after = tools_of(current, "current")?;
    let integrity_ok = previous.get("integrityDigest").and_then(Value::as_str)
        == Some(sha256_digest(&canonical_compact(&Value::Object(before.clone()))).as_str());
    let mut check = LockCheck { integrity_ok, ..LockCheck::default() };
    for (name, now) in &after {
        let Some(was) = before.get(name) else {
            check.added.push(name.clone());
            continue;
        };
        if was.get("digest") != now.get("digest") {
            check.changed.push(name.clone());
        }
        if risk_rank(now.get("inflationRisk")) > risk_rank(was.get("inflationRisk")) {
            check.escalations.push(Escalation {
                tool: name.clone(),
                what: "inflationRisk",
                from: was.get("inflationRisk").cloned().unwrap_or(Value::Null),
                to: now.get("inflationRisk").cloned().unwrap_or(Value::Null),
            });
        }
        let tokens_before = was.get("descriptionTokens").and_then(Value::as_f64).unwrap_or(0.0);
        let tokens_now = now.get("descriptionTokens").and_then(Value::as_f64).unwrap_or(0.0);
        if tokens_now > tokens_before * (1.0 + tolerance) {
            check.escalations.push(Escalation {
                tool: name.clone(),
                what: "descriptionTokens",
                from: was.get("descriptionTokens").cloned().unwrap_or(Value::Null),
                to: now.get("descriptionTokens").cloned().unwrap_or(Value::Null),
            });
        }
    }
    check.removed = before.keys().filter(|name| !after.contains_key(*name)).cloned().collect();
    Ok(check)
}

/// What `checkLock` returns: the comparison, whether it passes, and the message.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LockCheck"))]
pub(crate) struct CheckReport<'a> {
    /// Whether the check passes: nothing added, removed, changed or escalated, and an intact
    /// previous lock.
    ok: bool,
    /// Tools in the current lock only.
    added: &'a [String],
    /// Tools in the previous lock only.
    removed: &'a [String],
    /// Tools in both whose digest differs.
    changed: &'a [String],
    /// Risk rises and descriptions grown past the tolerance.
    escalations: &'a [Escalation],
    /// False when the previous lock's integrityDigest does not match its tools (hand-edited).
    integrity_ok: bool,
    /// What changed and how to accept it.
    message: String,
}

/// [`LockCheck`] as JSON text for the binding: `{ ok, added, removed, changed, escalations,
/// integrityOk, message }`.
pub fn check_json(check: &LockCheck, tool_count: usize, regenerate: Regenerate) -> String {
    to_json_text(&CheckReport {
        ok: check.ok(),
        added: &check.added,
        removed: &check.removed,
        changed: &check.changed,
        escalations: &check.escalations,
        integrity_ok: check.integrity_ok,
        message: check.message(tool_count, regenerate),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools(value: Value) -> Vec<ToolSpec> {
        serde_json::from_value(value).expect("tool specs")
    }

    fn sample() -> Value {
        json!([
            { "name": "list_assets", "description": "Counts only by default. Pass type= for entries.",
              "inputSchema": { "type": "object", "properties": { "type": { "type": "string" } } },
              "outputSchema": { "type": "object", "properties": { "assets": { "type": "array", "items": { "type": "object", "properties": { "guid": { "type": "string" }, "path": { "type": "string" } } } } } } },
            { "name": "ping", "description": "Health check.", "inputSchema": { "type": "object" } }
        ])
    }

    #[test]
    fn same_tools_same_bytes_whatever_the_key_order() {
        let a = budget_lock(&tools(sample()), Encoding::Cl100kBase).expect("lock");
        let reordered = json!([
            { "inputSchema": { "properties": { "type": { "type": "string" } }, "type": "object" }, "description": "Counts only by default. Pass type= for entries.", "name": "list_assets",
              "outputSchema": { "properties": { "assets": { "items": { "properties": { "path": { "type": "string" }, "guid": { "type": "string" } }, "type": "object" }, "type": "array" } }, "type": "object" } },
            { "name": "ping", "description": "Health check.", "inputSchema": { "type": "object" } }
        ]);
        let b = budget_lock(&tools(reordered), Encoding::Cl100kBase).expect("lock");
        assert_eq!(serialize_lock(&a), serialize_lock(&b));
        let text = serialize_lock(&a);
        assert!(text.starts_with("{\n  \"integrityDigest\": \"sha256:"), "{text}");
        assert!(text.ends_with("}\n"));
        let entry = &a["tools"]["list_assets"];
        assert_eq!(entry["inflationRisk"], "high");
        assert_eq!(
            entry["descriptionTokens"],
            tokens::count(Encoding::Cl100kBase, "Counts only by default. Pass type= for entries.")
                .map(|n| n as u64)
                .unwrap_or(0)
        );
        // No output schema is the empty schema: nothing declared, nothing to inflate.
        assert_eq!(a["tools"]["ping"]["inflationRisk"], "low");
    }

    #[test]
    fn declared_limits_bound_the_risk() {
        let mut spec = sample();
        spec[0]["limits"] = json!({ "maxItems": 50 });
        let lock = budget_lock(&tools(spec.clone()), Encoding::Cl100kBase).expect("lock");
        // An agentLimit bounds the collection; unbounded strings still leave no token bound.
        assert_eq!(lock["tools"]["list_assets"]["inflationRisk"], "low");
        assert_eq!(lock["tools"]["list_assets"].get("boundTokens"), None);
        spec[0]["outputSchema"]["properties"]["assets"]["items"]["properties"]["path"] =
            json!({ "type": "string", "maxLength": 200 });
        spec[0]["outputSchema"]["properties"]["assets"]["items"]["properties"]["guid"] =
            json!({ "type": "string", "maxLength": 36 });
        let lock = budget_lock(&tools(spec.clone()), Encoding::Cl100kBase).expect("lock");
        assert_eq!(lock["tools"]["list_assets"]["inflationRisk"], "low");
        assert!(lock["tools"]["list_assets"]["boundTokens"].as_u64().is_some());
        spec[1]["outputSchema"] = json!({ "type": "array", "items": { "type": "string" } });
        spec[1]["limits"] = json!({ "maxTokens": 500 });
        let lock = budget_lock(&tools(spec), Encoding::Cl100kBase).expect("lock");
        assert_eq!(lock["tools"]["ping"]["inflationRisk"], "medium");
        assert_eq!(lock["tools"]["ping"]["boundTokens"], 500);
    }

    #[test]
    fn check_reports_drift_and_escalations() {
        let before = budget_lock(&tools(sample()), Encoding::Cl100kBase).expect("lock");
        let same = check_lock(
            &before,
            &budget_lock(&tools(sample()), Encoding::Cl100kBase).expect("lock"),
            DEFAULT_TOKEN_TOLERANCE,
        )
        .expect("check");
        assert!(same.ok());
        assert_eq!(same.message(2, Regenerate::DEFAULT), "Budget lock matches: 2 tools, no drift, no escalation.");

        let mut spec = sample();
        spec[1]["description"] = Value::from("Health check. ".repeat(10));
        spec[1]["outputSchema"] = json!({ "type": "array", "items": { "type": "object", "properties": (0..12).map(|i| (format!("f{i}"), json!({ "type": "number" }))).collect::<Map<String, Value>>() } });
        if let Some(list) = spec.as_array_mut() {
            list.push(json!({ "name": "new_tool", "inputSchema": {} }));
        }
        let after = budget_lock(&tools(spec), Encoding::Cl100kBase).expect("lock");
        let check = check_lock(&before, &after, DEFAULT_TOKEN_TOLERANCE).expect("check");
        assert!(!check.ok());
        assert_eq!(check.added, vec!["new_tool".to_owned()]);
        assert_eq!(check.changed, vec!["ping".to_owned()]);
        assert_eq!(check.removed, Vec::<String>::new());
        assert_eq!(
            check.escalations.iter().map(|e| e.what).collect::<Vec<_>>(),
            vec!["inflationRisk", "descriptionTokens"]
        );
        let message = check.message(3, Regenerate::DEFAULT);
        let grown = tokens::count(Encoding::Cl100kBase, &"Health check. ".repeat(10)).unwrap_or(0);
        assert!(
            message.starts_with(&format!("Budget lock is out of date: 1 added (new_tool); 1 changed (ping). Escalation: ping inflation risk low → critical. Escalation: ping description 3 → {grown} tokens.")),
            "{message}"
        );
        assert!(message.ends_with("If this is intended, regenerate the lock (`modoki-budget lock <tools.json>`) and commit modoki-budget.lock."));
        let own = Regenerate { command: "modoki-budget audit --lock ci.lock -- node server.js", lockfile: "ci.lock" };
        let message = check.message(3, own);
        assert!(message.ends_with(". If this is intended, regenerate the lock (`modoki-budget audit --lock ci.lock -- node server.js`) and commit ci.lock."), "{message}");
    }

    #[test]
    fn hand_edits_and_duplicates_are_caught() {
        let mut lock = budget_lock(&tools(sample()), Encoding::Cl100kBase).expect("lock");
        let fresh = lock.clone();
        lock["tools"]["ping"]["descriptionTokens"] = Value::from(1);
        let check = check_lock(&lock, &fresh, DEFAULT_TOKEN_TOLERANCE).expect("check");
        assert!(!check.integrity_ok);
        assert!(!check.ok());
        let dup = json!([{ "name": "a" }, { "name": "a" }]);
        assert_eq!(
            budget_lock(&tools(dup), Encoding::Cl100kBase),
            Err(Error::new(
                ErrorCode::DuplicateTool,
                "budgetLock: two tools are named \"a\"; tool names must be unique."
            ))
        );
        assert_eq!(
            check_lock(&json!({ "lockfileVersion": 2 }), &fresh, 0.1).map(|c| c.ok()),
            Err(Error::new(ErrorCode::InvalidLockfile, "checkLock: lockfileVersion must be 1"))
        );
    }
}
