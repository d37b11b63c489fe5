// The oracle for the differential tests: the editor's result layer and float rounding as its
// newest contract (docs/editor-differences.md) specifies them, written plainly with no hardening.
// modoki-budget must return the same bytes wherever this returns at all, except where the
// difference table says otherwise.

export const MAX_PAYLOAD_CHARS = 60_000;

export function capText(text: string, maxChars = MAX_PAYLOAD_CHARS): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n…[${text.length - maxChars} chars elided of ${text.length}]`;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === 'object') return `object(${Object.keys(v as object).length} keys)`;
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v);
  return String(v);
}

export function summarize(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return describe(data);
  if (Array.isArray(data)) return `array(${data.length})`;
  const out: Record<string, string> = {};
  for (const key of Object.keys(data as object)) {
    Object.defineProperty(out, key, {
      value: describe((data as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export function encode(data: unknown, maxChars = MAX_PAYLOAD_CHARS): string {
  if (typeof data === 'string') return capText(data, maxChars);
  const text = JSON.stringify(data);
  if (text === undefined) return String(data);
  if (text.length <= maxChars) return text;
  return JSON.stringify({
    elided: true,
    code: 'TOO_LARGE',
    bytes: text.length,
    hint:
      `Response was ${text.length} chars (cap ${maxChars}). Narrow it: pass a filter ` +
      `(trait=/id=/name=/where=/layer=/ids=) or limit=N, or drop full=1. ` +
      `See this tool's description for the filters it accepts.`,
    preview: summarize(data),
  });
}

export function createFormatter(getWarning: () => string | null) {
  const banner = (text: string) => {
    const w = getWarning();
    return w ? `${w}\n\n${text}` : text;
  };
  return {
    banner,
    ok: (data: unknown) => ({ content: [{ type: 'text' as const, text: banner(encode(data)) }] }),
    err: (message: string) => ({ content: [{ type: 'text' as const, text: banner(capText(message)) }], isError: true }),
  };
}

/** The failure rule: `ok: true` wins; `ok: false`, a string in `errors[]` or a non-empty `error`
 *  triggers; the detail is errors, else error, else reason, else the fixed sentence. */
export function failureDetail(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { ok, errors, error, reason } = body as { ok?: unknown; errors?: unknown; error?: unknown; reason?: unknown };
  if (ok === true) return null;
  const strings = Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [];
  const said = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  if (ok !== false && strings.length === 0 && !said(error)) return null;
  if (strings.length > 0) return strings.join('; ');
  if (said(error)) return error;
  return said(reason) ? reason : 'the operation reported ok:false';
}

export function isFailureBody(body: unknown): string | null {
  const detail = failureDetail(body);
  return detail === null ? null : `${detail}\n\nfull response: ${JSON.stringify(body)}`;
}

export const DEFAULT_FLOAT_PRECISION = 9;

export function roundSig(x: number, sig: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x;
  if (sig <= 0 || sig >= 17) return x;
  return Number(x.toPrecision(sig));
}

function isPlain(v: object): boolean {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

export function roundFloats<T>(value: T, sig = DEFAULT_FLOAT_PRECISION): T {
  if (sig <= 0 || sig >= 17) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'number') return roundSig(v, sig);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlain(v)) return v;
    const out = Object.getPrototypeOf(v) === null ? Object.create(null) : {};
    for (const k of Object.keys(v)) {
      Object.defineProperty(out, k, {
        value: walk((v as Record<string, unknown>)[k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  return walk(value) as T;
}

export function resolvePrecision(raw: unknown): number {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && raw !== '' && Number.isFinite(Number(raw))) return Number(raw);
  return DEFAULT_FLOAT_PRECISION;
}

/** The refusal as the contract specifies it: prose fields at 4,000 chars, `got` at 8,000 (or
 *  `gotBudget`), a structured `got` kept while its JSON fits, else a shape report. */
export function encodeError(detail: {
  code: string;
  tool?: string;
  what: string;
  why: string;
  got?: unknown;
  expected?: string;
  options?: string[];
  gotBudget?: number;
}): string {
  const budget = detail.gotBudget ?? 8000;
  let got: unknown;
  if (typeof detail.got === 'string') got = capText(detail.got, budget);
  else if (detail.got !== undefined) {
    const text = JSON.stringify(detail.got);
    if (text === undefined) got = String(detail.got);
    else
      got = text.length <= budget ? detail.got : { elided: true, bytes: text.length, preview: summarize(detail.got) };
  }
  const error: Record<string, unknown> = {
    code: detail.code,
    tool: detail.tool,
    what: capText(detail.what, 4000),
    why: capText(detail.why, 4000),
  };
  if (got !== undefined) error.got = got;
  if (detail.expected !== undefined) error.expected = capText(detail.expected, 4000);
  if (detail.options !== undefined) error.options = detail.options;
  return JSON.stringify({ error });
}
