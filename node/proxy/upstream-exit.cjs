'use strict';
// What a proxy session does once its server (the upstream) has exited: the stdio proxy's, each
// --listen session's and each 2026-07-28 lane's end, written once.

/**
 * How long the lines the server wrote before it exited may take to be read after its exit is
 * seen: they are answers still, and a pipe drains within this.
 */
const LAST_LINES_MS = 200;

/**
 * After `upstream` exited with `status`: its last lines read (`serverDone`, what its listen
 * resolved with, for at most LAST_LINES_MS; then every line read in a worker delivered), the
 * session told why it ended (failing what is still unanswered), and resolved once the answers
 * still being worked out (a page read from a shared store) are out.
 */
async function settleExit({ upstream, session, serverDone, status }) {
  await Promise.race([serverDone, new Promise((r) => setTimeout(r, LAST_LINES_MS).unref())]);
  await upstream.delivered?.();
  session.serverExited({ ...status, reason: await upstream.reason() });
  await session.idle();
}

module.exports = { LAST_LINES_MS, settleExit };
