'use strict';
// Numbers forwarded exactly over `--url`: the SDK's client transport parses every answer with
// `JSON.parse` and writes every request with `JSON.stringify`, so a number past what a double
// holds would change on the way through. `exactFetch(fetchImpl)` is the fetch the transport is
// given: a request body with held numbers (../mcp/exact-numbers.cjs) goes out with each written
// as its token, and in a JSON or SSE answer each number `JSON.parse` would change comes in held,
// so the transport's parse keeps it and the proxy's framing writes it back as it was.
const { holdText, unhold } = require('../mcp/exact-numbers.cjs');

/** An SSE body with the JSON of every `data:` line held, line by line as it streams. */
function heldEvents(body) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let rest = '';
  const held = (line) => (line.startsWith('data:') ? `data:${holdText(line.slice(5))}` : line);
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        rest += decoder.decode(chunk, { stream: true });
        const end = rest.lastIndexOf('\n');
        if (end === -1) return;
        controller.enqueue(
          encoder.encode(
            rest
              .slice(0, end + 1)
              .split('\n')
              .map(held)
              .join('\n'),
          ),
        );
        rest = rest.slice(end + 1);
      },
      flush(controller) {
        rest += decoder.decode();
        if (rest !== '') controller.enqueue(encoder.encode(held(rest)));
      },
    }),
  );
}

/** `response` with the numbers of its JSON or SSE body held; any other body as it is. */
async function heldResponse(response) {
  const type = response.headers.get('content-type') ?? '';
  if (response.body === null) return response;
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (type.includes('text/event-stream')) return new Response(heldEvents(response.body), init);
  if (!type.includes('json')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(holdText(await response.text()), { ...init, headers });
}

/** The fetch `fetchImpl` with request bodies written exactly and answers' numbers held. */
function exactFetch(fetchImpl = fetch) {
  return async (url, init = {}) => {
    const body = typeof init.body === 'string' ? unhold(init.body) : init.body;
    return heldResponse(await fetchImpl(url, body === init.body ? init : { ...init, body }));
  };
}

module.exports = { exactFetch };
