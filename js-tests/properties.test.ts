// Properties at the JS boundary: whatever a scene, a plugin or a crashed backend hands
// the package, encode/ok/err never throw and always return valid JSON within the cap, the
// summarizers never touch their input, and no thrown error leaves the module in a bad state.
// FC_RUNS sets the runs per property (default 10,000).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as api from 'modoki-budget';
import { get_encoding } from 'tiktoken';

const {
  encode,
  capText,
  createFormatter,
  summarize,
  roundFloats,
  countTokens,
  sceneState,
  layoutBounds,
  summarizeAssets,
  summarizeTraits,
  tailWithCounts,
  consoleLogs,
  journalEvents,
  editorJournal,
  watchRead,
  handles,
  sceneEditResult,
} = api;

const RUNS = Number(process.env.FC_RUNS ?? 10_000);

// --- hostile values ---------------------------------------------------------------------------

const LONE = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];

function throwingProxy(): object {
  const boom = () => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom, getPrototypeOf: boom });
}

type Injection =
  'cycle' | 'getter' | 'toJSON' | 'symbolKey' | 'symbolValue' | 'negZero' | 'nan' | 'surrogate' | 'proto' | 'deepCycle';
const INJECTIONS: Injection[] = [
  'cycle',
  'getter',
  'toJSON',
  'symbolKey',
  'symbolValue',
  'negZero',
  'nan',
  'surrogate',
  'proto',
  'deepCycle',
];

function inject(target: Record<PropertyKey, unknown>, what: Injection, i: number) {
  const key = `k${i}`;
  switch (what) {
    case 'cycle':
      target[key] = target;
      break;
    case 'deepCycle':
      target[key] = [{ back: target }];
      break;
    case 'getter':
      Object.defineProperty(target, key, {
        enumerable: true,
        configurable: true,
        get() {
          throw new Error(`getter ${i}`);
        },
      });
      break;
    case 'toJSON':
      target[key] = {
        toJSON() {
          throw new TypeError(`toJSON ${i}`);
        },
      };
      break;
    case 'symbolKey':
      target[Symbol(key)] = 1;
      break;
    case 'symbolValue':
      target[key] = Symbol(key);
      break;
    case 'negZero':
      target[key] = -0;
      break;
    case 'nan':
      target[key] = NaN;
      break;
    case 'surrogate':
      target[LONE[i % LONE.length]] = LONE[(i + 1) % LONE.length];
      break;
    case 'proto':
      Object.defineProperty(target, '__proto__', {
        value: { polluted: i },
        enumerable: true,
        writable: true,
        configurable: true,
      });
      break;
  }
}

const anything = fc.anything({
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withObjectString: true,
  maxDepth: 2,
  maxKeys: 4,
});

/** fc.anything plus injected cycles, throwing getters/toJSON, symbols, -0, NaN, lone surrogates, `__proto__` keys. */
const hostile = fc
  .tuple(anything, fc.array(fc.constantFrom(...INJECTIONS), { maxLength: 3 }), fc.boolean())
  .map(([value, injections, wrap]) => {
    if (injections.length === 0) return value;
    const holder: Record<PropertyKey, unknown> =
      !wrap && typeof value === 'object' && value !== null && !Array.isArray(value) && Object.isExtensible(value)
        ? (value as Record<PropertyKey, unknown>)
        : { value };
    injections.forEach((what, i) => inject(holder, what, i));
    return holder;
  });

function tryStringify(value: unknown): string | undefined | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/** The envelope with the smallest preview it could have: the size it may not go under. */
function smallestEnvelope(envelope: Record<string, unknown>): string {
  const preview = envelope.preview;
  let smallest: unknown = preview;
  if (typeof preview === 'object' && preview !== null) {
    const marker = (preview as Record<string, string>)['…'];
    const total =
      Object.keys(preview).length -
      (marker === undefined ? 0 : 1) +
      (marker === undefined ? 0 : Number.parseInt(marker, 10));
    smallest = total === 0 ? {} : { '…': `${total} more keys` };
  }
  return JSON.stringify({ ...envelope, preview: smallest });
}

/** The envelope's size with the smallest preview it could have: the cap it must then honour. */
const envelopeFloor = (envelope: Record<string, unknown>) => smallestEnvelope(envelope).length;

/** encode's whole text for a value: what any cap is measured against. */
const UNCAPPED = 1e9;

/**
 * `encode(value, { maxChars, maxTokens })` is exactly one of two answers: the whole text (the
 * stringify text) when it is within both caps, or the over-cap envelope — its keys in order,
 * `bytes` and `tokens` the whole text's, within both caps unless its smallest form is not. A
 * string is cut with a marker instead; a value with no JSON text is `String(value)`.
 * Returns which branch the case took.
 */
function checkEncoded(value: unknown, maxChars: number, maxTokens?: number): 'within' | 'over' | 'other' {
  const out = encode(value, maxTokens === undefined ? maxChars : { maxChars, maxTokens });
  if (typeof value === 'string') {
    if (maxTokens !== undefined) return 'other';
    if (value.length <= maxChars) expect(out).toBe(value);
    else {
      expect(out.endsWith(` chars elided of ${value.length}]`)).toBe(true);
      expect(value.startsWith(out.slice(0, out.lastIndexOf('\n…[')))).toBe(true);
    }
    return value.length <= maxChars ? 'within' : 'over';
  }
  const reference = tryStringify(value);
  if (reference === undefined) {
    // Only a value JSON.stringify has no text for (undefined, a function, a symbol) comes back
    // as String(value), as the reference formatter returns it (uncapped: see docs/hardening.md).
    expect(out).toBe(String(value));
    return 'other';
  }
  const whole = encode(value, UNCAPPED);
  // A value stringify can write is written as stringify writes it.
  if (reference !== null) expect(whole).toBe(reference);
  const tokens = maxTokens === undefined ? undefined : countTokens(whole);
  if (whole.length <= maxChars && (tokens === undefined || tokens <= maxTokens!)) {
    expect(out).toBe(whole);
    return 'within';
  }
  const envelope = JSON.parse(out) as Record<string, unknown>;
  const counted = Object.hasOwn(envelope, 'tokens');
  expect(Object.keys(envelope)).toEqual(
    counted ? ['elided', 'code', 'bytes', 'tokens', 'hint', 'preview'] : ['elided', 'code', 'bytes', 'hint', 'preview'],
  );
  expect(envelope).toMatchObject({ elided: true, code: 'TOO_LARGE', bytes: whole.length });
  if (counted) expect(envelope.tokens).toBe(tokens);
  const unit = counted ? 'tokens' : 'chars';
  const cap = counted ? maxTokens : maxChars;
  expect(envelope.hint).toMatch(
    new RegExp(`^Response was ${counted ? tokens : whole.length} ${unit} \\(cap ${cap}\\)\\. `),
  );
  if (out.length > maxChars) expect(envelopeFloor(envelope)).toBeGreaterThan(maxChars);
  if (maxTokens !== undefined && countTokens(out) > maxTokens) {
    expect(countTokens(smallestEnvelope(envelope))).toBeGreaterThan(maxTokens);
  }
  return 'over';
}

/**
 * Hostile values with bulk — a few of them beside padding, or one alone — so their text is
 * tens to thousands of chars, and caps drawn around that size: a ratio of 0.5–1.5 puts about
 * half the cases over the cap.
 */
const bulkyHostile = fc
  .tuple(fc.array(hostile, { maxLength: 8 }), fc.nat(3000), fc.boolean())
  .map(([values, pad, alone]) => (alone ? values[0] : { values, pad: 'p'.repeat(pad) }));
// Uniform in percent: fc.double is uniform over representations, and [0.5, 1) holds twice the
// doubles of [1, 1.5).
const aroundOne = fc.integer({ min: 50, max: 150 }).map((percent) => percent / 100);

/** Cases that took each branch, so a test can say the caps were drawn around the sizes. */
function tally() {
  const seen = { within: 0, over: 0, other: 0 };
  return {
    add: (branch: keyof typeof seen) => seen[branch]++,
    expectBothSides: () => {
      const sized = seen.within + seen.over;
      if (sized < 200) return;
      expect(seen.over / sized).toBeGreaterThan(0.3);
      expect(seen.over / sized).toBeLessThan(0.7);
    },
  };
}

const formatterForRegressions = createFormatter(() => null);

// --- encode / ok / err ------------------------------------------------------------------------

describe(`encode, ok and err on hostile values (${RUNS} runs each)`, () => {
  const formatter = createFormatter(() => null);

  it('encode never throws; its answer is the stringify text within the cap, or the envelope (caps drawn around the size)', () => {
    const branches = tally();
    fc.assert(
      fc.property(bulkyHostile, aroundOne, (value, ratio) => {
        const whole = typeof value === 'string' ? value : encode(value, UNCAPPED);
        branches.add(checkEncoded(value, Math.round(whole.length * ratio)));
      }),
      { numRuns: RUNS },
    );
    branches.expectBothSides();
  });

  it('with a token cap too: the whole text within both caps, or the envelope within both', () => {
    const branches = tally();
    fc.assert(
      fc.property(bulkyHostile, aroundOne, fc.constantFrom('chars', 'tokens', 'both'), (value, ratio, binding) => {
        if (typeof value === 'string') return;
        const whole = encode(value, UNCAPPED);
        const tokens = countTokens(whole);
        // The binding cap drawn around the size; the other one a little above it, or both around it.
        const slack = (size: number, binds: boolean) => Math.max(1, Math.round(size * (binds ? ratio : 1.25)));
        const maxChars = slack(whole.length, binding !== 'tokens');
        const maxTokens = slack(tokens, binding !== 'chars');
        branches.add(checkEncoded(value, maxChars, maxTokens));
      }),
      { numRuns: RUNS },
    );
    branches.expectBothSides();
  });

  it('encode with precision or a token cap never throws and stays valid JSON within the cap', () => {
    fc.assert(
      fc.property(
        hostile,
        fc.integer({ min: 300, max: 4000 }),
        fc.integer({ min: 1, max: 16 }),
        fc.option(fc.integer({ min: 50, max: 1000 }), { nil: undefined }),
        (value, cap, precision, maxTokens) => {
          const out = encode(value, { maxChars: cap, precision, maxTokens });
          if (typeof value === 'string') return;
          try {
            JSON.parse(out);
          } catch {
            expect(tryStringify(value)).toBeUndefined();
            return;
          }
          if (out.length > cap) expect(envelopeFloor(JSON.parse(out))).toBeGreaterThan(cap);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('ok and err never throw, and ok carries exactly what encode returns', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 0, max: 4000 }), fc.boolean(), (generated, cap, proxy) => {
        // Built here: fast-check itself reads generated values, and this one throws on any read.
        const value = proxy ? { value: generated, hostile: throwingProxy() } : generated;
        const result = formatter.ok(value, cap);
        expect(result.content[0].text).toBe(encode(value, cap));
        const error = formatter.err((proxy && cap % 2 === 0 ? throwingProxy() : value) as string);
        expect(error.isError).toBe(true);
        expect(typeof error.content[0].text).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('regressions found by these properties', () => {
  it('err and capText never throw on a Proxy whose traps throw (String() and Object.prototype.toString both throw on it)', () => {
    expect(formatterForRegressions.err(throwingProxy() as never)).toEqual({
      content: [{ type: 'text', text: '[object Unknown]' }],
      isError: true,
    });
    expect(capText(throwingProxy() as never)).toBe('[object Unknown]');
  });
});

// --- summarizers: no mutation, no prototype change ----------------------------------------------

type Snapshot = unknown;

// Objects (prototypes, accessors, functions, symbols) are compared by identity, not structure:
// deep-equality would walk a TypedArray prototype and throw.
const identities = new Map<unknown, number>();
function identity(thing: unknown): string {
  if (thing === null || thing === undefined) return String(thing);
  if (!identities.has(thing)) identities.set(thing, identities.size);
  return `#${identities.get(thing)}`;
}

/** A structural record of a value: own keys, descriptors' values or accessor identity, prototypes. */
/** The snapshot as text: comparing strings is far cheaper than a deep-equality walk. */
const snap = (value: unknown) => JSON.stringify(snapshot(value));

function snapshot(value: unknown, seen = new Map<object, number>()): Snapshot {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'number') return Object.is(value, -0) ? 'n:-0' : `n:${value}`;
    if (typeof value === 'string') return `s:${value}`;
    if (typeof value === 'bigint') return `b:${value}`;
    if (typeof value === 'symbol' || typeof value === 'function') return identity(value);
    return String(value);
  }
  if (seen.has(value)) return { ref: seen.get(value) };
  seen.set(value, seen.size);
  let keys: (string | symbol)[];
  let proto: unknown;
  try {
    keys = Reflect.ownKeys(value);
    proto = Object.getPrototypeOf(value);
  } catch {
    return { opaque: identity(value) };
  }
  const out: unknown[] = [identity(proto), Object.isFrozen(value), Object.isExtensible(value)];
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(value, k)!;
    out.push(
      typeof k === 'symbol' ? identity(k) : k,
      d.enumerable,
      'value' in d ? snapshot(d.value, seen) : [identity(d.get), identity(d.set)],
    );
  }
  if (value instanceof Map)
    out.push(
      'map',
      [...value].map(([k, v]) => [snapshot(k, seen), snapshot(v, seen)]),
    );
  if (value instanceof Set)
    out.push(
      'set',
      [...value].map((v) => snapshot(v, seen)),
    );
  if (ArrayBuffer.isView(value))
    out.push('bytes', Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
  if (value instanceof Date) out.push('date', value.getTime());
  return out;
}

/** Every object in a summarizer's result is a plain object or array from JSON.parse. */
function expectPlainResult(value: unknown, seen = new Set<object>()) {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  expect(proto === Object.prototype || proto === Array.prototype).toBe(true);
  for (const k of Object.keys(value)) expectPlainResult((value as Record<string, unknown>)[k], seen);
}

const objectPrototypeKeys = Reflect.ownKeys(Object.prototype);

const queryArb = fc.oneof(
  hostile,
  fc.dictionary(
    fc.constantFrom(
      'limit',
      'where',
      'trait',
      'id',
      'name',
      'full',
      'world',
      'bounds',
      'level',
      'since',
      'type',
      'category',
      'ids',
      'layer',
      'all',
      '__proto__',
    ),
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('Transform.position.x > 1', 'Tag.name ~ a', 'A.b != "c"'),
    ),
  ),
);

// Built from a tuple and a map: fc.record with nested dictionaries costs ~1 ms per value.
const GUIDS = [
  '0123456789abcdef0123456789abcdef',
  '01234567-89ab-cdef-0123-456789abcdef',
  '0123456789abffff0000000000000000',
  'zz',
  '',
];
const entityArb = fc
  .tuple(
    fc.nat(50),
    fc.string({ maxLength: 6 }),
    fc.nat(GUIDS.length - 1),
    fc.constantFrom('Transform', 'Tag', 'Light', '__proto__', 'constructor'),
    fc.string({ maxLength: 3 }),
    fc.oneof(fc.double(), fc.string({ maxLength: 4 }), fc.boolean()),
    fc.constantFrom('info', 'warn', 'error', '__proto__'),
    fc.double(),
    fc.nat(31),
  )
  .map(([id, name, guid, trait, field, value, level, x, mask]) => {
    const e: Record<string, unknown> = { id, name, guid: GUIDS[guid] };
    if (mask & 1) e.parentId = id > 0 ? id - 1 : null;
    if (mask & 2) e.traits = JSON.parse(JSON.stringify({ [trait]: { [field]: value, x } }));
    if (mask & 4) Object.assign(e, { type: name, level, text: name, seq: id });
    if (mask & 8) e.rect = { x, y: -x, w: Math.abs(x), h: id };
    if (mask & 16) e.layer = trait;
    return e;
  });

const dataArb = fc.oneof(
  hostile,
  fc.array(fc.oneof(entityArb, hostile), { maxLength: 4 }),
  fc.record({
    events: fc.array(entityArb, { maxLength: 4 }),
    handles: fc.array(entityArb, { maxLength: 4 }),
    series: hostile,
    traits: hostile,
  }),
);

const SUMMARIZERS: [string, (data: unknown, query: unknown, options: unknown) => unknown][] = [
  ['sceneState', (d, q, o) => sceneState(d as never, q as never, o as never)],
  ['layoutBounds', (d, q, o) => layoutBounds(d as never, q as never, o as never)],
  ['summarizeAssets', (d, q) => summarizeAssets(d as never, q as never)],
  ['summarizeTraits', (d, q, o) => summarizeTraits(d as never, o as never, q as never)],
  ['consoleLogs', (d, q) => consoleLogs(d as never, q as never)],
  ['journalEvents', (d, q) => journalEvents(d as never, q as never)],
  ['editorJournal', (d, q) => editorJournal(d as never, q as never)],
  ['watchRead', (d, q) => watchRead(d as never, q as never)],
  ['handles', (d, q) => handles(d as never, q as never)],
  ['sceneEditResult', (d, q) => sceneEditResult(d as never, q as never)],
  ['summarize', (d) => summarize(d)],
  ['roundFloats', (d, q) => roundFloats(d as never, typeof q === 'number' ? q : 3)],
  [
    'tailWithCounts',
    (d, q, o) =>
      tailWithCounts(
        d as never,
        (item: unknown) => (typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : item),
        o as never,
      ),
  ],
];

describe(`summarizers on hostile input (${RUNS} runs each)`, () => {
  it('never mutate their input and return only plain JSON objects', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SUMMARIZERS.length - 1 }),
        dataArb,
        queryArb,
        fc.oneof(hostile, fc.record({ scenePath: fc.string(), guidPrefix: fc.boolean() })),
        (which, data, query, options) => {
          const [name, fn] = SUMMARIZERS[which];
          const before = [snap(data), snap(query), snap(options)];
          let result: unknown;
          let threw = false;
          try {
            result = fn(data, query, options);
          } catch (error) {
            threw = true;
            expect(error).toBeInstanceOf(Error);
          }
          const after = [snap(data), snap(query), snap(options)];
          if (after[0] !== before[0] || after[1] !== before[1] || after[2] !== before[2]) expect(after).toEqual(before);
          expect(Reflect.ownKeys(Object.prototype)).toEqual(objectPrototypeKeys);
          if (threw) return;
          if (name === 'roundFloats') return; // a copy of the caller's own (possibly class) objects, by design
          // A reply the editor passes through untouched comes back as the caller's own object.
          if (result === data) return;
          if (name === 'tailWithCounts') {
            // items are the caller's own objects; everything the module built is plain
            const { items, ...rest } = result as { items: unknown[] };
            expect(Array.isArray(items)).toBe(true);
            expectPlainResult(rest);
            return;
          }
          expectPlainResult(result);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// --- recovery after thrown errors ----------------------------------------------------------------

// A stand-in replaced by a throwing Proxy inside the property (fast-check itself reads generated values).
const PROXY = Symbol('throwing proxy');
const huge = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER * 4,
  2 ** 32,
  -(2 ** 31),
  Infinity,
  -Infinity,
  NaN,
  -0,
  4294967296.5,
);
const garbage = fc.oneof(
  { weight: 3, arbitrary: hostile },
  huge,
  fc.constantFrom(
    null,
    undefined,
    '',
    '\ud800',
    'o200k_base',
    'cl100k_base',
    'nope',
    () => 1,
    Symbol('s'),
    [],
    {},
    new Uint8Array(4),
  ),
  fc.constant(PROXY),
  fc.string(),
);

const EXPORT_NAMES = Object.keys(api).filter(
  (k) => k !== 'default' && typeof (api as Record<string, unknown>)[k] === 'function',
);

/** Calls on normal input and the answer each must give, computed once on a fresh module. */
const canonical: [string, () => unknown][] = [
  ['encode', () => encode({ a: [1, 2.5, 'x'], b: 1.23456789012 }, { precision: 3 })],
  ['encode-cap', () => encode({ s: 'x'.repeat(500) }, 300)],
  ['capText', () => capText('a😀'.repeat(20), 7)],
  ['roundSig', () => api.roundSig(679.0625, 6)],
  ['roundFloats', () => roundFloats({ x: [1.23456789012, { y: -0.000123456789 }] }, 4)],
  ['countTokens', () => countTokens('hello world, 😀 12345')],
  ['countTokens-o200k', () => countTokens('hello world, 😀 12345', 'o200k_base')],
  ['fitsTokenBudget', () => api.fitsTokenBudget('a b c d e f g', 3)],
  [
    'sceneState',
    () =>
      sceneState([{ id: 1, name: 'Tree', guid: '0123456789abcdef0123456789abcdef', traits: { Transform: { x: 1 } } }], {
        where: 'Transform.x > 0',
      }),
  ],
  ['resolveGuid', () => api.resolveGuid('0123456789ab', ['0123456789abcdef0123456789abcdef'])],
  ['deriveGuid', () => api.deriveGuid('seed\ud800')],
  ['tokenReport', () => api.tokenReport({ a: [1, 2], b: 'text' })],
  ['summarize', () => summarize({ a: [1, 2], b: 'x' })],
];
const expected = canonical.map(([, call]) => JSON.stringify(call()));

describe(`recovery: every export, called with garbage, leaves the module correct (${RUNS} runs)`, () => {
  it('has the canonical answers pinned', () => {
    expect(JSON.parse(expected[0])).toBe('{"a":[1,2.5,"x"],"b":1.23}');
    expect(JSON.parse(expected[3])).toBe(679.063);
    const reference = get_encoding('cl100k_base');
    try {
      expect(JSON.parse(expected[5])).toBe(reference.encode_ordinary('hello world, 😀 12345').length);
    } finally {
      reference.free();
    }
    expect(JSON.parse(expected[9])).toBe('0123456789abcdef0123456789abcdef');
    expect(EXPORT_NAMES.length).toBeGreaterThanOrEqual(25);
  });

  it('the next normal call after any thrown error still returns the right answer', async () => {
    let thrown = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EXPORT_NAMES),
        fc.array(garbage, { maxLength: 4 }),
        fc.integer({ min: 0, max: canonical.length - 1 }),
        async (name, args, check) => {
          try {
            const out = (api as unknown as Record<string, (...a: unknown[]) => unknown>)[name](
              ...args.map((a) => (a === PROXY ? throwingProxy() : a)),
            );
            // An async export (loadEncoding) refuses garbage by rejecting: a coded Error too.
            if (out instanceof Promise) await out;
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            thrown++;
          }
          expect(JSON.stringify(canonical[check][1]())).toBe(expected[check]);
        },
      ),
      { numRuns: RUNS },
    );
    // The property is only meaningful if garbage actually made exports throw.
    expect(thrown).toBeGreaterThan(RUNS / 20);
    canonical.forEach(([, call], i) => expect(JSON.stringify(call())).toBe(expected[i]));
  });
});

// --- extremes (single runs) -----------------------------------------------------------------------

describe('extremes: 100,000-deep nesting and a 50 MB string', () => {
  const DEPTH = 100_000;

  it('100,000-deep arrays and objects: encode gives a valid envelope, roundFloats copies, countTokens is exact', () => {
    let arrays: unknown = 1.23456789;
    for (let i = 0; i < DEPTH; i++) arrays = [arrays];
    let objects: unknown = { leaf: 9.87654321 };
    for (let i = 0; i < DEPTH; i++) objects = { c: objects };
    for (const deep of [arrays, objects]) {
      const out = encode(deep);
      expect(out.length).toBeLessThanOrEqual(60_000);
      expect(JSON.parse(out)).toMatchObject({ elided: true });
      expect(() => JSON.parse(encode(deep, { precision: 3 }))).not.toThrow();
    }
    const rounded = roundFloats(arrays, 3);
    let cursor: unknown = rounded;
    for (let i = 0; i < DEPTH; i++) cursor = (cursor as unknown[])[0];
    expect(cursor).toBe(1.23);
    // tiktoken is quadratic on a 100,000-char piece: check it at 1,000 and 2,000 deep, where
    // the count is linear in the depth, and extrapolate exactly.
    const nested = (d: number) => `${'['.repeat(d)}1.5${']'.repeat(d)}`;
    const reference = get_encoding('cl100k_base');
    try {
      const [a, b] = [1000, 2000].map((d) => reference.encode_ordinary(nested(d)).length);
      expect([countTokens(nested(1000)), countTokens(nested(2000))]).toEqual([a, b]);
      expect(countTokens(nested(DEPTH))).toBe(a + ((b - a) / 1000) * (DEPTH - 1000));
    } finally {
      reference.free();
    }
  });

  it('a 50 MB string: encode caps it, roundFloats keeps it, countTokens counts it exactly', () => {
    const unit = 'Tree_042 at (1.5, -2.25) 😀 ';
    const n = Math.ceil((50 * 1024 * 1024) / unit.length);
    const big = unit.repeat(n);
    expect(big.length).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    const capped = encode(big);
    expect(capped).toBe(`${big.slice(0, 60_000)}\n…[${big.length - 60_000} chars elided of ${big.length}]`);
    const wrapped = encode({ big, x: 1.23456789012 }, { precision: 3 });
    expect(JSON.parse(wrapped)).toMatchObject({ elided: true, bytes: big.length + 19 });
    const copy = roundFloats({ big, x: 1.23456789012 }, 3);
    expect(copy.big).toBe(big);
    expect(copy.x).toBe(1.23);
    // The text is periodic, so its count is linear in the repeat count past the first unit.
    const a = countTokens(unit.repeat(1000));
    const b = countTokens(unit.repeat(2000));
    expect(countTokens(big)).toBe(a + ((b - a) / 1000) * (n - 1000));
    expect(countTokens(big, 'o200k_base')).toBe(
      countTokens(unit.repeat(1000), 'o200k_base') +
        ((countTokens(unit.repeat(2000), 'o200k_base') - countTokens(unit.repeat(1000), 'o200k_base')) / 1000) *
          (n - 1000),
    );
  });
});
