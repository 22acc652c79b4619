import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import type { Component } from 'vue';
import type { CastdeskBridge } from '../../../contract/bridge.ts';
import type { ActorDetail, ActorListItem, CreditEntry, Picture } from '../../../contract/directory-api.ts';
import { castdeskBridgeKey } from '../../../renderer/src/bridge/bridgeInjection.ts';
import ActorKeyFacts from '../../../renderer/src/components/profile/ActorKeyFacts.vue';
import { mainHeadshot } from '../../../renderer/src/media/galleryOrder.ts';
import ProfileGallery from '../../../renderer/src/components/profile/ProfileGallery.vue';
import ProfileActions from '../../../renderer/src/components/profile/ProfileActions.vue';
import ProfileHeadshot from '../../../renderer/src/components/profile/ProfileHeadshot.vue';
import VitaSection from '../../../renderer/src/components/profile/VitaSection.vue';
import { de } from '../../../renderer/src/i18n/de.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { createCastdeskI18n, type SupportedLocale } from '../../../renderer/src/i18n/index.ts';
import { createCastdeskRouter } from '../../../renderer/src/router.ts';
import { fakeBridge } from './fakeBridge.ts';

/**
 * The profile header's parts on their own (headshot, key facts, actions) and the compact, folded
 * vita: what each shows for a saved detail, for the list entry alone, and when pictures fail.
 */
const base = 'http://127.0.0.1:40000';
let wrapper: VueWrapper | undefined;

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountPart(component: Component, props: Record<string, unknown>, locale: SupportedLocale = 'en') {
  const fake = fakeBridge({ openExternal: () => ({ ok: true, value: { opened: true } }) });
  const router = createCastdeskRouter();
  await router.push('/actors/1');
  await router.isReady();
  wrapper = mount(component, {
    props,
    global: { plugins: [createPinia(), createCastdeskI18n(locale), router], provide: { [castdeskBridgeKey as symbol]: fake.bridge as CastdeskBridge } },
    attachTo: document.body,
  });
  await flushPromises();
  return { view: wrapper, calls: fake.calls };
}

function picture(id: number, flags: Partial<Picture> = {}): Picture {
  const version = (name: string) => `${base}/media/1/${id}/${name}.png`;
  return {
    id,
    copyright: null,
    url: version('original'),
    versions: { original: version('original'), large: version('large'), thumb: version('thumb'), thumb_large: version('thumb_large') },
    orientation: 'portrait',
    dimensions: [600, 800],
    ...flags,
  };
}

/** What the stores' pictureUrl does: the media cache's address of a picture. */
const pictureUrl = (url: string | null | undefined) => (url ? `/media-cache?u=${encodeURIComponent(url)}` : null);

describe('The headshot', () => {
  it('shows the main portrait picture, large, and falls back to the list thumbnail, then to a text', async () => {
    const pictures = [picture(1, { main_picture: true, portrait_position: 2 }), picture(2, { main_picture_portrait: true, portrait_position: 1 })];
    expect(mainHeadshot(pictures, 'portrait')?.id).toBe(2);
    const { view } = await mountPart(ProfileHeadshot, { picture: mainHeadshot(pictures, 'portrait'), listThumbnail: '/media-cache?u=tile', name: 'Zoe Zander', pictureUrl });
    const image = () => view.get('[data-testid="headshot-image"]');
    expect(image().attributes('src')).toBe(pictureUrl(`${base}/media/1/2/large.png`));
    expect(image().attributes('alt')).toBe('Main picture of Zoe Zander');
    // The large version cannot be had: the list's thumbnail stands in; then the text. Never a broken image.
    await image().trigger('error');
    expect(image().attributes('src')).toBe('/media-cache?u=tile');
    await image().trigger('error');
    expect(view.find('[data-testid="headshot-image"]').exists()).toBe(false);
    expect(view.get('[data-testid="headshot-missing"]').text()).toBe(en.actorDetail.layout.noPicture);
  });

  it('fills its frame with a portrait picture from the top and shows a landscape one whole, so the face stays in', async () => {
    const wide = picture(3, { main_picture_portrait: true, orientation: 'landscape', dimensions: [800, 533] });
    const { view } = await mountPart(ProfileHeadshot, { picture: wide, listThumbnail: '/media-cache?u=tile', name: 'Zoe Zander', pictureUrl });
    const image = () => view.get<HTMLImageElement>('[data-testid="headshot-image"]');
    expect(image().element.style.objectFit).toBe('contain');
    expect(image().element.style.objectPosition).toBe('center');
    // The list's square tile standing in fills the frame from the top.
    await image().trigger('error');
    expect(image().attributes('src')).toBe('/media-cache?u=tile');
    expect(image().element.style.objectFit).toBe('cover');
    expect(image().element.style.objectPosition).toBe('center top');
    await view.setProps({ picture: picture(4) });
    expect(image().attributes('src')).toBe(pictureUrl(`${base}/media/1/4/large.png`));
    expect(image().element.style.objectFit).toBe('cover');
    expect(image().element.style.objectPosition).toBe('center top');
  });

  it('says a picture is not loaded yet until it has, never a blank box, in the UI language (issue 22, walk N5)', async () => {
    const { view } = await mountPart(ProfileHeadshot, { picture: picture(1, { main_picture: true }), listThumbnail: '/media-cache?u=tile', name: 'Zoe Zander', pictureUrl }, 'de');
    expect(view.get('[data-testid="picture-loading"]').text()).toBe(de.app.pictureLoading);
    await view.get('[data-testid="headshot-image"]').trigger('load');
    expect(view.find('[data-testid="picture-loading"]').exists()).toBe(false);
    // Another picture is not loaded until it has loaded itself.
    await view.setProps({ picture: picture(2) });
    expect(view.get('[data-testid="picture-loading"]').text()).toBe(de.app.pictureLoading);
  });

  it('says which gallery pictures are not loaded yet, each until it has (issue 22, walk N5)', async () => {
    const { view } = await mountPart(ProfileGallery, { pictures: [picture(1), picture(2)], name: 'Zoe Zander', portraitToggle: false, pictureUrl });
    const pending = () => view.findAll('[data-testid="gallery-picture"]').map((item) => item.find('[data-testid="picture-loading"]').exists());
    expect(pending()).toEqual([true, true]);
    expect(view.get('[data-testid="picture-loading"]').text()).toBe(en.app.pictureLoading);
    await view.findAll('[data-testid="gallery-picture"] img')[1]!.trigger('load');
    expect(pending()).toEqual([true, false]);
  });

  it('shows the list thumbnail before the detail is saved, and a text without any picture', async () => {
    const { view } = await mountPart(ProfileHeadshot, { picture: null, listThumbnail: '/media-cache?u=tile', name: 'Zoe Zander', pictureUrl });
    expect(view.get('[data-testid="headshot-image"]').attributes('src')).toBe('/media-cache?u=tile');
    await view.setProps({ listThumbnail: null });
    expect(view.find('img').exists()).toBe(false);
    expect(view.get('[data-testid="headshot-missing"]').text()).toBe(en.actorDetail.layout.noPicture);
  });

  it('takes the main picture, else the first in position order, for crew', () => {
    expect(mainHeadshot([picture(5, { position: 2 }), picture(6, { position: 1 })], 'position')?.id).toBe(6);
    expect(mainHeadshot([picture(5, { position: 2 }), picture(6, { position: 1, main_picture: false }), picture(7, { position: 3, main_picture: true })], 'position')?.id).toBe(7);
    expect(mainHeadshot([], 'position')).toBeNull();
  });
});

const item: ActorListItem = { id: 1, name: 'Zoe Zander', updated_at: '2026-01-10T10:00:00.000+00:00', age: 26, languages: { deu: 'muttersprachlich' }, representative: { id: 3, name: 'Ina Agent' } };

function detail(overrides: Partial<ActorDetail> = {}): ActorDetail {
  return {
    id: 1,
    first_name: 'Zoe',
    last_name: 'Zander',
    name: 'Zoe Zander',
    updated_at: '2026-01-10T10:00:00.000+00:00',
    acting_age_from: 20,
    acting_age_to: 30,
    age: 27,
    year_of_birth: 1998,
    height: 1171,
    city: 'Berlin',
    country: 'DE',
    attribute_visibility: { acting_age: 'private', age: 'public' },
    languages: { deu: 'muttersprachlich', eng: 'fliessend' },
    representative: { id: 3, name: 'Ina Agent' },
    talent_agency_connections: [
      { talent_agency_id: 8, talent_agency_name: 'Voices Süd', categories: [], regions: [], connection_type: 'secondary_agency' },
      { talent_agency_id: 7, talent_agency_name: 'Agentur Nord', categories: [], regions: [], connection_type: 'primary_agency' },
    ],
    ...overrides,
  };
}

describe('The key facts', () => {
  it('show acting age, age, height, residence, the primary agency, the agent and the languages in brief', async () => {
    const { view } = await mountPart(ActorKeyFacts, { detail: detail(), item });
    const fact = (id: string) => view.get(`[data-testid="${id}"]`);
    expect(fact('acting-age').text()).toContain('20 to 30');
    expect(fact('acting-age').find('[data-testid="private-marker"]').exists()).toBe(true);
    expect(fact('age').text()).toBe('27 years (born 1998)');
    // Through the number format: a group separator in a height, never in a year.
    expect(fact('height').text()).toBe(new Intl.NumberFormat('en', { style: 'unit', unit: 'centimeter', unitDisplay: 'short' }).format(1171));
    expect(fact('height').text()).toContain('1,171');
    expect(fact('residence').text()).toBe('Berlin, Germany');
    expect(fact('agency-name').text()).toBe('Agentur Nord');
    expect(fact('representative').text()).toBe('Ina Agent');
    const languages = fact('languages').findAll('li').map((entry) => entry.text());
    expect(languages).toHaveLength(2);
    expect(languages[0]).toMatch(/^German \(.+\)$/);
    expect(fact('languages').get('ul').classes()).toContain('inline');
  });

  it('say the age with the language’s plural form and its own number format', async () => {
    const { view } = await mountPart(ActorKeyFacts, { detail: detail({ age: 22, year_of_birth: null, height: 1171 }), item }, 'pl');
    expect(view.get('[data-testid="age"]').text()).toBe('22 lata');
    await view.setProps({ detail: detail({ age: 25, year_of_birth: null }) });
    expect(view.get('[data-testid="age"]').text()).toBe('25 lat');
    await view.setProps({ detail: detail({ age: 1, year_of_birth: null }) });
    expect(view.get('[data-testid="age"]').text()).toBe('1 rok');
    expect(view.get('[data-testid="height"]').text()).toBe(new Intl.NumberFormat('pl', { style: 'unit', unit: 'centimeter', unitDisplay: 'short', maximumFractionDigits: 0 }).format(1171));
  });

  it('show what the list entry holds before the detail is saved', async () => {
    const { view } = await mountPart(ActorKeyFacts, { detail: null, item });
    expect(view.get('[data-testid="acting-age"]').text()).toBe(en.actorDetail.unknown);
    expect(view.get('[data-testid="age"]').text()).toBe('26 years');
    expect(view.get('[data-testid="representative"]').text()).toBe('Ina Agent');
    expect(view.get('[data-testid="languages"]').findAll('li')).toHaveLength(1);
    expect(view.find('[data-testid="height"]').exists()).toBe(false);
    expect(view.find('[data-testid="agency-name"]').exists()).toBe(false);
    expect(view.find('[data-testid="private-marker"]').exists()).toBe(false);
  });
});

describe('The actions', () => {
  it('add to a shortlist, compare and open the profile in the directory', async () => {
    const { view, calls } = await mountPart(ProfileActions, { actorId: 17, directoryUrl: 'https://directory.example/cd/actors/17' });
    const actions = view.get('[data-testid="profile-actions"]');
    expect(actions.attributes('role')).toBe('group');
    expect(actions.attributes('aria-label')).toBe(en.actorDetail.layout.actions);
    expect(actions.find('[data-testid="add-to-shortlist"]').exists()).toBe(true);
    const compare = actions.get('[data-testid="compare-link"]');
    expect(compare.attributes('href')).toBe('#/compare?ids=17');
    expect(compare.text()).toBe(en.actorDetail.layout.compare);
    const open = actions.get('[data-testid="open-in-directory"] button');
    expect(open.text()).toContain(en.actorDetail.layout.openInDirectory);
    await open.trigger('click');
    await flushPromises();
    expect(calls.filter((call) => call.channel === 'openExternal').map((call) => (call.args as { url: string }).url)).toEqual(['https://directory.example/cd/actors/17']);
  });

  it('offer no way to the directory without a web address the link rule lets out; crew have that way alone', async () => {
    const { view } = await mountPart(ProfileActions, { actorId: 17, directoryUrl: 'javascript:alert(1)' });
    expect(view.find('[data-testid="open-in-directory"]').exists()).toBe(false);
    expect(view.find('[data-testid="compare-link"]').exists()).toBe(true);
    await view.setProps({ actorId: null, directoryUrl: 'https://directory.example/crew/5' });
    expect(view.find('[data-testid="compare-link"]').exists()).toBe(false);
    expect(view.find('[data-testid="add-to-shortlist"]').exists()).toBe(false);
    expect(view.find('[data-testid="open-in-directory"] button').exists()).toBe(true);
    await view.setProps({ directoryUrl: null });
    expect(view.find('[data-testid="profile-actions"]').exists()).toBe(false);
  });
});

describe('The compact vita', () => {
  const films: CreditEntry[] = Array.from({ length: 11 }, (_, index) => ({
    name: `Film ${index + 1}`,
    year_from: 2030 - index,
    year_to: 2030 - index,
    role: `Role ${index + 1}`,
    director: index === 0 ? 'Mia Regie' : null,
    producer: index === 0 ? 'Nord Film' : null,
    info: index === 0 ? 'Festival premiere' : null,
  }));

  it('shows one line per credit: years, title, role, director; the rest under All details', async () => {
    const { view } = await mountPart(VitaSection, { vita: { film: films.slice(0, 2) }, groups: ['film'] });
    const first = view.findAll('[data-testid="vita-entry"]')[0]!;
    expect(first.get('[data-testid="vita-period"]').text()).toBe('2030');
    expect(first.get('strong').text()).toBe('Film 1');
    expect(first.get('[data-testid="vita-role"]').text()).toContain('Role 1');
    expect(first.text()).toContain('Mia Regie');
    expect(first.text()).not.toContain('Nord Film');
    expect(first.text()).not.toContain('Festival premiere');
    const details = view.get('[data-testid="vita-details"]');
    expect(details.attributes('aria-pressed')).toBe('false');
    await details.trigger('click');
    expect(details.attributes('aria-pressed')).toBe('true');
    expect(first.findAll('[data-testid="vita-extra"]').map((extra) => extra.text())).toEqual(['Producer: Nord Film']);
    expect(first.get('[data-testid="vita-info"]').text()).toBe('Festival premiere');
  });

  it('folds a long group after eight entries, newest first, with a toggle to show all', async () => {
    const { view } = await mountPart(VitaSection, { vita: { film: films, theatre: films.slice(0, 3) }, groups: ['film', 'theatre'] });
    const group = view.get('[data-testid="vita-group-film"]');
    const names = () => group.findAll('[data-testid="vita-entry"] strong').map((name) => name.text());
    expect(names()).toEqual(films.slice(0, 8).map((film) => film.name));
    const toggle = group.get('[data-testid="vita-toggle-film"]');
    expect(toggle.text()).toBe('Show all 11');
    expect(toggle.attributes('aria-expanded')).toBe('false');
    expect(toggle.attributes('aria-controls')).toBe(group.get('ol').attributes('id'));
    await toggle.trigger('click');
    expect(names()).toEqual(films.map((film) => film.name));
    expect(toggle.attributes('aria-expanded')).toBe('true');
    expect(toggle.text()).toBe(en.actorDetail.layout.vitaShowFewer);
    await toggle.trigger('click');
    expect(names()).toHaveLength(8);
    // A short group has no toggle.
    expect(view.find('[data-testid="vita-toggle-theatre"]').exists()).toBe(false);
    expect(view.get('[data-testid="vita-group-theatre"]').findAll('[data-testid="vita-entry"]')).toHaveLength(3);
  });
});
