// Assertion helpers the summary suites share.
import { expect } from 'vitest';

/** Deep equality AND identical key order (JSON.stringify is order-sensitive). */
export function exact(actual: unknown, expected: unknown) {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

/** Freezes `value` and everything reachable from it, so a mutation of an input throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
