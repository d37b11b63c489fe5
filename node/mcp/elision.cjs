'use strict';
// The elision step: what a result over the cap becomes. Its first text block is the preview of
// the kept value with the tool's own narrowing hint (./preview.cjs) — or, with `preview: false`,
// for a tool with the editor's filters, or when no preview fits, the envelope encode would write
// for it (for a text kept as text, its head within the cap); then a link to its pages when the
// store keeps them (or, when the store cannot be reached, a sentence that says so); then its
// other non-text blocks.
// `elideResult` is the one place this is decided, so a different preview can replace it whole.

const { encode } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { textPages } = require('./elision-pass.cjs');
const { resourceLink, retentionOf } = require('./resources.cjs');
const { capHeadWithin } = require('./faults.cjs');
const { then } = require('./maybe-async.cjs');
const { previewText, previewPrinted, schemaHint, hasEditorFilters, MIN_PREVIEW } = require('./preview.cjs');
const { ID_STAND_IN, ID_TOKENS, readResultSentence, withId } = require('./result-line.cjs');

const isText = (block) =>
  typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';

/** What a head shares its caps with: nothing, unless a note stands beside it. */
const NO_ROOM = Object.freeze({ chars: 0, tokens: 0 });

/** The elision of one policy: `opts` are its resolved options, `store` keeps the pages. */
function createElision(opts, store) {
  const { maxChars, maxTokens, encoding } = opts;
  const limits = { maxChars, maxTokens, encoding, maxResultBytes: store.limits?.maxResultBytes };
  const linkTerms = { readResult: opts.readResult, pageTool: opts.pageTool, retention: retentionOf(store) };
  // Whether `text` has at most `cap` tokens. Every token is at least one UTF-8 byte and a UTF-16
  // unit is at most three, so a text within that bound is not counted.
  const fitsTokens = (text, cap) => text.length * 3 <= cap || tokens.countPrepared(text, encoding, cap) <= cap;

  /**
   * A text's head within both caps less `room` (what a note beside it takes), its marker
   * included: a text result over the cap, a fault's message.
   */
  function capHead(text, room = NO_ROOM) {
    const tokenCap = maxTokens === undefined ? undefined : Math.max(0, maxTokens - room.tokens);
    return capHeadWithin(text, Math.max(0, maxChars - room.chars), tokenCap, encoding);
  }

  // The first block when a note takes `room` of the caps: the kept text's head, or encode's
  // envelope of the kept value, each within what is left. Only the (rare) unkept answer needs it.
  function headWithin(kept, room) {
    if (kept.text !== undefined) return capHead(kept.text, room);
    const chars = Math.max(0, maxChars - room.chars);
    if (maxTokens === undefined) return encode(JSON.parse(kept.json), { maxChars: chars });
    return encode(JSON.parse(kept.json), {
      maxChars: chars,
      maxTokens: Math.max(1, maxTokens - room.tokens),
      encoding,
    });
  }

  // Keeps `pages` for `owner`: `{ id }` (null when the store keeps no result this large), or
  // `{ id: null, failure }` when the store cannot be reached — never a throw or a rejection.
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

  // Whether `text` fits both caps less `room`.
  const within = (text, room) =>
    text.length <= maxChars - room.chars &&
    (maxTokens === undefined || fitsTokens(text, Math.max(0, maxTokens - room.tokens)));

  /**
   * What the preview's line takes of `tokenRoom` (its tokens and one for the line break), as
   * far as the preview's budget can tell: nothing when the room holds the option's budget
   * beside any line this long (every token is at least one UTF-8 byte, a UTF-16 unit at most
   * three), so the line is counted only under a tight cap. A count here would also overwrite
   * the input the pass holds, and the preview would copy the result's text in again.
   */
  function lineTokens(line, tokenRoom) {
    if (tokenRoom - (line.length * 3 + 1) >= opts.preview.maxTokens) return 0;
    return tokens.countPrepared(line, encoding, Infinity) + 1;
  }

  /**
   * The preview answer for `kept`, or undefined (then encode's envelope is the answer): when the
   * option is off, the tool has the editor's filters (its clients read the envelope), the
   * preview fails, or it cannot be made within the caps less `room` (a note beside it). `kept`
   * (its pages) is `{ id, map }` when pages hold the rest — `id` the result's, or the stand-in
   * until the store has answered, `map` the pass's page map ('' for none) — else null. The
   * answer is one line — the result's size, read_result with a call for this result, and the
   * tool's hint — then the page map, then the preview, whose budget is the option's less what
   * the lines and `room` take of the caps, so one preview is made and the whole answer fits.
   */
  function previewHead(kept, call, where, room) {
    if (opts.preview === false || hasEditorFilters(call.inputSchema)) return undefined;
    try {
      const isJson = kept.text === undefined;
      const size = isJson ? kept.json.length : kept.text.length;
      const paged = where !== null;
      const find = paged && opts.readResult ? `${readResultSentence(where.id, call.arguments)} ` : '';
      const map = paged && where.map !== '' ? `${where.map}\n` : '';
      const line = `The result (${size} chars) is over the cap; this is a preview of it. ${find}${schemaHint(call.inputSchema, paged)}\n${map}`;
      const tokenRoom = (maxTokens ?? Infinity) - room.tokens;
      const idTokens = find === '' ? 0 : ID_TOKENS;
      const budget = {
        maxChars: Math.min(opts.preview.maxChars, maxChars - room.chars - line.length),
        maxTokens: Math.min(opts.preview.maxTokens, tokenRoom - lineTokens(line, tokenRoom) - idTokens),
      };
      if (budget.maxChars < MIN_PREVIEW.maxChars || budget.maxTokens < MIN_PREVIEW.maxTokens) return undefined;
      const options = { arguments: call.arguments, inputSchema: call.inputSchema, ...budget, encoding };
      // The kept JSON is always JSON.stringify's (or encode's) print of the value: not checked
      // again, and read with what the pass over it found.
      const p = isJson
        ? previewPrinted(kept.json, { ...options, spans: kept.pass.spans })
        : previewText(kept.text, false, options);
      const answer = line + p.text;
      return within(answer, room) ? answer : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The result `source` (its content `blocks`, already compacted) over the cap. `kept` is what
   * its pages hold: `{ pass }`, the one pass over a value's compact JSON (./elision-pass.cjs),
   * and `json`, that JSON; or `{ text }`, a text kept as text. `isError` marks the result an
   * error (an outputSchema the envelope would not match, or an error to begin with). `owner`
   * (optional) is who may read the pages; `call` (optional) is `{ arguments, inputSchema }`, the
   * call's arguments and the tool's input schema the preview reads. The result, or a Promise of
   * it when the store answers later; never a rejection: a store that cannot be reached leaves
   * the answer without pages.
   */
  function elideResult(source, kept, blocks, isError, owner, call = {}) {
    const paged =
      kept.text === undefined
        ? { pages: kept.pass.pages, map: kept.pass.map }
        : keepable(kept.text)
          ? textPages(kept.text, limits)
          : { pages: null, map: '' };
    const pages = paged.pages;
    // The preview is made before the pages go to the store, as the envelope is: with many calls
    // in flight, a store's answers then do not wait behind other calls' previews. It says the
    // pages hold the rest, with a stand-in for the id the store gives them; when the store keeps
    // nothing after all, or gives an id of another length, or the id's tokens do not fit, it is
    // made again.
    const early = previewHead(kept, call, pages === null ? null : { id: ID_STAND_IN, map: paged.map }, NO_ROOM);
    return then(keep(pages, owner), ({ id, failure }) => {
      const note = failure === undefined ? undefined : unkeptNote(failure);
      const room = note === undefined ? NO_ROOM : roomOf(note);
      let preview = early;
      if (early !== undefined && id !== null) {
        const settled = withId(early, id);
        const fits = id.length === ID_STAND_IN.length && within(settled, room);
        preview = fits ? settled : previewHead(kept, call, { id, map: paged.map }, room);
      } else if (early !== undefined && pages !== null) {
        preview = previewHead(kept, call, null, room);
      }
      const head = preview ?? (note === undefined ? headOf(kept) : headWithin(kept, room));
      const content = [{ type: 'text', text: head }];
      if (note !== undefined) content.push({ type: 'text', text: note });
      if (id !== null) content.push(resourceLink(id, pages.length, { ...linkTerms, owned: owner !== undefined }));
      for (const block of blocks) if (!isText(block)) content.push(block);
      const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = source;
      const result = { ...rest, content };
      if (isError) result.isError = true;
      return result;
    });
  }

  // Whether a text's pages could be kept: they hold at least its UTF-8 bytes, which are at least
  // its UTF-16 units, so a text longer than the store's per-result limit is not paged at all
  // (paging a 100 MB text only to have it refused would hold several copies of it).
  const resultLimit = store.limits !== undefined ? store.limits.maxResultBytes : undefined;
  const keepable = (text) => typeof resultLimit !== 'number' || text.length <= resultLimit;

  const headOf = (kept) => (kept.text === undefined ? kept.pass.envelope : capHead(kept.text));
  const roomOf = (note) => ({ chars: note.length, tokens: tokens.countPrepared(note, encoding, Infinity) });

  return { elideResult, capHead };
}

/** The text that says an over-cap result's pages could not be kept, and why. */
function unkeptNote(failure) {
  const why = failure instanceof Error ? failure.message : String(failure);
  const shortWhy = why.length > 200 ? `${why.slice(0, 199)}…` : why;
  return `The full result could not be kept, so it has no pages to read (${shortWhy}). Call the tool again later, or narrow the call.`;
}

module.exports = { createElision, isText };
