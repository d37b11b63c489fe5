'use strict';
// The 2026-07-28 leg of the proxy's --url upstream: no session, so each message is a POST of its
// own, with the standard headers its body implies (MCP-Protocol-Version, Mcp-Method, Mcp-Name)
// and the --header ones; the answer comes back as one JSON body or as an SSE stream of the
// request's notifications and then its answer. Plain `fetch`: no SDK needed for this era.
const { standardHeaders } = require('./modern.cjs');

const reason = (error) => (error && error.message ? error.message : String(error));
/** A request id as a Map key: 1 and "1" apart. */
const key = (id) => `${typeof id}:${id}`;

/** Each `data:` payload of an SSE body, as the events complete; `onData(text)` per event. */
async function readEvents(body, onData) {
  const decoder = new TextDecoder();
  let buffer = '';
  let data = [];
  const line = (text) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
    } else if (text.startsWith('data:')) data.push(text.slice(text[5] === ' ' ? 6 : 5));
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let at;
    while ((at = buffer.search(/\r?\n/)) !== -1) {
      line(buffer.slice(0, at));
      buffer = buffer.slice(at + (buffer[at] === '\r' ? 2 : 1));
    }
  }
  line(buffer);
  line('');
}

/**
 * `post(message)` sends one 2026-07-28 message to `endpoint` with `headers` besides its own (a
 * cancellation also ends the POST of the request it cancels);
 * every JSON-RPC message the answer carries goes to `emit(message)`. A request the endpoint
 * answers with no JSON-RPC answer to it (a network failure, an HTTP error without one, a body
 * that is not JSON-RPC) goes to `fail(id, why)`. `fetchImpl` is the global fetch.
 */
function modernPoster(endpoint, headers, { emit, fail, fetchImpl = fetch }) {
  const poster = new ModernPoster({ endpoint, headers, emit, fail, fetchImpl });
  return (message) => poster.post(message);
}

/** The POSTs of modernPoster: each request's in flight until its answer, or its failure. */
class ModernPoster {
  #endpoint;
  #headers;
  #emit;
  #fail;
  #fetch;
  /** Request id key → the AbortController of its POST, while its answer is awaited. */
  #inFlight = new Map();

  constructor({ endpoint, headers, emit, fail, fetchImpl }) {
    this.#endpoint = endpoint;
    this.#headers = headers;
    this.#emit = emit;
    this.#fail = fail;
    this.#fetch = fetchImpl;
  }

  /** Sends `message`; a request is failed unless its answer came back on this POST. */
  async post(message) {
    const isRequest = Object.hasOwn(message, 'id') && typeof message.method === 'string';
    // On HTTP a client cancels a request by closing its stream (how a listen stream ends).
    if (message.method === 'notifications/cancelled' && message.params !== null && typeof message.params === 'object')
      this.#inFlight.get(key(message.params.requestId))?.abort();
    const aborter = new AbortController();
    if (isRequest) this.#inFlight.set(key(message.id), aborter);
    let answered = false;
    const deliver = (parsed) => {
      if (isRequest && parsed !== null && typeof parsed === 'object' && parsed.id === message.id) answered = true;
      this.#emit(parsed);
    };
    try {
      const { status, type } = await this.#exchange(message, aborter.signal, deliver);
      if (isRequest && !answered)
        this.#fail(
          message.id,
          `HTTP ${status} without a JSON-RPC answer to ${message.method} (${type || 'no content-type'})`,
        );
    } catch (error) {
      if (isRequest && !answered && !aborter.signal.aborted) this.#fail(message.id, reason(error));
    } finally {
      if (isRequest) this.#inFlight.delete(key(message.id));
    }
  }

  /**
   * One POST of `message`: each JSON-RPC message its answer carries (one JSON body, or SSE
   * events) to `deliver(parsed)`, text that is not JSON skipped. `{ status, type }` of the answer.
   */
  async #exchange(message, signal, deliver) {
    const res = await this.#fetch(this.#endpoint, {
      method: 'POST',
      headers: {
        ...this.#headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...standardHeaders(message),
      },
      body: JSON.stringify(message),
      signal,
    });
    const each = (text) => {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      deliver(parsed);
    };
    const type = res.headers.get('content-type') ?? '';
    if (res.body !== null && type.includes('text/event-stream')) await readEvents(res.body, each);
    else {
      const text = await res.text();
      if (text.trim() !== '') each(text);
    }
    return { status: res.status, type };
  }
}

module.exports = { modernPoster, readEvents };
