// The plain-JS baseline: result.ts implemented the obvious way
// (JSON.stringify + slice + a recursive roundFloats with toPrecision).
export const MAX = 60_000;

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === 'object') return `object(${Object.keys(v).length} keys)`;
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v);
  return String(v);
}

export function summarize(data) {
  if (data === null || typeof data !== 'object') return describe(data);
  if (Array.isArray(data)) return `array(${data.length})`;
  const out = {};
  for (const k of Object.keys(data)) out[k] = describe(data[k]);
  return out;
}

export function encode(data, maxChars = MAX) {
  if (typeof data === 'string')
    return data.length <= maxChars
      ? data
      : `${data.slice(0, maxChars)}\n…[${data.length - maxChars} chars elided of ${data.length}]`;
  const text = JSON.stringify(data);
  if (text === undefined) return String(data);
  if (text.length <= maxChars) return text;
  return JSON.stringify({
    elided: true,
    bytes: text.length,
    hint: `Response was ${text.length} chars (cap ${maxChars}). Narrow it: pass a filter (trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. See this tool's description for the filters it accepts.`,
    preview: summarize(data),
  });
}

export function roundSig(x, sig) {
  if (!Number.isFinite(x) || x === 0) return x;
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x;
  if (sig <= 0 || sig >= 17) return x;
  return Number(x.toPrecision(sig));
}

export function roundFloats(value, sig = 9) {
  if (sig <= 0 || sig >= 17) return value;
  if (typeof value === 'number') return roundSig(value, sig);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => roundFloats(v, sig));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out = {};
  for (const k of Object.keys(value)) out[k] = roundFloats(value[k], sig);
  return out;
}
