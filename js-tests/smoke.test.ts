import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { encode } from 'modoki-budget';

const require = createRequire(import.meta.url);

describe('import by name', () => {
  it('ESM and CJS entries share one instance', () => {
    const cjs = require('modoki-budget');
    expect(cjs.encode).toBe(encode);
    expect(encode({ a: 1 })).toBe('{"a":1}');
  });
});
