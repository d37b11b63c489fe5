import { expect } from 'vitest';

/** Deep equality AND identical key order (JSON.stringify is order-sensitive). */
export function exact(actual: unknown, expected: unknown) {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** Runs `fn` on a frozen input and checks the input still equals a snapshot taken before. */
export function unchanged<T>(input: T, fn: (input: T) => unknown) {
  const before = JSON.stringify(input);
  fn(deepFreeze(input));
  expect(JSON.stringify(input)).toBe(before);
}
