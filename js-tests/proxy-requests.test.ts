// `proxy --listen`: what a request must be before anything starts for it. A browser may POST
// `text/plain` cross-site to 127.0.0.1 without a preflight, so Host, Origin, Content-Type,
// Accept and the body's size are checked before a session slot is taken or a server process
// runs; one client may start sessions only at a bounded rate. Each server start is counted
// (the command appends a line to a file, then runs the SDK server), so "starts nothing" is exact.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { bin, lineServer } from './support/line-client';
import {
  closeAll,
  connectClient,
  rawRequest,
  refusalBody,
  startListenProxy,
  childrenOf,
  INITIALIZE,
  JSON_POST,
} from './support/listen-proxy';
const require = createRequire(import.meta.url);
const { sessionRate } = require('../node/proxy/request-checks.cjs');
// @ts-expect-error a fixture module without types
import { rows } from './fixtures/budget-rows.mjs';

const rowsServer = join(__dirname, 'fixtures', 'rows-server.mjs');

afterEach(closeAll);

/** The proxy in front of `server` (rows-server), each start of which appends a line to `starts`. */
async function countingProxy(flags: string[] = [], server = rowsServer) {
  const starts = join(mkdtempSync(join(tmpdir(), 'proxy-requests-')), 'starts');
  const command = ['sh', '-c', 'echo started >> "$0"; exec "$1" "$2"', starts, process.execPath, server];
  const proxy = await startListenProxy([...flags, '--', ...command]);
  const started = () => (existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').length - 1 : 0);
  return { ...proxy, started };
}

describe('proxy --listen: requests checked before anything starts', () => {
  it('a flood of cross-site text/plain initializes starts no server, and a real client still connects', async () => {
    const proxy = await countingProxy();
    const initialize = JSON.stringify(INITIALIZE);
    // What a page on another site can send without a preflight: a "simple" POST, text/plain.
    const simple = { 'content-type': 'text/plain', origin: 'https://evil.example' };
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => rawRequest(proxy.port, { headers: simple, body: initialize })),
      // The same without the Origin a browser adds, and with a JSON type but a foreign Origin.
      ...Array.from({ length: 20 }, () =>
        rawRequest(proxy.port, { headers: { 'content-type': 'text/plain' }, body: initialize }),
      ),
      ...Array.from({ length: 20 }, () =>
        rawRequest(proxy.port, { headers: { ...JSON_POST, origin: 'https://evil.example' }, body: initialize }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(40).fill(403),
      ...Array<number>(20).fill(415),
      ...Array<number>(20).fill(403),
    ]);
    expect(answers[0].text).toBe(
      refusalBody(
        'Invalid Origin header: https://evil.example: only pages on this machine (localhost, 127.0.0.1) and the origins --allow-origin names may reach this proxy',
      ),
    );
    expect(answers[40].text).toBe(refusalBody('Unsupported Media Type: Content-Type must be application/json'));
    expect(proxy.started()).toBe(0);
    expect(childrenOf(proxy.child.pid!)).toEqual([]);
    const { client } = await connectClient(proxy.url);
    const small = await client.callTool({ name: 'rows', arguments: { n: 3, seed: 'f' } });
    expect(small.content).toEqual([{ type: 'text', text: JSON.stringify(rows(3, 'f')) }]);
    expect(proxy.started()).toBe(1);
  });

  it('refuses each bad request with its status and reason, and none of them starts a server', async () => {
    const proxy = await countingProxy();
    const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
      rawRequest(proxy.port, { headers, body });
    const cases: Array<[Promise<{ status: number; text: string }>, number, string]> = [
      [post({ ...JSON_POST, host: 'evil.example:80' }), 403, 'Invalid Host header: evil.example:80'],
      [
        post({ ...JSON_POST, origin: 'null' }),
        403,
        'Invalid Origin header: null: only pages on this machine (localhost, 127.0.0.1) and the origins --allow-origin names may reach this proxy',
      ],
      [
        post({ ...JSON_POST, accept: 'application/json' }),
        406,
        'Not Acceptable: Client must accept both application/json and text/event-stream',
      ],
      [
        rawRequest(proxy.port, { method: 'GET', headers: { accept: 'application/json' } }),
        406,
        'Not Acceptable: Client must accept text/event-stream',
      ],
      [rawRequest(proxy.port, { method: 'PUT', headers: JSON_POST, body: INITIALIZE }), 405, 'Method Not Allowed'],
      [
        post({ ...JSON_POST, 'content-type': 'application/x-www-form-urlencoded' }),
        415,
        'Unsupported Media Type: Content-Type must be application/json',
      ],
    ];
    for (const [answer, status, message] of cases) {
      const a = await answer;
      expect([a.status, a.text]).toEqual([status, refusalBody(message)]);
    }
    // Loopback origins (a local app, another port of this machine) are served.
    const local = await post({ ...JSON_POST, origin: 'http://localhost:5173' });
    expect(local.status).toBe(200);
    expect(proxy.started()).toBe(1);
  });

  it('a 50 MB initialize is refused naming the 4 MiB limit, declared or not, and starts nothing', async () => {
    const proxy = await countingProxy();
    const huge = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, pad: 'x'.repeat(50 << 20) } });
    const declared = await rawRequest(proxy.port, {
      headers: { ...JSON_POST, 'content-length': String(Buffer.byteLength(huge)) },
      body: huge,
    }).catch((error: Error) => ({ status: 0, text: error.message }));
    expect([declared.status, declared.text]).toEqual([
      413,
      refusalBody(
        `Payload Too Large: the body of ${Buffer.byteLength(huge)} bytes is over the 4194304 bytes (4 MiB) a message may have`,
      ),
    ]);
    const chunked = await rawRequest(proxy.port, {
      headers: { ...JSON_POST, 'transfer-encoding': 'chunked' },
      body: huge,
    }).catch((error: Error) => ({ status: 0, text: error.message }));
    expect([chunked.status, chunked.text]).toEqual([
      413,
      refusalBody('Payload Too Large: the body is over the 4194304 bytes (4 MiB) a message may have'),
    ]);
    expect(proxy.started()).toBe(0);
  });

  it('--allow-origin lets a named origin reach it; others stay refused', async () => {
    const proxy = await countingProxy(['--allow-origin', 'https://app.example.com']);
    const { client } = await connectClient(proxy.url, { origin: 'https://app.example.com' });
    expect((await client.callTool({ name: 'rows', arguments: { n: 2, seed: 'o' } })).content).toEqual([
      { type: 'text', text: JSON.stringify(rows(2, 'o')) },
    ]);
    const other = await rawRequest(proxy.port, {
      headers: { ...JSON_POST, origin: 'https://app.example.com.evil.example' },
      body: INITIALIZE,
    });
    expect(other.status).toBe(403);
    expect(proxy.started()).toBe(1);
  });

  it('a client that initializes in a loop starts at most the burst and ten a second, a refused one starting nothing; another client is served', async () => {
    // line-server: a server without the SDK, quick to start, as many of them start here.
    const proxy = await countingProxy(['--max-sessions', '64'], lineServer);
    const headers = { ...JSON_POST, 'user-agent': 'looping-client' };
    const sent = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => rawRequest(proxy.port, { headers, body: INITIALIZE })),
    );
    const elapsed = performance.now() - sent;
    const served = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(served + refused.length).toBe(40);
    // At most the burst and one more per 100 ms that passed (a loaded machine spawns slowly,
    // so the refill may serve them all: the exact bucket is sessionRate's test below).
    expect(served).toBeLessThanOrEqual(16 + Math.ceil(elapsed / 100));
    for (const r of refused) expect(r.headers['retry-after']).toBe('1');
    for (const r of refused)
      expect(JSON.parse(r.text).error.message).toMatch(
        /^Too Many Requests: this client started 16 sessions in quick succession; one more may start every 100 ms \(try again in \d+ ms\)$/,
      );
    expect(proxy.started()).toBe(served);
    const { client } = await connectClient(proxy.url);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'r' } })).content).toEqual([
      { type: 'text', text: 'r' },
    ]);
  });
});

describe('sessionRate', () => {
  it('lets a client start `burst` sessions at once, then one per `refillMs`; each client has its own bucket', () => {
    let now = 0;
    const rate = sessionRate({ burst: 8, refillMs: 500, now: () => now });
    const req = (agent: string) => ({ socket: { remoteAddress: '127.0.0.1' }, headers: { 'user-agent': agent } });
    const takes = (agent: string, n: number) => Array.from({ length: n }, () => rate.take(req(agent))?.status ?? 200);
    expect(takes('a', 9)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect(rate.take(req('a'))!.message).toBe(
      'Too Many Requests: this client started 8 sessions in quick succession; one more may start every 500 ms (try again in 500 ms)',
    );
    expect(takes('b', 1)).toEqual([200]);
    now = 499;
    expect(takes('a', 1)).toEqual([429]);
    now = 500;
    expect(takes('a', 2)).toEqual([200, 429]);
    now = 500 + 8 * 500;
    expect(takes('a', 9)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('--allow-origin usage', () => {
  it('a value that is not an origin, or the flag without --listen: one line and exit 2', () => {
    const server = ['--', process.execPath, 'x.js'];
    const cases: Array<[string[], string]> = [
      [
        ['--listen', '0', '--allow-origin', 'https://app.example.com/path', ...server],
        '--allow-origin expects an origin such as https://app.example.com, got "https://app.example.com/path"',
      ],
      [
        ['--listen', '0', '--allow-origin', 'app.example.com', ...server],
        '--allow-origin expects an origin such as https://app.example.com, got "app.example.com"',
      ],
      [['--allow-origin', 'https://app.example.com', ...server], '--allow-origin applies to --listen only'],
    ];
    for (const [args, message] of cases) {
      const r = spawnSync(process.execPath, [bin, 'proxy', ...args], { encoding: 'utf8', timeout: 20_000 });
      expect([r.status, r.stderr]).toEqual([2, `modoki-budget proxy: ${message}\n`]);
    }
  });
});
