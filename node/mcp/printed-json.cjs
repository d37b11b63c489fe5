'use strict';
// A JSON object that stands in for its own compact JSON text, for a value too large to hold
// as both an object graph and a text (the proxy's 100 MB structuredContent, docs/proxy.md,
// memory): the graph of such a value takes more than its text (see docs/performance.md,
// 'Figures behind the design'), and the policy only needs the text.
// The stand-in has no own enumerable keys; `JSON.stringify` of it (or of anything holding it)
// prints the value, by parsing the text at that moment — with every number `JSON.parse` would
// change held as its text (./exact-numbers.cjs), so `printExact` and the proxy's framing print
// the text exactly — so a path that frames the message without asking for the text still sends
// the right bytes. The policy asks for the text (printedText) and never builds the graph.
const { parseExact } = require('./exact-numbers.cjs');

/** Where a stand-in keeps its text: a symbol, so no value parsed from JSON can have it. */
const TEXT = Symbol('modoki-budget.printedText');

/**
 * The stand-in for the object whose compact JSON is exactly `text` (the caller has checked that:
 * `text` is an object's compact JSON as V8 prints it, but for numbers written as the server
 * wrote them, which `printExact` prints as they are).
 */
function printedValue(text) {
  const value = {};
  Object.defineProperty(value, 'toJSON', { value: () => parseExact(text).value, enumerable: false });
  Object.defineProperty(value, TEXT, { value: text, enumerable: false });
  return value;
}

/**
 * The compact JSON `value` stands in for, when it is a printedValue; undefined otherwise. A
 * property read, so the policy pays next to nothing for asking it of every result.
 */
const printedText = (value) => (typeof value === 'object' && value !== null ? value[TEXT] : undefined);

module.exports = { printedValue, printedText };
