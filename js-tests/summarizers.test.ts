import { describe, expect, it } from 'vitest';
import {
  deriveGuid,
  summarizeAssets,
  resolveGuid,
  sceneEditResult,
  sceneState,
  screenshotResult,
  shortGuid,
} from 'modoki-budget';
import type { SceneEntity } from 'modoki-budget';

import { exact, unchanged } from './support/exact';
import { scene } from './support/scene';

describe('write path', () => {
  it('sceneEditResult gates the scene echo', () => {
    const result = { ok: true, changed: 1, errors: [], warnings: [], scene: { big: true } };
    exact(sceneEditResult(result), { ok: true, changed: 1, errors: [], warnings: [] });
    exact(sceneEditResult(result, { returnScene: true }), {
      ok: true,
      changed: 1,
      errors: [],
      warnings: [],
      scene: { big: true },
    });
    unchanged(result, (r) => sceneEditResult(r, { returnScene: true }));
  });
  it('screenshotResult inlines only on inline: true', () => {
    const shot = { path: '/tmp/s.png', width: 1800, height: 1200, base64: 'iVBORw0KGgo=' };
    exact(screenshotResult(shot), {
      content: [
        {
          type: 'text',
          text: 'Screenshot saved to /tmp/s.png (1800x1200 px). Pass inline: true to receive the image itself.',
        },
      ],
    });
    exact(screenshotResult(shot, { inline: true }), {
      content: [
        { type: 'text', text: 'Screenshot saved to /tmp/s.png (1800x1200 px).' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
  });
});

describe('GUIDs', () => {
  it('deriveGuid known values (persisted — must never change)', () => {
    expect(deriveGuid('a')).toBe('98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab');
    expect(deriveGuid('')).toBe('17ed628f-15eb-20d2-97f2-a93d8df05ae8');
    expect(deriveGuid('é')).toBe('10b1e692-bc23-bce1-0701-58bc725daf93');
  });

  it('deriveGuid hashes code units, lone surrogates included, like the JS reference', () => {
    const reference = (seed: string) => {
      const parts = [0, 1, 2, 3].map((n) => {
        const s = `${n}:${seed}`;
        let h = 0x811c9dc5;
        for (let i = 0; i < s.length; i++) {
          h ^= s.charCodeAt(i);
          h = Math.imul(h, 0x01000193) >>> 0;
        }
        return h.toString(16).padStart(8, '0');
      });
      const hex = parts.join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    for (const seed of ['sprite:98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab', '\ud800', 'x\udc00y', '😀', '\ufffd']) {
      expect(deriveGuid(seed)).toBe(reference(seed));
    }
    expect(deriveGuid('\ud800')).not.toBe(deriveGuid('\ufffd'));
  });

  it('shortGuid is the fixed 12-hex prefix', () => {
    expect(shortGuid('98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab')).toBe('98b2bcaa3424');
    expect(shortGuid('42')).toBe('42');
  });

  it('resolveGuid: prefix, dashed prefix, full GUID, and coded errors', () => {
    const known = [
      '98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab',
      '98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab',
      '17ed628f-15eb-20d2-97f2-a93d8df05ae8',
    ];
    expect(resolveGuid('17ed628f15eb', known)).toBe(known[2]);
    expect(resolveGuid('98b2bcaa-34', known)).toBe(known[0]);
    expect(resolveGuid('11111111-2222-3333-4444-555555555555', known)).toBe('11111111-2222-3333-4444-555555555555');
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(Error);
        return { code: (e as { code?: string }).code, message: (e as Error).message };
      }
      throw new Error('did not throw');
    };
    expect(thrown(() => resolveGuid('98b2bc', known))).toEqual({
      code: 'AMBIGUOUS_GUID',
      message:
        'GUID prefix "98b2bc" is ambiguous: it matches 2 GUIDs: 98b2bcaa-3424-79c9-8f00-9bd4fa5e85ab, 98b2bcaa-ffff-79c9-8f00-9bd4fa5e85ab. Pass more hex digits.',
    });
    expect(thrown(() => resolveGuid('abcdef', known))).toEqual({
      code: 'UNKNOWN_GUID',
      message: 'no GUID starts with "abcdef" (searched 3 known GUIDs)',
    });
    expect(thrown(() => resolveGuid('98b2b', known))).toEqual({
      code: 'GUID_PREFIX_TOO_SHORT',
      message: 'GUID prefix "98b2b" has 5 hex digits; at least 6 are required (a shortGuid has 12)',
    });
    expect(resolveGuid('17ed62', new Set(known))).toBe(known[2]);
  });
});

describe('edges', () => {
  it('a guid prefix copied from a guidPrefix index drills down', () => {
    const short = sceneState(scene(), {}, { guidPrefix: 12 }).entities[0];
    const guid = 'guid' in short ? short.guid : '';
    expect(sceneState(scene(), { guid }).entities.map((e) => e.id)).toEqual([1]);
  });

  it('lone surrogates in data come back as U+FFFD (a Rust string cannot hold them); deriveGuid keeps them', () => {
    const out = sceneState([{ id: 1, name: 'a\ud800b', traits: [], parentId: 0, sortOrder: 0 }], {});
    expect(out.entities[0].name).toBe('a\ufffdb');
  });

  it('wrong input kinds are coded errors, not traps; the module keeps working', () => {
    let code: unknown;
    try {
      sceneState({} as unknown as SceneEntity[], {});
    } catch (e) {
      code = (e as { code?: string }).code;
      expect((e as Error).message).toBe('sceneState: entities must be an array');
    }
    expect(code).toBe('INVALID_INPUT');
    expect(summarizeAssets([], {})).toEqual({
      totalCount: 0,
      byType: {},
      hint: 'Counts only. Narrow with type=<type>, folder=<path prefix>, or name=<substring>; or all=true for every entry.',
    });
  });

  it('cycles and BigInts in inputs do not throw', () => {
    const cyclic: Record<string, unknown> = { id: 1, name: 'c', traits: ['T'], parentId: 0, sortOrder: 0 };
    cyclic.values = { T: { self: cyclic, big: 10n } };
    const out = sceneState([cyclic as unknown as SceneEntity], { id: 1 });
    expect(out.entities[0].traits).toEqual({ T: { self: '[Circular]', big: '10' } });
  });
});
