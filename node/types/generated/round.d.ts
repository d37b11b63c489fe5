// generated — edit src/round.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Digits the agent boundary keeps by default: 9 significant digits shortens a float-heavy
 * payload with an error below what a renderer shows, while 6 would cost far more error and
 * mangle authored values such as `679.0625` (the figures: docs/result.md, "Rounding").
 */
export declare const DEFAULT_FLOAT_PRECISION: 9;
