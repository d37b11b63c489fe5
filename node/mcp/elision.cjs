'use strict';
// The elision step: what a result over the cap becomes. Its first text block is the preview of
// the kept value with the tool's own narrowing hint and how to read the rest (./answer.cjs) — a
// JSON answer for a JSON result, text for a text — or, with `preview: false`, for a tool with the
// editor's filters, or when no preview fits, the envelope encode would write for it (for a text
// kept as text, its head within the cap); then a link to its pages when the store keeps them (or,
// when the store cannot be reached, a sentence that says so); then its other non-text blocks.
// A result whose client reads structuredContent carries the same answer there as an object.
// `elideResult` is the one place this is decided, so a different preview can replace it whole.

const { encode } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { textPages } = require('./elision-pass.cjs');
const { resourceLink, retentionOf } = require('./resources.cjs');
const { capHeadWithin } = require('./faults.cjs');
const { then } = require('./maybe-async.cjs');
const { previewText, previewPrinted, schemaHint, hasEditorFilters, MIN_PREVIEW } = require('./preview.cjs');
const answer = require('./answer.cjs');

const isText = (block) =>
  typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';

/** What a head shares its caps with: nothing, unless a note stands beside it. */
const NO_ROOM = Object.freeze({ chars: 0, bytes: 0, tokens: 0 });

/**
 * The id the early preview's line is made with, before the store names the real one: as long as
 * the built-in stores' ids (22 chars), so the real line is as long and the preview is made once.
 */
const PLACEHOLDER_ID = 'x'.repeat(22);

const utf8 = (text) => Buffer.byteLength(text, 'utf8');

/** Every over-cap answer made in this process (an adapter asks isOverCapAnswer). */
const answers = new WeakSet();

/** Whether `result` is an over-cap answer elideResult made (and not a copy of one). */
const isOverCapAnswer = (result) => typeof result === 'object' && result !== null && answers.has(result);

/** The elision of one policy: `opts` are its resolved options, `store` keeps the pages. */
function createElision(opts, store) {
  const { maxChars, maxBytes, maxTokens, encoding } = opts;
  const limits = { maxChars, maxBytes, maxTokens, encoding, maxResultBytes: store.limits?.maxResultBytes };
  const linkTerms = { readResult: opts.readResult, pageTool: opts.pageTool, retention: retentionOf(store) };
  // The caps an answer keeps: the policy's, and for an error answer at most ERROR_MAX_CHARS chars.
  const capsOf = (isError) => ({
    ...limits,
    maxChars: isError ? Math.min(maxChars, answer.ERROR_MAX_CHARS) : maxChars,
  });
  // Whether `text` has at most `cap` tokens. Every token is at least one UTF-8 byte and a UTF-16
  // unit is at most three, so a text within that bound is not counted.
  const fitsTokens = (text, cap) => text.length * 3 <= cap || tokens.countPrepared(text, encoding, cap) <= cap;
  const less = (cap, used) => (cap === undefined ? undefined : Math.max(0, cap - used));

  /**
   * A text's head within the caps (`caps`, the policy's by default) less `room` (what a note
   * beside it takes), its marker included: a text result over the cap, a fault's message.
   */
  function capHead(text, room = NO_ROOM, caps = limits) {
    const chars = Math.max(0, caps.maxChars - room.chars);
    return capHeadWithin(text, chars, less(maxTokens, room.tokens), encoding, less(maxBytes, room.bytes));
  }

  // The first block when a note takes `room` of the caps: the kept text's head, or encode's
  // envelope of the kept value, each within what is left. Only the (rare) unkept answer needs it.
  // encode measures chars; a UTF-16 unit is at most three UTF-8 bytes.
  function headWithin(kept, room, caps) {
    if (kept.text !== undefined) return capHead(kept.text, room, caps);
    const byBytes = maxBytes === undefined ? Infinity : Math.floor((maxBytes - room.bytes) / 3);
    const chars = Math.max(0, Math.min(caps.maxChars - room.chars, byBytes));
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

  // Whether `text` fits `caps` less `room`.
  const within = (text, room, caps) =>
    text.length <= caps.maxChars - room.chars &&
    (maxBytes === undefined || utf8(text) <= maxBytes - room.bytes) &&
    (maxTokens === undefined || fitsTokens(text, Math.max(0, maxTokens - room.tokens)));

  /**
   * What the preview's frame (the answer less the preview) takes of `tokenRoom` (its tokens and
   * one for the seam), as far as the preview's budget can tell: nothing when the room holds the
   * option's budget beside any frame this long (every token is at least one UTF-8 byte, a UTF-16
   * unit at most three), so the frame is counted only under a tight cap. A count here would also
   * overwrite the input the pass holds, and the preview would copy the result's text in again.
   */
  function frameTokens(frame, tokenRoom) {
    if (tokenRoom - (frame.length * 3 + 1) >= opts.preview.maxTokens) return 0;
    return tokens.countPrepared(frame, encoding, Infinity) + 1;
  }

  /** What is known of a kept result's size on the channel that was over: `{ chars, bytes?, tokens? }`. */
  function sizesOf(kept) {
    if (kept.sizes !== undefined) return kept.sizes;
    const text = kept.text ?? kept.json;
    const sizes = { chars: text.length, bytes: maxBytes === undefined ? undefined : utf8(text) };
    if (kept.pass !== undefined && kept.pass.tokens >= 0) sizes.tokens = kept.pass.tokens;
    const overOthers = sizes.chars > maxChars || (sizes.bytes !== undefined && sizes.bytes > maxBytes);
    // Only the token cap is over: the text is within the char cap, so counting it is cheap.
    if (sizes.tokens === undefined && maxTokens !== undefined && !overOthers)
      sizes.tokens = tokens.countPrepared(text, encoding, Infinity);
    return sizes;
  }

  /**
   * The answer's first line for `kept`, its pages read as `id` of `pages` (none when id is null),
   * and under it the page map (`map`, what each page holds; '' for none).
   */
  const lineOf = (kept, call, id, pages, map) => {
    const line = answer.answerLine(
      answer.overage(sizesOf(kept), opts),
      schemaHint(call.inputSchema, id !== null),
      id === null ? undefined : answer.readWords(opts, id, pages, call.arguments),
    );
    return id === null || !map ? line : `${line}\n${map}`;
  };

  const compose = (kept, line, previewed) =>
    kept.text === undefined
      ? answer.jsonAnswer(line, answer.overage(sizesOf(kept), opts), previewed)
      : answer.textAnswer(line, previewed);

  /**
   * The preview answer for `kept` with first line `line`, within `caps` less `room` (a note
   * beside it): `{ text, previewed, budget }` (the answer, the preview in it and the preview's
   * budget), or undefined (then encode's envelope is the answer) when the preview fails or
   * cannot be made within them. The preview's budget is the option's less what the rest of the
   * answer takes of the caps, so one preview is made and the whole answer fits. `made`, an
   * earlier answer's, is reused when its preview had this same budget.
   */
  function previewAnswer(kept, call, line, caps, room, made) {
    try {
      const frame = compose(kept, line, '');
      const tokenRoom = (maxTokens ?? Infinity) - room.tokens;
      const bytesLeft = maxBytes === undefined ? Infinity : maxBytes - room.bytes - utf8(frame);
      const budget = {
        maxChars: Math.min(opts.preview.maxChars, caps.maxChars - room.chars - frame.length, bytesLeft),
        maxTokens: Math.min(opts.preview.maxTokens, tokenRoom - frameTokens(frame, tokenRoom)),
      };
      const answered = (previewed, used) => {
        if (previewed === undefined) return undefined;
        const text = compose(kept, line, previewed);
        return within(text, room, caps) ? { text, previewed, budget: used } : undefined;
      };
      const same =
        made !== undefined && made.budget.maxChars === budget.maxChars && made.budget.maxTokens === budget.maxTokens;
      const first = answered(same ? made.previewed : makePreview(kept, call, budget), budget);
      // Over the byte cap only when the preview is mostly not ASCII: a UTF-16 unit is at most three bytes.
      if (first !== undefined || bytesLeft === Infinity) return first;
      const again = { ...budget, maxChars: Math.floor(bytesLeft / 3) };
      return answered(makePreview(kept, call, again), again);
    } catch {
      return undefined;
    }
  }

  /**
   * previewAnswer with the line for pages `id` of `pages` and the page map `map` under it; when
   * they leave the preview no room (a tight cap), the line alone: the preview is worth more than
   * the map, which read_result's `page` makes up for.
   */
  function mappedAnswer(kept, call, id, pages, map, caps, room, made) {
    const mapped = previewAnswer(kept, call, lineOf(kept, call, id, pages, map), caps, room, made);
    if (mapped !== undefined || !map) return mapped;
    return previewAnswer(kept, call, lineOf(kept, call, id, pages, ''), caps, room, made);
  }

  // The preview's text within `budget`, or undefined when the budget is under the floors.
  function makePreview(kept, call, budget) {
    if (budget.maxChars < MIN_PREVIEW.maxChars || budget.maxTokens < MIN_PREVIEW.maxTokens) return undefined;
    const options = { arguments: call.arguments, inputSchema: call.inputSchema, ...budget, encoding };
    // The kept JSON is always JSON.stringify's (or encode's) print of the value: not checked
    // again, and read with what the pass over it found.
    const p =
      kept.text === undefined
        ? previewPrinted(kept.json, { ...options, spans: kept.pass.spans })
        : previewText(kept.text, false, options);
    return p.text;
  }

  const previews = (call) => opts.preview !== false && !hasEditorFilters(call.inputSchema);

  /**
   * The result `source` (its content `blocks`, already compacted) over the cap. `kept` is what
   * its pages hold: `{ pass }`, the one pass over a value's compact JSON (./elision-pass.cjs),
   * and `json`, that JSON; or `{ text }`, a text kept as text; with `sizes` (`{ chars, bytes?,
   * tokens? }`) when the channel over the cap is not the kept one. `shape.isError` marks the
   * result an error (it was one to begin with); `shape.structured` gives it structuredContent:
   * the answer as an object (a tool with an outputSchema, or a result that had it). `owner`
   * (optional) is who may read the pages; `call` (optional) is `{ arguments, inputSchema }`,
   * the call's arguments and the tool's input schema the preview reads. The result, or a Promise
   * of it when the store answers later; never a rejection: a store that cannot be reached leaves
   * the answer without pages.
   */
  function elideResult(source, kept, blocks, shape, owner, call = {}) {
    const { isError = false, structured = false } = shape;
    const caps = capsOf(isError);
    const { pages, map } =
      kept.text === undefined
        ? kept.pass
        : keepable(kept.text)
          ? textPages(kept.text, limits)
          : { pages: null, map: '' };
    // The preview is made before the pages go to the store, as the envelope is: with many calls
    // in flight, a store's answers then do not wait behind other calls' previews. Its line names
    // a placeholder id as long as the store's; the preview is made again only when the real line
    // leaves it another budget (an id of another length, a tight token cap, or no pages after all).
    const early = previews(call)
      ? mappedAnswer(kept, call, pages === null ? null : PLACEHOLDER_ID, pages?.length, map, caps, NO_ROOM)
      : undefined;
    return then(keep(pages, owner), ({ id, failure }) => {
      const note = failure === undefined ? undefined : unkeptNote(failure);
      const room = note === undefined ? NO_ROOM : roomOf(note);
      const head =
        (early === undefined ? undefined : mappedAnswer(kept, call, id, pages?.length, map, caps, room, early)?.text) ??
        (note === undefined ? headOf(kept, caps) : headWithin(kept, room, caps));
      const content = [{ type: 'text', text: head }];
      if (note !== undefined) content.push({ type: 'text', text: note });
      if (id !== null) content.push(resourceLink(id, pages.length, { ...linkTerms, owned: owner !== undefined }));
      for (const block of blocks) if (!isText(block)) content.push(block);
      const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = source;
      const result = { ...rest, content };
      if (isError) result.isError = true;
      if (structured) result.structuredContent = answerObject(head, kept);
      answers.add(result);
      return result;
    });
  }

  // Whether a text's pages could be kept: they hold at least its UTF-8 bytes, which are at least
  // its UTF-16 units, so a text longer than the store's per-result limit is not paged at all
  // (paging a 100 MB text only to have it refused would hold several copies of it).
  const resultLimit = store.limits !== undefined ? store.limits.maxResultBytes : undefined;
  const keepable = (text) => typeof resultLimit !== 'number' || text.length <= resultLimit;

  // The envelope (or a text's head) within `caps`: the pass made the envelope within the
  // policy's, and an error answer may keep less.
  function headOf(kept, caps) {
    if (kept.text !== undefined) return capHead(kept.text, NO_ROOM, caps);
    const envelope = kept.pass.envelope;
    return envelope.length <= caps.maxChars ? envelope : headWithin(kept, NO_ROOM, caps);
  }
  const roomOf = (note) => ({
    chars: note.length,
    bytes: utf8(note),
    tokens: tokens.countPrepared(note, encoding, Infinity),
  });

  return { elideResult, capHead, capsOf };
}

/**
 * The answer as structuredContent: a JSON answer (the preview's or the envelope) as its object,
 * a text's answer as `{ code: "TOO_LARGE", text }`. Either matches the over-cap branch of the
 * outputSchema the budget layer lists (./output-schema.cjs).
 */
function answerObject(head, kept) {
  if (kept.text === undefined) return JSON.parse(head);
  return { code: answer.TOO_LARGE, text: head };
}

/** The text that says an over-cap result's pages could not be kept, and why. */
function unkeptNote(failure) {
  const why = failure instanceof Error ? failure.message : String(failure);
  const shortWhy = why.length > 200 ? `${why.slice(0, 199)}…` : why;
  return `The full result could not be kept, so it has no pages to read (${shortWhy}). Call the tool again later, or narrow the call.`;
}

module.exports = { createElision, isText, isOverCapAnswer };
