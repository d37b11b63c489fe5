'use strict';
// MCP's stdio framing: one JSON-RPC message per line. Splits a byte stream into lines without
// decoding it, so a line can be forwarded as the exact bytes that arrived, and a 100 MB line is
// joined once (one Buffer.concat) instead of being copied as it grows.
// The unterminated tail at the end of a stream is handed to onEnd, never parsed as a message.

/**
 * Calls `onLine(buffer)` for every complete line of the stream (the bytes before the `\n`,
 * a trailing `\r` kept), and `onEnd(rest)` once the stream ends, with any unterminated tail
 * (a Buffer, possibly empty). Blank lines are skipped: they carry no message.
 */
function readLines(stream, onLine, onEnd = () => {}) {
  let parts = [];
  let size = 0;
  const emit = (line) => {
    if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) return;
    onLine(line);
  };
  stream.on('data', (chunk) => {
    let start = 0;
    let nl = chunk.indexOf(0x0a, start);
    while (nl !== -1) {
      const piece = chunk.subarray(start, nl);
      if (parts.length === 0) {
        emit(piece);
      } else {
        parts.push(piece);
        const line = Buffer.concat(parts, size + piece.length);
        parts = [];
        size = 0;
        emit(line);
      }
      start = nl + 1;
      nl = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      size += chunk.length - start;
    }
  });
  stream.on('end', () => {
    const rest = Buffer.concat(parts, size);
    parts = [];
    onEnd(rest);
  });
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
