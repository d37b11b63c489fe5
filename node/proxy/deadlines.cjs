'use strict';
// How long the proxy waits for the server to answer a request it forwarded (or one of its own):
// each gets a timer when it goes to the server; an answer stops it, a progress notification for
// the request starts it again (MCP lets a timeout restart on progress); when it runs out the
// session is told, answers the client with an error and cancels the request at the server. A
// request whose timer ran out is remembered, so its late answer is dropped rather than sent as
// a second one.

/** How many timed-out requests are remembered for their late answers: the most recent ones. */
const LATE_KEPT = 1000;

class Deadlines {
  /** `ms`: the wait (undefined: no timers); `expired(key)` is called when one runs out. */
  constructor(ms, expired) {
    this.ms = ms;
    this.expired = expired;
    /** Server-side id key → { timer, token }. */
    this.timers = new Map();
    /** Progress token key → server-side id key. */
    this.byToken = new Map();
    /** Server-side id keys whose timer ran out → what they were ({ id, method }). */
    this.late = new Map();
  }

  /** Starts the timer of the request `key` (`token`: its progressToken, if any). */
  start(key, token) {
    if (this.ms === undefined) return;
    this.stop(key);
    const timer = setTimeout(() => this.#runOut(key), this.ms);
    timer.unref?.();
    this.timers.set(key, { timer, token });
    if (token !== undefined) this.byToken.set(`${typeof token}:${token}`, key);
  }

  /** A progress notification for `token`: its request's timer starts again. */
  progress(token) {
    const key = this.byToken.get(`${typeof token}:${token}`);
    const entry = key === undefined ? undefined : this.timers.get(key);
    if (entry !== undefined) this.start(key, entry.token);
  }

  /** The request `key` was answered or cancelled. */
  stop(key) {
    const entry = this.timers.get(key);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.timers.delete(key);
    if (entry.token !== undefined) this.byToken.delete(`${typeof entry.token}:${entry.token}`);
  }

  /** What a request whose timer ran out was (`{ id, method }`), once: its late answer is dropped. */
  lateAnswer(key) {
    const was = this.late.get(key);
    this.late.delete(key);
    return was;
  }

  /** Notes that request `key` (`what`: `{ id, method }`) timed out, for its late answer. */
  noteLate(key, what) {
    this.late.set(key, what);
    if (this.late.size > LATE_KEPT) this.late.delete(this.late.keys().next().value);
  }

  clear() {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.byToken.clear();
  }

  #runOut(key) {
    this.stop(key);
    this.expired(key);
  }
}

module.exports = { Deadlines };
