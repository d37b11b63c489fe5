// generated — edit src/tokens/mod.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * A supported encoding, named as tiktoken names it.
 */
export type TokenEncoding = "cl100k_base" | "o200k_base";
