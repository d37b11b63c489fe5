// The package's export lists — what require() returns, what import sees on Node and in a
// browser, and what node/index.d.ts declares as values — are one list. The barrel
// (node/index.cjs) is the source: the build writes both ESM entries from it and refuses
// declarations that differ from it (scripts/entries.mjs), and the declarations are checked
// against it here with the TypeScript compiler. A name missing from any of them is a user's
// "is not a function" or TS2305; a name nobody can find in the docs is an export nobody uses.
import { afterAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API, SymbolFlags } from 'typescript/unstable/sync';
import * as esm from 'modoki-budget';
import * as formattingEsm from 'modoki-budget/formatter';
// @ts-expect-error — the build script is plain JavaScript, no declarations
import { checkDeclarations, declaredValues as declaredByBuild, entrySources } from '../scripts/entries.mjs';

const root = resolve(__dirname, '..');
const cjs = createRequire(__filename)('modoki-budget') as Record<string, unknown>;
const formattingCjs = createRequire(__filename)('modoki-budget/formatter') as Record<string, unknown>;
const api = new API({ cwd: root });
afterAll(() => api.close());

/** The value exports (not types) the TypeScript checker sees in `declarations` (under node/). */
function declaredValues(declarations = 'index.d.ts'): string[] {
  const config = join(mkdtempSync(join(tmpdir(), 'modoki-budget-exports-')), 'tsconfig.json');
  const entry = join(root, 'node', declarations);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', types: [] },
      files: [entry],
    }),
  );
  const project = api.updateSnapshot({ openProjects: [config] }).getProject(config);
  if (!project) throw new Error(`the TypeScript API did not open ${config}`);
  const file = project.program.getSourceFile(entry);
  if (!file) throw new Error(`${entry} is not in the program`);
  const module = project.checker.getSymbolAtLocation(file);
  if (!module) throw new Error(`${entry} has no module symbol`);
  return project.checker
    .getExportsOfModule(module)
    .filter((symbol) => (symbol.flags & SymbolFlags.Value) !== 0)
    .map((symbol) => symbol.name);
}

const sorted = (names: string[]) => [...names].sort();

describe('one export list for the whole package', () => {
  const esmNames = Object.keys(esm).filter((name) => name !== 'default');

  it('CommonJS and ESM export the same names, and the default export is the CommonJS object', () => {
    expect(sorted(esmNames)).toEqual(sorted(Object.keys(cjs)));
    expect(esm.default).toBe(cjs);
  });

  it('node/index.d.ts declares exactly the names the runtime exports', () => {
    const declared = declaredValues();
    expect(declared).toContain('retargetNarrowHint');
    expect(declared).not.toContain('ToolResult');
    expect(sorted(declared)).toEqual(sorted(Object.keys(cjs)));
  });

  it('the built ESM entries are the ones the barrel writes, and each browser entry exports every name', () => {
    const sources: Record<string, string> = entrySources(root);
    expect(Object.keys(sources).sort()).toEqual([
      'pkg/formatter/index.mjs',
      'pkg/index.mjs',
      'pkg/web/formatter/index.mjs',
      'pkg/web/index.mjs',
    ]);
    for (const [path, text] of Object.entries(sources)) expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    const namesOf = (path: string) => /^export const \{ ([^}]*) \} = api;$/m.exec(sources[path])?.[1].split(', ') ?? [];
    expect(sorted(namesOf('pkg/web/index.mjs'))).toEqual(sorted(Object.keys(cjs)));
    expect(sorted(namesOf('pkg/web/formatter/index.mjs'))).toEqual(sorted(Object.keys(formattingCjs)));
  });

  it('modoki-budget/formatter: the same functions as the full entry, declared by node/formatting.d.ts', () => {
    const names = Object.keys(formattingCjs);
    expect(names).toContain('roundFloats');
    expect(names).not.toContain('countTokens');
    for (const name of names) expect(formattingCjs[name]).toBe(cjs[name]);
    expect(sorted(Object.keys(formattingEsm).filter((n) => n !== 'default'))).toEqual(sorted(names));
    for (const name of names) expect((formattingEsm as Record<string, unknown>)[name]).toBe(cjs[name]);
    expect(sorted(declaredValues('formatting.d.ts'))).toEqual(sorted(names));
  });

  it('every runtime export is a real value', () => {
    const missing = Object.entries(cjs)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it("the build's reader of the declarations finds exactly what the TypeScript compiler finds", () => {
    expect(sorted(declaredByBuild(root, 'node/index.d.ts'))).toEqual(sorted(declaredValues()));
    expect(sorted(declaredByBuild(root, 'node/formatting.d.ts'))).toEqual(sorted(declaredValues('formatting.d.ts')));
  });

  it('the build refuses declarations that differ from the barrel, in either direction, naming each name', () => {
    // A copy of the package where index.d.ts no longer re-exports the stores' declarations and
    // the tokens' declarations gain a function no module exports.
    const copy = mkdtempSync(join(tmpdir(), 'modoki-budget-drift-'));
    for (const dir of ['node', 'pkg']) cpSync(join(root, dir), join(copy, dir), { recursive: true });
    const index = join(copy, 'node', 'index.d.ts');
    writeFileSync(index, readFileSync(index, 'utf8').replace("export * from './types/stores.js';\n", ''));
    const tokens = join(copy, 'node', 'types', 'tokens.d.ts');
    writeFileSync(tokens, `${readFileSync(tokens, 'utf8')}export declare function countWords(text: string): number;\n`);
    expect(() => checkDeclarations(copy)).toThrow(
      new Error(
        'The export lists differ:\n' +
          '  node/index.cjs exports memoryStore, which node/index.d.ts does not declare\n' +
          '  node/index.cjs exports redisStore, which node/index.d.ts does not declare\n' +
          '  node/index.d.ts declares countWords, which node/index.cjs does not export',
      ),
    );
    expect(() => checkDeclarations(root)).not.toThrow();
  });

  it('every declaration file under node/types is re-exported by node/index.d.ts', () => {
    const reexported = [
      ...readFileSync(join(root, 'node', 'index.d.ts'), 'utf8').matchAll(
        /^export \* from '\.\/types\/([^']+)\.js';$/gm,
      ),
    ].map((m) => `${m[1]}.d.ts`);
    // node/types/generated/ holds the shapes generated from the Rust types, which the capability
    // files re-export by name.
    const files = readdirSync(join(root, 'node', 'types')).filter((f) => f.endsWith('.d.ts'));
    expect(sorted(reexported)).toEqual(sorted(files));
  });

  it('every export is named in the documentation (docs/*.md or README.md)', () => {
    const docs = [
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(join(root, 'docs', f), 'utf8')),
      readFileSync(join(root, 'README.md'), 'utf8'),
    ].join('\n');
    const undocumented = Object.keys(cjs).filter((name) => !new RegExp(`\\b${name}\\b`).test(docs));
    expect(undocumented).toEqual([]);
  });
});
