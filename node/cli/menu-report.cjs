'use strict';
// The menu report `menu` prints for a tools file and `audit` for a live server: the menu's cost
// table, its lint findings, what grouping would save and what the compact menu costs.
const { CliError, colors } = require('./io.cjs');
const { numberFlag } = require('./flags.cjs');
const { menuCost, lintDescription, DEFAULT_MAX_DESCRIPTION_TOKENS } = require('../menu-audit.cjs');
const { groupTools, compactMenu } = require('../menu-rewrite.cjs');
const { countTokens } = require('../tokens.cjs');

const BAR_WIDTH = 30;
const n = (x) => x.toLocaleString('en-US');
/**
 * Claude Code cuts a tool description at 2,048 characters: the model never reads the rest, so
 * a longer description is a finding whatever its token count.
 */
const DESCRIPTION_CUT_CHARS = 2048;

/** The flags `menu` and `audit` share (node:util parseArgs specs). */
const MENU_FLAGS = {
  json: { type: 'boolean' },
  encoding: { type: 'string', default: 'cl100k_base' },
  'max-description-tokens': { type: 'string' },
  separator: { type: 'string', default: '.' },
  discriminator: { type: 'string', default: 'action' },
};

// Each API call takes only its own options (an unknown option is INVALID_OPTION).
const costOptions = (o) => ({ encoding: o.encoding });
const lintOptions = (o) => ({ encoding: o.encoding, maxDescriptionTokens: o.maxDescriptionTokens });
const groupOptions = (o) => ({ separator: o.separator, discriminator: o.discriminator });

/** The menuReport options from parsed MENU_FLAGS values. */
function menuOptions(values) {
  return {
    encoding: values.encoding,
    maxDescriptionTokens:
      numberFlag(values['max-description-tokens'], 'max-description-tokens', { integer: true, min: 0 }) ??
      DEFAULT_MAX_DESCRIPTION_TOKENS,
    separator: values.separator,
    discriminator: values.discriminator,
  };
}

/** The tools of an array, a tools/list result, or the whole JSON-RPC response holding one. */
function toolsOf(data, source) {
  const holder =
    data !== null && typeof data === 'object' && data.result !== null && typeof data.result === 'object'
      ? data.result
      : data;
  const tools = Array.isArray(data)
    ? data
    : holder !== null && typeof holder === 'object' && Array.isArray(holder.tools)
      ? holder.tools
      : null;
  if (tools === null) {
    throw new CliError(
      `${source} is not a tools/list result: expected an array of tools, { "tools": [...] } or a JSON-RPC response with one`,
    );
  }
  return tools;
}

function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0];
}

/** The finding for a description past Claude Code's cut, or none. */
function cutFinding(tool) {
  const length =
    tool !== null && typeof tool === 'object' && typeof tool.description === 'string' ? tool.description.length : 0;
  if (length <= DESCRIPTION_CUT_CHARS) return [];
  return [
    {
      code: 'DESCRIPTION_CUT',
      message: `The description is ${n(length)} chars; Claude Code cuts tool descriptions at ${n(DESCRIPTION_CUT_CHARS)}, so the model never reads the last ${n(length - DESCRIPTION_CUT_CHARS)}. Shorten it or move detail into parameter descriptions.`,
    },
  ];
}

function groupingReport(tools, options) {
  const withoutOutput = tools.map((t) => {
    if (t === null || typeof t !== 'object' || !Object.hasOwn(t, 'outputSchema')) return t;
    return Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'outputSchema'));
  });
  let grouped;
  try {
    grouped = groupTools(tools, groupOptions(options));
  } catch (error) {
    return { error: { code: error.code ?? 'ERROR', message: firstLine(error) } };
  }
  const names = new Set(tools.map((t) => t.name));
  const members = (list, group) =>
    list.filter((t) => group.actions.some((a) => t.name === `${group.name}${options.separator}${a}`));
  const groups = grouped.tools
    .filter((t) => !names.has(t.name))
    .map((t) => ({ name: t.name, actions: t.inputSchema.properties[options.discriminator].enum }))
    .map((g) => ({
      ...g,
      tokensBefore: menuCost(members(tools, g), costOptions(options)).tokens,
      tokensBeforeWithoutOutputSchemas: menuCost(members(withoutOutput, g), costOptions(options)).tokens,
      tokensAfter: menuCost(
        grouped.tools.filter((t) => t.name === g.name),
        costOptions(options),
      ).tokens,
    }));
  const before = menuCost(tools, costOptions(options)).tokens;
  const after = menuCost(grouped.tools, costOptions(options)).tokens;
  const likeBefore = menuCost(withoutOutput, costOptions(options)).tokens;
  const likeAfter = menuCost(groupTools(withoutOutput, groupOptions(options)).tools, costOptions(options)).tokens;
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

/**
 * The compact menu beside the full one: its tokens, the catalog's format and words a tool, and
 * what describing every tool costs (the describe tool's answer for all names); or the error
 * that keeps the menu from being compacted (two tools of one name).
 */
function compactReport(tools, options) {
  let menu;
  try {
    menu = compactMenu(tools, { encoding: options.encoding });
  } catch (error) {
    return { error: { code: error.code ?? 'ERROR', message: firstLine(error) } };
  }
  return {
    tools: menu.tools.length,
    tokens: menu.tokens,
    fullTokens: menu.fullTokens,
    budget: menu.budget,
    withinBudget: menu.withinBudget,
    format: menu.format,
    words: menu.words,
    describeAllTokens: countTokens(JSON.stringify(tools), options.encoding),
    // The catalog is the call tool's description, which Claude Code cuts like any other.
    catalogChars: menu.tools[1].description.length,
  };
}

/** Everything the command prints, as data (the --json output). */
function menuReport(tools, options) {
  const cost = menuCost(tools, costOptions(options));
  const findings = [];
  for (const tool of tools) {
    for (const f of [...lintDescription(tool, lintOptions(options)), ...cutFinding(tool)])
      findings.push({ tool: tool.name, ...f });
  }
  return {
    encoding: cost.encoding,
    maxDescriptionTokens: options.maxDescriptionTokens,
    cost,
    findings,
    grouping: groupingReport(tools, options),
    compact: compactReport(tools, options),
  };
}

const pct = (part, whole) => (whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1));

/** The menu report as text: its cost table, lint findings, grouping and compact menu. */
function renderText(report, paint) {
  const lines = [
    ...costLines(report.cost, paint),
    '',
    ...lintLines(report.findings, report.maxDescriptionTokens, paint),
    '',
    ...groupingLines(report.grouping, paint),
    '',
    compactLine(report.compact, report.cost.tools.length, paint),
  ];
  return `${lines.join('\n')}\n`;
}

/** The cost of each tool, with its parts and a bar, and the total. */
function costLines(cost, paint) {
  const diff = cost.estimate - cost.tokens;
  const lines = [
    paint.bold(`Menu: ${n(cost.tools.length)} tools, ${n(cost.tokens)} tokens (${cost.encoding})`) +
      `; chars/4 would say ${n(cost.estimate)} (${diff >= 0 ? '+' : ''}${pct(diff, cost.tokens)}%)`,
    '',
  ];
  const width = Math.max(5, ...cost.tools.map((t) => t.name.length));
  const max = Math.max(1, ...cost.tools.map((t) => t.tokens));
  const header = ['tool'.padEnd(width), 'tokens', 'chars/4', '  name', ' descr', ' input'].join('  ');
  lines.push(paint.dim(header));
  for (const t of cost.tools) {
    const bar = '█'.repeat(t.tokens === 0 ? 0 : Math.max(1, Math.round((t.tokens / max) * BAR_WIDTH)));
    const cells = [
      t.name.padEnd(width),
      n(t.tokens).padStart(6),
      n(t.estimate).padStart(7),
      n(t.nameTokens).padStart(6),
      n(t.descriptionTokens).padStart(6),
      n(t.inputSchemaTokens).padStart(6),
    ];
    lines.push(`${cells.join('  ')}  ${paint.cyan(bar)}`);
  }
  lines.push([`${'total'.padEnd(width)}`, n(cost.tokens).padStart(6), n(cost.estimate).padStart(7)].join('  '));
  lines.push(paint.dim('tokens: JSON.stringify(tool); name/descr: the raw text; input: JSON.stringify(inputSchema).'));
  return lines;
}

/** The lint findings, grouped by tool. */
function lintLines(findings, maxDescriptionTokens, paint) {
  const tools = new Set(findings.map((f) => f.tool));
  const lines = [
    paint.bold(
      `Lint: ${findings.length === 0 ? 'no findings' : `${n(findings.length)} finding${findings.length === 1 ? '' : 's'} in ${n(tools.size)} tool${tools.size === 1 ? '' : 's'}`}`,
    ) + ` (description threshold ${n(maxDescriptionTokens)} tokens)`,
  ];
  let current = null;
  for (const f of findings) {
    if (f.tool !== current) {
      current = f.tool;
      lines.push(`  ${f.tool}`);
    }
    lines.push(`    ${paint.yellow(f.code)}${f.param === undefined ? '' : ` ${f.param}`}: ${f.message}`);
  }
  return lines;
}

/** What grouping the tools by namespace would save, or why it cannot. */
function groupingLines(g, paint) {
  if (g.error !== undefined) return [paint.bold('Grouping: not possible') + ` — ${g.error.message}`];
  if (g.groups.length === 0)
    return [
      paint.bold('Grouping: nothing to group') +
        ` (no namespace has two or more tools named namespace${g.separator}action)`,
    ];
  const lines = [
    paint.bold(`Grouping (separator "${g.separator}", discriminator "${g.discriminator}"):`) +
      ` ${n(g.toolsBefore)} tools -> ${n(g.toolsAfter)}, ${n(g.tokensBefore)} -> ${n(g.tokensAfter)} tokens, ${g.saving >= 0 ? 'saves' : 'costs'} ${n(Math.abs(g.saving))} (${pct(Math.abs(g.saving), g.tokensBefore)}%)`,
  ];
  for (const group of g.groups) {
    lines.push(
      `  ${group.name} (${group.actions.join(', ')}): ${n(group.tokensBefore)} -> ${n(group.tokensAfter)} tokens (${n(group.tokensBeforeWithoutOutputSchemas)} -> ${n(group.tokensAfter)} without output schemas)`,
    );
  }
  const w = g.withoutOutputSchemas;
  lines.push(
    `  A grouped tool carries no outputSchema. With every output schema removed before and after: ${n(w.tokensBefore)} -> ${n(w.tokensAfter)} tokens, ${w.saving >= 0 ? 'saves' : 'costs'} ${n(Math.abs(w.saving))} (${pct(Math.abs(w.saving), w.tokensBefore)}%).`,
  );
  return lines;
}

function compactLine(c, toolCount, paint) {
  const title = paint.bold('Compact menu (proxy --menu compact):');
  if (c.error !== undefined) return `${title} not possible — ${c.error.message}`;
  const share = `${pct(c.tokens, c.fullTokens)}% of ${n(c.fullTokens)}`;
  const catalog = c.words === 0 ? 'names only' : `up to ${n(c.words)} words a tool`;
  const over = c.withinBudget ? '' : `, over its budget of ${n(c.budget)}`;
  const cut =
    c.catalogChars > DESCRIPTION_CUT_CHARS
      ? `; the catalog is ${n(c.catalogChars)} chars, and Claude Code reads only the first ${n(DESCRIPTION_CUT_CHARS)} (keep some tools with --menu-keep)`
      : '';
  return `${title} ${n(c.tools)} tools, ${n(c.tokens)} tokens (${share}${over}); catalog as ${c.format}, ${catalog}; describing all ${n(toolCount)} tools: ${n(c.describeAllTokens)} tokens${cut}`;
}

/** Prints the report as `menu` does: text, or JSON with --json. */
function printMenu(io, report, json) {
  io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report, colors(io)));
}

module.exports = { menuReport, printMenu, menuOptions, toolsOf, MENU_FLAGS, DESCRIPTION_CUT_CHARS };
