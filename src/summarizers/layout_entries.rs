//! The rects `layoutBounds` reads, parsed from the producer's JSON with only the fields the
//! counts need: a typed fast path for the shape the producer emits (100k-entry inputs), and a
//! lenient path for anything else (a `screen` that is not a numeric rect counts as none).

use serde::Deserialize;
use serde_json::Value;

use super::layout_overlaps::Rect;
use crate::error::{Error, Result};

/// The fields of a layout entry the counts need, in the shape the producer emits; everything
/// else (world AABBs, canvases) is skipped while parsing. The fast path for 100k-entry inputs.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FastEntry {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    guid: Value,
    #[serde(default)]
    name: Value,
    #[serde(default)]
    layer: Value,
    #[serde(default)]
    screen: Option<FastScreen>,
    #[serde(default)]
    on_screen: Value,
    #[serde(default)]
    zero_size: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    surface: Value,
}

#[derive(Deserialize)]
struct FastScreen {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The same fields for any input shape (a `screen` that is not a numeric rect counts as none).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LenientEntry {
    #[serde(default)]
    id: Value,
    #[serde(default)]
    guid: Value,
    #[serde(default)]
    name: Value,
    #[serde(default)]
    layer: Value,
    #[serde(default)]
    screen: Value,
    #[serde(default)]
    on_screen: Value,
    #[serde(default)]
    zero_size: Value,
    #[serde(default)]
    parent_id: Value,
    #[serde(default)]
    surface: Value,
}

/// One rect of the input, with the fields the counts, filters and pair list read.
pub struct Entry {
    pub id: Value,
    pub guid: Value,
    pub name: Value,
    pub layer: Value,
    pub rect: Option<Rect>,
    pub on_screen: Value,
    pub zero_size: Value,
    pub parent_id: Value,
    pub surface: Value,
}

/// The layout entries of `json` (`null` is none): the typed fast path first, the lenient one
/// for any other shape.
pub fn parse_entries(json: &[u8]) -> Result<Vec<Entry>> {
    if let Ok(fast) = serde_json::from_slice::<Option<Vec<FastEntry>>>(json) {
        return Ok(fast
            .unwrap_or_default()
            .into_iter()
            .map(|e| Entry {
                rect: e.screen.map(|r| Rect { x0: r.x, x1: r.x + r.w, y0: r.y, y1: r.y + r.h }),
                id: e.id,
                guid: e.guid,
                name: e.name,
                layer: e.layer,
                on_screen: e.on_screen,
                zero_size: e.zero_size,
                parent_id: e.parent_id,
                surface: e.surface,
            })
            .collect());
    }
    let lenient: Option<Vec<LenientEntry>> = super::parse_typed(json).map_err(Error::invalid_input)?;
    Ok(lenient
        .unwrap_or_default()
        .into_iter()
        .map(|e| Entry {
            rect: Rect::from(&e.screen),
            id: e.id,
            guid: e.guid,
            name: e.name,
            layer: e.layer,
            on_screen: e.on_screen,
            zero_size: e.zero_size,
            parent_id: e.parent_id,
            surface: e.surface,
        })
        .collect())
}
