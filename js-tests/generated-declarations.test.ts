// node/types/generated/ holds the declarations whose source is code, not prose: the result shapes,
// codes and constants of the Rust core (written by `cargo test`, src/declarations.rs, which fails
// on drift) and the editor's refusal codes (written by scripts/declarations.mjs from
// node/result/refusal-codes.cjs, checked here). Each file names the file to edit, and each is
// read by a hand-written capability file, which keeps only options and signatures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES_FILE, refusalCodesSource } from '../scripts/declarations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const generated = readdirSync(join(root, 'node', 'types', 'generated')).sort();
const handWritten = readdirSync(join(root, 'node', 'types'))
  .filter((f) => f.endsWith('.d.ts'))
  .map((f) => read(`node/types/${f}`))
  .join('\n');

describe('node/types/generated', () => {
  it('the refusal codes are node/result/refusal-codes.cjs’s', () => {
    expect(read(REFUSAL_CODES_FILE)).toBe(refusalCodesSource(root));
    const { ERROR_CODES } = require(join(root, 'node', 'result', 'refusal-codes.cjs'));
    for (const code of ERROR_CODES) expect(read(REFUSAL_CODES_FILE)).toContain(`  "${code}",\n`);
  });

  it('every file is headed with the files to edit, which exist', () => {
    expect(generated.length).toBeGreaterThanOrEqual(9);
    for (const file of generated) {
      const header = read(`node/types/generated/${file}`).split('\n')[0];
      const sources = /^\/\/ generated — edit (.+?) \(/.exec(header);
      expect(sources, file).not.toBeNull();
      for (const source of sources![1].split(', '))
        expect(existsSync(join(root, source)), `${file}: ${source}`).toBe(true);
    }
  });

  it('every file is read by a hand-written capability file', () => {
    for (const file of generated)
      expect(handWritten).toContain(`from './generated/${file.replace(/\.d\.ts$/, '.js')}'`);
  });

  it('no generated type or constant is declared again by hand', () => {
    const declared = (text: string) =>
      [...text.matchAll(/^export (?:declare )?(?:const|type|interface) (\w+)/gm)].map((m) => m[1]);
    const generatedNames = generated.flatMap((file) => declared(read(`node/types/generated/${file}`)));
    expect(generatedNames.length).toBeGreaterThan(40);
    expect(declared(handWritten).filter((name) => generatedNames.includes(name))).toEqual([]);
  });
});
