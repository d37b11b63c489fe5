// The plain-TypeScript way to do what the renderer's summaries use from the package: rounding
// floats to N significant digits and a ring-buffer tail with counts by type. Written for this
// benchmark as the obvious implementation (a recursive walk with toPrecision; a histogram and a
// slice), the peer the package's browser build is measured against.

export function roundFloats<T>(value: T, sig = 9): T {
  if (typeof value === 'number') {
    return (Number.isFinite(value) && !Number.isInteger(value) ? Number(value.toPrecision(sig)) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => roundFloats(v, sig)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = roundFloats(v, sig);
    return out as T;
  }
  return value;
}

export function tailWithCounts<T>(
  items: readonly T[],
  typeOf: (item: T) => string,
  options: { limit?: number; defaultLimit: number },
): { items: T[]; total: number; truncated: boolean; byType: Record<string, number> } {
  const byType: Record<string, number> = {};
  for (const item of items) {
    const key = typeOf(item);
    byType[key] = (byType[key] ?? 0) + 1;
  }
  const limit =
    typeof options.limit === 'number' && Number.isFinite(options.limit) ? options.limit : options.defaultLimit;
  const n = Math.max(0, Math.min(items.length, limit));
  return {
    items: n === 0 ? [] : items.slice(items.length - n),
    total: items.length,
    truncated: n < items.length,
    byType,
  };
}
