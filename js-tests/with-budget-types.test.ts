// The MCP layer's types against the SDK's real ones: strict tsc over js-tests/consumer/mcp.ts,
// resolving 'modoki-budget' through package.json "exports" (the package's own .d.ts) and the
// SDK from node_modules.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

describe('types of withBudget and the policy', () => {
  it('type-check a strict consumer against the SDK types (including @ts-expect-error misuses)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'modoki-budget-mcp-types-'));
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: true,
          types: [],
        },
        files: [join(root, 'js-tests', 'consumer', 'mcp.ts')],
      }),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    let out = '';
    try {
      out = execFileSync(process.execPath, [tsc, '-p', config], { cwd: root, encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  });
});
