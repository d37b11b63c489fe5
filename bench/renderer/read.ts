// The read page of the renderer benchmark (bench/renderer.mjs): a budget policy keeps a result
// over its cap, then read_result searches it twice. The first read fetches and instantiates the
// search module (and its copy of the rank table); the second runs in it at once.
import { createBudgetPolicy, loadEncoding } from 'summaries';

type Policy = {
  apply(tool: string, result: unknown): Promise<{ result: unknown }>;
  callReadTool(args: Record<string, unknown>): Promise<{ content: Array<{ text: string }>; isError?: boolean }>;
};

const rows = Array.from({ length: 2000 }, (_, i) => ({
  id: i,
  name: i % 97 === 5 ? `Été ${i}` : `row ${i}`,
  x: i / 3,
}));

async function run() {
  await loadEncoding('cl100k_base');
  const policy = (createBudgetPolicy as (options: unknown) => Policy)({ maxChars: 2000 });
  const { result } = await policy.apply('scene.rows', { rows });
  const id = /budget:\/\/result\/([0-9a-z_-]+)/i.exec(JSON.stringify(result))?.[1];
  const read = async () => {
    const t0 = performance.now();
    const answer = await policy.callReadTool({ id, match: 'ÉTÉ' });
    return {
      ms: performance.now() - t0,
      answer: answer.isError ? `error: ${answer.content[0].text}` : answer.content[0].text.split('\n')[0],
    };
  };
  const first = await read();
  const second = await read();
  return { first, second };
}

(window as unknown as { __read: unknown }).__read = run().catch((error) => ({ error: String(error) }));
