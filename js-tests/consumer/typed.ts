// Compiled with `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: proves the
// published .d.ts exists, resolves through package.json "exports", and types the API.
import { encode, capText, createFormatter, isFailureBody, roundFloats, roundSig, resolvePrecision, summarize, MAX_PAYLOAD_CHARS, type ToolResult, type EncodeOptions } from 'modoki-budget';

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
import { menuCost, lintDescription, groupTools, menuFor, type McpTool, type Finding, type ToolCall } from 'modoki-budget';
const tools: McpTool[] = [{ name: 'watch.read', description: 'Read.', inputSchema: { type: 'object' } }];
const menuTokens: number = menuCost(tools, { encoding: 'o200k_base' }).tools[0].inputSchemaTokens;
const findings: Finding[] = lintDescription(tools[0], { maxDescriptionTokens: 100 });
const call: ToolCall = groupTools(tools, { separator: '.' }).route('watch', { action: 'read' });
const compactTokens: number = menuFor(tools, { compact: ['watch.read'] }).compact;
// @ts-expect-error — compact takes tool names or true
menuFor(tools, { compact: 'watch.read' });
export { capped, result, failure, rounded, n, preview, menuTokens, findings, call, compactTokens };
