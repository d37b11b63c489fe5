// `modoki-budget proxy --log FILE` in front of the line server, and the rows it logged once the
// session is over: the idiom the proxy, session-stats and session-page tests share.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, lineClient, lineServer, within, type LineClient } from './line-client';

/** A log path in a fresh temporary directory (the file itself does not exist yet). */
export const freshLog = (prefix = 'proxy-log-') => join(mkdtempSync(join(tmpdir(), prefix)), 'calls.jsonl');

/** The proxy logging to `log`, with `flags`, in front of the line server. */
export function loggingProxy(log: string, flags: string[] = []): LineClient {
  return lineClient([bin, 'proxy', '--log', log, ...flags, '--', process.execPath, lineServer]);
}

/** Ends the client's side of the session, waits for the proxy to exit, and returns every row of `log`. */
export async function loggedRows(c: LineClient, log: string, ms = 15_000): Promise<Array<Record<string, any>>> {
  c.child.stdin.end();
  await within(c.exit, ms, 'proxy exit');
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}
