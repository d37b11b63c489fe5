//! `layoutBounds`: counts first (rects per layer, distinct entities, off-screen and zero-size
//! guid lists, overlapping pairs); rects and the pair list only when asked for.
//!
//! Every count counts RECTS: with the Scene and Game panels both open, each 3D entity is
//! measured once per viewport, so `entityTotal` says how many entities stand behind
//! `totalCount`, and a `surfaceNote` explains the difference. Entities are named by guid; an
//! address (`guids`, `name`, `ids`) that matches no live entity is echoed in `unresolved`, so
//! "not found" never reads like "off screen". The overlap count is `layout_overlaps`' sweep.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::filter_disclosure::{describe_query_filter, empty_filter_hint, EmptyFilter};
use super::layout_entries::{parse_entries, Entry};
use super::layout_overlaps::{id_key, layer_overlap_count, layer_overlap_pairs, FxMap, FxSet, IdKey, Item, Parents};
use super::{js_truthy, key_string, lower, reply_json, truthy, Histogram};
use crate::error::{Error, Result};

pub use super::layout_overlaps::MAX_ANCESTOR_STEPS;

/// What an `unresolved` list means, beside it.
pub const UNRESOLVED_NOTE: &str = "These addresses matched no live entity — an empty rect list for them means NOT FOUND, not \"off screen\". Runtime ids are reassigned on every scene reload; prefer guids.";

/// One live entity as `options.entities` lists it (the world, not just what has a rect).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WorldRow {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    guid: Value,
    #[serde(default)]
    name: Value,
}

#[derive(Deserialize, Default)]
struct Options {
    #[serde(default)]
    entities: Option<Vec<WorldRow>>,
}

/// The live entities: how guids and names resolve to ids, each id's guid, and the ancestry.
struct World {
    ids: Vec<IdKey>,
    guids: Vec<Option<String>>,
    names: Vec<String>,
    by_id: FxMap<IdKey, usize>,
    parents: Parents,
}

impl World {
    /// From `options.entities`, or — when the caller has no world list — from the entries.
    fn new(options: &Options, entries: &[Entry]) -> World {
        let rows: Vec<(&Value, &Value, &Value, &Value)> = match &options.entities {
            Some(list) => list.iter().map(|e| (&e.id, &e.parent_id, &e.guid, &e.name)).collect(),
            None => entries.iter().map(|e| (&e.id, &e.parent_id, &e.guid, &e.name)).collect(),
        };
        let mut world = World {
            ids: Vec::new(),
            guids: Vec::new(),
            names: Vec::new(),
            by_id: FxMap::default(),
            parents: Parents(FxMap::default()),
        };
        for (id, parent, guid, name) in rows {
            let Some(key) = id_key(id) else { continue };
            if world.by_id.contains_key(&key) {
                continue;
            }
            // A falsy parentId (0, "") is a root: the walk stops there, as the editor's does.
            if let Some(p) = id_key(parent).filter(|_| js_truthy(Some(parent))) {
                world.parents.0.insert(key.clone(), p);
            }
            world.by_id.insert(key.clone(), world.ids.len());
            world.ids.push(key);
            world.guids.push(guid.as_str().filter(|g| !g.is_empty()).map(str::to_owned));
            world.names.push(key_string(Some(name), ""));
        }
        world
    }
    /// The entity's guid, `None` when it has none (or is not live).
    fn guid_of(&self, id: &Value) -> Option<&str> {
        let i = *self.by_id.get(&id_key(id)?)?;
        self.guids[i].as_deref()
    }
}

/// The agent's query, each part present only when JavaScript would read it as set.
struct Query {
    layer: Option<Value>,
    ids: Option<Vec<Value>>,
    guids: Option<Vec<String>>,
    name: Option<String>,
    entities: bool,
    overlaps: bool,
    limit: Option<f64>,
}

/// A list parameter: an array, or a comma-separated string (`ids=1,2`); empty means absent.
fn list_param(value: Option<&Value>) -> Option<Vec<Value>> {
    let list: Vec<Value> = match value? {
        Value::Array(items) => items.clone(),
        Value::String(s) => s.split(',').map(str::trim).filter(|t| !t.is_empty()).map(id_from_text).collect(),
        _ => return None,
    };
    (!list.is_empty()).then_some(list)
}

impl Query {
    fn read(query: &Value) -> Query {
        let q = super::object_or_empty(query);
        let set = |k: &str| q.get(k).filter(|v| js_truthy(Some(v))).cloned();
        Query {
            layer: set("layer"),
            ids: list_param(q.get("ids")),
            guids: list_param(q.get("guids")).map(|l| l.iter().map(|g| key_string(Some(g), "")).collect()),
            name: set("name").map(|n| key_string(Some(&n), "")),
            entities: truthy(q.get("entities")),
            overlaps: truthy(q.get("overlaps")),
            limit: super::as_number(q.get("limit")),
        }
    }
    fn targets(&self) -> bool {
        self.ids.is_some() || self.guids.is_some() || self.name.is_some()
    }
    fn wants_entities(&self) -> bool {
        self.entities || self.targets() || self.layer.is_some()
    }
}

/// Which entity ids the addresses select (`None`: no address given), and the addresses that
/// matched no live entity — guids first, then the name, then ids.
fn resolve(world: &World, q: &Query) -> (Option<FxSet<IdKey>>, Vec<Value>) {
    let mut unresolved = Vec::new();
    let mut want: FxSet<IdKey> = FxSet::default();
    for g in q.guids.iter().flatten() {
        match world.guids.iter().position(|have| have.as_deref() == Some(g.as_str())) {
            Some(i) => {
                want.insert(world.ids[i].clone());
            }
            None => unresolved.push(Value::from(g.as_str())),
        }
    }
    if let Some(name) = &q.name {
        let needle = lower(name);
        let hits: Vec<&IdKey> =
            world.ids.iter().zip(&world.names).filter(|(_, n)| lower(n).contains(&needle)).map(|(k, _)| k).collect();
        if hits.is_empty() {
            unresolved.push(Value::from(name.as_str()));
        }
        want.extend(hits.into_iter().cloned());
    }
    for id in q.ids.iter().flatten() {
        match id_key(id) {
            Some(k) if world.by_id.contains_key(&k) => {
                want.insert(k);
            }
            Some(k) => {
                want.insert(k);
                unresolved.push(id.clone());
            }
            None => unresolved.push(id.clone()),
        }
    }
    (q.targets().then_some(want), unresolved)
}

/// Rects in `positions` split into guids and the ids of entities that have none.
fn guid_list(world: &World, entries: &[Entry], positions: &[usize]) -> (Vec<Value>, Option<Vec<Value>>) {
    let (mut guids, mut no_guid) = (Vec::new(), Vec::new());
    for &i in positions {
        match world.guid_of(&entries[i].id) {
            Some(g) => guids.push(Value::from(g)),
            None => no_guid.push(entries[i].id.clone()),
        }
    }
    (guids, (!no_guid.is_empty()).then_some(no_guid))
}

/// An entity in an overlapping pair, named by id, guid and name.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OverlapMember"))]
pub(crate) struct Member {
    #[cfg_attr(test, ts(type = "number"))]
    id: Value,
    #[cfg_attr(test, ts(type = "string | null"))]
    guid: Value,
    #[cfg_attr(test, ts(type = "string"))]
    name: Value,
}

/// One overlapping pair, `a` before `b` in entry order.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OverlapPair"))]
pub(crate) struct Pair {
    a: Member,
    b: Member,
    #[cfg_attr(test, ts(type = "string | null"))]
    layer: Value,
}

/// The payload of `layoutBounds`. Every count counts rects; `entityTotal` counts entities.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "LayoutBoundsResult"))]
pub(crate) struct Reply {
    /// Rects measured (after the filters).
    total_count: usize,
    /// Rects in `entities` — only when rects were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    returned_count: Option<usize>,
    /// Distinct entities behind `totalCount`; differs when several viewports are mounted.
    entity_total: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    surfaces: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    surface_note: Option<String>,
    /// Addresses (guids, then the name, then ids) that matched no live entity.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "Array<string | number>"))]
    unresolved: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    unresolved_note: Option<&'static str>,
    /// Key: the layer, or `"null"`.
    #[cfg_attr(test, ts(type = "{ [layer: string]: number }"))]
    layer_counts: Value,
    /// Guids of the off-screen rects' entities.
    #[cfg_attr(test, ts(type = "string[]"))]
    off_screen: Vec<Value>,
    /// Ids of off-screen entities that have no guid.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "number[]"))]
    off_screen_no_guid_ids: Option<Vec<Value>>,
    off_screen_count: usize,
    #[cfg_attr(test, ts(type = "string[]"))]
    zero_size: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "number[]"))]
    zero_size_no_guid_ids: Option<Vec<Value>>,
    zero_size_count: usize,
    overlaps_count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional, type = "LayoutEntry[]"))]
    entities: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, type = "true"))]
    truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    overlaps: Option<Vec<Pair>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    hint: Option<String>,
}

/// What the narrowed rects add up to, before any row is rendered.
struct Tally {
    layer_counts: Histogram,
    off_screen: Vec<usize>,
    zero_size: Vec<usize>,
    entity_total: usize,
    surfaces: Vec<String>,
    /// Per layer: its value and the rects that take part in the overlap rule.
    groups: Vec<(Value, Vec<Item>)>,
}

/// The overlap group of a layer: strings by value, anything else by its JSON (so `null` and `"null"` differ).
fn group_key(layer: &Value) -> String {
    match layer {
        Value::String(s) => s.clone(),
        other => format!("\u{0}{}", crate::json::value::to_json(other)),
    }
}

fn tally(entries: &[Entry], narrowed: &[usize]) -> Tally {
    let mut t = Tally {
        layer_counts: Histogram::new(),
        off_screen: Vec::new(),
        zero_size: Vec::new(),
        entity_total: 0,
        surfaces: Vec::new(),
        groups: Vec::new(),
    };
    let mut group_of: FxMap<String, usize> = FxMap::default();
    let mut distinct: FxSet<Option<IdKey>> = FxSet::default();
    let mut seen_surfaces: FxSet<&str> = FxSet::default();
    for (pos, &i) in narrowed.iter().enumerate() {
        let e = &entries[i];
        t.layer_counts.add(&key_string(Some(&e.layer), "null"));
        if !js_truthy(Some(&e.on_screen)) {
            t.off_screen.push(i);
        }
        if js_truthy(Some(&e.zero_size)) {
            t.zero_size.push(i);
        }
        distinct.insert(id_key(&e.id));
        if let Some(s) = e.surface.as_str().filter(|s| !s.is_empty()) {
            if seen_surfaces.insert(s) {
                t.surfaces.push(s.to_owned());
            }
        }
        if let Some(rect) = e.rect {
            let g = *group_of.entry(group_key(&e.layer)).or_insert_with(|| {
                t.groups.push((e.layer.clone(), Vec::new()));
                t.groups.len() - 1
            });
            t.groups[g].1.push(Item { pos, id: id_key(&e.id), rect });
        }
    }
    t.entity_total = distinct.len();
    t
}

/// The rows kept of `len` for a finite `limit`: a prefix, and whether the limit bit. A limit
/// at or below zero keeps none (and bites even an empty list, as `len > limit` does).
fn prefix_len(len: usize, limit: Option<f64>) -> (usize, bool) {
    match limit {
        Some(l) if (len as f64) > l => (if l <= 0.0 { 0 } else { l as usize }, true),
        _ => (len, false),
    }
}

/// Summarizes layout `entries` (JSON text) for `query`; `options` may carry `entities` — the
/// live world (`{ id, parentId, guid, name }[]`) that guids and names resolve through and whose
/// ancestry excludes nested pairs; without it the entries themselves are the world.
pub fn layout_bounds(entries_json: &[u8], query: &Value, options_json: &[u8]) -> Result<String> {
    let entries = parse_entries(entries_json)?;
    let options: Option<Options> = super::parse_typed(options_json).map_err(Error::invalid_input)?;
    let world = World::new(&options.unwrap_or_default(), &entries);
    let q = Query::read(query);
    let (want, unresolved) = resolve(&world, &q);
    let narrowed: Vec<usize> = (0..entries.len())
        .filter(|&i| want.as_ref().map_or(true, |w| id_key(&entries[i].id).is_some_and(|k| w.contains(&k))))
        .filter(|&i| q.layer.as_ref().map_or(true, |l| entries[i].layer == *l))
        .collect();
    let t = tally(&entries, &narrowed);
    let overlaps_count: u64 = t.groups.iter().map(|(_, items)| layer_overlap_count(items, &world.parents)).sum();
    let want_entities = q.wants_entities();
    let (shown, cut) = prefix_len(narrowed.len(), q.limit);
    let rows = if want_entities { Some(rows_at(entries_json, &narrowed[..shown])?) } else { None };
    let overlaps = q.overlaps.then(|| pair_list(&entries, &narrowed, &t, &world));
    let hint = hint(&entries, &narrowed, &q, query, overlaps_count);
    let (off_screen, off_screen_no_guid_ids) = guid_list(&world, &entries, &t.off_screen);
    let (zero_size, zero_size_no_guid_ids) = guid_list(&world, &entries, &t.zero_size);
    let per_surface = t.surfaces.len() > 1;
    reply_json(&Reply {
        total_count: narrowed.len(),
        returned_count: want_entities.then_some(shown),
        entity_total: t.entity_total,
        surface_note: per_surface.then(|| surface_note(&t.surfaces, narrowed.len(), t.entity_total)),
        surfaces: per_surface.then(|| t.surfaces.clone()),
        unresolved_note: (!unresolved.is_empty()).then_some(UNRESOLVED_NOTE),
        unresolved: (!unresolved.is_empty()).then_some(unresolved),
        layer_counts: t.layer_counts.into_value(),
        off_screen_count: t.off_screen.len(),
        off_screen,
        off_screen_no_guid_ids,
        zero_size_count: t.zero_size.len(),
        zero_size,
        zero_size_no_guid_ids,
        overlaps_count,
        entities: rows,
        truncated: want_entities && cut,
        overlaps,
        hint,
    })
}

/// The caller's own rows at `positions`, parsed in full only when rows were asked for.
fn rows_at(entries_json: &[u8], positions: &[usize]) -> Result<Vec<Value>> {
    let full: Option<Vec<Value>> = super::parse_typed(entries_json).map_err(Error::invalid_input)?;
    let full = full.unwrap_or_default();
    Ok(positions.iter().filter_map(|&i| full.get(i).cloned()).collect())
}

/// Every overlapping pair, in entry order, members named by id, guid and name.
fn pair_list(entries: &[Entry], narrowed: &[usize], t: &Tally, world: &World) -> Vec<Pair> {
    let mut pairs = Vec::new();
    for (g, (_, items)) in t.groups.iter().enumerate() {
        layer_overlap_pairs(items, &world.parents, g, &mut pairs);
    }
    pairs.sort_unstable();
    let member = |i: usize| {
        let e = &entries[narrowed[i]];
        let guid = match &e.guid {
            Value::Null => world.guid_of(&e.id).map_or(Value::Null, Value::from),
            g => g.clone(),
        };
        let name = if e.name.is_null() { Value::from("") } else { e.name.clone() };
        Member { id: e.id.clone(), guid, name }
    };
    pairs.into_iter().map(|(a, b, g)| Pair { a: member(a), b: member(b), layer: t.groups[g].0.clone() }).collect()
}

/// The layer-miss hint when a layer filter left nothing; else the counts hint unless both rects
/// and pairs were asked for.
fn hint(entries: &[Entry], narrowed: &[usize], q: &Query, query: &Value, overlaps_count: u64) -> Option<String> {
    if q.layer.is_some() && narrowed.is_empty() {
        let filter = describe_query_filter(|k| query.get(k), &["layer", "ids", "guids", "name"]);
        let mut layers = Histogram::new();
        entries.iter().for_each(|e| layers.add(&key_string(Some(&e.layer), "null")));
        return Some(empty_filter_hint(&EmptyFilter {
            what: "rect",
            filter: &filter,
            unfiltered_count: entries.len() as f64,
            unfiltered_label: Some("exist with no filter"),
            live: vec![("layer", layers.js_keys())],
            near: Vec::new(),
        }));
    }
    (!q.wants_entities() || !q.overlaps).then(|| {
        format!("Counts only where omitted. Pass guids=[…] (stable) / name=<substr> / ids=[…] or layer=ui|2d|3d for per-entity rects; overlaps=true for the {overlaps_count} overlapping pairs.")
    })
}

fn surface_note(surfaces: &[String], rects: usize, entities: usize) -> String {
    format!(
        "{} viewports are mounted ({}), and each measures every 3D entity through its OWN camera — so `totalCount` ({rects}) counts RECTS, not entities ({entities}). There is no surface FILTER: layer= cannot separate them (both are layer:'3d') and targeting still returns one rect per viewport. Read `surface` on each entry to tell them apart, and use `entityTotal` wherever you meant \"how many entities\".",
        surfaces.len(),
        surfaces.join(", ")
    )
}

/// An id typed in a comma-separated `ids` string: a number when it reads as one.
fn id_from_text(t: &str) -> Value {
    match super::parse_js_number(t) {
        Some(x) => Value::from(x),
        None => Value::from(t),
    }
}

#[cfg(test)]
#[path = "layout_bounds_tests.rs"]
mod tests;
