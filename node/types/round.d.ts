// DEFAULT_FLOAT_PRECISION is generated from src/round.rs, its one source.
export * from './generated/round.js';

/** `Number(x.toPrecision(sig))`, passing NaN, ±Infinity, ±0 and integers below 1e15 through. */
export declare function roundSig(x: number, sig: number): number;

/**
 * A deep copy of `value` with every number in plain objects and arrays rounded to `sig`
 * significant digits (default 9). Class instances and Dates are kept by reference; the input is
 * never mutated; `sig <= 0 || sig >= 17` returns `value` itself.
 */
export declare function roundFloats<T>(value: T, sig?: number): T;

/** A finite number (or numeric string) as given; anything else gives 9. */
export declare function resolvePrecision(raw: unknown): number;
