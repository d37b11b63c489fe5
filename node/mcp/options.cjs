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
 * Named budgets, one per client, each in the unit that client measures on the channel it shows
 * the model (docs/clients.md has the rules, read in each client's shipped code, and what the
 * model sees under each preset):
 * - `editor`: the Modoki editor's own cap, on every channel.
 * - `claudeCode` (Claude Code 2.1.332): 40,000 UTF-16 chars on the channel it shows
 *   (structuredContent's JSON when present, else the text blocks). It writes a result over
 *   50,000 chars to a file and shows the model ~2,000 chars of it, and warns the user above
 *   40,000 (10,000 tokens estimated at four chars each): at 40,000 neither happens.
 * - `codex` (Codex CLI 0.169.0): 46,000 UTF-8 bytes on the channel it shows (the same rule). It
 *   cuts a result over 48,000 bytes to its head and tail, and shows every block but text as its
 *   raw JSON beside the text: 2,000 bytes are left for those (a resource link's is ~300).
 * - `gemini` (Gemini CLI, gemini-cli-core 0.61.0): 39,959 UTF-16 chars on the text blocks, the
 *   only channel it shows (structuredContent never reaches its model). It wraps a text in a
 *   41-char envelope and cuts a single text over 40,000 chars to its first 8,000 and last 32,000.
 * No client counts tokens of an encoding, so no preset sets `maxTokens`; it stays an option.
 * No preset needs the page tool: read_result (listed by default, `readResult`) reads a page by
 * number in every client, where Gemini CLI reads only resources that `resources/list` names and
 * Claude Code defers resources behind its tool search.
 */
const BUDGET_PRESETS = Object.freeze({
  editor: Object.freeze({ maxChars: MAX_PAYLOAD_CHARS }),
  claudeCode: Object.freeze({ maxChars: 40000, channel: 'structured' }),
  codex: Object.freeze({ maxBytes: 46000, channel: 'structured' }),
  gemini: Object.freeze({ maxChars: 39959, channel: 'text' }),
});

/**
 * What `channel` may say the client shows the model: `both` (an unknown client: each channel
 * within the caps on its own), `structured` (structuredContent's JSON when it is present, else
 * the text blocks: Claude Code, Codex, VS Code), `text` (the text blocks only: Gemini CLI).
 */
const CHANNELS = Object.freeze(['both', 'structured', 'text']);

/**
 * The smallest caps: the elision envelope alone takes about 300 chars and 90 tokens, and a page
 * needs room for its own header and some content. Below these nothing over the cap could be
 * answered within it. `maxBytes` has the same floor as `maxChars`.
 */
const MIN_MAX_CHARS = 1000;
const MIN_MAX_TOKENS = 250;

const OPTION_KEYS = [
  'preset',
  'maxChars',
  'maxBytes',
  'maxTokens',
  'channel',
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

function readChannel(raw) {
  if (raw === undefined) return 'both';
  if (typeof raw !== 'string' || !CHANNELS.includes(raw))
    throw invalid(`channel must be one of ${CHANNELS.join(', ')}, got ${shown(raw)}.`);
  return raw;
}

/** A cap of the preset that an explicit option may set, or remove with `null`. */
function readCap(raw, preset, min, name) {
  const cap = raw === undefined ? preset : raw;
  return cap === undefined || cap === null ? undefined : integerAtLeast(cap, min, name);
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
  // `maxBytes: null` and `maxTokens: null` remove a preset's cap.
  const maxBytes = readCap(raw.maxBytes, base.maxBytes, MIN_MAX_CHARS, 'maxBytes');
  const maxTokens = readCap(raw.maxTokens, base.maxTokens, MIN_MAX_TOKENS, 'maxTokens');
  // A preset of bytes alone caps the chars at as many: a UTF-16 unit is at least one UTF-8 byte.
  const chars = raw.maxChars === undefined ? (base.maxChars ?? maxBytes ?? MAX_PAYLOAD_CHARS) : raw.maxChars;
  const maxChars = integerAtLeast(chars, MIN_MAX_CHARS, 'maxChars');
  if (raw.onResult !== undefined && typeof raw.onResult !== 'function')
    throw invalid(`onResult must be a function, got ${shown(raw.onResult)}.`);
  return {
    preset,
    maxChars,
    maxBytes,
    maxTokens,
    channel: readChannel(raw.channel ?? base.channel),
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

module.exports = { BUDGET_PRESETS, CHANNELS, MIN_MAX_CHARS, MIN_MAX_TOKENS, resolveOptions };
