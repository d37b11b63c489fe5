// Byte-for-byte forwarding, checked against a server that does not write JSON the way
// JSON.stringify does (js-tests/fixtures/foreign-server.mjs: spaces after ":" and ",", \u00e9
// escapes, 1.50, other key orders). A proxy that parsed and re-serialized what it forwards
// would hand the client different bytes here, where a JSON.stringify server would hide it.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { bin, initializeParams, lineClient, root, within, type LineClient } from './support/line-client';

const foreign = join(root, 'js-tests', 'fixtures', 'foreign-server.mjs');
const started: LineClient[] = [];
afterEach(() => {
  for (const c of started.splice(0))
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
});
const start = (args: string[]) => {
  const c = lineClient(args);
  started.push(c);
  return c;
};

/** Sends `line` as is and resolves with the first line received after it whose id is `id`. */
async function rawRequest(c: LineClient, line: string, id: string): Promise<string> {
  const from = c.lines.length;
  c.send(line);
  const found = () => c.lines.slice(from).find((l) => JSON.parse(l).id === id && JSON.parse(l).method === undefined);
  return within(
    (async () => {
      while (found() === undefined) await new Promise((r) => setTimeout(r, 5));
      return found()!;
    })(),
    10_000,
    `the answer to ${id}`,
  );
}

/** Whether `line` differs from what JSON.stringify would print for it: only then can it catch a re-serialization. */
const foreignBytes = (line: string) => line !== JSON.stringify(JSON.parse(line));

describe('proxy: the server bytes, unchanged', () => {
  it('every line the proxy passes on is byte for byte the line the server wrote', async () => {
    const direct = start([foreign]);
    const proxied = start([bin, 'proxy', '--', process.execPath, foreign]);
    for (const c of [direct, proxied])
      c.onRequest((m) =>
        // The client answers the server's sampling request in a foreign style too.
        c.send(
          `{"result": {"role": "assistant", "content": {"type": "text", "text": "tr\\u00e8s bien"}, "model": "m"}, "id": ${JSON.stringify(m.id)}, "jsonrpc": "2.0"}`,
        ),
      );
    const steps: Array<[string, object]> = [
      // tools/list is left out: the proxy adds read_result to it (the last test).
      ['initialize', initializeParams],
      ['ping', {}],
      ['resources/list', {}],
      ['resources/read', { uri: 'file:///ça.txt' }],
      ['tools/call', { name: 'echo', arguments: { text: 'é <&> 😀' } }],
      ['tools/call', { name: 'measure', arguments: {} }],
      ['tools/call', { name: 'notify', arguments: {} }],
      ['tools/call', { name: 'ask', arguments: {} }],
      ['tools/call', { name: 'nope', arguments: {} }],
      ['no/such', {}],
    ];
    for (const [method, params] of steps) {
      const a = await direct.request(method, params);
      const b = await proxied.request(method, params);
      expect({ method, line: b.line }).toEqual({ method, line: a.line });
    }
    // The same session, every line the client received: identical, and each one written in a
    // way JSON.stringify would not have written it.
    expect(proxied.lines).toEqual(direct.lines);
    expect(direct.lines.filter((l) => !foreignBytes(l)).map((l) => l.slice(0, 200))).toEqual([]);
    expect(direct.lines.some((l) => l.includes('"method": "notifications/message"'))).toBe(true);
    expect(direct.lines.some((l) => l.includes('"method": "sampling/createMessage"'))).toBe(true);
  });

  it('a client line reaches the server as the client wrote it', async () => {
    const proxied = start([bin, 'proxy', '--', process.execPath, foreign]);
    await proxied.request('initialize', initializeParams);
    const sent =
      '{"params": {"arguments": {"note": "na\\u00efve \\u003cb\\u003e", "n": 1.50}, "name": "raw_request"}, "method": "tools/call", "id": "r-1", "jsonrpc": "2.0"}';
    const answer = JSON.parse(await rawRequest(proxied, sent, 'r-1'));
    expect(answer.result.content[0].text).toBe(sent);
  });

  it('what the proxy changes it changes as a value: read_result after the tools, the template on the last page of the list', async () => {
    const direct = start([foreign]);
    const proxied = start([bin, 'proxy', '--', process.execPath, foreign]);
    const unlisted = start([bin, 'proxy', '--no-read-result', '--', process.execPath, foreign]);
    for (const c of [direct, proxied, unlisted]) await c.request('initialize', initializeParams);
    const a = await direct.request('resources/templates/list', {});
    const b = await proxied.request('resources/templates/list', {});
    expect(b.line).not.toBe(a.line);
    expect(b.message.result.resourceTemplates.slice(0, -1)).toEqual(a.message.result.resourceTemplates);
    expect(b.message.result.resourceTemplates.at(-1).uriTemplate).toBe('budget://result/{id}');
    const tools = await direct.request('tools/list', {}, 'list');
    const listed = await proxied.request('tools/list', {}, 'list');
    expect(listed.line).not.toBe(tools.line);
    expect(listed.message.result.tools.slice(0, -1)).toEqual(tools.message.result.tools);
    expect(listed.message.result.tools.at(-1).name).toBe('read_result');
    // Without read_result the proxy adds nothing to the list, and passes its line on as the server wrote it.
    expect((await unlisted.request('tools/list', {}, 'list')).line).toBe(tools.line);
  });
});
