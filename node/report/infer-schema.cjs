'use strict';
// The shape of a JSON value read as a JSON schema, for its static inflation risk.

/** Items of each array the inferred schema reads (and so all a sample of the value keeps). */
const SCHEMA_ITEMS = 50;

/**
 * A JSON schema describing the payload's shape, for the static inflation risk. Arrays get no
 * `maxItems`: a payload says how long it is now, not how long it can grow, and that unbounded
 * growth is exactly what the risk measures. Array items take the union of the first items' keys.
 */
function inferSchema(value, depth = 0) {
  if (depth > 64) return {};
  if (Array.isArray(value)) {
    const sample = value.slice(0, SCHEMA_ITEMS).filter((v) => v !== null && v !== undefined);
    if (sample.length === 0) return { type: 'array', items: {} };
    if (sample.every((v) => typeof v === 'object' && !Array.isArray(v))) {
      const properties = {};
      for (const item of sample)
        for (const [k, v] of Object.entries(item)) if (!(k in properties)) properties[k] = inferSchema(v, depth + 1);
      return { type: 'array', items: { type: 'object', properties } };
    }
    return { type: 'array', items: inferSchema(sample[0], depth + 1) };
  }
  if (value !== null && typeof value === 'object') {
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inferSchema(v, depth + 1)])),
    };
  }
  return {
    type:
      value === null
        ? 'null'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'string',
  };
}

module.exports = { inferSchema, SCHEMA_ITEMS };
