'use strict';
// The elision step: what a result over the cap becomes. Its first text block is the preview of
// the kept value with the tool's own narrowing hint and how to read the rest (./answer.cjs) — a
// JSON answer for a JSON result, text for a text — or, with `preview: false`, for a tool with the
// editor's filters, or when no preview fits, the envelope encode would write for it (for a text
// kept as text, its head within the cap); then a link to its pages when the store keeps them (or,
// when the store cannot be reached, a sentence that says so); then its other non-text blocks.
// A result whose client reads structuredContent carries the same answer there as an object.
// `Elision.prototype.elide` is the one place this is decided, so a different preview can
// replace it whole. What is kept is a KeptJson or a KeptText (./kept.cjs).

const { resourceLink, retentionOf } = require('./resources.cjs');
const { then } = require('./maybe-async.cjs');
const { Caps, NO_ROOM, utf8 } = require('./caps.cjs');
const tokens = require('../tokens.cjs');
const { schemaHint, hasEditorFilters, MIN_PREVIEW } = require('./preview.cjs');
const answer = require('./answer.cjs');

const isText = (block) =>
  typeof block === 'object' && block !== null && block.type === 'text' && typeof block.text === 'string';

/**
 * The id the early preview's line is made with, before the store names the real one: as long as
 * the built-in stores' ids (22 chars), so the real line is as long and the preview is made once.
 */
const PLACEHOLDER_ID = 'x'.repeat(22);

/** Every over-cap answer made in this process (an adapter asks isOverCapAnswer). */
const answers = new WeakSet();

/** Whether `result` is an over-cap answer Elision made (and not a copy of one). */
const isOverCapAnswer = (result) => typeof result === 'object' && result !== null && answers.has(result);

/** The elision of one policy: `opts` are its resolved options, `store` keeps the pages. */
class Elision {
  constructor(opts, store) {
    this.opts = opts;
    this.store = store;
    /** The policy's caps; an error answer's are narrower (capsOf). */
    this.caps = new Caps(opts);
    /** What a text's pages are cut within. */
    this.limits = { ...this.caps, maxResultBytes: store.limits?.maxResultBytes };
    this.linkTerms = { readResult: opts.readResult, pageTool: opts.pageTool, retention: retentionOf(store) };
  }

  /** The caps an answer keeps: the policy's, and for an error answer at most ERROR_MAX_CHARS chars. */
  capsOf(isError) {
    return isError ? this.caps.narrowed(answer.ERROR_MAX_CHARS) : this.caps;
  }

  /** A fault's message within an error answer's caps. */
  errorHead(message) {
    return this.capsOf(true).head(message);
  }

  /**
   * Keeps `pages` for `owner`: `{ id }` (null when the store keeps no result this large), or
   * `{ id: null, failure }` when the store cannot be reached — never a throw or a rejection.
   */
  keep(pages, owner) {
    if (pages === null) return { id: null };
    let put;
    try {
      put = this.store.put(pages, owner === undefined ? undefined : { owner });
    } catch (failure) {
      return { id: null, failure };
    }
    return Promise.resolve(put).then(
      (id) => ({ id: typeof id === 'string' ? id : null }),
      (failure) => ({ id: null, failure }),
    );
  }

  /**
   * The answer's first line for `kept`, its pages `link` (`{ id, pages, map }`: read as `id` of
   * `pages`, none when id is null), and under it the page map (`map`; '' for none).
   */
  lineOf(kept, call, { id, pages, map }) {
    const line = answer.answerLine(
      answer.overage(kept.sizes(this.caps), this.opts),
      schemaHint(call.inputSchema, id !== null),
      id === null ? undefined : answer.readWords(this.opts, id, pages, call.arguments),
    );
    return id === null || !map ? line : `${line}\n${map}`;
  }

  /** The answer for `kept` with first line `line` and `previewed` in it. */
  compose(kept, line, previewed) {
    return kept.answerText(line, previewed, answer.overage(kept.sizes(this.caps), this.opts));
  }

  /**
   * What the preview's frame (the answer less the preview) takes of `tokenRoom` (its tokens and
   * one for the seam), as far as the preview's budget can tell: nothing when the room holds the
   * option's budget beside any frame this long (every token is at least one UTF-8 byte, a UTF-16
   * unit at most three), so the frame is counted only under a tight cap. A count here would also
   * overwrite the input the pass holds, and the preview would copy the result's text in again.
   */
  frameTokens(frame, tokenRoom) {
    if (tokenRoom - (frame.length * 3 + 1) >= this.opts.preview.maxTokens) return 0;
    return tokens.countPrepared(frame, this.caps.encoding, Infinity) + 1;
  }

  /**
   * The preview's budget beside `frame` within `caps` less `room`: the option's less what the
   * rest of the answer takes, so one preview is made and the whole answer fits. `bytesLeft` is
   * what the byte cap leaves the preview (Infinity without one).
   */
  previewBudget(frame, caps, room) {
    const tokenRoom = (caps.maxTokens ?? Infinity) - room.tokens;
    const bytesLeft = caps.maxBytes === undefined ? Infinity : caps.maxBytes - room.bytes - utf8(frame);
    const budget = {
      maxChars: Math.min(this.opts.preview.maxChars, caps.maxChars - room.chars - frame.length, bytesLeft),
      maxTokens: Math.min(this.opts.preview.maxTokens, tokenRoom - this.frameTokens(frame, tokenRoom)),
    };
    return { budget, bytesLeft };
  }

  /**
   * The preview answer for `kept` with first line `line`, within `caps` less `room` (a note
   * beside it): `{ text, previewed, budget }` (the answer, the preview in it and the preview's
   * budget), or undefined (then encode's envelope is the answer) when the preview fails or
   * cannot be made within them. `made`, an earlier answer's, is reused when its preview had this
   * same budget.
   */
  previewAnswer({ kept, call, line, caps, room, made }) {
    try {
      const { budget, bytesLeft } = this.previewBudget(this.compose(kept, line, ''), caps, room);
      const answered = (previewed, used) => {
        if (previewed === undefined) return undefined;
        const text = this.compose(kept, line, previewed);
        return caps.holds(text, room) ? { text, previewed, budget: used } : undefined;
      };
      const same =
        made !== undefined && made.budget.maxChars === budget.maxChars && made.budget.maxTokens === budget.maxTokens;
      const first = answered(same ? made.previewed : this.makePreview(kept, call, budget), budget);
      // Over the byte cap only when the preview is mostly not ASCII: a UTF-16 unit is at most three bytes.
      if (first !== undefined || bytesLeft === Infinity) return first;
      const again = { ...budget, maxChars: Math.floor(bytesLeft / 3) };
      return answered(this.makePreview(kept, call, again), again);
    } catch {
      return undefined;
    }
  }

  /**
   * previewAnswer with the line for `link` and its page map under it; when they leave the
   * preview no room (a tight cap), the line alone: the preview is worth more than the map,
   * which read_result's `page` makes up for. `at` is `{ caps, room, made }` as previewAnswer's.
   */
  mappedAnswer(kept, call, link, at) {
    const mapped = this.previewAnswer({ kept, call, line: this.lineOf(kept, call, link), ...at });
    if (mapped !== undefined || !link.map) return mapped;
    return this.previewAnswer({ kept, call, line: this.lineOf(kept, call, { ...link, map: '' }), ...at });
  }

  /** The preview's text within `budget`, or undefined when the budget is under the floors. */
  makePreview(kept, call, budget) {
    if (budget.maxChars < MIN_PREVIEW.maxChars || budget.maxTokens < MIN_PREVIEW.maxTokens) return undefined;
    return kept.preview({
      arguments: call.arguments,
      inputSchema: call.inputSchema,
      ...budget,
      encoding: this.caps.encoding,
    });
  }

  /** Whether a call's answer is a preview (not the envelope alone). */
  previews(call) {
    return this.opts.preview !== false && !hasEditorFilters(call.inputSchema);
  }

  /**
   * The result `source` (its content `blocks`, already compacted) over the cap, `kept` what its
   * pages hold (a KeptJson or a KeptText, ./kept.cjs). `shape.isError` marks the result an error
   * (it was one to begin with); `shape.structured` gives it structuredContent: the answer as an
   * object (a tool with an outputSchema, or a result that had it). `owner` (optional) is who may
   * read the pages; `call` (optional) is `{ arguments, inputSchema }`, the call's arguments and
   * the tool's input schema the preview reads. The result, or a Promise of it when the store
   * answers later; never a rejection: a store that cannot be reached leaves it without pages.
   */
  elide({ source, kept, blocks, shape, owner, call = {} }) {
    const caps = this.capsOf(Boolean(shape.isError));
    const { pages, map } = kept.pagesOf(this.limits);
    // The preview is made before the pages go to the store, as the envelope is: with many calls
    // in flight, a store's answers then do not wait behind other calls' previews. Its line names
    // a placeholder id as long as the store's; the preview is made again only when the real line
    // leaves it another budget (an id of another length, a tight token cap, or no pages after all).
    const link = { id: pages === null ? null : PLACEHOLDER_ID, pages: pages?.length, map };
    const early = this.previews(call) ? this.mappedAnswer(kept, call, link, { caps, room: NO_ROOM }) : undefined;
    return then(this.keep(pages, owner), (stored) =>
      this.answerResult({
        source,
        kept,
        blocks,
        shape,
        owner,
        call,
        caps,
        early,
        link: { ...link, id: stored.id },
        stored,
      }),
    );
  }

  /** The first block: the preview answer (made again only when it must be), or the head. */
  headOf({ kept, call, caps, early, link, note }) {
    const room = note === undefined ? NO_ROOM : caps.roomOf(note);
    const previewed =
      early === undefined ? undefined : this.mappedAnswer(kept, call, link, { caps, room, made: early });
    return previewed?.text ?? (note === undefined ? kept.head(caps) : kept.headWithin(caps, room));
  }

  /** The over-cap result, once the store has answered `stored` (`{ id, failure? }`). */
  answerResult({ source, kept, blocks, shape, owner, call, caps, early, link, stored }) {
    const note = stored.failure === undefined ? undefined : unkeptNote(stored.failure);
    const head = this.headOf({ kept, call, caps, early, link, note });
    const content = [{ type: 'text', text: head }];
    if (note !== undefined) content.push({ type: 'text', text: note });
    if (link.id !== null)
      content.push(resourceLink(link.id, link.pages, { ...this.linkTerms, owned: owner !== undefined }));
    for (const block of blocks) if (!isText(block)) content.push(block);
    const { content: _content, structuredContent: _structured, isError: _isError, ...rest } = source;
    const result = { ...rest, content };
    if (shape.isError) result.isError = true;
    if (shape.structured) result.structuredContent = kept.answerObject(head);
    answers.add(result);
    return result;
  }
}

/** The text that says an over-cap result's pages could not be kept, and why. */
function unkeptNote(failure) {
  const why = failure instanceof Error ? failure.message : String(failure);
  const shortWhy = why.length > 200 ? `${why.slice(0, 199)}…` : why;
  return `The full result could not be kept, so it has no pages to read (${shortWhy}). Call the tool again later, or narrow the call.`;
}

module.exports = { Elision, isText, isOverCapAnswer };
