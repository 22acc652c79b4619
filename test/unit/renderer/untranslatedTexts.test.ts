/**
 * Texts a German desk saw in English or in two words (issue 22, items 16 and 22): the demo
 * connection's name (the back end names it "Demo directory"; the user never typed that), the
 * backup's file name, the back end's English detail under an error (said to be English), the
 * presentation package's line naming where the profiles come from, and one word for shortlist.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent } from 'vue';
import { useI18n } from 'vue-i18n';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ErrorMessage from '../../../renderer/src/components/ErrorMessage.vue';
import { shownConnectionName } from '../../../renderer/src/i18n/connectionName.ts';
import { de } from '../../../renderer/src/i18n/de.ts';
import { es } from '../../../renderer/src/i18n/es.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';
import { pl } from '../../../renderer/src/i18n/pl.ts';
import { uk } from '../../../renderer/src/i18n/uk.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import SettingsView from '../../../renderer/src/views/SettingsView.vue';
import { demoView, fakeBridge } from './fakeBridge.ts';

let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  localStorage.clear();
});

function germanT(): ReturnType<typeof useI18n>['t'] {
  let t: ReturnType<typeof useI18n>['t'] | undefined;
  mount(defineComponent({ setup: () => ((t = useI18n().t), () => null) }), { global: { plugins: [createCastdeskI18n('de')] } }).unmount();
  if (!t) throw new Error('useI18n did not run');
  return t;
}

/** Every text of a message tree. */
function texts(tree: object): string[] {
  return Object.values(tree).flatMap((value: unknown) => (typeof value === 'string' ? [value] : typeof value === 'object' && value ? texts(value) : []));
}

describe('The demo connection in German', () => {
  it('is named in German on the Settings page, and a name the user gave stays as written', async () => {
    const { bridge } = fakeBridge({ listConnections: () => ({ ok: true, value: { connections: [demoView], activeId: demoView.id } }) });
    const pinia = createPinia();
    wrapper = mount(SettingsView, {
      global: { plugins: [pinia, createCastdeskI18n('de')], provide: { [castdeskBridgeKey as symbol]: bridge } },
      attachTo: document.body,
    });
    await useConnectionStore(pinia).refresh();
    await flushPromises();
    await expect.poll(() => wrapper!.text()).toContain('Verbindung: Demoverzeichnis');
    expect(wrapper.text()).not.toContain('Demo directory');
    const t = germanT();
    expect(shownConnectionName({ name: 'Demo directory 2', isDemo: true }, t)).toBe('Demoverzeichnis 2');
    expect(shownConnectionName({ name: 'Demo directory', isDemo: false }, t)).toBe('Demo directory');
    expect(shownConnectionName({ name: 'Agentur Nord', isDemo: true }, t)).toBe('Agentur Nord');
  });
});

describe('One word for shortlist in each locale, the one its Shortlists page is called by', () => {
  // The walk of 28.11.2026 saw "listy wyboru" in the Polish earlier-start notice beside "Shortlisty" everywhere else.
  it.each([
    ['pl', pl, /Shortlist/u, /list\p{L}* wyboru/iu],
    ['es', es, /Preselecci/u, /listas? de (pre)?selecci/iu],
    ['fr', fr, /Présélection/u, /listes? de sélection/iu],
    ['uk', uk, /Шортлист/u, /шорт-лист/iu],
  ] as const)('%s', (_locale, messages, word, other) => {
    const all = texts(messages);
    expect(all.filter((text) => other.test(text))).toEqual([]);
    expect(all.some((text) => word.test(text))).toBe(true);
  });
});

describe('German texts', () => {
  it('say shortlist in one word: "Shortlist", never "Auswahlliste"', () => {
    const all = texts(de);
    expect(all.filter((text) => /Auswahlliste/u.test(text))).toEqual([]);
    expect(all.some((text) => text.includes('Shortlist'))).toBe(true);
  });

  it('spell the demo directory one way, as its connection is named ("Demoverzeichnis", never "Demo-Verzeichnis")', () => {
    // The walk of 28.11.2026 saw "Demoverzeichnis" on the connection beside "Demo-Verzeichnis öffnen" under it.
    const all = texts(de);
    expect(all.filter((text) => /Demo-Verzeichnis/u.test(text))).toEqual([]);
    expect(germanT()('connections.openDemo')).toBe('Demoverzeichnis öffnen');
  });

  it('name the backup file and the package source in German', () => {
    const t = germanT();
    expect(t('shortlistExport.backupFileName', { date: '2026-11-28' })).toBe('Castdesk-Shortlists 2026-11-28.json');
    expect(t('shortlistExport.packageMadeFrom', { name: 'Demoverzeichnis', date: '28.11.2026' })).toBe('Erstellt mit Castdesk am 28.11.2026; Profile aus Demoverzeichnis');
  });

  it('say that the detail under an error is the back end\'s English', () => {
    wrapper = mount(ErrorMessage, {
      props: { error: { code: 'invalid_input', message: 'The connection name is empty.' } },
      global: { plugins: [createCastdeskI18n('de')] },
    });
    const detail = wrapper.get('.error-detail');
    expect(detail.text()).toBe('Technische Angabe (auf Englisch): The connection name is empty.');
    expect(detail.attributes('lang')).toBe('en');
  });
});
