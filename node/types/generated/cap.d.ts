// generated — edit src/cap/mod.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * The default cap: 60,000 UTF-16 code units (~15k tokens of compact JSON). Large enough for
 * every narrowed query the editor's tools answer; an untargeted full dump is meant to hit it.
 */
export declare const MAX_PAYLOAD_CHARS: 60000;
