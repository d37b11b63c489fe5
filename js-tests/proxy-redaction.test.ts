// No secret in any message: the values of --header, the user info and query of --url and
// --redis are masked wherever the proxy names them — its usage errors, the errors a client (and
// so the model) gets for an upstream that fails, the proxy's stderr — by one module
// (node/proxy/redact.cjs), also when the secret comes back inside someone else's text (an
// upstream's error body that echoes the token).
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { bin, lineClient, type LineClient, type Message } from './support/line-client';
import { listen, type HttpServer } from './support/http-server';

const require = createRequire(import.meta.url);
const { shownUrl, shownHeader, secretsOf, scrubber } = require('../node/proxy/redact.cjs');

const PASSWORD = 'pa55-w0rd-secret';
const QUERY_TOKEN = 'qs-token-8d1f0a';
const HEADER_TOKEN = 'sk-hdr-5e7c21b9';
const SECRETS = [PASSWORD, QUERY_TOKEN, HEADER_TOKEN];

const open: Array<() => Promise<unknown>> = [];

/** A proxy started with `args`, closed after the test, and its answer to an initialize. */
async function initializeThrough(args: string[]): Promise<{ client: LineClient; message: Message }> {
  const client: LineClient = lineClient([bin, 'proxy', ...args]);
  open.push(async () => {
    client.child.stdin.end();
    await client.exit;
  });
  const { message } = await client.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '0' },
  });
  return { client, message };
}
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close().catch(() => {});
});

const run = (args: string[]) =>
  spawnSync(process.execPath, [bin, 'proxy', ...args], { encoding: 'utf8', timeout: 20_000 });

describe('redact.cjs', () => {
  it('shows a URL without its user info, query values or fragment, valid or not', () => {
    expect(shownUrl(`https://me:${PASSWORD}@mcp.example.com:8443/mcp?token=${QUERY_TOKEN}&v=2#x`)).toBe(
      'https://***:***@mcp.example.com:8443/mcp?token=***&v=***',
    );
    expect(shownUrl(`redis://:${PASSWORD}@127.0.0.1:6380/2?password=${QUERY_TOKEN}`)).toBe(
      'redis://:***@127.0.0.1:6380/2?password=***',
    );
    expect(shownUrl(`ht!tp://me:${PASSWORD}@host/p?token=${QUERY_TOKEN}`)).toBe('ht!tp://***@host/p?***');
    expect(shownUrl('http://127.0.0.1:9/mcp')).toBe('http://127.0.0.1:9/mcp');
  });

  it('shows a header by its name only, and a malformed one not at all', () => {
    expect(shownHeader(`Authorization: Bearer ${HEADER_TOKEN}`)).toBe('Authorization: ***');
    expect(shownHeader(`Authorization Bearer ${HEADER_TOKEN}`)).toBe('***');
    expect(shownHeader(`Bad Name: ${HEADER_TOKEN}`)).toBe('***');
  });

  it('lists the secrets of the three flags (none under 4 chars) and takes each out of any text', () => {
    const secrets = secretsOf({
      url: `https://me:${PASSWORD}@h/mcp?token=${QUERY_TOKEN}&v=2`,
      headers: { Authorization: `Bearer ${HEADER_TOKEN}` },
      redis: `redis://:${PASSWORD}x@h/?password=${QUERY_TOKEN}y`,
    });
    const basic = (password: string) => Buffer.from(`me:${password}`).toString('base64');
    expect(secrets).toEqual([
      PASSWORD,
      basic(PASSWORD),
      QUERY_TOKEN,
      `${PASSWORD}x`,
      Buffer.from(`:${PASSWORD}x`).toString('base64'),
      `${QUERY_TOKEN}y`,
      `Bearer ${HEADER_TOKEN}`,
      HEADER_TOKEN,
    ]);
    const scrub = scrubber(secrets);
    expect(scrub(`bad token ${HEADER_TOKEN} for ${QUERY_TOKEN}y and ${PASSWORD}`)).toBe(
      'bad token *** for *** and ***',
    );
  });
});

describe('no secret in a usage error', () => {
  it('--header, --url and --redis: one line naming the flag, and no secret in it', () => {
    const cases: Array<[string[], string]> = [
      [
        ['--url', 'http://127.0.0.1:9/', '--header', `Authorization Bearer ${HEADER_TOKEN}`],
        '--header ***: expected "Name: value" (the value is not shown: it may be a secret)',
      ],
      [
        ['--url', `ftp://me:${PASSWORD}@host/mcp?token=${QUERY_TOKEN}`],
        '--url "ftp://***:***@host/mcp?token=***": expected an http:// or https:// endpoint',
      ],
      [
        ['--url', `me:${PASSWORD}@host?token=${QUERY_TOKEN}`],
        '--url "me:***@host?***": expected an http:// or https:// endpoint',
      ],
      [['--url', `//me:${PASSWORD}@host/?token=${QUERY_TOKEN}`], '--url "//***@host/?***" is not a URL'],
      [
        ['--redis', `http://me:${PASSWORD}@host/?password=${QUERY_TOKEN}`, '--', 'node', 'x.js'],
        '--redis expects a redis:// or rediss:// URL, got "http://***:***@host/?password=***"',
      ],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect([r.status, r.stderr]).toEqual([2, `modoki-budget proxy: ${message}\n`]);
    }
  });

  it('a Redis that cannot be reached is named with its user info and query masked', () => {
    const r = run(['--redis', `redis://me:${PASSWORD}@127.0.0.1:1/?password=${QUERY_TOKEN}`, '--', 'node', 'x.js']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^modoki-budget proxy: cannot reach Redis at redis:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:1\/\?password=\*\*\*: /,
    );
    for (const secret of SECRETS) expect(r.stderr).not.toContain(secret);
  });
});

describe('no secret in what a client is told of an upstream', () => {
  it('an upstream that refuses, echoing the token and the URL: the client and stderr get neither', async () => {
    const upstream: HttpServer = await listen((req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(`invalid credentials: ${req.headers.authorization} for ${req.url}`);
    });
    open.push(() => upstream.close());
    const url = upstream.url.replace('http://', `http://me:${PASSWORD}@`) + `?token=${QUERY_TOKEN}`;
    const { client, message } = await initializeThrough([
      '--url',
      url,
      '--header',
      `Authorization: Bearer ${HEADER_TOKEN}`,
    ]);
    const shown = `http://***:***@127.0.0.1:${new URL(upstream.url).port}/mcp?token=***`;
    expect(message.error).toEqual({
      code: -32000,
      message: `the upstream MCP server at ${shown} failed on initialize: Streamable HTTP error: Error POSTing to endpoint: invalid credentials: *** for /mcp?token=***`,
      data: { upstream: shown },
    });
    client.child.stdin.end();
    await client.exit;
    for (const secret of SECRETS) expect(client.lines.join('\n') + client.stderr()).not.toContain(secret);
  });

  it("--url's user info reaches the upstream as Authorization: Basic (fetch refuses a URL holding it)", async () => {
    const seen: Array<string | undefined> = [];
    const upstream: HttpServer = await listen((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401).end('no');
    });
    open.push(() => upstream.close());
    const { message } = await initializeThrough(['--url', upstream.url.replace('http://', `http://me:${PASSWORD}@`)]);
    expect(message.error.message).toMatch(
      /failed on initialize: Streamable HTTP error: Error POSTing to endpoint: no$/,
    );
    expect(seen[0]).toBe(`Basic ${Buffer.from(`me:${PASSWORD}`).toString('base64')}`);
  });
});
