// Compiled with `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: proves the
// published .d.ts exists, resolves through package.json "exports", and types the API.
import {
  encode,
  capText,
  createFormatter,
  isFailureBody,
  roundFloats,
  roundSig,
  resolvePrecision,
  summarize,
  MAX_PAYLOAD_CHARS,
  type ToolResult,
  type EncodeOptions,
} from 'modoki-budget';

const options: EncodeOptions = { maxChars: MAX_PAYLOAD_CHARS, precision: 9 };
const text: string = encode({ a: 1 }, options);
const capped: string = capText(text, 10);
const formatter = createFormatter(() => null);
const result: ToolResult = formatter.ok({ a: 1 });
const failure: string | null = isFailureBody({ ok: false });
const rounded: { x: number } = roundFloats({ x: 1.5 }, 3);
const n: number = roundSig(1.5, 1) + resolvePrecision('3');
const preview = summarize({ a: 1 });
// @ts-expect-error — the cap must be a number or an options object
encode({}, 'big');
export { capped, result, failure, rounded, n, preview };

// TOON, collections and inflation risk.
import {
  toToon,
  toonResult,
  toonDescription,
  limitCollection,
  limitResult,
  select,
  selectSchema,
  inflationRisk,
  type ToonOptions,
  type LimitedCollection,
  type InflationReport,
} from 'modoki-budget';

const toonOptions: ToonOptions = { delimiter: '|', indentSize: 4 };
const toon: string = toToon({ rows: [{ a: 1 }] }, toonOptions);
const toonBlock: ToolResult = toonResult([{ a: 1 }]);
const description: string = toonDescription({
  name: 't',
  actions: [{ name: 'a', required: ['id'], destructive: true }],
});
const limited: LimitedCollection<number> = limitCollection([1, 2, 3], 2, { hint: 'narrow it' });
const limitedBlock: ToolResult = limitResult([1, 2, 3], 2);
const picked: unknown = select({ a: 1 }, ['a']);
const selectable: string[] = selectSchema({ properties: { a: {} } });
const risk: InflationReport = inflationRisk({ type: 'array' });
const level: 'low' | 'medium' | 'high' | 'critical' = risk.risk;
// @ts-expect-error — only ',', '\t' and '|' are delimiters
toToon({}, { delimiter: ';' });
export { toon, toonBlock, description, limited, limitedBlock, picked, selectable, level };
import {
  menuCost,
  lintDescription,
  groupTools,
  menuFor,
  type McpTool,
  type Finding,
  type ToolCall,
} from 'modoki-budget';
const tools: McpTool[] = [{ name: 'watch.read', description: 'Read.', inputSchema: { type: 'object' } }];
const menuTokens: number = menuCost(tools, { encoding: 'o200k_base' }).tools[0].inputSchemaTokens;
const findings: Finding[] = lintDescription(tools[0], { maxDescriptionTokens: 100 });
const call: ToolCall = groupTools(tools, { separator: '.' }).route('watch', { action: 'read' });
const compactTokens: number = menuFor(tools, { compact: ['watch.read'] }).compact;
// @ts-expect-error — compact takes tool names or true
menuFor(tools, { compact: 'watch.read' });
export { menuTokens, findings, call, compactTokens };

// Profiler, JSON-or-TOON choice, budget lockfile.
import {
  profileResponse,
  chooseEncoding,
  budgetLock,
  serializeLock,
  checkLock,
  type ResponseProfile,
  type BudgetLock,
  type LockCheck,
} from 'modoki-budget';
const profiled: ResponseProfile = profileResponse('t', [{ type: 'text', text: '{}' }], { overheadBlocks: 0 });
const format: 'json' | 'toon' = chooseEncoding({ a: 1 }).format;
const lockfile: BudgetLock = budgetLock([{ name: 't', description: 'd' }]);
const lockText: string = serializeLock(lockfile);
const checked: LockCheck = checkLock(lockfile, lockfile, { tolerance: 0.2 });
// @ts-expect-error — the risk scale has four levels
const wrongRisk: ResponseProfile['risk'] = 'extreme';
export { profiled, format, lockText, checked, wrongRisk };
