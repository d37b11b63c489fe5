'use strict';
// `modoki-budget proxy [options] -- <command> [args…]`: a stdio MCP server that runs the real
// server as its child and forwards every JSON-RPC line both ways, applying the withBudget policy
// to tools/call results (ProxySession routes; this file owns the processes and the streams).
const { writeFileSync } = require('node:fs');
const { CliError, EXIT, numberFlag } = require('./io.cjs');
const { serverCommandArgs, spawnServer, stderrReason, exited, terminate, exitStatus } = require('./child.cjs');
const { RPC, hasId, errorResponse, response, frame } = require('../mcp/jsonrpc.cjs');
const { readLines, parseLine, lineData, HOLD_ABOVE } = require('./lines.cjs');
const { ProxySession } = require('./proxy-session.cjs');
const { SessionStats } = require('./proxy-stats.cjs');
const { STATS_METHOD, statsProbe } = require('./proxy-probe.cjs');
const {
  budgetFlags,
  BUDGET_FLAGS,
  BUDGET_HELP,
  MENU_FLAGS,
  MENU_HELP,
  menuFlags,
  upstreamFlags,
  UPSTREAM_FLAGS,
  UPSTREAM_HELP,
} = require('./proxy-options.cjs');

const HELP = `Usage: modoki-budget proxy [options] -- <command> [args…]
       modoki-budget proxy [options] --server "<command> [args…]"
       modoki-budget proxy [options] --url <http(s) endpoint> [--header "Name: value"]…
       modoki-budget proxy --listen <port> [options] (-- <command> | --url <endpoint>)

Runs the MCP server <command> as a child (or reaches the remote one at --url over Streamable
HTTP) and serves its tools over stdio (over Streamable HTTP with --listen) with every
tools/call result kept within the response budget (the withBudget policy): compact JSON, the
cap on each channel, an elision envelope past it with the full result served as
budget://result/… pages. Everything else passes through unchanged.

${BUDGET_HELP}
${MENU_HELP}
${UPSTREAM_HELP}
  --server "CMD ARGS" the server command as one argument (for clients that drop --)
  --listen PORT       serve clients over Streamable HTTP at http://127.0.0.1:PORT/mcp (0: a
                      free port; the address goes to stderr) instead of stdio, until SIGTERM;
                      each client session gets its own server (needs @modelcontextprotocol/sdk)
  --max-sessions N    with --listen, serve at most N sessions at once (default 16: each runs
                      its own server); an initialize past them is answered 503
  --redis URL         keep the pages in the Redis at URL (redis:// or rediss://) instead of the
                      proxy's memory, so every proxy process on that Redis reads them (needs
                      ioredis or redis installed)
  --page-tool         also offer the read_result_page tool (for clients without resources)
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

/** The lines the proxy writes to one side, with backpressure on the side that feeds it. */
function lineWriter(stream, source) {
  return (data) => {
    // One writev for the line and its newline, flushed now: the accounting after a send must
    // not delay the bytes.
    stream.cork();
    stream.write(lineData(data));
    const ok = stream.write('\n');
    stream.uncork();
    if (!ok && source && !source.isPaused()) {
      source.pause();
      stream.once('drain', () => source.resume());
    }
  };
}

/** How long a proxy that cannot start waits for the client's first request to answer it. */
const REFUSE_WAIT_MS = 5000;

/**
 * A client that started the proxy waits for its answer to initialize: a proxy that cannot
 * start (a usage error, a command that does not run) sends the reason as that answer, so the
 * client shows it instead of "Connection closed". Resolves once answered, at the end of stdin,
 * or after REFUSE_WAIT_MS; a terminal gets nothing (the message goes to stderr as always).
 */
function refuseFirstRequest(io, message) {
  const stdin = io.stdin ?? process.stdin;
  if (stdin.isTTY) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stdin.pause();
      resolve();
    };
    const timer = setTimeout(done, REFUSE_WAIT_MS);
    readLines(
      stdin,
      (line) => {
        const request = parseLine(line);
        if (!hasId(request) || typeof request.method !== 'string') return;
        const error = { code: RPC.INTERNAL_ERROR, message: `modoki-budget proxy: ${message}` };
        io.stdout.write(`${frame(errorResponse(request.id, error))}\n`, done);
      },
      done,
    );
  });
}

async function proxyCommand(argv, io) {
  try {
    return await startProxy(argv, io);
  } catch (error) {
    if (error instanceof CliError) await refuseFirstRequest(io, error.message);
    throw error;
  }
}

async function startProxy(argv, io) {
  const flags = {
    ...BUDGET_FLAGS,
    ...MENU_FLAGS,
    ...UPSTREAM_FLAGS,
    'page-tool': { type: 'boolean' },
    'measure-only': { type: 'boolean' },
    log: { type: 'string' },
    html: { type: 'string' },
    'stats-probe': { type: 'boolean' },
    listen: { type: 'string' },
    'max-sessions': { type: 'string' },
    redis: { type: 'string' },
  };
  const { values, command } = serverCommandArgs(argv, flags, 'proxy');
  if (values.help) {
    io.stdout.write(`${HELP}\n`);
    return EXIT.ok;
  }
  // Every flag is checked, and the upstream's opener made, before a Redis connection is tried.
  const budget = budgetFlags(values, {
    measureOnly: values['measure-only'] === true,
    pageTool: values['page-tool'] === true,
  });
  const dispatch = menuFlags(values, budget.encoding);
  if (values.log !== undefined) {
    try {
      require('node:fs').appendFileSync(values.log, '');
    } catch (error) {
      throw new CliError(`cannot write the log ${values.log}: ${error.code ?? error.message}`);
    }
  }
  const port =
    values.listen === undefined
      ? undefined
      : numberFlag(values.listen, 'listen', { integer: true, min: 0, max: 65535 });
  if (port === undefined && values['max-sessions'] !== undefined)
    throw new CliError('--max-sessions applies to --listen only');
  const maxSessions = numberFlag(values['max-sessions'], 'max-sessions', { integer: true, min: 1 });
  if (values.redis !== undefined && values['measure-only'] === true)
    throw new CliError('--redis keeps pages; it cannot go with --measure-only');
  const open = await upstreamOpener(values, command);
  const redis = values.redis === undefined ? null : await require('./proxy-redis.cjs').connectRedis(values.redis);
  try {
    const policy = budget.policy(redis?.store);
    const sessions = () => sessionFactory(values, io, { policy, measure: budget.measure, dispatch });
    if (port !== undefined)
      return await require('./proxy-listen.cjs').listenProxy({ port, open, sessions: sessions(), io, maxSessions });
    const upstream = await open(io.stdin ?? process.stdin);
    return await run(upstream, io, sessions());
  } finally {
    await redis?.close();
  }
}

/**
 * `open(source)` → the server the proxy fronts: the remote endpoint of `--url` (Streamable HTTP),
 * or a child that runs `command` (stdio). Either is `{ send(line), listen(onMessage) → ended,
 * exited, reason(), stop(), source }`: `send` writes one message (pausing `source` while the
 * server is slow to read); `listen` delivers each of the server's messages as `(line, message)`
 * (a child's unparsed: `message` undefined) and resolves when no more will come; `exited`
 * resolves with `{ code, signal }`; `reason()` resolves with why it ended ('' when unknown);
 * `stop` ends it; `source` is the stream to pause when the client is slow. The flags are
 * checked here, before anything is opened.
 */
async function upstreamOpener(values, command) {
  const { url, headers, timeoutMs } = upstreamFlags(values, command);
  if (url !== undefined) {
    const { httpUpstream, loadTransport } = require('./upstream-http.cjs');
    const Transport = loadTransport();
    return async () => httpUpstream(url, { headers, timeoutMs, Transport });
  }
  // No command: spawnServer's usage error, before the proxy serves anyone.
  if (command.length === 0) await spawnServer(command);
  return async (source) => {
    const child = await spawnServer(command);
    child.stdin.on('error', () => {});
    return {
      send: lineWriter(child.stdin, source),
      // A large result is decoded as it arrives (lines.cjs HeldLine), never held as bytes too.
      listen: (onMessage) =>
        new Promise((resolve) =>
          readLines(child.stdout, (line) => onMessage(line), resolve, { holdAbove: HOLD_ABOVE }),
        ),
      exited: exited(child),
      reason: () => stderrReason(child),
      stop: () => terminate(child),
      source: child.stdout,
    };
  };
}

/**
 * What the proxy measured, for every session of it: `onCall(record)` is every ProxySession's
 * observer; `finish()` writes the summary (and the --html page).
 */
function sessionRecorder(values, io) {
  const started = performance.now();
  // Every record is kept only for the page --html draws: a long session otherwise stays flat.
  const stats = new SessionStats({ log: values.log, keepRecords: values.html !== undefined });
  const keepFields = values.html !== undefined ? require('./proxy-page.cjs').fieldsOf : undefined;
  return {
    onCall(info) {
      if (info.kind === 'page') return stats.page(info, performance.now() - info.ms - started);
      const call = stats.add(info, info.started - started);
      if (keepFields && stats.wouldKeep(call.tokensIn)) stats.keep(call, keepFields(info.result));
    },
    finish() {
      io.stderr.write(stats.summary());
      if (values.html !== undefined)
        writeFileSync(values.html, require('./proxy-page.cjs').sessionPage(stats.pageData()));
    },
  };
}

/** `handle(line, message)` made safe: a bug in handling one message costs that message, never the session. */
const guardedBy = (io) => (handle) => (line, message) => {
  try {
    handle(line, message === undefined ? parseLine(line) : message);
  } catch (error) {
    io.stderr.write(
      `modoki-budget proxy: internal error on a ${line.length}-byte message: ${error && error.message ? error.message : String(error)} (please report this)\n`,
    );
  }
};

/**
 * The proxy's sessions, one per client (stdio has one; --listen one per HTTP session), all on
 * one policy (so one store) and one recorder. `create({ send, owner })` → `{ fromClient,
 * fromServer, serverExited, idle }`: the ProxySession's, guarded, with the --stats-probe request
 * answered before the session sees it. `finish()` once every session is over.
 */
function sessionFactory(values, io, { policy, measure, dispatch }) {
  const recorder = sessionRecorder(values, io);
  const guarded = guardedBy(io);
  const probe = values['stats-probe'] === true ? statsProbe(policy?.store) : () => undefined;
  const create = ({ send, owner }) => {
    const session = new ProxySession({
      policy,
      measureOnly: values['measure-only'] === true,
      pageTool: values['page-tool'] === true,
      measure,
      dispatch,
      owner,
      send,
      warn: (text) => io.stderr.write(`modoki-budget proxy: ${text}\n`),
      onCall: recorder.onCall,
    });
    return {
      fromClient: guarded((line, message) => {
        const answer = probe(message);
        if (answer === undefined) session.fromClient(line, message);
        else send.client(frame(response(message.id, answer)));
      }),
      fromServer: guarded((line, message) => session.fromServer(line, message)),
      serverExited: (status) => session.serverExited(status),
      idle: () => session.idle(),
    };
  };
  return { create, finish: recorder.finish };
}

/** Wires the server and the stdio client together; resolves with the exit code once it is over. */
async function run(upstream, io, sessions) {
  const stdin = io.stdin ?? process.stdin;
  const session = sessions.create({ send: { client: lineWriter(io.stdout, upstream.source), server: upstream.send } });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    upstream.stop();
  };
  readLines(stdin, session.fromClient, stop);
  stdin.on('error', stop);
  io.stdout.on?.('error', stop);
  const serverDone = upstream.listen(session.fromServer);
  const onSignal = () => stop();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const status = await upstream.exited;
  // Lines the server wrote before it exited are still answers: read them before failing the rest.
  await Promise.race([serverDone, new Promise((r) => setTimeout(r, 200).unref())]);
  session.serverExited({ ...status, reason: await upstream.reason() });
  // Answers still being worked out (a page read from a shared store) go out before the summary.
  await session.idle();
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
  if (typeof stdin.destroy === 'function') stdin.destroy();
  sessions.finish();
  await new Promise((resolve) => (io.stdout.writableNeedDrain ? io.stdout.once('drain', resolve) : resolve()));
  return exitStatus(status);
}

module.exports = { proxyCommand, HELP };
