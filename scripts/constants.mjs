// Writes pkg/constants.json: the core's constants that JavaScript modules export or use as
// values (the default cap, the default float precision, the rounding limits, the live
// vocabulary cap, the stream summaries' defaults and levels). The core is their one source;
// the build reads them once here, so importing the package never instantiates the WebAssembly
// module to know them. js-tests/constants.test.ts fails when a JS value drifts from the core.
//
//   node scripts/constants.mjs        (scripts/build.mjs runs it after every build)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The core's constants, read from the built full module under `root`. */
export function readConstants(root) {
  const core = createRequire(import.meta.url)(join(root, 'pkg', 'modoki_budget.js'));
  return { ...JSON.parse(core.coreConstants()), streams: JSON.parse(core.streamConstants()) };
}

/** Writes `root`/pkg/constants.json. */
export function writeConstants(root) {
  writeFileSync(join(root, 'pkg', 'constants.json'), `${JSON.stringify(readConstants(root), null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeConstants(join(dirname(fileURLToPath(import.meta.url)), '..'));
