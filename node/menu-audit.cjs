'use strict';
// Auditing a tool menu: what it costs in real tokens (menuCost) and what each description fails
// to say (lintDescription). Nothing here changes a menu; ./menu-rewrite.cjs returns cheaper
// ones. Both run in the WebAssembly core (src/menu/cost.rs, lint.rs); this file stringifies the
// tools and parses the results.

const wasm = require('./wasm/menu.cjs');
const { jsonText: toJsonText } = require('./tolerant-json.cjs');
const { codedError } = require('./internal/errors.cjs');
const { readOptions } = require('./internal/options.cjs');
const tokens = require('./tokens.cjs');

/** Default lint threshold; the reason is on `DEFAULT_MAX_DESCRIPTION_TOKENS` in src/menu/lint.rs. */
const DEFAULT_MAX_DESCRIPTION_TOKENS = 200;

/**
 * A menu (or one tool) as the JSON text the core reads. No text at all (undefined) is the
 * empty input, which the core reports as "must be an array".
 */
const jsonText = (value) => toJsonText(value, '');

/** Real-token cost of a `tools/list` result, biggest tool first (see docs/menu.md). */
function menuCost(tools, options) {
  const { encoding } = readOptions('menuCost', options, ['encoding']);
  const name = tokens.prepareEncoding(encoding);
  return wasm.menuCost(jsonText(tools), name);
}

/** Lint findings for one tool's description (see docs/menu.md for the exact rules). */
function lintDescription(tool, options) {
  const { encoding, maxDescriptionTokens: raw } = readOptions('lintDescription', options, [
    'encoding',
    'maxDescriptionTokens',
  ]);
  const name = tokens.prepareEncoding(encoding);
  const max = raw === undefined ? DEFAULT_MAX_DESCRIPTION_TOKENS : Number(raw);
  if (!(max >= 0)) {
    throw codedError(
      'INVALID_OPTION',
      `lintDescription: maxDescriptionTokens must be a number >= 0, got ${String(raw)}.`,
    );
  }
  return wasm.lintDescription(jsonText(tool), name, max);
}

module.exports = { DEFAULT_MAX_DESCRIPTION_TOKENS, menuCost, lintDescription, jsonText };
