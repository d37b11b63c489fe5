'use strict';
// Server lines too large for the main thread. Decoding, parsing and budgeting a 200 MB result
// takes tens of seconds, and on the thread that serves every session it would hold every other
// session's requests that long. So a line past FAR_ABOVE is read off the main thread: its bytes
// go to a worker thread as they arrive (./far-worker.cjs), which decodes and parses the line and
// answers with a small stand-in of the message (its id, what its result is); the session routes
// that stand-in as it routes any message, and what it asks of the line — the policy's answer
// for a tools/call result, the line's own bytes to forward, the parsed message for a method
// whose answer the proxy changes — is worked out in the worker. The pages of an over-cap result
// go to the proxy's one store (here, on the main thread), so every session reads them as ever.
const { Worker } = require('node:worker_threads');
const { join } = require('node:path');
const { PREFIX, parseMessage } = require('../mcp/exact-numbers.cjs');
const { APPLY } = require('../mcp/surface.cjs');

/**
 * A server line past this many bytes is read in a worker: 1 MiB. Below it a line's decoding,
 * parsing and budgeting take a few milliseconds on the main thread; above it they grow with the
 * line (the policy reads tens of MB a second), and each would hold every session that long.
 */
const FAR_ABOVE = 1 << 20;
/**
 * Workers at most: 2. Each budgets one line at a time (its own copy of the WebAssembly core),
 * so two sessions' large results are worked on at once and a third waits for one of them.
 */
const MAX_WORKERS = 2;

/** What marks a result that is in a worker: the session and the surface ask it of a result. */
const FAR = Symbol('modoki-budget.farResult');

/** The far result a value is, or undefined. */
const farOf = (value) => (typeof value === 'object' && value !== null ? value[FAR] : undefined);

/**
 * The stand-in for a far line's `result` object: `task` when the result is one (a task-augmented
 * call's answer), and `structuredContent` present when the result has one (as `{}`: the surface
 * only asks whether it is there). Everything else of it is in the worker.
 */
function farResult(line, { task, structured }) {
  const stand = {};
  Object.defineProperty(stand, FAR, { value: line, enumerable: false });
  Object.defineProperty(stand, APPLY, { value: (tool, context) => line.apply(tool, context), enumerable: false });
  if (task !== undefined) stand.task = task;
  if (structured) stand.structuredContent = {};
  return stand;
}

/** The message a line's bytes hold, numbers kept exact; undefined when they are not JSON (as lines.cjs parseLine). */
function parsedOrUndefined(bytes) {
  try {
    return parseMessage(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A line being read in a worker. `add(chunk)` and `end()` as its bytes arrive; once `ready`
 * resolves, `message` is the stand-in of what it holds (undefined when it is not JSON; then
 * `broken` is `{ id, reason }` for its answer), `subarray(0, n)` the first bytes of it (at most
 * 120, for a warning), and each of `bytes()`, `near()`, `apply()`, `measure()` ends its time
 * in the worker.
 */
class FarLine {
  constructor(pool, worker, job) {
    this.pool = pool;
    this.worker = worker;
    this.job = job;
    this.length = 0;
    this.message = undefined;
    this.broken = undefined;
    this.excerpt = Buffer.alloc(0);
    this.ready = new Promise((resolve) => (this.readied = resolve));
  }

  /** Its bytes so far (readLines reads a line's size by this name). */
  get size() {
    return this.length;
  }

  /** The line as a whole, once its last byte is in (readLines). */
  take() {
    return this;
  }

  /** A stream that ended inside the line: it is no line, and its worker lets go of it. */
  takeBack() {
    this.drop();
    return Buffer.alloc(0);
  }

  add(chunk) {
    this.length += chunk.length;
    // A copy of its own, so it can be moved to the worker instead of copied again there.
    const bytes = new Uint8Array(chunk);
    this.worker.post({ type: 'chunk', job: this.job, bytes }, [bytes.buffer]);
  }

  end() {
    this.worker.ask({ type: 'end', job: this.job }).then(
      (header) => {
        this.excerpt = Buffer.from(header.excerpt);
        this.broken = header.broken;
        if (header.message !== undefined) {
          this.message = header.message;
          if (header.far !== undefined) this.message.result = farResult(this, header.far);
        }
        this.readied();
      },
      (error) => {
        // Read as a line that is not JSON: the session warns of it (its request waits for the timeout).
        this.broken = { id: undefined, reason: `the proxy could not read it: ${error.message}` };
        this.readied();
      },
    );
  }

  subarray(start, end) {
    return this.excerpt.subarray(start, end);
  }

  toString() {
    return this.excerpt.toString('utf8');
  }

  /** The line's bytes, as the server wrote them (the worker lets go of it). */
  bytes() {
    return this.#last({ type: 'bytes' }).then(({ bytes }) => Buffer.from(bytes));
  }

  /**
   * The message parsed here, with the line's bytes: `{ line, message }`, for an answer the
   * proxy changes (an initialize, a tools/list) that happens to be this large.
   */
  near() {
    return this.bytes().then((line) => ({ line, message: parsedOrUndefined(line) }));
  }

  /**
   * The policy's answer for the result, as the tool `tool`'s with `context` (surface
   * callContext): `{ line, info, result }`, `line` the answer to send (the server's own bytes
   * when the policy left the result as it was), `info` the call's figures and `result` the
   * answer's links to its pages (what the surface reads of an Applied's result).
   */
  apply(tool, context) {
    return this.#last({ type: 'apply', tool, context }).then(({ line, bytes, info, links }) => ({
      line: line ?? Buffer.from(bytes),
      info,
      result: { content: links },
    }));
  }

  /** --measure-only: `{ line, measured }`, the line's bytes and what the result costs. */
  measure() {
    return this.#last({ type: 'measure' }).then(({ bytes, measured }) => ({ line: Buffer.from(bytes), measured }));
  }

  /** The line is not needed (a request the proxy no longer waits for): the worker lets go of it. */
  drop() {
    this.#last({ type: 'drop' }).catch(() => {});
  }

  /** The request that ends the line's time in its worker. */
  #last(message) {
    const done = this.worker.ask({ ...message, job: this.job });
    const free = () => this.pool.done(this.worker);
    done.then(free, free);
    return done;
  }
}

/** One worker thread and the replies it owes. */
class FarWorker {
  constructor({ options, store, fieldsModule }) {
    this.store = store;
    this.waiting = new Map();
    this.nextAsk = 1;
    this.jobs = 0;
    this.thread = new Worker(join(__dirname, 'far-worker.cjs'), {
      workerData: { options, limits: store.limits ?? {}, heldNumberPrefix: PREFIX, fieldsModule },
    });
    this.thread.unref();
    this.thread.on('message', (message) => this.#received(message));
    this.thread.on('error', (error) => this.#failAll(error));
    this.thread.on('exit', () => this.#failAll(new Error('the worker that reads large lines exited')));
  }

  post(message, transfer) {
    this.thread.postMessage(message, transfer);
  }

  /** Sends `message` and resolves with the worker's reply to it (rejects with its error). */
  ask(message) {
    const ask = this.nextAsk++;
    return new Promise((resolve, reject) => {
      this.waiting.set(ask, { resolve, reject });
      this.thread.postMessage({ ...message, ask });
    });
  }

  #received(message) {
    if (message.type === 'put') return this.#put(message);
    const waiter = this.waiting.get(message.ask);
    if (waiter === undefined) return;
    this.waiting.delete(message.ask);
    if (message.error !== undefined) waiter.reject(new Error(message.error));
    else waiter.resolve(message);
  }

  /** The worker's policy keeps an over-cap result's pages: in the proxy's one store. */
  #put({ call, pages, owner }) {
    Promise.resolve()
      .then(() => this.store.put(pages, owner === undefined ? undefined : { owner }))
      .then(
        (id) => this.thread.postMessage({ type: 'put', call, id }),
        (error) => this.thread.postMessage({ type: 'put', call, error: String(error?.message ?? error) }),
      );
  }

  #failAll(error) {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/**
 * The workers of one policy (`options`: the options it was made with, all plain values; `store`:
 * the store it keeps pages in; `fieldsModule`, when set, a module whose `fieldsOf(result)` each
 * worker measures of each result for the call's info, as `fields`): `start()` → a FarLine on the least busy worker (one is started
 * when fewer than MAX_WORKERS run), `close()` stops them.
 */
function farLines({ options, store, fieldsModule }) {
  const workers = [];
  let nextJob = 1;
  return {
    start() {
      let worker = workers.reduce((best, w) => (best === undefined || w.jobs < best.jobs ? w : best), undefined);
      if (workers.length < MAX_WORKERS && (worker === undefined || worker.jobs > 0)) {
        worker = new FarWorker({ options, store, fieldsModule });
        workers.push(worker);
      }
      worker.jobs++;
      return new FarLine(this, worker, nextJob++);
    },
    /** A job of `worker` is over. */
    done(worker) {
      worker.jobs = Math.max(0, worker.jobs - 1);
    },
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.thread.terminate()));
    },
  };
}

module.exports = { FAR_ABOVE, MAX_WORKERS, FarLine, farLines, farOf };
