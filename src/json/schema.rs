//! The one JSON Schema walker, shared by the menu lint and `inflationRisk`, so a schema means
//! the same to both: local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed (a recursive
//! one is entered once per path), and one depth limit and one visit budget bound the walk.
//!
//! Data paths: `$` is the response, `.key` a property, `[]` the items of an array, `.*` the
//! values of a map (`additionalProperties`, `patternProperties`); `anyOf` / `oneOf` / `allOf`
//! branches and a `$ref`'s target keep the path they sit at.

use serde_json::{Map, Value};

/// Nesting (including `$ref` expansion) beyond which the rest of a schema is not walked.
/// 64: deeper than any hand-written schema, and a bound on the stack a hostile one can use.
pub const MAX_DEPTH: usize = 64;
/// Schema nodes visited before the walk gives up (a `$ref` fan-out can be exponential).
pub const MAX_VISITS: usize = 200_000;

/// True when `type` is `name` or a list that holds it.
pub fn has_type(object: &Map<String, Value>, name: &str) -> bool {
    match object.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some(name)),
        _ => false,
    }
}

/// True for a schema of arrays: `type` says so, or there is no `type` and it has `items` or
/// `prefixItems`.
pub fn is_array_schema(object: &Map<String, Value>) -> bool {
    has_type(object, "array")
        || (object.get("type").is_none() && (object.contains_key("items") || object.contains_key("prefixItems")))
}

/// `maxItems`, or the `prefixItems` length of a closed tuple (`items: false`); `None` when the
/// array is unbounded.
pub fn max_items(object: &Map<String, Value>) -> Option<u64> {
    if let Some(n) = object.get("maxItems").and_then(Value::as_f64) {
        return Some(if n <= 0.0 { 0 } else { n.floor() as u64 });
    }
    match (object.get("prefixItems"), object.get("items")) {
        (Some(Value::Array(prefix)), Some(Value::Bool(false))) => Some(prefix.len() as u64),
        _ => None,
    }
}

/// Resolves a local JSON pointer (`#/$defs/a`, with `~0`/`~1` escapes).
fn resolve_pointer<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    let mut current = root;
    for raw in pointer.strip_prefix('/')?.split('/') {
        let segment = raw.replace("~1", "/").replace("~0", "~");
        current = match current {
            Value::Object(map) => map.get(&segment)?,
            Value::Array(items) => items.get(segment.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(current)
}

/// What a visitor is handed for each schema object of the walk: the walker (to walk further
/// with the same `$ref` stack and budget), the object, its data path and its depth.
pub type Visit<'v, 'a> = dyn FnMut(&mut SchemaWalker<'a>, &'a Map<String, Value>, &str, usize) + 'v;

/// A walk over one schema document: the `$ref`s being expanded on the current path, the visit
/// budget, and whether the limits cut the walk short.
pub struct SchemaWalker<'a> {
    root: &'a Value,
    refs: Vec<&'a str>,
    visits: usize,
    truncated: bool,
}

impl<'a> SchemaWalker<'a> {
    /// A walker over the document `root` (the target of `#` pointers).
    pub fn new(root: &'a Value) -> Self {
        SchemaWalker { root, refs: Vec::new(), visits: 0, truncated: false }
    }

    /// True when [`MAX_DEPTH`] or [`MAX_VISITS`] stopped some part of the walk.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Starts a new pass over the same document with a fresh visit budget.
    pub fn reset_visits(&mut self) {
        self.visits = 0;
    }

    /// Counts one visit at `depth`; false (and `truncated`) once a limit is passed.
    pub fn budget(&mut self, depth: usize) -> bool {
        self.visits += 1;
        if depth > MAX_DEPTH || self.visits > MAX_VISITS {
            self.truncated = true;
            return false;
        }
        true
    }

    /// `None` without a `$ref`; `Some(None)` for one that is recursive or does not resolve;
    /// `Some(Some(target))` after entering it (then [`Self::leave_ref`] must follow).
    pub fn enter_ref(&mut self, object: &'a Map<String, Value>) -> Option<Option<&'a Value>> {
        let reference = object.get("$ref")?.as_str()?;
        if self.refs.contains(&reference) {
            return Some(None);
        }
        let target = resolve_pointer(self.root, reference);
        if target.is_some() {
            self.refs.push(reference);
        }
        Some(target)
    }

    /// Leaves the `$ref` last entered.
    pub fn leave_ref(&mut self) {
        self.refs.pop();
    }

    /// Walks `schema` at data `path`, calling `visit` on every schema object after its `$ref`
    /// target and its properties and before its items, map values and combinator branches —
    /// document order for the arrays a response holds.
    pub fn walk(&mut self, schema: &'a Value, path: String, depth: usize, visit: &mut Visit<'_, 'a>) {
        if !self.budget(depth) {
            return;
        }
        let Some(object) = schema.as_object() else { return };
        if let Some(Some(target)) = self.enter_ref(object) {
            self.walk(target, path.clone(), depth + 1, visit);
            self.leave_ref();
        }
        if let Some(Value::Object(properties)) = object.get("properties") {
            for (key, value) in properties {
                self.walk(value, format!("{path}.{key}"), depth + 1, visit);
            }
        }
        visit(self, object, &path, depth);
        let item_path = format!("{path}[]");
        match object.get("items") {
            Some(items @ Value::Object(_)) => self.walk(items, item_path.clone(), depth + 1, visit),
            Some(Value::Array(items)) => items.iter().for_each(|i| self.walk(i, item_path.clone(), depth + 1, visit)),
            _ => {}
        }
        if let Some(Value::Array(prefix)) = object.get("prefixItems") {
            prefix.iter().for_each(|i| self.walk(i, item_path.clone(), depth + 1, visit));
        }
        if let Some(extra @ Value::Object(_)) = object.get("additionalProperties") {
            self.walk(extra, format!("{path}.*"), depth + 1, visit);
        }
        if let Some(Value::Object(patterns)) = object.get("patternProperties") {
            patterns.values().for_each(|p| self.walk(p, format!("{path}.*"), depth + 1, visit));
        }
        for combinator in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(branches)) = object.get(combinator) {
                branches.iter().for_each(|b| self.walk(b, path.clone(), depth + 1, visit));
            }
        }
    }
}

/// An array a schema declares: where its data sits and whether `maxItems` bounds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayAt {
    /// Data path of the array itself (`$.users`, `$` for a top-level array).
    pub path: String,
    /// True when [`max_items`] bounds it.
    pub bounded: bool,
}

/// Every array `schema` declares, in document order.
pub fn arrays(schema: &Value) -> Vec<ArrayAt> {
    let mut found = Vec::new();
    SchemaWalker::new(schema).walk(schema, "$".to_owned(), 0, &mut |_, object, path, _| {
        if is_array_schema(object) {
            found.push(ArrayAt { path: path.to_owned(), bounded: max_items(object).is_some() });
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(schema: &Value) -> Vec<(String, bool)> {
        arrays(schema).into_iter().map(|a| (a.path, a.bounded)).collect()
    }

    #[test]
    fn finds_arrays_through_refs_maps_tuples_and_combinators() {
        let schema = json!({
            "type": "object",
            "$defs": {"list": {"type": "array", "items": {"type": "string"}}},
            "properties": {
                "a": {"$ref": "#/$defs/list"},
                "b": {"type": "array", "maxItems": 3, "items": {"anyOf": [{"type": "array"}]}},
                "c": {"additionalProperties": {"type": "array"}},
                "d": {"prefixItems": [{"type": "string"}], "items": false}
            }
        });
        assert_eq!(
            paths(&schema),
            [
                ("$.a".to_owned(), false),
                ("$.b".to_owned(), true),
                ("$.b[]".to_owned(), false),
                ("$.c.*".to_owned(), false),
                ("$.d".to_owned(), true)
            ]
        );
    }

    #[test]
    fn a_recursive_ref_is_entered_once_and_depth_is_bounded() {
        let recursive = json!({"$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"});
        assert_eq!(paths(&recursive), [("$.children".to_owned(), false)]);
        let mut deep = json!({"type": "array"});
        for _ in 0..100 {
            deep = json!({"type": "object", "properties": {"x": deep}});
        }
        let mut walker = SchemaWalker::new(&deep);
        walker.walk(&deep, "$".to_owned(), 0, &mut |_, _, _, _| {});
        assert!(walker.truncated());
        assert_eq!(paths(&deep), []);
    }
}
