// Compiled with strict `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: the
// formatting entry point, `modoki-budget/formatter`, typed as the full entry types the same names.
import { encode, roundFloats, createFormatter, ERROR_CODES, type EncodeOptions } from 'modoki-budget/formatter';
import type { ErrorCode } from 'modoki-budget';

const options: EncodeOptions = { precision: 3 };
const text: string = encode({ a: 1.23456 }, options);
const rounded: { a: number } = roundFloats({ a: 1.23456 }, 3);
const code: ErrorCode = ERROR_CODES[0];
const { ok } = createFormatter(() => null);
// @ts-expect-error — token counting is not part of the formatting entry point
import { countTokens } from 'modoki-budget/formatter';
export { text, rounded, code, ok, countTokens };
