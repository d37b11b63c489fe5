// The proxy's stdio framing (node/proxy/lines.cjs) as a property: any byte stream, cut into
// chunks anywhere, gives back exactly its lines — the bytes between newlines, in order, byte for
// byte (a `\r` before the `\n` kept), blank lines skipped — and its unterminated tail once, at
// the end. Nothing is decoded, so invalid UTF-8 and JSON-looking garbage come through as bytes.
//
// vitest runs it briefly; `npm run fuzz` runs it for FUZZ_SECONDS (PROPERTY_SECONDS).
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyTimeout, runSettings } from './support/property-runs';

const require = createRequire(import.meta.url);
const { readLines, parseLine } = require('../node/proxy/lines.cjs');

const byte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.constantFrom(0x0a, 0x0d, 0x7b, 0x7d, 0x22, 0x5c) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) },
);
const jsonRpcLine = fc
  .record({ id: fc.integer(), method: fc.string(), params: fc.object() })
  .map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }));
/** A stream: raw bytes and JSON-RPC lines mixed, with CRLF and blank lines. */
const stream = fc
  .array(
    fc.oneof(
      fc.array(byte, { maxLength: 60 }),
      jsonRpcLine.map((l) => [...Buffer.from(`${l}\n`)]),
      jsonRpcLine.map((l) => [...Buffer.from(`${l}\r\n\n`)]),
    ),
    { maxLength: 20 },
  )
  .map((parts) => Buffer.from(parts.flat()));

/** The lines and tail the framing must produce, computed the plain way. */
function expected(bytes: Buffer) {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
    pieces.push(bytes.subarray(start, nl));
    start = nl + 1;
  }
  const lines = pieces.filter((l) => !(l.length === 0 || (l.length === 1 && l[0] === 0x0d)));
  return { lines: lines.map((l) => l.toString('hex')), tail: bytes.subarray(start).toString('hex') };
}

describe('stdio framing on arbitrary byte streams', () => {
  it(
    'any chunking gives exactly the stream lines, byte for byte, and the tail once',
    () => {
      fc.assert(
        fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (bytes, cuts) => {
          const source = new EventEmitter();
          const lines: string[] = [];
          const tails: string[] = [];
          readLines(
            source,
            (line: Buffer) => lines.push(Buffer.from(line).toString('hex')),
            (rest: Buffer) => tails.push(rest.toString('hex')),
          );
          const at = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, bytes.length]) {
            if (cut > from) source.emit('data', bytes.subarray(from, cut));
            from = Math.max(from, cut);
          }
          source.emit('end');
          const want = expected(bytes);
          expect(lines).toEqual(want.lines);
          expect(tails).toEqual([want.tail]);
          // parseLine never throws: a line that is not JSON is `undefined`, never a message.
          for (const hex of lines) {
            const text = Buffer.from(hex, 'hex');
            let parsed: unknown;
            try {
              parsed = JSON.parse(text.toString('utf8'));
            } catch {
              parsed = undefined;
            }
            expect(parseLine(text)).toEqual(parsed);
          }
        }),
        runSettings(500),
      );
    },
    propertyTimeout(),
  );
});

// ---- the session half: ProxySession (node/proxy/session.cjs) behind the framing ----

const { ProxySession, SERVER_GONE, OWN_ID_PREFIX } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

/** How a server in another language writes JSON: spaces, `\u00e9` and `\/` escapes, `1.50`, key order. */
interface Style {
  spaces: boolean;
  escapeNonAscii: boolean;
  escapeSlash: boolean;
  decimals: boolean;
  idFirst: boolean;
  crlf: boolean;
}

function styledString(s: string, st: Style): string {
  let out = JSON.stringify(s);
  if (st.escapeNonAscii)
    out = out.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (st.escapeSlash) out = out.replace(/\//g, '\\/');
  return out;
}

/** `value` as such a server writes it (numbers with two decimals when `decimals`). */
function styled(value: unknown, st: Style): string {
  const [colon, comma] = st.spaces ? [': ', ', '] : [':', ','];
  if (typeof value === 'string') return styledString(value, st);
  if (typeof value === 'number') return st.decimals && Math.abs(value) < 1e6 ? value.toFixed(2) : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => styled(v, st)).join(comma)}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([k, v]) => `${styledString(k, st)}${colon}${styled(v, st)}`);
    return st.spaces ? `{ ${members.join(comma)} }` : `{${members.join(comma)}}`;
  }
  return JSON.stringify(value);
}

/** A JSON-RPC message line as such a server writes it. */
function serverLine(fields: Record<string, unknown>, st: Style): Buffer {
  const { id, ...rest } = fields;
  const ordered = Object.hasOwn(fields, 'id')
    ? st.idFirst
      ? { id, jsonrpc: '2.0', ...rest }
      : { jsonrpc: '2.0', ...rest, id }
    : { jsonrpc: '2.0', ...rest };
  return Buffer.from(`${styled(ordered, st)}${st.crlf ? '\r' : ''}\n`);
}

const style: fc.Arbitrary<Style> = fc.record({
  spaces: fc.boolean(),
  escapeNonAscii: fc.boolean(),
  escapeSlash: fc.boolean(),
  decimals: fc.boolean(),
  idFirst: fc.boolean(),
  crlf: fc.boolean(),
});

/** What the fake server answers a request with (tools/call: by the tool's name and size). */
function serverResult(method: string, params: any, n: number): Record<string, unknown> {
  const size = Number(params?.arguments?.size ?? 0);
  switch (method) {
    case 'initialize':
      return {
        result: {
          protocolVersion: '2025-06-18',
          capabilities: n % 2 ? { tools: {}, resources: {} } : { tools: {} },
          serverInfo: { name: 'café/server', version: '1.0' },
        },
      };
    case 'tools/list': {
      const tools = ['small', 'big', 'rows', 'fails'].map((name) => ({
        name,
        description: `The ${name} tool, é/ü.`,
        inputSchema: { type: 'object' },
      }));
      return params?.cursor === undefined && n % 3 === 0
        ? { result: { tools: tools.slice(0, 2), nextCursor: 'p2' } }
        : { result: { tools } };
    }
    case 'tools/call':
      switch (params?.name) {
        case 'big':
          return { result: { content: [{ type: 'text', text: `naïve/${'x'.repeat(size)}` }] } };
        case 'rows': {
          const rows = Array.from({ length: size >> 4 }, (_, i) => ({ i, price: i + 0.5, name: `row ${i} é` }));
          return { result: { content: [{ type: 'text', text: JSON.stringify(rows) }], structuredContent: { rows } } };
        }
        case 'fails':
          return { error: { code: -32602, message: 'Unknown tool: fails/é' } };
        default:
          return { result: { content: [{ type: 'text', text: 'ok é/ü' }], price: 1.5 } };
      }
    case 'resources/list':
      return { result: { resources: [{ uri: 'file:///a.txt', name: 'a' }] } };
    default:
      return { result: { echo: method, price: 1.5, path: '/tmp/é' } };
  }
}

const clientStep = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      method: fc.constantFrom(
        'initialize',
        'tools/list',
        'tools/call',
        'tools/call',
        'ping',
        'custom/echo',
        'resources/list',
        'resources/templates/list',
        'resources/read',
        'prompts/list',
      ),
      tool: fc.constantFrom('small', 'big', 'rows', 'fails', 'read_result_page'),
      size: fc.oneof(fc.nat(400), fc.nat(6000)),
      ownLike: fc.boolean(),
      stringId: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notify' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      bytes: fc.array(byte, { minLength: 1, maxLength: 40 }).map((b) => b.filter((x) => x !== 0x0a)),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('serve' as const), count: fc.nat(4), newestFirst: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('noise' as const),
      what: fc.constantFrom('bytes', 'truncated', 'notification', 'unknown-id', 'scalar', 'batch', 'null-id'),
      bytes: fc.array(byte, { minLength: 1, maxLength: 40 }),
    }),
  },
);

const scenario = fc.record({
  steps: fc.array(clientStep, { maxLength: 30 }),
  style,
  pageTool: fc.boolean(),
  cuts: fc.array(fc.nat(), { maxLength: 8 }),
  /** The server exits with requests unanswered instead of answering everything. */
  exits: fc.boolean(),
});

const key = (id: unknown) => `${typeof id}:${id}`;
/** What a client line holds: JSON text; the session must never write anything else. */
const readClientLine = (line: Buffer) => JSON.parse(line.toString('utf8'));
const HANG_MS = 5000;

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function runScenario({ steps, style: st, pageTool, cuts, exits }: Scenario) {
  const toClient: Buffer[] = [];
  const warnings: string[] = [];
  /** Requests the fake server has read and not answered: [id, method, params]. */
  const queue: Array<[unknown, string, unknown]> = [];
  const session = new ProxySession({
    policy: createBudgetPolicy({ maxChars: 1000 }),
    pageTool,
    measure: () => ({ charsIn: 0, tokensIn: 0 }),
    warn: (text: string) => warnings.push(text),
    send: {
      client: (l: string | Buffer) => toClient.push(Buffer.from(l)),
      server: (l: string | Buffer) => {
        const text = Buffer.from(l);
        expect(text.includes(0x0a), 'a line to the server holds a newline').toBe(false);
        const m = parseLine(text);
        if (m === null || typeof m !== 'object' || Array.isArray(m)) return;
        if (m.method === 'notifications/cancelled') {
          const at = queue.findIndex(([id]) => key(id) === key(m.params?.requestId));
          if (at !== -1) queue.splice(at, 1);
        } else if (typeof m.method === 'string' && (typeof m.id === 'number' || typeof m.id === 'string')) {
          queue.push([m.id, m.method, m.params]);
        }
      },
    },
  });
  const serverStream = new EventEmitter();
  readLines(serverStream, (line: Buffer) => session.fromServer(line, parseLine(line)));
  let cutAt = 0;
  /** Writes server bytes, cut into chunks anywhere. */
  const write = (bytes: Buffer) => {
    let from = 0;
    for (const c of cuts) {
      const at = from + ((c + cutAt) % (bytes.length - from + 1));
      if (at > from) serverStream.emit('data', bytes.subarray(from, at));
      from = Math.max(from, at);
    }
    if (from < bytes.length) serverStream.emit('data', bytes.subarray(from));
    cutAt++;
  };
  /** Client requests: key → { method, cancelled }; server lines that must reach the client as they are. */
  const requests = new Map<string, { method: string; cancelled: boolean; id: unknown }>();
  const exact: string[] = [];
  let served = 0;
  const serve = (count: number, newestFirst: boolean) => {
    for (let i = 0; i < count && queue.length > 0; i++) {
      const [id, method, params] = newestFirst ? queue.pop()! : queue.shift()!;
      const line = serverLine({ id, ...serverResult(method, params, served++) }, st);
      const asked = requests.get(key(id));
      const asIs =
        asked !== undefined &&
        !asked.cancelled &&
        !(typeof id === 'string' && id.startsWith(OWN_ID_PREFIX)) &&
        (['ping', 'custom/echo', 'prompts/list'].includes(method) ||
          (method === 'tools/call' && ['fails', 'small'].includes((params as any)?.name)));
      if (asIs) exact.push(line.subarray(0, line.length - 1).toString('hex'));
      write(line);
    }
  };
  let nextId = 1;
  for (const step of steps) {
    if (step.kind === 'serve') {
      serve(step.count, step.newestFirst);
      continue;
    }
    if (step.kind === 'noise') {
      const noise: Record<string, Buffer> = {
        bytes: Buffer.from([...step.bytes.filter((b: number) => b !== 0x0a), 0x0a]),
        truncated: Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"a":\n'),
        notification: serverLine({ method: 'notifications/message', params: { level: 'info', data: 'é/1.50' } }, st),
        'unknown-id': serverLine({ id: `nobody-${nextId++}`, result: { price: 1.5 } }, st),
        scalar: Buffer.from('42\n'),
        batch: Buffer.from(
          `[${serverLine({ method: 'notifications/progress', params: { progress: 1 } }, st)
            .toString()
            .trim()}]\n`,
        ),
        'null-id': Buffer.from('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n'),
      };
      const line = noise[step.what];
      const text = line.subarray(0, line.length - 1);
      const message = parseLine(text);
      if (message !== null && typeof message === 'object') exact.push(text.toString('hex'));
      write(line);
      continue;
    }
    let message: unknown;
    if (step.kind === 'garbage') {
      const line = Buffer.from(step.bytes.length > 0 ? step.bytes : [0x7b]);
      session.fromClient(line, parseLine(line));
      continue;
    }
    if (step.kind === 'notify') {
      message = { jsonrpc: '2.0', method: 'notifications/initialized' };
    } else if (step.kind === 'cancel') {
      const open = [...requests.values()].filter((r) => !r.cancelled);
      if (open.length === 0) continue;
      const target = open[step.which % open.length];
      target.cancelled = true;
      message = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: target.id, reason: 'test' } };
    } else {
      const n = nextId++;
      const id = step.ownLike ? `${OWN_ID_PREFIX}${n % 4}` : step.stringId ? `c-${n}` : n;
      if (requests.has(key(id))) continue;
      const params =
        step.method === 'tools/call'
          ? { name: step.tool, arguments: { size: step.size, page: 2, result: 'x' } }
          : step.method === 'resources/read'
            ? { uri: step.size % 2 ? `budget://result/${step.size}` : 'file:///a.txt' }
            : {};
      message = { jsonrpc: '2.0', id, method: step.method, params };
      requests.set(key(id), { method: step.method, cancelled: false, id });
    }
    const line = Buffer.from(JSON.stringify(message));
    session.fromClient(line, parseLine(line));
  }
  if (exits) {
    serve(queue.length >> 1, false);
    session.serverExited({ code: 1, signal: null, reason: 'boom' });
  } else {
    for (let rounds = 0; queue.length > 0 && rounds < 100; rounds++) serve(queue.length, false);
  }
  serverStream.emit('end');
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    session.idle().then(() => 'idle'),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve('hung'), HANG_MS);
    }),
  ]);
  clearTimeout(timer);
  expect(outcome).toBe('idle');
  expect(warnings.filter((w) => w.includes('internal error'))).toEqual([]);
  // Never garbage: every line to the client is one JSON-RPC message or batch, on one line.
  const answers = new Map<string, number>();
  for (const line of toClient) {
    expect(line.includes(0x0a), 'a line to the client holds a newline').toBe(false);
    const m = readClientLine(line);
    expect(typeof m === 'object' && m !== null, `not a message: ${line}`).toBe(true);
    if (!Array.isArray(m) && !Object.hasOwn(m, 'method') && Object.hasOwn(m, 'id')) {
      answers.set(key(m.id), (answers.get(key(m.id)) ?? 0) + 1);
      if (exits && requests.has(key(m.id)) && m.error?.code === SERVER_GONE) {
        expect(m.error.message).toMatch(
          /^the MCP server exited with code 1 before answering .+; its stderr says: boom$/,
        );
      }
    }
  }
  // Every request answered once (a cancelled one at most once), however the server behaved.
  for (const [k, r] of requests) {
    const count = answers.get(k) ?? 0;
    if (r.cancelled) expect(count, `${k} ${r.method}`).toBeLessThanOrEqual(1);
    else expect(count, `${k} ${r.method}`).toBe(1);
  }
  // What the session does not own reaches the client as the server's bytes (an answer held for
  // the proxy's own tools/list may go out after later ones: answers carry their ids).
  const sent = toClient.map((l) => l.toString('hex'));
  for (const line of exact) {
    const found = sent.indexOf(line);
    expect(found, `not forwarded as written: ${Buffer.from(line, 'hex')}`).not.toBe(-1);
    sent.splice(found, 1);
  }
}

describe('ProxySession on arbitrary JSON-RPC sequences and server byte streams', () => {
  it(
    'never throws, never hangs, never forwards garbage; answers every request once; forwards server lines byte for byte',
    async () => {
      let runs = 0;
      const counted = async (s: Scenario) => {
        runs++;
        await runScenario(s);
      };
      await fc.assert(fc.asyncProperty(scenario, counted), runSettings(150));
      // A campaign's figure for docs/hardening.md.
      if (process.env.PROPERTY_SECONDS) console.log(`proxy session property: ${runs} sequences`);
    },
    propertyTimeout(),
  );
});

/** A session over the default policy, what it sent each side and warned, and a way to feed it. */
function routed() {
  const toClient: string[] = [];
  const toServer: string[] = [];
  const warnings: string[] = [];
  const session = new ProxySession({
    policy: createBudgetPolicy({}),
    send: {
      client: (l: string | Buffer) => toClient.push(String(l)),
      server: (l: string | Buffer) => toServer.push(String(l)),
    },
    warn: (text: string) => warnings.push(text),
  });
  /** One line from a side: a message, or a line's text as it is. */
  const from = (side: 'fromClient' | 'fromServer', message: object | string) => {
    const line = Buffer.from(typeof message === 'string' ? message : JSON.stringify(message));
    session[side](line, parseLine(line));
  };
  return { session, toClient, toServer, warnings, from };
}

describe('ProxySession on server lines that are JSON but not a message', () => {
  it('warns about 42, "x", true and null and forwards none of them; forwards a batch as written', () => {
    const { toClient, warnings, from } = routed();
    for (const text of ['42', '"x"', 'true', 'null', '[{"jsonrpc":"2.0","method":"notifications/progress"}]']) {
      from('fromServer', text);
    }
    expect(toClient).toEqual(['[{"jsonrpc":"2.0","method":"notifications/progress"}]']);
    expect(warnings).toEqual([
      'the server wrote a line that is not JSON-RPC (2 bytes), not forwarded: "42"',
      'the server wrote a line that is not JSON-RPC (3 bytes), not forwarded: "\\"x\\""',
      'the server wrote a line that is not JSON-RPC (4 bytes), not forwarded: "true"',
      'the server wrote a line that is not JSON-RPC (4 bytes), not forwarded: "null"',
    ]);
  });
});

describe('ProxySession when the server exits while the proxy lists its tools', () => {
  it('a tools/call the server answered goes out as answered, not as "exited before answering"', async () => {
    const { session, toClient, toServer, from } = routed();
    from('fromClient', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"small","arguments":{}}}');
    from('fromClient', '{"jsonrpc":"2.0","id":2,"method":"ping"}');
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}]}}';
    from('fromServer', answer);
    // The proxy asked for the tool's schemas before budgeting; the server exits instead.
    expect(JSON.parse(toServer.at(-1)!)).toMatchObject({ id: `${OWN_ID_PREFIX}1`, method: 'tools/list' });
    session.serverExited({ code: 1, signal: null });
    await session.idle();
    expect(toClient).toEqual([
      answer,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: SERVER_GONE,
          message: 'the MCP server exited with code 1 before answering ping',
          data: { exitCode: 1, signal: null },
        },
      }),
    ]);
  });
});

describe('ProxySession when a client id is one the proxy gave another request', () => {
  it('both requests are answered, each with its own id', () => {
    const { toClient, toServer, from } = routed();
    // A held call makes the proxy list tools with its own id `…:1`.
    from('fromClient', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'small', arguments: {} } });
    from('fromServer', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } });
    // The client uses that id: its request goes to the server as `…:2`; then it uses `…:2` too.
    from('fromClient', { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}1`, method: 'ping' });
    from('fromClient', { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}2`, method: 'ping' });
    const ids = toServer.map((l) => JSON.parse(l).id);
    expect(ids).toEqual([1, `${OWN_ID_PREFIX}1`, `${OWN_ID_PREFIX}2`, `${OWN_ID_PREFIX}3`]);
    from('fromServer', { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}3`, result: { n: 3 } });
    from('fromServer', { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}2`, result: { n: 2 } });
    expect(toClient.map((l) => JSON.parse(l))).toEqual([
      { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}2`, result: { n: 3 } },
      { jsonrpc: '2.0', id: `${OWN_ID_PREFIX}1`, result: { n: 2 } },
    ]);
  });
});

describe('ProxySession when a client cancels an id the proxy uses for its own request', () => {
  it('the cancellation does not reach the server, and the held call is answered', () => {
    const { toClient, toServer, from } = routed();
    from('fromClient', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'small', arguments: {} } });
    from('fromServer', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } });
    const own = JSON.parse(toServer.at(-1)!);
    expect(own).toMatchObject({ id: `${OWN_ID_PREFIX}1`, method: 'tools/list' });
    // The client cancels a request of its own that happens to have that id (answered or not).
    from('fromClient', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: own.id } });
    expect(toServer).toHaveLength(2);
    from('fromServer', { jsonrpc: '2.0', id: own.id, result: { tools: [{ name: 'small', inputSchema: {} }] } });
    expect(toClient).toEqual(['{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}]}}']);
  });
});
