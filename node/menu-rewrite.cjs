'use strict';
// Rewriting a tool menu into a cheaper one: grouped by namespace (groupTools), with compact
// descriptions where a workflow allows (menuFor), or as the compact menu of two meta tools and a
// catalog (compactMenu). The rewriting runs in the WebAssembly core (src/menu/group.rs,
// compact.rs); this file keeps the routing tables in JS Maps so route() is a lookup, not a
// boundary crossing per call.

const wasm = require('./wasm/menu.cjs');
const { codedError } = require('./internal/errors.cjs');
const { readOptions } = require('./internal/options.cjs');
const tokens = require('./tokens.cjs');
const { menuCost, jsonText } = require('./menu-audit.cjs');

const DEFAULT_SEPARATOR = '.';
const DEFAULT_DISCRIMINATOR = 'action';

function stringOption(options, key, fallback) {
  const raw = options[key];
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || raw.length === 0) {
    throw codedError(
      'INVALID_OPTION',
      `groupTools: ${key} must be a non-empty string, got ${JSON.stringify(raw) ?? typeof raw}.`,
    );
  }
  return raw;
}

/** Groups `namespace<separator>action` tools into one tool per namespace, with a router back. */
function groupTools(tools, options) {
  const opts = readOptions('groupTools', options, ['separator', 'discriminator']);
  const separator = stringOption(opts, 'separator', DEFAULT_SEPARATOR);
  const discriminator = stringOption(opts, 'discriminator', DEFAULT_DISCRIMINATOR);
  const raw = wasm.groupTools(jsonText(tools), separator, discriminator);
  const groups = new Map(raw.routes.map((r) => [r.name, new Map(r.actions)]));
  const passthrough = new Set(raw.passthrough);
  function route(name, args) {
    const actions = groups.get(name);
    if (actions === undefined) {
      if (passthrough.has(name)) return { name, arguments: args };
      const known = [...raw.tools.map((t) => t.name)].join(', ');
      throw codedError('UNKNOWN_TOOL', `Unknown tool ${JSON.stringify(String(name))}. Tools: ${known}.`);
    }
    const action = typeof args === 'object' && args !== null ? args[discriminator] : undefined;
    const original = typeof action === 'string' ? actions.get(action) : undefined;
    if (original === undefined) {
      const shown = action === undefined ? 'missing' : JSON.stringify(action);
      throw codedError(
        'UNKNOWN_ACTION',
        `Tool "${name}": ${discriminator} ${shown} is not one of its actions. Valid actions: ${[...actions.keys()].join(', ')}.`,
      );
    }
    const { [discriminator]: _dropped, ...rest } = args;
    return { name: original, arguments: rest };
  }
  return { tools: raw.tools, route };
}

// The tool as the model sees it: `descriptions` removed, `description` the chosen text, placed
// right after `name`. Object.fromEntries defines keys, so a `__proto__` key stays data.
function variantOf(tool, compact) {
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool) || !Object.hasOwn(tool, 'descriptions'))
    return tool;
  const d = typeof tool.descriptions === 'object' && tool.descriptions !== null ? tool.descriptions : {};
  const full = typeof d.full === 'string' ? d.full : tool.description;
  const text = compact && typeof d.compact === 'string' ? d.compact : full;
  const entries = [];
  for (const key of Object.keys(tool)) {
    if (key === 'descriptions' || key === 'description') continue;
    entries.push([key, tool[key]]);
    if (key === 'name' && text !== undefined) entries.push(['description', text]);
  }
  return Object.fromEntries(entries);
}

/**
 * The menu with compact descriptions for the tools named in `compact` (or every tool when
 * `compact` is true) and full ones elsewhere, with the token cost of this menu and of the
 * all-full and all-compact variants.
 */
function menuFor(tools, options) {
  const { compact, encoding } = readOptions('menuFor', options, ['compact', 'encoding']);
  if (!Array.isArray(tools)) throw codedError('INVALID_INPUT', 'tools must be an array of MCP tool objects.');
  const names = compact === true ? null : new Set(Array.isArray(compact) ? compact : []);
  const isCompact = (tool) => names === null || names.has(tool?.name);
  const menu = tools.map((t) => variantOf(t, isCompact(t)));
  const cost = (list) => menuCost(list, { encoding }).tokens;
  return {
    tools: menu,
    tokens: cost(menu),
    full: cost(tools.map((t) => variantOf(t, false))),
    compact: cost(tools.map((t) => variantOf(t, true))),
  };
}

const kind = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function compactOptions(options) {
  const { keep, maxTokens, encoding } = readOptions('compactMenu', options, ['keep', 'maxTokens', 'encoding']);
  if (keep !== undefined && !(Array.isArray(keep) && keep.every((k) => typeof k === 'string')))
    throw codedError('INVALID_OPTION', `compactMenu: keep must be an array of tool names, got ${kind(keep)}.`);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 0))
    throw codedError('INVALID_OPTION', `compactMenu: maxTokens must be an integer >= 0, got ${String(maxTokens)}.`);
  return { keep: keep ?? [], maxTokens: maxTokens ?? -1, encoding: tokens.prepareEncoding(encoding) };
}

/**
 * The compact menu: `describe_tools` and `call_tool` with a catalog of every tool, kept tools
 * listed as themselves; `describe(names)` and `route(args)` answer the two meta tools from the
 * tools as given (the rules are in src/menu/compact.rs and docs/menu.md).
 */
function compactMenu(tools, options) {
  const { keep, maxTokens, encoding } = compactOptions(options);
  const raw = wasm.compactMenu(jsonText(tools), encoding, keep, maxTokens);
  // The core has checked that every tool is an object with a string name, each name once.
  const byName = new Map(tools.map((t) => [t.name, t]));
  const names = [...byName.keys()];
  const unknown = (name) =>
    codedError(
      'UNKNOWN_TOOL',
      wasm.unknownToolMessage(String(name), names, `the ${raw.callName} description lists every tool`),
    );
  function describe(list) {
    if (!Array.isArray(list) || !list.every((n) => typeof n === 'string'))
      throw codedError(
        'INVALID_INPUT',
        `${raw.describeName}: names must be an array of tool names, got ${kind(list)}.`,
      );
    return list.map((n) => {
      if (!byName.has(n)) throw unknown(n);
      return byName.get(n);
    });
  }
  function route(args) {
    const name = args !== null && typeof args === 'object' ? args.name : undefined;
    if (typeof name !== 'string')
      throw codedError('INVALID_INPUT', `${raw.callName}: name must be a tool name, got ${kind(name)}.`);
    if (!byName.has(name)) throw unknown(name);
    const given = args.arguments;
    if (given !== undefined && kind(given) !== 'object')
      throw codedError('INVALID_INPUT', `${raw.callName}: arguments must be an object, got ${kind(given)}.`);
    return { name, arguments: given };
  }
  const { meta, ...facts } = raw;
  return { tools: [...meta, ...raw.kept.map((n) => byName.get(n))], ...facts, describe, route };
}

module.exports = { groupTools, menuFor, compactMenu };
