// Server lines read off the main thread (node/proxy/far-lines.cjs): a line past far.above goes
// to a worker as it arrives; the session routes the worker's stand-in of it; what reaches the
// client is exactly what the main thread would have sent — the budgeted answer, the server's
// own bytes, the pages — and lines after it are not held behind it.
import { afterAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { linkOf, previewAnswer, readSentence } from './support/preview-answer';

const require = createRequire(import.meta.url);
const { readLines, HOLD_ABOVE } = require('../node/proxy/lines.cjs');
const { farLines, FarLine } = require('../node/proxy/far-lines.cjs');
const { ProxySession } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

const CAP = 1000;
const options = { maxChars: CAP };
const policy = createBudgetPolicy(options);
const pool = farLines({ options, store: policy.store });
const far = { above: 1 << 20, ...pool };
afterAll(() => pool.close());

/** The lines of `bytes` as readLines with `far` gives them, in the order they reach onLine. */
function framed(bytes: Buffer): Promise<Array<Buffer | InstanceType<typeof FarLine>>> {
  return new Promise((resolve) => {
    const stream = new PassThrough();
    const lines: Array<Buffer | InstanceType<typeof FarLine>> = [];
    readLines(
      stream,
      (line: Buffer) => lines.push(line),
      () => resolve(lines),
      { holdAbove: HOLD_ABOVE, far },
    );
    for (let at = 0; at < bytes.length; at += 65_536) stream.write(bytes.subarray(at, at + 65_536));
    stream.end();
  });
}

const rowsText = (n: number) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, name: `row-${i}`, note: 'x'.repeat(40) })));
const answerLine = (id: number, text: string) =>
  `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}]}}`;

describe('readLines with far', () => {
  it('a line past far.above reaches onLine once read in its worker; the lines after it do not wait', async () => {
    const big = answerLine(1, rowsText(40_000));
    const broken = `{"jsonrpc":"2.0","id":2,"result":{"v":NaN,"pad":"${'y'.repeat(2 << 20)}"}}`;
    const lines = await framed(Buffer.from(`{"a":1}\n${big}\n${broken}\n{"b":2}\n`));
    expect(lines.map((l) => (l instanceof FarLine ? 'far' : l.toString()))).toEqual([
      '{"a":1}',
      '{"b":2}',
      'far',
      'far',
    ]);
    const [first, second] = lines.slice(2) as Array<InstanceType<typeof FarLine>>;
    const [read, bad] = first.length === Buffer.byteLength(big) ? [first, second] : [second, first];
    expect(read.message.id).toBe(1);
    expect(read.subarray(0, 20).toString()).toBe(big.slice(0, 20));
    expect((await read.bytes()).toString()).toBe(big);
    expect(bad.message).toBeUndefined();
    expect(bad.broken).toEqual({
      id: 2,
      reason: `it writes NaN at byte ${broken.indexOf('NaN')}, a number JSON has no text for`,
    });
  });
});

describe('ProxySession with far lines', () => {
  /** What a session sends the client for the server line `line` answering a tools/call of `rows`. */
  async function answered(line: string, useFar: boolean): Promise<string> {
    const out: string[] = [];
    const session = new ProxySession({
      policy,
      send: { client: (l: string | Buffer) => void out.push(String(l)), server: () => {} },
    });
    session.surface.tools.learn({ tools: [{ name: 'rows', inputSchema: { type: 'object' } }] });
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'rows', arguments: {} } };
    session.fromClient(JSON.stringify(request), request);
    const stream = new PassThrough();
    const done = new Promise<void>((resolve) =>
      readLines(
        stream,
        (l: Buffer) => session.fromServer(l, require('../node/proxy/lines.cjs').parseLine(l)),
        resolve,
        {
          holdAbove: HOLD_ABOVE,
          ...(useFar ? { far } : {}),
        },
      ),
    );
    stream.end(`${line}\n`);
    await done;
    await session.idle();
    return out.join('\n');
  }

  it('an over-cap result budgeted in its worker is the answer the main thread gives, with pages in the store', async () => {
    const line = answerLine(1, rowsText(40_000));
    const [near, farAway] = [await answered(line, false), await answered(line, true)];
    const id = (text: string) => /budget:\/\/result\/([A-Za-z0-9_-]+)/.exec(text)![1];
    expect(farAway.replaceAll(id(farAway), 'ID')).toBe(near.replaceAll(id(near), 'ID'));
    const page = await policy.readResource(`budget://result/${id(farAway)}?page=1`);
    expect(page.contents[0].text.length).toBeLessThanOrEqual(CAP);
  });

  it('a large result the policy leaves as it is goes out as the server’s own bytes', async () => {
    const image = { type: 'image', data: 'A'.repeat(3 << 20), mimeType: 'image/png' };
    const line = `{"jsonrpc":"2.0","id":1,"result":{"content":[${JSON.stringify(image)},{"type":"text","text":"ok"}]}}`;
    expect(await answered(line, true)).toBe(line);
  });
});

describe('proxy --html with a result read in a worker', () => {
  it('draws the treemap of a 2 MB result from the fields its worker measured', async () => {
    const { lineClient, bin, lineServer, initializeParams } = await import('./support/line-client');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const html = join(mkdtempSync(join(tmpdir(), 'far-html-')), 'session.html');
    const client = lineClient([bin, 'proxy', '--html', html, '--', process.execPath, lineServer]);
    await client.request('initialize', initializeParams);
    const { message } = await client.request('tools/call', { name: 'big', arguments: { mb: 2 } });
    // The over-cap line (the call's one argument a number, so read_result's example looks for
    // `error`), then the page map of the text's lines.
    const { id, map } = linkOf(message.result)!;
    const [line, second] = (message.result.content[0].text as string).split('\n');
    expect(line).toBe(
      'The result is too large to show whole (2097152 chars; the cap is 60000 chars), so this is a preview of it. ' +
        `This tool has no parameters that narrow its result; the pages hold the rest. ${readSentence(id, { mb: 2 })}`,
    );
    expect(second).toBe(map);
    expect(map).toMatch(/^Page map \(the text, \d+ lines\), every 2nd page: 1: lines 1–\d+, 3: lines \d+–\d+, /);
    client.child.stdin.end();
    await client.exit;
    const page = readFileSync(html, 'utf8');
    const treemap = page.slice(page.indexOf('data-treemap="costliest.0"'));
    expect(treemap.match(/<div class="cell" data-path="lines \d+–\d+"/g)!.length).toBeGreaterThan(3);
  });
});

describe('proxy --url with a result past far.above', () => {
  it('budgets a 3 MB answer of the remote server in a worker: the preview and its pages', async () => {
    const { lineClient, bin, initializeParams } = await import('./support/line-client');
    const { mcpHttpServer } = await import('./support/http-server');
    const text = rowsText(60_000);
    expect(text.length).toBeGreaterThan(3 << 20);
    const upstream = await mcpHttpServer((mcp) => {
      mcp.registerTool('rows', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text }] }));
    });
    const client = lineClient([bin, 'proxy', '--max-chars', String(CAP), '--url', upstream.url]);
    try {
      await client.request('initialize', initializeParams);
      const { message: listed } = await client.request('tools/list', {});
      const { inputSchema } = listed.result.tools.find((t: { name: string }) => t.name === 'rows');
      const { message } = await client.request('tools/call', { name: 'rows', arguments: {} });
      // The JSON answer for the rows the text holds, as the main thread would make it.
      expect(message.result.content[0].text).toBe(
        previewAnswer(JSON.parse(text), { maxChars: CAP, args: {}, inputSchema, link: linkOf(message.result) }),
      );
      const link = message.result.content.find((b: { type: string }) => b.type === 'resource_link');
      const { message: page } = await client.request('resources/read', { uri: `${link.uri}?page=1` });
      expect(JSON.parse(page.result.contents[0].text).page).toBe(1);
    } finally {
      client.child.stdin.end();
      await client.exit;
      await upstream.close();
    }
  });
});
