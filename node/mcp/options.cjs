'use strict';
// The options of withBudget and createBudgetPolicy: presets, defaults and validation. Everything else
// in node/mcp reads the resolved object this file returns, never the caller's raw options.

const { MAX_PAYLOAD_CHARS } = require('../result.cjs');
const { MAX_EFFECTIVE_PRECISION } = require('../../pkg/constants.json');
const tokens = require('../tokens.cjs');
const { codedError } = require('../internal/errors.cjs');
const { isStore } = require('./stores/contract.cjs');
const { memoryStore, sharedMemoryStore } = require('./stores/memory.cjs');
const { resolvePreviewOptions } = require('./preview.cjs');
const { shown, integerAtLeast: checkInteger } = require('./option-values.cjs');

/**
 * Named budgets. `editor` is the Modoki editor's own cap and nothing else. `claudeCode` keeps a
 * result below the thresholds where Claude Code changes what the model sees: it warns above
 * 10,000 tokens of tool output and writes successful results over 50,000 chars to disk (the
 * model then sees a ~2 KB preview).
 */
const BUDGET_PRESETS = Object.freeze({
  editor: Object.freeze({ maxChars: MAX_PAYLOAD_CHARS }),
  claudeCode: Object.freeze({ maxChars: 50000, maxTokens: 10000 }),
});

/**
 * The smallest caps: the elision envelope alone takes about 300 chars and 90 tokens, and a page
 * needs room for its own header and some content. Below these nothing over the cap could be
 * answered within it.
 */
const MIN_MAX_CHARS = 1000;
const MIN_MAX_TOKENS = 250;

const OPTION_KEYS = [
  'preset',
  'maxChars',
  'maxTokens',
  'encoding',
  'precision',
  'compactJson',
  'store',
  'pageTool',
  'readResult',
  'onResult',
  'preview',
  'menu',
  'menuKeep',
];
/** The bounds a `store: { … }` object may set for a memory store of the policy's own. */
const STORE_KEYS = ['maxResults', 'maxBytes', 'maxResultBytes', 'ttlMs'];

const invalid = (message) => codedError('INVALID_OPTION', `withBudget: ${message}`, TypeError);
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

function checkKeys(object, known, where) {
  for (const key of Object.keys(object)) {
    if (!known.includes(key))
      throw invalid(`unknown option ${where}${JSON.stringify(key)}. Known options: ${known.join(', ')}.`);
  }
}

const integerAtLeast = (raw, min, name) => checkInteger(raw, min, name, invalid);

function readPreset(raw) {
  const name = raw === undefined ? 'editor' : raw;
  if (typeof name !== 'string' || !has(BUDGET_PRESETS, name)) {
    throw invalid(`preset must be one of ${Object.keys(BUDGET_PRESETS).join(', ')}, got ${shown(raw)}.`);
  }
  return name;
}

function readPrecision(raw) {
  if (raw === undefined || raw === 0) return undefined;
  const max = MAX_EFFECTIVE_PRECISION - 1;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > max) {
    throw invalid(`precision must be an integer from 1 to ${max} (or 0 for exact floats), got ${shown(raw)}.`);
  }
  return raw;
}

/**
 * The store the policy keeps pages in: the process's shared memory store by default (so every
 * server object of the process reads every page), any store as given, or a memory store of the
 * policy's own for an object of bounds.
 */
function readStore(raw) {
  if (raw === undefined) return sharedMemoryStore();
  if (isStore(raw)) return raw;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid(`store must be a store (get, put, delete) or an object of bounds, got ${shown(raw)}.`);
  checkKeys(raw, STORE_KEYS, 'store.');
  const bounds = {};
  for (const key of STORE_KEYS) if (raw[key] !== undefined) bounds[key] = integerAtLeast(raw[key], 1, `store.${key}`);
  return memoryStore(bounds);
}

function readBoolean(raw, name, fallback = false) {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'boolean') throw invalid(`${name} must be a boolean, got ${shown(raw)}.`);
  return raw;
}

function readEncoding(raw) {
  try {
    return tokens.prepareEncoding(raw);
  } catch (error) {
    throw invalid(`encoding: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The effective options: the preset's numbers, then every explicit option over them. Throws a
 * TypeError with code `INVALID_OPTION` for an unknown key or a bad value.
 */
function resolveOptions(options) {
  const raw = options === undefined ? {} : options;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid(`options must be an object, got ${shown(raw)}.`);
  checkKeys(raw, OPTION_KEYS, '');
  const preset = readPreset(raw.preset);
  const base = BUDGET_PRESETS[preset];
  const maxChars = integerAtLeast(raw.maxChars === undefined ? base.maxChars : raw.maxChars, MIN_MAX_CHARS, 'maxChars');
  // `maxTokens: null` removes a preset's token cap.
  const tokenCap = raw.maxTokens === undefined ? base.maxTokens : raw.maxTokens;
  const maxTokens =
    tokenCap === undefined || tokenCap === null ? undefined : integerAtLeast(tokenCap, MIN_MAX_TOKENS, 'maxTokens');
  if (raw.onResult !== undefined && typeof raw.onResult !== 'function')
    throw invalid(`onResult must be a function, got ${shown(raw.onResult)}.`);
  return {
    preset,
    maxChars,
    maxTokens,
    encoding: readEncoding(raw.encoding),
    precision: readPrecision(raw.precision),
    compactJson: readBoolean(raw.compactJson, 'compactJson'),
    store: readStore(raw.store),
    pageTool: readBoolean(raw.pageTool, 'pageTool'),
    // read_result, listed beside the server's tools so every client can search a kept result
    // (docs/mcp.md, "read_result"); false leaves the tool list as the server's.
    readResult: readBoolean(raw.readResult, 'readResult', true),
    onResult: raw.onResult,
    // The preview budget of the over-cap answer, or false for encode's envelope (docs/mcp.md, "The
    // preview: the default over-cap answer"). It is the option's as given: elision.cjs clamps it,
    // per answer, to what the caps leave after the answer's measured first line.
    preview: resolvePreviewOptions(raw.preview),
  };
}

module.exports = { BUDGET_PRESETS, MIN_MAX_CHARS, MIN_MAX_TOKENS, resolveOptions };
