// node/wasm/abi.cjs's holdInput: within one hold, a text written again is the copy already in
// WebAssembly memory (the policy's pass and its preview read one copy of an over-cap result), and
// any other write to the input buffer ends that sharing. Checked on the transport itself, since the
// package's exports do not show which copy a call read; the policy's memory figure is in
// memory.test.ts.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const abi = require('../node/wasm/abi.cjs');
const core = require('../node/wasm/loader.cjs');

const LARGE = 'a'.repeat((1 << 20) + 1);
const inputBytes = (length: number) =>
  Buffer.from(core.abiMemory().buffer, core.abiInput(0), length).toString('latin1');

describe('abi.holdInput', () => {
  it('answers a second write of the same text from the held copy, and writes again outside a hold', () => {
    const text = 'héllo held input';
    abi.holdInput(() => {
      const first = abi.writeText(text);
      expect(first).toEqual({ length: text.length, latin1: true });
      expect(abi.writeText(text)).toBe(first);
      expect(abi.writeText(`${text}`.slice(0))).toBe(first);
    });
    const outside = abi.writeText(text);
    expect(abi.writeText(text)).not.toBe(outside);
    expect(abi.writeText(text)).toEqual(outside);
  });

  it('writes again after any other write to the input buffer within the hold', () => {
    abi.holdInput(() => {
      const first = abi.writeText('first text');
      abi.writeUtf8('another');
      const again = abi.writeText('first text');
      expect(again).not.toBe(first);
      expect(inputBytes(again.length)).toBe('first text');
      const other = abi.writeText('second text');
      expect(inputBytes(other.length)).toBe('second text');
      expect(abi.writeText('first text')).not.toBe(again);
      expect(inputBytes(10)).toBe('first text');
    });
  });

  it('keeps a large input until the hold ends, then frees it; holds nest', () => {
    abi.holdInput(() => {
      abi.holdInput(() => {
        const { length } = abi.writeText(LARGE);
        abi.release(length);
        expect(inputBytes(8)).toBe('aaaaaaaa');
      });
      // The inner hold ended inside the outer one: nothing is freed yet.
      expect(abi.writeText(LARGE).length).toBe(LARGE.length);
      expect(inputBytes(8)).toBe('aaaaaaaa');
    });
    // Freed: the buffer is empty again, and abiInput(0) answers an empty vector's placeholder
    // address, not the text.
    expect(inputBytes(8)).not.toBe('aaaaaaaa');
  });

  it("returns fn's value and ends the hold when fn throws", () => {
    expect(abi.holdInput(() => 42)).toBe(42);
    expect(() =>
      abi.holdInput(() => {
        abi.writeText('thrown within');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const outside = abi.writeText('thrown within');
    expect(abi.writeText('thrown within')).not.toBe(outside);
  });
});
