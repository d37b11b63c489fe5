'use strict';
// What an over-cap result's pages hold, as one of two kinds with the same methods: KeptJson, a
// value as its compact JSON with the core's one pass over it (./elision-pass.cjs), and KeptText,
// a text kept as text. The elision step (./elision.cjs) asks either the same questions — its
// pages, its size, its preview, its head within the caps, its answer — and never which it is.

const { encode } = require('../result.cjs');
const tokens = require('../tokens.cjs');
const { textPages } = require('./elision-pass.cjs');
const { previewText, previewPrinted } = require('./preview.cjs');
const { NO_ROOM, utf8 } = require('./caps.cjs');
const answer = require('./answer.cjs');

/** What both kinds share: the size of what is kept, on the channel that was over the cap. */
class Kept {
  /**
   * `sizes` (`{ chars, bytes?, tokens? }`) is given when the channel over the cap is not the
   * kept one (the text blocks beside a structuredContent that fits); otherwise it is measured.
   */
  constructor(sizes) {
    this.knownSizes = sizes;
    /** The caps `measured` was taken against (see sizes). */
    this.measuredFor = undefined;
    this.measured = undefined;
  }

  /**
   * What is known of the size on the channel that was over `caps` (the policy's): `{ chars,
   * bytes?, tokens? }`. Measured once per caps: the answer's line and its text both ask, and a
   * token count of a long text is the costliest part of either.
   */
  sizes(caps) {
    if (this.knownSizes !== undefined) return this.knownSizes;
    if (this.measuredFor !== caps) {
      this.measured = this.measure(caps);
      this.measuredFor = caps;
    }
    return this.measured;
  }

  /** The size of what is kept, measured against `caps`. */
  measure(caps) {
    const text = this.printed;
    const sizes = { chars: text.length, bytes: caps.maxBytes === undefined ? undefined : utf8(text) };
    if (this.passTokens !== undefined) sizes.tokens = this.passTokens;
    const overOthers = sizes.chars > caps.maxChars || (sizes.bytes !== undefined && sizes.bytes > caps.maxBytes);
    // Only the token cap is over: the text is within the char cap, so counting it is cheap.
    if (sizes.tokens === undefined && caps.maxTokens !== undefined && !overOthers)
      sizes.tokens = tokens.countPrepared(text, caps.encoding, Infinity);
    return sizes;
  }
}

/** A value kept as `json`, its compact JSON (JSON.stringify's or encode's print), with `pass` over it. */
class KeptJson extends Kept {
  constructor(pass, json, sizes) {
    super(sizes);
    this.pass = pass;
    this.json = json;
  }

  /** The same JSON, its size on the channel over the cap being `sizes`. */
  withSizes(sizes) {
    return new KeptJson(this.pass, this.json, sizes);
  }

  /** The text the pages hold. */
  get printed() {
    return this.json;
  }

  /** The tokens the pass counted, when it counted them. */
  get passTokens() {
    return this.pass.tokens >= 0 ? this.pass.tokens : undefined;
  }

  /** `{ pages, map }`: the pages the pass cut and what each holds. */
  pagesOf() {
    return { pages: this.pass.pages, map: this.pass.map };
  }

  /** The answer with first line `line` and `previewed` (a JSON preview), over by `overage`. */
  answerText(line, previewed, overage) {
    return answer.jsonAnswer(line, overage, previewed);
  }

  /**
   * The preview's text for `options` (the call and the budget). The JSON is never checked again:
   * it is read with what the pass over it found.
   */
  preview(options) {
    return previewPrinted(this.json, { ...options, spans: this.pass.spans }).text;
  }

  /** The envelope the pass made, when it is within `caps` (an error answer may keep less). */
  head(caps) {
    const envelope = this.pass.envelope;
    return envelope.length <= caps.maxChars ? envelope : this.headWithin(caps, NO_ROOM);
  }

  /**
   * encode's envelope within `caps` less `room` (a note beside it). encode measures chars; a
   * UTF-16 unit is at most three UTF-8 bytes.
   */
  headWithin(caps, room) {
    const byBytes = caps.maxBytes === undefined ? Infinity : Math.floor((caps.maxBytes - room.bytes) / 3);
    const maxChars = Math.max(0, Math.min(caps.maxChars - room.chars, byBytes));
    if (caps.maxTokens === undefined) return encode(JSON.parse(this.json), { maxChars });
    const maxTokens = Math.max(1, caps.maxTokens - room.tokens);
    return encode(JSON.parse(this.json), { maxChars, maxTokens, encoding: caps.encoding });
  }

  /** The answer `head` as structuredContent: its object. */
  answerObject(head) {
    return JSON.parse(head);
  }
}

/** A text kept as itself. */
class KeptText extends Kept {
  constructor(text, sizes) {
    super(sizes);
    this.text = text;
  }

  withSizes(sizes) {
    return new KeptText(this.text, sizes);
  }

  get printed() {
    return this.text;
  }

  get passTokens() {
    return undefined;
  }

  /**
   * `{ pages, map }` within `limits`; none (`pages` null) for a text longer than the store's
   * per-result limit: its pages hold at least its UTF-8 bytes, which are at least its UTF-16
   * units, and paging a 100 MB text only to have it refused would hold several copies of it.
   */
  pagesOf(limits) {
    const limit = limits.maxResultBytes;
    if (typeof limit === 'number' && this.text.length > limit) return { pages: null, map: '' };
    return textPages(this.text, limits);
  }

  answerText(line, previewed) {
    return answer.textAnswer(line, previewed);
  }

  preview(options) {
    return previewText(this.text, false, options).text;
  }

  /** The text's head within `caps`. */
  head(caps) {
    return caps.head(this.text);
  }

  headWithin(caps, room) {
    return caps.head(this.text, room);
  }

  /** The answer `head` as structuredContent: `{ code: "TOO_LARGE", text }`. */
  answerObject(head) {
    return { code: answer.TOO_LARGE, text: head };
  }
}

module.exports = { KeptJson, KeptText };
