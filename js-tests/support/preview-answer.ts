// The first text block of an over-cap answer, as docs/mcp.md ("The preview option") and
// docs/clients.md specify it: one line that says the result is too large (its size against the
// cap, in the unit that cap is in), gives the tool's hint and says how to read the pages, then
// previewResult of the kept value within the preview budget, less what the rest of the answer
// (and a note beside it) take of the caps. A JSON result's answer is one JSON object that holds
// that line, its sizes and the preview; a text result's answer is the line, then the preview.
import { countTokens, previewResult } from 'modoki-budget';

export interface PreviewAnswerOptions {
  /** The policy's caps. */
  maxChars: number;
  maxBytes?: number;
  maxTokens?: number;
  /** The call's arguments and the tool's inputSchema (as the policy was given them). */
  args?: Record<string, unknown>;
  inputSchema?: Record<string, unknown>;
  /** The preview option's budget (default 2,000 tokens, 8,000 chars). */
  preview?: { maxTokens: number; maxChars: number };
  /** The kept result's id and page count (from its link, `linkOf`); absent: the store kept nothing. */
  link?: { id: string; pages: number; map?: string };
  /** The policy's preset (for how the line says to read the pages), whether it lists the page tool and read_result (default true). */
  preset?: string;
  pageTool?: boolean;
  readResult?: boolean;
  /** What a note beside the preview takes of the caps (the store's failure sentence). */
  room?: { chars: number; tokens: number; bytes?: number };
  /** The size of the channel that was over, when it is not the kept value's. */
  sizes?: { chars: number; bytes?: number; tokens?: number };
}

type Block = { type: string; uri?: string; description?: string };

/** The hint's end when the store keeps no pages. */
export const UNPAGED_END = 'the rest could not be kept, so there are no pages to read.';

/** The page map line of an over-cap answer's first text block (`Page map …`), or '' for none. */
export function mapOf(first: string): string {
  const line = first.startsWith('{"tooLarge":') ? String(JSON.parse(first).tooLarge) : first;
  const second = line.split('\n')[1] ?? '';
  return second.startsWith('Page map ') ? second : '';
}

/**
 * `{ id, pages, map }` of the resource_link an over-cap answer carries (map: the page map under
 * its first line, read off the answer: js-tests/read-result.test.ts checks what it says), or
 * undefined without one.
 */
export function linkOf(result: { content: Block[] }): { id: string; pages: number; map: string } | undefined {
  const link = result.content.find((b) => b.type === 'resource_link');
  if (link === undefined) return undefined;
  const id = String(link.uri).slice('budget://result/'.length);
  const pages = Number(/\(K from 1 to (\d+)\)/.exec(String(link.description))?.[1]);
  const first = result.content.find((b) => b.type === 'text') as { text?: string } | undefined;
  return { id, pages, map: mapOf(String(first?.text ?? '')) };
}

/** The sentence of the answer's first line that names read_result for result `id` of a call with `args`. */
export const readSentence = (id: string, args?: Record<string, unknown>) =>
  `Find anything in it with read_result {"id":"${id}","match":${JSON.stringify(exampleNeedle(args))}} (a string or /regex/; or "path", "lines", "page" to read a part).`;

/** The text read_result's example looks for: the call's first string argument of 2 to 40 chars on one line without quotes or backslashes, else `error`. */
function exampleNeedle(args: Record<string, unknown> | undefined): string {
  for (const value of Object.values(args ?? {}))
    if (typeof value === 'string' && value.length >= 2 && value.length <= 40 && !/[\n"\\]/.test(value))
      return value.trim();
  return 'error';
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** The cap the kept result is over by the largest factor (bytes first, then chars, on a tie). */
function overage(kept: string, o: PreviewAnswerOptions) {
  const sizes = o.sizes ?? {
    chars: kept.length,
    bytes: o.maxBytes === undefined ? undefined : utf8(kept),
    tokens: o.maxTokens === undefined ? undefined : countTokens(kept),
  };
  let worst: { size: number; cap: number; unit: string } | undefined;
  for (const [unit, size, cap] of [
    ['bytes', sizes.bytes, o.maxBytes],
    ['chars', sizes.chars, o.maxChars],
    ['tokens', sizes.tokens, o.maxTokens],
  ] as const) {
    if (size === undefined || cap === undefined || size <= cap) continue;
    if (worst === undefined || size / cap > worst.size / worst.cap) worst = { size, cap, unit };
  }
  return worst ?? { size: sizes.chars, cap: o.maxChars, unit: 'chars' };
}

/** How the line says to read the pages (docs/clients.md, "Reading the pages"). */
function readWords(o: PreviewAnswerOptions, { id, pages }: { id: string; pages: number }): string {
  if (o.readResult !== false) return readSentence(id, o.args);
  const range = pages === 1 ? 'its one page' : `K from 1 to ${pages}`;
  if (o.pageTool) return `Read them with this server's read_result_page tool: {"id":"${id}","page":K}, ${range}.`;
  if (o.preset === 'gemini')
    return 'Gemini CLI cannot read them (it reads only resources the server lists); narrow the call instead.';
  return `Read them ${o.preset === 'codex' ? 'with read_mcp_resource' : 'as resources'}: budget://result/${id}?page=K, ${range}.`;
}

/** The first text block for `kept`: the value the pages hold, or a text kept as text. */
export function previewAnswer(kept: unknown, o: PreviewAnswerOptions): string {
  const { maxChars, maxBytes, maxTokens, args, inputSchema, link } = o;
  const room = { bytes: 0, ...(o.room ?? { chars: 0, tokens: 0 }) };
  const budget = o.preview ?? { maxTokens: 2000, maxChars: 8000 };
  const isText = typeof kept === 'string';
  const keptText = isText ? kept : JSON.stringify(kept);
  const over = overage(keptText, o);
  const { hint } = previewResult(kept, { arguments: args, inputSchema, maxChars: 200, maxTokens: 50 });
  const where = link === undefined ? hint.replace(/the pages hold the rest\.$/, UNPAGED_END) : hint;
  const read = link === undefined ? '' : ` ${readWords(o, link)}`;
  const map = link?.map ? `\n${link.map}` : '';
  const line = `The result is too large to show whole (${over.size} ${over.unit}; the cap is ${over.cap} ${over.unit}), so this is a preview of it. ${where}${read}${map}`;
  const compose = (preview: string) =>
    isText
      ? `${line}\n${preview}`
      : `{"tooLarge":${JSON.stringify(line)},"code":"TOO_LARGE","size":${over.size},"cap":${over.cap},"unit":"${over.unit}","preview":${preview}}`;
  const frame = compose('');
  const tokenCap = maxTokens ?? Infinity;
  const frameTokens = maxTokens === undefined ? 0 : countTokens(frame) + 1;
  const bytesLeft = maxBytes === undefined ? Infinity : maxBytes - room.bytes - utf8(frame);
  const p = previewResult(kept, {
    arguments: args,
    inputSchema,
    maxChars: Math.min(budget.maxChars, maxChars - room.chars - frame.length, bytesLeft),
    maxTokens: Math.min(budget.maxTokens, tokenCap - room.tokens - frameTokens),
  });
  return compose(p.text);
}
