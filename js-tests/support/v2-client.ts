// SDK v2's own Client (`@modelcontextprotocol/client`) against SDK v2 servers, in memory, in
// either protocol era: the 2025 era (`initialize`, the Client's default) or 2026-07-28 (the
// Client pinned to it: `server/discover`, then the `_meta` envelope on every request). The
// server side is served the way v2 serves a connection, `serveStdio(factory)` over an in-memory
// transport, or by a hand-wired `server.connect(transport)`. Every JSON-RPC message the client
// receives is recorded as it came over the wire.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { AuthInfo, McpServer, Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

export type Era = '2025-11-25' | '2026-07-28';
export const ERAS: Era[] = ['2025-11-25', '2026-07-28'];

export type Block = { type: string; text?: string; uri?: string; description?: string; mimeType?: string };
export type Reply = {
  content: Block[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};
export type Wire = { id?: string | number; method?: string; result?: Record<string, unknown>; error?: unknown };

export interface Connected {
  client: Client;
  /** Every message the client received, as sent. */
  wire: Wire[];
  /** The raw answer to the last request of `method` the client sent. */
  answerTo(method: string): Wire;
  close(): Promise<void>;
}

/** The v2 Client's options for `era`. */
export const clientOptions = (era: Era, extra: Record<string, unknown> = {}) =>
  era === '2026-07-28' ? { ...extra, versionNegotiation: { mode: { pin: '2026-07-28' } } } : extra;

/**
 * A v2 Client in `era` connected in memory to the server `factory` builds, served by
 * `serveStdio(factory, { transport })` (or, `handWired`, by `factory().connect(transport)`).
 * `authInfo`, when given, is what the transport hands the server with every request (as an
 * HTTP entry does for an authenticated caller).
 */
export async function connectV2(
  factory: () => McpServer | Server,
  era: Era,
  {
    authInfo,
    handWired = false,
    client: options = {},
  }: { authInfo?: AuthInfo; handWired?: boolean; client?: Record<string, unknown> } = {},
): Promise<Connected> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const wire: Wire[] = [];
  const sent = new Map<string | number, string>();
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, opts) => {
    const m = message as Wire;
    if (m.method !== undefined && m.id !== undefined) sent.set(m.id, m.method);
    return send(message, authInfo === undefined ? opts : { ...opts, authInfo });
  };
  let closeServer: () => Promise<void>;
  if (handWired) {
    const server = factory();
    await server.connect(serverSide);
    closeServer = () => server.close();
  } else {
    const handle = serveStdio(factory, { transport: serverSide });
    closeServer = () => handle.close();
  }
  const client = new Client({ name: 'v2-client', version: '0.0.0' }, clientOptions(era, options));
  await client.connect(clientSide);
  const deliver = clientSide.onmessage!;
  clientSide.onmessage = (message, extra) => {
    wire.push(JSON.parse(JSON.stringify(message)) as Wire);
    deliver(message, extra);
  };
  return {
    client,
    wire,
    answerTo(method) {
      const answer = wire.findLast((m) => m.id !== undefined && m.method === undefined && sent.get(m.id) === method);
      if (answer === undefined) throw new Error(`no answer to ${method}`);
      return answer;
    },
    async close() {
      await client.close();
      await closeServer();
    },
  };
}

export { pagesAt as pagesV2, readError as readErrorV2 } from './page-reads';

export const linkOf = (reply: Reply) => reply.content.find((b) => b.type === 'resource_link');
