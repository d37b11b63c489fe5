// read_result through the package's budget policy, as a page and Node both run it: one kept
// result read by match (a string with Unicode case folding, a /regex/, a bad pattern) and by
// path, within a char cap and within a token cap, each answer as JSON text with the result's id
// written `<id>`; and a page's summaries (roundFloats, tailWithCounts), which never read.
// js-tests/browser.test.ts runs both in Chromium through the web entry, whose search module is
// fetched on the first read, and compares every answer with Node's.

const rows = Array.from({ length: 400 }, (_, i) => ({
  id: i,
  name: i % 50 === 7 ? `Été ${i}` : `row ${i}`,
  x: i / 3,
}));

/** The result id in a policy's answer `result` (its budget://result/ link). */
const idOf = (result) => /budget:\/\/result\/([0-9a-z_-]+)/i.exec(JSON.stringify(result))?.[1];

/** Every read's answer, keyed by what it reads; `m` is the package. */
export async function readAnswers(m) {
  await m.loadEncoding('cl100k_base');
  const answers = {};
  for (const [label, options] of [
    ['chars', { maxChars: 1000 }],
    ['tokens', { maxChars: 2000, maxTokens: 300 }],
  ]) {
    const policy = m.createBudgetPolicy(options);
    const { result } = await policy.apply('scene.rows', { rows });
    const id = idOf(result);
    const read = async (args) =>
      JSON.stringify(await policy.callReadTool({ id, ...args }))
        .split(id)
        .join('<id>');
    answers[`${label}: match ÉTÉ`] = await read({ match: 'ÉTÉ' });
    answers[`${label}: match /regex/`] = await read({ match: '/row 1[0-4]7\\b/' });
    answers[`${label}: path`] = await read({ path: '$.rows[120]' });
    answers[`${label}: bad pattern`] = await read({ match: '/(a+/' });
  }
  return answers;
}

const logs = Array.from({ length: 60 }, (_, i) => ({ seq: i, level: ['log', 'warn', 'error'][i % 3], x: i / 7 }));

/** What the summaries-only page answers: `m` is the package. */
export const summaryAnswer = (m) =>
  JSON.stringify([m.roundFloats(rows.slice(0, 3), 4), m.tailWithCounts(logs, (e) => e.level, { defaultLimit: 2 })]);
