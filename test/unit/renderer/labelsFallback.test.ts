/**
 * Labels without the directory's attributes endpoint: the catalogues shipped in the app (the same
 * files the directory service serves) name every closed-list key in the content language, the
 * endpoint's 404 is not shown as an error, and a directory's own labels win where it has them.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { CastdeskBridge, ConnectionView } from '../../../contract/bridge.ts';
import type { ContentLocale } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ContentLocaleOffer from '../../../renderer/src/components/ContentLocaleOffer.vue';
import { openLibraryDb } from '../../../renderer/src/db/libraryDb.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { useConnectionStore } from '../../../renderer/src/stores/connections.ts';
import { humaniseKey, useLabelsStore } from '../../../renderer/src/stores/labels.ts';
import { useLocaleStore } from '../../../renderer/src/stores/locale.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import { demoView, fakeBridge } from './fakeBridge.ts';

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

let wrapper: VueWrapper | undefined;
let pinia: Pinia | undefined;
let counter = 0;
/** An empty component to mount the stores' plugins on. */
const Host = defineComponent({ render: () => h('div') });

afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  if (pinia) await useSyncStore(pinia).activate(null);
  pinia = undefined;
});

/** The labels store of a fresh library whose directory answers the attributes channels as given. */
async function labelsFor(contentLocale: ContentLocale, attributes: { list: () => Answer; get?: (name: string) => Answer }) {
  counter += 1;
  const connectionId = `labels-${Date.now().toString(36)}-${counter}`;
  const page = { ok: true, value: { items: [], total: 0, page: 1, perPage: 1000, nextPage: null } };
  const fake = fakeBridge({
    listActors: () => page,
    listCrew: () => page,
    listCastingCalls: () => page,
    getSyncMemory: () => ({ ok: true, value: { completedFullSyncAt: null } }),
    setSyncMemory: () => ({ ok: true, value: {} }),
    listAttributes: () => attributes.list(),
    getAttribute: (args: { name: string }) => attributes.get?.(args.name) ?? { ok: true, value: {} },
  });
  pinia = createPinia();
  wrapper = mount(Host, {
    global: { plugins: [pinia], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
  });
  const connections = useConnectionStore(pinia);
  connections.connections = [{ ...demoView, id: connectionId, contentLocale }];
  connections.activeId = connectionId;
  const labels = useLabelsStore(pinia);
  await useSyncStore(pinia).activate(connectionId);
  await vi.waitFor(() => expect(fake.calls.some((call) => call.channel === 'listAttributes')).toBe(true), { timeout: 5000 });
  await vi.waitFor(() => expect(labels.loading).toBe(false), { timeout: 5000 });
  await flushPromises();
  return labels;
}

const notFound = (): Answer => ({ ok: false, error: { code: 'not_found', message: 'HTTP 404' } });

describe('labels without an attributes endpoint', () => {
  it('name the provider keys in words, in English and German, and the 404 is no error', async () => {
    const en = await labelsFor('en', { list: notFound });
    expect(en.error).toBeNull();
    expect(en.label('eye_colors', 'braun')).toBe('Brown');
    expect(en.label('hair_lengths', 'mittel')).toBe('Medium');
    expect(en.label('drivers_licenses', 'pkw-klasse-b-be')).toBe('BE (car with trailer)');
    expect(en.label('working_permits', 'EU-27')).toBe('European Union');
    expect(en.label('dialect_skill', 'kann')).toBe('Can do');
    expect(en.label('special_skills', '101')).toBe('Juggling');
    expect(en.label('regions', 'dach')).toBe('DACH (Germany/Austria/Switzerland)');
    // the app keys languages by ISO code (profiles are mapped, roles come so); the provider's word works too
    expect(en.label('languages', 'deu')).toBe('German');
    expect(en.label('languages', 'englisch')).toBe('English');
    expect(en.label('language_levels', 'fliessend')).toBe('Fluent');

    const de = await labelsFor('de', { list: notFound });
    expect(de.error).toBeNull();
    expect(de.label('eye_colors', 'braun')).toBe('Braun');
    expect(de.label('drivers_licenses', 'pkw-klasse-b-be')).toBe('BE (Pkw mit Anhänger)');
    expect(de.label('figures', 'normal')).toBe('Durchschnittlich');
    expect(de.label('languages', 'eng')).toBe('Englisch');
  });

  it('a key no catalogue knows still reads humanised, and other failures are still reported', async () => {
    const labels = await labelsFor('en', { list: () => ({ ok: false, error: { code: 'network', message: 'ECONNREFUSED' } }) });
    expect(labels.error?.code).toBe('network');
    expect(labels.label('eye_colors', 'braun')).toBe('Brown');
    expect(labels.label('sports', 'quidditch-pro')).toBe(humaniseKey('quidditch-pro'));
  });
});

describe('labels with an attributes endpoint', () => {
  it("take the directory's own labels where it has them, the shipped ones elsewhere", async () => {
    const labels = await labelsFor('en', {
      list: () => ({ ok: true, value: ['eye_colors', 'languages'] }),
      get: (name) => ({ ok: true, value: name === 'eye_colors' ? { braun: 'Chestnut' } : { deutsch: 'Deutsch (directory)' } }),
    });
    expect(labels.error).toBeNull();
    expect(labels.label('eye_colors', 'braun')).toBe('Chestnut');
    expect(labels.label('languages', 'deu')).toBe('Deutsch (directory)');
    expect(labels.label('hair_colors', 'braun')).toBe('Brown');
  });
});

describe('labels of two directories in the one library', () => {
  it("show the active directory's own labels, never another directory's for the same catalogue and language", async () => {
    const labels = await labelsFor('en', {
      list: () => ({ ok: true, value: ['eye_colors'] }),
      get: () => ({ ok: true, value: { braun: 'Chestnut' } }),
    });
    expect(labels.label('eye_colors', 'braun')).toBe('Chestnut');
    // Another directory's eye colours, in the same language and newer, sit in the same library.
    const library = await openLibraryDb();
    await library.labels.put({ origin: 'https://other.example', catalogue: 'eye_colors', locale: 'en', labels: { braun: 'Hazel (other directory)' }, fetchedAt: new Date().toISOString() });
    library.close();
    await labels.load();
    await flushPromises();
    expect(labels.label('eye_colors', 'braun')).toBe('Chestnut');
  });
});

describe('the content language and the UI language', () => {
  it('follows a change of the UI language where it was the UI language, and keeps one the user set to another', async () => {
    const stored: ConnectionView[] = [
      { ...demoView, id: 'follows-1', contentLocale: 'en' },
      { ...demoView, id: 'chosen-fr', contentLocale: 'fr' },
      { ...demoView, id: 'follows-2', contentLocale: 'en' },
    ];
    const fake = fakeBridge({
      updateConnection: (args: { id: string; contentLocale: ContentLocale }) => {
        const connection = stored.find((item) => item.id === args.id)!;
        connection.contentLocale = args.contentLocale;
        return { ok: true, value: connection };
      },
      listConnections: () => ({ ok: true, value: { connections: stored.map((item) => ({ ...item })), activeId: null } }),
    });
    pinia = createPinia();
    const i18n = createCastdeskI18n('en');
    wrapper = mount(Host, {
      global: { plugins: [pinia, i18n], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
    });
    const connections = useConnectionStore(pinia);
    connections.connections = stored.map((item) => ({ ...item }));

    useLocaleStore(pinia).setLocale('de');
    await vi.waitFor(() => expect(connections.connections.map((item) => item.contentLocale)).toEqual(['de', 'fr', 'de']));
    const updates = fake.calls.filter((call) => call.channel === 'updateConnection').map((call) => call.args);
    expect(updates).toEqual([
      { id: 'follows-1', contentLocale: 'de' },
      { id: 'follows-2', contentLocale: 'de' },
    ]);
  });
  it('offers the new UI language for content the user set to another language, and changes it only when taken', async () => {
    const stored: ConnectionView[] = [{ ...demoView, id: 'chosen-fr', contentLocale: 'fr' }];
    const fake = fakeBridge({
      updateConnection: (args: { id: string; contentLocale: ContentLocale }) => {
        stored[0]!.contentLocale = args.contentLocale;
        return { ok: true, value: { ...stored[0]! } };
      },
      listConnections: () => ({ ok: true, value: { connections: stored.map((item) => ({ ...item })), activeId: 'chosen-fr' } }),
    });
    pinia = createPinia();
    wrapper = mount(ContentLocaleOffer, {
      global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
    });
    const connections = useConnectionStore(pinia);
    connections.connections = stored.map((item) => ({ ...item }));
    connections.activeId = 'chosen-fr';
    expect(wrapper.find('[data-testid="content-language-offer"]').exists()).toBe(false);

    useLocaleStore(pinia).setLocale('de');
    await vi.waitFor(() => expect(wrapper!.find('[data-testid="content-language-offer"]').exists()).toBe(true));
    // Asked in the new UI language, naming both languages; nothing changed yet.
    expect(wrapper.text()).toContain('Deutsch');
    expect(wrapper.text()).toContain('Français');
    expect(fake.calls.filter((call) => call.channel === 'updateConnection')).toEqual([]);

    // Declined: the user's choice stays, and the offer goes.
    await wrapper.find('[data-testid="content-language-offer-no"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="content-language-offer"]').exists()).toBe(false);
    expect(connections.active?.contentLocale).toBe('fr');

    // Taken on the next switch: the content comes in the new UI language.
    useLocaleStore(pinia).setLocale('it');
    await vi.waitFor(() => expect(wrapper!.find('[data-testid="content-language-offer"]').exists()).toBe(true));
    await wrapper.find('[data-testid="content-language-offer-yes"]').trigger('click');
    await vi.waitFor(() => expect(connections.active?.contentLocale).toBe('it'));
    expect(fake.calls.filter((call) => call.channel === 'updateConnection').map((call) => call.args)).toEqual([{ id: 'chosen-fr', contentLocale: 'it' }]);
    expect(wrapper.find('[data-testid="content-language-offer"]').exists()).toBe(false);
  });
  it('follows two switches made at once: en → fr → en leaves the content in English', async () => {
    const stored: ConnectionView[] = [{ ...demoView, id: 'follows', contentLocale: 'en' }];
    const fake = fakeBridge({
      // Saving takes a moment, as it does through the back end.
      updateConnection: async (args: { id: string; contentLocale: ContentLocale }) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        stored[0]!.contentLocale = args.contentLocale;
        return { ok: true, value: { ...stored[0]! } };
      },
      listConnections: () => ({ ok: true, value: { connections: stored.map((item) => ({ ...item })), activeId: null } }),
    });
    pinia = createPinia();
    wrapper = mount(Host, {
      global: { plugins: [pinia, createCastdeskI18n('en')], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
    });
    const connections = useConnectionStore(pinia);
    connections.connections = stored.map((item) => ({ ...item }));

    const locale = useLocaleStore(pinia);
    locale.setLocale('fr');
    locale.setLocale('en');
    await vi.waitFor(() => expect(fake.calls.filter((call) => call.channel === 'updateConnection')).toHaveLength(2));
    await vi.waitFor(() => expect(connections.connections.map((item) => item.contentLocale)).toEqual(['en']));
    expect(stored[0]!.contentLocale).toBe('en');
  });
});
