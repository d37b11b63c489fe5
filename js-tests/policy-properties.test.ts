// The budget policy as a property, through its public API only (createBudgetPolicy): arbitrary
// CallToolResults — text, structured, images, isError, several blocks, odd shapes that are not
// results at all — under arbitrary options. Whatever comes in: apply never throws, what it
// sends is a CallToolResult within the cap on each channel (the text blocks together, and the
// JSON of structuredContent), and an elided result's pages are each within the cap and rebuild
// exactly what was kept.
//
// vitest runs it briefly; `npm run fuzz` runs it for FUZZ_SECONDS (scripts/fuzz.mjs sets
// PROPERTY_SECONDS), with new seeds each run. A failure prints fast-check's seed and path.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens, createBudgetPolicy, roundFloats } from 'modoki-budget';
import { reassemble } from './support/reassemble';
import { jsonish, nastyString } from './support/arbitraries';
import { propertyTimeout, runSettings } from './support/property-runs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Block = { type: string; text?: string; uri?: string; [k: string]: unknown };
type Policy = ReturnType<typeof createBudgetPolicy>;

const bigArray = fc.array(jsonish, { minLength: 0, maxLength: 120 });
const data = fc.oneof(
  jsonish,
  bigArray,
  fc.dictionary(nastyString, jsonish, { maxKeys: 80 }),
  fc.record({ rows: bigArray, note: nastyString }),
);
const longText = fc.oneof(
  nastyString,
  fc.array(nastyString, { maxLength: 300 }).map((parts) => parts.join('')),
  data.map((d) => JSON.stringify(d, null, 2) ?? 'null'),
);
const image = fc.record({
  type: fc.constant('image'),
  data: fc.base64String({ maxLength: 400 }),
  mimeType: fc.constant('image/png'),
});
const block = fc.oneof(
  { weight: 4, arbitrary: longText.map((text) => ({ type: 'text', text })) },
  { weight: 1, arbitrary: image },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('audio'),
      data: fc.base64String({ maxLength: 40 }),
      mimeType: fc.constant('audio/wav'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resource_link'), uri: fc.webUrl(), name: fc.string() }) },
);
const structured = fc
  .dictionary(nastyString, jsonish, { maxKeys: 6 })
  .chain((head) =>
    fc.record({ ...Object.fromEntries(Object.entries(head).map(([k, v]) => [k, fc.constant(v)])), rows: bigArray }),
  );
/** A CallToolResult (with or without structuredContent and its text copy), or something else. */
const callResult = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      { content: fc.array(block, { maxLength: 4 }), isError: fc.option(fc.boolean(), { nil: undefined }) },
      { requiredKeys: ['content'] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        structured,
        fc.constantFrom('none', 'compact', 'pretty'),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.array(image, { maxLength: 1 }),
      )
      .map(([value, copy, isError, images]) => ({
        content: [
          ...(copy === 'none' ? [] : [{ type: 'text', text: JSON.stringify(value, null, copy === 'pretty' ? 2 : 0) }]),
          ...images,
        ],
        structuredContent: value,
        ...(isError === undefined ? {} : { isError }),
        _meta: { trace: 'x' },
      })),
  },
  { weight: 3, arbitrary: data },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(
      undefined,
      null,
      'text',
      42,
      { content: 'not an array' },
      { content: [null, 7, { type: 'text' }, { type: 'text', text: 5 }] },
      { content: [], structuredContent: [1, 2] },
      { content: [{ type: 'text', text: 'x' }], structuredContent: null },
      { task: { taskId: 't', status: 'working' } },
    ),
  },
);
const options = fc.record(
  {
    preset: fc.constantFrom('editor', 'claudeCode'),
    maxChars: fc.integer({ min: 1000, max: 4000 }),
    maxTokens: fc.option(fc.integer({ min: 250, max: 1200 }), { nil: null }),
    precision: fc.integer({ min: 0, max: 16 }),
    compactJson: fc.boolean(),
    pageTool: fc.boolean(),
  },
  { requiredKeys: [] },
);

const textsOf = (content: Block[]) =>
  content.filter((b) => b?.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);

async function pagesOf(policy: Policy, uri: string): Promise<string[]> {
  const first = (await policy.readResource(`${uri}?page=1`)).contents[0].text as string;
  const n = (JSON.parse(first) as { pages: number }).pages;
  const pages = [first];
  for (let k = 2; k <= n; k++) pages.push((await policy.readResource(`${uri}?page=${k}`)).contents[0].text as string);
  return pages;
}

function compacted(text: string, round: (v: unknown) => Json): string {
  try {
    return JSON.stringify(round(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** What the policy keeps of an over-cap result (docs/mcp.md "What is kept"), as JSON text or text. */
function keptOf(raw: unknown, precision: number | undefined, compactJson: boolean): Json {
  const round = (v: unknown) => (precision ? roundFloats(v, precision) : v) as Json;
  const r = raw as { content?: unknown; structuredContent?: unknown };
  const isResult = r !== null && typeof r === 'object' && Array.isArray(r.content);
  if (!isResult) return round(raw);
  if (r.structuredContent !== undefined && r.structuredContent !== null && typeof r.structuredContent === 'object')
    return round(r.structuredContent);
  const texts = (r.content as Block[])
    .filter((b) => b?.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string)
    // compactJson re-encodes a text that parses as one JSON value (rounded, with precision).
    .map((text) => (compactJson ? compacted(text, round) : text));
  if (texts.length !== 1) return texts;
  try {
    return JSON.parse(texts[0]) as Json;
  } catch {
    return texts[0];
  }
}

describe('the policy on arbitrary results and options', () => {
  it(
    'never throws, stays within the cap on each channel, and pages rebuild what was kept',
    async () => {
      await fc.assert(
        fc.asyncProperty(callResult, options, fc.boolean(), async (raw, opts, hasOutputSchema) => {
          const policy = createBudgetPolicy(opts);
          const { maxChars, maxTokens } = policy.options as { maxChars: number; maxTokens?: number };
          const { result, info } = await policy.apply('tool', raw, { hasOutputSchema });
          expect(Array.isArray(result.content)).toBe(true);
          // A channel is its texts: the text blocks (each its own text to a model, so their
          // tokens are summed — a join can count differently at the seams), or the JSON of
          // structuredContent.
          const channels = [textsOf(result.content as Block[])];
          if (result.structuredContent !== undefined) channels.push([JSON.stringify(result.structuredContent)]);
          for (const texts of channels) {
            expect(texts.join('').length).toBeLessThanOrEqual(maxChars);
            if (maxTokens !== undefined) {
              const tokens = texts.reduce((n, t) => n + countTokens(t, policy.options.encoding), 0);
              expect(tokens).toBeLessThanOrEqual(maxTokens);
            }
          }
          expect(info.charsOut).toBeLessThanOrEqual(maxChars);
          const link = (result.content as Block[]).find(
            (b) => b?.type === 'resource_link' && b.uri?.startsWith('budget://'),
          );
          if (!info.elided || link === undefined) return;
          const pages = await pagesOf(policy, link.uri as string);
          for (const page of pages) {
            expect(page.length).toBeLessThanOrEqual(maxChars);
            if (maxTokens !== undefined)
              expect(countTokens(page, policy.options.encoding)).toBeLessThanOrEqual(maxTokens);
          }
          const back = reassemble(pages);
          const kept = keptOf(raw, policy.options.precision, policy.options.compactJson);
          // A value split as text comes back as its compact JSON.
          const got = typeof back === 'string' && typeof kept !== 'string' ? back : JSON.stringify(back);
          expect(got).toBe(JSON.stringify(kept));
        }),
        runSettings(300),
      );
    },
    propertyTimeout(),
  );
});
