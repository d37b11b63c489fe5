// How long a property suite runs: a few hundred cases under vitest, a timed campaign under
// `npm run fuzz` (scripts/fuzz.mjs sets PROPERTY_SECONDS), with a fresh seed each run.
import type fc from 'fast-check';

/** fast-check settings: `numRuns` cases, or as many as fit in PROPERTY_SECONDS when it is set. */
export function runSettings(numRuns: number): fc.Parameters<unknown> {
  const seconds = Number(process.env.PROPERTY_SECONDS ?? 0);
  if (!(seconds > 0)) return { numRuns };
  return { numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: seconds * 1000, markInterruptAsFailure: false };
}

/** The vitest timeout for such a test: the campaign's length plus room for the last case. */
export const propertyTimeout = () => Number(process.env.PROPERTY_SECONDS ?? 0) * 1000 + 120_000;
