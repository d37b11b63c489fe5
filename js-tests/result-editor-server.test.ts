// The editor-shaped consumer (js-tests/consumer/sdk/editor-server.ts), which pack.test.ts
// type-checks on two SDK lines, run for real: the SDK's own Client calls its tools and reads
// what the transport delivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { MAX_PAYLOAD_CHARS } from 'modoki-budget';
import { server } from './consumer/sdk/editor-server';

const BANNER = 'driving the other clone\n\n';
let client: Client;

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'result-editor-server.test', version: '0.0.0' });
  await client.connect(clientSide);
});
afterAll(() => client.close());

async function call(name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
}

describe('an editor-shaped MCP server on modoki-budget', () => {
  it('an over-cap read comes back as the envelope whose hint names the tool filters, banner first', async () => {
    const reply = await call('modoki_get_console_logs');
    expect(reply.isError).toBeUndefined();
    const text = reply.content[0].text;
    expect(text.startsWith(BANNER)).toBe(true);
    const bytes = JSON.stringify({ logs: Array.from({ length: 8000 }, (_, i) => `line ${i}`) }).length;
    expect(bytes).toBeGreaterThan(MAX_PAYLOAD_CHARS);
    expect(JSON.parse(text.slice(BANNER.length))).toStrictEqual({
      elided: true,
      code: 'TOO_LARGE',
      bytes,
      hint: `Response was ${bytes} chars (cap 60000). Narrow it: this tool's filters are level=/limit=/since=. `,
      preview: { logs: 'array(8000)' },
    });
  });

  it('a route-miss 404 is NOT_AVAILABLE_HERE, with the reply options and the tool name stamped in', async () => {
    const reply = await call('modoki_list_assets');
    expect(reply.isError).toBe(true);
    const body = { ok: false, error: 'no such API route /api/assets', options: ['update the editor'] };
    expect(reply.content).toStrictEqual([
      {
        type: 'text',
        text: `${BANNER}{"error":{"code":"NOT_AVAILABLE_HERE","tool":"modoki_list_assets","what":"read /api/assets","why":"no such API route /api/assets","got":${JSON.stringify(body)},"expected":"not an object with keys: ok, error, options","options":["update the editor"]}}`,
      },
    ]);
  });

  it('the v0.3 err form and a direct fail pass through the transport unchanged', async () => {
    expect(await call('modoki_get_console_logs', { limit: -1 })).toStrictEqual({
      content: [{ type: 'text', text: `${BANNER}limit must be >= 0` }],
      isError: true,
    });
    expect(await call('modoki_find', { name: 'Capsule' })).toStrictEqual({
      content: [
        {
          type: 'text',
          text: `${BANNER}{"error":{"code":"NOT_FOUND","what":"find Capsule","why":"no entity has that name"}}`,
        },
      ],
      isError: true,
    });
    expect(await call('modoki_ping', { echo: 'hi' })).toStrictEqual({
      content: [{ type: 'text', text: `${BANNER}{"pong":"hi"}` }],
    });
  });
});
