'use strict';
// The flags only `proxy` has: the policy the budget flags make, the menu, the upstream.
const { CliError, coded } = require('./io.cjs');
const { budgetOptions, numberFlag } = require('./flags.cjs');
const { createBudgetPolicy } = require('../mcp/policy.cjs');
const { resolveOptions } = require('../mcp/options.cjs');
const { menuDispatch } = require('../mcp/compact-dispatch.cjs');

/**
 * The budget of the flags, every flag checked here (a bad option is a one-line usage error),
 * before anything is opened or connected: `encoding`, the one the policy counts in (undefined
 * under --measure-only); `policy(store)`, the policy, made once the store it keeps pages in is
 * known (`store`: the --redis one; the process's memory store when undefined), null under
 * --measure-only; and `measure(result)` → `{ charsIn, tokensIn }`, what the server sent, counted
 * exactly as the policy counts it (its larger channel) by a meter with no cap that can fire, so
 * it never elides and never keeps a result; `options`, the policy's options as plain values
 * (what a worker thread makes the same policy from, node/proxy/far-lines.cjs).
 */
function budgetFlags(values, { measureOnly = false, pageTool = false, readResult = true } = {}) {
  const options = {
    ...budgetOptions(values),
    ...(pageTool ? { pageTool } : {}),
    ...(readResult ? {} : { readResult }),
  };
  const { encoding } = coded(() => resolveOptions(options));
  const meter = coded(() => createBudgetPolicy({ maxChars: Number.MAX_SAFE_INTEGER }));
  const measure = (result) => {
    const { info } = meter.apply('measure', result, { hasOutputSchema: false });
    return { charsIn: info.charsIn, tokensIn: info.tokensIn };
  };
  const policy = (store) =>
    measureOnly ? null : coded(() => createBudgetPolicy({ ...options, ...(store ? { store } : {}) }));
  return { encoding: measureOnly ? undefined : encoding, policy, measure, options };
}

// The menu the client is shown (node/mcp/compact-dispatch.cjs, docs/menu.md).

const MENU_FLAGS = {
  menu: { type: 'string' },
  'menu-keep': { type: 'string' },
};

const MENU_HELP = `  --menu full|compact list the server's tools (full, the default), or describe_tools and
                      call_tool with a catalog of every tool (compact: a fraction of the tokens)
  --menu-keep A,B     with --menu compact, tools still listed as themselves`;

/** The tool dispatch for --menu/--menu-keep (undefined for the full menu); bad values are usage errors. */
function menuFlags(values, encoding) {
  if (values.menu === 'compact' && values['measure-only'] === true)
    throw new CliError('--menu compact changes what the client is sent; it cannot go with --measure-only');
  const keep = values['menu-keep']
    ?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return coded(() => menuDispatch(values.menu, keep, encoding, { menu: '--menu', keep: '--menu-keep' }));
}

// ---- the upstream: a child's command line, or a remote endpoint (--url) ----

const UPSTREAM_FLAGS = {
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  'upstream-timeout': { type: 'string' },
};

const UPSTREAM_HELP = `  --url URL           reach the MCP server at this http(s) endpoint over Streamable HTTP instead
                      of running a command (2025-era sessions need either MCP SDK line)
  --header "N: V"     send this HTTP header to --url on every request (repeatable), e.g.
                      --header "Authorization: Bearer $TOKEN"
  --upstream-timeout MS
                      answer a request the server (the command, or --url) has not answered in MS
                      milliseconds with a JSON-RPC error and cancel it there (default 60,000, the
                      SDK client's own; progress on the request starts the wait again)`;

/**
 * `{ url, headers, timeoutMs }` of the upstream flags; `url` undefined for a child's command.
 * --url with a command, or --header without --url, is a usage error.
 */
function upstreamFlags(values, command) {
  const timeoutMs = numberFlag(values['upstream-timeout'], 'upstream-timeout', { integer: true, min: 1 });
  if (values.url === undefined) {
    if (values.header !== undefined) throw new CliError('--header applies to --url only');
    return { url: undefined, timeoutMs };
  }
  if (command.length > 0) throw new CliError('give the server either as --url or as a command after --, not both');
  const { parseEndpoint, parseHeaders } = require('../proxy/upstream-http.cjs');
  return {
    url: parseEndpoint(values.url).href,
    headers: parseHeaders(values.header),
    timeoutMs,
  };
}

module.exports = {
  budgetFlags,
  MENU_FLAGS,
  MENU_HELP,
  menuFlags,
  UPSTREAM_FLAGS,
  UPSTREAM_HELP,
  upstreamFlags,
};
