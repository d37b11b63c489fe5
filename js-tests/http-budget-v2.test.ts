// withBudget on SDK v2 where v2 servers are deployed: `createMcpHandler(factory)` (a new server
// per HTTP request, withBudget called inside the factory) on a real loopback port through
// `toNodeHandler`, the SDK's own bearer verification in front, read by SDK v2's Client over
// StreamableHTTPClientTransport in both protocol eras. Pages live outside the per-request server
// objects (the process's store) and belong to the authenticated principal: principal B cannot
// read principal A's page, even when both come through one application (one clientId).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server as HttpServer } from 'node:http';
import { z } from 'zod';
import { McpServer, createMcpHandler, verifyBearerToken, type AuthInfo } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { withBudget } from 'modoki-budget';
import { previewAnswer } from './support/preview-answer';
import { reassemble } from './support/reassemble';
import { ERAS, clientOptions, pagesV2, readErrorV2, linkOf, type Era, type Reply } from './support/v2-client';

const CAP = 50_000;
const rows = (n: number, seed: string) => ({
  seed,
  rows: Array.from({ length: n }, (_, i) => ({ id: i, path: `src/${seed}/file-${i}.ts`, size: (i * 7919) % 100000 })),
});
const ROWS_SCHEMA = { properties: { n: { type: 'integer' }, seed: { type: 'string' } } };

/** The factory createMcpHandler calls for every request: withBudget inside it, on each server it builds. */
function factory() {
  const server = new McpServer({ name: 'v2-http', version: '1.0.0' });
  server.registerTool(
    'rows',
    { inputSchema: z.object({ n: z.number().int(), seed: z.string() }) },
    async ({ n, seed }) => ({
      content: [{ type: 'text', text: JSON.stringify(rows(n, seed)) }],
    }),
  );
  return withBudget(server, { preset: 'claudeCode', pageTool: true });
}

/** Tokens this server accepts: two users of one application. */
const TOKENS: Record<string, AuthInfo> = {
  'token-a': { token: 'token-a', clientId: 'https://app.example/client.json', scopes: [], expiresAt: 4_000_000_000 },
  'token-b': { token: 'token-b', clientId: 'https://app.example/client.json', scopes: [], expiresAt: 4_000_000_000 },
};

let http: HttpServer;
let url: URL;
const counted = { requests: 0 };

beforeAll(async () => {
  const handler = toNodeHandler(createMcpHandler(factory));
  const verifier = {
    verifyAccessToken: async (token: string) => {
      const info = TOKENS[token];
      if (info === undefined) throw new Error('unknown token');
      return info;
    },
  };
  http = createServer(async (req, res) => {
    counted.requests++;
    const header = req.headers.authorization;
    // A request with a token is verified by the SDK's own helper; one without is anonymous.
    if (header !== undefined) (req as { auth?: AuthInfo }).auth = await verifyBearerToken(header, { verifier });
    await handler(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`);
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

async function connect(era: Era, token?: string) {
  const client = new Client({ name: 'http-budget-v2.test', version: '0.0.0' }, clientOptions(era));
  const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

describe.each(ERAS)('createMcpHandler(factory) with withBudget in the factory, the v2 Client in the %s era', (era) => {
  it('an over-cap call is a preview and a link whose pages read back exactly, across per-request servers', async () => {
    const client = await connect(era, 'token-a');
    try {
      const args = { n: 6000, seed: `big-${era}` };
      const before = counted.requests;
      const reply = (await client.callTool({ name: 'rows', arguments: args })) as Reply;
      expect(JSON.stringify(rows(6000, args.seed)).length).toBeGreaterThan(300_000);
      expect(reply.content[0].text).toBe(
        previewAnswer(rows(6000, args.seed), { maxChars: CAP, maxTokens: 10_000, args, inputSchema: ROWS_SCHEMA }),
      );
      const uri = linkOf(reply)!.uri!;
      const pages = await pagesV2(client, uri);
      // Each page was read through a server object of its own request.
      expect(counted.requests - before).toBeGreaterThanOrEqual(1 + pages.length);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(CAP);
      expect(JSON.stringify(reassemble(pages))).toBe(JSON.stringify(rows(6000, args.seed)));
    } finally {
      await client.close();
    }
  });

  it("principal B cannot read principal A's page (one application, two users): exactly an unknown id's answer", async () => {
    const a = await connect(era, 'token-a');
    const b = await connect(era, 'token-b');
    try {
      const reply = (await a.callTool({ name: 'rows', arguments: { n: 3000, seed: `a-${era}` } })) as Reply;
      const link = linkOf(reply)!;
      expect(link.description).toMatch(/Only the principal or session that made this call can read it\.$/);
      const id = link.uri!.slice('budget://result/'.length);
      const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
      const foreign = await readErrorV2(b, `${link.uri}?page=1`);
      expect(foreign).toEqual({
        code: -32602,
        message: `budget://result/${id}: expired or unknown result — call the tool again`,
        data: { code: 'UNKNOWN_RESULT', uri: `budget://result/${id}?page=1` },
      });
      expect(JSON.stringify(foreign).replaceAll(id, unknown)).toBe(
        JSON.stringify(await readErrorV2(b, `budget://result/${unknown}?page=1`)),
      );
      expect(await b.callTool({ name: 'read_result_page', arguments: { id } })).toMatchObject({
        content: [{ type: 'text', text: `budget://result/${id}: expired or unknown result — call the tool again` }],
        isError: true,
      });
      expect(JSON.stringify(reassemble(await pagesV2(a, link.uri!)))).toBe(JSON.stringify(rows(3000, `a-${era}`)));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('an anonymous call gets a bearer-capability link, and the link says so', async () => {
    const a = await connect(era);
    const b = await connect(era);
    try {
      const link = linkOf((await a.callTool({ name: 'rows', arguments: { n: 3000, seed: `anon-${era}` } })) as Reply)!;
      expect(link.description).toMatch(/The id is a bearer capability: anyone who has it can read the result\.$/);
      expect(await pagesV2(b, link.uri!)).toEqual(await pagesV2(a, link.uri!));
      // An authenticated principal reads an anonymous page too: the id is the capability.
      const c = await connect(era, 'token-a');
      expect((await pagesV2(c, link.uri!)).length).toBeGreaterThan(1);
      await c.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
