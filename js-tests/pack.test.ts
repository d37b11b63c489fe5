// Packs the package as npm would publish it, installs the tarball into an empty project and
// uses it the three ways a user does: require, import, and TypeScript.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
let project: string;
let files: string[];

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'modoki-budget-pack-'));
  // npm test has just built pkg/; --ignore-scripts keeps prepack from building it again.
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root));
  files = packed[0].files.map((f: { path: string }) => f.path);
  project = join(dir, 'consumer');
  run('mkdir', ['-p', project], dir);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed[0].filename)], project);
});

describe('the published tarball', () => {
  it('ships the wasm, its glue, the typed entry points, README and LICENSE, and nothing else', () => {
    for (const f of ['pkg/modoki_budget_bg.wasm', 'pkg/modoki_budget.js', 'node/index.cjs', 'node/index.mjs', 'node/index.d.ts', 'README.md', 'LICENSE', 'package.json', 'samples/tools.json', 'node/menu.cjs', 'node/cli/menu.cjs']) {
      expect(files).toContain(f);
    }
    // The o200k rank table is read from disk on first o200k use, so cl100k users never load it.
    expect(files).toContain('src/tokens/data/o200k_base.bin');
    const stray = files.filter((f) => (f.startsWith('src/') && f !== 'src/tokens/data/o200k_base.bin') || f.startsWith('js-tests/') || f.startsWith('target/'));
    expect(stray).toEqual([]);
  });

  it('works with require()', () => {
    const out = run('node', ['-e', "const m = require('modoki-budget'); process.stdout.write(m.encode({ a: 1.23456789012 }, { precision: 3 }))"], project);
    expect(out).toBe('{"a":1.23}');
  });

  it('works with import', () => {
    writeFileSync(join(project, 'use.mjs'), "import { encode, capText } from 'modoki-budget';\nimport def from 'modoki-budget';\nprocess.stdout.write(encode([1n]) + capText('abcdef', 3) + (def.encode === encode));\n");
    expect(run('node', ['use.mjs'], project)).toBe('["1"]abc\n…[3 chars elided of 6]true');
  });

  it('type-checks a TypeScript consumer against the shipped .d.ts', () => {
    copyFileSync(join(__dirname, 'consumer', 'typed.ts'), join(project, 'typed.ts'));
    // mcp.ts uses the SDK's own types: the consumer gets the SDK the repository has installed.
    copyFileSync(join(__dirname, 'consumer', 'mcp.ts'), join(project, 'mcp.ts'));
    symlinkSync(join(root, 'node_modules', '@modelcontextprotocol'), join(project, 'node_modules', '@modelcontextprotocol'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: false, types: [] }, files: ['typed.ts', 'mcp.ts'] }),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(existsSync(tsc)).toBe(true);
    expect(run('node', [tsc, '-p', project], project)).toBe('');
  });
});
