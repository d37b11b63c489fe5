// Strict-tsc consumer of the float-rounding API: every export is used; misuses the
// declarations must refuse are marked as expected errors.
import { DEFAULT_FLOAT_PRECISION, roundSig, roundFloats, resolvePrecision } from 'modoki-budget';

const nine: 9 = DEFAULT_FLOAT_PRECISION;
const rounded: number = roundSig(1.23456, 3);
const tree: { x: number; list: number[] } = roundFloats({ x: 1.23456789012, list: [0.1 + 0.2] }, nine);
const precision: number = resolvePrecision('7') + resolvePrecision(undefined);

// @ts-expect-error — the digit count is a number
roundSig(1.5, '3');

export { rounded, tree, precision };
