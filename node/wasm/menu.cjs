'use strict';
// The tool-menu bindings (src/wasm/menu.rs): a menu's token cost, description lint, grouping
// and the compact menu. The tools arrive as the JSON text V8 printed of them and cross as
// UTF-8; JSON answers are parsed here.

const core = require('./loader.cjs');
const { utf8Bytes } = require('./abi.cjs');

/** The real-token cost of the tools in `toolsJson`, counted in the checked `encoding`. */
function menuCost(toolsJson, encoding) {
  return JSON.parse(core.menuCostJson(utf8Bytes(toolsJson), encoding));
}

/** The lint findings for the tool in `toolJson`, over `maxDescriptionTokens` tokens of `encoding`. */
function lintDescription(toolJson, encoding, maxDescriptionTokens) {
  return JSON.parse(core.lintDescriptionJson(utf8Bytes(toolJson), encoding, maxDescriptionTokens));
}

/** The grouped tools of `toolsJson` by `separator` and `discriminator`: `{ tools, routes, passthrough }`. */
function groupTools(toolsJson, separator, discriminator) {
  return JSON.parse(core.groupToolsJson(utf8Bytes(toolsJson), separator, discriminator));
}

/**
 * The compact menu of the tools in `toolsJson` in the checked `encoding`, keeping the tools
 * named in `keep` (an array of names) whole, within `maxTokens` (below 0: the default budget).
 */
function compactMenu(toolsJson, encoding, keep, maxTokens) {
  return JSON.parse(core.compactMenuJson(utf8Bytes(toolsJson), encoding, keep, maxTokens));
}

/** The UNKNOWN_TOOL message for `name` among `names` (an array of strings), ending with `hint`. */
function unknownToolMessage(name, names, hint) {
  return core.unknownToolMessage(name, names, hint);
}

module.exports = { menuCost, lintDescription, groupTools, compactMenu, unknownToolMessage };
