// The README's client configurations, made and checked by the clients themselves: `claude mcp
// add` / `claude mcp list` (Claude Code 2.1.332) and `gemini mcp add` / `gemini mcp list` (Gemini
// CLI 0.61.0) each connect to the proxy in front of server-memory and report it connected;
// `codex mcp add` (Codex CLI 0.169.0) writes the config.toml the README shows, which `codex mcp
// list` reads back (Codex checks no connection without a model). Each client runs with a home
// of its own (nothing of the machine's is read or written), installed at test time.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bin, root } from './support/line-client';
import { npmBin, npmPackages } from './support/real-install';

const require = createRequire(import.meta.url);
const memoryServer = require.resolve('@modelcontextprotocol/server-memory/dist/index.js');
const node = process.execPath;

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

/** A home and a project folder of this run's own, under target/ (Codex refuses /tmp as its home). */
function sandbox(name: string) {
  const home = mkdtempSync(join(root, 'target', `clients-${name}-`));
  homes.push(home);
  const project = join(home, 'project');
  mkdirSync(project);
  return { home, project };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const r = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('each client adds the proxy with its own command and connects to it', () => {
  it('Claude Code: claude mcp add (the -- it keeps), then claude mcp list: Connected', ({ skip }) => {
    const dir = npmPackages('claude-code', ['@anthropic-ai/claude-code@2.1.332']);
    if (dir === null) skip();
    const claude = npmBin(dir!, 'claude');
    const { home, project } = sandbox('claude');
    const env = { HOME: home };
    const proxy = [node, bin, 'proxy', '--preset', 'claudeCode', '--', node, memoryServer];
    const added = run(claude, ['mcp', 'add', 'memory', '--', ...proxy], project, env);
    expect(added.out).toContain('Added stdio MCP server memory');
    // Claude Code keys a project by its git root (here the repository's).
    const config = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8'));
    const [entry] = Object.values(config.projects as Record<string, { mcpServers: Record<string, unknown> }>);
    expect(entry.mcpServers.memory).toEqual({
      type: 'stdio',
      command: node,
      args: proxy.slice(1),
      env: {},
    });
    const listed = run(claude, ['mcp', 'list'], project, env);
    expect(listed.out).toContain(`memory: ${proxy.join(' ')} - ✔ Connected`);
  });

  it('Gemini CLI: gemini mcp add drops the --, and the proxy still starts the server; gemini mcp list: Connected', ({
    skip,
  }) => {
    const dir = npmPackages('gemini-cli', ['@google/gemini-cli@0.61.0']);
    if (dir === null) skip();
    const gemini = npmBin(dir!, 'gemini');
    const { home, project } = sandbox('gemini');
    const env = { HOME: home, GEMINI_CLI_HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const added = run(
      gemini,
      ['mcp', 'add', 'memory', node, bin, 'proxy', '--preset', 'gemini', '--', node, memoryServer],
      project,
      env,
    );
    expect(added.out).toContain('MCP server "memory" added to project settings. (stdio)');
    const settings = JSON.parse(readFileSync(join(project, '.gemini', 'settings.json'), 'utf8'));
    // The `--` is gone: the proxy's first word that is not one of its options starts the server.
    expect(settings.mcpServers.memory).toEqual({
      command: node,
      args: [bin, 'proxy', '--preset', 'gemini', node, memoryServer],
    });
    const listed = run(gemini, ['mcp', 'list'], project, env);
    expect(listed.out).toContain(
      `✓ memory: ${node} ${bin} proxy --preset gemini ${node} ${memoryServer} (stdio) - Connected`,
    );
  });

  it('Codex CLI: codex mcp add writes ~/.codex/config.toml as the README shows it; codex mcp list reads it back', ({
    skip,
  }) => {
    const dir = npmPackages('codex', ['@openai/codex@0.169.0']);
    if (dir === null) skip();
    const codex = npmBin(dir!, 'codex');
    const { home, project } = sandbox('codex');
    const env = { HOME: home, CODEX_HOME: join(home, '.codex') };
    mkdirSync(env.CODEX_HOME);
    const added = run(
      codex,
      ['mcp', 'add', 'memory', '--', node, bin, 'proxy', '--preset', 'codex', node, memoryServer],
      project,
      env,
    );
    expect(added.out).toContain("Added global MCP server 'memory'.");
    expect(readFileSync(join(env.CODEX_HOME, 'config.toml'), 'utf8')).toBe(
      `[mcp_servers.memory]\ncommand = ${JSON.stringify(node)}\nargs = [${[bin, 'proxy', '--preset', 'codex', node, memoryServer].map((a) => JSON.stringify(a)).join(', ')}]\n`,
    );
    const listed = run(codex, ['mcp', 'list'], project, env);
    expect(listed.out).toMatch(
      new RegExp(`memory +${node.replace(/[/.]/g, '\\$&')} +${bin.replace(/[/.]/g, '\\$&')} proxy --preset codex `),
    );
    expect(listed.out).toMatch(/ enabled /);
  });
});
