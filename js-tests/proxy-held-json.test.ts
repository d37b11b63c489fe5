// A large server line's structuredContent held as its own compact JSON text (held-json.cjs,
// printed-json.cjs) rather than as an object graph: only when that text is exactly what
// JSON.stringify prints of the value, and with answers byte-identical to those the parsed
// graph gets.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { readSentence } from './support/preview-answer';

const require = createRequire(import.meta.url);
const { parseHeld, compactSpan, SPAN_ABOVE } = require('../node/proxy/held-json.cjs');
const { printedText } = require('../node/mcp/printed-json.cjs');
const { parseMessage, printExact } = require('../node/mcp/exact-numbers.cjs');
const { HeldLine, lineData } = require('../node/proxy/lines.cjs');
const { ProxySession } = require('../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../node/mcp/policy.cjs');

type Line = Buffer | InstanceType<typeof HeldLine>;

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ i, name: `row-${i}`, ok: i % 2 === 0, score: i / 7, tag: null }));
const large = { rows: rows(30_000), note: 'café ☕ "quoted" \\ end' };
const envelope = (structured: string) =>
  `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"see structuredContent"}],"structuredContent":${structured}}}`;

// What JSON.stringify(JSON.parse(text)) === text says, the reference compactSpan must agree with.
const printsAsItself = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text)) === text;
  } catch {
    return false;
  }
};
const PIECE = 1 << 16;

describe('compactSpan', () => {
  it('is true of V8’s own compact JSON, large values included', () => {
    const values = [
      large,
      { a: { b: { c: rows(20_000) } }, d: rows(5_000) },
      rows(25_000),
      { __proto__x: 1, big: 'x'.repeat(3 * PIECE), after: [1, 2, 3] },
      { nested: [[[rows(12_000)]]] },
    ];
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(text.length).toBeGreaterThan(PIECE);
      expect(compactSpan(text, 0, text.length)).toBe(true);
    }
  });

  it('is false wherever the text differs from what JSON.stringify prints of its value', () => {
    const text = JSON.stringify(large);
    const at = text.indexOf('"row-20000"');
    const variants = [
      text.replace('"rows":[', '"rows": ['), // whitespace
      `${text.slice(0, at)}"row-2000\\u0030"${text.slice(at + 11)}`, // an escape V8 does not print
      text.replace('"score":0,', '"score":0.0,'), // a number V8 prints otherwise
      text.replace('{"rows":', '{"note":"first","rows":'), // a key written twice, in another piece
      text.replace(',"note":', ',"7":"index","note":'), // an index key, which V8 prints first
      `${text.slice(0, -1)},"rows":[]}`, // the large key written twice
    ];
    for (const variant of variants) {
      let same: boolean;
      try {
        same = JSON.stringify(JSON.parse(variant)) === variant;
      } catch {
        same = false;
      }
      expect(same).toBe(false);
      expect(compactSpan(variant, 0, variant.length)).toBe(false);
    }
    // An index key where V8 prints it (first, ascending) is exact.
    const first = text.replace('{"rows":', '{"7":"index","rows":');
    expect(JSON.stringify(JSON.parse(first))).toBe(first);
    expect(compactSpan(first, 0, first.length)).toBe(true);
    // A lone surrogate written as itself: V8 prints it as an escape.
    const lone = text.replace('"row-20000"', '"row-\ud800"');
    expect(printsAsItself(lone)).toBe(false);
    expect(compactSpan(lone, 0, lone.length)).toBe(false);
  });

  it('checks only the span it is given, of a line around it', () => {
    const text = JSON.stringify(large);
    const line = envelope(text);
    const start = line.indexOf('"structuredContent":') + '"structuredContent":'.length;
    expect(compactSpan(line, start, start + text.length)).toBe(true);
    expect(compactSpan(line, start, start + text.length - 1)).toBe(false);
  });

  it('agrees with JSON.stringify(JSON.parse(text)) === text on texts near V8’s own', () => {
    // Texts of arbitrary JSON values, as V8 prints them and with one edit: compactSpan may say
    // false of an exact text it cannot prove (a lone surrogate's escape), never true of another.
    const edits = [' ', '0', '.0', 'e1', '\\u0041', ',"a":1', '"', '\\/', '-0', '1E2'];
    fc.assert(
      fc.property(
        fc.jsonValue().filter((v) => typeof v === 'object' && v !== null),
        fc.nat(),
        fc.nat(edits.length),
        (value, where, which) => {
          const text = JSON.stringify(value);
          const at = where % (text.length + 1);
          const edited = which === edits.length ? text : `${text.slice(0, at)}${edits[which]}${text.slice(at)}`;
          const exact = printsAsItself(edited);
          const said = compactSpan(edited, 0, edited.length);
          if (said) expect(exact).toBe(true);
          else if (exact) expect(/\\ud[89a-f]/i.test(edited)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('parseHeld', () => {
  it('holds a large compact structuredContent as its text, which prints back exactly', () => {
    const structured = JSON.stringify(large);
    const line = envelope(structured);
    const message = parseHeld(line);
    const held = message.result.structuredContent;
    expect(printedText(held)).toBe(structured);
    expect(Object.keys(held)).toEqual([]);
    expect(JSON.stringify(message)).toBe(line);
    expect(JSON.stringify(held, null, 2)).toBe(JSON.stringify(large, null, 2));
    expect(message.result.content).toEqual([{ type: 'text', text: 'see structuredContent' }]);
  });

  it('parses everything else as the whole line is parsed (a number JSON.parse would change held as its text), with no text held', () => {
    const structured = JSON.stringify(large);
    const lines = [
      envelope(structured.replace('"rows":[', '"rows": [')),
      envelope(JSON.stringify({ small: rows(10) })),
      envelope(JSON.stringify(rows(30_000))),
      `${envelope(structured).slice(0, -2)},"structured\\u0043ontent":{"later":true}}}`,
      `${envelope(structured).slice(0, -1)},"result":{"content":[]}}`,
      `  { "jsonrpc" : "2.0" , "id" : 2 , "result" : { "structuredContent" : ${structured.replace(':0,', ':0.0,')} } }`,
    ];
    for (const line of lines) {
      const message = parseHeld(line);
      expect(message).toEqual(parseMessage(line));
      expect(printedText(message.result.structuredContent)).toBeUndefined();
    }
    // The span with a number written otherwise than V8 writes it: that number keeps its text.
    expect(printExact(parseHeld(lines[5]).result.structuredContent)).toBe(structured.replace(':0,', ':0.0,'));
    expect(JSON.stringify({ small: rows(10) }).length).toBeLessThan(SPAN_ABOVE);
    expect(() => parseHeld(`${envelope(structured)}x`)).toThrow(SyntaxError);
    expect(() => parseHeld(envelope(structured).slice(0, -40))).toThrow(SyntaxError);
  });

  it('finds the structuredContent between other members, whitespace around them allowed', () => {
    const structured = JSON.stringify(large);
    const line = ` {"id":2, "result" : {"isError":false, "structuredContent":${structured} ,"content":[]},"jsonrpc":"2.0"} `;
    const message = parseHeld(line);
    expect(printedText(message.result.structuredContent)).toBe(structured);
    expect(JSON.stringify(message)).toBe(JSON.stringify(JSON.parse(line)));
  });
});

describe('the policy’s answer from a held structuredContent', () => {
  // The same call answered from the held text and from the parsed graph.
  async function answers(line: string, options: object) {
    const sent: string[] = [];
    for (const parse of [parseHeld, JSON.parse]) {
      const toClient: Array<string | Buffer> = [];
      const s = new ProxySession({
        policy: createBudgetPolicy(options),
        send: { client: (l: Line | string) => toClient.push(lineData(l)), server: () => {} },
      });
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      s.fromClient(Buffer.from(JSON.stringify(list)), list);
      s.fromServer(Buffer.from('{}'), { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 't', inputSchema: {} }] } });
      const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', arguments: {} } };
      s.fromClient(Buffer.from(JSON.stringify(call)), call);
      const held = new HeldLine(line, Buffer.byteLength(line));
      s.fromServer(held, parse(line));
      await s.idle();
      // The kept result's id is random: the one difference two runs may have (in the link, its
      // name and the read_result call the answer's line gives).
      let answer = String(toClient.at(-1));
      for (const [, id] of answer.matchAll(/budget:\/\/result\/([\w-]+)/g)) answer = answer.replaceAll(id, 'ID');
      sent.push(answer);
    }
    return sent;
  }

  it('is byte-identical over the cap, within it, and with rounding', async () => {
    const line = envelope(JSON.stringify(large));
    for (const options of [{}, { maxChars: 10_000_000, maxTokens: 100_000_000 }, { precision: 2 }]) {
      const [held, parsed] = await answers(line, options);
      expect(held).toBe(parsed);
    }
    const [over] = await answers(line, {});
    const [line1, map] = JSON.parse(JSON.parse(over).result.content[0].text).tooLarge.split('\n');
    expect(line1).toBe(
      `The result is too large to show whole (${JSON.stringify(large).length} chars; the cap is 60000 chars), so this is a preview of it. ` +
        `This tool has no parameters that narrow its result; the pages hold the rest. ${readSentence('ID', {})}`,
    );
    expect(map).toMatch(/^Page map \(items of \$\.rows by index, 30000 in all\), every 2nd page: 1: 0–\d+, 3: /);
    const [within] = await answers(line, { maxChars: 10_000_000, maxTokens: 100_000_000 });
    expect(JSON.parse(within).result.structuredContent).toEqual(large);
  });
});
