'use strict';
// The budget policy for MCP tool results, independent of any SDK object: a CallToolResult (or
// a handler's plain data) in, a result within the budget on every channel out, with the
// over-cap originals kept in a bounded store and served as pages. withBudget (with-budget.cjs)
// wires it into an SDK server; a proxy can call it on raw JSON-RPC results.
//
// Its parts: the channels (./channels.cjs), the elision step (./elision.cjs, over the core's one
// pass per text, ./elision-pass.cjs), the accounting (./accounting.cjs), faults (./faults.cjs).

const { BUDGET_PRESETS, resolveOptions } = require('./options.cjs');
const { resourceTemplate, pageToolDescriptor, retentionOf, createPageReader } = require('./resources.cjs');
const { readToolDescriptor, ResultReader } = require('./read-result.cjs');
const { unsendable, faultMessage } = require('./faults.cjs');
const { Elision } = require('./elision.cjs');
const { Channels } = require('./channels.cjs');
const { Meter, account } = require('./accounting.cjs');
const { then } = require('./maybe-async.cjs');
const { isInterimResult } = require('./revision.cjs');
const { codedError } = require('../internal/errors.cjs');
const { holdInput } = require('../wasm/abi.cjs');

/** The outcome of a result passed on as it is. */
const untouched = (result) => ({ result, textsIn: [], textsOut: [], elided: false });
const errorText = (error) => (error instanceof Error ? error.message : String(error));
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
// withBudget's options that choose its tool dispatch: a policy budgets results and has none.
const DISPATCH_KEYS = ['menu', 'menuKeep'];
const dispatchOption = (key) =>
  codedError(
    'INVALID_OPTION',
    `createBudgetPolicy: ${key} is a withBudget option (it chooses the tool menu a server shows); a policy alone has no menu. Pass it to withBudget(server, { ${key} }).`,
    TypeError,
  );

/** Whether `error` is the stack overflow of encoding a value nested too deeply (JSON.stringify's). */
const tooDeep = (error) => error instanceof RangeError && /call stack/i.test(error.message);

/** How many levels of objects and arrays `value` nests, counted without recursion. */
function depthOf(value) {
  let deepest = 0;
  const stack = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (depth > deepest) deepest = depth;
    for (const key of Object.keys(v)) stack.push([v[key], depth + 1]);
  }
  return deepest;
}

/**
 * The answer for a result too deep to encode: valid JSON nested past what JSON.stringify reaches
 * on this stack is a limit of this package's re-encoding, not a failure of the tool.
 */
function tooDeepMessage(toolName, value, error) {
  return `modoki-budget cannot re-encode the result of tool ${JSON.stringify(String(toolName))}: it is nested ${depthOf(value)} levels deep, deeper than JSON.stringify reaches here (${errorText(error)}). The tool did not fail; a result nested less deeply comes through.`;
}

/**
 * The answer for a handler that threw (`error`) or returned what cannot be sent: an error
 * result whose text is `message` within an error answer's caps (Claude Code's error text limit
 * as well as the policy's). `policy` is the one createBudgetPolicy made; `started` the clock.
 */
function faultResult(policy, { toolName, error, started, message = faultMessage(toolName, error) }) {
  const text = policy.elision.errorHead(message);
  const outcome = { result: { content: [{ type: 'text', text }], isError: true }, textsIn: [], textsOut: [text] };
  return account(toolName, { ...outcome, elided: false }, new Meter(policy.limits), started, policy.opts.onResult);
}

/** What the policy reads of an apply call's `context` (see applyPolicy). */
function requestOf(context, meter) {
  const { hasOutputSchema = false, owner, arguments: args, inputSchema } = isRecord(context) ? context : {};
  return {
    hasOutputSchema: hasOutputSchema === true,
    meter,
    owner: typeof owner === 'string' && owner !== '' ? owner : undefined,
    call: { arguments: args, inputSchema: isRecord(inputSchema) ? inputSchema : undefined },
  };
}

/**
 * Budgets one result `value` of `toolName` under `policy`. `context`: `{ hasOutputSchema,
 * owner, arguments, inputSchema }` — `owner` (a session id or a principal) is who may read the
 * pages of an over-cap result; the call's `arguments` and the tool's `inputSchema` are what the
 * `preview` option's answer ranks by and names. An Applied, or a Promise of one for an over-cap
 * result (its pages go to the store first); never throws, never rejects. A result that is not
 * final — `resultType` `input_required` (a round of a multi-round-trip request), `task` (a
 * handle of the tasks extension), anything but `complete` — is answered as it is, not reported
 * to `onResult`, with an info of zeros: the final result is the one budgeted.
 */
function applyPolicy(policy, toolName, value, context) {
  const started = performance.now();
  if (isInterimResult(value)) return account(toolName, untouched(value), new Meter(policy.limits), started, undefined);
  const why = unsendable(value);
  if (why !== null) return faultResult(policy, { toolName, error: new Error(why), started });
  const meter = new Meter(policy.limits);
  let outcome;
  try {
    // The pass and the preview read one copy of an over-cap result's text (holdInput).
    outcome = holdInput(() => policy.channels.budget(value, requestOf(context, meter)));
  } catch (error) {
    if (tooDeep(error))
      return faultResult(policy, { toolName, error, started, message: tooDeepMessage(toolName, value, error) });
    const why = `returned a result that cannot be sent as JSON: ${errorText(error)}`;
    return faultResult(policy, { toolName, error: new Error(why), started });
  }
  return then(outcome, (o) => account(toolName, o, meter, started, policy.opts.onResult));
}

/**
 * The policy for `options` (see options.cjs): `apply(toolName, value, context)` budgets one
 * result (applyPolicy), `fault(toolName, error)` answers a handler that threw (faultResult), and
 * the rest serves the pages.
 */
function createBudgetPolicy(options) {
  for (const key of DISPATCH_KEYS) if (isRecord(options) && Object.hasOwn(options, key)) throw dispatchOption(key);
  const opts = resolveOptions(options);
  const { store } = opts;
  // How long the store keeps a result, as the template, the page tool and every link state it.
  const retention = retentionOf(store);
  const reader = createPageReader(store, retention);
  const elision = new Elision(opts, store);
  // A read_result answer is held within the policy's caps.
  const results = new ResultReader(store, elision.caps, retention);
  // The caps every Meter counts against are the elision's: the policy's, with the store's limit.
  const policy = { opts, limits: elision.limits, elision, channels: new Channels(opts, elision) };
  return {
    options: opts,
    apply: (toolName, value, context) => applyPolicy(policy, toolName, value, context),
    fault: (toolName, error) => faultResult(policy, { toolName, error, started: performance.now() }),
    resourceTemplate: resourceTemplate(retention),
    readResource: reader.readResource,
    pageTool: pageToolDescriptor(retention),
    callPageTool: reader.callPageTool,
    readTool: readToolDescriptor(retention),
    callReadTool: (args, context) => results.callReadTool(args, context),
    store,
  };
}

module.exports = { BUDGET_PRESETS, resolveOptions, createBudgetPolicy };
