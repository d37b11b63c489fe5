'use strict';
// What the proxy may say of the values that carry credentials — `--url` (user info, query),
// `--header` (every value), `--redis` (user info, query) — in any message, log line or error,
// whoever reads it (the user's terminal, the client, the model the client shows errors to).
// `shownUrl` and `shownHeader` are how such a value is named; `secretsOf` lists the secrets a
// set of those flags holds and `scrubber` takes every one of them out of any other text (a
// server's error body that echoes a token, a library's message that quotes the URL).

/** What stands for a secret. */
const MASK = '***';
/**
 * A secret shorter than this is left in free text (a query's `db=0`, a one-letter password):
 * masked in every URL and header the proxy prints, it is too short to be told from other text.
 */
const MIN_SCRUBBED = 4;

/** `raw` (a URL, valid or not) as it may be printed: user info and every query value masked, no fragment. */
function shownUrl(raw) {
  const text = String(raw);
  let url;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || url.host === '') return shownText(text);
  // Nothing to mask: the URL as it was written.
  if (url.username === '' && url.password === '' && url.search === '' && url.hash === '') return text;
  if (url.username !== '') url.username = MASK;
  if (url.password !== '') url.password = MASK;
  const names = [...url.searchParams.keys()];
  if (names.length > 0) url.search = names.map((name) => `${encodeURIComponent(name)}=${MASK}`).join('&');
  url.hash = '';
  return url.href.replaceAll('%2A%2A%2A', MASK);
}

/**
 * A URL without a host (not one at all, or an opaque `scheme:rest`) as it may be printed:
 * whatever precedes an `@` masked as user info, a query as one mask, no fragment.
 */
function shownText(text) {
  const end = text.search(/[?#]/);
  const head = end === -1 ? text : text.slice(0, end);
  const query = end !== -1 && text[end] === '?' ? `?${MASK}` : '';
  const at = head.lastIndexOf('@');
  if (at === -1) return head + query;
  const slashes = head.indexOf('//');
  const start = slashes !== -1 && slashes < at ? slashes + 2 : head.indexOf(':') + 1;
  return `${head.slice(0, start)}${MASK}${head.slice(at)}${query}`;
}

/** A `--header "Name: value"` flag as it may be printed: its name, never its value. */
function shownHeader(flag) {
  const at = String(flag).indexOf(':');
  const name = at === -1 ? '' : flag.slice(0, at).trim();
  return at === -1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) ? MASK : `${name}: ${MASK}`;
}

/**
 * The secrets of a URL: its password (and the Basic form of its user info), its query values
 * (raw and decoded). The user name is masked where the URL is shown, but it is no secret.
 */
function urlSecrets(raw) {
  let url;
  try {
    url = new URL(String(raw));
  } catch {
    return [];
  }
  const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  const out = [url.password, decodeURIComponent(url.password)];
  // The Authorization: Basic value the user info becomes.
  if (user !== ':') out.push(Buffer.from(user, 'utf8').toString('base64'));
  for (const [, value] of url.searchParams) out.push(value, encodeURIComponent(value));
  return out;
}

/**
 * Every secret `--url`, `--header` and `--redis` hold: `url` and `redis` are the raw flag
 * values, `headers` the `{ name: value }` sent. A header's value counts whole and, for
 * `Scheme token` values (Authorization: Bearer …), its token too.
 */
function secretsOf({ url, headers = {}, redis } = {}) {
  const out = [...urlSecrets(url), ...urlSecrets(redis)];
  for (const value of Object.values(headers)) {
    out.push(value);
    const token = /^\S+\s+(\S.*)$/.exec(value);
    if (token) out.push(token[1]);
  }
  return [...new Set(out.filter((s) => typeof s === 'string' && s.trim().length >= MIN_SCRUBBED))];
}

/** `scrub(text)`: `text` with every one of `secrets` replaced by MASK (the longest first). */
function scrubber(secrets) {
  const sorted = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = String(text);
    for (const secret of sorted) if (out.includes(secret)) out = out.replaceAll(secret, MASK);
    return out;
  };
}

module.exports = { MASK, shownUrl, shownHeader, secretsOf, scrubber };
