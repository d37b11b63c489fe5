// The tool menu: modoki-budget's menuCost against the same four counts per tool done in JS with
// npm tiktoken (JSON.stringify the tool and its input schema, count those, the name and the
// description), on samples/tools.json and on a 75-tool menu the size of the editor's. Also the
// time of lintDescription over every tool and of groupTools (no peer: absolute ms), since the
// command runs all three. Prints the machine; ratios, never absolutes alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compare, describeMachine, fmt, machine, table, time } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

// 75 tools like the editor's: the sample's twelve, repeated under numbered namespaces.
function editorSized(sample) {
  const out = [];
  for (let k = 0; out.length < 75; k++) {
    for (const t of sample) {
      if (out.length === 75) break;
      out.push({ ...t, name: k === 0 ? t.name : t.name.replace('.', `${k}.`) });
    }
  }
  return out;
}

export async function run({ quick = false } = {}) {
  const { menuCost, lintDescription, groupTools } = require('modoki-budget');
  const { get_encoding } = require('tiktoken');
  const enc = get_encoding('cl100k_base');
  const count = (t) => enc.encode_ordinary(t).length;
  const viaTiktoken = (tools) => {
    let total = 0;
    for (const t of tools) {
      total += count(JSON.stringify(t));
      count(t.name);
      count(t.description ?? '');
      if (t.inputSchema !== undefined) count(JSON.stringify(t.inputSchema));
    }
    return total;
  };
  const sample = JSON.parse(readFileSync(join(root, 'samples', 'tools.json'), 'utf8'));
  const menus = { 'samples/tools.json (12 tools)': sample, 'editor-sized (75 tools)': editorSized(sample) };
  const options = quick ? { samples: 3, minMs: 20, rounds: 1 } : { samples: 7, minMs: 60, rounds: 3 };
  const rows = [];
  for (const [label, tools] of Object.entries(menus)) {
    const ours = menuCost(tools);
    const theirs = viaTiktoken(tools);
    const t = compare(
      () => menuCost(tools),
      () => viaTiktoken(tools),
      options,
    );
    rows.push({
      menu: label,
      tokens: ours.tokens,
      agree: ours.tokens === theirs ? 'yes' : `NO (${theirs})`,
      'menuCost ms': fmt(t.a, 3),
      'tiktoken ms': fmt(t.b, 3),
      'x tiktoken': `${fmt(t.b / t.a)}x`,
      'lint all ms': fmt(
        time(() => tools.forEach((tool) => lintDescription(tool)), options),
        3,
      ),
      'groupTools ms': fmt(
        time(() => groupTools(tools), options),
        3,
      ),
    });
  }
  enc.free();
  return { machine: machine(), rows };
}

function print(r) {
  console.log(`machine: ${describeMachine()}\n`);
  console.log(table(r.rows, Object.keys(r.rows[0])));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(await run({ quick: process.argv.includes('--quick') }));
}
