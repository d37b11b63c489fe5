// The proxy's stdio framing (node/cli/lines.cjs) as a property: any byte stream, cut into
// chunks anywhere, gives back exactly its lines — the bytes between newlines, in order, byte for
// byte (a `\r` before the `\n` kept), blank lines skipped — and its unterminated tail once, at
// the end. Nothing is decoded, so invalid UTF-8 and JSON-looking garbage come through as bytes.
//
// vitest runs it briefly; `npm run fuzz` runs it for FUZZ_SECONDS (PROPERTY_SECONDS).
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyTimeout, runSettings } from './support/property-runs';

const require = createRequire(import.meta.url);
const { readLines, parseLine } = require('../node/cli/lines.cjs');

const byte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.constantFrom(0x0a, 0x0d, 0x7b, 0x7d, 0x22, 0x5c) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) },
);
const jsonRpcLine = fc
  .record({ id: fc.integer(), method: fc.string(), params: fc.object() })
  .map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }));
/** A stream: raw bytes and JSON-RPC lines mixed, with CRLF and blank lines. */
const stream = fc
  .array(
    fc.oneof(
      fc.array(byte, { maxLength: 60 }),
      jsonRpcLine.map((l) => [...Buffer.from(`${l}\n`)]),
      jsonRpcLine.map((l) => [...Buffer.from(`${l}\r\n\n`)]),
    ),
    { maxLength: 20 },
  )
  .map((parts) => Buffer.from(parts.flat()));

/** The lines and tail the framing must produce, computed the plain way. */
function expected(bytes: Buffer) {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
    pieces.push(bytes.subarray(start, nl));
    start = nl + 1;
  }
  const lines = pieces.filter((l) => !(l.length === 0 || (l.length === 1 && l[0] === 0x0d)));
  return { lines: lines.map((l) => l.toString('hex')), tail: bytes.subarray(start).toString('hex') };
}

describe('stdio framing on arbitrary byte streams', () => {
  it(
    'any chunking gives exactly the stream lines, byte for byte, and the tail once',
    () => {
      fc.assert(
        fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (bytes, cuts) => {
          const source = new EventEmitter();
          const lines: string[] = [];
          const tails: string[] = [];
          readLines(
            source,
            (line: Buffer) => lines.push(Buffer.from(line).toString('hex')),
            (rest: Buffer) => tails.push(rest.toString('hex')),
          );
          const at = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))].sort((a, b) => a - b);
          let from = 0;
          for (const cut of [...at, bytes.length]) {
            if (cut > from) source.emit('data', bytes.subarray(from, cut));
            from = Math.max(from, cut);
          }
          source.emit('end');
          const want = expected(bytes);
          expect(lines).toEqual(want.lines);
          expect(tails).toEqual([want.tail]);
          // parseLine never throws: a line that is not JSON is `undefined`, never a message.
          for (const hex of lines) {
            const text = Buffer.from(hex, 'hex');
            let parsed: unknown;
            try {
              parsed = JSON.parse(text.toString('utf8'));
            } catch {
              parsed = undefined;
            }
            expect(parseLine(text)).toEqual(parsed);
          }
        }),
        runSettings(500),
      );
    },
    propertyTimeout(),
  );
});
