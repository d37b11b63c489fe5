// The proxy's whole-process peak memory on one 100 MB result, as a text and as JSON, against the
// result's size: `modoki-budget proxy` (default budget) runs under `/usr/bin/time -v` in front of
// a server this file also is (`--serve`, on bench/support/line-server.mjs), which streams the
// result's line in 1 MB writes so its own peak stays far below the proxy's. /usr/bin/time reports the largest peak of the process
// and the children it waited for; the server's own peak is printed beside it to show which one
// that is. Each case is a fresh proxy that answers one initialize, one tools/list and the call.
//
//   node bench/proxy-memory.mjs [--quick] [--mb N]     (--quick: 25 MB; default 100 MB)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine, fmt, table } from './lib.mjs';
import { MB, serveLines, textParts, write } from './support/line-server.mjs';

const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), '..');
const bin = join(root, 'bin', 'modoki-budget.cjs');
const TIME = '/usr/bin/time';

// ---- the server ---------------------------------------------------------------------------

/** Compact JSON rows, `{"rows":[` … `]}`, `size` chars and less than one row more, in ~1 MB parts. */
function* jsonParts(size) {
  let left = size - '{"rows":[]}'.length;
  yield '{"rows":[';
  for (let i = 0; left > 0;) {
    let part = '';
    while (part.length < MB && left > 0) {
      let row = JSON.stringify({
        ts: new Date(Date.UTC(2026, 11, 1) + i * 250).toISOString(),
        level: i % 97 === 0 ? 'warn' : 'info',
        service: ['api', 'worker', 'auth'][i % 3],
        msg: `request ${i} handled in ${20 + (i % 31)} ms`,
      });
      if (i > 0) row = `,${row}`;
      part += row;
      left -= row.length;
      i++;
    }
    yield part;
  }
  yield ']}';
}

/** The text tool answers a text of `mb` MB, the json tool structured content of `mb` MB. */
async function call(id, params) {
  const size = Math.round(Number(params.arguments.mb) * MB);
  if (params.name === 'text') {
    await write(`{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"`);
    for (const part of textParts(size)) await write(part);
    await write('"}]}}\n');
  } else {
    await write(`{"jsonrpc":"2.0","id":${id},"result":{"content":[],"structuredContent":`);
    for (const part of jsonParts(size)) await write(part);
    await write('}}\n');
  }
}

async function serve() {
  await serveLines({ name: 'm', capabilities: { tools: {} }, tools: ['text', 'json'], call });
  process.stderr.write(`server peak RSS: ${process.resourceUsage().maxRSS} kB\n`);
}

// ---- the measurement ----------------------------------------------------------------------

/** Milliseconds of /usr/bin/time's `[h:]m:ss.cc`. */
const wallMs = (clock) =>
  clock === undefined ? NaN : clock.split(':').reduce((total, part) => total * 60 + Number(part), 0) * 1000;

/** One proxy under /usr/bin/time -v answering one call of `tool` for `mb` MB: its figures. */
function measure(tool, mb) {
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-v', process.execPath, bin, 'proxy', '--', process.execPath, self, '--serve'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let reply = 0;
    let answered = 0;
    child.stdout.on('data', (chunk) => {
      reply += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) answered++;
      if (answered === 3) child.stdin.end();
    });
    const send = (id, method, params) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
    send(1, 'initialize', init);
    send(2, 'tools/list', {});
    send(3, 'tools/call', { name: tool, arguments: { mb } });
    child.on('error', reject);
    child.on('exit', (code) => {
      const kib = (re) => Number(re.exec(stderr)?.[1] ?? NaN);
      if (code !== 0) return reject(new Error(`proxy exited with ${code}: ${stderr.slice(-400)}`));
      resolve({
        maxRss: kib(/Maximum resident set size \(kbytes\): (\d+)/) * 1024,
        server: kib(/server peak RSS: (\d+) kB/) * 1024,
        wallMs: wallMs(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(stderr)?.[1]),
        reply,
      });
    });
  });
}

/** Both results at `mb` MB (100, or 25 when quick): the proxy's and the server's peak RSS. */
export async function run({ quick = false, mb = quick ? 25 : 100 } = {}) {
  if (!existsSync(TIME)) return { skipped: `${TIME} is not installed (apt-get install time)` };
  const rows = [];
  for (const tool of ['text', 'json']) {
    const m = await measure(tool, mb);
    rows.push({
      tool,
      mb,
      maxRss: m.maxRss,
      perResultByte: m.maxRss / (mb * MB),
      server: m.server,
      reply: m.reply,
      wallMs: m.wallMs,
    });
  }
  return { machine: describeMachine(), rows, target: 3 };
}

async function main() {
  const at = process.argv.indexOf('--mb');
  const r = await run({
    quick: process.argv.includes('--quick'),
    ...(at > 0 ? { mb: Number(process.argv[at + 1]) } : {}),
  });
  if (r.skipped) {
    console.log(`proxy memory skipped: ${r.skipped}`);
    return;
  }
  const rows = r.rows.map((m) => ({
    result: `${m.tool}, ${m.mb} MB`,
    'proxy max RSS': `${fmt(m.maxRss / MB, 0)} MB`,
    '÷ result': `${fmt(m.perResultByte, 2)}×`,
    'server max RSS': `${fmt(m.server / MB, 0)} MB`,
    'answer bytes': m.reply,
    'proxy wall': `${fmt(m.wallMs / 1000, 1)} s`,
  }));
  console.log(`# proxy memory on one big result (${r.machine})\n`);
  console.log(table(rows, ['result', 'proxy max RSS', '÷ result', 'server max RSS', 'answer bytes', 'proxy wall']));
  console.log(
    '\nproxy max RSS: /usr/bin/time -v of the proxy process (the largest of it and its server); ÷ result: against the result’s size (target <= 3). answer bytes: the three answers the client got (initialize, tools/list, the elided call); proxy wall: the proxy’s whole run, the server’s writing included.',
  );
}

if (process.argv.includes('--serve')) await serve();
else if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
