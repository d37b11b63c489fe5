import { describe, expect, it } from 'vitest';
import { get_encoding } from 'tiktoken';
import {
  countTokens,
  encode,
  summarize,
  estimateTokens,
  fitsTokenBudget,
  tokenReport,
  MAX_PAYLOAD_CHARS,
} from 'modoki-budget';
// @ts-expect-error plain ESM helper shared with the bench
import { ATOMS, fuzz, prose, rng, sceneJson } from '../bench/token-corpus.mjs';

type Encoding = 'cl100k_base' | 'o200k_base';
const ENCODINGS: Encoding[] = ['cl100k_base', 'o200k_base'];
const reference = Object.fromEntries(ENCODINGS.map((e) => [e, get_encoding(e)]));
const tiktokenCount = (text: string, enc: Encoding) => reference[enc].encode_ordinary(text).length;

function corpus(): string[] {
  const r = rng(20261130);
  const out: string[] = [
    '',
    prose(20_000),
    sceneJson(50_000),
    '中文文本，包含标点。日本語のテキスト、カタカナ。한국어 텍스트입니다.',
    '👨‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👍🏽 thumbs, 🇯🇵🇺🇸 flags, 1️⃣ keycap',
    'e\u0301\u0302\u0303 a\u0308 Z\u0335\u031b\u0356a\u0337l\u0334g\u0338o\u0335',
    'fn main() {\r\n    let x = vec![1, 2, 3];\r\n\tif x.len() > 2 { println!("{x:?}"); }\r\n}\r\n  \t\n',
    'line1\r\nline2\r\n\r\n  \t \u00a0\u3000\u2028end \n \n\t\n   \r\n',
    '<|endoftext|><|fim_prefix|><|fim_middle|><|fim_suffix|><|endofprompt|>',
    '0123456789'.repeat(50),
    '3.141592653589793 -0.000001 1e+21 6.02214076e23 0.1 100000000000000000000',
  ];
  for (const len of [1, 2, 3, 64, 65, 300, 2000]) {
    for (const c of ['a', ' ', '!', '1', '\n', 'é', '中', '\u0301', "'s", 'A', '\r\n', '😀', '\t ', '\ud800'])
      out.push(c.repeat(len));
  }
  for (const atom of ATOMS) out.push(atom, `x${atom}y`, ` ${atom} `);
  for (let i = 0; i < 3000; i++) out.push(fuzz(r));
  for (let i = 0; i < 150; i++) out.push(Array.from({ length: 40 }, () => fuzz(r)).join(''));
  return out;
}

describe('countTokens equals npm tiktoken encode_ordinary', () => {
  const texts = corpus();
  for (const enc of ENCODINGS) {
    it(`${enc}: zero mismatches on ${texts.length} texts`, () => {
      const mismatches = texts
        .map((text) => ({ text, got: countTokens(text, enc), expected: tiktokenCount(text, enc) }))
        .filter((m) => m.got !== m.expected);
      expect(mismatches.slice(0, 10)).toEqual([]);
      expect(mismatches.length).toBe(0);
    });
  }

  it('defaults to cl100k_base and counts special-token text as ordinary text', () => {
    const text = 'Hello <|endoftext|> world';
    expect(countTokens(text)).toBe(countTokens(text, 'cl100k_base'));
    expect(countTokens('<|endoftext|>')).toBe(7);
    expect(countTokens('<|endoftext|>', 'o200k_base')).toBe(tiktokenCount('<|endoftext|>', 'o200k_base'));
  });

  it('counts a lone surrogate as U+FFFD, as TextEncoder and tiktoken do', () => {
    for (const enc of ENCODINGS) {
      for (const s of ['\ud800', 'a\udfffb', '\ude00\ud83d', 'x\ud83d']) {
        expect(countTokens(s, enc)).toBe(countTokens(s.replace(/[\ud800-\udfff]/g, '\ufffd'), enc));
        expect(countTokens(s, enc)).toBe(tiktokenCount(s, enc));
      }
    }
  });

  it("counts long single-character runs exactly ('a' x 1e6; linearity is timed in bench/tokens.mjs)", () => {
    // Runs of 'a' merge into 8-byte tokens: tiktoken (quadratic here) agrees at 8000.
    expect(tiktokenCount('a'.repeat(8000), 'cl100k_base')).toBe(1000);
    expect(countTokens('a'.repeat(1_000_000))).toBe(125_000);
    for (const enc of ['cl100k_base', 'o200k_base'] as const) {
      expect(countTokens(' '.repeat(8000), enc)).toBe(tiktokenCount(' '.repeat(8000), enc));
    }
  });
});

describe('errors', () => {
  it('names the supported encodings for an unknown one', () => {
    const message = 'Unknown encoding "p50k_base". Supported encodings: cl100k_base, o200k_base.';
    // @ts-expect-error deliberately unsupported
    expect(() => countTokens('x', 'p50k_base')).toThrow(expect.objectContaining({ code: 'UNKNOWN_ENCODING', message }));
    // @ts-expect-error deliberately unsupported
    expect(() => fitsTokenBudget('x', 5, 'p50k_base')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ENCODING', message }),
    );
    // @ts-expect-error deliberately unsupported
    expect(() => tokenReport({}, { encoding: 'p50k_base' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ENCODING', message }),
    );
    // @ts-expect-error deliberately unsupported
    expect(() => encode({ a: 1 }, { maxTokens: 5, encoding: 'p50k_base' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_ENCODING', message }),
    );
  });

  it('rejects non-string text and unknown estimate methods', () => {
    // @ts-expect-error deliberately not a string
    expect(() => countTokens(42)).toThrow(
      expect.objectContaining({
        name: 'TypeError',
        code: 'INVALID_INPUT',
        message: 'countTokens(text): text must be a string, got number',
      }),
    );
    // @ts-expect-error deliberately unsupported
    expect(() => estimateTokens('abc', 'words')).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        message: 'Unknown estimate method "words". Supported methods: chars/4, chars/3.5.',
      }),
    );
  });
});

describe('estimateTokens', () => {
  it('is Math.ceil of UTF-16 length / 4 or / 3.5', () => {
    expect(['', 'a', 'abcd', 'abcde', 'a'.repeat(7), 'a'.repeat(8), '😀'].map((s) => estimateTokens(s))).toEqual([
      0, 1, 1, 2, 2, 2, 1,
    ]);
    expect(
      ['', 'a', 'abcd', 'abcde', 'a'.repeat(7), 'a'.repeat(8), '😀'].map((s) => estimateTokens(s, 'chars/3.5')),
    ).toEqual([0, 1, 2, 2, 2, 3, 1]);
  });
});

describe('fitsTokenBudget', () => {
  it('is count <= limit around the exact count, and stops early', () => {
    const text = sceneJson(20_000);
    for (const enc of ENCODINGS) {
      const n = tiktokenCount(text, enc);
      expect([n - 1, n, n + 1, 0, -1, Infinity].map((limit) => fitsTokenBudget(text, limit, enc))).toEqual([
        false,
        true,
        true,
        false,
        false,
        true,
      ]);
    }
    expect(fitsTokenBudget('abc', NaN)).toBe(false);
    expect(fitsTokenBudget('', 0)).toBe(true);
  });
});

describe('tokenReport', () => {
  const data = JSON.parse(sceneJson(50_000));
  const text = JSON.stringify(data);

  for (const enc of ENCODINGS) {
    it(`${enc}: totals are exact and field shares add up`, () => {
      const report = tokenReport(data, { encoding: enc });
      expect(report.encoding).toBe(enc);
      expect(report.chars).toBe(text.length);
      expect(report.bytes).toBe(Buffer.byteLength(text));
      expect(report.tokens).toBe(tiktokenCount(text, enc));
      expect(report.estimates).toEqual([
        {
          method: 'chars/4',
          tokens: Math.ceil(text.length / 4),
          errorPercent: ((Math.ceil(text.length / 4) - report.tokens) / report.tokens) * 100,
        },
        {
          method: 'chars/3.5',
          tokens: Math.ceil(text.length / 3.5),
          errorPercent: ((Math.ceil(text.length / 3.5) - report.tokens) / report.tokens) * 100,
        },
      ]);
      expect(report.fields.reduce((s, f) => s + f.tokens, 0)).toBe(report.tokens);
      expect(report.fields.reduce((s, f) => s + f.chars, 0)).toBe(report.chars);
      expect(Math.abs(report.fields.reduce((s, f) => s + f.tokenShare, 0) - 100)).toBeLessThan(1e-9);
      expect(report.fields.map((f) => f.tokens)).toEqual(report.fields.map((f) => f.tokens).sort((a, b) => b - a));
      // Hex GUIDs cost more tokens than their share of chars; trait names less.
      const field = (path: string) => report.fields.find((f) => f.path === path)!;
      expect(field('entities[].guid').tokenShare).toBeGreaterThan(field('entities[].guid').charShare);
      expect(field('entities[].traits').tokenShare).toBeLessThan(field('entities[].traits').charShare);
      const paths = report.fields.map((f) => f.path);
      expect(paths.filter((p) => p.includes('[]['))).toEqual([]);
      for (const p of [
        '(root)',
        'scene',
        'entityCount',
        'entities',
        'entities[].guid',
        'entities[].name',
        'entities[].traits',
        'entities[].Transform',
        'entities[].Transform.position',
        'entities[].Transform.rotation',
      ]) {
        expect(paths).toContain(p);
      }
    });
  }

  it('attributes each token to the path owning its first byte', () => {
    const report = tokenReport({ a: 'hello', b: [1, 2] });
    // {"a":"hello","b":[1,2]} -> cl100k tokens {" | a | ":" | hello | "," | b | ":[ | 1 | , | 2 | ]}
    // '{"' starts on the root's '{'; '","' on a's closing quote; ']}' on b's ']'. Array items
    // share the array's path.
    expect(report.fields.map((f) => [f.path, f.chars, f.tokens])).toEqual([
      ['b', 9, 6],
      ['a', 11, 4],
      ['(root)', 3, 1],
    ]);
  });
});

describe('encode with maxTokens', () => {
  const data = JSON.parse(sceneJson(5_000));
  const text = JSON.stringify(data);
  const hintTail =
    "Narrow it: pass a filter (trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. See this tool's description for the filters it accepts.";

  for (const enc of ENCODINGS) {
    it(`${enc}: under the cap is the JSON, over it the envelope with the token hint`, () => {
      const n = tiktokenCount(text, enc);
      expect(encode(data, { maxTokens: n, encoding: enc })).toBe(text);
      const envelope = JSON.parse(encode(data, { maxTokens: n - 1, encoding: enc }));
      expect(envelope).toEqual({
        elided: true,
        code: 'TOO_LARGE',
        bytes: text.length,
        tokens: n,
        hint: `Response was ${n} tokens (cap ${n - 1}). ${hintTail}`,
        preview: summarize(data),
      });
    });
  }

  it('with both caps, whichever is tighter fires; the char cap gives the char envelope', () => {
    const n = countTokens(text);
    const byChars = JSON.parse(encode(data, { maxChars: 100, maxTokens: n }));
    expect(byChars.hint).toBe(`Response was ${text.length} chars (cap 100). ${hintTail}`);
    expect(byChars.tokens).toBeUndefined();
    const byTokens = JSON.parse(encode(data, { maxChars: text.length, maxTokens: 10 }));
    expect(byTokens.hint).toBe(`Response was ${n} tokens (cap 10). ${hintTail}`);
    expect(encode(data, { maxChars: text.length, maxTokens: n })).toBe(text);
    // maxChars keeps its default when only maxTokens is given.
    const big = { blob: 'x '.repeat(MAX_PAYLOAD_CHARS) };
    expect(JSON.parse(encode(big, { maxTokens: 1e9 })).hint).toMatch(/^Response was 120011 chars \(cap 60000\)/);
  });

  it('cuts string data after its first maxTokens tokens, with the capText marker', () => {
    const text = prose(3_000);
    const ids = reference.cl100k_base.encode_ordinary(text);
    for (const cap of [1, 10, 100, ids.length - 1]) {
      const prefix = new TextDecoder().decode(reference.cl100k_base.decode(ids.slice(0, cap)));
      expect(encode(text, { maxTokens: cap })).toBe(
        `${prefix}\n…[${text.length - prefix.length} chars elided of ${text.length}]`,
      );
    }
    expect(encode(text, { maxTokens: ids.length })).toBe(text);
    // Inside a multi-byte char the cut moves back to the char's start: cl100k splits '😀' into
    // a 3-byte and a 1-byte token.
    expect(encode('😀😀', { maxTokens: 1 })).toBe('\n…[4 chars elided of 4]');
    expect(encode('😀😀', { maxTokens: 2 })).toBe('😀\n…[2 chars elided of 4]');
    expect(encode('😀😀', { maxTokens: 3 })).toBe('😀\n…[2 chars elided of 4]');
    // The char cap still comes first.
    expect(encode(text, { maxChars: 10, maxTokens: 1e9 })).toBe(
      `${text.slice(0, 10)}\n…[${text.length - 10} chars elided of ${text.length}]`,
    );
  });

  it('a NaN token cap never fits, as with the char cap', () => {
    expect(JSON.parse(encode({ a: 1 }, { maxTokens: NaN })).hint).toBe(`Response was 5 tokens (cap NaN). ${hintTail}`);
  });
});
