// read_result through the SDK's own Client: listed beside the server's tools, it finds a needle
// far down a kept result in one call — a log's line with its neighbours, a row of a collection
// with its index, a member of a lockfile printed as JSON — over in-memory, stdio and HTTP
// transports and on both stores (memory, a real Redis), the same answer each time. Bad input is
// an isError answer naming the argument, never a throw or a hang.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Redis } from 'ioredis';
import { memoryStore, redisStore } from 'modoki-budget';
import { startRedis, type RedisServer } from './support/redis';
import { listen, type HttpServer } from './support/http-server';
import {
  createReadResultServer,
  log,
  rows,
  LOG_LINES,
  LOG_NEEDLE_LINE,
  ROW_NEEDLE,
  ROWS,
  LOCK_NEEDLE,
  // @ts-expect-error a fixture module without types
} from './fixtures/read-result-server.mjs';
import { call, keptId, text, type Result } from './support/kept-result';

const fixture = join(__dirname, 'fixtures', 'read-result-server.mjs');
// The claudeCode preset's cap (docs/clients.md): UTF-16 chars, no token cap.
const CAP = { maxChars: 40_000 };

const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

async function inMemory(options?: Record<string, unknown>): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await createReadResultServer(options).connect(serverSide);
  const client = new Client({ name: 'read-result-test', version: '1' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

/** The page of the kept result `id` whose text holds `needle` (read as resources), and the page count. */
async function pageHolding(client: Client, id: string, needle: string): Promise<{ page: number; pages: number }> {
  const read = async (k: number) =>
    ((await client.readResource({ uri: `budget://result/${id}?page=${k}` })).contents[0] as { text: string }).text;
  const first = await read(1);
  const pages = (JSON.parse(first) as { pages: number }).pages;
  for (let k = 1; k <= pages; k++) if ((k === 1 ? first : await read(k)).includes(needle)) return { page: k, pages };
  throw new Error(`no page holds ${needle}`);
}

/** Every text of an answer within the claudeCode cap, in chars. */
function expectWithinCap(result: Result) {
  const texts = result.content.filter((b) => b.type === 'text').map((b) => b.text as string);
  expect(texts.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(CAP.maxChars);
}

const logLines = log().split('\n');
const around = (n: number) =>
  [n - 2, n - 1, n, n + 1, n + 2].map((k) => `${k}${k === n ? ':' : '-'}${logLines[k - 1]}`).join('\n');

/** The answers every transport and store must give, found once through the in-memory server. */
interface Expected {
  logMatch: string;
  rowMatch: string;
  lockMatch: string;
}

async function expected(client: Client): Promise<Expected> {
  const logs = await call(client, 'logs', { service: 'db' });
  const logAt = await pageHolding(client, keptId(logs), 'pool exhausted');
  const customers = await call(client, 'customers', {});
  const rowAt = await pageHolding(client, keptId(customers), 'Needle & Sons');
  const row = rows()[ROW_NEEDLE];
  const lock = await call(client, 'read_lockfile', {});
  const lockAt = await pageHolding(client, keptId(lock), LOCK_NEEDLE);
  const member = {
    version: '1.3.0',
    resolved: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
  };
  return {
    logMatch:
      `1 of the ${LOG_LINES} lines in the text matches "pool exhausted", on page ${logAt.page} (of ${logAt.pages}); ` +
      `each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page ${logAt.page}\n${around(LOG_NEEDLE_LINE)}`,
    rowMatch:
      `1 of the ${ROWS} items of $.rows matches "needle & sons", on page ${rowAt.page} (of ${rowAt.pages}):\n` +
      JSON.stringify({ matched: 1, shown: 1, items: [{ index: ROW_NEEDLE, page: rowAt.page, item: row }] }),
    lockMatch:
      `1 of the 6002 members of $.packages matches "left-pad", on page ${lockAt.page} (of ${lockAt.pages}):\n` +
      JSON.stringify({
        matched: 1,
        shown: 1,
        items: [{ index: 4001, key: LOCK_NEEDLE, page: lockAt.page, value: member }],
      }),
  };
}

/** The three needles found with one read_result call each, as `want` says. */
async function findsEveryNeedle(client: Client, want: Expected) {
  const logs = await call(client, 'logs', { service: 'db' });
  const found = await call(client, 'read_result', { id: keptId(logs), match: 'pool exhausted' });
  expect(found.isError).toBeUndefined();
  expect(text(found)).toBe(want.logMatch);
  const customers = await call(client, 'customers', {});
  expect(text(await call(client, 'read_result', { id: keptId(customers), match: 'needle & sons' }))).toBe(
    want.rowMatch,
  );
  const lock = await call(client, 'read_lockfile', {});
  expect(text(await call(client, 'read_result', { id: keptId(lock), match: 'left-pad' }))).toBe(want.lockMatch);
}

let want: Expected;
let memory: Client;
beforeAll(async () => {
  memory = await inMemory();
  want = await expected(memory);
}, 120_000);

describe('read_result, listed beside the server tools', () => {
  it('is listed last with alwaysLoad, read_result_page only with pageTool but answered as its alias', async () => {
    const { tools } = await memory.listTools();
    expect(tools.map((t) => t.name)).toEqual(['logs', 'customers', 'read_lockfile', 'read_result']);
    const tool = tools[3];
    expect(tool._meta).toEqual({ 'anthropic/alwaysLoad': true });
    expect(tool.annotations).toEqual({ title: 'Read inside a kept result', readOnlyHint: true, openWorldHint: false });
    expect(Object.keys(tool.inputSchema.properties as object)).toEqual(['id', 'match', 'path', 'lines', 'page']);
    expect(tool.inputSchema.required).toEqual(['id']);
    expect(tool.description).toMatch(/^Find what you need inside a tool result that was too large to send whole/);
    expect(tool.description).toContain('kept for 30 minutes after its last read');
    const logs = await call(memory, 'logs', { service: 'db' });
    const id = keptId(logs);
    const page2 = (await memory.readResource({ uri: `budget://result/${id}?page=2` })).contents[0] as { text: string };
    expect(text(await call(memory, 'read_result_page', { id, page: 2 }))).toBe(page2.text);
    expect(text(await call(memory, 'read_result', { id, page: 2 }))).toBe(page2.text);
    const paged = await inMemory({ preset: 'claudeCode', pageTool: true });
    expect((await paged.listTools()).tools.map((t) => t.name).slice(-2)).toEqual(['read_result', 'read_result_page']);
    const off = await inMemory({ preset: 'claudeCode', readResult: false });
    expect((await off.listTools()).tools.map((t) => t.name)).toEqual(['logs', 'customers', 'read_lockfile']);
    const offLogs = await call(off, 'logs', { service: 'db' });
    expect(text(offLogs)).not.toContain('read_result');
    expect((await call(off, 'read_result', { id: keptId(offLogs), match: 'x' })).isError).toBe(true);
  });

  it("the over-cap answer's first line names read_result with a call for this result, the page map under it", async () => {
    const logs = await call(memory, 'logs', { service: 'db' });
    const id = keptId(logs);
    expectWithinCap(logs);
    const [first, map] = text(logs).split('\n');
    expect(first).toBe(
      `The result is too large to show whole (${log().length} chars; the cap is 40000 chars), so this is a preview of it. ` +
        'This tool has no parameters that narrow its result; the pages hold the rest. ' +
        `Find anything in it with read_result {"id":"${id}","match":"db"} (a string or /regex/; or "path", "lines", "page" to read a part).`,
    );
    const { page, pages } = await pageHolding(memory, id, 'pool exhausted');
    expect(map).toMatch(
      new RegExp(`^Page map \\(the text, ${LOG_LINES} lines\\)(, every \\d+(st|nd|rd|th) page)?: 1: lines 1–\\d+, `),
    );
    // The page map's range for the needle's page holds the needle's line, when it is listed.
    const entry = new RegExp(`(?:^|, )${page}: lines (\\d+)–(\\d+)`).exec(map);
    if (entry !== null) {
      expect(Number(entry[1])).toBeLessThanOrEqual(LOG_NEEDLE_LINE);
      expect(Number(entry[2])).toBeGreaterThanOrEqual(LOG_NEEDLE_LINE);
    }
    expect(map).toMatch(new RegExp(`, ${pages}: lines \\d+–${LOG_LINES}\\.$`));
    const customers = await call(memory, 'customers', {});
    // A structured result's answer is JSON (the channel the preset shows): the line is its tooLarge.
    const [, rowsMap] = (JSON.parse(text(customers)) as { tooLarge: string }).tooLarge.split('\n');
    expect(rowsMap).toMatch(
      /^Page map \(items of \$\.rows by index, 60000 in all\)(, every \d+\w\w page)?: 1: 0–\d+, /,
    );
  });
});

describe('finds a needle far down in one call', () => {
  it('over the in-memory transport', async () => {
    await findsEveryNeedle(memory, want);
  });

  it('over stdio, answering exactly as in memory', async () => {
    const client = new Client({ name: 'read-result-stdio', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixture], stderr: 'ignore' }));
    clients.push(client);
    await findsEveryNeedle(client, want);
  });

  it('over Streamable HTTP; another session reads the id as an unknown one', async () => {
    // The SDK's stateful session example, a fixture server per session on the process's store.
    const served: HttpServer = await listen(await sessionHandler());
    try {
      const connect = async () => {
        const client = new Client({ name: 'read-result-http', version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
        clients.push(client);
        return client;
      };
      const [a, b] = [await connect(), await connect()];
      await findsEveryNeedle(a, want);
      const id = keptId(await call(a, 'logs', { service: 'db' }));
      const theirs = await call(b, 'read_result', { id, match: 'pool exhausted' });
      const unknown = await call(b, 'read_result', { id: 'A'.repeat(22), match: 'pool exhausted' });
      expect(theirs).toEqual({
        content: [{ type: 'text', text: `budget://result/${id}: expired or unknown result — call the tool again` }],
        isError: true,
      });
      expect(text(unknown)).toBe(`budget://result/${'A'.repeat(22)}: expired or unknown result — call the tool again`);
    } finally {
      await served.close();
    }
  });
});

/** A request handler serving the fixture as the SDK's stateful session example does. */
async function sessionHandler() {
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { isInitializeRequest } = await import('@modelcontextprotocol/sdk/types.js');
  const { randomUUID } = await import('node:crypto');
  type Req = import('node:http').IncomingMessage;
  type Res = import('node:http').ServerResponse;
  const sessions = new Map<string, InstanceType<typeof StreamableHTTPServerTransport>>();
  const body = async (req: Req) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    return raw === '' ? undefined : JSON.parse(raw);
  };
  return async (req: Req, res: Res) => {
    const id = req.headers['mcp-session-id'];
    const parsed = req.method === 'POST' ? await body(req) : undefined;
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (req.method !== 'POST' || !isInitializeRequest(parsed)) return void res.writeHead(404).end();
      const made = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid: string) => sessions.set(sid, made),
      });
      transport = made;
      await createReadResultServer().connect(made);
    }
    await transport.handleRequest(req, res, parsed);
  };
}

describe('on a real Redis', () => {
  let redis: RedisServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  }, 120_000);
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it('finds every needle as the memory store does, reading the pages a few at a time', async () => {
    const store = redisStore(client, { prefix: 'read-result:' });
    const sent: string[][] = [];
    const counting = { ...store, getPages: (id: string, o: object) => (sent.push([id]), store.getPages(id, o)) };
    const viaRedis = await inMemory({ preset: 'claudeCode', store: counting });
    await findsEveryNeedle(viaRedis, want);
    // A match reads every page, eight to a round trip: never the whole result at once.
    const logs = await call(viaRedis, 'logs', { service: 'db' });
    const { pages } = JSON.parse((await store.get(keptId(logs)))!.text as string) as { pages: number };
    sent.length = 0;
    await call(viaRedis, 'read_result', { id: keptId(logs), match: 'pool exhausted' });
    expect(sent.length).toBe(Math.ceil(pages / 8));
    // A range of lines stops at the page that ends it.
    sent.length = 0;
    const lines = await call(viaRedis, 'read_result', { id: keptId(logs), lines: '10-12' });
    expect(text(lines)).toBe(
      `Lines 10–12 of the text, on page 1:\n10\t${logLines[9]}\n11\t${logLines[10]}\n12\t${logLines[11]}`,
    );
    expect(sent.length).toBe(1);
  });

  it('says when a kept id expired, and an id of another owner reads as unknown', async () => {
    const store = redisStore(client, { prefix: 'read-result-ttl:', ttlMs: 300 });
    const short = await inMemory({ preset: 'claudeCode', store });
    const id = keptId(await call(short, 'logs', { service: 'db' }));
    await new Promise((r) => setTimeout(r, 600));
    expect(text(await call(short, 'read_result', { id, match: 'x' }))).toBe(
      `budget://result/${id}: expired result (results are kept for 300 milliseconds after their last read) — call the tool again`,
    );
    const owned = await redisStore(client, { prefix: 'read-result-owner:' }).put(['{"page":1,"pages":1,"text":"x"}'], {
      owner: 'session:a',
    });
    const other = await inMemory({ preset: 'claudeCode', store: redisStore(client, { prefix: 'read-result-owner:' }) });
    expect(text(await call(other, 'read_result', { id: owned!, match: 'x' }))).toBe(
      `budget://result/${owned}: expired or unknown result — call the tool again`,
    );
  });
});

describe('bad input is an isError answer naming the argument', () => {
  let ids: { logs: string; customers: string };
  beforeAll(async () => {
    ids = {
      logs: keptId(await call(memory, 'logs', { service: 'db' })),
      customers: keptId(await call(memory, 'customers', {})),
    };
  });

  it.each([
    [
      'an empty match',
      { match: '' },
      'match must not be empty: pass the text to look for, or /regex/ for a regular expression.',
    ],
    ['an invalid pattern', { match: '/(a+/' }, 'match: /(a+/ is not a valid regular expression: unclosed group'],
    ['a string where a match belongs', { match: 5 }, 'read_result: match must be a string, got 5.'],
    [
      'two selectors',
      { match: 'x', lines: '1-2' },
      'read_result: pass one of match, lines, not 2: each call reads one way.',
    ],
    [
      'an unknown argument',
      { query: 'x' },
      'read_result: unknown argument "query"; it takes id and one of page, match, path, lines.',
    ],
    [
      'lines past the end',
      { lines: '200001-200005' },
      'lines: "200001-200005" starts past the end: the text has 200000 lines.',
    ],
    [
      'lines that are no range',
      { lines: 'ten' },
      'lines: "ten" is not a range of lines: write "FROM-TO" with line numbers from 1 (for example "120-180").',
    ],
    ['a path into a text', { path: '$.x' }, 'path: this result is a text, not JSON: read it with match or lines.'],
    [
      'a page past the end',
      { page: 999 },
      /^read_result: page 999 is past the end: budget:\/\/result\/[\w-]{22} has pages 1 to \d+\.$/,
    ],
    ['a page that is no page', { page: 0 }, 'read_result: page must be an integer from 1, got 0.'],
  ])('%s', async (_what, args, message) => {
    const out = await call(memory, 'read_result', { id: ids.logs, ...args });
    expect(out.isError).toBe(true);
    expect(out.content).toHaveLength(1);
    if (typeof message === 'string') expect(text(out)).toBe(message);
    else expect(text(out)).toMatch(message);
  });

  it('a path into a missing key or past the end of the collection', async () => {
    const fail = async (path: string) => text(await call(memory, 'read_result', { id: ids.customers, path }));
    expect(await fail('$.rows[0].nope')).toBe('path: $.rows[0] has no key "nope"; its keys: id, name, city.');
    expect(await fail('$.nope')).toBe('path: $ has no key "nope"; its keys: rows.');
    expect(await fail('$.rows[60000]')).toBe(
      'path: $.rows[60000] is past the end: $.rows has 60000 items (indices 0 to 59999).',
    );
    expect(await fail('$.rows[5:2]')).toBe(
      'path: "$.rows[5:2]" is not a path this tool reads: [5:2] selects nothing: write [FROM:TO] with FROM below TO (TO is left out). Write $ followed by .key, ["key"], [i] or [from:to] (for example $.rows[10:20].name).',
    );
    expect(await fail('$.rows[')).toBe(
      'path: "$.rows[" is not a path this tool reads: an unclosed [. Write $ followed by .key, ["key"], [i] or [from:to] (for example $.rows[10:20].name).',
    );
    const found = await call(memory, 'read_result', { id: ids.customers, path: `$.rows[${ROW_NEEDLE}].name` });
    expect(text(found)).toMatch(
      new RegExp(
        `^\\$\\.rows\\[${ROW_NEEDLE}\\]\\.name: 1 value on page \\d+ \\(of \\d+\\):\\n\\{"matched":1,"shown":1,"items":\\[\\{"index":${ROW_NEEDLE},"page":\\d+,"path":"\\$\\.rows\\[${ROW_NEEDLE}\\]\\.name","value":"Needle & Sons"\\}\\]\\}$`,
      ),
    );
  });

  it('a pattern that backtracks catastrophically in JavaScript answers in linear time; an oversized one is refused', async () => {
    const none = await call(memory, 'read_result', { id: ids.logs, match: '/(a+)+$/' });
    expect(text(none)).toMatch(/^None of the 200000 lines in the text \(on \d+ pages\) matches \/\(a\+\)\+\$\/\.$/);
    const huge = await call(memory, 'read_result', { id: ids.logs, match: '/((a{100}){100}){100}/' });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toBe(
      'match: /((a{100}){100}){100}/ is refused: its automaton would be over 1048576 bytes. Make it smaller (fewer or shorter counted repetitions such as {1000}).',
    );
  });

  it('an unknown id, and an id that expired', async () => {
    expect(await call(memory, 'read_result', { id: 'nope', match: 'x' })).toEqual({
      content: [{ type: 'text', text: 'budget://result/nope: expired or unknown result — call the tool again' }],
      isError: true,
    });
    let now = 0;
    const clocked = await inMemory({ preset: 'claudeCode', store: memoryStore({ ttlMs: 1000, now: () => now }) });
    const id = keptId(await call(clocked, 'logs', { service: 'db' }));
    now = 5000;
    expect(text(await call(clocked, 'read_result', { id, lines: '1-2' }))).toBe(
      `budget://result/${id}: expired result (results are kept for 1 second after their last read) — call the tool again`,
    );
  });

  it('a selector sent as null is one not given (strict function calling fills every parameter)', async () => {
    const nulls = { page: null, path: null, lines: null };
    expect(text(await call(memory, 'read_result', { id: ids.logs, match: 'pool exhausted', ...nulls }))).toBe(
      want.logMatch,
    );
    const page1 = await call(memory, 'read_result', { id: ids.logs, page: 1 });
    expect(await call(memory, 'read_result', { id: ids.logs, match: null, ...nulls })).toEqual(page1);
  });

  it('an answer over the budget counts every item found, those it leaves out too', async () => {
    const many = await call(memory, 'read_result', { id: ids.customers, match: 'customer' });
    const [head, json] = text(many).split('\n');
    const { matched, shown, notShown, items } = JSON.parse(json) as {
      matched: number;
      shown: number;
      notShown: string;
      items: Array<{ index: number }>;
    };
    expect(head).toMatch(
      new RegExp(
        `^${ROWS - 1} of the ${ROWS} items of \\$\\.rows match "customer", on all \\d+ pages; ${shown} of them are shown, the first and the last:$`,
      ),
    );
    expect([matched, items.length]).toEqual([ROWS - 1, shown]);
    expect(notShown).toMatch(new RegExp(`^${ROWS - 1 - shown} between items \\d+ and \\d+$`));
    expect(items.at(-1)!.index).toBe(ROWS - 1);
    const slice = await call(memory, 'read_result', { id: ids.customers, path: '$.rows[0:10000]' });
    expect(text(slice)).toMatch(
      /^\$\.rows\[0:10000\]: 10000 values on \d+ pages from 1 to \d+ \(of \d+\); \d+ of them are shown/,
    );
  });

  it('an answer over the budget shows its count and the first and the last, within the cap', async () => {
    const many = await call(memory, 'read_result', { id: ids.logs, match: 'INFO' });
    expectWithinCap(many);
    const answer = text(many);
    expect(answer).toMatch(
      /^199999 of the 200000 lines in the text match "INFO", on all \d+ pages; each is shown with up to 2 lines around it \(N: the match, N- a line around it\); \d+ of them are shown, the first and the last:\n-- page 1\n1:/,
    );
    expect(answer).toMatch(
      /\n-- \d+ more matching lines not shown, between lines \d+ and \d+: a longer match, or lines "\d+-\d+", narrows it\n/,
    );
    expect(answer.endsWith(`\n200000:${logLines[199_999]}`)).toBe(true);
  });
});
