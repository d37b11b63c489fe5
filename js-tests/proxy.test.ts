// `modoki-budget proxy` as a real process in front of a server that fails in every way the spec
// names, driven over real stdio by a client that keeps the exact lines it receives.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens, encode } from 'modoki-budget';
import { loggedRows } from './support/proxy-log';
import { reassemble } from './support/reassemble';
import { linkOf, previewAnswer } from './support/preview-answer';
import {
  alive,
  bin,
  channelTexts,
  initializeParams,
  lineClient,
  lineServer,
  within,
  type LineClient,
} from './support/line-client';

const started: LineClient[] = [];
afterEach(() => {
  for (const c of started.splice(0))
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
});

function proxy(flags: string[], serverFlags: string[] = [], command = [process.execPath, lineServer, ...serverFlags]) {
  const client = lineClient([bin, 'proxy', ...flags, '--', ...command]);
  started.push(client);
  return client;
}
function direct(serverFlags: string[] = []) {
  const client = lineClient([lineServer, ...serverFlags]);
  started.push(client);
  return client;
}
const call = (c: LineClient, name: string, args: object = {}, id?: number | string) =>
  c.request('tools/call', { name, arguments: args }, id);
const tmp = () => mkdtempSync(join(tmpdir(), 'proxy-test-'));

describe('proxy: faults', () => {
  it('a command that cannot start: one line on stderr, exit 2', () => {
    const r = spawnSync(process.execPath, [bin, 'proxy', '--', '/no/such/server', '--flag'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('modoki-budget proxy: cannot start "/no/such/server": ENOENT\n');
  });

  it('a log that cannot be written: a usage error before the server starts', () => {
    const r = spawnSync(
      process.execPath,
      [bin, 'proxy', '--log', '/no/such/dir/calls.jsonl', '--', process.execPath, lineServer],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('modoki-budget proxy: cannot write the log /no/such/dir/calls.jsonl: ENOENT\n');
  });

  it('no command: a usage error; a command without -- starts at its first word that is not an option', async () => {
    const none = spawnSync(process.execPath, [bin, 'proxy'], { encoding: 'utf8', timeout: 20_000 });
    expect(none.status).toBe(2);
    expect(none.stderr).toBe(
      'modoki-budget proxy: missing the server command: give it after the options, as in `npx -y @modelcontextprotocol/server-memory` (a -- before it is optional), or pass --server "<command>"\n',
    );
    // As npx and env take theirs: `proxy --max-chars 2000 node server.js --flag`, the server's
    // own options after its first word. A client that drops the -- it was given gets this.
    for (const [args, unit] of [
      [['--max-chars', '2000', process.execPath, lineServer], 'chars'],
      [['--max-chars=2000', '--', process.execPath, lineServer], 'chars'],
      [['--max-bytes', '2000', '--channel', 'structured', process.execPath, lineServer], 'bytes'],
    ] as const) {
      const c = lineClient([bin, 'proxy', ...args], { timeoutMs: 60_000 });
      started.push(c);
      await c.request('initialize', initializeParams);
      const got = (await c.request('tools/call', { name: 'dump', arguments: { n: 3000 } })).message.result;
      expect(Buffer.byteLength(got.content[0].text)).toBeLessThanOrEqual(2000);
      expect(JSON.parse(got.content[0].text)).toMatchObject({ code: 'TOO_LARGE', cap: 2000, unit });
    }
    // A flag the proxy does not know, before the command, is still a usage error.
    const unknown = spawnSync(process.execPath, [bin, 'proxy', '--max-char', '2000', 'node', 'server.js'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^modoki-budget proxy: Unknown option '--max-char'\./);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the server dies mid-call: every pending call gets an error naming the exit code, and the proxy exits with it', async () => {
    const c = proxy(['--measure-only']);
    await c.request('initialize', initializeParams);
    const hung = call(c, 'hang', {}, 'h-1');
    const hung2 = call(c, 'hang', {}, 77);
    const crash = call(c, 'crash', { code: 9 }, 5);
    const answers = await within(Promise.all([hung, hung2, crash]), 15_000, 'errors for the pending calls');
    for (const [{ message }, id, method] of answers.map((a, i) => [a, ['h-1', 77, 5][i], 'tools/call'] as const)) {
      expect(message).toEqual({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32000,
          message: `the MCP server exited with code 9 before answering ${method}`,
          data: { exitCode: 9, signal: null },
        },
      });
    }
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 9, signal: null });
  });

  it('a server that exits on start: the proxy exits with its code', async () => {
    const c = proxy([], ['--exit-on-start', '4']);
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 4, signal: null });
  });

  it('a non-JSON line on the server stdout is reported on stderr and never forwarded', async () => {
    const c = proxy(['--measure-only'], ['--garbage-first']);
    await c.request('initialize', initializeParams);
    const { message } = await call(c, 'garbage');
    expect(message.result).toEqual({ content: [{ type: 'text', text: 'after garbage' }] });
    expect(c.lines.some((l) => l.includes('garbage before') || l.includes('not json-rpc'))).toBe(false);
    // stderr is another pipe: the warning may reach this process after the answer on stdout.
    const warned = 'not forwarded: "this is not json-rpc"\n';
    for (const deadline = Date.now() + 5000; !c.stderr().includes(warned) && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(c.stderr()).toContain(
      'modoki-budget proxy: the server wrote a line that is not JSON-RPC (23 bytes), not forwarded: "garbage before anything"\n',
    );
    expect(c.stderr()).toContain(
      'modoki-budget proxy: the server wrote a line that is not JSON-RPC (20 bytes), not forwarded: "this is not json-rpc"\n',
    );
  });

  it('the client closes stdin: the server is terminated and no process is left', async () => {
    const c = proxy(['--measure-only']);
    await c.request('initialize', initializeParams);
    const pid = Number((await call(c, 'pid')).message.result.content[0].text);
    expect(alive(pid)).toBe(true);
    c.child.stdin.end();
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
  });

  it('SIGTERM to the proxy: the server is shut down the same way, and the proxy exits with its code', async () => {
    const c = proxy(['--measure-only']);
    await c.request('initialize', initializeParams);
    const pid = Number((await call(c, 'pid')).message.result.content[0].text);
    c.child.kill('SIGTERM');
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
    expect(c.stderr()).toContain('modoki-budget proxy: 1 call, ');
  });

  it('a server that ignores stdin closing and SIGTERM is killed; a hung call still gets its error', async () => {
    const c = proxy(['--measure-only'], ['--stubborn']);
    await c.request('initialize', initializeParams);
    const pid = Number((await call(c, 'pid')).message.result.content[0].text);
    const hung = call(c, 'hang', {}, 'stuck');
    await new Promise((r) => setTimeout(r, 100));
    c.child.stdin.end();
    const { message } = await within(hung, 15_000, 'the hung call');
    expect(message.error).toEqual({
      code: -32000,
      message: 'the MCP server was killed by SIGKILL before answering tools/call',
      data: { exitCode: null, signal: 'SIGKILL' },
    });
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 137, signal: null });
    expect(alive(pid)).toBe(false);
  });
});

describe('proxy: everything passes through', () => {
  it('--measure-only forwards the server bytes unchanged, and logs what it measured', async () => {
    const dir = tmp();
    const log = join(dir, 'calls.jsonl');
    const d = direct();
    const p = proxy(['--measure-only', '--log', log]);
    const steps: Array<[string, object]> = [
      ['initialize', initializeParams],
      ['tools/list', {}],
      ['resources/templates/list', {}],
      ['ping', {}],
      ['tools/call', { name: 'dump', arguments: { n: 300 } }],
      ['tools/call', { name: 'echo', arguments: { text: 'ünïcødé 😀 "quoted"' } }],
      ['tools/call', { name: 'big', arguments: { mb: 2 } }],
      ['tools/call', { name: 'nope', arguments: {} }],
    ];
    for (const [method, params] of steps) {
      const a = await d.request(method, params);
      const b = await p.request(method, params);
      expect(b.line).toBe(a.line);
    }
    const rows = await loggedRows(p, log, 10_000);
    expect(rows.map((r) => r.tool)).toEqual(['dump', 'echo', 'big']);
    const sent = d.lines.slice(4, 7).map((l) => channelTexts(JSON.parse(l).result));
    rows.forEach((row, i) => {
      const chars = sent[i].reduce((n, t) => n + t.length, 0);
      const tokens = sent[i].reduce((n, t) => n + countTokens(t), 0);
      expect(row).toMatchObject({
        charsIn: chars,
        tokensIn: tokens,
        charsOut: chars,
        tokensOut: tokens,
        elided: false,
      });
      expect(row.ms).toBeGreaterThan(0);
    });
    const total = rows.reduce((s, r) => s + r.tokensIn, 0);
    expect(p.stderr()).toContain(
      `modoki-budget proxy: 3 calls, ${total.toLocaleString('en-US')} tokens received, ${total.toLocaleString('en-US')} forwarded (0.0% saved), 0 elided\n`,
    );
    expect(p.stderr()).toMatch(/ {2}costliest tools: big \d[\d,]* → \d[\d,]* tokens \(1 call\); dump .*; echo /);
  });

  it('server-to-client requests, their answers and progress notifications pass both ways unchanged', async () => {
    const p = proxy(['--measure-only']);
    let seen: any;
    p.onRequest((m) => {
      seen = m;
      p.send({
        jsonrpc: '2.0',
        id: m.id,
        result: { role: 'assistant', content: { type: 'text', text: 'pong' }, model: 'm' },
      });
    });
    await p.request('initialize', initializeParams);
    p.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const { message } = await call(p, 'ask', { _meta: { progressToken: 'tok' } });
    expect(seen).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
    });
    expect(message.result.content[0].text).toBe(
      'client said: {"role":"assistant","content":{"type":"text","text":"pong"},"model":"m"}',
    );
    expect(p.lines).toContain(
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":1,"total":2}}',
    );
  });

  it('the server sees exactly the ids the client chose, string and number alike', async () => {
    const p = proxy(['--measure-only']);
    await p.request('initialize', initializeParams, 'init');
    await p.request('ping', {}, 0);
    await p.request('ping', {}, 'modoki-budget-proxy:1');
    const { message } = await call(p, 'id_probe', {}, -3);
    expect(JSON.parse(message.result.content[0].text)).toEqual(['init', 0, 'modoki-budget-proxy:1', -3]);
  });
});

describe('proxy: the budget', () => {
  const readPages = async (c: LineClient, uri: string) => {
    const first = await c.request('resources/read', { uri: `${uri}?page=1` });
    const pages = [first.message.result.contents[0].text as string];
    const count = JSON.parse(pages[0]).pages as number;
    for (let k = 2; k <= count; k++)
      pages.push((await c.request('resources/read', { uri: `${uri}?page=${k}` })).message.result.contents[0].text);
    return pages;
  };

  it('an over-cap structured result becomes a success, its JSON answer in both channels, with a link whose pages reassemble to the direct result', async () => {
    const d = direct();
    const p = proxy([]);
    await d.request('initialize', initializeParams);
    await p.request('initialize', initializeParams);
    const { tools } = (await p.request('tools/list', {})).message.result;
    const want = (await call(d, 'dump', { n: 3000 })).message.result;
    const got = (await call(p, 'dump', { n: 3000 })).message.result;
    expect(got.isError).toBeUndefined();
    // The preview of the structured value, ranked by the call's arguments and hinted from the
    // inputSchema the proxy forwarded.
    const inputSchema = tools.find((t: { name: string }) => t.name === 'dump').inputSchema;
    expect(got.content[0].text).toBe(
      previewAnswer(want.structuredContent, { maxChars: 60_000, args: { n: 3000 }, inputSchema, link: linkOf(got) }),
    );
    expect(got.structuredContent).toEqual(JSON.parse(got.content[0].text));
    // Its line: read_result's example looks for `error` (the one argument is a number), then the
    // page map of the 3,000 rows.
    const size = JSON.stringify(want.structuredContent).length;
    const { id, pages: count, map } = linkOf(got)!;
    expect(map).toMatch(
      new RegExp(`^Page map \\(items of \\$\\.rows by index, 3000 in all\\): 1: 0–\\d+, .*, ${count}: \\d+–2999\\.$`),
    );
    const line =
      `The result is too large to show whole (${size} chars; the cap is 60000 chars), so this is a preview of it. ` +
      'This tool has no parameters that narrow its result; the pages hold the rest. ' +
      `Find anything in it with read_result {"id":"${id}","match":"error"} (a string or /regex/; or "path", "lines", "page" to read a part).\n${map}`;
    const head = `{"tooLarge":${JSON.stringify(line)},"code":"TOO_LARGE","size":${size},"cap":60000,"unit":"chars","preview":{"rows":{"_cut":{"total":3000,`;
    expect(got.content[0].text.slice(0, head.length)).toBe(head);
    expect(got.content[0].text.length).toBeLessThanOrEqual(60_000);
    const link = got.content[1];
    expect(link).toMatchObject({ type: 'resource_link', mimeType: 'application/json' });
    const pages = await readPages(p, link.uri);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(60_000);
    expect(reassemble(pages)).toEqual(want.structuredContent);
    expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(want.structuredContent));
    // --no-preview: encode's envelope of the same value, and the same pages.
    const plain = proxy(['--no-preview']);
    await plain.request('initialize', initializeParams);
    await plain.request('tools/list', {});
    const enveloped = (await call(plain, 'dump', { n: 3000 })).message.result;
    expect(enveloped.isError).toBeUndefined();
    expect(enveloped.content[0].text).toBe(encode(want.structuredContent, { maxChars: 60_000 }));
    expect(enveloped.structuredContent).toEqual(JSON.parse(enveloped.content[0].text));
    expect(await readPages(plain, enveloped.content[1].uri)).toEqual(pages);
  });

  it('--preview and --no-preview together are a usage error', () => {
    const run = spawnSync(
      process.execPath,
      [bin, 'proxy', '--preview', '--no-preview', '--', process.execPath, lineServer],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('modoki-budget proxy: --preview and --no-preview cannot go together\n');
  });

  it('a text result under the cap is the server bytes; a structured one gets its compact copy', async () => {
    const d = direct();
    const p = proxy([]);
    await d.request('initialize', initializeParams);
    await p.request('initialize', initializeParams);
    const text = 'line 1\n  indented {"json": true}\n\ttab ünï 😀';
    expect((await call(p, 'echo', { text })).line).toBe((await call(d, 'echo', { text })).line);
    const small = (await call(p, 'dump', { n: 3 })).message.result;
    expect(small.content[0].text).toBe(JSON.stringify(small.structuredContent));
    expect(small.structuredContent).toEqual((await call(d, 'dump', { n: 3 })).message.result.structuredContent);
  });

  it('a tool it has not seen listed: the proxy lists the tools itself, under an id of its own, before it budgets', async () => {
    const p = proxy([]);
    await p.request('initialize', initializeParams);
    const got = (await call(p, 'dump', { n: 3000 }, 'modoki-budget-proxy:1')).message.result;
    expect(got.structuredContent).toMatchObject({ code: 'TOO_LARGE' });
    const ids = JSON.parse((await call(p, 'id_probe', {}, 9)).message.result.content[0].text);
    expect(ids).toEqual([1, 'modoki-budget-proxy:1', 'modoki-budget-proxy:2', 9]);
  });

  it('adds the resources capability and its template; merges the template into the server list', async () => {
    const bare = proxy([], ['--no-resources']);
    const init = (await bare.request('initialize', initializeParams)).message.result;
    expect(init.capabilities).toEqual({ tools: {}, resources: {} });
    const templates = (await bare.request('resources/templates/list', {})).message.result.resourceTemplates;
    expect(templates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual(['budget://result/{id}']);
    expect((await bare.request('resources/list', {})).message.result).toEqual({ resources: [] });

    const withResources = proxy([]);
    expect((await withResources.request('initialize', initializeParams)).message.result.capabilities).toEqual({
      tools: {},
      resources: {},
    });
    const merged = (await withResources.request('resources/templates/list', {})).message.result.resourceTemplates;
    expect(merged.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      'file:///{path}',
      'budget://result/{id}',
    ]);
    const unknown = await withResources.request('resources/read', { uri: 'budget://result/0123456789ab?page=1' });
    expect(unknown.message.error).toEqual({
      code: -32602,
      message: 'budget://result/0123456789ab: expired or unknown result — call the tool again',
      data: { code: 'UNKNOWN_RESULT', uri: 'budget://result/0123456789ab?page=1' },
    });
    const theirs = await withResources.request('resources/list', {});
    expect(theirs.message.result).toEqual({ resources: [{ uri: 'file:///a.txt', name: 'a' }] });
  });

  it('--page-tool: read_result_page follows the last tools/list page and serves the same pages', async () => {
    const p = proxy(['--page-tool'], ['--tools-pages', '2']);
    await p.request('initialize', initializeParams);
    const first = (await p.request('tools/list', {})).message.result;
    const last = (await p.request('tools/list', { cursor: first.nextCursor })).message.result;
    expect(first.tools.map((t: { name: string }) => t.name)).not.toContain('read_result_page');
    expect(last.tools.at(-1).name).toBe('read_result_page');
    const got = (await call(p, 'big', { mb: 0.2 })).message.result;
    expect(got.isError).toBeUndefined();
    const id = got.content[1].uri.slice('budget://result/'.length);
    const page = (await call(p, 'read_result_page', { id, page: 1 })).message.result;
    const viaResource = (await p.request('resources/read', { uri: `budget://result/${id}?page=1` })).message.result
      .contents[0].text;
    expect(page.content[0].text).toBe(viaResource);
  });

  it('the log counts what the server sent and what was forwarded, in real tokens', async () => {
    const log = join(tmp(), 'calls.jsonl');
    const d = direct();
    const p = proxy(['--preset', 'claudeCode', '--log', log]);
    await d.request('initialize', initializeParams);
    await p.request('initialize', initializeParams);
    await p.request('tools/list', {});
    const sent = channelTexts((await call(d, 'dump', { n: 1500 })).message.result);
    const forwarded = (await call(p, 'dump', { n: 1500 })).message.result;
    const uri = forwarded.content[1].uri as string;
    const page2 = (await p.request('resources/read', { uri: `${uri}?page=2` })).message.result.contents[0].text;
    await p.request('resources/read', { uri: 'budget://result/0123456789ab' });
    const [row, pageRow, ...more] = await loggedRows(p, log, 10_000);
    // The page read is logged (the failed read is not), counted as the calls are.
    expect(more).toEqual([]);
    expect(pageRow).toEqual({
      kind: 'page',
      tool: 'dump',
      resultId: uri.slice('budget://result/'.length),
      page: 2,
      chars: page2.length,
      tokens: countTokens(page2),
      ms: pageRow.ms,
      at: pageRow.at,
    });
    expect(pageRow.at).toBeGreaterThan(row.at);
    const out = forwarded.content
      .filter((b: { type: string }) => b.type === 'text')
      .map((b: { text: string }) => b.text);
    expect(row).toMatchObject({
      tool: 'dump',
      charsIn: sent.reduce((n, t) => n + t.length, 0),
      tokensIn: sent.reduce((n, t) => n + countTokens(t), 0),
      charsOut: out.reduce((n: number, t: string) => n + t.length, 0),
      tokensOut: out.reduce((n: number, t: string) => n + countTokens(t), 0),
      elided: true,
    });
    expect(row.tokensOut).toBeLessThanOrEqual(10_000);
    expect(Object.keys(row)).toEqual([
      'kind',
      'tool',
      'charsIn',
      'tokensIn',
      'charsOut',
      'tokensOut',
      'elided',
      'ms',
      'policyMs',
      'at',
    ]);
  });

  // Whole-process peak RSS growth, measured here at 4.6x the result alone and up to 5.7x while
  // other suites run beside it (the collector runs later): the line's bytes, its decoded text
  // and its parsed copy (~2.5x, transient) and the token counter's UTF-8 scratch in WebAssembly
  // memory (node/tokens.cjs reserves 3 bytes per char and keeps it). The bound catches another
  // whole copy on any of these paths; docs/proxy.md gives the breakdown.
  it('a 100 MB result: the client gets its preview, and the proxy memory stays bounded', async () => {
    // The proxy counts every token it received and previews the whole text: minutes on a loaded machine.
    const p = lineClient([bin, 'proxy', '--', process.execPath, lineServer], { timeoutMs: 300_000 });
    started.push(p);
    await p.request('initialize', initializeParams);
    await p.request('tools/list', {});
    const hwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'))![1]) * 1024;
    const before = hwm();
    const { message, line } = await call(p, 'big', { mb: 100 });
    const grew = hwm() - before;
    expect(line.length).toBeLessThan(70_000);
    const head = message.result.content[0].text as string;
    expect(head.slice(0, head.indexOf('\n'))).toBe(
      'The result is too large to show whole (104857600 chars; the cap is 60000 chars), so this is a preview of it. ' +
        'This tool has no parameters that narrow its result; the rest could not be kept, so there are no pages to read.',
    );
    expect(head).toMatch(
      /\n00000000 INFO request served path=\/api\/items\/0 status=200 bytes=0\n[^]*\n…\[lines \d+–\d+ of \d+ not shown; \d+ lines, 104857600 chars in all\]\n[^]*\n\d{8} INFO request served [^\n]*\n[^\n]*$/,
    );
    expect(head.length).toBeLessThanOrEqual(60_000);
    expect(countTokens(head)).toBeLessThanOrEqual(2_000 + 60);
    // Larger than the whole page store (32 MB by default), so it is not kept: no link.
    expect(message.result.content).toHaveLength(1);
    expect(grew).toBeLessThan(7 * 100 * 1024 * 1024);
    console.log(`proxy peak RSS growth on a 100 MB result: ${(grew / 1024 / 1024).toFixed(0)} MB`);
  });
});
