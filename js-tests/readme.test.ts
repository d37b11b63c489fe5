// The README is also the package's npm page, read where only the published files exist: every
// relative link must name a file the package ships, every anchor a heading, every path and
// command it names must exist. These tests fail when a file moves or a command is renamed.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// Fenced blocks hold example output and code, not links.
const prose = readme.replace(/^```[^]*?^```$/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

const shipped = (path: string) =>
  pkg.files.some((entry: string) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

describe('README: links and commands that work on the npm page', () => {
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);

  it('links are absolute, anchors, or files the package ships', () => {
    const relative = targets.filter((t) => !/^(https?:|#)/.test(t));
    expect(relative.length).toBeGreaterThan(5);
    const broken = relative.filter((t) => !(existsSync(join(root, t)) && shipped(t)));
    expect(broken).toEqual([]);
  });

  it('every anchor names a heading', () => {
    const headings = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
    const anchors = targets.filter((t) => t.startsWith('#')).map((t) => t.slice(1));
    expect(anchors.length).toBeGreaterThan(0);
    expect(anchors.filter((a) => !headings.has(a))).toEqual([]);
  });

  it('every repository path it names exists', () => {
    const paths = [
      ...new Set(
        [
          ...readme.matchAll(
            /`(?:node )?((?:bench|scripts|js-tests|examples|src|node|fuzz|samples|docs|bin)\/[\w./-]*)/g,
          ),
        ].map((m) => m[1].replace(/[.,]$/, '')),
      ),
    ];
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('every npm script it names is in package.json', () => {
    const scripts = [
      ...new Set([...readme.matchAll(/npm (?:run ([\w:-]+)|(start|test))\b/g)].map((m) => m[1] ?? m[2])),
    ];
    expect(scripts).toEqual(expect.arrayContaining(['start', 'test', 'bench', 'figures', 'format', 'fuzz']));
    expect(scripts.filter((s) => pkg.scripts[s] === undefined)).toEqual([]);
  });

  it('every CLI command it names answers --help', () => {
    const commands = [...new Set([...readme.matchAll(/npx (?:-y )?modoki-budget (\w+)/g)].map((m) => m[1]))].sort();
    expect(commands).toEqual(['audit', 'encode', 'lock', 'menu', 'proxy', 'report', 'tokens', 'toon']);
    for (const command of commands) {
      const r = spawnSync(process.execPath, [join(root, 'bin', 'modoki-budget.cjs'), command, '--help'], {
        encoding: 'utf8',
      });
      expect({ command, status: r.status, usage: r.stdout.includes(command) }).toEqual({
        command,
        status: 0,
        usage: true,
      });
    }
  });
});
