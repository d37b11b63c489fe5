'use strict';
// Who owns the pages of an over-cap result: the one name withBudget keeps them for, on either
// SDK line. Pages kept for an owner are readable by that owner only; a read by anyone else
// answers exactly as an unknown id.

const { createHash } = require('node:crypto');

const digest = (text) => createHash('sha256').update(text).digest('base64url');
const isObject = (v) => typeof v === 'object' && v !== null;
const nonEmpty = (v) => typeof v === 'string' && v !== '';

/**
 * The authenticated principal of `authInfo` (the SDK's AuthInfo, as a token verifier made it):
 * the token's subject when the verifier reports one (`extra.sub`, with the client it was issued
 * to), else the token itself (a digest: the owner holds no secret). Never the `clientId` alone
 * while there is a token: under Client ID Metadata Documents every user of one application
 * shares its client id. Undefined without authInfo.
 */
function principalOf(authInfo) {
  if (!isObject(authInfo)) return undefined;
  const sub = isObject(authInfo.extra) && nonEmpty(authInfo.extra.sub) ? authInfo.extra.sub : undefined;
  if (sub !== undefined) return `subject:${digest(JSON.stringify([String(authInfo.clientId ?? ''), sub]))}`;
  if (nonEmpty(authInfo.token)) return `token:${digest(authInfo.token)}`;
  if (nonEmpty(authInfo.clientId)) return `client:${authInfo.clientId}`;
  return undefined;
}

/**
 * Who a request comes from: its authenticated principal (`authInfo`: `extra.authInfo` on SDK
 * v1, `ctx.http.authInfo` on v2 — the same object its transport delivered), else its 2025-era
 * session (`sessionId`); undefined with neither (a server without authentication or sessions,
 * every 2026-07-28 request without auth: the result's id is then a bearer capability).
 */
function ownerOf({ authInfo, sessionId } = {}) {
  const principal = principalOf(authInfo);
  if (principal !== undefined) return principal;
  return nonEmpty(sessionId) ? `session:${sessionId}` : undefined;
}

module.exports = { principalOf, ownerOf };
