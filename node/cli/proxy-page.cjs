'use strict';
// `proxy --html FILE`: the session as one self-contained page — tokens per call and per page
// read over time, per tool, and the treemap of the costliest responses (a text by its lines, a
// document inside a string by its fields).
const api = require('../index.cjs');
const { escapeHtml, shown, page, treemap, bar, int } = require('./html.cjs');
const { foldPath } = require('./fold-path.cjs');

/** Responses larger than this are not attributed field by field (the page notes it). */
const ATTRIBUTE_MAX_CHARS = 4_000_000;
/** Fields kept per attributed response: the treemap's cells. */
const FIELDS_KEPT = 80;

/** The value a result carries: structuredContent, else a text block that is JSON, else the text. */
function payloadOf(result) {
  if (result === null || typeof result !== 'object') return undefined;
  if (result.structuredContent !== null && typeof result.structuredContent === 'object')
    return result.structuredContent;
  const texts = Array.isArray(result.content)
    ? result.content.filter((b) => b && b.type === 'text' && typeof b.text === 'string').map((b) => b.text)
    : [];
  if (texts.length === 0) return undefined;
  const text = texts.join('\n');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Cells a text is attributed in: runs of lines, so a text shows where its tokens are. */
const TEXT_CELLS = 24;
/** A string at least this long is looked into: a JSON document inside it, or its lines. */
const LOOK_INTO_CHARS = 2000;

/** `text` parsed when it holds a JSON object or array, else undefined. */
function documentIn(text) {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Cells for a text: runs of lines (`lines 1–40`), each with its tokens and chars. */
function lineCells(text, prefix) {
  const lines = text.split('\n');
  const per = Math.max(1, Math.ceil(lines.length / TEXT_CELLS));
  const cells = [];
  for (let at = 0; at < lines.length; at += per) {
    const run = lines.slice(at, at + per).join('\n');
    const last = Math.min(lines.length, at + per);
    const where = last === at + 1 ? `line ${at + 1}` : `lines ${at + 1}–${last}`;
    cells.push({ label: `${prefix}${where}`, tokens: api.countTokens(run), chars: run.length });
  }
  return cells;
}

/** Cells of a JSON value by field (the token report), each string that holds a document looked into. */
function valueCells(payload, prefix) {
  const report = api.tokenReport(payload);
  return report.fields.map((f) => ({ label: `${prefix}${foldPath(f.path)}`, tokens: f.tokens, chars: f.chars }));
}

/**
 * The cells of a payload: a text by its lines, or a document inside it by its fields; a JSON
 * value by its fields, with its one big string (if it has one, as server-filesystem's
 * `{"content":"…"}` does) replaced by the cells of that string.
 */
function payloadCells(payload) {
  if (typeof payload === 'string') {
    const document = payload.length >= LOOK_INTO_CHARS ? documentIn(payload) : undefined;
    return document === undefined ? lineCells(payload, '') : valueCells(document, '(document) ');
  }
  const big =
    payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? Object.keys(payload).find((k) => typeof payload[k] === 'string' && payload[k].length >= LOOK_INTO_CHARS)
      : undefined;
  if (big === undefined) return valueCells(payload, '');
  const rest = Object.fromEntries(Object.entries(payload).filter(([k]) => k !== big));
  const text = payload[big];
  const document = documentIn(text);
  const inner = document === undefined ? lineCells(text, `${big}: `) : valueCells(document, `${big} (document) `);
  return [...(Object.keys(rest).length > 0 ? valueCells(rest, '') : []), ...inner];
}

/** The field attribution of a result's payload, for the treemap (undefined when too big). */
function fieldsOf(result) {
  const payload = payloadOf(result);
  if (payload === undefined) return undefined;
  const size = typeof payload === 'string' ? payload.length : JSON.stringify(payload).length;
  if (size > ATTRIBUTE_MAX_CHARS) return undefined;
  const cells = payloadCells(payload).filter((c) => c.tokens > 0);
  const tokens = cells.reduce((s, c) => s + c.tokens, 0);
  const chars = cells.reduce((s, c) => s + c.chars, 0);
  return cells
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, FIELDS_KEPT)
    .map((c) => ({
      label: c.label,
      tokens: c.tokens,
      tokenShare: tokens === 0 ? 0 : (c.tokens / tokens) * 100,
      charShare: chars === 0 ? 0 : (c.chars / chars) * 100,
    }));
}

/**
 * An SVG column chart, one column per call and per page read in the order they happened: tokens
 * received (blue) and forwarded (green) for a call, tokens of the page (orange) for a page read.
 * Both axes are labelled: tokens up, the calls and page reads along.
 */
function timeline(calls, pages) {
  const events = [...calls, ...pages].sort((a, b) => a.at - b.at);
  const width = 960;
  const height = 220;
  const left = 64;
  const bottom = 34;
  const plotH = height - bottom - 14;
  const plotW = width - left - 8;
  const max = Math.max(1, ...events.map((e) => (e.kind === 'page' ? e.tokens : e.tokensIn)));
  const step = plotW / Math.max(1, events.length);
  const w = Math.max(1, step - 1);
  const y = (v) => (height - bottom - (v / max) * plotH).toFixed(1);
  const h = (v) => ((v / max) * plotH).toFixed(1);
  const cols = events.map((e, i) => {
    const x = (left + i * step).toFixed(1);
    if (e.kind === 'page')
      return `<rect class="page" x="${x}" y="${y(e.tokens)}" width="${w.toFixed(1)}" height="${h(e.tokens)}" fill="#e8913a"><title>${escapeHtml(`#${i + 1} page ${e.page} of ${e.tool}'s result ${e.resultId} at ${int(e.at)} ms: ${int(e.tokens)} tokens`)}</title></rect>`;
    return `<rect class="in" x="${x}" y="${y(e.tokensIn)}" width="${w.toFixed(1)}" height="${h(e.tokensIn)}" fill="#3b82c4"><title>${escapeHtml(`#${i + 1} ${e.tool} at ${int(e.at)} ms: ${int(e.tokensIn)} tokens received, ${int(e.tokensOut)} forwarded, ${e.ms} ms`)}</title></rect><rect class="out" x="${x}" y="${y(e.tokensOut)}" width="${w.toFixed(1)}" height="${h(e.tokensOut)}" fill="#7cb342" opacity="0.85"/>`;
  });
  const axes = [
    `<line x1="${left}" y1="${height - bottom}" x2="${width - 8}" y2="${height - bottom}" stroke="#8a939c"/>`,
    `<line x1="${left}" y1="14" x2="${left}" y2="${height - bottom}" stroke="#8a939c"/>`,
    `<text x="${left - 4}" y="18" text-anchor="end" data-k="axis.max">${int(max)}</text>`,
    `<text x="${left - 4}" y="${height - bottom}" text-anchor="end">0</text>`,
    `<text x="12" y="${(height - bottom) / 2}" transform="rotate(-90 12 ${(height - bottom) / 2})" text-anchor="middle" data-k="axis.y">tokens</text>`,
    `<text x="${left + plotW / 2}" y="${height - 8}" text-anchor="middle" data-k="axis.x">calls and page reads, in order (${int(events.length)})</text>`,
  ];
  const span =
    events.length === 0
      ? ''
      : ` From ${int(events[0].at)} ms to ${int(events[events.length - 1].at)} ms after the proxy started.`;
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="tokens per call and per page read">${axes.join('')}${cols.join('')}</svg>
<p class="legend">One column per call and per page read: blue = tokens the server sent, green = tokens forwarded to the model, orange = tokens of a page of an elided result the model read.${span}</p>`;
}

function toolTable(tools) {
  const max = Math.max(1, ...tools.map((t) => Math.max(t.tokensIn, t.tokensForwarded)));
  const cell = (i, key, value) => `<td class="n">${shown(`tool.${i}.${key}`, int(value))}</td>`;
  const rows = tools.map(
    (t, i) =>
      `<tr data-tool="${escapeHtml(t.tool)}"><td>${escapeHtml(t.tool)}</td>${cell(i, 'calls', t.calls)}${cell(i, 'tokensIn', t.tokensIn)}${cell(i, 'tokensOut', t.tokensOut)}${cell(i, 'pages', t.pages)}${cell(i, 'pageTokens', t.pageTokens)}${cell(i, 'tokensForwarded', t.tokensForwarded)}${cell(i, 'elided', t.elided)}<td>${bar(t.tokensIn, max)}<br>${bar(t.tokensForwarded, max, 240, 'bar out')}</td></tr>`,
  );
  return `<table><tr><th>tool</th><th class="n">calls</th><th class="n">tokens received</th><th class="n">answers forwarded</th><th class="n">pages read</th><th class="n">page tokens</th><th class="n">forwarded with pages</th><th class="n">elided</th><th></th></tr>${rows.join('')}</table>`;
}

/** The page for SessionStats.pageData(). */
function sessionPage(data) {
  const t = data.totals;
  const ms = (x) => `${x.toFixed(1)} ms`;
  const summary = `<dl class="facts"><dt>Calls</dt><dd>${shown('calls', int(t.calls))} (${shown('elided', int(t.elided))} elided)</dd><dt>Pages read</dt><dd>${shown('pages', int(t.pages))}</dd><dt>Tokens received</dt><dd>${shown('tokensIn', int(t.tokensIn))}</dd><dt>Tokens forwarded</dt><dd>${shown('tokensForwarded', int(t.tokensForwarded))}: ${shown('tokensOut', int(t.tokensOut))} in answers + ${shown('pageTokens', int(t.pageTokens))} in pages read</dd><dt>Saved</dt><dd>${shown('saved', `${t.savedPercent.toFixed(1)}%`)} of the tokens received, pages read included</dd><dt>Latency per call</dt><dd>median ${shown('latency.median', ms(t.latency.medianMs))}, p95 ${shown('latency.p95', ms(t.latency.p95Ms))}, max ${shown('latency.max', ms(t.latency.maxMs))}</dd></dl>`;
  const costliest = data.costliest.map(
    (r, i) =>
      `<h2>Costliest response ${i + 1}: ${escapeHtml(r.tool)} — ${shown(`costliest.${i}.tokensIn`, int(r.tokensIn))} tokens</h2>${r.fields ? treemap(r.fields, `costliest.${i}`, { height: 360 }) : '<p class="legend">Too large to attribute field by field.</p>'}`,
  );
  const body = [
    summary,
    '<h2>Tokens per call and per page read</h2>',
    timeline(data.calls, data.pages ?? []),
    '<h2>Per tool, costliest first</h2>',
    toolTable(data.tools),
    ...costliest,
  ].join('\n');
  return page(
    'modoki-budget proxy session',
    `Started ${escapeHtml(data.startedAt)}. Token counts are real cl100k_base tokens.`,
    body,
  );
}

module.exports = { sessionPage, fieldsOf, payloadOf, timeline, ATTRIBUTE_MAX_CHARS };
