// `modoki-budget audit -- <server>`: a live server's tools/list through menu's report and the
// lockfile, checked against what `menu` and `lock` print for the same tools as the server sent
// them. The server's own stderr passes through audit's.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, initializeParams, lineClient, lineServer, root, within } from './support/line-client';

const require = createRequire(import.meta.url);
const memoryServer = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
const everythingServer = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'audit-test-'));
const env = { ...process.env, MEMORY_FILE_PATH: join(dir, 'memory.jsonl'), NO_COLOR: '1' };

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env, cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// The tools exactly as the server sends them (the SDK Client re-parses them, which reorders
// keys, so its listTools is not what a model is sent).
beforeAll(async () => {
  const client = lineClient([memoryServer]);
  await client.request('initialize', initializeParams);
  const { line } = await client.request('tools/list', {});
  client.child.stdin.end();
  await within(client.exit, 10_000, 'memory server exit');
  writeFileSync(join(dir, 'memory-tools.json'), line);
});

describe('audit', () => {
  it('prints exactly what menu prints for the live menu of a real server', () => {
    const audit = cli(['audit', '--', process.execPath, memoryServer]);
    const menu = cli(['menu', join(dir, 'memory-tools.json')]);
    expect(audit.code).toBe(0);
    expect(menu.code).toBe(0);
    expect(audit.out).toBe(menu.out);
    expect(audit.out).toMatch(/^Menu: 9 tools, [\d,]+ tokens \(cl100k_base\)/);
    const json = cli(['audit', '--json', '--encoding', 'o200k_base', '--', process.execPath, memoryServer]);
    expect(json.out).toBe(cli(['menu', '--json', '--encoding', 'o200k_base', join(dir, 'memory-tools.json')]).out);
  });

  it('follows nextCursor to the last page', () => {
    const paged = cli(['audit', '--json', '--', process.execPath, lineServer, '--tools-pages', '3']);
    const single = cli(['audit', '--json', '--', process.execPath, lineServer]);
    expect(paged.code).toBe(0);
    expect(
      JSON.parse(paged.out)
        .cost.tools.map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['ask', 'big', 'crash', 'dump', 'echo', 'garbage', 'hang', 'id_probe', 'pid']);
    expect(paged.out).toBe(single.out);
  });

  it('a description over 2 KB is a finding, in audit and in menu alike', () => {
    const r = cli(['audit', '--json', '--', process.execPath, lineServer, '--long-description']);
    const cut = JSON.parse(r.out).findings.filter((f: { code: string }) => f.code === 'DESCRIPTION_CUT');
    expect(cut).toEqual([
      {
        tool: 'echo',
        code: 'DESCRIPTION_CUT',
        message:
          'The description is 2,100 chars; Claude Code cuts tool descriptions at 2,048, so the model never reads the last 52. Shorten it or move detail into parameter descriptions.',
      },
    ]);
    const text = cli(['audit', '--', process.execPath, lineServer, '--long-description']).out;
    expect(text).toContain('    DESCRIPTION_CUT: The description is 2,100 chars;');
  });

  it('--lock writes the lockfile lock would write; --check passes on the same server and fails on a different menu', () => {
    const lockfile = join(dir, 'memory.lock');
    const locked = cli(['audit', '--lock', lockfile, '--', process.execPath, memoryServer]);
    expect(locked.code).toBe(0);
    expect(locked.err.endsWith(`wrote ${lockfile}: 9 tools\n`)).toBe(true);
    const viaLock = cli(['lock', join(dir, 'memory-tools.json'), '--lockfile', join(dir, 'via-lock.lock')]);
    expect(viaLock.code).toBe(0);
    expect(readFileSync(lockfile, 'utf8')).toBe(readFileSync(join(dir, 'via-lock.lock'), 'utf8'));

    const same = cli(['audit', '--check', lockfile, '--', process.execPath, memoryServer]);
    expect(same.code).toBe(0);
    const other = cli(['audit', '--check', lockfile, '--', process.execPath, lineServer]);
    expect(other.code).toBe(1);
    const out =
      'Budget lock is out of date: 9 added (ask, big, crash, dump, echo, garbage, hang, id_probe, pid); 9 removed (add_observations, create_entities, create_relations, delete_entities, delete_observations, delete_relations, open_nodes, read_graph, search_nodes).';
    expect(other.err).toBe(
      `${out} If this is intended, regenerate the lock (\`modoki-budget audit --lock ${lockfile} -- ${process.execPath} ${lineServer}\`) and commit ${lockfile}.\n`,
    );
    const json = cli(['audit', '--json', '--check', lockfile, '--', process.execPath, lineServer]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out);
    expect(report.check).toMatchObject({ ok: false, message: other.err.trimEnd() });
    expect(report.check.added).toEqual(['ask', 'big', 'crash', 'dump', 'echo', 'garbage', 'hang', 'id_probe', 'pid']);
    const passing = JSON.parse(cli(['audit', '--json', '--check', lockfile, '--', process.execPath, memoryServer]).out);
    expect(passing.check).toMatchObject({
      ok: true,
      message: 'Budget lock matches: 9 tools, no drift, no escalation.',
    });
  });

  it('the regenerate command quotes what a shell would split and keeps --client-capabilities', () => {
    const lockfile = join(dir, 'everything caps.lock');
    const caps = ['--client-capabilities', 'sampling,roots'];
    expect(cli(['audit', '--lock', lockfile, ...caps, '--', process.execPath, everythingServer, 'stdio']).code).toBe(0);
    const drift = cli(['audit', '--check', lockfile, '--', process.execPath, everythingServer, 'stdio']);
    expect(drift.code).toBe(1);
    // The server's own stderr ("Starting default (STDIO) server...") passes through first.
    expect(drift.err.split('\n').at(-2)).toBe(
      `Budget lock is out of date: 2 removed (get-roots-list, trigger-sampling-request). If this is intended, regenerate the lock (\`modoki-budget audit --lock '${lockfile}' -- ${process.execPath} ${everythingServer} stdio\`) and commit ${lockfile}.`,
    );
    const same = cli(['audit', '--check', lockfile, ...caps, '--', process.execPath, everythingServer, 'stdio']);
    expect(same.code).toBe(0);
  });

  it('--client-capabilities: server-everything lists 13 tools to a bare client, 16 with sampling, elicitation and roots', () => {
    const names = (args: string[]) =>
      JSON.parse(cli(['audit', '--json', ...args, '--', process.execPath, everythingServer, 'stdio']).out)
        .cost.tools.map((t: { name: string }) => t.name)
        .sort();
    const bare = names([]);
    expect(bare).toHaveLength(13);
    const declared = names(['--client-capabilities', 'sampling,elicitation,roots']);
    expect(declared).toHaveLength(16);
    expect(declared.filter((n: string) => !bare.includes(n))).toEqual([
      'get-roots-list',
      'trigger-elicitation-request',
      'trigger-sampling-request',
    ]);
    const all = names(['--client-capabilities', 'sampling, elicitation,roots,tasks']);
    expect(all.filter((n: string) => !declared.includes(n))).toEqual([
      'trigger-elicitation-request-async',
      'trigger-sampling-request-async',
    ]);
  });

  it('--server "<command>" is the same as -- <command>, for clients that drop the first --', () => {
    const viaDashes = cli(['audit', '--json', '--', process.execPath, memoryServer]);
    const viaServer = cli(['audit', '--json', '--server', `${process.execPath} '${memoryServer}'`]);
    expect(viaServer.code).toBe(0);
    expect(viaServer.out).toBe(viaDashes.out);
  });

  it('prints the compact menu beside the full one', () => {
    const text = cli(['audit', '--', process.execPath, lineServer]).out;
    const report = JSON.parse(cli(['audit', '--json', '--', process.execPath, lineServer]).out);
    const c = report.compact;
    expect(c).toEqual({
      tools: 2,
      tokens: expect.any(Number),
      fullTokens: report.cost.tokens,
      budget: report.cost.tokens,
      withinBudget: c.tokens <= report.cost.tokens,
      format: 'prose',
      words: 24,
      describeAllTokens: expect.any(Number),
      catalogChars: report.compact.catalogChars,
    });
    expect(c.catalogChars).toBeLessThanOrEqual(2048);
    expect(c.fullTokens).toBe(report.cost.tokens);
    expect(c.tools).toBe(2);
    const pct = ((c.tokens / c.fullTokens) * 100).toFixed(1);
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      `Compact menu (proxy --menu compact): 2 tools, ${c.tokens} tokens (${pct}% of ${c.fullTokens.toLocaleString('en-US')}); catalog as ${c.format}, up to ${c.words} words a tool; describing all 9 tools: ${c.describeAllTokens.toLocaleString('en-US')} tokens`,
    );
  });

  it('--check fails when one description of the same server grew', () => {
    const lockfile = join(dir, 'line.lock');
    expect(cli(['audit', '--lock', lockfile, '--', process.execPath, lineServer]).code).toBe(0);
    expect(cli(['audit', '--check', lockfile, '--', process.execPath, lineServer]).code).toBe(0);
    const grown = cli(['audit', '--check', lockfile, '--', process.execPath, lineServer, '--long-description']);
    expect(grown.code).toBe(1);
    expect(grown.err).toMatch(/echo/);
  });

  it('usage and server errors: one line on stderr, exit 2', () => {
    const cases: Array<[string[], RegExp]> = [
      [['audit'], /^modoki-budget audit: missing the server command: give it after the options/],
      [['audit', '--', '/no/such/server'], /^modoki-budget audit: cannot start "\/no\/such\/server": ENOENT\n$/],
      [
        ['audit', '--lock', 'a', '--check', 'b', '--', 'x'],
        /^modoki-budget audit: --lock and --check cannot be used together\n$/,
      ],
      [
        ['audit', '--timeout', '300', '--', process.execPath, lineServer, '--mute'],
        /^modoki-budget audit: the server did not answer initialize within 300 ms\n$/,
      ],
      [
        ['audit', '--', process.execPath, lineServer, '--exit-on-start', '3'],
        /^modoki-budget audit: the server exited \(code 3\) before answering\n$/,
      ],
      [
        ['audit', '--client-capabilities', 'sampling,telepathy', '--', 'x'],
        /^modoki-budget audit: unknown client capability "telepathy"; known: sampling, elicitation, roots, tasks\n$/,
      ],
      [
        ['audit', '--server', 'node x', '--', 'node', 'y'],
        /^modoki-budget audit: give the server command once: `modoki-budget audit \[options\] <command> \[args…\]` or `modoki-budget audit \[options\] --server "<command> \[args…\]"`, not both\n$/,
      ],
      [['audit', '--server', 'node "x'], /^modoki-budget audit: --server: unclosed " in "node \\"x"\n$/],
      [
        ['audit', '--tolerance', '0.1', '/no/such/server', '-y'],
        /^modoki-budget audit: cannot start "\/no\/such\/server": ENOENT\n$/,
      ],
      [
        ['audit', '--check', join(dir, 'missing.lock'), '--', process.execPath, lineServer],
        /^modoki-budget audit: no lockfile at .*missing\.lock; run `modoki-budget audit --lock .*missing\.lock -- .*` first\n$/,
      ],
      [['audit', '--bogus', 'x'], /^modoki-budget audit: Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const r = cli(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it("a server that exits early: its stderr passes through and its reason ends audit's message", () => {
    const crash = `console.error('starting'); console.error('Error: no API key in MY_TOKEN'); process.exit(4)`;
    const r = cli(['audit', '--', process.execPath, '-e', crash]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'starting\nError: no API key in MY_TOKEN\nmodoki-budget audit: the server exited (code 4) before answering; its stderr says: Error: no API key in MY_TOKEN\n',
    );
  });

  it('--help', () => {
    const r = cli(['audit', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: modoki-budget audit \[options\] \[--\] <command> \[args…\]\n/);
    expect(root).toBeTruthy();
  });
});
