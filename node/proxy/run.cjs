'use strict';
// Running the proxy: an MCP server that runs the real server as its child (or reaches it over
// Streamable HTTP) and forwards every JSON-RPC line both ways, applying the withBudget policy to
// tools/call results (ProxySession routes; this file owns the processes and the streams).
const { spawnServer, stderrReason, noteStdout, exited, terminate, exitStatus } = require('./child.cjs');
const { RPC, hasId, errorResponse, response, frame } = require('../mcp/jsonrpc.cjs');
const { readLines, parseLine, lineData, HOLD_ABOVE } = require('./lines.cjs');
const { settleExit } = require('./upstream-exit.cjs');
const { ProxySession } = require('./session.cjs');
const { statsProbe } = require('./probe.cjs');
const { isModernMessage } = require('./modern.cjs');
const { FAR_ABOVE, farLines } = require('./far-lines.cjs');

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

/**
 * `open(source)` → the server the proxy fronts: the remote endpoint of `--url` (Streamable HTTP),
 * or a child that runs `command` (stdio). Either is `{ send(line), listen(onMessage, far) →
 * ended, exited, reason(), stop(), source }`, a child's also `delivered()`: `send` writes one
 * message (pausing `source` while the server is slow to read); `listen` delivers each of the
 * server's messages as `(line, message)` (a child's unparsed: `message` undefined; its lines
 * past `far.above` read in a worker, ./far-lines.cjs, and delivered once read, which
 * `delivered()` waits for) and resolves when no more will come; `exited`
 * resolves with `{ code, signal }`; `reason()` resolves with why it ended ('' when unknown);
 * `stop` ends it; `source` is the stream to pause when the client is slow. `url`, `headers`
 * and `timeoutMs` are the remote endpoint's (`url` undefined for a child); the SDK a 2025-era
 * session over --url needs is loaded at that session's first message (upstream-http.cjs).
 */
async function upstreamOpener({ url, headers, timeoutMs }, command) {
  if (url !== undefined) {
    const { httpUpstream } = require('./upstream-http.cjs');
    return async () => httpUpstream(url, { headers, timeoutMs });
  }
  // No command: spawnServer's usage error, before the proxy serves anyone.
  if (command.length === 0) await spawnServer(command);
  return async (source) => {
    const child = await spawnServer(command);
    child.stdin.on('error', () => {});
    let reader = null;
    return {
      send: lineWriter(child.stdin, source),
      // A large result is decoded as it arrives (lines.cjs HeldLine), never held as bytes too;
      // with `far`, a line past far.above is read in a worker (./far-lines.cjs).
      listen: (onMessage, far) =>
        new Promise((resolve) => {
          reader = readLines(
            child.stdout,
            (line) => {
              noteStdout(child);
              onMessage(line);
            },
            resolve,
            { holdAbove: HOLD_ABOVE, far },
          );
        }),
      // Lines read in a worker (./far-lines.cjs) that have not reached the session yet.
      delivered: () => reader?.delivered(),
      exited: exited(child),
      // Why it stopped is what it wrote after its latest answer: not its start-up banner.
      reason: () => stderrReason(child, { sinceStdout: true }),
      stop: () => terminate(child),
      source: child.stdout,
    };
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
 * one policy (so one store) and one `recorder` (`{ onCall(record), finish() }`). `create({ send,
 * owner })` → `{ fromClient, fromServer, serverExited, idle }`: the ProxySession's, guarded, with
 * the stats probe's request answered before the session sees it when `statsProbe` is true;
 * `timeoutMs`, how long a request may wait for the server (undefined: the upstream bounds it);
 * `policyOptions`, the policy's options as plain values, and `fieldsModule`, a module whose
 * `fieldsOf(result)` is measured of each result read in a worker (far-lines.cjs) for onCall's
 * record (`fields`), as --html wants.
 * `finish()` once every session is over.
 */
function sessionFactory({
  io,
  policy,
  measure,
  dispatch,
  recorder,
  measureOnly,
  pageTool,
  statsProbe: probing,
  timeoutMs,
  policyOptions = {},
  fieldsModule,
}) {
  const guarded = guardedBy(io);
  // Large server lines are read, parsed and budgeted in worker threads on the policy's options
  // and its store: every session's, so none waits on another's.
  const far = {
    above: FAR_ABOVE,
    ...farLines({ options: policyOptions, store: policy?.store ?? { limits: {} }, fieldsModule }),
  };
  const probe = probing === true ? statsProbe(policy?.store) : () => undefined;
  const settings = {
    policy,
    measure,
    dispatch,
    timeoutMs,
    measureOnly: measureOnly === true,
    pageTool: pageTool === true,
  };
  const create = ({ send, owner }) => guardedSession({ io, recorder, settings, probe, guarded, send, owner });
  return {
    create,
    far,
    finish: () => {
      void far.close();
      recorder.finish();
    },
  };
}

/**
 * One client's ProxySession on `settings` (sessionFactory's), as `create` hands it out: its
 * calls guarded (`guarded`), the stats probe's request (`probe(message)` an answer) answered
 * before the session sees it.
 */
function guardedSession({ io, recorder, settings, probe, guarded, send, owner }) {
  const session = new ProxySession({
    ...settings,
    owner,
    send,
    warn: (text) => io.stderr.write(`modoki-budget proxy: ${text}\n`),
    onCall: recorder.onCall,
  });
  return {
    fromClient: guarded((line, message) => {
      const answer = probe(message);
      if (answer === undefined) session.fromClient(line, message);
      // A 2026-07-28 request's answer says it is complete, as every result of that revision does.
      else
        send.client(
          frame(response(message.id, isModernMessage(message) ? { resultType: 'complete', ...answer } : answer)),
        );
    }),
    fromServer: guarded((line, message) => session.fromServer(line, message)),
    serverExited: (status) => session.serverExited(status),
    idle: () => session.idle(),
  };
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
  const serverDone = upstream.listen(session.fromServer, sessions.far);
  const onSignal = () => stop();
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const status = await upstream.exited;
  // Its last lines answered and the rest failed before the summary.
  await settleExit({ upstream, session, serverDone, status });
  process.off('SIGTERM', onSignal);
  process.off('SIGINT', onSignal);
  if (typeof stdin.destroy === 'function') stdin.destroy();
  sessions.finish();
  await new Promise((resolve) => (io.stdout.writableNeedDrain ? io.stdout.once('drain', resolve) : resolve()));
  return exitStatus(status);
}

module.exports = { REFUSE_WAIT_MS, refuseFirstRequest, upstreamOpener, sessionFactory, run };
