'use strict';
// What a policy call knows of the texts it read and wrote: which fit the caps, their exact
// token counts (each text counted at most once per call, and a count the one pass over a
// result made is reused), and the call's info, built lazily from those counts.

const tokens = require('../tokens.cjs');
const { jsonPass } = require('./elision-pass.cjs');

const sumLength = (texts) => texts.reduce((n, t) => n + t.length, 0);

/** Whether the texts together are within `maxBytes` UTF-8 bytes (undefined: no byte cap). */
function withinBytes(texts, maxBytes) {
  if (maxBytes === undefined || sumLength(texts) * 3 <= maxBytes) return true;
  let total = 0;
  for (const text of texts) {
    total += Buffer.byteLength(text, 'utf8');
    if (total > maxBytes) return false;
  }
  return true;
}

/**
 * The caps of one call, with a memory of the exact token counts made during it. `limits` is
 * `{ maxChars, maxBytes, maxTokens, encoding }` with the encoding already prepared (maxBytes,
 * UTF-8 bytes, and maxTokens may be undefined).
 */
class Meter {
  #known = [];

  constructor(limits) {
    this.limits = limits;
  }

  #remember(text, count) {
    if (count >= 0) this.#known.push([text, count]);
  }

  #recall(text) {
    for (const [known, count] of this.#known) if (known === text) return count;
    return -1;
  }

  /** Exact tokens of `text`, counted once per call. */
  tokens(text) {
    let count = this.#recall(text);
    if (count < 0) {
      count = tokens.countPrepared(text, this.limits.encoding, Infinity);
      this.#remember(text, count);
    }
    return count;
  }

  /** Exact tokens of the texts together. */
  tokenSum(texts) {
    return texts.reduce((n, t) => n + this.tokens(t), 0);
  }

  #fitsTokens(texts) {
    const { maxTokens, encoding } = this.limits;
    if (maxTokens === undefined) return true;
    if (texts.length === 1) {
      const text = texts[0];
      // Every token is at least one UTF-8 byte, and a UTF-16 unit is at most three.
      if (text.length * 3 <= maxTokens) return true;
      const count = tokens.countPrepared(text, encoding, maxTokens);
      if (count <= maxTokens) this.#remember(text, count);
      return count <= maxTokens;
    }
    let total = 0;
    for (const text of texts) {
      total += this.tokens(text);
      if (total > maxTokens) return false;
    }
    return true;
  }

  /** True when the texts together are within every cap. */
  fits(texts) {
    return (
      sumLength(texts) <= this.limits.maxChars && withinBytes(texts, this.limits.maxBytes) && this.#fitsTokens(texts)
    );
  }

  /** The one pass over the compact JSON `text` of a value (./elision-pass.cjs), its count kept. */
  pass(text, paged = false) {
    const pass = jsonPass(text, this.limits, paged);
    this.#remember(text, pass.tokens);
    return pass;
  }
}

/**
 * What `apply` and `fault` return: `result` at once, and `info` — a plain object with the
 * call's chars, exact token counts, whether it was elided and the policy's milliseconds — built
 * the first time it is read, so a caller that only sends the result never pays for counting.
 */
class Applied {
  #info;
  #makeInfo;

  constructor(result, makeInfo) {
    this.result = result;
    this.#makeInfo = makeInfo;
  }

  get info() {
    this.#info ??= this.#makeInfo();
    return this.#info;
  }
}

/**
 * The call's outcome: `outcome` is `{ result, textsIn, textsOut, elided }` (the texts of the
 * larger channel, in and out); `onResult`, when set, sees the info at once.
 */
function account(toolName, outcome, meter, started, onResult) {
  const ms = performance.now() - started;
  const { result, textsIn, textsOut, elided } = outcome;
  const applied = new Applied(result, () => ({
    tool: toolName,
    charsIn: sumLength(textsIn),
    tokensIn: meter.tokenSum(textsIn),
    charsOut: sumLength(textsOut),
    tokensOut: meter.tokenSum(textsOut),
    elided,
    ms,
  }));
  if (onResult !== undefined) {
    try {
      onResult(applied.info);
    } catch {
      // A throwing observer must not cost the caller its result.
    }
  }
  return applied;
}

module.exports = { Meter, Applied, account, sumLength };
