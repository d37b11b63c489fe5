// The corpus of real results: eleven calls to six real servers on real data (real-servers.ts),
// each with the needle an agent calling it would look for — its kind and the marks that show it —
// and the code that makes the calls, directly or through `modoki-budget proxy`. The test
// (js-tests/real-previews.test.ts) and the benchmark (bench/real-previews.mjs) both run it.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CONSOLE_PAGE,
  type RealServer,
  connect,
  devtoolsServer,
  filesystemServer,
  flightsData,
  gitServer,
  motherduckServer,
  playwrightServer,
  projectClones,
  pythonDocs,
  serveDocs,
  sqliteServer,
} from './real-servers';

/**
 * What the agent looks for. The preview promises (issue 35) an error, an outlier, a match of the
 * call's arguments, the tail, the changed files of a diff, and the outline of indented text or a
 * deep tree (its headings, every level's names); a `lookup` is a value no argument names, which
 * nothing promises.
 */
export type NeedleKind = 'error' | 'outlier' | 'argument' | 'tail' | 'changed-files' | 'outline' | 'lookup';

/** The kinds the preview promises to show: the target counts only these cases. */
export const PROMISED_KINDS: ReadonlySet<NeedleKind> = new Set([
  'error',
  'outlier',
  'argument',
  'tail',
  'changed-files',
  'outline',
]);

export interface Needle {
  kind: NeedleKind;
  /** What it is, in a few words. */
  what: string;
  /** Every mark must be in the preview, compared squashed (see `squash`). */
  marks: Array<string | RegExp>;
}

export type ServerKey = 'playwright' | 'devtools' | 'git' | 'filesystem' | 'sqlite' | 'motherduck';

export interface RealCase {
  id: string;
  server: ServerKey;
  tool: string;
  args: Record<string, unknown>;
  /** Calls made first on the same connection (a browser navigates before it is read). */
  before?: Array<{ tool: string; args: Record<string, unknown> }>;
  /** The needle, or how to find it in the result's text (where only the result says where it is). */
  needle: Needle | ((text: string) => Needle);
}

export interface RealCorpus {
  cases: RealCase[];
  servers: Partial<Record<ServerKey, RealServer>>;
  /** One line per server that cannot run here. */
  skipped: string[];
  close(): Promise<void>;
}

/** The query both databases answer: January's departures from JFK, with the year's longest delay. */
export const FLIGHTS_QUERY =
  "SELECT month, day, dep_time, carrier, flight, tailnum, origin, dest, dep_delay, arr_delay FROM flights WHERE month = 1 AND origin = 'JFK'";

/** The first commit: git_diff of the early clone against it is the diff of its whole history. */
export const DIFF_TARGET = 'ccace43eb00d04a995979eab66c6fdf094b39ffd';
/** The commit git_show reads: a refactor across a few dozen files. */
export const SHOWN_COMMIT = 'f35c5113291d5aeb28a4748934e140fd999b797e';

/**
 * A text as compared for marks: JSON string escapes undone (a preview may hold the result as a
 * JSON string), then every whitespace removed, so pretty and compact layouts compare equal.
 */
export function squash(text: string): string {
  return text
    .replace(/\\[nrt]/g, ' ')
    .replace(/\\(["\\/])/g, '$1')
    .replace(/\s+/g, '');
}

const markIn = (squashed: string, mark: string | RegExp) =>
  typeof mark === 'string' ? squashed.includes(squash(mark)) : mark.test(squashed);

/** Whether every mark of `needle` is in `text`. */
export function needleShown(needle: Needle, text: string): boolean {
  const squashed = squash(text);
  return needle.marks.every((m) => markIn(squashed, m));
}

/** Where the needle's first mark starts in `text`, as a fraction of it (null: not there). */
export function needleAt(needle: Needle, text: string): number | null {
  const squashed = squash(text);
  const mark = needle.marks[0];
  const at = typeof mark === 'string' ? squashed.indexOf(squash(mark)) : squashed.search(mark);
  return at < 0 ? null : at / squashed.length;
}

function gitLines(repo: string, args: string[]): string[] {
  const r = spawnSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l !== '');
}

/**
 * The last h2 heading of the page the snapshot is of: its ref in the snapshot and its text
 * (a heading is `heading "Text" [level=2] [ref=eN]`, or with a permalink, its text a child).
 */
function snapshotNeedle(heading: string) {
  return (text: string): Needle => {
    const named = new RegExp(`heading "${heading}" \\[level=2\\] \\[ref=(e\\d+)\\]`);
    const parent = new RegExp(`heading \\[level=2\\] \\[ref=(e\\d+)\\]:\\n\\s*- text: ${heading}\\n`);
    const ref = (named.exec(text) ?? parent.exec(text))?.[1];
    if (ref === undefined) throw new Error(`the snapshot has no level-2 heading "${heading}"`);
    return { kind: 'outline', what: `the last section's heading (${ref})`, marks: [`[ref=${ref}]`, heading] };
  };
}

const lastLine =
  (what: string) =>
  (text: string): Needle => {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    return { kind: 'tail', what, marks: [lines[lines.length - 1]] };
  };

const fsCases = (docs: string, clone: string | null): RealCase[] => {
  const sources = ['sqlite3', 'json', 'csv'].map((m) => join(docs, '_sources', 'library', `${m}.rst.txt`));
  const second = readFileSync(sources[1], 'utf8').split('\n')[0];
  const cases: RealCase[] = [
    {
      id: 'filesystem directory_tree',
      server: 'filesystem',
      tool: 'directory_tree',
      args: { path: docs },
      needle: {
        kind: 'outline',
        what: 'every top-level name',
        marks: readdirSync(docs).map((name) => `"name":"${name}"`),
      },
    },
    {
      id: 'filesystem search_files',
      server: 'filesystem',
      tool: 'search_files',
      args: { path: docs, pattern: '**/*' },
      needle: lastLine('the last path found'),
    },
    {
      id: 'filesystem read_multiple_files',
      server: 'filesystem',
      tool: 'read_multiple_files',
      args: { paths: sources },
      needle: { kind: 'argument', what: 'the second file asked for', marks: [`${sources[1]}:`, second] },
    },
  ];
  if (clone !== null) {
    const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8'));
    const sdk = lock.packages['node_modules/@modelcontextprotocol/sdk'].version as string;
    cases.push({
      id: 'filesystem read_text_file',
      server: 'filesystem',
      tool: 'read_text_file',
      args: { path: join(clone, 'package-lock.json') },
      needle: {
        kind: 'lookup',
        what: 'the locked SDK version',
        marks: [`"node_modules/@modelcontextprotocol/sdk": {"version": "${sdk}"`],
      },
    });
  }
  return cases;
};

const gitCases = ({ pinned: repo, early }: { pinned: string; early: string }): RealCase[] => {
  const files = (args: string[]) => gitLines(repo, args);
  const diffFiles = gitLines(early, ['diff', '--name-only', DIFF_TARGET]);
  return [
    {
      id: 'git git_log',
      server: 'git',
      tool: 'git_log',
      args: { repo_path: repo, max_count: 1000 },
      needle: {
        kind: 'tail',
        what: 'the oldest commit',
        marks: [files(['rev-list', '--max-count=1000', 'HEAD']).pop() as string],
      },
    },
    {
      id: 'git git_diff',
      server: 'git',
      tool: 'git_diff',
      args: { repo_path: early, target: DIFF_TARGET },
      needle: {
        kind: 'changed-files',
        what: `the first and last of ${diffFiles.length} changed files`,
        marks: [diffFiles[0], diffFiles[diffFiles.length - 1]],
      },
    },
    {
      id: 'git git_show',
      server: 'git',
      tool: 'git_show',
      args: { repo_path: repo, revision: SHOWN_COMMIT },
      needle: {
        kind: 'changed-files',
        what: `its ${files(['show', '--name-only', '--format=', SHOWN_COMMIT]).length} changed files`,
        marks: files(['show', '--name-only', '--format=', SHOWN_COMMIT]),
      },
    },
  ];
};

const OUTLIER = 'the 1,301-minute delay (HA 51 to HNL, January 9)';

const browserCases = (docsUrl: string): RealCase[] => [
  {
    id: 'playwright browser_snapshot',
    server: 'playwright',
    tool: 'browser_snapshot',
    args: {},
    before: [{ tool: 'browser_navigate', args: { url: `${docsUrl}library/stdtypes.html` } }],
    needle: snapshotNeedle('Integer string conversion length limitation'),
  },
  {
    id: 'devtools list_console_messages',
    server: 'devtools',
    tool: 'list_console_messages',
    args: {},
    before: [
      { tool: 'navigate_page', args: { type: 'url', url: `${docsUrl}${CONSOLE_PAGE.slice(1)}` } },
      { tool: 'wait_for', args: { text: ['indexed'], timeout: 30_000 } },
    ],
    needle: {
      kind: 'error',
      what: 'the uncaught TypeError',
      marks: ["TypeError: Cannot read properties of undefined (reading 'length')"],
    },
  },
];

const dataCases = (): RealCase[] => [
  {
    id: 'sqlite read_query',
    server: 'sqlite',
    tool: 'read_query',
    args: { query: FLIGHTS_QUERY },
    needle: { kind: 'outlier', what: OUTLIER, marks: [/['"]dep_delay['"]:1301(\.0)?(?![\d.])/] },
  },
  {
    id: 'motherduck execute_query',
    server: 'motherduck',
    tool: 'execute_query',
    args: { sql: FLIGHTS_QUERY },
    needle: { kind: 'outlier', what: OUTLIER, marks: [/"HNL",1301(\.0)?(?![\d.])/] },
  },
];

/**
 * Installs what can be installed and returns the cases whose servers can run here, in the
 * issue's order, with one skip line per server that cannot. `close` stops the docs' server.
 */
export async function realCorpus(): Promise<RealCorpus> {
  const skipped: string[] = [];
  const docs = pythonDocs();
  const web = await serveDocs(docs);
  const clones = projectClones();
  const clone = clones?.pinned ?? null;
  const flights = flightsData();
  const servers: Partial<Record<ServerKey, RealServer>> = {};
  const add = (key: ServerKey, server: RealServer | null, why: string) => {
    if (server === null) skipped.push(`skipped: ${key}: ${why}`);
    else servers[key] = server;
  };
  add('playwright', playwrightServer(), 'npm is unreachable');
  add('devtools', devtoolsServer(), 'npm is unreachable');
  add(
    'git',
    clones === null ? null : gitServer(),
    clones === null ? 'no clone at the pinned commits' : 'PyPI is unreachable',
  );
  servers.filesystem = filesystemServer(clone === null ? [docs] : [docs, clone]);
  add('sqlite', flights === null ? null : sqliteServer(flights.sqlite), 'PyPI is unreachable');
  add('motherduck', flights === null ? null : motherduckServer(flights.duckdb), 'PyPI is unreachable');
  const all = [
    ...browserCases(web.url),
    ...(clones === null ? [] : gitCases(clones)),
    ...fsCases(docs, clone),
    ...dataCases(),
  ];
  return { cases: all.filter((c) => servers[c.server] !== undefined), servers, skipped, close: web.close };
}

/** A CallToolResult as the SDK's Client returns it. */
export interface ToolResult {
  content: Array<{ type: string; text?: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ToolListing {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

/**
 * One case called: the result, the tool as listed, the milliseconds the call took, and the
 * needle (of a direct call: a proxied result is the preview, where a needle is looked for).
 */
export interface CaseCall {
  case: RealCase;
  needle: Needle | null;
  result: ToolResult;
  tool: ToolListing;
  ms: number;
  client: Client;
}

/** The result's texts, joined: where a needle that only the result locates is found. */
export const textOf = (r: ToolResult) =>
  r.content
    .filter((b) => b.type === 'text')
    .map((b) => b.text as string)
    .join('\n');

const CALL_TIMEOUT = { timeout: 180_000 };

/**
 * Calls every case, one connection per server (directly, or through the proxy with
 * `proxyFlags`), in order; `close` closes the connections.
 */
export async function callCases(
  corpus: RealCorpus,
  proxyFlags?: string[],
): Promise<{ calls: CaseCall[]; close(): Promise<void> }> {
  const clients = new Map<ServerKey, { client: Client; tools: ToolListing[] }>();
  const calls: CaseCall[] = [];
  const close = () => Promise.all([...clients.values()].map(({ client }) => client.close())).then(() => undefined);
  try {
    for (const c of corpus.cases) {
      let open = clients.get(c.server);
      if (open === undefined) {
        const client = await connect(corpus.servers[c.server] as RealServer, proxyFlags);
        open = { client, tools: (await client.listTools()).tools as ToolListing[] };
        clients.set(c.server, open);
      }
      const { client, tools } = open;
      for (const step of c.before ?? []) {
        const r = (await client.callTool(
          { name: step.tool, arguments: step.args },
          undefined,
          CALL_TIMEOUT,
        )) as ToolResult;
        if (r.isError === true) throw new Error(`${c.id}: ${step.tool} failed: ${textOf(r).slice(0, 500)}`);
      }
      const started = performance.now();
      const result = (await client.callTool(
        { name: c.tool, arguments: c.args },
        undefined,
        CALL_TIMEOUT,
      )) as ToolResult;
      const ms = performance.now() - started;
      const tool = tools.find((t) => t.name === c.tool);
      if (tool === undefined) throw new Error(`${c.id}: the server lists no tool ${c.tool}`);
      const needle =
        proxyFlags !== undefined ? null : typeof c.needle === 'function' ? c.needle(textOf(result)) : c.needle;
      calls.push({ case: c, needle, result, tool, ms, client });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { calls, close };
}

/**
 * What the policy keeps of an over-cap result, as JSON text or text (docs/mcp.md, Pages):
 * structuredContent when present, else its one text, else the JSON array of its texts.
 */
export function keptOf(r: ToolResult): string {
  if (r.structuredContent !== undefined) return JSON.stringify(r.structuredContent);
  const texts = r.content.filter((b) => b.type === 'text').map((b) => b.text as string);
  if (texts.length !== 1) return JSON.stringify(texts);
  try {
    const value = JSON.parse(texts[0]);
    if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  } catch {
    // not JSON: kept as itself
  }
  return texts[0];
}
