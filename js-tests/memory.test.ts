// WebAssembly memory never shrinks, so a leak or a per-call high-water mark would show as
// growth. These are counts of bytes, not timings: exact and stable on a loaded machine.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs benchmark module without types
import { smallCallGrowth, run } from '../bench/memory.mjs';

describe('WebAssembly linear memory', () => {
  it('does not grow with the number of calls: 1,000 rounds of small calls end where the first 10 did', () => {
    const { afterFirst, afterAll } = smallCallGrowth({ first: 10, total: 1000 });
    expect(afterAll).toBe(afterFirst);
  });

  it('one big call grows memory by at most 4x its input, and 200 small calls after it not at all', async () => {
    const results = await run({ quick: true });
    expect(results.big.length).toBe(7);
    for (const r of results.big) expect(r.growthPerInputByte, r.name).toBeLessThanOrEqual(4);
    expect(results.mainInstance.afterAllSmall).toBe(results.mainInstance.afterFirstSmall);
  });
});
