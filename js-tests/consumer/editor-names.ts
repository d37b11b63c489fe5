// Compiled with strict `tsc --noEmit` against the INSTALLED tarball by pack.test.ts: the type
// names the editor's own files export, so a swapped-in editor file that imports them compiles.
import {
  summarizeAssets,
  summarizeTraits,
  type Asset,
  type AssetEntry,
  type AssetQuery,
  type TraitQuery,
  type TraitResult,
  type TraitSchema,
} from 'modoki-budget';

const entries: AssetEntry[] = [{ guid: 'g', path: 'a/b.png', name: 'b', type: 'texture' }];
const same: Asset[] = entries;
const query: AssetQuery = { type: 'texture' };
const counted = summarizeAssets(entries, query);
const schemas: Record<string, TraitSchema> = { Transform: { category: 'core' } };
const traitQuery: TraitQuery = { name: 'Transform' };
const traits: TraitResult = summarizeTraits(schemas, true, traitQuery);
// @ts-expect-error — an asset entry has a path
const missing: AssetEntry = { guid: 'g', name: 'b', type: 'texture' };
export { same, counted, traits, missing };
