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

/** A tool's row of byTool(), before any call or page of it. */
const toolRow = (tool) => ({
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

class SessionStats {
  /**
   * `log`: a file to append one JSON line per call and per page read to (or undefined).
   * `keepRecords`: keep every record for pageData() (default true; the proxy keeps them only
   * for --html). The totals and the summary are sums kept as the records come, so without the
   * records a session's memory does not grow with its length, but for 8 bytes per call: the
   * latencies its quantiles are exact over.
   */
  constructor({ log, writeFile = appendFileSync, startedAt = Date.now(), keepRecords = true } = {}) {
    this.log = log;
    this.writeFile = writeFile;
    this.startedAt = startedAt;
    this.keepRecords = keepRecords;
    /** The calls and the page reads (their tokens counted only if read), when kept. */
    this.calls = [];
    this.pages = [];
    this.costliest = [];
    /** tool → its byTool() row, summed as records come. */
    this.tools = new Map();
    /** Every call's round trip in ms, for the latency quantiles. */
    this.latencies = [];
    this.pageChars = 0;
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
    const t = this.#tool(call.tool);
    t.calls += 1;
    t.tokensIn += call.tokensIn;
    t.tokensOut += call.tokensOut;
    t.charsIn += call.charsIn;
    t.charsOut += call.charsOut;
    t.elided += call.elided ? 1 : 0;
    t.tokensForwarded += call.tokensOut;
    this.latencies.push(call.ms);
    if (this.keepRecords) this.calls.push(call);
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
    const t = this.#tool(page.tool);
    t.pages += 1;
    t.pageTokens += page.tokens;
    this.pageChars += page.chars;
    t.tokensForwarded += page.tokens;
    if (this.keepRecords) this.pages.push(page);
    return page;
  }

  #tool(tool) {
    let row = this.tools.get(tool);
    if (row === undefined) this.tools.set(tool, (row = toolRow(tool)));
    return row;
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
    return [...this.tools.values()].map((row) => ({ ...row })).sort((a, b) => b.tokensIn - a.tokensIn);
  }

  /**
   * The session's totals. `tokensForwarded` is every token the model was sent: the answers
   * (`tokensOut`) and the pages read afterwards (`pageTokens`); `savedPercent` is the saving on
   * that basis (negative when reading pages cost more than the results would have).
   */
  totals() {
    const tools = [...this.tools.values()];
    const tokensIn = sumOf(tools, 'tokensIn');
    const tokensOut = sumOf(tools, 'tokensOut');
    const pageTokens = sumOf(tools, 'pageTokens');
    const tokensForwarded = tokensOut + pageTokens;
    const ms = this.latencies;
    return {
      calls: sumOf(tools, 'calls'),
      tokensIn,
      tokensOut,
      charsIn: sumOf(tools, 'charsIn'),
      charsOut: sumOf(tools, 'charsOut'),
      elided: sumOf(tools, 'elided'),
      pages: sumOf(tools, 'pages'),
      pageTokens,
      pageChars: this.pageChars,
      tokensForwarded,
      savedPercent: tokensIn === 0 ? 0 : ((tokensIn - tokensForwarded) / tokensIn) * 100,
      latency: {
        medianMs: quantile(ms, 0.5),
        p95Ms: quantile(ms, 0.95),
        maxMs: ms.reduce((m, x) => Math.max(m, x), 0),
      },
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
