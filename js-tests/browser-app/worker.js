// The module worker of the page: the same case list, answered off the main thread.
import * as m from 'modoki-budget';
import { answers } from './export-cases.mjs';

answers(m).then(
  (main) => postMessage({ answers: main }),
  (error) => postMessage({ error: String(error?.stack ?? error) }),
);
