// Keys that serde_json reserves for its own markers are ordinary data: data can carry any key.
// With serde_json's raw_value feature an object whose FIRST key is `$serde_json::private::RawValue`
// was refused as "not valid JSON" (a number value) or replaced by the JSON its string held, in
// every function that reads its input through the Rust reader. Each function below once threw.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  budgetLock,
  checkLock,
  consoleLogs,
  countTokens,
  inflationRisk,
  journalEvents,
  menuCost,
  sceneState,
  serializeLock,
  summarizeAssets,
} from 'modoki-budget';
import { SERDE_MARKER_KEYS } from './support/arbitraries';

const [RAW, NUMBER] = SERDE_MARKER_KEYS;
/** JSON text with the marker keys spelled in: `R` is the RawValue marker, `N` the Number one. */
const json = (text: string) =>
  JSON.parse(text.replaceAll('"R"', JSON.stringify(RAW)).replaceAll('"N"', JSON.stringify(NUMBER)));

/** The lockfile's canonical JSON, written independently: keys sorted by UTF-16 code units. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
const sha256 = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('serde_json marker keys are plain keys', () => {
  it('summarizeAssets keeps them as the first key of an asset', () => {
    const assets = json(
      '[{"R":"[1]","guid":"g1","path":"a/x.png","name":"x","type":"texture"},{"N":"2","type":"mesh"}]',
    );
    expect(summarizeAssets(assets, { all: true })).toEqual({
      returnedCount: 2,
      totalCount: 2,
      assets: [
        { [RAW]: '[1]', guid: 'g1', path: 'a/x.png', name: 'x', type: 'texture' },
        { [NUMBER]: '2', type: 'mesh' },
      ],
    });
    expect(summarizeAssets(json('[{"R":1,"type":"texture"}]'), {})).toEqual({
      totalCount: 1,
      byType: { texture: 1 },
      hint: 'Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.',
    });
  });

  it('sceneState returns trait values whose keys are markers', () => {
    const scene = json('[{"R":1,"id":1,"name":"a","traits":["R"],"values":{"R":{"N":"3"}}}]');
    expect(JSON.stringify(sceneState(scene, { full: true }))).toBe(
      `{"scenePath":null,"returnedCount":1,"totalCount":1,"entities":[{"id":1,"guid":null,"name":"a","parentId":null,"parentGuid":null,"layer":null,"traits":{${JSON.stringify(RAW)}:{${JSON.stringify(NUMBER)}:"3"}}}]}`,
    );
  });

  it('consoleLogs and journalEvents copy the entries as given', () => {
    const logs = json('[{"R":"[1]","seq":1,"level":"warn","ts":5,"text":"x"}]');
    expect(consoleLogs(logs, {})).toEqual({
      logs,
      nextSeq: 1,
      returnedCount: 1,
      totalCount: 1,
      ringTotal: 1,
      byLevel: { warn: 1 },
      dropped: 0,
    });
    // The journal reads its events with the stream reader, which splits the array itself.
    const events = json('[{"R":"[1]","tick":1,"type":"R","cap":1,"payload":{"R":2}}]');
    expect(journalEvents(events, {}, { epoch: 'e', captureSeq: 1, droppedThroughCap: 0 })).toEqual({
      returnedCount: 1,
      totalCount: 1,
      ringTotal: 1,
      byType: { [RAW]: 1 },
      nextCap: 1,
      epoch: 'e',
      events,
    });
  });

  it('menuCost counts a schema whose first key is a marker as the text it is', () => {
    const tool = json('{"name":"t","description":"d","inputSchema":{"R":"{}","type":"object"}}');
    const whole = JSON.stringify(tool);
    const tokens = countTokens(whole);
    expect(menuCost([tool])).toEqual({
      encoding: 'cl100k_base',
      tokens,
      chars: whole.length,
      estimate: Math.ceil(whole.length / 4),
      tools: [
        {
          name: 't',
          index: 0,
          tokens,
          chars: whole.length,
          estimate: Math.ceil(whole.length / 4),
          nameTokens: 1,
          descriptionTokens: 1,
          inputSchemaTokens: countTokens(JSON.stringify(tool.inputSchema)),
        },
      ],
    });
    expect(tokens).toBe(27);
  });

  it('inflationRisk walks a property named by a marker', () => {
    const schema = json(
      '{"type":"object","properties":{"R":{"type":"array","items":{"type":"object","properties":{"N":{"type":"string"}}}}}}',
    );
    expect(inflationRisk(schema)).toEqual({
      risk: 'high',
      fieldCount: 2,
      unbounded: [{ path: `$.${RAW}[]`, fieldsPerItem: 1 }],
    });
  });

  it('budgetLock digests the schema as given and checkLock reads the lock back', () => {
    const tools = [json('{"name":"R","description":"d","inputSchema":{"R":"{}","type":"object"}}')];
    const lock = budgetLock(tools);
    // The tool's name is the lock's first key once sorted, so checkLock reads a marker first.
    expect(Object.keys(lock.tools)).toEqual([RAW]);
    const entry = lock.tools[RAW];
    expect(entry.inputSchemaDigest).toBe(sha256(canonical(tools[0].inputSchema)));
    expect(entry.inputSchemaDigest).toBe('sha256:fc12f8bb8a7dacbe90281feb593e60437078ca24631b17ea5d79b8589fcd4901');
    expect(lock.integrityDigest).toBe(sha256(canonical(lock.tools)));
    expect(entry).toMatchObject({ descriptionTokens: 1, inflationRisk: 'low' });
    expect(checkLock(JSON.parse(serializeLock(lock)), lock)).toEqual({
      ok: true,
      added: [],
      removed: [],
      changed: [],
      escalations: [],
      integrityOk: true,
      message: 'Budget lock matches: 1 tools, no drift, no escalation.',
    });
  });
});
