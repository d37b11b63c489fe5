// An independent reader of budget://result pages: joins text pages, or sets the concatenated
// items of structured pages into `rest` at `path` — first printing them as the document a string
// holds, when the pages say so — the way docs/mcp.md tells a client to.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Page {
  page: number;
  pages: number;
  path?: string;
  rest?: Json;
  items?: Json[];
  text?: string;
  document?: { indent: string; end?: string; path: string; rest: Json };
}

/** `$.a["b c"][3]` → ['a', 'b c', 3]. */
export function parsePath(path: string): Array<string | number> {
  if (!path.startsWith('$')) throw new Error(`bad path ${path}`);
  const keys: Array<string | number> = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < path.length) {
    const at = re.lastIndex;
    const m = re.exec(path);
    if (m === null) throw new Error(`bad path ${path} at ${at}`);
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string)));
  }
  return keys;
}

/** `rest` with the concatenated `items` set in place of the empty collection at `path`. */
function place(rest: Json, path: string, items: Json[]): Json {
  const keys = parsePath(path);
  let holder = rest;
  for (const key of keys.slice(0, -1)) holder = (holder as Record<string, Json>)[key as string];
  const last = keys.length === 0 ? null : keys[keys.length - 1];
  const empty = last === null ? rest : (holder as Record<string, Json>)[last as string];
  const value: Json =
    typeof empty === 'string'
      ? (items as string[]).join('')
      : Array.isArray(empty)
        ? items
        : Object.fromEntries(items as Array<[string, Json]>);
  if (last === null) return value;
  Object.defineProperty(holder, last, { value, writable: true, enumerable: true, configurable: true });
  return rest;
}

/** The original value (or text) from all its pages, in order. */
export function reassemble(texts: string[]): Json {
  const pages = texts.map((t) => JSON.parse(t) as Page);
  pages.forEach((p, i) => {
    if (p.page !== i + 1 || p.pages !== texts.length) throw new Error(`page ${i + 1} says ${p.page}/${p.pages}`);
  });
  if (pages[0].text !== undefined) return pages.map((p) => p.text).join('');
  const items = pages.flatMap((p) => p.items ?? []);
  const { path = '$', rest, document } = pages[0];
  if (document === undefined) return place(rest as Json, path, items);
  // The string at `path` holds a document: the items are the document's.
  const printed =
    JSON.stringify(place(document.rest, document.path, items), null, document.indent) + (document.end ?? '');
  return place(rest as Json, path, [printed]);
}
