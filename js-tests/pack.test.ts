// Packs the package as npm would publish it, installs the tarball into empty projects and uses
// it the ways a user does: require, import, and TypeScript — plain, and inside an MCP server on
// each of the SDK lines the editor runs on.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(__dirname, '..');
const consumers = join(__dirname, 'consumer');
const tscBin = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** Every consumer file: the top level, and sdk/ for the ones shaped like an MCP server. */
const topFiles = readdirSync(consumers).filter((f) => f.endsWith('.ts'));
const sdkFiles = readdirSync(join(consumers, 'sdk'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join('sdk', f));
/** The ones that import only this package: they also compile where the SDK is not installed,
 *  which proves the package's declarations do not need it. */
const needsSdk = (f: string) =>
  /from '(@modelcontextprotocol\/sdk|zod)[/']/.test(readFileSync(join(consumers, f), 'utf8'));
const plainFiles = topFiles.filter((f) => !needsSdk(f));
/** The editor's two SDK lines: the oldest it supports with zod 3, the newest with zod 4. */
const SDK_LINES = [
  {
    label: 'SDK 1.29 with zod 3.25',
    sdk: '1.29.0',
    zod: '3.25.76',
    deps: ['@modelcontextprotocol/sdk@1.29.0', 'zod@3.25.76'],
  },
  {
    label: 'SDK 1.32 with zod 4',
    sdk: '1.32.2',
    zod: '4.6.7',
    deps: ['@modelcontextprotocol/sdk@1.32.2', 'zod@4.6.7'],
  },
];
/**
 * Every README code block that imports the package, as `readme-N.mts` (ESM: one has top-level
 * await). A user copies these first, so each must compile as written.
 */
const readmeBlocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/^```(?:ts|js)\n([^]*?)^```$/gm)]
  .map((m) => m[1])
  .filter((code) => /from 'modoki-budget'|require\('modoki-budget'\)/.test(code))
  .map((code, i) => ({ name: `readme-${i + 1}.mts`, code }));

let project: string;
let files: string[];
const sdkProjects = new Map<string, string>();

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const runAsync = promisify(execFile);

/** An empty npm project with `deps` installed from the local cache first, then the registry. */
async function npmProject(dir: string, name: string, deps: string[]): Promise<string> {
  const path = join(dir, name);
  mkdirSync(path);
  writeFileSync(join(path, 'package.json'), JSON.stringify({ name, private: true }));
  await runAsync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...deps], { cwd: path });
  return path;
}

/** `tsc --strict --noEmit` over `names` in `dir`; its diagnostics, or '' when it compiles. */
function typeCheck(dir: string, names: string[], skipLibCheck: boolean): string {
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    skipLibCheck,
    types: [],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: names }));
  try {
    return run('node', [tscBin, '-p', dir], dir);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

const versionOf = (dir: string, name: string): string =>
  JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'modoki-budget-pack-'));
  // npm test has just built pkg/; --ignore-scripts keeps prepack from building it again.
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root));
  files = packed[0].files.map((f: { path: string }) => f.path);
  const tarball = join(dir, packed[0].filename);
  const [plain, ...withSdk] = await Promise.all([
    npmProject(dir, 'consumer', [tarball]),
    ...SDK_LINES.map((line, i) => npmProject(dir, `sdk-${i}`, [tarball, ...line.deps])),
  ]);
  project = plain;
  SDK_LINES.forEach((line, i) => sdkProjects.set(line.label, withSdk[i]));
});

describe('the published tarball', () => {
  it('ships the wasm, its glue, the typed entry points, README and LICENSE, and nothing else', () => {
    for (const f of [
      'pkg/modoki_budget_bg.wasm',
      'pkg/modoki_budget.js',
      'node/index.cjs',
      'pkg/index.mjs',
      'pkg/web/index.mjs',
      'pkg/web/package.json',
      'pkg/web/modoki_budget.js',
      'pkg/web/modoki_budget_bg.wasm',
      'node/browser/full.mjs',
      'node/browser/formatter.mjs',
      'node/browser/loader.mjs',
      'node/browser/tables.cjs',
      'node/formatting.cjs',
      'node/formatting.d.ts',
      'pkg/formatter/index.mjs',
      'pkg/web/formatter/index.mjs',
      'pkg/web/formatter/modoki_budget_formatter.js',
      'pkg/web/formatter/modoki_budget_formatter_bg.wasm',
      'pkg/web/query/modoki_budget_query.js',
      'pkg/web/query/modoki_budget_query_bg.wasm',
      'node/browser/query-module.cjs',
      'node/wasm/query-module.cjs',
      'docs/mcp.md',
      'docs/browser.md',
      'node/index.d.ts',
      'README.md',
      'LICENSE',
      'package.json',
      'samples/tools.json',
      'node/menu-audit.cjs',
      'node/menu-rewrite.cjs',
      'node/cli/commands/menu.cjs',
    ]) {
      expect(files).toContain(f);
    }
    // Each rank table is read from disk on first use of its encoding, and the module on first
    // use of the core (by the export names written next to it), the formatter and tokenizer
    // modules included.
    const tables = ['src/tokens/data/cl100k_base.bin', 'src/tokens/data/o200k_base.bin'];
    for (const f of [
      ...tables,
      'pkg/modoki_budget_exports.json',
      'pkg/constants.json',
      'pkg/formatter/modoki_budget_formatter.js',
      'pkg/formatter/modoki_budget_formatter_bg.wasm',
      'pkg/tokenizer/modoki_budget_tokenizer.js',
      'pkg/tokenizer/modoki_budget_tokenizer_bg.wasm',
    ])
      expect(files).toContain(f);
    const stray = files.filter(
      (f) => (f.startsWith('src/') && !tables.includes(f)) || f.startsWith('js-tests/') || f.startsWith('target/'),
    );
    expect(stray).toEqual([]);
  });

  it('works with require()', () => {
    const out = run(
      'node',
      [
        '-e',
        "const m = require('modoki-budget'); process.stdout.write(m.encode({ a: 1.23456789012 }, { precision: 3 }))",
      ],
      project,
    );
    expect(out).toBe('{"a":1.23}');
  });

  it('works with import', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      "import { encode, capText } from 'modoki-budget';\nimport def from 'modoki-budget';\nprocess.stdout.write(encode([1n]) + capText('abcdef', 3) + (def.encode === encode));\n",
    );
    expect(run('node', ['use.mjs'], project)).toBe('["1"]abc\n…[3 chars elided of 6]true');
  });

  it('type-checks every consumer file that needs no SDK against the shipped .d.ts alone', () => {
    expect(existsSync(tscBin)).toBe(true);
    expect(plainFiles).toContain('typed.ts');
    for (const f of plainFiles) copyFileSync(join(consumers, f), join(project, f));
    expect(typeCheck(project, plainFiles, false)).toBe('');
  });

  describe.each(SDK_LINES)('inside an MCP server on $label', (line) => {
    it('installed the SDK and zod of that line', () => {
      const dir = sdkProjects.get(line.label) as string;
      expect(versionOf(dir, '@modelcontextprotocol/sdk')).toBe(line.sdk);
      expect(versionOf(dir, 'zod')).toBe(line.zod);
    });

    it('every consumer file, the editor-shaped server included, compiles with tsc --strict', () => {
      const dir = sdkProjects.get(line.label) as string;
      expect(sdkFiles).toContain(join('sdk', 'editor-server.ts'));
      const all = [...topFiles, ...sdkFiles];
      mkdirSync(join(dir, 'sdk'), { recursive: true });
      for (const f of all) copyFileSync(join(consumers, f), join(dir, f));
      // The SDK's own declarations are not ours to check; ours are checked above without skipLibCheck.
      expect(typeCheck(dir, all, true)).toBe('');
    });

    it('every README code block that imports the package compiles with tsc --strict', () => {
      const dir = sdkProjects.get(line.label) as string;
      expect(readmeBlocks.map((b) => b.name)).toEqual(['readme-1.mts', 'readme-2.mts', 'readme-3.mts']);
      for (const { name, code } of readmeBlocks) writeFileSync(join(dir, name), code);
      expect(
        typeCheck(
          dir,
          readmeBlocks.map((b) => b.name),
          true,
        ),
      ).toBe('');
    });

    it('the same server does not compile when the result shapes are interfaces (no implicit index signature)', () => {
      const dir = sdkProjects.get(line.label) as string;
      const declarations = join(dir, 'node_modules', 'modoki-budget', 'node', 'types', 'result.d.ts');
      const shipped = readFileSync(declarations, 'utf8');
      const asInterfaces = shipped.replace(
        /^export type (TextContent|ImageContent|ToolResult|ImageToolResult) = (\{[^]*?^\});$/gm,
        'export interface $1 $2',
      );
      expect(asInterfaces).not.toBe(shipped);
      writeFileSync(declarations, asInterfaces);
      try {
        const errors = typeCheck(dir, [join('sdk', 'editor-server.ts')], true).match(/error TS\d+/g) ?? [];
        // Each server.tool call (TS2769), each registerTool call (TS2345), each CallToolResult assignment (TS2322).
        expect(errors.sort()).toEqual([
          ...Array(3).fill('error TS2322'),
          ...Array(2).fill('error TS2345'),
          ...Array(2).fill('error TS2769'),
        ]);
      } finally {
        writeFileSync(declarations, shipped);
      }
    });
  });
});
