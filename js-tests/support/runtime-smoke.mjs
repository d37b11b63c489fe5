// The smoke suite each runtime runs (js-tests/runtimes.test.ts): the shared case list through
// `import` and through `require`, printed as JSON for the test to compare with Node's answers.
import { createRequire } from 'node:module';
import process from 'node:process';
import * as esm from 'modoki-budget';
import { answers } from './export-cases.mjs';

const cjs = createRequire(import.meta.url)('modoki-budget');
const out = { esm: await answers(esm), cjs: await answers(cjs), sameInstance: cjs.encode === esm.encode };
process.stdout.write(JSON.stringify(out));
