//! Which collections collapse into a table. Rows qualify when every row has exactly the first
//! row's keys (in any order) and each column is either all primitives or all non-empty objects
//! that are themselves uniform — those become nested field groups (`geo{lat,lon}`). Fields
//! follow the first row's key order.

use serde_json::{Map, Value};

use super::primitive::is_primitive;

/// One column of a table: a leaf, or a group of sub-columns for a uniform nested object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<'a> {
    /// The key in each row.
    pub name: &'a str,
    /// Sub-columns when the column holds uniform objects.
    pub children: Option<Vec<Field<'a>>>,
}

/// The field list when `rows` form a table, else `None` (also for no rows or key-less rows).
pub fn tabular_fields<'a>(rows: &[&'a Map<String, Value>]) -> Option<Vec<Field<'a>>> {
    let first = *rows.first()?;
    if first.is_empty() {
        return None;
    }
    if !rows.iter().all(|row| same_keys(first, row)) {
        return None;
    }
    let mut columns: Vec<Vec<&'a Value>> = first.keys().map(|_| Vec::with_capacity(rows.len())).collect();
    for row in rows {
        let mut in_order = row.iter();
        for (name, column) in first.keys().zip(columns.iter_mut()) {
            column.push(field_value(row, &mut in_order, name));
        }
    }
    first.keys().zip(&columns).map(|(name, column)| classify_column(name, column)).collect()
}

/// The field list of a keyed table: an object of at least two entries whose values are all
/// non-empty objects forming a table (`servers[2:]{host,port}:`).
pub fn keyed_fields(object: &Map<String, Value>) -> Option<Vec<Field<'_>>> {
    if object.len() < 2 {
        return None;
    }
    let rows = non_empty_objects(object.values())?;
    tabular_fields(&rows)
}

/// The rows when every value is an object (empty ones included), for `isArrayOfObjects`.
pub fn all_objects<'a>(items: &'a [Value]) -> Option<Vec<&'a Map<String, Value>>> {
    items.iter().map(Value::as_object).collect()
}

fn non_empty_objects<'a>(values: impl Iterator<Item = &'a Value>) -> Option<Vec<&'a Map<String, Value>>> {
    values.map(|v| v.as_object().filter(|m| !m.is_empty())).collect()
}

fn classify_column<'a>(name: &'a str, values: &[&'a Value]) -> Option<Field<'a>> {
    if values.iter().all(|v| is_primitive(v)) {
        return Some(Field { name, children: None });
    }
    let rows = non_empty_objects(values.iter().copied())?;
    let children = tabular_fields(&rows)?;
    Some(Field { name, children: Some(children) })
}

/// Same key count and every key of `first` present. Rows written in the same key order (the
/// usual case) are checked by one pass of string comparisons, without hashing.
fn same_keys(first: &Map<String, Value>, row: &Map<String, Value>) -> bool {
    if row.len() != first.len() {
        return false;
    }
    first.keys().zip(row.keys()).all(|(a, b)| a == b) || first.keys().all(|k| row.contains_key(k))
}

/// The value under `name`, taking it from `in_order` (the row's own entries, walked alongside
/// the fields) when the row shares the first row's key order, which avoids hashing every cell.
pub fn field_value<'a>(
    row: &'a Map<String, Value>,
    in_order: &mut serde_json::map::Iter<'a>,
    name: &str,
) -> &'a Value {
    static NULL: Value = Value::Null;
    match in_order.next() {
        Some((key, value)) if key == name => value,
        _ => row.get(name).unwrap_or(&NULL),
    }
}
