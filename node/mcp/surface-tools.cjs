'use strict';
// The tools as the server lists them, learned from the tools/list answers an adapter sees (and
// the ones it asks for itself): what the budget layer needs to know of a tool at call time —
// its outputSchema (whether an over-cap result must become isError) and its inputSchema (what a
// preview may name to narrow the call).

const { isObject } = require('./jsonrpc.cjs');

/** tools/list pages followed at most: a server whose cursor never ends is a server bug. */
const MAX_LIST_PAGES = 1000;

/**
 * Every tool a server lists, following `nextCursor` to the last page: `listPage(cursor)`
 * resolves with one tools/list result (cursor undefined for the first). Throws (`fail(text)`,
 * an Error by default) for a page without a tools array or a cursor that never ends.
 */
async function listEveryTool(listPage, fail = (text) => new Error(text)) {
  const tools = [];
  let cursor;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await listPage(cursor);
    if (!isObject(result) || !Array.isArray(result.tools))
      throw fail('the server answered tools/list without a tools array');
    tools.push(...result.tools);
    if (typeof result.nextCursor !== 'string') return tools;
    cursor = result.nextCursor;
  }
  throw fail(`tools/list still had a nextCursor after ${MAX_LIST_PAGES} pages`);
}

/**
 * An index of listed tools by name. `learn(result)` takes one tools/list page; a tool listed
 * again replaces its entry (a server may change a tool), and a tool no longer listed keeps its
 * last entry, which only matters if it is still called.
 */
function createToolIndex() {
  const byName = new Map();
  return {
    /** Records every tool of one tools/list result page. */
    learn(result) {
      if (!isObject(result) || !Array.isArray(result.tools)) return;
      for (const tool of result.tools) if (isObject(tool) && typeof tool.name === 'string') byName.set(tool.name, tool);
    },
    /** The tool as last listed, or undefined when it never was. */
    get: (name) => byName.get(name),
    has: (name) => byName.has(name),
    get size() {
      return byName.size;
    },
  };
}

module.exports = { MAX_LIST_PAGES, createToolIndex, listEveryTool };
