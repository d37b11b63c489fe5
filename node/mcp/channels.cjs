'use strict';
// The channels a result reaches a model by — its text blocks, and structuredContent — held
// within the caps on the channel the policy's client shows (each on its own for an unknown
// one). Each budget* returns `{ result, textsIn, textsOut, elided }`: the result and the texts
// of its larger channel, in and out (for the call's info). Over the cap, what is kept goes to
// the elision step (./elision.cjs) as a KeptJson or a KeptText (./kept.cjs).

const { encode } = require('../result.cjs');
const { isText } = require('./elision.cjs');
const { KeptJson, KeptText } = require('./kept.cjs');
const { sumLength } = require('./accounting.cjs');
const { utf8 } = require('./caps.cjs');
const { then } = require('./maybe-async.cjs');
const { printedText } = require('./printed-json.cjs');
const { parseExact, printExact, unhold } = require('./exact-numbers.cjs');

/** JSON whitespace, then the start of an object or an array. */
const DOCUMENT_START = /^[ \t\n\r]*[[{]/;

const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const textsOf = (blocks) => blocks.filter(isText).map((b) => b.text);
const bigger = (a, b) => (sumLength(a) >= sumLength(b) ? a : b);

/** A value read as a CallToolResult (rather than as plain data to send). */
const isCallToolResult = (v) => Array.isArray(v.content) || (v.content === undefined && isRecord(v.structuredContent));

/**
 * A text block that serializes the same value as structuredContent: compact, the usual
 * two-space pretty print (checked by printing, cheaper than parsing), or any other layout.
 * Numbers are compared as written (./exact-numbers.cjs): `1.50` is not a copy of `1.5`.
 */
function isCopy(text, structured, structuredJson) {
  if (text === structuredJson) return true;
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  if (text.startsWith('{\n  "') && text === printExact(structured, null, 2)) return true;
  try {
    return printExact(parseExact(text).value) === structuredJson;
  } catch {
    return false;
  }
}

/**
 * What is kept of an over-cap result without structuredContent: one JSON document as its value,
 * one text as itself, several texts as the array of them.
 */
function keptFromTexts(texts, meter) {
  if (texts.length !== 1) return passed(meter, JSON.stringify(texts), true);
  // Only an object or an array is kept as a value: a text that starts as neither is not parsed
  // (V8 reads a whole large string before it refuses it).
  if (!DOCUMENT_START.test(texts[0])) return new KeptText(texts[0]);
  let value;
  try {
    ({ value } = parseExact(texts[0]));
  } catch {
    return new KeptText(texts[0]);
  }
  if (typeof value !== 'object' || value === null) return new KeptText(texts[0]);
  return passed(meter, printExact(value), true);
}

/** A JSON text kept with the pass over it (`paged`: the pass cuts its pages). */
const passed = (meter, json, paged) => new KeptJson(meter.pass(json, paged), json);

/** The outcome of an elided result, once its pages are kept (a Promise when the store answers later). */
const elidedOutcome = (result, textsIn) =>
  then(result, (r) => ({ result: r, textsIn, textsOut: textsOf(r.content), elided: true }));

/** A result sent within the cap: `{ result, textsIn, textsOut, elided: false }`. */
const within = (result, textsIn, textsOut) => ({ result, textsIn, textsOut, elided: false });

/**
 * The channel logic of one policy: `opts` its resolved options, `elision` its elision step
 * (./elision.cjs). `opts.channel` says which channel of a result with structuredContent the cap
 * holds on: `both` each, `structured` its JSON, `text` the text blocks (./options.cjs). Each
 * call is read with a `request`: `{ hasOutputSchema, meter, owner, call }` — whether the tool
 * has an outputSchema, the call's Meter (./accounting.cjs), who may read its pages, and
 * `{ arguments, inputSchema }` for the preview.
 */
class Channels {
  constructor(opts, elision) {
    this.opts = opts;
    this.elision = elision;
  }

  /**
   * `raw` (a handler's CallToolResult or plain data) within the caps: an outcome, or a Promise
   * of one when an over-cap result's pages go to a store that answers later.
   */
  budget(raw, request) {
    if (!isCallToolResult(raw)) {
      // Plain data of a tool with an outputSchema is its structuredContent.
      if (!request.hasOutputSchema || Array.isArray(raw)) return this.budgetData(raw, request);
      return this.budgetStructured({ source: {}, blocks: [], structured: raw }, request);
    }
    const blocks = Array.isArray(raw.content) ? raw.content : [];
    if (!isRecord(raw.structuredContent)) return this.budgetBlocks(raw, blocks, request);
    return this.budgetStructured({ source: raw, blocks, structured: raw.structuredContent }, request);
  }

  /**
   * Compact JSON of a value, rounded when `precision` is set; a number held as its text
   * (./exact-numbers.cjs) is written as it is, never rounded. Throws on a cycle or a BigInt
   * (V8's own JSON.stringify), which the caller turns into a fault.
   */
  compact(value) {
    const { precision } = this.opts;
    const printed = printedText(value);
    if (printed !== undefined) return precision === undefined ? printed : this.compact(parseExact(printed).value);
    const text = printExact(value);
    if (text === undefined) throw new Error('JSON.stringify gives nothing for it');
    // encode hands a string back as itself, not as JSON (a tool's text is its own); a string has
    // no number to round, so its JSON is JSON.stringify's.
    if (precision === undefined || typeof value === 'string') return text;
    return unhold(encode(value, { maxChars: Infinity, precision }));
  }

  /** A text block holding JSON, compacted when `compactJson` is set; any other block as it is. */
  compactBlock(block) {
    if (!this.opts.compactJson || !isText(block)) return block;
    let parsed;
    try {
      ({ value: parsed } = parseExact(block.text));
    } catch {
      return block;
    }
    return { ...block, text: this.compact(parsed) };
  }

  /** A text block that copies structuredContent as its JSON `text`; any other compacted. */
  blockBeside(block, structured, exact, text) {
    return isText(block) && isCopy(block.text, structured, exact) ? { ...block, text } : this.compactBlock(block);
  }

  /** What is known of the texts' size, for the answer's line when they are the channel over the cap. */
  sizesOfTexts(texts, meter) {
    return {
      chars: sumLength(texts),
      bytes: this.opts.maxBytes === undefined ? undefined : texts.reduce((n, t) => n + utf8(t), 0),
      tokens: this.opts.maxTokens === undefined ? undefined : meter.tokenSum(texts),
    };
  }

  /** The over-cap answer for `source` keeping `kept`, its other blocks `blocks`. */
  elided({ source, kept, blocks, shape, textsIn }, request) {
    const { owner, call } = request;
    return elidedOutcome(this.elision.elide({ source, kept, blocks, shape, owner, call }), textsIn);
  }

  /** Plain data: one text block, its compact JSON. */
  budgetData(raw, request) {
    const text = this.compact(raw);
    const pass = request.meter.pass(text);
    if (pass.fits) return within({ content: [{ type: 'text', text }] }, [text], [text]);
    const kept = new KeptJson(pass, text);
    return this.elided({ source: {}, kept, blocks: [], shape: {}, textsIn: [text] }, request);
  }

  /**
   * A result without structuredContent: its text blocks are the one channel. Over the cap, a
   * tool with an outputSchema gets the answer as structuredContent too (the SDK's Client refuses
   * a success without it).
   */
  budgetBlocks(source, blocks, request) {
    const textsIn = textsOf(blocks);
    const out = blocks.map((b) => this.compactBlock(b));
    const texts = textsOf(out);
    if (request.meter.fits(texts)) return within({ ...source, content: out }, textsIn, texts);
    const isError = source.isError === true;
    const shape = { isError, structured: request.hasOutputSchema && !isError };
    const kept = keptFromTexts(texts, request.meter);
    return this.elided({ source, kept, blocks: out, shape, textsIn }, request);
  }

  /** A result with structuredContent: two channels, its JSON and the text blocks. */
  budgetStructured({ source, blocks, structured }, request) {
    // A value held as its compact JSON (./printed-json.cjs) is read as that text, never as a graph.
    const exact = printedText(structured) ?? printExact(structured);
    const text = this.opts.precision === undefined ? exact : this.compact(structured);
    const isError = source.isError === true;
    // Over the cap the answer is a success, its structuredContent the answer (an error stays one).
    const shape = { isError, structured: !isError };
    const value = { source, blocks, structured, exact, text, shape, textsIn: bigger(textsOf(blocks), [exact]) };
    if (this.opts.channel === 'text') return this.budgetTextChannel(value, request);
    return this.budgetBothChannels(value, request);
  }

  /** A structured result's text channel alone, as a client that never shows structuredContent reads it. */
  budgetTextChannel({ source, blocks, structured, exact, text, shape, textsIn }, request) {
    const { meter } = request;
    const out = blocks.map((b) => this.blockBeside(b, structured, exact, text));
    const texts = textsOf(out);
    if (!meter.fits(texts)) {
      const kept = keptFromTexts(texts, meter).withSizes(this.sizesOfTexts(texts, meter));
      return this.elided({ source, kept, blocks: out, shape, textsIn }, request);
    }
    return this.sent({ source, out, structured, text, textsIn, textsOut: bigger(texts, [text]) });
  }

  /** A structured result held on its JSON and, unless the client shows only that, its text blocks. */
  budgetBothChannels({ source, blocks, structured, exact, text, shape, textsIn }, request) {
    const { meter } = request;
    const pass = meter.pass(text);
    // Over the cap, the answer keeps no text block (the elision keeps the others as they are),
    // so which blocks are copies is asked only of a result whose JSON fits: comparing a copy
    // is a read of the whole text, and parsing one that is not, more.
    if (!pass.fits) return this.elided({ source, kept: new KeptJson(pass, text), blocks, shape, textsIn }, request);
    let out = blocks.map((b) => this.blockBeside(b, structured, exact, text));
    if (!out.some(isText)) out = [...out, { type: 'text', text }];
    const texts = textsOf(out);
    // The usual shape, one text block that is the copy, is checked once. A client that shows
    // structuredContent when it is there never shows the text blocks beside it.
    const onlyCopy = texts.length === 1 && texts[0] === text;
    if (onlyCopy || this.opts.channel === 'structured' || meter.fits(texts))
      return this.sent({ source, out, structured, text, textsIn, textsOut: bigger(texts, [text]) });
    // The JSON fits but the text blocks are over: the pages hold the JSON.
    const kept = new KeptJson(meter.pass(text, true), text, this.sizesOfTexts(texts, meter));
    return this.elided({ source, kept, blocks: out, shape, textsIn }, request);
  }

  /** A result with structuredContent sent within the cap, structuredContent rounded with its copy. */
  sent({ source, out, structured, text, textsIn, textsOut }) {
    const structuredContent = this.opts.precision === undefined ? structured : JSON.parse(text);
    return within({ ...source, content: out, structuredContent }, textsIn, textsOut);
  }
}

module.exports = { Channels };
