// generated — edit src/round.rs (`MODOKI_WRITE_DECLARATIONS=1 cargo test --locked declarations` writes this file).

/**
 * Digits the agent boundary keeps by default: 9 significant digits removes ~20% of a
 * float-heavy payload with a worst absolute error of ~3.5e-7 on scene coordinates, while 6
 * would cost 1,400× the error and mangle authored values such as `679.0625`.
 */
export declare const DEFAULT_FLOAT_PRECISION: 9;
