'use strict';
// The budget-analysis bindings (src/wasm/profile.rs): one response's profile, the static
// inflation risk of an output schema, and the budget lockfile. Data inputs arrive as the JSON
// text V8 printed of them and cross as UTF-8; JSON answers are parsed here.

const core = require('./loader.cjs');
const { utf8Bytes } = require('./abi.cjs');

/** The static inflation risk of the output JSON Schema in `schemaJson` (src/profile/risk.rs). */
function inflationRisk(schemaJson) {
  return JSON.parse(core.inflationRiskJson(utf8Bytes(schemaJson)));
}

/**
 * The profile of the response of `toolName` whose content blocks are `blocksJson`
 * (`[{ type, text }]`), with the options in `optionsJson`, counted in the checked `encoding`.
 */
function profileResponse(toolName, blocksJson, optionsJson, encoding) {
  return JSON.parse(core.profileResponseJson(toolName, utf8Bytes(blocksJson), utf8Bytes(optionsJson), encoding));
}

/** The budget lock of the tools in `toolsJson`, counted in the checked `encoding`. */
function budgetLock(toolsJson, encoding) {
  return JSON.parse(core.budgetLockJson(utf8Bytes(toolsJson), encoding));
}

/** The lockfile's exact text of the lock in `lockJson`: sorted keys, two-space indent, trailing newline. */
function serializeLock(lockJson) {
  return core.serializeLockJson(utf8Bytes(lockJson));
}

/**
 * The comparison of the locks in `previousJson` and `currentJson` within `tolerance`; `command`
 * and `lockfile` (undefined: the core's defaults) are what its message says to run and commit.
 */
function checkLock(previousJson, currentJson, tolerance, command, lockfile) {
  return JSON.parse(core.checkLockJson(utf8Bytes(previousJson), utf8Bytes(currentJson), tolerance, command, lockfile));
}

module.exports = { inflationRisk, profileResponse, budgetLock, serializeLock, checkLock };
