// The proxy's router without processes: lines in from each side, lines out to each side. These
// are the id cases a live server cannot be timed into: a client id that collides with one of the
// proxy's own pending requests, cancellation, batches and answers nobody asked for.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ProxySession } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

function session(options: Record<string, unknown> = {}) {
  const toClient: string[] = [];
  const toServer: string[] = [];
  const calls: Array<Record<string, unknown>> = [];
  const s = new ProxySession({
    policy: createBudgetPolicy({}),
    send: {
      client: (l: string | Buffer) => toClient.push(String(l)),
      server: (l: string | Buffer) => toServer.push(String(l)),
    },
    onCall: (info: Record<string, unknown>) => calls.push(info),
    measure: () => ({ charsIn: 0, tokensIn: 0 }),
    ...options,
  });
  const line = (m: unknown) => Buffer.from(typeof m === 'string' ? m : JSON.stringify(m));
  return {
    s,
    toClient,
    toServer,
    calls,
    client: (m: unknown) => s.fromClient(line(m), typeof m === 'string' ? undefined : m),
    server: (m: unknown) => s.fromServer(line(m), typeof m === 'string' ? undefined : m),
  };
}

const structured = (n: number) => ({
  content: [{ type: 'text', text: 'x' }],
  structuredContent: { rows: Array.from({ length: n }, (_, i) => ({ i, name: `row-${i}` })) },
});

describe('ProxySession ids', () => {
  it('a client request that reuses the id of a pending own request is renamed on the way in and back on the way out', () => {
    const t = session();
    t.client({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'dump', arguments: {} } });
    // The answer carries structuredContent for a tool never listed: the proxy asks tools/list itself.
    t.server({ jsonrpc: '2.0', id: 1, result: structured(3) });
    const own = JSON.parse(t.toServer.at(-1)!);
    expect(own).toEqual({ jsonrpc: '2.0', id: 'modoki-budget-proxy:1', method: 'tools/list', params: {} });
    // Now the client picks exactly that id.
    t.client({ jsonrpc: '2.0', id: 'modoki-budget-proxy:1', method: 'ping' });
    const renamed = JSON.parse(t.toServer.at(-1)!);
    expect(renamed.method).toBe('ping');
    expect(renamed.id).not.toBe('modoki-budget-proxy:1');
    t.server({ jsonrpc: '2.0', id: renamed.id, result: {} });
    expect(JSON.parse(t.toClient.at(-1)!)).toEqual({ jsonrpc: '2.0', id: 'modoki-budget-proxy:1', result: {} });
    // Renamed again while still pending, then cancelled: the server is told its own id for it.
    t.client({ jsonrpc: '2.0', id: 'modoki-budget-proxy:1', method: 'tools/call', params: { name: 'slow' } });
    const again = JSON.parse(t.toServer.at(-1)!).id;
    t.client({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'modoki-budget-proxy:1', reason: 'user' },
    });
    expect(JSON.parse(t.toServer.at(-1)!)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: again, reason: 'user' },
    });
    // The own tools/list answer releases the held tools/call.
    t.server({
      jsonrpc: '2.0',
      id: own.id,
      result: { tools: [{ name: 'dump', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } }] },
    });
    const answer = JSON.parse(t.toClient.at(-1)!);
    expect(answer.id).toBe(1);
    expect(answer.result.structuredContent).toEqual(structured(3).structuredContent);
    expect(t.calls.map((c) => c.tool)).toEqual(['dump']);
  });

  it('own ids skip every id the client has used that looks like one', () => {
    const t = session();
    for (const id of ['modoki-budget-proxy:1', 'modoki-budget-proxy:2']) {
      t.client({ jsonrpc: '2.0', id, method: 'ping' });
      t.server({ jsonrpc: '2.0', id, result: {} });
    }
    t.client({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'dump' } });
    t.server({ jsonrpc: '2.0', id: 5, result: structured(1) });
    expect(JSON.parse(t.toServer.at(-1)!).id).toBe('modoki-budget-proxy:3');
  });

  it('numbers and strings are different ids', () => {
    const t = session();
    t.client({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } });
    t.client({ jsonrpc: '2.0', id: '1', method: 'ping' });
    t.server({ jsonrpc: '2.0', id: '1', result: {} });
    expect(t.calls).toEqual([]);
    t.server({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } });
    // Tool a was never listed: the proxy lists the tools once before it budgets the answer.
    const own = JSON.parse(t.toServer.at(-1)!);
    expect(own).toEqual({ jsonrpc: '2.0', id: 'modoki-budget-proxy:1', method: 'tools/list', params: {} });
    expect(t.calls).toEqual([]);
    t.server({ jsonrpc: '2.0', id: own.id, result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] } });
    expect(t.calls.map((c) => c.tool)).toEqual(['a']);
    expect(t.toClient.at(-1)).toBe(
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }),
    );
  });
});

describe('ProxySession passthrough', () => {
  it('notifications, cancellations, batches, server requests and unknown answers pass unchanged', () => {
    const t = session();
    const lines = [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      [{ jsonrpc: '2.0', id: 9, method: 'ping' }],
      { jsonrpc: '2.0', id: 3, result: { roots: [] } },
    ];
    for (const m of lines) t.client(m);
    expect(t.toServer).toEqual(lines.map((m) => JSON.stringify(m)));
    const fromServer = [
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', id: 4, method: 'roots/list' },
      { jsonrpc: '2.0', id: 'nobody-asked', result: {} },
      [{ jsonrpc: '2.0', id: 9, result: {} }],
    ];
    for (const m of fromServer) t.server(m);
    expect(t.toClient).toEqual(fromServer.map((m) => JSON.stringify(m)));
  });

  it('a cancelled call is forgotten: a late answer passes through unbudgeted, and the exit error skips it', () => {
    const t = session();
    t.client({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } });
    t.client({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'slow' } });
    t.client({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    const late = { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'y'.repeat(70_000) }] } };
    t.server(late);
    expect(t.toClient.at(-1)).toBe(JSON.stringify(late));
    t.s.serverExited({ code: 3, signal: null });
    expect(t.toClient.slice(1).map((l) => JSON.parse(l).id)).toEqual([8]);
  });

  it('an error answer to tools/call passes through and is not counted as a call', () => {
    const t = session();
    t.client({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } });
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'unknown tool x' } };
    t.server(error);
    expect(t.toClient).toEqual([JSON.stringify(error)]);
    expect(t.calls).toEqual([]);
  });
});

describe('readLines: the stdio framing', () => {
  const { readLines } = require('../node/proxy/lines.cjs');
  const { PassThrough } = require('node:stream');

  /** Feeds `bytes` in chunks cut at `cuts` and collects what readLines hands over. */
  function framed(bytes: Buffer, cuts: number[]): Promise<{ lines: string[]; rest: string }> {
    return new Promise((resolve) => {
      const stream = new PassThrough();
      const lines: string[] = [];
      readLines(
        stream,
        (line: Buffer) => lines.push(line.toString('utf8')),
        (rest: Buffer) => resolve({ lines, rest: rest.toString('utf8') }),
      );
      let at = 0;
      for (const cut of [...cuts, bytes.length]) {
        if (cut > at) stream.write(bytes.subarray(at, cut));
        at = Math.max(at, cut);
      }
      stream.end();
    });
  }

  it('gives every line whole, wherever the chunks are cut, with blank lines skipped and the tail apart', async () => {
    const big = JSON.stringify({ text: 'ü😀x'.repeat(120_000) });
    const text = `{"a":1}\r\n\n${big}\n{"b":"é"}\n\r\n{"tail":`;
    const bytes = Buffer.from(text, 'utf8');
    const want = { lines: [`{"a":1}\r`, big, '{"b":"é"}'], rest: '{"tail":' };
    // Random cuts, seeded, including cuts inside multi-byte characters and right at newlines.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 20; round++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
        Math.floor(random() * bytes.length),
      ).sort((a, b) => a - b);
      expect(await framed(bytes, cuts)).toEqual(want);
    }
    expect(await framed(bytes, [])).toEqual(want);
    expect(
      await framed(
        bytes,
        Array.from({ length: 200 }, (_, i) => i + 1),
      ),
    ).toEqual(want);
  });

  it('a line past the gathering threshold (20 MB here) comes out byte for byte too', async () => {
    const huge = `{"t":"${'ab😀'.repeat(5_000_000)}"}`;
    const bytes = Buffer.from(`{"x":1}\n${huge}\n{"y":2}\n`, 'utf8');
    const cuts = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => i * 65536 + (i % 3));
    const { lines, rest } = await framed(bytes, cuts);
    expect(rest).toBe('');
    expect(lines.length).toBe(3);
    expect(lines[1] === huge).toBe(true);
    expect([lines[0], lines[2]]).toEqual(['{"x":1}', '{"y":2}']);
  });
});
