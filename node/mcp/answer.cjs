'use strict';
// What an over-cap answer says, in words that work in the client its preset is for: its first
// line (that the result is too large, by how much, the tool's own narrowing hint, and how to read
// the rest), and for a JSON result the JSON answer that holds that line, its sizes and the
// preview, so a JSON result's answer parses as JSON (docs/clients.md).

const { PAGE_TOOL, resultUri } = require('./resources.cjs');

/**
 * The most chars an error answer takes: Claude Code cuts error text over 11,024 chars to its
 * first and last 5,000, so an answer that stays `isError` (a result that was an error already)
 * keeps within it whatever the cap.
 */
const ERROR_MAX_CHARS = 11024;

/** The code every over-cap answer carries, as encode's envelope does. */
const TOO_LARGE = 'TOO_LARGE';

/**
 * The cap a kept result overshoots by the largest factor, as `{ size, cap, unit }`: `sizes` is
 * what is known of it (`chars`, and `bytes`/`tokens` when counted), `opts` the policy's caps.
 * Ties go to bytes, then chars, as the core's envelope names them: a text is at least as many
 * bytes as chars, so a byte cap as large as the char cap (Codex's) is the one that binds.
 */
function overage(sizes, opts) {
  const caps = [
    ['bytes', sizes.bytes, opts.maxBytes],
    ['chars', sizes.chars, opts.maxChars],
    ['tokens', sizes.tokens, opts.maxTokens],
  ];
  let worst;
  for (const [unit, size, cap] of caps) {
    if (size === undefined || cap === undefined || size <= cap) continue;
    if (worst === undefined || size / cap > worst.size / worst.cap) worst = { size, cap, unit };
  }
  return worst ?? { size: sizes.chars, cap: opts.maxChars, unit: 'chars' };
}

/**
 * The text a `match` example looks for: the call's first string argument a reader would
 * search for again (2 to 40 chars, one line), else `error`.
 */
function exampleNeedle(args) {
  if (typeof args === 'object' && args !== null) {
    for (const value of Object.values(args)) {
      if (typeof value === 'string' && value.length >= 2 && value.length <= 40 && !/[\n"\\]/.test(value))
        return value.trim();
    }
  }
  return 'error';
}

/**
 * The sentence naming read_result for the result kept under `id`, for a call with `args`:
 * `Find anything in it with read_result {"id":"…","match":"…"} …`.
 */
function readResultSentence(id, args) {
  const call = `{"id":"${id}","match":${JSON.stringify(exampleNeedle(args))}}`;
  return `Find anything in it with read_result ${call} (a string or /regex/; or "path", "lines", "page" to read a part).`;
}

/**
 * How to read the `pages` pages of result `id` in the client `opts.preset` is for: read_result
 * with a call for this result (`args`, the call's arguments, give its example) when the policy
 * lists it (the default: a tool every client calls); else the page tool when the policy lists it,
 * else the resources, which the editor's clients and Codex read; Gemini CLI reads only resources
 * that `resources/list` names, so under its preset without either tool the words say the pages
 * cannot be read there.
 */
function readWords(opts, id, pages, args) {
  if (opts.readResult) return readResultSentence(id, args);
  const range = pages === 1 ? 'its one page' : `K from 1 to ${pages}`;
  if (opts.pageTool) return `Read them with this server's ${PAGE_TOOL} tool: {"id":"${id}","page":K}, ${range}.`;
  if (opts.preset === 'gemini')
    return `Gemini CLI cannot read them (it reads only resources the server lists); narrow the call instead.`;
  const how = opts.preset === 'codex' ? 'with read_mcp_resource' : 'as resources';
  return `Read them ${how}: ${resultUri(id)}?page=K, ${range}.`;
}

/**
 * The first line of an over-cap answer: its first words say the result is too large (never that
 * it failed), then its size against the cap, that a preview follows, `hint` (the core's sentence
 * naming the tool's narrowing parameters and where the rest is) and `read` (readWords, or
 * undefined without pages).
 */
function answerLine({ size, cap, unit }, hint, read) {
  const words = `The result is too large to show whole (${size} ${unit}; the cap is ${cap} ${unit}), so this is a preview of it. ${hint}`;
  return read === undefined ? words : `${words} ${read}`;
}

/**
 * The over-cap answer of a JSON result, as JSON: `{"tooLarge":line,"code":"TOO_LARGE","size":N,
 * "cap":M,"unit":"chars","preview":…}` with `preview` the preview's own compact JSON text (not
 * parsed again). `tooLarge` comes first, so the answer's first words say what it is.
 */
function jsonAnswer(line, { size, cap, unit }, previewJson) {
  return `{"tooLarge":${JSON.stringify(line)},"code":"${TOO_LARGE}","size":${size},"cap":${cap},"unit":"${unit}","preview":${previewJson}}`;
}

/** The over-cap answer of a text result: its line, then the preview as text. */
const textAnswer = (line, previewText) => `${line}\n${previewText}`;

module.exports = {
  ERROR_MAX_CHARS,
  TOO_LARGE,
  overage,
  exampleNeedle,
  readResultSentence,
  readWords,
  answerLine,
  jsonAnswer,
  textAnswer,
};
