// The one JSON-RPC error table: how every package error code, an SDK McpError and anything
// else thrown become the error object withBudget and the proxy send.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

const require = createRequire(import.meta.url);
const {
  RPC,
  rpcErrorOf,
  rpcException,
  frame,
  request,
  notification,
  response,
  errorResponse,
  isResponse,
} = require('../node/mcp/jsonrpc.cjs');
const { codedError } = require('../node/internal/errors.cjs');

// Every code the package throws, read from its declaration so a new code cannot be missed.
const declared = [
  ...readFileSync(join(__dirname, '..', 'node', 'types', 'generated', 'errors.d.ts'), 'utf8').matchAll(
    /\| ["']([A-Z_]+)["']/g,
  ),
].map((m) => m[1]);

const CALLER_CAUSED = [
  'INVALID_INPUT',
  'INVALID_OPTION',
  'CONFLICTING_PARAMETER',
  'UNKNOWN_RESULT',
  'UNKNOWN_TOOL',
  'UNKNOWN_ACTION',
  'UNKNOWN_ENCODING',
  'INVALID_GUID',
  'GUID_PREFIX_TOO_SHORT',
  'AMBIGUOUS_GUID',
  'UNKNOWN_GUID',
];

describe('rpcErrorOf', () => {
  it('every package code: invalid params when the caller caused it, internal otherwise, the code in data.code', () => {
    expect(declared.length).toBe(17);
    for (const code of declared) {
      const want = CALLER_CAUSED.includes(code) ? -32602 : -32603;
      expect(rpcErrorOf(codedError(code, `it failed: ${code}`), { uri: 'budget://result/x' })).toEqual({
        code: want,
        message: `it failed: ${code}`,
        data: { code, uri: 'budget://result/x' },
      });
    }
  });

  it('a JSON-RPC error keeps its code and data; anything else is internal, with what it says', () => {
    expect(rpcErrorOf(new McpError(RPC.URL_ELICITATION_REQUIRED, 'open this', { url: 'u' }))).toEqual({
      code: -32042,
      message: 'MCP error -32042: open this',
      data: { url: 'u' },
    });
    expect(rpcErrorOf(new McpError(-32602, 'bad'), { uri: 'x' })).toEqual({
      code: -32602,
      message: 'MCP error -32602: bad',
      data: { uri: 'x' },
    });
    expect(rpcErrorOf(new Error('boom'))).toEqual({ code: -32603, message: 'boom' });
    expect(rpcErrorOf('a string')).toEqual({ code: -32603, message: 'a string' });
    const unreadable = {
      get message() {
        throw new Error('no');
      },
    };
    expect(rpcErrorOf(unreadable)).toEqual({ code: -32603, message: 'an error whose message cannot be read' });
  });

  it('rpcException is what the SDK sends as it is', () => {
    const e = rpcException({ code: -32602, message: 'm', data: { code: 'UNKNOWN_RESULT' } });
    expect([e instanceof Error, e.code, e.message, e.data]).toEqual([true, -32602, 'm', { code: 'UNKNOWN_RESULT' }]);
    expect(RPC).toEqual({
      PARSE_ERROR: -32700,
      INVALID_REQUEST: -32600,
      METHOD_NOT_FOUND: -32601,
      INVALID_PARAMS: -32602,
      INTERNAL_ERROR: -32603,
      SERVER_GONE: -32000,
      URL_ELICITATION_REQUIRED: -32042,
    });
  });
});

describe('messages and framing', () => {
  it('builds the four message shapes, one line each, and tells responses from the rest', () => {
    expect(frame(request(1, 'tools/list'))).toBe('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(frame(request('a', 'x', { s: 'line\nbreak' }))).toBe(
      '{"jsonrpc":"2.0","id":"a","method":"x","params":{"s":"line\\nbreak"}}',
    );
    expect(frame(notification('notifications/initialized'))).toBe(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    );
    expect(frame(response(2, {}))).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
    expect(frame(errorResponse(3, { code: -32601, message: 'm' }))).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"m"}}',
    );
    expect(
      [request(1, 'm'), response(1, {}), errorResponse('1', {}), notification('n'), { id: null }].map(isResponse),
    ).toEqual([false, true, true, false, false]);
  });
});
