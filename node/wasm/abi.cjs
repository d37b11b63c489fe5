'use strict';
// The one way large text and bytes cross into and out of the WebAssembly core (its Rust half
// is src/wasm/abi.rs, which has the measurements). Text is written straight into the core's
// reusable input buffer and results are read straight out of its output buffer:
//   - writeText: Latin-1 (a memcpy) when V8 holds the string as one byte per character, else
//     UTF-8 — for Rust code that reads either (number rounding, TOON);
//   - writeUtf8: UTF-8 always — for Rust code that needs UTF-8 (the tokenizer);
//   - writeFile: a file's bytes, read straight into the buffer (rank tables);
//   - writeBytes: bytes already in memory (rank tables a browser fetched).
// Buffers are sized by the real byte length, never by a worst case. Each WebAssembly module
// has its own memory and so its own transport: this module's exports are the full core's,
// `.formatter` is the formatter module's, `.tokenizer` the tokenizer's and `.query` the search
// module's (./loader.cjs).

const fs = require('node:fs');
const core = require('./loader.cjs');

const utf8 = new TextEncoder();
let utf8Decoder = null;
// Matches only a character above U+00FF. V8 answers at once for a one-byte string (it cannot
// hold one), which is how a string's Latin-1 representability is known without a scan.
const WIDE_CHARACTER = /[^\u0000-\u00ff]/;
/** Above this many bytes the core's buffers are freed once a call's result is read. */
const KEEP_BUFFER_BYTES = 1 << 20;

/**
 * The transport of one module (`exports` holds its abi* functions): its memory, and while a
 * caller holds the input (holdInput) the text last written and how — a second writeText of it
 * is answered without a copy, and a release waits for the hold to end.
 */
class Transport {
  constructor(exports) {
    this.exports = exports;
    this.memory = null;
    this.holds = 0;
    this.held = null;
    this.releaseHeld = false;
  }

  /** The memory's ArrayBuffer, which is replaced whenever the memory grows: views are made per call. */
  memoryBuffer() {
    if (this.memory === null) this.memory = this.exports.abiMemory();
    return this.memory.buffer;
  }

  /** The input buffer, `length` bytes, as a view to write into (forgetting the held text). */
  inputView(length) {
    this.held = null;
    const ptr = this.exports.abiInput(length);
    return new Uint8Array(this.memoryBuffer(), ptr, length);
  }

  /** Writes `text` as UTF-8 (exactly sized); returns its length in bytes. */
  writeUtf8(text) {
    if (!WIDE_CHARACTER.test(text)) {
      // Every character is one or two bytes: as many bytes as units when it is ASCII, which is
      // known once encodeInto has read the whole text into that many bytes.
      const { read, written } = utf8.encodeInto(text, this.inputView(text.length));
      if (read === text.length) return written;
    }
    const length = Buffer.byteLength(text, 'utf8');
    return utf8.encodeInto(text, this.inputView(length)).written;
  }

  /**
   * Grows the module's memory once to hold `bytes` more, before a call that will allocate about
   * that much. The memory otherwise grows in many small steps during the call, and V8 answers
   * each step with a full garbage collection of the JS heap, a cost that grows with the square
   * of the input (see docs/performance.md, 'Figures behind the design'). The block is freed
   * at once; the call's own allocations reuse it.
   */
  reserve(bytes) {
    if (bytes <= KEEP_BUFFER_BYTES || this.memoryBuffer().byteLength >= bytes) return;
    this.held = null;
    this.exports.abiInput(bytes);
    this.exports.abiRelease();
  }

  /**
   * Writes `text` as Latin-1 when every character allows, else as UTF-8. Within holdInput, the
   * text the buffer already holds is not written again.
   */
  writeText(text) {
    if (this.held !== null && this.held.text === text) return this.held.written;
    const written = this.writeTextOnce(text);
    if (this.holds > 0) this.held = { text, written };
    return written;
  }

  /** Writes `text` (Latin-1 or UTF-8, as writeText chooses); returns `{ length, latin1 }`. */
  writeTextOnce(text) {
    if (WIDE_CHARACTER.test(text)) return { length: this.writeUtf8(text), latin1: false };
    const view = this.inputView(text.length);
    Buffer.from(view.buffer, view.byteOffset, view.length).latin1Write(text, 0);
    return { length: text.length, latin1: true };
  }

  /**
   * Runs `fn` with the input buffer held: calls that write the same text in turn (the policy's
   * pass over a result, then its preview) share one copy of it, and large buffers are freed when
   * `fn` returns rather than after each call, so the second call neither copies the text again
   * (100 MB for the proxy's largest results) nor places it anew among the first call's freed
   * memory. `fn`'s value is returned as it is.
   */
  holdInput(fn) {
    this.holds++;
    try {
      return fn();
    } finally {
      if (--this.holds === 0) this.endHold();
    }
  }

  /** The last hold has ended: the held text is forgotten, and a release it deferred is made. */
  endHold() {
    this.held = null;
    if (this.releaseHeld) {
      this.releaseHeld = false;
      this.exports.abiRelease();
    }
  }

  /** Reads the file at `path` into the input buffer; returns its length in bytes. */
  writeFile(path) {
    const fd = fs.openSync(path, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const view = this.inputView(size);
      for (let at = 0; at < size;) {
        const n = fs.readSync(fd, view, at, size - at, at);
        if (n === 0) throw new Error(`${path}: file ended at byte ${at} of ${size}`);
        at += n;
      }
      return size;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Copies `bytes` (a Uint8Array) into the input buffer; returns their length. */
  writeBytes(bytes) {
    this.inputView(bytes.length).set(bytes);
    return bytes.length;
  }

  /** The text of the module's last output (`length` bytes, in the encoding it reports). */
  readOutput(length, latin1 = this.exports.abiOutputLatin1()) {
    const ptr = this.exports.abiOutput();
    const buffer = this.memoryBuffer();
    if (latin1) return Buffer.from(buffer, ptr, length).latin1Slice(0, length);
    utf8Decoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
    return utf8Decoder.decode(new Uint8Array(buffer, ptr, length));
  }

  /** Frees the module's buffers after a call whose input or output was large. */
  release(...lengths) {
    if (!lengths.some((n) => n > KEEP_BUFFER_BYTES)) return;
    if (this.holds > 0) this.releaseHeld = true;
    else this.exports.abiRelease();
  }
}

/** What a transport offers its callers, each a function that needs no receiver (`{ holdInput } = abi`). */
const OPERATIONS = [
  'reserve',
  'writeUtf8',
  'writeText',
  'holdInput',
  'writeFile',
  'writeBytes',
  'readOutput',
  'release',
];

/**
 * The transport of one module (`exports` holds its abi* functions): the full core's for the
 * tokenizer, TOON and the rest, the formatter's for rounding, the search module's for
 * read_result (./loader.cjs).
 */
function transport(exports) {
  const state = new Transport(exports);
  return Object.fromEntries(OPERATIONS.map((name) => [name, state[name].bind(state)]));
}

/**
 * `text` (JSON text, for the bindings whose core function takes it as bytes) as UTF-8 bytes:
 * the small inputs that travel as wasm-bindgen's `&[u8]` instead of through the input buffer.
 */
function utf8Bytes(text) {
  return utf8.encode(text);
}

/** The full core's transport: the tokenizer's counts there, TOON, the policy's pass and the rest. */
const full = transport(core);

module.exports = {
  ...full,
  /** The formatter module's transport (rounding). */
  formatter: transport(core.formatter),
  /** The tokenizer module's transport (the public counts until the full core is loaded). */
  tokenizer: transport(core.tokenizer),
  /**
   * The search module's transport (read_result): the full core's on Node, where the full module
   * holds the search; a page's search module has a memory of its own.
   */
  query: core.query === core.full ? full : transport(core.query),
  utf8Bytes,
};
