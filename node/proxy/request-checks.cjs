'use strict';
// What a request to `proxy --listen` must be before anything is read, served or started for it:
// its Host (DNS rebinding), its Origin (a page on another site, through the user's browser),
// its method, Content-Type, Accept and declared size — the checks the SDK transport makes only
// once a session exists, and the Origin check the MCP transport spec asks servers to make. A
// browser may POST `text/plain` cross-site without a preflight, so none of this may wait until
// a session slot is taken and a server process runs. Also the rate at which one client may
// start sessions.

const { parseMessage } = require('../mcp/exact-numbers.cjs');

/** The largest message body read: the SDK transport's own limit (4 MiB). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Sessions one client may start at once, then one every SESSION_REFILL_MS: 16 (the default
 * --max-sessions), and 100 ms. Each session starts a server process, and past --max-sessions a
 * new one ends the longest idle one, so a client that initializes in a loop would start and
 * stop processes as fast as it can send; it is slowed to ten a second, which a test runner
 * opening a session per scenario stays within.
 */
const SESSION_BURST = 16;
const SESSION_REFILL_MS = 100;

/** Host names that are this machine: an Origin on one of them is a local page or app. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A refusal: the HTTP status and the JSON-RPC error's message (code -32000, as the SDK's). */
const refusal = (status, message, headers) => ({ status, message, ...(headers ? { headers } : {}) });

/**
 * The origin `raw` names (`scheme://host[:port]`, lowercase, no path), or undefined when it is
 * not an http(s) origin. `null` (an opaque origin: a sandboxed frame, a file) is none.
 */
function originOf(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.origin;
}

/** `--allow-origin` values as origins; a value that is not one is an error naming it. */
function allowedOrigins(values = []) {
  return values.map((value) => {
    const origin = originOf(value);
    if (origin === undefined || (value !== origin && value !== `${origin}/`))
      throw new TypeError(
        `--allow-origin expects an origin such as https://app.example.com, got ${JSON.stringify(value)}`,
      );
    return origin;
  });
}

/** Whether an `Origin` header may reach the proxy: none, a loopback one, or one `allowed`. */
function originAllowed(header, allowed) {
  if (header === undefined) return true;
  const origin = originOf(header);
  if (origin === undefined) return false;
  return LOOPBACK_HOSTS.has(new URL(origin).hostname) || allowed.includes(origin);
}

/** Whether a Content-Type header is `application/json` (parameters such as charset allowed). */
function isJson(header) {
  if (typeof header !== 'string') return false;
  return header.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Whether an Accept header lists `type` (a list of media ranges, parameters ignored). */
function accepts(header, type) {
  if (typeof header !== 'string') return false;
  return header.split(',').some((range) => range.split(';')[0].trim().toLowerCase() === type);
}

/**
 * Why `req` must be refused before it reaches a session, or undefined when it may go on:
 * `{ status, message, headers? }`. `port` is the one listened on; `allowOrigins` the origins
 * `--allow-origin` named. Reads only the request line and headers.
 */
function checkRequest(req, { port, allowOrigins = [] }) {
  const host = req.headers.host;
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return refusal(403, `Invalid Host header: ${host}`);
  const origin = req.headers.origin;
  if (!originAllowed(origin, allowOrigins))
    return refusal(
      403,
      `Invalid Origin header: ${origin}: only pages on this machine (localhost, 127.0.0.1) and the origins --allow-origin names may reach this proxy`,
    );
  if (req.method === 'GET') {
    if (!accepts(req.headers.accept, 'text/event-stream'))
      return refusal(406, 'Not Acceptable: Client must accept text/event-stream');
    return undefined;
  }
  if (req.method === 'DELETE') return undefined;
  if (req.method !== 'POST') return refusal(405, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
  if (!isJson(req.headers['content-type']))
    return refusal(415, 'Unsupported Media Type: Content-Type must be application/json');
  if (!accepts(req.headers.accept, 'application/json') || !accepts(req.headers.accept, 'text/event-stream'))
    return refusal(406, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) return tooLarge(declared);
  return undefined;
}

/** The refusal of a body past MAX_BODY_BYTES (`bytes`: its size, when declared). */
const tooLarge = (bytes) =>
  refusal(
    413,
    `Payload Too Large: ${bytes === undefined ? 'the body is' : `the body of ${bytes} bytes is`} over the ${MAX_BODY_BYTES} bytes (4 MiB) a message may have`,
  );

/**
 * The body of a POST: `{ body }`, the parsed JSON (undefined when it is not JSON; a number
 * `JSON.parse` would change held as its text, ../mcp/exact-numbers.cjs), or
 * `{ refused }` when it passes MAX_BODY_BYTES: nothing more is kept (the rest is read and
 * dropped, so the refusal reaches a client that is still sending).
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      req.resume();
      resolve({ refused: tooLarge() });
    };
    const onEnd = () => {
      try {
        resolve({ body: parseMessage(Buffer.concat(chunks)) });
      } catch {
        resolve({ body: undefined });
      }
    };
    req.on('data', onData).on('end', onEnd).once('error', reject);
  });
}

/**
 * The rate at which each client may start sessions: `take(req)` is undefined when `req` may
 * start one (and counts it), else the 429 refusal. A client is its address, Origin and
 * User-Agent. `now` is the clock (milliseconds).
 */
function sessionRate({ burst = SESSION_BURST, refillMs = SESSION_REFILL_MS, now = () => performance.now() } = {}) {
  /** client → { tokens, at }; a client whose bucket is full again is forgotten. */
  const buckets = new Map();
  const keyOf = (req) =>
    JSON.stringify([req.socket?.remoteAddress ?? '', req.headers.origin ?? '', req.headers['user-agent'] ?? '']);
  return {
    take(req) {
      const key = keyOf(req);
      const t = now();
      for (const [k, b] of buckets) if (b.tokens + (t - b.at) / refillMs >= burst) buckets.delete(k);
      const bucket = buckets.get(key) ?? { tokens: burst, at: t };
      const tokens = Math.min(burst, bucket.tokens + (t - bucket.at) / refillMs);
      if (tokens < 1) {
        const wait = Math.ceil((1 - tokens) * refillMs);
        return refusal(
          429,
          `Too Many Requests: this client started ${burst} sessions in quick succession; one more may start every ${refillMs} ms (try again in ${wait} ms)`,
          { 'retry-after': String(Math.ceil(wait / 1000)) },
        );
      }
      buckets.set(key, { tokens: tokens - 1, at: t });
      return undefined;
    },
  };
}

module.exports = {
  MAX_BODY_BYTES,
  SESSION_BURST,
  SESSION_REFILL_MS,
  allowedOrigins,
  checkRequest,
  readBody,
  sessionRate,
};
