'use strict';
// MCP's stdio framing: one JSON-RPC message per line. Splits a byte stream into lines without
// decoding them, so a line can be forwarded as the exact bytes that arrived — or, for a line
// too large to hold twice, decodes it as it arrives into a HeldLine, whose text is those exact
// bytes again once encoded (it is only made of valid UTF-8) and which its reader can let go of.
// The unterminated tail at the end of a stream is handed to onEnd, never parsed as a message.
const { isUtf8 } = require('node:buffer');
const { fullGc, fullGcFor } = require('./full-gc.cjs');
const { parseHeld } = require('./held-json.cjs');
const { parseMessage } = require('../mcp/exact-numbers.cjs');
const { FarLine } = require('./far-lines.cjs');

/**
 * A line that spans chunks is kept as the list of its chunks (one concat at its end) up to this
 * size; past it the bytes go into one buffer that doubles as the rest arrives, so a 100 MB line's
 * chunks are dropped as they come instead of being held next to their concatenation. Below it
 * the list is as fast as it gets (no copy while gathering: a 10 MB result stays on it); above it
 * the buffer saves one copy of the line. With `holdAbove`, a line past that many bytes is
 * decoded instead (see readLines).
 */
const GATHER_ABOVE = 16 << 20;

/**
 * The size past which the proxy holds a server's line as text (readLines' `holdAbove`): the
 * line's chunks are all alive until then, so the allocator grows by about this much for a line
 * of any size. Smaller lines are kept as their bytes (one decode when parsed, no collections).
 */
const HOLD_ABOVE = 4 << 20;

/**
 * A held line is decoded in runs of about this many bytes: a run's text is then a string too
 * large for V8's young generation, which would otherwise grow to its largest size and stay
 * that size (tens of MB resident) to hold the line's pieces on their way to the old one.
 */
const DECODE_RUN = 1 << 20;
/**
 * A held line's chunks are garbage once decoded, but with its text in the old generation the
 * young one fills too slowly to collect them: a full collection every this many bytes lets
 * the allocator give their memory to the next chunks instead of growing (see
 * docs/performance.md, 'Figures behind the design').
 */
const COLLECT_EVERY = 4 * DECODE_RUN;

/**
 * A line of valid UTF-8 kept as its text: `text` encodes back to the line's bytes exactly, so it
 * is forwarded as they were. `length` is its size in bytes, as a Buffer's is. `release()` lets go
 * of the text once no answer will need the line's own bytes (a result the policy rewrites), so a
 * large line is not held beside what is made of it; its text is an error to read after that.
 */
class HeldLine {
  #text;

  constructor(text, bytes) {
    this.#text = text;
    this.length = bytes;
  }

  get text() {
    if (this.#text === null) throw new Error('the line was released');
    return this.#text;
  }

  release() {
    this.#text = null;
  }

  /** Its bytes from `start` to `end`, as a Buffer's subarray gives them (for a message's excerpt). */
  subarray(start, end = this.length) {
    const text = this.text;
    // `end` units hold at least `end` bytes; one unit more keeps a surrogate pair whole.
    return Buffer.from(text.slice(0, end + 1), 'utf8').subarray(start, end);
  }

  toString() {
    return this.text;
  }
}

/** What a stream writes for a line: its bytes, or a HeldLine's text (the same bytes once encoded). */
const lineData = (line) => (line instanceof HeldLine ? line.text : line);

/**
 * `text` as one flat string, its decoded runs collected: parsing it then copies it once more
 * rather than twice (V8 flattens a joined string where it is first read whole, and the runs
 * stay resident beside the copy until a collection).
 */
function flat(text, bytes) {
  // Converting a string to a number reads it whole, which flattens it.
  Number(text);
  fullGcFor(bytes);
  return text;
}

/** Where the last complete UTF-8 sequence of `bytes` ends (a sequence cut at the end is left out). */
function completeUtf8(bytes) {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back];
    if ((b & 0xc0) === 0x80) continue;
    // A lead byte: its sequence is complete when it has all its continuation bytes.
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

/** A line's bytes as they arrive: the list of its chunks, past GATHER_ABOVE one doubling buffer. */
class LineBytes {
  constructor(parts = [], size = 0) {
    this.parts = parts;
    this.size = size;
    this.gathered = null;
  }

  add(piece) {
    const at = this.size;
    this.size += piece.length;
    if (this.gathered === null) {
      this.parts.push(piece);
      if (this.size <= GATHER_ABOVE) return;
      this.gathered = Buffer.allocUnsafe(this.size * 2);
      Buffer.concat(this.parts, this.size).copy(this.gathered);
      this.parts = [];
      return;
    }
    if (this.size > this.gathered.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.gathered.length * 2, this.size));
      this.gathered.copy(grown, 0, 0, at);
      this.gathered = grown;
    }
    piece.copy(this.gathered, at);
  }

  take() {
    return this.gathered !== null ? this.gathered.subarray(0, this.size) : Buffer.concat(this.parts, this.size);
  }
}

/**
 * A line decoded as it arrives, DECODE_RUN bytes at a time, its chunks collected every
 * COLLECT_EVERY bytes. `failed` is set, to the line's bytes so far, once they prove not UTF-8.
 */
class LineText {
  #text = '';
  // The bytes of a character a run ended inside, and the chunks not decoded yet.
  #carry = null;
  #parts = [];
  #pending = 0;
  #collectedAt = 0;
  size = 0;
  failed = undefined;

  /** Starts with the chunks of the line so far. */
  constructor(parts) {
    for (let i = 0; i < parts.length; i++) {
      if (this.add(parts[i])) continue;
      for (const part of parts.slice(i + 1)) {
        this.failed.push(part);
        this.size += part.length;
      }
      return;
    }
  }

  /** Adds a chunk; false once the line is known not to be UTF-8 (its bytes are in `failed`). */
  add(piece) {
    this.size += piece.length;
    this.#parts.push(piece);
    this.#pending += piece.length;
    if (this.#pending < DECODE_RUN) return true;
    this.#decodeParts();
    if (this.size - this.#collectedAt >= COLLECT_EVERY) {
      fullGc();
      this.#collectedAt = this.size;
    }
    return this.failed === undefined;
  }

  #decodeParts() {
    const run = this.#parts.length === 1 ? this.#parts[0] : Buffer.concat(this.#parts, this.#pending);
    this.#parts = [];
    this.#pending = 0;
    const bytes = this.#carry === null ? run : Buffer.concat([this.#carry, run]);
    const end = completeUtf8(bytes);
    if (!isUtf8(bytes.subarray(0, end))) {
      // The text encoded again is exactly its bytes: it was valid UTF-8.
      this.failed = [Buffer.from(this.#text, 'utf8'), bytes];
      this.#text = null;
      return;
    }
    this.#text += bytes.toString('utf8', 0, end);
    this.#carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : null;
  }

  /** The line: a HeldLine, or its bytes when it is not UTF-8 (or ends inside a character). */
  take() {
    if (this.#pending > 0 && this.failed === undefined) this.#decodeParts();
    if (this.failed !== undefined) return Buffer.concat(this.failed, this.size);
    if (this.#carry !== null) return Buffer.concat([Buffer.from(this.#text, 'utf8'), this.#carry]);
    return new HeldLine(flat(this.#text, this.size), this.size);
  }
}

/**
 * Calls `onLine(line)` for every complete line of the stream (the bytes before the `\n`,
 * a trailing `\r` kept), and `onEnd(rest)` once the stream ends, with any unterminated tail
 * (a Buffer, possibly empty). Blank lines are skipped: they carry no message. A line is a
 * Buffer; with `holdAbove` (a number of bytes), a line longer than that which is valid UTF-8 is a
 * HeldLine, decoded as it arrives once past that size: its bytes are never held next to its
 * text (a line that turns out not to be UTF-8 goes back to bytes, exactly as it came). With
 * `far` (`{ above, start() }`, ./far-lines.cjs), a line past `far.above` bytes goes, as it
 * arrives, to the FarLine `far.start()` makes, and reaches `onLine` once the worker has read it
 * (lines after it may reach `onLine` first); `onEnd` waits for those. Returns `{ delivered() }`:
 * a Promise that every far line read so far has reached `onLine`.
 */
function readLines(stream, onLine, onEnd = () => {}, { holdAbove = Infinity, far } = {}) {
  const reader = new LineReader({ onLine, holdAbove, far });
  stream.on('data', (chunk) => reader.data(chunk));
  stream.on('end', () => reader.end(onEnd));
  return { delivered: () => reader.delivered() };
}

/**
 * The line readLines is in the middle of, and the far lines not yet delivered: `data(chunk)`
 * splits a chunk at its newlines, `end(onEnd)` hands on the tail (see readLines).
 */
class LineReader {
  #onLine;
  #holdAbove;
  #far;
  #line = new LineBytes();
  /** Whether the line was tried as text (one that was not UTF-8 is gathered as bytes to its end). */
  #tried = false;
  /** Far lines read and not yet delivered. */
  #farOnes = new Set();

  constructor({ onLine, holdAbove, far }) {
    this.#onLine = onLine;
    this.#holdAbove = holdAbove;
    this.#far = far;
  }

  /** Every line `chunk` completes to `onLine`; what follows its last newline kept for the next. */
  data(chunk) {
    let start = 0;
    let nl = chunk.indexOf(0x0a, start);
    while (nl !== -1) {
      const piece = chunk.subarray(start, nl);
      if (this.#line.size === 0) {
        this.#emit(piece);
      } else {
        this.#add(piece);
        this.#emit(this.#take());
      }
      start = nl + 1;
      nl = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) this.#add(chunk.subarray(start));
  }

  /** The stream ended: `onEnd(tail)` with the unterminated tail, once every far line is delivered. */
  end(onEnd) {
    // A far line the stream ended inside is no line: its worker lets go of it.
    const rest = this.#line instanceof FarLine ? this.#line.takeBack() : this.#take();
    const tail = rest instanceof HeldLine ? Buffer.from(rest.text, 'utf8') : rest;
    if (this.#farOnes.size === 0) onEnd(tail);
    else this.delivered().then(() => onEnd(tail));
  }

  /** Resolves once every far line read so far has reached `onLine`. */
  async delivered() {
    while (this.#farOnes.size > 0) await Promise.all(this.#farOnes);
  }

  /** A complete line to `onLine` (a far one once its worker has read it); a blank one skipped. */
  #emit(bytes) {
    if (bytes instanceof FarLine) {
      bytes.end();
      const delivered = bytes.ready.then(() => this.#onLine(bytes));
      this.#farOnes.add(delivered);
      delivered.then(() => this.#farOnes.delete(delivered));
      return;
    }
    if (bytes.length === 0 || (bytes.length === 1 && bytes[0] === 0x0d)) return;
    this.#onLine(bytes);
  }

  /** A piece of the current line: past `far.above` it goes far, past `holdAbove` it is tried as text. */
  #add(piece) {
    const line = this.#line;
    if (line instanceof FarLine) return line.add(piece);
    if (line instanceof LineText) {
      if (!line.add(piece)) this.#line = new LineBytes(line.failed, line.size);
      return;
    }
    line.add(piece);
    const far = this.#far;
    if (far !== undefined && line.size > far.above) {
      const away = far.start();
      away.add(line.take());
      this.#line = away;
      return;
    }
    if (this.#tried || line.size <= this.#holdAbove) return;
    this.#tried = true;
    const text = new LineText(line.gathered === null ? line.parts : [line.take()]);
    this.#line = text.failed === undefined ? text : new LineBytes(text.failed, text.size);
  }

  /** The current line, taken; a new one begun. */
  #take() {
    const taken = this.#line.take();
    this.#line = new LineBytes();
    this.#tried = false;
    return taken;
  }
}

/**
 * The message a line (a Buffer or a HeldLine) holds, or `undefined` when it is not JSON; a
 * number `JSON.parse` would change is held as its text (../mcp/exact-numbers.cjs).
 */
function parseLine(line) {
  // A far line was parsed in its worker: its message is the stand-in it answered with.
  if (line instanceof FarLine) return line.message;
  try {
    return line instanceof HeldLine ? parseHeld(line.text) : parseMessage(line);
  } catch {
    return undefined;
  }
}

module.exports = { readLines, parseLine, HeldLine, lineData, GATHER_ABOVE, HOLD_ABOVE };
