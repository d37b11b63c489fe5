#!/usr/bin/env node
// The server the official conformance suites (`@modelcontextprotocol/conformance`, the 2025 line
// and the 2026-07-28 line) run against: every tool, resource and prompt their server scenarios
// call, written once on the SDK v2 `McpServer` and served to both protocol eras by the SDK's own
// entries. Our own code, written from the scenarios' stated requirements.
//
//   node js-tests/support/conformance-server.mjs --http PORT [--with-budget]   Streamable HTTP
//   node js-tests/support/conformance-server.mjs --stdio [--with-budget]       stdio
//
// Over HTTP, 2026-07-28 traffic (the per-request `_meta` envelope, no session) goes to
// `createMcpHandler`; 2025 traffic (`initialize`, then a session id) to a sessionful
// Streamable HTTP transport per session, which server-to-client requests (sampling,
// elicitation) and SSE resumption need. `--with-budget` wraps every server instance in
// `withBudget`. With `--http 0` the port is chosen by the system; the first line on stdout is
// `listening on http://127.0.0.1:PORT/mcp`.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  McpServer,
  ResourceTemplate,
  WebStandardStreamableHTTPServerTransport,
  acceptedContent,
  completable,
  createMcpHandler,
  createRequestStateCodec,
  fromJsonSchema,
  hostHeaderValidationResponse,
  inputRequired,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { z } from 'zod';

const args = process.argv.slice(2);
const WITH_BUDGET = args.includes('--with-budget');

/** A 1×1 PNG and a minimal WAV, as the content scenarios ask for. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/** The JSON Schema 2020-12 input schema SEP-1613 asks a server to list unchanged. */
const SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Cache hints for the 2026-07-28 cacheable results (SEP-2549). */
const CACHE_HINTS = {
  'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
  'prompts/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/read': { ttlMs: 300_000, cacheScope: 'private' },
  'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
};

/** Multi-round-trip state is signed, so a tampered `requestState` is refused (-32602). */
const stateCodec = createRequestStateCodec({ key: randomUUID() + randomUUID() });

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stringSchema = (field) => ({
  type: 'object',
  properties: { [field]: { type: 'string' } },
  required: [field],
});
/** The `content` field of a bare elicitation response, or `fallback`. */
function answered(responses, key, field, fallback = 'unknown') {
  const value = responses?.[key]?.content?.[field];
  return typeof value === 'string' ? value : fallback;
}

/** What changes the list-changed scenarios trigger are published through (HTTP only). */
let notifyChange = () => {};

function registerContentTools(server) {
  server.registerTool('test_simple_text', { description: 'Tests simple text content response' }, async () =>
    text('This is a simple text response for testing.'),
  );
  server.registerTool('test_image_content', { description: 'Tests image content response' }, async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  }));
  server.registerTool('test_audio_content', { description: 'Tests audio content response' }, async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  }));
  server.registerTool(
    'test_embedded_resource',
    { description: 'Tests embedded resource content response' },
    async () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Tests response with multiple content types (text, image, resource)' },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool('test_error_handling', { description: 'Tests error response handling' }, async () => {
    throw new Error('This tool intentionally returns an error for testing');
  });
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
      inputSchema: fromJsonSchema(SCHEMA_2020_12),
    },
    async (input) => text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(input)}`),
  );
}

function registerNotifyingTools(server) {
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Tests tool that emits log messages during execution', inputSchema: z.object({}) },
    async (_input, ctx) => {
      for (const [i, data] of [
        'Tool execution started',
        'Tool processing data',
        'Tool execution completed',
      ].entries()) {
        if (i > 0) await sleep(50);
        await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data } });
      }
      return text('Tool with logging executed successfully');
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Tests tool that reports progress notifications', inputSchema: z.object({}) },
    async (_input, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
      for (const progress of [0, 50, 100]) {
        if (progress > 0) await sleep(50);
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress, total: 100, message: `Completed step ${progress} of 100` },
        });
      }
      return text(String(progressToken));
    },
  );
  server.registerTool(
    'test_reconnection',
    {
      description: 'Closes the SSE stream of this call mid-call, then answers after the client reconnects (SEP-1699)',
      inputSchema: z.object({}),
    },
    async (_input, ctx) => {
      ctx.http?.closeSSE?.();
      await sleep(100);
      return text(
        'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
      );
    },
  );
  server.registerTool(
    'test_logging_tool',
    { description: 'Logs once; a 2026 request without a log level gets no log' },
    async (_input, ctx) => {
      await ctx.mcpReq.log('info', 'Diagnostic trace logging activated');
      return text('Logging evaluated');
    },
  );
  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Reports progress on the response stream, then answers' },
    async (_input, ctx) => {
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: 'token-abc', progress: 50, total: 100 },
      });
      return text('Streaming complete');
    },
  );
  server.registerTool(
    'test_trigger_tool_change',
    { description: 'Publishes a tools list change to open listen streams' },
    async () => {
      notifyChange('tools');
      return text('Mutation triggered');
    },
  );
  server.registerTool(
    'test_trigger_prompt_change',
    { description: 'Publishes a prompts list change to open listen streams' },
    async () => {
      notifyChange('prompts');
      return text('Mutation triggered');
    },
  );
}

/**
 * A 2025-era server-to-client request sent as part of the call being handled, so it goes on
 * that call's own response stream (`ctx.mcpReq.elicitInput` and `requestSampling` send on the
 * session's standalone stream, which a client may not have open yet).
 */
const related = (ctx, method, params) => ctx.mcpReq.send({ method, params });

/** 2025-era server-to-client requests, sent on the stream of the call they belong to. */
function registerAskingTools(server) {
  const elicitText = (r) => `action=${r.action}, content=${JSON.stringify(r.content || {})}`;
  server.registerTool(
    'test_sampling',
    {
      description: 'Tests server-initiated sampling (LLM completion request)',
      inputSchema: z.object({ prompt: z.string() }),
    },
    async ({ prompt }, ctx) => {
      const r = await related(ctx, 'sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      return text(`LLM response: ${r.content?.text ?? 'No response'}`);
    },
  );
  server.registerTool(
    'test_elicitation',
    {
      description: 'Tests server-initiated elicitation (user input request)',
      inputSchema: z.object({ message: z.string() }),
    },
    async ({ message }, ctx) => {
      const r = await related(ctx, 'elicitation/create', {
        message,
        requestedSchema: {
          type: 'object',
          properties: { response: { type: 'string', description: "User's response" } },
          required: ['response'],
        },
      });
      return text(`User response: ${elicitText(r)}`);
    },
  );
  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Tests elicitation with default values per SEP-1034', inputSchema: z.object({}) },
    async (_i, ctx) => {
      const r = await related(ctx, 'elicitation/create', {
        message: 'Please review and update the form fields with defaults',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'User name', default: 'John Doe' },
            age: { type: 'integer', description: 'User age', default: 30 },
            score: { type: 'number', description: 'User score', default: 95.5 },
            status: {
              type: 'string',
              description: 'User status',
              enum: ['active', 'inactive', 'pending'],
              default: 'active',
            },
            verified: { type: 'boolean', description: 'Verification status', default: true },
          },
          required: [],
        },
      });
      return text(`Elicitation completed: ${elicitText(r)}`);
    },
  );
  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Tests elicitation with enum schema improvements per SEP-1330', inputSchema: z.object({}) },
    async (_i, ctx) => {
      const r = await related(ctx, 'elicitation/create', {
        message: 'Please select options from the enum fields',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: {
              type: 'string',
              description: 'Select one option',
              enum: ['option1', 'option2', 'option3'],
            },
            titledSingle: {
              type: 'string',
              description: 'Select one option with titles',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              description: 'Select one option (legacy)',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              description: 'Select multiple options',
              minItems: 1,
              maxItems: 3,
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              description: 'Select multiple options with titles',
              minItems: 1,
              maxItems: 3,
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
          required: [],
        },
      });
      return text(`Elicitation completed: ${elicitText(r)}`);
    },
  );
}

/** 2026-07-28 multi-round-trip tools (SEP-2322): `input_required` results, state signed. */
function registerInputRequiredTools(server) {
  const ask = async (inputRequests, state) =>
    inputRequired({
      inputRequests,
      ...(state ? { requestState: await stateCodec.mint({ ...state, nonce: randomUUID() }) } : {}),
    });
  const elicit = (message, field) => inputRequired.elicit({ message, requestedSchema: stringSchema(field) });
  const sample = (prompt, maxTokens) =>
    inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens });
  const caps = (ctx) => ctx.mcpReq.envelope?.['io.modelcontextprotocol/clientCapabilities'] ?? {};
  const tool = (name, description, run) =>
    server.registerTool(name, { description, inputSchema: z.object({}).passthrough() }, (_i, ctx) => run(ctx));

  // Without the sampling capability its sampling input request is one the SDK refuses (-32021).
  tool('test_missing_capability', 'Needs the sampling capability (-32021 without it)', async (ctx) =>
    caps(ctx).sampling ? text('Success') : ask({ sample_request: sample('Say hello', 10) }),
  );
  tool(
    'test_input_required_result_elicitation',
    'MRTR: returns InputRequiredResult with elicitation request',
    async (ctx) => {
      const r = ctx.mcpReq.inputResponses;
      if (r?.user_name) return text(`Hello, ${answered(r, 'user_name', 'name')}!`);
      return ask({ user_name: elicit('What is your name?', 'name') });
    },
  );
  tool(
    'test_input_required_result_sampling',
    'MRTR: returns InputRequiredResult with sampling request',
    async (ctx) => {
      const sampled = ctx.mcpReq.inputResponses?.sample_request;
      if (sampled)
        return text(
          `Sampling result: ${typeof sampled.content?.text === 'string' ? sampled.content.text : 'no response'}`,
        );
      return ask({ sample_request: sample('What is the capital of France?', 100) });
    },
  );
  tool(
    'test_input_required_result_list_roots',
    'MRTR: returns InputRequiredResult with roots/list request',
    async (ctx) => {
      const roots = ctx.mcpReq.inputResponses?.roots_request;
      if (roots) return text(`Found ${Array.isArray(roots.roots) ? roots.roots.length : 0} root(s)`);
      return ask({ roots_request: inputRequired.listRoots() });
    },
  );
  tool(
    'test_input_required_result_request_state',
    'MRTR: returns InputRequiredResult with requestState',
    async (ctx) => {
      const state = ctx.mcpReq.requestState();
      const ok = ctx.mcpReq.inputResponses?.confirm?.content?.ok;
      if (state?.kind === 'request-state' && ok === true) return text('state-ok: requestState validated');
      return ask(
        {
          confirm: inputRequired.elicit({
            message: 'Please confirm',
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
          }),
        },
        { kind: 'request-state' },
      );
    },
  );
  tool(
    'test_input_required_result_multiple_inputs',
    'MRTR: returns InputRequiredResult with multiple input requests',
    async (ctx) => {
      const r = ctx.mcpReq.inputResponses;
      if (ctx.mcpReq.requestState()?.kind === 'multiple-inputs' && r?.user_name && r.greeting && r.client_roots) {
        const greeting = typeof r.greeting.content?.text === 'string' ? r.greeting.content.text : 'Hello there!';
        const roots = Array.isArray(r.client_roots.roots) ? r.client_roots.roots.length : 0;
        return text(`Name: ${answered(r, 'user_name', 'name')}; Greeting: ${greeting}; Roots: ${roots}`);
      }
      return ask(
        {
          user_name: elicit('What is your name?', 'name'),
          greeting: sample('Generate a greeting', 50),
          client_roots: inputRequired.listRoots(),
        },
        { kind: 'multiple-inputs' },
      );
    },
  );
  tool('test_input_required_result_multi_round', 'MRTR: multi-round InputRequiredResult workflow', async (ctx) => {
    const state = ctx.mcpReq.requestState();
    const r = ctx.mcpReq.inputResponses;
    if (state?.round === 1 && r?.step1) {
      return ask(
        { step2: elicit('Step 2: What is your favorite color?', 'color') },
        { round: 2, name: answered(r, 'step1', 'name') },
      );
    }
    if (state?.round === 2 && r?.step2)
      return text(`Multi-round complete for ${state.name} who likes ${answered(r, 'step2', 'color')}`);
    return ask({ step1: elicit('Step 1: What is your name?', 'name') }, { round: 1 });
  });
  tool('test_input_required_result_tampered_state', 'MRTR: HMAC-signed requestState integrity test', async (ctx) => {
    if (ctx.mcpReq.requestState()?.kind === 'tamper-test' && ctx.mcpReq.inputResponses?.confirm)
      return text('integrity-ok: state verified');
    return ask(
      {
        confirm: inputRequired.elicit({
          message: 'Please confirm',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        }),
      },
      { kind: 'tamper-test' },
    );
  });
  tool(
    'test_input_required_result_capabilities',
    'MRTR: respects client capabilities in inputRequests',
    async (ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      if (responses && Object.keys(responses).length > 0)
        return text(`capabilities-ok: received ${Object.keys(responses).join(',')}`);
      const requests = {};
      if (caps(ctx).elicitation) requests.elicit_input = elicit('Elicitation input', 'value');
      if (caps(ctx).sampling) requests.sample_input = sample('Sample request', 50);
      if (Object.keys(requests).length === 0) return text('No supported capabilities declared');
      return ask(requests, { kind: 'capabilities-test' });
    },
  );
}

function registerResources(server) {
  const plain = (uri, body, mimeType = 'text/plain') => ({ contents: [{ uri, mimeType, text: body }] });
  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static Text Resource', description: 'A static text resource for testing', mimeType: 'text/plain' },
    async () => plain('test://static-text', 'This is the content of the static text resource.'),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    {
      title: 'Static Binary Resource',
      description: 'A static binary resource (image) for testing',
      mimeType: 'image/png',
    },
    async () => ({ contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }] }),
  );
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    {
      title: 'Resource Template',
      description: 'A resource template with parameter substitution',
      mimeType: 'application/json',
    },
    async (uri, { id }) =>
      plain(uri.toString(), JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }), 'application/json'),
  );
  server.registerResource(
    'watched-resource',
    'test://watched-resource',
    { title: 'Watched Resource', description: 'A subscribable resource', mimeType: 'text/plain' },
    async () => plain('test://watched-resource', 'Watched resource content'),
  );
}

function registerPrompts(server) {
  const user = (content) => ({ role: 'user', content });
  server.registerPrompt(
    'test_simple_prompt',
    { title: 'Simple Test Prompt', description: 'A simple prompt without arguments' },
    async () => ({
      messages: [user({ type: 'text', text: 'This is a simple prompt for testing.' })],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Prompt With Arguments',
      description: 'A prompt with required arguments',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), (v) =>
          ['paris', 'park', 'party'].filter((s) => s.startsWith(v)),
        ),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    async ({ arg1, arg2 }) => ({
      messages: [user({ type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` })],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      title: 'Prompt With Embedded Resource',
      description: 'A prompt that includes an embedded resource',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    async ({ resourceUri }) => ({
      messages: [
        user({
          type: 'resource',
          resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
        }),
        user({ type: 'text', text: 'Please process the embedded resource above.' }),
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_image',
    { title: 'Prompt With Image', description: 'A prompt that includes image content' },
    async () => ({
      messages: [
        user({ type: 'image', data: PNG, mimeType: 'image/png' }),
        user({ type: 'text', text: 'Please analyze the image above.' }),
      ],
    }),
  );
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'MRTR: prompt that requires elicitation input' },
    async (ctx) => {
      const r = ctx.mcpReq.inputResponses;
      if (r?.user_context)
        return {
          messages: [user({ type: 'text', text: `Prompt with context: ${answered(r, 'user_context', 'context')}` })],
        };
      return inputRequired({
        inputRequests: {
          user_context: inputRequired.elicit({
            message: 'What context should the prompt use?',
            requestedSchema: stringSchema('context'),
          }),
        },
      });
    },
  );
}

/** One server instance with everything registered; the factory both entries call. */
async function makeServer() {
  const server = new McpServer(
    { name: 'modoki-budget-conformance-server', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
      cacheHints: CACHE_HINTS,
      requestState: { verify: stateCodec.verify },
    },
  );
  registerContentTools(server);
  registerNotifyingTools(server);
  registerAskingTools(server);
  registerInputRequiredTools(server);
  registerResources(server);
  registerPrompts(server);
  server.server.setRequestHandler('resources/subscribe', async () => ({}));
  server.server.setRequestHandler('resources/unsubscribe', async () => ({}));
  if (!WITH_BUDGET) return server;
  const { withBudget } = await import('modoki-budget');
  return withBudget(server, { preset: 'claudeCode' });
}

/** An in-memory event store, so a client can resume a closed SSE stream (SEP-1699). */
function eventStore() {
  const events = new Map();
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}::${String(events.size).padStart(8, '0')}`;
      events.set(id, { streamId, message });
      return id;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = lastEventId.split('::')[0];
      for (const [id, event] of events) {
        if (event.streamId === streamId && id > lastEventId) await send(id, event.message);
      }
      return streamId;
    },
  };
}

function serveHttp(port) {
  const modern = createMcpHandler(() => makeServer(), { legacy: 'reject' });
  notifyChange = (what) => (what === 'tools' ? modern.notify.toolsChanged() : modern.notify.promptsChanged());
  const sessions = new Map();
  const jsonError = (status, code, message) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  async function legacy(request) {
    const sid = request.headers.get('mcp-session-id');
    if (sid) {
      const transport = sessions.get(sid);
      return transport ? transport.handleRequest(request) : jsonError(404, -32001, 'Session not found');
    }
    const body =
      request.method === 'POST'
        ? await request
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
    if (!isInitializeRequest(body)) return jsonError(400, -32000, 'Bad Request: no valid session id');
    const server = await makeServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: eventStore(),
      retryInterval: 1000,
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  const endpoint = {
    fetch: async (request) =>
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
      ((await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request)),
  };
  const http = createServer(toNodeHandler(endpoint));
  http.listen(port, '127.0.0.1', () => {
    process.stdout.write(`listening on http://127.0.0.1:${http.address().port}/mcp\n`);
  });
  const stop = () => {
    for (const t of sessions.values()) void t.close();
    http.close();
    void modern.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (args.includes('--stdio')) {
  // The instance the connection is pinned to publishes the changes; serveStdio delivers them on
  // the connection's open listen streams (2026-07-28) or as plain notifications (2025).
  let pinned;
  notifyChange = (what) => (what === 'tools' ? pinned?.sendToolListChanged() : pinned?.sendPromptListChanged());
  serveStdio(async () => (pinned = await makeServer()));
} else {
  const at = args.indexOf('--http');
  serveHttp(at >= 0 ? Number(args[at + 1]) : 0);
}
