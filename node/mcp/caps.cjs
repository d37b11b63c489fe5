'use strict';
// The caps one answer is held within — chars, and UTF-8 bytes and tokens when the policy sets
// them — and the three questions the elision step asks of them: does a text fit (less what a
// note beside it takes), what is a text's head within them, and what does a note take.

const tokens = require('../tokens.cjs');
const { capHeadWithin } = require('./faults.cjs');

/** What a text shares the caps with: nothing, unless a note stands beside it. */
const NO_ROOM = Object.freeze({ chars: 0, bytes: 0, tokens: 0 });

const utf8 = (text) => Buffer.byteLength(text, 'utf8');
const less = (cap, used) => (cap === undefined ? undefined : Math.max(0, cap - used));

/** The caps of one answer: `maxChars`, and `maxBytes`, `maxTokens` (in `encoding`) when set. */
class Caps {
  constructor({ maxChars, maxBytes, maxTokens, encoding }) {
    this.maxChars = maxChars;
    this.maxBytes = maxBytes;
    this.maxTokens = maxTokens;
    this.encoding = encoding;
  }

  /** These caps with at most `maxChars` chars (an error answer's, within a client's error cut). */
  narrowed(maxChars) {
    if (maxChars >= this.maxChars) return this;
    return new Caps({ ...this, maxChars });
  }

  /**
   * Whether `text` has at most `cap` tokens. Every token is at least one UTF-8 byte and a UTF-16
   * unit is at most three, so a text within that bound is not counted.
   */
  tokensFit(text, cap) {
    return text.length * 3 <= cap || tokens.countPrepared(text, this.encoding, cap) <= cap;
  }

  /** Whether `text` fits these caps less `room`. */
  holds(text, room = NO_ROOM) {
    return (
      text.length <= this.maxChars - room.chars &&
      (this.maxBytes === undefined || utf8(text) <= this.maxBytes - room.bytes) &&
      (this.maxTokens === undefined || this.tokensFit(text, Math.max(0, this.maxTokens - room.tokens)))
    );
  }

  /**
   * A text's head within these caps less `room` (what a note beside it takes), its marker
   * included: a text result over the cap, a fault's message.
   */
  head(text, room = NO_ROOM) {
    const chars = Math.max(0, this.maxChars - room.chars);
    return capHeadWithin(
      text,
      chars,
      less(this.maxTokens, room.tokens),
      this.encoding,
      less(this.maxBytes, room.bytes),
    );
  }

  /** What `note` takes of the caps: `{ chars, bytes, tokens }`. */
  roomOf(note) {
    return { chars: note.length, bytes: utf8(note), tokens: tokens.countPrepared(note, this.encoding, Infinity) };
  }
}

module.exports = { Caps, NO_ROOM, utf8 };
