// The page that imports only `modoki-budget/formatter`: the formatting exports' answers on the
// shared case list, for js-tests/browser.test.ts to compare with Node's.
import * as m from 'modoki-budget/formatter';
import { answers } from './export-cases.mjs';

window.__results = answers(m).then(
  (main) => ({ main }),
  (error) => ({ error: String(error?.stack ?? error) }),
);
