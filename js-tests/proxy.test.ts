// `modoki-budget proxy` as a real process in front of a server that fails in every way the spec
// names, driven over real stdio by a client that keeps the exact lines it receives.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from 'modoki-budget';
import { alive, bin, initializeParams, lineClient, lineServer, within, type LineClient } from './support/line-client';

const started: LineClient[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
});

function proxy(flags: string[], serverFlags: string[] = [], command = [process.execPath, lineServer, ...serverFlags]) {
  const client = lineClient([bin, 'proxy', ...flags, '--', ...command]);
  started.push(client);
  return client;
}
function direct(serverFlags: string[] = []) {
  const client = lineClient([lineServer, ...serverFlags]);
  started.push(client);
  return client;
}
const call = (c: LineClient, name: string, args: object = {}, id?: number | string) => c.request('tools/call', { name, arguments: args }, id);
const tmp = () => mkdtempSync(join(tmpdir(), 'proxy-test-'));

describe('proxy: faults', () => {
  it('a command that cannot start: one line on stderr, exit 2', () => {
    const r = spawnSync(process.execPath, [bin, 'proxy', '--', '/no/such/server', '--flag'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('modoki-budget proxy: cannot start "/no/such/server": ENOENT\n');
  });

  it('no command, or one not after --: a usage error', () => {
    const none = spawnSync(process.execPath, [bin, 'proxy'], { encoding: 'utf8', timeout: 20_000 });
    expect(none.status).toBe(2);
    expect(none.stderr).toBe('modoki-budget proxy: missing the server command: put it after --, as in `-- npx -y @modelcontextprotocol/server-memory`\n');
    const noDashes = spawnSync(process.execPath, [bin, 'proxy', 'node', 'server.js'], { encoding: 'utf8', timeout: 20_000 });
    expect(noDashes.stderr).toBe('modoki-budget proxy: put the server command after --, as in `modoki-budget proxy -- node server.js`\n');
  });

  it('the server dies mid-call: every pending call gets an error naming the exit code, and the proxy exits with it', async () => {
    const c = proxy(['--measure-only']);
    await c.request('initialize', initializeParams);
    const hung = call(c, 'hang', {}, 'h-1');
    const hung2 = call(c, 'hang', {}, 77);
    const crash = call(c, 'crash', { code: 9 }, 5);
    const answers = await within(Promise.all([hung, hung2, crash]), 15_000, 'errors for the pending calls');
    for (const [{ message }, id, method] of answers.map((a, i) => [a, ['h-1', 77, 5][i], 'tools/call'] as const)) {
      expect(message).toEqual({ jsonrpc: '2.0', id, error: { code: -32000, message: `the MCP server exited with code 9 before answering ${method}`, data: { exitCode: 9, signal: null } } });
    }
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 9, signal: null });
  });

  it('a server that exits on start: the proxy exits with its code', async () => {
    const c = proxy([], ['--exit-on-start', '4']);
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 4, signal: null });
  });

  it('a non-JSON line on the server stdout is reported on stderr and never forwarded', async () => {
    const c = proxy(['--measure-only'], ['--garbage-first']);
    await c.request('initialize', initializeParams);
    const { message } = await call(c, 'garbage');
    expect(message.result).toEqual({ content: [{ type: 'text', text: 'after garbage' }] });
    expect(c.lines.some((l) => l.includes('garbage before') || l.includes('not json-rpc'))).toBe(false);
    expect(c.stderr()).toContain('modoki-budget proxy: the server wrote a line that is not JSON-RPC (23 bytes), not forwarded: "garbage before anything"\n');
    expect(c.stderr()).toContain('modoki-budget proxy: the server wrote a line that is not JSON-RPC (20 bytes), not forwarded: "this is not json-rpc"\n');
  });

  it('the client closes stdin: the server is terminated and no process is left', async () => {
    const c = proxy(['--measure-only']);
    await c.request('initialize', initializeParams);
    const pid = Number((await call(c, 'pid')).message.result.content[0].text);
    expect(alive(pid)).toBe(true);
    c.child.stdin.end();
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
  });

  it('a server that ignores stdin closing and SIGTERM is killed; a hung call still gets its error', async () => {
    const c = proxy(['--measure-only'], ['--stubborn']);
    await c.request('initialize', initializeParams);
    const pid = Number((await call(c, 'pid')).message.result.content[0].text);
    const hung = call(c, 'hang', {}, 'stuck');
    await new Promise((r) => setTimeout(r, 100));
    c.child.stdin.end();
    const { message } = await within(hung, 15_000, 'the hung call');
    expect(message.error).toEqual({ code: -32000, message: 'the MCP server was killed by SIGKILL before answering tools/call', data: { exitCode: null, signal: 'SIGKILL' } });
    expect(await within(c.exit, 10_000, 'proxy exit')).toEqual({ code: 137, signal: null });
    expect(alive(pid)).toBe(false);
  });
});

describe('proxy: everything passes through', () => {
  it('--measure-only forwards the server bytes unchanged, and logs what it measured', async () => {
    const dir = tmp();
    const log = join(dir, 'calls.jsonl');
    const d = direct();
    const p = proxy(['--measure-only', '--log', log]);
    const steps: Array<[string, object]> = [
      ['initialize', initializeParams],
      ['tools/list', {}],
      ['resources/templates/list', {}],
      ['ping', {}],
      ['tools/call', { name: 'dump', arguments: { n: 300 } }],
      ['tools/call', { name: 'echo', arguments: { text: 'ünïcødé 😀 "quoted"' } }],
      ['tools/call', { name: 'big', arguments: { mb: 2 } }],
      ['tools/call', { name: 'nope', arguments: {} }],
    ];
    for (const [method, params] of steps) {
      const a = await d.request(method, params);
      const b = await p.request(method, params);
      expect(b.line).toBe(a.line);
    }
    p.child.stdin.end();
    await within(p.exit, 10_000, 'proxy exit');
    const rows = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => r.tool)).toEqual(['dump', 'echo', 'big']);
    const sent = d.lines.slice(4, 7).map((l) => JSON.stringify(JSON.parse(l).result));
    rows.forEach((row, i) => {
      expect(row).toMatchObject({ charsIn: sent[i].length, tokensIn: countTokens(sent[i]), charsOut: sent[i].length, tokensOut: countTokens(sent[i]), elided: false });
      expect(row.ms).toBeGreaterThan(0);
    });
    const total = rows.reduce((s, r) => s + r.tokensIn, 0);
    expect(p.stderr()).toContain(`modoki-budget proxy: 3 calls, ${total.toLocaleString('en-US')} tokens received, ${total.toLocaleString('en-US')} forwarded (0.0% saved), 0 elided\n`);
    expect(p.stderr()).toMatch(/ {2}costliest tools: big \d[\d,]* → \d[\d,]* tokens \(1 call\); dump .*; echo /);
  });

  it('server-to-client requests, their answers and progress notifications pass both ways unchanged', async () => {
    const p = proxy(['--measure-only']);
    let seen: any;
    p.onRequest((m) => {
      seen = m;
      p.send({ jsonrpc: '2.0', id: m.id, result: { role: 'assistant', content: { type: 'text', text: 'pong' }, model: 'm' } });
    });
    await p.request('initialize', initializeParams);
    p.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const { message } = await call(p, 'ask', { _meta: { progressToken: 'tok' } });
    expect(seen).toEqual({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 } });
    expect(message.result.content[0].text).toBe('client said: {"role":"assistant","content":{"type":"text","text":"pong"},"model":"m"}');
    expect(p.lines).toContain('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok","progress":1,"total":2}}');
  });

  it('the server sees exactly the ids the client chose, string and number alike', async () => {
    const p = proxy(['--measure-only']);
    await p.request('initialize', initializeParams, 'init');
    await p.request('ping', {}, 0);
    await p.request('ping', {}, 'modoki-budget-proxy:1');
    const { message } = await call(p, 'id_probe', {}, -3);
    expect(JSON.parse(message.result.content[0].text)).toEqual(['init', 0, 'modoki-budget-proxy:1', -3]);
  });
});
