// The proxy as a network service, under load and faults, through `proxy --listen` with the SDK's
// own Client: a flood of cross-site requests starts nothing; a 200 MB result in one session does
// not hold another session's requests; a server's dropped and malformed answers still answer
// their requests; a client that reads nothing has its server paused, then its session ended with
// a reason; abandoned sessions are ended after --idle-timeout; a number is forwarded as the
// server wrote it. Functional assertions only: the
// latency and memory figures are bench/proxy-soak.mjs's.
import { afterEach, describe, expect, it } from 'vitest';
import { connect as connectSocket } from 'node:net';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { lineServer } from './support/line-client';
import { linkOf, UNPAGED_END } from './support/preview-answer';
import {
  closeAll,
  connectClient,
  rawRequest,
  startListenProxy,
  childrenOf,
  until,
  INITIALIZE,
  JSON_POST,
} from './support/listen-proxy';

afterEach(closeAll);

type Block = { type: string; text?: string };

const proxyOfLineServer = (flags: string[] = []) =>
  startListenProxy([...flags, '--', process.execPath, lineServer, '--faults']);

describe('proxy --listen under load and faults', () => {
  it('a flood of cross-site text/plain initializes starts no server; a real client is served after it', async () => {
    const proxy = await proxyOfLineServer();
    const flood = await Promise.all(
      Array.from({ length: 200 }, () =>
        rawRequest(proxy.port, {
          headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
          body: JSON.stringify(INITIALIZE),
        }),
      ),
    );
    expect(new Set(flood.map((a) => a.status))).toEqual(new Set([403]));
    expect(childrenOf(proxy.child.pid!)).toEqual([]);
    const { client } = await connectClient(proxy.url);
    const echo = await client.callTool({ name: 'echo', arguments: { text: 'served' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'served' }]);
  });

  it(
    'a 200 MB result in one session: another session’s pings are answered while it is budgeted',
    { timeout: 240_000 },
    async () => {
      const proxy = await proxyOfLineServer();
      const big = await connectClient(proxy.url);
      const other = await connectClient(proxy.url);
      // The server logs "written" once the 200 MB line is out: from then on the proxy has the
      // whole line and is working on it.
      let written = false;
      big.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        if (n.params.data === 'written') written = true;
      });
      let answered = false;
      const call = big.client
        .callTool({ name: 'stream', arguments: { mb: 200 } }, undefined, { timeout: 600_000 })
        .then((result) => {
          answered = true;
          return result;
        });
      let pingsWhileBudgeted = 0;
      while (!answered) {
        await other.client.ping();
        if (written && !answered) pingsWhileBudgeted++;
        await new Promise((r) => setTimeout(r, 20));
      }
      const result = (await call) as { content: Block[] };
      // The text is whole 1 MiB parts, about 200 MB: more than the memory store keeps of one
      // result (64 MiB), so the answer says there are no pages, and carries no link.
      const text = result.content[0].text!;
      const size = Number(/^The result is too large to show whole \((\d+) chars;/.exec(text)?.[1]);
      expect(size % (1 << 20)).toBe(0);
      expect(size).toBeGreaterThan(190 << 20);
      expect(text.slice(0, text.indexOf('\n'))).toBe(
        `The result is too large to show whole (${size} chars; the cap is 60000 chars), so this is a preview of it. ` +
          `This tool has no parameters that narrow its result; ${UNPAGED_END}`,
      );
      expect(linkOf(result)).toBeUndefined();
      // Pings went out and came back after the line had arrived and before its answer: the
      // budgeting of it held no other session. (On the main thread none could.)
      expect(pingsWhileBudgeted).toBeGreaterThan(3);
      const echo = await other.client.callTool({ name: 'echo', arguments: { text: 'after' } });
      expect(echo.content).toEqual([{ type: 'text', text: 'after' }]);
    },
  );

  it('dropped and malformed answers: each call gets an error naming why, and the session goes on', async () => {
    const proxy = await proxyOfLineServer();
    const { client } = await connectClient(proxy.url);
    const raw = (line: string) => client.callTool({ name: 'raw', arguments: { line } });
    await expect(
      raw('{"jsonrpc":"2.0","id":"$ID","result":{"content":[],"structuredContent":{"v":NaN}}}'),
    ).rejects.toThrow(
      /^MCP error -32603: the MCP server's answer to tools\/call is not JSON \(it writes NaN at byte \d+, a number JSON has no text for\), so the proxy cannot forward it$/,
    );
    await expect(raw('{"jsonrpc":"2.0","id":"$ID"}')).rejects.toThrow(
      'MCP error -32603: the MCP server answered tools/call with neither a result nor an error, so the proxy cannot forward that answer',
    );
    const echo = await client.callTool({ name: 'echo', arguments: { text: 'still served' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'still served' }]);
  });

  it(
    'a client that reads nothing: its server is paused, then its session is ended with the reason; others are served',
    { timeout: 120_000 },
    async () => {
      const proxy = await proxyOfLineServer();
      const init = await rawRequest(proxy.port, { headers: JSON_POST, body: INITIALIZE });
      const session = String(init.headers['mcp-session-id']);
      const headers = { ...JSON_POST, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
      await rawRequest(proxy.port, { headers, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
      const other = await connectClient(proxy.url);
      // A raw socket sends a call whose server answers with 60 MB of notifications, and never
      // reads a byte of what comes back.
      const socket = connectSocket(proxy.port, '127.0.0.1');
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'notes', arguments: { mb: 60 } },
      });
      const head = Object.entries({
        ...headers,
        host: `127.0.0.1:${proxy.port}`,
        'content-length': Buffer.byteLength(body),
      })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      socket.on('error', () => {});
      socket.write(`POST /mcp HTTP/1.1\r\n${head}\r\n\r\n${body}`);
      socket.pause();
      while (!proxy.stderr().includes(`ended session ${session}: `)) {
        expect(await other.client.ping()).toEqual({});
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(proxy.stderr()).toMatch(
        new RegExp(
          `modoki-budget proxy: ended session ${session}: its client left [\\d.]+ MiB unread for 10 s \\(a session may leave at most 16 MiB unread; its server was paused meanwhile\\)\\n`,
        ),
      );
      socket.destroy();
      const after = await rawRequest(proxy.port, { headers, body: { jsonrpc: '2.0', id: 8, method: 'ping' } });
      expect(after.status).toBe(404);
      expect(JSON.parse(after.text).error.message).toMatch(
        /^Session ended: its client left [\d.]+ MiB unread for 10 s .*; initialize a new one$/,
      );
      await until(() => childrenOf(proxy.child.pid!).length === 1);
      expect((await other.client.callTool({ name: 'echo', arguments: { text: 'x' } })).content).toEqual([
        { type: 'text', text: 'x' },
      ]);
    },
  );

  it('a number the server writes past what a double holds reaches an HTTP client as written', async () => {
    const proxy = await proxyOfLineServer();
    const init = await rawRequest(proxy.port, { headers: JSON_POST, body: INITIALIZE });
    const headers = {
      ...JSON_POST,
      'mcp-session-id': String(init.headers['mcp-session-id']),
      'mcp-protocol-version': '2025-06-18',
    };
    const exact = '{"big":123456789012345678901234567890,"tiny":1e-400,"huge":1e400}';
    const line = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":${JSON.stringify(exact)}}],"structuredContent":${exact}}}`;
    const answer = await rawRequest(proxy.port, {
      headers,
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'raw', arguments: { line } } },
    });
    const data = /^data: (.*)$/m.exec(answer.text)![1];
    expect(data).toBe(line.replace('"$ID"', '2'));
  });

  it('abandoned sessions (no DELETE, no stream) are ended after --idle-timeout, their servers with them', async () => {
    const proxy = await proxyOfLineServer(['--idle-timeout', '2']);
    for (let i = 0; i < 3; i++) {
      const init = await rawRequest(proxy.port, { headers: JSON_POST, body: INITIALIZE });
      expect(init.status).toBe(200);
    }
    expect(childrenOf(proxy.child.pid!).length).toBe(3);
    // Nobody comes back for them: each is idle, and ended with its server.
    await until(() => childrenOf(proxy.child.pid!).length === 0, 30_000);
    const { client } = await connectClient(proxy.url);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'new' } })).content).toEqual([
      { type: 'text', text: 'new' },
    ]);
  });
});
