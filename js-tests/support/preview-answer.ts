// The first text block of an over-cap answer, as docs/mcp.md ("The preview option") specifies
// it: one line that says the result is over the cap and gives the hint, then previewResult of
// the kept value, within the preview budget clamped below the caps (chars - 64, tokens - 32);
// when that answer is over a cap, made once more with the line's room taken off.
import { countTokens, previewResult } from 'modoki-budget';

export interface PreviewAnswerOptions {
  /** The policy's caps. */
  maxChars: number;
  maxTokens?: number;
  /** The call's arguments and the tool's inputSchema (as the policy was given them). */
  args?: Record<string, unknown>;
  inputSchema?: Record<string, unknown>;
  /** The preview option's budget (default 2,000 tokens, 8,000 chars). */
  preview?: { maxTokens: number; maxChars: number };
  /** Whether pages hold the rest (false: the store kept nothing). */
  paged?: boolean;
  /** What a note beside the preview takes of the caps (the store's failure sentence). */
  room?: { chars: number; tokens: number };
}

/** The hint's end when the store keeps no pages. */
export const UNPAGED_END = 'the rest could not be kept, so there are no pages to read.';

/** The first text block for `kept`: the value the pages hold, or a text kept as text. */
export function previewAnswer(kept: unknown, o: PreviewAnswerOptions): string {
  const { maxChars, maxTokens, args, inputSchema, paged = true } = o;
  const room = o.room ?? { chars: 0, tokens: 0 };
  const budget = o.preview ?? { maxTokens: 2000, maxChars: 8000 };
  const size = (typeof kept === 'string' ? kept : JSON.stringify(kept)).length;
  const make = (chars: number, tokens: number) => {
    const p = previewResult(kept, { arguments: args, inputSchema, maxChars: chars, maxTokens: tokens });
    const hint = paged ? p.hint : p.hint.replace(/the pages hold the rest\.$/, UNPAGED_END);
    return `The result (${size} chars) is over the cap; this is a preview of it. ${hint}\n${p.text}`;
  };
  const tokenCap = maxTokens ?? Infinity;
  const chars = Math.min(budget.maxChars, maxChars - 64);
  const tokens = Math.min(budget.maxTokens, tokenCap - 32);
  const first = make(Math.min(chars, maxChars - room.chars), Math.min(tokens, tokenCap - room.tokens));
  const fits = first.length <= maxChars - room.chars && countTokens(first) <= tokenCap - room.tokens;
  if (fits) return first;
  const line = first.slice(0, first.indexOf('\n') + 1);
  return make(
    Math.min(chars, maxChars - room.chars - line.length),
    Math.min(tokens, tokenCap - room.tokens - countTokens(line) - 1),
  );
}
