// Generators for differential tests: JSON-able values that stress exactly the places a
// reimplementation of JSON.stringify and toPrecision goes wrong.
import fc from 'fast-check';

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];

/** Floats near JS formatting boundaries (1e21, 1e-6/1e-7, 2^53) and exact binary ties. */
export const boundaryFloat = fc.oneof(
  fc.double(),
  fc.double({ min: 1e20, max: 1e22, noNaN: true }),
  fc.double({ min: -1e22, max: -1e20, noNaN: true }),
  fc.double({ min: 1e-8, max: 1e-5, noNaN: true }),
  fc.double({ min: 2 ** 52, max: 2 ** 54, noNaN: true }),
  fc.double({ min: -1e16, max: 1e16, noNaN: true }),
  // k / 2^m has a short exact decimal expansion: these are the toPrecision ties.
  fc
    .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 20 }))
    .map(([k, m]) => k / 2 ** m),
  fc.constantFrom(
    1e21,
    1e21 - 65536,
    999999999999999900000,
    1e-7,
    1e-6,
    0.000001,
    2 ** 53,
    2 ** 53 + 2,
    -0,
    0.1 + 0.2,
    679.0625,
    247.13061935179246,
    5e-324,
    Number.MAX_VALUE,
    NaN,
    Infinity,
    -Infinity,
  ),
);

/** Strings with unicode, control characters, quotes and lone surrogates. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\r',
      '\t',
      '\b',
      '\f',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      '\u2029',
      'é',
      '😀',
      '…',
      'a',
    ),
  }),
  fc.tuple(fc.string(), fc.constantFrom(...LONE_SURROGATES), fc.string()).map(([a, s, b]) => a + s + b),
  fc.string({ minLength: 35, maxLength: 45 }),
);

/**
 * Keys serde_json reserves for its own markers (its raw_value and arbitrary_precision features
 * read an object whose first key is one of them as that marker): ordinary data here.
 */
export const SERDE_MARKER_KEYS = ['$serde_json::private::RawValue', '$serde_json::private::Number'] as const;

/** Keys that data can carry and that name something else somewhere: prototypes, indexes, markers. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', '0', '10', '-1', 'a.b', '', ...SERDE_MARKER_KEYS];

const key = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_KEYS), nastyString);

/** JSON-able values (plus undefined, which JSON.stringify drops) built from the above. */
export const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    boundaryFloat,
    nastyString,
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.integer(),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries)
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  }),
})).value;
