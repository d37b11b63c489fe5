'use strict';
const { colors } = require('./io.cjs');
// `modoki-budget menu <tools.json|->`: the menu's cost table, its lint findings and what
// grouping would save. Exit codes: 0 done, 1 findings under --check, 2 bad usage or input.
// Every failure is one line on stderr, never a stack trace.

const { menuCost, lintDescription, groupTools, DEFAULT_MAX_DESCRIPTION_TOKENS } = require('../tool-menu.cjs');

const USAGE = `Usage: modoki-budget menu <tools.json|-> [options]

What an MCP tools/list menu costs the model on every turn, in real tokens: a table of the tools
(biggest first), the description lint findings, and what grouping namespace.action tools into
one tool per namespace would save. The input is an array of tools, a tools/list result
{ "tools": [...] }, or the JSON-RPC response holding one.

Options:
  --json                          print the report as JSON
  --check                         exit 1 when any lint finding is present (for CI)
  --encoding <name>               cl100k_base (default) or o200k_base
  --max-description-tokens <n>    LONG_DESCRIPTION threshold (default ${DEFAULT_MAX_DESCRIPTION_TOKENS})
  --separator <s>                 namespace separator for grouping (default ".")
  --discriminator <name>          the grouped tools' action parameter (default "action")
  -h, --help                      show this text
`;

const BAR_WIDTH = 30;
const VALUE_FLAGS = new Set(['--encoding', '--max-description-tokens', '--separator', '--discriminator']);
const BOOLEAN_FLAGS = new Set(['--json', '--check', '--help', '-h']);

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { json: false, check: false, help: false, input: undefined, values: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = String(argv[i]);
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (VALUE_FLAGS.has(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      opts.values[flag] = String(value);
    } else if (BOOLEAN_FLAGS.has(flag) && eq < 0) {
      if (flag === '--json') opts.json = true;
      else if (flag === '--check') opts.check = true;
      else opts.help = true;
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option ${arg}`);
    } else if (opts.input === undefined) {
      opts.input = arg;
    } else {
      throw new UsageError(`unexpected argument ${arg} (one input file)`);
    }
  }
  return opts;
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0];
}

async function readTools(io, input) {
  let text;
  try {
    text = await io.readInput(input);
  } catch (error) {
    throw new UsageError(`cannot read ${input}: ${firstLine(error)}`);
  }
  let data;
  try {
    data = JSON.parse(String(text));
  } catch (error) {
    throw new UsageError(`${input} is not valid JSON: ${firstLine(error)}`);
  }
  // An array of tools, a tools/list result, or the whole JSON-RPC response as saved from a server.
  const holder = data !== null && typeof data === 'object' && data.result !== null && typeof data.result === 'object' ? data.result : data;
  const tools = Array.isArray(data) ? data : holder !== null && typeof holder === 'object' && Array.isArray(holder.tools) ? holder.tools : null;
  if (tools === null) {
    throw new UsageError(`${input} is not a tools/list result: expected an array of tools, { "tools": [...] } or a JSON-RPC response with one`);
  }
  return tools;
}

function groupingReport(tools, options) {
  const withoutOutput = tools.map((t) => {
    if (t === null || typeof t !== 'object' || !Object.hasOwn(t, 'outputSchema')) return t;
    return Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'outputSchema'));
  });
  let grouped;
  try {
    grouped = groupTools(tools, options.grouping);
  } catch (error) {
    return { error: { code: error.code ?? 'ERROR', message: firstLine(error) } };
  }
  const names = new Set(tools.map((t) => t.name));
  const members = (list, group) => list.filter((t) => group.actions.some((a) => t.name === `${group.name}${options.separator}${a}`));
  const groups = grouped.tools
    .filter((t) => !names.has(t.name))
    .map((t) => ({ name: t.name, actions: t.inputSchema.properties[options.discriminator].enum }))
    .map((g) => ({
      ...g,
      tokensBefore: menuCost(members(tools, g), options.cost).tokens,
      tokensBeforeWithoutOutputSchemas: menuCost(members(withoutOutput, g), options.cost).tokens,
      tokensAfter: menuCost(grouped.tools.filter((t) => t.name === g.name), options.cost).tokens,
    }));
  const before = menuCost(tools, options.cost).tokens;
  const after = menuCost(grouped.tools, options.cost).tokens;
  const likeBefore = menuCost(withoutOutput, options.cost).tokens;
  const likeAfter = menuCost(groupTools(withoutOutput, options.grouping).tools, options.cost).tokens;
  return {
    separator: options.separator,
    discriminator: options.discriminator,
    toolsBefore: tools.length,
    toolsAfter: grouped.tools.length,
    groups,
    tokensBefore: before,
    tokensAfter: after,
    saving: before - after,
    // Grouped tools carry no outputSchema, so part of the saving is the dropped output
    // schemas; this is the comparison with those removed from the ungrouped menu too.
    withoutOutputSchemas: { tokensBefore: likeBefore, tokensAfter: likeAfter, saving: likeBefore - likeAfter },
  };
}

/** Everything the command prints, as data (the --json output). */
function menuReport(tools, options) {
  const cost = menuCost(tools, options.cost);
  const findings = [];
  for (const tool of tools) {
    for (const f of lintDescription(tool, options.lint)) findings.push({ tool: tool.name, ...f });
  }
  return {
    encoding: cost.encoding,
    maxDescriptionTokens: options.maxDescriptionTokens,
    cost,
    findings,
    grouping: groupingReport(tools, options),
  };
}

const n = (x) => x.toLocaleString('en-US');
const pct = (part, whole) => (whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1));

function renderText(report, paint) {
  const { cost, findings, grouping } = report;
  const lines = [];
  const diff = cost.estimate - cost.tokens;
  lines.push(
    paint.bold(`Menu: ${n(cost.tools.length)} tools, ${n(cost.tokens)} tokens (${cost.encoding})`) +
      `; chars/4 would say ${n(cost.estimate)} (${diff >= 0 ? '+' : ''}${pct(diff, cost.tokens)}%)`,
  );
  lines.push('');
  const width = Math.max(5, ...cost.tools.map((t) => t.name.length));
  const max = Math.max(1, ...cost.tools.map((t) => t.tokens));
  const header = ['tool'.padEnd(width), 'tokens', 'chars/4', '  name', ' descr', ' input'].join('  ');
  lines.push(paint.dim(header));
  for (const t of cost.tools) {
    const bar = '█'.repeat(t.tokens === 0 ? 0 : Math.max(1, Math.round((t.tokens / max) * BAR_WIDTH)));
    const cells = [t.name.padEnd(width), n(t.tokens).padStart(6), n(t.estimate).padStart(7), n(t.nameTokens).padStart(6), n(t.descriptionTokens).padStart(6), n(t.inputSchemaTokens).padStart(6)];
    lines.push(`${cells.join('  ')}  ${paint.cyan(bar)}`);
  }
  lines.push([`${'total'.padEnd(width)}`, n(cost.tokens).padStart(6), n(cost.estimate).padStart(7)].join('  '));
  lines.push(paint.dim('tokens: JSON.stringify(tool); name/descr: the raw text; input: JSON.stringify(inputSchema).'));
  lines.push('');
  const tools = new Set(findings.map((f) => f.tool));
  lines.push(paint.bold(`Lint: ${findings.length === 0 ? 'no findings' : `${n(findings.length)} finding${findings.length === 1 ? '' : 's'} in ${n(tools.size)} tool${tools.size === 1 ? '' : 's'}`}`) + ` (description threshold ${n(report.maxDescriptionTokens)} tokens)`);
  let current = null;
  for (const f of findings) {
    if (f.tool !== current) {
      current = f.tool;
      lines.push(`  ${f.tool}`);
    }
    lines.push(`    ${paint.yellow(f.code)}${f.param === undefined ? '' : ` ${f.param}`}: ${f.message}`);
  }
  lines.push('');
  if (grouping.error !== undefined) {
    lines.push(paint.bold('Grouping: not possible') + ` — ${grouping.error.message}`);
  } else if (grouping.groups.length === 0) {
    lines.push(paint.bold('Grouping: nothing to group') + ` (no namespace has two or more tools named namespace${grouping.separator}action)`);
  } else {
    const g = grouping;
    lines.push(
      paint.bold(`Grouping (separator "${g.separator}", discriminator "${g.discriminator}"):`) +
        ` ${n(g.toolsBefore)} tools -> ${n(g.toolsAfter)}, ${n(g.tokensBefore)} -> ${n(g.tokensAfter)} tokens, ${g.saving >= 0 ? 'saves' : 'costs'} ${n(Math.abs(g.saving))} (${pct(Math.abs(g.saving), g.tokensBefore)}%)`,
    );
    for (const group of g.groups) {
      lines.push(
        `  ${group.name} (${group.actions.join(', ')}): ${n(group.tokensBefore)} -> ${n(group.tokensAfter)} tokens (${n(group.tokensBeforeWithoutOutputSchemas)} -> ${n(group.tokensAfter)} without output schemas)`,
      );
    }
    const w = g.withoutOutputSchemas;
    lines.push(
      `  A grouped tool carries no outputSchema. With every output schema removed before and after: ${n(w.tokensBefore)} -> ${n(w.tokensAfter)} tokens, ${w.saving >= 0 ? 'saves' : 'costs'} ${n(Math.abs(w.saving))} (${pct(Math.abs(w.saving), w.tokensBefore)}%).`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs `modoki-budget menu` with `argv` (the arguments after `menu`). `io` is
 * `{ stdout, stderr, readInput(pathOrDash), env? }`; returns the exit code.
 */
async function menuCommand(argv, io) {
  const fail = (message) => {
    io.stderr.write(`modoki-budget menu: ${message}\n`);
    return 2;
  };
  let opts;
  try {
    opts = parseArgs(Array.isArray(argv) ? argv : []);
  } catch (error) {
    return fail(`${firstLine(error)} (see --help)`);
  }
  if (opts.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (opts.input === undefined) return fail('missing input: pass a tools.json path or - for stdin (see --help)');
  const rawMax = opts.values['--max-description-tokens'];
  const maxDescriptionTokens = rawMax === undefined ? DEFAULT_MAX_DESCRIPTION_TOKENS : Number(rawMax);
  if (!Number.isInteger(maxDescriptionTokens) || maxDescriptionTokens < 0) {
    return fail(`--max-description-tokens must be a whole number, got ${rawMax}`);
  }
  const options = {
    encoding: opts.values['--encoding'] ?? 'cl100k_base',
    maxDescriptionTokens,
    separator: opts.values['--separator'] ?? '.',
    discriminator: opts.values['--discriminator'] ?? 'action',
  };
  // Each API call takes only its own options (an unknown option is an error).
  options.cost = { encoding: options.encoding };
  options.lint = { encoding: options.encoding, maxDescriptionTokens };
  options.grouping = { separator: options.separator, discriminator: options.discriminator };
  let report;
  try {
    const tools = await readTools(io, opts.input);
    report = menuReport(tools, options);
  } catch (error) {
    return fail(firstLine(error));
  }
  io.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report, colors(io)));
  return opts.check && report.findings.length > 0 ? 1 : 0;
}

module.exports = { menuCommand, menuReport, USAGE };
