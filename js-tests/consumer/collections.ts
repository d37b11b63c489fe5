// Strict-tsc consumer of the collection-limit and field-selection API: every export is used;
// misuses the declarations must refuse are marked as expected errors.
import {
  limitCollection,
  limitResult,
  select,
  selectSchema,
  type LimitOptions,
  type LimitedCollection,
  type ToolResult,
} from 'modoki-budget';

const options: LimitOptions = { hint: 'Pass type= to narrow.' };
const items: readonly { id: number }[] = [{ id: 1 }, { id: 2 }, { id: 3 }];
const limited: LimitedCollection<{ id: number }> = limitCollection(items, 2, options);
const firstId: number = limited.items[0].id;
const summary: string | undefined = limited.summary;
const block: ToolResult = limitResult(items, 1);
const picked: unknown = select({ a: 1, b: { c: 2 } }, ['a', 'b.c']);
const fields: string[] = selectSchema({ type: 'array', items: { properties: { id: {} } } });

// @ts-expect-error — hint is a string
limitCollection(items, 1, { hint: 5 });
// @ts-expect-error — fields are strings
select({}, [1]);
// @ts-expect-error — an unknown option is refused
limitResult(items, 1, { advice: 'x' });

export { firstId, summary, block, picked, fields };
