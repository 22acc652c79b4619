/**
 * The Credits page on a library in fake-indexeddb: details written as the sync writes them are
 * searched with the matching credit marked (text escaped), followed as details arrive and
 * profiles leave, restricted by the actor list's filters from the URL, and walked by keyboard.
 */
import 'fake-indexeddb/auto';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import type { ConnectionLibrary } from '../../../renderer/src/db/connectionLibrary.ts';
import { openConnectionLibrary } from './libraryFixture.ts';
import { markProfileRemoved, writeProfileDetail } from '../../../renderer/src/db/libraryWrites.ts';
import { createCastdeskI18n } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { useSyncStore } from '../../../renderer/src/stores/sync.ts';
import CreditsView from '../../../renderer/src/views/CreditsView.vue';
import { fakeBridge } from './fakeBridge.ts';

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });
let counter = 0;
const opened: ConnectionLibrary[] = [];
let wrapper: VueWrapper | null = null;

afterEach(async () => {
  wrapper?.unmount();
  wrapper = null;
  // The app's library itself is emptied after each test (setup/oneLibrary.ts).
  for (const library of opened.splice(0)) library.db.close();
});

function actorDetail(id: number, name: string, gender: string, vita: ActorDetail['vita'], updatedAt = '2026-11-01T10:00:00Z'): ActorDetail {
  const [first = '', last = ''] = name.split(' ');
  return { id, first_name: first, last_name: last, name, gender, talent_agency_connections: [], updated_at: updatedAt, vita } as ActorDetail;
}

const now = '2026-11-25T10:00:00.000Z';

async function library(): Promise<ConnectionLibrary> {
  const db = await openConnectionLibrary(`credits-${Date.now().toString(36)}-${(counter += 1)}`);
  opened.push(db);
  await writeProfileDetail(db, 'actor', actorDetail(1, 'Lena Brandt', 'f', {
    television: [{ name: 'Tatort', role: 'Kommissarin', director: 'Dominik Graf' }],
    theatre: [{ name: '<img src=x onerror=alert(1)>', theater_name: 'Schaubühne am Lehniner Platz' }],
  }), now);
  await writeProfileDetail(db, 'actor', actorDetail(2, 'Jonas Weber', 'm', { television: [{ name: 'Tatort', role: 'Gerichtsmediziner' }] }), now);
  await writeProfileDetail(db, 'actor', actorDetail(3, 'Ada Aalto', 'f', { film: [{ name: 'Toni Erdmann', director: 'Maren Ade' }] }), now);
  return db;
}

async function mountCredits(library: ConnectionLibrary, path: string) {
  const router = createCastdeskRouter();
  await router.push(path);
  await router.isReady();
  const pinia = createPinia();
  setActivePinia(pinia);
  wrapper = mount(CreditsView, {
    global: { plugins: [pinia, createCastdeskI18n('en'), router], provide: { [castdeskBridgeKey as symbol]: fakeBridge().bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await useSyncStore(pinia).activate(library.connectionId, library.origin);
  await flushPromises();
  return { view: wrapper, router };
}

const profilesShown = (view: VueWrapper) => view.findAll('[data-testid="credit-person"]').map((person) => person.attributes('data-profile'));

describe('the Credits page', () => {
  it('finds the people whose credits hold the words, marks them and escapes every text', async () => {
    const db = await library();
    const { view, router } = await mountCredits(db, '/credits?credit=schaubuhne');
    await eventually(() => expect(profilesShown(view)).toEqual(['actor:1']));
    await eventually(() => expect(view.get('[data-testid="credit-person"] .person-name').text()).toBe('Lena Brandt'));
    const person = view.get('[data-testid="credit-person"]');
    expect(person.findAll('mark').map((mark) => mark.text())).toEqual(['Schaubühne']);
    // The hostile title is shown as text, never as markup.
    expect(person.text()).toContain('<img src=x onerror=alert(1)>');
    expect(person.find('img').exists()).toBe(false);

    await view.get('[data-testid="credit-search-input"]').setValue('graf dominik');
    await eventually(() => expect(router.currentRoute.value.query.credit).toBe('graf dominik'));
    expect(profilesShown(view)).toEqual(['actor:1']);
    expect(view.findAll('mark').map((mark) => mark.text())).toEqual(['Dominik', 'Graf']);
  });

  it('follows details as they arrive and profiles as they leave', async () => {
    const db = await library();
    const { view } = await mountCredits(db, '/credits?credit=Tatort');
    await eventually(() => expect(profilesShown(view).sort()).toEqual(['actor:1', 'actor:2']));

    // The directory changed the profile: a newer detail with a Tatort credit.
    await writeProfileDetail(db, 'actor', actorDetail(3, 'Ada Aalto', 'f', { television: [{ name: 'Tatort', role: 'Zeugin' }] }, '2026-11-20T10:00:00Z'), now);
    await eventually(() => expect(profilesShown(view).sort()).toEqual(['actor:1', 'actor:2', 'actor:3']));

    await markProfileRemoved(db, 'actor', 2, { reason: 'deleted', at: now });
    await eventually(() => expect(profilesShown(view).sort()).toEqual(['actor:1', 'actor:3']));
  });

  it('keeps to the actors the actor list\'s filters show, until asked to search every profile', async () => {
    const db = await library();
    const { view } = await mountCredits(db, '/credits?credit=Tatort&gender=m');
    await eventually(() => expect(profilesShown(view)).toEqual(['actor:2']));
    expect(view.find('[data-testid="credit-filtered"]').exists()).toBe(true);
    await view.get('[data-testid="credit-filtered"] button').trigger('click');
    await eventually(() => expect(profilesShown(view).sort()).toEqual(['actor:1', 'actor:2']));
  });

  it('moves from the field to the people found and between them with the arrow keys', async () => {
    const db = await library();
    const { view } = await mountCredits(db, '/credits?credit=Tatort');
    await eventually(() => expect(profilesShown(view)).toHaveLength(2));
    const links = view.findAll<HTMLAnchorElement>('a.person-link');
    await view.get('[data-testid="credit-search-input"]').trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[0]!.element);
    await links[0]!.trigger('keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]!.element);
    await links[1]!.trigger('keydown', { key: 'Home' });
    expect(document.activeElement).toBe(links[0]!.element);
    expect(links[0]!.attributes('href')).toMatch(/^#\/actors\/\d+$/);
  });
  it('shows every one of 73 people found, 50 at first and the rest one click away', async () => {
    const db = await library();
    for (let id = 100; id < 171; id += 1) await writeProfileDetail(db, 'actor', actorDetail(id, `Person ${id}`, 'f', { theatre: [{ name: 'Tatort Bühne', role: 'Zeugin' }] }), now);
    const { view } = await mountCredits(db, '/credits?credit=Tatort');
    await eventually(() => expect(profilesShown(view)).toHaveLength(50));
    expect(view.get('[data-testid="credit-count"]').text()).toBe('50 of 73 people');
    const more = view.get('[data-testid="credit-show-more"]');
    expect(more.text()).toBe('Show 23 more people');
    await more.trigger('click');
    await eventually(() => expect(profilesShown(view)).toHaveLength(73));
    expect(view.get('[data-testid="credit-count"]').text()).toBe('73 of 73 people');
    expect(view.find('[data-testid="credit-show-more"]').exists()).toBe(false);
    expect(new Set(profilesShown(view)).size).toBe(73);

    // A new search starts again with its best 50.
    await view.get('[data-testid="credit-search-input"]').setValue('Zeugin');
    await eventually(() => expect(view.get('[data-testid="credit-count"]').text()).toBe('50 of 71 people'));
  });
});
