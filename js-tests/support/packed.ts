// The package as a user installs it: `npm pack` of this checkout (npm test has just built pkg/;
// --ignore-scripts keeps prepack from building it again), installed into a new, empty ESM
// project.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');

/** A new project named `name` with the packed tarball installed; returns its directory. */
export function installPacked(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `modoki-budget-${name}-`));
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  const project = join(dir, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, packed[0].filename)], {
    cwd: project,
    stdio: 'ignore',
  });
  return project;
}
