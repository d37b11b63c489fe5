'use strict';
// Writing to one side of the proxy in order when some answers take time to work out.
const { isThenable } = require('../mcp/maybe-async.cjs');

/**
 * Lines to one side in the order they were queued: a line whose content is still being worked
 * out (a Promise: a page read from a shared store) holds the ones queued after it. Synchronous
 * while nothing waits, so the usual path writes at once.
 */
class Outbox {
  constructor(onError) {
    this.tail = null;
    this.onError = onError;
  }

  /** Calls `deliver(value)` in turn; `value` may be a Promise. */
  push(value, deliver) {
    if (this.tail === null && !isThenable(value)) {
      deliver(value);
      return;
    }
    const tail = (this.tail ?? Promise.resolve())
      .then(() => value)
      .then(deliver)
      .catch(this.onError);
    this.tail = tail;
    tail.then(() => {
      if (this.tail === tail) this.tail = null;
    });
  }

  /** Resolves once everything queued has been delivered. */
  async idle() {
    while (this.tail !== null) await this.tail;
  }
}

module.exports = { Outbox };
