'use strict';
// `proxy --html FILE`: the session as one self-contained page — tokens per call over time, per
// tool, and the treemap of the costliest responses.
const api = require('../index.cjs');
const { escapeHtml, shown, page, treemap, bar, int } = require('./html.cjs');
const { foldPath } = require('./report.cjs');

/** Responses larger than this are not attributed field by field (the page notes it). */
const ATTRIBUTE_MAX_CHARS = 4_000_000;
/** Fields kept per attributed response: the treemap's cells. */
const FIELDS_KEPT = 80;

/** The value a result carries: structuredContent, else a text block that is JSON, else the text. */
function payloadOf(result) {
  if (result === null || typeof result !== 'object') return undefined;
  if (result.structuredContent !== null && typeof result.structuredContent === 'object') return result.structuredContent;
  const texts = Array.isArray(result.content) ? result.content.filter((b) => b && b.type === 'text' && typeof b.text === 'string').map((b) => b.text) : [];
  if (texts.length === 0) return undefined;
  const text = texts.join('\n');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The field attribution of a result's payload, for the treemap (undefined when too big). */
function fieldsOf(result) {
  const payload = payloadOf(result);
  if (payload === undefined) return undefined;
  const size = typeof payload === 'string' ? payload.length : JSON.stringify(payload).length;
  if (size > ATTRIBUTE_MAX_CHARS) return undefined;
  if (typeof payload === 'string') return [{ label: '(text)', tokens: api.countTokens(payload), tokenShare: 100, charShare: 100 }];
  return api
    .tokenReport(payload)
    .fields.slice(0, FIELDS_KEPT)
    .map((f) => ({ label: foldPath(f.path), tokens: f.tokens, tokenShare: f.tokenShare, charShare: f.charShare }));
}

/** An SVG column chart of tokens received (and forwarded) per call, in call order. */
function timeline(calls) {
  const width = 960;
  const height = 200;
  const max = Math.max(1, ...calls.map((c) => c.tokensIn));
  const step = width / Math.max(1, calls.length);
  const w = Math.max(1, step - 1);
  const cols = calls.map((c, i) => {
    const hIn = (c.tokensIn / max) * (height - 20);
    const hOut = (c.tokensOut / max) * (height - 20);
    const x = (i * step).toFixed(1);
    return `<rect x="${x}" y="${(height - hIn).toFixed(1)}" width="${w.toFixed(1)}" height="${hIn.toFixed(1)}" fill="#3b82c4"><title>${escapeHtml(`#${i + 1} ${c.tool} at ${int(c.at)} ms: ${int(c.tokensIn)} tokens received, ${int(c.tokensOut)} forwarded`)}</title></rect><rect x="${x}" y="${(height - hOut).toFixed(1)}" width="${w.toFixed(1)}" height="${hOut.toFixed(1)}" fill="#7cb342" opacity="0.85"/>`;
  });
  const span = calls.length === 0 ? '' : ` Calls started from ${int(calls[0].at)} ms to ${int(calls[calls.length - 1].at)} ms after the proxy started.`;
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="tokens per call"><text x="0" y="12">${int(max)} tokens</text>${cols.join('')}</svg>
<p class="legend">One column per call, in the order the calls were made: blue = tokens the server sent, green = tokens forwarded to the model.${span}</p>`;
}

function toolTable(tools) {
  const max = Math.max(1, ...tools.map((t) => t.tokensIn));
  const rows = tools.map(
    (t, i) =>
      `<tr data-tool="${escapeHtml(t.tool)}"><td>${escapeHtml(t.tool)}</td><td class="n">${shown(`tool.${i}.calls`, int(t.calls))}</td><td class="n">${shown(`tool.${i}.tokensIn`, int(t.tokensIn))}</td><td class="n">${shown(`tool.${i}.tokensOut`, int(t.tokensOut))}</td><td class="n">${shown(`tool.${i}.elided`, int(t.elided))}</td><td>${bar(t.tokensIn, max)}<br>${bar(t.tokensOut, max, 240, 'bar out')}</td></tr>`,
  );
  return `<table><tr><th>tool</th><th class="n">calls</th><th class="n">tokens received</th><th class="n">forwarded</th><th class="n">elided</th><th></th></tr>${rows.join('')}</table>`;
}

/** The page for SessionStats.pageData(). */
function sessionPage(data) {
  const t = data.totals;
  const summary = `<dl class="facts"><dt>Calls</dt><dd>${shown('calls', int(t.calls))} (${shown('elided', int(t.elided))} elided)</dd><dt>Tokens received</dt><dd>${shown('tokensIn', int(t.tokensIn))}</dd><dt>Tokens forwarded</dt><dd>${shown('tokensOut', int(t.tokensOut))}</dd></dl>`;
  const costliest = data.costliest.map(
    (r, i) => `<h2>Costliest response ${i + 1}: ${escapeHtml(r.tool)} — ${shown(`costliest.${i}.tokensIn`, int(r.tokensIn))} tokens</h2>${r.fields ? treemap(r.fields, `costliest.${i}`, { height: 360 }) : '<p class="legend">Too large to attribute field by field.</p>'}`,
  );
  const body = [summary, '<h2>Tokens per call</h2>', timeline(data.calls), '<h2>Per tool, costliest first</h2>', toolTable(data.tools), ...costliest].join('\n');
  return page('modoki-budget proxy session', `Started ${escapeHtml(data.startedAt)}. Token counts are real cl100k_base tokens.`, body);
}

module.exports = { sessionPage, fieldsOf, payloadOf, ATTRIBUTE_MAX_CHARS };
