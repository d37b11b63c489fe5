'use strict';
// MCP's stdio framing: one JSON-RPC message per line. Splits a byte stream into lines without
// decoding them, so a line can be forwarded as the exact bytes that arrived.
// The unterminated tail at the end of a stream is handed to onEnd, never parsed as a message.

/** First size of the buffer a line spanning several chunks is gathered in (it doubles). */
const FIRST_CAPACITY = 1 << 16;

/**
 * Calls `onLine(buffer)` for every complete line of the stream (the bytes before the `\n`,
 * a trailing `\r` kept), and `onEnd(rest)` once the stream ends, with any unterminated tail
 * (a Buffer, possibly empty). Blank lines are skipped: they carry no message.
 *
 * A line that spans chunks is copied into one growing buffer as each chunk arrives, so the
 * stream's chunks are garbage at once instead of all being held until a final concat: on a
 * 100 MB line that is one copy of the bytes in memory, not two.
 */
function readLines(stream, onLine, onEnd = () => {}) {
  let gathered = null;
  let used = 0;
  const emit = (line) => {
    if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) return;
    onLine(line);
  };
  const gather = (piece) => {
    if (gathered === null) {
      gathered = Buffer.allocUnsafe(Math.max(FIRST_CAPACITY, piece.length * 2));
      used = 0;
    } else if (used + piece.length > gathered.length) {
      const grown = Buffer.allocUnsafe(Math.max(gathered.length * 2, used + piece.length));
      gathered.copy(grown, 0, 0, used);
      gathered = grown;
    }
    piece.copy(gathered, used);
    used += piece.length;
  };
  const take = () => {
    const line = gathered === null ? Buffer.alloc(0) : gathered.subarray(0, used);
    gathered = null;
    used = 0;
    return line;
  };
  stream.on('data', (chunk) => {
    let start = 0;
    let nl = chunk.indexOf(0x0a, start);
    while (nl !== -1) {
      const piece = chunk.subarray(start, nl);
      if (gathered === null) {
        emit(piece);
      } else {
        gather(piece);
        emit(take());
      }
      start = nl + 1;
      nl = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) gather(chunk.subarray(start));
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
