'use strict';
// What a proxy session measured: one record per tools/call, the --log lines, the exit summary,
// and the data the session's HTML page draws.
const { appendFileSync } = require('node:fs');

/** Tools named in the exit summary, costliest first. */
const SUMMARY_TOOLS = 5;
/** Responses whose field attribution the HTML page keeps (the costliest ones). */
const KEPT_RESPONSES = 3;

const int = (n) => n.toLocaleString('en-US');

class SessionStats {
  /** `log`: a file to append one JSON line per call to (or undefined). */
  constructor({ log, writeFile = appendFileSync, startedAt = Date.now() } = {}) {
    this.log = log;
    this.writeFile = writeFile;
    this.startedAt = startedAt;
    this.calls = [];
    /** Page reads, as the surface reported them (their tokens counted only if read). */
    this.pages = [];
    this.costliest = [];
  }

  /** One answered tools/call: the policy's info plus `started` and `durationMs`. */
  add(info, startedOffsetMs) {
    const call = {
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
    if (this.log !== undefined) this.writeFile(this.log, `${JSON.stringify({ kind: 'call', ...call })}\n`);
    return call;
  }

  /** One page read (a budget:// resource or the page tool), logged as a `kind: 'page'` line. */
  page(record, startedOffsetMs) {
    this.pages.push(record);
    if (this.log === undefined) return;
    const { tool, resultId, page, chars, tokens, ms } = record;
    const line = { kind: 'page', tool, resultId, page, chars, tokens, ms: round(ms), at: round(startedOffsetMs) };
    this.writeFile(this.log, `${JSON.stringify(line)}\n`);
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

  /** Per tool: calls, tokens received and forwarded, elided calls; costliest first. */
  byTool() {
    const tools = new Map();
    for (const c of this.calls) {
      const t = tools.get(c.tool) ?? {
        tool: c.tool,
        calls: 0,
        tokensIn: 0,
        tokensOut: 0,
        charsIn: 0,
        charsOut: 0,
        elided: 0,
      };
      t.calls += 1;
      t.tokensIn += c.tokensIn;
      t.tokensOut += c.tokensOut;
      t.charsIn += c.charsIn;
      t.charsOut += c.charsOut;
      t.elided += c.elided ? 1 : 0;
      tools.set(c.tool, t);
    }
    return [...tools.values()].sort((a, b) => b.tokensIn - a.tokensIn);
  }

  totals() {
    const sum = (key) => this.calls.reduce((s, c) => s + c[key], 0);
    return {
      calls: this.calls.length,
      tokensIn: sum('tokensIn'),
      tokensOut: sum('tokensOut'),
      charsIn: sum('charsIn'),
      charsOut: sum('charsOut'),
      elided: this.calls.filter((c) => c.elided).length,
    };
  }

  /** The lines printed to stderr when the proxy exits. */
  summary() {
    const t = this.totals();
    const saved = t.tokensIn === 0 ? 0 : ((t.tokensIn - t.tokensOut) / t.tokensIn) * 100;
    const lines = [
      `modoki-budget proxy: ${int(t.calls)} call${t.calls === 1 ? '' : 's'}, ${int(t.tokensIn)} tokens received, ${int(t.tokensOut)} forwarded (${saved.toFixed(1)}% saved), ${int(t.elided)} elided`,
    ];
    const tools = this.byTool().slice(0, SUMMARY_TOOLS);
    if (tools.length > 0)
      lines.push(
        `  costliest tools: ${tools.map((x) => `${x.tool} ${int(x.tokensIn)} → ${int(x.tokensOut)} tokens (${int(x.calls)} call${x.calls === 1 ? '' : 's'})`).join('; ')}`,
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
      costliest: this.costliest,
    };
  }
}

const round = (ms) => (typeof ms === 'number' && Number.isFinite(ms) ? Math.round(ms * 1000) / 1000 : 0);

module.exports = { SessionStats, SUMMARY_TOOLS, KEPT_RESPONSES };
