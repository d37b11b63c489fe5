'use strict';
// Budget analysis: one response's profile, the JSON-or-TOON choice, and the budget lockfile.
// Token counting and all policy live in the WebAssembly core; this file converts options.
const wasm = require('./wasm/profile.cjs');
const { codedError } = require('./internal/errors.cjs');
const { readOptions } = require('./internal/options.cjs');
const { stringifyNeverThrows, jsonText } = require('./tolerant-json.cjs');
const tokens = require('./tokens.cjs');
const { toToon } = require('./toon.cjs');

const invalid = (message) => codedError('INVALID_INPUT', message, TypeError);

/**
 * Splits a response into payload and overhead (the last `overheadBlocks` blocks), measures each
 * block in real tokens with the chars/3.5 estimate beside it, and classifies the risk.
 */
function profileResponse(toolName, blocks, options) {
  if (typeof toolName !== 'string') throw invalid('profileResponse(toolName, blocks): toolName must be a string');
  if (!Array.isArray(blocks))
    throw invalid('profileResponse(toolName, blocks): blocks must be an array of { type, text }');
  const opts = readOptions('profileResponse', options, [
    'encoding',
    'overheadBlocks',
    'thresholds',
    'maxOverheadRatio',
  ]);
  const { encoding, overheadBlocks = 0, maxOverheadRatio } = opts;
  const thresholds =
    opts.thresholds === undefined
      ? undefined
      : readOptions('profileResponse', opts.thresholds, ['low', 'medium', 'high'], 'thresholds');
  const name = tokens.prepareEncoding(encoding);
  const coreOptions = {
    overheadBlocks,
    ...(thresholds ? { thresholds } : {}),
    ...(maxOverheadRatio !== undefined ? { maxOverheadRatio } : {}),
  };
  const cleanBlocks = blocks.map((b) => ({
    type: String(b?.type ?? 'text'),
    text: typeof b?.text === 'string' ? b.text : '',
  }));
  const profile = wasm.profileResponse(toolName, jsonText(cleanBlocks), jsonText(coreOptions), name);
  // JSON has no Infinity: the core writes an unbounded ratio (overhead, no payload) as null.
  if (profile.overheadRatio === null) profile.overheadRatio = Infinity;
  return profile;
}

/**
 * Encodes `data` both as compact JSON and as TOON, counts real tokens, and returns the cheaper
 * (JSON on a tie: every model reads it). TOON is cheaper on flat tables and costs more than JSON
 * on nested, non-uniform data (docs/toon.md, 'TOON'), so the choice is counted, never assumed.
 */
function chooseEncoding(data, options) {
  const { encoding, delimiter, indentSize } = readOptions('chooseEncoding', options, [
    'encoding',
    'delimiter',
    'indentSize',
  ]);
  const name = tokens.prepareEncoding(encoding);
  const json = stringifyNeverThrows(data) ?? 'null';
  const toon = toToon(data, { ...(delimiter ? { delimiter } : {}), ...(indentSize ? { indentSize } : {}) });
  return chooseBetween(json, toon, name);
}

/** chooseEncoding's answer for texts already made; `jsonTokens` when already counted. */
function chooseBetween(json, toon, name, jsonTokens = tokens.countTokens(json, name)) {
  const toonTokens = tokens.countTokens(toon, name);
  const format = toonTokens < jsonTokens ? 'toon' : 'json';
  return {
    format,
    text: format === 'toon' ? toon : json,
    jsonTokens,
    toonTokens,
    encoding: name,
    savedTokens: Math.abs(jsonTokens - toonTokens),
  };
}

/** The budget lockfile for a list of tools (`tools/list` entries, optionally with `limits`). */
function budgetLock(tools, options) {
  const { encoding } = readOptions('budgetLock', options, ['encoding']);
  const list = Array.isArray(tools) ? tools : tools && Array.isArray(tools.tools) ? tools.tools : null;
  if (list === null)
    throw invalid('budgetLock(tools): tools must be an array of tools or a tools/list result { tools }');
  const name = tokens.prepareEncoding(encoding);
  return wasm.budgetLock(jsonText(list), name);
}

/** The lockfile's exact bytes: sorted keys, two-space indent, trailing newline. */
function serializeLock(lock) {
  return wasm.serializeLock(jsonText(lock));
}

/**
 * Compares a committed lock with the current one; `ok` is false on drift or escalation. The
 * message ends by saying how to accept a change: `regenerate.command` and `regenerate.lockfile`
 * name the command and file (a CLI passes the ones it was run with).
 */
function checkLock(previous, current, options) {
  const opts = readOptions('checkLock', options, ['tolerance', 'regenerate']);
  const tolerance = opts.tolerance ?? 0.1;
  if (!(tolerance >= 0)) throw codedError('INVALID_OPTION', 'checkLock: tolerance must be a number >= 0', TypeError);
  const regenerate = readOptions('checkLock', opts.regenerate, ['command', 'lockfile'], 'regenerate');
  for (const key of ['command', 'lockfile']) {
    if (regenerate[key] !== undefined && typeof regenerate[key] !== 'string')
      throw codedError('INVALID_OPTION', `checkLock: regenerate.${key} must be a string`, TypeError);
  }
  const { command, lockfile } = regenerate;
  return wasm.checkLock(jsonText(previous), jsonText(current), tolerance, command, lockfile);
}

/**
 * Static inflation risk of a tool's output JSON Schema, with the schema's real bounds and an
 * upper token bound when every part of it is bounded. Computed in Rust from the schema's JSON.
 */
function inflationRisk(outputJsonSchema) {
  return wasm.inflationRisk(jsonText(outputJsonSchema));
}

module.exports = {
  inflationRisk,
  profileResponse,
  chooseEncoding,
  chooseBetween,
  budgetLock,
  serializeLock,
  checkLock,
};
