// The tools a real server lists, exactly as it sends them (the SDK Client re-parses them, which
// reorders keys): the server runs over stdio through the CLI's own MCP client.
import { createRequire } from 'node:module';
import type { McpTool } from 'modoki-budget';

const require = createRequire(import.meta.url);
const { spawnServer, terminate } = require('../../node/proxy/child.cjs');
const { connect, initialize, listTools } = require('../../node/proxy/mcp-client.cjs');

/** Starts `command` with `env`, lists every tool (every page), stops it. */
export async function liveTools(command: string[], env: NodeJS.ProcessEnv = process.env): Promise<McpTool[]> {
  const child = await spawnServer(command, { env, stderr: 'ignore' });
  try {
    const client = connect(child);
    await initialize(client, { name: 'modoki-budget-tests', version: '1' });
    return await listTools(client);
  } finally {
    await terminate(child);
  }
}
