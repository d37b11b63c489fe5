// Declarations that cannot drift: every name a capability's .d.ts exports is used by a
// strict-tsc consumer file (js-tests/consumer/*.ts, type-checked against the packed tarball by
// pack.test.ts), so a declaration that no longer matches the code fails the build.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const consumers = readdirSync(join(__dirname, 'consumer'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(__dirname, 'consumer', f), 'utf8'))
  .join('\n');
const CHECKED = ['tokens', 'toon', 'profile', 'menu-audit', 'menu-rewrite', 'collections', 'round', 'errors'];

describe('declarations', () => {
  it.each(CHECKED)('every export of node/types/%s.d.ts is used by a consumer file', (capability) => {
    const declared = readFileSync(join(root, 'node', 'types', `${capability}.d.ts`), 'utf8');
    const names = [...declared.matchAll(/^export (?:declare )?(?:function|const|type|interface) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !new RegExp(`\\b${name}\\b`).test(consumers))).toEqual([]);
  });

  it('the barrel re-exports every capability file', () => {
    const barrel = readFileSync(join(root, 'node', 'index.d.ts'), 'utf8');
    for (const capability of CHECKED) expect(barrel).toContain(`export * from './types/${capability}.js';`);
  });
});
