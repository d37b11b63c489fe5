'use strict';
// The compact menu as a tool dispatch (docs/mcp.md, "The tool dispatch"): tools/list answers
// compactMenu's two meta tools (and the kept tools) for every tool the server lists, and
// tools/call of the meta tools is answered here (describe) or routed to the server tool
// (call), so a routed call's result goes through the same budget policy as a direct call.

const { codedError } = require('../internal/errors.cjs');
const { then } = require('./maybe-async.cjs');

/** The menu options withBudget and the proxy take: `menu` is one of these. */
const MENUS = Object.freeze(['full', 'compact']);

/** An isError CallToolResult: the model reads why and what exists, instead of a protocol error. */
const refusal = (error) => ({ result: { content: [{ type: 'text', text: error.message }], isError: true } });

/**
 * The dispatch for a compact menu. `keep`: tools listed as themselves; `encoding` for the
 * catalog's token counts. The menu is rebuilt whenever the server's tool list is listed again
 * (a client re-lists after `notifications/tools/list_changed`, which passes through), and once
 * more from the server's current list when a call names a tool the menu does not know.
 */
function compactDispatch({ keep, encoding } = {}) {
  // Required here, not at the top: withBudget loads this file, and a full menu never needs it.
  const { compactMenu } = require('../menu-rewrite.cjs');
  let menu = null;
  const build = (tools) => {
    menu = compactMenu(tools, { keep, encoding });
    return menu;
  };
  const known = (m, name) =>
    m.describeName === name || m.callName === name || m.catalog.includes(name) || m.kept.includes(name);
  function answer(m, name, args) {
    // A server tool called by its own name (kept, or read from the catalog): called as it is.
    if (name !== m.describeName && name !== m.callName && known(m, name)) return undefined;
    try {
      if (name === m.describeName) {
        const names = args !== null && typeof args === 'object' ? args.names : undefined;
        return { result: { content: [{ type: 'text', text: JSON.stringify(m.describe(names)) }] } };
      }
      // call_tool's arguments; any other name is unknown, and route says what exists.
      return m.route(name === m.callName ? args : { name });
    } catch (error) {
      return refusal(error);
    }
  }
  return {
    listTools: (tools) => build(tools).tools,
    routeCall(name, args, serverTools) {
      if (menu !== null && known(menu, name)) return answer(menu, name, args);
      return then(serverTools(), (tools) => answer(build(tools), name, args));
    },
  };
}

/**
 * The dispatch for withBudget's `menu`/`menuKeep` or the proxy's --menu/--menu-keep: undefined
 * for the full menu (the default), else the compact dispatch. Errors: INVALID_OPTION naming
 * the option (`what` is how the caller spells it).
 */
function menuDispatch(menu, keep, encoding, what = { menu: 'menu', keep: 'menuKeep' }) {
  if (menu !== undefined && !MENUS.includes(menu))
    throw codedError(
      'INVALID_OPTION',
      `${what.menu} must be ${MENUS.map((m) => `'${m}'`).join(' or ')}, got ${JSON.stringify(menu) ?? typeof menu}.`,
      TypeError,
    );
  if (keep !== undefined && !(Array.isArray(keep) && keep.every((k) => typeof k === 'string')))
    throw codedError('INVALID_OPTION', `${what.keep} must be an array of tool names.`, TypeError);
  if (menu !== 'compact') {
    if (keep !== undefined && keep.length > 0)
      throw codedError('INVALID_OPTION', `${what.keep} needs ${what.menu} 'compact'.`, TypeError);
    return undefined;
  }
  return compactDispatch({ keep, encoding });
}

module.exports = { MENUS, compactDispatch, menuDispatch };
