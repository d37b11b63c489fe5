// The proxy behind a real client: the MCP inspector's CLI (npm @modelcontextprotocol/inspector-cli,
// the CLI of @modelcontextprotocol/inspector, whose own package needs Node 22). Its launcher
// takes the first `--` of its arguments as its own separator and drops it; the proxy starts
// its server command at the first word that is not one of its options, so that works, and so
// does --server "<command>". What goes wrong must reach the client as an answer, since it shows
// no stderr.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, root } from './support/line-client';
import { listedAs } from './support/listed-tools';

const require = createRequire(import.meta.url);
const launcher = require.resolve('@modelcontextprotocol/inspector-cli/build/cli.js');
const memoryServer = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
const env = { ...process.env, MEMORY_FILE_PATH: join(mkdtempSync(join(tmpdir(), 'inspector-')), 'memory.jsonl') };

// The inspector CLI finds its package.json through a path relative to the working directory
// (`../package.json`), so it runs from a directory one level below a package: js-tests/.
function inspector(args: string[]) {
  const r = spawnSync(process.execPath, [launcher, '--cli', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env,
    cwd: join(root, 'js-tests'),
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const proxied = ['--', process.execPath, bin, 'proxy', '--server', `${process.execPath} ${memoryServer}`];
const direct = ['--', process.execPath, memoryServer];

describe("the inspector's CLI", () => {
  it('lists and calls through `proxy --server "<command>"` exactly as it does directly', () => {
    const list = inspector([...proxied, '--method', 'tools/list']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.out).tools).toHaveLength(10);
    // The server's tools, each outputSchema widened to take the over-cap answer (docs/clients.md),
    // then read_result (js-tests/read-result.test.ts checks its definition).
    const tools = (out: string) => JSON.parse(out).tools as Array<Record<string, unknown>>;
    const server = tools(inspector([...direct, '--method', 'tools/list']).out);
    expect(tools(list.out).slice(0, -1)).toEqual(server.map(listedAs));
    expect(tools(list.out).map((t) => t.name)).toEqual([...server.map((t) => t.name), 'read_result']);
    const call = ['--method', 'tools/call', '--tool-name', 'read_graph'];
    const viaProxy = inspector([...proxied, ...call]);
    expect(viaProxy.code).toBe(0);
    expect(JSON.parse(viaProxy.out)).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ entities: [], relations: [] }) }],
      structuredContent: { entities: [], relations: [] },
    });
    // The server's text is its structuredContent pretty-printed; the proxy sends it compact.
    const directly = JSON.parse(inspector([...direct, ...call]).out);
    expect(JSON.parse(directly.content[0].text)).toEqual(directly.structuredContent);
    expect(directly.structuredContent).toEqual({ entities: [], relations: [] });
  });

  it('drops the first --: the proxy starts the server at its first word that is not an option, as it lists directly', () => {
    const r = inspector([
      process.execPath,
      bin,
      'proxy',
      '--',
      process.execPath,
      memoryServer,
      '--method',
      'tools/list',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(inspector([...proxied, '--method', 'tools/list']).out);
  });

  it('an unknown option: the proxy answers initialize with why it cannot start, so the client shows it', () => {
    const r = inspector([
      '--',
      process.execPath,
      bin,
      'proxy',
      '--bogus',
      process.execPath,
      memoryServer,
      '--method',
      'tools/list',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /Failed to connect to MCP server: MCP error -32603: modoki-budget proxy: Unknown option '--bogus'\./,
    );
    expect(r.err).not.toContain('Connection closed');
  });

  it("a server that exits early: the client is shown its stderr's reason", () => {
    const crash = `${process.execPath} -e "console.error('Error: no API key in MY_TOKEN'); process.exit(3)"`;
    const r = inspector(['--', process.execPath, bin, 'proxy', '--server', crash, '--method', 'tools/list']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'Failed to connect to MCP server: MCP error -32000: the MCP server exited with code 3 before answering initialize; its stderr says: Error: no API key in MY_TOKEN\n',
    );
  });
});
