'use strict';
// `modoki-budget proxy [options] <command> [args…]`: the proxy's flags checked, then the
// proxy (node/proxy/run.cjs) started on them; what it measured goes to stderr, --log and --html.
const { writeFileSync } = require('node:fs');
const { CliError, EXIT } = require('../io.cjs');
const { BUDGET_FLAGS, BUDGET_HELP, numberFlag } = require('../flags.cjs');
const {
  budgetFlags,
  MENU_FLAGS,
  MENU_HELP,
  menuFlags,
  upstreamFlags,
  UPSTREAM_FLAGS,
  UPSTREAM_HELP,
} = require('../proxy-flags.cjs');
const { serverCommandArgs } = require('../server-command.cjs');
const { ProxyError } = require('../../proxy/errors.cjs');
const { STATS_METHOD } = require('../../proxy/probe.cjs');
const { SessionStats } = require('../../proxy/stats.cjs');
const { refuseFirstRequest, upstreamOpener, sessionFactory, run } = require('../../proxy/run.cjs');
const { REQUEST_TIMEOUT_MS } = require('../../proxy/session.cjs');

const HELP = `Usage: modoki-budget proxy [options] [--] <command> [args…]
       modoki-budget proxy [options] --server "<command> [args…]"
       modoki-budget proxy [options] --url <http(s) endpoint> [--header "Name: value"]…
       modoki-budget proxy --listen <port> [options] (<command> | --url <endpoint>)

The command starts at the first word that is not one of the options below (as with npx and
env); a -- before it is optional, and every word after it is the server's.

Runs the MCP server <command> as a child (or reaches the remote one at --url over Streamable
HTTP) and serves its tools over stdio (over Streamable HTTP with --listen) with every
tools/call result kept within the response budget (the withBudget policy): compact JSON, the
cap on each channel, an elision envelope past it with the full result served as
budget://result/… pages. Everything else passes through unchanged.

${BUDGET_HELP}
${MENU_HELP}
${UPSTREAM_HELP}
  --server "CMD ARGS" the server command as one argument
  --listen PORT       serve clients over Streamable HTTP at http://127.0.0.1:PORT/mcp (0: a
                      free port; the address goes to stderr) instead of stdio, until SIGTERM;
                      each 2025-era client session gets its own server (needs either MCP SDK
                      line), 2026-07-28 requests share one per Authorization
  --max-sessions N    with --listen, serve at most N sessions at once (default 16: each runs
                      its own server); past them the longest idle one is ended, and when every
                      one is busy the new one is answered 503
  --idle-timeout S    with --listen, end a session idle for S seconds (default 300): no request
                      in flight and no stream open
  --allow-origin O    with --listen, let pages of origin O (https://app.example.com) reach the
                      proxy (repeatable); pages on this machine always may, others never
  --redis URL         keep the pages in the Redis at URL (redis:// or rediss://) instead of the
                      proxy's memory, so every proxy process on that Redis reads them (needs
                      ioredis or redis installed)
  --page-tool         also list the read_result_page tool (read_result answers it anyway;
                      the client presets list it)
  --no-read-result    do not list read_result, the tool that searches a kept result (match,
                      path, lines, page) beside the server's own
  --measure-only      forward every byte unchanged; only measure and log
  --log FILE          append one JSON line per call (tool, chars and tokens received and
                      forwarded, elided, milliseconds) and per page read (tool, result id,
                      page, chars, tokens, milliseconds)
  --html FILE         write the session's page (tokens per call and per tool, the costliest
                      responses' treemap) when the proxy exits
  --stats-probe       answer ${STATS_METHOD} requests with the proxy's memory and its store's
                      counts (the heap after a full collection when node runs with --expose-gc),
                      for watching a long session
  -h, --help          this help

On exit a summary goes to stderr. The proxy exits with the server's exit code; a command that
cannot start exits 2.`;

async function proxyCommand(argv, io) {
  try {
    return await startProxy(argv, io);
  } catch (error) {
    if (error instanceof CliError || error instanceof ProxyError) await refuseFirstRequest(io, error.message);
    throw error;
  }
}

/** The proxy's flags: the budget's, the menu's, the upstream's, and its own. */
const PROXY_FLAGS = {
  ...BUDGET_FLAGS,
  ...MENU_FLAGS,
  ...UPSTREAM_FLAGS,
  'page-tool': { type: 'boolean' },
  'no-read-result': { type: 'boolean' },
  'measure-only': { type: 'boolean' },
  log: { type: 'string' },
  html: { type: 'string' },
  'stats-probe': { type: 'boolean' },
  listen: { type: 'string' },
  'max-sessions': { type: 'string' },
  'idle-timeout': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  redis: { type: 'string' },
};

async function startProxy(argv, io) {
  const { values, command } = serverCommandArgs(argv, PROXY_FLAGS, 'proxy');
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  // Every flag is checked, and the upstream's opener made, before a Redis connection is tried.
  const checked = checkFlags(values, command);
  const open = await upstreamOpener(checked.remote, command);
  const redis = values.redis === undefined ? null : await require('../../proxy/redis.cjs').connectRedis(values.redis);
  try {
    const policy = checked.budget.policy(redis?.store);
    const sessions = () => proxySessions({ values, io, policy, ...checked });
    if (checked.listen !== undefined) {
      await require('../../proxy/listen.cjs').listenProxy({
        ...checked.listen,
        open,
        sessions: sessions(),
        io,
        // Each session of a command starts a process; over --url it opens a connection.
        limitStarts: checked.remote.url === undefined,
      });
      return EXIT.ok;
    }
    const upstream = await open(io.stdin ?? process.stdin);
    return await run(upstream, io, sessions());
  } finally {
    await redis?.close();
  }
}

/**
 * Every flag of `values` checked, in the order their errors are told: `{ budget, dispatch,
 * listen, remote }` (budgetFlags, menuFlags, listenFlags, upstreamFlags), or a CliError.
 */
function checkFlags(values, command) {
  const budget = budgetFlags(values, {
    measureOnly: values['measure-only'] === true,
    pageTool: values['page-tool'] === true,
    readResult: values['no-read-result'] !== true,
  });
  const dispatch = menuFlags(values, budget.encoding);
  if (values.log !== undefined) {
    try {
      require('node:fs').appendFileSync(values.log, '');
    } catch (error) {
      throw new CliError(`cannot write the log ${values.log}: ${error.code ?? error.message}`);
    }
  }
  const listen = listenFlags(values);
  if (values.redis !== undefined && values['measure-only'] === true)
    throw new CliError('--redis keeps pages; it cannot go with --measure-only');
  return { budget, dispatch, listen, remote: upstreamFlags(values, command) };
}

/**
 * `--listen` and the flags that go with it only: `{ port, maxSessions, idleTimeoutS,
 * allowOrigins }` for listenProxy, or undefined without --listen.
 */
function listenFlags(values) {
  const port =
    values.listen === undefined
      ? undefined
      : numberFlag(values.listen, 'listen', { integer: true, min: 0, max: 65535 });
  for (const flag of ['max-sessions', 'idle-timeout', 'allow-origin'])
    if (port === undefined && values[flag] !== undefined) throw new CliError(`--${flag} applies to --listen only`);
  const maxSessions = numberFlag(values['max-sessions'], 'max-sessions', { integer: true, min: 1 });
  const idleTimeoutS = numberFlag(values['idle-timeout'], 'idle-timeout', { integer: true, min: 1 });
  const allowOrigins = originFlags(values['allow-origin']);
  return port === undefined ? undefined : { port, maxSessions, idleTimeoutS, allowOrigins };
}

/** The proxy sessions' factory (run.cjs sessionFactory) on the checked flags and `policy`. */
function proxySessions({ values, io, policy, budget, dispatch, remote }) {
  return sessionFactory({
    io,
    policy,
    policyOptions: budget.options,
    // What --html draws of a result, measured in the worker for a result read there.
    fieldsModule: values.html === undefined ? undefined : require.resolve('../proxy-page.cjs'),
    measure: budget.measure,
    dispatch,
    recorder: sessionRecorder(values, io),
    measureOnly: values['measure-only'] === true,
    // --page-tool, or a client preset's default (the policy resolved both).
    pageTool: policy?.options.pageTool === true,
    statsProbe: values['stats-probe'] === true,
    // --url bounds each request in its own upstream; a child's are bounded here.
    timeoutMs: remote.url === undefined ? (remote.timeoutMs ?? REQUEST_TIMEOUT_MS) : undefined,
  });
}

/** The origins of --allow-origin; one that is not an origin is a usage error. */
function originFlags(values) {
  try {
    return require('../../proxy/request-checks.cjs').allowedOrigins(values);
  } catch (error) {
    throw new CliError(error.message);
  }
}

/**
 * What the proxy measured, for every session of it: `onCall(record)` is every ProxySession's
 * observer; `finish()` writes the summary (and the --html page).
 */
function sessionRecorder(values, io) {
  const started = performance.now();
  // Every record is kept only for the page --html draws: a long session otherwise stays flat.
  const stats = new SessionStats({ log: values.log, keepRecords: values.html !== undefined });
  const keepFields = values.html !== undefined ? require('../proxy-page.cjs').fieldsOf : undefined;
  return {
    onCall(info) {
      if (info.kind === 'page') return stats.page(info, performance.now() - info.ms - started);
      const call = stats.add(info, info.started - started);
      // A result read in a worker (node/proxy/far-lines.cjs) comes with its fields measured there.
      if (keepFields && stats.wouldKeep(call.tokensIn)) stats.keep(call, info.fields ?? keepFields(info.result));
    },
    finish() {
      io.stderr.write(stats.summary());
      if (values.html !== undefined)
        writeFileSync(values.html, require('../proxy-page.cjs').sessionPage(stats.pageData()));
    },
  };
}

module.exports = { proxyCommand, HELP };
