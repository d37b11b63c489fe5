import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { countTokens } from 'modoki-budget';
const require = createRequire(import.meta.url);
const fsServer = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'p2ba-'));
const tree = join(dir, 'tree');
for (let m = 0; m < 25; m++) for (let p = 0; p < 8; p++) { const f0 = join(tree, `module-${String(m).padStart(2, '0')}`, `part-${p}`); mkdirSync(f0, { recursive: true }); for (let f = 0; f < 10; f++) writeFileSync(join(f0, `component-${f}.ts`), `export const id = ${f};\n`); }
for (const flags of [[], ['--preview']]) {
  const c = new Client({ name: 'x', version: '0' });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: ['bin/modoki-budget.mjs', 'proxy', ...flags, '--preset', 'claudeCode', '--', process.execPath, fsServer, tree], stderr: 'ignore' }));
  const r = await c.callTool({ name: 'directory_tree', arguments: { path: tree } });
  const t = r.content[0].text;
  console.log(flags.join(' ') || '(no flag)', t.length, 'chars', countTokens(t), 'tokens');
  console.log(t.slice(0, 900));
  await c.close();
}
const direct = new Client({ name: 'x', version: '0' });
await direct.connect(new StdioClientTransport({ command: process.execPath, args: [fsServer, tree], stderr: 'ignore' }));
const d = await direct.callTool({ name: 'directory_tree', arguments: { path: tree } });
console.log('direct', d.content[0].text.length, 'chars', countTokens(d.content[0].text), 'tokens');
await direct.close();
rmSync(dir, { recursive: true, force: true });
