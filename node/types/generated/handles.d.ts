// generated — edit src/summarizers/handles.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * One interaction handle as the handles producer reports it (other keys pass through).
 * Declared for the JS types only; the core reads the dump as JSON.
 */
export type Handle = {
  id?: string | number;
  editor?: string;
  kind?: string;
  label?: string;
  x?: number;
  y?: number;
  rect?: unknown;
  onScreen?: boolean;
  occludedBy?: string;
  occlusionChecked?: boolean;
  meta?: { disabled?: boolean; [key: string]: unknown };
} & ({ [key in string]: unknown });

/**
 * The payload of `handles`. Bare: the dump's counters without `handles` and without
 * `returnedCount` (there are no rows), plus `byEditor`/`byKind` and a hint. Filtered: the
 * matching handles with `returnedCount`/`totalCount` and every counter recomputed for them;
 * when nothing matched, also `byEditor`/`byKind` over every handle and a hint naming what is
 * live. Declared for the JS types only: the reply is the dump's own keys, as a JSON map.
 */
export type HandlesResult = {
  returnedCount?: number;
  totalCount?: number;
  handles?: Array<Handle>;
  byEditor?: { [editor: string]: number };
  byKind?: { [kind: string]: number };
  hint?: string;
} & ({ [key in string]: unknown });
