'use strict';
// The worker thread of ./far-lines.cjs: a large server line arrives here in chunks, is decoded
// and parsed as the main thread would (./lines.cjs, ./held-json.cjs), and waits for what the
// session asks of it — the policy's answer, its bytes, what it costs — while the main thread
// goes on serving. The policy here is the proxy's own (the same options), keeping its pages in
// the proxy's store on the main thread (a put is a message there and back).
const { parentPort, workerData } = require('node:worker_threads');
const { EventEmitter } = require('node:events');
const { readLines, parseLine, lineData, HeldLine, HOLD_ABOVE } = require('./lines.cjs');
const { idOfBroken, notJsonReason } = require('./answers.cjs');
const { unchanged, rewrittenAnyway } = require('./session.cjs');
const { fullGcFor } = require('./full-gc.cjs');
const { createBudgetPolicy } = require('../mcp/policy.cjs');
const { frame, isObject } = require('../mcp/jsonrpc.cjs');

/** The proxy's store, reached through the main thread. */
function remoteStore(limits) {
  const puts = new Map();
  let nextCall = 1;
  parentPort.on('message', (message) => {
    if (message.type !== 'put') return;
    const put = puts.get(message.call);
    puts.delete(message.call);
    if (message.error !== undefined) put.reject(new Error(message.error));
    else put.resolve(message.id);
  });
  const here = () => {
    throw new Error('pages are read on the main thread');
  };
  return {
    limits,
    get: here,
    delete: here,
    put(pages, options) {
      const call = nextCall++;
      return new Promise((resolve, reject) => {
        puts.set(call, { resolve, reject });
        parentPort.postMessage({ type: 'put', call, pages, owner: options?.owner });
      });
    },
  };
}

/** `{ fields }` of a result when the main thread asked for them (--html), else nothing. */
const measureFields = workerData.fieldsModule === undefined ? undefined : require(workerData.fieldsModule).fieldsOf;
const fieldsOf = (result) => (measureFields === undefined ? {} : { fields: measureFields(result) });

const policy = createBudgetPolicy({ ...workerData.options, store: remoteStore(workerData.limits) });
let meter;

/** A value of the same kind as `value` and none of its size (for the main thread's checks). */
function likeOf(value) {
  if (Array.isArray(value)) return [];
  if (typeof value === 'string') return '';
  if (isObject(value)) return {};
  return value;
}

/**
 * What the main thread is told of a parsed line: `excerpt` (its first 120 bytes); for a line
 * that is not JSON, `broken` (`{ id, reason }`); otherwise `message`, the message without its
 * bulk — an object's method and id, an answer's error code and message — and `far` when its
 * result is an object (which stays here).
 */
function headerOf(line, message) {
  const excerpt = Uint8Array.from(line.subarray(0, 120));
  if (message === undefined) {
    const text = String(line);
    return { excerpt, broken: { id: idOfBroken(text), reason: notJsonReason(text) } };
  }
  if (!isObject(message)) return { excerpt, message: likeOf(message) };
  const stand = {};
  for (const key of ['jsonrpc', 'id', 'method']) if (Object.hasOwn(message, key)) stand[key] = message[key];
  if (Object.hasOwn(message, 'error'))
    stand.error = isObject(message.error) ? { code: message.error.code, message: '' } : likeOf(message.error);
  if (!Object.hasOwn(message, 'result')) return { excerpt, message: stand };
  const { result } = message;
  if (!isObject(result)) return { excerpt, message: { ...stand, result: likeOf(result) } };
  const task = isObject(result.task) ? result.task : undefined;
  return { excerpt, message: stand, far: { task, structured: result.structuredContent !== undefined } };
}

/** Each line of a job, read as ./lines.cjs reads a server's stdout. */
const jobs = new Map();

function open(job) {
  const stream = new EventEmitter();
  const entry = { stream, line: null, message: undefined, read: null };
  entry.read = new Promise((resolve) =>
    readLines(
      stream,
      (line) => {
        entry.line = line;
        entry.message = parseLine(line);
        resolve();
      },
      () => {},
      { holdAbove: HOLD_ABOVE },
    ),
  );
  jobs.set(job, entry);
  return entry;
}

/** The line's bytes, as a transferable copy. */
function bytesOf(line) {
  const data = lineData(line);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

const answers = {
  async end({ job }) {
    const entry = jobs.get(job) ?? open(job);
    entry.stream.emit('data', Buffer.from('\n'));
    await entry.read;
    return headerOf(entry.line, entry.message);
  },

  bytes({ job }) {
    const { line } = take(job);
    const bytes = bytesOf(line);
    return { reply: { bytes }, transfer: [bytes.buffer] };
  },

  async apply({ job, tool, context }) {
    let { line, message } = take(job);
    const size = line.length;
    // As the session does on the main thread: a line the policy will rewrite is let go of first.
    if (line instanceof HeldLine && rewrittenAnyway(message.result, policy.options.maxChars)) {
      line.release();
      line = null;
      fullGcFor(size);
    }
    const applied = await policy.apply(tool, message.result, context);
    const { tool: name, charsIn, tokensIn, charsOut, tokensOut, elided, ms } = applied.info;
    const info = { tool: name, charsIn, tokensIn, charsOut, tokensOut, elided, ms, ...fieldsOf(message.result) };
    const content = Array.isArray(applied.result.content) ? applied.result.content : [];
    const links = content.filter((b) => isObject(b) && b.type === 'resource_link');
    setImmediate(fullGcFor, size);
    if (line !== null && unchanged(message.result, applied.result)) {
      const bytes = bytesOf(line);
      return { reply: { bytes, info, links }, transfer: [bytes.buffer] };
    }
    return { reply: { line: frame({ ...message, result: applied.result }), info, links } };
  },

  measure({ job }) {
    const { line, message } = take(job);
    meter ??= createBudgetPolicy({ maxChars: Number.MAX_SAFE_INTEGER });
    const { info } = meter.apply('measure', message.result, { hasOutputSchema: false });
    const bytes = bytesOf(line);
    const measured = { charsIn: info.charsIn, tokensIn: info.tokensIn, ...fieldsOf(message.result) };
    return { reply: { bytes, measured }, transfer: [bytes.buffer] };
  },

  drop({ job }) {
    jobs.delete(job);
    return { reply: {} };
  },
};

/** A job's line, parsed, and the job forgotten: each line ends with one request. */
function take(job) {
  const entry = jobs.get(job);
  if (entry === undefined || entry.line === null) throw new Error(`no line ${job} in this worker`);
  jobs.delete(job);
  return entry;
}

parentPort.on('message', async (message) => {
  if (message.type === 'put') return;
  if (message.type === 'chunk') {
    (jobs.get(message.job) ?? open(message.job)).stream.emit('data', Buffer.from(message.bytes.buffer));
    return;
  }
  try {
    const out = await answers[message.type](message);
    const reply = out.reply ?? out;
    parentPort.postMessage({ ...reply, ask: message.ask }, out.transfer ?? []);
  } catch (error) {
    parentPort.postMessage({ ask: message.ask, error: String(error?.message ?? error) });
  }
});
