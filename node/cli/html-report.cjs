'use strict';
// `report --html FILE`: the report as one self-contained page, with the treemap of where a
// payload's tokens go. It shows the numbers buildReport computed, never numbers of its own.
const { escapeHtml, shown, page, treemap, bar, int, pct } = require('./html.cjs');
const { foldPath } = require('./fold-path.cjs');

/** Field rows the page lists under the treemap (the treemap itself shows every field). */
const TABLE_ROWS = 40;

function facts(report) {
  const given =
    report.givenChars === report.chars ? '' : ` (as given ${shown('givenChars', int(report.givenChars))} chars)`;
  const enc = report.encode;
  const fr = report.floatRounding;
  const rows = [
    [
      'Size',
      `${shown('chars', int(report.chars))} chars compact${given} · ${shown('bytes', int(report.bytes))} UTF-8 bytes`,
    ],
    [
      'Real tokens',
      Object.entries(report.tokens)
        .map(([e, n]) => `${escapeHtml(e)} ${shown(`tokens.${e}`, int(n))}`)
        .join(' · '),
    ],
    [
      'Estimates',
      report.estimates
        .map((e) => `${escapeHtml(e.method)} ${shown(`estimate.${e.method}`, int(e.tokens))}`)
        .join(' · '),
    ],
    [
      'encode()',
      enc.elided
        ? `elided: sends a ${shown('sentChars', int(enc.sentChars))}-char envelope`
        : `fits the ${int(enc.cap)}-char cap, sent as is`,
    ],
    [
      'Float rounding',
      `${fr.precision} digits: ${shown('rounded.chars', int(fr.chars))} chars, ${shown('rounded.tokens', int(fr.tokens))} tokens`,
    ],
    [
      'JSON vs TOON',
      `JSON ${shown('toon.jsonTokens', int(report.toon.jsonTokens))} · TOON ${shown('toon.toonTokens', int(report.toon.toonTokens))} tokens`,
    ],
    ['Inflation risk', shown('risk', report.inflationRisk.risk)],
  ];
  return `<dl class="facts">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function fieldTable(fields) {
  const max = Math.max(...fields.map((f) => f.tokenShare), 1e-9);
  const rows = fields
    .slice(0, TABLE_ROWS)
    .map(
      (f, i) =>
        `<tr data-row="${i}"><td>${escapeHtml(foldPath(f.path))}</td><td class="n">${shown(`field.${i}.tokens`, int(f.tokens))}</td><td class="n">${shown(`field.${i}.tokenShare`, pct(f.tokenShare))}</td><td class="n">${shown(`field.${i}.charShare`, pct(f.charShare))}</td><td>${bar(f.tokenShare, max)}</td></tr>`,
    );
  const more =
    fields.length > TABLE_ROWS
      ? `<p class="legend">… ${int(fields.length - TABLE_ROWS)} more fields in the treemap and in --json.</p>`
      : '';
  return `<table><tr><th>field</th><th class="n">tokens</th><th class="n">token share</th><th class="n">char share</th><th></th></tr>${rows.join('')}</table>${more}`;
}

/** The page for a buildReport result. */
function reportPage(report) {
  const fields = report.fields.map((f) => ({
    label: foldPath(f.path),
    tokens: f.tokens,
    tokenShare: f.tokenShare,
    charShare: f.charShare,
  }));
  const body = [
    facts(report),
    `<h2>Where the tokens go (${escapeHtml(report.encoding)})</h2>`,
    treemap(fields, 'fields'),
    `<h2>Fields, biggest first</h2>`,
    fieldTable(report.fields),
  ].join('\n');
  return page(
    `modoki-budget report — ${report.source}`,
    `Every number on this page is the one <code>modoki-budget report --json</code> prints.`,
    body,
  );
}

module.exports = { reportPage, TABLE_ROWS };
