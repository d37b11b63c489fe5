// ---------------------------------------------------------------------------------------------
// Filter disclosure: how a filtered read says what its filter left out, so "the filter matched
// nothing" never reads like "nothing exists".

// LIVE_VOCABULARY_CAP is generated from src/summarizers/filter_disclosure.rs, its one source.
export * from './generated/filter-disclosure.js';

/**
 * Counts `items` by `keyOf` (the result is `String`-ed). Every key is an ordinary own key —
 * `constructor` and `__proto__` are counted like any other; keys keep first-seen order, except
 * integer-like keys, which every JS object lists first.
 */
export declare function histogram<T>(items: Iterable<T>, keyOf: (item: T) => unknown): Record<string, number>;

/**
 * The filter as the caller wrote it, for a sentence: `name=Plyer, layer=2d`. Entries that are
 * `undefined`, `null`, `""`, `false` or an empty array are left out (they filtered nothing); an
 * array is `k=[a,b]`, a string itself, anything else its JSON text.
 */
export declare function describeFilter(filter: Readonly<Record<string, unknown>>): string;

/**
 * `{a, b, c, … +N more}`: the distinct non-blank strings of `values`, at most `cap` (default
 * {@link LIVE_VOCABULARY_CAP}), sorted by UTF-16 code unit — or, given `near` (the value the
 * caller asked for), values containing it first, then by edit distance, so a typo's intended
 * value is inside the cap.
 */
export declare function liveSet(values: Iterable<string>, cap?: number, near?: string): string;

/** What {@link emptyFilterHint} discloses about a filtered read that matched nothing. */
export interface EmptyFilterDisclosure {
  /** The row noun, singular: `entity`, `rect`, `asset`. */
  what: string;
  /** {@link describeFilter}'s output, or any short phrase naming the filter. */
  filter: string;
  /** How many rows the same read returns with no filter. */
  unfilteredCount: number;
  /** What `unfilteredCount` counts, finishing "but N …". Default `exist unfiltered`. */
  unfilteredLabel?: string;
  /** Named live vocabularies, e.g. `{ name: names, layer: layers }`. Empty ones are skipped. */
  live?: Readonly<Record<string, Iterable<string>>>;
  /** Per vocabulary, the value the caller asked for: that vocabulary is listed closest-first. */
  near?: Readonly<Record<string, string | undefined>>;
}

/**
 * The hint of a filtered read that matched nothing. It says which reading is true — nothing
 * exists (`unfilteredCount` 0), or the filter missed (then the unfiltered count and the live
 * vocabularies) — because an empty list cannot say it by itself.
 */
export declare function emptyFilterHint(d: EmptyFilterDisclosure): string;
