// The MCP layer's types against the SDK's real ones, both lines: strict tsc over
// js-tests/consumer/mcp.ts (SDK v1, `@modelcontextprotocol/sdk`) and consumer/sdk-v2/mcp.ts
// (SDK v2, `@modelcontextprotocol/server`), resolving 'modoki-budget' through package.json
// "exports" (the package's own .d.ts) and each SDK from node_modules.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

/** tsc --strict --noEmit over `consumer` (a path under js-tests/consumer): its output, '' when it compiles. */
function typeCheck(consumer: string): string {
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
      files: [join(root, 'js-tests', 'consumer', consumer)],
    }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    return execFileSync(process.execPath, [tsc, '-p', config], { cwd: root, encoding: 'utf8' });
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

describe('types of withBudget and the policy', () => {
  it('type-check a strict consumer against the SDK types (including @ts-expect-error misuses)', () => {
    expect(typeCheck('mcp.ts')).toBe('');
  });

  it('type-check a strict consumer against the SDK v2 types: McpServer, Server, and the serving factories', () => {
    expect(typeCheck(join('sdk-v2', 'mcp.ts'))).toBe('');
  });
});
