// `proxy --listen` under load, as a network service: what other sessions see while one session's
// server answers a 200 MB single-line result, and what the proxy's memory does while a client
// never reads what it is sent.
//
// - latency: two sessions ping the proxy every 20 ms (a POST each, answered on its SSE stream,
//   through a keep-alive agent), first alone, then while a third session's tools/call returns
//   one 200 MB line (a text, over any cap). The percentiles of the pings sent while that call
//   was in flight are the figure (target: p99 <= 50 ms), beside the alone ones and the call's time.
// - non-reading client: a session whose client sends a tools/call and reads nothing — not the
//   call's SSE stream, not the standalone one — while the server sends it 60 MB of log
//   notifications. The proxy's resident memory (its /proc status, sampled every 100 ms) is the
//   figure: before, 8 s in, at its peak, and after the proxy has ended that session (the socket
//   is still open then: nothing the client did freed the memory).
//
// The server is this file (`--serve`), on bench/support/line-server.mjs: a stdio MCP server
// written on the line framing that streams its big answers in 1 MB writes.
//
//   node bench/proxy-soak.mjs [--quick]      (--quick: a 50 MB result, 20 MB of notifications)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine, fmt, table } from './lib.mjs';
import { MB, send, serveLines, textParts, write } from './support/line-server.mjs';

const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), '..');
const bin = join(root, 'bin', 'modoki-budget.cjs');
const PING_EVERY_MS = 20;

// ---- the server ---------------------------------------------------------------------------

/** The huge tool answers one text of `mb` MB; the notes tool sends `mb` MB of log notifications first. */
async function call(id, params) {
  if (params.name === 'huge') {
    await write(`{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"`);
    for (const part of textParts(Math.round(Number(params.arguments.mb) * MB))) await write(part);
    await write('"}]}}\n');
  } else if (params.name === 'notes') {
    const note = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'n'.repeat(64 * 1024) } })}\n`;
    for (let sent = 0; sent < Number(params.arguments.mb) * MB; sent += note.length) await write(note);
    await send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'noted' }] } });
  } else await send({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not found' } });
}

const serve = () =>
  serveLines({ name: 'soak', capabilities: { tools: {}, logging: {} }, tools: ['huge', 'notes'], call });

// ---- the clients ----------------------------------------------------------------------------

/** `proxy --listen 0 -- node this --serve`, once it listens: `{ port, child, rss() }`. */
async function startProxy() {
  const child = spawn(process.execPath, [bin, 'proxy', '--listen', '0', '--', process.execPath, self, '--serve'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      err += text;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp\n/.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`the proxy exited: ${err}`)));
  });
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024;
  return {
    port,
    child,
    rss,
    stderr: () => err,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

const agent = new Agent({ keepAlive: true });
const POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** One POST to the proxy; resolves with the status, headers and body once the body has ended. */
function post(port, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent, headers: { ...POST, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** An initialized session: `call(method, params)` → its answer. */
async function session(port) {
  const init = await post(port, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
  });
  const headers = { 'mcp-session-id': init.headers['mcp-session-id'], 'mcp-protocol-version': '2025-06-18' };
  await post(port, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  let id = 1;
  return {
    headers,
    call: (method, params = {}) => post(port, { jsonrpc: '2.0', id: id++, method, params }, headers),
  };
}

/** Pings on each of `sessions` every PING_EVERY_MS until `until` resolves: each ping's `{ sent, ms }`. */
async function pingUntil(sessions, until) {
  const samples = [];
  let done = false;
  until.then(() => (done = true));
  await Promise.all(
    sessions.map(async (s) => {
      while (!done) {
        const sent = performance.now();
        await s.call('ping');
        samples.push({ sent, ms: performance.now() - sent });
        const wait = PING_EVERY_MS - (performance.now() - sent);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  return samples;
}

/** Nearest-rank percentiles of `values`. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return { count: sorted.length, p50: at(50), p90: at(90), p99: at(99), max: sorted.at(-1) };
}

/** Other sessions' ping latency, alone and while one session's call returns `mb` MB on one line. */
async function latencyUnderLargeResult(mb) {
  const proxy = await startProxy();
  try {
    const pingers = [await session(proxy.port), await session(proxy.port)];
    const big = await session(proxy.port);
    const alone = await pingUntil(pingers, new Promise((r) => setTimeout(r, 3000)));
    const started = performance.now();
    const call = big.call('tools/call', { name: 'huge', arguments: { mb } });
    const during = await pingUntil(pingers, call);
    const answer = await call;
    const ms = performance.now() - started;
    if (!answer.text.includes('budget://result/'))
      throw new Error(`the big call was not budgeted: ${answer.text.slice(0, 300)}`);
    return { mb, alone: percentiles(alone.map((s) => s.ms)), during: percentiles(during.map((s) => s.ms)), callMs: ms };
  } finally {
    await proxy.stop();
  }
}

/** The proxy's RSS while a client that reads nothing is sent `mb` MB of notifications. */
async function memoryUnderNonReadingClient(mb) {
  const proxy = await startProxy();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, proxy.rss())), 100);
  try {
    const s = await session(proxy.port);
    await new Promise((r) => setTimeout(r, 1000));
    const before = proxy.rss();
    // A raw socket that sends the call and never reads a byte of what comes back.
    const { connect } = await import('node:net');
    const socket = connect(proxy.port, '127.0.0.1');
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name: 'notes', arguments: { mb } },
    });
    const head = Object.entries({
      ...POST,
      ...s.headers,
      host: `127.0.0.1:${proxy.port}`,
      'content-length': Buffer.byteLength(body),
    })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`POST /mcp HTTP/1.1\r\n${head}\r\n\r\n${body}`);
    socket.pause();
    // What the proxy holds while the client reads nothing (the server has had the time to send
    // all of it), then once the proxy has given up on that client, or 30 s have passed.
    const settle = 8000;
    await new Promise((r) => setTimeout(r, settle));
    const during = proxy.rss();
    const started = performance.now();
    while (!proxy.stderr().includes('ended session') && performance.now() - started < 30_000)
      await new Promise((r) => setTimeout(r, 200));
    const ended = proxy.stderr().includes('ended session');
    await new Promise((r) => setTimeout(r, 2000));
    const after = proxy.rss();
    socket.destroy();
    return { mb, before, during, peak, after, settleMs: settle, ended };
  } finally {
    clearInterval(sampler);
    await proxy.stop();
  }
}

export async function run({ quick = false } = {}) {
  const load = loadavg()[0];
  const latency = await latencyUnderLargeResult(quick ? 50 : 200);
  const memory = await memoryUnderNonReadingClient(quick ? 20 : 60);
  return { machine: describeMachine(), loadavg: load, latency, memory, targets: { p99Ms: 50 } };
}

async function main() {
  const r = await run({ quick: process.argv.includes('--quick') });
  const ms = (x) => `${fmt(x, 1)} ms`;
  const row = (name, p) => ({
    pings: name,
    count: p.count,
    p50: ms(p.p50),
    p90: ms(p.p90),
    p99: ms(p.p99),
    max: ms(p.max),
  });
  console.log(`# proxy --listen under load (${r.machine}, load average ${fmt(r.loadavg, 1)})\n`);
  console.log(
    table(
      [
        row('alone', r.latency.alone),
        row(`during a ${r.latency.mb} MB result (${fmt(r.latency.callMs / 1000, 1)} s)`, r.latency.during),
      ],
      ['pings', 'count', 'p50', 'p90', 'p99', 'max'],
    ),
  );
  const mib = (x) => `${fmt(x / MB, 0)} MB`;
  console.log(
    `\nnon-reading client sent ${r.memory.mb} MB of notifications: proxy RSS ${mib(r.memory.before)} before, ${mib(r.memory.during)} after ${fmt(r.memory.settleMs / 1000, 0)} s, peak ${mib(r.memory.peak)}, ${mib(r.memory.after)} ${r.memory.ended ? 'once the proxy ended that session' : '30 s on (the session was not ended)'}`,
  );
  console.log(`\ntarget: other sessions' p99 <= ${r.targets.p99Ms} ms during the large result.`);
}

if (process.argv.includes('--serve')) await serve();
else if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
