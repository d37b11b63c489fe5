// The page js-tests/browser.test.ts opens as the editor's renderer uses the package: summaries
// only (roundFloats, tailWithCounts), never a read inside a kept result.
import * as m from 'modoki-budget';
import { summaryAnswer } from './read-cases.mjs';

try {
  window.__results = { main: { summary: summaryAnswer(m) } };
} catch (error) {
  window.__results = { error: String(error?.stack ?? error) };
}
