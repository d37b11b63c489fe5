'use strict';
// Field paths as the report, its page and the proxy's page show them.

/**
 * A field path with repeated runs folded, so rows of recursive data stay readable and distinct:
 * `[].children[].children[].children[].name` → `[].children[]×3.name`. Runs of one to three
 * segments repeated at least twice are folded, the longest repeat first.
 */
function foldPath(path) {
  const segments = path.match(/\[\]|[^.[\]]+(?:\[\])*/g);
  if (segments === null || segments.join('') !== path.replace(/\./g, '')) return path;
  const out = [];
  let i = 0;
  while (i < segments.length) {
    let best = { period: 1, times: 1 };
    for (let period = 1; period <= 3 && i + 2 * period <= segments.length; period++) {
      let times = 1;
      while (i + (times + 1) * period <= segments.length && sameRun(segments, i, i + times * period, period)) times++;
      if (times >= 2 && times * period > best.times * best.period) best = { period, times };
    }
    const run = segments.slice(i, i + best.period);
    const text = joinSegments(run);
    out.push(best.times === 1 ? text : `${best.period === 1 ? text : `(${text})`}×${best.times}`);
    i += best.period * best.times;
  }
  return joinSegments(out);
}

const sameRun = (segments, a, b, length) => segments.slice(a, a + length).every((s, k) => s === segments[b + k]);
const joinSegments = (parts) =>
  parts.reduce((text, part) => (text === '' ? part : part.startsWith('[') ? `${text}${part}` : `${text}.${part}`), '');

module.exports = { foldPath };
