'use strict';
// The elision step: what a result over the cap becomes. Its first text block is the envelope
// encode would write for the kept value (or, for a text kept as text, its head within the cap);
// then a link to its pages when the store keeps them; then its other non-text blocks.
// `elideResult` is the one place this is decided, so a different preview can replace it whole.

const { encode, capText } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { textPages } = require('./elision-pass.cjs');
const { resourceLink } = require('./resources.cjs');
const { MARKER_RESERVE, MARKER_TOKENS } = require('./faults.cjs');

const isText = (block) =>
  typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';

/** The elision of one policy: `opts` are its resolved options, `store` keeps the pages. */
function createElision(opts, store) {
  const { maxChars, maxTokens, encoding } = opts;
  const limits = { maxChars, maxTokens, encoding };
  const headChars = Math.max(0, maxChars - MARKER_RESERVE);
  const headTokens = maxTokens === undefined ? undefined : Math.max(0, maxTokens - MARKER_TOKENS);

  const fitsTokens = (text) =>
    text.length * 3 <= maxTokens || tokens.countPrepared(text, encoding, maxTokens) <= maxTokens;

  /**
   * A text's head within both caps (a text result over the cap, a fault's message): cut by
   * chars; when that is still over the token cap (a char can be several tokens), cut after its
   * first tokens instead — which then ends before the char cut.
   */
  function capHead(text) {
    const byChars = capText(text, headChars);
    if (headTokens === undefined || fitsTokens(byChars)) return byChars;
    return encode(text, { maxChars: Infinity, maxTokens: headTokens, encoding });
  }

  /**
   * The result `source` (its content `blocks`, already compacted) over the cap. `kept` is what
   * its pages hold: `{ pass }`, the one pass over a value's compact JSON (./elision-pass.cjs),
   * or `{ text }`, a text kept as text. `isError` marks the result an error (an outputSchema
   * the envelope would not match, or an error to begin with).
   */
  function elideResult(source, kept, blocks, isError) {
    const head = kept.text === undefined ? kept.pass.envelope : capHead(kept.text);
    const pages = kept.text === undefined ? kept.pass.pages : textPages(kept.text, limits);
    const id = pages === null ? null : store.put(pages);
    const content = [{ type: 'text', text: head }];
    if (id !== null) content.push(resourceLink(id, pages.length, opts.pageTool));
    for (const block of blocks) if (!isText(block)) content.push(block);
    const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = source;
    const result = { ...rest, content };
    if (isError) result.isError = true;
    return result;
  }

  return { elideResult, capHead };
}

module.exports = { createElision, isText };
