// Writes the declarations whose one source is JavaScript: node/types/generated/refusal-codes.d.ts,
// the editor's refusal codes as node/result/refusal-codes.cjs lists them. (The declarations whose
// source is Rust are written by `cargo test`, src/declarations.rs.) js-tests/generated-declarations.test.ts
// fails when the file is not what the source says.
//
//   node scripts/declarations.mjs        (scripts/build.mjs runs it after every build)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REFUSAL_CODES_FILE = 'node/types/generated/refusal-codes.d.ts';

/** The text of node/types/generated/refusal-codes.d.ts for the package at `root`. */
export function refusalCodesSource(root) {
  const { ERROR_CODES } = createRequire(join(root, 'package.json'))('./node/result/refusal-codes.cjs');
  const codes = ERROR_CODES.map((code) => `  ${JSON.stringify(code)},`).join('\n');
  return `// generated — edit node/result/refusal-codes.cjs (scripts/declarations.mjs writes this file at build).

/**
 * The editor's closed set of refusal codes, in its order (frozen): the \`code\` of a
 * \`ToolErrorDetail\` a tool answers with. Not the codes this package throws, which are
 * \`BudgetErrorCode\`.
 */
export declare const ERROR_CODES: readonly [
${codes}
];
`;
}

/** Writes the file under `root` when its text changed. */
export function writeDeclarations(root) {
  const path = join(root, REFUSAL_CODES_FILE);
  const text = refusalCodesSource(root);
  let current = null;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== text) writeFileSync(path, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeDeclarations(join(dirname(fileURLToPath(import.meta.url)), '..'));
