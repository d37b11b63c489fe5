// Real MCP servers of the SDK on Streamable HTTP, on free loopback ports, for the HTTP tests:
// stateful (one McpServer and transport per session, the SDK's session example) or stateless
// (a new McpServer and transport for every request, the SDK's stateless example), and plain
// HTTP servers that answer badly (down, slow, garbage).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export interface HttpServer {
  readonly url: string;
  /** Headers of every request received, in order. */
  readonly seen: IncomingMessage['headers'][];
  /** The HTTP method of every request received, in order. */
  readonly methods: string[];
  close(): Promise<void>;
}

/** Reads a request's body as JSON (undefined when empty). */
async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** Serves `handle` on a free 127.0.0.1 port at /mcp. */
export function listen(
  handle: (req: IncomingMessage, res: ServerResponse, seen: IncomingMessage['headers'][]) => void | Promise<void>,
): Promise<HttpServer> {
  const seen: IncomingMessage['headers'][] = [];
  const methods: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    methods.push(req.method ?? '');
    Promise.resolve(handle(req, res, seen)).catch((error) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/mcp`,
        seen,
        methods,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

/** A Streamable HTTP MCP server with the tools `build` registers. */
export function mcpHttpServer(build: (server: McpServer) => void, { stateless = false } = {}): Promise<HttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const fresh = () => {
    const server = new McpServer({ name: 'http-test-server', version: '1.0.0' });
    build(server);
    return server;
  };
  return listen(async (req, res) => {
    if (stateless) {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const server = fresh();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      return transport.handleRequest(req, res, await body(req));
    }
    const id = req.headers['mcp-session-id'];
    const parsed = req.method === 'POST' ? await body(req) : undefined;
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      if (req.method !== 'POST' || !isInitializeRequest(parsed)) return void res.writeHead(404).end('no such session');
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => sessions.set(sid, transport!),
      });
      transport.onclose = () => sessions.delete(transport!.sessionId!);
      await fresh().connect(transport);
    }
    return transport.handleRequest(req, res, parsed);
  });
}
