// The head cut the policy sends in place of a text over its cap (a text result, a fault's
// message): the head and its `\n…[N chars elided of LEN]` marker together within both caps.
// Checked at the boundaries and against a brute-force search over every head length.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { countTokens, createBudgetPolicy } from 'modoki-budget';
import { nastyString } from './support/arbitraries';

const require = createRequire(import.meta.url);
const { capHeadWithin } = require('../node/mcp/faults.cjs');
const { prepareEncoding } = require('../node/tokens.cjs');

const marker = (text: string, kept: number) => `\n…[${text.length - kept} chars elided of ${text.length}]`;

/** The longest head (never half a surrogate pair) that fits with its marker, or ''. */
function longestHead(text: string, fits: (out: string) => boolean): string {
  for (let k = text.length - 1; k >= 0; k--) {
    const code = text.charCodeAt(k - 1);
    if (k > 0 && code >= 0xd800 && code < 0xdc00 && (text.charCodeAt(k) & 0xfc00) === 0xdc00) continue;
    const out = text.slice(0, k) + marker(text, k);
    if (fits(out)) return out;
  }
  return '';
}

describe('capHeadWithin, chars', () => {
  const text = 'a'.repeat(101);

  it('a text exactly at the cap is itself; one char over is cut to exactly the cap', () => {
    expect(capHeadWithin(text, 101)).toBe(text);
    // 74 kept and "\n…[27 chars elided of 101]" (26 chars) make 100.
    expect(capHeadWithin(text, 100)).toBe(`${'a'.repeat(74)}\n…[27 chars elided of 101]`);
    expect(capHeadWithin(text, 100)).toHaveLength(100);
  });

  it('the marker alone at the cap keeps no text; a marker bigger than the cap leaves an empty text', () => {
    expect(capHeadWithin(text, 27)).toBe('\n…[101 chars elided of 101]');
    expect(capHeadWithin(text, 26)).toBe('');
    expect(capHeadWithin(text, 0)).toBe('');
  });

  it('never keeps half a surrogate pair, and keeps a lone surrogate as it is', () => {
    const pair = `${'a'.repeat(49)}😀${'b'.repeat(50)}`;
    expect(capHeadWithin(pair, 76)).toBe(`${'a'.repeat(49)}\n…[52 chars elided of 101]`);
    expect(capHeadWithin(pair, 77)).toBe(`${'a'.repeat(49)}😀\n…[50 chars elided of 101]`);
    const lone = `\ud800${'c'.repeat(100)}`;
    expect(capHeadWithin(lone, 40)).toBe(`\ud800${'c'.repeat(13)}\n…[87 chars elided of 101]`);
  });

  it('is the longest head that fits, for any text and cap', () => {
    fc.assert(
      fc.property(nastyString, fc.integer({ min: 0, max: 80 }), (s, cap) => {
        const text = s.repeat(3);
        const want = text.length <= cap ? text : longestHead(text, (out) => out.length <= cap);
        expect(capHeadWithin(text, cap)).toBe(want);
      }),
      { numRuns: 500 },
    );
  });
});

describe('capHeadWithin, tokens', () => {
  const encoding = prepareEncoding('cl100k_base');
  // " hello" is one cl100k token.
  const text = ' hello'.repeat(60);

  it('a text exactly at the token cap is itself; one token over is cut with the marker counted', () => {
    expect(countTokens(text)).toBe(60);
    expect(capHeadWithin(text, 1000, 60, encoding)).toBe(text);
    // The marker is 11 tokens, so 48 words fit beside it, and the 49th word's space, which
    // joins the marker's newline in one token.
    const cut = capHeadWithin(text, 1000, 59, encoding);
    expect(cut).toBe(`${' hello'.repeat(48)} \n…[71 chars elided of 360]`);
    expect(countTokens(cut)).toBe(59);
  });

  it('a marker over the token cap leaves an empty text', () => {
    expect(countTokens('\n…[360 chars elided of 360]')).toBe(11);
    expect(capHeadWithin(text, 1000, 11, encoding)).toBe(' \n…[359 chars elided of 360]');
    expect(capHeadWithin(text, 1000, 10, encoding)).toBe('');
  });

  it('fits both caps, and one more char would not, for any text and caps', () => {
    fc.assert(
      fc.property(nastyString, fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 40 }), (s, cap, max) => {
        const text = s.repeat(4);
        const fits = (out: string) => out.length <= cap && countTokens(out) <= max;
        const got = capHeadWithin(text, cap, max, encoding);
        if (fits(text)) {
          expect(got).toBe(text);
          return;
        }
        expect(fits(got)).toBe(true);
        if (got === '') {
          expect(fits(marker(text, 0))).toBe(false);
          return;
        }
        const kept = got.lastIndexOf('\n…[');
        expect(got).toBe(text.slice(0, kept) + marker(text, kept));
        const step = (text.codePointAt(kept) ?? 0) > 0xffff ? 2 : 1;
        if (kept + step < text.length) expect(fits(text.slice(0, kept + step) + marker(text, kept + step))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a fault within the policy caps', () => {
  it('a long message is cut to the char cap exactly, its marker included', () => {
    const policy = createBudgetPolicy({ maxChars: 1000 });
    const text = policy.fault('t', new Error('y'.repeat(5000))).result.content[0].text as string;
    expect(text).toBe(`Tool "t" failed: ${'y'.repeat(954)}\n…[4046 chars elided of 5017]`);
    expect(text).toHaveLength(1000);
  });

  it('a message of many tokens is cut to the token cap, its marker counted', () => {
    const policy = createBudgetPolicy({ maxChars: 100_000, maxTokens: 250 });
    const text = policy.fault('t', new Error(' hello'.repeat(2000))).result.content[0].text as string;
    expect(text).toBe(`Tool "t" failed: ${' hello'.repeat(230)} \n…[10619 chars elided of 12017]`);
    expect(countTokens(text)).toBe(250);
  });
});
