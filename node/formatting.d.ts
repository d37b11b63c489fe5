// Types of `modoki-budget/formatter`: the formatting capability alone (node/formatting.cjs) —
// encode and the result helpers, and float rounding — the same declarations the full entry
// exports. js-tests/result-exports.test.ts checks them against the runtime list.

export * from './types/result.js';
export * from './types/round.js';
export * from './types/errors.js';
