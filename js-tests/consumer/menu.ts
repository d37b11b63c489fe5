// Strict-tsc consumer of the menu API (menu-audit and menu-rewrite): every export is used; misuses the declarations must refuse are marked as expected errors.
import {
  DEFAULT_MAX_DESCRIPTION_TOKENS,
  menuCost,
  lintDescription,
  groupTools,
  menuFor,
  type JsonSchema,
  type McpTool,
  type ToolCost,
  type MenuCost,
  type MenuCostOptions,
  type FindingCode,
  type Finding,
  type LintOptions,
  type GroupOptions,
  type ToolCall,
  type GroupedMenu,
  type MenuForOptions,
  type MenuVariant,
  compactMenu,
  type CompactMenu,
  type CompactMenuOptions,
  type CompactCallArguments,
} from 'modoki-budget';

const schema: JsonSchema = { type: 'object', properties: { id: { type: 'integer' } } };
const tools: readonly McpTool[] = [
  {
    name: 'watch.start',
    description: 'Start.',
    inputSchema: schema,
    descriptions: { compact: 'Start.', full: 'Starts a watch.' },
  },
  {
    name: 'watch.read',
    description: 'Read.',
    outputSchema: { type: 'array' },
    annotations: { readOnlyHint: true },
    defaultShape: 'counts',
  },
];
const costOptions: MenuCostOptions = { encoding: 'o200k_base' };
const cost: MenuCost = menuCost(tools, costOptions);
const first: ToolCost = cost.tools[0];
const lintOptions: LintOptions = { maxDescriptionTokens: DEFAULT_MAX_DESCRIPTION_TOKENS, encoding: 'cl100k_base' };
const findings: Finding[] = lintDescription(tools[1], lintOptions);
const codes: FindingCode[] = findings.map((f) => f.code);
const param: string | undefined = findings[0]?.param;
const groupOptions: GroupOptions = { separator: '.', discriminator: 'op' };
const grouped: GroupedMenu = groupTools(tools, groupOptions);
const call: ToolCall = grouped.route('watch', { op: 'read' });
const forOptions: MenuForOptions = { compact: ['watch.start'], encoding: 'cl100k_base' };
const variant: MenuVariant = menuFor(tools, forOptions);
const everyCompact: number = menuFor(tools, { compact: true }).compact + variant.full + variant.tokens;

const compactOptions: CompactMenuOptions = { keep: ['watch.read'], maxTokens: 500, encoding: 'cl100k_base' };
const compacted: CompactMenu = compactMenu(tools, compactOptions);
const callArgs: CompactCallArguments = { name: 'watch.start', arguments: { id: 1 } };
const routed: ToolCall = compacted.route(callArgs);
const described: McpTool[] = compacted.describe(['watch.read']);
const format: 'prose' | 'toon' = compacted.format;
const compactTokens: number = compacted.tokens + compacted.fullTokens + compacted.budget + compacted.words;
const compactNames: string[] = [
  compacted.describeName,
  compacted.callName,
  ...compacted.kept,
  ...compacted.missingKeep,
  ...compacted.catalog,
];
const fits: boolean = compacted.withinBudget;

// @ts-expect-error — keep takes tool names
compactMenu(tools, { keep: 'watch.read' });
// @ts-expect-error — call_tool's arguments need a name
compacted.route({ arguments: {} });
// @ts-expect-error — compact takes tool names or true
menuFor(tools, { compact: 'watch.read' });
// @ts-expect-error — a tool needs a name
menuCost([{ description: 'nameless' }]);
// @ts-expect-error — an unknown option is refused
menuCost(tools, { encodign: 'o200k_base' });
// @ts-expect-error — the default is the literal 200
const wrongDefault: 100 = DEFAULT_MAX_DESCRIPTION_TOKENS;

export {
  first,
  codes,
  param,
  call,
  everyCompact,
  wrongDefault,
  routed,
  described,
  format,
  compactTokens,
  compactNames,
  fits,
};
