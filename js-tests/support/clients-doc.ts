// The generated part of docs/clients.md: what each client's model saw, per case, through
// withBudget and the proxy (js-tests/clients.test.ts collects the views and calls this).

export interface ClientCell {
  client: 'claudeCode' | 'codex' | 'gemini';
  adapter: 'withBudget' | 'proxy';
  case: string;
  /** The texts the model reads, one per block, in order. */
  blocks: string[];
  failed: boolean;
  whole: boolean;
  note: string | undefined;
}

const START = '<!-- generated:clients (js-tests/clients.test.ts; `npm run clients-doc` rewrites it) -->';
const END = '<!-- /generated:clients -->';

const CLIENT_TITLES: Record<ClientCell['client'], string> = {
  claudeCode:
    "Claude Code 2.1.332, `preset: 'claudeCode'` (40,000 UTF-16 chars; the model reads structuredContent's JSON when present, and every non-text block as a line)",
  codex:
    "Codex CLI 0.169.0, `preset: 'codex'` (46,000 UTF-8 bytes; the model reads structuredContent's JSON when present, else the blocks, a non-text one as its JSON)",
  gemini:
    "Gemini CLI (gemini-cli-core 0.61.0), `preset: 'gemini'` (39,959 chars of text; the model reads the text blocks, each in `<untrusted_context>`, and a link as a line)",
};

/** Shown of each view: its first chars, then how many there are in all. */
const SHOWN_CHARS = 1200;

/** A view's text with its result ids as `<id>` (each run's differ). */
const anyId = (text: string) => text.replace(/(result[/-]|id\\?":\\?")[A-Za-z0-9_-]{22}/g, '$1<id>');

const n = (x: number) => x.toLocaleString('en-US');

function size(cell: ClientCell): string {
  const text = cell.blocks.join('\n');
  return cell.client === 'codex' ? `${n(Buffer.byteLength(text, 'utf8'))} bytes` : `${n(text.length)} chars`;
}

function shape(cell: ClientCell): string {
  const answer = cell.blocks.find((b) => !/^(\[Resource link:|Resource Link:|\{"type":"resource_link")/.test(b)) ?? '';
  try {
    const value = JSON.parse(answer);
    return value !== null && typeof value === 'object' && 'tooLarge' in value ? 'JSON answer, parses' : 'JSON, parses';
  } catch {
    return 'text';
  }
}

const status = (cell: ClientCell) =>
  `${cell.failed ? 'a failure' : 'a success'}, ${cell.whole ? 'read whole' : (cell.note ?? 'cut')}`;

function shown(text: string): string {
  const clean = anyId(text);
  if (clean.length <= SHOWN_CHARS) return clean;
  return `${clean.slice(0, SHOWN_CHARS)}…  [${n(clean.length)} chars in all]`;
}

/** A fenced block that holds `text` whatever backticks it has. */
const fenced = (text: string) => {
  const ticks = '`'.repeat(Math.max(3, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length + 1)));
  return `${ticks}text\n${text}\n${ticks}`;
};

/** The section for `cells`, between its markers. */
export function renderSection(cells: ClientCell[]): string {
  const out: string[] = [START, ''];
  for (const client of ['claudeCode', 'codex', 'gemini'] as const) {
    const mine = cells.filter((c) => c.client === client);
    const names = [...new Set(mine.map((c) => c.case))];
    out.push(`### ${CLIENT_TITLES[client]}`, '');
    out.push('| case | through withBudget | through the proxy | the model reads |', '| --- | --- | --- | --- |');
    for (const name of names) {
      const [w, p] = (['withBudget', 'proxy'] as const).map((a) =>
        mine.find((c) => c.adapter === a && c.case === name)!,
      );
      out.push(`| ${name} | ${status(w)}, ${size(w)} | ${status(p)}, ${size(p)} | ${shape(p)} |`);
    }
    out.push('');
    for (const name of names) {
      const p = mine.find((c) => c.adapter === 'proxy' && c.case === name)!;
      out.push(`${name} (the same through both, ids aside):`, '');
      p.blocks.forEach((block, i) => {
        if (p.blocks.length > 1) out.push(`block ${i + 1} of ${p.blocks.length}:`, '');
        out.push(fenced(shown(block)), '');
      });
    }
  }
  out.push(END);
  return out.join('\n');
}

/** docs/clients.md (`current`, its text now) with its generated section made from `cells`. */
export function renderClientsDoc(cells: ClientCell[], current: string): string {
  const at = current.indexOf(START);
  const end = current.indexOf(END);
  if (at < 0 || end < at) throw new Error(`docs/clients.md has no ${START} … ${END} section`);
  return current.slice(0, at) + renderSection(cells) + current.slice(end + END.length);
}
