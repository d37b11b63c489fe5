'use strict';
// Numbers forwarded exactly over `--listen`: the SDK transport writes each message to the
// client with `JSON.stringify`, so a number held as its text (../mcp/exact-numbers.cjs) would
// reach the client as its marked string. `exactWrites(res)` makes a response write each such
// string as the token it holds: the transport writes a message whole in one chunk (an SSE
// event, or a JSON body), so a mark never spans two writes. The bytes written are counted for
// the session's backpressure.
const { PREFIX, unhold } = require('../mcp/exact-numbers.cjs');

const MARK = Buffer.from(PREFIX, 'utf8');

/** `chunk` with every held number written as its token (the same chunk when it holds none). */
function exactChunk(chunk) {
  if (typeof chunk === 'string') return unhold(chunk);
  if (!(chunk instanceof Uint8Array)) return chunk;
  const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return bytes.indexOf(MARK) === -1 ? chunk : Buffer.from(unhold(bytes.toString('utf8')), 'utf8');
}

/** The bytes of a chunk written (a string as UTF-8). */
const sizeOf = (chunk) =>
  typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0;

/**
 * Makes `res` (an http.ServerResponse) write held numbers as their tokens; `wrote(bytes)` is
 * told of every chunk it writes (./backpressure.cjs counts what a client has read). Returns it.
 */
function exactWrites(res, wrote = () => {}) {
  const write = res.write;
  const end = res.end;
  res.write = function exactWrite(chunk, ...rest) {
    const out = exactChunk(chunk);
    wrote(sizeOf(out));
    return write.call(this, out, ...rest);
  };
  res.end = function exactEnd(chunk, ...rest) {
    if (typeof chunk === 'function' || chunk == null) return end.call(this, chunk, ...rest);
    const out = exactChunk(chunk);
    wrote(sizeOf(out));
    return end.call(this, out, ...rest);
  };
  return res;
}

module.exports = { exactWrites };
