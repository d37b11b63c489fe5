// The proxy runtime's errors (node/proxy/errors.cjs): each failure to start or go on is a
// ProxyError with a code from the closed set, and the CLI's entry point (node/cli/main.cjs) is
// what turns one into exit code 2 and a one-line message.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';

const require = createRequire(import.meta.url);
const { ProxyError, PROXY_ERROR_CODES } = require('../node/proxy/errors.cjs');
const { spawnServer } = require('../node/proxy/child.cjs');
const { parseEndpoint, parseHeaders } = require('../node/proxy/upstream-http.cjs');
const { sdkTransport } = require('../node/proxy/sdk.cjs');
const { connectRedis } = require('../node/proxy/redis.cjs');
const { clientCapabilities } = require('../node/proxy/mcp-client.cjs');
const { main } = require('../node/cli/main.cjs');

/** What `fn` threw (or rejected with), as `{ name, code, message }`. */
async function failure(fn: () => unknown) {
  try {
    await fn();
  } catch (error) {
    const e = error as Error & { code?: string };
    return { proxyError: e instanceof ProxyError, name: e.name, code: e.code, message: e.message };
  }
  throw new Error('expected a failure');
}

describe('ProxyError', () => {
  it('has a code from the closed set, and refuses any other', () => {
    const error = new ProxyError('CHILD_EXITED', 'the server exited');
    expect([error instanceof Error, error.name, error.code, error.message]).toEqual([
      true,
      'ProxyError',
      'CHILD_EXITED',
      'the server exited',
    ]);
    expect(PROXY_ERROR_CODES).toContain('BAD_OPTION');
    expect(() => new ProxyError('NOT_A_CODE', 'x')).toThrow(new TypeError('unknown ProxyError code "NOT_A_CODE"'));
  });

  it('is what the runtime throws, each failure with its code and the message it always had', async () => {
    expect(await failure(() => spawnServer([]))).toMatchObject({ proxyError: true, code: 'NO_COMMAND' });
    expect(await failure(() => spawnServer(['/nonexistent/modoki-budget-server']))).toEqual({
      proxyError: true,
      name: 'ProxyError',
      code: 'SPAWN_FAILED',
      message: 'cannot start "/nonexistent/modoki-budget-server": ENOENT',
    });
    expect(await failure(() => parseEndpoint('ftp://example.com/mcp'))).toEqual({
      proxyError: true,
      name: 'ProxyError',
      code: 'BAD_OPTION',
      message: '--url "ftp://example.com/mcp": expected an http:// or https:// endpoint',
    });
    expect(await failure(() => parseHeaders(['no colon']))).toMatchObject({
      code: 'BAD_OPTION',
      message: '--header "no colon": expected "Name: value"',
    });
    expect(await failure(() => connectRedis('http://localhost:6379'))).toMatchObject({
      code: 'BAD_OPTION',
      message: '--redis expects a redis:// or rediss:// URL, got "http://localhost:6379"',
    });
    expect(await failure(() => clientCapabilities(['telepathy']))).toMatchObject({ code: 'BAD_OPTION' });
    const missing = () => {
      const error = new Error('Cannot find module') as Error & { code: string };
      error.code = 'MODULE_NOT_FOUND';
      throw error;
    };
    expect(await failure(() => sdkTransport('client', '--url', missing))).toEqual({
      proxyError: true,
      name: 'ProxyError',
      code: 'MISSING_PEER',
      message:
        'proxy --url needs the MCP SDK (an optional peer dependency) for 2025-era clients: npm i @modelcontextprotocol/sdk (v1) or npm i @modelcontextprotocol/client (v2)',
    });
  });

  it('becomes exit code 2 and one line at the entry point, for audit as for proxy', async () => {
    const run = async (argv: string[]) => {
      let stderr = '';
      const io = {
        stdout: { write: () => true },
        stderr: { write: (text: string) => ((stderr += text), true) },
        stdin: Object.assign(new PassThrough(), { isTTY: true }),
        env: {},
      };
      return { code: await main(argv, io), stderr };
    };
    expect(await run(['audit', '--', '/nonexistent/modoki-budget-server'])).toEqual({
      code: 2,
      stderr: 'modoki-budget audit: cannot start "/nonexistent/modoki-budget-server": ENOENT\n',
    });
    expect(await run(['proxy', '--url', 'ftp://example.com/mcp'])).toEqual({
      code: 2,
      stderr: 'modoki-budget proxy: --url "ftp://example.com/mcp": expected an http:// or https:// endpoint\n',
    });
  });
});
