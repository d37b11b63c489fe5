// One smoke suite on every server-side runtime the package supports: Node, Bun and Deno (both
// from their npm packages, pinned as dev dependencies), each in a project that installed the
// packed tarball. Every export's answer on the shared case list (support/export-cases.mjs),
// through import and require, must equal Node's in this process.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as esm from 'modoki-budget';
import { installPacked } from './support/packed';
// @ts-expect-error — plain JavaScript shared with the browser app, no declarations
import { answers } from './support/export-cases.mjs';

const root = resolve(__dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const RUNTIMES: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'Node', command: process.execPath, args: ['smoke.mjs'] },
  { name: 'Bun', command: bin('bun'), args: ['smoke.mjs'] },
  { name: 'Deno', command: bin('deno'), args: ['run', '--allow-read', '--allow-env', 'smoke.mjs'] },
];

let project: string;
let nodeAnswers: Record<string, string>;

beforeAll(async () => {
  project = installPacked('runtimes');
  copyFileSync(join(__dirname, 'support', 'export-cases.mjs'), join(project, 'export-cases.mjs'));
  copyFileSync(join(__dirname, 'support', 'runtime-smoke.mjs'), join(project, 'smoke.mjs'));
  nodeAnswers = await answers(esm);
}, 300_000);

describe.each(RUNTIMES)('$name', ({ command, args }) => {
  it('answers every case exactly as Node does, through import and require, with one instance', async () => {
    const { stdout } = await promisify(execFile)(command, args, {
      cwd: project,
      maxBuffer: 64 << 20,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    });
    const out = JSON.parse(stdout);
    expect(out.esm).toEqual(nodeAnswers);
    expect(out.cjs).toEqual(nodeAnswers);
    expect(out.sameInstance).toBe(true);
  });
});
