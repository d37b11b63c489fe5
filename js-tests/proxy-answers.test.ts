// What the proxy forwards of a server's answers, exactly: every number as the server wrote it
// (under the cap the server's own text, over it in the preview and the pages), every client
// request answered once — a server answer that cannot be forwarded, or none at all within the
// timeout, becomes an error naming why — and errors that say whose fault they are.
// line-server.mjs writes any line we ask of it (`raw`), so each case is the exact bytes a
// faulty or foreign server would send.
import { afterEach, describe, expect, it } from 'vitest';
import { bin, initializeParams, lineClient, lineServer, type LineClient } from './support/line-client';
import { closeAll, startListenProxy, rawRequest, INITIALIZE, JSON_POST } from './support/listen-proxy';

const open: LineClient[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) {
    client.child.stdin.end();
    await client.exit;
  }
  await closeAll();
});

/** A stdio client of `proxy …flags -- node line-server.mjs …serverFlags`, initialized. */
async function proxied(flags: string[] = [], serverFlags: string[] = []) {
  const client = lineClient([bin, 'proxy', ...flags, '--', process.execPath, lineServer, '--faults', ...serverFlags]);
  open.push(client);
  await client.request('initialize', initializeParams);
  return client;
}

/** A tools/call of line-server's `raw` tool: the server answers with `line` ("$ID" its request id). */
const raw = (client: LineClient, line: string) => client.request('tools/call', { name: 'raw', arguments: { line } });

const EXACT =
  '{"big":123456789012345678901234567890,"tiny":1e-400,"huge":1e400,"neg":-0,"dec":1.50,"id":9007199254740993}';

describe('numbers forwarded exactly', () => {
  it('under the cap: the server’s line goes out as it came, every number as written', async () => {
    const client = await proxied();
    const line = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":${JSON.stringify(EXACT)}}],"structuredContent":${EXACT}}}`;
    const { line: got, message } = await raw(client, line);
    expect(got).toBe(line.replace('"$ID"', JSON.stringify(message.id)));
  });

  it('under the cap, a copy written with spaces re-derived: its compact text keeps every number', async () => {
    const client = await proxied();
    const line = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":${JSON.stringify(
      EXACT.replace(/,/g, ', '),
    )}}],"structuredContent":${EXACT.replace(/,/g, ', ')}}}`;
    const { line: got } = await raw(client, line);
    const id = JSON.parse(got).id;
    expect(got).toBe(
      `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":${JSON.stringify(EXACT)}}],"structuredContent":${EXACT}}}`,
    );
  });

  it('over the cap: the preview and the pages keep every number’s text', async () => {
    const client = await proxied(['--max-chars', '1000']);
    const rows = Array.from(
      { length: 40 },
      (_, i) => `{"id":12345678901234567890123456${String(i).padStart(4, '0')},"tiny":1e-400,"huge":1e400,"dec":1.50}`,
    );
    const structured = `{"rows":[${rows.join(',')}]}`;
    const line = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":"see structuredContent"}],"structuredContent":${structured}}}`;
    const { message } = await raw(client, line);
    const [preview, link] = message.result.content;
    expect(preview.text).toContain(rows[0]);
    expect(preview.text).not.toMatch(/e\+29|"huge":null|"tiny":0[,}]/);
    const pages: string[] = [];
    for (let page = 1; ; page++) {
      const { message: read } = await client.request('resources/read', { uri: `${link.uri}?page=${page}` });
      pages.push(read.result.contents[0].text);
      if (JSON.parse(read.result.contents[0].text).pages === page) break;
    }
    const items = pages.map((p) => p.slice(p.indexOf('"items":[') + 9, p.lastIndexOf(']'))).join(',');
    expect(items).toBe(rows.join(','));
  });

  it('over the cap, a JSON text result: its pages keep every number’s text', async () => {
    const client = await proxied(['--max-chars', '1000']);
    const rows = Array.from(
      { length: 40 },
      (_, i) => `{"id":12345678901234567890123456${String(i).padStart(4, '0')},"v":1e400}`,
    );
    const text = `[${rows.join(', ')}]`;
    const { message } = await raw(
      client,
      `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":${JSON.stringify(text)}}]}}`,
    );
    const link = message.result.content.find((b: { type: string }) => b.type === 'resource_link');
    const { message: first } = await client.request('resources/read', { uri: `${link.uri}?page=1` });
    expect(first.result.contents[0].text).toContain(rows[0]);
  });

  it('--listen: a client’s numbers reach the server as written, and the server’s reach the client', async () => {
    const proxy = await startListenProxy(['--', process.execPath, lineServer, '--faults']);
    const init = await rawRequest(proxy.port, { headers: JSON_POST, body: INITIALIZE });
    const session = String(init.headers['mcp-session-id']);
    const post = (body: string) =>
      rawRequest(proxy.port, {
        headers: { ...JSON_POST, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
        body,
      });
    await post('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    const dataOf = (text: string) => /^data: (.*)$/m.exec(text)![1];
    const request = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"request_line","arguments":{"n":123456789012345678901234567890,"x":1e400}}}`;
    const echoed = JSON.parse(dataOf((await post(request)).text));
    expect(echoed.result.content[0].text).toContain('"arguments":{"n":123456789012345678901234567890,"x":1e400}');
    const answer = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":"x"}],"structuredContent":${EXACT}}}`;
    const sent = dataOf(
      (
        await post(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'tools/call',
            params: { name: 'raw', arguments: { line: answer } },
          }),
        )
      ).text,
    );
    expect(sent).toContain(`"structuredContent":${EXACT}`);
  });
});

describe('every client request answered exactly once', () => {
  const BAD_REPLY = -32603;

  it('a server answer that is not JSON (NaN, Infinity) is an error to that request naming why', async () => {
    const client = await proxied();
    const cases: Array<[string, string]> = [
      ['{"v":NaN}', 'NaN'],
      ['{"v":Infinity}', 'Infinity'],
      ['{"v":-Infinity}', '-Infinity'],
    ];
    for (const [structured, word] of cases) {
      const line = `{"jsonrpc":"2.0","id":"$ID","result":{"content":[{"type":"text","text":"x"}],"structuredContent":${structured}}}`;
      const { message } = await raw(client, line);
      const at = line.indexOf(word) + JSON.stringify(message.id).length - 5;
      expect(message.error).toEqual({
        code: BAD_REPLY,
        message: `the MCP server's answer to tools/call is not JSON (it writes ${word} at byte ${at}, a number JSON has no text for), so the proxy cannot forward it`,
      });
    }
    // Broken JSON with an id still answers its request; the session goes on.
    const { message: truncated } = await raw(client, '{"jsonrpc":"2.0","id":"$ID","result":{"content":[');
    expect(truncated.error.code).toBe(BAD_REPLY);
    expect(truncated.error.message).toMatch(
      /^the MCP server's answer to tools\/call is not JSON \(.+\), so the proxy cannot forward it$/,
    );
    const { message: after } = await client.request('tools/call', { name: 'echo', arguments: { text: 'still here' } });
    expect(after.result).toEqual({ content: [{ type: 'text', text: 'still here' }] });
    expect(client.stderr()).toContain('the server wrote a line that is not JSON');
  });

  it('an answer with neither result nor error (or both, or the wrong shape) is an error naming why', async () => {
    const client = await proxied();
    const cases: Array<[string, string]> = [
      ['{"jsonrpc":"2.0","id":"$ID"}', 'neither a result nor an error'],
      ['{"jsonrpc":"2.0","id":"$ID","result":{},"error":{"code":1,"message":"x"}}', 'both a result and an error'],
      ['{"jsonrpc":"2.0","id":"$ID","result":5}', 'a result that is a number, not an object'],
      ['{"jsonrpc":"2.0","id":"$ID","result":null}', 'a result that is null, not an object'],
      [
        '{"jsonrpc":"2.0","id":"$ID","error":"boom"}',
        'an error that is not a JSON-RPC error (an integer code and a string message)',
      ],
    ];
    for (const [line, why] of cases) {
      const { message } = await raw(client, line);
      expect(message.error).toEqual({
        code: BAD_REPLY,
        message: `the MCP server answered tools/call with ${why}, so the proxy cannot forward that answer`,
      });
    }
    // A well-formed error passes through as it was.
    const { line } = await raw(client, '{"jsonrpc":"2.0","id":"$ID","error":{"code":-32000,"message":"tool broke"}}');
    expect(JSON.parse(line).error).toEqual({ code: -32000, message: 'tool broke' });
  });

  it('a server that never answers: an error after --upstream-timeout, the server told to cancel, a late answer dropped', async () => {
    const client = await proxied(['--upstream-timeout', '700']);
    const started = Date.now();
    const { message } = await client.request('tools/call', { name: 'late', arguments: { ms: 2500 } });
    expect(message.error).toEqual({
      code: -32001,
      message: 'the MCP server did not answer tools/call within 700 ms (--upstream-timeout), so the proxy cancelled it',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    const { message: seen } = await client.request('tools/call', { name: 'cancelled', arguments: {} });
    expect(JSON.parse(seen.result.content[0].text)).toEqual([message.id]);
    // The late answer comes and goes nowhere: the request had its one answer.
    await new Promise((r) => setTimeout(r, 2500));
    const { message: ping } = await client.request('ping');
    expect(ping.result).toEqual({});
    expect(client.lines.filter((l) => JSON.parse(l).id === message.id)).toHaveLength(1);
    expect(client.stderr()).toContain(
      `the server answered tools/call (id ${message.id}) after the proxy had answered it (cancelled, or its answer could not be forwarded); this answer is dropped`,
    );
  });

  it('progress on a request keeps it waiting past the timeout', async () => {
    const client = await proxied(['--upstream-timeout', '700']);
    const { message } = await client.request('tools/call', {
      name: 'late',
      arguments: { ms: 2000, every: 200 },
      _meta: { progressToken: 'p1' },
    });
    expect(message.result).toEqual({ content: [{ type: 'text', text: 'late' }] });
  });
});

describe('errors that say whose fault they are', () => {
  it('a valid result nested 10⁶ levels deep is the proxy’s re-encoding limit, not the tool’s fault', async () => {
    const client = await proxied();
    const { message } = await client.request('tools/call', { name: 'deep', arguments: { levels: 1_000_000 } });
    expect(message.result).toEqual({
      content: [
        {
          type: 'text',
          text: 'modoki-budget cannot re-encode the result of tool "deep": it is nested 1000002 levels deep, deeper than JSON.stringify reaches here (Maximum call stack size exceeded). The tool did not fail; a result nested less deeply comes through.',
        },
      ],
      isError: true,
    });
  });

  it('a killed server’s error quotes what it wrote after its last answer, not its start-up banner', async () => {
    const client = await proxied([], ['--banner', 'Secure MCP Server running on stdio']);
    const { message } = await client.request('tools/call', { name: 'die', arguments: {} });
    expect(message.error).toEqual({
      code: -32000,
      message: 'the MCP server was killed by SIGKILL before answering tools/call',
      data: { exitCode: null, signal: 'SIGKILL' },
    });
  });

  it('a killed server that said why: that reason is quoted, not what it wrote before its last answer', async () => {
    const client = await proxied([], ['--banner', 'Secure MCP Server running on stdio']);
    await client.request('tools/call', { name: 'say', arguments: { text: 'error: an earlier call went wrong' } });
    const { message } = await client.request('tools/call', {
      name: 'die',
      arguments: { say: 'FATAL ERROR: Reached heap limit' },
    });
    expect(message.error.message).toBe(
      'the MCP server was killed by SIGKILL before answering tools/call; its stderr says: FATAL ERROR: Reached heap limit',
    );
  });
});

describe('numbers forwarded exactly over --url', () => {
  it('a client’s numbers reach the remote server as written, and its answer’s numbers come back so (JSON and SSE)', async () => {
    const { listen } = await import('./support/http-server');
    const bodies: string[] = [];
    const upstream = await listen(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      if (req.method !== 'POST') return void res.writeHead(405).end();
      bodies.push(body);
      const id = /"id":("[^"]*"|\d+)/.exec(body)?.[1];
      if (id === undefined) return void res.writeHead(202).end();
      const result = body.includes('"initialize"')
        ? '{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}'
        : `{"content":[{"type":"text","text":"x"}],"structuredContent":${EXACT}}`;
      const message = `{"jsonrpc":"2.0","id":${id},"result":${result}}`;
      if (body.includes('"sse"')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`event: message\ndata: ${message}\n\n`);
      } else res.writeHead(200, { 'content-type': 'application/json' }).end(message);
    });
    const client = lineClient([bin, 'proxy', '--url', upstream.url]);
    open.push(client);
    try {
      await client.request('initialize', initializeParams);
      for (const name of ['json', 'sse']) {
        const { line } = await client.request('tools/call', { name, arguments: {} });
        expect(line).toContain(`"structuredContent":${EXACT}`);
      }
      client.send(
        '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"json","arguments":{"n":123456789012345678901234567890}}}',
      );
      await new Promise((r) => setTimeout(r, 500));
      expect(bodies.some((b) => b.includes('"arguments":{"n":123456789012345678901234567890}'))).toBe(true);
    } finally {
      await upstream.close();
    }
  });
});
