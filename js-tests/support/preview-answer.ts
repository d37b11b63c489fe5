// The first text block of an over-cap answer, as docs/mcp.md ("The preview option") specifies
// it: one line that says the result is over the cap and gives the tool's hint, then
// previewResult of the kept value within the preview budget, less what the line (and a note
// beside the answer) take of the caps.
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
  const { hint } = previewResult(kept, { arguments: args, inputSchema, maxChars: 200, maxTokens: 50 });
  const line = `The result (${size} chars) is over the cap; this is a preview of it. ${
    paged ? hint : hint.replace(/the pages hold the rest\.$/, UNPAGED_END)
  }\n`;
  const tokenCap = maxTokens ?? Infinity;
  const lineTokens = maxTokens === undefined ? 0 : countTokens(line) + 1;
  const p = previewResult(kept, {
    arguments: args,
    inputSchema,
    maxChars: Math.min(budget.maxChars, maxChars - room.chars - line.length),
    maxTokens: Math.min(budget.maxTokens, tokenCap - room.tokens - lineTokens),
  });
  return line + p.text;
}
