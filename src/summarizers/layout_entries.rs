//! The rects `layoutBounds` reads, parsed from the producer's JSON with only the fields the
//! counts need: a typed fast path for the shape the producer emits (100k-entry inputs), and a
//! lenient path for anything else (a `screen` that is not a numeric rect counts as none).

use serde::Deserialize;
use serde_json::Value;

use super::layout_overlaps::Rect;
use crate::error::{Error, Result};

/// One rect of the input, with the fields the counts, filters and pair list read; everything
/// else (world AABBs, canvases) is skipped while parsing. `S` is how the screen rect is held:
/// as parsed (`Option<FastScreen>` on the fast path, any JSON value on the lenient one), then
/// as the [`Rect`] the counts use (the default), so each field is declared once for all three.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry<S = Option<Rect>> {
    #[serde(default)]
    pub id: Value,
    #[serde(default)]
    pub guid: Value,
    #[serde(default)]
    pub name: Value,
    #[serde(default)]
    pub layer: Value,
    #[serde(default, rename = "screen")]
    pub rect: S,
    #[serde(default)]
    pub on_screen: Value,
    #[serde(default)]
    pub zero_size: Value,
    #[serde(default)]
    pub parent_id: Value,
    #[serde(default)]
    pub surface: Value,
}

impl<S> Entry<S> {
    /// The same entry with its screen turned into a [`Rect`] by `rect`.
    fn with_rect(self, rect: impl FnOnce(S) -> Option<Rect>) -> Entry {
        Entry {
            rect: rect(self.rect),
            id: self.id,
            guid: self.guid,
            name: self.name,
            layer: self.layer,
            on_screen: self.on_screen,
            zero_size: self.zero_size,
            parent_id: self.parent_id,
            surface: self.surface,
        }
    }
}

/// A screen-space rect: a layout entry's `screen`. Declared for the JS types only.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "ScreenRect")]
#[allow(dead_code)]
pub(crate) struct DeclaredScreen {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// A layout entry as the layout-bounds producer returns it: one per RECT. Declared for the JS
/// types only; the core reads the entries as JSON, and the entries a reply returns are the
/// producer's own.
#[cfg(test)]
#[derive(ts_rs::TS)]
#[ts(rename = "LayoutEntry", rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct Declared {
    id: f64,
    /// The entity's guid, `null` when it has none.
    #[ts(optional = nullable)]
    guid: Option<String>,
    name: String,
    layer: Option<String>,
    screen: Option<DeclaredScreen>,
    on_screen: bool,
    zero_size: bool,
    #[ts(rename = "worldAABB", optional, type = "unknown")]
    world_aabb: Option<()>,
    /// Which viewport measured this rect (`game-3d`, `scene-view`, …); one entity can have one
    /// per viewport.
    #[ts(optional)]
    surface: Option<String>,
    #[ts(optional)]
    canvas_id: Option<f64>,
    #[ts(optional = nullable)]
    canvas_guid: Option<String>,
    /// Used for ancestry when `options.entities` is not given.
    #[ts(optional = nullable)]
    parent_id: Option<f64>,
}

/// A `screen` in the shape the producer emits: four numbers.
#[derive(Deserialize)]
struct FastScreen {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// The layout entries of `json` (`null` is none): the typed fast path first, the lenient one
/// for any other shape.
pub fn parse_entries(json: &[u8]) -> Result<Vec<Entry>> {
    if let Ok(fast) = serde_json::from_slice::<Option<Vec<Entry<Option<FastScreen>>>>>(json) {
        let rect = |s: Option<FastScreen>| s.map(|r| Rect::new(r.x, r.y, r.w, r.h));
        return Ok(fast.unwrap_or_default().into_iter().map(|e| e.with_rect(rect)).collect());
    }
    let lenient: Option<Vec<Entry<Value>>> = super::parse_typed(json).map_err(Error::invalid_input)?;
    Ok(lenient.unwrap_or_default().into_iter().map(|e| e.with_rect(|s| Rect::from(&s))).collect())
}
