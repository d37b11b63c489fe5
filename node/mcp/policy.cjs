'use strict';
// The budget policy for MCP tool results, independent of any SDK object: a CallToolResult (or
// a handler's plain data) in, a result within the budget on every channel out, with the
// over-cap originals kept in a bounded store and served as pages. withBudget (with-budget.cjs)
// wires it into an SDK server; a proxy can call it on raw JSON-RPC results.

const { encode, capText } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { PRESETS, resolveOptions } = require('./options.cjs');
const { splitPages } = require('./pages.cjs');
const { RESOURCE_TEMPLATE, PAGE_TOOL_DESCRIPTOR, resourceLink, createPageReader } = require('./resources.cjs');
const { MARKER_RESERVE, MARKER_TOKENS, unsendable, faultMessage } = require('./faults.cjs');
const { then } = require('./maybe-async.cjs');

const isText = (block) =>
  typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const sumLength = (texts) => texts.reduce((n, t) => n + t.length, 0);

// A value read as a CallToolResult (rather than as plain data to send).
const isCallToolResult = (v) => Array.isArray(v.content) || (v.content === undefined && isRecord(v.structuredContent));

function createPolicy(options) {
  const opts = resolveOptions(options);
  const { maxChars, maxTokens, encoding, precision, compactJson } = opts;
  const store = opts.store;
  const reader = createPageReader(store);

  // A text's head within both caps less `room` (a text result over the cap, a fault's message):
  // cut by chars; when that is still over the token cap (a char can be several tokens), cut
  // after its first tokens instead — which then ends before the char cut.
  function capHead(text, room = NO_ROOM) {
    const chars = Math.max(0, maxChars - room.chars - MARKER_RESERVE);
    const byChars = capText(text, chars);
    if (maxTokens === undefined) return byChars;
    const tokenCap = Math.max(1, maxTokens - room.tokens);
    if (tokens.fitsTokenBudget(byChars, tokenCap, encoding)) return byChars;
    return encode(text, { maxChars: Infinity, maxTokens: Math.max(0, tokenCap - MARKER_TOKENS), encoding });
  }

  // The elision envelope of `kept` within both caps less `room` (what another text block takes).
  function envelopeOf(kept, room) {
    if (typeof kept === 'string') return capHead(kept, room);
    const cap = { maxChars: maxChars - room.chars, encoding };
    if (maxTokens !== undefined) cap.maxTokens = Math.max(1, maxTokens - room.tokens);
    return encode(kept, cap);
  }

  // Keeps the pages for `owner`: `{ id }` (null when the store does not keep a result this
  // large), or `{ id: null, failure }` when the store cannot be reached — never a rejection.
  function keep(pages, owner) {
    if (pages === null) return { id: null };
    let put;
    try {
      put = store.put(pages, owner === undefined ? undefined : { owner });
    } catch (failure) {
      return { id: null, failure };
    }
    return Promise.resolve(put).then(
      (id) => ({ id: typeof id === 'string' ? id : null }),
      (failure) => ({ id: null, failure }),
    );
  }

  // Compact JSON of a value, rounded when `precision` is set. Throws on a cycle or a BigInt
  // (V8's own JSON.stringify), which the caller turns into a fault.
  function compact(value) {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('JSON.stringify gives nothing for it');
    if (precision === undefined) return text;
    return encode(value, { maxChars: Infinity, precision });
  }

  // Tokens of the text blocks together: each block counted once, the sum against the cap.
  function fitsTokens(texts) {
    if (maxTokens === undefined) return true;
    if (texts.length === 1) return tokens.fitsTokenBudget(texts[0], maxTokens, encoding);
    let total = 0;
    for (const text of texts) {
      total += tokens.countTokens(text, encoding);
      if (total > maxTokens) return false;
    }
    return true;
  }

  const fits = (texts) => sumLength(texts) <= maxChars && fitsTokens(texts);

  function compactBlock(block) {
    if (!compactJson || !isText(block)) return block;
    let parsed;
    try {
      parsed = JSON.parse(block.text);
    } catch {
      return block;
    }
    return { ...block, text: compact(parsed) };
  }

  // A text block that serializes the same value as structuredContent: compact, the usual
  // two-space pretty print (checked by printing, cheaper than parsing), or any other layout.
  function isCopy(text, structured, structuredJson) {
    if (text === structuredJson) return true;
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return false;
    if (text.startsWith('{\n  "') && text === JSON.stringify(structured, null, 2)) return true;
    try {
      return JSON.stringify(JSON.parse(text)) === structuredJson;
    } catch {
      return false;
    }
  }

  // What is kept of an over-cap result without structuredContent: one JSON document as its
  // value, one text as itself, several texts as the array of them.
  function keptFromTexts(texts) {
    if (texts.length !== 1) return texts;
    try {
      const value = JSON.parse(texts[0]);
      if (typeof value === 'object' && value !== null) return value;
    } catch {
      // Not JSON: kept as text.
    }
    return texts[0];
  }

  // An over-cap result: the envelope, a link to the kept pages, the non-text blocks. When the
  // store cannot keep the pages, the answer says so in a text block of its own (and the
  // envelope gives up that block's room), so the call still answers within the cap.
  function elide(raw, kept, blocks, isError, owner) {
    const pages = splitPages(kept, { maxChars, maxTokens, encoding });
    return then(keep(pages, owner), ({ id, failure }) => {
      const note = failure === undefined ? undefined : unkeptNote(failure);
      const room = note === undefined ? NO_ROOM : { chars: note.length, tokens: tokens.countTokens(note, encoding) };
      const content = [{ type: 'text', text: envelopeOf(kept, room) }];
      if (note !== undefined) content.push({ type: 'text', text: note });
      if (id !== null) content.push(resourceLink(id, pages.length, opts.pageTool));
      for (const block of blocks) if (!isText(block)) content.push(block);
      const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = raw;
      const result = { ...rest, content };
      if (isError) result.isError = true;
      return result;
    });
  }

  // Each budget* returns the result and the texts of its larger channel, in and out (for info);
  // over the cap, once the store has answered (a Promise of them when it answers later).

  const elided = (source, kept, blocks, isError, owner, textsIn) =>
    then(elide(source, kept, blocks, isError, owner), (result) => ({
      result,
      textsIn,
      textsOut: textsOf(result),
      elided: true,
    }));

  // Plain data: one text block, its compact JSON.
  function budgetData(raw, owner) {
    const text = compact(raw);
    if (fits([text]))
      return { result: { content: [{ type: 'text', text }] }, textsIn: [text], textsOut: [text], elided: false };
    return elided({}, JSON.parse(text), [], false, owner, [text]);
  }

  // A result without structuredContent: its text blocks are the one channel.
  function budgetBlocks(source, blocks, owner) {
    const textsIn = blocks.filter(isText).map((b) => b.text);
    const out = blocks.map(compactBlock);
    const texts = out.filter(isText).map((b) => b.text);
    if (fits(texts)) return { result: { ...source, content: out }, textsIn, textsOut: texts, elided: false };
    return elided(source, keptFromTexts(texts), out, source.isError === true, owner, textsIn);
  }

  // A result with structuredContent: two channels, its JSON and the text blocks.
  function budgetStructured(source, blocks, structured, hasOutputSchema, owner) {
    const textsIn = blocks.filter(isText).map((b) => b.text);
    const exact = JSON.stringify(structured);
    const text = precision === undefined ? exact : compact(structured);
    let out = blocks.map((b) => (isText(b) && isCopy(b.text, structured, exact) ? { ...b, text } : compactBlock(b)));
    if (!out.some(isText)) out = [...out, { type: 'text', text }];
    const texts = out.filter(isText).map((b) => b.text);
    const bigger = (a, b) => (sumLength(a) >= sumLength(b) ? a : b);
    // The usual shape, one text block that is the copy, is checked once.
    const onlyCopy = texts.length === 1 && texts[0] === text;
    if (fits([text]) && (onlyCopy || fits(texts))) {
      const structuredContent = precision === undefined ? structured : JSON.parse(text);
      return {
        result: { ...source, content: out, structuredContent },
        textsIn: bigger(textsIn, [exact]),
        textsOut: bigger(texts, [text]),
        elided: false,
      };
    }
    const isError = hasOutputSchema || source.isError === true;
    return elided(source, JSON.parse(text), out, isError, owner, bigger(textsIn, [exact]));
  }

  function budget(raw, hasOutputSchema, owner) {
    if (!isCallToolResult(raw)) {
      // Plain data of a tool with an outputSchema is its structuredContent.
      if (!hasOutputSchema || Array.isArray(raw)) return budgetData(raw, owner);
      return budgetStructured({}, [], raw, true, owner);
    }
    const blocks = Array.isArray(raw.content) ? raw.content : [];
    if (!isRecord(raw.structuredContent)) return budgetBlocks(raw, blocks, owner);
    return budgetStructured(raw, blocks, raw.structuredContent, hasOutputSchema, owner);
  }

  // The call's outcome: the result now, its info (with exact token counts) when first read.
  function finish(toolName, result, textsIn, textsOut, elided, started) {
    const ms = performance.now() - started;
    const applied = new Applied(result, () => ({
      tool: toolName,
      charsIn: sumLength(textsIn),
      tokensIn: tokenSum(textsIn, encoding),
      charsOut: sumLength(textsOut),
      tokensOut: tokenSum(textsOut, encoding),
      elided,
      ms,
    }));
    if (opts.onResult !== undefined) {
      try {
        opts.onResult(applied.info);
      } catch {
        // A throwing observer must not cost the caller its result.
      }
    }
    return applied;
  }

  function faultResult(toolName, error, started) {
    const text = capHead(faultMessage(toolName, error));
    return finish(toolName, { content: [{ type: 'text', text }], isError: true }, [], [text], false, started);
  }

  /**
   * `context`: `{ hasOutputSchema, owner }` — `owner` (a session id or a principal) is who may
   * read the pages of an over-cap result. An Applied, or a Promise of one for an over-cap
   * result (its pages go to the store first); never throws, never rejects.
   */
  function apply(toolName, value, context) {
    const started = performance.now();
    const why = unsendable(value);
    if (why !== null) return faultResult(toolName, new Error(why), started);
    const { hasOutputSchema = false, owner } = isRecord(context) ? context : {};
    let out;
    try {
      out = budget(value, hasOutputSchema === true, typeof owner === 'string' && owner !== '' ? owner : undefined);
    } catch (error) {
      return faultResult(
        toolName,
        new Error(
          `returned a result that cannot be sent as JSON: ${error instanceof Error ? error.message : String(error)}`,
        ),
        started,
      );
    }
    return then(out, (o) => finish(toolName, o.result, o.textsIn, o.textsOut, o.elided, started));
  }

  return {
    options: opts,
    apply,
    fault: (toolName, error) => faultResult(toolName, error, performance.now()),
    resourceTemplate: RESOURCE_TEMPLATE,
    readResource: reader.readResource,
    pageTool: PAGE_TOOL_DESCRIPTOR,
    callPageTool: reader.callPageTool,
    store,
  };
}

/** What an envelope shares its cap with: nothing, or the note of an unkept result. */
const NO_ROOM = Object.freeze({ chars: 0, tokens: 0 });

/** The text that says an over-cap result's pages could not be kept, and why. */
function unkeptNote(failure) {
  const why = failure instanceof Error ? failure.message : String(failure);
  const shortWhy = why.length > 200 ? `${why.slice(0, 199)}…` : why;
  return `The full result could not be kept, so it has no pages to read (${shortWhy}). Call the tool again later, or narrow the call.`;
}

function textsOf(result) {
  return result.content.filter(isText).map((b) => b.text);
}

const tokenSum = (texts, encoding) => texts.reduce((n, t) => n + tokens.countTokens(t, encoding), 0);

/**
 * What `apply` and `fault` return: `result` at once, and `info` — a plain object with the
 * call's chars, exact token counts, whether it was elided and the policy's milliseconds — built
 * the first time it is read, so a caller that only sends the result never pays for counting.
 */
class Applied {
  #info;
  #makeInfo;

  constructor(result, makeInfo) {
    this.result = result;
    this.#makeInfo = makeInfo;
  }

  get info() {
    this.#info ??= this.#makeInfo();
    return this.#info;
  }
}

module.exports = { PRESETS, resolveOptions, createPolicy };
