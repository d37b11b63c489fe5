'use strict';
// MCP's stdio framing: one JSON-RPC message per line. Splits a byte stream into lines without
// decoding them, so a line can be forwarded as the exact bytes that arrived.
// The unterminated tail at the end of a stream is handed to onEnd, never parsed as a message.

/**
 * A line that spans chunks is kept as the list of its chunks (one concat at its end) up to this
 * size; past it the bytes go into one buffer that doubles as the rest arrives, so a 100 MB line's
 * chunks are dropped as they come instead of being held next to their concatenation. Below it
 * the list is as fast as it gets (no copy while gathering: a 10 MB result stays on it); above it
 * the buffer saves one copy of the line.
 */
const GATHER_ABOVE = 16 << 20;

/**
 * Calls `onLine(buffer)` for every complete line of the stream (the bytes before the `\n`,
 * a trailing `\r` kept), and `onEnd(rest)` once the stream ends, with any unterminated tail
 * (a Buffer, possibly empty). Blank lines are skipped: they carry no message.
 */
function readLines(stream, onLine, onEnd = () => {}) {
  let parts = [];
  let size = 0;
  let gathered = null;
  const emit = (line) => {
    if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) return;
    onLine(line);
  };
  const add = (piece) => {
    if (gathered === null) {
      parts.push(piece);
      size += piece.length;
      if (size <= GATHER_ABOVE) return;
      gathered = Buffer.allocUnsafe(size * 2);
      Buffer.concat(parts, size).copy(gathered);
      parts = [];
      return;
    }
    if (size + piece.length > gathered.length) {
      const grown = Buffer.allocUnsafe(Math.max(gathered.length * 2, size + piece.length));
      gathered.copy(grown, 0, 0, size);
      gathered = grown;
    }
    piece.copy(gathered, size);
    size += piece.length;
  };
  const take = () => {
    const line = gathered !== null ? gathered.subarray(0, size) : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    gathered = null;
    return line;
  };
  stream.on('data', (chunk) => {
    let start = 0;
    let nl = chunk.indexOf(0x0a, start);
    while (nl !== -1) {
      const piece = chunk.subarray(start, nl);
      if (size === 0) {
        emit(piece);
      } else {
        add(piece);
        emit(take());
      }
      start = nl + 1;
      nl = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) add(chunk.subarray(start));
  });
  stream.on('end', () => onEnd(take()));
}

/** The message a line holds, or `undefined` when it is not JSON. */
function parseLine(line) {
  try {
    return JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
}

module.exports = { readLines, parseLine };
