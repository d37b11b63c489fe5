'use strict';
// The report of node/report/measure.cjs as the terminal shows it: a table and bars per field.
const { foldPath } = require('./fold-path.cjs');
const { ENCODINGS } = require('../report/measure.cjs');

const percent = (part, whole) => (whole === 0 ? 0 : (part / whole) * 100);
const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}%`;
const int = (n) => n.toLocaleString('en-US');

/** "as given 102,135 chars · compact 33,520 (−67%)", or just the size when the input was compact. */
function sizeText(report) {
  if (report.givenChars === report.chars) return `${int(report.chars)} chars`;
  const change = Math.round(percent(report.chars - report.givenChars, report.givenChars));
  return `as given ${int(report.givenChars)} chars · compact ${int(report.chars)} (${change >= 0 ? '+' : '−'}${Math.abs(change)}%)`;
}

function bar(share, width) {
  const cells = (share / 100) * width;
  const full = Math.floor(cells);
  const partial = ' ▏▎▍▌▋▊▉'[Math.round((cells - full) * 8)] ?? '';
  return ('█'.repeat(full) + (full < width ? partial : '')).padEnd(width).trimEnd();
}

function renderText(report, { top = 12, color }) {
  const c = color;
  const lines = [];
  const label = (text) => c.bold(text.padEnd(16));
  lines.push(c.bold(`modoki-budget report — ${report.source}`), '');
  lines.push(`${label('Size')}${sizeText(report)} · ${int(report.bytes)} UTF-8 bytes`);
  lines.push(`${label('Real tokens')}${ENCODINGS.map((e) => `${e} ${c.cyan(int(report.tokens[e]))}`).join(' · ')}`);
  lines.push(
    `${label('Estimates')}${report.estimates.map((e) => `${e.method} ${int(e.tokens)} (${c.yellow(signed(e.errorPercent))})`).join(' · ')}  vs ${report.encoding}`,
  );
  const enc = report.encode;
  lines.push(
    `${label('encode()')}${enc.elided ? c.red(`elided: over the ${int(enc.cap)}-char cap, sends a ${int(enc.sentChars)}-char envelope (${int(enc.sentTokens)} tokens)`) : c.green(`fits the ${int(enc.cap)}-char cap, sent as is`)}`,
  );
  const fr = report.floatRounding;
  lines.push(
    `${label('Float rounding')}${fr.precision} significant digits: ${int(report.chars)} → ${int(fr.chars)} chars, ${int(report.tokens[report.encoding])} → ${int(fr.tokens)} tokens (${c.green(signed(-percent(fr.savedTokens, report.tokens[report.encoding])))})`,
  );
  const t = report.toon;
  lines.push(
    `${label('JSON vs TOON')}compact JSON ${int(t.jsonTokens)} tokens · TOON ${int(t.toonTokens)} tokens → ${t.cheaper === 'toon' ? c.green(`TOON saves ${signed(-percent(t.jsonTokens - t.toonTokens, t.jsonTokens))}`) : 'JSON is cheaper here'}`,
  );
  const ir = report.inflationRisk;
  const riskColor = ir.risk === 'critical' || ir.risk === 'high' ? c.red : ir.risk === 'medium' ? c.yellow : c.green;
  lines.push(
    `${label('Inflation risk')}${riskColor(ir.risk)}${ir.unbounded.length ? ` — unbounded: ${ir.unbounded.slice(0, 3).join(', ')}${ir.unbounded.length > 3 ? ', …' : ''}` : ''} (${ir.fieldCount} fields in its shape)`,
  );
  lines.push('', c.bold(`Where the tokens go (${report.encoding}), biggest first — token share vs char share:`));
  const rows = report.fields.slice(0, top);
  const paths = rows.map((f) => foldPath(f.path));
  // Paths are never cut: a longer one only pushes its own row's bar to the right.
  const width = Math.min(48, Math.max(...paths.map((p) => p.length), 10));
  // Bars are scaled to the biggest share, so the ranking is visible even when shares are small.
  const biggest = Math.max(...rows.map((f) => f.tokenShare), 1e-9);
  for (const [i, f] of rows.entries()) {
    const name = paths[i].padEnd(width);
    lines.push(
      `  ${name}  ${c.cyan(bar((f.tokenShare / biggest) * 100, 30).padEnd(30))} ${f.tokenShare.toFixed(1).padStart(5)}%  ${c.dim(`(${f.charShare.toFixed(1)}% of chars, ${int(f.tokens)} tokens)`)}`,
    );
  }
  if (report.fields.length > rows.length)
    lines.push(c.dim(`  … ${report.fields.length - rows.length} more fields (--top N, or --json)`));
  return `${lines.join('\n')}\n`;
}

module.exports = { renderText };
