/**
 * Issue 22, item 19: Compare listed a native dialect twice, "Tyrolean (Muttersprache)" from the
 * profile's native dialects and "Tyrolean (Native)" from its dialects at the native level: one
 * dialect, one label.
 */
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import { useCompareRows, type CompareRow } from '../../../renderer/src/components/compare/useCompareRows.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import type { CompareActor } from '../../../renderer/src/stores/compare.ts';
import { fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

function actor(id: number, overrides: Partial<CompareActor>): CompareActor {
  return {
    id,
    name: `Actor ${id}`,
    hasDetail: true,
    known: true,
    removed: false,
    pictureUrl: null,
    pictureDimensions: null,
    actingAgeFrom: null,
    actingAgeTo: null,
    height: null,
    languages: {},
    dialects: {},
    nativeDialects: [],
    levelSkills: { instruments: {}, dances: {}, singing: {} },
    listSkills: { sports: [], licenses: [], drivers_licenses: [] },
    agencies: [],
    credits: [],
    ...overrides,
  };
}

function rowsOf(actors: CompareActor[]): CompareRow[] {
  let rows: CompareRow[] = [];
  const Host = defineComponent(() => {
    const computedRows = useCompareRows(ref(actors));
    return () => {
      rows = computedRows.value;
      return h('div');
    };
  });
  wrapper = mount(Host, {
    global: { plugins: [createPinia(), createCastdeskI18n('de')], provide: { [castdeskBridgeKey as symbol]: fakeBridge().bridge as CastdeskBridge } },
  });
  return rows;
}

describe('Compare: dialects', () => {
  it('lists a native dialect once, as native, and the other dialects with their level', () => {
    const rows = rowsOf([
      actor(1, { nativeDialects: ['tirolerisch'], dialects: { tirolerisch: 'muttersprachlich', wienerisch: 'kann' } }),
      actor(2, { nativeDialects: ['tirolerisch'], dialects: { tirolerisch: 'muttersprachlich' } }),
    ]);
    const dialects = rows.find((row) => row.key === 'dialects')!;
    const texts = dialects.cells.map((cell) => (cell ?? []).map((item) => item.text));
    for (const cell of texts) expect(cell.filter((text) => /tirol|tyrol/i.test(text))).toHaveLength(1);
    expect(texts[0]).toHaveLength(2);
    // At its level's label in the content language (English in this test's library), as languages are.
    expect(texts[0]!.some((text) => /\(Native\)$/.test(text))).toBe(true);
  });

  it('names the native level of a dialect as the languages row names it (not "Muttersprache" beside "Muttersprachlich")', () => {
    // Seen in the walk of 28.11.2026: "Deutsch (Muttersprachlich)" above "Schweizerdeutsch (Muttersprache)".
    const rows = rowsOf([actor(1, { languages: { de: 'muttersprachlich' }, nativeDialects: ['tirolerisch'], dialects: { tirolerisch: 'muttersprachlich' } })]);
    const textOf = (key: string) => rows.find((row) => row.key === key)!.cells[0]!.map((item) => item.text);
    const nativeLanguage = textOf('languages')[0]!;
    const nativeDialect = textOf('dialects')[0]!;
    expect(nativeLanguage).toMatch(/\((.+)\)$/);
    expect(nativeDialect.match(/\((.+)\)$/)?.[1]).toBe(nativeLanguage.match(/\((.+)\)$/)?.[1]);
  });
});
