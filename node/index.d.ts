// Public types of modoki-budget, one file per capability under types/. Kept by hand so the API
// has real types instead of the `any` wasm-bindgen generates for JsValue parameters. js-tests/pack.test.ts type-checks
// js-tests/consumer/typed.ts against them (strict tsc, including @ts-expect-error misuses).

export * from './types/result.js';
export * from './types/round.js';
export * from './types/errors.js';
export * from './types/tokens.js';
export * from './types/summarizers.js';
export * from './types/handles-reply.js';
export * from './types/filter-disclosure.js';
export * from './types/toon.js';
export * from './types/collections.js';
export * from './types/profile.js';
export * from './types/menu-audit.js';
export * from './types/menu-rewrite.js';
export * from './types/streams.js';
export * from './types/mcp.js';
export * from './types/stores.js';
