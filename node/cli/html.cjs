'use strict';
// The building blocks of the self-contained HTML pages `report --html` and `proxy --html`
// write: one file, inline CSS, no script, no network. Every number a page shows sits in an
// element with a `data-k` key, so a test (or a script) can read it back exactly.

const int = (n) => Math.round(n).toLocaleString('en-US');
const pct = (x) => `${x.toFixed(1)}%`;

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside HTML content and attribute values. */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A number shown on the page under the key `key`. */
const shown = (key, text) => `<span data-k="${escapeHtml(key)}">${escapeHtml(text)}</span>`;

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:24px;color:#1d232a;background:#fafbfc}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.sub{color:#5b6570;margin-bottom:16px}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 18px}
.facts dt{font-weight:600}.facts dd{margin:0}
table{border-collapse:collapse}td,th{padding:3px 10px 3px 0;text-align:left;vertical-align:middle}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:inline-block;height:10px;background:#3b82c4;vertical-align:middle}
.bar.out{background:#7cb342}
.treemap{position:relative;width:960px;height:480px;border:1px solid #c9d1d9;background:#fff}
.cell{position:absolute;box-sizing:border-box;border:1px solid #fff;overflow:hidden;font-size:11px;line-height:1.25;padding:2px 3px;color:#fff}
.legend{color:#5b6570;font-size:12px;margin:6px 0 0}
svg text{font-size:11px;fill:#5b6570}
`;

/** The whole page: a title, a subtitle and the sections' HTML. */
function page(title, subtitle, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1><div class="sub">${subtitle}</div>
${body}
</body></html>
`;
}

/**
 * Squarified treemap layout (Bruls, Huizing, van Wijk): rectangles for `items` (each with a
 * positive `value`) filling `w`×`h`, as close to square as the greedy row rule gets.
 */
function squarify(items, w, h) {
  const total = items.reduce((s, it) => s + it.value, 0);
  if (total <= 0 || w <= 0 || h <= 0) return [];
  const scale = (w * h) / total;
  const queue = items.filter((it) => it.value > 0).sort((a, b) => b.value - a.value);
  const out = [];
  let x = 0;
  let y = 0;
  let width = w;
  let height = h;
  const worst = (row, side) => {
    const sum = row.reduce((s, it) => s + it.value * scale, 0);
    const max = Math.max(...row.map((it) => it.value * scale));
    const min = Math.min(...row.map((it) => it.value * scale));
    return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
  };
  let row = [];
  const layRow = () => {
    const sum = row.reduce((s, it) => s + it.value * scale, 0);
    if (width >= height) {
      const rw = sum / height;
      let cy = y;
      for (const it of row) {
        const rh = (it.value * scale) / rw;
        out.push({ item: it, x, y: cy, w: rw, h: rh });
        cy += rh;
      }
      x += rw;
      width -= rw;
    } else {
      const rh = sum / width;
      let cx = x;
      for (const it of row) {
        const cw = (it.value * scale) / rh;
        out.push({ item: it, x: cx, y, w: cw, h: rh });
        cx += cw;
      }
      y += rh;
      height -= rh;
    }
    row = [];
  };
  for (const item of queue) {
    const side = Math.min(width, height);
    if (row.length === 0 || worst([...row, item], side) <= worst(row, side)) row.push(item);
    else {
      layRow();
      row.push(item);
    }
  }
  if (row.length > 0) layRow();
  return out;
}

/**
 * A treemap of fields: area = token share, color = token density (token share / char share:
 * red where a field costs more tokens than its characters suggest, blue where fewer).
 * `fields` are `{ label, tokens, tokenShare, charShare }`; `key` prefixes the data-k keys.
 */
function treemap(fields, key, { width = 960, height = 480 } = {}) {
  const cells = squarify(
    fields.map((f) => ({ ...f, value: f.tokens })),
    width,
    height,
  );
  const html = cells.map(({ item, x, y, w, h }, i) => {
    const density = item.charShare > 0 ? item.tokenShare / item.charShare : 1;
    // Within 5% of its char share a field is neutral (gray); denser is red, lighter is blue.
    const hue = density > 1.05 ? 0 : density < 0.95 ? 215 : 30;
    const saturation = density > 1.05 || density < 0.95 ? 55 : 8;
    const light = Math.max(32, 58 - Math.min(1, Math.abs(density - 1)) * 24);
    const label =
      w > 60 && h > 28
        ? `${escapeHtml(item.label)}<br>${shown(`${key}.${i}.tokenShare`, pct(item.tokenShare))} of tokens · ${shown(`${key}.${i}.charShare`, pct(item.charShare))} of chars`
        : '';
    const title = `${item.label}: ${pct(item.tokenShare)} of tokens, ${pct(item.charShare)} of chars, ${int(item.tokens)} tokens`;
    return `<div class="cell" data-path="${escapeHtml(item.label)}" title="${escapeHtml(title)}" style="left:${x.toFixed(1)}px;top:${y.toFixed(1)}px;width:${w.toFixed(1)}px;height:${h.toFixed(1)}px;background:hsl(${hue},${saturation}%,${light.toFixed(0)}%)">${label}</div>`;
  });
  return `<div class="treemap" data-treemap="${escapeHtml(key)}" style="width:${width}px;height:${height}px">${html.join('')}</div>
<p class="legend">Area: share of the tokens. Red: the field costs more tokens than its share of the characters (hex, numbers); blue: fewer (words); gray: about the same.</p>`;
}

/** A horizontal bar `value / max` of `width` pixels. */
const bar = (value, max, width = 240, cls = 'bar') =>
  `<span class="${cls}" style="width:${max > 0 ? Math.max(value > 0 ? 1 : 0, Math.round((value / max) * width)) : 0}px"></span>`;

module.exports = { escapeHtml, shown, page, squarify, treemap, bar, int, pct };
