// generated — edit src/summarizers/write_path.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * The payload of `sceneEditResult`.
 */
export type SceneEditResult = {
  ok: boolean;
  changed: number;
  errors: string[];
  warnings: string[];
  scene?: unknown;
};
