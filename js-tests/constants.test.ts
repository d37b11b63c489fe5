// The constants JavaScript uses as values are the core's. Each is read from pkg/constants.json,
// which scripts/constants.mjs writes at build; these tests ask the built core itself, so a stale
// file, a value the package exports differently, or a JS rule that drifts from the core's fails.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as mb from 'modoki-budget';

const require = createRequire(import.meta.url);
const core = require('../pkg/modoki_budget.js');
const fromCore = { ...JSON.parse(core.coreConstants()), streams: JSON.parse(core.streamConstants()) };

describe('constants: one source, the core', () => {
  it('pkg/constants.json is exactly what the built core reports', () => {
    expect(require('../pkg/constants.json')).toEqual(fromCore);
    expect(Object.keys(fromCore).sort()).toEqual([
      'DEFAULT_FLOAT_PRECISION',
      'EXACT_INTEGER_LIMIT',
      'LIVE_VOCABULARY_CAP',
      'MAX_EFFECTIVE_PRECISION',
      'MAX_PAYLOAD_CHARS',
      'streams',
    ]);
  });

  it('the package exports the core’s values', () => {
    expect(mb.MAX_PAYLOAD_CHARS).toBe(fromCore.MAX_PAYLOAD_CHARS);
    expect(mb.DEFAULT_FLOAT_PRECISION).toBe(fromCore.DEFAULT_FLOAT_PRECISION);
    expect(mb.LIVE_VOCABULARY_CAP).toBe(fromCore.LIVE_VOCABULARY_CAP);
    for (const name of ['CONSOLE_TAIL_DEFAULT', 'JOURNAL_TAIL_DEFAULT', 'LOG_ANSWER_CHARS', 'CONSOLE_SEQ_CEILING'])
      expect(mb[name as keyof typeof mb]).toBe(fromCore.streams[name]);
    expect(mb.CONSOLE_LEVELS).toEqual(fromCore.streams.CONSOLE_LEVELS);
    expect(mb.BUDGET_PRESETS.editor.maxChars).toBe(fromCore.MAX_PAYLOAD_CHARS);
  });

  it('the JS rounding walk passes through exactly what the core passes through, at both limits', () => {
    const limit = fromCore.EXACT_INTEGER_LIMIT;
    const xs = [limit - 1, -(limit - 1), limit, -limit, limit + 2, 2 ** 53, 123456.789, 0.1 + 0.2];
    const sigs = [0, 1, fromCore.MAX_EFFECTIVE_PRECISION - 1, fromCore.MAX_EFFECTIVE_PRECISION, 40];
    for (const sig of sigs)
      for (const x of xs) expect([x, sig, mb.roundFloats(x, sig)]).toEqual([x, sig, mb.roundSig(x, sig)]);
    // The default cap and precision are what encode and roundFloats use when given nothing.
    const long = 'x'.repeat(fromCore.MAX_PAYLOAD_CHARS + 1);
    expect(mb.capText(long)).toBe(mb.capText(long, fromCore.MAX_PAYLOAD_CHARS));
    expect(mb.roundFloats(1 / 3)).toBe(mb.roundSig(1 / 3, fromCore.DEFAULT_FLOAT_PRECISION));
  });
});
