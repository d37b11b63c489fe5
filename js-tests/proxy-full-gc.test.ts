// The proxy's forced collections (node/proxy/full-gc.cjs): asked of V8 for a line of
// COLLECT_ABOVE bytes or more, never for a smaller one, whose garbage V8 collects in its own time.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { fullGcFor, COLLECT_ABOVE } = require('../node/proxy/full-gc.cjs');

/** How many full (mark-compact) collections V8 reports while `act` runs and shortly after. */
async function majorCollections(act: () => void): Promise<number> {
  let majors = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry.detail as { kind: number }).kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
  });
  observer.observe({ entryTypes: ['gc'] });
  act();
  // GC entries are delivered after the job that saw the collection.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return majors;
}

describe('fullGcFor', () => {
  it('collects for a line of COLLECT_ABOVE bytes or more, and only then', async () => {
    expect(COLLECT_ABOVE).toBe(32 * 1024 * 1024);
    expect(await majorCollections(() => fullGcFor(COLLECT_ABOVE - 1))).toBe(0);
    expect(await majorCollections(() => fullGcFor(COLLECT_ABOVE))).toBe(1);
    expect(await majorCollections(() => fullGcFor(100 * 1024 * 1024))).toBe(1);
  });
});
