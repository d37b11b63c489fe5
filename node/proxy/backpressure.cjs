'use strict';
// Backpressure for `proxy --listen`: what one session's client has been sent and has not read.
// The SDK transport queues every message for a client's stream without bound (the HTTP layer
// under it writes only as fast as the socket takes), so a client that stops reading would grow
// the proxy by everything its server sends. Each session counts the bytes handed to its
// transport against the bytes written to its sockets; past MAX_UNREAD_BYTES its server is
// paused (the proxy stops reading the server's output, so the server is slowed, not the proxy
// grown), and resumed once the client has read half of it; a session that stays past it for
// UNREAD_STALL_MS is closed, with a reason.

/**
 * Bytes a session's client may leave unread before its server is paused: 16 MiB, more than any
 * answer a budget lets through and than a client reading at any ordinary pace falls behind by.
 */
const MAX_UNREAD_BYTES = 16 << 20;
/**
 * How long a session may stay past MAX_UNREAD_BYTES before it is closed: 10 seconds. A client's
 * HTTP layer reads its streams whatever the application does, so a client that reads nothing
 * for that long while this much waits is gone or stuck.
 */
const UNREAD_STALL_MS = 10_000;

const MiB = 1024 * 1024;

/**
 * One session's count: `queued(bytes)` for each message handed to its transport,
 * `written(bytes)` for each write to its responses. `pause()` and `resume()` its server;
 * `close(reason)` ends the session. `level` is the bytes not read yet.
 */
class Unread {
  constructor({ pause, resume, close, maxBytes = MAX_UNREAD_BYTES, stallMs = UNREAD_STALL_MS }) {
    this.pause = pause;
    this.resume = resume;
    this.close = close;
    this.maxBytes = maxBytes;
    this.stallMs = stallMs;
    this.sent = 0;
    this.wrote = 0;
    this.paused = false;
    this.stall = null;
  }

  get level() {
    return Math.max(0, this.sent - this.wrote);
  }

  queued(bytes) {
    this.sent += bytes;
    if (this.paused || this.level <= this.maxBytes) return;
    this.paused = true;
    this.pause();
    this.stall = setTimeout(() => this.close(this.#reason()), this.stallMs);
    this.stall.unref?.();
  }

  written(bytes) {
    this.wrote += bytes;
    if (!this.paused || this.level > this.maxBytes / 2) return;
    this.paused = false;
    clearTimeout(this.stall);
    this.stall = null;
    this.resume();
  }

  /** The session is over: no timer left. */
  end() {
    clearTimeout(this.stall);
    this.stall = null;
  }

  #reason() {
    return `its client left ${(this.level / MiB).toFixed(1)} MiB unread for ${this.stallMs / 1000} s (a session may leave at most ${this.maxBytes / MiB} MiB unread; its server was paused meanwhile)`;
  }
}

module.exports = { MAX_UNREAD_BYTES, UNREAD_STALL_MS, Unread };
