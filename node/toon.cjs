'use strict';
// TOON on the JS side: turn a JS value into the JSON text the Rust encoder reads, exactly as
// @toon-format/toon 4.4.0's normalizeValue would see it, then format results and descriptions.
//
// The fast path is V8's JSON.stringify, which is exact whenever the tree holds only plain
// objects, arrays, strings, numbers (-0, NaN and ±Infinity print as the reference normalizes
// them: 0 and null), booleans and null. Anything else — undefined (the reference writes null
// where JSON.stringify drops the key), functions, symbols, BigInt, Dates, Map, Set, class
// instances, toJSON — goes through `normalizeToon`, a port of the reference's normalizeValue.

const { toonEncode } = require('./wasm/toon.cjs');
const { codedError } = require('./internal/errors.cjs');
const { readOptions, setOwn } = require('./internal/options.cjs');
const { isPlainTree } = require('./round-floats.cjs');

const DELIMITERS = [',', '\t', '|'];
const MAX_INDENT_SIZE = 16;
/** serde_json's nesting limit on the Rust side; deeper trees are refused with INVALID_INPUT. */
const MAX_DEPTH = 128;

const TOON_OPTIONS = ['delimiter', 'indentSize'];

function readToonOptions(fn, options, defaults) {
  if (options === undefined || options === null) return defaults;
  const given = readOptions(fn, options, TOON_OPTIONS);
  const delimiter = given.delimiter === undefined ? defaults.delimiter : given.delimiter;
  const indentSize = given.indentSize === undefined ? defaults.indentSize : given.indentSize;
  if (!DELIMITERS.includes(delimiter)) {
    const shown = typeof delimiter === 'string' ? JSON.stringify(delimiter) : typeof delimiter;
    throw codedError('INVALID_OPTION', `${fn}: delimiter must be ',', '\\t' or '|', got ${shown}`, TypeError);
  }
  if (!Number.isInteger(indentSize) || indentSize < 1 || indentSize > MAX_INDENT_SIZE) {
    const shown = typeof indentSize === 'number' ? String(indentSize) : typeof indentSize;
    throw codedError(
      'INVALID_OPTION',
      `${fn}: indentSize must be an integer from 1 to ${MAX_INDENT_SIZE}, got ${shown}`,
      RangeError,
    );
  }
  return { delimiter, indentSize };
}

const SURROGATE = /[\uD800-\uDFFF]/;

// The reference's error for text TOON cannot carry (its decoder rejects lone surrogates).
function assertNoLoneSurrogate(text, context) {
  if (!SURROGATE.test(text)) return;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    throw codedError(
      'INVALID_INPUT',
      `Cannot encode ${context} containing an unpaired surrogate U+${code.toString(16).toUpperCase()} at index ${i}`,
      TypeError,
    );
  }
}

function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/**
 * The JSON-compatible value @toon-format/toon 4.4.0 encodes for `value` (its normalizeValue):
 * toJSON() applied, -0 → 0, NaN/±Infinity → null, BigInt → number when safe else its decimal
 * string, Date → ISO string, Set → array, Map → object with String(key) keys, undefined,
 * functions, symbols and class instances → null. Lone surrogates throw (TypeError, INVALID_INPUT);
 * unlike the reference, a cycle throws a TypeError with code INVALID_INPUT instead of overflowing the stack.
 */
function normalizeToon(value, ancestors = new Set()) {
  if (value === null) return null;
  if (typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function') {
    const next = value.toJSON();
    if (next !== value) return normalizeToon(next, ancestors);
  }
  switch (typeof value) {
    case 'string':
      assertNoLoneSurrogate(value, 'string value');
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (Object.is(value, -0)) return 0;
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : value.toString();
    case 'object':
      break;
    default:
      return null;
  }
  if (value instanceof Date) return value.toISOString();
  if (ancestors.has(value)) throw codedError('INVALID_INPUT', 'toToon: cannot encode a circular structure', TypeError);
  ancestors.add(value);
  try {
    const inner = (item) => normalizeToon(item, ancestors);
    if (Array.isArray(value)) return Array.from(value, inner);
    if (value instanceof Set) return Array.from(value).map(inner);
    if (value instanceof Map) return Object.fromEntries(Array.from(value, ([k, v]) => [String(k), inner(v)]));
    if (isPlainObject(value)) {
      const out = {};
      for (const key in value) {
        if (Object.hasOwn(value, key)) {
          assertNoLoneSurrogate(key, 'object key');
          setOwn(out, key, inner(value[key]));
        }
      }
      return out;
    }
    return null;
  } finally {
    ancestors.delete(value);
  }
}

function toonJsonText(value) {
  // Plain JSON data skips normalization: JSON.stringify(value) is then exactly the JSON of
  // normalizeToon(value). The depth limit ends a cycle's walk; the exact path reports it.
  const plain =
    typeof value === 'object' && value !== null
      ? isPlainTree(value, { strictPrimitives: true, maxDepth: MAX_DEPTH })
      : typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number';
  return JSON.stringify(plain ? value : normalizeToon(value));
}

const TOON_DEFAULTS = Object.freeze({ delimiter: ',', indentSize: 2 });
const RESULT_DEFAULTS = Object.freeze({ delimiter: '|', indentSize: 2 });

function toToonWith(value, options) {
  const text = toonJsonText(value);
  // The core reads an escaped lone surrogate as U+FFFD (the package's one rule), but the
  // reference refuses to encode one, so toToon does too: JSON.stringify writes a lone surrogate
  // as `\udXXX`, and where that text appears the exact path throws the reference's message.
  if (text.includes('\\ud')) normalizeToon(value);
  return toonEncode(text, options.delimiter, options.indentSize);
}

/** TOON text for `value`; see node/types/toon.d.ts. */
function toToon(value, options) {
  return toToonWith(value, readToonOptions('toToon', options, TOON_DEFAULTS));
}

/** A ToolResult whose one text block is the TOON encoding (pipe delimiter by default). */
function toonResult(data, options) {
  return {
    content: [{ type: 'text', text: toToonWith(data, readToonOptions('toonResult', options, RESULT_DEFAULTS)) }],
  };
}

function toolError(message) {
  return codedError('INVALID_INPUT', `toonDescription: ${message}`, TypeError);
}

/**
 * The tool description as one header line, a blank line and a `|`-delimited TOON table of the
 * actions (`action|desc|required`, plus `destructive` when any action is destructive).
 */
function toonDescription(tool) {
  if (typeof tool !== 'object' || tool === null) throw toolError('tool must be an object');
  const { name, description, discriminator = 'action', actions } = tool;
  if (typeof name !== 'string') throw toolError('tool.name must be a string');
  if (!Array.isArray(actions)) throw toolError('tool.actions must be an array');
  const anyDestructive = actions.some((a) => a !== null && typeof a === 'object' && a.destructive === true);
  const rows = actions.map((action, i) => {
    if (action === null || typeof action !== 'object' || typeof action.name !== 'string') {
      throw toolError(`actions[${i}].name must be a string`);
    }
    const required = action.required === undefined ? [] : action.required;
    if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
      throw toolError(`actions[${i}].required must be an array of strings`);
    }
    const row = {
      action: action.name,
      desc: typeof action.description === 'string' ? action.description : '',
      required: required.join(','),
    };
    // An empty cell ("") for the others keeps every row's keys equal, so the table stays a table.
    if (anyDestructive) row.destructive = action.destructive === true ? true : '';
    return row;
  });
  const head = `${description || name}. Select operation via the \`${discriminator}\` parameter.`;
  const table = toToonWith({ actions: rows }, RESULT_DEFAULTS);
  return `${head}\n\n${table}`;
}

module.exports = { toToon, toonResult, toonDescription, normalizeToon };
