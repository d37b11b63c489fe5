// What the model of Claude Code and of Codex CLI sees of an MCP tool result, written from the
// rules read in each client's shipped code (docs/clients.md, "The clients' rules"): both ship as
// compiled binaries, so their conversion cannot run as a library here. Gemini CLI's can, and
// its tests drive the real one (js-tests/support/gemini-view.ts). Each view takes the result as
// the client's MCP SDK Client received it (`client.callTool`, which already refused a result
// whose structuredContent does not match the listed outputSchema) and returns
// `{ blocks, text, failed, whole, note }`: the texts the model reads (one per block, in order),
// them joined, whether it reads them as a failed tool's, whether it reads them whole, and what
// the client did instead when not.

/** Claude Code 2.1.332's limits, in UTF-16 chars (JavaScript `.length`). */
export const CLAUDE_CODE = Object.freeze({
  version: '2.1.332',
  /** A result over this is written to a file; the model sees its first ~2,000 chars and the path. */
  spillChars: 50000,
  /** What the model sees of a spilled result. */
  spillPreviewChars: 2000,
  /** Above this (10,000 tokens estimated at four chars each) the user is warned of a large response. */
  warnChars: 40000,
  /** Error text over this is cut to its first and last 5,000 chars. */
  errorChars: 11024,
  errorKeepChars: 5000,
});

/** Codex CLI 0.169.0's limit: ceil(UTF-8 bytes / 4) tokens against 10,000 × 1.2. */
export const CODEX = Object.freeze({ version: '0.169.0', maxBytes: 48000 });

const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const utf8 = (text) => Buffer.byteLength(text, 'utf8');

/** A content block as Claude Code turns it into text for its model (`[Resource link: …]`, …); null for none. */
function claudeBlock(block, server) {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'resource_link':
      return `[Resource link: ${block.name}] ${block.uri}${block.description ? ` (${block.description})` : ''}`;
    case 'resource':
      return 'text' in block.resource
        ? `[Resource from ${server} at ${block.resource.uri}] ${block.resource.text}`
        : null;
    case 'image':
      return `[image ${block.mimeType}]`;
    default:
      return null;
  }
}

/**
 * What Claude Code 2.1.332's model sees of `result` from server `server` (its configured name):
 * - structuredContent present (and no error with text): the non-text blocks, then
 *   `JSON.stringify(structuredContent)` — the text blocks are dropped; else the content blocks,
 *   each as a text (a resource link as `[Resource link: name] uri (description)`);
 * - `isError`: the text as a failed tool's, cut over 11,024 chars to its first and last 5,000;
 * - a success over 50,000 chars goes to a file: the model sees its first 2,000 chars and a path.
 */
export function claudeCodeView(result, server = 'server') {
  const content = Array.isArray(result.content) ? result.content : [];
  const errorText = result.isError === true && content.some((b) => b.type === 'text' && b.text.trim() !== '');
  const shown =
    isRecord(result.structuredContent) && !errorText
      ? [...content.filter((b) => b.type !== 'text'), { type: 'text', text: JSON.stringify(result.structuredContent) }]
      : content;
  const blocks = shown.map((b) => claudeBlock(b, server)).filter((t) => t !== null);
  const text = blocks.join('\n');
  if (result.isError === true) {
    if (text.length <= CLAUDE_CODE.errorChars)
      return { blocks, text, failed: true, whole: true, note: 'shown as a failed tool' };
    const cut = `${text.slice(0, CLAUDE_CODE.errorKeepChars)}\n…\n${text.slice(-CLAUDE_CODE.errorKeepChars)}`;
    return {
      blocks: [cut],
      text: cut,
      failed: true,
      whole: false,
      note: 'error text cut to its first and last 5,000 chars',
    };
  }
  if (text.length > CLAUDE_CODE.spillChars) {
    const preview = text.slice(0, CLAUDE_CODE.spillPreviewChars);
    const note = 'written to a file; the model sees ~2,000 chars and its path';
    return { blocks: [preview], text: preview, failed: false, whole: false, note };
  }
  const note = text.length > CLAUDE_CODE.warnChars ? 'the user is warned of a large response' : undefined;
  return { blocks, text, failed: false, whole: true, note };
}

/**
 * What Codex CLI 0.169.0's model sees of `result`: `JSON.stringify(structuredContent)` when it is
 * present and not null (every block dropped); else each text block's text and every other block
 * as its raw JSON. `isError` is not shown to the model. Over 48,000 UTF-8 bytes together the
 * text is cut to its head and tail.
 */
export function codexView(result) {
  const content = Array.isArray(result.content) ? result.content : [];
  const blocks =
    result.structuredContent !== undefined && result.structuredContent !== null
      ? [JSON.stringify(result.structuredContent)]
      : content.map((b) => (b.type === 'text' ? b.text : JSON.stringify(b)));
  const text = blocks.join('\n');
  if (utf8(text) <= CODEX.maxBytes) return { blocks, text, failed: false, whole: true, note: undefined };
  const half = Math.floor(CODEX.maxBytes / 2);
  const head = Buffer.from(text, 'utf8').subarray(0, half).toString('utf8');
  const tail = Buffer.from(text, 'utf8').subarray(-half).toString('utf8');
  const cut = `${head}…${tail}`;
  return { blocks: [cut], text: cut, failed: false, whole: false, note: 'cut to its head and tail at 48,000 bytes' };
}
