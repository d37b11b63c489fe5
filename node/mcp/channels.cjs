'use strict';
// The channels a result reaches a model by — its text blocks, and structuredContent — held
// within the caps on the channel the policy's client shows (each on its own for an unknown
// one). Each budget* returns `{ result, textsIn, textsOut, elided }`: the result and the texts
// of its larger channel, in and out (for the call's info).

const { encode } = require('../result.cjs');
const { isText } = require('./elision.cjs');
const { sumLength } = require('./accounting.cjs');
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
 * What is kept of an over-cap result without structuredContent, for elideResult: one JSON
 * document as its value, one text as itself, several texts as the array of them.
 */
function keptFromTexts(texts, meter) {
  if (texts.length !== 1) return passed(meter, JSON.stringify(texts), true);
  // Only an object or an array is kept as a value: a text that starts as neither is not parsed
  // (V8 reads a whole large string before it refuses it).
  if (!DOCUMENT_START.test(texts[0])) return { text: texts[0] };
  let value;
  try {
    ({ value } = parseExact(texts[0]));
  } catch {
    return { text: texts[0] };
  }
  if (typeof value !== 'object' || value === null) return { text: texts[0] };
  return passed(meter, printExact(value), true);
}

/** What elideResult keeps of a JSON text: its pass, and the text (re-read only when needed). */
const passed = (meter, json, paged) => ({ pass: meter.pass(json, paged), json });

/** The outcome of an elided result, once its pages are kept (a Promise when the store answers later). */
const elidedOutcome = (result, textsIn) =>
  then(result, (r) => ({ result: r, textsIn, textsOut: textsOf(r.content), elided: true }));

/**
 * The channel logic of one policy: `opts` its resolved options, `elideResult` its elision
 * step (./elision.cjs). Returns `budget(raw, hasOutputSchema, meter, owner, call)`: an outcome,
 * or a Promise of one when an over-cap result's pages go to a store that answers later. `call`
 * (`{ arguments, inputSchema }`) is handed to elideResult for the preview. `opts.channel` says
 * which channel of a result with structuredContent the cap holds on: `both` each, `structured`
 * its JSON, `text` the text blocks (./options.cjs).
 */
function createChannels(opts, elideResult) {
  const { precision, compactJson, channel } = opts;

  // Compact JSON of a value, rounded when `precision` is set; a number held as its text
  // (./exact-numbers.cjs) is written as it is, never rounded. Throws on a cycle or a BigInt
  // (V8's own JSON.stringify), which the caller turns into a fault.
  function compact(value) {
    const printed = printedText(value);
    if (printed !== undefined) return precision === undefined ? printed : compact(parseExact(printed).value);
    const text = printExact(value);
    if (text === undefined) throw new Error('JSON.stringify gives nothing for it');
    // encode hands a string back as itself, not as JSON (a tool's text is its own); a string has
    // no number to round, so its JSON is JSON.stringify's.
    if (precision === undefined || typeof value === 'string') return text;
    return unhold(encode(value, { maxChars: Infinity, precision }));
  }

  function compactBlock(block) {
    if (!compactJson || !isText(block)) return block;
    let parsed;
    try {
      ({ value: parsed } = parseExact(block.text));
    } catch {
      return block;
    }
    return { ...block, text: compact(parsed) };
  }

  // What is known of the texts' size, for the answer's line when they are the channel over the cap.
  const sizesOfTexts = (texts, meter) => ({
    chars: sumLength(texts),
    bytes: opts.maxBytes === undefined ? undefined : texts.reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0),
    tokens: opts.maxTokens === undefined ? undefined : meter.tokenSum(texts),
  });

  // Plain data: one text block, its compact JSON.
  function budgetData(raw, meter, owner, call) {
    const text = compact(raw);
    const pass = meter.pass(text);
    if (pass.fits)
      return { result: { content: [{ type: 'text', text }] }, textsIn: [text], textsOut: [text], elided: false };
    return elidedOutcome(elideResult({}, { pass, json: text }, [], {}, owner, call), [text]);
  }

  // A result without structuredContent: its text blocks are the one channel. Over the cap, a
  // tool with an outputSchema gets the answer as structuredContent too (the SDK's Client refuses
  // a success without it).
  function budgetBlocks(source, blocks, hasOutputSchema, meter, owner, call) {
    const textsIn = textsOf(blocks);
    const out = blocks.map(compactBlock);
    const texts = textsOf(out);
    if (meter.fits(texts)) return { result: { ...source, content: out }, textsIn, textsOut: texts, elided: false };
    const isError = source.isError === true;
    const shape = { isError, structured: hasOutputSchema && !isError };
    return elidedOutcome(elideResult(source, keptFromTexts(texts, meter), out, shape, owner, call), textsIn);
  }

  // A result with structuredContent: two channels, its JSON and the text blocks.
  function budgetStructured(source, blocks, structured, meter, owner, call) {
    const textsIn = textsOf(blocks);
    // A value held as its compact JSON (./printed-json.cjs) is read as that text, never as a graph.
    const exact = printedText(structured) ?? printExact(structured);
    const text = precision === undefined ? exact : compact(structured);
    const isError = source.isError === true;
    // Over the cap the answer is a success, its structuredContent the answer (an error stays one).
    const shape = { isError, structured: !isError };
    const sizeIn = bigger(textsIn, [exact]);
    // Elided, the pages hold `kept`: the JSON whose pass is `pass`, unless said otherwise.
    const elided = (kept, others) => elidedOutcome(elideResult(source, kept, others, shape, owner, call), sizeIn);
    // The text channel alone, as a client that never shows structuredContent reads it.
    if (channel === 'text') {
      const out = blocks.map((b) =>
        isText(b) && isCopy(b.text, structured, exact) ? { ...b, text } : compactBlock(b),
      );
      const texts = textsOf(out);
      if (!meter.fits(texts)) return elided({ ...keptFromTexts(texts, meter), sizes: sizesOfTexts(texts, meter) }, out);
      return passed(source, out, structured, text, sizeIn, bigger(texts, [text]));
    }
    const pass = meter.pass(text);
    // Over the cap, the answer keeps no text block (elideResult keeps the others as they are),
    // so which blocks are copies is asked only of a result whose JSON fits: comparing a copy
    // is a read of the whole text, and parsing one that is not, more.
    if (!pass.fits) return elided({ pass, json: text }, blocks);
    let out = blocks.map((b) => (isText(b) && isCopy(b.text, structured, exact) ? { ...b, text } : compactBlock(b)));
    if (!out.some(isText)) out = [...out, { type: 'text', text }];
    const texts = textsOf(out);
    // The usual shape, one text block that is the copy, is checked once. A client that shows
    // structuredContent when it is there never shows the text blocks beside it.
    const onlyCopy = texts.length === 1 && texts[0] === text;
    if (onlyCopy || channel === 'structured' || meter.fits(texts))
      return passed(source, out, structured, text, sizeIn, bigger(texts, [text]));
    // The JSON fits but the text blocks are over: the pages hold the JSON.
    return elided({ pass: meter.pass(text, true), json: text, sizes: sizesOfTexts(texts, meter) }, out);
  }

  // A result with structuredContent sent within the cap, structuredContent rounded with its copy.
  function passed(source, out, structured, text, textsIn, textsOut) {
    const structuredContent = precision === undefined ? structured : JSON.parse(text);
    return { result: { ...source, content: out, structuredContent }, textsIn, textsOut, elided: false };
  }

  return function budget(raw, hasOutputSchema, meter, owner, call) {
    if (!isCallToolResult(raw)) {
      // Plain data of a tool with an outputSchema is its structuredContent.
      if (!hasOutputSchema || Array.isArray(raw)) return budgetData(raw, meter, owner, call);
      return budgetStructured({}, [], raw, meter, owner, call);
    }
    const blocks = Array.isArray(raw.content) ? raw.content : [];
    if (!isRecord(raw.structuredContent)) return budgetBlocks(raw, blocks, hasOutputSchema, meter, owner, call);
    return budgetStructured(raw, blocks, raw.structuredContent, meter, owner, call);
  };
}

module.exports = { createChannels };
