// Compiled with `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: proves the
// published .d.ts exists, resolves through package.json "exports", and types the API.
import { encode, capText, createFormatter, isFailureBody, roundFloats, roundSig, resolvePrecision, summarize, MAX_PAYLOAD_CHARS, type ToolResult, type EncodeOptions } from 'modoki-budget';

const options: EncodeOptions = { maxChars: MAX_PAYLOAD_CHARS, precision: 9 };
const text: string = encode({ a: 1 }, options);
const capped: string = capText(text, 10);
const formatter = createFormatter(() => null);
const result: ToolResult = formatter.ok({ a: 1 });
const failure: string | null = isFailureBody({ ok: false });
const rounded: { x: number } = roundFloats({ x: 1.5 }, 3);
const n: number = roundSig(1.5, 1) + resolvePrecision('3');
const preview = summarize({ a: 1 });
// @ts-expect-error — the cap must be a number or an options object
encode({}, 'big');
export { capped, result, failure, rounded, n, preview };
