'use strict';
// The preview past the cap (docs/mcp.md, "The preview"): a kept result in its own shape within
// a small budget, with the items that matter shown, and the hint from the tool's own
// inputSchema. One call into the WebAssembly core (src/preview/), which does all of it.

const wasm = require('../wasm/preview.cjs');
const tokens = require('../tokens.cjs');
const { codedError } = require('../internal/errors.cjs');
const { stringifyNeverThrows, jsonText } = require('../tolerant-json.cjs');
const { shown, integerAtLeast } = require('./option-values.cjs');

/**
 * The default preview budget whatever the cap: 2,000 tokens and 8,000 chars, an answer an agent
 * can afford forty times in a session.
 */
const PREVIEW_DEFAULTS = Object.freeze({ maxTokens: 2000, maxChars: 8000 });
/** The smallest budgets: the smallest preview (a collection's counts) takes ~60 chars, 25 tokens. */
const MIN_PREVIEW = Object.freeze({ maxTokens: 50, maxChars: 200 });

const PREVIEW_KEYS = Object.freeze(['maxTokens', 'maxChars']);

const invalid = (message) => codedError('INVALID_OPTION', `preview: ${message}`, TypeError);
const limit = (raw, name) =>
  raw === undefined ? PREVIEW_DEFAULTS[name] : integerAtLeast(raw, MIN_PREVIEW[name], name, invalid);

/**
 * The preview budget `{ maxTokens, maxChars }` from the preview option: withBudget's `preview`
 * (createBudgetPolicy's too) and previewResult's two bounds. Undefined or `true` is
 * PREVIEW_DEFAULTS: the preview is withBudget's default over-cap answer, because past the cap a
 * model acts on the items that matter and the tool's own parameters, and the envelope's counts
 * leave it nothing to act on. `false` (the envelope for every tool, for a client that parses it)
 * is returned as it is. An object sets either bound. The one validator of a preview budget, so a
 * mistake reads the same from every entry point: anything else throws a TypeError coded
 * INVALID_OPTION whose message starts `preview: `.
 */
function resolvePreviewOptions(raw) {
  if (raw === false) return false;
  if (raw === undefined || raw === true) return PREVIEW_DEFAULTS;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid(`must be true, false or { maxTokens, maxChars }, got ${shown(raw)}.`);
  for (const key of Object.keys(raw))
    if (!PREVIEW_KEYS.includes(key))
      throw invalid(`unknown option ${JSON.stringify(key)}. Known options: ${PREVIEW_KEYS.join(', ')}.`);
  return Object.freeze({ maxTokens: limit(raw.maxTokens, 'maxTokens'), maxChars: limit(raw.maxChars, 'maxChars') });
}

/**
 * The preview of `value` — a text result (a string) or the kept data (anything JSON can hold) —
 * for a call with `options.arguments` to a tool whose input schema is `options.inputSchema`
 * (either may be absent), within `{ maxTokens, maxChars }` tokens of `encoding`.
 * Returns `{ text, json, chars, tokens, hint, parameters }`: `text` is JSON when `json` is true.
 */
function previewResult(value, options = {}) {
  const isJson = typeof value !== 'string';
  return previewText(isJson ? (stringifyNeverThrows(value) ?? 'null') : value, isJson, options);
}

/**
 * previewResult of a text: the compact JSON of the data when `isJson` (so a caller that holds
 * that JSON already, as the policy does, skips a parse and a print), else a text result. The
 * JSON is checked to be JSON first; anything else is previewed as text.
 */
function previewText(text, isJson, options = {}) {
  return preview(text, isJson, false, options);
}

/**
 * previewText of JSON the caller printed itself with `JSON.stringify` (or encode), which the
 * core does not check again: the check is a parse of the whole text, about a fifth of a large
 * preview's time. The answer is previewText's for the same text. Never for text from elsewhere.
 * `options.spans` may be the `spans` of the policy's pass over this same text
 * (./elision-pass.cjs): the values there are then not read again to find their ends.
 */
function previewPrinted(json, options = {}) {
  return preview(json, true, true, options);
}

function preview(text, isJson, printed, options) {
  const { maxTokens, maxChars } = resolvePreviewOptions({ maxTokens: options.maxTokens, maxChars: options.maxChars });
  const encoding = tokens.prepareEncoding(options.encoding);
  return wasm.preview(text, {
    isJson,
    printed,
    argumentsJson: jsonText(options.arguments),
    schemaJson: jsonText(options.inputSchema),
    maxTokens,
    maxChars,
    encoding,
    spans: printed ? options.spans : undefined,
  });
}

/**
 * The filters the envelope's advice names (`pass a filter (trait=/id=/name=/where=/layer=/ids=)`,
 * src/cap/hint.rs): the Modoki editor's scene filters.
 */
const EDITOR_FILTERS = Object.freeze(['trait', 'id', 'name', 'where', 'layer', 'ids']);

/**
 * Whether a tool's `inputSchema` names at least two of EDITOR_FILTERS at its top level. For such
 * a tool the envelope's advice is the tool's own, and its clients read that envelope (and
 * retarget its hint with retargetNarrowHint), so the policy answers it with the envelope. Two,
 * because one `id` or `name` alone is in many tools that have none of the others.
 */
function hasEditorFilters(inputSchema) {
  const properties = inputSchema !== null && typeof inputSchema === 'object' ? inputSchema.properties : undefined;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return false;
  return EDITOR_FILTERS.filter((name) => Object.prototype.hasOwnProperty.call(properties, name)).length >= 2;
}

/**
 * The hints of each tool schema seen, `[without pages, with pages]`: they depend on the schema
 * alone, and a tool's schema object is reused.
 */
const hints = new WeakMap();
const noSchemaHints = [];

/**
 * The core's hint sentence (src/preview/hint.rs) for a tool whose input schema is `inputSchema`
 * (undefined: none), ending with where the rest is: the pages when `paged` (as previewResult's
 * hint does), else that it could not be kept. Kept per schema object.
 */
function schemaHint(inputSchema, paged) {
  const isObject = inputSchema !== null && typeof inputSchema === 'object';
  let known = isObject ? hints.get(inputSchema) : noSchemaHints;
  if (known === undefined) hints.set(inputSchema, (known = []));
  const slot = paged ? 1 : 0;
  known[slot] ??= wasm.previewHint(jsonText(isObject ? inputSchema : undefined), paged);
  return known[slot];
}

module.exports = {
  previewResult,
  previewText,
  previewPrinted,
  resolvePreviewOptions,
  schemaHint,
  hasEditorFilters,
  PREVIEW_DEFAULTS,
  MIN_PREVIEW,
  EDITOR_FILTERS,
};
