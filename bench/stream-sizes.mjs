// Before/after sizes of the stream summaries on the generated samples of summarizer-sizes.mjs,
// in characters and in real tokens (cl100k_base and o200k_base). "Before" is the producer's
// full output as compact JSON; "after" is the summary's default reply as compact JSON.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { makeSamples, streamRows } from './summarizer-sizes.mjs';

const require = createRequire(import.meta.url);
const m = require('modoki-budget');

export function run() {
  return streamRows(makeSamples()).map(([name, before, after]) => {
    const [b, a] = [JSON.stringify(before), JSON.stringify(after)];
    return {
      name,
      before: b.length,
      after: a.length,
      beforeCl: m.countTokens(b),
      afterCl: m.countTokens(a),
      beforeO: m.countTokens(b, 'o200k_base'),
      afterO: m.countTokens(a, 'o200k_base'),
    };
  });
}

/** The rows as docs/streams.md shows them. */
export function markdownTable(rows) {
  const f = (n) => n.toLocaleString('en-US');
  return [
    '| reply (default call) | before chars | after chars | before tokens (cl100k / o200k) | after tokens (cl100k / o200k) | smaller by (cl100k tokens) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(r.before)} | ${f(r.after)} | ${f(r.beforeCl)} / ${f(r.beforeO)} | ${f(r.afterCl)} / ${f(r.afterO)} | ${(r.beforeCl / r.afterCl).toFixed(1)}× |`,
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(markdownTable(run()));
}
