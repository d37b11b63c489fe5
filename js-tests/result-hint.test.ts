// The over-cap envelope and its hint: the code field, hints that name the calling tool's own
// filters (retargetNarrowHint, encode's filters option), and which cap the hint names when a
// payload is over both.
import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_CHARS, capText, countTokens, createFormatter, encode, retargetNarrowHint } from 'modoki-budget';

const GENERIC =
  "pass a filter (trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. See this tool's description for the filters it accepts.";
const hint = (size: number, cap: number, advice = GENERIC, unit = 'chars') =>
  `Response was ${size} ${unit} (cap ${cap}). Narrow it: ${advice}`;
const filtersAdvice = (names: string[]) => `this tool's filters are ${names.join('=/')}=. `;

const logs = { logs: Array.from({ length: 8000 }, (_, i) => `line ${i}`), level: 'log' };
const logsText = JSON.stringify(logs);
const envelope = (size: number, cap: number, advice = GENERIC) =>
  `{"elided":true,"code":"TOO_LARGE","bytes":${size},"hint":${JSON.stringify(hint(size, cap, advice))},"preview":{"logs":"array(8000)","level":"\\"log\\""}}`;

describe('the over-cap envelope', () => {
  it('is {elided, code: "TOO_LARGE", bytes, hint, preview} in that order', () => {
    expect(logsText.length).toBeGreaterThan(MAX_PAYLOAD_CHARS);
    expect(encode(logs)).toBe(envelope(logsText.length, MAX_PAYLOAD_CHARS));
  });

  it('names the tool filters given as an option', () => {
    expect(encode(logs, { filters: ['level', 'limit', 'since'] })).toBe(
      envelope(logsText.length, MAX_PAYLOAD_CHARS, filtersAdvice(['level', 'limit', 'since'])),
    );
    expect(encode(logs, { filters: [] })).toBe(envelope(logsText.length, MAX_PAYLOAD_CHARS));
  });
});

describe('retargetNarrowHint', () => {
  const filters = ['level', 'limit', 'since'];
  const retargeted = envelope(logsText.length, MAX_PAYLOAD_CHARS, filtersAdvice(filters));

  it('rewrites the hint of a bare envelope to name the tool filters', () => {
    expect(retargetNarrowHint(encode(logs), filters)).toBe(retargeted);
    expect(retargetNarrowHint(retargeted, filters)).toBe(retargeted);
  });

  it('keeps a banner in front, even one with blank lines of its own', () => {
    const banner = 'WARNING: other clone\n\nEvery byte below is from /Users/x/modoki-ai';
    expect(retargetNarrowHint(`${banner}\n\n${encode(logs)}`, filters)).toBe(`${banner}\n\n${retargeted}`);
    const { ok } = createFormatter(() => banner);
    expect(retargetNarrowHint(ok(logs).content[0].text, ['type'])).toBe(
      `${banner}\n\n${envelope(logsText.length, MAX_PAYLOAD_CHARS, filtersAdvice(['type']))}`,
    );
  });

  it('returns any other text unchanged', () => {
    for (const text of [
      '{"a":1}',
      encode({ a: 1 }),
      capText('x'.repeat(100), 10),
      'log line: "elided":true and more',
      '{"elided":true,"bytes":5}',
      '{"elided":false,"hint":"h"}',
      '[{"elided":true,"hint":"h"}]',
      'WARN\n\n{"elided":true,"hint":"h"',
      '',
    ]) {
      expect(retargetNarrowHint(text, filters)).toBe(text);
    }
    expect(retargetNarrowHint(encode(logs), [])).toBe(encode(logs));
  });

  it('a non-string text or non-array filters is returned as is; entries print as join prints them', () => {
    expect(retargetNarrowHint(undefined as unknown as string, filters)).toBeUndefined();
    expect(retargetNarrowHint(encode(logs), undefined as unknown as string[])).toBe(encode(logs));
    expect(retargetNarrowHint(encode(logs), 'level' as unknown as string[])).toBe(encode(logs));
    const unreadable = new Proxy(['level'], {
      get: () => {
        throw new Error('trap');
      },
    });
    expect(retargetNarrowHint(encode(logs), unreadable)).toBe(encode(logs));
    expect(JSON.parse(retargetNarrowHint(encode(logs), ['a', null, undefined, 7] as unknown as string[])).hint).toBe(
      hint(logsText.length, MAX_PAYLOAD_CHARS, "this tool's filters are a=/=/=/7=. "),
    );
  });

  it('keeps the size, unit and cap the envelope was built with', () => {
    expect(retargetNarrowHint(encode(logs, 500), ['level'])).toBe(
      JSON.stringify({ ...JSON.parse(encode(logs, 500)), hint: hint(logsText.length, 500, filtersAdvice(['level'])) }),
    );
    const tokens = countTokens(logsText);
    const byTokens = JSON.parse(retargetNarrowHint(encode(logs, { maxTokens: 50 }), ['level']));
    expect(byTokens.hint).toBe(hint(tokens, 50, filtersAdvice(['level']), 'tokens'));
  });

  it("an envelope whose hint is not this package's gets the editor's: its bytes against the default cap", () => {
    expect(retargetNarrowHint('{"elided":true,"bytes":70000,"hint":"too big","preview":"array(3)"}', ['name'])).toBe(
      `{"elided":true,"bytes":70000,"hint":${JSON.stringify(hint(70000, 60000, filtersAdvice(['name'])))},"preview":"array(3)"}`,
    );
    expect(JSON.parse(retargetNarrowHint('{"elided":true,"hint":""}', ['name'])).hint).toBe(
      hint(0, 60000, filtersAdvice(['name'])),
    );
  });
});

describe('encode over both the char cap and the token cap', () => {
  const tokens = countTokens(logsText);

  it('names the token cap when the token cap is the tighter one', () => {
    // 1.x times over the char cap, dozens of times over the token cap.
    expect(logsText.length / MAX_PAYLOAD_CHARS).toBeLessThan(2);
    expect(tokens / 1000).toBeGreaterThan(20);
    expect(JSON.parse(encode(logs, { maxTokens: 1000 }))).toStrictEqual({
      elided: true,
      code: 'TOO_LARGE',
      bytes: logsText.length,
      tokens,
      hint: hint(tokens, 1000, GENERIC, 'tokens'),
      preview: { logs: 'array(8000)', level: '"log"' },
    });
  });

  it('names the char cap when the char cap is the tighter one', () => {
    const parsed = JSON.parse(encode(logs, { maxChars: 1000, maxTokens: tokens - 1 }));
    expect(parsed.hint).toBe(hint(logsText.length, 1000));
    expect(parsed).not.toHaveProperty('tokens');
  });

  it('at equal overshoot the char cap is named; one token more and the token cap is', () => {
    const tied = JSON.parse(encode(logs, { maxChars: logsText.length / 2, maxTokens: tokens / 2 }));
    expect(tied.hint).toBe(hint(logsText.length, logsText.length / 2));
    const tighter = JSON.parse(encode(logs, { maxChars: logsText.length / 2, maxTokens: (tokens - 1) / 2 }));
    expect(tighter.hint).toBe(hint(tokens, (tokens - 1) / 2, GENERIC, 'tokens'));
  });

  it('cuts string data at the tighter of the two caps', () => {
    const text = 'word '.repeat(20000);
    const byTokens = encode(text, { maxTokens: 10, maxChars: 1e9 });
    expect(byTokens).toBe(capText(text, 'word '.repeat(10).length - 1));
    expect(encode(text, { maxTokens: 10 })).toBe(byTokens);
    expect(encode(text, { maxTokens: 10, maxChars: 3 })).toBe(capText(text, 3));
  });
});
