// The page with the preload hint docs/browser.md suggests (preload.html): every export's answer
// on the shared case list, for js-tests/browser.test.ts to compare with Node's while it counts
// the module's downloads.
import * as m from 'modoki-budget';
import { answers } from './export-cases.mjs';

window.__results = answers(m).then(
  (main) => ({ main }),
  (error) => ({ error: String(error?.stack ?? error) }),
);
