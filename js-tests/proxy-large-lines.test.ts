// The proxy's large lines (past HOLD_ABOVE, 4 MB): read from the server as text
// decoded while they arrive (a HeldLine) when they are UTF-8, exactly as bytes when they are
// not, and let go of before the policy runs when the policy rewrites the result anyway — a
// result that passes unchanged still goes out as the server's own bytes.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';

const require = createRequire(import.meta.url);
const { readLines, parseLine, HeldLine, lineData, GATHER_ABOVE, HOLD_ABOVE } = require('../node/proxy/lines.cjs');
const { ProxySession } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

type Line = Buffer | InstanceType<typeof HeldLine>;

/** Feeds `bytes` in 65,536-byte chunks shifted by one byte each (so multi-byte characters are cut). */
function framed(bytes: Buffer): Promise<{ lines: Line[]; rest: Buffer }> {
  return new Promise((resolve) => {
    const stream = new PassThrough();
    const lines: Line[] = [];
    readLines(
      stream,
      (line: Line) => lines.push(line),
      (rest: Buffer) => resolve({ lines, rest }),
      {
        holdAbove: HOLD_ABOVE,
      },
    );
    for (let at = 0, i = 0; at < bytes.length; i++) {
      const end = Math.min(bytes.length, at + 65_536 + (i % 3));
      stream.write(bytes.subarray(at, end));
      at = end;
    }
    stream.end();
  });
}

const bytesOf = (line: Line) => (line instanceof HeldLine ? Buffer.from(line.text, 'utf8') : line);
// Past the threshold, with characters of one to four UTF-8 bytes.
const huge = `{"t":"${'ab😀é€'.repeat(Math.ceil(GATHER_ABOVE / 11) + 1000)}"}`;

describe('readLines with holdAbove', () => {
  it('a large UTF-8 line is a HeldLine whose text is the line; small lines stay Buffers', async () => {
    const bytes = Buffer.from(`{"x":1}\n${huge}\n{"y":2}\n`, 'utf8');
    const { lines, rest } = await framed(bytes);
    expect(rest.length).toBe(0);
    expect(lines.map((l) => l instanceof HeldLine)).toEqual([false, true, false]);
    const held = lines[1] as InstanceType<typeof HeldLine>;
    expect(held.text === huge).toBe(true);
    expect(held.length).toBe(Buffer.byteLength(huge));
    // An excerpt of its bytes, cut inside a character as a Buffer's would be.
    expect(Buffer.compare(held.subarray(3, 9), Buffer.from(huge, 'utf8').subarray(3, 9))).toBe(0);
    expect(parseLine(held)).toEqual(JSON.parse(huge));
    expect(lineData(held) === huge).toBe(true);
    expect(lines[0].toString()).toBe('{"x":1}');
  });

  it('a large line that is not UTF-8 comes out as its exact bytes, wherever the bad byte is', async () => {
    const good = Buffer.from(huge, 'utf8');
    for (const at of [100, HOLD_ABOVE - 3, GATHER_ABOVE + 5, good.length - 10]) {
      const bad = Buffer.from(good);
      bad[at] = 0xff;
      const { lines } = await framed(Buffer.concat([bad, Buffer.from('\n')]));
      expect(lines.length).toBe(1);
      expect(lines[0] instanceof HeldLine).toBe(false);
      expect(Buffer.compare(lines[0] as Buffer, bad)).toBe(0);
    }
  });

  it('a large line cut inside its last character, or left unterminated, stays bytes', async () => {
    const cut = Buffer.concat([Buffer.from(huge, 'utf8'), Buffer.from([0xf0, 0x9f])]);
    const { lines } = await framed(Buffer.concat([cut, Buffer.from('\n')]));
    expect(lines[0] instanceof HeldLine).toBe(false);
    expect(Buffer.compare(lines[0] as Buffer, cut)).toBe(0);
    const tail = await framed(Buffer.from(huge, 'utf8'));
    expect(tail.lines.length).toBe(0);
    expect(Buffer.isBuffer(tail.rest)).toBe(true);
    expect(tail.rest.toString('utf8') === huge).toBe(true);
  });

  it('a released HeldLine refuses to be read', () => {
    const held = new HeldLine('{"a":1}', 7);
    held.release();
    expect(() => held.text).toThrow('the line was released');
  });
});

describe('ProxySession with a HeldLine answer', () => {
  function session() {
    const toClient: Array<string | Buffer> = [];
    const s = new ProxySession({
      policy: createBudgetPolicy({}),
      send: { client: (l: Line | string) => toClient.push(lineData(l)), server: () => {} },
    });
    // The tool is listed first, so the call is budgeted at once.
    s.fromClient(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
    });
    s.fromServer(Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}'), {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 't', inputSchema: { type: 'object' } }] },
    });
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', arguments: {} } };
    s.fromClient(Buffer.from(JSON.stringify(call)), call);
    const answer = async (line: string) => {
      const held = new HeldLine(line, Buffer.byteLength(line));
      s.fromServer(held, parseLine(held));
      await s.idle();
      return { held, sent: toClient.at(-1) };
    };
    return answer;
  }

  it('an over-cap result is budgeted and its line let go of before the policy runs', async () => {
    const text = 'line of a log\n'.repeat(1_300_000);
    const line = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text }] } });
    const { held, sent } = await session()(line);
    expect(() => held.text).toThrow('the line was released');
    const out = JSON.parse(String(sent));
    expect(out.id).toBe(2);
    expect(out.result.content[0].text).toMatch(
      /^The result \(18200000 chars\) is over the cap; this is a preview of it\./,
    );
  });

  it('an over-cap structuredContent is let go of too', async () => {
    const rows = Array.from({ length: 400_000 }, (_, i) => ({ i, name: `row-${i}` }));
    const line = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [], structuredContent: { rows } } });
    const { held, sent } = await session()(line);
    expect(() => held.text).toThrow('the line was released');
    expect(JSON.parse(String(sent)).result.content[0].text).toMatch(/is over the cap; this is a preview of it\./);
  });

  it('a large result within the caps (its bulk an image) goes out as the server bytes', async () => {
    // Spaces and a \u00e9 escape: re-serializing would change these bytes.
    const data = 'QUJD'.repeat(5_000_000);
    const line = `{ "jsonrpc": "2.0", "id": 2, "result": { "content": [ { "type": "text", "text": "caf\\u00e9" }, { "type": "image", "mimeType": "image/png", "data": "${data}" } ] } }`;
    const { held, sent } = await session()(line);
    expect(held.text === line).toBe(true);
    expect(sent === line).toBe(true);
  });
});
