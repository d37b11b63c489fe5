// Writes what the core defines and JavaScript reads as values, from the built full module:
//   - pkg/constants.json: the constants JavaScript modules export or use (the default cap, the
//     default float precision, the rounding limits, the live vocabulary cap, the stream
//     summaries' defaults and levels), so importing the package never instantiates the
//     WebAssembly module to know them; js-tests/constants.test.ts fails when a JS value drifts
//     from the core;
//   - node/wasm/layout.cjs: the positions of the numbers an export answers in one array
//     (src/wasm/layout.rs), which node/wasm/'s bindings read them by;
//     js-tests/wasm-bindings.test.ts fails when the file is not the built table.
//
//   node scripts/constants.mjs        (scripts/build.mjs runs it after every build)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFrom = (root) => createRequire(join(root, 'package.json'));

/** The core's constants, read from the built full module under `root`. */
export function readConstants(root) {
  const require = requireFrom(root);
  const { coreConstants } = require('./node/wasm/constants.cjs');
  const { streamConstants } = require('./node/wasm/streams.cjs');
  return { ...coreConstants(), streams: streamConstants() };
}

/** The text of node/wasm/layout.cjs for the built full module under `root`. */
export function layoutSource(root) {
  const layouts = requireFrom(root)('./node/wasm/constants.cjs').wasmLayouts();
  const entries = Object.entries(layouts).map(([name, positions]) => {
    const fields = Object.entries(positions)
      .sort(([, a], [, b]) => a - b)
      .map(([field, at]) => `    ${field}: ${at},`);
    return `  ${name}: Object.freeze({\n${fields.join('\n')}\n  }),`;
  });
  return `'use strict';
// generated — edit src/wasm/layout.rs (written by scripts/constants.mjs at build).
// The positions of the numbers each export answers in one array, by name.

module.exports = Object.freeze({
${entries.join('\n')}
});
`;
}

/** Writes `root`/pkg/constants.json, and node/wasm/layout.cjs when its text changed. */
export function writeConstants(root) {
  writeFileSync(join(root, 'pkg', 'constants.json'), `${JSON.stringify(readConstants(root), null, 2)}\n`);
  const layout = join(root, 'node', 'wasm', 'layout.cjs');
  const text = layoutSource(root);
  let current = null;
  try {
    current = readFileSync(layout, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== text) writeFileSync(layout, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeConstants(join(dirname(fileURLToPath(import.meta.url)), '..'));
