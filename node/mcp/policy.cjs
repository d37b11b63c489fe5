'use strict';
// The budget policy for MCP tool results, independent of any SDK object: a CallToolResult (or
// a handler's plain data) in, a result within the budget on every channel out, with the
// over-cap originals kept in a bounded store and served as pages. withBudget (with-budget.cjs)
// wires it into an SDK server; a proxy can call it on raw JSON-RPC results.

const { encode, capText } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { PRESETS, resolveOptions } = require('./options.cjs');
const { createStore } = require('./store.cjs');
const { splitPages } = require('./pages.cjs');
const { RESOURCE_TEMPLATE, PAGE_TOOL_DESCRIPTOR, resourceLink, createPageReader } = require('./resources.cjs');
const { MARKER_RESERVE, unsendable, faultMessage } = require('./faults.cjs');

const isText = (block) => typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const sumLength = (texts) => texts.reduce((n, t) => n + t.length, 0);

// A value read as a CallToolResult (rather than as plain data to send).
const isCallToolResult = (v) => Array.isArray(v.content) || (v.content === undefined && isRecord(v.structuredContent));

function createPolicy(options) {
  const opts = resolveOptions(options);
  const { maxChars, maxTokens, encoding, precision, compactJson } = opts;
  const store = createStore(opts.store);
  const reader = createPageReader(store);
  const limits = { maxChars, maxTokens, encoding };
  // Capped text (a text result's head, a fault's message) stays within both caps: a token is
  // at least one char, so a char cap at the token cap also bounds tokens.
  const textCap = Math.min(maxChars, maxTokens ?? Infinity) - MARKER_RESERVE;

  // Compact JSON of a value, rounded when `precision` is set. Throws on a cycle or a BigInt
  // (V8's own JSON.stringify), which the caller turns into a fault.
  function compact(value) {
    const text = JSON.stringify(value);
    if (text === undefined || precision === undefined) return text;
    return encode(value, { maxChars: Infinity, precision });
  }

  function fitsTokens(texts) {
    if (maxTokens === undefined) return true;
    let left = maxTokens;
    for (const text of texts) {
      if (!tokens.fitsTokenBudget(text, left, encoding)) return false;
      if (text.length * 3 > left) left -= tokens.countTokens(text, encoding);
    }
    return left >= 0;
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

  // A text block that serializes the same value as structuredContent (compact or pretty).
  function isCopy(text, structuredJson) {
    if (text === structuredJson) return true;
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return false;
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

  function elide(raw, kept, blocks, isError) {
    const envelope = typeof kept === 'string' ? encode(kept, textCap) : encode(kept, limits);
    const pages = splitPages(kept, limits);
    const id = pages === null ? null : store.put(pages);
    const content = [{ type: 'text', text: envelope }];
    if (id !== null) content.push(resourceLink(id, pages.length, opts.pageTool));
    for (const block of blocks) if (!isText(block)) content.push(block);
    const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = raw;
    const result = { ...rest, content };
    if (isError) result.isError = true;
    return result;
  }

  // The budgeted result and the texts of its larger channel, in and out (for info).
  function budget(raw, hasOutputSchema) {
    const asResult = isCallToolResult(raw);
    const source = asResult ? raw : hasOutputSchema && !Array.isArray(raw) ? { content: [], structuredContent: raw } : null;
    if (source === null) {
      const text = compact(raw);
      if (fits([text])) return { result: { content: [{ type: 'text', text }] }, textsIn: [text], textsOut: [text], elided: false };
      const result = elide({}, JSON.parse(text), [], false);
      return { result, textsIn: [text], textsOut: textsOf(result), elided: true };
    }
    const blocks = Array.isArray(source.content) ? source.content : [];
    const textsIn = blocks.filter(isText).map((b) => b.text);
    const structured = isRecord(source.structuredContent) ? source.structuredContent : undefined;
    if (structured === undefined) {
      const out = blocks.map(compactBlock);
      const texts = out.filter(isText).map((b) => b.text);
      if (fits(texts)) return { result: { ...source, content: out }, textsIn, textsOut: texts, elided: false };
      const result = elide(source, keptFromTexts(texts), out, source.isError === true);
      return { result, textsIn, textsOut: textsOf(result), elided: true };
    }
    const exact = JSON.stringify(structured);
    const text = precision === undefined ? exact : compact(structured);
    let out = blocks.map((b) => (isText(b) && isCopy(b.text, exact) ? { ...b, text } : compactBlock(b)));
    if (!out.some(isText)) out = [...out, { type: 'text', text }];
    const texts = out.filter(isText).map((b) => b.text);
    const bigger = (a, b) => (sumLength(a) >= sumLength(b) ? a : b);
    if (fits([text]) && fits(texts)) {
      const structuredContent = precision === undefined ? structured : JSON.parse(text);
      return { result: { ...source, content: out, structuredContent }, textsIn: bigger(textsIn, [exact]), textsOut: bigger(texts, [text]), elided: false };
    }
    const result = elide(source, JSON.parse(text), out, hasOutputSchema || source.isError === true);
    return { result, textsIn: bigger(textsIn, [exact]), textsOut: textsOf(result), elided: true };
  }

  function report(toolName, textsIn, textsOut, elided, started) {
    const info = { tool: toolName, charsIn: sumLength(textsIn), tokensIn: 0, charsOut: sumLength(textsOut), tokensOut: 0, elided, ms: 0 };
    // Real token counts are computed when read, so a caller that never looks pays nothing.
    lazyTokens(info, 'tokensIn', textsIn, encoding);
    lazyTokens(info, 'tokensOut', textsOut, encoding);
    info.ms = performance.now() - started;
    if (opts.onResult !== undefined) {
      try {
        opts.onResult(info);
      } catch {
        // A throwing observer must not cost the caller its result.
      }
    }
    return info;
  }

  function faultResult(toolName, error, started) {
    const text = capText(faultMessage(toolName, error), textCap);
    return { result: { content: [{ type: 'text', text }], isError: true }, info: report(toolName, [], [text], false, started) };
  }

  function apply(toolName, value, context) {
    const started = performance.now();
    const why = unsendable(value);
    if (why !== null) return faultResult(toolName, new Error(why), started);
    let out;
    try {
      out = budget(value, context !== undefined && context !== null && context.hasOutputSchema === true);
    } catch (error) {
      return faultResult(toolName, new Error(`returned a result that cannot be sent as JSON: ${error instanceof Error ? error.message : String(error)}`), started);
    }
    return { result: out.result, info: report(toolName, out.textsIn, out.textsOut, out.elided, started) };
  }

  return {
    options: opts,
    apply,
    fault: (toolName, error) => faultResult(toolName, error, performance.now()),
    resourceTemplate: RESOURCE_TEMPLATE,
    readResource: reader.readResource,
    pageTool: PAGE_TOOL_DESCRIPTOR,
    callPageTool: reader.callPageTool,
    store: { stats: store.stats },
  };
}

function textsOf(result) {
  return result.content.filter(isText).map((b) => b.text);
}

function lazyTokens(info, key, texts, encoding) {
  let count;
  Object.defineProperty(info, key, {
    enumerable: true,
    get() {
      if (count === undefined) count = texts.reduce((n, t) => n + tokens.countTokens(t, encoding), 0);
      return count;
    },
  });
}

module.exports = { PRESETS, resolveOptions, createPolicy };
