// Strict-tsc consumer of the TOON API: every export is used; misuses the declarations must refuse are marked as expected errors.
import {
  toToon,
  toonResult,
  toonDescription,
  type ToonDelimiter,
  type ToonOptions,
  type ToonAction,
  type ToonTool,
  type ToolResult,
} from 'modoki-budget';

const delimiter: ToonDelimiter = '\t';
const options: ToonOptions = { delimiter, indentSize: 4 };
const text: string = toToon({ rows: [{ a: 1 }, { a: 2 }] }, options) + toToon([1, 2]);
const block: ToolResult = toonResult([{ a: 1 }], { delimiter: '|' });
const action: ToonAction = { name: 'start', description: 'Starts it.', required: ['id'], destructive: false };
const tool: ToonTool = {
  name: 'watch',
  description: 'Watches.',
  discriminator: 'op',
  actions: [action, { name: 'stop' }],
};
const description: string = toonDescription(tool);

// @ts-expect-error — only ',', '\t' and '|' are delimiters
toToon({}, { delimiter: ';' });
// @ts-expect-error — an action needs a name
toonDescription({ name: 'x', actions: [{ description: 'no name' }] });
// @ts-expect-error — an unknown option is refused
toToon({}, { indent: 2 });

export { text, block, description };
