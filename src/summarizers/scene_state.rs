//! `sceneState`: a names-only index of the scene by default, field values when the query
//! targets entities (`id`, `guid`, `trait`, `name`, a parsed `where`) or asks for enrichment
//! (`full`, `world`, `bounds`, `contacts`).
//!
//! The untargeted index is what an agent reads first and most; it carries trait NAMES and a
//! default limit of 200 so it cannot grow with the scene. A targeted read carries values (1.6–2.2k
//! characters a row), so it is capped at 20 by default — never silently: a capped reply says so
//! before the rows, with the `limit` that returns every match.

use serde::Serialize;
use serde_json::{Map, Value};

use super::filter_disclosure::{describe_query_filter, empty_filter_hint, EmptyFilter};
use super::guid::guid_prefix;
use super::where_filter::{field_value, parse_where, Op, Where};
use super::{as_number, given, js_truthy, key_string, lower, read_limit, reply_json, truthy};
use crate::error::{Error, Result};

/// Entities an index returns when the caller passes no `limit`.
pub const DEFAULT_INDEX_LIMIT: usize = 200;

/// Entities a targeted read returns when the caller passes no `limit`: rows carry values.
pub const DEFAULT_TARGETED_LIMIT: usize = 20;

/// Most near names an unregistered `trait=` warning suggests.
const MAX_TRAIT_SUGGESTIONS: usize = 6;

/// The index-mode hint, exactly as the agent's tool description refers to it.
pub const INDEX_HINT: &str = "Index only — trait NAMES, no values. Drill down: full=1 (all field values), trait=<Trait>, id=<n>, name=<substr>, where=\"Transform.y > 3\". Enrichers: world=1, bounds=1, contacts=1, resources=1.";

/// The enrichers: each also copies the entity's key of the same name when the producer set it.
const ENRICHERS: [&str; 3] = ["world", "bounds", "contacts"];

type Entity = Map<String, Value>;

/// The payload of `sceneState`; optional keys appear only when they apply, in this order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SceneStateResult"))]
pub(crate) struct Reply {
    #[cfg_attr(test, ts(type = "string | null"))]
    scene_path: Value,
    /// Rows in `entities`.
    returned_count: usize,
    /// Entities the query matched before the limit.
    total_count: usize,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, type = "true"))]
    truncated: bool,
    /// The hint of a capped reply, before the rows it is about (declared once, as `hint`).
    #[serde(rename = "hint", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(skip))]
    cap_hint: Option<String>,
    /// Resource entities a bare listing left out (pass `resources=1` for them).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    resources_excluded: Option<usize>,
    #[cfg_attr(test, ts(as = "Vec<DeclaredEntity>"))]
    entities: Vec<Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    warnings: Vec<String>,
    /// The index hint, the cap hint (placed before `entities` when the reply is capped), or the
    /// empty-filter hint.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    hint: Option<String>,
}

/// An entity of the names-only index. Declared for the JS types only: rows are built as JSON.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "SceneIndexEntity")]
#[allow(dead_code)]
pub(crate) struct DeclaredIndexEntity {
    #[ts(flatten)]
    identity: Identity,
    traits: Vec<String>,
}

/// An entity with field values (targeted or enriched queries): its traits hold their values,
/// and each enricher the query asked for is copied when the producer set it. Declared for the JS
/// types only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "SceneValueEntity")]
#[allow(dead_code)]
pub(crate) struct DeclaredValueEntity {
    #[ts(flatten)]
    identity: Identity,
    #[ts(type = "{ [trait: string]: { [field: string]: unknown } }")]
    traits: (),
    #[ts(optional, type = "unknown")]
    world: Option<()>,
    #[ts(optional, type = "unknown")]
    bounds: Option<()>,
    #[ts(optional, type = "unknown")]
    contacts: Option<()>,
}

/// A row of `entities`: an index entity or one with values.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(untagged, rename = "SceneRow")]
#[allow(dead_code)]
pub(crate) enum DeclaredEntity {
    Index(DeclaredIndexEntity),
    Values(DeclaredValueEntity),
}

/// What the query asks for, read once.
struct Mode<'q> {
    id: Option<&'q Value>,
    guid: Option<String>,
    trait_only: Option<String>,
    name: Option<String>,
    targeted: bool,
    index: bool,
}

impl<'q> Mode<'q> {
    fn read(query: &'q Map<String, Value>, clause_parsed: bool) -> Self {
        let q = |k: &str| query.get(k);
        let id = given(q("id"));
        let guid = given(q("guid")).map(|g| key_string(Some(g), ""));
        let trait_only = given(q("trait")).map(|t| key_string(Some(t), ""));
        let name = q("name").filter(|n| js_truthy(Some(n))).map(|n| key_string(Some(n), ""));
        let targeted = id.is_some() || guid.is_some() || trait_only.is_some() || name.is_some() || clause_parsed;
        let enriched = ENRICHERS.iter().any(|k| truthy(q(k))) || truthy(q("full"));
        Mode { id, guid, trait_only, name, targeted, index: !targeted && !enriched }
    }
}

/// The entities the query selects, and what the reply must say about how.
struct Selection<'a> {
    rows: Vec<&'a Entity>,
    resources_excluded: usize,
    /// No warning explains an empty answer (a stale guid, an unregistered trait, a `where` that
    /// cannot match), so the empty-filter hint must.
    unexplained: bool,
}

/// Summarizes `entities` for `query`; `options` carries `scenePath`, `traits` (registry) and
/// `guidPrefix`. Errors only for an input of the wrong kind (entities not an array).
pub fn scene_state(entities: &Value, query: &Value, options: &Value) -> Result<String> {
    let entities = super::array_or_empty(entities, "sceneState: entities").map_err(Error::invalid_input)?;
    let query = super::object_or_empty(query);
    let options = super::object_or_empty(options);
    let mut warnings = Vec::new();
    let clause = read_where(&query, entities, options.get("traits"), &mut warnings);
    let mode = Mode::read(&query, clause.is_some());
    let all: Vec<&Entity> = entities.iter().filter_map(Value::as_object).collect();
    let sel = select(&all, &query, &mode, clause.as_ref(), options.get("traits"), &mut warnings);

    let total = sel.rows.len();
    let default_limit =
        if mode.index { Some(DEFAULT_INDEX_LIMIT) } else { mode.targeted.then_some(DEFAULT_TARGETED_LIMIT) };
    let shown = read_limit(query.get("limit")).or(default_limit).map_or(total, |l| l.min(total));
    let truncated = shown < total;
    let guids = Guids::new(&all, guid_prefix_digits(options.get("guidPrefix")));
    let rendered: Vec<Value> = sel.rows[..shown]
        .iter()
        .map(|e| {
            if mode.index {
                index_entity(e, &guids)
            } else {
                value_entity(e, &guids, mode.trait_only.as_deref(), &query)
            }
        })
        .collect();
    let hint = hint(&mode, &sel, &query, &all, shown, total);
    reply_json(&Reply {
        scene_path: options.get("scenePath").cloned().unwrap_or(Value::Null),
        returned_count: shown,
        total_count: total,
        truncated,
        cap_hint: if truncated { hint.clone() } else { None },
        resources_excluded: (sel.resources_excluded > 0).then_some(sel.resources_excluded),
        entities: rendered,
        warnings,
        hint: if truncated { None } else { hint },
    })
}

/// The parsed `where` clause (a clause that did not parse selects nothing and does not target)
/// and whether its trait and field are known; the warning for either goes to `warnings`.
fn read_where(
    query: &Map<String, Value>,
    entities: &[Value],
    registry: Option<&Value>,
    warnings: &mut Vec<String>,
) -> Option<(Where, bool)> {
    let text = key_string(Some(given(query.get("where"))?), "");
    let Some(parsed) = parse_where(&text) else {
        warnings.push(format!(
            "could not parse where \"{text}\" — expected 'Trait.field <op> value' (op ∈ = != > >= < <= ~)"
        ));
        return None;
    };
    if let Err(message) = validate(&parsed, entities, registry) {
        warnings.push(message.replace("{where}", &text));
        return Some((parsed, false));
    }
    if matches!(parsed.op, Op::Gt | Op::Ge | Op::Lt | Op::Le) && parsed.numeric_value().is_none() {
        warnings.push(format!(
            "where \"{text}\": '{}' compares numbers, but \"{}\" is not a number — nothing matches",
            parsed.op.symbol(),
            parsed.value
        ));
    }
    Some((parsed, true))
}

fn select<'a>(
    all: &[&'a Entity],
    query: &Map<String, Value>,
    mode: &Mode,
    clause: Option<&(Where, bool)>,
    registry: Option<&Value>,
    warnings: &mut Vec<String>,
) -> Selection<'a> {
    let keep_resources = truthy(query.get("resources")) || mode.targeted;
    let mut rows: Vec<&Entity> =
        all.iter().copied().filter(|e| keep_resources || !truthy(e.get("isResource"))).collect();
    let resources_excluded = all.len() - rows.len();
    if let Some(id) = mode.id {
        retain_id(&mut rows, id);
    }
    if let Some(guid) = &mode.guid {
        if let Err(message) = retain_guid(&mut rows, guid) {
            warnings.push(message);
        }
    }
    if let Some(name) = &mode.name {
        let needle = lower(name);
        rows.retain(|e| lower(&key_string(e.get("name"), "")).contains(&needle));
    }
    if let Some((w, known)) = clause {
        rows.retain(|e| {
            *known
                && has_trait(e, &w.trait_name)
                && w.matches(trait_values(e, &w.trait_name).and_then(|v| field_value(v, &w.field)))
        });
    }
    if let Some(t) = &mode.trait_only {
        let names = trait_names(all, registry);
        if names.iter().any(|n| n == t) {
            rows.retain(|e| has_trait(e, t));
        } else {
            rows.clear();
            warnings.push(unknown_trait_warning(t, &names));
        }
    }
    Selection { rows, resources_excluded, unexplained: warnings.is_empty() }
}

fn retain_id(rows: &mut Vec<&Entity>, id: &Value) {
    let wanted = as_number(Some(id));
    let wanted_text = key_string(Some(id), "");
    rows.retain(|e| match (wanted, e.get("id")) {
        (Some(w), Some(v)) => as_number(Some(v)) == Some(w),
        (None, v) => key_string(v, "") == wanted_text,
        _ => false,
    });
}

/// Keeps the entity with this exact guid, or — since the index may show 12-hex prefixes
/// (`guidPrefix`) — the one entity a copied prefix names; never a first match. `Err` is the
/// warning for a guid that selects nothing.
fn retain_guid(rows: &mut Vec<&Entity>, guid: &str) -> std::result::Result<(), String> {
    let exact: Vec<&Entity> =
        rows.iter().copied().filter(|e| matches!(e.get("guid"), Some(Value::String(g)) if g == guid)).collect();
    if !exact.is_empty() {
        *rows = exact;
        return Ok(());
    }
    let known: Vec<String> = rows.iter().filter_map(|e| e.get("guid")?.as_str().map(str::to_owned)).collect();
    match resolve_prefix(guid, &known) {
        Ok(full) => {
            rows.retain(|e| e.get("guid").and_then(Value::as_str) == Some(full.as_str()));
            Ok(())
        }
        Err(message) => {
            rows.clear();
            Err(message)
        }
    }
}

/// The trait names `trait=` is checked against: the registry's when given and non-empty, else
/// every trait the data carries.
fn trait_names(all: &[&Entity], registry: Option<&Value>) -> Vec<String> {
    if let Some(Value::Object(registry)) = registry {
        if !registry.is_empty() {
            return registry.keys().cloned().collect();
        }
    }
    let mut names: Vec<String> = Vec::new();
    for t in all.iter().flat_map(|e| traits_list(e)) {
        if !names.iter().any(|n| n == t) {
            names.push(t.to_owned());
        }
    }
    names
}

fn unknown_trait_warning(t: &str, names: &[String]) -> String {
    let needle = lower(t);
    let near: Vec<&str> =
        names.iter().filter(|n| lower(n).contains(&needle)).take(MAX_TRAIT_SUGGESTIONS).map(String::as_str).collect();
    let tail = if near.is_empty() {
        " List them with modoki_list_traits.".to_owned()
    } else {
        format!(" Did you mean: {}? (names are case-sensitive)", near.join(", "))
    };
    format!("trait \"{t}\" is not a REGISTERED trait, so it selected no entities — that means the FILTER name is wrong, NOT that the scene lacks the component.{tail}")
}

/// The index hint, the capped-reply hint, or the empty-filter hint of a targeted read.
fn hint(
    mode: &Mode,
    sel: &Selection,
    query: &Map<String, Value>,
    all: &[&Entity],
    shown: usize,
    total: usize,
) -> Option<String> {
    let truncated = shown < total;
    if mode.index {
        let more = if truncated { format!(" Showing {shown} of {total}; raise limit=N.") } else { String::new() };
        return Some(format!("{INDEX_HINT}{more}"));
    }
    if truncated {
        let default = if given(query.get("limit")).is_none() {
            format!(" (a targeted read is capped at {DEFAULT_TARGETED_LIMIT} by default)")
        } else {
            String::new()
        };
        return Some(format!(
            "Showing {shown} of {total} matches — {} MORE are not shown{default}. Pass limit={total} for all of them, or narrow with trait=/name=/where=.",
            total - shown
        ));
    }
    // A warning (stale guid, unregistered trait, unknown where field) already says why it is empty.
    if !mode.targeted || total > 0 || !sel.unexplained {
        return None;
    }
    let filter = describe_query_filter(|k| query.get(k), &["id", "guid", "trait", "name", "where"]);
    let names: Vec<String> = all.iter().map(|e| key_string(e.get("name"), "")).collect();
    Some(empty_filter_hint(&EmptyFilter {
        what: "entity",
        filter: &filter,
        unfiltered_count: all.len() as f64,
        unfiltered_label: Some("exist in the world, resources included"),
        live: mode
            .name
            .as_ref()
            .map(|_| vec![("name", names.iter().map(String::as_str).collect())])
            .unwrap_or_default(),
        near: mode.name.as_deref().map(|n| vec![("name", n)]).unwrap_or_default(),
    }))
}

/// A GUID prefix (6–31 hex digits) that names exactly one known GUID; otherwise the warning
/// to give: the ambiguity with its candidates, or the stale-GUID warning.
fn resolve_prefix(guid: &str, known: &[String]) -> std::result::Result<String, String> {
    let stale = || {
        format!("guid \"{guid}\" matched no entity in the live world (it may be stale — ids/entities rebuild on scene reload).")
    };
    let hex = guid.chars().filter(|&c| c != '-').count();
    if !(super::guid::MIN_PREFIX_HEX..32).contains(&hex) {
        return Err(stale());
    }
    match super::guid::resolve_guid(guid, known) {
        Ok(full) => Ok(full),
        Err(e) if e.code == crate::error::ErrorCode::AmbiguousGuid => Err(e.message),
        Err(_) => Err(stale()),
    }
}

/// Hex digits for `guidPrefix`: `None` (full GUIDs) when absent or 0, else clamped to 6..=32
/// because fewer than 6 leading digits of `deriveGuid` are poorly diffused.
fn guid_prefix_digits(value: Option<&Value>) -> Option<usize> {
    let n = as_number(value)?;
    if n <= 0.0 {
        return None;
    }
    Some((n.floor() as usize).clamp(super::guid::MIN_PREFIX_HEX, 32))
}

fn traits_list(e: &Entity) -> impl Iterator<Item = &str> {
    e.get("traits").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str)
}

fn has_trait(e: &Entity, name: &str) -> bool {
    traits_list(e).any(|t| t == name)
}

fn trait_values<'a>(e: &'a Entity, name: &str) -> Option<&'a Value> {
    e.get("values")?.as_object()?.get(name)
}

/// Checks the clause's trait and field against the registry (when given and non-empty) or the
/// data. `Err` carries the warning with `{where}` standing for the clause text.
fn validate(w: &Where, entities: &[Value], registry: Option<&Value>) -> std::result::Result<(), String> {
    let top_field = w.field.split('.').next().unwrap_or(&w.field);
    let unknown_trait = || format!("unknown trait \"{}\" in where \"{{where}}\"", w.trait_name);
    let unknown_field = || format!("unknown field \"{}.{}\" in where \"{{where}}\"", w.trait_name, w.field);
    if let Some(Value::Object(registry)) = registry {
        if !registry.is_empty() {
            let Some(schema) = registry.get(&w.trait_name) else { return Err(unknown_trait()) };
            return match schema.get("fields").and_then(Value::as_array) {
                Some(fields)
                    if !fields.iter().any(|f| f.as_str() == Some(&w.field) || f.as_str() == Some(top_field)) =>
                {
                    Err(unknown_field())
                }
                _ => Ok(()),
            };
        }
    }
    let mut trait_seen = false;
    for e in entities.iter().filter_map(Value::as_object) {
        if !has_trait(e, &w.trait_name) {
            continue;
        }
        trait_seen = true;
        if let Some(values) = trait_values(e, &w.trait_name) {
            if values.get(&w.field).is_some() || values.get(top_field).is_some() {
                return Ok(());
            }
        }
    }
    Err(if trait_seen { unknown_field() } else { unknown_trait() })
}

/// Each entity's guid by id, for a row's `guid` and its parent's `parentGuid`. An entity with
/// no guid is `null` — never its id as text, which would look addressable and is not.
struct Guids {
    by_id: std::collections::HashMap<String, String>,
    prefix_hex: Option<usize>,
}

impl Guids {
    fn new(all: &[&Entity], prefix_hex: Option<usize>) -> Self {
        let mut by_id = std::collections::HashMap::new();
        for e in all {
            if let (Some(id), Some(Value::String(g))) = (e.get("id"), e.get("guid")) {
                if !g.is_empty() {
                    by_id.entry(key_string(Some(id), "")).or_insert_with(|| g.clone());
                }
            }
        }
        Guids { by_id, prefix_hex }
    }
    fn of(&self, id: Option<&Value>) -> Value {
        let Some(g) = id.and_then(|id| self.by_id.get(&key_string(Some(id), ""))) else { return Value::Null };
        Value::from(match self.prefix_hex {
            Some(n) => guid_prefix(g, n).unwrap_or_else(|| g.clone()),
            None => g.clone(),
        })
    }
    /// The parent's guid; `null` for a root (a falsy `parentId`) or a parent without one.
    fn parent_of(&self, parent: Option<&Value>) -> Value {
        if !js_truthy(parent) {
            return Value::Null;
        }
        self.of(parent)
    }
}

/// The identity columns every row starts with, in the reply's key order; `traits` follows them.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct Identity {
    #[cfg_attr(test, ts(type = "number"))]
    id: Value,
    /// The GUID (or its prefix with `guidPrefix`); `null` when the entity has none.
    #[cfg_attr(test, ts(type = "string | null"))]
    guid: Value,
    #[cfg_attr(test, ts(type = "string"))]
    name: Value,
    #[cfg_attr(test, ts(type = "number | null"))]
    parent_id: Value,
    /// The parent's GUID; `null` for a root or a parent without one.
    #[cfg_attr(test, ts(type = "string | null"))]
    parent_guid: Value,
    #[cfg_attr(test, ts(type = "string | null"))]
    layer: Value,
}

fn row(e: &Entity, guids: &Guids, traits: Value) -> Map<String, Value> {
    let field = |k: &str| e.get(k).cloned().unwrap_or(Value::Null);
    let identity = Identity {
        id: field("id"),
        guid: guids.of(e.get("id")),
        name: field("name"),
        parent_id: field("parentId"),
        parent_guid: guids.parent_of(e.get("parentId")),
        layer: field("layer"),
    };
    let mut row = match serde_json::to_value(identity) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    row.insert("traits".to_owned(), traits);
    row
}

fn index_entity(e: &Entity, guids: &Guids) -> Value {
    let traits: Vec<Value> = traits_list(e).map(Value::from).collect();
    Value::Object(row(e, guids, Value::Array(traits)))
}

fn value_entity(e: &Entity, guids: &Guids, only: Option<&str>, query: &Map<String, Value>) -> Value {
    let mut traits = Map::new();
    for name in traits_list(e) {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let values = trait_values(e, name).cloned().unwrap_or_else(|| Value::Object(Map::new()));
        traits.insert(name.to_owned(), values);
    }
    let mut out = row(e, guids, Value::Object(traits));
    for key in ENRICHERS {
        if truthy(query.get(key)) {
            if let Some(v) = e.get(key) {
                out.insert(key.to_owned(), v.clone());
            }
        }
    }
    Value::Object(out)
}

#[cfg(test)]
#[path = "scene_state_tests.rs"]
mod tests;
