// The two adapters of the budget surface, each with the SDK's own Client in front: withBudget
// on a server, and the proxy's session (ProxySession, fed lines as its stdio would be) in front
// of the same kind of server unbudgeted. In memory, so a test can compare them request by request.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { withBudget, type WithBudgetOptions } from 'modoki-budget';

const require = createRequire(import.meta.url);
const { ProxySession } = require('../../node/proxy/session.cjs');
const { createBudgetPolicy } = require('../../node/mcp/policy.cjs');
const { createSurface } = require('../../node/mcp/surface.cjs');
const { wire } = require('../../node/mcp/with-budget.cjs');

async function clientOn(transport: InMemoryTransport): Promise<Client> {
  const client = new Client({ name: 'two-adapters', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

/** withBudget(server, options), connected to a Client. */
export async function viaWithBudget(server: McpServer | Server, options: WithBudgetOptions): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await withBudget(server, options).connect(serverSide);
  return clientOn(clientSide);
}

/** `server` wired to a surface of the caller's own (a policy stand-in, a dispatch), connected to a Client. */
export async function viaSurface(server: McpServer | Server, policy: unknown, surface: object = {}): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await wire(server, createSurface(policy, surface)).connect(serverSide);
  return clientOn(clientSide);
}

export interface Proxied {
  client: Client;
  session: any;
  /** Every line the session wrote to each side. */
  toClient: string[];
  toServer: string[];
}

/**
 * The client, a ProxySession between two in-memory links, the server. `options` are the
 * withBudget options for its policy, unless `session.policy` brings one; `session` adds
 * ProxySession options (onCall, dispatch …).
 */
export async function viaProxy(
  server: McpServer | Server,
  options: WithBudgetOptions,
  session: Record<string, unknown> = {},
): Promise<Proxied> {
  const [clientSide, proxyClientSide] = InMemoryTransport.createLinkedPair();
  const [proxyServerSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const toClient: string[] = [];
  const toServer: string[] = [];
  const { onResult: _onResult, ...policyOptions } = options;
  const s = new ProxySession({
    policy: createBudgetPolicy(policyOptions),
    pageTool: options.pageTool === true,
    send: {
      client: (line: string | Buffer) => {
        toClient.push(String(line));
        void proxyClientSide.send(JSON.parse(String(line)));
      },
      server: (line: string | Buffer) => {
        toServer.push(String(line));
        void proxyServerSide.send(JSON.parse(String(line)));
      },
    },
    measure: () => ({ charsIn: 0, tokensIn: 0 }),
    ...session,
  });
  proxyClientSide.onmessage = (m) => s.fromClient(Buffer.from(JSON.stringify(m)), m);
  proxyServerSide.onmessage = (m) => s.fromServer(Buffer.from(JSON.stringify(m)), m);
  await proxyClientSide.start();
  await proxyServerSide.start();
  return { client: await clientOn(clientSide), session: s, toClient, toServer };
}
