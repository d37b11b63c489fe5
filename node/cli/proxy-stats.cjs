'use strict';
// What a proxy session measured: one record per tools/call and per page of an elided result
// read afterwards, the --log lines, the exit summary, and the data the session's HTML page
// draws. Records come as `{ kind: 'call', … }` (the policy's info plus timing) and
// `{ kind: 'page', tool, resultId, page, chars, tokens, ms }`; a record without `kind` is a call.
const { appendFileSync } = require('node:fs');

/** Tools named in the exit summary, costliest first. */
const SUMMARY_TOOLS = 5;
/** Responses whose field attribution the HTML page keeps (the costliest ones). */
const KEPT_RESPONSES = 3;

const int = (n) => n.toLocaleString('en-US');
const plural = (n, word) => `${int(n)} ${word}${n === 1 ? '' : 's'}`;
const sumOf = (rows, key) => rows.reduce((s, r) => s + r[key], 0);

/** The q-quantile (0..1) of `values` by the nearest-rank rule; 0 for none. */
function quantile(values, q) {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

class SessionStats {
  /** `log`: a file to append one JSON line per call and per page read to (or undefined). */
  constructor({ log, writeFile = appendFileSync, startedAt = Date.now() } = {}) {
    this.log = log;
    this.writeFile = writeFile;
    this.startedAt = startedAt;
    this.calls = [];
    /** Page reads, as the surface reported them (their tokens counted only if read). */
    this.pages = [];
    this.costliest = [];
  }

  /** One record: a page read (`kind: 'page'`) or an answered tools/call (the policy's info plus `durationMs`). */
  add(info, startedOffsetMs) {
    const record = info.kind === 'page' ? this.#page(info, startedOffsetMs) : this.#call(info, startedOffsetMs);
    if (this.log !== undefined) this.writeFile(this.log, `${JSON.stringify(record)}\n`);
    return record;
  }

  #call(info, startedOffsetMs) {
    const call = {
      kind: 'call',
      tool: info.tool,
      charsIn: info.charsIn,
      tokensIn: info.tokensIn,
      charsOut: info.charsOut,
      tokensOut: info.tokensOut,
      elided: info.elided,
      ms: round(info.durationMs),
      policyMs: round(info.ms),
      at: round(startedOffsetMs),
    };
    this.calls.push(call);
    return call;
  }

  #page(info, startedOffsetMs) {
    const page = {
      kind: 'page',
      tool: info.tool,
      resultId: info.resultId,
      page: info.page,
      chars: info.chars,
      tokens: info.tokens,
      ms: round(info.ms),
      at: round(startedOffsetMs),
    };
    this.pages.push(page);
    return page;
  }

  /** One page read (a budget:// resource or the page tool), logged as a `kind: 'page'` line. */
  page(record, startedOffsetMs) {
    return this.add({ ...record, kind: 'page' }, startedOffsetMs);
  }

  /** Whether a response of `tokensIn` would be among the costliest kept for the HTML page. */
  wouldKeep(tokensIn) {
    return this.costliest.length < KEPT_RESPONSES || tokensIn > this.costliest[this.costliest.length - 1].tokensIn;
  }

  /** Keeps a response's field attribution if it is among the costliest. */
  keep(call, fields) {
    if (!this.wouldKeep(call.tokensIn)) return;
    this.costliest.push({ tool: call.tool, tokensIn: call.tokensIn, charsIn: call.charsIn, fields });
    this.costliest.sort((a, b) => b.tokensIn - a.tokensIn);
    this.costliest.length = Math.min(this.costliest.length, KEPT_RESPONSES);
  }

  /** Per tool: calls, tokens received and forwarded, pages read and their tokens, elided calls; costliest first. */
  byTool() {
    const tools = new Map();
    const of = (tool) => {
      if (!tools.has(tool))
        tools.set(tool, {
          tool,
          calls: 0,
          tokensIn: 0,
          tokensOut: 0,
          charsIn: 0,
          charsOut: 0,
          elided: 0,
          pages: 0,
          pageTokens: 0,
          tokensForwarded: 0,
        });
      return tools.get(tool);
    };
    for (const c of this.calls) {
      const t = of(c.tool);
      t.calls += 1;
      t.tokensIn += c.tokensIn;
      t.tokensOut += c.tokensOut;
      t.charsIn += c.charsIn;
      t.charsOut += c.charsOut;
      t.elided += c.elided ? 1 : 0;
      t.tokensForwarded += c.tokensOut;
    }
    for (const p of this.pages) {
      const t = of(p.tool);
      t.pages += 1;
      t.pageTokens += p.tokens;
      t.tokensForwarded += p.tokens;
    }
    return [...tools.values()].sort((a, b) => b.tokensIn - a.tokensIn);
  }

  /**
   * The session's totals. `tokensForwarded` is every token the model was sent: the answers
   * (`tokensOut`) and the pages read afterwards (`pageTokens`); `savedPercent` is the saving on
   * that basis (negative when reading pages cost more than the results would have).
   */
  totals() {
    const tokensIn = sumOf(this.calls, 'tokensIn');
    const tokensOut = sumOf(this.calls, 'tokensOut');
    const pageTokens = sumOf(this.pages, 'tokens');
    const tokensForwarded = tokensOut + pageTokens;
    const ms = this.calls.map((c) => c.ms);
    return {
      calls: this.calls.length,
      tokensIn,
      tokensOut,
      charsIn: sumOf(this.calls, 'charsIn'),
      charsOut: sumOf(this.calls, 'charsOut'),
      elided: this.calls.filter((c) => c.elided).length,
      pages: this.pages.length,
      pageTokens,
      pageChars: sumOf(this.pages, 'chars'),
      tokensForwarded,
      savedPercent: tokensIn === 0 ? 0 : ((tokensIn - tokensForwarded) / tokensIn) * 100,
      latency: { medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95), maxMs: ms.length === 0 ? 0 : Math.max(...ms) },
    };
  }

  /** The lines printed to stderr when the proxy exits. */
  summary() {
    const t = this.totals();
    const pages =
      t.pages === 0 ? '' : ` + ${int(t.pageTokens)} in ${plural(t.pages, 'page')} read = ${int(t.tokensForwarded)}`;
    const lines = [
      `modoki-budget proxy: ${plural(t.calls, 'call')}, ${int(t.tokensIn)} tokens received, ${int(t.tokensOut)} forwarded${pages} (${t.savedPercent.toFixed(1)}% saved), ${int(t.elided)} elided`,
    ];
    if (t.calls > 0)
      lines.push(
        `  latency per call: median ${t.latency.medianMs.toFixed(1)} ms, p95 ${t.latency.p95Ms.toFixed(1)} ms, max ${t.latency.maxMs.toFixed(1)} ms`,
      );
    const tools = this.byTool().slice(0, SUMMARY_TOOLS);
    if (tools.length > 0)
      lines.push(
        `  costliest tools: ${tools.map((x) => `${x.tool} ${int(x.tokensIn)} → ${int(x.tokensForwarded)} tokens (${plural(x.calls, 'call')}${x.pages === 0 ? '' : `, ${plural(x.pages, 'page')}`})`).join('; ')}`,
      );
    return `${lines.join('\n')}\n`;
  }

  /** Everything the session's HTML page shows, as data. */
  pageData() {
    return {
      startedAt: new Date(this.startedAt).toISOString(),
      totals: this.totals(),
      tools: this.byTool(),
      calls: this.calls,
      pages: this.pages,
      costliest: this.costliest,
    };
  }
}

const round = (ms) => (typeof ms === 'number' && Number.isFinite(ms) ? Math.round(ms * 1000) / 1000 : 0);

module.exports = { SessionStats, SUMMARY_TOOLS, KEPT_RESPONSES, quantile };
