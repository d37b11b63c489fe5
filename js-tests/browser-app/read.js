// The page js-tests/browser.test.ts opens to read inside kept results: once the entry's import
// has resolved it offers `__read`, which runs the reads of support/read-cases.mjs (the first of
// them loads the search module), for the test to compare with Node's answers.
import * as m from 'modoki-budget';
import { readAnswers } from './read-cases.mjs';

window.__read = () => readAnswers(m).catch((error) => ({ error: String(error?.stack ?? error) }));
